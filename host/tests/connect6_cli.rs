//! `boardgate connect6` through the real binary: the Cloudict engine's replies, and matches
//! refereed between engines, each game's record replayed by the model's rules (independent
//! of the referee's bookkeeping), forfeits for illegal and missing moves, bad options.

use model::connect6::threat::CHIP_BUDGET;
use model::connect6::{Color, Game, Outcome, Point};
use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_boardgate");

fn run(args: &[&str]) -> std::process::Output {
    Command::new(BIN).args(args).output().unwrap()
}

#[test]
fn the_engine_answers_the_cloudict_protocol_and_survives_bad_lines() {
    let mut child = Command::new(BIN)
        .args(["connect6", "engine", "--seed", "5"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(
            b"name\r\nnew black\nmove KKLL\nmove JJ\nmove KK\nfrob 1\nnew white\nmove JJJJ\nquit\n",
        )
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let lines: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines[0], "name boardgate-baseline");
    assert_eq!(lines[1], "move JJ");
    // Black's second turn: two stones, legal after JJ, KK and LL.
    let mut g = Game::from_record("JJ KKLL").unwrap();
    let reply = lines[2].strip_prefix("move ").expect("a move");
    g.play(&model::connect6::parse_stones(reply).unwrap())
        .unwrap();
    assert!(
        lines[3].starts_with("error ") && lines[3].contains("2 stone"),
        "{lines:?}"
    );
    assert!(
        lines[4].starts_with("error ") && lines[4].contains("2 stone"),
        "{lines:?}"
    );
    assert!(
        lines[5].starts_with("error unknown command 'frob'"),
        "{lines:?}"
    );
    // As White after Black's doubled opening stone, two stones.
    assert!(
        lines[6].starts_with("move ") && lines[6].len() == 9,
        "{lines:?}"
    );
    assert_eq!(lines.len(), 7, "{lines:?}");
}

#[test]
fn the_papers_player_plays_through_the_engine() {
    let out = Command::new(BIN)
        .args(["connect6", "engine", "--player", "paper"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin
                .take()
                .unwrap()
                .write_all(b"name\nnew white\nmove JJ\nquit\n")?;
            c.wait_with_output()
        })
        .unwrap();
    let lines: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines[0], "name boardgate-paper");
    let mut g = Game::from_record("JJ").unwrap();
    g.play(&model::connect6::parse_stones(lines[1].strip_prefix("move ").unwrap()).unwrap())
        .unwrap();
}

fn engine(seed: &str) -> String {
    format!("{BIN} connect6 engine --seed {seed}")
}

