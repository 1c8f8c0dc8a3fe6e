//! The board interface: what `xtask` asks of every board crate.

use std::path::Path;

use anyhow::{Context, Result};
use gateware::{BoardId, CoreParams, Design};

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
    /// UART baud rate.
    pub baud: u32,
    /// The whole Verilog source: the core (module `boardgate_core` and its submodules) and the
    /// board top (module `top`, ports named as in the constraint file).
    pub top_v: String,
    /// File name of the constraint file in the build directory (e.g. `"alchitry-cu.pcf"`).
    pub constraints_file: &'static str,
    /// Content of the constraint file.
    pub constraints: String,
}

/// What a board contributes to a build: its name, the core clock its PLL makes, its top
/// module around `boardgate_core`, and its pin file.
pub struct BoardSpec<'a> {
    pub board: &'static str,
    pub core_clock_hz: u32,
    /// The board top (module `top`), appended after the renamed core.
    pub top: String,
    pub constraints_file: &'static str,
    pub constraints: &'a str,
    pub constraint_kind: crate::ConstraintKind,
}

impl BoardBuild {
    /// Emits `design` for the board's core clock and `baud`, renames its top to
    /// `boardgate_core`, appends the board top, and checks the core's ports and the pin file
    /// against the result.
    pub fn assemble(spec: BoardSpec<'_>, design: Design, baud: u32) -> Result<BoardBuild> {
        let name = spec.board;
        let params = CoreParams::for_board(spec.core_clock_hz, baud).with_context(|| {
            format!(
                "{name}: baud rate {baud} with the {} MHz core clock",
                spec.core_clock_hz as f64 / 1e6
            )
        })?;
        let core = crate::rename_core_module(&design.verilog(&params));
        crate::verilog::check_core_ports(&core)
            .map_err(anyhow::Error::msg)
            .with_context(|| format!("{name}: core of design {}", design.name()))?;
        let top_v = format!("{core}{}", spec.top);
        crate::check_constraints(&top_v, spec.constraints, spec.constraint_kind)
            .map_err(anyhow::Error::msg)
            .with_context(|| {
                format!(
                    "{name}: {} does not match the board top",
                    spec.constraints_file
                )
            })?;
        Ok(BoardBuild {
            board: name,
            design,
            params,
            target_mhz: f64::from(spec.core_clock_hz) / 1e6,
            baud,
            top_v,
            constraints_file: spec.constraints_file,
            constraints: spec.constraints.to_string(),
        })
    }

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
    /// The board's entry in the design table.
    fn id(&self) -> BoardId;

    /// Board name as used on the command line (e.g. `"alchitry-cu"`, `"ulx3s"`).
    fn name(&self) -> &'static str {
        self.id().name()
    }

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
