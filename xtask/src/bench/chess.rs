//! `cargo xtask bench chess`: perft counted on chip against CPU perft, in the same run.
//!
//! Per position of the perft table (the six standard ones, at a depth the simulated board
//! runs in a minute or less): leaves and cycles on the simulated `chess` board (Verilator),
//! cycles per leaf, the leaves/s of one job on one core (a thread of the 4-slow unit: one clock
//! in four) at the core clock of the committed synthesis report; then on
//! this CPU, one thread: `shakmaty` 0.30.1 perft without bulk counting (every leaf made, the
//! same work as the chip) and Debian's `stockfish` `go perft` (which counts the last ply in
//! bulk: labelled so), each as a ratio to the board; and the chess design with the most cores
//! (simulated, each perft shared out on chip over its cores, one job a core, the link's time
//! counted: its bytes and its USB round trips). Last, the paper's own unit: the
//! generator's cycles per generated (pseudo-legal) move over seeded random positions, and the
//! generated moves per second at the core clock (the paper: about 4 cycles and 8 million moves
//! a second at 33 MHz). `--json`: one object per position, then one `generator` object.

use anyhow::{bail, Context, Result};
use gateware::Design;
use host::chess::{perft_on_board, perft_split};
use host::{Link, SimTransport};
use model::chess::generator::generate;
use model::chess::random::{positions as random_positions, table_positions};
use serde::Serialize;
use shakmaty::{fen::Fen, CastlingMode, Chess, Position as _};
use sim::{BackendKind, SimBoard};
use std::time::Instant;

/// (table position index, depth): 2-16 million leaves each, a minute or less on the simulated
/// board (the multi-core design's jobs cost the link a few ms together:
/// `host::split::JobsLink`).
const RUNS: [(usize, u32); 6] = [(0, 5), (1, 4), (2, 6), (3, 5), (5, 4), (6, 4)];

#[derive(Serialize, Default)]
struct Row {
    fen: String,
    depth: u32,
    leaves: u64,
    cycles: u64,
    cycles_per_leaf: f64,
    board: String,
    clock_mhz: f64,
    board_leaves_per_s: f64,
    shakmaty_leaves_per_s: f64,
    /// Board leaves/s over shakmaty's.
    ratio_shakmaty: f64,
    /// The multi-core design (the chess design with the most cores, the perft shared out on chip): its board time
    /// (cores in parallel, the link's time per job), leaves/s at its clock, ratio to shakmaty.
    multi_design: String,
    multi_clock_mhz: f64,
    multi_elapsed_cycles: u64,
    /// Jobs (one share of the tree a core), and the cores' work over their time (the summed
    /// cycles over the cores times the board time: below 1 for the link's time, the shares'
    /// imbalance and their walks above the share's ply).
    multi_jobs: usize,
    multi_efficiency: f64,
    multi_leaves_per_s: f64,
    ratio_multi_shakmaty: f64,
    /// `go perft` of Stockfish (bulk counting at the last ply), leaves/s; none if absent.
    stockfish_bulk_leaves_per_s: Option<f64>,
    ratio_stockfish_bulk: Option<f64>,
}

/// The generator in the paper's unit (section 5: generated moves, pseudo-legal).
#[derive(Serialize, Default)]
struct GeneratorRow {
    positions: usize,
    generated_moves: u64,
    generator_cycles: u64,
    cycles_per_move: f64,
    clock_mhz: f64,
    moves_per_s: f64,
}

/// Seeded random positions for the generator figure (the ones the block tests draw from).
const GENERATOR_SEED: u64 = 0xbe4c_0001;
const GENERATOR_POSITIONS: usize = 3000;

/// Leaves of shakmaty's perft, every leaf made (no bulk counting).
fn shakmaty_perft(pos: &Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for m in pos.legal_moves() {
        let mut next = pos.clone();
        next.play_unchecked(m);
        n += shakmaty_perft(&next, depth - 1);
    }
    n
}

