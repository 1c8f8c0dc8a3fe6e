//! `boardgate shogi` on the model: perft against the published counts, `--divide` adding up,
//! `moves` in USI notation, the cover table's JSON agreeing with itself and with the paper's
//! piece data, through the real binary; `moves` and `perft` on the simulated board equal to
//! the model's; `mate` on the model (its JSON keys named in docs/tsume.md, bad problems exit 2).

use std::process::Command;

fn json(args: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_boardgate"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Every key of `v`, each named in backquotes in `doc` (a path from the repository root).
fn assert_keys_documented<'a>(keys: impl IntoIterator<Item = &'a String>, doc: &str) {
    let text = std::fs::read_to_string(format!("{}/../{doc}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let missing = host::cli::undocumented_keys(&text, keys.into_iter().map(String::as_str));
    assert!(missing.is_empty(), "{doc} does not name {missing:?}");
}

/// A mate in 3 of the tsume data file under the plain rules (the tsume convention's mate in
/// 1: the interposing drops count here), and a problem without a mate in 1 ply (but in 3).
const MATE_IN_3: &str = "6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1";
const NO_MATE_IN_1: &str = "9/6sG1/8k/5B2p/7L1/9/9/9/9 b 2rb3g3s4n3l17p 1";

/// `shogi mate --sfen SFEN ARGS.. --json`.
fn mate_json(sfen: &str, args: &[&str]) -> serde_json::Value {
    json(&[&["shogi", "mate", "--sfen", sfen][..], args, &["--json"]].concat())
}

const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";

#[test]
fn perft_divide_and_moves() {
    // Published: the start 25470 at depth 3; "matsuri" 28684 at depth 2 (207 root moves).
    let r = json(&["shogi", "perft", "3", "--json"]);
    assert_eq!(r["nodes"], 25470);
    assert_eq!(r["depth"], 3);
    let r = json(&[
        "shogi", "perft", "2", "--sfen", MATSURI, "--divide", "--json",
    ]);
    assert_eq!(r["nodes"], 28684);
    assert_eq!(r["sfen"], MATSURI.replace("GR5pnsg", "RGgsn5p"));
    let d = r["divide"].as_array().unwrap();
    assert_eq!(d.len(), 207);
    let sum: u64 = d.iter().map(|e| e["nodes"].as_u64().unwrap()).sum();
    assert_eq!(sum, 28684);
    assert!(
        d.iter().any(|e| e["move"] == "S*5e"),
        "drops in USI notation"
    );
    let m = json(&[
        "shogi",
        "moves",
        "--sfen",
        &format!("sfen {MATSURI}"),
        "--json",
    ]);
    assert_eq!(m["moves"].as_array().unwrap().len(), 207);
}

#[test]
fn cover_json_names_the_covering_pieces() {
    let c = json(&["shogi", "cover", "--sfen", MATSURI, "--json"]);
    let squares = c["squares"].as_array().unwrap();
    assert_eq!(squares.len(), 81);
    assert_eq!(squares[0]["square"], "9a");
    assert_eq!(squares[80]["square"], "1i");
    let mut covered = 0;
    for s in squares {
        let bits = u64::from_str_radix(s["cover"].as_str().unwrap(), 16).unwrap();
        let names = s["black"].as_array().unwrap().len() + s["white"].as_array().unwrap().len();
        assert_eq!(bits.count_ones() as usize, names, "{s}");
        assert!(bits < 1 << 40);
        covered += (bits != 0) as usize;
        // Black's pieces are upper case, White's lower case.
        for n in s["black"].as_array().unwrap() {
            assert!(n
                .as_str()
                .unwrap()
                .trim_start_matches('+')
                .starts_with(char::is_uppercase));
        }
    }
    assert!(covered > 40, "{covered} squares covered");
    // Board data: nine 90-bit rank words; 1a holds White's lance (type 6, index 1 to 4).
    let ranks = c["board_data"].as_array().unwrap();
    assert_eq!(ranks.len(), 9);
    let rank1 = u128::from_str_radix(ranks[0].as_str().unwrap(), 16).unwrap();
    let sq_1a = (rank1 & 0x3ff) as u16;
    assert_eq!(sq_1a >> 5, 6 << 2, "lance (type 110), unpromoted, White's");
    assert!((1..=4).contains(&(sq_1a & 31)));
}

#[test]
fn every_json_key_is_documented() {
    let mut keys = Vec::new();
    for args in [
        &["shogi", "perft", "1", "--divide", "--json"][..],
        &["shogi", "moves", "--json"],
        &["shogi", "cover", "--json"],
    ] {
        let v = json(args);
        keys.extend(v.as_object().unwrap().keys().cloned());
        for nested in ["divide", "squares"] {
            if let Some(first) = v[nested].as_array().and_then(|a| a.first()) {
                keys.extend(first.as_object().unwrap().keys().cloned());
            }
        }
    }
    assert_keys_documented(&keys, "docs/shogi.md");
}

#[test]
fn moves_and_perft_on_the_simulated_board_equal_the_model() {
    if !sim::tools::require_verilator_backend("shogi moves/perft --sim") {
        return;
    }
    let on_board = json(&[
        "shogi",
        "moves",
        "--sfen",
        MATSURI,
        "--sim",
        "verilator",
        "--json",
    ]);
    let model = json(&["shogi", "moves", "--sfen", MATSURI, "--json"]);
    assert_eq!(on_board["moves"], model["moves"]);
    assert_eq!(
        on_board["count"].as_u64(),
        Some(model["moves"].as_array().unwrap().len() as u64)
    );
    assert!(on_board["cycles"].as_u64().unwrap() >= 20);
    let p = json(&[
        "shogi",
        "perft",
        "2",
        "--divide",
        "--sim",
        "verilator",
        "--json",
    ]);
    let m = json(&["shogi", "perft", "2", "--divide", "--json"]);
    assert_eq!(
        (p["nodes"].as_u64(), p["counted_on"].as_str()),
        (Some(900), Some("board"))
    );
    // The same counts below each root move (the board's in the generator's order).
    let sorted = |v: &serde_json::Value| {
        let mut d: Vec<(String, u64)> = v["divide"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| {
                (
                    x["move"].as_str().unwrap().to_string(),
                    x["nodes"].as_u64().unwrap(),
                )
            })
            .collect();
        d.sort();
        d
    };
    assert_eq!(sorted(&p), sorted(&m));
    // One walk of depth 1 a root move.
    assert_eq!(
        (p["jobs"].as_u64(), p["moves_jobs"].as_u64()),
        (Some(30), Some(30))
    );
    // Depth 3 in one walk: 1 + 30 + 900 moves jobs on chip.
    let p3 = json(&["shogi", "perft", "3", "--sim", "verilator", "--json"]);
    assert_eq!(
        (
            p3["nodes"].as_u64(),
            p3["jobs"].as_u64(),
            p3["moves_jobs"].as_u64()
        ),
        (Some(25_470), Some(1), Some(931))
    );
    // One core: the board's time is the walk's cycles, projected at the report's clock.
    assert_eq!(
        (p3["cores"].as_u64(), p3["elapsed_cycles"].as_u64()),
        (Some(1), p3["cycles"].as_u64())
    );
    assert_eq!(p3["projected"][0]["board"].as_str(), Some("ulx3s"));
    // `shogi-x2`: a tree this small is not worth its jobs' loads (`worth_splitting`): one
    // walk on core 0, the same counts.
    let x2 = json(&[
        "shogi",
        "perft",
        "3",
        "--sim",
        "verilator",
        "--design",
        "shogi-x2",
        "--json",
    ]);
    assert_eq!(
        (
            x2["nodes"].as_u64(),
            x2["jobs"].as_u64(),
            x2["cores"].as_u64(),
            x2["cycles"].as_u64()
        ),
        (Some(25_470), Some(1), Some(2), p3["cycles"].as_u64())
    );
    // The cover table by the circuit alone (`shogi-cover`): the model's, in 9 cycles,
    // projected at the design's clock.
    let cover = json(&[
        "shogi",
        "cover",
        "--sfen",
        MATSURI,
        "--sim",
        "verilator",
        "--design",
        "shogi-cover",
        "--json",
    ]);
    let model_cover = json(&["shogi", "cover", "--sfen", MATSURI, "--json"]);
    assert_eq!(cover["squares"], model_cover["squares"]);
    assert_eq!(
        (cover["design"].as_str(), cover["cycles"].as_u64()),
        (Some("shogi-cover"), Some(9))
    );
    assert_eq!(cover["projected"][0]["board"].as_str(), Some("ulx3s"));
    for v in [&on_board, &p, &p3, &cover] {
        assert_keys_documented(v.as_object().unwrap().keys(), "docs/shogi.md");
    }
}

/// `shogi usi --sim verilator`: `go perft` counted on chip (a perft job per root move) after a
/// `position ... moves ...`, equal line for line to the model's answer; a depth past the
/// walker's refused with its bound.
#[test]
fn usi_go_perft_on_the_simulated_board_equals_the_model() {
    use std::io::Write;
    if !sim::tools::require_verilator_backend("shogi usi --sim") {
        return;
    }
    let session = "usi\nposition startpos moves 7g7f 3c3d\ngo perft 2\ngo perft 17\nquit\n";
    let run = |args: &[&str]| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_boardgate"))
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(session.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let perft_lines = |s: &str| -> Vec<String> {
        s.lines()
            .skip_while(|l| *l != "usiok")
            .skip(1)
            .map(String::from)
            .collect()
    };
    let board = perft_lines(&run(&["shogi", "usi", "--sim", "verilator"]));
    let model = perft_lines(&run(&["shogi", "usi"]));
    let searched = |v: &[String]| v.iter().find(|l| l.starts_with("Nodes searched")).cloned();
    assert!(searched(&board).is_some(), "{board:?}");
    assert_eq!(searched(&board), searched(&model));
    // The same counts below each root move (the board's in the generator's order).
    let mut sorted_board: Vec<_> = board.iter().filter(|l| l.contains(": ")).collect();
    let mut sorted_model: Vec<_> = model.iter().filter(|l| l.contains(": ")).collect();
    sorted_board.sort();
    sorted_model.sort();
    assert!(sorted_board.len() > 30, "{board:?}");
    assert_eq!(sorted_board, sorted_model);
    assert!(
        board
            .iter()
            .any(|l| l == "info string go perft needs a depth from 0 to 16"),
        "{board:?}"
    );
}

#[test]
fn mate_on_the_model() {
    // Tsume problems of the data file: a mate in 3 under the plain rules (the tsume
    // convention's 1: the interposing drops count here), and no mate within 5.
    let futile = MATE_IN_3;
    let r = mate_json(futile, &[]);
    assert_eq!(r["mate"], true);
    assert_eq!(r["plies"], 3);
    assert_eq!(r["pv"].as_array().unwrap().len(), 3);
    assert_eq!(r["counted_on"], "model");
    assert_eq!(r["convention"], "plain");
    assert!(r["nodes"].as_u64().unwrap() > 0);
    // The tsume convention: the file's mate in 1 (the interposing drops are futile).
    let r = mate_json(futile, &["--convention", "tsume"]);
    assert_eq!(
        (r["plies"].as_u64(), r["convention"].as_str()),
        (Some(1), Some("tsume"))
    );
    assert_eq!(r["pv"].as_array().unwrap().len(), 1);
    let none = NO_MATE_IN_1;
    let r = mate_json(none, &["--max-plies", "1"]);
    assert_eq!(r["mate"], false);
    assert_eq!(r["plies"], serde_json::Value::Null);
    assert_keys_documented(r.as_object().unwrap().keys(), "docs/tsume.md");
    // df-pn: a mate of any length (here the file's '>7' problem, whose shortest mate is 13
    // plies), no length limit in the object; a node budget too small answers nothing (exit 3).
    let long = "k8/9/1K7/9/9/9/8B/8B/9 b 2r4g4s4n4l18p 1";
    let r = mate_json(long, &["--dfpn"]);
    assert_eq!(r["solver"], "dfpn");
    assert_eq!(r["mate"], true);
    assert_eq!(r["max_plies"], serde_json::Value::Null);
    let plies = r["plies"].as_u64().unwrap();
    assert!(plies >= 13 && plies % 2 == 1, "{plies} plies");
    assert_eq!(r["pv"].as_array().unwrap().len() as u64, plies);
    let out = Command::new(env!("CARGO_BIN_EXE_boardgate"))
        .args([
            "shogi",
            "mate",
            "--sfen",
            long,
            "--dfpn",
            "--max-nodes",
            "10",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(err.contains("--max-nodes"), "{err}");
    // Bad problems and limits: exit 2 with a message naming what is wrong.
    for (args, says) in [
        (&["--sfen", "4k4/9/9/9/9/9/9/4r4/4K4 b - 1"][..], "in check"),
        (&["--sfen", "9/9/9/9/9/9/9/9/4K4 b G 1"], "no king"),
        (&["--sfen", "4k4/9/9"], "--sfen"),
        (&["--sfen", futile, "--max-plies", "4"], "--max-plies"),
        (&["--sfen", futile, "--max-plies", "17"], "--max-plies"),
        (&["--sfen", futile, "--time-limit", "nan"], "--time-limit"),
        (&["--sfen", futile, "--sim", "rust", "--dfpn"], "model only"),
        (
            &["--sfen", futile, "--sim", "rust", "--convention", "tsume"],
            "--convention tsume",
        ),
        (&["--sfen", futile, "--convention", "shogi"], "--convention"),
        (
            &["--sfen", futile, "--dfpn", "--convention", "tsume"],
            "--convention",
        ),
        (
            &["--sfen", futile, "--sim", "verilator", "--max-plies", "17"],
            "--max-plies",
        ),
        (
            &[
                "--sfen",
                "4k4/9/9/9/9/9/9/4r4/4K4 b - 1",
                "--sim",
                "verilator",
            ],
            "in check",
        ),
        (
            &["--sfen", futile, "--dfpn", "--max-plies", "7"],
            "--max-plies",
        ),
        (&["--sfen", futile, "--max-nodes", "100"], "--dfpn"),
        (
            &["--sfen", futile, "--dfpn", "--max-nodes", "0"],
            "--max-nodes",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_boardgate"))
            .args(["shogi", "mate"])
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// `shogi usi --sim verilator --design tsume`: `go mate infinite` on a problem the board
/// walks for long (a mate at 13 plies, 45 M cycles into its walks) ends at the `stop` sent
/// after it with `checkmate timeout`, its job aborted; the lines sent meanwhile are handled after it: a mate
/// in 3 searched on the same board, its line of 3 moves.
#[test]
fn usi_stop_ends_go_mate_on_the_simulated_board() {
    use std::io::{BufRead, Write};
    if !sim::tools::require_verilator_backend("shogi usi --sim go mate") {
        return;
    }
    let session = format!(
        "usi\nposition sfen k8/9/1K7/9/9/9/8B/8B/9 b 2r4g4s4n4l18p 1\ngo mate infinite\nstop\n\
         position sfen {MATE_IN_3}\ngo mate 60000\n"
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardgate"))
        .args(["shogi", "usi", "--sim", "verilator", "--design", "tsume"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Stdin stays open until both answers are in (its end is a `quit`).
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(session.as_bytes()).unwrap();
    let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut answers = Vec::new();
    let mut seen = Vec::new();
    for line in stdout.lines() {
        let line = line.unwrap();
        seen.push(line.clone());
        if line.starts_with("checkmate") {
            answers.push(line);
            if answers.len() == 2 {
                break;
            }
        }
    }
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(answers.len(), 2, "{seen:?}");
    assert_eq!(answers[0], "checkmate timeout", "{seen:?}");
    assert_eq!(answers[1].split(' ').count(), 4, "{seen:?}");
}

/// `shogi mate --sim verilator`: the shortest mate searched on chip (mate jobs of 1, 3, ...
/// plies), its line replayed on the model (every attacker move a legal check, every defender
/// move legal, no legal move at the end), the length the model's search finds; and a problem
/// without a mate within the limit (the data file's: none in 1 ply).
#[test]
fn mate_on_the_simulated_board() {
    use model::shogi::{legal_moves, Position};
    if !sim::tools::require_verilator_backend("shogi mate --sim") {
        return;
    }
    let futile = MATE_IN_3;
    let r = mate_json(futile, &["--max-plies", "3", "--sim", "verilator"]);
    assert_eq!(
        (r["mate"].as_bool(), r["plies"].as_u64()),
        (Some(true), Some(3))
    );
    assert_eq!(
        (r["counted_on"].as_str(), r["design"].as_str()),
        (Some("board"), Some("tsume"))
    );
    // Mate jobs of 1 and 3 plies, then one of 1 ply per defence.
    assert!(r["jobs"].as_u64().unwrap() >= 3, "{r}");
    assert!(
        r["cycles"].as_u64().unwrap() > 0 && r["nodes"] == r["moves_jobs"],
        "{r}"
    );
    let mut pos = Position::from_sfen(futile).unwrap();
    let pv = r["pv"].as_array().unwrap();
    assert_eq!(pv.len(), 3);
    for (i, m) in pv.iter().enumerate() {
        let m = pos.parse_usi(m.as_str().unwrap()).unwrap();
        assert!(legal_moves(&pos).contains(&m), "{r}");
        pos = pos.play(m);
        assert!(i % 2 == 1 || pos.in_check(), "{r}");
    }
    assert!(legal_moves(&pos).is_empty(), "the line ends in mate: {r}");
    assert_keys_documented(r.as_object().unwrap().keys(), "docs/tsume.md");
    let none = NO_MATE_IN_1;
    let r = mate_json(none, &["--max-plies", "1", "--sim", "verilator"]);
    assert_eq!(
        (r["mate"].as_bool(), r["jobs"].as_u64()),
        (Some(false), Some(1))
    );
    assert_eq!(r["pv"].as_array().unwrap().len(), 0);
}
