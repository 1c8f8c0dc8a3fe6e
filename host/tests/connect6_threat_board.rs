//! The simulated `connect6-threat` board (Verilator): the threat player's turn on chip
//! through the link (`host::connect6::BoardPlayer::threat`: rows written, the opponent's
//! stones put by the job), its stones, step and cycles equal to
//! `model::connect6::protocol::threat_design::expected_turn_job` (the model's
//! `turn::turn`), in replayed games (rows rewritten where the record left the board's choice)
//! and in games against the baseline (every turn's stones put by the job, Black's opening the
//! host's); `JOB_LOAD` and `JOB_START` refusals; an abort that cancels a turn mid-way.

#[path = "common/refused.rs"]
mod refused;

use gateware::Design;
use host::connect6::engine::Player;
use host::connect6::BoardPlayer;
use host::{Link, SimTransport};
use model::connect6::baseline::Baseline;
use model::connect6::protocol::threat_design::{decode_turn_result, expected_turn_job, TurnJob};
use model::connect6::protocol::{encode_load, StartArgs};
use model::connect6::random::{baseline_game, random_game};
use model::connect6::turn::Step;
use model::connect6::{Color, Game, Outcome};
use model::link::{err, job, op};
use refused::refused;
use sim::{BackendKind, SimBoard};

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
    let want = expected_turn_job(game, put);
    assert_eq!(r, want, "{what}\n{}", game.board().diagram());
    (r, put)
}

#[test]
fn turns_on_the_board_equal_the_model() {
    let Some(l) = board() else { return };
    let mut p = BoardPlayer::threat(l);
    let (mut turns, mut reloaded, mut cycles) = (0, 0, 0);
    let mut steps = [0; 5];
    for g in 0..4u64 {
        let seed = 0xc6e0 + g;
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
                turns += 1;
                cycles += r.cycles;
                steps[r.step.code() as usize] += 1;
            }
            replay.play(turn).unwrap();
        }
    }
    println!(
        "{turns} turns, {reloaded} with rows written, {cycles} cycles; win, block, attack, \
         prepare, line score: {steps:?}"
    );
    assert!(reloaded > 4, "the record's stones differ from the board's");
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
        .find(|g| expected_turn_job(g, false).step == Step::Prepare)
        .expect("a preparation");
    let want = expected_turn_job(&game, false);
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
    let args = StartArgs::of(&game, false).encode();
    for (i, v, what) in [
        (0, 3, "side 3"),
        (1, 1, "one stone (the opening is the host's)"),
        (2, 2, "put 2"),
        (3, 0, "no last stones"),
        (3, 3, "three last stones"),
        (5, 19, "row 19"),
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
