//! `cargo xtask synth <design> --board <board> [--baud N]`: yosys, nextpnr and the packer to a
//! bitstream; writes `target/boardgate/<design>-<board>/report.json`, prints one line, and
//! fails if the design does not fit or misses its target clock.

use crate::boards;
use anyhow::{bail, Result};
use board_common::SynthReport;
use gateware::Design;

#[derive(clap::Args)]
pub struct Args {
    design: String,
    #[arg(long)]
    board: String,
    /// UART baud rate of the build (default: the design's, `Design::default_baud`).
    #[arg(long)]
    baud: Option<u32>,
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

pub fn run(a: Args) -> Result<()> {
    let design = Design::from_name(&a.design)?;
    let r = synth_one(design, &a.board, a.baud.unwrap_or(design.default_baud()))?;
    println!("{}", r.summary_line());
    if !r.passed() {
        bail!(
            "{} on {}: {}",
            r.design,
            r.board,
            if !r.fits {
                "does not fit"
            } else {
                "misses its target clock"
            }
        );
    }
    Ok(())
}
