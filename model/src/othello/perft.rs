//! Perft: leaf counts of the game tree, with both pass conventions of
//! `shared/data/othello/perft.txt` (fixture: `model/tests/fixtures/othello-perft.txt`).

use super::rules::{legal_moves, play};

/// How passes and finished games count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassConvention {
    /// aartbik / OEIS A124004: a pass is a ply; a game that ends before the depth is one leaf.
    Aartbik,
    /// Edax `count_game`: a pass is a ply; a game that ends early counts 0 leaves.
    Edax,
}

pub fn perft(p: u64, o: u64, depth: u32, conv: PassConvention) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(p, o);
    if moves == 0 {
        if legal_moves(o, p) == 0 {
            return match conv {
                PassConvention::Aartbik => 1,
                PassConvention::Edax => 0,
            };
        }
        return perft(o, p, depth - 1, conv);
    }
    if depth == 1 {
        return moves.count_ones() as u64;
    }
    let mut n = 0;
    let mut m = moves;
    while m != 0 {
        let sq = m.trailing_zeros();
        m &= m - 1;
        let (np, no) = play(p, o, sq);
        n += perft(np, no, depth - 1, conv);
    }
    n
}
