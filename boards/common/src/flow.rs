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
use gateware::Design;

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

/// What a board's flow sets in the standard yosys → nextpnr → packer flow (both boards use it;
/// every file name is relative to the build directory).
#[derive(Clone, Debug)]
pub struct BoardFlow {
    /// Board name: a build for another board is refused.
    pub board: &'static str,
    /// The yosys synthesis command (`synth_ice40`, `synth_ecp5`).
    pub synth_command: &'static str,
    /// The synthesis command's option for a design's `narrow_luts` (none where the
    /// architecture has no wide LUTs).
    pub narrow_luts_option: Option<&'static str>,
    /// nextpnr's device arguments (`--hx8k --package cb132`, ...).
    pub device: &'static [&'static str],
    /// nextpnr's constraint file option (`--pcf`, `--lpf`).
    pub constraints_option: &'static str,
    /// nextpnr's output: option and file (`--asc top.asc`, `--textcfg top.config`).
    pub routed: (&'static str, &'static str),
    /// The packer: log name and arguments.
    pub pack_step: &'static str,
    pub pack_args: &'static [&'static str],
    /// The bitstream the packer writes.
    pub bitstream: &'static str,
    pub cells: CellClasses,
}

/// The marker of a block instance that stays its own module through synthesis: rust-hdl
/// names a block's module by its instance path (`top$unit$0$kept_board`), and the flow marks
/// the modules whose last path part starts `kept_` `keep_hierarchy`, so that yosys does not merge
/// its registers with equal ones elsewhere (a copy of a register placed near its readers:
/// `gateware::shogi::BoardCopy`).
pub const KEPT_MARKER: &str = "$kept_";

/// The yosys script of `design` on `board` for the Verilog `top_v`: read the top, keep the
/// kept modules (when there are), synthesize (narrow where the design asks and the board has
/// the option), write the netlist.
pub fn synth_script(board: &BoardFlow, design: Design, top_v: &str) -> String {
    let keep = if top_v.contains(KEPT_MARKER) {
        // The kept modules, not the modules of the blocks inside them (a register's hold
        // multiplexer must stay with its flip-flop to become a clock enable).
        format!(" setattr -mod -set keep_hierarchy 1 *{KEPT_MARKER}* *{KEPT_MARKER}*$* %d;")
    } else {
        String::new()
    };
    let options = match board.narrow_luts_option {
        Some(option) if design.spec().narrow_luts => format!(" {option}"),
        _ => String::new(),
    };
    format!(
        "read_verilog top.v;{keep} {} -top top{options} -json top.json",
        board.synth_command
    )
}

