//! The simulated board behind a USB bridge (`host::BridgedSim`) for the tests that check a
//! split's count of the board's time against the board's clock.

use gateware::{BoardId, Design};
use host::{BridgedSim, Link, SimTransport};

/// `design`'s simulated board seen as its ULX3S build would be, behind a USB bridge, and one
/// round trip in board clocks.
pub fn bridged(l: Link<SimTransport>, design: Design) -> (Link<BridgedSim>, u64) {
    let bridged = BridgedSim::new(l.transport, design, BoardId::Ulx3s).unwrap();
    let round_trip = bridged.round_trip_cycles;
    (Link::new(bridged), round_trip)
}

/// Runs `run` on the bridged board; its result, the board clocks it took and the link's
/// writes.
pub fn timed<R>(
    l: &mut Link<BridgedSim>,
    run: impl FnOnce(&mut Link<BridgedSim>) -> R,
) -> (R, u64, u64) {
    let (before, writes) = (l.transport.inner.board.cycles(), l.stats.writes);
    let r = run(l);
    (
        r,
        l.transport.inner.board.cycles() - before,
        l.stats.writes - writes,
    )
}

/// Whether a poll sees a job ended can turn on a few cycles (the simulated UART's bytes come
/// in a little earlier or later than a real one's) and cost or save a poll and a write: the
/// count `counted` keeps time with the board's `board` within 3% and two round trips (all in
/// the same cycles).
pub fn assert_keeps_time(what: &str, counted: u64, board: u64, round_trip: u64) {
    println!(
        "{what}: the count {counted} cycles, the board {board} ({:+.2}%)",
        100.0 * (board as f64 / counted as f64 - 1.0)
    );
    let slack = counted / 33 + 2 * round_trip;
    assert!(
        board.abs_diff(counted) <= slack,
        "{what}: the count says {counted} cycles, the board took {board}"
    );
}
