//! `cargo xtask`: the project's build tool. One module per command.

mod bench;
mod boards;
mod demo;
mod flash;
mod fuzz;
mod install;
mod reports;
mod soak;
mod synth;
mod test;
mod verilog;

use anyhow::Result;
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "cargo xtask", about = "boardgate build tool")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Write a design's board top (`top.v`) and constraint file.
    Verilog(verilog::Args),
    /// Synthesize, place and route a design for a board (or --all); write report.json.
    Synth(synth::Args),
    /// Program a board with a design's bitstream (iceprog / openFPGALoader).
    Flash(flash::Args),
    /// Install missing tools, run every test, co-simulation and synthesis (the CI command).
    Test(test::Args),
    /// Run the cores on the simulated board and print what they did.
    Demo(demo::Args),
    /// Benchmarks (simulation speed; per-game figures).
    Bench(bench::Args),
    /// The committed synthesis reports (docs/synth/) against the Verilog the tree emits.
    Reports(reports::Args),
    /// Fuzz every parser and decoder of user or line input (stable Rust, seeded).
    Fuzz(fuzz::Args),
    /// The host against the simulated board over a faulty line, with restarts.
    Soak(soak::Args),
}

fn main() {
    let cli = Cli::parse();
    let r: Result<()> = match cli.cmd {
        Cmd::Verilog(a) => verilog::run(a),
        Cmd::Synth(a) => synth::run(a),
        Cmd::Flash(a) => flash::run(a),
        Cmd::Test(a) => test::run(a),
        Cmd::Demo(a) => demo::run(a),
        Cmd::Bench(a) => bench::run(a),
        Cmd::Reports(a) => reports::run(a),
        Cmd::Fuzz(a) => fuzz::run(a),
        Cmd::Soak(a) => soak::run(a),
    };
    if let Err(e) = r {
        eprintln!("error: {e:#}");
        // Bad arguments (`host::cli::Usage`) exit 2, as clap's own errors do.
        let bad_input = e.downcast_ref::<host::cli::Usage>().is_some();
        std::process::exit(if bad_input { 2 } else { 1 });
    }
}
