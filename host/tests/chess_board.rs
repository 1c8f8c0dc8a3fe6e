//! Perft counted on the simulated `chess` board (Verilator): the published perft table's
//! positions at depths 1-3 (up to 120,000 leaves), leaf counts equal to the table (the
//! model's perft where the table gives only a deeper count) and cycles equal to the model of
//! the chip (`model::chess::search::perft_on_chip`); an aborted job; bad depth refused.

use gateware::Design;
use host::chess::perft_on_board;
use host::{Link, SimTransport};
use model::chess::protocol::encode_start;
use model::chess::random::{perft_table, table_positions};
use model::chess::search::perft_on_chip;
use model::chess::Position;
use model::link::{err, job};
use sim::{BackendKind, SimBoard};

fn board() -> Option<Link<SimTransport>> {
    if !sim::tools::require_verilator_backend("chess board tests") {
        return None;
    }
    Some(Link::new(SimTransport::new(
        SimBoard::open(Design::Chess, BackendKind::Verilator).unwrap(),
    )))
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
    // Depth 16 does not fit the chip: the board refuses it.
    let mut bad = start.clone();
    *bad.last_mut().unwrap() = 16;
    match l.job_start(&bad) {
        Err(host::LinkError::Device { code, .. }) => assert_eq!(code, err::BAD_ARGUMENT),
        other => panic!("depth 16 accepted: {other:?}"),
    }
    // The board still counts.
    let r = perft_on_board(&mut l, &Position::start(), 2, |_| {}).unwrap();
    assert_eq!(r.leaves, 400);
}
