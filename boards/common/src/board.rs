//! The board interface: what `xtask` asks of every board crate.

use std::path::Path;

use anyhow::{Context, Result};
use gateware::{CoreParams, Design};

use crate::report::SynthReport;

/// Everything needed to synthesize one design for one board: the board top (core included)
/// and the pin constraints. Produced by [`Board::build`], consumed by [`Board::synth`].
#[derive(Clone, Debug)]
pub struct BoardBuild {
    /// Board name (e.g. `"alchitry-cu"`).
    pub board: &'static str,
    /// The design the core implements.
    pub design: Design,
    /// The core's parameters (core clock, UART divisor).
    pub params: CoreParams,
    /// Core clock in MHz: the timing target.
    pub target_mhz: f64,
    /// The whole Verilog source: the core (module `boardgate_core` and its submodules) and the
    /// board top (module `top`, ports named as in the constraint file).
    pub top_v: String,
    /// File name of the constraint file in the build directory (e.g. `"alchitry-cu.pcf"`).
    pub constraints_file: &'static str,
    /// Content of the constraint file.
    pub constraints: String,
}

impl BoardBuild {
    /// Writes `top.v` and the constraint file into `dir` (created if needed).
    pub fn write_sources(&self, dir: &Path) -> Result<()> {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create build directory {}", dir.display()))?;
        for (name, text) in [
            ("top.v", self.top_v.as_str()),
            (self.constraints_file, self.constraints.as_str()),
        ] {
            let path = dir.join(name);
            std::fs::write(&path, text)
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        Ok(())
    }
}

/// A board: turns a design into a board top and a board top into a bitstream.
pub trait Board {
    /// Board name as used on the command line (e.g. `"alchitry-cu"`, `"ulx3s"`).
    fn name(&self) -> &'static str;

    /// Emits the design's core for this board's core clock and `baud`, and wraps it in the
    /// board top. Fails when the baud rate cannot be derived from the core clock, or when the
    /// board top and the constraint file disagree.
    fn build(&self, design: Design, baud: u32) -> Result<BoardBuild>;

    /// Runs synthesis, place and route and bitstream packing in `dir` (which then holds
    /// `top.v`, the constraint file, `commands.sh`, the tool logs, the bitstream and
    /// `report.json`). Returns the report even when timing is missed or the design does not
    /// fit (see [`SynthReport::timing_met`], [`SynthReport::fits`]); fails only when a tool is
    /// missing or fails.
    fn synth(&self, build: &BoardBuild, dir: &Path) -> Result<SynthReport>;

    /// The command line that programs `bitstream` into the board (not run here).
    fn flash_command(&self, bitstream: &Path) -> Vec<String>;
}
