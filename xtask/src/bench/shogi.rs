//! `cargo xtask bench shogi`: the piece cover circuit against the paper and against this CPU,
//! in the same run.
//!
//! * Cover tables on the simulated `shogi-cover` board (Verilator; the circuit alone): the
//!   perft and tsume tables' positions and seeded random ones, each table checked against the
//!   model; cycles per table on the fast schedule (the board's), and on the paper's order
//!   (`PieceCoverCircuit::paper_order`, the block clocked in rust-hdl's simulation on the same
//!   boards); the time per table at the ULX3S clock of the design's committed synthesis report
//!   (and inside the `shogi` design, at its clock) against the paper's 46 cycles at 38.46 MHz
//!   (1.20 us); the link's time per table at the design's baud rate (ten loads, a start,
//!   a poll, a result, 18 reads: the board's cycles on the simulated line, in bit times) and one USB
//!   round trip a request (`host::split::USB_ROUND_TRIP_S`).
//! * The same tables on the simulated `shogi-cover-cu` board (one scanner, one cover RAM),
//!   each checked, its cycles a table, the time at the Alchitry Cu clock of its report.
//! * The CPU, one thread, same boards: the model's `cover_table` (written for clarity: every
//!   piece walks its moves) and `cover_scan::scan_cover_table` (the circuit's scans in
//!   software), tables per second, as ratios to the circuit.
//! * The all-move generator (the `shogi` design's moves job) on the same boards: each count
//!   checked against the model's legal moves, cycles per job (the model's
//!   `moves_job_cycles`), cycles per counted move, the moves counted per second at the ULX3S
//!   clock: a perft's last ply counted on chip, one job per node above the leaves (the link
//!   left out: perft on chip is to come), against this CPU's model generator on the same
//!   boards.
//! * Perft on this CPU: the model's perft (every leaf made), `rsshogi`'s (crates.io: every
//!   leaf made, and its own perft, which counts the last ply in bulk as the walker does) and
//!   Debian's `fairy-stockfish` `go perft` (bulk counting at the last ply: labelled so),
//!   leaves per second, each count checked against the model's, and the moves job's and the
//!   walker's leaves per second over each.
//!
//! `--json`: one `cover` object, one `moves` object, then one object per perft run.

use anyhow::{bail, Context, Result};
use gateware::shogi::PieceCoverCircuit;
use gateware::{BoardId, Design};
use host::shogi::{count_on_board, cover_on_board, perft_on_board};
use host::shogi::{worth_splitting, ShogiPerft};
use host::split::{link_seconds, JobsLink};
use host::{Link, SimTransport};
use model::shogi::all_moves::{generate, moves_job_cycles};
use model::shogi::cover_scan::{scan_cover_table, PAPER_CYCLES};
use model::shogi::piece_data::{cover_table, BoardData};
use model::shogi::random::{perft_table, positions, table_positions};
use model::shogi::walk::perft_walk;
use model::shogi::{perft, Position};
use rust_hdl::prelude::*;
use serde::Serialize;
use sim::harness::run_piece_cover;
use sim::{BackendKind, SimBoard};
use std::time::Instant;

/// The paper's clock (section 6.3): its 46 cycles (`PAPER_CYCLES`) at 38.46 MHz, 1.20 us.
const PAPER_MHZ: f64 = 38.46;
/// The ULX3S clock the projections assume if the design's row has none (a row built for no
/// board).
const ASSUMED_MHZ: f64 = 10.0;
/// Random boards beside the tables' positions.
const RANDOM_SEED: u64 = 0xbe5c_0001;
const RANDOM_BOARDS: usize = 40;
/// Boards the paper-order block runs (rust-hdl's simulation of a 3,240-bit table is slow).
const PAPER_ORDER_BOARDS: usize = 6;
/// Times each CPU function computes every board's table.
const CPU_REPEAT: usize = 200;
/// (perft table line, depth): about a million leaves or fewer each.
const PERFT_RUNS: [(usize, u32); 3] = [(0, 4), (1, 2), (2, 2)];
/// (perft table line, depth) split over `shogi-x2`'s cores by root move: the start at depth
/// 5 and the matsuri position at depth 4, where a job is worth its loads
/// (`host::shogi::worth_splitting`), and the 593-move position at depth 3, where it is not
/// (593 jobs of 90,000 leaves: `shogi perft` runs it on one core).
const SPLIT_RUNS: [(usize, u32); 3] = [(0, 5), (1, 4), (2, 3)];

