//! The simulated board: a backend plus a software UART on its serial pins.
//!
//! Bytes written by the host are bit-banged onto `uart_rx` (8N1, `divisor` cycles per bit,
//! optionally with a baud error), and `uart_tx` is decoded back into bytes by sampling in
//! the middle of each bit. Both backends get exactly the same pin stimulus.

use crate::backend::Backend;
use anyhow::{Context, Result};
use std::collections::VecDeque;
use std::path::PathBuf;

/// A serial line into a backend, timed in clock cycles.
pub struct SimBoard {
    backend: Box<dyn Backend>,
    divisor: u32,
    /// Host bit length = divisor * (1 + baud_error).
    host_bit: f64,
    cycle: u64,
    // Host -> device serializer.
    out_queue: VecDeque<u8>,
    /// Pin levels of the byte being sent and the cycle each level ends.
    sending: Option<(u16, u64, u32)>,
    // Device -> host deserializer.
    rx_state: RxSoft,
    rx_bytes: VecDeque<u8>,
    /// Framing errors seen on the device's output (must stay 0).
    pub tx_framing_errors: u64,
    /// The waveform window: file, first cycle, cycles; and whether it is being written.
    trace: Option<(PathBuf, u64, u64)>,
    tracing: bool,
}

/// Environment variables that make every simulated board write its waveform (for a failing
/// test bench: run it again with `BOARDGATE_VCD=/tmp/fail.vcd`): the file, the first cycle
/// (default 0) and the number of cycles (default [`DEFAULT_VCD_CYCLES`]).
pub const VCD_ENV: &str = "BOARDGATE_VCD";
pub const VCD_FROM_ENV: &str = "BOARDGATE_VCD_FROM";
pub const VCD_CYCLES_ENV: &str = "BOARDGATE_VCD_CYCLES";
/// Cycles of waveform written unless told otherwise (a few MB for the Othello designs).
pub const DEFAULT_VCD_CYCLES: u64 = 20_000;

#[derive(Clone, Copy, Debug)]
enum RxSoft {
    Idle,
    /// Sampling: the cycle the start bit began, bits so far, count.
    Bits {
        start: u64,
        value: u16,
        n: u32,
    },
}

impl SimBoard {
    pub fn new(backend: Box<dyn Backend>, divisor: u32) -> SimBoard {
        SimBoard {
            backend,
            divisor,
            host_bit: divisor as f64,
            cycle: 0,
            out_queue: VecDeque::new(),
            sending: None,
            rx_state: RxSoft::Idle,
            rx_bytes: VecDeque::new(),
            tx_framing_errors: 0,
            trace: None,
            tracing: false,
        }
    }

    /// Writes the board's waveform (every signal, VCD) to `path` for `cycles` cycles from
    /// cycle `from` (counted from the board's start).
    pub fn trace(&mut self, path: PathBuf, from: u64, cycles: u64) -> Result<()> {
        self.backend.trace_stop()?;
        self.tracing = false;
        self.trace = Some((path, from, cycles));
        self.update_trace()
    }

    /// Starts or stops the waveform at the window's edges.
    fn update_trace(&mut self) -> Result<()> {
        if let Some((path, from, cycles)) = &self.trace {
            if !self.tracing && self.cycle >= *from && self.cycle < from.saturating_add(*cycles) {
                self.backend.trace_start(path)?;
                self.tracing = true;
            } else if self.tracing && self.cycle >= from.saturating_add(*cycles) {
                self.backend.trace_stop()?;
                self.tracing = false;
                self.trace = None;
            }
        }
        Ok(())
    }

    /// The simulated board of a design on the given backend.
    /// With [`VCD_ENV`] set, the board writes its waveform there.
    pub fn open(design: gateware::Design, kind: crate::BackendKind) -> Result<SimBoard> {
        let mut b = SimBoard::new(
            crate::open_backend(design, kind)?,
            gateware::CoreParams::sim().divisor,
        );
        if let Some(path) = std::env::var_os(VCD_ENV) {
            let num = |var: &str, default: u64| -> Result<u64> {
                match std::env::var(var) {
                    Ok(v) => v
                        .parse()
                        .with_context(|| format!("{var}={v} is not a number of cycles")),
                    Err(_) => Ok(default),
                }
            };
            let from = num(VCD_FROM_ENV, 0)?;
            let cycles = num(VCD_CYCLES_ENV, DEFAULT_VCD_CYCLES)?;
            eprintln!(
                "{}: writing the waveform of cycles {from}..{} to {}",
                design.name(),
                from + cycles,
                PathBuf::from(&path).display()
            );
            b.trace(PathBuf::from(path), from, cycles)?;
        }
        Ok(b)
    }

    /// Makes the host's UART run `error` fast (+) or slow (-), e.g. 0.03 for +3%: it sends
    /// at that rate and samples the device's bits at that rate.
    pub fn set_host_baud_error(&mut self, error: f64) {
        self.host_bit = self.divisor as f64 / (1.0 + error);
    }

