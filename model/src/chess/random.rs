//! Seeded random positions for tests: random legal play from the standard position and the
//! special positions of the perft table (castling, en passant, promotions, pins, checks).

use super::{legal_moves, Position};
use rand::{rngs::StdRng, Rng, SeedableRng};

/// The perft table the tests use (`model/tests/fixtures/chess-perft.txt`, with its source).
pub const PERFT_TABLE: &str = include_str!("../../tests/fixtures/chess-perft.txt");

/// The distinct starting positions of the perft table, in file order.
pub fn table_positions() -> Vec<Position> {
    let mut out: Vec<Position> = Vec::new();
    for line in PERFT_TABLE.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let Some(fen) = line.split(';').nth(1) else {
            continue;
        };
        let pos = Position::from_fen(fen.trim()).expect("the perft table's FENs parse");
        if !out.contains(&pos) {
            out.push(pos);
        }
    }
    out
}

/// `n` positions reached by 0..`max_plies` random legal moves from the table's positions,
/// the same ones for the same seed. Positions where the game is over are kept.
pub fn positions(seed: u64, n: usize, max_plies: usize) -> Vec<Position> {
    let mut r = StdRng::seed_from_u64(seed);
    let starts = table_positions();
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut pos = starts[r.gen_range(0..starts.len())].clone();
        for _ in 0..r.gen_range(0..=max_plies) {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves[r.gen_range(0..moves.len())]);
        }
        out.push(pos);
    }
    out
}
