//! `boardgate chess uci` driven by a real UCI client: PyPI `chess` (python-chess 1.11.2, in
//! the venv `cargo xtask test` installs: $BOARDGATE_PYTHON, else /opt/boardgate-py/bin). It
//! plays moves, analyses, and checks `go perft 3` against python-chess's own moves; once on
//! the model, once on the simulated `chess-x2` board, whose generator the search drives step by
//! step (the paper's combined command) and whose cores count `go perft`: the board's game,
//! analysis and node count must equal the model's.
//! Skips with a printed reason when the venv is missing, except under CI=true.

use std::process::Command;

#[test]
fn python_chess_plays_analyses_and_counts_perft() {
    if let Some(v) = session(&[], 6, 3) {
        assert_eq!(v["played"].as_array().unwrap().len(), 6);
    }
}

/// A shorter game on the simulated two-core board (each step is two requests over the
/// simulated UART): the search drives the board's generator, `go perft` is counted on chip.
#[test]
fn python_chess_drives_the_simulated_board() {
    if !sim::tools::require_verilator_backend("uci on the board") {
        return;
    }
    let Some(board) = session(&["--sim", "verilator", "--design", "chess-x2"], 3, 2) else {
        return;
    };
    let model = session(&[], 3, 2).unwrap();
    for key in ["played", "score", "nodes", "pv"] {
        assert_eq!(
            board[key], model[key],
            "{key}: the board's search differs from the model's"
        );
    }
}

/// One python-chess session: `moves` moves played at `depth`, an analysis, `go perft 3`.
fn session(engine_args: &[&str], moves: u32, depth: u32) -> Option<serde_json::Value> {
    let py = sim::tools::require_python_module("chess", "python-chess session")?;
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/clients/uci_session.py");
    let out = Command::new(py)
        .args([script, env!("CARGO_BIN_EXE_boardgate"), "chess", "uci"])
        .args(engine_args)
        .env("BOARDGATE_UCI_MOVES", moves.to_string())
        .env("BOARDGATE_UCI_DEPTH", depth.to_string())
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
    assert_eq!(v["played"].as_array().unwrap().len(), moves as usize);
    assert_eq!(v["depth"], depth);
    assert!(v["nodes"].as_u64().unwrap() > 0);
    assert!(v["perft3"].as_u64().unwrap() > 0);
    Some(v)
}
