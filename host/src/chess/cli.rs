//! `boardgate chess ...`: perft (with `--divide`) and the legal moves of a FEN, on the model.

use super::MAX_PERFT_DEPTH;
use crate::cli::Usage;
use anyhow::Result;
use clap::Subcommand;
use model::chess::{divide, legal_moves, Position};
use serde::Serialize;

#[derive(Subcommand, Debug)]
pub enum ChessCmd {
    /// Leaf counts of the legal move tree (model), like Stockfish's `go perft`.
    Perft {
        depth: u32,
        /// The position (default: the standard start).
        #[arg(long)]
        fen: Option<String>,
        /// Also the count below each legal move.
        #[arg(long)]
        divide: bool,
        /// One JSON object: {depth, fen, nodes, seconds, divide: [{move, nodes}]}.
        #[arg(long)]
        json: bool,
    },
    /// Run as a UCI engine on stdin/stdout (for chess GUIs and libraries; model).
    Uci,
    /// The legal moves of a position in UCI notation (model).
    Moves {
        /// The position (default: the standard start).
        #[arg(long)]
        fen: Option<String>,
        /// One JSON object: {fen, moves: [..]}.
        #[arg(long)]
        json: bool,
    },
}

fn position(fen: Option<&str>) -> Result<Position> {
    match fen {
        None => Ok(Position::start()),
        Some(f) => Position::from_fen(f).map_err(|e| Usage(format!("--fen: {e}")).into()),
    }
}

#[derive(Serialize)]
struct PerftReport {
    depth: u32,
    fen: String,
    nodes: u64,
    seconds: f64,
    divide: Vec<Divided>,
}

#[derive(Serialize)]
struct Divided {
    #[serde(rename = "move")]
    mv: String,
    nodes: u64,
}

impl ChessCmd {
    pub fn run(self) -> Result<()> {
        match self {
            ChessCmd::Perft {
                depth,
                fen,
                divide: show,
                json,
            } => {
                if depth > MAX_PERFT_DEPTH {
                    return Err(Usage(format!(
                        "depth {depth} is too deep for the model's perft (at most {MAX_PERFT_DEPTH})"
                    ))
                    .into());
                }
                let pos = position(fen.as_deref())?;
                let t = std::time::Instant::now();
                let per_move: Vec<Divided> = if depth == 0 {
                    Vec::new()
                } else {
                    divide(&pos, depth)
                        .into_iter()
                        .map(|(m, nodes)| Divided { mv: m.uci(), nodes })
                        .collect()
                };
                let nodes = if depth == 0 {
                    1
                } else {
                    per_move.iter().map(|d| d.nodes).sum()
                };
                let r = PerftReport {
                    depth,
                    fen: pos.fen(),
                    nodes,
                    seconds: t.elapsed().as_secs_f64(),
                    divide: if show { per_move } else { Vec::new() },
                };
                if json {
                    println!("{}", serde_json::to_string(&r)?);
                } else {
                    for d in &r.divide {
                        println!("{}: {}", d.mv, d.nodes);
                    }
                    if show {
                        println!();
                    }
                    println!(
                        "perft({depth}) = {} ({} on the model, {:.2} s)",
                        r.nodes, r.fen, r.seconds
                    );
                }
            }
            ChessCmd::Uci => uci()?,
            ChessCmd::Moves { fen, json } => {
                let pos = position(fen.as_deref())?;
                let moves: Vec<String> = legal_moves(&pos).iter().map(|m| m.uci()).collect();
                if json {
                    println!("{}", serde_json::json!({"fen": pos.fen(), "moves": moves}));
                } else {
                    println!("{}", moves.join(" "));
                }
            }
        }
        Ok(())
    }
}

/// The UCI engine: lines from stdin on a channel, so that a search sees `stop`.
fn uci() -> Result<()> {
    use std::io::Write;
    let lines = crate::cli::stdin_lines();
    let mut engine = super::engine::Uci::default();
    let mut stdout = std::io::stdout();
    let mut out = |l: String| {
        let _ = writeln!(stdout, "{l}");
        let _ = stdout.flush();
    };
    loop {
        let line = match engine.pending.pop_front() {
            Some(l) => l,
            None => match lines.recv() {
                Ok(l) => l,
                Err(_) => break,
            },
        };
        let mut poll = || lines.try_recv().ok();
        if !engine.handle(&line, &mut poll, &mut out) {
            break;
        }
    }
    Ok(())
}
