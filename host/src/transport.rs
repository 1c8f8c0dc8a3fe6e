//! Byte transports to a board. Time is counted in bit times of the link, so the same timeouts
//! (defined in `model::link`) hold on a real port and on the simulated board.

use anyhow::{Context, Result};
use model::link::{self, Decoder, Frame};
use model::link_device::{CoreModel, LinkDevice};
use rand::{rngs::StdRng, Rng, SeedableRng};
use sim::SimBoard;
use std::collections::VecDeque;
use std::io::{Read, Write};
use std::time::{Duration, Instant};

/// A byte pipe to a board.
pub trait Transport {
    /// Sends bytes.
    fn send(&mut self, bytes: &[u8]) -> Result<()>;
    /// Receives one byte, waiting up to `timeout_bits` bit times. `Ok(None)` on timeout.
    fn recv(&mut self, timeout_bits: u64) -> Result<Option<u8>>;
    /// The link clock in bit times (monotonic).
    fn now_bits(&self) -> u64;
    /// What this transport talks to, for messages.
    fn describe(&self) -> String;
    /// Clock cycles the board has run, when the transport can tell (the simulated board).
    fn board_cycles(&self) -> Option<u64> {
        None
    }
}

impl Transport for Box<dyn Transport> {
    fn send(&mut self, bytes: &[u8]) -> Result<()> {
        (**self).send(bytes)
    }
    fn recv(&mut self, timeout_bits: u64) -> Result<Option<u8>> {
        (**self).recv(timeout_bits)
    }
    fn now_bits(&self) -> u64 {
        (**self).now_bits()
    }
    fn describe(&self) -> String {
        (**self).describe()
    }
    fn board_cycles(&self) -> Option<u64> {
        (**self).board_cycles()
    }
}

/// The reference device model (`model::link_device`) on an ideal line: each byte takes 10
/// bit times, the device's receive timeout fires after [`link::RX_TIMEOUT_BIT_TIMES`] quiet
/// bit times. Fast enough for thousands of host sessions in a test; it checks the host
/// against the protocol's definition rather than against the gateware.
pub struct ModelTransport<C: CoreModel> {
    pub device: LinkDevice<C>,
    rx: VecDeque<u8>,
    now: u64,
    last_to_device: u64,
    timed_out: bool,
}

impl<C: CoreModel> ModelTransport<C> {
    pub fn new(device: LinkDevice<C>) -> Self {
        ModelTransport {
            device,
            rx: VecDeque::new(),
            now: 0,
            last_to_device: 0,
            timed_out: true,
        }
    }
}

impl<C: CoreModel> Transport for ModelTransport<C> {
    fn send(&mut self, bytes: &[u8]) -> Result<()> {
        for &b in bytes {
            self.now += link::UART_BITS_PER_BYTE;
            let answer = self.device.on_byte(b);
            self.rx.extend(answer);
        }
        self.last_to_device = self.now;
        self.timed_out = false;
        Ok(())
    }
    fn recv(&mut self, timeout_bits: u64) -> Result<Option<u8>> {
        if self.rx.is_empty() && !self.timed_out {
            let quiet_at = self.last_to_device + link::RX_TIMEOUT_BIT_TIMES;
            if self.now + timeout_bits >= quiet_at {
                self.now = self.now.max(quiet_at);
                self.timed_out = true;
                let answer = self.device.timeout();
                self.rx.extend(answer);
            }
        }
        match self.rx.pop_front() {
            Some(b) => {
                self.now += link::UART_BITS_PER_BYTE;
                Ok(Some(b))
            }
            None => {
                self.now += timeout_bits;
                Ok(None)
            }
        }
    }
    fn now_bits(&self) -> u64 {
        self.now
    }
    fn describe(&self) -> String {
        "the reference device model".into()
    }
}

/// The simulated board (rust-hdl or Verilator backend).
pub struct SimTransport {
    pub board: SimBoard,
}

