//! The boardgate link protocol: the one definition used by gateware, simulator and host.
//!
//! Every message, in both directions, is one frame:
//!
//! ```text
//!  byte 0     1     2     3     4 .. 4+LEN-1     4+LEN    5+LEN
//!  +-----+-----+-----+-----+-----------------+--------+--------+
//!  | SOF | LEN | SEQ | OP  |  PAYLOAD (LEN)  | CRC hi | CRC lo |
//!  +-----+-----+-----+-----+-----------------+--------+--------+
//! ```
//!
//! * `SOF` is [`SOF`] (0xA5). `LEN` is the payload length, `0..=MAX_PAYLOAD`.
//! * `SEQ` is chosen by the host; the answer carries the same `SEQ`.
//! * `OP` of a request is an opcode ([`op`]). An answer has `OP = request OP | RESPONSE`
//!   on success, or [`op::ERROR`] with payload `[error code, request OP]` ([`err`]).
//! * `CRC` is CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor)
//!   over `LEN, SEQ, OP, PAYLOAD`, sent most significant byte first.
//! * Multi-byte payload fields are little-endian.
//!
//! See `docs/protocol.md` for the device's behaviour (deduplication, resynchronisation,
//! timeouts) and a worked byte-level example.

use thiserror::Error;

/// Start-of-frame marker.
pub const SOF: u8 = 0xA5;
/// Bytes before the payload: SOF, LEN, SEQ, OP.
pub const HEADER_LEN: usize = 4;
/// Bytes after the payload: the CRC.
pub const CRC_LEN: usize = 2;
/// Largest payload the device buffers (the gateware's buffer is `MAX_PAYLOAD * 8` bits wide).
pub const MAX_PAYLOAD: usize = 32;
/// Width in bits of the gateware payload buffers.
pub const PAYLOAD_BITS: usize = MAX_PAYLOAD * 8;
/// Largest frame on the wire.
pub const MAX_FRAME: usize = HEADER_LEN + MAX_PAYLOAD + CRC_LEN;
/// Set in the OP of a successful answer.
pub const RESPONSE: u8 = 0x80;

/// Bit times a byte takes on the line (8N1: a start bit, eight data bits, a stop bit).
pub const UART_BITS_PER_BYTE: u64 = 10;
/// The device drops a half-received frame when no byte arrives for this many bit times.
pub const RX_TIMEOUT_BIT_TIMES: u64 = 200;
/// Bytes the device's receive buffer holds (one block RAM): the candidate frame being
/// decoded, kept so that decoding can restart one byte after a failed candidate, and bytes
/// that arrive while an answer is being sent. A byte arriving when it is full is dropped.
pub const RX_BUFFER_LEN: usize = 128;
/// Length of the `SESSION` request's nonce (and of its answer).
pub const SESSION_NONCE_LEN: usize = 4;
/// The device answers `CORE_TIMEOUT` if the core does not answer a command within this many
/// clock cycles (cores answer at once; long work runs as a job that is polled).
pub const CORE_ANSWER_CYCLES: u64 = 1000;
/// The host waits this many bit times for an answer before sending the request again.
/// Longer than [`RX_TIMEOUT_BIT_TIMES`] plus the longest frame, so a retry always finds the
/// device hunting for a new frame.
pub const HOST_ANSWER_TIMEOUT_BIT_TIMES: u64 =
    2 * RX_TIMEOUT_BIT_TIMES + UART_BITS_PER_BYTE * 2 * MAX_FRAME as u64;
/// How often the host sends a request before giving up.
pub const HOST_MAX_ATTEMPTS: u32 = 16;

/// Default baud rate of a board build.
pub const DEFAULT_BAUD: u32 = 115_200;
/// Highest baud rate a board build accepts.
pub const MAX_BAUD: u32 = 3_000_000;
/// Smallest UART divisor (clock cycles per bit) the gateware accepts.
pub const MIN_DIVISOR: u32 = 8;
/// Largest UART divisor (the gateware's bit counter is 16 bits wide).
pub const MAX_DIVISOR: u32 = 65_535;

