//! Payloads of the chess designs' job commands (the link protocol's opcodes are in
//! `crate::link`). Little-endian.
//!
//! * `JOB_START` (30 bytes): occupancy u64 (bit `s` = a piece on square `s`, a1 = 0), then
//!   16 bytes of 4-bit piece codes, one per occupied square in square order, low nibble first
//!   (the paper's 4-bit piece registers: bit 3 white, bits 2..0 pawn 1, knight 2, bishop 3,
//!   rook 4, queen 5, king 6), then flags u8 (bit 0 white to move, bits 4..7 the castling
//!   rights of `super::castle` shifted left by 4; bit 1 [`FLAG_STEP`]: a step job, whose
//!   depth byte must be 0), then en passant u8 (bit 7 set: the pawn
//!   that just made a double push stands on square bits 5..0), then depth u8
//!   (0..=[`super::search::CHIP_MAX_DEPTH`]), then the share ([`Share`], the split on chip):
//!   ply u8 (0: the whole tree; else below the depth), stride u8 (1..=255), offset u8 (below
//!   the stride).
//! * `JOB_POLL` answer: state u8, leaves so far u64 (`crate::link::JobStatus`).
//! * `JOB_RESULT` answer (16 bytes): leaves u64, cycles u64 (the walk's cycles; the board
//!   takes one more cycle per piece to load the position, not counted).
//!
//! * Step jobs (`super::step`, the paper's combined command of section 5): `JOB_START` with
//!   [`FLAG_STEP`] loads the position and runs to its first legal move; `JOB_STEP`
//!   (`crate::link::op::JOB_STEP`, [`STEP_LEN`] bytes: core u8, step u8 = `super::step::Step`)
//!   runs the next step; while the core waits, `JOB_RESULT` answers [`StepAnswer`]: the step
//!   word u64 (bits 0..5 from, 6..11 to, 12..14 promotion piece (0 none, 1 queen, 2 rook,
//!   3 bishop, 4 knight), 15..16 class (`super::generator::Class` in order), 17 a move is
//!   made, 18..21 ply), then cycles u64.
//!
//! With a core index first (`crate::link::CORE_INDEX_LEN`), `JOB_START` is 31 bytes.

use super::generator::Class;
use super::search::{Share, CHIP_MAX_DEPTH};
use super::step::{Step, StepState};
use super::{Color, Kind, Move, Position};
use crate::link::{PayloadError, CORE_INDEX_LEN};

pub const START_LEN: usize = AT_OFFSET + 1;
pub const RESULT_LEN: usize = 16;
/// Bytes of the piece codes (at most 32 pieces, 4 bits each).
pub const CODES_LEN: usize = 16;
/// Offsets in the `JOB_START` payload.
pub const AT_OCC: usize = 0;
pub const AT_CODES: usize = 8;
pub const AT_FLAGS: usize = AT_CODES + CODES_LEN;
pub const AT_EP: usize = AT_FLAGS + 1;
pub const AT_DEPTH: usize = AT_EP + 1;
pub const AT_SHARE: usize = AT_DEPTH + 1;
pub const AT_STRIDE: usize = AT_SHARE + 1;
pub const AT_OFFSET: usize = AT_STRIDE + 1;
/// The en passant byte's valid bit.
pub const EP_VALID: u8 = 0x80;
/// The flags byte's step-job bit.
pub const FLAG_STEP: u8 = 0x02;
/// `JOB_STEP`'s payload: core index, step code.
pub const STEP_LEN: usize = 2;
/// Bit offsets in the step word.
pub const STEP_AT_TO: u32 = 6;
pub const STEP_AT_PROMO: u32 = 12;
pub const STEP_AT_CLASS: u32 = 15;
pub const STEP_AT_MADE: u32 = 17;
pub const STEP_AT_PLY: u32 = 18;

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
    encode_share_start(pos, depth, Share::WHOLE)
}

