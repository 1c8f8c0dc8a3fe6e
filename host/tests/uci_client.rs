//! `boardgate chess uci` driven by a real UCI client: PyPI `chess` (python-chess 1.11.2, in
//! the venv `cargo xtask test` installs: $BOARDGATE_PYTHON, else /opt/boardgate-py/bin). It
//! plays six moves, analyses, and checks `go perft 3` against python-chess's own moves; once
//! on the model, once with `go perft` counted on the simulated `chess-x2` board.
//! Skips with a printed reason when the venv is missing, except under CI=true.

use std::path::PathBuf;
use std::process::Command;

fn python() -> Option<PathBuf> {
    let dir = std::env::var_os("BOARDGATE_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/opt/boardgate-py/bin"));
    let py = dir.join("python");
    let ok = Command::new(&py)
        .args(["-c", "import chess"])
        .output()
        .is_ok_and(|o| o.status.success());
    ok.then_some(py)
}

#[test]
fn python_chess_plays_analyses_and_counts_perft() {
    session(&[]);
}

/// The same session with `go perft` counted on the simulated two-core board.
#[test]
fn python_chess_counts_perft_on_the_simulated_board() {
    if !sim::tools::require_verilator_backend("uci go perft on the board") {
        return;
    }
    session(&["--sim", "verilator", "--design", "chess-x2"]);
}

fn session(engine_args: &[&str]) {
    let Some(py) = python() else {
        let why = "python-chess venv missing (cargo xtask test installs it)";
        assert!(std::env::var("CI").as_deref() != Ok("true"), "{why}");
        println!("skipped: {why}");
        return;
    };
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/clients/uci_session.py");
    let out = Command::new(py)
        .args([script, env!("CARGO_BIN_EXE_boardgate"), "chess", "uci"])
        .args(engine_args)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "python-chess session failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    println!("{stdout}");
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(v["name"], "boardgate");
    assert_eq!(v["played"].as_array().unwrap().len(), 6);
    assert_eq!(v["depth"], 3);
    assert!(v["perft3"].as_u64().unwrap() > 0);
}