fn match_json(a: &str, b: &str, extra: &[&str]) -> serde_json::Value {
    let out = run(&[
        &["connect6", "match", "--a", a, "--b", b, "--json"][..],
        extra,
    ]
    .concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_match_between_baselines_replays_by_the_rules() {
    let base = engine("{seed}");
    let m = match_json(&base, &base, &["--games", "6", "--seed", "11"]);
    let games = m["games"].as_array().unwrap();
    assert_eq!(games.len(), 6);
    let (mut a, mut b, mut d) = (0, 0, 0);
    let mut records = std::collections::HashSet::new();
    for (i, r) in games.iter().enumerate() {
        assert_eq!(r["black"], if i % 2 == 0 { "a" } else { "b" });
        assert_eq!(
            r["end"],
            if r["winner"].is_null() { "draw" } else { "six" },
            "{r}"
        );
        let g = Game::from_record(r["record"].as_str().unwrap()).expect("a legal record");
        assert_eq!(g.turns().len() as u64, r["turns"].as_u64().unwrap());
        let winner = match g.outcome() {
            Some(Outcome::Win(c)) => {
                let black_is_a = r["black"] == "a";
                Some(if (c == Color::Black) == black_is_a {
                    "a"
                } else {
                    "b"
                })
            }
            Some(Outcome::Draw) => None,
            None => panic!("game {i} ended without a six or a full board"),
        };
        assert_eq!(r["winner"].as_str(), winner, "{r}");
        match winner {
            Some("a") => a += 1,
            Some(_) => b += 1,
            None => d += 1,
        }
        records.insert(r["record"].as_str().unwrap().to_string());
    }
    assert_eq!(
        (
            m["a_wins"].as_u64(),
            m["b_wins"].as_u64(),
            m["draws"].as_u64()
        ),
        (Some(a), Some(b), Some(d))
    );
    assert!(records.len() > 3, "the seeds give the same games");
    // The same seed replays the same match.
    let again = match_json(&base, &base, &["--games", "6", "--seed", "11"]);
    let recs = |m: &serde_json::Value| -> Vec<String> {
        m["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["record"].to_string())
            .collect()
    };
    assert_eq!(recs(&again), recs(&m));
}

#[test]
fn illegal_and_missing_moves_forfeit() {
    let base = engine("1");
    // An engine that answers every line with the centre: legal once as Black, never after.
    let m = match_json(
        &base,
        "while read l; do echo move JJ; done",
        &["--games", "2"],
    );
    assert_eq!(m["a_wins"], 2, "{m}");
    assert_eq!(m["forfeits"], serde_json::json!([0, 2]), "{m}");
    let reasons: Vec<&str> = m["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["forfeit_reason"].as_str().unwrap())
        .collect();
    assert!(
        reasons[0].starts_with("b (white): move 'JJ'"),
        "{reasons:?}"
    );
    assert!(
        reasons[1].contains("not empty") || reasons[1].contains("2 stone"),
        "{reasons:?}"
    );
    // One that never answers, and one that exits.
    let m = match_json("sleep 5", &base, &["--games", "1", "--time-limit", "0.3"]);
    assert_eq!(
        m["games"][0]["forfeit_reason"],
        "a (black): no move within the time limit"
    );
    assert_eq!(m["b_wins"], 1);
    let m = match_json(&base, "true", &["--games", "1"]);
    assert_eq!(
        m["games"][0]["forfeit_reason"],
        "b (white): the engine ended without a move"
    );
}

#[test]
fn bad_match_options_exit_2() {
    for extra in [
        &["--games", "0"][..],
        &["--time-limit", "0"],
        &["--time-limit", "nan"],
        &["--log", "/nonexistent-dir/games.log"],
    ] {
        let out = run(&[
            &["connect6", "match", "--a", "true", "--b", "true"][..],
            extra,
        ]
        .concat());
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(extra[0]), "{extra:?}: {err}");
    }
}

/// Every `--json` key is named in docs/connect6.md.
fn assert_documented(keys: &[String]) {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/connect6.md"))
        .unwrap();
    let missing = host::cli::undocumented_keys(&doc, keys.iter().map(String::as_str));
    assert!(
        missing.is_empty(),
        "docs/connect6.md does not name {missing:?}"
    );
}

#[test]
fn the_match_json_keys_are_documented() {
    let base = engine("{seed}");
    let m = match_json(&base, &base, &["--games", "1"]);
    let mut keys: Vec<String> = m.as_object().unwrap().keys().cloned().collect();
    keys.extend(m["games"][0].as_object().unwrap().keys().cloned());
    assert_documented(&keys);
}

/// Whether this build's simulated board has the Verilator backend (required in CI).
fn verilator(test: &str) -> bool {
    sim::tools::require_verilator_backend(test)
}

/// A match of the board's engine (`board_args` after `connect6 engine --sim verilator`)
/// against the baseline, two games from `seed`: no forfeit, every move within `limit_s`
/// seconds, and every one of the board's turns the one `want` gives for the position.
fn board_match(board_args: &str, seed: &str, limit_s: f64, want: impl Fn(&Game) -> Vec<Point>) {
    let board = format!("{BIN} connect6 engine --sim verilator {board_args}");
    let limit = limit_s.to_string();
    let m = match_json(
        &board,
        &engine("{seed}"),
        &["--games", "2", "--seed", seed, "--time-limit", &limit],
    );
    assert_eq!(m["forfeits"], serde_json::json!([0, 0]), "{m}");
    for (i, r) in m["games"].as_array().unwrap().iter().enumerate() {
        let rec = r["record"].as_str().unwrap();
        let g = Game::from_record(rec).expect("a legal record");
        let board_is_black = i % 2 == 0;
        let mut replay = Game::new();
        for t in g.turns() {
            if (replay.to_move() == Color::Black) == board_is_black {
                assert_eq!(t, &want(&replay), "game {i}, turn {}", replay.turns().len());
            }
            replay.play(t).unwrap();
        }
        assert!(
            r["max_move_ms"][0].as_f64().unwrap() < limit_s * 1000.0,
            "{r}"
        );
    }
}

#[test]
fn the_board_plays_a_match_against_the_baseline_within_the_time_limit() {
    if !verilator("the_board_plays_a_match_against_the_baseline") {
        return;
    }
    // Every decision of the board's is the model's paper player's, each within the contests'
    // second (about 3,500 cycles at most).
    board_match("", "5", 1.0, |g| {
        model::connect6::paper::selector::decide(g)
            .into_iter()
            .map(|(p, _)| p)
            .collect()
    });
}

#[test]
fn the_threat_board_plays_a_match_against_the_baseline_within_the_time_limit() {
    if !verilator("the_threat_board_plays_a_match_against_the_baseline") {
        return;
    }
    // With the chip's default budget fixed (`--budget`), every turn of the board's is the
    // model's turn on chip; its opening the centre. The contests' second a move holds on the
    // real board (the bench's worst turn, 456,410 cycles, is 18 ms at 25 MHz), not on this
    // one at that budget: the Verilator board runs the design at about 50,000-77,000 cycles a
    // second, so the worst turn takes about 6 s; the limit here is 60 s.
    let budget = format!("--design connect6-threat --budget {CHIP_BUDGET}");
    board_match(&budget, "9", 60.0, |g| {
        if g.board().stones() == 0 {
            vec![model::connect6::CENTRE]
        } else {
            model::connect6::turn::turn(g.board(), g.to_move()).stones
        }
    });
    // The engine's move clock (the default: a second a move; `BoardPlayer::timed_turn`): a
    // game through the binary, no forfeit, every move legal and within the referee's limit
    // (3 s here, for a loaded machine; the bench measures the moves' times against the
    // second). The turns' budgets follow the board's measured speed, so the stones are
    // checked against the model in the host's tests, where the budget is known.
    let m = match_json(
        &format!("{BIN} connect6 engine --sim verilator --design connect6-threat"),
        &engine("{seed}"),
        &["--games", "1", "--seed", "9", "--time-limit", "3"],
    );
    assert_eq!(m["forfeits"], serde_json::json!([0, 0]), "{m}");
    assert!(m["games"][0]["turns"].as_u64().unwrap() > 4, "{m}");
}

#[test]
fn connect6_move_on_the_board_agrees_with_the_model() {
    if !verilator("connect6_move_on_the_board") {
        return;
    }
    let record = "JJ KKLL JKKJ";
    let out = run(&[
        "connect6",
        "move",
        "--record",
        record,
        "--sim",
        "verilator",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let g = Game::from_record(record).unwrap();
    let want = model::connect6::paper::selector::decide(&g);
    let got: Vec<String> = r["stones"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["point"].as_str().unwrap().to_string())
        .collect();
    let want_points: Vec<String> = want
        .iter()
        .map(|(p, _)| model::connect6::format_stones(&[*p]))
        .collect();
    assert_eq!(got, want_points, "{r}");
    assert_eq!(r["decided_on"], "board");
    assert_eq!(r["agrees"], true);
    assert_eq!(
        r["cycles"].as_u64(),
        Some(model::connect6::protocol::job_cycles(&g, false))
    );
    let keys: Vec<String> = r.as_object().unwrap().keys().cloned().collect();
    assert_documented(&keys);
    // Bad input: a malformed record, a model player with a board, a design of another game.
    for (args, what) in [
        (&["connect6", "move", "--record", "JJ ZZ"][..], "--record"),
        (
            &[
                "connect6",
                "engine",
                "--player",
                "paper",
                "--sim",
                "verilator",
            ],
            "--player",
        ),
        (
            &[
                "connect6",
                "move",
                "--design",
                "shogi",
                "--sim",
                "verilator",
            ],
            "--design shogi",
        ),
        (
            &[
                "connect6",
                "move",
                "--design",
                "connect6-threat",
                "--sim",
                "verilator",
            ],
            "--design connect6-threat",
        ),
        (
            &["connect6", "engine", "--sim", "verilator", "--budget", "5"][..],
            "--budget",
        ),
        (
            &[
                "connect6",
                "engine",
                "--sim",
                "verilator",
                "--design",
                "connect6-threat",
                "--budget",
                "1048576",
            ][..],
            "--budget 1048576",
        ),
        (
            &["connect6", "engine", "--move-time", "0"][..],
            "--move-time 0",
        ),
        (&["connect6", "engine", "--budget", "5"][..], "--budget"),
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(what), "{args:?}: {err}");
    }
}
