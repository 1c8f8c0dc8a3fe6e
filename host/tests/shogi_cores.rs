//! The `shogi-x2` design (two shogi cores behind one link) on the simulated board
//! (Verilator): a perft split by root move over the cores by the generic scheduler
//! (`host::shogi::perft_split`: each job loads its position into its core, then starts),
//! against the model's walk (`model::shogi::walk::perft_walk`) job for job, also over a
//! faulty line; the split's link model (`host::split::JobsLink`, loads counted) against the
//! board's clock behind a USB bridge.

#[path = "common/bridge.rs"]
mod bridge;

use gateware::Design;
use host::shogi::{moves_on_board, perft_split, BoardDivide, PerftJob, ShogiPerft};
use host::split::{run_jobs, JobsLink, LinkExecutor};
use host::{FaultConfig, FaultyTransport, Link, SimTransport};
use model::shogi::all_moves::generate;
use model::shogi::piece_data::BoardData;
use model::shogi::random;
use model::shogi::walk::perft_walk;
use model::shogi::Position;
use sim::{BackendKind, SimBoard};

fn board() -> Option<Link<SimTransport>> {
    if !sim::tools::require_verilator_backend("shogi multi-core tests") {
        return None;
    }
    Some(Link::new(SimTransport::new(
        SimBoard::open(Design::ShogiX2, BackendKind::Verilator).unwrap(),
    )))
}

/// The split of perft `depth` of `pos` checked against the walk of each root move's child:
/// its leaves (the divide in the generator's order), cycles and moves jobs.
fn check_split(r: &BoardDivide, pos: &Position, depth: u32, divide: bool) {
    let board = BoardData::from_position(pos);
    let roots = generate(&board).moves;
    let walks: Vec<_> = roots
        .iter()
        .map(|&m| perft_walk(&board.play(m), depth - 1))
        .collect();
    let what = format!("perft {depth} of {}", pos.sfen());
    assert_eq!(r.cores, 2, "{what}");
    assert_eq!(r.jobs, roots.len() as u64, "{what}");
    assert_eq!(r.leaves, model::shogi::perft(pos, depth), "{what}");
    if divide {
        let want: Vec<_> = roots
            .iter()
            .zip(&walks)
            .map(|(&m, w)| (m, w.leaves))
            .collect();
        assert_eq!(r.per_move, want, "{what}");
    } else {
        assert!(r.per_move.is_empty(), "{what}");
    }
    assert_eq!(
        r.cycles,
        walks.iter().map(|w| w.cycles).sum::<u64>(),
        "{what}"
    );
    assert_eq!(
        r.moves_jobs,
        walks.iter().map(|w| w.nodes).sum::<u64>(),
        "{what}"
    );
}

#[test]
fn perft_split_over_two_cores_equals_the_walk() {
    let Some(mut l) = board() else { return };
    let start = Position::start();
    let board = BoardData::from_position(&start);
    let r = perft_split(&mut l, &board, 3, true, |_| {}).unwrap();
    check_split(&r, &start, 3, true);
    // The divide's root moves in the order the board's generator gives them (its candidates
    // read back after a moves job on core 0).
    let generated = moves_on_board(&mut l, &board).unwrap().moves;
    let divided: Vec<_> = r.per_move.iter().map(|&(m, _)| m).collect();
    assert_eq!(divided, generated);
    // Positions of random play with few moves at the root (a dozen jobs each), not divided.
    let few: Vec<Position> = random::positions(0x5c02, 60, 80)
        .into_iter()
        .filter(|p| (4..=14).contains(&model::shogi::perft(p, 1)))
        .take(2)
        .collect();
    assert_eq!(few.len(), 2, "two positions with 4 to 14 moves");
    for pos in &few {
        let b = BoardData::from_position(pos);
        let r = perft_split(&mut l, &b, 3, false, |_| {}).unwrap();
        check_split(&r, pos, 3, false);
    }
}

/// The board's time the split counts (`host::split::JobsLink::elapsed`: the cores' cycles,
/// each job's ten loads and its start, the results, the polls, the bytes and USB round trips)
/// against the clock of the simulated `shogi-x2` seen as its ULX3S build would be (15 MHz,
/// 1 Mbaud), behind a USB bridge (`host::BridgedSim`). The board's clock also counts the
/// split's three set-up exchanges (`IDENTIFY`, two `JOB_CORES`), which the split does not. Within
/// 3% and two round trips (`bridge::assert_keeps_time`).
#[test]
fn the_split_link_model_keeps_time_with_the_board_behind_a_usb_bridge() {
    let Some(l) = board() else { return };
    let (mut l, round_trip) = bridge::bridged(l, Design::ShogiX2);
    let per_byte = l.transport.extra_cycles_per_byte;
    assert_eq!((round_trip, per_byte), (15_000, 70), "15 MHz, 1 Mbaud");
    l.identify().unwrap();
    let start = BoardData::from_position(&Position::start());
    let (r, board, writes) = bridge::timed(&mut l, |l| {
        perft_split(l, &start, 3, false, |_| {}).unwrap()
    });
    bridge::assert_keeps_time(
        &format!("perft 3 of the start, {} jobs, {writes} writes", r.jobs),
        r.elapsed_cycles + 3 * round_trip,
        board,
        round_trip,
    );
}

/// Over a faulty line (bytes flipped, dropped, duplicated, cut and garbage both ways) every
/// job's leaves are its own: a job whose load's answer was lost is aborted, loaded and started
/// again (`LinkExecutor::reloads`), one whose result was lost after its core's next start is
/// run again (`reruns`).
#[test]
fn a_split_over_a_faulty_line_counts_every_job() {
    if !sim::tools::require_verilator_backend("shogi multi-core tests") {
        return;
    }
    let seed = 0x5c0_fa17;
    let p = 0.002;
    println!("seed {seed:#x}, fault probability {p} per byte and kind");
    let board = SimBoard::open(Design::ShogiX2, BackendKind::Verilator).unwrap();
    let mut l = Link::new(FaultyTransport::new(
        SimTransport::new(board),
        FaultConfig::uniform(p),
        FaultConfig::uniform(p),
        seed,
    ))
    .with_seed(seed);
    let start = BoardData::from_position(&Position::start());
    let children: Vec<BoardData> = generate(&start)
        .moves
        .iter()
        .map(|&m| start.play(m))
        .collect();
    let jobs: Vec<_> = children.iter().map(|b| PerftJob::new(b, 2)).collect();
    let mut ex = LinkExecutor::<ShogiPerft, _>::new(&mut l).unwrap();
    let run = run_jobs(&mut ex, &jobs, JobsLink::default(), |_| {}).unwrap();
    let (reloads, reruns) = (ex.reloads, ex.reruns);
    for (b, r) in children.iter().zip(&run.results) {
        let w = perft_walk(b, 2);
        assert_eq!((r.nodes, r.cycles), (w.leaves, w.cycles), "seed {seed:#x}");
    }
    let (s, f) = (l.stats, l.transport.counts);
    println!(
        "requests {} faults injected {} retries {} reloads {reloads} reruns {reruns}",
        s.requests,
        f.total(),
        s.retries
    );
    assert!(s.retries > 0, "the test injected no faults");
    assert!(reloads > 0, "no load's answer was lost");
}
