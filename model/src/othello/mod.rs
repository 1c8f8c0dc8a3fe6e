//! Othello golden models: bitboard rules, OBF text format, perft, the reference search that
//! the hardware solver matches node for node, and a strong software solver (the CPU baseline).
//!
//! Squares are numbered 0..64 with a1 = 0, h1 = 7, a8 = 56, h8 = 63 (bit `i` of a bitboard is
//! square `i`); `p` is the side to move, `o` the opponent.

pub mod fast;
pub mod obf;
pub mod order;
pub mod perft;
pub mod protocol;
pub mod random;
pub mod rules;
pub mod search;
pub mod table;

pub use obf::{parse_obf, parse_position, ObfError, Position, PositionError};
pub use protocol::SCORE_BOUND;
pub use rules::{final_score, flips, legal_moves, play, square_name};
