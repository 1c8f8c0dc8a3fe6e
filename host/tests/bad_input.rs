//! The bad-input contract of the whole `boardgate` CLI, as one table: bad input gets a message
//! naming what is wrong and exit code 2, and nothing panics (exit 101). Grow it with every
//! command a game adds.

use std::process::Command;

const POS: &str = "OOOOOX--XXXOO-XO-XOXOXXOXOOXOXOOOXXOOOXOXXOOOXXO-OXXXO--OOOXXOO- X";

/// (arguments, exit code, a word the message must contain).
fn cases() -> Vec<(Vec<String>, i32, &'static str)> {
    let long_hex = "00".repeat(33);
    let rows: Vec<(Vec<&str>, i32, &str)> = vec![
        // Chess (model).
        (vec!["chess", "perft", "9"], 2, "too deep"),
        (vec!["chess", "perft", "2", "--fen", "bogus"], 2, "FEN"),
        (
            vec!["chess", "moves", "--fen", "8/8/8/8/8/8/8/8 w - -"],
            2,
            "kings",
        ),
        (
            vec!["chess", "moves", "--fen", "4k3/8/8/8/8/8/8/4K3 w - e3"],
            2,
            "en passant",
        ),
        // Where the board is.
        (vec!["identify"], 2, "--sim"),
        (vec!["identify", "--sim=bogus"], 2, "bogus"),
        (vec!["identify", "--sim", "bogus"], 2, "bogus"),
        (
            vec!["identify", "--sim", "rust", "--baud", "0"],
            2,
            "--baud",
        ),
        (
            vec!["identify", "--port", "/dev/null", "--baud", "0"],
            2,
            "--baud 0",
        ),
        (
            vec!["identify", "--port", "/dev/null", "--baud", "99999999"],
            2,
            "--baud 99999999",
        ),
        (
            vec!["identify", "--port", "/no/such/tty"],
            2,
            "no such serial port",
        ),
        (
            vec!["identify", "--port", "/dev/null", "--vcd", "x.vcd"],
            2,
            "--sim",
        ),
        (
            vec!["identify", "--sim", "rust", "--vcd-from", "5"],
            2,
            "--vcd",
        ),
        // Echo payloads.
        (vec!["echo", "0é0", "--sim", "rust"], 2, "odd number"),
        (vec!["echo", "0é", "--sim", "rust"], 2, "not a hex byte"),
        (vec!["echo", "zz", "--sim", "rust"], 2, "'zz'"),
        (vec!["echo", "abc", "--sim", "rust"], 2, "odd number"),
        (vec!["echo", &long_hex, "--sim", "rust"], 2, "33 bytes"),
        (vec!["wait", "--sim", "rust", "-3"], 2, "-3"),
        // Othello.
        (
            vec!["othello", "solve", "--sim", "rust", "XO"],
            2,
            "bad position",
        ),
        (
            vec![
                "othello", "solve", "--sim", "rust", "--alpha", "5", "--beta", "5", POS,
            ],
            2,
            "bad window",
        ),
        (
            vec!["othello", "solve", "--sim", "rust", "--beta", "99", POS],
            2,
            "bad window",
        ),
        (
            vec!["othello", "solve", "--sim", "rust", "--design", "link", POS],
            2,
            "not an othello design",
        ),
        (
            vec![
                "othello",
                "solve",
                "--sim",
                "rust",
                "--design",
                "othello-ff",
                "--hybrid",
                "--job-empties",
                "3",
                POS,
            ],
            2,
            "--job-empties",
        ),
        (
            vec![
                "othello", "solve", "--sim", "rust", "--hybrid", "--alpha", "1", POS,
            ],
            2,
            "--alpha",
        ),
        (vec!["othello", "perft", "20"], 2, "too deep"),
        (
            vec!["othello", "perft", "3", "--pass-convention", "x"],
            2,
            "pass convention",
        ),
        // Shogi: each SFEN error names what is wrong.
        (vec!["shogi", "perft", "7"], 2, "too deep"),
        (
            vec!["shogi", "perft", "17", "--sim", "rust"],
            2,
            "too deep for the board's perft walker",
        ),
        (
            vec!["shogi", "moves", "--sfen", "9/9/9/9/9/9/9/9 b - 1"],
            2,
            "8 ranks, not 9",
        ),
        (
            vec!["shogi", "moves", "--sfen", "9/9/9/9/9/9/9/9/4X4 b - 1"],
            2,
            "'X' is not a piece",
        ),
        (
            vec!["shogi", "cover", "--sfen", "K8/9/9/9/9/9/9/9/K8 b - 1"],
            2,
            "2 kings",
        ),
        (
            vec!["shogi", "perft", "1", "--sfen", "4P4/9/9/9/9/9/9/9/9 b - 1"],
            2,
            "could never move",
        ),
        (
            vec!["shogi", "moves", "--sfen", "9/9/9/9/9/9/9/9/9 b 19P 1"],
            2,
            "bad count",
        ),
        (
            vec!["shogi", "moves", "--sfen", "9/9/9/9/9/9/9/9/9 b 3R 1"],
            2,
            "a set has 2",
        ),
        // A mate search on a design without one (the `shogi` design's core refuses JOB_MATE).
        (
            vec![
                "shogi",
                "mate",
                "--sfen",
                "6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1",
                "--sim",
                "rust",
                "--design",
                "shogi",
            ],
            2,
            "--design shogi: not a shogi mate-search design (tsume)",
        ),
        // The cover circuit alone has no move generator.
        (
            vec![
                "shogi",
                "perft",
                "2",
                "--sim",
                "rust",
                "--design",
                "shogi-cover",
            ],
            2,
            "--design shogi-cover: not a shogi move-generating design (shogi, shogi-x2, tsume)",
        ),
        // clap's own usage errors.
        (vec!["bogus"], 2, "bogus"),
        (vec!["othello", "solve"], 2, "<POSITION>"),
    ];
    rows.into_iter()
        .map(|(a, c, w)| (a.into_iter().map(String::from).collect(), c, w))
        .collect()
}

#[test]
fn bad_input_is_named_and_exits_2() {
    for (args, code, word) in cases() {
        let out = Command::new(env!("CARGO_BIN_EXE_boardgate"))
            .args(&args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            out.status.code(),
            Some(code),
            "boardgate {args:?}: exit {:?}, stderr: {err}",
            out.status.code()
        );
        assert!(
            err.contains(word),
            "boardgate {args:?}: the message does not name `{word}`: {err}"
        );
        assert!(
            !err.contains("panicked"),
            "boardgate {args:?} panicked: {err}"
        );
    }
}

/// The NBoard engine survives a byte that is not UTF-8 and answers the next line.
#[test]
fn nboard_survives_non_utf8_input() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardgate"))
        .args(["othello", "nboard", "--sim", "rust"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"ping 1\n\xff\xfe\r\nping 2\r\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{text} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("pong 1\n") && text.contains("pong 2\n"),
        "{text}"
    );
    assert!(!text.contains('\r'), "{text:?}");
}

/// A reader that closes the pipe early ends the program without a panic (SIGPIPE, as other
/// Unix tools end). The pipe is closed at once; the program prints after a perft of a tenth
/// of a second.
#[test]
fn a_closed_stdout_is_no_panic() {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardgate"))
        .args(["shogi", "perft", "4", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        !status.success(),
        "the program cannot have printed its result"
    );
}
