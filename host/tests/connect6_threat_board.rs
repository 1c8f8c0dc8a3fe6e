//! The simulated `connect6-threat` board (Verilator): the threat player's turn on chip
//! through the link (`host::connect6::BoardPlayer::threat`: rows written, the opponent's
//! stones put by the job), its stones, step and cycles equal to
//! `model::connect6::protocol::threat_design::expected_turn_job` (the model's
//! `turn::turn_within`), in replayed games (rows rewritten where the record left the board's
//! choice; some within the host's smaller budgets) and in games against the baseline (every
//! turn's stones put by the job, Black's opening the host's); `JOB_LOAD` and `JOB_START`
//! refusals; an abort that cancels a turn mid-way; the engine's move clock (a turn's budget
//! from the board's speed, a job past its deadline aborted and a turn within no pairs
//! instead).

#[path = "common/refused.rs"]
mod refused;

use gateware::Design;
use host::connect6::engine::Player;
use host::connect6::{threat_clock_hz, BoardPlayer, MoveClock};
use host::{Link, SimTransport};
use model::connect6::baseline::Baseline;
use model::connect6::protocol::encode_load;
use model::connect6::protocol::threat_design::{
    decode_turn_result, expected_turn_job, TurnArgs, TurnJob,
};
use model::connect6::random::{baseline_game, random_game};
use model::connect6::threat::CHIP_BUDGET;
use model::connect6::turn::Step;
use model::connect6::{Color, Game, Outcome};
use model::link::{err, job, op};
use refused::refused;
use sim::{BackendKind, SimBoard};
use std::time::Duration;

fn board() -> Option<Link<SimTransport>> {
    if !sim::tools::require_verilator_backend("connect6-threat board tests") {
        return None;
    }
    Some(Link::new(SimTransport::new(
        SimBoard::open(Design::Connect6Threat, BackendKind::Verilator).unwrap(),
    )))
}

/// Whether the chip's turn applies: the game on, a stone down, two stones to play.
fn a_turn(game: &Game) -> bool {
    game.outcome().is_none() && game.board().stones() > 0 && game.stones_this_turn() == 2
}

/// One turn on the board, checked against the model; the board's answer and whether the job
/// put the stones.
fn turn_and_check(p: &mut BoardPlayer<SimTransport>, game: &Game, what: &str) -> (TurnJob, bool) {
    let r = p.turn(game).unwrap();
    let put = p.last_put;
    let want = expected_turn_job(game, put, p.budget);
    assert_eq!(
        r,
        want,
        "{what}, budget {}\n{}",
        p.budget,
        game.board().diagram()
    );
    (r, put)
}

#[test]
fn turns_on_the_board_equal_the_model() {
    let Some(l) = board() else { return };
    let mut p = BoardPlayer::threat(l);
    let (mut turns, mut reloaded, mut cycles, mut cut) = (0, 0, 0, 0);
    let mut steps = [0; 5];
    for g in 0..4u64 {
        let seed = 0xc6e0 + g;
        // The host's bound on a turn's time: the last two games' turns within a few pairs.
        p.budget = [CHIP_BUDGET, CHIP_BUDGET, 40, 3][g as usize];
        let game = if g % 2 == 0 {
            random_game(seed, 24)
        } else {
            baseline_game(seed, 3, 24)
        };
        let mut replay = Game::new();
        for turn in game.turns() {
            if a_turn(&replay) {
                let (r, put) = turn_and_check(&mut p, &replay, &format!("seed {seed:#x}"));
                reloaded += usize::from(!put);
                cut += usize::from(r != expected_turn_job(&replay, put, CHIP_BUDGET));
                turns += 1;
                cycles += r.cycles;
                steps[r.step.code() as usize] += 1;
            }
            replay.play(turn).unwrap();
        }
    }
    println!(
        "{turns} turns, {reloaded} with rows written, {cut} changed by a smaller budget, \
         {cycles} cycles; win, block, attack, prepare, line score: {steps:?}"
    );
    assert!(reloaded > 4, "the record's stones differ from the board's");
    assert!(cut > 2, "{cut} turns changed by their budget");
    assert!(steps[Step::Block.code() as usize] > 0 && steps[Step::Attack.code() as usize] > 0);
}

#[test]
fn games_against_the_baseline_put_the_stones_on_chip() {
    let Some(l) = board() else { return };
    let mut p = BoardPlayer::threat(l);
    let mut results = Vec::new();
    for (g, chip) in [Color::Black, Color::White].into_iter().enumerate() {
        let mut baseline = Baseline::new(11 + g as u64);
        let mut game = Game::new();
        let (mut puts, mut worst) = (0, 0);
        let decisions = p.decisions;
        while game.outcome().is_none() && game.turns().len() < 80 {
            let stones = if game.to_move() == chip {
                if a_turn(&game) {
                    let first = p.decisions == decisions;
                    let (r, put) = turn_and_check(&mut p, &game, "board vs baseline");
                    assert!(put || first, "only the game's first turn writes rows");
                    puts += usize::from(put);
                    worst = worst.max(r.cycles);
                    r.stones
                } else {
                    // Black's opening: the host's centre.
                    p.choose(&game).unwrap()
                }
            } else {
                baseline.choose(&game)
            };
            game.play(&stones).unwrap();
        }
        println!(
            "the board {chip:?}: {} turns, {puts} turns with the stones put on chip, worst \
             {worst} cycles; {:?}",
            game.turns().len(),
            game.outcome()
        );
        assert!(puts >= 3, "{puts} turns put the stones");
        results.push(game.outcome());
    }
    assert!(p.rows_loaded <= 38, "the board was written once a game");
    // The threat player wins both (docs/connect6.md: it beats the baseline).
    assert_eq!(
        results,
        vec![
            Some(Outcome::Win(Color::Black)),
            Some(Outcome::Win(Color::White))
        ]
    );
}

