//! `cargo xtask fuzz [--seconds N] [--seed S] [--json]`: the stable-Rust fuzz harness
//! (`host::fuzz`) over every parser and decoder of user or line input, for as long as asked.
//! A panicking input is saved in `host/tests/fuzz-regressions/`, which the tests replay.

use anyhow::{bail, Result};
use host::fuzz::{fuzz, Budget};
use std::path::Path;

#[derive(clap::Args)]
pub struct Args {
    /// Wall-clock seconds, split evenly over the targets.
    #[arg(long, default_value_t = 60.0)]
    seconds: f64,
    /// Seed (printed; a random one by default).
    #[arg(long)]
    seed: Option<u64>,
    /// One JSON object: {seed, seconds, inputs: [[target, n]], crashes: [{target, file, message}]}.
    #[arg(long)]
    json: bool,
}

pub fn run(a: Args) -> Result<()> {
    if !(a.seconds > 0.0 && a.seconds.is_finite()) {
        let why = format!("--seconds must be a positive number, not {}", a.seconds);
        return Err(host::cli::Usage(why).into());
    }
    let seed = a.seed.unwrap_or_else(rand::random);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../host/tests/fuzz-regressions");
    if !a.json {
        eprintln!(
            "fuzzing every target for {} s in all, seed {seed:#x}",
            a.seconds
        );
    }
    let r = fuzz(Budget::Seconds(a.seconds), seed, &dir)?;
    if a.json {
        println!("{}", serde_json::to_string(&r)?);
    } else {
        for (t, n) in &r.inputs {
            println!("{t:>14}: {n} inputs");
        }
        for c in &r.crashes {
            println!(
                "PANIC in {}: {} (saved as {})",
                c.target,
                c.message,
                c.file.display()
            );
        }
        println!(
            "{} panics in {:.1} s (seed {seed:#x})",
            r.crashes.len(),
            r.seconds
        );
    }
    if !r.crashes.is_empty() {
        bail!(
            "{} inputs panicked; they are saved as regression cases",
            r.crashes.len()
        );
    }
    Ok(())
}
