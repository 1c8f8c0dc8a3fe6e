//! `cargo xtask bench tsume`: the mate search on chip (the `tsume` design's `JOB_MATE`, the
//! perft walker's mate walk) against the paper and against this CPU, in the same run.
//!
//! * On the simulated board (Verilator): each problem of the tsume data file that mates
//!   within 7 plies, and each without a mate, searched as `shogi mate --sim` searches it: mate
//!   jobs of 1, 3, ... plies until one mates (to 7 for those without). Per problem: the jobs,
//!   the moves jobs the walker ran (its nodes), the cycles, each job's cycles checked against
//!   `model::shogi::walk::mate_walk`; the time at the design's ULX3S clock, the link's time at
//!   its baud rate (the position loaded once, ten frames, then a start, polls and a result a
//!   job) and one USB round trip a request (`host::split::USB_ROUND_TRIP_S`: a real board's
//!   FT231X answers no faster).
//! * The paper's unit: cycles and microseconds a node. The paper estimates 35-40 cycles a
//!   node (its three stages pipelined, the longest one's cycles) at 15-25 MHz: 1.4-2.7 us,
//!   against 50 us on a Pentium III at 700 MHz.
//! * The CPU, one thread, the same problems: the model's df-pn (`dfpn`, the CPU baseline of
//!   issue 10: a transposition table, proof and disproof numbers) and the reference search
//!   (`mate::solve`: iterative deepening with a table), each its time and nodes; and, where
//!   Debian's `gpsshogi` is installed, its USI engine's `go mate` (`gpsusi`, one thread, timed
//!   from its `readyok`; its lengths, shown beside ours, are not checked: on the data file
//!   they equal our plain-rules lengths). The ratio is the fastest CPU search's time over the
//!   board's (without the link, and with it).
//!
//! `--json`: one object per problem, then a `total` object.

use anyhow::{bail, Result};
use gateware::Design;
use host::shogi::shortest_mate_on_board;
use host::split::link_seconds;
use host::{Link, SimTransport};
use model::shogi::dfpn::{dfpn, Proof};
use model::shogi::mate::solve;
use model::shogi::piece_data::BoardData;
use model::shogi::random::TSUME_TABLE;
use model::shogi::walk::{mate_walk, MATE_MAX_PLIES};
use model::shogi::Position;
use serde::Serialize;
use sim::{BackendKind, SimBoard};
use std::time::Instant;

/// The paper's estimate (section 4): 35-40 cycles a node at 15-25 MHz; software 50 us a node.
const PAPER_US_PER_NODE: (f64, f64) = (1.4, 2.7);
const PAPER_CPU_US_PER_NODE: f64 = 50.0;
/// The longest mate the bench looks for: the data file states every problem's length within
/// 7 plies under the plain rules (its mates in 1 to 5, its problems without a mate within 1,
/// 3 or 7), and the walker's 15 plies (`MATE_MAX_PLIES`) would walk its two problems without
/// a mate within 7 to 15 plies, hundreds of millions of cycles on the simulated board.
const BENCH_MAX_PLIES: u32 = 7;
const _: () = assert!(BENCH_MAX_PLIES <= MATE_MAX_PLIES);
/// df-pn's node budget a problem (every problem of the file within 7 plies needs far fewer).
const DFPN_NODES: u64 = 2_000_000;

#[derive(Serialize, Default)]
struct Row {
    sfen: String,
    /// The shortest mate (plies), or null: none within 7.
    plies: Option<u32>,
    jobs: u64,
    nodes: u64,
    cycles: u64,
    cycles_per_node: f64,
    clock_mhz: f64,
    board_us: f64,
    /// Requests the host made (each one USB round trip on a real board).
    link_requests: u64,
    /// The link's time: the bytes at the baud rate and a round trip a request.
    link_ms: f64,
    dfpn_nodes: u64,
    dfpn_us: f64,
    solve_nodes: u64,
    solve_us: f64,
    /// `gpsusi`'s `go mate`: its mate's length (0: no mate) and time, or null where gpsshogi
    /// is not installed.
    gps_plies: Option<u32>,
    gps_us: Option<f64>,
    /// The fastest CPU search's time over the board's (the link left out).
    ratio_cpu: f64,
    /// The same with the link's time on the board's side.
    ratio_cpu_through_link: f64,
}

