//! Perft counted on the simulated `chess` board (Verilator): the published perft table's
//! positions at depths 1-3 (up to 120,000 leaves), leaf counts equal to the table (the
//! model's perft where the table gives only a deeper count) and cycles equal to the model of
//! the chip (`model::chess::search::perft_on_chip`); an aborted job; bad depth refused; perft
//! split over the cores of the simulated `chess-x2` and `chess-x3` boards, and the split's
//! count of the board's time against the simulated board's clock behind a USB bridge; step
//! jobs (the paper's combined command) through the link, step for step and cycle for cycle
//! with `model::chess::step`.

#[path = "common/bridge.rs"]
mod bridge;

use gateware::Design;
use host::chess::{board_step, board_step_start, perft_on_board, perft_split};
use host::{Link, LinkError, SimTransport};
use model::chess::protocol::{
    encode_start, encode_step_start_on, StepAnswer, AT_DEPTH, AT_OFFSET, AT_SHARE, AT_STRIDE,
};
use model::chess::random::{perft_table, table_positions};
use model::chess::search::{perft_on_chip, perft_share_on_chip, Share};
use model::chess::step::{Step, Stepper};
use model::chess::Position;
use model::link::op;
use model::link::{err, job};
use rand::{rngs::StdRng, Rng, SeedableRng};
use sim::{BackendKind, SimBoard};

fn board_of(design: Design) -> Option<Link<SimTransport>> {
    if !sim::tools::require_verilator_backend("chess board tests") {
        return None;
    }
    Some(Link::new(SimTransport::new(
        SimBoard::open(design, BackendKind::Verilator).unwrap(),
    )))
}

fn board() -> Option<Link<SimTransport>> {
    board_of(Design::Chess)
}

/// Perfts split over the cores of `design` equal the model's: shared out on chip (one job a
/// core, each the model's share leaf for leaf, their cycles summed), and with `divide` root
/// move by root move (one job a root move, each the chip model's perft of the move's
/// subtree); the board's time lies between the work spread evenly over the cores and the jobs
/// one after another, the link's time each.
fn check_split(l: &mut Link<SimTransport>, cores: usize, runs: &[(&Position, u32)]) {
    for &(pos, depth) in runs {
        let r = perft_split(l, pos, depth, false, |_| {}).unwrap();
        assert_eq!(r.leaves, model::chess::perft(pos, depth), "{}", pos.fen());
        assert_eq!((r.cores, r.jobs), (cores, cores));
        assert_eq!(r.share_ply, host::chess::share_ply(pos, depth, cores));
        assert!(r.share_ply >= 1 && r.share_ply < depth);
        let cycles: u64 = (0..cores as u32)
            .map(|offset| {
                let share = Share {
                    ply: r.share_ply,
                    stride: cores as u32,
                    offset,
                };
                perft_share_on_chip(pos, depth, share).cycles
            })
            .sum();
        assert_eq!(r.cycles, cycles, "cycles of perft {depth} of {}", pos.fen());
        check_time(&r, cores);
        assert!(r.divide.is_empty());

        let r = perft_split(l, pos, depth, true, |_| {}).unwrap();
        assert_eq!(r.leaves, model::chess::perft(pos, depth), "{}", pos.fen());
        assert_eq!(r.divide, model::chess::divide(pos, depth), "divide {depth}");
        let roots = model::chess::legal_moves(pos);
        assert_eq!((r.jobs, r.share_ply), (roots.len(), 0));
        let cycles: u64 = roots
            .iter()
            .map(|&m| perft_on_chip(&pos.play(m), depth - 1).cycles)
            .sum();
        assert_eq!(
            r.cycles,
            cycles,
            "cycles of divide {depth} of {}",
            pos.fen()
        );
        check_time(&r, cores);
    }
}

fn check_time(r: &host::chess::SplitPerft, cores: usize) {
    assert!(r.link_cycles_per_job > 0);
    assert!(r.elapsed_cycles >= r.cycles / cores as u64, "{r:?}");
    // At worst the jobs one after another, each with its link time, and the first jobs'
    // round trip (less than a job's link time) once.
    assert!(
        r.elapsed_cycles <= r.cycles + (r.jobs as u64 + 1) * r.link_cycles_per_job,
        "{r:?}"
    );
}

