//! Synthesis figures: the [`SynthReport`] a board writes as `report.json`, and readers for what
//! the tools leave behind (nextpnr's `--report` JSON and log, yosys's JSON netlist).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};

/// File name of the report in the build directory.
pub const REPORT_FILE: &str = "report.json";

/// The figures of one synthesis run of one design for one board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SynthReport {
    pub board: String,
    pub design: String,
    /// LUT4s of the synthesized netlist (an ECP5 carry cell counts as the two LUTs it
    /// occupies). Placement adds a few route-through LUTs on top.
    pub luts: u64,
    /// Flip-flops of the synthesized netlist.
    pub ffs: u64,
    /// Block RAMs of the synthesized netlist.
    pub brams: u64,
    /// LUT4 sites of the device (iCE40: logic cells, ECP5: `TRELLIS_COMB`).
    pub luts_available: u64,
    /// Fmax of the core clock after routing (0 when the design did not fit).
    pub fmax_mhz: f64,
    /// Core clock.
    pub target_mhz: f64,
    /// Path of the bitstream (empty when the design did not fit).
    pub bitstream: String,
    /// Every clock reached its constraint (the core clock and the board's helper clocks).
    pub timing_met: bool,
    /// The design was placed and routed within the device's resources.
    pub fits: bool,
    /// Wall time of the tool runs.
    pub seconds: f64,
    /// UART baud rate of the build.
    #[serde(default)]
    pub baud: u32,
    /// SHA-256 of the `top.v` synthesized (hex): ties the figures to the Verilog the tree
    /// emits (`cargo xtask reports --check`).
    #[serde(default)]
    pub top_v_sha256: String,
    /// Version line of each tool of the flow, by step (`yosys`, `nextpnr`, ...).
    #[serde(default)]
    pub tools: BTreeMap<String, String>,
}

/// Directory of the committed reports, relative to the workspace root.
pub const COMMITTED_DIR: &str = "docs/synth";

/// The workspace root (two levels above this crate).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap_or_else(|_| Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
}

/// `docs/synth/<design>-<board>.json`: the committed report of a design on a board, built at
/// the design's default baud rate.
pub fn committed_path(design: &str, board: &str) -> PathBuf {
    workspace_root()
        .join(COMMITTED_DIR)
        .join(format!("{design}-{board}.json"))
}

/// `<target>/boardgate/<design>-<board>/`: where `synth` builds (`$CARGO_TARGET_DIR` or the
/// workspace's `target`).
pub fn build_dir(design: &str, board: &str) -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("target"));
    target.join("boardgate").join(format!("{design}-{board}"))
}

/// SHA-256 of `text`, lowercase hex.
pub fn sha256_hex(text: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

impl SynthReport {
    /// The design fits and meets timing.
    pub fn passed(&self) -> bool {
        self.timing_met && self.fits
    }

    /// One line: board, design, LUTs used/available, FFs, BRAMs, Fmax vs target, PASS/FAIL.
    pub fn summary_line(&self) -> String {
        let pct = if self.luts_available > 0 {
            100.0 * self.luts as f64 / self.luts_available as f64
        } else {
            0.0
        };
        let fmax = if self.fits {
            let margin = if self.target_mhz > 0.0 {
                100.0 * (self.fmax_mhz / self.target_mhz - 1.0)
            } else {
                0.0
            };
            format!(
                "Fmax {:.1} MHz vs {:.1} MHz target ({margin:+.0}%)",
                self.fmax_mhz, self.target_mhz
            )
        } else {
            format!("Fmax - vs {:.1} MHz target", self.target_mhz)
        };
        let verdict = match (self.fits, self.timing_met) {
            (true, true) => "PASS",
            (false, _) => "FAIL (does not fit)",
            (true, false) => "FAIL (timing)",
        };
        format!(
            "{} {}: LUTs {}/{} ({pct:.1}%), FFs {}, BRAMs {}, {fmax}, {verdict} [{:.1} s]",
            self.board,
            self.design,
            self.luts,
            self.luts_available,
            self.ffs,
            self.brams,
            self.seconds
        )
    }

    /// Writes the report as pretty JSON to `dir/report.json`.
    pub fn write(&self, dir: &Path) -> Result<PathBuf> {
        let path = dir.join(REPORT_FILE);
        let json = serde_json::to_string_pretty(self).context("cannot serialize the report")?;
        std::fs::write(&path, json + "\n")
            .with_context(|| format!("cannot write {}", path.display()))?;
        Ok(path)
    }

    /// Writes the report to `path` (the committed copy: no bitstream path, which is local).
    pub fn write_committed(&self, path: &Path) -> Result<()> {
        let mut r = self.clone();
        r.bitstream = String::new();
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
        }
        let json = serde_json::to_string_pretty(&r).context("cannot serialize the report")?;
        std::fs::write(path, json + "\n")
            .with_context(|| format!("cannot write {}", path.display()))
    }

    /// Reads a report written by [`SynthReport::write`].
    pub fn read(path: &Path) -> Result<SynthReport> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        serde_json::from_str(&text).with_context(|| format!("cannot parse {}", path.display()))
    }
}

