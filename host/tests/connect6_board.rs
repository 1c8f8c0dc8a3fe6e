//! The simulated `connect6` board (Verilator): the paper's player decides on chip through the
//! link (`host::connect6::BoardPlayer`: rows written, the opponent's stones put by the job),
//! its stones and modules equal to `model::connect6::paper::selector::decide` and its cycles
//! to `model::connect6::protocol::job_cycles` (both from `expected_job`), in replayed games
//! (rows rewritten where the record left the board's choice) and in a game against the
//! baseline (every turn's stones put by the job); `JOB_LOAD` and `JOB_START` refusals.

#[path = "common/refused.rs"]
mod refused;

use gateware::Design;
use host::connect6::BoardPlayer;
use host::{Link, SimTransport};
use model::connect6::baseline::Baseline;
use model::connect6::protocol::{encode_load, expected_job, JobResult, StartArgs, LOAD_LEN};
use model::connect6::random::{baseline_game, random_game};
use model::connect6::{Color, Game};
use model::link::{err, op};
use refused::refused;
use sim::{BackendKind, SimBoard};

fn board() -> Option<Link<SimTransport>> {
    if !sim::tools::require_verilator_backend("connect6 board tests") {
        return None;
    }
    Some(Link::new(SimTransport::new(
        SimBoard::open(Design::Connect6, BackendKind::Verilator).unwrap(),
    )))
}

/// One decision on the board, checked against the model; the board's answer (the model's)
/// and whether the job put the stones.
fn decide_and_check(
    p: &mut BoardPlayer<SimTransport>,
    game: &Game,
    what: &str,
) -> (JobResult, bool) {
    let r = p.decide(game).unwrap();
    let put = p.last_put;
    let want = expected_job(game, put);
    assert_eq!(r.stones, want.stones, "{what}\n{}", game.board().diagram());
    assert_eq!(r.cycles, want.cycles, "{what}: cycles");
    (r, put)
}

#[test]
fn decisions_on_the_board_equal_the_model() {
    let Some(l) = board() else { return };
    let mut p = BoardPlayer::new(l);
    let (mut decisions, mut reloaded) = (0, 0);
    for g in 0..4u64 {
        let seed = 0xc6b0 + g;
        let game = if g % 2 == 0 {
            random_game(seed, 30)
        } else {
            baseline_game(seed, 3, 30)
        };
        let mut replay = Game::new();
        for turn in game.turns() {
            let (_, put) = decide_and_check(&mut p, &replay, &format!("seed {seed:#x}"));
            reloaded += usize::from(!put);
            decisions += 1;
            replay.play(turn).unwrap();
        }
    }
    println!("{decisions} decisions, {reloaded} with rows written");
    assert!(reloaded > 4, "the record's stones differ from the board's");
}

#[test]
fn a_game_against_the_baseline_puts_the_opponents_stones_on_chip() {
    let Some(l) = board() else { return };
    let mut p = BoardPlayer::new(l);
    let mut baseline = Baseline::new(7);
    let mut game = Game::new();
    let (mut puts, mut worst) = (0, 0);
    while game.outcome().is_none() && game.turns().len() < 60 {
        let stones = if game.to_move() == Color::Black {
            let before = p.rows_loaded;
            let (r, put) = decide_and_check(&mut p, &game, "board vs baseline");
            puts += usize::from(put);
            assert!(put || before == 0, "only the first decision writes rows");
            worst = worst.max(r.cycles);
            r.stones.into_iter().map(|(s, _)| s).collect()
        } else {
            baseline.choose(&game)
        };
        game.play(&stones).unwrap();
    }
    println!(
        "{} turns, {puts} decisions with the stones put on chip, worst {worst} cycles; {:?}",
        game.turns().len(),
        game.outcome()
    );
    assert!(puts >= 5);
    assert_eq!(p.rows_loaded, 19, "the board was written once");
}

#[test]
fn bad_commands_are_refused() {
    let Some(mut l) = board() else { return };
    let g = Game::from_record("JJ KKLL").unwrap();
    let load = encode_load(0, g.board(), 9);
    assert_eq!(load.len(), LOAD_LEN);
    refused(
        &mut l,
        op::JOB_LOAD,
        &load[..6],
        err::BAD_LENGTH,
        "short load",
    );
    for (i, v, what) in [
        (0, 1, "core 1"),
        (1, 19, "row 19"),
        (6, 0x40, "a padding bit"),
    ] {
        let mut q = load.clone();
        q[i] |= v;
        refused(&mut l, op::JOB_LOAD, &q, err::BAD_ARGUMENT, what);
    }
    let mut q = load.clone();
    q[2] |= 0x03;
    refused(
        &mut l,
        op::JOB_LOAD,
        &q,
        err::BAD_ARGUMENT,
        "a point coded 3",
    );
    let args = StartArgs::of(&g, false).encode();
    for (i, v, what) in [
        (0, 0, "side 0"),
        (0, 3, "side 3"),
        (1, 3, "three stones"),
        (2, 2, "put 2"),
        (3, 3, "three last stones"),
        (4, 19, "column 19"),
        (7, 25, "row 25"),
    ] {
        let mut a = args;
        a[i] = v;
        refused(&mut l, op::JOB_START, &a, err::BAD_ARGUMENT, what);
    }
    refused(
        &mut l,
        op::JOB_RESULT,
        &[],
        err::NO_RESULT,
        "no decision yet",
    );
    l.call(op::JOB_LOAD, &load).unwrap();
}
