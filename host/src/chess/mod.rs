//! Chess on the host: perft, the legal moves of a position and a UCI engine on the golden
//! model (`model::chess`), and perft on the board (the `chess` designs: perft on chip).

pub mod cli;
pub mod engine;

use crate::{Link, LinkError, Transport};
use model::chess::protocol::{decode_result, encode_start, PerftResult};
use model::chess::Position;

/// Deepest perft the host asks of the model (`chess perft`, UCI `go perft`): depth 7 from the
/// start is 3.2 billion leaves, minutes on one thread.
pub const MAX_PERFT_DEPTH: u32 = 7;

/// Perft of `depth` below `pos` on the board's core 0: one job, polled until done
/// (`progress` sees the leaves counted so far).
pub fn perft_on_board<T: Transport>(
    link: &mut Link<T>,
    pos: &Position,
    depth: u32,
    mut progress: impl FnMut(u64),
) -> Result<PerftResult, LinkError> {
    let r = link.run_job(&encode_start(pos, depth)?, "perft", &mut progress)?;
    Ok(decode_result(&r)?)
}