/// Opcodes of requests.
pub mod op {
    /// Design name, version, clock, payload capacity. Answered by the link engine itself.
    pub const IDENTIFY: u8 = 0x01;
    /// Returns the payload unchanged.
    pub const ECHO: u8 = 0x02;
    /// Returns the free-running cycle counter, u64 LE.
    pub const COUNTER: u8 = 0x03;
    /// Opens a host session: a random nonce ([`super::SESSION_NONCE_LEN`] bytes), answered
    /// with the same bytes by the link engine itself. Its answer replaces the answer cache,
    /// so no later request of the new session can be answered from an older session's cache.
    pub const SESSION: u8 = 0x04;
    /// Starts the core's job with the payload as its argument.
    pub const JOB_START: u8 = 0x10;
    /// Returns [`super::JobStatus`]: state u8, progress u64 LE.
    pub const JOB_POLL: u8 = 0x11;
    /// Stops a running job; answers like `JOB_POLL`.
    pub const JOB_ABORT: u8 = 0x12;
    /// Returns the finished job's result.
    pub const JOB_RESULT: u8 = 0x13;
    /// Returns the number of job cores `n` (u8) and each core's job state (`n` bytes).
    /// Designs with one job core may not implement it (`UNKNOWN_OP`: one core).
    pub const JOB_CORES: u8 = 0x14;
    /// A step of a core's step job (the chess cores: `crate::chess::protocol`); answered with
    /// an empty payload, the step's outcome read with `JOB_RESULT`.
    pub const JOB_STEP: u8 = 0x15;
    /// Writes one word of a core's job input memory while the core does not run (the shogi
    /// cores: a rank of the board data, `crate::shogi::protocol`); answered with an empty
    /// payload. Input too big for one `JOB_START` goes this way.
    pub const JOB_LOAD: u8 = 0x16;
    /// Reads one word of a finished job's result memory (the shogi cores: half a rank of the
    /// piece cover table). Results too big for one `JOB_RESULT` come this way.
    pub const JOB_READ: u8 = 0x17;
    /// OP of an error answer.
    pub const ERROR: u8 = 0xFF;

    /// Name of an opcode for messages.
    pub fn name(op: u8) -> &'static str {
        match op {
            IDENTIFY => "IDENTIFY",
            ECHO => "ECHO",
            COUNTER => "COUNTER",
            SESSION => "SESSION",
            JOB_START => "JOB_START",
            JOB_POLL => "JOB_POLL",
            JOB_ABORT => "JOB_ABORT",
            JOB_RESULT => "JOB_RESULT",
            JOB_CORES => "JOB_CORES",
            JOB_STEP => "JOB_STEP",
            JOB_LOAD => "JOB_LOAD",
            JOB_READ => "JOB_READ",
            ERROR => "ERROR",
            _ => "unknown",
        }
    }
}

/// Error codes, the first payload byte of an [`op::ERROR`] answer.
pub mod err {
    /// The frame's CRC did not match (never cached; the host resends at once).
    pub const BAD_CRC: u8 = 0x01;
    /// The opcode is not implemented by this design.
    pub const UNKNOWN_OP: u8 = 0x02;
    /// The payload length is wrong for this opcode.
    pub const BAD_LENGTH: u8 = 0x03;
    /// A job is already running.
    pub const BUSY: u8 = 0x04;
    /// No finished job result is available.
    pub const NO_RESULT: u8 = 0x05;
    /// The core did not answer within [`super::CORE_ANSWER_CYCLES`].
    pub const CORE_TIMEOUT: u8 = 0x06;
    /// The payload's content is invalid for this opcode (e.g. an impossible position).
    pub const BAD_ARGUMENT: u8 = 0x07;

    /// Name of an error code for messages.
    pub fn name(code: u8) -> &'static str {
        match code {
            BAD_CRC => "bad CRC",
            UNKNOWN_OP => "unknown opcode",
            BAD_LENGTH => "bad payload length",
            BUSY => "job already running",
            NO_RESULT => "no job result available",
            CORE_TIMEOUT => "core did not answer",
            BAD_ARGUMENT => "bad argument",
            _ => "unknown error",
        }
    }
}

/// Job states reported by `JOB_POLL` / `JOB_ABORT`.
pub mod job {
    pub const IDLE: u8 = 0;
    pub const RUNNING: u8 = 1;
    pub const DONE: u8 = 2;
    pub const ABORTED: u8 = 3;

    pub fn name(state: u8) -> &'static str {
        match state {
            IDLE => "idle",
            RUNNING => "running",
            DONE => "done",
            ABORTED => "aborted",
            _ => "unknown",
        }
    }
}

/// One CRC-16/CCITT-FALSE step over a byte (the gateware computes the same, bit-serially
/// unrolled, in `gateware::common::crc16`).
pub fn crc16_update(crc: u16, byte: u8) -> u16 {
    let mut c = crc ^ ((byte as u16) << 8);
    for _ in 0..8 {
        c = if c & 0x8000 != 0 {
            (c << 1) ^ 0x1021
        } else {
            c << 1
        };
    }
    c
}