/// `chess`: one perft unit, its four threads four cores.
#[test]
fn perft_split_over_the_threads_of_one_unit() {
    let Some(mut l) = board() else { return };
    let table = table_positions();
    check_split(&mut l, 4, &[(&table[1], 2), (&table[3], 3)]);
}

/// `chess-x2`, the bench's multi-core design: two units, eight threads.
#[test]
fn perft_split_over_eight_cores() {
    let Some(mut l) = board_of(Design::ChessX2) else {
        return;
    };
    let table = table_positions();
    check_split(
        &mut l,
        8,
        &[
            (&table[0], 3),
            (&table[1], 2),
            (&table[2], 4),
            (&table[5], 2),
        ],
    );
    // Depth 1: one job makes the root's moves (each root move's count is its one leaf);
    // depth 0: the root itself, nothing to divide.
    let start = Position::start();
    for divide in [false, true] {
        let r = perft_split(&mut l, &start, 1, divide, |_| {}).unwrap();
        assert_eq!((r.leaves, r.jobs, r.share_ply), (20, 1, 0));
        assert_eq!(r.cycles, perft_on_chip(&start, 1).cycles);
    }
    let r = perft_split(&mut l, &start, 1, true, |_| {}).unwrap();
    assert_eq!(r.divide, model::chess::divide(&start, 1));
    let r = perft_split(&mut l, &start, 0, true, |_| {}).unwrap();
    assert_eq!((r.leaves, r.jobs), (1, 1));
    assert!(r.divide.is_empty());
}

/// `chess-x3`, the biggest chess design (the bench's multi-core figure): three units, twelve
/// threads.
#[test]
fn perft_split_over_twelve_cores() {
    let Some(mut l) = board_of(Design::ChessX3) else {
        return;
    };
    let table = table_positions();
    check_split(&mut l, 12, &[(&table[0], 3), (&table[3], 3)]);
}

/// The board's time the split counts (`host::split::JobsLink::elapsed`: the cores' cycles,
/// the link's bytes and USB round trips, the host's polls) against the clock of the simulated
/// `chess-x2` seen as its ULX3S build would be, behind a USB bridge (`host::BridgedSim`):
/// shared out on chip (eight jobs) and divided by root move (48 jobs, results read with the
/// next starts). The board's clock also counts the split's three set-up exchanges
/// (`IDENTIFY`, two `JOB_CORES`), which the split does not. Within 3% and two round trips
/// (`bridge::assert_keeps_time`).
#[test]
fn the_split_link_model_keeps_time_with_the_board_behind_a_usb_bridge() {
    let Some(l) = board_of(Design::ChessX2) else {
        return;
    };
    let x2 = Design::ChessX2;
    let (mut l, round_trip) = bridge::bridged(l, x2);
    let per_byte = l.transport.extra_cycles_per_byte;
    assert_eq!((round_trip, per_byte), (40_000, 120), "40 MHz, 2 Mbaud");
    l.identify().unwrap();
    let threads = u64::from(x2.threads());
    let table = table_positions();
    for (pos, depth, divide) in [
        (&table[0], 4, false),
        (&table[3], 3, false),
        (&table[1], 3, true),
    ] {
        let (r, board, writes) = bridge::timed(&mut l, |l| {
            perft_split(l, pos, depth, divide, |_| {}).unwrap()
        });
        let setup = 3 * round_trip / threads;
        bridge::assert_keeps_time(
            &format!(
                "perft {depth} of {} (divide {divide}), {} jobs, {writes} writes, thread cycles",
                pos.fen(),
                r.jobs
            ),
            r.elapsed_cycles + setup,
            board / threads,
            round_trip / threads,
        );
    }
}

#[test]
fn perft_table_depths_1_to_3_on_the_board() {
    let Some(mut l) = board() else { return };
    let mut checked = 0;
    let mut seen = Vec::new();
    for e in perft_table() {
        let pos = Position::from_fen(&e.fen).unwrap();
        if seen.contains(&pos) {
            continue;
        }
        seen.push(pos.clone());
        for depth in 1..=3u32 {
            // The published count, else the model's (itself checked against the table's deep
            // counts and shakmaty).
            let want = match e.counts.iter().find(|&&(d, _)| d == depth) {
                Some(&(_, n)) => n,
                None => model::chess::perft(&pos, depth),
            };
            if want > 120_000 {
                break;
            }
            let r = perft_on_board(&mut l, &pos, depth, |_| {}).unwrap();
            assert_eq!(r.leaves, want, "perft {depth} of {}", pos.fen());
            let chip = perft_on_chip(&pos, depth);
            assert_eq!(
                r.cycles,
                chip.cycles,
                "cycles of perft {depth} of {}",
                pos.fen()
            );
            checked += 1;
        }
    }
    assert_eq!(seen.len(), table_positions().len());
    assert!(checked >= 40, "{checked} position/depth pairs");
}

