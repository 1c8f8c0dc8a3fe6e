//! `cargo xtask reports [--check] [--json]`: the committed synthesis reports
//! (`docs/synth/<design>-<board>.json`, one per row × board of the design table) against the
//! Verilog the tree emits now. No synthesis: each board top is emitted and hashed.
//!
//! A report is *current* when it exists, names its design and board, was built at the
//! design's baud rate and core clock, and its `top_v_sha256` is the SHA-256 of the `top.v`
//! the tree emits for that design and board. `--check` fails unless every report is current
//! and passed (fits and meets timing), so no figure quoted from these reports can be stale.
//! `cargo xtask synth --all` (or `synth <design> --board <board> --record`) rewrites them.

use crate::boards;
use anyhow::{bail, Result};
use board_common::report::{committed_path, sha256_hex};
use board_common::SynthReport;
use gateware::Design;
use serde::Serialize;

#[derive(clap::Args)]
pub struct Args {
    /// Fail unless every committed report is current and passed.
    #[arg(long)]
    check: bool,
    /// One JSON object: {"reports": [{design, board, status, problem, report}]}.
    #[arg(long)]
    json: bool,
}

impl Args {
    /// `--check`, text output.
    pub fn check() -> Args {
        Args {
            check: true,
            json: false,
        }
    }
}

/// The state of one committed report.
#[derive(Serialize)]
pub struct Entry {
    pub design: String,
    pub board: String,
    /// `current`, `stale`, `missing`, `failed`, `invalid`, or `unbuilt` (a design that does
    /// not route on the board: `gateware::DesignSpec::built`; nothing to check).
    pub status: &'static str,
    /// What is wrong, empty when current.
    pub problem: String,
    pub report: Option<SynthReport>,
}

/// Every design × board of the design table, checked against the tree.
pub fn entries() -> Result<Vec<Entry>> {
    let mut out = Vec::new();
    for design in Design::ALL {
        for id in design.boards() {
            let board = boards::board(id);
            let path = committed_path(design.name(), id.name());
            let mut e = Entry {
                design: design.name().into(),
                board: id.name().into(),
                status: "current",
                problem: String::new(),
                report: None,
            };
            if !design.built() {
                e.status = "unbuilt";
                e.problem = format!(
                    "not built for {}: it does not route (the design table's row says what was \
                     measured)",
                    id.name()
                );
                out.push(e);
                continue;
            }
            if !path.exists() {
                e.status = "missing";
                e.problem = format!(
                    "no {}: run `cargo xtask synth {} --board {} --record`",
                    path.display(),
                    design.name(),
                    id.name()
                );
                out.push(e);
                continue;
            }
            let r = match SynthReport::read(&path) {
                Ok(r) => r,
                Err(err) => {
                    e.status = "invalid";
                    e.problem = format!("{err:#}");
                    out.push(e);
                    continue;
                }
            };
            let build = board.build(design, design.default_baud())?;
            let hash = sha256_hex(&build.top_v);
            if r.design != design.name() || r.board != id.name() {
                e.status = "invalid";
                e.problem = format!("{} is about {} on {}", path.display(), r.design, r.board);
            } else if r.top_v_sha256 != hash
                || r.baud != build.baud
                || r.target_mhz != build.target_mhz
            {
                e.status = "stale";
                e.problem = format!(
                    "the tree emits another top.v (sha256 {}, {} baud, {} MHz) than the one \
                     synthesized ({}, {} baud, {} MHz): run `cargo xtask synth {} --board {} --record`",
                    &hash[..12],
                    build.baud,
                    build.target_mhz,
                    r.top_v_sha256.get(..12).unwrap_or("none"),
                    r.baud,
                    r.target_mhz,
                    design.name(),
                    id.name()
                );
            } else if !r.passed() {
                e.status = "failed";
                e.problem = r.summary_line();
            }
            e.report = Some(r);
            out.push(e);
        }
    }
    Ok(out)
}

pub fn run(a: Args) -> Result<()> {
    let entries = entries()?;
    if a.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&serde_json::json!({ "reports": entries }))?
        );
    } else {
        for e in &entries {
            match (&e.report, e.status) {
                (Some(r), "current") => println!("current  {}", r.summary_line()),
                _ => println!("{:<8} {} {}: {}", e.status, e.board, e.design, e.problem),
            }
        }
    }
    let bad: Vec<String> = entries
        .iter()
        .filter(|e| !matches!(e.status, "current" | "unbuilt"))
        .map(|e| format!("{} on {} ({})", e.design, e.board, e.status))
        .collect();
    if a.check && !bad.is_empty() {
        bail!(
            "committed synthesis reports out of date: {}",
            bad.join(", ")
        );
    }
    Ok(())
}
