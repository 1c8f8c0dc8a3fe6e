//! `cargo xtask bench [link]`: simulation speed of each backend on the link design (cycles per
//! second of the whole board, UART included), and the latest synth figures per board.

use crate::boards;
use anyhow::Result;
use board_common::SynthReport;
use gateware::Design;
use host::{Link, SimTransport};
use sim::{BackendKind, SimBoard};
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// What to benchmark: `link` (default).
    #[arg(default_value = "link")]
    target: String,
    /// Print JSON lines instead of a table.
    #[arg(long)]
    json: bool,
}

pub fn run(a: Args) -> Result<()> {
    let design = Design::from_name(&a.target)?;
    let mut kinds = vec![BackendKind::Rust];
    if sim::verilator::AVAILABLE {
        kinds.push(BackendKind::Verilator);
    }
    if !a.json {
        println!(
            "{:<10} {:>12} {:>10} {:>14}",
            "backend", "cycles", "seconds", "cycles/s"
        );
    }
    for kind in kinds {
        let mut l = Link::new(SimTransport::new(SimBoard::open(design, kind)?));
        let t = Instant::now();
        let n = if kind == BackendKind::Rust { 20 } else { 2000 };
        for i in 0..n {
            l.echo(&[i as u8; 16])?;
        }
        let busy = l.transport.board.cycles();
        l.transport.board.run(if kind == BackendKind::Rust {
            200_000
        } else {
            20_000_000
        })?;
        let cycles = l.transport.board.cycles();
        let secs = t.elapsed().as_secs_f64();
        if a.json {
            println!(
                "{}",
                serde_json::json!({"design": design.name(), "backend": kind.name(), "cycles": cycles, "busy_cycles": busy, "seconds": secs, "cycles_per_second": cycles as f64 / secs})
            );
        } else {
            println!(
                "{:<10} {:>12} {:>10.2} {:>14.0}",
                kind.name(),
                cycles,
                secs,
                cycles as f64 / secs
            );
        }
    }
    for board in boards::all() {
        let p =
            boards::build_dir(design.name(), board.name()).join(board_common::report::REPORT_FILE);
        match SynthReport::read(&p) {
            Ok(r) => println!("{}", r.summary_line()),
            Err(_) => println!(
                "{}: no synth report (run cargo xtask synth {} --board {})",
                board.name(),
                design.name(),
                board.name()
            ),
        }
    }
    Ok(())
}
