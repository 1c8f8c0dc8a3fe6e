//! The shogi model's perft against the published table (`fixtures/shogi-perft.txt`, copied
//! from `shared/data/shogi/perft.txt` with its source header: YaneuraOu's unit test, the
//! "matsuri" position, the 593-move position), every listed depth up to a node budget that
//! fits CI.

use model::shogi::random::perft_table;
use model::shogi::{legal_moves, perft, Position};

/// Largest leaf count checked here (deeper entries are for benches).
const MAX_LEAVES: u64 = 60_000_000;

#[test]
fn perft_matches_the_published_table() {
    let t = perft_table();
    assert_eq!(t.len(), 3, "positions in the table");
    let mut checked = 0;
    for e in &t {
        let pos = Position::from_sfen(&e.sfen).unwrap_or_else(|err| panic!("{}: {err}", e.sfen));
        assert_eq!(
            pos.sfen().split(' ').next(),
            e.sfen.split(' ').next(),
            "the board prints back"
        );
        for &(d, n) in e.counts.iter().filter(|c| c.1 <= MAX_LEAVES) {
            let t0 = std::time::Instant::now();
            assert_eq!(perft(&pos, d), n, "{} depth {d}", e.sfen);
            println!("{} D{d} {n} ({:.1} s)", e.sfen, t0.elapsed().as_secs_f64());
            checked += 1;
        }
    }
    assert!(checked >= 8, "{checked} (position, depth) pairs checked");
}

#[test]
fn the_593_move_position_has_593_moves_and_the_start_30() {
    let t = perft_table();
    let max = Position::from_sfen(&t[2].sfen).unwrap();
    assert_eq!(legal_moves(&max).len(), 593);
    assert_eq!(legal_moves(&Position::start()).len(), 30);
}
