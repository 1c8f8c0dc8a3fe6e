//! The simulation backends behind one trait.

use anyhow::{bail, Context, Result};
use gateware::{BoardCore, CoreKind, CoreParams, Design};
use rust_hdl::core::vcd_probe::VCDProbe;
use rust_hdl::prelude::*;
use std::io::BufWriter;
use std::path::Path;

/// One simulated board: the design's pins, advanced one clock cycle at a time.
pub trait Backend {
    /// Drives the `uart_rx` pin (the line into the FPGA).
    fn set_rx(&mut self, level: bool);
    /// One rising and one falling clock edge.
    fn step(&mut self) -> Result<()>;
    /// The `uart_tx` pin.
    fn tx(&self) -> bool;
    /// The `leds` pins.
    fn leds(&self) -> u8;
    /// Backend name (`rust` or `verilator`).
    fn name(&self) -> &'static str;
    /// Writes the waveform of every signal (VCD) to `path` from now on, one clock cycle per
    /// 10 ns: cycle t's rising edge at 10 t + 5 ns (t counted from the backend's start).
    fn trace_start(&mut self, path: &Path) -> Result<()>;
    /// Stops the waveform and closes its file.
    fn trace_stop(&mut self) -> Result<()>;
}

/// Which backend to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackendKind {
    Rust,
    Verilator,
}

impl BackendKind {
    pub fn parse(s: &str) -> Result<BackendKind> {
        match s {
            "rust" => Ok(BackendKind::Rust),
            "verilator" => Ok(BackendKind::Verilator),
            _ => bail!("unknown simulation backend '{s}' (expected 'rust' or 'verilator')"),
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            BackendKind::Rust => "rust",
            BackendKind::Verilator => "verilator",
        }
    }
    /// Verilator when this build has it, else rust.
    pub fn default_available() -> BackendKind {
        if crate::verilator::AVAILABLE {
            BackendKind::Verilator
        } else {
            BackendKind::Rust
        }
    }
}

/// Opens a backend for a design built with the simulated board's parameters
/// ([`CoreParams::sim`]; the Verilator models are built with the same).
pub fn open_backend(design: Design, kind: BackendKind) -> Result<Box<dyn Backend>> {
    match kind {
        BackendKind::Rust => {
            let p = CoreParams::sim();
            Ok(match design.core() {
                CoreKind::Link => Box::new(RustSim::<gateware::link::LinkCore>::new(&p)?),
                CoreKind::Othello {
                    fastest_first,
                    cores,
                } => Box::new(RustSim::from_core(
                    gateware::othello::OthelloCore::with_cores(
                        &p,
                        design.name(),
                        fastest_first,
                        cores,
                    ),
                )?),
                CoreKind::Chess { cores } => Box::new(RustSim::from_core(
                    gateware::chess::ChessCore::with_cores(&p, design.name(), cores),
                )?),
                CoreKind::Shogi { cores, mate } => Box::new(RustSim::from_core(
                    gateware::shogi::ShogiCore::with_cores(&p, design.name(), cores, mate),
                )?),
                CoreKind::ShogiCover { one_scanner: false } => Box::new(RustSim::from_core(
                    gateware::shogi::ShogiCoverCore::named(&p, design.name()),
                )?),
                CoreKind::ShogiCover { one_scanner: true } => Box::new(RustSim::from_core(
                    gateware::shogi::ShogiCoverCoreOneScanner::named(&p, design.name()),
                )?),
                CoreKind::Connect6 => Box::new(RustSim::from_core(
                    gateware::connect6::Connect6Core::named(&p, design.name()),
                )?),
                CoreKind::Connect6Threat => Box::new(RustSim::from_core(
                    gateware::connect6::Connect6ThreatCore::named(&p, design.name()),
                )?),
            })
        }
        BackendKind::Verilator => crate::verilator::VerilatorSim::open(design),
    }
}

/// rust-hdl's own simulation of a board core, driven by a direct clock loop (the `Simulation`
/// framework's threads and channels are ~100x slower).
pub struct RustSim<C: BoardCore> {
    uut: C,
    /// Cycles stepped.
    t: u64,
    vcd: Option<VCDProbe<BufWriter<std::fs::File>>>,
}

/// rust-hdl's VCD writer counts picoseconds; cycles are 10 ns as in the Verilator backend.
const PS_PER_NS: u64 = 1000;

/// Settle passes allowed per clock edge before the design is declared non-convergent.
const MAX_SETTLE: usize = 100;

impl<C: BoardCore> RustSim<C> {
    pub fn new(p: &CoreParams) -> Result<Self> {
        Self::from_core(C::build(p))
    }

    /// Simulates an already built core.
    pub fn from_core(mut uut: C) -> Result<Self> {
        uut.connect_all();
        if let Err(e) = check_all(&uut) {
            bail!("design {} fails rust-hdl's checks: {e:?}", C::NAME);
        }
        uut.uart_rx_pin().next = true;
        let mut s = RustSim {
            uut,
            t: 0,
            vcd: None,
        };
        s.settle()?;
        Ok(s)
    }

    fn settle(&mut self) -> Result<()> {
        if !simulate(&mut self.uut, MAX_SETTLE) {
            bail!(
                "design {} did not settle within {MAX_SETTLE} passes",
                C::NAME
            );
        }
        Ok(())
    }

    pub fn core(&self) -> &C {
        &self.uut
    }

    fn dump(&mut self, time: u64) -> Result<()> {
        if let Some(mut vcd) = self.vcd.take() {
            vcd.timestamp(PS_PER_NS * time)
                .context("writing the waveform")?;
            self.vcd = Some(write_vcd_change(vcd, &self.uut));
        }
        Ok(())
    }
}

impl<C: BoardCore> Backend for RustSim<C> {
    fn set_rx(&mut self, level: bool) {
        self.uut.uart_rx_pin().next = level;
    }
    fn step(&mut self) -> Result<()> {
        self.uut.clock_pin().next = Clock::from(true);
        self.settle()?;
        self.dump(10 * self.t + 5)?;
        self.uut.clock_pin().next = Clock::from(false);
        self.settle()?;
        self.dump(10 * self.t + 10)?;
        self.t += 1;
        Ok(())
    }
    fn tx(&self) -> bool {
        self.uut.uart_tx_pin()
    }
    fn leds(&self) -> u8 {
        self.uut.leds_pin()
    }
    fn name(&self) -> &'static str {
        "rust"
    }
    fn trace_start(&mut self, path: &Path) -> Result<()> {
        self.trace_stop()?;
        let f = std::fs::File::create(path)
            .with_context(|| format!("cannot write the waveform {}", path.display()))?;
        let mut vcd = write_vcd_header(BufWriter::new(f), &self.uut);
        vcd.timestamp(PS_PER_NS * 10 * self.t)
            .context("writing the waveform")?;
        self.vcd = Some(write_vcd_dump(vcd, &self.uut));
        Ok(())
    }
    fn trace_stop(&mut self) -> Result<()> {
        // Dropping the writer flushes the file.
        self.vcd = None;
        Ok(())
    }
}