impl SimTransport {
    pub fn new(board: SimBoard) -> Self {
        SimTransport { board }
    }
}

impl Transport for SimTransport {
    fn send(&mut self, bytes: &[u8]) -> Result<()> {
        self.board.write(bytes);
        Ok(())
    }
    fn recv(&mut self, timeout_bits: u64) -> Result<Option<u8>> {
        let cycles = timeout_bits * self.board.divisor() as u64;
        self.board.run_until_byte(cycles)
    }
    fn now_bits(&self) -> u64 {
        self.board.cycles() / self.board.divisor() as u64
    }
    fn describe(&self) -> String {
        format!("simulated board ({} backend)", self.board.backend_name())
    }
    fn board_cycles(&self) -> Option<u64> {
        Some(self.board.cycles())
    }
}

/// The simulated board as a real build of its design would be seen from the host: behind a
/// USB serial bridge at the build's clock and baud rate. The bridge holds the board's answers
/// to a write for its round trip (`crate::split::USB_ROUND_TRIP_S`: the FTDI bridges' latency
/// timer) from when the write's last byte is in, while the board runs on, and each byte each
/// way takes the build's bit times (the simulated UART's are shorter:
/// `gateware::CoreParams::sim`). The line is full duplex: the answers the board sent while a
/// write's bytes were still coming in took no time of their own (their build's bit times
/// passed under the request's); the others take theirs after the round trip. The board's
/// clock then counts what a real board's would: the splits' counts of the link's time
/// (`crate::split::JobsLink::elapsed`, `crate::split::HostClock`) are checked against it.
pub struct BridgedSim {
    pub inner: SimTransport,
    /// Board clocks the bridge holds the answers to a write.
    pub round_trip_cycles: u64,
    /// Board clocks a byte takes beyond the simulated UART's ten bit times.
    pub extra_cycles_per_byte: u64,
    /// A write's answers are still held.
    held: bool,
    /// Answer bytes that came out under a write's request bytes, not yet read: they cost no
    /// bit times of their own.
    overlapped: usize,
    /// Board clocks the bridge and the bytes of a write took (the build's bit times, and the
    /// simulated UART's while the write goes in): the link's own clock
    /// ([`Transport::now_bits`], by which the host's timeouts are measured, from after a
    /// write) leaves them out.
    hidden: u64,
}

impl BridgedSim {
    /// The board behind a bridge as `design`'s build for `board` would be (its core clock, its
    /// design's baud rate).
    pub fn new(
        inner: SimTransport,
        design: gateware::Design,
        board: gateware::BoardId,
    ) -> Result<Self> {
        let hz = design.core_clock_hz(board)?;
        let build_bit = u64::from(hz / design.default_baud());
        let sim_bit = u64::from(inner.board.divisor());
        Ok(BridgedSim {
            round_trip_cycles: (f64::from(hz) * crate::split::USB_ROUND_TRIP_S).round() as u64,
            extra_cycles_per_byte: link::UART_BITS_PER_BYTE * build_bit.saturating_sub(sim_bit),
            inner,
            held: false,
            overlapped: 0,
            hidden: 0,
        })
    }

    fn wait(&mut self, cycles: u64) -> Result<()> {
        self.hidden += cycles;
        self.inner.board.run(cycles)
    }
}