/// `JOB_START` for the `share` of perft of `depth` below `pos`
/// (`super::search::perft_share_on_chip`).
pub fn encode_share_start(
    pos: &Position,
    depth: u32,
    share: Share,
) -> Result<Vec<u8>, PayloadError> {
    let bad = |why: String| PayloadError::Invalid {
        what: "chess JOB_START",
        why,
    };
    if depth > CHIP_MAX_DEPTH {
        return Err(bad(format!(
            "depth {depth} is over the chip's {CHIP_MAX_DEPTH}"
        )));
    }
    if share.ply != 0 && share.ply >= depth {
        return Err(bad(format!(
            "a share at ply {} of a perft of depth {depth}: the leaves are not shared out",
            share.ply
        )));
    }
    if !(1..=255).contains(&share.stride) || share.offset >= share.stride {
        return Err(bad(format!(
            "share {} of stride {}: the stride is 1..=255, the offset below it",
            share.offset, share.stride
        )));
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
    v.extend([share.ply as u8, share.stride as u8, share.offset as u8]);
    Ok(v)
}

/// `JOB_START` of a step job at `pos`, addressed to `core`.
pub fn encode_step_start_on(core: u8, pos: &Position) -> Result<Vec<u8>, PayloadError> {
    let mut v = encode_start_on(core, pos, 0)?;
    v[CORE_INDEX_LEN + AT_FLAGS] |= FLAG_STEP;
    Ok(v)
}

/// `JOB_STEP` for `core`.
pub fn encode_step(core: u8, step: Step) -> Vec<u8> {
    vec![core, step as u8]
}

/// A step job's `JOB_RESULT`: the move made at the node where the core waits (in the board's
/// coordinates; the host knows the position), the node's ply, cycles since the job started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepAnswer {
    pub made: Option<(Move, Class)>,
    pub ply: u32,
    pub cycles: u64,
}

impl StepAnswer {
    /// The answer the model's step job gives (`super::step::Stepper`).
    pub fn of(s: &StepState) -> StepAnswer {
        StepAnswer {
            made: s.made.map(|g| (g.mv, g.class)),
            ply: s.ply,
            cycles: s.cycles,
        }
    }
}

pub fn decode_step_answer(p: &[u8]) -> Result<StepAnswer, PayloadError> {
    let r = decode_result(p)?;
    let w = r.leaves;
    let bad = |why: String| PayloadError::Invalid {
        what: "chess step answer",
        why,
    };
    if w >> (STEP_AT_PLY + 4) != 0 {
        return Err(bad(format!("reserved bits set in step word {w:#x}")));
    }
    let field = |at: u32, bits: u32| (w >> at) & ((1 << bits) - 1);
    let made = if field(STEP_AT_MADE, 1) == 1 {
        let promo = match field(STEP_AT_PROMO, 3) {
            0 => None,
            1 => Some(Kind::Queen),
            2 => Some(Kind::Rook),
            3 => Some(Kind::Bishop),
            4 => Some(Kind::Knight),
            c => return Err(bad(format!("promotion code {c}"))),
        };
        let m = Move {
            from: field(0, 6) as u8,
            to: field(STEP_AT_TO, 6) as u8,
            promo,
        };
        Some((m, Class::ALL[field(STEP_AT_CLASS, 2) as usize]))
    } else if w & ((1 << STEP_AT_PLY) - 1) != 0 {
        return Err(bad(format!(
            "a move without its made bit in step word {w:#x}"
        )));
    } else {
        None
    };
    Ok(StepAnswer {
        made,
        ply: field(STEP_AT_PLY, 4) as u32,
        cycles: r.cycles,
    })
}

/// `JOB_START` addressed to `core`.
pub fn encode_start_on(core: u8, pos: &Position, depth: u32) -> Result<Vec<u8>, PayloadError> {
    encode_share_start_on(core, pos, depth, Share::WHOLE)
}

/// `JOB_START` of a share addressed to `core`.
pub fn encode_share_start_on(
    core: u8,
    pos: &Position,
    depth: u32,
    share: Share,
) -> Result<Vec<u8>, PayloadError> {
    let mut v = vec![core];
    v.extend(encode_share_start(pos, depth, share)?);
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
