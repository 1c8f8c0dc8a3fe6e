//! The shogi processor's piece cover circuit (`shared/papers/shogi-processor-fpga.md` section
//! 6, Figure 8), block by block; the rest of Figure 8 and the all-move generator follow (see
//! `docs/shogi.md`, "What is left").
//!
//! | block | file | model | cycles | paper |
//! |---|---|---|---|---|
//! | top-down scanner, bottom-up scanner (nine file sub-blocks each, ray registers) | [`scanner`] | `model::shogi::cover_scan::scan` | 1 per rank (the cover of the rank read in the cycle it is read; a ray register holds only the identities of the kinds that slide its way: `scanner::ray_kinds`) | 6.1, 6.2, Figures 6, 7 |
//! | rook cover calculator (moves along a rank) | [`rook_cover_calculator`] | `model::shogi::cover_scan::rank_cover` | 0 | 6.1, 6.2 |
//! | board data, two cover RAMs (a scan each) and the logical OR on their read: the piece cover table; the whole of Figure 8 | [`piece_cover_circuit`] | `model::shogi::piece_data::cover_table` | 9 a table on the fast schedule (`model::shogi::cover_scan::FAST_CYCLES`), 18 in the paper's order (`PAPER_ORDER_CYCLES`); the paper: 46 | 6.2, 6.3, Figures 8-11 |
//! | the piece cover circuit with one scanner and one cover RAM (the Alchitry Cu's): the top-down scanner over the board, then over the board turned with the colours swapped, OR-ed into the first pass's words | [`piece_cover_circuit_one_scanner`] | `model::shogi::cover_scan::one_scanner_cover_table`, `turned` | 19 a table (`ONE_SCANNER_CYCLES`) | 6.1-6.3, Figure 8 (one scanner for both of the paper's) |
//! | the king's walks (legality for the all-move generator: slider checks, the squares between and behind, pins and their lines; in discover mode, from the defender's king, the tsume circuit's mask B) | [`king_rays`] | `model::shogi::all_moves::king_rays`, `discover_walks` | the longest walk's squares (at most 8) | (not in the papers: `model::shogi::all_moves`); mask B: the tsume paper's §3.3 |
//! | the piece info table (per identity: owner, promoted, in its owner's zone; pawn files, king squares) | [`piece_info_table`] | `model::shogi::all_moves::piece_info` | 9 (a rank a cycle: `PIECE_INFO_CYCLES`, the ranks and identities the top-down scanner reads and decodes) | 7 (the cover table's identities are what a move generator needs) |
//! | the all-move generator's candidate pass (a rank of destination squares a cycle: legal board moves and promotions as identity masks, drops, the rank's count, the pawn-drop probe) | [`all_move_generator`] | `model::shogi::all_moves::candidates` | 9 (`GENERATOR_CYCLES`) after a start | 7; the tsume paper's stage 3 |
//! | perft on chip: the depth-first walk over the all-move unit (candidate stack and undo stack in block RAM, moves made and unmade a rank word at a time; the last ply counted); its mate walk (the tsume circuit's masks on the stream: checks only at the attacker's plies; AND/OR results with cut-offs) | [`perft_walker`] | `model::shogi::walk::perft_walk`, `mate_walk` | per node 2 + its moves job + 1; per expanded node 18 more (the job's candidate ranks streamed into the stack as they are made); per move 6 | (not in the papers) |
//! | copies of the board data for its readers (written from the board data's write bus; kept apart through synthesis so that each can be placed near its readers) | [`board_copy`] | (the board data) | 0 (written with it) | (not in the papers: placement) |
//! | the `shogi` design: the circuit behind the link (`JOB_LOAD` a rank, `JOB_START`, `JOB_READ` half a rank) | [`core`] | `model::shogi::protocol` | a frame's cycles a command; the job 9 | (the host interface is not in the paper) |
//! | the `shogi-cover` and `shogi-cover-cu` designs: a piece cover circuit alone behind the link (the same commands; 60 MHz on the ULX3S, the one-scanner circuit on the Alchitry Cu) | [`cover_core`] | `model::shogi::protocol`, `model::shogi::piece_data::cover_table` | the job 9 (19 on `shogi-cover-cu`) | (the host interface is not in the paper) |
//!
//! Board data: nine 90-bit rank words of 10-bit piece data, file 1 lowest
//! (`model::shogi::piece_data`).

use rust_hdl::prelude::{Bits, Constant};

pub mod all_move_generator;
pub mod all_moves_unit;
pub mod board_copy;
pub mod core;
pub mod cover_core;
pub mod king_rays;
pub mod perft_walker;
pub mod piece_cover_circuit;
pub mod piece_cover_circuit_one_scanner;
pub mod piece_info_table;
pub mod rook_cover_calculator;
pub mod scanner;

pub(crate) use crate::common::{c, mask, offsets};

/// The 40 identities of `kinds`, one bit each (`model::shogi::piece_data::ids_mask` as a
/// constant: the generator's and the check filter's kind masks).
pub(crate) fn ids_of(kinds: &[model::shogi::Kind]) -> Constant<Bits<40>> {
    c(model::shogi::piece_data::ids_mask(kinds))
}

/// The identity one-hot decode's constants (scanners, rook cover calculator, generator):
/// a piece's identity is its kind's first (`ID_BASE`) plus its index (1-based, 5 bits) less
/// one, so its one-hot is the index's one-hot (`k_index`: the numbers 1..=18), cut to the
/// kind's count (`k_count`), shifted by the kind's first identity: wiring, no shifter.
pub(crate) fn id_decode() -> ([Constant<Bits<5>>; 18], [Constant<Bits<18>>; 8]) {
    use model::shogi::piece_data::ID_BASE;
    let count = |t: usize| ID_BASE.get(t + 1).map_or(40, |&e| e as usize) - ID_BASE[t] as usize;
    (
        std::array::from_fn(|i| c(i as u64 + 1)),
        std::array::from_fn(|t| mask(18, |i| i < count(t))),
    )
}

pub use self::core::ShogiCore;
pub use all_move_generator::AllMoveGenerator;
pub use all_moves_unit::AllMovesUnit;
pub use board_copy::BoardCopy;
pub use cover_core::{ShogiCoverCore, ShogiCoverCoreOneScanner};
pub use king_rays::KingRays;
pub use perft_walker::PerftWalker;
pub use piece_cover_circuit::PieceCoverCircuit;
pub use piece_cover_circuit_one_scanner::PieceCoverCircuitOneScanner;
pub use piece_info_table::PieceInfoTable;
pub use rook_cover_calculator::RookCoverCalculator;
pub use scanner::Scanner;
