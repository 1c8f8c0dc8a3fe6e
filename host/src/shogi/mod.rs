//! Shogi on the host: `boardgate shogi perft | moves | cover | usi` on the golden model
//! (`model::shogi`), and the piece cover table computed by the board (the `shogi` design: the
//! paper's piece cover circuit behind the link).

pub mod cli;
pub mod engine;

/// Deepest perft the model runs for the CLI and `go perft` (depth 6 from the start is 548M
/// leaves, about a minute; the bound keeps every job short enough to wait for).
pub const MAX_PERFT_DEPTH: u32 = 6;

use crate::{Link, LinkError, Transport};
use model::link::op;
use model::shogi::piece_data::{BoardData, CoverTable};
use model::shogi::protocol::{
    decode_read, decode_result, encode_load, encode_read, JOB_COVER, RANKS, READ_WORDS,
};
use model::shogi::SQUARES;

/// A piece cover table computed by the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardCover {
    pub table: CoverTable,
    /// The circuit's cycles (from the start to the table's last write).
    pub cycles: u64,
}

/// The piece cover table of `board` on the board's core 0: the board data loaded a rank at a
/// time (`JOB_LOAD`), the cover job run, the table read half a rank at a time (`JOB_READ`).
pub fn cover_on_board<T: Transport>(
    link: &mut Link<T>,
    board: &BoardData,
) -> Result<BoardCover, LinkError> {
    for rank in 0..RANKS {
        link.call(op::JOB_LOAD, &encode_load(0, board, rank))?;
    }
    let cycles = decode_result(&link.run_job(&[JOB_COVER], "cover", |_| {})?)?;
    let mut table = CoverTable([0; SQUARES]);
    for word in 0..READ_WORDS {
        let p = link.call(op::JOB_READ, &encode_read(0, word))?;
        decode_read(word, &p, &mut table)?;
    }
    Ok(BoardCover { table, cycles })
}