/// Achieved and requested frequency of one clock in nextpnr's report.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct ClockFmax {
    pub achieved: f64,
    pub constraint: f64,
}

/// Use of one kind of device resource.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Utilization {
    pub used: u64,
    pub available: u64,
}

/// The parts of nextpnr's `--report` JSON used here: `fmax.<clock net>.{achieved,constraint}`
/// and `utilization.<bel type>.{used,available}`.
#[derive(Clone, Debug, Deserialize)]
pub struct NextpnrReport {
    #[serde(default)]
    pub fmax: BTreeMap<String, ClockFmax>,
    pub utilization: BTreeMap<String, Utilization>,
}

impl NextpnrReport {
    pub fn parse(json: &str) -> Result<NextpnrReport> {
        serde_json::from_str(json).context("cannot parse the nextpnr report")
    }

    pub fn read(path: &Path) -> Result<NextpnrReport> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        Self::parse(&text).with_context(|| format!("in {}", path.display()))
    }

    /// The clock named `net`: the entry called exactly that, else the only entry whose name
    /// contains it (nextpnr may add suffixes such as `$glb_clk`).
    pub fn clock(&self, net: &str) -> Result<(&str, &ClockFmax)> {
        if let Some((k, v)) = self.fmax.get_key_value(net) {
            return Ok((k, v));
        }
        let matches: Vec<_> = self.fmax.iter().filter(|(k, _)| k.contains(net)).collect();
        match matches[..] {
            [(k, v)] => Ok((k, v)),
            _ => bail!(
                "the nextpnr report has {} clocks matching `{net}` (clocks: {})",
                matches.len(),
                self.fmax.keys().cloned().collect::<Vec<_>>().join(", ")
            ),
        }
    }

    /// Every clock reached its constraint.
    pub fn timing_met(&self) -> bool {
        self.fmax.values().all(|c| c.achieved >= c.constraint)
    }

    /// No resource is over-used.
    pub fn fits(&self) -> bool {
        fits(&self.utilization)
    }
}

/// No resource is over-used.
pub fn fits(utilization: &BTreeMap<String, Utilization>) -> bool {
    utilization.values().all(|u| u.used <= u.available)
}

/// Reads the "Device utilisation" block nextpnr logs before placing
/// (`Info:          ICESTORM_LC: 12020/ 7680   156%`): the only utilization figures left when
/// placement fails for lack of room.
pub fn utilization_from_log(log: &str) -> BTreeMap<String, Utilization> {
    let mut out = BTreeMap::new();
    let mut in_block = false;
    for line in log.lines() {
        let line = line.trim_start_matches("Info:").trim();
        if line.starts_with("Device utilisation") {
            in_block = true;
            out.clear(); // keep the last block
            continue;
        }
        if !in_block {
            continue;
        }
        let parsed = line.split_once(':').and_then(|(name, rest)| {
            let (used, rest) = rest.split_once('/')?;
            let available = rest.split_whitespace().next()?;
            Some((
                name.trim().to_string(),
                Utilization {
                    used: used.trim().parse().ok()?,
                    available: available.parse().ok()?,
                },
            ))
        });
        match parsed {
            Some((name, u)) => {
                out.insert(name, u);
            }
            None => in_block = false,
        }
    }
    out
}

