//! The synthesis flow every board runs: yosys (netlist) → nextpnr (place and route, with
//! `--timing-allow-fail` and `--report`) → packer (bitstream), then the [`SynthReport`].
//!
//! Boards describe their tools and device in a [`Flow`]; [`run`] does the rest. Pass/fail is
//! decided here from nextpnr's report, not from nextpnr's exit status: a design that misses
//! timing still gets a bitstream and a report with `timing_met: false`, a design that does
//! not fit gets a report with `fits: false` and no bitstream. Only tool failures are errors.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::board::BoardBuild;
use crate::report::{
    fits, netlist_cell_counts, utilization_from_log, NextpnrReport, SynthReport, REPORT_FILE,
};
use crate::tools::ToolRunner;

/// One tool invocation: a log name, the program and its arguments (run in the build dir).
#[derive(Clone, Debug)]
pub struct ToolStep {
    /// Names the log (`<step>.log`) and the step in messages.
    pub step: &'static str,
    pub program: PathBuf,
    pub args: Vec<String>,
}

/// How to count a device family's cells in the yosys netlist.
#[derive(Clone, Debug)]
pub struct CellClasses {
    /// Cell types holding LUTs, with the number of LUT4s each occupies.
    pub luts: &'static [(&'static str, u64)],
    /// Type prefixes of flip-flops.
    pub ffs: &'static [&'static str],
    /// Type prefixes of block RAMs.
    pub brams: &'static [&'static str],
    /// nextpnr utilization entry whose `available` is the device's LUT count.
    pub lut_sites: &'static str,
}

impl CellClasses {
    /// iCE40: `SB_LUT4`, `SB_DFF*`, `SB_RAM40_4K*`; capacity in logic cells.
    pub const ICE40: CellClasses = CellClasses {
        luts: &[("SB_LUT4", 1)],
        ffs: &["SB_DFF"],
        brams: &["SB_RAM40_4K"],
        lut_sites: "ICESTORM_LC",
    };

    /// ECP5: `LUT4`, `CCU2C` (a carry pair, two LUTs), `TRELLIS_DPR16X4` (distributed RAM,
    /// the four LUTs of two slices); `TRELLIS_FF`; `DP16KD`/`PDPW16KD`.
    pub const ECP5: CellClasses = CellClasses {
        luts: &[("LUT4", 1), ("CCU2C", 2), ("TRELLIS_DPR16X4", 4)],
        ffs: &["TRELLIS_FF"],
        brams: &["DP16KD", "PDPW16KD"],
        lut_sites: "TRELLIS_COMB",
    };
}

/// A board's flow: the three tool steps and where their outputs go, all relative to the build
/// directory.
#[derive(Clone, Debug)]
pub struct Flow {
    /// yosys, writing [`Flow::netlist`].
    pub synth: ToolStep,
    /// nextpnr, reading the netlist and writing [`Flow::pnr_report`].
    pub pnr: ToolStep,
    /// The packer, writing [`Flow::bitstream`].
    pub pack: ToolStep,
    pub netlist: &'static str,
    pub pnr_report: &'static str,
    pub bitstream: &'static str,
    pub cells: CellClasses,
    /// Net name of the core clock in nextpnr's report (`fmax` entry).
    pub core_clock: &'static str,
}

/// Runs `flow` for `build` in `dir` and writes `dir/report.json`.
pub fn run(build: &BoardBuild, dir: &Path, flow: &Flow) -> Result<SynthReport> {
    build.write_sources(dir)?;
    let dir = dir
        .canonicalize()
        .with_context(|| format!("cannot resolve {}", dir.display()))?;
    for stale in [flow.netlist, flow.pnr_report, flow.bitstream, REPORT_FILE] {
        let path = dir.join(stale);
        if path.exists() {
            std::fs::remove_file(&path)
                .with_context(|| format!("cannot remove stale {}", path.display()))?;
        }
    }
    let mut runner = ToolRunner::new(
        &dir,
        &format!("board {}, design {}", build.board, build.design.name()),
    )?;

    runner.run(flow.synth.step, &flow.synth.program, &flow.synth.args)?;
    let netlist_path = dir.join(flow.netlist);
    let netlist = std::fs::read_to_string(&netlist_path)
        .with_context(|| format!("cannot read {}", netlist_path.display()))?;
    let counts = netlist_cell_counts(&netlist, "top")
        .with_context(|| format!("in {}", netlist_path.display()))?;
    drop(netlist);
    let count = |f: &dyn Fn(&str) -> u64| -> u64 {
        counts.iter().map(|(ty, n)| n * f(ty)).sum()
    };
    let luts = count(&|ty| {
        flow.cells
            .luts
            .iter()
            .find(|(t, _)| *t == ty)
            .map_or(0, |(_, w)| *w)
    });
    let ffs = count(&|ty| u64::from(flow.cells.ffs.iter().any(|p| ty.starts_with(p))));
    let brams = count(&|ty| u64::from(flow.cells.brams.iter().any(|p| ty.starts_with(p))));

    let mut report = SynthReport {
        board: build.board.to_string(),
        design: build.design.name().to_string(),
        luts,
        ffs,
        brams,
        luts_available: 0,
        fmax_mhz: 0.0,
        target_mhz: build.target_mhz,
        bitstream: String::new(),
        timing_met: false,
        fits: false,
        seconds: 0.0,
    };

    let pnr = runner.run_unchecked(flow.pnr.step, &flow.pnr.program, &flow.pnr.args)?;
    if !pnr.success {
        // Placement fails when the design is too big: that is a result, not a tool failure.
        let log = std::fs::read_to_string(&pnr.log).unwrap_or_default();
        let util = utilization_from_log(&log);
        if util.is_empty() || fits(&util) {
            bail!(
                "{} (`{}`) failed with {}; log {}:\n{}",
                flow.pnr.step,
                flow.pnr.program.display(),
                pnr.status,
                pnr.log.display(),
                pnr.log_tail()
            );
        }
        report.luts_available = util.get(flow.cells.lut_sites).map_or(0, |u| u.available);
        report.seconds = runner.seconds();
        report.write(&dir)?;
        return Ok(report);
    }

    let pnr_report = NextpnrReport::read(&dir.join(flow.pnr_report))?;
    let (_, core) = pnr_report.clock(flow.core_clock)?;
    report.fmax_mhz = core.achieved;
    report.timing_met = pnr_report.timing_met() && core.achieved >= build.target_mhz;
    report.fits = pnr_report.fits();
    report.luts_available = pnr_report
        .utilization
        .get(flow.cells.lut_sites)
        .map(|u| u.available)
        .with_context(|| {
            format!(
                "the nextpnr report has no `{}` utilization",
                flow.cells.lut_sites
            )
        })?;

    runner.run(flow.pack.step, &flow.pack.program, &flow.pack.args)?;
    let bitstream = dir.join(flow.bitstream);
    if !bitstream.is_file() {
        bail!(
            "{} succeeded but wrote no {}",
            flow.pack.step,
            bitstream.display()
        );
    }
    report.bitstream = bitstream.to_string_lossy().into_owned();
    report.seconds = runner.seconds();
    report.write(&dir)?;
    Ok(report)
}
