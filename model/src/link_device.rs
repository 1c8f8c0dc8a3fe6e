//! Reference model of the device side of the link: the frame receiver, the answer cache
//! (one answer per sequence number), error frames, and the `link` core's commands.
//!
//! It is transaction-level (bytes in, answer bytes out, no clock), and is what the gateware's
//! `LinkEngine` + `LinkCore` are compared against, byte for byte, in `sim`'s tests.

use crate::job_control::{CoreView, JobAction, JobControlModel};
use crate::link::{self, err, job, op, Frame, Identity, MAX_PAYLOAD, SOF};

/// What a core answers to one command: a payload, or an error code.
pub type CoreAnswer = Result<Vec<u8>, u8>;

/// The command side of a core, as the link engine sees it.
pub trait CoreModel {
    /// Answers one well-formed, not-yet-answered command (never `IDENTIFY`).
    fn command(&mut self, op: u8, payload: &[u8]) -> CoreAnswer;
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rx {
    Hunt,
    Len,
    Seq,
    Op,
    Payload,
    CrcHi,
    CrcLo,
}

/// The device: receiver state machine, answer cache, identity and a core.
pub struct LinkDevice<C: CoreModel> {
    pub identity: Identity,
    pub core: C,
    rx: Rx,
    len: usize,
    seq: u8,
    opc: u8,
    payload: Vec<u8>,
    crc_hi: u8,
    cache: Option<(u8, Frame)>,
}

impl<C: CoreModel> LinkDevice<C> {
    pub fn new(identity: Identity, core: C) -> Self {
        LinkDevice {
            identity,
            core,
            rx: Rx::Hunt,
            len: 0,
            seq: 0,
            opc: 0,
            payload: Vec::new(),
            crc_hi: 0,
            cache: None,
        }
    }

    /// No byte arrived for [`link::RX_TIMEOUT_BIT_TIMES`]: a half frame is dropped.
    pub fn timeout(&mut self) {
        self.rx = Rx::Hunt;
    }

    /// One received byte; returns the answer frame's bytes when this byte completes a frame.
    pub fn on_byte(&mut self, b: u8) -> Option<Vec<u8>> {
        match self.rx {
            Rx::Hunt => {
                if b == SOF {
                    self.rx = Rx::Len;
                }
            }
            Rx::Len => {
                if b as usize > MAX_PAYLOAD {
                    // Impossible length: not a frame; hunt again (no answer: SEQ unknown).
                    self.rx = Rx::Hunt;
                } else {
                    self.len = b as usize;
                    self.rx = Rx::Seq;
                }
            }
            Rx::Seq => {
                self.seq = b;
                self.rx = Rx::Op;
            }
            Rx::Op => {
                self.opc = b;
                self.payload.clear();
                self.rx = if self.len == 0 {
                    Rx::CrcHi
                } else {
                    Rx::Payload
                };
            }
            Rx::Payload => {
                self.payload.push(b);
                if self.payload.len() == self.len {
                    self.rx = Rx::CrcHi;
                }
            }
            Rx::CrcHi => {
                self.crc_hi = b;
                self.rx = Rx::CrcLo;
            }
            Rx::CrcLo => {
                self.rx = Rx::Hunt;
                let mut body = vec![self.len as u8, self.seq, self.opc];
                body.extend_from_slice(&self.payload);
                let crc = u16::from_be_bytes([self.crc_hi, b]);
                if link::crc16(&body) != crc {
                    let f = Frame {
                        seq: self.seq,
                        op: op::ERROR,
                        payload: vec![err::BAD_CRC, self.opc],
                    };
                    return Some(f.encode());
                }
                if let Some((seq, answer)) = &self.cache {
                    if *seq == self.seq {
                        return Some(answer.encode());
                    }
                }
                let answer = if self.opc == op::IDENTIFY {
                    if self.payload.is_empty() {
                        Ok(self.identity.encode())
                    } else {
                        Err(err::BAD_LENGTH)
                    }
                } else {
                    self.core.command(self.opc, &self.payload)
                };
                let f = match answer {
                    Ok(p) => Frame {
                        seq: self.seq,
                        op: self.opc | link::RESPONSE,
                        payload: p,
                    },
                    Err(code) => Frame {
                        seq: self.seq,
                        op: op::ERROR,
                        payload: vec![code, self.opc],
                    },
                };
                let bytes = f.encode();
                self.cache = Some((self.seq, f));
                return Some(bytes);
            }
        }
        None
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
        bytes.iter().filter_map(|&b| d.on_byte(b)).collect()
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
