//! `cargo xtask bench connect6`: the paper's player on chip (the `connect6` design) against
//! this CPU, in the same run.
//!
//! * On the simulated board (Verilator): seeded games of the board against the model's
//!   baseline opponent, the board Black in the even games, played as `connect6 engine --sim`
//!   plays them (`host::connect6::BoardPlayer`: the opponent's stones put by the job, the
//!   rows written once). Every decision's stones and cycles are checked against the model
//!   (`protocol::expected_job`: `selector::decide` and `protocol::job_cycles`). Per game: the
//!   decisions, mean and worst cycles, the result.
//! * A decision's time at the design's ULX3S clock (its committed synthesis report's, else an
//!   assumed clock, said so), and the link's time: the decision's frames at the design's baud
//!   rate and a USB round trip a request (`host::split::USB_ROUND_TRIP_S`).
//! * The CPU, one thread, the same positions: the model's paper player (`expected_job`, the
//!   software of the same decision, `selector::decide_with_cycles` once) and the threat
//!   player (`threat::decide`, the stronger software player); the ratio is the software's
//!   time over the board's (without the link, and with it).
//!
//! * The threat player (`threat::decide`, the model on this CPU) against the baseline,
//!   [`MATCH_GAMES`] seeded games: its wins, losses and draws, its time a move.
//!
//! * The winning-pair search block (`gateware::connect6::winning_pair_search`, past the paper):
//!   on the positions of [`PAIR_GAMES`] seeded baseline games, for each side without a
//!   threat, all its winning pairs; the block's cycles from its model
//!   (`pair_search::search`, which `sim/tests/connect6_blocks.rs` holds equal to the block,
//!   cycle for cycle) at the design's clock, against the model's own search on this CPU
//!   (`threat::winning_pairs`, the threat player's) timed in the same run.
//!
//! * The line scorer block (`gateware::connect6::line_scorer`, past the paper): on the same
//!   positions, for each side, every point's line score and the best empty point; the block's
//!   cycles (its model's, `line_scan::CYCLES`, which the block test holds equal) at the
//!   design's clock, against the threat player's own choice on this CPU
//!   (`threat::best_point` over the empty points) timed in the same run.
//!
//! * The forcing search block (`gateware::connect6::forcing_search`, past the paper): on the
//!   same positions, each side without a threat, a pair that wins within one forcing turn;
//!   the block's cycles (its model's, `forcing_search::search_forced`, which the block test
//!   holds equal) at the design's clock, against the threat player's own search on this CPU
//!   (`threat::forced_win`, one forcing turn deep) timed in the same run, the answers equal.
//!
//! * The `connect6-threat` design (the threat player's turn on chip, past the paper) on the
//!   simulated board against the baseline, [`THREAT_BOARD_GAMES`] seeded games, played as
//!   `connect6 engine --sim --design connect6-threat` plays them: every turn's stones, step
//!   and cycles checked against the model (`threat_design::expected_turn_job`), the turn's
//!   time at the design's clock and through the link, against the same steps on this CPU.
//!   Then [`TIMED_GAMES`] games within the engine's move clock (`BoardPlayer::timed_turn`):
//!   each turn the model's within the budget the clock chose, the moves' wall-clock times.
//!
//! `--json`: one object per game, then a `total` object, then a `pair_search` object, then a
//! `line_scan` object, then a `forcing_search` object a depth, then `blocker`,
//! `preparation`, `turn`, `threat_board` and `timed_board` objects, then a `match` object
//! (docs/connect6.md, the bench).

use anyhow::{bail, Result};
use gateware::Design;
use host::connect6::{threat_clock_hz, BoardPlayer, MoveClock};
use host::split::link_seconds;
use host::{Link, SimTransport};
use model::connect6::baseline::Baseline;
use model::connect6::protocol::expected_job;
use model::connect6::protocol::threat_design::{expected_turn_job, expected_turn_job_parts};
use model::connect6::{
    blocker, forcing_search, line_scan, pair_search, prepare, random, threat, turn, Board, Color,
    Game, Outcome, Point,
};
use serde::Serialize;
use sim::{BackendKind, SimBoard};
use std::time::Instant;

/// Games of the bench, and the turns a game may last.
const GAMES: u64 = 10;
const MAX_TURNS: usize = 120;
/// The clock assumed while the design has no ULX3S report.
const ASSUMED_MHZ: f64 = 25.0;

#[derive(Serialize, Default)]
struct Row {
    game: String,
    /// `"black"` or `"white"`: the board's colour.
    board_plays: String,
    /// `"board"`, `"baseline"` or `"draw"` (also when the turn limit ends the game).
    winner: String,
    turns: usize,
    decisions: u64,
    cycles: u64,
    mean_cycles: f64,
    worst_cycles: u64,
    clock_mhz: f64,
    board_us: f64,
    link_requests: u64,
    link_ms: f64,
    paper_cpu_us: f64,
    threat_cpu_us: f64,
    /// The paper player's time on the CPU over the board's (the link left out).
    ratio_cpu: f64,
    /// The same with the link's time on the board's side.
    ratio_cpu_through_link: f64,
}