#[derive(Serialize, Default)]
struct CoverRow {
    boards: usize,
    cycles_fast: u64,
    cycles_paper_order: u64,
    paper_cycles: u64,
    /// The design the tables ran on (`shogi-cover`), its board and clock.
    design: String,
    board: String,
    clock_mhz: f64,
    us_per_table: f64,
    /// The same tables inside the `shogi` design, at its clock.
    shogi_clock_mhz: f64,
    shogi_us_per_table: f64,
    paper_us_per_table: f64,
    /// The paper's time per table over ours.
    speedup_over_paper: f64,
    /// The one-scanner circuit (`shogi-cover-cu`) on the Alchitry Cu: cycles a table, its
    /// clock, the time a table, the paper's time over it.
    cu_design: String,
    cycles_one_scanner: u64,
    cu_clock_mhz: f64,
    cu_us_per_table: f64,
    cu_speedup_over_paper: f64,
    /// The faster CPU function's time a table over the one-scanner circuit's on the Cu.
    cu_ratio_cpu: f64,
    baud: u32,
    /// Requests a table (each one USB round trip on a real board).
    link_requests_per_table: f64,
    /// The link's time a table: the bytes at the baud rate and a round trip a request.
    link_ms_per_table: f64,
    cpu_model_us_per_table: f64,
    cpu_scan_us_per_table: f64,
    /// The circuit's tables/s over the faster CPU function's (the circuit's own time, no link).
    ratio_cpu: f64,
    /// The same through the link, at the design's baud rate.
    ratio_cpu_through_link: f64,
}

#[derive(Serialize, Default)]
struct MovesRow {
    boards: usize,
    legal_moves: u64,
    cycles: u64,
    cycles_per_job_min: u64,
    cycles_per_job_max: u64,
    cycles_per_move: f64,
    clock_mhz: f64,
    /// Moves counted per second on chip (a perft's last ply), the link left out.
    chip_moves_per_s: f64,
    /// The model's all-move generator (`generate`) on this CPU, one thread.
    cpu_generate_moves_per_s: f64,
    ratio_cpu: f64,
}

#[derive(Serialize, Default)]
struct PerftRow {
    sfen: String,
    depth: u32,
    leaves: u64,
    model_leaves_per_s: f64,
    fairy_stockfish_bulk_leaves_per_s: Option<f64>,
    /// The moves job's moves counted per second over fairy-stockfish's bulk leaves per second.
    chip_last_ply_over_fairy_stockfish: Option<f64>,
    /// Perft on chip: the perft walker's cycles and moves jobs, measured by a `JOB_PERFT` on
    /// the simulated board (Verilator) and equal to `model::shogi::walk::perft_walk`'s
    /// schedule; projected at the design's clock.
    walker_cycles: u64,
    walker_nodes: u64,
    walker_cycles_per_leaf: f64,
    walker_leaves_per_s: f64,
    walker_over_fairy_stockfish: Option<f64>,
    /// `rsshogi` on this CPU, one thread: every leaf made, and its own perft (bulk counting);
    /// the walker's leaves/s over each.
    rsshogi_leaves_per_s: f64,
    rsshogi_bulk_leaves_per_s: f64,
    walker_over_rsshogi: f64,
    walker_over_rsshogi_bulk: f64,
}

