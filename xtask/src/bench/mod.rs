//! `cargo xtask bench [link|othello|chess|shogi|tsume|connect6]`.
//!
//! * `link`: simulation speed of each backend (cycles per second of the whole board, UART
//!   included), and the latest synth figures per board.
//! * `othello`: per FFO position, the solver on the simulated board (Verilator): nodes, cycles,
//!   cycles per node; projected time and nodes/s on each board at the Fmax of its latest synth
//!   report's core clock; node counts with the paper's order vs fastest-first (model); and the software
//!   solver (`model::othello::fast`) timed on this CPU in the same run, as a ratio. Both
//!   designs' results must equal the model's search (score, best move, nodes, cycles) and the
//!   published score: the board tests check only the cheap positions on the paper's order.
//!   Then the multi-core `othello-x8`: each position split over its cores by the host
//!   (`host::split`) on the model executor, whose cycles per job are the hardware's exactly,
//!   with the link's time per job (its bytes at the build's baud rate and its USB round
//!   trips: `host::split::link_cycles_per_job`): board time, speed-up over one core, and the
//!   ratio to the CPU solver.
//! * `chess`: see [`chess`].
//! * `shogi`: see [`shogi`].
//! * `tsume`: see [`tsume`].
//! * `connect6`: see [`connect6`].

mod chess;
mod connect6;
mod shogi;
mod tsume;

use crate::boards;
use anyhow::{Context, Result};
use board_common::SynthReport;
use gateware::Design;

/// The full window of an Othello solve.
const FULL: i8 = model::othello::SCORE_BOUND as i8;
use host::{Link, SimTransport};
use sim::{BackendKind, SimBoard};
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// What to benchmark: `link` (default), `othello`, `chess`, `shogi`, `tsume` or
    /// `connect6`.
    #[arg(default_value = "link")]
    target: String,
    /// othello: FFO positions to run, e.g. `1-19` (default) or `1-7`.
    #[arg(long, default_value = "1-19")]
    ffo: String,
    /// Print JSON lines instead of a table.
    #[arg(long)]
    json: bool,
}

