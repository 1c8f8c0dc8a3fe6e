//! `cargo xtask bench [link|othello|chess|shogi|tsume|connect6]`.
//!
//! * `link`: simulation speed of each backend (cycles per second of the whole board, UART
//!   included), and the latest synth figures per board.
//! * `othello`: see [`othello`].
//! * `chess`: see [`chess`].
//! * `shogi`: see [`shogi`].
//! * `tsume`: see [`tsume`].
//! * `connect6`: see [`connect6`].

mod chess;
mod connect6;
mod othello;
mod shogi;
mod tsume;

use crate::boards;
use anyhow::{Context, Result};
use board_common::SynthReport;
use gateware::Design;

use host::{Link, SimTransport};
use sim::{BackendKind, SimBoard};
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// What to benchmark: `link` (default), `othello`, `chess`, `shogi`, `tsume` or
    /// `connect6`.
    #[arg(default_value = "link")]
    target: String,
    /// othello: the positions of the OBF file to run, numbered from 1, e.g. `1-19` (default),
    /// `20-39` or `5` (`--ffo` is the same option).
    #[arg(long, alias = "ffo", default_value = "1-19")]
    positions: String,
    /// othello: an OBF file of positions (one a line: 64 squares a1..h8 of X, O and -, the
    /// side to move, then optional `; MOVE:+score` pairs); default the FFO suite #1-#39.
    #[arg(long)]
    obf: Option<std::path::PathBuf>,
    /// othello: give up a single core's search after this many nodes (its row says so).
    #[arg(long, default_value_t = 500_000_000)]
    node_limit: u64,
    /// othello: also solve each position on every single-core design's simulated board
    /// (Verilator) and check it equals the model (hours above 16 empties).
    #[arg(long)]
    sim: bool,
    /// Print JSON lines instead of a table.
    #[arg(long)]
    json: bool,
}

pub fn run(a: Args) -> Result<()> {
    if a.target == "othello" {
        return othello::run(&othello::Options {
            obf: a.obf.as_deref(),
            positions: &a.positions,
            node_limit: a.node_limit,
            sim: a.sim,
            json: a.json,
        });
    }
    if a.target == "chess" {
        return chess::run(a.json);
    }
    if a.target == "shogi" {
        return shogi::run(a.json);
    }
    if a.target == "tsume" {
        return tsume::run(a.json);
    }
    if a.target == "connect6" {
        return connect6::run(a.json);
    }
    let design = Design::from_name(&a.target)?;
    let mut kinds = vec![BackendKind::Rust];
    if sim::verilator::AVAILABLE {
        kinds.push(BackendKind::Verilator);
    }
    if !a.json {
        println!(
            "{:<10} {:>12} {:>10} {:>14}",
            "backend", "cycles", "seconds", "cycles/s"
        );
    }
    for kind in kinds {
        let mut l = Link::new(SimTransport::new(SimBoard::open(design, kind)?));
        let t = Instant::now();
        let n = if kind == BackendKind::Rust { 20 } else { 2000 };
        for i in 0..n {
            l.echo(&[i as u8; 16])?;
        }
        let busy = l.transport.board.cycles();
        l.transport.board.run(if kind == BackendKind::Rust {
            200_000
        } else {
            20_000_000
        })?;
        let cycles = l.transport.board.cycles();
        let secs = t.elapsed().as_secs_f64();
        if a.json {
            println!(
                "{}",
                serde_json::json!({"design": design.name(), "backend": kind.name(), "cycles": cycles, "busy_cycles": busy, "seconds": secs, "cycles_per_second": cycles as f64 / secs})
            );
        } else {
            println!(
                "{:<10} {:>12} {:>10.2} {:>14.0}",
                kind.name(),
                cycles,
                secs,
                cycles as f64 / secs
            );
        }
    }
    for board in boards::all() {
        let p =
            boards::build_dir(design.name(), board.name()).join(board_common::report::REPORT_FILE);
        match SynthReport::read(&p) {
            Ok(r) => println!("{}", r.summary_line()),
            Err(_) => println!(
                "{}: no synth report (run cargo xtask synth {} --board {})",
                board.name(),
                design.name(),
                board.name()
            ),
        }
    }
    Ok(())
}