/// Initial value of the CRC register.
pub const CRC_INIT: u16 = 0xFFFF;

/// CRC-16/CCITT-FALSE of a byte string.
pub fn crc16(bytes: &[u8]) -> u16 {
    bytes.iter().fold(CRC_INIT, |c, &b| crc16_update(c, b))
}

/// A decoded frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub seq: u8,
    pub op: u8,
    pub payload: Vec<u8>,
}

/// Why a frame could not be built.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum FrameError {
    #[error("payload of {len} bytes is longer than the link's limit of {MAX_PAYLOAD} bytes")]
    TooLong { len: usize },
}

impl Frame {
    pub fn new(seq: u8, op: u8, payload: &[u8]) -> Result<Frame, FrameError> {
        if payload.len() > MAX_PAYLOAD {
            return Err(FrameError::TooLong { len: payload.len() });
        }
        Ok(Frame {
            seq,
            op,
            payload: payload.to_vec(),
        })
    }

    /// The frame's bytes on the wire.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER_LEN + self.payload.len() + CRC_LEN);
        out.push(SOF);
        out.push(self.payload.len() as u8);
        out.push(self.seq);
        out.push(self.op);
        out.extend_from_slice(&self.payload);
        let crc = crc16(&out[1..]);
        out.extend_from_slice(&crc.to_be_bytes());
        out
    }

    /// True if this is an error answer.
    pub fn is_error(&self) -> bool {
        self.op == op::ERROR
    }

    /// `(code, request op)` of an error answer.
    pub fn error(&self) -> Option<(u8, u8)> {
        if self.is_error() && self.payload.len() == 2 {
            Some((self.payload[0], self.payload[1]))
        } else {
            None
        }
    }
}

/// Streaming frame decoder for the host side. It keeps the bytes it has not yet matched, so
/// a SOF inside garbage or inside a corrupted frame never hides a good frame behind it:
/// when a candidate frame fails its CRC, decoding restarts at the byte after its SOF, and
/// while a candidate is still incomplete (a garbage SOF and LEN before a real frame), a
/// complete CRC-valid frame starting at a later SOF is returned at once. The incomplete
/// candidate is kept (it may be a real frame with a frame-like payload), and a frame returned
/// early is not returned again when decoding reaches it.
#[derive(Default, Debug)]
pub struct Decoder {
    buf: Vec<u8>,
    /// Bytes drained from the front of `buf` so far (positions below are absolute).
    drained: u64,
    /// Absolute start positions of frames returned early.
    early: Vec<u64>,
    /// Candidate frames rejected (bad CRC or impossible length).
    pub rejected: u64,
}

/// What the bytes at a SOF are.
enum Candidate {
    /// Too few bytes yet.
    Incomplete,
    /// Not a frame (impossible length or bad CRC).
    Bad,
    /// A CRC-valid frame of this many bytes.
    Good(Frame, usize),
}

fn candidate(b: &[u8]) -> Candidate {
    if b.len() < 2 {
        return Candidate::Incomplete;
    }
    let len = b[1] as usize;
    if len > MAX_PAYLOAD {
        return Candidate::Bad;
    }
    let total = HEADER_LEN + len + CRC_LEN;
    if b.len() < total {
        return Candidate::Incomplete;
    }
    let crc = u16::from_be_bytes([b[total - 2], b[total - 1]]);
    if crc16(&b[1..total - 2]) != crc {
        return Candidate::Bad;
    }
    let frame = Frame {
        seq: b[2],
        op: b[3],
        payload: b[HEADER_LEN..total - 2].to_vec(),
    };
    Candidate::Good(frame, total)
}

impl Decoder {
    pub fn new() -> Self {
        Self::default()
    }

