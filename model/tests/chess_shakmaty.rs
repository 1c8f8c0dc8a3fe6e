//! The chess model's legal moves against `shakmaty` (a third-party library, dev-dependency)
//! on 10,000+ seeded random positions reached by random play from the standard position and
//! the special positions of the perft table; FEN printing round-trips through shakmaty too.

use model::chess::{legal_moves, Position};
use rand::{rngs::StdRng, Rng, SeedableRng};
use shakmaty::{fen::Fen, CastlingMode, Chess, EnPassantMode, Position as _};
use std::collections::BTreeSet;

const SEED: u64 = 0xc4e5_0001;

fn starts() -> Vec<String> {
    model::chess::random::perft_table()
        .into_iter()
        .map(|e| e.fen)
        .collect()
}

fn theirs(fen: &str) -> BTreeSet<String> {
    let pos: Chess = Fen::from_ascii(fen.as_bytes())
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap_or_else(|e| panic!("shakmaty refuses {fen}: {e}"));
    pos.legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect()
}

#[test]
fn legal_moves_equal_shakmatys_on_random_positions() {
    println!("seed {SEED:#x}");
    let mut r = StdRng::seed_from_u64(SEED);
    let starts = starts();
    let mut checked = 0;
    while checked < 10_000 {
        let mut pos = Position::from_fen(&starts[r.gen_range(0..starts.len())]).unwrap();
        for _ in 0..r.gen_range(1..80) {
            let fen = pos.fen();
            let ours: Vec<String> = legal_moves(&pos).iter().map(|m| m.uci()).collect();
            let set: BTreeSet<String> = ours.iter().cloned().collect();
            assert_eq!(set.len(), ours.len(), "duplicate moves in {fen}");
            assert_eq!(set, theirs(&fen), "legal moves of {fen}");
            // Our FEN of the position as shakmaty prints it (legal en passant squares only).
            let back: Chess = Fen::from_ascii(fen.as_bytes())
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            let theirs_fen = Fen::from_position(&back, EnPassantMode::Legal).to_string();
            let ours_again = Position::from_fen(&theirs_fen).unwrap();
            assert_eq!(ours_again.board, pos.board, "board of {fen}");
            checked += 1;
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves[r.gen_range(0..moves.len())]);
        }
    }
    println!("{checked} positions checked");
}
