//! The link driver: one request at a time, each with a fresh sequence number, resent with the
//! same sequence number until its answer arrives (the device answers a repeated sequence
//! number from its cache, so a retry never runs a command twice); or a batch of requests in
//! one write ([`Link::request_batch`]), whose retries the caller must allow for.

use crate::transport::Transport;
use model::link::{self, err, op, Decoder, Frame, Identity, JobStatus};
use rand::{rngs::StdRng, Rng, SeedableRng};
use thiserror::Error;

#[derive(Debug, Error)]
pub enum LinkError {
    #[error("no answer to {op} from {target} after {attempts} attempts ({timeouts} timeouts, {bad_crc} bad-CRC replies): is the board running the boardgate bitstream at this baud rate?")]
    NoAnswer {
        op: &'static str,
        target: String,
        attempts: u32,
        timeouts: u32,
        bad_crc: u32,
    },
    #[error("the device refused {op}: {} (code {code:#04x})", err::name(*code))]
    Device { op: &'static str, code: u8 },
    #[error("malformed answer to {op}: {why}")]
    Malformed { op: &'static str, why: String },
    #[error(transparent)]
    Frame(#[from] link::FrameError),
    #[error(transparent)]
    Payload(#[from] link::PayloadError),
    #[error("transport: {0:#}")]
    Transport(#[from] anyhow::Error),
    #[error("stopped: {0}")]
    Stopped(StopReason),
}

/// Why a job's wait was stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// `--time-limit` expired.
    TimeLimit,
    /// Ctrl-C (SIGINT).
    Interrupted,
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StopReason::TimeLimit => "the time limit was reached",
            StopReason::Interrupted => "interrupted (Ctrl-C)",
        })
    }
}

/// When to stop waiting: a deadline and an interrupt flag, checked before every request.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stop {
    pub deadline: Option<std::time::Instant>,
    pub interrupted: Option<&'static std::sync::atomic::AtomicBool>,
}

impl Stop {
    pub fn check(&self) -> Result<(), LinkError> {
        if self
            .interrupted
            .is_some_and(|f| f.load(std::sync::atomic::Ordering::SeqCst))
        {
            return Err(LinkError::Stopped(StopReason::Interrupted));
        }
        if self
            .deadline
            .is_some_and(|d| std::time::Instant::now() >= d)
        {
            return Err(LinkError::Stopped(StopReason::TimeLimit));
        }
        Ok(())
    }
}

/// The answer to one request of [`Link::request_batch`].
#[derive(Clone, Debug)]
pub struct BatchAnswer {
    pub frame: Frame,
    /// It came to a retry (the request may have run twice: see [`Link::request_batch`]).
    pub retried: bool,
}

/// What came back for one request of [`Link::collect`].
enum Got {
    Missing,
    BadCrc,
    Answer(Frame),
}

/// Counters of what the driver did.
#[derive(Clone, Copy, Debug, Default, serde::Serialize)]
pub struct LinkStats {
    pub requests: u64,
    /// Writes to the transport (a batch of requests is one; each waits a USB round trip on
    /// a real board).
    pub writes: u64,
    pub frames_sent: u64,
    pub retries: u64,
    pub timeouts: u64,
    pub bad_crc_replies: u64,
    /// Frames received that were not the awaited answer (stale or wrong sequence number).
    pub ignored_frames: u64,
    /// Candidate frames the decoder rejected (bad CRC, impossible length).
    pub rejected_frames: u64,
}

pub struct Link<T: Transport> {
    pub transport: T,
    seq: u8,
    decoder: Decoder,
    pub stats: LinkStats,
    /// Attempts per request before giving up.
    pub max_attempts: u32,
    /// Checked before every request (the default never stops).
    pub stop: Stop,
    /// `SESSION` sent (before the first request).
    session: bool,
    /// Draws the first sequence number and the session nonces.
    rng: StdRng,
}

impl<T: Transport> Link<T> {
    pub fn new(transport: T) -> Self {
        let mut rng = StdRng::from_entropy();
        Link {
            transport,
            seq: rng.gen(),
            decoder: Decoder::new(),
            stats: LinkStats::default(),
            max_attempts: link::HOST_MAX_ATTEMPTS,
            stop: Stop::default(),
            session: false,
            rng,
        }
    }