pub fn run(json: bool) -> Result<()> {
    if !sim::verilator::AVAILABLE {
        bail!(
            "the connect6 bench needs the Verilator backend (cargo xtask test installs verilator)"
        );
    }
    let design = Design::Connect6;
    let (mhz, clock_from) = match super::ulx3s_clock_mhz(design) {
        Ok(f) => (f, "its ULX3S clock".to_string()),
        Err(_) => (
            ASSUMED_MHZ,
            "assumed: the design is not placed on a board yet".to_string(),
        ),
    };
    let baud = design.default_baud();
    let mut player = BoardPlayer::new(Link::new(SimTransport::new(SimBoard::open(
        design,
        BackendKind::Verilator,
    )?)));
    player.link.identify()?;
    if !json {
        println!(
            "the paper's player on chip (the connect6 design on the simulated board, cycles at \
             {mhz:.1} MHz, {clock_from}) against the model's baseline, and the same decisions \
             in software on this CPU, one thread:"
        );
        println!(
            "{:<5} {:>6} {:>9} {:>6} {:>5} {:>8} {:>6} {:>8} {:>8} {:>10} {:>10} {:>8}",
            "game",
            "board",
            "winner",
            "turns",
            "dec",
            "mean cy",
            "worst",
            "board us",
            "link ms",
            "paper us",
            "threat us",
            "cpu/brd"
        );
    }
    let mut total = Row {
        game: "total".into(),
        clock_mhz: mhz,
        ..Row::default()
    };
    let mut wins = 0;
    for g in 0..GAMES {
        let board_colour = if g % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let mut baseline = Baseline::new(g);
        let mut game = Game::new();
        let mut row = Row {
            game: g.to_string(),
            board_plays: board_colour.name().to_string(),
            clock_mhz: mhz,
            ..Row::default()
        };
        while game.outcome().is_none() && game.turns().len() < MAX_TURNS {
            let stones: Vec<Point> = if game.to_move() == board_colour {
                let (r, requests, link_ms) = on_the_line(&mut player, baud, |p| p.decide(&game))?;
                // The software's decision, timed: the model's player and its job cycles.
                let t = Instant::now();
                let want = expected_job(&game, player.last_put);
                row.paper_cpu_us += t.elapsed().as_secs_f64() * 1e6;
                let (want, want_cycles) = (want.stones, want.cycles);
                let t = Instant::now();
                let _ = threat::decide(&game);
                row.threat_cpu_us += t.elapsed().as_secs_f64() * 1e6;
                if r.stones != want || r.cycles != want_cycles {
                    bail!(
                        "game {g}, turn {}: the board places {:?} in {} cycles, the model {want:?} \
                         in {want_cycles}",
                        game.turns().len(),
                        r.stones,
                        r.cycles
                    );
                }
                row.decisions += 1;
                row.cycles += r.cycles;
                row.worst_cycles = row.worst_cycles.max(r.cycles);
                row.link_requests += requests;
                row.link_ms += link_ms;
                r.stones.iter().map(|&(p, _)| p).collect()
            } else {
                baseline.choose(&game)
            };
            game.play(&stones)?;
        }
        row.turns = game.turns().len();
        row.winner = match game.outcome() {
            Some(Outcome::Win(c)) if c == board_colour => {
                wins += 1;
                "board".into()
            }
            Some(Outcome::Win(_)) => "baseline".into(),
            _ => "draw".into(),
        };
        finish(&mut row, mhz);
        total.decisions += row.decisions;
        total.cycles += row.cycles;
        total.worst_cycles = total.worst_cycles.max(row.worst_cycles);
        total.link_requests += row.link_requests;
        total.link_ms += row.link_ms;
        total.paper_cpu_us += row.paper_cpu_us;
        total.threat_cpu_us += row.threat_cpu_us;
        total.turns += row.turns;
        if json {
            println!("{}", serde_json::to_string(&row)?);
        } else {
            let per = |x: f64| x / row.decisions.max(1) as f64;
            println!(
                "{:<5} {:>6} {:>9} {:>6} {:>5} {:>8.0} {:>6} {:>8.1} {:>8.2} {:>10.1} {:>10.1} {:>8.1}",
                row.game,
                row.board_plays,
                row.winner,
                row.turns,
                row.decisions,
                row.mean_cycles,
                row.worst_cycles,
                per(row.board_us),
                per(row.link_ms),
                per(row.paper_cpu_us),
                per(row.threat_cpu_us),
                row.ratio_cpu
            );
        }
    }
    total.winner = format!("board {wins} of {GAMES}");
    finish(&mut total, mhz);
    let ps = pair_search_bench(mhz);
    let ls = line_scan_bench(mhz);
    let fss: Vec<ForcingSearchRow> = (1..=forcing_search::MAX_TURNS)
        .map(|turns| forcing_search_bench(mhz, turns))
        .collect();
    let bl = blocker_bench(mhz);
    let pr = preparation_bench(mhz);
    let threat_design = Design::Connect6Threat;
    let threat_mhz = super::ulx3s_clock_mhz(threat_design)?;
    let tu = turn_bench(threat_mhz);
    let tb = threat_board_bench(threat_design, threat_mhz)?;
    let tt = timed_board_bench(threat_design)?;
    if json {
        println!("{}", serde_json::json!({ "total": total }));
        println!("{}", serde_json::json!({ "pair_search": ps }));
        println!("{}", serde_json::json!({ "line_scan": ls }));
        for fs in &fss {
            println!("{}", serde_json::json!({ "forcing_search": fs }));
        }
        println!("{}", serde_json::json!({ "blocker": bl }));
        println!("{}", serde_json::json!({ "preparation": pr }));
        println!("{}", serde_json::json!({ "turn": tu }));
        println!("{}", serde_json::json!({ "threat_board": tb }));
        println!("{}", serde_json::json!({ "timed_board": tt }));
        let m = threat_match(|_| {});
        println!("{}", serde_json::json!({ "match": m }));
        return Ok(());
    }
    let per = |x: f64| x / total.decisions.max(1) as f64;
    println!(
        "total: {} decisions, {:.0} cycles a decision (worst {}): {:.1} us at {mhz:.1} MHz, \
         {:.2} ms with the link ({:.1} requests a decision); the paper's player in software \
         {:.1} us a decision (the board {:.1}x faster; {:.3}x through the link), the threat \
         player {:.1} us; the board won {wins} of {GAMES} games against the baseline",
        total.decisions,
        total.mean_cycles,
        total.worst_cycles,
        per(total.board_us),
        per(total.link_ms),
        per(total.link_requests as f64),
        per(total.paper_cpu_us),
        total.ratio_cpu,
        total.ratio_cpu_through_link,
        per(total.threat_cpu_us),
    );
    println!(
        "the winning-pair search block (cycles from its model, which the block test holds \
         equal; at {mhz:.1} MHz, not yet in a design: its Fmax alone in docs/connect6.md) \
         on {} positions of {PAIR_GAMES} baseline games, all of a side's winning pairs: {} \
         pairs, {:.2} of them to the tester, {} forcing pairs streamed, {:.0} cycles a search \
         (worst {}): {:.1} us, the \
         worst {:.2} ms; the model's search (`threat::winning_pairs`, this CPU) {:.1} us a \
         search: the block {:.2}x the CPU",
        ps.positions,
        ps.pairs,
        ps.tests as f64 / ps.pairs.max(1) as f64,
        ps.forcing,
        ps.times.mean_cycles,
        ps.times.worst_cycles,
        ps.times.board_us,
        ps.times.worst_board_ms,
        ps.times.cpu_us,
        ps.times.ratio_cpu,
    );
    println!(
        "the line scorer block (cycles from its model, at {mhz:.1} MHz, not yet in a design) on \
         {} scans of the same positions (each side), every point's line score and the best: {} \
         cycles a scan, {:.1} us; the threat player's best line-score point on this CPU \
         (`threat::best_point`) {:.1} us: the block {:.2}x the CPU",
        ls.scans, ls.cycles, ls.board_us, ls.cpu_us, ls.ratio_cpu,
    );
    for fs in &fss {
        println!(
            "the forcing search block (the same way) on {} positions (each side without a \
             threat), a win within {} forcing turns: {} found ({} of them forcing pairs), {:.1} \
             searches a position, {:.0} cycles a position (worst {}): {:.1} us, the worst {:.2} \
             ms; the threat player's search on this CPU (`threat::forced_win`) {:.1} us, the \
             same answers: the block {:.2}x the CPU",
            fs.positions,
            fs.turns,
            fs.found,
            fs.forced,
            fs.searches as f64 / fs.positions.max(1) as f64,
            fs.times.mean_cycles,
            fs.times.worst_cycles,
            fs.times.board_us,
            fs.times.worst_board_ms,
            fs.times.cpu_us,
            fs.times.ratio_cpu,
        );
    }
    println!(
        "the threat blocker block (the same way) on {} positions where a side faces threats \
         ({} blocked by two stones, {} line-scored, {} lost): {:.0} cycles a block (worst {}): \
         {:.2} us; the threat player's block (`threat::threats`, `block_line_score`) on this \
         CPU {:.2} us, the same sets: the block {:.2}x the CPU",
        bl.positions,
        bl.pairs,
        bl.scored,
        bl.lost,
        bl.times.mean_cycles,
        bl.times.worst_cycles,
        bl.times.board_us,
        bl.times.cpu_us,
        bl.times.ratio_cpu,
    );
    println!(
        "the preparation block (the same way) on {} positions without a threat (every \
         {PREPARE_STEP}th side): a pair in {} ({} of them making a threat, {} cut by the \
         budget), {:.1} replies and {:.1} searches a position, {:.0} cycles (worst {}): {:.2} \
         ms at {mhz:.1} MHz (alone it places at 21.7), the worst {:.2} ms; the threat player's preparation (`threat::prepare`) on this \
         CPU {:.2} ms, a pair in {}, the same pair in {}: the block {:.2}x the CPU",
        pr.positions,
        pr.found,
        pr.by_threat,
        pr.exhausted,
        pr.replies as f64 / pr.positions.max(1) as f64,
        pr.searches as f64 / pr.positions.max(1) as f64,
        pr.times.mean_cycles,
        pr.times.worst_cycles,
        pr.times.board_us / 1e3,
        pr.times.worst_board_ms,
        pr.times.cpu_us / 1e3,
        pr.cpu_found,
        pr.same,
        pr.times.ratio_cpu,
    );
    println!(
        "the threat player's whole turn on chip (`model::connect6::turn`, which the sequencer's \
         block test holds equal: its blocks' models one after another) on the {} turns of the same games: \
         {} won, {} blocked, {} attacked, {} prepared, {} line-scored; {:.0} cycles a turn \
         (worst {}): {:.2} ms at {threat_mhz:.1} MHz (the connect6-threat design's), the worst {:.2} ms; the \
         same steps on this CPU (`decide_with`, the threat player's own functions; the same \
         stones in {} turns) {:.2} ms: the chip {:.2}x the CPU; the full threat player \
         (`threat::decide`) {:.2} ms",
        tu.turns,
        tu.steps[0],
        tu.steps[1],
        tu.steps[2],
        tu.steps[3],
        tu.steps[4],
        tu.times.mean_cycles,
        tu.times.worst_cycles,
        tu.times.board_us / 1e3,
        tu.times.worst_board_ms,
        tu.same,
        tu.times.cpu_us / 1e3,
        tu.times.ratio_cpu,
        tu.full_cpu_us / 1e3,
    );
    println!(
        "the connect6-threat design on the simulated board (Verilator) against the baseline, \
         {THREAT_BOARD_GAMES} games, colours alternating: {} wins, {} losses, {} draws, {} \
         stopped at {MAX_TURNS} turns; {} \
         turns on chip ({} won, {} blocked, {} attacked, {} prepared, {} line-scored; {} with \
         the opponent's stones put by the job), each the model's stones, step and cycles; \
         {:.0} cycles a turn (worst {}: scan {:.0}, block {:.0}, attack {:.0}, prepare {:.0}, \
         line score {:.0} a turn): {:.2} ms at {threat_mhz:.1} MHz, the worst {:.2} ms; \
         with the link ({:.1} requests a turn) {:.2} ms; the same steps on this CPU \
         (`decide_with`, the threat player's own functions; the same stones in {} turns) \
         {:.2} ms: the chip {:.2}x the CPU, {:.2}x through the link",
        tb.results.wins,
        tb.results.losses,
        tb.results.draws,
        tb.results.unfinished,
        tb.turns,
        tb.steps[0],
        tb.steps[1],
        tb.steps[2],
        tb.steps[3],
        tb.steps[4],
        tb.puts,
        tb.times.mean_cycles,
        tb.times.worst_cycles,
        tb.scan_cycles,
        tb.block_cycles,
        tb.attack_cycles,
        tb.prepare_cycles,
        tb.line_score_cycles,
        tb.times.board_us / 1e3,
        tb.times.worst_board_ms,
        tb.link_requests as f64 / tb.turns.max(1) as f64,
        tb.link_ms,
        tb.same,
        tb.times.cpu_us / 1e3,
        tb.times.ratio_cpu,
        tb.ratio_cpu_through_link,
    );
    println!(
        "the same design on the simulated board within the engine's move clock \
         (`connect6 engine --move-time {}`: a turn's budget of pairs from the board's measured \
         speed, {:.0} cycles a second), {TIMED_GAMES} games: {} wins, {} losses, {} draws, {} \
         stopped; {} turns, each the model's within its budget ({:.0} pairs on average, {} at \
         least; {} turns the stones of the chip's default budget), {} aborted at the deadline \
         and answered within no pairs; a move {:.0} ms on average, {:.0} ms at most",
        tt.move_time_s,
        tt.rate,
        tt.results.wins,
        tt.results.losses,
        tt.results.draws,
        tt.results.unfinished,
        tt.turns,
        tt.mean_budget,
        tt.min_budget,
        tt.same_as_default,
        tt.fallbacks,
        tt.mean_move_ms,
        tt.worst_move_ms,
    );
    println!(
        "the threat player (the model, this CPU) against the baseline, {MATCH_GAMES} games, \
         colours alternating, baseline seeds {MATCH_SEED}..={}:",
        MATCH_SEED + MATCH_GAMES - 1
    );
    let m = threat_match(|done| {
        if done % 10 == 0 {
            eprint!("\r{done} of {MATCH_GAMES} games");
        }
    });
    eprintln!();
    println!(
        "{} wins, {} losses, {} draws ({:.0}%); a move {:.1} ms on average, {:.0} ms at most \
         (the contests' limit: 1 s)",
        m.wins,
        m.losses,
        m.draws,
        100.0 * m.wins as f64 / m.games as f64,
        m.mean_move_ms,
        m.slowest_move_ms
    );
    Ok(())
}

