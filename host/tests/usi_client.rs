//! `boardgate shogi usi` driven by a real USI client: PyPI `cshogi` (`cshogi.usi.Engine`, in
//! the venv `cargo xtask test` installs: $BOARDGATE_PYTHON, else /opt/boardgate-py/bin), run
//! under a timeout (cshogi's reader loops if the engine dies). It plays eight moves with
//! byoyomi, checks each `bestmove` legal on cshogi's board, and checks `go perft 2` from the
//! position reached against a perft on cshogi's move generator, then a `go mate` line on a
//! tsume problem (cshogi's `Engine.go_mate`) replayed on cshogi's board.
//! Skips with a printed reason when the venv is missing, except under CI=true.

use std::process::Command;

#[test]
fn cshogi_plays_and_counts_perft() {
    let Some(py) = sim::tools::require_python_module("cshogi", "cshogi_plays_and_counts_perft")
    else {
        return;
    };
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/clients/usi_session.py");
    let out = Command::new("timeout")
        .arg("300")
        .arg(py)
        .args([script, env!("CARGO_BIN_EXE_boardgate"), "shogi", "usi"])
        .env("BOARDGATE_USI_MOVES", "8")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "cshogi session failed ({}):\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    println!("{stdout}");
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(v["name"], "boardgate");
    assert_eq!(v["played"].as_array().unwrap().len(), 8);
    assert!(v["perft2"].as_u64().unwrap() > 0);
    // df-pn's line: a mate, not necessarily the shortest (3 plies here).
    let mate = v["mate"].as_array().unwrap().len();
    assert!(mate >= 3 && mate % 2 == 1, "{v}");
}
