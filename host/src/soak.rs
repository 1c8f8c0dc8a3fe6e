//! The link soak: the host driver against the simulated board over the fault injector, for as
//! many frames as asked, with host restarts. Every answer the host accepts is checked against
//! what it must be; the run counts what went wrong. `cargo xtask soak --frames N [--json]`.
//!
//! Requests (random mix): `ECHO` of random bytes (the answer must be those bytes),
//! `IDENTIFY` (the design's name and divisor), `COUNTER` (strictly increasing over the whole
//! run, across restarts: a stale cached answer would repeat an old value), and a wait job
//! started then aborted (exactly once: a duplicate start would answer BUSY).
//!
//! The frame check is a 16-bit CRC, so about one corrupted frame in 65,536 passes it: at the
//! soak's fault rates (over 10% of the frames corrupted) one escape in a few hundred thousand
//! frames (3 in the million of docs/protocol.md), some of which make a wrong answer. The
//! fault injector finds those escapes (frames a receiver would
//! accept that were never sent), and a wrong answer to a request during which one happened
//! is counted apart (`wrong_after_escape`); every other wrong answer is the link's fault.
//! Runs repeat byte for byte from their seed: the host's sequence numbers and session
//! nonces are drawn from it too.

use crate::transport::{FaultConfig, FaultCounts, FaultyTransport, SimTransport, Transport};
use crate::{Link, LinkError};
use gateware::Design;
use model::link::{self, job, op};
use rand::{rngs::StdRng, Rng, SeedableRng};
use sim::{BackendKind, SimBoard};
use std::time::Instant;

/// What to run.
#[derive(Clone, Copy, Debug)]
pub struct SoakConfig {
    /// Frames the host sends (requests and their retries), at least.
    pub frames: u64,
    /// Probability of each fault kind per byte on the way to the device.
    pub fault: f64,
    /// The same on the way back to the host.
    pub fault_to_host: f64,
    /// Probability that the host process "restarts" (a new `Link`) before a request.
    pub restart: f64,
    pub seed: u64,
    pub backend: BackendKind,
}

/// What happened (the `--json` output; fields are stable).
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct SoakReport {
    pub seed: u64,
    pub backend: String,
    pub requests: u64,
    pub frames_sent: u64,
    /// Frames to the device that the injector changed (at least one fault).
    pub frames_faulted: u64,
    pub faults: FaultCounts,
    pub retries: u64,
    pub timeouts: u64,
    pub restarts: u64,
    /// Corrupted frames that still passed the 16-bit CRC, either way (frames a receiver
    /// would accept that were never sent): about one corrupted frame in 65,536.
    pub crc_escapes: u64,
    /// Wrong answers to requests during which a corrupted frame escaped the CRC: the check's
    /// limit, not a fault of the link's logic (not in `wrong_answers`).
    pub wrong_after_escape: u64,
    /// Answers accepted by the host that were not what the request must get, with no CRC
    /// escape to explain them.
    pub wrong_answers: u64,
    /// Requests that got no answer within the host's attempts.
    pub unanswered: u64,
    /// Times the board did not answer a clean `IDENTIFY` after an unanswered request or at
    /// the end (a device stuck for good).
    pub hangs: u64,
    pub board_cycles: u64,
    pub seconds: f64,
}

type Line = FaultyTransport<SimTransport>;