/// Every position of the [`PAIR_GAMES`] baseline games, for each side: where the blocks past
/// the paper are measured.
fn bench_positions() -> Vec<(Board, Color)> {
    let mut out = Vec::new();
    for g in 0..PAIR_GAMES {
        let game = random::baseline_game(PAIR_SEED + g, 3, PAIR_TURNS);
        let mut replay = Game::new();
        for turn in game.turns() {
            replay
                .play(turn)
                .expect("a baseline game's turns are legal");
            for side in [Color::Black, Color::White] {
                out.push((replay.board().clone(), side));
            }
        }
    }
    out
}

/// A block's times, the same fields in each block's row: mean and worst cycles a run, the
/// clock, the block's mean µs and worst ms, the CPU's mean µs, the CPU's time over the block's.
#[derive(Serialize, Default)]
struct BlockTimes {
    mean_cycles: f64,
    worst_cycles: u64,
    clock_mhz: f64,
    board_us: f64,
    worst_board_ms: f64,
    cpu_us: f64,
    ratio_cpu: f64,
}

/// A block's times over `runs` runs of `cycles` cycles in all (the worst `worst`) at `mhz`,
/// and the CPU's `cpu_s` seconds for the same runs.
fn block_times(cycles: u64, worst: u64, runs: u64, cpu_s: f64, mhz: f64) -> BlockTimes {
    let n = runs.max(1) as f64;
    let mean_cycles = cycles as f64 / n;
    let board_us = mean_cycles / mhz;
    let cpu_us = cpu_s * 1e6 / n;
    BlockTimes {
        mean_cycles,
        worst_cycles: worst,
        clock_mhz: mhz,
        board_us,
        worst_board_ms: worst as f64 / mhz / 1e3,
        cpu_us,
        ratio_cpu: cpu_us / board_us.max(f64::MIN_POSITIVE),
    }
}