/// Counts the cells of module `top` of a yosys JSON netlist by cell type, with the cells of
/// the submodules it instantiates (a netlist keeps the modules marked `keep_hierarchy`:
/// `flow::KEPT_MARKER`), each counted once per instance.
pub fn netlist_cell_counts(json: &str, top: &str) -> Result<BTreeMap<String, u64>> {
    let netlist: serde_json::Value =
        serde_json::from_str(json).context("cannot parse the yosys netlist")?;
    let modules = netlist.get("modules").and_then(|m| m.as_object());
    let module = |name: &str| modules.and_then(|m| m.get(name));
    let cells_of = |name: &str| {
        module(name)
            .and_then(|m| m.get("cells"))
            .and_then(|c| c.as_object())
    };
    // A module to descend into: one with cells that is not a library cell's black box (newer
    // yosys writes the primitives it maps to, `LUT4`, `TRELLIS_FF`, ..., as modules marked
    // `blackbox`; their instances are the cells to count).
    let is_box = |name: &str| {
        module(name)
            .and_then(|m| m.get("attributes"))
            .and_then(|a| a.get("blackbox"))
            .and_then(|b| b.as_str())
            .is_some_and(|b| b.contains('1'))
    };
    if cells_of(top).is_none() {
        bail!("the yosys netlist has no module `{top}` with cells");
    }
    let mut counts = BTreeMap::new();
    // Depth first over the instances; a module instantiating itself would be a broken netlist.
    let mut stack = vec![(top.to_string(), 0usize)];
    while let Some((module, depth)) = stack.pop() {
        anyhow::ensure!(
            depth < 64,
            "the yosys netlist's hierarchy is deeper than 64"
        );
        for cell in cells_of(&module).into_iter().flat_map(|c| c.values()) {
            let ty = cell
                .get("type")
                .and_then(|t| t.as_str())
                .unwrap_or("<untyped>");
            if cells_of(ty).is_some() && !is_box(ty) {
                stack.push((ty.to_string(), depth + 1));
            } else {
                *counts.entry(ty.to_string()).or_insert(0) += 1;
            }
        }
    }
    Ok(counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report() -> SynthReport {
        SynthReport {
            board: "alchitry-cu".into(),
            design: "link".into(),
            luts: 1787,
            ffs: 1169,
            brams: 0,
            luts_available: 7680,
            fmax_mhz: 71.07,
            target_mhz: 60.0,
            bitstream: "/tmp/x/top.bin".into(),
            timing_met: true,
            fits: true,
            seconds: 26.2,
            baud: 115_200,
            top_v_sha256: sha256_hex("module top; endmodule\n"),
            tools: [("yosys".to_string(), "Yosys 0.23".to_string())].into(),
        }
    }

    #[test]
    fn sha256_of_a_known_text() {
        // FIPS 180-2, appendix B.1.
        assert_eq!(
            sha256_hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn summary_line_has_the_figures() {
        let line = report().summary_line();
        assert_eq!(
            line,
            "alchitry-cu link: LUTs 1787/7680 (23.3%), FFs 1169, BRAMs 0, \
             Fmax 71.1 MHz vs 60.0 MHz target (+18%), PASS [26.2 s]"
        );
        let slow = SynthReport {
            fmax_mhz: 50.0,
            timing_met: false,
            ..report()
        };
        assert!(slow.summary_line().contains("(-17%), FAIL (timing)"));
        let big = SynthReport {
            fits: false,
            timing_met: false,
            ..report()
        };
        assert!(big.summary_line().contains("FAIL (does not fit)"));
    }

    #[test]
    fn report_round_trips() {
        let dir = std::env::temp_dir().join(format!("board-common-report-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = report().write(&dir).unwrap();
        assert_eq!(SynthReport::read(&path).unwrap(), report());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn nextpnr_report_is_read() {
        let json = r#"{"critical_paths": [], "fmax": {
            "core_clk": {"achieved": 71.07, "constraint": 60},
            "pll_clk": {"achieved": 313.3, "constraint": 60}},
            "utilization": {"ICESTORM_LC": {"available": 7680, "used": 2226},
                            "ICESTORM_PLL": {"available": 2, "used": 1}}}"#;
        let r = NextpnrReport::parse(json).unwrap();
        assert_eq!(r.clock("core_clk").unwrap().1.achieved, 71.07);
        assert_eq!(r.clock("pll").unwrap().0, "pll_clk");
        assert!(r.clock("clk").unwrap_err().to_string().contains("2 clocks"));
        assert!(r.timing_met() && r.fits());
        assert_eq!(r.utilization["ICESTORM_LC"].used, 2226);
    }

    #[test]
    fn utilization_is_read_from_the_log() {
        let log = "Info: Device utilisation:\nInfo: \t         ICESTORM_LC: 12020/ 7680   156%\n\
                   Info: \t        ICESTORM_RAM:     0/   32     0%\n\nInfo: Placed 11 cells\n\
                   Info: NOT_A_BEL: 1/2\n";
        let u = utilization_from_log(log);
        assert_eq!(u.len(), 2);
        assert_eq!(u["ICESTORM_LC"].used, 12020);
        assert_eq!(u["ICESTORM_LC"].available, 7680);
        assert!(!fits(&u));
    }

    #[test]
    fn netlist_cells_are_counted() {
        let json = r#"{"modules": {"top": {"cells": {
            "a": {"type": "SB_LUT4"}, "b": {"type": "SB_LUT4"}, "c": {"type": "SB_DFF"}}}}}"#;
        let c = netlist_cell_counts(json, "top").unwrap();
        assert_eq!(c["SB_LUT4"], 2);
        assert_eq!(c["SB_DFF"], 1);
        assert!(netlist_cell_counts(json, "other").is_err());
    }

    #[test]
    fn kept_submodules_are_counted_per_instance() {
        let json = r#"{"modules": {
            "top": {"cells": {"a": {"type": "LUT4"}, "k1": {"type": "top$kept_x"},
                              "k2": {"type": "top$kept_y"}, "k3": {"type": "top$kept_y"}}},
            "top$kept_x": {"cells": {"f": {"type": "FF"}, "g": {"type": "FF"}}},
            "top$kept_y": {"cells": {"f": {"type": "FF"}, "l": {"type": "LUT4"}}}}}"#;
        let c = netlist_cell_counts(json, "top").unwrap();
        assert_eq!(c["LUT4"], 3);
        assert_eq!(c["FF"], 4);
        assert!(!c.contains_key("top$kept_x"));
    }

    #[test]
    fn library_black_boxes_are_cells_not_modules() {
        // Newer yosys writes the primitives as black-box modules (DP16KD's with cells).
        let json = r#"{"modules": {
            "top": {"cells": {"a": {"type": "LUT4"}, "b": {"type": "LUT4"},
                              "r": {"type": "DP16KD"}, "k": {"type": "top$kept_x"}}},
            "LUT4": {"attributes": {"blackbox": "00000000000000000000000000000001"}, "cells": {}},
            "DP16KD": {"attributes": {"blackbox": "00000000000000000000000000000001"},
                       "cells": {"x": {"type": "$specify2"}}},
            "top$kept_x": {"attributes": {"keep_hierarchy": "00000000000000000000000000000001"},
                           "cells": {"l": {"type": "LUT4"}}}}}"#;
        let c = netlist_cell_counts(json, "top").unwrap();
        assert_eq!(c["LUT4"], 3);
        assert_eq!(c["DP16KD"], 1);
        assert!(!c.contains_key("$specify2"));
    }
}