/// Runs the soak; `progress` is called about once a second with the report so far.
pub fn soak(cfg: SoakConfig, mut progress: impl FnMut(&SoakReport)) -> anyhow::Result<SoakReport> {
    let start = Instant::now();
    let board = SimBoard::open(Design::Link, cfg.backend)?;
    let divisor = board.divisor() as u16;
    let line = FaultyTransport::new(
        SimTransport::new(board),
        FaultConfig::uniform(cfg.fault),
        FaultConfig::uniform(cfg.fault_to_host),
        cfg.seed,
    );
    let mut r = StdRng::seed_from_u64(cfg.seed ^ 0x50a4);
    let mut rep = SoakReport {
        seed: cfg.seed,
        backend: cfg.backend.name().into(),
        ..Default::default()
    };
    let mut l = Link::new(line).with_seed(r.gen());
    let mut last_counter = 0u64;
    let mut last_progress = Instant::now();
    let mut sent_before = 0u64;
    while sent_before + l.stats.frames_sent < cfg.frames {
        if r.gen_bool(cfg.restart) {
            rep.restarts += 1;
            sent_before += absorb(&mut rep, &l);
            l = Link::new(l.transport).with_seed(r.gen());
        }
        rep.requests += 1;
        let escapes = l.transport.crc_escapes();
        match one_request(&mut l, &mut r, divisor, &mut last_counter) {
            Ok(true) => {}
            // An error answer is wrong here too (BUSY would mean a job started twice).
            Ok(false)
            | Err(LinkError::Device { .. })
            | Err(LinkError::Malformed { .. })
            | Err(LinkError::Payload(_)) => {
                if l.transport.crc_escapes() > escapes {
                    rep.wrong_after_escape += 1;
                } else {
                    rep.wrong_answers += 1;
                }
            }
            Err(LinkError::NoAnswer { .. }) => {
                rep.unanswered += 1;
                if !answers_clean_identify(&mut l) {
                    rep.hangs += 1;
                }
            }
            Err(e) => return Err(e.into()),
        }
        if last_progress.elapsed().as_secs_f64() >= 1.0 {
            last_progress = Instant::now();
            let mut now = rep.clone();
            absorb(&mut now, &l);
            now.seconds = start.elapsed().as_secs_f64();
            progress(&now);
        }
    }
    if !answers_clean_identify(&mut l) {
        rep.hangs += 1;
    }
    absorb(&mut rep, &l);
    rep.board_cycles = l.transport.board_cycles().unwrap_or(0);
    rep.seconds = start.elapsed().as_secs_f64();
    Ok(rep)
}

/// Adds a finished `Link`'s counters to the report; returns its frames sent.
fn absorb(rep: &mut SoakReport, l: &Link<Line>) -> u64 {
    rep.frames_sent += l.stats.frames_sent;
    rep.retries += l.stats.retries;
    rep.timeouts += l.stats.timeouts;
    rep.frames_faulted = l.transport.frames_faulted;
    rep.crc_escapes = l.transport.crc_escapes();
    rep.faults = l.transport.counts;
    l.stats.frames_sent
}

/// One random request; Ok(false) when the accepted answer is wrong.
fn one_request(
    l: &mut Link<Line>,
    r: &mut StdRng,
    divisor: u16,
    last_counter: &mut u64,
) -> Result<bool, LinkError> {
    Ok(match r.gen_range(0..5) {
        0 => {
            let id = l.identify()?;
            id.name == "link" && id.divisor == divisor
        }
        1 | 2 => {
            let n = r.gen_range(0..=link::MAX_PAYLOAD);
            let payload: Vec<u8> = (0..n).map(|_| r.gen()).collect();
            l.call(op::ECHO, &payload)? == payload
        }
        3 => {
            let c = l.counter()?;
            let ok = c > *last_counter;
            *last_counter = c;
            ok
        }
        _ => {
            let st = l.job_start(&1_000_000u32.to_le_bytes())?;
            let started = st.state == job::RUNNING && st.progress == 0;
            let st = l.job_abort()?;
            started && st.state == job::ABORTED
        }
    })
}

/// Whether the board answers `IDENTIFY` on a clean line (faults off for this one request).
fn answers_clean_identify(l: &mut Link<Line>) -> bool {
    let saved = (l.transport.to_device, l.transport.to_host);
    l.transport.to_device = FaultConfig::NONE;
    l.transport.to_host = FaultConfig::NONE;
    let ok = l.identify().is_ok();
    (l.transport.to_device, l.transport.to_host) = saved;
    ok
}