impl Transport for BridgedSim {
    fn send(&mut self, bytes: &[u8]) -> Result<()> {
        self.wait(self.extra_cycles_per_byte * bytes.len() as u64)?;
        self.held = true;
        let before = self.inner.board.received();
        self.inner.send(bytes)?;
        // The write's bytes all in (their bit times: the simulated UART's and the extra
        // above), and the answers that came out meanwhile counted.
        while self.inner.board.pending_out() > 0 {
            self.inner.board.tick()?;
            self.hidden += 1;
        }
        self.overlapped = self.inner.board.received() - before;
        Ok(())
    }
    fn recv(&mut self, timeout_bits: u64) -> Result<Option<u8>> {
        if std::mem::take(&mut self.held) {
            self.wait(self.round_trip_cycles)?;
        }
        let b = self.inner.recv(timeout_bits)?;
        if b.is_some() {
            if self.overlapped > 0 {
                self.overlapped -= 1;
            } else {
                self.wait(self.extra_cycles_per_byte)?;
            }
        }
        Ok(b)
    }
    fn now_bits(&self) -> u64 {
        (self.inner.board.cycles() - self.hidden) / u64::from(self.inner.board.divisor())
    }
    fn describe(&self) -> String {
        format!("{} behind a USB bridge", self.inner.describe())
    }
    fn board_cycles(&self) -> Option<u64> {
        self.inner.board_cycles()
    }
}

/// A real serial port.
pub struct SerialTransport {
    port: Box<dyn serialport::SerialPort>,
    path: String,
    baud: u32,
    start: Instant,
}

impl SerialTransport {
    pub fn open(path: &str, baud: u32) -> Result<Self> {
        let port = serialport::new(path, baud)
            .timeout(Duration::from_millis(10))
            .open()
            .with_context(|| format!("cannot open serial port {path} at {baud} baud"))?;
        Ok(SerialTransport {
            port,
            path: path.to_string(),
            baud,
            start: Instant::now(),
        })
    }
    fn bits_to_duration(&self, bits: u64) -> Duration {
        // Plus USB latency: FTDI bridges hold bytes up to 16 ms.
        Duration::from_secs_f64(bits as f64 / self.baud as f64) + Duration::from_millis(20)
    }
}

impl Transport for SerialTransport {
    fn send(&mut self, bytes: &[u8]) -> Result<()> {
        self.port
            .write_all(bytes)
            .with_context(|| format!("writing to {}", self.path))?;
        self.port.flush().ok();
        Ok(())
    }
    fn recv(&mut self, timeout_bits: u64) -> Result<Option<u8>> {
        let deadline = Instant::now() + self.bits_to_duration(timeout_bits);
        let mut b = [0u8; 1];
        loop {
            match self.port.read(&mut b) {
                Ok(1) => return Ok(Some(b[0])),
                Ok(_) => {}
                Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
                Err(e) => return Err(e).with_context(|| format!("reading from {}", self.path)),
            }
            if Instant::now() >= deadline {
                return Ok(None);
            }
        }
    }
    fn now_bits(&self) -> u64 {
        (self.start.elapsed().as_secs_f64() * self.baud as f64) as u64
    }
    fn describe(&self) -> String {
        format!("{} at {} baud", self.path, self.baud)
    }
}

/// Probabilities of each fault, per byte.
#[derive(Clone, Copy, Debug)]
pub struct FaultConfig {
    pub flip: f64,
    pub drop: f64,
    pub duplicate: f64,
    /// Drop the rest of the current write (a truncated frame).
    pub truncate: f64,
    /// Insert a run of random bytes (with start-of-frame bytes) before this byte.
    pub garbage: f64,
}

impl FaultConfig {
    pub const NONE: FaultConfig = FaultConfig {
        flip: 0.0,
        drop: 0.0,
        duplicate: 0.0,
        truncate: 0.0,
        garbage: 0.0,
    };
    /// Every kind of fault at probability `p` per byte.
    pub fn uniform(p: f64) -> FaultConfig {
        FaultConfig {
            flip: p,
            drop: p,
            duplicate: p,
            truncate: p,
            garbage: p,
        }
    }
}

/// Counts of injected faults.
#[derive(Clone, Copy, Debug, Default, serde::Serialize)]
pub struct FaultCounts {
    pub flipped: u64,
    pub dropped: u64,
    pub duplicated: u64,
    pub truncated: u64,
    pub garbage: u64,
}

impl FaultCounts {
    pub fn total(&self) -> u64 {
        self.flipped + self.dropped + self.duplicated + self.truncated + self.garbage
    }
}

