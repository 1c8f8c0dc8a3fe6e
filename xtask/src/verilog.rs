//! `cargo xtask verilog <design> --board <board> [--out DIR] [--baud N]`

use crate::boards;
use anyhow::Result;
use gateware::Design;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Design name (e.g. `link`).
    design: String,
    /// Board: alchitry-cu or ulx3s.
    #[arg(long)]
    board: String,
    /// Output directory (default target/boardgate/<design>-<board>).
    #[arg(long)]
    out: Option<PathBuf>,
    /// UART baud rate of the build (default: the design's, `Design::default_baud`).
    #[arg(long)]
    baud: Option<u32>,
}

pub fn run(a: Args) -> Result<()> {
    let design = Design::from_name(&a.design)?;
    let board = boards::by_name(&a.board)?;
    let baud = a.baud.unwrap_or(design.default_baud());
    let build = board.build(design, baud)?;
    let dir = a
        .out
        .unwrap_or_else(|| boards::build_dir(design.name(), board.name()));
    build.write_sources(&dir)?;
    println!(
        "wrote {} and {} ({} on {}, core clock {:.3} MHz, {} baud)",
        dir.join("top.v").display(),
        dir.join(build.constraints_file).display(),
        design.name(),
        board.name(),
        build.target_mhz,
        baud
    );
    Ok(())
}