/// A perft split over `shogi-x2`'s cores by root move (`host::shogi::perft_split`), its time
/// from the perft walker's cycles per job (`model::shogi::walk::perft_walk`, the board's
/// count: `host/tests/shogi_cores.rs`) and the link's per job (`host::split::JobsLink`, kept
/// within 3% of the simulated board behind a USB bridge by the same tests).
#[derive(Serialize, Default)]
struct SplitRow {
    sfen: String,
    depth: u32,
    leaves: u64,
    jobs: usize,
    cores: usize,
    clock_mhz: f64,
    baud: u32,
    /// Whether `shogi perft` splits this tree (`host::shogi::worth_splitting`); else it runs
    /// on core 0.
    worth_splitting: bool,
    /// The jobs' cycles summed, and the board's time with the link.
    job_cycles: u64,
    elapsed_cycles: u64,
    split_leaves_per_s: f64,
    /// The `shogi` design (one core) on the same tree: one `JOB_PERFT` at its clock.
    one_core_leaves_per_s: f64,
    /// This CPU, one thread: the model's perft (every leaf generated: the best perft without
    /// bulk counting run here) and fairy-stockfish's `go perft` (bulk counting).
    model_leaves_per_s: f64,
    fairy_stockfish_bulk_leaves_per_s: Option<f64>,
    /// fairy-stockfish's count of the leaves, which is not always the table's: 53,399,737 at
    /// depth 3 of the 593-move position, 6,369 more than the table and the model.
    fairy_stockfish_leaves: Option<u64>,
    split_over_one_core: f64,
    /// Whether the design is built (`gateware::DesignSpec::built`); else `clock_mhz` is the
    /// clock its row asks, not a routed one.
    built: bool,
    split_over_model: f64,
    split_over_fairy_stockfish: Option<f64>,
    /// `rsshogi` on this CPU, one thread: every leaf made (the fastest perft without bulk
    /// counting run here), and its own perft (bulk counting); the split's leaves/s over each.
    rsshogi_leaves_per_s: f64,
    rsshogi_bulk_leaves_per_s: f64,
    split_over_rsshogi: f64,
    split_over_rsshogi_bulk: f64,
}

/// Leaves a second of `rsshogi` 1.7.3 (crates.io, MIT; bitboards, magic slider attacks and
/// incremental state after YaneuraOu: the fastest Rust shogi move generator on crates.io that
/// we could build here), this CPU, one thread, each count checked against `leaves`:
/// (every leaf made: each last-ply move applied and undone, the same work as the model's
/// perft; its own `compute_perft`, which counts the last ply in bulk and, by default, the
/// last two plies' leaves from the generated lists).
fn rsshogi_perft(sfen: &str, depth: u32, leaves: u64) -> Result<(f64, f64)> {
    use rsshogi::board::{generate_legal_all_move32, perft::compute_perft, Move32List};
    fn made(pos: &mut rsshogi::board::Position, depth: u32, lists: &mut [Move32List]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let (list, rest) = lists.split_last_mut().expect("a list a ply");
        list.clear();
        generate_legal_all_move32(pos, list);
        let mut n = 0;
        for &m in list.iter() {
            pos.apply_move32(m);
            n += made(pos, depth - 1, rest);
            pos.undo_move32(m).expect("the move just applied");
        }
        n
    }
    let sfen_words = sfen.strip_prefix("sfen ").unwrap_or(sfen);
    let mut pos = rsshogi::board::position_from_sfen(sfen_words)
        .map_err(|e| anyhow::anyhow!("rsshogi refuses {sfen}: {e}"))?;
    pos.init_stack();
    let d = u8::try_from(depth).context("perft depth")?;
    let mut lists: Vec<Move32List> = (0..depth).map(|_| Move32List::new()).collect();
    let t = Instant::now();
    let every = made(&mut pos, depth, &mut lists);
    let every_s = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let bulk = compute_perft(&mut pos, d);
    let bulk_s = t.elapsed().as_secs_f64();
    if (every, bulk) != (leaves, leaves) {
        bail!(
            "{sfen} depth {depth}: rsshogi counts {every} leaves (every leaf made) and {bulk} \
             (bulk), the model {leaves}"
        );
    }
    Ok((leaves as f64 / every_s, leaves as f64 / bulk_s))
}

