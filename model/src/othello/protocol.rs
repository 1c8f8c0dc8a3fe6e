//! Payloads of the `othello` design's job commands (the link protocol's opcodes are in
//! `crate::link`). Little-endian.
//!
//! * `JOB_START` (18 bytes): p u64 (side to move), o u64, alpha i8, beta i8.
//! * `JOB_POLL` answer: state u8, nodes u64 (`crate::link::JobStatus`).
//! * `JOB_RESULT` answer (18 bytes): score i8, best u8 (64 = no move), nodes u64, cycles u64.
//!
//! Several solver cores (`othello-x8`, ...): every job command may start with the index of the
//! core it addresses, one byte (`JOB_START` 19 bytes, `JOB_POLL`/`JOB_ABORT`/`JOB_RESULT` 1
//! byte); without it the command addresses core 0, so a single-core host works unchanged. An
//! index past the last core is `BAD_ARGUMENT`. `JOB_CORES` answers the number of cores and
//! each one's job state.

use crate::link::PayloadError;

pub const START_LEN: usize = 18;
pub const RESULT_LEN: usize = 18;
/// Length of the core index that may lead a job command.
pub const CORE_INDEX_LEN: usize = 1;
/// Most solver cores a design may have (the `JOB_CORES` answer fits one payload).
pub const MAX_CORES: usize = crate::link::MAX_PAYLOAD - 1;
/// `best` meaning no move (pass, finished game, or all moves failed low).
pub const NO_MOVE: u8 = 64;

pub fn encode_start(p: u64, o: u64, alpha: i8, beta: i8) -> Vec<u8> {
    let mut v = Vec::with_capacity(START_LEN);
    v.extend_from_slice(&p.to_le_bytes());
    v.extend_from_slice(&o.to_le_bytes());
    v.push(alpha as u8);
    v.push(beta as u8);
    v
}

/// `JOB_START` addressed to `core`.
pub fn encode_start_on(core: u8, p: u64, o: u64, alpha: i8, beta: i8) -> Vec<u8> {
    let mut v = vec![core];
    v.extend(encode_start(p, o, alpha, beta));
    v
}

/// The `JOB_CORES` answer: each core's job state (`crate::link::job`).
pub fn decode_cores(p: &[u8]) -> Result<Vec<u8>, PayloadError> {
    let n = *p.first().ok_or(PayloadError::Length {
        what: "JOB_CORES answer",
        expected: 1,
        got: 0,
    })? as usize;
    if n == 0 || n > MAX_CORES || p.len() != 1 + n {
        return Err(PayloadError::Invalid {
            what: "JOB_CORES answer",
            why: format!("{} bytes for {n} cores", p.len()),
        });
    }
    Ok(p[1..].to_vec())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SolveResult {
    pub score: i32,
    pub best: Option<u32>,
    pub nodes: u64,
    pub cycles: u64,
}

pub fn decode_result(p: &[u8]) -> Result<SolveResult, PayloadError> {
    if p.len() != RESULT_LEN {
        return Err(PayloadError::Length {
            what: "othello JOB_RESULT answer",
            expected: RESULT_LEN,
            got: p.len(),
        });
    }
    let best = p[1];
    if best > NO_MOVE {
        return Err(PayloadError::Invalid {
            what: "othello JOB_RESULT answer",
            why: format!("best move {best} is not a square"),
        });
    }
    Ok(SolveResult {
        score: p[0] as i8 as i32,
        best: if best == NO_MOVE {
            None
        } else {
            Some(best as u32)
        },
        nodes: u64::from_le_bytes(p[2..10].try_into().unwrap()),
        cycles: u64::from_le_bytes(p[10..18].try_into().unwrap()),
    })
}