/// Debian's Stockfish `go perft` (bulk counting), timed: (leaves, seconds), or None if it is
/// not installed.
fn stockfish_perft(fen: &str, depth: u32) -> Result<Option<(u64, f64)>> {
    super::engine_perft(
        &["stockfish", "/usr/games/stockfish"],
        &format!("uci\nsetoption name Threads value 1\nposition fen {fen}"),
        depth,
    )
}

pub fn run(json: bool) -> Result<()> {
    if !sim::verilator::AVAILABLE {
        bail!("the chess bench needs the Verilator backend (cargo xtask test installs verilator)");
    }
    let design = Design::Chess;
    let board = design
        .boards()
        .next()
        .context("chess is built for no board")?;
    let mhz = super::ulx3s_clock_mhz(design)?;
    let mut l = Link::new(SimTransport::new(SimBoard::open(
        design,
        BackendKind::Verilator,
    )?));
    let (multi_cores, multi) = Design::ALL
        .into_iter()
        .filter_map(|d| match d.spec().core {
            gateware::CoreKind::Chess { cores } => Some((cores, d)),
            _ => None,
        })
        .max_by_key(|&(cores, _)| cores)
        .context("no chess design")?;
    let multi_mhz = super::ulx3s_clock_mhz(multi)?;
    let mut lm = Link::new(SimTransport::new(SimBoard::open(
        multi,
        BackendKind::Verilator,
    )?));
    let positions = table_positions();
    if !json {
        println!(
            "{:<8} {:>5} {:>9} {:>10} {:>7} {:>12} {:>12} {:>7} {:>12} {:>7} {:>7} {:>12} {:>7}",
            "position",
            "depth",
            "leaves",
            "cycles",
            "c/leaf",
            "board l/s",
            "shakmaty",
            "ratio",
            "multi l/s",
            "eff",
            "ratio",
            "sf bulk",
            "ratio"
        );
    }
    for (i, depth) in RUNS {
        let pos = &positions[i];
        let fen = pos.fen();
        let r = perft_on_board(&mut l, pos, depth, |_| {})?;
        let theirs: Chess =
            Fen::from_ascii(fen.as_bytes())?.into_position(CastlingMode::Standard)?;
        let t = Instant::now();
        let n = shakmaty_perft(&theirs, depth);
        let shakmaty_s = t.elapsed().as_secs_f64();
        if n != r.leaves {
            bail!("{fen}: the board counted {} leaves, shakmaty {n}", r.leaves);
        }
        let board_rate =
            r.leaves as f64 / (r.cycles as f64 * f64::from(design.threads()) / (mhz * 1e6));
        let shakmaty_rate = n as f64 / shakmaty_s;
        let sf = stockfish_perft(&fen, depth)?;
        if let Some((sn, _)) = sf {
            if sn != r.leaves {
                bail!(
                    "{fen}: the board counted {} leaves, stockfish {sn}",
                    r.leaves
                );
            }
        }
        let sf_rate = sf.map(|(sn, s)| sn as f64 / s);
        let split = perft_split(&mut lm, pos, depth, false, |_| {})?;
        if split.leaves != r.leaves {
            bail!(
                "{fen}: {} counted {} leaves, {} {}",
                multi.name(),
                split.leaves,
                design.name(),
                r.leaves
            );
        }
        let multi_rate = split.leaves as f64
            / (split.elapsed_cycles as f64 * f64::from(multi.threads()) / (multi_mhz * 1e6));
        let row = Row {
            fen: fen.clone(),
            depth,
            leaves: r.leaves,
            cycles: r.cycles,
            cycles_per_leaf: r.cycles as f64 / r.leaves as f64,
            board: board.name().to_string(),
            clock_mhz: mhz,
            board_leaves_per_s: board_rate,
            shakmaty_leaves_per_s: shakmaty_rate,
            ratio_shakmaty: board_rate / shakmaty_rate,
            multi_design: multi.name().to_string(),
            multi_clock_mhz: multi_mhz,
            multi_elapsed_cycles: split.elapsed_cycles,
            multi_jobs: split.jobs,
            multi_efficiency: split.cycles as f64
                / (split.cores as f64 * split.elapsed_cycles.max(1) as f64),
            multi_leaves_per_s: multi_rate,
            ratio_multi_shakmaty: multi_rate / shakmaty_rate,
            stockfish_bulk_leaves_per_s: sf_rate,
            ratio_stockfish_bulk: sf_rate.map(|s| board_rate / s),
        };
        if json {
            println!("{}", serde_json::to_string(&row)?);
        } else {
            let m = |x: f64| format!("{:.2}M", x / 1e6);
            println!(
                "{:<8} {:>5} {:>9} {:>10} {:>7.2} {:>12} {:>12} {:>7.2} {:>12} {:>7.2} {:>7.2} {:>12} {:>7}",
                format!("#{i}"),
                depth,
                row.leaves,
                row.cycles,
                row.cycles_per_leaf,
                m(board_rate),
                m(shakmaty_rate),
                row.ratio_shakmaty,
                m(multi_rate),
                row.multi_efficiency,
                row.ratio_multi_shakmaty,
                sf_rate.map(m).unwrap_or_else(|| "absent".into()),
                row.ratio_stockfish_bulk
                    .map(|r| format!("{r:.3}"))
                    .unwrap_or_default()
            );
        }
    }
    // The paper's unit, from the reference generator (the board equals it cycle for cycle:
    // `sim/tests/chess_blocks.rs`).
    let (mut moves, mut cycles) = (0u64, 0u64);
    let gen_positions = random_positions(GENERATOR_SEED, GENERATOR_POSITIONS, 120);
    for p in &gen_positions {
        let g = generate(p);
        moves += g.moves.len() as u64;
        cycles += g.cycles;
    }
    let g = GeneratorRow {
        positions: gen_positions.len(),
        generated_moves: moves,
        generator_cycles: cycles,
        cycles_per_move: cycles as f64 / moves as f64,
        clock_mhz: mhz,
        moves_per_s: moves as f64 / (cycles as f64 * f64::from(design.threads()) / (mhz * 1e6)),
    };
    if json {
        println!("{}", serde_json::json!({ "generator": g }));
    } else {
        println!(
            "generator: {:.2} cycles per generated move ({} moves, {} cycles, {} random positions), \
             {:.2}M moves/s a thread at {mhz} MHz (a thread's cycle is {t} clocks; a unit runs \
             {t}); the paper: about 4 cycles, 8M moves/s at 33 MHz",
            g.cycles_per_move,
            g.generated_moves,
            g.generator_cycles,
            g.positions,
            g.moves_per_s / 1e6,
            t = design.threads(),
        );
    }
    if !json {
        println!(
            "board: {} at {mhz} MHz (docs/synth/{}-{}.json), one job on one core (a thread: one \
             clock in {t}; the unit runs {t}); multi: {} at {multi_mhz} MHz, {} cores ({} units), \
             each perft shared out on chip (one job a core), the link's time counted (its bytes \
             and {} USB round trips of {} ms for the jobs one poll finds done, the starts in one \
             more); CPU: one thread of this machine",
            board.name(),
            design.name(),
            board.name(),
            multi.name(),
            multi_cores,
            multi_cores as u32 / design.threads(),
            host::split::BATCHED_EXCHANGES_PER_JOB,
            host::split::USB_ROUND_TRIP_S * 1e3,
            t = design.threads(),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_keys_are_documented() {
        super::super::assert_keys_documented(None, &Row::default(), "docs/chess.md");
        let g = GeneratorRow::default();
        super::super::assert_keys_documented(Some("generator"), &g, "docs/chess.md");
    }
}
