//! Payloads of the `othello` design's job commands (the link protocol's opcodes are in
//! `crate::link`). Little-endian.
//!
//! * `JOB_START` (18 bytes): p u64 (side to move), o u64, alpha i8, beta i8.
//! * `JOB_POLL` answer: state u8, nodes u64 (`crate::link::JobStatus`).
//! * `JOB_RESULT` answer (18 bytes): score i8, best u8 (64 = no move), nodes u64, cycles u64.
//!
//! Several solver cores (`othello-x8`): job commands may start with a core index
//! (`crate::link::CORE_INDEX_LEN`, job control in `crate::job_control`), so `JOB_START` is
//! 19 bytes with it.

use crate::link::PayloadError;

/// Bound of the solver's fail-hard windows: scores are in -64..=64 and a window is
/// `-SCORE_BOUND <= alpha < beta <= SCORE_BOUND` (the full window is exact).
pub const SCORE_BOUND: i32 = 65;

pub const START_LEN: usize = 18;
pub const RESULT_LEN: usize = 18;
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
    let score = p[0] as i8 as i32;
    if score.abs() >= SCORE_BOUND {
        return Err(PayloadError::Invalid {
            what: "othello JOB_RESULT answer",
            why: format!("score {score} is outside -64..=64"),
        });
    }
    Ok(SolveResult {
        score,
        best: if best == NO_MOVE {
            None
        } else {
            Some(best as u32)
        },
        nodes: u64::from_le_bytes(p[2..10].try_into().unwrap()),
        cycles: u64::from_le_bytes(p[10..18].try_into().unwrap()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(score: i8, best: u8) -> Vec<u8> {
        let mut v = vec![score as u8, best];
        v.extend(7u64.to_le_bytes());
        v.extend(9u64.to_le_bytes());
        v
    }

    #[test]
    fn result_fields_are_range_checked() {
        let r = decode_result(&result(-64, 3)).unwrap();
        assert_eq!((r.score, r.best, r.nodes, r.cycles), (-64, Some(3), 7, 9));
        assert_eq!(decode_result(&result(64, NO_MOVE)).unwrap().best, None);
        for (score, best, word) in [
            (65, 0, "score 65"),
            (-100, 0, "score -100"),
            (0, 65, "best move 65"),
        ] {
            let e = decode_result(&result(score, best)).unwrap_err().to_string();
            assert!(e.contains(word), "{e}");
        }
    }
}