/// Baseline games whose positions the winning-pair search is measured on, and their turns.
const PAIR_GAMES: u64 = 6;
const PAIR_TURNS: usize = 40;
const PAIR_SEED: u64 = 0x9a1_5ea;

/// The winning-pair search block against the model's search on this CPU.
#[derive(Serialize, Default)]
struct PairSearchRow {
    /// Positions searched (a side without a threat, of the games' positions).
    positions: u64,
    /// Positions with a winning pair.
    with_pair: u64,
    /// The candidates' pairs.
    pairs: u64,
    /// Pairs the filter kept (tested by the pair tester), and candidates whose lines were
    /// gathered.
    tests: u64,
    gathers: u64,
    /// Tested pairs that are forcing and do not win (streamed with their blocks).
    forcing: u64,
    /// The block's times and the CPU's (`BlockTimes`; the CPU's function in the docs).
    #[serde(flatten)]
    times: BlockTimes,
}

/// Every position of [`PAIR_GAMES`] baseline games, both sides (those without a threat): all
/// winning pairs by the block's model (cycles) and by the threat player's search (timed).
fn pair_search_bench(mhz: f64) -> PairSearchRow {
    let mut row = PairSearchRow {
        ..PairSearchRow::default()
    };
    let (mut cycles, mut worst, mut cpu_s) = (0u64, 0u64, 0f64);
    for (board, side) in bench_positions() {
        let board = &board;
        let block = pair_search::search(board, side, false, pair_search::MAX_BUDGET);
        if block.own_threat {
            continue;
        }
        let t = Instant::now();
        let cpu = threat::winning_pairs(board, side);
        cpu_s += t.elapsed().as_secs_f64();
        assert_eq!(
            cpu.len() as u64,
            block.wins,
            "the block's model and the model agree"
        );
        row.positions += 1;
        row.with_pair += u64::from(block.wins > 0);
        row.pairs += block.pairs;
        row.tests += block.tested;
        row.gathers += block.gathers;
        row.forcing += block.forcing.len() as u64;
        cycles += block.cycles;
        worst = worst.max(block.cycles);
    }
    row.times = block_times(cycles, worst, row.positions, cpu_s, mhz);
    row
}