    /// Feeds bytes; returns every complete, CRC-valid frame found.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<Frame> {
        self.buf.extend_from_slice(bytes);
        let mut out = Vec::new();
        loop {
            let Some(start) = self.buf.iter().position(|&b| b == SOF) else {
                self.buf.clear();
                break;
            };
            self.drain(start);
            match candidate(&self.buf) {
                Candidate::Good(f, total) => {
                    if !self.early.contains(&self.drained) {
                        out.push(f);
                    }
                    self.drain(total);
                }
                Candidate::Bad => {
                    self.rejected += 1;
                    self.drain(1);
                }
                Candidate::Incomplete => {
                    // Look past the incomplete candidate for complete frames.
                    for i in 1..self.buf.len() {
                        let at = self.drained + i as u64;
                        if self.buf[i] != SOF || self.early.contains(&at) {
                            continue;
                        }
                        if let Candidate::Good(f, _) = candidate(&self.buf[i..]) {
                            out.push(f);
                            self.early.push(at);
                        }
                    }
                    break;
                }
            }
        }
        out
    }

    fn drain(&mut self, n: usize) {
        self.buf.drain(..n);
        self.drained += n as u64;
        let drained = self.drained;
        self.early.retain(|&at| at >= drained);
    }

    /// Forgets buffered bytes.
    pub fn clear(&mut self) {
        self.drained += self.buf.len() as u64;
        self.buf.clear();
        self.early.clear();
    }
}

/// The fixed layout of the `IDENTIFY` answer.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Identity {
    /// Design name, at most [`NAME_LEN`] ASCII bytes.
    pub name: String,
    pub version: (u8, u8, u8),
    /// Largest payload the design accepts.
    pub max_payload: u8,
    /// Core clock in Hz.
    pub clock_hz: u32,
    /// UART clock cycles per bit.
    pub divisor: u16,
}

/// Bytes of the design name in the `IDENTIFY` answer (zero padded).
pub const NAME_LEN: usize = 16;
/// Length of the `IDENTIFY` answer.
pub const IDENTITY_LEN: usize = NAME_LEN + 3 + 1 + 4 + 2;

/// Why an answer's payload could not be understood.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum PayloadError {
    #[error("{what}: expected {expected} payload bytes, got {got}")]
    Length {
        what: &'static str,
        expected: usize,
        got: usize,
    },
    #[error("{what}: {why}")]
    Invalid { what: &'static str, why: String },
}

impl Identity {
    pub fn encode(&self) -> Vec<u8> {
        let mut out = vec![0u8; IDENTITY_LEN];
        for (i, b) in self.name.bytes().take(NAME_LEN).enumerate() {
            out[i] = b;
        }
        let f = &mut out[NAME_LEN..];
        f[0] = self.version.0;
        f[1] = self.version.1;
        f[2] = self.version.2;
        f[3] = self.max_payload;
        f[4..8].copy_from_slice(&self.clock_hz.to_le_bytes());
        f[8..10].copy_from_slice(&self.divisor.to_le_bytes());
        out
    }

    pub fn decode(p: &[u8]) -> Result<Identity, PayloadError> {
        if p.len() != IDENTITY_LEN {
            return Err(PayloadError::Length {
                what: "IDENTIFY answer",
                expected: IDENTITY_LEN,
                got: p.len(),
            });
        }
        let name_bytes: Vec<u8> = p[..NAME_LEN]
            .iter()
            .copied()
            .take_while(|&b| b != 0)
            .collect();
        if let Some(b) = name_bytes.iter().find(|b| !b.is_ascii_graphic()) {
            return Err(PayloadError::Invalid {
                what: "IDENTIFY answer",
                why: format!("design name has byte {b:#04x}, not printable ASCII"),
            });
        }
        if p[name_bytes.len()..NAME_LEN].iter().any(|&b| b != 0) {
            return Err(PayloadError::Invalid {
                what: "IDENTIFY answer",
                why: "design name is not zero padded (bytes after its end)".into(),
            });
        }
        let name = String::from_utf8(name_bytes).expect("printable ASCII");
        let f = &p[NAME_LEN..];
        Ok(Identity {
            name,
            version: (f[0], f[1], f[2]),
            max_payload: f[3],
            clock_hz: u32::from_le_bytes(f[4..8].try_into().unwrap()),
            divisor: u16::from_le_bytes(f[8..10].try_into().unwrap()),
        })
    }

    /// Baud rate implied by clock and divisor.
    pub fn baud(&self) -> u32 {
        if self.divisor == 0 {
            0
        } else {
            self.clock_hz / self.divisor as u32
        }
    }
}

/// The `JOB_POLL` / `JOB_ABORT` answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct JobStatus {
    pub state: u8,
    /// Core-defined progress (cycles for `link`, nodes for the game solvers).
    pub progress: u64,
}

/// Length of the `JOB_POLL` answer.
pub const JOB_STATUS_LEN: usize = 9;

