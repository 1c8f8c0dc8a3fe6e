//! The chess model's perft against the published table (`fixtures/chess-perft.txt`, copied
//! from `shared/data/chess/perft.txt` with its source header): the six standard positions and
//! the TalkChess special cases, every listed depth up to a node budget that fits CI.

use model::chess::random::perft_table;
use model::chess::{perft, Position};

/// Largest leaf count checked here (deeper entries are for benches).
const MAX_LEAVES: u64 = 5_000_000;

#[test]
fn perft_matches_the_published_table() {
    let t = perft_table();
    assert_eq!(t.len(), 21, "positions in the table");
    let mut checked = 0;
    for e in &t {
        let pos = Position::from_fen(&e.fen).unwrap_or_else(|err| panic!("{}: {err}", e.name));
        assert_eq!(
            pos.fen().split(' ').next(),
            e.fen.split(' ').next(),
            "{}",
            e.name
        );
        for &(d, n) in e.counts.iter().filter(|c| c.1 <= MAX_LEAVES) {
            assert_eq!(perft(&pos, d), n, "{} depth {d}", e.name);
            checked += 1;
        }
    }
    println!("{checked} (position, depth) pairs checked");
    assert!(checked >= 25);
}