/// The line scorer block against the threat player's best line-score point on this CPU.
#[derive(Serialize, Default)]
struct LineScanRow {
    /// Scans: every position of the pair search's games, for each side.
    scans: u64,
    /// A scan's cycles (every scan's: the block's schedule is fixed).
    cycles: u64,
    clock_mhz: f64,
    board_us: f64,
    /// The CPU's time a scan (`threat::best_point` over the empty points), mean.
    cpu_us: f64,
    ratio_cpu: f64,
}

/// Every position of the [`PAIR_GAMES`] games, both sides: the best line-score point timed on
/// this CPU, the block's cycles from its model.
fn line_scan_bench(mhz: f64) -> LineScanRow {
    let mut row = LineScanRow {
        clock_mhz: mhz,
        cycles: line_scan::CYCLES,
        ..LineScanRow::default()
    };
    let mut cpu_s = 0f64;
    for (board, side) in bench_positions() {
        let board = &board;
        let t = Instant::now();
        std::hint::black_box(threat::best_point(board, side, board.empties()));
        cpu_s += t.elapsed().as_secs_f64();
        row.scans += 1;
    }
    let t = block_times(row.cycles * row.scans, row.cycles, row.scans, cpu_s, mhz);
    (row.board_us, row.cpu_us, row.ratio_cpu) = (t.board_us, t.cpu_us, t.ratio_cpu);
    row
}

/// The forcing search block against the threat player's forced-win search on this CPU.
#[derive(Serialize, Default)]
struct ForcingSearchRow {
    /// Forcing turns searched (1 or 2: the threat player's `FORCING_TURNS`).
    turns: u32,
    /// Positions searched (a side without a threat, of the pair search's games' positions).
    positions: u64,
    /// Positions with a win within `turns` forcing turns, and of those, the forcing pairs (not a
    /// winning pair at once).
    found: u64,
    forced: u64,
    /// Searches the block ran (the root's and the children's) in all.
    searches: u64,
    /// The block's times and the CPU's (`BlockTimes`; the CPU's function in the docs).
    #[serde(flatten)]
    times: BlockTimes,
}

/// Every position of the [`PAIR_GAMES`] games, both sides without a threat: the forced win
/// within `turns` forcing turns by the block's model (cycles) and by the threat player's
/// search (timed), the answers equal where neither's budget ran out and the list held every
/// forcing pair.
fn forcing_search_bench(mhz: f64, turns: u32) -> ForcingSearchRow {
    let mut row = ForcingSearchRow {
        turns,
        ..ForcingSearchRow::default()
    };
    let (mut cycles, mut worst, mut cpu_s) = (0u64, 0u64, 0f64);
    for (board, side) in bench_positions() {
        let board = &board;
        let block = forcing_search::search_forced(board, side, turns, pair_search::MAX_BUDGET);
        if block.own_threat {
            continue;
        }
        let t = Instant::now();
        let mut left = threat::SEARCH_BUDGET;
        let cpu = threat::forced_win_within(board, side, turns, &mut left);
        cpu_s += t.elapsed().as_secs_f64();
        if !(left == 0 || block.exhausted || block.dropped) {
            assert_eq!(cpu, block.first, "the block's model and the model agree");
        }
        row.positions += 1;
        row.found += u64::from(block.first.is_some());
        row.forced += u64::from(block.forced);
        row.searches += block.searches;
        cycles += block.cycles;
        worst = worst.max(block.cycles);
    }
    row.times = block_times(cycles, worst, row.positions, cpu_s, mhz);
    row
}

/// The threat blocker block against the threat player's block on this CPU.
#[derive(Serialize, Default)]
struct BlockerRow {
    /// Positions where the side faces threats (of the pair search's games' positions).
    positions: u64,
    /// Blocks of two stones; blocks the line scorer ranked; lost (no set hits every threat).
    pairs: u64,
    scored: u64,
    lost: u64,
    /// The block's times and the CPU's (`BlockTimes`; the CPU's function in the docs).
    #[serde(flatten)]
    times: BlockTimes,
}

/// Every position of the [`PAIR_GAMES`] games where a side faces threats: the block by the
/// block's model (cycles) and by the threat player's block (timed), the same set where two
/// stones can block.
fn blocker_bench(mhz: f64) -> BlockerRow {
    let mut row = BlockerRow {
        ..BlockerRow::default()
    };
    let (mut cycles, mut worst, mut cpu_s) = (0u64, 0u64, 0f64);
    for (board, side) in bench_positions() {
        if board.threats(side.other()).is_empty() {
            continue;
        }
        let t = Instant::now();
        let theirs = threat::threats(&board, side.other());
        let cpu = threat::block_line_score(&board, side, &theirs);
        cpu_s += t.elapsed().as_secs_f64();
        let block = blocker::block(&board, side);
        if !cpu.is_empty() {
            assert_eq!(cpu, block.set, "the block's model and the model agree");
        }
        row.positions += 1;
        row.pairs += u64::from(block.set.len() == 2);
        row.scored += u64::from(block.scored);
        row.lost += u64::from(!block.all);
        cycles += block.cycles;
        worst = worst.max(block.cycles);
    }
    row.times = block_times(cycles, worst, row.positions, cpu_s, mhz);
    row
}

/// The preparation's bench takes every this many sides of the positions.
const PREPARE_STEP: usize = 4;

/// The preparation block against the threat player's preparation on this CPU.
#[derive(Serialize, Default)]
struct PreparationRow {
    /// Positions prepared (neither side with a threat, the side without a winning pair; every
    /// [`PREPARE_STEP`]th side).
    positions: u64,
    /// Positions where the block found a pair, those whose pair makes a threat, those its
    /// budget cut; replies tried and searches run in all.
    found: u64,
    by_threat: u64,
    exhausted: u64,
    replies: u64,
    searches: u64,
    /// Positions where the CPU's preparation found a pair, and the same pair as the block.
    cpu_found: u64,
    same: u64,
    /// The block's times and the CPU's (`BlockTimes`; the CPU's function in the docs).
    #[serde(flatten)]
    times: BlockTimes,
}

