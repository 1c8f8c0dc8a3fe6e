//! `cargo xtask bench othello`: every Othello design of the design table against the CPU
//! solver, on the FFO suite or any OBF file.
//!
//! Per position and design: the score (checked against the file's best score and the CPU
//! solver's), nodes, cycles, cycles per node in both units (all nodes, and the paper's
//! searching nodes), the clock of each board's committed synthesis report and the projected
//! seconds there, and the ratio CPU time / FPGA time, the CPU solver (`model::othello::fast`)
//! timed in the same run. Then the totals per design.
//!
//! * A single core runs on the golden model (`model::othello::search`), whose nodes and
//!   cycles are the board's: the board tests check them on the simulated board
//!   (`host/tests/othello.rs`), and `--sim` checks them here too (Verilator: hours above 16
//!   empties). So a position of 20 or more empties takes seconds to minutes, not hours.
//! * A multi-core design runs the host's split (`host::split`) on the model executor, whose
//!   cycles per job are the hardware's, with the link's time as the host spends it (each
//!   request's bytes at the build's baud rate and its USB round trip, the polls while jobs
//!   run: `host::split::HostClock`).
//! * Each multi-core fastest-first design runs twice: the split with its defaults, and the
//!   host-FPGA hybrid (`host::othello::hybrid::split_config`: the host's transposition table,
//!   every node above the jobs split). A multi-core row's time adds the host's own (the wall
//!   clock less the model's searches) to the board's.
//! * A search that passes `--node-limit` nodes is given up and its row says so (the paper's
//!   order passes a billion nodes at 22 empties); a multi-core design of the same order is
//!   then skipped too. Totals count the positions a design finished, and the CPU time of
//!   those same positions.

use super::{report_clocks, ulx3s_clock_mhz};
use anyhow::{Context, Result};
use gateware::{CoreKind, Design};
use host::cli::Usage;
use host::othello::{ModelExecutor, Othello};
use host::split::{solve_split, JobsLink, SplitConfig, SplitSolve};
use host::{Link, SimTransport};
use model::othello::obf::{position_range, Position};
use model::othello::search::{search_bounded, MoveOrder};
use model::othello::{fast, parse_obf, SCORE_BOUND};
use serde::Serialize;
use sim::{BackendKind, SimBoard};
use std::path::Path;
use std::time::Instant;

/// The built-in suite: FFO #1-#39, numbered as published.
const FFO: [&str; 2] = [
    include_str!("../../../model/tests/fixtures/fforum-1-19.obf"),
    include_str!("../../../model/tests/fixtures/fforum-20-39.obf"),
];

pub struct Options<'a> {
    pub obf: Option<&'a Path>,
    pub positions: &'a str,
    pub node_limit: u64,
    pub sim: bool,
    pub json: bool,
}

/// One Othello design of the design table.
struct Bench {
    design: Design,
    order: MoveOrder,
    cores: usize,
    /// Per board the design is built for: the clock (MHz) of its passing committed report.
    clocks: Vec<(String, Option<f64>)>,
    /// A multi-core design's split: its link time per job at the design's clock and baud.
    split: Option<SplitConfig>,
    /// The split is the host-FPGA hybrid's.
    hybrid: bool,
    /// `--sim`: a single core's simulated board, opened once for every position.
    board: Option<Link<SimTransport>>,
    total: Total,
}

#[derive(Default)]
struct Total {
    positions: usize,
    skipped: usize,
    nodes: u64,
    cycles: u64,
    elapsed: u64,
    host_s: f64,
    cpu_s: f64,
}

#[derive(Serialize, Default)]
struct Projection {
    board: String,
    clock_mhz: Option<f64>,
    seconds: Option<f64>,
}

