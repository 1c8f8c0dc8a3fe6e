//! The fastest-first solver's transposition table (issue 12, beyond the paper): 2,048 entries
//! in block RAM, each a whole position, what one search of it found and its best move; golden
//! model `model::othello::table`, whose header gives the rules (which nodes read and write it,
//! the slot, the generations).
//!
//! ```text
//!  cur_p, cur_o --slot--> read address ----+  +-------------------+
//!                                          +->| RAM 2048 x 161    |--> entry (Probe)
//!  popped frame --slot--> write address ---+  | (18 DP16KD)       |
//!  Pop's return, Clear's zeros --> write data +-------------------+
//! ```
//!
//! The RAM and its logic are part of the solver's flat kernel (`solver.rs`: the `Probe` and
//! `Clear` states and the write in `Pop`); this file holds the entry's layout and sizes, as
//! `stack_frame` does the stack's. The slot is the model's `table::slot`: the side to move's
//! discs XOR the opponent's turned left by `SLOT_ROTATE`, folded to 11 bits by XOR (two LUT
//! levels), from the current board for the read (issued in `Enter`, read in `Probe`: one cycle
//! a probed node) and from the popped frame's board for the write (in `Pop`, on the write
//! port: no cycle).
//!
//! An entry's kind: 0 never written, 1 lower bound (a cut-off), 2 upper bound (every move
//! failed low), 3 exact (`model::othello::table::Kind::code`). Its value is in excess-128 as
//! the solver's scores; its best move is 64 for none.

use crate::frame_layout;

use model::othello::table::{Kind, TABLE_BITS};
pub use model::othello::table::{SLOT_ROTATE, TABLE_MIN_EMPTIES};

frame_layout! {
    /// One entry of the table.
    pub mod table_entry {
        P: 64,
        O: 64,
        GEN: super::GEN_BITS,
        KIND: 2,
        VALUE: 8,
        BEST: 7,
    }
}

/// Bits of the job's generation in an entry: the table is fresh for each job (an entry of
/// another generation reads as empty), and cleared when the generation wraps after
/// `GEN_LAST` jobs.
pub const GEN_BITS: usize = 16;
/// The last generation before the wrap: the next start clears the table (`Clear`, one entry
/// a cycle, not counted in the job's cycles) and takes generation 1. Generation 0 is never a
/// job's: the block RAM's power-up zeros read as empty.
pub const GEN_LAST: u64 = (1 << GEN_BITS) - 1;
/// Bits of an entry.
pub const ENTRY_BITS: usize = table_entry::BITS;
/// Address bits of the table.
pub const TABLE_ADDR_BITS: usize = TABLE_BITS as usize;

// The solver reads the table at every sorted node and at no other: the two thresholds must
// meet (`model::othello::search`: a probed node is a sorted node).
const _: () = assert!(TABLE_MIN_EMPTIES == model::othello::search::FF_EMPTIES_ABOVE + 1);
const _: () = assert!(SLOT_ROTATE < 64);
// The solver's kernel writes and tests an entry's kind as the literals 1, 2 and 3 (a `Constant`
// each would change the emitted Verilog for nothing): the model's codes must say so.
const _: () =
    assert!(Kind::Lower.code() == 1 && Kind::Upper.code() == 2 && Kind::Exact.code() == 3);
