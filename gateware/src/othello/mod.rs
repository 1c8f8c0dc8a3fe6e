//! The Othello endgame solver of Wong, Lo and Leong, "An FPGA-based Othello Endgame Solver"
//! (`shared/papers/othello-endgame-fpga.md`). One file per block of the paper's Figure 2:
//!
//! | block | file | paper |
//! |---|---|---|
//! | Legal Move Checker | [`legal_moves`] | 3.1 |
//! | Disc Flipper | [`flipper`] | 3.2 |
//! | Move Selector | [`move_selector`] | 3.3 |
//! | Disc Counter | [`disc_counter`] | 3.4 |
//! | fastest-first Insertion Sorter | [`insertion_sorter`] | 5 (future work) |
//! | alpha-beta FSM + stacks | [`solver`] | 3, Figure 3, Table 6 |
//! | transposition table (fastest-first solvers) | [`table`] | beyond the paper (issue 12) |
//! | host interface | [`core`] | 3.5 (here: the link protocol instead of the Pilchard RAM) |
//!
//! Bitboards: bit `i` is square `i`, a1 = 0 .. h8 = 63; `p` = side to move, `o` = opponent
//! (the paper's 128-bit board of 2 bits per square carries the same information).
//! Scores travel in excess-128 form (two's complement with the top bit flipped), so signed
//! comparisons are unsigned ones and negation is `0 - x`.

pub mod core;
pub mod disc_counter;
pub mod flipper;
pub mod insertion_sorter;
pub mod legal_moves;
pub mod move_selector;
pub mod solver;
pub mod table;

pub use self::core::OthelloCore;
pub use disc_counter::DiscCounter;
pub use flipper::Flipper;
pub use insertion_sorter::InsertionSorter;
pub use legal_moves::LegalMoves;
pub use move_selector::MoveSelector;
pub use solver::Solver;

/// Two's complement score to excess-128.
pub fn to_excess(v: i32) -> u64 {
    ((v as i8 as u8) ^ 0x80) as u64
}

/// Excess-128 score to two's complement.
pub fn from_excess(b: u64) -> i32 {
    ((b as u8) ^ 0x80) as i8 as i32
}