/// Debian's gpsshogi (`gpsusi`), one thread, `go mate` with a minute: (its mate's length, 0
/// for none; seconds), or None when it is not installed.
fn gps_mate(sfen: &str) -> Result<Option<(u32, f64)>> {
    super::engine_go(
        &["gpsusi", "/usr/games/gpsusi"],
        "usi\nsetoption name Thread value 1",
        // USI: a new game and the position after `readyok`.
        &format!("usinewgame\nposition sfen {sfen}\ngo mate 60000"),
        |l| match l.strip_prefix("checkmate")?.trim() {
            "nomate" | "timeout" | "notimplemented" => Some(0),
            moves => Some(moves.split_whitespace().count() as u32),
        },
    )
}

/// The data file's problems the board can search: (SFEN, mates within 7).
fn problems() -> Vec<String> {
    TSUME_TABLE
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split(';').next().unwrap_or("").trim().to_string())
        .collect()
}

pub fn run(json: bool) -> Result<()> {
    if !sim::verilator::AVAILABLE {
        bail!("the tsume bench needs the Verilator backend (cargo xtask test installs verilator)");
    }
    let design = Design::Tsume;
    let (mhz, clock_from) = match super::ulx3s_clock_mhz(design) {
        Ok(f) => (f, "its ULX3S clock"),
        // The placer's estimate for the tsume row asked for 20 MHz was 16.5 (docs/tsume.md).
        Err(_) => (15.0, "assumed: no ULX3S report yet"),
    };
    let baud = design.default_baud();
    let divisor = gateware::CoreParams::sim().divisor as f64;
    let mut l = Link::new(SimTransport::new(SimBoard::open(
        design,
        BackendKind::Verilator,
    )?));
    l.identify()?;
    if !json {
        println!(
            "mate search on chip (the tsume design's JOB_MATE on the simulated board, cycles at \
             {mhz:.1} MHz, {clock_from}) against df-pn and the reference search on this CPU, one \
             thread; the tsume data file's problems within {BENCH_MAX_PLIES} plies:"
        );
        println!(
            "{:<4} {:>4} {:>7} {:>9} {:>7} {:>10} {:>9} {:>10} {:>9} {:>10} {:>6} {:>10} {:>8}",
            "#",
            "mate",
            "m.jobs",
            "cycles",
            "cyc/nd",
            "board us",
            "link ms",
            "df-pn us",
            "df-pn nd",
            "solve us",
            "gps pl",
            "gps us",
            "cpu/brd"
        );
    }
    let gps_installed = gps_mate("4k4/9/4P4/9/9/9/9/9/9 b G 1")?.is_some();
    if !gps_installed && !json {
        println!("gpsusi not found: no gpsshogi column (apt-get install gpsshogi)");
    }
    let mut total = Row {
        sfen: "total".into(),
        clock_mhz: mhz,
        gps_us: gps_installed.then_some(0.0),
        ..Row::default()
    };
    for (i, sfen) in problems().iter().enumerate() {
        let pos = Position::from_sfen(sfen)?;
        if model::shogi::mate::check_problem(&pos).is_err() {
            continue;
        }
        let want = solve(&pos, BENCH_MAX_PLIES)?;
        let board = BoardData::from_position(&pos);
        let line_before = l.transport.board.cycles();
        let requests_before = l.stats.requests;
        let r = shortest_mate_on_board(&mut l, &board, BENCH_MAX_PLIES, |_, _| {})?;
        let line = l.transport.board.cycles() - line_before;
        let link_requests = l.stats.requests - requests_before;
        let plies = want.mate.as_ref().map(|m| m.0);
        // The board's jobs are the model's walks: 1, 3, ... up to the mate (or the limit).
        let last = plies.unwrap_or(BENCH_MAX_PLIES);
        let (mut nodes, mut cycles) = (0, 0);
        for p in (1..=last).step_by(2) {
            let w = mate_walk(&board, p);
            (nodes, cycles) = (nodes + w.nodes, cycles + w.cycles);
        }
        if r.plies != plies || (r.nodes, r.cycles) != (nodes, cycles) {
            bail!(
                "{sfen}: the board finds {:?} plies in {} moves jobs, {} cycles; the model {:?} \
                 in {nodes}, {cycles}",
                r.plies,
                r.nodes,
                r.cycles,
                plies
            );
        }
        let t = Instant::now();
        let d = dfpn(&pos, DFPN_NODES, None)?;
        let dfpn_us = t.elapsed().as_secs_f64() * 1e6;
        match (&d.proof, plies) {
            (Proof::Mate(_), Some(_)) | (Proof::NoMate, None) | (Proof::Mate(_), None) => {}
            (p, _) => bail!("{sfen}: df-pn says {p:?}, the board {plies:?}"),
        }
        let t = Instant::now();
        let s = solve(&pos, last)?;
        let solve_us = t.elapsed().as_secs_f64() * 1e6;
        let gps = gps_mate(sfen)?;
        let board_us = r.cycles as f64 / mhz;
        let link_ms = link_seconds(line as f64 / divisor, baud, link_requests) * 1e3;
        let cpu = gps
            .map_or(f64::INFINITY, |g| g.1 * 1e6)
            .min(dfpn_us.min(solve_us));
        let row = Row {
            sfen: sfen.clone(),
            plies,
            jobs: r.jobs,
            nodes: r.nodes,
            cycles: r.cycles,
            cycles_per_node: r.cycles as f64 / r.nodes as f64,
            clock_mhz: mhz,
            board_us,
            link_requests,
            link_ms,
            dfpn_nodes: d.nodes,
            dfpn_us,
            solve_nodes: s.nodes,
            solve_us,
            gps_plies: gps.map(|g| g.0),
            gps_us: gps.map(|g| g.1 * 1e6),
            ratio_cpu: cpu / board_us,
            ratio_cpu_through_link: cpu / (board_us + link_ms * 1e3),
        };
        total.jobs += row.jobs;
        total.nodes += row.nodes;
        total.cycles += row.cycles;
        total.board_us += row.board_us;
        total.link_requests += row.link_requests;
        total.link_ms += row.link_ms;
        total.dfpn_nodes += row.dfpn_nodes;
        total.dfpn_us += row.dfpn_us;
        total.solve_nodes += row.solve_nodes;
        total.solve_us += row.solve_us;
        total.gps_us = total.gps_us.zip(row.gps_us).map(|(a, b)| a + b);
        if json {
            println!("{}", serde_json::to_string(&row)?);
        } else {
            println!(
                "{:<4} {:>4} {:>7} {:>9} {:>7.1} {:>10.1} {:>9.1} {:>10.1} {:>9} {:>10.1} {:>6} \
                 {:>10} {:>8.2}",
                i + 1,
                plies.map_or("-".to_string(), |p| p.to_string()),
                row.nodes,
                row.cycles,
                row.cycles_per_node,
                row.board_us,
                row.link_ms,
                row.dfpn_us,
                row.dfpn_nodes,
                row.solve_us,
                row.gps_plies.map_or("-".to_string(), |p| p.to_string()),
                row.gps_us.map_or("-".to_string(), |t| format!("{t:.1}")),
                row.ratio_cpu
            );
        }
    }
    total.cycles_per_node = total.cycles as f64 / total.nodes as f64;
    let cpu = total
        .gps_us
        .unwrap_or(f64::INFINITY)
        .min(total.dfpn_us.min(total.solve_us));
    total.ratio_cpu = cpu / total.board_us;
    total.ratio_cpu_through_link = cpu / (total.board_us + total.link_ms * 1e3);
    if json {
        println!("{}", serde_json::json!({ "total": total }));
        return Ok(());
    }
    let us_node = total.board_us / total.nodes as f64;
    println!(
        "total: {} moves jobs in {} cycles, {:.1} cycles a node: {us_node:.2} us a node at \
         {mhz:.1} MHz; the paper's estimate {:.1}-{:.1} us (35-40 cycles at 15-25 MHz), its \
         CPU {PAPER_CPU_US_PER_NODE} us",
        total.nodes, total.cycles, total.cycles_per_node, PAPER_US_PER_NODE.0, PAPER_US_PER_NODE.1
    );
    println!(
        "  board {:.1} ms (link {:.1} ms more: {} requests), df-pn {:.1} ms ({} nodes, {:.2} us a node), the \
         reference search {:.1} ms ({} nodes), gpsusi {}: the fastest CPU search over the \
         board: {:.2}x ({:.4}x through the link)",
        total.board_us / 1e3,
        total.link_ms,
        total.link_requests,
        total.dfpn_us / 1e3,
        total.dfpn_nodes,
        total.dfpn_us / total.dfpn_nodes as f64,
        total.solve_us / 1e3,
        total.solve_nodes,
        total
            .gps_us
            .map_or("not installed".to_string(), |t| format!(
                "{:.1} ms",
                t / 1e3
            )),
        total.ratio_cpu,
        total.ratio_cpu_through_link
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_keys_are_documented() {
        super::super::assert_keys_documented(Some("total"), &Row::default(), "docs/tsume.md");
    }
}