/// A design's core clock on the ULX3S in MHz: its committed synthesis report's, or without
/// one (or one that failed) the board's planned core clock.
pub(crate) fn ulx3s_clock_mhz(design: Design) -> Result<f64> {
    board_clock_mhz(design, gateware::BoardId::Ulx3s)
}

/// A design's core clock on `board` in MHz: its passing committed report's, or the clock its
/// row plans for the board.
pub(crate) fn board_clock_mhz(design: Design, board: gateware::BoardId) -> Result<f64> {
    let fm = report_clocks(design.name())
        .into_iter()
        .find(|(b, _)| b == board.name())
        .and_then(|(_, f)| f);
    Ok(match fm {
        Some(f) => f,
        None => design.core_clock_hz(board)? as f64 / 1e6,
    })
}

/// Per board the design is built for, the clock (MHz) of its passing committed report.
fn report_clocks(design: &str) -> Vec<(String, Option<f64>)> {
    let Ok(d) = Design::from_name(design) else {
        return Vec::new();
    };
    d.boards()
        .map(|b| {
            let p = board_common::report::committed_path(design, b.name());
            (
                b.name().to_string(),
                SynthReport::read(&p)
                    .ok()
                    .filter(|r| r.passed())
                    .map(|r| r.target_mhz),
            )
        })
        .collect()
}

/// A Debian engine's `go perft` (bulk counting at the last ply), timed from its `readyok` (its
/// start-up is not perft): `setup` (protocol, options, position) is sent, then `isready`, then
/// `go perft depth`. (leaves, seconds), or None when no name in `names` runs.
pub(crate) fn engine_perft(names: &[&str], setup: &str, depth: u32) -> Result<Option<(u64, f64)>> {
    engine_go(names, setup, &format!("go perft {depth}"), |l| {
        l.strip_prefix("Nodes searched: ")
            .map(|n| n.trim().parse::<u64>())
    })?
    .map(|(n, s)| Ok((n?, s)))
    .transpose()
}

/// A Debian engine's answer to one `go` command, timed from its `readyok` (its start-up is
/// not the search): `setup` (protocol, options, position) is sent, then `isready`, then `go`;
/// the first line `answer` accepts ends it. (the answer, seconds), or None when no name in
/// `names` runs; an error when the engine ends without the answer.
pub(crate) fn engine_go<T>(
    names: &[&str],
    setup: &str,
    go: &str,
    answer: impl Fn(&str) -> Option<T>,
) -> Result<Option<(T, f64)>> {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let Some(exe) = names.iter().find(|e| {
        Command::new(e)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .is_ok()
    }) else {
        return Ok(None);
    };
    let mut c = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    let mut stdin = c.stdin.take().context("engine stdin")?;
    let mut lines = BufReader::new(c.stdout.take().context("engine stdout")?).lines();
    writeln!(stdin, "{setup}\nisready")?;
    stdin.flush()?;
    for line in lines.by_ref() {
        if line?.trim() == "readyok" {
            break;
        }
    }
    let t = Instant::now();
    writeln!(stdin, "{go}")?;
    stdin.flush()?;
    let mut got = None;
    for line in lines {
        if let Some(a) = answer(line?.trim()) {
            got = Some(a);
            break;
        }
    }
    let s = t.elapsed().as_secs_f64();
    let _ = writeln!(stdin, "quit");
    let _ = c.wait();
    match got {
        Some(a) => Ok(Some((a, s))),
        None => anyhow::bail!("{exe} ended without answering `{}`", go.replace('\n', "; ")),
    }
}

/// Every key of a bench's `--json` object is named (in backquotes) in the game's doc, which
/// says what it means: the doc fails a test when it drifts from the code.
#[cfg(test)]
fn assert_keys_documented<T: serde::Serialize>(wrapper: Option<&str>, row: &T, doc: &str) {
    let text = std::fs::read_to_string(boards::root().join(doc)).unwrap();
    let value = serde_json::to_value(row).unwrap();
    let keys = value
        .as_object()
        .expect("a bench row is a JSON object")
        .keys()
        .map(String::as_str);
    let missing = host::cli::undocumented_keys(&text, wrapper.into_iter().chain(keys));
    assert!(
        missing.is_empty(),
        "{doc} does not name the bench's `--json` keys {missing:?}"
    );
}