/// Every [`PREPARE_STEP`]th side of the positions of the [`PAIR_GAMES`] games where neither
/// side has a threat: the preparation by the block's model (cycles, within the threat
/// player's search budget) and by the threat player's (timed). Their pairs differ where the
/// block's reply (the threat blocker's set) differs from the baseline's block
/// (`model::connect6::prepare`), or where its budget ran out.
fn preparation_bench(mhz: f64) -> PreparationRow {
    let mut row = PreparationRow::default();
    let (mut cycles, mut worst, mut cpu_s) = (0u64, 0u64, 0f64);
    // As a turn prepares: neither side with a threat, no winning pair of the side's (the
    // attack's search found none: the counts test only the pairs near the pair tried).
    let positions = bench_positions().into_iter().filter(|(board, side)| {
        board.threats(*side).is_empty() && board.threats(side.other()).is_empty() && {
            let root = pair_search::search(board, *side, true, threat::CHIP_BUDGET);
            root.first.is_none() && !root.exhausted
        }
    });
    for (board, side) in positions.step_by(PREPARE_STEP) {
        let t = Instant::now();
        let cpu = threat::prepare(&board, side);
        cpu_s += t.elapsed().as_secs_f64();
        let block = prepare::prepare(&board, side, threat::CHIP_BUDGET);
        row.positions += 1;
        row.found += u64::from(block.pair.is_some());
        row.by_threat += u64::from(
            block
                .pair
                .is_some_and(|pair| prepare::makes_threat(&board, side, pair)),
        );
        row.exhausted += u64::from(block.exhausted);
        row.replies += block.replies;
        row.searches += block.searches;
        row.cpu_found += u64::from(cpu.is_some());
        row.same += u64::from(cpu.is_some() && cpu == block.pair);
        cycles += block.cycles;
        worst = worst.max(block.cycles);
    }
    row.times = block_times(cycles, worst, row.positions, cpu_s, mhz);
    row
}

/// The threat player's whole turn on chip against the same player on this CPU.
#[derive(Serialize, Default)]
struct TurnRow {
    /// Turns decided (every position of the games with a stone down, the side to move).
    turns: u64,
    /// Turns each step decided: win, block, attack, prepare, line score.
    steps: [u64; 5],
    /// Turns where the CPU's peer chose the same stones (its searches' budgets and the
    /// preparation's counts differ a little: `model::connect6::prepare`).
    same: u64,
    /// The chip's times (its blocks' models one after another) and the CPU's
    /// (`BlockTimes`: the same steps on the threat player's own functions).
    #[serde(flatten)]
    times: BlockTimes,
    /// The full threat player's time a turn on this CPU (`threat::decide`), mean.
    full_cpu_us: f64,
}

/// The chip's steps on the threat player's own functions: the turn bench's CPU peer.
const CPU_STEPS: threat::Steps = threat::Steps {
    circuit: false,
    ..threat::Steps::CHIP
};

/// Every position of the [`PAIR_GAMES`] games with a stone down, the side to move: the turn
/// by the chip's model (cycles, its stones those of `decide_with(Steps::CHIP)`), by the same
/// steps on the CPU's own functions and by the full threat player (timed).
fn turn_bench(mhz: f64) -> TurnRow {
    let mut row = TurnRow::default();
    let (mut cycles, mut worst, mut cpu_s, mut full_s) = (0u64, 0u64, 0f64, 0f64);
    for g in 0..PAIR_GAMES {
        let game = random::baseline_game(PAIR_SEED + g, 3, PAIR_TURNS);
        let mut replay = Game::new();
        for played in game.turns() {
            replay
                .play(played)
                .expect("a baseline game's turns are legal");
            if replay.outcome().is_some() {
                break;
            }
            // The CPU's peer: the same steps on the threat player's own functions (not the
            // circuits' models, which are slower: they keep the circuits' schedules).
            let t = Instant::now();
            let cpu = threat::decide_with(&replay, CPU_STEPS);
            cpu_s += t.elapsed().as_secs_f64();
            let t = Instant::now();
            threat::decide(&replay);
            full_s += t.elapsed().as_secs_f64();
            let chip = turn::turn(replay.board(), replay.to_move());
            let want = threat::decide_with(&replay, threat::Steps::CHIP);
            assert_eq!(want, chip.stones, "the chip's model and the model agree");
            row.turns += 1;
            row.same += u64::from(cpu == chip.stones);
            row.steps[chip.step as usize] += 1;
            cycles += chip.cycles;
            worst = worst.max(chip.cycles);
        }
    }
    row.times = block_times(cycles, worst, row.turns, cpu_s, mhz);
    row.full_cpu_us = full_s * 1e6 / row.turns.max(1) as f64;
    row
}

/// Games of the `connect6-threat` design against the baseline on the simulated board.
const THREAT_BOARD_GAMES: u64 = 100;
const THREAT_BOARD_SEED: u64 = 300;

/// The `connect6-threat` design's games against the baseline on the Verilator board.
#[derive(Serialize, Default)]
struct ThreatBoardRow {
    games: u64,
    #[serde(flatten)]
    results: GameResults,
    /// The board's turns on chip (Black's opening, the host's, not counted), each checked
    /// against the model (`threat_design::expected_turn_job`).
    turns: u64,
    /// Turns whose job put the opponent's last stones (the rest wrote rows).
    puts: u64,
    /// Turns each step decided: win, block, attack, prepare, line score.
    steps: [u64; 5],
    /// Turns where the CPU's peer chose the same stones.
    same: u64,
    /// Where a turn's cycles go, by the model (`turn::turn_parts`), a turn's mean: the threat
    /// scan's, the blocker's, the forcing search's, the preparation's, the line scorer's.
    scan_cycles: f64,
    block_cycles: f64,
    attack_cycles: f64,
    prepare_cycles: f64,
    line_score_cycles: f64,
    /// The chip's cycles (the job's, from start to end) and the CPU peer's time
    /// (`decide_with` with the chip's steps on the threat player's own functions).
    #[serde(flatten)]
    times: BlockTimes,
    /// Link requests in all (loads, start, polls, result) and the link's mean time a turn:
    /// the frames' bits at the design's baud rate, a USB round trip a request.
    link_requests: u64,
    link_ms: f64,
    /// The CPU's time over the board's with the link's.
    ratio_cpu_through_link: f64,
}