    /// Draws the first sequence number and the session nonces from `seed` instead of the
    /// system's entropy, so a run over a seeded faulty line repeats byte for byte (the soak).
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.rng = StdRng::seed_from_u64(seed);
        self.seq = self.rng.gen();
        self
    }

    /// Starts the sequence numbers at `seq` instead of a random one (tests use it to make a
    /// new session's sequence numbers collide with the previous session's).
    pub fn with_first_seq(mut self, seq: u8) -> Self {
        self.seq = seq.wrapping_sub(1);
        self
    }

    /// Opens the session (done before the first request): `SESSION` with a random nonce,
    /// whose answer replaces the device's answer cache, so no request of this session can get
    /// an answer cached for an earlier host process that used the same sequence numbers. An
    /// answer with another nonce is an older session's cached one: it tries again.
    pub fn open_session(&mut self) -> Result<(), LinkError> {
        self.session = true;
        for _ in 0..4 {
            let nonce: [u8; link::SESSION_NONCE_LEN] = self.rng.gen();
            let got = self.call(op::SESSION, &nonce)?;
            if got == nonce {
                return Ok(());
            }
            self.stats.ignored_frames += 1;
        }
        Err(LinkError::Malformed {
            op: "SESSION",
            why: "the device answered with other nonces four times".into(),
        })
    }

    /// Sends one request and returns the device's answer frame (an `ERROR` answer is returned
    /// as a frame too; see [`Link::call`] for the checked form).
    pub fn request(&mut self, opc: u8, payload: &[u8]) -> Result<Frame, LinkError> {
        self.stop.check()?;
        if !self.session {
            self.open_session()?;
        }
        let (seq, wire) = self.next_frame(opc, payload)?;
        self.exchange(seq, opc, &wire, 0)
    }

    /// Sends `requests` back to back in one write (one USB transfer: one round trip for all
    /// of them instead of one each) and returns their answer frames in order (`ERROR` answers
    /// as frames), each marked `retried` when it did not come at the first attempt. The
    /// device runs them in order; its receive buffer holds what arrives while it answers
    /// (`link::RX_BUFFER_LEN` bytes: a batch is meant for a handful of requests). A request
    /// whose answer does not come is sent again alone with its sequence number, as
    /// [`Link::request`] does. The device's answer cache holds only its last request, so such
    /// a retry runs the request again if it had run and a later one of the batch ran after
    /// it: its answer then comes after the whole batch ran. A batch is for requests whose
    /// second run the caller allows for (a `JOB_START` run twice answers `BUSY` while its job
    /// runs; a `JOB_RESULT` retried after the same core's next `JOB_START` may read the next
    /// job's). The batch's last request is answered from the cache, as a single request is.
    pub fn request_batch(
        &mut self,
        requests: &[(u8, &[u8])],
    ) -> Result<Vec<BatchAnswer>, LinkError> {
        self.stop.check()?;
        if !self.session {
            self.open_session()?;
        }
        let mut sent = Vec::with_capacity(requests.len());
        let mut wire = Vec::new();
        for &(opc, payload) in requests {
            let (seq, w) = self.next_frame(opc, payload)?;
            wire.extend_from_slice(&w);
            sent.push((seq, opc, w));
        }
        self.decoder.clear();
        self.transport.send(&wire)?;
        self.stats.writes += 1;
        self.stats.frames_sent += requests.len() as u64;
        let want: Vec<(u8, u8)> = sent.iter().map(|&(seq, opc, _)| (seq, opc)).collect();
        let mut got = self.collect(&want)?;
        if got.iter().any(|g| !matches!(g, Got::Answer(_))) {
            // Let a half-received frame in the device time out before resending.
            self.drain(link::RX_TIMEOUT_BIT_TIMES + 20)?;
        }
        let mut answers = Vec::with_capacity(requests.len());
        for ((seq, opc, w), g) in sent.iter().zip(got.iter_mut()) {
            answers.push(match std::mem::replace(g, Got::Missing) {
                Got::Answer(frame) => BatchAnswer {
                    frame,
                    retried: false,
                },
                _ => BatchAnswer {
                    frame: self.exchange(*seq, *opc, w, 1)?,
                    retried: true,
                },
            });
        }
        Ok(answers)
    }

    /// The next sequence number and the encoded request.
    fn next_frame(&mut self, opc: u8, payload: &[u8]) -> Result<(u8, Vec<u8>), LinkError> {
        self.seq = self.seq.wrapping_add(1);
        self.stats.requests += 1;
        Ok((self.seq, Frame::new(self.seq, opc, payload)?.encode()))
    }

    /// Sends request `seq` (`wire`) until its answer arrives, the attempts counted from
    /// `attempts_made` (a batch's request was sent once already).
    fn exchange(
        &mut self,
        seq: u8,
        opc: u8,
        wire: &[u8],
        attempts_made: u32,
    ) -> Result<Frame, LinkError> {
        let (mut timeouts, mut bad_crc) = (0, 0);
        for attempt in attempts_made..self.max_attempts {
            if attempt > 0 {
                self.stats.retries += 1;
                self.stop.check()?;
            }
            self.decoder.clear();
            self.transport.send(wire)?;
            self.stats.writes += 1;
            self.stats.frames_sent += 1;
            match self.collect(&[(seq, opc)])?.pop() {
                Some(Got::Answer(f)) => return Ok(f),
                // Our request arrived corrupted: send it again.
                Some(Got::BadCrc) => bad_crc += 1,
                _ => timeouts += 1,
            }
            // Let a half-received frame in the device time out before resending.
            self.drain(link::RX_TIMEOUT_BIT_TIMES + 20)?;
        }
        Err(LinkError::NoAnswer {
            op: op::name(opc),
            target: self.transport.describe(),
            attempts: self.max_attempts,
            timeouts,
            bad_crc,
        })
    }

    /// Reads answers until each of the requests `want` (sequence number, opcode) has its
    /// answer or a bad-CRC reply, or the line has brought none of them for
    /// `link::HOST_ANSWER_TIMEOUT_BIT_TIMES`.
    fn collect(&mut self, want: &[(u8, u8)]) -> Result<Vec<Got>, LinkError> {
        let mut got: Vec<Got> = want.iter().map(|_| Got::Missing).collect();
        let mut open = want.len();
        let mut deadline = self.transport.now_bits() + link::HOST_ANSWER_TIMEOUT_BIT_TIMES;
        while open > 0 {
            let now = self.transport.now_bits();
            if now >= deadline {
                self.stats.timeouts += open as u64;
                break;
            }
            let Some(b) = self.transport.recv(deadline - now)? else {
                continue;
            };
            let before = self.decoder.rejected;
            let frames = self.decoder.push(&[b]);
            self.stats.rejected_frames += self.decoder.rejected - before;
            for f in frames {
                let slot = want
                    .iter()
                    .position(|&(seq, _)| seq == f.seq)
                    .filter(|&i| matches!(got[i], Got::Missing));
                let Some(i) = slot else {
                    self.stats.ignored_frames += 1;
                    continue;
                };
                let opc = want[i].1;
                if f.op == op::ERROR && f.error() == Some((err::BAD_CRC, opc)) {
                    self.stats.bad_crc_replies += 1;
                    got[i] = Got::BadCrc;
                } else if f.op == (opc | link::RESPONSE)
                    || (f.op == op::ERROR && f.payload.len() == 2 && f.payload[1] == opc)
                {
                    got[i] = Got::Answer(f);
                } else {
                    self.stats.ignored_frames += 1;
                    continue;
                }
                open -= 1;
                deadline = self.transport.now_bits() + link::HOST_ANSWER_TIMEOUT_BIT_TIMES;
            }
        }
        Ok(got)
    }

    /// Discards input until the line has been quiet for `bits` bit times.
    fn drain(&mut self, bits: u64) -> Result<(), LinkError> {
        while self.transport.recv(bits)?.is_some() {}
        Ok(())
    }

    /// Sends a request; an `ERROR` answer becomes [`LinkError::Device`].
    pub fn call(&mut self, opc: u8, payload: &[u8]) -> Result<Vec<u8>, LinkError> {
        let f = self.request(opc, payload)?;
        if let Some((code, _)) = f.error() {
            return Err(LinkError::Device {
                op: op::name(opc),
                code,
            });
        }
        Ok(f.payload)
    }

    pub fn identify(&mut self) -> Result<Identity, LinkError> {
        Ok(Identity::decode(&self.call(op::IDENTIFY, &[])?)?)
    }

    pub fn echo(&mut self, payload: &[u8]) -> Result<Vec<u8>, LinkError> {
        let got = self.call(op::ECHO, payload)?;
        if got != payload {
            return Err(LinkError::Malformed {
                op: "ECHO",
                why: format!("sent {payload:02x?}, got {got:02x?}"),
            });
        }
        Ok(got)
    }

    pub fn counter(&mut self) -> Result<u64, LinkError> {
        let p = self.call(op::COUNTER, &[])?;
        let arr: [u8; 8] = p.as_slice().try_into().map_err(|_| LinkError::Malformed {
            op: "COUNTER",
            why: format!("expected 8 bytes, got {}", p.len()),
        })?;
        Ok(u64::from_le_bytes(arr))
    }

    pub fn job_start(&mut self, arg: &[u8]) -> Result<JobStatus, LinkError> {
        Ok(JobStatus::decode(&self.call(op::JOB_START, arg)?)?)
    }
    pub fn job_poll(&mut self) -> Result<JobStatus, LinkError> {
        Ok(JobStatus::decode(&self.call(op::JOB_POLL, &[])?)?)
    }
    pub fn job_abort(&mut self) -> Result<JobStatus, LinkError> {
        Ok(JobStatus::decode(&self.call(op::JOB_ABORT, &[])?)?)
    }
    pub fn job_result(&mut self) -> Result<Vec<u8>, LinkError> {
        self.call(op::JOB_RESULT, &[])
    }

    /// Starts a job on core 0, polls it until it stops (`progress` sees each poll's progress)
    /// and returns its result payload; a job that ends other than done is an error naming
    /// `what` and the state.
    pub fn run_job(
        &mut self,
        arg: &[u8],
        what: &str,
        progress: impl FnMut(u64),
    ) -> Result<Vec<u8>, LinkError> {
        self.run_job_on(None, arg, what, progress)
    }

    /// [`Link::run_job`] on `core` of a multi-core design (`None`: the job commands without a
    /// core index, core 0).
    pub fn run_job_on(
        &mut self,
        core: Option<u8>,
        arg: &[u8],
        what: &str,
        mut progress: impl FnMut(u64),
    ) -> Result<Vec<u8>, LinkError> {
        let index: Vec<u8> = core.into_iter().collect();
        let start: Vec<u8> = index.iter().chain(arg).copied().collect();
        let st = self.job_start(&start)?;
        let st = self.wait_job_on(core, st, &mut progress)?;
        if st.state != model::link::job::DONE {
            return Err(LinkError::Malformed {
                op: "JOB_POLL",
                why: format!("{what} ended in state {}", model::link::job::name(st.state)),
            });
        }
        self.call(op::JOB_RESULT, &index)
    }

    /// Polls the job on `core` (`None`: core 0, without a core index) while `st`, its last
    /// status, says it runs (`progress` sees each poll's progress); its status once stopped.
    pub fn wait_job_on(
        &mut self,
        core: Option<u8>,
        mut st: JobStatus,
        mut progress: impl FnMut(u64),
    ) -> Result<JobStatus, LinkError> {
        let index: Vec<u8> = core.into_iter().collect();
        while st.state == model::link::job::RUNNING {
            st = JobStatus::decode(&self.call(op::JOB_POLL, &index)?)?;
            progress(st.progress);
        }
        Ok(st)
    }

    /// `JOB_POLL` of one core of a multi-core design.
    pub fn core_poll(&mut self, core: u8) -> Result<JobStatus, LinkError> {
        Ok(JobStatus::decode(&self.call(op::JOB_POLL, &[core])?)?)
    }
    /// `JOB_ABORT` of one core of a multi-core design.
    pub fn core_abort(&mut self, core: u8) -> Result<JobStatus, LinkError> {
        Ok(JobStatus::decode(&self.call(op::JOB_ABORT, &[core])?)?)
    }
    /// `JOB_RESULT` of one core of a multi-core design.
    pub fn core_result(&mut self, core: u8) -> Result<Vec<u8>, LinkError> {
        self.call(op::JOB_RESULT, &[core])
    }
    /// Aborts every job core that is running (a job left by another session, or one stopped
    /// by the time limit or Ctrl-C); returns how many, and the nodes they had searched. Runs
    /// without the stop condition.
    pub fn abort_running(&mut self) -> Result<(usize, u64), LinkError> {
        let stop = std::mem::take(&mut self.stop);
        let r = (|| {
            let mut aborted = (0, 0);
            for (c, s) in self.job_cores()?.into_iter().enumerate() {
                if s == link::job::RUNNING {
                    aborted.0 += 1;
                    aborted.1 += self.core_abort(c as u8)?.progress;
                }
            }
            Ok(aborted)
        })();
        self.stop = stop;
        r
    }

    /// Each job core's state (`JOB_CORES`; every design answers it).
    pub fn job_cores(&mut self) -> Result<Vec<u8>, LinkError> {
        Ok(model::link::decode_cores(&self.call(op::JOB_CORES, &[])?)?)
    }
}
