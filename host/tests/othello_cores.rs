//! The `othello-x8` design (eight solvers behind one link) and `othello-ff-x4` (four
//! fastest-first ones) on the simulated board (Verilator):
//! the core-addressed job commands, and a solve split over the cores by the host
//! (`host::split`) against the golden model.

#[path = "common/bridge.rs"]
mod bridge;

use gateware::Design;
use host::othello::{solve_cores, ModelExecutor, Othello};
use host::split::{solve_split, JobsLink, SplitConfig};
use host::{Link, SimTransport};
use model::link::{err, job, op};
use model::othello::protocol::{decode_result, encode_start, encode_start_on};
use model::othello::random::random_position;
use model::othello::search::{search, MoveOrder};
use model::othello::{parse_position, play};
use rand::{rngs::StdRng, Rng, SeedableRng};
use sim::{BackendKind, SimBoard};

const SEED: u64 = 0x0c0_7e5;

fn board_of(design: Design) -> Option<Link<SimTransport>> {
    if !sim::tools::require_verilator_backend("othello multi-core tests") {
        return None;
    }
    Some(Link::new(SimTransport::new(
        SimBoard::open(design, BackendKind::Verilator).unwrap(),
    )))
}

fn code(r: Result<Vec<u8>, host::LinkError>) -> u8 {
    match r {
        Err(host::LinkError::Device { code, .. }) => code,
        other => panic!("expected a device error, got {other:?}"),
    }
}

fn ffo(n: usize) -> model::othello::Position {
    parse_position(
        include_str!("../../model/tests/fixtures/fforum-1-19.obf")
            .lines()
            .filter(|l| !l.starts_with('#'))
            .nth(n - 1)
            .unwrap(),
    )
    .unwrap()
}

/// Every core solves its own job; each answers for itself; bad indices and lengths are refused.
#[test]
fn cores_are_addressed_one_by_one() {
    let Some(mut l) = board_of(Design::OthelloX8) else {
        return;
    };
    assert_eq!(l.job_cores().unwrap(), vec![job::IDLE; 8]);
    // Core index past the last core, bad lengths.
    assert_eq!(
        code(l.call(op::JOB_START, &encode_start_on(8, 1, 2, -65, 65))),
        err::BAD_ARGUMENT
    );
    assert_eq!(code(l.call(op::JOB_POLL, &[8])), err::BAD_ARGUMENT);
    assert_eq!(code(l.call(op::JOB_RESULT, &[200])), err::BAD_ARGUMENT);
    assert_eq!(code(l.call(op::JOB_POLL, &[1, 2])), err::BAD_LENGTH);
    assert_eq!(code(l.call(op::JOB_START, &[0; 20])), err::BAD_LENGTH);
    assert_eq!(code(l.call(op::JOB_CORES, &[0])), err::BAD_LENGTH);
    assert_eq!(code(l.call(op::JOB_RESULT, &[3])), err::NO_RESULT);

    // A different position on every core, all running at once.
    let mut r = StdRng::seed_from_u64(SEED);
    let long = ffo(15);
    let jobs: Vec<(u64, u64, i8, i8)> = (0..8)
        .map(|i| {
            if i == 7 {
                // A long one, to be aborted.
                return (long.p, long.o, -65, 65);
            }
            let (p, o) = random_position(&mut r, 9 + i % 3);
            let a = r.gen_range(-20..10);
            if i % 2 == 0 {
                (p, o, -65, 65)
            } else {
                (p, o, a, a + 1)
            }
        })
        .collect();
    for (c, &(p, o, a, b)) in jobs.iter().enumerate() {
        let st = l.job_start(&encode_start_on(c as u8, p, o, a, b)).unwrap();
        assert_eq!(st.state, job::RUNNING, "core {c}");
    }
    assert_eq!(
        code(l.call(op::JOB_START, &encode_start_on(7, 1, 2, -65, 65))),
        err::BUSY
    );
    // Abort core 7, leave the others to finish.
    assert_eq!(l.core_abort(7).unwrap().state, job::ABORTED);
    loop {
        let states = l.job_cores().unwrap();
        assert_eq!(states[7], job::ABORTED);
        if states[..7].iter().all(|&s| s == job::DONE) {
            break;
        }
    }
    assert_eq!(code(l.call(op::JOB_RESULT, &[7])), err::NO_RESULT);
    for (c, &(p, o, a, b)) in jobs.iter().enumerate().take(7) {
        let got = decode_result(&l.core_result(c as u8).unwrap()).unwrap();
        let want = search(p, o, a as i32, b as i32, MoveOrder::Paper);
        assert_eq!(
            (got.score, got.best, got.nodes, got.cycles),
            (want.score, want.best, want.nodes, want.cycles),
            "core {c}: p {p:#x} o {o:#x} ({a}, {b})"
        );
        assert_eq!(l.core_poll(c as u8).unwrap().progress, want.nodes);
    }
    // Without the index byte a command addresses core 0.
    let got0 = decode_result(&l.job_result().unwrap()).unwrap();
    assert_eq!(got0, decode_result(&l.core_result(0).unwrap()).unwrap());
    let st = l
        .job_start(&encode_start(jobs[1].0, jobs[1].1, -65, 65))
        .unwrap();
    assert_eq!(st.state, job::RUNNING);
    assert_eq!(l.job_cores().unwrap()[1], job::DONE);
}

