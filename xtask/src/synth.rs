//! `cargo xtask synth <design> --board <board> [--baud N] [--record]` and
//! `cargo xtask synth --all`: yosys, nextpnr and the packer to a bitstream in
//! `target/boardgate/<design>-<board>/` (with `report.json`); prints one line per build and
//! fails if a design does not fit or misses its target clock.
//!
//! `--all` builds every design on every board of the design table and rewrites the committed
//! reports (`docs/synth/<design>-<board>.json`, checked by `cargo xtask reports --check`);
//! `--record` does the same for one build.

use crate::boards;
use anyhow::{bail, Result};
use board_common::report::committed_path;
use board_common::SynthReport;
use gateware::Design;

#[derive(clap::Args)]
pub struct Args {
    /// Design name (see `cargo xtask reports`); omit with --all.
    #[arg(required_unless_present = "all", conflicts_with = "all")]
    design: Option<String>,
    /// Board: alchitry-cu or ulx3s.
    #[arg(long, required_unless_present = "all", conflicts_with = "all")]
    board: Option<String>,
    /// UART baud rate of the build (default: the design's, from the design table).
    #[arg(long, conflicts_with = "all")]
    baud: Option<u32>,
    /// Write the report to docs/synth/ as well (only at the design's default baud).
    #[arg(long)]
    record: bool,
    /// Every design on every board it is built for; rewrites docs/synth/.
    #[arg(long)]
    all: bool,
}

/// Synthesizes one design for one board; returns the report (pass or fail).
pub fn synth_one(design: Design, board: &str, baud: u32) -> Result<SynthReport> {
    let board = boards::by_name(board)?;
    // Names the boards the design is built for when `board` is not one of them.
    design.core_clock_hz(board.id())?;
    let build = board.build(design, baud)?;
    let dir = boards::build_dir(design.name(), board.name());
    eprintln!(
        "synth {} for {} in {} ...",
        design.name(),
        board.name(),
        dir.display()
    );
    board.synth(&build, &dir)
}

fn verdict(r: &SynthReport) -> &'static str {
    if !r.fits {
        "does not fit"
    } else {
        "misses its target clock"
    }
}

fn record(design: Design, r: &SynthReport) -> Result<()> {
    if r.baud != design.default_baud() {
        bail!(
            "--record: the committed reports are built at the design's baud rate ({}), not {}",
            design.default_baud(),
            r.baud
        );
    }
    let path = committed_path(&r.design, &r.board);
    r.write_committed(&path)?;
    eprintln!("recorded {}", path.display());
    Ok(())
}

pub fn run(a: Args) -> Result<()> {
    let mut jobs = Vec::new();
    if a.all {
        // A design that does not route is tried by name only (`DesignSpec::built`).
        for design in Design::ALL.into_iter().filter(|d| d.built()) {
            for board in design.boards() {
                jobs.push((design, board.name().to_string(), design.default_baud()));
            }
        }
    } else if let (Some(d), Some(b)) = (&a.design, &a.board) {
        let design = Design::from_name(d)?;
        jobs.push((design, b.clone(), a.baud.unwrap_or(design.default_baud())));
    }
    let mut failed = Vec::new();
    for (design, board, baud) in jobs {
        let r = synth_one(design, &board, baud)?;
        println!("{}", r.summary_line());
        if a.all || a.record {
            record(design, &r)?;
        }
        if !r.passed() {
            failed.push(format!("{} on {}: {}", r.design, r.board, verdict(&r)));
        }
    }
    if !failed.is_empty() {
        bail!("{}", failed.join("; "));
    }
    Ok(())
}