/// One position on one design (`--json`: one line each; keys in docs/othello.md).
#[derive(Serialize, Default)]
struct Row {
    position: usize,
    empties: u32,
    design: String,
    /// Solved by the host-FPGA hybrid.
    hybrid: bool,
    cores: usize,
    order: &'static str,
    /// Why the design did not finish the position (then the figures below are absent).
    skipped: Option<String>,
    score: Option<i32>,
    published_score: Option<i32>,
    nodes: Option<u64>,
    searching_nodes: Option<u64>,
    /// Cycles of work: a single core's search, or the jobs' cycles summed.
    cycles: Option<u64>,
    /// The board's time in cycles: the single core's, or the split's with its link time.
    elapsed_cycles: Option<u64>,
    cycles_per_node: Option<f64>,
    cycles_per_searching_node: Option<f64>,
    jobs: Option<u64>,
    /// A multi-core design's host time (its nodes, the split's bookkeeping), in `projected`.
    host_seconds: Option<f64>,
    projected: Vec<Projection>,
    cpu_seconds: f64,
    cpu_nodes: u64,
    /// CPU seconds / the fastest board's projected seconds.
    ratio_cpu_fpga: Option<f64>,
}

/// One design's totals (`--json`: `"total": true`).
#[derive(Serialize, Default)]
struct TotalRow {
    total: bool,
    design: String,
    hybrid: bool,
    positions: usize,
    skipped: usize,
    nodes: u64,
    cycles: u64,
    elapsed_cycles: u64,
    host_seconds: f64,
    projected: Vec<Projection>,
    cpu_seconds: f64,
    ratio_cpu_fpga: Option<f64>,
}

fn usage(msg: String) -> anyhow::Error {
    anyhow::Error::new(Usage(msg))
}

/// The positions of an OBF text (comment and blank lines skipped), numbered from 1.
fn positions(name: &str, text: &str) -> Result<Vec<Position>> {
    let v = parse_obf(text).map_err(|e| usage(format!("{name}, {e}")))?;
    if v.is_empty() {
        return Err(usage(format!("{name}: no positions")));
    }
    Ok(v)
}

/// `--positions`: `a-b` or `a`, 1-based, within the file's `count` positions.
fn parse_range(s: &str, count: usize) -> Result<std::ops::RangeInclusive<usize>> {
    position_range(s, count).map_err(|e| usage(format!("bad --positions {e}")))
}

/// The board's time on each board: `cycles` at its clock, and the host's `host_s`.
fn projections(
    clocks: &[(String, Option<f64>)],
    cycles: Option<u64>,
    host_s: f64,
) -> Vec<Projection> {
    clocks
        .iter()
        .map(|(b, f)| Projection {
            board: b.clone(),
            clock_mhz: *f,
            seconds: f.zip(cycles).map(|(f, c)| c as f64 / (f * 1e6) + host_s),
        })
        .collect()
}

fn fastest(p: &[Projection]) -> Option<f64> {
    p.iter().filter_map(|p| p.seconds).reduce(f64::min)
}