/// Length of the core index that may lead a job command (`JOB_START`, `JOB_POLL`,
/// `JOB_ABORT`, `JOB_RESULT`); without it a command addresses core 0, so a single-core host
/// works unchanged on a multi-core design. See `crate::job_control`.
pub const CORE_INDEX_LEN: usize = 1;
/// Most job cores a design may have (the `JOB_CORES` answer, count + one state byte per
/// core, fits one payload).
pub const MAX_CORES: usize = MAX_PAYLOAD - 1;

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
    if let Some(&s) = p[1..].iter().find(|&&s| s > job::ABORTED) {
        return Err(PayloadError::Invalid {
            what: "JOB_CORES answer",
            why: format!("job state {s} is not a state"),
        });
    }
    Ok(p[1..].to_vec())
}

impl JobStatus {
    pub fn encode(&self) -> Vec<u8> {
        let mut out = vec![self.state];
        out.extend_from_slice(&self.progress.to_le_bytes());
        out
    }
    pub fn decode(p: &[u8]) -> Result<JobStatus, PayloadError> {
        if p.len() != JOB_STATUS_LEN {
            return Err(PayloadError::Length {
                what: "JOB_POLL answer",
                expected: JOB_STATUS_LEN,
                got: p.len(),
            });
        }
        Ok(JobStatus {
            state: p[0],
            progress: u64::from_le_bytes(p[1..9].try_into().unwrap()),
        })
    }
}

/// UART divisor (clock cycles per bit) for a clock and baud rate, validated.
pub fn divisor_for(clock_hz: u32, baud: u32) -> Result<u32, DivisorError> {
    if baud == 0 || baud > MAX_BAUD {
        return Err(DivisorError::Baud { baud });
    }
    let div = (clock_hz as u64 + baud as u64 / 2) / baud as u64;
    if div < MIN_DIVISOR as u64 || div > MAX_DIVISOR as u64 {
        return Err(DivisorError::Divisor {
            clock_hz,
            baud,
            divisor: div,
        });
    }
    let actual = clock_hz as f64 / div as f64;
    let error = (actual - baud as f64).abs() / baud as f64;
    if error > 0.02 {
        return Err(DivisorError::Inexact {
            clock_hz,
            baud,
            percent: error * 100.0,
        });
    }
    Ok(div as u32)
}

