//! Perft: the number of legal move paths of a given depth (leaves; no bulk counting).

use super::{legal_moves, Move, Position};

/// Leaves of the legal move tree of `depth` plies below `pos`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    legal_moves(pos)
        .into_iter()
        .map(|m| perft(&pos.play(m), depth - 1))
        .sum()
}

/// Perft per root move (`go perft` / `--divide`), in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    legal_moves(pos)
        .into_iter()
        .map(|m| (m, perft(&pos.play(m), depth.saturating_sub(1))))
        .collect()
}