/// Debian's fairy-stockfish `go perft` in USI mode (bulk counting): (leaves, seconds), or None
/// if it is not installed.
fn fairy_perft(sfen: &str, depth: u32) -> Result<Option<(u64, f64)>> {
    super::engine_perft(
        &["fairy-stockfish", "/usr/games/fairy-stockfish"],
        &format!("usi\nsetoption name Threads value 1\nposition sfen {sfen}"),
        depth,
    )
}

/// Every board's cover table computed on the board behind `l`, each checked against the
/// model: the cycles a table (the same for every board), and the board's cycles the tables
/// took on the line.
fn tables_on_board(l: &mut Link<SimTransport>, boards: &[BoardData]) -> Result<(u64, u64)> {
    let (mut cycles, mut line_cycles) = (None, 0u64);
    for b in boards {
        let before = l.transport.board.cycles();
        let r = cover_on_board(l, b)?;
        line_cycles += l.transport.board.cycles() - before;
        if r.table != cover_table(b) {
            bail!(
                "the board's cover table of {} is not the model's",
                b.to_position().sfen()
            );
        }
        if cycles.is_some_and(|c| c != r.cycles) {
            bail!("the board's cycles per table vary");
        }
        cycles = Some(r.cycles);
    }
    Ok((cycles.context("no boards")?, line_cycles))
}