#[test]
fn bad_commands_are_refused_and_an_abort_cancels_the_turn() {
    let Some(mut l) = board() else { return };
    // A preparation: the longest of the steps, aborted mid-way.
    let game = (0..40u64)
        .flat_map(|s| {
            let g = baseline_game(0xab0 + s, 3, 16);
            let mut replay = Game::new();
            let mut found = Vec::new();
            for t in g.turns() {
                replay.play(t).unwrap();
                if a_turn(&replay) {
                    found.push(replay.clone());
                }
            }
            found
        })
        .find(|g| expected_turn_job(g, false, CHIP_BUDGET).step == Step::Prepare)
        .expect("a preparation");
    let want = expected_turn_job(&game, false, CHIP_BUDGET);
    let load = encode_load(0, game.board(), 9);
    refused(
        &mut l,
        op::JOB_LOAD,
        &load[..6],
        err::BAD_LENGTH,
        "short load",
    );
    let mut q = load.clone();
    q[1] = 19;
    refused(&mut l, op::JOB_LOAD, &q, err::BAD_ARGUMENT, "row 19");
    for r in 0..19 {
        l.call(op::JOB_LOAD, &encode_load(0, game.board(), r))
            .unwrap();
    }
    let args = TurnArgs::of(&game, false, CHIP_BUDGET).encode();
    refused(
        &mut l,
        op::JOB_START,
        &args[..8],
        err::BAD_LENGTH,
        "a start without its budget",
    );
    for (i, v, what) in [
        (0, 3, "side 3"),
        (1, 1, "one stone (the opening is the host's)"),
        (2, 2, "put 2"),
        (3, 0, "no last stones"),
        (3, 3, "three last stones"),
        (5, 19, "row 19"),
        (10, 0x10, "a budget past 20 bits"),
    ] {
        let mut a = args;
        a[i] = v;
        refused(&mut l, op::JOB_START, &a, err::BAD_ARGUMENT, what);
    }
    l.job_start(&args).unwrap();
    let s = l.job_poll().unwrap();
    assert_eq!(s.state, job::RUNNING, "{s:?}");
    refused(
        &mut l,
        op::JOB_LOAD,
        &load,
        err::BUSY,
        "a load while the turn runs",
    );
    let s = l.job_abort().unwrap();
    assert!(
        s.progress < want.cycles,
        "aborted at {} of {}",
        s.progress,
        want.cycles
    );
    let s = l.job_poll().unwrap();
    assert_eq!(s.state, job::ABORTED, "{s:?}");
    refused(
        &mut l,
        op::JOB_RESULT,
        &[],
        err::NO_RESULT,
        "an aborted turn",
    );
    // The board is as loaded (the turn's stones not put): the same turn again, no row
    // written, is the model's.
    let r = l.run_job(&args, "the turn again", |_| {}).unwrap();
    assert_eq!(decode_turn_result(&r).unwrap(), want);
}

/// A position of a game against the baseline whose turn takes the model more than `cycles`
/// (a preparation: about 6 s on the Verilator board for 450,000 cycles), and the position of
/// the same side's turn before it.
fn long_turn(cycles: u64) -> (Game, Game) {
    let mut baseline = Baseline::new(0x7f1);
    let mut game = Game::new();
    let mut before = None;
    while game.outcome().is_none() && game.turns().len() < 60 {
        let stones = if game.to_move() == Color::Black {
            baseline.choose(&game)
        } else {
            let t = model::connect6::turn::turn(game.board(), Color::White);
            if let Some(b) = before.filter(|_| t.cycles > cycles) {
                return (b, game);
            }
            before = Some(game.clone());
            t.stones
        };
        game.play(&stones).unwrap();
    }
    panic!("no turn of {cycles} cycles in the game");
}

#[test]
fn the_move_clock_bounds_a_turn() {
    let Some(l) = board() else { return };
    let mut p = BoardPlayer::threat(l);
    let (before, game) = long_turn(300_000);
    // The turn before, so that the long turn's job puts the last stones (no rows written).
    turn_and_check(&mut p, &before, "the turn before");
    // A clock that takes the board for far faster than it is: the default budget, and the
    // deadline (0.4 s) comes while the turn runs: the job aborted, a turn within no pairs
    // instead, the model's.
    p.clock = Some(MoveClock::new(Duration::from_secs(1), 1e12));
    let r = p.timed_turn(&game).unwrap();
    assert_eq!(
        (p.fallbacks, p.budget),
        (1, 0),
        "the deadline stops the turn"
    );
    assert_eq!(r, expected_turn_job(&game, p.last_put, 0));
    let first = p.worst_turn;
    // The clock as the engine makes it, the board's speed measured: a budget below the
    // default (the Verilator board runs far slower than the chip's clock), the model's turn
    // within it (or within none, had the deadline stopped it).
    p.clock =
        Some(MoveClock::measured(Duration::from_secs(1), &mut p.link, threat_clock_hz()).unwrap());
    let rate = p.clock.as_ref().unwrap().rate;
    let r = p.timed_turn(&game).unwrap();
    println!(
        "aborted and answered in {first:?}; measured {rate:.0} cycles/s, budget {}, {} \
         cycles, {:?}, {} fallbacks",
        p.budget, r.cycles, p.worst_turn, p.fallbacks
    );
    assert!(p.budget < CHIP_BUDGET, "budget {}", p.budget);
    assert_eq!(r, expected_turn_job(&game, p.last_put, p.budget));
}