pub fn run(o: &Options) -> Result<()> {
    let (name, text) = match o.obf {
        Some(p) => (
            p.display().to_string(),
            std::fs::read_to_string(p)
                .map_err(|e| usage(format!("cannot read --obf {}: {e}", p.display())))?,
        ),
        None => ("the FFO suite (#1-#39)".to_string(), FFO.concat()),
    };
    let all = positions(&name, &text)?;
    let range = parse_range(o.positions, all.len())?;
    if o.sim && !sim::verilator::AVAILABLE {
        return Err(usage(
            "--sim needs the Verilator backend (install verilator and rebuild)".into(),
        ));
    }
    let mut benches = Vec::new();
    for d in Design::ALL {
        if let CoreKind::Othello { cores, .. } = d.core() {
            let order = host::othello::order_of(d);
            benches.push(Bench {
                design: d,
                order,
                cores,
                clocks: report_clocks(d.name()),
                split: if cores > 1 {
                    // Without a synth report the link time is reckoned at the board's planned
                    // core clock.
                    let clock_hz = ulx3s_clock_mhz(d)? * 1e6;
                    let link = JobsLink::of::<Othello>(clock_hz, d.default_baud(), cores);
                    Some(host::othello::split_config(order, link))
                } else {
                    None
                },
                hybrid: false,
                board: if o.sim && cores == 1 {
                    Some(Link::new(SimTransport::new(SimBoard::open(
                        d,
                        BackendKind::Verilator,
                    )?)))
                } else {
                    None
                },
                total: Total::default(),
            });
            if let (MoveOrder::FastestFirst, Some(split)) = (order, benches.last().unwrap().split) {
                benches.push(Bench {
                    design: d,
                    order,
                    cores,
                    clocks: report_clocks(d.name()),
                    split: Some(host::othello::hybrid::split_config(SplitConfig {
                        job_size: host::othello::hybrid::JOB_EMPTIES,
                        ..split
                    })),
                    hybrid: true,
                    board: None,
                    total: Total::default(),
                });
            }
        }
    }
    // Single cores first: a multi-core design needs the single core of its order.
    benches.sort_by_key(|b| b.cores);
    if !o.json {
        println!(
            "{name}, positions {}-{}; single cores on the golden model (the board's cycles), \
             multi-core designs on the model executor; node limit {}",
            range.start(),
            range.end(),
            o.node_limit
        );
        println!(
            "{:>3} {:>3} {:<20} {:>5} {:>12} {:>13} {:>7} {:>8} {:>9} {:>9}  projected",
            "#",
            "emp",
            "design",
            "score",
            "nodes",
            "board cycles",
            "c/node",
            "c/snode",
            "cpu s",
            "cpu/fpga"
        );
    }
    let show = !o.json && std::io::IsTerminal::is_terminal(&std::io::stderr());
    let mut cpu = fast::Solver::new();
    let b = SCORE_BOUND;
    for i in range {
        let pos = &all[i - 1];
        let published = pos.scores.first().map(|&(_, s)| s);
        if show {
            eprint!("\r#{i}: CPU solver ...                ");
        }
        let t = Instant::now();
        let sw = cpu.solve(pos.p, pos.o);
        let cpu_s = t.elapsed().as_secs_f64();
        if let Some(p) = published {
            anyhow::ensure!(
                sw.score == p,
                "#{i}: CPU solver {}, published {p}",
                sw.score
            );
        }
        // Per order: the single core's score and cycles, for the multi-core designs.
        let mut singles: Vec<(MoveOrder, Option<(i32, u64)>)> = Vec::new();
        for bench in &mut benches {
            let d = bench.design;
            if show {
                eprint!("\r#{i}: {} ...                ", d.name());
            }
            let mut row = Row {
                position: i,
                empties: pos.empties(),
                design: d.name().to_string(),
                hybrid: bench.hybrid,
                cores: bench.cores,
                order: bench.order.name(),
                skipped: None,
                score: None,
                published_score: published,
                nodes: None,
                searching_nodes: None,
                cycles: None,
                elapsed_cycles: None,
                cycles_per_node: None,
                cycles_per_searching_node: None,
                jobs: None,
                host_seconds: None,
                projected: Vec::new(),
                cpu_seconds: cpu_s,
                cpu_nodes: sw.nodes,
                ratio_cpu_fpga: None,
            };
            if bench.cores == 1 {
                match search_bounded(pos.p, pos.o, -b, b, bench.order, o.node_limit) {
                    None => {
                        row.skipped = Some(format!("over the node limit ({})", o.node_limit));
                        singles.push((bench.order, None));
                    }
                    Some(r) => {
                        check_on_board(bench, pos, &r, i)?;
                        row.score = Some(r.score);
                        row.nodes = Some(r.nodes);
                        row.searching_nodes = Some(r.searching_nodes());
                        row.cycles = Some(r.cycles);
                        row.elapsed_cycles = Some(r.cycles);
                        row.cycles_per_searching_node =
                            Some(r.cycles as f64 / r.searching_nodes().max(1) as f64);
                        singles.push((bench.order, Some((r.score, r.cycles))));
                    }
                }
            } else {
                let single = singles
                    .iter()
                    .find(|(ord, _)| *ord == bench.order)
                    .map(|&(_, s)| s);
                match single {
                    None => row.skipped = Some("no single core of its order".into()),
                    Some(None) => {
                        row.skipped = Some("its order's single core passed the node limit".into())
                    }
                    Some(Some((score, _))) => {
                        let cfg = bench.split.context("a multi-core design has a split")?;
                        let (r, host_s) = split(bench, cfg, pos)?;
                        anyhow::ensure!(
                            r.score == score,
                            "#{i}: {} split {} vs one core {score}",
                            d.name(),
                            r.score
                        );
                        row.score = Some(r.score);
                        row.nodes = Some(r.nodes);
                        row.cycles = Some(r.cycles);
                        row.elapsed_cycles = Some(r.elapsed_cycles);
                        row.jobs = Some(u64::from(r.jobs));
                        row.host_seconds = Some(host_s);
                    }
                }
            }
            if let Some(score) = row.score {
                anyhow::ensure!(
                    score == sw.score,
                    "#{i}: {} scored {score}, the CPU solver {}",
                    d.name(),
                    sw.score
                );
            }
            row.cycles_per_node = row.cycles.zip(row.nodes).map(|(c, n)| c as f64 / n as f64);
            row.projected = projections(
                &bench.clocks,
                row.elapsed_cycles,
                row.host_seconds.unwrap_or(0.0),
            );
            row.ratio_cpu_fpga = fastest(&row.projected).map(|s| cpu_s / s);
            let t = &mut bench.total;
            match row.skipped {
                Some(_) => t.skipped += 1,
                None => {
                    t.positions += 1;
                    t.nodes += row.nodes.unwrap_or(0);
                    t.cycles += row.cycles.unwrap_or(0);
                    t.elapsed += row.elapsed_cycles.unwrap_or(0);
                    t.host_s += row.host_seconds.unwrap_or(0.0);
                    t.cpu_s += cpu_s;
                }
            }
            if show {
                eprint!("\r");
            }
            print_row(&row, o.json)?;
        }
    }
    for bench in &benches {
        let t = &bench.total;
        let projected = projections(
            &bench.clocks,
            (t.positions > 0).then_some(t.elapsed),
            t.host_s,
        );
        let total = TotalRow {
            total: true,
            design: bench.design.name().to_string(),
            hybrid: bench.hybrid,
            positions: t.positions,
            skipped: t.skipped,
            nodes: t.nodes,
            cycles: t.cycles,
            elapsed_cycles: t.elapsed,
            host_seconds: t.host_s,
            ratio_cpu_fpga: fastest(&projected).map(|s| t.cpu_s / s),
            projected,
            cpu_seconds: t.cpu_s,
        };
        if o.json {
            println!("{}", serde_json::to_string(&total)?);
        } else {
            println!(
                "total {:<20} {} positions ({} skipped): {} nodes, {} cycles of work, {} board cycles; CPU {:.3} s; {}{}",
                label(&total.design, total.hybrid),
                total.positions,
                total.skipped,
                total.nodes,
                total.cycles,
                total.elapsed_cycles,
                total.cpu_seconds,
                describe(&total.projected),
                total
                    .ratio_cpu_fpga
                    .map(|r| format!("; CPU/FPGA time ratio {r:.3}"))
                    .unwrap_or_default()
            );
        }
    }
    Ok(())
}