/// Runs the standard flow of `board` with its tools (yosys, nextpnr, packer) on `build`.
pub fn run_board(
    board: &BoardFlow,
    [yosys, nextpnr, packer]: [PathBuf; 3],
    build: &BoardBuild,
    dir: &Path,
) -> Result<SynthReport> {
    anyhow::ensure!(
        build.board == board.board,
        "a build for board {} cannot be synthesized for {}",
        build.board,
        board.board
    );
    let strings = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let freq = build.target_mhz.to_string();
    let mut pnr_args = strings(board.device);
    pnr_args.extend(strings(&[
        "--json",
        "top.json",
        board.constraints_option,
        build.constraints_file,
        board.routed.0,
        board.routed.1,
        "--freq",
        &freq,
        "--timing-allow-fail",
        "--report",
        "report-nextpnr.json",
    ]));
    if build.design.spec().router2 {
        pnr_args.extend(strings(&["--router", "router2"]));
    }
    if build.design.spec().static_placer {
        pnr_args.extend(strings(&["--placer", "static"]));
    }
    if let Some(seed) = build.design.spec().pnr_seed {
        pnr_args.extend(["--seed".to_string(), seed.to_string()]);
    }
    let flow = Flow {
        synth: ToolStep {
            step: "yosys",
            program: yosys,
            args: vec![
                "-q".into(),
                "-p".into(),
                synth_script(board, build.design, &build.top_v),
            ],
        },
        pnr: ToolStep {
            step: "nextpnr",
            program: nextpnr,
            args: pnr_args,
        },
        pack: ToolStep {
            step: board.pack_step,
            program: packer,
            args: strings(board.pack_args),
        },
        netlist: "top.json",
        pnr_report: "report-nextpnr.json",
        bitstream: board.bitstream,
        cells: board.cells.clone(),
        core_clock: "core_clk",
    };
    run(build, dir, &flow).with_context(|| {
        format!(
            "{}: synthesis of {} in {}",
            board.board,
            build.design.name(),
            dir.display()
        )
    })
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
    let count = |f: &dyn Fn(&str) -> u64| -> u64 { counts.iter().map(|(ty, n)| n * f(ty)).sum() };
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
        baud: build.baud,
        top_v_sha256: crate::report::sha256_hex(&build.top_v),
        tools: [&flow.synth, &flow.pnr, &flow.pack]
            .into_iter()
            .map(|s| (s.step.to_string(), crate::tools::version_line(&s.program)))
            .collect(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use gateware::CoreParams;

    const NETLIST: &str = r#"{"modules": {"top": {"cells": {
        "a": {"type": "SB_LUT4"}, "b": {"type": "SB_LUT4"}, "c": {"type": "SB_DFFE"},
        "d": {"type": "SB_RAM40_4K"}, "e": {"type": "SB_CARRY"}}}}}"#;

    fn pnr_report(core: f64, helper: f64) -> String {
        format!(
            r#"{{"fmax": {{"core_clk$glb_clk": {{"achieved": {core}, "constraint": 60}},
                "pll_clk": {{"achieved": {helper}, "constraint": 60}}}},
              "utilization": {{"ICESTORM_LC": {{"available": 7680, "used": 3}}}}}}"#
        )
    }

    /// A flow whose tools are shell scripts (`sh -c <script>`).
    fn fake_flow(yosys: &str, nextpnr: &str) -> Flow {
        let sh = crate::tools::find_tool("sh", &[]).expect("sh on PATH");
        let step = |step, script: &str| ToolStep {
            step,
            program: sh.clone(),
            args: vec!["-c".into(), script.into()],
        };
        Flow {
            synth: step("yosys", yosys),
            pnr: step("nextpnr", nextpnr),
            pack: step("icepack", "echo bits > top.bin"),
            netlist: "top.json",
            pnr_report: "report-nextpnr.json",
            bitstream: "top.bin",
            cells: CellClasses::ICE40,
            core_clock: "core_clk",
        }
    }

    fn good_yosys() -> String {
        format!("cat > top.json <<'EOF'\n{NETLIST}\nEOF")
    }

    fn nextpnr_writing(report: &str) -> String {
        format!("cat > report-nextpnr.json <<'EOF'\n{report}\nEOF")
    }

    fn build() -> BoardBuild {
        BoardBuild {
            board: "test-board",
            design: Design::Link,
            params: CoreParams::sim(),
            target_mhz: 60.0,
            baud: 115_200,
            top_v: "module top(input clk); endmodule\n".into(),
            constraints_file: "test.pcf",
            constraints: "set_io clk A1\n".into(),
        }
    }

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("board-common-flow-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn synthesis_script_keeps_kept_modules_and_narrows_luts() {
        let flow = |narrow_luts_option| BoardFlow {
            board: "test-board",
            synth_command: "synth_test",
            narrow_luts_option,
            device: &[],
            constraints_option: "--pcf",
            routed: ("--asc", "top.asc"),
            pack_step: "pack",
            pack_args: &[],
            bitstream: "top.bin",
            cells: CellClasses::ICE40,
        };
        let wide = flow(Some("-narrow"));
        let narrow = Design::ALL.iter().find(|d| d.spec().narrow_luts).copied();
        let narrow = narrow.expect("a design synthesized narrow");
        let top = "module top(); endmodule";
        assert_eq!(
            synth_script(&wide, narrow, top),
            "read_verilog top.v; synth_test -top top -narrow -json top.json"
        );
        assert!(!synth_script(&wide, Design::Link, top).contains("-narrow"));
        assert!(!synth_script(&flow(None), narrow, top).contains("-narrow"));
        // A top with kept instances keeps their modules, before synthesis.
        let kept = "module top$unit$kept_board(); endmodule";
        assert_eq!(
            synth_script(&flow(None), Design::Link, kept),
            "read_verilog top.v; setattr -mod -set keep_hierarchy 1 *$kept_* *$kept_*$* %d; \
             synth_test -top top -json top.json"
        );
    }

    #[test]
    fn passing_run() {
        let dir = scratch("pass");
        let flow = fake_flow(&good_yosys(), &nextpnr_writing(&pnr_report(70.0, 300.0)));
        let r = run(&build(), &dir, &flow).unwrap();
        assert!(r.passed(), "{r:?}");
        assert_eq!((r.luts, r.ffs, r.brams, r.luts_available), (2, 1, 1, 7680));
        assert_eq!((r.fmax_mhz, r.target_mhz), (70.0, 60.0));
        assert_eq!(
            (r.board.as_str(), r.design.as_str()),
            ("test-board", "link")
        );
        assert!(Path::new(&r.bitstream).is_file());
        assert_eq!(SynthReport::read(&dir.join(REPORT_FILE)).unwrap(), r);
        for f in [
            "top.v",
            "test.pcf",
            "commands.sh",
            "yosys.log",
            "nextpnr.log",
            "icepack.log",
        ] {
            assert!(dir.join(f).is_file(), "{f}");
        }
        let script = std::fs::read_to_string(dir.join("commands.sh")).unwrap();
        assert!(script.contains("> yosys.log 2>&1") && script.contains("> icepack.log 2>&1"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn missed_timing_is_a_report() {
        let dir = scratch("slow");
        let flow = fake_flow(&good_yosys(), &nextpnr_writing(&pnr_report(50.0, 300.0)));
        let r = run(&build(), &dir, &flow).unwrap();
        assert!(!r.timing_met && r.fits && !r.passed());
        assert_eq!(r.fmax_mhz, 50.0);
        assert!(Path::new(&r.bitstream).is_file());
        // A helper clock that misses its constraint fails timing too.
        let flow = fake_flow(&good_yosys(), &nextpnr_writing(&pnr_report(70.0, 40.0)));
        let r = run(&build(), &dir, &flow).unwrap();
        assert!(!r.timing_met);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn too_big_is_a_report() {
        let dir = scratch("big");
        let nextpnr = "echo 'Info: Device utilisation:'; \
            printf 'Info: \\t ICESTORM_LC: 9000/ 7680   117%%\\n'; \
            echo 'ERROR: Unable to place cell x'; exit 255";
        let r = run(&build(), &dir, &fake_flow(&good_yosys(), nextpnr)).unwrap();
        assert!(!r.fits && !r.timing_met);
        assert_eq!((r.luts, r.luts_available), (2, 7680));
        assert!(r.bitstream.is_empty());
        assert!(!dir.join("top.bin").exists());
        let script = std::fs::read_to_string(dir.join("commands.sh")).unwrap();
        assert!(!script.contains("icepack.log"));
        assert!(dir.join(REPORT_FILE).is_file());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn tool_failures_are_errors() {
        let dir = scratch("fail");
        let nextpnr = "echo 'ERROR: no such package'; exit 1";
        let e = format!(
            "{:#}",
            run(&build(), &dir, &fake_flow(&good_yosys(), nextpnr)).unwrap_err()
        );
        assert!(
            e.contains("nextpnr") && e.contains("ERROR: no such package"),
            "{e}"
        );
        let e = format!(
            "{:#}",
            run(
                &build(),
                &dir,
                &fake_flow("echo syntax error; exit 1", "true")
            )
            .unwrap_err()
        );
        assert!(e.contains("yosys") && e.contains("syntax error"), "{e}");
        assert!(!dir.join(REPORT_FILE).exists());
        // nextpnr without the core clock in its report.
        let report = pnr_report(70.0, 300.0).replace("core_clk", "other_clk");
        let e = format!(
            "{:#}",
            run(
                &build(),
                &dir,
                &fake_flow(&good_yosys(), &nextpnr_writing(&report))
            )
            .unwrap_err()
        );
        assert!(e.contains("0 clocks matching `core_clk`"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