pub fn run(a: Args) -> Result<()> {
    if a.target == "othello" {
        return othello(&a);
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
    let fm = report_clocks(design.name())
        .into_iter()
        .find(|(b, _)| b == "ulx3s")
        .and_then(|(_, f)| f);
    Ok(match fm {
        Some(f) => f,
        None => board_ulx3s::core_clock_hz(design)? as f64 / 1e6,
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

fn parse_range(s: &str) -> Result<std::ops::RangeInclusive<usize>> {
    let bad = || anyhow::anyhow!("bad --ffo range '{s}' (expected e.g. 1-19 or 5)");
    let (a, b) = s.split_once('-').unwrap_or((s, s));
    let (a, b): (usize, usize) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if a < 1 || b > 39 || a > b {
        return Err(bad());
    }
    Ok(a..=b)
}

fn othello(a: &Args) -> Result<()> {
    use model::othello::search::{search, MoveOrder};
    use model::othello::{fast, parse_position, square_name};
    let range = parse_range(&a.ffo)?;
    if !sim::verilator::AVAILABLE {
        anyhow::bail!(
            "the othello bench needs the Verilator backend (install verilator and rebuild)"
        );
    }
    let lines: Vec<&str> = include_str!("../../../model/tests/fixtures/fforum-1-19.obf")
        .lines()
        .chain(include_str!("../../../model/tests/fixtures/fforum-20-39.obf").lines())
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    let fm = report_clocks("othello");
    let fm_ff = report_clocks("othello-ff")
        .into_iter()
        .find(|(b, _)| b == "ulx3s")
        .and_then(|(_, f)| f);
    let mut l_ff = Link::new(SimTransport::new(SimBoard::open(
        Design::OthelloFf,
        BackendKind::Verilator,
    )?));
    let mut l = Link::new(SimTransport::new(SimBoard::open(
        Design::Othello,
        BackendKind::Verilator,
    )?));
    if !a.json {
        print!(
            "{:>3} {:>3} {:>5} {:>4} {:>10} {:>11} {:>6} {:>10}",
            "#", "emp", "score", "best", "nodes", "cycles", "c/node", "ff-nodes"
        );
        for (b, f) in &fm {
            print!(
                " {:>22}",
                format!(
                    "{b} @{}",
                    f.map(|f| format!("{f:.1}MHz")).unwrap_or("?".into())
                )
            );
        }
        println!(
            " {:>22} {:>9} {:>8}",
            format!(
                "ff ulx3s @{}",
                fm_ff.map(|f| format!("{f:.1}MHz")).unwrap_or("?".into())
            ),
            "cpu s",
            "cpu/fpga"
        );
    }
    let mut tot = (0u64, 0u64, 0u64, 0f64);
    let mut tot_ff = (0u64, 0f64);
    let mut cpu = fast::Solver::new();
    let mut positions = Vec::new();
    // Progress only where someone watches it (not into a log).
    let show = !a.json && std::io::IsTerminal::is_terminal(&std::io::stderr());
    for i in range {
        let pos = parse_position(lines[i - 1])?;
        let r = host::othello::solve(&mut l, pos.p, pos.o, -FULL, FULL, |n| {
            if show {
                eprint!("\r#{i}: {n} nodes   ");
            }
        })?;
        let ffr = host::othello::solve(&mut l_ff, pos.p, pos.o, -FULL, FULL, |_| {})?;
        anyhow::ensure!(
            ffr.score == r.score,
            "FFO #{i}: fastest-first {} vs paper order {}",
            ffr.score,
            r.score
        );
        // The same checks as the board tests (which run only the cheap positions on the
        // paper-order design): the model's search, node for node and cycle for cycle, and
        // the published score.
        for (got, order) in [(&r, MoveOrder::Paper), (&ffr, MoveOrder::FastestFirst)] {
            let want = search(pos.p, pos.o, -i32::from(FULL), i32::from(FULL), order);
            let got = (got.score, got.best, got.nodes, got.cycles);
            let want = (want.score, want.best, want.nodes, want.cycles);
            anyhow::ensure!(
                got == want,
                "FFO #{i} ({order:?}): board (score, best, nodes, cycles) {got:?}, model {want:?}"
            );
        }
        if let Some(&(_, published)) = pos.scores.first() {
            anyhow::ensure!(
                r.score == published,
                "FFO #{i}: board {}, published {published}",
                r.score
            );
        }
        let ff = ffr.nodes;
        let ff_s = fm_ff.map(|f| ffr.cycles as f64 / (f * 1e6));
        let t = Instant::now();
        let sw = cpu.solve(pos.p, pos.o);
        let cpu_s = t.elapsed().as_secs_f64();
        anyhow::ensure!(
            sw.score == r.score,
            "FFO #{i}: CPU solver {} vs FPGA {}",
            sw.score,
            r.score
        );
        positions.push((i, pos.clone(), r.score, r.cycles));
        tot = (tot.0 + r.nodes, tot.1 + r.cycles, tot.2 + ff, tot.3 + cpu_s);
        tot_ff = (tot_ff.0 + ffr.cycles, tot_ff.1 + ff_s.unwrap_or(0.0));
        let proj: Vec<(String, Option<f64>)> = fm
            .iter()
            .map(|(b, f)| (b.clone(), f.map(|f| r.cycles as f64 / (f * 1e6))))
            .collect();
        let best_proj = proj
            .iter()
            .filter_map(|(_, s)| *s)
            .fold(f64::INFINITY, f64::min);
        if a.json {
            println!(
                "{}",
                serde_json::json!({
                    "ffo": i, "empties": pos.empties(), "score": r.score,
                    "best_move": r.best.map(square_name), "nodes": r.nodes, "cycles": r.cycles,
                    "cycles_per_node": r.cycles as f64 / r.nodes as f64, "fastest_first_nodes": ff,
                    "fastest_first_cycles": ffr.cycles, "fastest_first_ulx3s_seconds": ff_s,
                    "projected_seconds": proj.iter().map(|(b, s)| serde_json::json!({"board": b, "seconds": s})).collect::<Vec<_>>(),
                    "cpu_seconds": cpu_s, "cpu_nodes": sw.nodes,
                })
            );
        } else {
            if show {
                eprint!("\r");
            }
            print!(
                "{:>3} {:>3} {:>+5} {:>4} {:>10} {:>11} {:>6.3} {:>9} {:>10}",
                i,
                pos.empties(),
                r.score,
                r.best.map(square_name).unwrap_or_default(),
                r.nodes,
                r.cycles,
                r.cycles as f64 / r.nodes as f64,
                ff,
                ffr.cycles
            );
            for (_, s) in &proj {
                print!(
                    " {:>22}",
                    s.map(|s| format!("{:.4}s {:.1}Mn/s", s, r.nodes as f64 / s / 1e6))
                        .unwrap_or("-".into())
                );
            }
            print!(
                " {:>22}",
                ff_s.map(|s| format!("{:.4}s {:.1}Mn/s", s, ff as f64 / s / 1e6))
                    .unwrap_or("-".into())
            );
            println!(" {:>9.4} {:>8.3}", cpu_s, cpu_s / best_proj);
        }
    }
    if !a.json {
        println!(
            "total: paper order {} nodes, {} cycles, {:.3} cycles/node; fastest-first {} nodes, {} cycles, {:.3} cycles/node; CPU solver {:.3} s",
            tot.0,
            tot.1,
            tot.1 as f64 / tot.0 as f64,
            tot.2,
            tot_ff.0,
            tot_ff.0 as f64 / tot.2 as f64,
            tot.3
        );
        if let Some(f) = fm_ff {
            println!(
                "  ulx3s othello-ff: {:.3} s at {f:.1} MHz, CPU/FPGA time ratio {:.3}",
                tot_ff.1,
                tot.3 / tot_ff.1
            );
        }
        for (b, f) in &fm {
            match f {
                Some(f) => println!(
                    "  {b}: {:.3} s at {f:.1} MHz, {:.2} M nodes/s, CPU/FPGA time ratio {:.3}",
                    tot.1 as f64 / (f * 1e6),
                    tot.0 as f64 / (tot.1 as f64 / (f * 1e6)) / 1e6,
                    tot.3 / (tot.1 as f64 / (f * 1e6))
                ),
                None => {
                    println!("  {b}: no synth report (run cargo xtask synth othello --board {b})")
                }
            }
        }
    }
    multi_core(a, &positions, tot.3)
}

/// The `othello-x8` design: each position split over its cores by the host (`host::split`),
/// timed on the model executor (the hardware's exact cycles per job), with the link's time
/// per job (its bytes at the build's baud rate, its USB round trips) on the one shared link.
/// `positions`: FFO number, position, and the single core's score and cycles on the simulated
/// board.
fn multi_core(
    a: &Args,
    positions: &[(usize, model::othello::Position, i32, u64)],
    cpu_s: f64,
) -> Result<()> {
    use host::othello::{ModelExecutor, Othello};
    use host::split::{link_cycles_per_job, solve_split, SplitConfig};
    use model::othello::search::MoveOrder;
    let design = Design::OthelloX8;
    let gateware::CoreKind::Othello {
        fastest_first: ff,
        cores,
    } = design.core()
    else {
        anyhow::bail!("{} is not an Othello design", design.name());
    };
    let order = if ff {
        MoveOrder::FastestFirst
    } else {
        MoveOrder::Paper
    };
    let fm = report_clocks(design.name())
        .into_iter()
        .find(|(b, _)| b == "ulx3s")
        .and_then(|(_, f)| f);
    let baud = design.default_baud();
    // Without a synth report the link time is reckoned at the board's planned core clock.
    let clock_hz = ulx3s_clock_mhz(design)? * 1e6;
    let cfg = SplitConfig {
        overhead_cycles: link_cycles_per_job::<Othello>(clock_hz, baud, cores),
        ..Default::default()
    };
    if !a.json {
        println!(
            "\n{} ({cores} {} cores), host split depth {} / jobs from {} empties, link {} baud ({} cycles per job), model executor:",
            design.name(),
            order.name(),
            cfg.depth,
            cfg.job_size,
            baud,
            cfg.overhead_cycles
        );
        println!(
            "{:>3} {:>11} {:>11} {:>7} {:>6} {:>8}",
            "#", "cycles", "elapsed", "speedup", "jobs", "aborted"
        );
    }
    let (mut cyc, mut el) = (0u64, 0u64);
    for &(i, ref pos, single_score, single_cycles) in positions {
        let mut ex = ModelExecutor::new(cores, order, cfg.overhead_cycles);
        let b = model::othello::SCORE_BOUND;
        let r = solve_split::<Othello, _>(&mut ex, (pos.p, pos.o), -b, b, cfg, |_| {})?;
        anyhow::ensure!(
            r.score == single_score,
            "FFO #{i}: split {} vs one core {single_score}",
            r.score
        );
        cyc += single_cycles;
        el += r.elapsed_cycles;
        if a.json {
            println!(
                "{}",
                serde_json::json!({
                    "ffo": i, "design": design.name(), "cores": cores, "score": r.score,
                    "single_core_cycles": single_cycles, "elapsed_cycles": r.elapsed_cycles,
                    "job_cycles": r.cycles, "nodes": r.nodes, "jobs": r.jobs, "aborted": r.aborted,
                    "link_cycles_per_job": cfg.overhead_cycles,
                    "ulx3s_seconds": fm.map(|f| r.elapsed_cycles as f64 / (f * 1e6)),
                })
            );
        } else {
            println!(
                "{:>3} {:>11} {:>11} {:>7.2} {:>6} {:>8}",
                i,
                single_cycles,
                r.elapsed_cycles,
                single_cycles as f64 / r.elapsed_cycles as f64,
                r.jobs,
                r.aborted
            );
        }
    }
    if !a.json {
        print!(
            "total: one core {cyc} cycles, {cores} cores {el} cycles: {:.2}x",
            cyc as f64 / el as f64
        );
        match fm {
            Some(f) => println!(
                "; ulx3s at {f:.1} MHz: {:.3} s, CPU/FPGA time ratio {:.3}",
                el as f64 / (f * 1e6),
                cpu_s / (el as f64 / (f * 1e6))
            ),
            None => println!(
                "; no synth report (run cargo xtask synth {} --board ulx3s)",
                design.name()
            ),
        }
    }
    Ok(())
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