/// The single-core designs answer `JOB_CORES` too, and take the index byte 0.
#[test]
fn single_core_design_has_one_core() {
    let Some(mut l) = board_of(Design::Othello) else {
        return;
    };
    assert_eq!(l.job_cores().unwrap(), vec![job::IDLE]);
    assert_eq!(
        code(l.call(op::JOB_START, &encode_start_on(1, 1, 2, -65, 65))),
        err::BAD_ARGUMENT
    );
    let (p, o) = random_position(&mut StdRng::seed_from_u64(SEED), 8);
    l.job_start(&encode_start_on(0, p, o, -65, 65)).unwrap();
    while l.core_poll(0).unwrap().state == job::RUNNING {}
    let got = decode_result(&l.core_result(0).unwrap()).unwrap();
    assert_eq!(got.score, search(p, o, -65, 65, MoveOrder::Paper).score);
}

/// A solve split over the eight cores by the host gives the model's exact score and a best
/// move that scores it.
#[test]
fn split_solve_matches_model() {
    let Some(mut l) = board_of(Design::OthelloX8) else {
        return;
    };
    let mut r = StdRng::seed_from_u64(SEED ^ 1);
    let mut positions: Vec<(u64, u64)> = (0..8)
        .map(|_| {
            let e = r.gen_range(10..=13);
            random_position(&mut r, e)
        })
        .collect();
    let q = ffo(1);
    positions.push((q.p, q.o));
    // Small positions: split them too.
    let cfg = SplitConfig {
        depth: 2,
        job_size: 6,
        ..Default::default()
    };
    let (mut cycles, mut elapsed) = (0, 0);
    for (i, &(p, o)) in positions.iter().enumerate() {
        let want = search(p, o, -65, 65, MoveOrder::Paper);
        let (got, cores) = host::othello::solve_cores(&mut l, p, o, -65, 65, cfg, |_| {}).unwrap();
        assert_eq!(cores, 8);
        let ctx = format!("position {i}: p {p:#x} o {o:#x}");
        assert_eq!(got.score, want.score, "{ctx}");
        match got.best {
            Some(m) => {
                let (np, no) = play(p, o, m);
                let v = -search(np, no, -65, 65, MoveOrder::Paper).score;
                assert_eq!(v, got.score, "{ctx}: best move {m}");
            }
            None => assert_eq!(want.best, None, "{ctx}"),
        }
        if model::othello::legal_moves(p, o).count_ones() > 1 {
            assert!(got.jobs > 1, "{ctx}: {} jobs", got.jobs);
        }
        assert!(got.elapsed_cycles <= got.cycles, "{ctx}");
        cycles += got.cycles;
        elapsed += got.elapsed_cycles;
    }
    println!(
        "{} positions: {cycles} solver cycles in {elapsed} board cycles on 8 cores ({:.2}x)",
        positions.len(),
        cycles as f64 / elapsed as f64
    );
}

/// The board's time the split counts (`host::split::HostClock`: the jobs' cycles as they run
/// in parallel, every request's bytes and USB round trip, the polls while jobs run) against
/// the clock of the simulated `othello-x8` seen as its ULX3S build would be, behind a USB
/// bridge (`host::BridgedSim`), on solves of 13 and 14 empties split at depth 2 into jobs of 8
/// empties. The board's clock also counts the executor's set-up `JOB_CORES`, which the split
/// does not. Within 3% and two round trips (`bridge::assert_keeps_time`).
#[test]
fn the_split_clock_keeps_time_with_the_board_behind_a_usb_bridge() {
    let Some(l) = board_of(Design::OthelloX8) else {
        return;
    };
    let (mut l, round_trip) = bridge::bridged(l, Design::OthelloX8);
    let id = l.identify().unwrap();
    let cfg = SplitConfig {
        depth: 2,
        job_size: 8,
        link: JobsLink::of_board::<Othello>(&id, 8),
        ..Default::default()
    };
    let mut r = StdRng::seed_from_u64(SEED ^ 2);
    for empties in [13, 14, 14] {
        let (p, o) = random_position(&mut r, empties);
        let ((got, _), board, writes) = bridge::timed(&mut l, |l| {
            solve_cores(l, p, o, -65, 65, cfg, |_| {}).unwrap()
        });
        assert_eq!(got.score, search(p, o, -65, 65, MoveOrder::Paper).score);
        let setup = round_trip;
        bridge::assert_keeps_time(
            &format!(
                "{empties} empties (p {p:#x} o {o:#x}), {} jobs, {} aborted, {writes} writes",
                got.jobs, got.aborted
            ),
            got.elapsed_cycles + setup,
            board,
            round_trip,
        );
    }
}