/// Wraps a transport and corrupts the bytes in both directions (seeded).
pub struct FaultyTransport<T: Transport> {
    pub inner: T,
    pub to_device: FaultConfig,
    pub to_host: FaultConfig,
    pub counts: FaultCounts,
    /// Writes (frames) to the device that at least one fault changed.
    pub frames_faulted: u64,
    rng: StdRng,
    pending: std::collections::VecDeque<u8>,
    /// Answer bytes still to lose after a truncation.
    truncating: u32,
    to_device_watch: EscapeWatch,
    to_host_watch: EscapeWatch,
    /// When the last write went out (bit times), and its length in bytes.
    last_write: (u64, u64),
}

/// Finds corrupted frames that a receiver would accept: CRC-valid frames in the faulted byte
/// stream that the clean stream did not carry. A 16-bit CRC lets about one corrupted frame in
/// 65,536 through; the soak tells these escapes apart from faults of the link's own logic.
#[derive(Default)]
struct EscapeWatch {
    clean: Decoder,
    faulted: Decoder,
    /// The clean stream's recent frames (more than the requests of any batch).
    recent: std::collections::VecDeque<Frame>,
    escapes: u64,
}

impl EscapeWatch {
    fn push(&mut self, clean: &[u8], faulted: &[u8]) {
        for f in self.clean.push(clean) {
            if self.recent.len() == 64 {
                self.recent.pop_front();
            }
            self.recent.push_back(f);
        }
        for f in self.faulted.push(faulted) {
            if !self.recent.contains(&f) {
                self.escapes += 1;
            }
        }
    }

    /// The receiver dropped its partial frame (line quiet, or the host cleared its decoder).
    fn clear(&mut self) {
        self.clean.clear();
        self.faulted.clear();
    }
}

impl<T: Transport> FaultyTransport<T> {
    pub fn new(inner: T, to_device: FaultConfig, to_host: FaultConfig, seed: u64) -> Self {
        FaultyTransport {
            inner,
            to_device,
            to_host,
            counts: FaultCounts::default(),
            frames_faulted: 0,
            rng: StdRng::seed_from_u64(seed),
            pending: Default::default(),
            truncating: 0,
            to_device_watch: EscapeWatch::default(),
            to_host_watch: EscapeWatch::default(),
            last_write: (0, 0),
        }
    }

    /// Corrupted frames that still passed the CRC check, on the way to the device or back
    /// (frames a receiver would accept that were never sent).
    pub fn crc_escapes(&self) -> u64 {
        self.to_device_watch.escapes + self.to_host_watch.escapes
    }

    fn corrupt(&mut self, b: u8, cfg: FaultConfig, out: &mut Vec<u8>) {
        let r = &mut self.rng;
        if r.gen_bool(cfg.garbage) {
            // A run of random bytes, a quarter of them start-of-frame bytes (a garbage SOF
            // followed by a small number looks like the start of a frame).
            self.counts.garbage += 1;
            for _ in 0..r.gen_range(1..6) {
                out.push(if r.gen_bool(0.25) { link::SOF } else { r.gen() });
            }
        }
        if r.gen_bool(cfg.drop) {
            self.counts.dropped += 1;
            return;
        }
        let b = if r.gen_bool(cfg.flip) {
            self.counts.flipped += 1;
            b ^ (1 << r.gen_range(0..8))
        } else {
            b
        };
        out.push(b);
        if r.gen_bool(cfg.duplicate) {
            self.counts.duplicated += 1;
            out.push(b);
        }
    }
}

