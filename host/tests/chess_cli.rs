//! `boardgate chess` on the model and on the simulated board: perft against the published
//! counts, `--divide` adding up, `moves` in UCI notation, usage errors, through the real binary
//! and its `--json` output.

use std::process::{Command, Output};

/// The binary's output for `args`.
fn boardgate(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardgate"))
        .args(args)
        .output()
        .unwrap()
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = boardgate(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn perft_divide_and_moves() {
    // Published: startpos 8902 at depth 3; Kiwipete 2039 at depth 2 (48 root moves).
    let r = json(&["chess", "perft", "3", "--json"]);
    assert_eq!(r["nodes"], 8902);
    // With the cycles one core of the chip takes (its cycle-exact model, whose count
    // `host/tests/chess_board.rs` checks against the simulated board's), projected on the
    // design's board at its clock.
    assert_eq!(r["cycles"], 11_878);
    assert_eq!(r["design"], "chess");
    let per_leaf = r["cycles_per_leaf"].as_f64().unwrap();
    assert!((per_leaf - 11_878.0 / 8902.0).abs() < 1e-9);
    let p = r["projected"].as_array().unwrap();
    assert!(p
        .iter()
        .any(|b| b["board"] == "ulx3s" && b["seconds"].as_f64().unwrap() > 0.0));
    let r = json(&["chess", "perft", "3", "--no-cycles", "--json"]);
    assert_eq!(r["nodes"], 8902);
    assert!(r.get("cycles").is_none() && r.get("projected").is_none());
    // Past 5 million leaves the walk waits for --cycles (position 3 at depth 6: 11,030,083).
    let pos3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
    let out = boardgate(&["chess", "perft", "6", "--fen", pos3]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("11030083") && text.contains("not walked"),
        "{text}"
    );
    let both = boardgate(&["chess", "perft", "2", "--cycles", "--no-cycles"]);
    assert_eq!(both.status.code(), Some(2));
    let kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let r = json(&["chess", "perft", "2", "--fen", kiwi, "--divide", "--json"]);
    assert_eq!(r["nodes"], 2039);
    let d = r["divide"].as_array().unwrap();
    assert_eq!(d.len(), 48);
    let sum: u64 = d.iter().map(|e| e["nodes"].as_u64().unwrap()).sum();
    assert_eq!(sum, 2039);
    assert!(
        d.iter().any(|e| e["move"] == "e1g1"),
        "castling in UCI notation"
    );
    let m = json(&["chess", "moves", "--json"]);
    assert_eq!(m["moves"].as_array().unwrap().len(), 20);
    // The chip's order: the start position's quiet moves, square by square, in 23 cycles
    // (the checks' empty find-pivot, no cycle for the empty promotions and captures, a3's
    // find-victim, a cycle a move, the node's end).
    let c = json(&["chess", "moves", "--chip-order", "--json"]);
    let moves = c["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 20);
    assert_eq!(moves[0]["move"], "a2a3");
    assert_eq!(moves[1]["move"], "b1a3");
    assert!(moves
        .iter()
        .all(|m| m["class"] == "quiet" && m["legal"] == true));
    assert_eq!(c["cycles"], 23);
    // Kiwipete: captures before quiet moves, the most valuable victim first.
    let c = json(&["chess", "moves", "--fen", kiwi, "--chip-order", "--json"]);
    let classes: Vec<&str> = c["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["class"].as_str().unwrap())
        .collect();
    assert!(classes.windows(2).all(|w| w[0] == w[1] || w[1] == "quiet"));
    assert_eq!(classes.iter().filter(|&&c| c == "capture").count(), 8);
    // Without --chip-order: the legal ones (the step job's model, apart from the generator's
    // list and the rules' legality), in the same order, tagged.
    let legal: Vec<(&str, &str)> = c["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["legal"] == true)
        .map(|m| (m["move"].as_str().unwrap(), m["class"].as_str().unwrap()))
        .collect();
    let m = json(&["chess", "moves", "--fen", kiwi, "--json"]);
    let stepped = m["moves"].as_array().unwrap();
    let got: Vec<(&str, &str)> = stepped
        .iter()
        .map(|m| (m["move"].as_str().unwrap(), m["class"].as_str().unwrap()))
        .collect();
    assert_eq!(got, legal);
    assert_eq!(got.len(), 48);
}

#[test]
fn perft_counted_on_the_simulated_board() {
    if !sim::tools::require_verilator_backend("chess perft --sim") {
        return;
    }
    // Kiwipete depth 2 divided on the board: 48 jobs, one per root move.
    let kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let r = json(&[
        "chess",
        "perft",
        "2",
        "--fen",
        kiwi,
        "--divide",
        "--sim",
        "verilator",
        "--json",
    ]);
    assert_eq!(r["nodes"], 2039);
    assert_eq!(r["divide"].as_array().unwrap().len(), 48);
    assert_eq!(r["design"], "chess");
    let cycles = r["cycles"].as_u64().unwrap();
    assert!(cycles > 2039, "{cycles} cycles");
    // Four cores, the threads of one unit: the subtrees spread over them.
    let cores = gateware::chess::perft::THREADS;
    assert_eq!(r["cores"], cores);
    // The board's time: the work over the cores at best, the jobs one after another at worst,
    // each with the link's time (counted at the design's ULX3S clock and baud rate, a job's
    // cycle being a thread's).
    let design = gateware::Design::Chess;
    let clock = design.core_clock_hz(gateware::BoardId::Ulx3s).unwrap() as f64
        / f64::from(design.threads());
    let link =
        host::split::JobsLink::of::<host::chess::ChessPerft>(clock, design.default_baud(), cores)
            .per_job();
    let elapsed = r["elapsed_cycles"].as_u64().unwrap();
    assert!(
        // (48 jobs, and the first ones' round trip, less than a job's link time.)
        elapsed >= cycles / cores as u64 + link && elapsed <= cycles + 49 * link,
        "{elapsed} of {cycles}, {link} link cycles a job"
    );
    // The same on the eight-core design.
    let x2 = json(&[
        "chess",
        "perft",
        "2",
        "--fen",
        kiwi,
        "--divide",
        "--sim",
        "verilator",
        "--design",
        "chess-x2",
        "--json",
    ]);
    assert_eq!(x2["divide"], r["divide"]);
    assert_eq!(
        (x2["cores"].as_u64(), x2["jobs"].as_u64()),
        (Some(2 * cores as u64), Some(48))
    );
    assert_eq!(x2["cycles"], cycles);
    // Every field of the output is documented (docs/chess.md names each one in backquotes),
    // and so is the split's job count per core.
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/chess.md")).unwrap();
    let missing =
        host::cli::undocumented_keys(&doc, x2.as_object().unwrap().keys().map(String::as_str));
    assert!(
        missing.is_empty(),
        "docs/chess.md does not name {missing:?}"
    );
    assert!(
        doc.contains(&format!(
            "`SHARES_PER_CORE` ({})",
            host::chess::SHARES_PER_CORE
        )),
        "docs/chess.md gives another SHARES_PER_CORE"
    );
    assert!(
        doc.contains(&format!("1/`WALK_SHARE` (1/{})", host::chess::WALK_SHARE)),
        "docs/chess.md gives another WALK_SHARE"
    );
    // A design of another game, or a depth the chip cannot hold: usage errors (exit 2).
    for bad in [
        &[
            "chess",
            "perft",
            "2",
            "--sim",
            "verilator",
            "--design",
            "othello",
        ][..],
        &["chess", "perft", "16", "--sim", "verilator"][..],
    ] {
        let out = boardgate(bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
}

#[test]
fn moves_yielded_by_the_simulated_board() {
    if !sim::tools::require_verilator_backend("chess moves --sim") {
        return;
    }
    // Kiwipete: the board's legal moves, in its order, with classes and cycles equal to the
    // model's step job (`Next` until none), and every field documented.
    let kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let r = json(&[
        "chess",
        "moves",
        "--fen",
        kiwi,
        "--sim",
        "verilator",
        "--json",
    ]);
    let pos = model::chess::Position::from_fen(kiwi).unwrap();
    let mut s = model::chess::step::Stepper::start(&pos);
    let mut want = Vec::new();
    let mut st = s.state();
    while let Some(g) = st.made {
        want.push(
            serde_json::json!({"move": g.mv.uci(), "class": g.class.name(), "cycles": st.cycles}),
        );
        st = s.step(model::chess::step::Step::Next).unwrap();
    }
    assert_eq!(want.len(), 48);
    assert_eq!(r["moves"], serde_json::Value::Array(want));
    assert_eq!(r["cycles"], st.cycles);
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/chess.md")).unwrap();
    let missing =
        host::cli::undocumented_keys(&doc, r.as_object().unwrap().keys().map(String::as_str));
    assert!(
        missing.is_empty(),
        "docs/chess.md does not name {missing:?}"
    );
    // The model's pseudo-legal listing is not the board's: a usage error (exit 2).
    let out = boardgate(&["chess", "moves", "--chip-order", "--sim", "verilator"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--chip-order"));
}