#[derive(Debug, Error, PartialEq)]
pub enum DivisorError {
    #[error("baud rate {baud} is not supported (1..={MAX_BAUD})")]
    Baud { baud: u32 },
    #[error("baud rate {baud} at {clock_hz} Hz needs divisor {divisor}, outside {MIN_DIVISOR}..={MAX_DIVISOR}")]
    Divisor {
        clock_hz: u32,
        baud: u32,
        divisor: u64,
    },
    #[error("baud rate {baud} at {clock_hz} Hz is off by {percent:.2}% (more than 2%)")]
    Inexact {
        clock_hz: u32,
        baud: u32,
        percent: f64,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoder_does_not_hold_a_frame_behind_a_garbage_sof_and_length() {
        let real = Frame::new(9, op::ECHO | RESPONSE, b"ok").unwrap();
        let mut d = Decoder::new();
        // A5 20 promises a 32-byte payload; the real frame must come out without waiting.
        let mut wire = vec![SOF, 0x20, 0x11];
        wire.extend(real.encode());
        assert_eq!(d.push(&wire), vec![real.clone()]);
        // A garbage SOF right before the real one.
        let mut d = Decoder::new();
        let mut wire = vec![SOF];
        wire.extend(real.encode());
        assert_eq!(d.push(&wire), vec![real]);
    }

    #[test]
    fn decoder_returns_a_frame_with_a_frame_inside_once_and_the_inner_one_once() {
        let inner = Frame::new(8, op::IDENTIFY, &[]).unwrap();
        let outer = Frame::new(7, op::ECHO | RESPONSE, &inner.encode()).unwrap();
        let wire = outer.encode();
        let mut d = Decoder::new();
        let mut got = Vec::new();
        // Byte by byte, as a serial port delivers them.
        for b in &wire {
            got.extend(d.push(&[*b]));
        }
        assert_eq!(got, vec![inner, outer]);
    }
    #[test]
    fn identity_names_must_be_printable_ascii() {
        let id = Identity {
            name: "othello".into(),
            version: (0, 1, 0),
            max_payload: MAX_PAYLOAD as u8,
            clock_hz: 1,
            divisor: 16,
        };
        let mut p = id.encode();
        assert_eq!(Identity::decode(&p).unwrap(), id);
        p[2] = 0xC3;
        let e = Identity::decode(&p).unwrap_err().to_string();
        assert!(e.contains("0xc3"), "{e}");
        p[2] = b'\n';
        assert!(Identity::decode(&p).is_err());
    }

    #[test]
    fn job_cores_states_are_checked() {
        assert_eq!(decode_cores(&[2, job::IDLE, job::DONE]).unwrap(), [0, 2]);
        let e = decode_cores(&[1, 7]).unwrap_err().to_string();
        assert!(e.contains("job state 7"), "{e}");
        assert!(decode_cores(&[2, 0]).is_err());
        assert!(decode_cores(&[]).is_err());
    }

    use rand::{Rng, SeedableRng};

    #[test]
    fn crc_check_value() {
        // The catalogue check value of CRC-16/CCITT-FALSE.
        assert_eq!(crc16(b"123456789"), 0x29B1);
    }

    #[test]
    fn encode_decode_round_trip_with_garbage() {
        let seed = 0x5eed_0001;
        println!("seed {seed:#x}");
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        for _ in 0..500 {
            let len = rng.gen_range(0..=MAX_PAYLOAD);
            let payload: Vec<u8> = (0..len).map(|_| rng.gen()).collect();
            let f = Frame::new(rng.gen(), rng.gen(), &payload).unwrap();
            let mut wire: Vec<u8> = (0..rng.gen_range(0..10)).map(|_| rng.gen()).collect();
            wire.extend(f.encode());
            let mut d = Decoder::new();
            let mut got = Vec::new();
            for chunk in wire.chunks(rng.gen_range(1..8)) {
                got.extend(d.push(chunk));
            }
            assert!(
                got.contains(&f),
                "frame lost behind garbage (seed {seed:#x})"
            );
        }
    }

    #[test]
    fn worked_example_bytes() {
        // The examples of docs/protocol.md.
        let hex = |f: Frame| {
            f.encode()
                .iter()
                .map(|b| format!("{b:02X}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(
            hex(Frame::new(7, op::ECHO, &[0, 0xFF, 0x55]).unwrap()),
            "A5 03 07 02 00 FF 55 43 E3"
        );
        assert_eq!(
            hex(Frame::new(7, op::ECHO | RESPONSE, &[0, 0xFF, 0x55]).unwrap()),
            "A5 03 07 82 00 FF 55 9E DB"
        );
        assert_eq!(
            hex(Frame::new(8, op::IDENTIFY, &[]).unwrap()),
            "A5 00 08 01 55 14"
        );
        let id = Identity {
            name: "link".into(),
            version: (0, 1, 0),
            max_payload: 32,
            clock_hz: 60_000_000,
            divisor: 521,
        };
        assert_eq!(
            hex(Frame::new(8, op::IDENTIFY | RESPONSE, &id.encode()).unwrap()),
            "A5 1A 08 81 6C 69 6E 6B 00 00 00 00 00 00 00 00 00 00 00 00 00 01 00 20 00 87 93 03 09 02 13 D4"
        );
        assert_eq!(
            hex(Frame::new(9, op::ERROR, &[err::BAD_CRC, op::ECHO]).unwrap()),
            "A5 02 09 FF 01 02 7A E8"
        );
        assert_eq!(hex(Frame::new(10, 0x42, &[]).unwrap()), "A5 00 0A 42 4B D1");
        assert_eq!(
            hex(Frame::new(10, op::ERROR, &[err::UNKNOWN_OP, 0x42]).unwrap()),
            "A5 02 0A FF 02 42 FC A3"
        );
        assert_eq!(divisor_for(60_000_000, 115_200), Ok(521));
    }

    #[test]
    fn too_long_payload_is_refused() {
        assert_eq!(
            Frame::new(0, op::ECHO, &[0; MAX_PAYLOAD + 1]),
            Err(FrameError::TooLong {
                len: MAX_PAYLOAD + 1
            })
        );
    }

    #[test]
    fn divisors() {
        assert_eq!(divisor_for(100_000_000, 115_200), Ok(868));
        assert!(divisor_for(100_000_000, 0).is_err());
        assert!(divisor_for(100_000_000, 4_000_000).is_err());
        assert!(divisor_for(1_000, 115_200).is_err());
    }

    #[test]
    fn identity_round_trip() {
        let id = Identity {
            name: "link".into(),
            version: (0, 1, 0),
            max_payload: 32,
            clock_hz: 100_000_000,
            divisor: 868,
        };
        assert_eq!(Identity::decode(&id.encode()), Ok(id));
        assert!(Identity::decode(&[0; 3]).is_err());
    }
}
