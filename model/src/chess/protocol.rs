//! Payloads of the chess designs' job commands (the link protocol's opcodes are in
//! `crate::link`). Little-endian.
//!
//! * `JOB_START` (27 bytes): occupancy u64 (bit `s` = a piece on square `s`, a1 = 0), then
//!   16 bytes of 4-bit piece codes, one per occupied square in square order, low nibble first
//!   (the paper's 4-bit piece registers: bit 3 white, bits 2..0 pawn 1, knight 2, bishop 3,
//!   rook 4, queen 5, king 6), then flags u8 (bit 0 white to move, bits 4..7 the castling
//!   rights of `super::castle` shifted left by 4), then en passant u8 (bit 7 set: the pawn
//!   that just made a double push stands on square bits 5..0), then depth u8
//!   (0..=[`super::search::CHIP_MAX_DEPTH`]).
//! * `JOB_POLL` answer: state u8, leaves so far u64 (`crate::link::JobStatus`).
//! * `JOB_RESULT` answer (16 bytes): leaves u64, cycles u64 (the walk's cycles; the board
//!   takes one more cycle per piece to load the position, not counted).
//!
//! With a core index first (`crate::link::CORE_INDEX_LEN`), `JOB_START` is 28 bytes.

use super::search::CHIP_MAX_DEPTH;
use super::{Color, Kind, Position};
use crate::link::PayloadError;

pub const START_LEN: usize = 27;
pub const RESULT_LEN: usize = 16;
/// Bytes of the piece codes (at most 32 pieces, 4 bits each).
pub const CODES_LEN: usize = 16;
/// Offsets in the `JOB_START` payload.
pub const AT_OCC: usize = 0;
pub const AT_CODES: usize = 8;
pub const AT_FLAGS: usize = AT_CODES + CODES_LEN;
pub const AT_EP: usize = AT_FLAGS + 1;
pub const AT_DEPTH: usize = AT_EP + 1;
/// The en passant byte's valid bit.
pub const EP_VALID: u8 = 0x80;

/// The 4-bit piece code.
pub fn piece_code(kind: Kind, color: Color) -> u8 {
    let k = match kind {
        Kind::Pawn => 1,
        Kind::Knight => 2,
        Kind::Bishop => 3,
        Kind::Rook => 4,
        Kind::Queen => 5,
        Kind::King => 6,
    };
    k | if color == Color::White { 8 } else { 0 }
}

/// The square of the pawn that just made a double push (FEN gives the square behind it).
pub fn ep_victim(pos: &Position) -> Option<u8> {
    pos.ep.map(|e| if e / 8 == 2 { e + 8 } else { e - 8 })
}

/// `JOB_START` for perft of `depth` below `pos`.
pub fn encode_start(pos: &Position, depth: u32) -> Result<Vec<u8>, PayloadError> {
    if depth > CHIP_MAX_DEPTH {
        return Err(PayloadError::Invalid {
            what: "chess JOB_START",
            why: format!("depth {depth} is over the chip's {CHIP_MAX_DEPTH}"),
        });
    }
    let mut occ = 0u64;
    let mut codes = [0u8; CODES_LEN];
    let mut n = 0;
    for (s, p) in pos.board.iter().enumerate() {
        let Some(p) = p else { continue };
        if n == 2 * CODES_LEN {
            return Err(PayloadError::Invalid {
                what: "chess JOB_START",
                why: "more than 32 pieces".into(),
            });
        }
        occ |= 1 << s;
        codes[n / 2] |= piece_code(p.kind, p.color) << (4 * (n % 2));
        n += 1;
    }
    let mut v = Vec::with_capacity(START_LEN);
    v.extend_from_slice(&occ.to_le_bytes());
    v.extend_from_slice(&codes);
    v.push((pos.side == Color::White) as u8 | pos.castling << 4);
    v.push(ep_victim(pos).map_or(0, |s| EP_VALID | s));
    v.push(depth as u8);
    Ok(v)
}

/// `JOB_START` addressed to `core`.
pub fn encode_start_on(core: u8, pos: &Position, depth: u32) -> Result<Vec<u8>, PayloadError> {
    let mut v = vec![core];
    v.extend(encode_start(pos, depth)?);
    Ok(v)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PerftResult {
    pub leaves: u64,
    pub cycles: u64,
}

pub fn decode_result(p: &[u8]) -> Result<PerftResult, PayloadError> {
    if p.len() != RESULT_LEN {
        return Err(PayloadError::Length {
            what: "chess JOB_RESULT answer",
            expected: RESULT_LEN,
            got: p.len(),
        });
    }
    Ok(PerftResult {
        leaves: u64::from_le_bytes(p[0..8].try_into().unwrap()),
        cycles: u64::from_le_bytes(p[8..16].try_into().unwrap()),
    })
}
