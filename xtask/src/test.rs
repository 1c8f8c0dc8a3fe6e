//! `cargo xtask test`: the README's test command and what CI runs. Installs missing tools,
//! checks the committed synthesis reports against the Verilog the tree emits (`reports
//! --check`), runs every test of the workspace (unit, simulation, co-simulation, protocol fault
//! injection, lint, docs), then synthesizes the designs whose row of the design table says
//! `ci_synth` on every board they are built for, and fails on any red. The others are covered
//! by the report check (see `docs/synth/README.md` for the budget). The tests run under
//! cargo-nextest when it is installed (see [`run_tests`]).

use crate::{boards, install, synth};
use anyhow::{bail, Context, Result};
use gateware::Design;
use std::process::Command;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Skip synthesis (tests only).
    #[arg(long)]
    no_synth: bool,
    /// Skip installing tools.
    #[arg(long)]
    no_install: bool,
}

/// Runs every test of the workspace in release mode. With cargo-nextest installed (Debian
/// machines here have it in /usr/local/bin), one queue holds every test of every binary and
/// both cores stay busy to the end (settings, the longest tests first, in
/// `.config/nextest.toml`); then the doc tests, which nextest does not run. Without it,
/// `cargo test`, which runs the test binaries one after the other.
fn run_tests(cargo: &str) -> Result<()> {
    let cargo_run = |what: &str, args: &[&str]| -> Result<()> {
        eprintln!("[test] {what}");
        let st = Command::new(cargo)
            .current_dir(boards::root())
            .env("BOARDGATE_YOWASP", install::yowasp_dir())
            .args(args)
            .status()
            .with_context(|| format!("running {what}"))?;
        if !st.success() {
            bail!("tests failed ({what})");
        }
        Ok(())
    };
    let nextest = Command::new(cargo)
        .args(["nextest", "--version"])
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    if nextest {
        cargo_run(
            "cargo nextest run --workspace --release",
            &["nextest", "run", "--workspace", "--release"],
        )?;
        cargo_run(
            "cargo test --doc --workspace --release",
            &["test", "--doc", "--workspace", "--release"],
        )
    } else {
        eprintln!("[test] cargo-nextest not found (`cargo install cargo-nextest` runs the tests on both cores); using cargo test");
        cargo_run(
            "cargo test --workspace --release",
            &["test", "--workspace", "--release"],
        )
    }
}

pub fn run(a: Args) -> Result<()> {
    let t0 = Instant::now();
    if !a.no_install {
        install::ensure()?;
    }
    eprintln!("[test] reports --check");
    crate::reports::run(crate::reports::Args::check())?;
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    run_tests(&cargo)?;
    let t_tests = t0.elapsed().as_secs_f64();
    let mut failed = Vec::new();
    let mut lines = Vec::new();
    if !a.no_synth {
        std::env::set_var("BOARDGATE_YOWASP", install::yowasp_dir());
        for design in Design::ALL.into_iter().filter(|d| d.synth_in_test()) {
            for board in design.boards() {
                let r = synth::synth_one(design, board.name(), design.default_baud())?;
                println!("{}", r.summary_line());
                if !r.passed() {
                    failed.push(format!("{} on {}", r.design, r.board));
                }
                lines.push(r);
            }
        }
    }
    println!(
        "[test] tests {:.0} s, synthesis {:.0} s, total {:.0} s",
        t_tests,
        t0.elapsed().as_secs_f64() - t_tests,
        t0.elapsed().as_secs_f64()
    );
    if !failed.is_empty() {
        bail!(
            "synthesis failed (no fit or timing missed): {}",
            failed.join(", ")
        );
    }
    Ok(())
}