pub fn run(json: bool) -> Result<()> {
    if !sim::verilator::AVAILABLE {
        bail!("the shogi bench needs the Verilator backend (cargo xtask test installs verilator)");
    }
    let design = Design::Shogi;
    // The clock a board runs at: its passing ULX3S report's, else the row's.
    let clock = |d: Design| match super::ulx3s_clock_mhz(d) {
        Ok(f) => (f, "its ULX3S clock"),
        Err(_) => (ASSUMED_MHZ, "assumed: no ULX3S report yet"),
    };
    let (mhz, shogi_clock_from) = clock(design);
    // The tables on `shogi-cover`, the circuit alone at its own clock; the `shogi` design's
    // cycles a table are checked equal on the same boards below.
    let cover_design = Design::ShogiCover;
    let (cover_mhz, clock_from) = clock(cover_design);
    let baud = cover_design.default_baud();
    let mut boards: Vec<BoardData> = table_positions()
        .iter()
        .chain(&positions(RANDOM_SEED, RANDOM_BOARDS, 120))
        .map(BoardData::from_position)
        .collect();
    boards.dedup();
    let open = |d: Design| -> Result<Link<SimTransport>> {
        let mut l = Link::new(SimTransport::new(SimBoard::open(
            d,
            BackendKind::Verilator,
        )?));
        l.identify()?;
        Ok(l)
    };
    let mut lc = open(cover_design)?;
    let requests_before = lc.stats.requests;
    let (fast, line_cycles) = tables_on_board(&mut lc, &boards)?;
    let link_requests = lc.stats.requests - requests_before;
    let requests = link_requests as f64 / boards.len() as f64;
    let cu_design = Design::ShogiCoverCu;
    let cu_mhz = super::board_clock_mhz(cu_design, BoardId::AlchitryCu)?;
    let (one_scanner, _) = tables_on_board(&mut open(cu_design)?, &boards)?;
    let mut paper = PieceCoverCircuit::paper_order();
    paper.connect_all();
    let mut paper_cycles = None;
    for b in boards.iter().take(PAPER_ORDER_BOARDS) {
        let (_, c) = run_piece_cover(&mut paper, b)?;
        if paper_cycles.is_some_and(|p| p != c) {
            bail!("the paper-order circuit's cycles per table vary");
        }
        paper_cycles = Some(c);
    }
    let paper_cycles = paper_cycles.context("no boards")?;
    // The CPU: every board's table, CPU_REPEAT times, each function.
    let time = |f: &dyn Fn(&BoardData) -> u64| {
        let t = Instant::now();
        let mut sink = 0u64;
        for _ in 0..CPU_REPEAT {
            for b in &boards {
                sink = sink.wrapping_add(f(std::hint::black_box(b)));
            }
        }
        std::hint::black_box(sink);
        t.elapsed().as_secs_f64() * 1e6 / (CPU_REPEAT * boards.len()) as f64
    };
    let cpu_model = time(&|b| cover_table(b).0[40]);
    let cpu_scan = time(&|b| scan_cover_table(b).0[40]);
    let us = fast as f64 / cover_mhz;
    let paper_us = PAPER_CYCLES as f64 / PAPER_MHZ;
    let bit_times = line_cycles as f64 / gateware::CoreParams::sim().divisor as f64;
    let link_ms = link_seconds(bit_times, baud, link_requests) * 1e3 / boards.len() as f64;
    let cpu_best = cpu_model.min(cpu_scan);
    let row = CoverRow {
        boards: boards.len(),
        cycles_fast: fast,
        cycles_paper_order: paper_cycles,
        paper_cycles: PAPER_CYCLES,
        design: cover_design.name().to_string(),
        board: BoardId::Ulx3s.name().to_string(),
        clock_mhz: cover_mhz,
        us_per_table: us,
        shogi_clock_mhz: mhz,
        shogi_us_per_table: fast as f64 / mhz,
        paper_us_per_table: paper_us,
        speedup_over_paper: paper_us / us,
        cu_design: cu_design.name().to_string(),
        cycles_one_scanner: one_scanner,
        cu_clock_mhz: cu_mhz,
        cu_us_per_table: one_scanner as f64 / cu_mhz,
        cu_speedup_over_paper: paper_us / (one_scanner as f64 / cu_mhz),
        cu_ratio_cpu: cpu_best / (one_scanner as f64 / cu_mhz),
        baud,
        link_requests_per_table: requests,
        link_ms_per_table: link_ms,
        cpu_model_us_per_table: cpu_model,
        cpu_scan_us_per_table: cpu_scan,
        ratio_cpu: cpu_best / us,
        ratio_cpu_through_link: cpu_best / (link_ms * 1e3),
    };
    if json {
        println!("{}", serde_json::json!({ "cover": row }));
    } else {
        println!(
            "piece cover table, {} boards (the perft and tsume tables' positions, {} random), \
             each equal to the model's:",
            row.boards, RANDOM_BOARDS
        );
        println!(
            "  circuit: {} cycles (fast schedule), {} (the paper's order); the paper: 46",
            row.cycles_fast, row.cycles_paper_order
        );
        println!(
            "  {:.3} us a table on {} at {cover_mhz:.1} MHz ({clock_from}); the paper: \
             {paper_us:.2} us at {PAPER_MHZ} MHz: {:.1}x faster; inside the shogi design at \
             {mhz:.1} MHz ({shogi_clock_from}): {:.3} us",
            us, row.design, row.speedup_over_paper, row.shogi_us_per_table
        );
        println!(
            "  one scanner, one cover RAM ({} on the Alchitry Cu): {} cycles, {:.3} us a \
             table at {:.1} MHz: {:.1}x faster than the paper, {:.1}x the faster CPU function",
            row.cu_design,
            row.cycles_one_scanner,
            row.cu_us_per_table,
            row.cu_clock_mhz,
            row.cu_speedup_over_paper,
            row.cu_ratio_cpu
        );
        println!(
            "  CPU, one thread: {cpu_model:.2} us a table (model cover_table), {cpu_scan:.2} us \
             (the scans in software): the circuit is {:.1}x the faster",
            row.ratio_cpu
        );
        println!(
            "  through the link at {baud} baud: {link_ms:.1} ms a table (10 loads, a start, \
             a poll, a result, 18 reads: {requests:.0} requests, a USB round trip each): {:.5}x the CPU; tables are \
             for the on-chip search, not the host",
            row.ratio_cpu_through_link
        );
    }
    // The moves job on the `shogi` design: a count a board, checked, its cycles; first its
    // tables, which take the cycles they take on `shogi-cover`.
    let mut l = open(design)?;
    if tables_on_board(&mut l, &boards)?.0 != fast {
        bail!("the shogi design's cycles a table are not shogi-cover's {fast}");
    }
    let (mut legal, mut cycles, mut lo, mut hi) = (0u64, 0u64, u64::MAX, 0u64);
    for b in &boards {
        let (count, c) = count_on_board(&mut l, b)?;
        let want = generate(b).moves.len();
        if count as usize != want || c != moves_job_cycles(b) {
            bail!(
                "the board counts {count} moves in {c} cycles in {}; the model {want} in {}",
                b.to_position().sfen(),
                moves_job_cycles(b)
            );
        }
        (legal, cycles, lo, hi) = (legal + want as u64, cycles + c, lo.min(c), hi.max(c));
    }
    let t = Instant::now();
    let mut sink = 0usize;
    for _ in 0..CPU_REPEAT / 10 {
        for b in &boards {
            sink += generate(std::hint::black_box(b)).moves.len();
        }
    }
    let cpu_moves = sink as f64 / t.elapsed().as_secs_f64();
    let per_move = cycles as f64 / legal as f64;
    let chip_moves = mhz * 1e6 / per_move;
    let moves = MovesRow {
        boards: boards.len(),
        legal_moves: legal,
        cycles,
        cycles_per_job_min: lo,
        cycles_per_job_max: hi,
        cycles_per_move: per_move,
        clock_mhz: mhz,
        chip_moves_per_s: chip_moves,
        cpu_generate_moves_per_s: cpu_moves,
        ratio_cpu: chip_moves / cpu_moves,
    };
    if json {
        println!("{}", serde_json::json!({ "moves": moves }));
    } else {
        println!(
            "all-move generator (the moves job), the same {} boards, each count equal to the \
             model's:",
            moves.boards
        );
        println!(
            "  {} legal moves in {} cycles ({}-{} a job): {:.3} cycles a move; at {mhz:.1} MHz \
             {:.1}M moves counted a second (a perft's last ply, the link left out)",
            legal,
            cycles,
            lo,
            hi,
            per_move,
            chip_moves / 1e6
        );
        println!(
            "  CPU, one thread, the model's generator: {:.2}M moves a second: the circuit is \
             {:.1}x",
            cpu_moves / 1e6,
            moves.ratio_cpu
        );
    }
    let table = perft_table();
    if !json {
        println!(
            "perft on this CPU, one thread, against the moves job's count rate and the perft \
             walker (a JOB_PERFT on the simulated board, its cycles projected at {mhz:.1} MHz):"
        );
        println!(
            "{:<8} {:>5} {:>10} {:>12} {:>12} {:>15} {:>18} {:>14} {:>11} {:>12} {:>14} {:>12} {:>17}",
            "position",
            "depth",
            "leaves",
            "model l/s",
            "rsshogi l/s",
            "rsshogi bulk",
            "fairy-sf bulk l/s",
            "count/fairy",
            "walk cyc/l",
            "walk l/s",
            "walk/fairy-sf",
            "walk/rsshogi",
            "walk/rsshogi bulk"
        );
    }
    for (i, depth) in PERFT_RUNS {
        let sfen = &table[i].sfen;
        let pos = Position::from_sfen(sfen)?;
        let t = Instant::now();
        let leaves = perft(&pos, depth);
        let model_rate = leaves as f64 / t.elapsed().as_secs_f64();
        let fsf = fairy_perft(sfen, depth)?;
        if let Some((n, _)) = fsf {
            if n != leaves {
                bail!("{sfen}: the model counts {leaves} leaves at depth {depth}, fairy-stockfish {n}");
            }
        }
        let board = BoardData::from_position(&pos);
        let walk = perft_walk(&board, depth);
        let on_board = perft_on_board(&mut l, &board, depth, |_| {})?;
        if (on_board.leaves, on_board.nodes, on_board.cycles) != (leaves, walk.nodes, walk.cycles) {
            bail!(
                "{sfen} depth {depth}: the board's perft job counts {} leaves, {} moves jobs, \
                 {} cycles; the model {leaves} leaves, its walk {} moves jobs, {} cycles",
                on_board.leaves,
                on_board.nodes,
                on_board.cycles,
                walk.nodes,
                walk.cycles
            );
        }
        let walk_rate = leaves as f64 * mhz * 1e6 / walk.cycles as f64;
        let (rs, rs_bulk) = rsshogi_perft(sfen, depth, leaves)?;
        let row = PerftRow {
            sfen: sfen.clone(),
            depth,
            leaves,
            model_leaves_per_s: model_rate,
            fairy_stockfish_bulk_leaves_per_s: fsf.map(|(n, s)| n as f64 / s),
            chip_last_ply_over_fairy_stockfish: fsf.map(|(n, s)| chip_moves / (n as f64 / s)),
            walker_cycles: walk.cycles,
            walker_nodes: walk.nodes,
            walker_cycles_per_leaf: walk.cycles as f64 / leaves as f64,
            walker_leaves_per_s: walk_rate,
            walker_over_fairy_stockfish: fsf.map(|(n, s)| walk_rate / (n as f64 / s)),
            rsshogi_leaves_per_s: rs,
            rsshogi_bulk_leaves_per_s: rs_bulk,
            walker_over_rsshogi: walk_rate / rs,
            walker_over_rsshogi_bulk: walk_rate / rs_bulk,
        };
        if json {
            println!("{}", serde_json::to_string(&row)?);
        } else {
            let m = |x: f64| format!("{:.2}M", x / 1e6);
            let x = |r: Option<f64>| r.map(|r| format!("{r:.2}x")).unwrap_or_else(|| "-".into());
            println!(
                "{:<8} {:>5} {:>10} {:>12} {:>12} {:>15} {:>18} {:>14} {:>11.3} {:>12} {:>14} {:>11.2}x {:>16.2}x",
                format!("#{i}"),
                depth,
                leaves,
                m(model_rate),
                m(rs),
                m(rs_bulk),
                row.fairy_stockfish_bulk_leaves_per_s
                    .map(m)
                    .unwrap_or_else(|| "absent".into()),
                x(row.chip_last_ply_over_fairy_stockfish),
                row.walker_cycles_per_leaf,
                m(walk_rate),
                x(row.walker_over_fairy_stockfish),
                row.walker_over_rsshogi,
                row.walker_over_rsshogi_bulk
            );
        }
    }
    split_runs(json, mhz)
}

