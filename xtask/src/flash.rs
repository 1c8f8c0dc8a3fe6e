//! `cargo xtask flash <design> --board <board> [--dry-run]`: programs the bitstream written by
//! `cargo xtask synth` (iceprog for the Alchitry Cu, openFPGALoader for the ULX3S).

use crate::boards;
use anyhow::{bail, Context, Result};
use board_common::SynthReport;
use gateware::Design;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    design: String,
    #[arg(long)]
    board: String,
    /// Print the command instead of running it.
    #[arg(long)]
    dry_run: bool,
}

pub fn run(a: Args) -> Result<()> {
    let design = Design::from_name(&a.design)?;
    let board = boards::by_name(&a.board)?;
    let dir = boards::build_dir(design.name(), board.name());
    let report_path = dir.join(board_common::report::REPORT_FILE);
    let bitstream = if report_path.exists() {
        let r = SynthReport::read(&report_path)?;
        if !r.passed() {
            bail!(
                "the last synth of {} for {} failed ({}); not flashing",
                design.name(),
                board.name(),
                r.summary_line()
            );
        }
        PathBuf::from(r.bitstream)
    } else if a.dry_run {
        dir.join("<bitstream from cargo xtask synth>")
    } else {
        bail!(
            "no synth report in {}: run `cargo xtask synth {} --board {}` first",
            dir.display(),
            design.name(),
            board.name()
        );
    };
    let cmd = board.flash_command(&bitstream);
    let line = cmd.join(" ");
    if a.dry_run {
        println!("{line}");
        return Ok(());
    }
    let status = std::process::Command::new(&cmd[0])
        .args(&cmd[1..])
        .status()
        .with_context(|| format!("cannot run `{line}` (is {} installed?)", cmd[0]))?;
    if !status.success() {
        bail!("`{line}` failed with {status}");
    }
    Ok(())
}