impl<T: Transport> Transport for FaultyTransport<T> {
    fn send(&mut self, bytes: &[u8]) -> Result<()> {
        let before = self.counts.total();
        let mut out = Vec::with_capacity(bytes.len() + 8);
        for &b in bytes {
            if self.rng.gen_bool(self.to_device.truncate) {
                self.counts.truncated += 1;
                break;
            }
            self.corrupt(b, self.to_device, &mut out);
        }
        if self.counts.total() != before {
            self.frames_faulted += 1;
        }
        // The device drops a partial frame once its line has been quiet for its timeout; the
        // host clears its decoder before every write.
        let now = self.inner.now_bits();
        let (sent_at, len) = self.last_write;
        if now >= sent_at + link::UART_BITS_PER_BYTE * len + link::RX_TIMEOUT_BIT_TIMES {
            self.to_device_watch.clear();
        }
        self.last_write = (now, out.len() as u64);
        self.to_device_watch.push(bytes, &out);
        self.to_host_watch.clear();
        self.inner.send(&out)
    }
    fn recv(&mut self, timeout_bits: u64) -> Result<Option<u8>> {
        loop {
            if let Some(b) = self.pending.pop_front() {
                return Ok(Some(b));
            }
            let Some(b) = self.inner.recv(timeout_bits)? else {
                return Ok(None);
            };
            if self.truncating > 0 {
                self.truncating -= 1;
                self.to_host_watch.push(&[b], &[]);
                continue;
            }
            if self.rng.gen_bool(self.to_host.truncate) {
                // Lose this byte and the next few: a cut-off answer.
                self.counts.truncated += 1;
                self.truncating = self.rng.gen_range(0..model::link::MAX_FRAME as u32);
                self.to_host_watch.push(&[b], &[]);
                continue;
            }
            let mut out = Vec::new();
            self.corrupt(b, self.to_host, &mut out);
            self.to_host_watch.push(&[b], &out);
            self.pending.extend(out);
        }
    }
    fn now_bits(&self) -> u64 {
        self.inner.now_bits()
    }
    fn describe(&self) -> String {
        format!("{} with injected faults", self.inner.describe())
    }
    fn board_cycles(&self) -> Option<u64> {
        self.inner.board_cycles()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A request the soak's fault injector corrupted (seed 11): its OP byte doubled and a
    /// payload byte dropped, the same length, and the same CRC-16.
    const SENT: [u8; 31] = [
        0xa5, 0x19, 0x2e, 0x02, 0x09, 0xd3, 0x3d, 0x5c, 0xee, 0x7f, 0x0f, 0x2c, 0x5b, 0x0b, 0x60,
        0x2a, 0x4b, 0x05, 0x26, 0xea, 0xb2, 0x94, 0x18, 0xef, 0x29, 0xc7, 0x80, 0xb0, 0x47, 0xde,
        0x79,
    ];

    fn escapes(clean: &[u8], faulted: &[u8]) -> u64 {
        let mut w = EscapeWatch::default();
        w.push(clean, faulted);
        w.escapes
    }

    #[test]
    fn a_corrupted_frame_that_passes_the_crc_is_an_escape() {
        let mut collided = SENT.to_vec();
        collided.insert(4, 0x02);
        collided.remove(20);
        assert_eq!(
            Decoder::new().push(&collided).len(),
            1,
            "the CRC-16 passes it"
        );
        assert_eq!(escapes(&SENT, &collided), 1);
        // Fed byte by byte, as answers come to the host.
        let mut w = EscapeWatch::default();
        for (&c, &f) in SENT.iter().zip(&collided) {
            w.push(&[c], &[f]);
        }
        assert_eq!(w.escapes, 1);
    }

    #[test]
    fn clean_and_rejected_frames_are_not_escapes() {
        assert_eq!(escapes(&SENT, &SENT), 0);
        let mut flipped = SENT.to_vec();
        flipped[10] ^= 0x10;
        assert_eq!(escapes(&SENT, &flipped), 0);
        // The clean frame arriving late (after garbage) is the frame that was sent.
        let late = [&[0xa5, 0x07, 0x31][..], &SENT].concat();
        assert_eq!(escapes(&SENT, &late), 0);
    }
}
