//! Reference model of the device side of the link: the frame receiver with its rescanning
//! receive buffer, the answer cache (keyed by sequence number and request CRC), error frames,
//! `IDENTIFY` and `SESSION`, the core answer timeout, and the `link` core's commands.
//!
//! It is transaction-level (bytes in, answer bytes out, no clock), and is what the gateware's
//! `LinkEngine` + `LinkCore` are compared against, byte for byte, in `sim`'s tests. The rules,
//! in the order the device applies them to the bytes it has received and not yet used:
//!
//! 1. Bytes before the first SOF are dropped.
//! 2. A LEN above `MAX_PAYLOAD` means the SOF was not a frame's: it is dropped and decoding
//!    restarts at the next byte (so a garbage SOF right before a real frame loses nothing).
//! 3. A complete candidate with a bad CRC is answered `ERROR [BAD_CRC, OP]` (not cached); its
//!    SOF is dropped and decoding restarts at the next byte (a real frame after a garbage
//!    `SOF LEN` is found again).
//! 4. A good frame whose (SEQ, CRC) equals the cached request's gets the cached answer; any
//!    other good frame is executed and its answer replaces the cache.
//! 5. When the line has been quiet for `RX_TIMEOUT_BIT_TIMES` ([`LinkDevice::timeout`]), every
//!    incomplete candidate is dropped, one SOF at a time, so complete frames behind it are
//!    still decoded.
//!
//! Bytes that arrive while an answer is being sent wait in the receive buffer
//! ([`link::RX_BUFFER_LEN`] bytes) and are decoded after it, in order; this model decodes them
//! at once, which gives the same answers in the same order.

use crate::job_control::{CoreView, JobAction, JobControlModel};
use crate::link::{self, err, job, op, Frame, Identity, CRC_LEN, HEADER_LEN, MAX_PAYLOAD, SOF};
use std::collections::VecDeque;

/// What a core answers to one command: a payload, or an error code.
pub type CoreAnswer = Result<Vec<u8>, u8>;

/// The command side of a core, as the link engine sees it.
pub trait CoreModel {
    /// Answers one well-formed, not-yet-answered command (never `IDENTIFY` or `SESSION`).
    fn command(&mut self, op: u8, payload: &[u8]) -> CoreAnswer;

    /// Clock cycles after the command strobe in which the core answers (0: the same cycle).
    /// Past [`link::CORE_ANSWER_CYCLES`] the engine answers `CORE_TIMEOUT` instead (the
    /// command has still run).
    fn answer_cycles(&self, _op: u8, _payload: &[u8]) -> u64 {
        0
    }
}

/// The device: receive buffer, answer cache, identity and a core.
pub struct LinkDevice<C: CoreModel> {
    pub identity: Identity,
    pub core: C,
    /// Received bytes not yet used, from the current candidate's SOF on.
    pending: VecDeque<u8>,
    /// (SEQ, CRC) of the last executed request and its answer.
    cache: Option<(u8, u16, Frame)>,
}

impl<C: CoreModel> LinkDevice<C> {
    pub fn new(identity: Identity, core: C) -> Self {
        LinkDevice {
            identity,
            core,
            pending: VecDeque::new(),
            cache: None,
        }
    }

    /// The line has been quiet for [`link::RX_TIMEOUT_BIT_TIMES`]: incomplete candidates are
    /// dropped; returns the answers to complete frames that were behind them.
    pub fn timeout(&mut self) -> Vec<u8> {
        self.decode(true)
    }

    /// One received byte; returns the bytes of the answers it completes (often none).
    pub fn on_byte(&mut self, b: u8) -> Vec<u8> {
        self.pending.push_back(b);
        self.decode(false)
    }

    fn decode(&mut self, flush: bool) -> Vec<u8> {
        let mut out = Vec::new();
        loop {
            while self.pending.front().is_some_and(|&b| b != SOF) {
                self.pending.pop_front();
            }
            if self.pending.len() < 2 {
                if flush {
                    self.pending.clear();
                }
                break;
            }
            let len = self.pending[1] as usize;
            if len > MAX_PAYLOAD {
                self.pending.pop_front();
                continue;
            }
            let total = HEADER_LEN + len + CRC_LEN;
            if self.pending.len() < total {
                if flush {
                    self.pending.pop_front();
                    continue;
                }
                break;
            }
            let f: Vec<u8> = self.pending.range(..total).copied().collect();
            let (seq, opc) = (f[2], f[3]);
            let crc = u16::from_be_bytes([f[total - 2], f[total - 1]]);
            if link::crc16(&f[1..total - 2]) != crc {
                let answer = Frame {
                    seq,
                    op: op::ERROR,
                    payload: vec![err::BAD_CRC, opc],
                };
                out.extend(answer.encode());
                self.pending.pop_front();
                continue;
            }
            self.pending.drain(..total);
            out.extend(self.execute(seq, opc, crc, &f[HEADER_LEN..total - CRC_LEN]));
        }
        out
    }