/// [`THREAT_BOARD_GAMES`] games of the `connect6-threat` design on the Verilator board
/// against baselines of seeds from [`THREAT_BOARD_SEED`], the board Black in the even games:
/// every turn's stones, step and cycles checked against the model, timed at `mhz` and
/// through the link, against the same steps on this CPU.
fn threat_board_bench(design: Design, mhz: f64) -> Result<ThreatBoardRow> {
    let mut player = threat_player(design)?;
    let baud = design.default_baud();
    let mut row = ThreatBoardRow {
        games: THREAT_BOARD_GAMES,
        ..ThreatBoardRow::default()
    };
    let (mut cycles, mut worst, mut cpu_s) = (0u64, 0u64, 0f64);
    row.results = against_baseline(THREAT_BOARD_GAMES, |g, game| {
        let (r, requests, link_ms) = on_the_line(&mut player, baud, |p| p.turn(game))?;
        let (want, p) = expected_turn_job_parts(game, player.last_put, player.budget);
        if r != want {
            bail!(
                "game {g}, turn {}: the board answers {r:?}, the model {want:?}",
                game.turns().len()
            );
        }
        let t = Instant::now();
        let cpu = threat::decide_with(game, CPU_STEPS);
        cpu_s += t.elapsed().as_secs_f64();
        row.scan_cycles += p.scan as f64;
        row.block_cycles += p.block as f64;
        row.attack_cycles += p.attack as f64;
        row.prepare_cycles += p.prepare as f64;
        row.line_score_cycles += p.line_score as f64;
        row.turns += 1;
        row.puts += u64::from(player.last_put);
        row.same += u64::from(cpu == r.stones);
        row.steps[r.step.code() as usize] += 1;
        cycles += r.cycles;
        worst = worst.max(r.cycles);
        row.link_requests += requests;
        row.link_ms += link_ms;
        Ok(r.stones)
    })?;
    row.times = block_times(cycles, worst, row.turns, cpu_s, mhz);
    let n = row.turns.max(1) as f64;
    for c in [
        &mut row.scan_cycles,
        &mut row.block_cycles,
        &mut row.attack_cycles,
        &mut row.prepare_cycles,
        &mut row.line_score_cycles,
    ] {
        *c /= n;
    }
    row.link_ms /= row.turns.max(1) as f64;
    row.ratio_cpu_through_link =
        row.times.cpu_us / (row.times.board_us + row.link_ms * 1e3).max(f64::MIN_POSITIVE);
    Ok(row)
}

/// The threat player of `design` (`connect6-threat`) on the Verilator board, its link open.
fn threat_player(design: Design) -> Result<BoardPlayer<SimTransport>> {
    let mut player = BoardPlayer::threat(Link::new(SimTransport::new(SimBoard::open(
        design,
        BackendKind::Verilator,
    )?)));
    player.link.identify()?;
    Ok(player)
}

/// `games` games of the board against baselines of seeds from [`THREAT_BOARD_SEED`], the
/// board Black in the even games, stopped at [`MAX_TURNS`]: `turn(g, game)` gives the board's
/// stones in game `g` (Black's opening, the centre, is the host's). Wins, losses, draws
/// (full boards) and games stopped.
///
/// (`model::connect6::random::against_baseline` plays one game to its end with a player that
/// cannot fail; the board's turns can, and a game here stops at [`MAX_TURNS`].)
fn against_baseline(
    games: u64,
    mut turn: impl FnMut(u64, &Game) -> Result<Vec<Point>>,
) -> Result<GameResults> {
    let mut results = GameResults::default();
    for g in 0..games {
        let me = [Color::Black, Color::White][g as usize % 2];
        let mut baseline = Baseline::new(THREAT_BOARD_SEED + g);
        let mut game = Game::new();
        while game.outcome().is_none() && game.turns().len() < MAX_TURNS {
            let stones = if game.to_move() != me {
                baseline.choose(&game)
            } else if game.board().stones() == 0 {
                vec![model::connect6::CENTRE]
            } else {
                turn(g, &game)?
            };
            game.play(&stones)?;
        }
        *match game.outcome() {
            Some(Outcome::Win(c)) if c == me => &mut results.wins,
            Some(Outcome::Win(_)) => &mut results.losses,
            Some(Outcome::Draw) => &mut results.draws,
            None => &mut results.unfinished,
        } += 1;
    }
    Ok(results)
}

/// The board's games against the baseline: won, lost, drawn (full boards), stopped at
/// [`MAX_TURNS`] with no six.
#[derive(Serialize, Default)]
struct GameResults {
    wins: u64,
    losses: u64,
    draws: u64,
    unfinished: u64,
}

/// Games of the `connect6-threat` design within the engine's move clock, and its time a move.
const TIMED_GAMES: u64 = 20;
const TIMED_MOVE_S: f64 = 1.0;

/// The `connect6-threat` design's games within the engine's move clock on the Verilator
/// board.
#[derive(Serialize, Default)]
struct TimedBoardRow {
    games: u64,
    #[serde(flatten)]
    results: GameResults,
    /// The engine's time a move (`--move-time`), and the board's speed, cycles a second, as
    /// the clock measured it last.
    move_time_s: f64,
    rate: f64,
    /// The board's turns on chip, each checked against the model within its budget.
    turns: u64,
    /// The turns' budgets of pairs: their mean, the least.
    mean_budget: f64,
    min_budget: u64,
    /// Turns whose stones are those of the chip's default budget (`threat::CHIP_BUDGET`).
    same_as_default: u64,
    /// Turns whose job the deadline aborted, answered within no pairs.
    fallbacks: u64,
    /// A move's time, the link's included: the mean, the longest.
    mean_move_ms: f64,
    worst_move_ms: f64,
}