#[test]
fn abort_and_bad_depth() {
    let Some(mut l) = board() else { return };
    // Perft 6 of the start position runs for minutes: abort it.
    let start = encode_start(&Position::start(), 6).unwrap();
    let st = l.job_start(&start).unwrap();
    assert_eq!(st.state, job::RUNNING);
    let st = l.job_abort().unwrap();
    assert_eq!(st.state, job::ABORTED);
    // Depth 16 does not fit the chip; a share at the leaves' ply, an offset not below the
    // stride, a stride of 0: the board refuses them (the encoder would not write them).
    let refused = [
        (AT_DEPTH, 16, "depth 16"),
        (AT_SHARE, 6, "a share at ply 6 of perft 6"),
        (AT_SHARE, 9, "a share below the leaves"),
        (AT_OFFSET, 1, "offset 1 of stride 1"),
        (AT_STRIDE, 0, "stride 0"),
    ];
    for (at, value, what) in refused {
        let mut bad = start.clone();
        bad[at] = value;
        match l.job_start(&bad) {
            Err(host::LinkError::Device { code, .. }) => assert_eq!(code, err::BAD_ARGUMENT),
            other => panic!("{what} accepted: {other:?}"),
        }
    }
    // A share at ply 5 of perft 6 is fine.
    let mut good = start.clone();
    good[AT_SHARE] = 5;
    assert_eq!(l.job_start(&good).unwrap().state, job::RUNNING);
    assert_eq!(l.job_abort().unwrap().state, job::ABORTED);
    // The board still counts.
    let r = perft_on_board(&mut l, &Position::start(), 2, |_| {}).unwrap();
    assert_eq!(r.leaves, 400);
}

#[test]
fn step_jobs_through_the_link_match_the_model() {
    let Some(mut l) = board_of(Design::ChessX2) else {
        return;
    };
    let mut r = StdRng::seed_from_u64(0x57e9);
    let mut starts = table_positions();
    starts.extend(model::chess::random::positions(0x57ea, 4, 80));
    let mut taken = 0;
    for pos in &starts {
        let mut model = Stepper::start(pos);
        let a = board_step_start(&mut l, pos).unwrap();
        assert_eq!(a, StepAnswer::of(&model.state()), "start {}", pos.fen());
        for k in 0..40 {
            let step =
                [Step::Next, Step::Next, Step::Down, Step::Down, Step::Up][r.gen_range(0..5)];
            let what = format!("step {k} ({step:?}) from {}", pos.fen());
            match (model.step(step), board_step(&mut l, step)) {
                (Ok(want), Ok(got)) => {
                    assert_eq!(got, StepAnswer::of(&want), "{what}");
                    taken += 1;
                }
                (Err(_), Err(LinkError::Device { code, .. })) => {
                    assert_eq!(code, err::BAD_ARGUMENT, "{what}")
                }
                (want, got) => panic!("{what}: model {want:?}, board {got:?}"),
            }
        }
    }
    assert!(taken > 100, "only {taken} steps were taken");
    // Refused: bad length, no such core, an idle core, an unknown step, a step job with a
    // depth.
    let refused = |l: &mut Link<SimTransport>, opc: u8, p: &[u8]| match l.call(opc, p) {
        Err(LinkError::Device { code, .. }) => code,
        other => panic!("{p:?} was not refused: {other:?}"),
    };
    assert_eq!(refused(&mut l, op::JOB_STEP, &[0]), err::BAD_LENGTH);
    assert_eq!(refused(&mut l, op::JOB_STEP, &[4, 1]), err::BAD_ARGUMENT);
    assert_eq!(refused(&mut l, op::JOB_STEP, &[1, 1]), err::BAD_ARGUMENT);
    assert_eq!(refused(&mut l, op::JOB_STEP, &[0, 0]), err::BAD_ARGUMENT);
    let mut start = encode_step_start_on(0, &starts[0]).unwrap();
    *start.last_mut().unwrap() = 1;
    assert_eq!(refused(&mut l, op::JOB_START, &start), err::BAD_ARGUMENT);
}