    /// A good frame: the cached answer, or the engine's or the core's.
    fn execute(&mut self, seq: u8, opc: u8, crc: u16, payload: &[u8]) -> Vec<u8> {
        if let Some((s, c, answer)) = &self.cache {
            if (*s, *c) == (seq, crc) {
                return answer.encode();
            }
        }
        let answer = match opc {
            op::IDENTIFY if payload.is_empty() => Ok(self.identity.encode()),
            op::SESSION if payload.len() == link::SESSION_NONCE_LEN => Ok(payload.to_vec()),
            op::IDENTIFY | op::SESSION => Err(err::BAD_LENGTH),
            _ => {
                let late = self.core.answer_cycles(opc, payload) > link::CORE_ANSWER_CYCLES;
                let answer = self.core.command(opc, payload);
                if late {
                    Err(err::CORE_TIMEOUT)
                } else {
                    answer
                }
            }
        };
        let f = match answer {
            Ok(p) => Frame {
                seq,
                op: opc | link::RESPONSE,
                payload: p,
            },
            Err(code) => Frame {
                seq,
                op: op::ERROR,
                payload: vec![code, opc],
            },
        };
        let bytes = f.encode();
        self.cache = Some((seq, crc, f));
        bytes
    }
}

/// The `link` core: echo, a free-running cycle counter, and a wait job (counts a given number
/// of cycles, pollable and abortable) behind the shared job control
/// ([`crate::job_control`]), exercising the job protocol end to end.
#[derive(Clone, Debug, Default)]
pub struct LinkCoreModel {
    /// Cycle counter value (advanced by [`LinkCoreModel::advance`]).
    pub now: u64,
    state: u8,
    target: u64,
    elapsed: u64,
}

/// Length of the `JOB_START` argument of the `link` core's wait job (u32 LE cycles).
pub const WAIT_JOB_ARG_LEN: usize = 4;
/// Length of the wait job's `JOB_RESULT` answer (u64 LE cycles waited).
pub const WAIT_JOB_RESULT_LEN: usize = 8;

impl LinkCoreModel {
    /// Job control of the `link` core: one core, the wait job's argument.
    pub const JOBS: JobControlModel = JobControlModel {
        cores: 1,
        start_len: WAIT_JOB_ARG_LEN,
    };

    /// Lets `cycles` clock cycles pass. A running wait job of `n` cycles is done `n` cycles
    /// after it started (one cycle when `n` is 0).
    pub fn advance(&mut self, cycles: u64) {
        self.now += cycles;
        if self.state == job::RUNNING && cycles > 0 {
            self.elapsed = (self.elapsed + cycles).min(self.target);
            if self.elapsed == self.target {
                self.state = job::DONE;
            }
        }
    }

    fn view(&self) -> CoreView {
        CoreView {
            state: self.state,
            progress: self.elapsed,
            result: Some(self.elapsed.to_le_bytes().to_vec()),
        }
    }
}

impl CoreModel for LinkCoreModel {
    fn command(&mut self, opc: u8, p: &[u8]) -> CoreAnswer {
        match opc {
            op::ECHO => Ok(p.to_vec()),
            op::COUNTER if p.is_empty() => Ok(self.now.to_le_bytes().to_vec()),
            op::COUNTER => Err(err::BAD_LENGTH),
            _ => {
                let view = self.view();
                let (answer, action) = Self::JOBS.command(opc, p, |_| view.clone(), |_| true);
                match action {
                    JobAction::Start { args, .. } => {
                        self.target = u32::from_le_bytes(args[..4].try_into().unwrap()) as u64;
                        self.elapsed = 0;
                        self.state = job::RUNNING;
                    }
                    JobAction::Abort { .. } => self.state = job::ABORTED,
                    JobAction::None => {}
                }
                answer
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dev() -> LinkDevice<LinkCoreModel> {
        LinkDevice::new(
            Identity {
                name: "link".into(),
                version: (0, 1, 0),
                max_payload: MAX_PAYLOAD as u8,
                clock_hz: 1_000_000,
                divisor: 16,
            },
            LinkCoreModel::default(),
        )
    }

    fn send(d: &mut LinkDevice<LinkCoreModel>, bytes: &[u8]) -> Vec<Vec<u8>> {
        bytes
            .iter()
            .map(|&b| d.on_byte(b))
            .filter(|a| !a.is_empty())
            .collect()
    }

    #[test]
    fn repeated_sequence_number_gets_cached_answer_and_runs_once() {
        let mut d = dev();
        let start = Frame::new(7, op::JOB_START, &100u32.to_le_bytes())
            .unwrap()
            .encode();
        let a1 = send(&mut d, &start);
        d.advance_core(10);
        let a2 = send(&mut d, &start);
        assert_eq!(a1, a2, "a retry must get the cached answer");
        // A new sequence number is a new request: the job is running, so BUSY.
        let again = Frame::new(8, op::JOB_START, &100u32.to_le_bytes())
            .unwrap()
            .encode();
        let a3 = send(&mut d, &again);
        let mut dec = link::Decoder::new();
        let f = dec.push(&a3[0]);
        assert_eq!(f[0].error(), Some((err::BUSY, op::JOB_START)));
    }

    #[test]
    fn bad_crc_answers_error_and_keeps_cache() {
        let mut d = dev();
        let echo = Frame::new(1, op::ECHO, b"hi").unwrap().encode();
        let a1 = send(&mut d, &echo);
        let mut bad = echo.clone();
        bad[5] ^= 0x10;
        let a2 = send(&mut d, &bad);
        let f = link::Decoder::new().push(&a2[0]);
        assert_eq!(f[0].error(), Some((err::BAD_CRC, op::ECHO)));
        assert_eq!(send(&mut d, &echo), a1);
    }

    impl LinkDevice<LinkCoreModel> {
        fn advance_core(&mut self, c: u64) {
            self.core.advance(c)
        }
    }
}