/// `othello-ff-x4` (four fastest-first cores) behind a USB bridge at its ULX3S build's clock
/// and baud rate, on FFO positions split at depth 2 into jobs of 10 empties (11-18 jobs
/// each): the published score; the model executor's split (`host::othello::ModelExecutor`,
/// which the bench's multi-core figures come from) the board's job for job (jobs, nodes,
/// cycles); the board's time against both counts of it, the link executor's and the model
/// executor's, within 3% and two round trips (2026-12-02: the board 2.6-2.8% under both).
/// The executor orders the jobs' ends by its own clock, so a split whose two ends are closer
/// than that clock's error may take another tree: FFO #15 did when the solver lost two cycles
/// (2026-12-07; `split_speedup ff 4 2 10 MHZ` gives the board's 562,215 nodes at 38-39 MHz
/// and 729,857 at 40-42), so it gave its place to #13, whose tree, like every other of FFO
/// #1-#19's, is the same from 38 to 42 MHz.
#[test]
fn fastest_first_cores_split_ffo_positions_as_the_model_executor_counts() {
    split_on_ff_x4(
        SplitConfig {
            depth: 2,
            job_size: 10,
            ..Default::default()
        },
        &[4, 5, 13, 17],
    );
}

/// The hybrid's parallel form on `othello-ff-x4` behind the USB bridge: the host searches
/// every node above 10 empties with its transposition table, probes split too, the jobs on
/// the four cores; the same checks as the split at depth 2 (2026-12-06: FFO #4, #5 and #7,
/// 85-200 jobs and 170-479 writes each, the board 3.1% under both counts; #5 here, under
/// a minute of Verilator, to keep the test run within its bound).
#[test]
fn the_hybrid_on_fastest_first_cores_is_the_model_executors() {
    split_on_ff_x4(
        host::othello::hybrid::split_config(SplitConfig {
            job_size: 10,
            ..Default::default()
        }),
        &[5],
    );
}

/// Splits FFO positions `ns` with `cfg` (its link the board's) on the bridged
/// `othello-ff-x4` and on the model executor: the published score, the same jobs, nodes and
/// cycles, and the board's time against both counts within 3% and two round trips.
fn split_on_ff_x4(cfg: SplitConfig, ns: &[usize]) {
    let Some(l) = board_of(Design::OthelloFfX4) else {
        return;
    };
    let (mut l, round_trip) = bridge::bridged(l, Design::OthelloFfX4);
    let id = l.identify().unwrap();
    let cfg = SplitConfig {
        link: JobsLink::of_board::<Othello>(&id, 4),
        ..cfg
    };
    for &n in ns {
        let q = ffo(n);
        let ((got, cores), board, writes) = bridge::timed(&mut l, |l| {
            solve_cores(l, q.p, q.o, -65, 65, cfg, |_| {}).unwrap()
        });
        assert_eq!(cores, 4);
        let published = q.scores.first().map(|&(_, s)| s);
        assert_eq!(Some(got.score), published, "FFO #{n}");
        let mut ex = ModelExecutor::new(4, MoveOrder::FastestFirst, cfg.link);
        let model = solve_split::<Othello, _>(&mut ex, (q.p, q.o), -65, 65, cfg, |_| {}).unwrap();
        // The same tree: the model executor answers the jobs in the order the board ends them.
        assert_eq!(
            (model.score, model.jobs, model.nodes, model.cycles),
            (got.score, got.jobs, got.nodes, got.cycles),
            "FFO #{n}: score, jobs, nodes, the jobs' cycles"
        );
        let what = format!(
            "FFO #{n}: {} jobs ({} on the model), {} aborted, {writes} writes",
            got.jobs, model.jobs, got.aborted
        );
        // The board's clock also counts the executor's set-up `JOB_CORES`.
        bridge::assert_keeps_time(
            &format!("{what}, the link executor"),
            got.elapsed_cycles + round_trip,
            board,
            round_trip,
        );
        bridge::assert_keeps_time(
            &format!("{what}, the model executor"),
            model.elapsed_cycles + round_trip,
            board,
            round_trip,
        );
    }
}