/// The perfts of [`SPLIT_RUNS`] split over `shogi-x2`'s cores, against one `shogi` core at
/// `one_core_mhz` and this CPU.
fn split_runs(json: bool, one_core_mhz: f64) -> Result<()> {
    let design = Design::ShogiX2;
    let mhz = super::ulx3s_clock_mhz(design)?;
    let baud = design.default_baud();
    let cores = match design.core() {
        gateware::CoreKind::Shogi { cores, .. } => cores,
        _ => bail!("{} is not a shogi design", design.name()),
    };
    let link = JobsLink::of::<ShogiPerft>(mhz * 1e6, baud, cores);
    if !json {
        println!(
            "perft split by root move over {} ({cores} cores, {mhz:.1} MHz{}, {baud} baud, \
             each job's position loaded with it), the link counted; one `shogi` core at \
             {one_core_mhz:.1} MHz; this CPU, one thread:",
            design.name(),
            if design.built() {
                ""
            } else {
                ": not built, the clock its row asks"
            }
        );
        println!(
            "{:<8} {:>5} {:>11} {:>5} {:>6} {:>14} {:>12} {:>12} {:>12} {:>12} {:>14} {:>15} {:>12} {:>14} {:>14} {:>18}",
            "position",
            "depth",
            "leaves",
            "jobs",
            "split?",
            "elapsed cyc",
            "split l/s",
            "1 core l/s",
            "model l/s",
            "rsshogi l/s",
            "rsshogi bulk",
            "fairy-sf bulk",
            "split/model",
            "split/fairy-sf",
            "split/rsshogi",
            "split/rsshogi bulk"
        );
    }
    let table = perft_table();
    for (i, depth) in SPLIT_RUNS {
        let sfen = &table[i].sfen;
        let pos = Position::from_sfen(sfen)?;
        let board = BoardData::from_position(&pos);
        let walks: Vec<_> = generate(&board)
            .moves
            .iter()
            .map(|&m| perft_walk(&board.play(m), depth - 1))
            .collect();
        let leaves: u64 = walks.iter().map(|w| w.leaves).sum();
        let cycles: Vec<u64> = walks.iter().map(|w| w.cycles).collect();
        let elapsed = link.elapsed(&cycles, cores);
        let one_core = perft_walk(&board, depth);
        let t = Instant::now();
        let model = perft(&pos, depth);
        let model_rate = model as f64 / t.elapsed().as_secs_f64();
        let fsf = fairy_perft(sfen, depth)?;
        if model != leaves || one_core.leaves != leaves {
            bail!(
                "{sfen} depth {depth}: the split's walks count {leaves}, one walk {}, the \
                 model {model}",
                one_core.leaves
            );
        }
        let split_rate = leaves as f64 * mhz * 1e6 / elapsed as f64;
        let (rs, rs_bulk) = rsshogi_perft(sfen, depth, leaves)?;
        let one_core_rate = leaves as f64 * one_core_mhz * 1e6 / one_core.cycles as f64;
        let fsf_rate = fsf.map(|(n, s)| n as f64 / s);
        let row = SplitRow {
            sfen: sfen.clone(),
            depth,
            leaves,
            jobs: walks.len(),
            cores,
            clock_mhz: mhz,
            baud,
            worth_splitting: worth_splitting(&board, depth, link.per_job()),
            job_cycles: cycles.iter().sum(),
            elapsed_cycles: elapsed,
            split_leaves_per_s: split_rate,
            one_core_leaves_per_s: one_core_rate,
            split_over_one_core: split_rate / one_core_rate,
            built: design.built(),
            model_leaves_per_s: model_rate,
            fairy_stockfish_bulk_leaves_per_s: fsf_rate,
            fairy_stockfish_leaves: fsf.map(|f| f.0),
            split_over_model: split_rate / model_rate,
            split_over_fairy_stockfish: fsf_rate.map(|f| split_rate / f),
            rsshogi_leaves_per_s: rs,
            rsshogi_bulk_leaves_per_s: rs_bulk,
            split_over_rsshogi: split_rate / rs,
            split_over_rsshogi_bulk: split_rate / rs_bulk,
        };
        if json {
            println!("{}", serde_json::json!({ "split": row }));
        } else {
            let m = |x: f64| format!("{:.2}M", x / 1e6);
            println!(
                "{:<8} {:>5} {:>11} {:>5} {:>6} {:>14} {:>12} {:>12} {:>12} {:>12} {:>14} {:>15} {:>11.2}x {:>14} {:>13.2}x {:>17.2}x",
                format!("#{i}"),
                depth,
                leaves,
                row.jobs,
                if row.worth_splitting { "yes" } else { "no" },
                elapsed,
                m(split_rate),
                m(row.one_core_leaves_per_s),
                m(model_rate),
                m(rs),
                m(rs_bulk),
                fsf_rate.map(m).unwrap_or_else(|| "absent".into()),
                row.split_over_model,
                row.split_over_fairy_stockfish
                    .map(|r| format!("{r:.2}x"))
                    .unwrap_or_else(|| "-".into()),
                row.split_over_rsshogi,
                row.split_over_rsshogi_bulk
            );
            if let Some(n) = row.fairy_stockfish_leaves.filter(|&n| n != leaves) {
                println!(
                    "  fairy-stockfish counts {n} leaves there, the table and the model {leaves}"
                );
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_keys_are_documented() {
        let doc = "docs/shogi.md";
        super::super::assert_keys_documented(Some("cover"), &CoverRow::default(), doc);
        super::super::assert_keys_documented(Some("moves"), &MovesRow::default(), doc);
        super::super::assert_keys_documented(None, &PerftRow::default(), doc);
        super::super::assert_keys_documented(Some("split"), &SplitRow::default(), doc);
    }
}
