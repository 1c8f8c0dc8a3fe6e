//! Every job is bounded and can be aborted: `--time-limit` aborts the job on the board and
//! exits with code 3; a job left running by another session is refused or aborted.

use gateware::Design;
use host::cli::{JobArgs, Target};
use host::{Link, SimTransport};
use model::link::job;
use sim::{BackendKind, SimBoard};
use std::process::Command;

/// The start position: 60 empties, a solve that would run for ever.
const START: &str = "---------------------------OX------XO--------------------------- X";

#[test]
fn time_limit_aborts_the_job_and_exits_3() {
    let backend = BackendKind::default_available().name();
    let out = Command::new(env!("CARGO_BIN_EXE_boardgate"))
        .args([
            "othello",
            "solve",
            "--sim",
            backend,
            "--time-limit",
            "1",
            START,
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(host::cli::EXIT_TIME_LIMIT), "{err}");
    assert!(
        err.contains("time limit") && err.contains("aborted 1 running job"),
        "{err}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_boardgate"))
        .args([
            "wait",
            "--sim",
            backend,
            "--time-limit",
            "0.5",
            "4000000000",
        ])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn target() -> Target {
    Target {
        sim: Some("rust".into()),
        port: None,
        baud: None,
        json: false,
        vcd: None,
        vcd_from: 0,
        vcd_cycles: 0,
    }
}

#[test]
fn a_job_left_running_is_refused_or_aborted() {
    let board = SimBoard::open(Design::Link, BackendKind::default_available()).unwrap();
    let mut l = Link::new(SimTransport::new(board));
    // Another session's job.
    l.job_start(&1_000_000u32.to_le_bytes()).unwrap();
    let refuse = JobArgs {
        time_limit: None,
        abort_running: false,
    };
    let e = refuse.begin(&target(), &mut l).unwrap_err().to_string();
    assert!(
        e.contains("--abort-running") && e.contains("did not start"),
        "{e}"
    );
    assert_eq!(
        l.job_poll().unwrap().state,
        job::RUNNING,
        "refusing leaves it alone"
    );
    let abort = JobArgs {
        time_limit: None,
        abort_running: true,
    };
    abort.begin(&target(), &mut l).unwrap();
    assert_eq!(l.job_poll().unwrap().state, job::ABORTED);
    // Now the run is bounded: a start and polls work until the limit.
    l.job_start(&100u32.to_le_bytes()).unwrap();
}

/// The NBoard engine keeps reading while it solves: `ping` is answered during a solve that
/// never ends, and the next command stops it; `go` is still answered with a move.
#[test]
fn nboard_answers_ping_while_solving() {
    use std::io::{BufRead, BufReader, Write};
    let backend = BackendKind::default_available().name();
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardgate"))
        .args(["othello", "nboard", "--sim", backend, "--max-empties", "60"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut read = || {
        let mut l = String::new();
        stdout.read_line(&mut l).unwrap();
        l.trim().to_string()
    };
    // The start position: 60 empties, solved exactly: it would never end.
    writeln!(stdin, "nboard 2\ngo").unwrap();
    assert_eq!(read(), "set myname boardgate");
    std::thread::sleep(std::time::Duration::from_millis(300));
    let t = std::time::Instant::now();
    writeln!(stdin, "ping 5").unwrap();
    assert_eq!(read(), "pong 5");
    assert!(t.elapsed().as_secs() < 5, "pong took {:?}", t.elapsed());
    writeln!(stdin, "ping 6").unwrap();
    assert_eq!(read(), "pong 6");
    // Another command stops the solve; `go` is answered anyway.
    writeln!(stdin, "set depth 3").unwrap();
    let status = read();
    assert!(status.contains("stopped"), "{status}");
    let mv = read();
    assert!(mv.starts_with("=== "), "{mv}");
    writeln!(stdin, "quit").unwrap();
    assert!(child.wait().unwrap().success());
}