/// [`TIMED_GAMES`] games of the `connect6-threat` design on the Verilator board within a
/// [`TIMED_MOVE_S`] move clock (`BoardPlayer::timed_turn`, as `connect6 engine` plays)
/// against baselines of seeds from [`THREAT_BOARD_SEED`], every turn checked against the
/// model within the budget the clock chose.
fn timed_board_bench(design: Design) -> Result<TimedBoardRow> {
    let mut player = threat_player(design)?;
    let limit = std::time::Duration::from_secs_f64(TIMED_MOVE_S);
    player.clock = Some(MoveClock::measured(
        limit,
        &mut player.link,
        threat_clock_hz(),
    )?);
    let mut row = TimedBoardRow {
        games: TIMED_GAMES,
        move_time_s: TIMED_MOVE_S,
        min_budget: threat::CHIP_BUDGET,
        ..TimedBoardRow::default()
    };
    let (mut budgets, mut move_s) = (0u64, 0f64);
    row.results = against_baseline(TIMED_GAMES, |g, game| {
        let t = Instant::now();
        let r = player.timed_turn(game)?;
        let took = t.elapsed().as_secs_f64();
        let want = expected_turn_job(game, player.last_put, player.budget);
        if r != want {
            bail!(
                "game {g}, turn {}, budget {}: the board answers {r:?}, the model {want:?}",
                game.turns().len(),
                player.budget
            );
        }
        let full = turn::turn(game.board(), game.to_move());
        row.turns += 1;
        row.same_as_default += u64::from(full.stones == r.stones);
        budgets += player.budget;
        row.min_budget = row.min_budget.min(player.budget);
        move_s += took;
        Ok(r.stones)
    })?;
    row.worst_move_ms = player.worst_turn.as_secs_f64() * 1e3;
    let n = row.turns.max(1) as f64;
    row.mean_budget = budgets as f64 / n;
    row.mean_move_ms = move_s * 1e3 / n;
    row.fallbacks = player.fallbacks;
    row.rate = player.clock.as_ref().map_or(0.0, |c| c.rate);
    Ok(row)
}

/// Games of the threat player's match against the baseline, and the first baseline seed.
const MATCH_GAMES: u64 = 100;
const MATCH_SEED: u64 = 100;

/// The threat player's match against the baseline: its strength, with the seeds.
#[derive(Serialize, Default)]
struct Match {
    player: String,
    games: u64,
    first_seed: u64,
    wins: u64,
    losses: u64,
    draws: u64,
    mean_move_ms: f64,
    slowest_move_ms: f64,
}

/// [`MATCH_GAMES`] games of `threat::decide` against baselines of seeds from [`MATCH_SEED`],
/// the threat player Black in the even games; `progress` gets the games played.
fn threat_match(mut progress: impl FnMut(u64)) -> Match {
    let mut m = Match {
        player: "threat".into(),
        games: MATCH_GAMES,
        first_seed: MATCH_SEED,
        ..Match::default()
    };
    let (mut moves, mut total_s) = (0u64, 0f64);
    for g in 0..MATCH_GAMES {
        let me = [Color::Black, Color::White][g as usize % 2];
        let game = random::against_baseline(MATCH_SEED + g, me, |game| {
            let t = Instant::now();
            let stones = threat::decide(game);
            let s = t.elapsed().as_secs_f64();
            moves += 1;
            total_s += s;
            m.slowest_move_ms = m.slowest_move_ms.max(s * 1e3);
            stones
        });
        match game.outcome() {
            Some(Outcome::Win(c)) if c == me => m.wins += 1,
            Some(Outcome::Win(_)) => m.losses += 1,
            _ => m.draws += 1,
        }
        progress(g + 1);
    }
    m.mean_move_ms = total_s * 1e3 / moves.max(1) as f64;
    m
}

/// One job of `player` on the simulated board and what it cost the link: its answer, the
/// requests it made, and their time in ms at `baud` (the frames' bits, the simulated line
/// running the simulated board's divisor cycles a bit, and a round trip a request).
fn on_the_line<R>(
    player: &mut BoardPlayer<SimTransport>,
    baud: u32,
    job: impl FnOnce(&mut BoardPlayer<SimTransport>) -> Result<R, host::LinkError>,
) -> Result<(R, u64, f64)> {
    let line_before = player.link.transport.board.cycles();
    let requests_before = player.link.stats.requests;
    let r = job(player)?;
    let line = player.link.transport.board.cycles() - line_before;
    let requests = player.link.stats.requests - requests_before;
    let divisor = gateware::CoreParams::sim().divisor as f64;
    let ms = link_seconds(line as f64 / divisor, baud, requests) * 1e3;
    Ok((r, requests, ms))
}

/// A row's means, times and ratios from its sums.
fn finish(row: &mut Row, mhz: f64) {
    row.mean_cycles = row.cycles as f64 / row.decisions.max(1) as f64;
    row.board_us = row.cycles as f64 / mhz;
    row.ratio_cpu = row.paper_cpu_us / row.board_us.max(f64::MIN_POSITIVE);
    row.ratio_cpu_through_link = row.paper_cpu_us / (row.board_us + row.link_ms * 1e3);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_keys_are_documented() {
        super::super::assert_keys_documented(Some("total"), &Row::default(), "docs/connect6.md");
        super::super::assert_keys_documented(Some("match"), &Match::default(), "docs/connect6.md");
        super::super::assert_keys_documented(
            Some("pair_search"),
            &PairSearchRow::default(),
            "docs/connect6.md",
        );
        super::super::assert_keys_documented(
            Some("line_scan"),
            &LineScanRow::default(),
            "docs/connect6.md",
        );
        super::super::assert_keys_documented(
            Some("blocker"),
            &BlockerRow::default(),
            "docs/connect6.md",
        );
        super::super::assert_keys_documented(Some("turn"), &TurnRow::default(), "docs/connect6.md");
        super::super::assert_keys_documented(
            Some("threat_board"),
            &ThreatBoardRow::default(),
            "docs/connect6.md",
        );
        super::super::assert_keys_documented(
            Some("timed_board"),
            &TimedBoardRow::default(),
            "docs/connect6.md",
        );
        super::super::assert_keys_documented(
            Some("preparation"),
            &PreparationRow::default(),
            "docs/connect6.md",
        );
        super::super::assert_keys_documented(
            Some("forcing_search"),
            &ForcingSearchRow::default(),
            "docs/connect6.md",
        );
    }
}
