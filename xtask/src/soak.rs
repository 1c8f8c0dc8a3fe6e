//! `cargo xtask soak --frames N [--json]`: the host driver against the simulated board
//! (Verilator) over the fault injector, with host restarts (`host::soak`). Prints frames
//! sent, faults injected, retries, corrupted frames that escaped the CRC, wrong answers
//! accepted, unanswered requests and hangs; fails unless the last three are 0 (a wrong answer
//! that a CRC escape explains is counted apart: see `host::soak`).

use anyhow::{bail, Result};
use host::cli::Usage;
use host::soak::{soak, SoakConfig};
use sim::BackendKind;
use std::io::IsTerminal;

#[derive(clap::Args)]
pub struct Args {
    /// Frames the host sends (requests and retries).
    #[arg(long, default_value_t = 100_000)]
    frames: u64,
    /// Probability of each fault kind (flip, drop, duplicate, truncate, garbage with SOF
    /// bytes) per byte on the way to the device. The default corrupts over 10% of the frames.
    #[arg(long, default_value_t = 0.0025)]
    fault: f64,
    /// The same on the way back to the host.
    #[arg(long, default_value_t = 0.0005)]
    fault_to_host: f64,
    /// Probability of a host restart (a new session) before each request.
    #[arg(long, default_value_t = 0.01)]
    restart: f64,
    /// Seed (printed; a random one by default).
    #[arg(long)]
    seed: Option<u64>,
    /// Simulation backend: verilator (default) or rust.
    #[arg(long, default_value = "verilator")]
    sim: String,
    /// One JSON object with the report's fields (see `host::soak::SoakReport`).
    #[arg(long)]
    json: bool,
}

pub fn run(a: Args) -> Result<()> {
    for (name, p) in [("--fault", a.fault), ("--fault-to-host", a.fault_to_host)] {
        if !(0.0..=0.05).contains(&p) {
            return Err(Usage(format!("{name} must be between 0 and 0.05, not {p}")).into());
        }
    }
    if !(0.0..=1.0).contains(&a.restart) {
        return Err(Usage(format!(
            "--restart must be between 0 and 1, not {}",
            a.restart
        ))
        .into());
    }
    let backend = BackendKind::parse(&a.sim).map_err(|e| Usage(format!("--sim: {e}")))?;
    let seed = a.seed.unwrap_or_else(rand::random);
    let cfg = SoakConfig {
        frames: a.frames,
        fault: a.fault,
        fault_to_host: a.fault_to_host,
        restart: a.restart,
        seed,
        backend,
    };
    let tty = std::io::stderr().is_terminal();
    if !a.json {
        eprintln!(
            "soak: {} frames, seed {seed:#x}, backend {}",
            a.frames, a.sim
        );
    }
    let r = soak(cfg, |p| {
        if tty && !a.json {
            eprint!(
                "\r{} / {} frames, {} retries",
                p.frames_sent, a.frames, p.retries
            );
        }
    })?;
    if tty && !a.json {
        eprintln!();
    }
    if a.json {
        println!("{}", serde_json::to_string(&r)?);
    } else {
        let pct = 100.0 * r.frames_faulted as f64 / r.frames_sent.max(1) as f64;
        println!("seed            {:#x} ({})", r.seed, r.backend);
        println!("requests        {}", r.requests);
        println!("frames sent     {}", r.frames_sent);
        println!(
            "frames faulted  {} ({pct:.1}% of the frames to the device)",
            r.frames_faulted
        );
        println!("faults          {} ({:?})", r.faults.total(), r.faults);
        println!("retries         {} ({} timeouts)", r.retries, r.timeouts);
        println!("host restarts   {}", r.restarts);
        println!(
            "crc escapes     {} (corrupted frames that passed the 16-bit CRC; {} wrong answers came of them)",
            r.crc_escapes, r.wrong_after_escape
        );
        println!("wrong answers   {}", r.wrong_answers);
        println!("unanswered      {}", r.unanswered);
        println!("hangs           {}", r.hangs);
        println!("board cycles    {} in {:.1} s", r.board_cycles, r.seconds);
    }
    if r.wrong_answers + r.unanswered + r.hangs > 0 {
        bail!(
            "soak failed: {} wrong answers, {} unanswered requests, {} hangs",
            r.wrong_answers,
            r.unanswered,
            r.hangs
        );
    }
    Ok(())
}