/// A row's design in the text table: the hybrid's rows marked.
fn label(design: &str, hybrid: bool) -> String {
    if hybrid {
        format!("{design}+hybrid")
    } else {
        design.to_string()
    }
}

fn describe(p: &[Projection]) -> String {
    p.iter()
        .map(|p| match (p.clock_mhz, p.seconds) {
            (Some(f), Some(s)) => format!("{} {s:.3} s at {f:.1} MHz", p.board),
            (Some(f), None) => format!("{} at {f:.1} MHz", p.board),
            _ => format!("{}: no synth report", p.board),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn print_row(r: &Row, json: bool) -> Result<()> {
    if json {
        println!("{}", serde_json::to_string(r)?);
        return Ok(());
    }
    let opt = |x: Option<String>| x.unwrap_or_else(|| "-".into());
    if let Some(why) = &r.skipped {
        println!(
            "{:>3} {:>3} {:<20} skipped: {why}",
            r.position,
            r.empties,
            label(&r.design, r.hybrid)
        );
        return Ok(());
    }
    println!(
        "{:>3} {:>3} {:<20} {:>5} {:>12} {:>13} {:>7} {:>8} {:>9.4} {:>9}  {}",
        r.position,
        r.empties,
        label(&r.design, r.hybrid),
        opt(r.score.map(|s| format!("{s:+}"))),
        opt(r.nodes.map(|n| n.to_string())),
        opt(r.elapsed_cycles.map(|c| c.to_string())),
        opt(r.cycles_per_node.map(|c| format!("{c:.3}"))),
        opt(r.cycles_per_searching_node.map(|c| format!("{c:.3}"))),
        r.cpu_seconds,
        opt(r.ratio_cpu_fpga.map(|x| format!("{x:.3}"))),
        describe(&r.projected)
    );
    Ok(())
}

/// The host's split of one position over a multi-core design's cores, on the model executor;
/// with the host's own time (the wall clock less the model's searches).
fn split(bench: &Bench, cfg: SplitConfig, pos: &Position) -> Result<(SplitSolve<u32>, f64)> {
    let mut ex = ModelExecutor::new(bench.cores, bench.order, cfg.link);
    let b = SCORE_BOUND;
    let t = Instant::now();
    let r = solve_split::<Othello, _>(&mut ex, (pos.p, pos.o), -b, b, cfg, |_| {})?;
    let host = t.elapsed().saturating_sub(ex.model_time);
    Ok((r, host.as_secs_f64()))
}

/// `--sim`: the design's simulated board (Verilator) solves the position; its score, best
/// move, nodes and cycles must be the model's.
fn check_on_board(
    bench: &mut Bench,
    pos: &Position,
    want: &model::othello::search::SearchResult,
    i: usize,
) -> Result<()> {
    let Some(l) = bench.board.as_mut() else {
        return Ok(());
    };
    let b = SCORE_BOUND as i8;
    let r = host::othello::solve(l, pos.p, pos.o, -b, b, |_| {})?;
    let got = (r.score, r.best, r.nodes, r.cycles);
    let want = (want.score, want.best, want.nodes, want.cycles);
    anyhow::ensure!(
        got == want,
        "#{i} on {}: board (score, best, nodes, cycles) {got:?}, model {want:?}",
        bench.design.name()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_keys_are_documented() {
        let row = Row {
            projected: vec![Projection::default()],
            ..Row::default()
        };
        super::super::assert_keys_documented(None, &row, "docs/othello.md");
        super::super::assert_keys_documented(None, &Projection::default(), "docs/othello.md");
        super::super::assert_keys_documented(None, &TotalRow::default(), "docs/othello.md");
    }

    /// Bad files and ranges are usage errors (exit 2) that name what is wrong.
    #[test]
    fn bad_positions_and_ranges_are_usage_errors() {
        let is_usage = |e: &anyhow::Error| e.downcast_ref::<Usage>().is_some();
        let all = positions("built in", &FFO.concat()).unwrap();
        assert_eq!(all.len(), 39);
        assert_eq!(all[0].empties(), 14);
        let text = format!("% a comment\n{}\nXO X\n", FFO[0].lines().nth(1).unwrap());
        let e = positions("f.obf", &text).unwrap_err();
        assert!(
            is_usage(&e) && e.to_string().contains("f.obf, line 3"),
            "{e}"
        );
        let e = positions("empty.obf", "# nothing\n").unwrap_err();
        assert!(
            is_usage(&e) && e.to_string().contains("no positions"),
            "{e}"
        );
        assert_eq!(parse_range("2-5", 39).unwrap(), 2..=5);
        assert_eq!(parse_range("7", 39).unwrap(), 7..=7);
        for bad in ["0-3", "5-40", "9-3", "x", "1-"] {
            let e = parse_range(bad, 39).unwrap_err();
            assert!(is_usage(&e) && e.to_string().contains(bad), "{bad}: {e}");
        }
    }
}