    pub fn divisor(&self) -> u32 {
        self.divisor
    }
    pub fn cycles(&self) -> u64 {
        self.cycle
    }
    pub fn backend_name(&self) -> &'static str {
        self.backend.name()
    }
    pub fn leds(&self) -> u8 {
        self.backend.leds()
    }
    /// Bytes queued but not yet on the line.
    pub fn pending_out(&self) -> usize {
        self.out_queue.len() + self.sending.is_some() as usize
    }

    /// Queues bytes for the device.
    pub fn write(&mut self, bytes: &[u8]) {
        self.out_queue.extend(bytes.iter().copied());
    }

    /// Drives a raw level sequence (for tests of glitches and framing errors): each entry is a
    /// level held for a number of cycles.
    pub fn drive_raw(&mut self, levels: &[(bool, u64)]) -> Result<()> {
        for &(level, n) in levels {
            self.backend.set_rx(level);
            for _ in 0..n {
                self.tick_device()?;
            }
        }
        self.backend.set_rx(true);
        Ok(())
    }

    /// Bytes received from the device and not yet read.
    pub fn received(&self) -> usize {
        self.rx_bytes.len()
    }

    /// Bytes received from the device so far (drained).
    pub fn read(&mut self) -> Vec<u8> {
        self.rx_bytes.drain(..).collect()
    }

    /// Pops one received byte.
    pub fn read_byte(&mut self) -> Option<u8> {
        self.rx_bytes.pop_front()
    }

    /// Runs `n` cycles.
    pub fn run(&mut self, n: u64) -> Result<()> {
        for _ in 0..n {
            self.tick()?;
        }
        Ok(())
    }

    /// Runs until a byte from the device is available or `max_cycles` pass.
    pub fn run_until_byte(&mut self, max_cycles: u64) -> Result<Option<u8>> {
        let end = self.cycle + max_cycles;
        while self.rx_bytes.is_empty() && self.cycle < end {
            self.tick()?;
        }
        Ok(self.rx_bytes.pop_front())
    }

    /// Runs until both directions have been idle for `quiet` bit times.
    pub fn run_until_quiet(&mut self, quiet_bits: u64, max_cycles: u64) -> Result<bool> {
        let end = self.cycle + max_cycles;
        let quiet = quiet_bits * self.divisor as u64;
        let mut last_activity = self.cycle;
        while self.cycle < end {
            if self.sending.is_some()
                || !self.out_queue.is_empty()
                || !matches!(self.rx_state, RxSoft::Idle)
                || !self.backend.tx()
            {
                last_activity = self.cycle;
            }
            if self.cycle - last_activity >= quiet {
                return Ok(true);
            }
            self.tick()?;
        }
        Ok(false)
    }

    fn tick_device(&mut self) -> Result<()> {
        self.backend.step()?;
        self.cycle += 1;
        self.sample_tx();
        if self.trace.is_some() {
            self.update_trace()?;
        }
        Ok(())
    }

    /// One clock cycle: host serializer, device, host deserializer.
    pub fn tick(&mut self) -> Result<()> {
        if self.sending.is_none() {
            if let Some(b) = self.out_queue.pop_front() {
                // {stop, data, start}: 10 levels, bit 0 first.
                let frame = ((b as u16) << 1) | 0x200;
                self.sending = Some((frame, self.cycle, 0));
            }
        }
        if let Some((frame, start, _)) = self.sending {
            let k = ((self.cycle - start) as f64 / self.host_bit) as u32;
            if k >= 10 {
                self.sending = None;
                self.backend.set_rx(true);
            } else {
                self.backend.set_rx(frame >> k & 1 == 1);
            }
        } else {
            self.backend.set_rx(true);
        }
        self.tick_device()
    }

    fn sample_tx(&mut self) {
        let level = self.backend.tx();
        match self.rx_state {
            RxSoft::Idle => {
                if !level {
                    // Start bit began this cycle: sample each bit in its middle, at the
                    // host's own bit time.
                    self.rx_state = RxSoft::Bits {
                        start: self.cycle,
                        value: 0,
                        n: 0,
                    };
                }
            }
            RxSoft::Bits { start, value, n } => {
                let at = start + ((n as f64 + 0.5) * self.host_bit) as u64;
                if self.cycle == at {
                    let value = value | ((level as u16) << n);
                    if n == 9 {
                        if value & 1 == 0 && value >> 9 == 1 {
                            self.rx_bytes.push_back((value >> 1) as u8);
                        } else {
                            self.tx_framing_errors += 1;
                        }
                        self.rx_state = RxSoft::Idle;
                    } else {
                        self.rx_state = RxSoft::Bits {
                            start,
                            value,
                            n: n + 1,
                        };
                    }
                }
            }
        }
    }
}
