//! `boardgate shogi ...`: perft (with `--divide`), the legal moves and the piece cover table of
//! an SFEN (on the model, the table also on the board), and a USI engine.

use super::MAX_PERFT_DEPTH;
use crate::cli::{open, projected, Projection, Target, Usage};
use anyhow::Result;
use clap::Subcommand;
use gateware::CoreKind;
use model::shogi::all_moves::generate;
use model::shogi::piece_data::{cover_table, BoardData};
use model::shogi::{divide, square_name, Color, Position};
use serde::Serialize;

#[derive(Subcommand, Debug)]
pub enum ShogiCmd {
    /// Leaf counts of the legal move tree (drops included; promotion and non-promotion
    /// counted apart), like fairy-stockfish's `go perft`, on the model.
    Perft {
        depth: u32,
        /// The position (default: the standard start); `sfen` before it is allowed.
        #[arg(long)]
        sfen: Option<String>,
        /// Also the count below each legal move.
        #[arg(long)]
        divide: bool,
        /// One JSON object: {depth, sfen, nodes, seconds, divide: [{move, nodes}]}.
        #[arg(long)]
        json: bool,
    },
    /// The legal moves of a position in USI notation, in the all-move generator's order
    /// (`model::shogi::all_moves`: destination squares rank 1 to 9, files 9 to 1; on a square
    /// the board moves by piece identity, then the drops), decided from the piece cover table.
    Moves {
        /// The position (default: the standard start).
        #[arg(long)]
        sfen: Option<String>,
        /// One JSON object: {sfen, moves}.
        #[arg(long)]
        json: bool,
    },
    /// The piece cover table of the paper (section 6): for each square, the pieces (by
    /// identity: type and index, the paper's piece data) that could move there. On the model,
    /// or computed by the board's piece cover circuit with --sim / --port (its cycles and
    /// the time they take on each board).
    Cover {
        /// The position (default: the standard start).
        #[arg(long)]
        sfen: Option<String>,
        /// The shogi design to simulate (with --sim).
        #[arg(long, default_value = "shogi")]
        design: String,
        /// --json: one JSON object: {sfen, board_data: [nine 90-bit rank words, hex, rank 1
        /// first], squares: [{square, cover (40-bit hex), black, white}] in SFEN's square
        /// order}; with --sim / --port also cycles, projected: [{board, fmax_mhz, seconds}],
        /// design, target.
        #[command(flatten)]
        target: Target,
    },
    /// Run as a USI engine on stdin/stdout (for shogi GUIs and libraries such as cshogi).
    Usi,
}

fn position(sfen: Option<&str>) -> Result<Position> {
    match sfen {
        None => Ok(Position::start()),
        Some(s) => Position::from_sfen(s).map_err(|e| Usage(format!("--sfen: {e}")).into()),
    }
}

/// What `shogi perft` prints (`--json`: this object).
#[derive(Serialize)]
struct PerftReport {
    depth: u32,
    sfen: String,
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

/// One square of `shogi cover --json`.
#[derive(Serialize)]
struct CoveredSquare {
    square: String,
    cover: String,
    black: Vec<String>,
    white: Vec<String>,
}

impl ShogiCmd {
    pub fn run(self) -> Result<()> {
        match self {
            ShogiCmd::Perft {
                depth,
                sfen,
                divide: show,
                json,
            } => {
                let pos = position(sfen.as_deref())?;
                perft(&pos, depth, show)?.print(json)?;
            }
            ShogiCmd::Moves { sfen, json } => {
                let pos = position(sfen.as_deref())?;
                let board = BoardData::from_position(&pos);
                let moves: Vec<String> = generate(&board).moves.iter().map(|m| m.usi()).collect();
                if json {
                    println!(
                        "{}",
                        serde_json::json!({"sfen": pos.sfen(), "moves": moves})
                    );
                } else {
                    println!("{}", moves.join(" "));
                }
            }
            ShogiCmd::Cover {
                sfen,
                design,
                target,
            } => cover(&position(sfen.as_deref())?, &design, &target)?,
            ShogiCmd::Usi => usi(),
        }
        Ok(())
    }
}

fn perft(pos: &Position, depth: u32, show: bool) -> Result<PerftReport> {
    if depth > MAX_PERFT_DEPTH {
        return Err(Usage(format!(
            "depth {depth} is too deep for the model's perft (at most {MAX_PERFT_DEPTH})"
        ))
        .into());
    }
    let t = std::time::Instant::now();
    let per_move: Vec<Divided> = if depth == 0 {
        Vec::new()
    } else {
        divide(pos, depth)
            .into_iter()
            .map(|(m, nodes)| Divided { mv: m.usi(), nodes })
            .collect()
    };
    let nodes = if depth == 0 {
        1
    } else {
        per_move.iter().map(|d| d.nodes).sum()
    };
    Ok(PerftReport {
        depth,
        sfen: pos.sfen(),
        nodes,
        seconds: t.elapsed().as_secs_f64(),
        divide: if show { per_move } else { Vec::new() },
    })
}

impl PerftReport {
    fn print(&self, json: bool) -> Result<()> {
        if json {
            println!("{}", serde_json::to_string(self)?);
            return Ok(());
        }
        for d in &self.divide {
            println!("{}: {}", d.mv, d.nodes);
        }
        if !self.divide.is_empty() {
            println!();
        }
        println!(
            "perft({}) = {} ({} on the model, {:.2} s)",
            self.depth, self.nodes, self.sfen, self.seconds
        );
        Ok(())
    }
}

/// SFEN's square order: rank 1 to 9, file 9 to 1 within a rank.
fn sfen_order() -> impl Iterator<Item = u8> {
    (0..9u8).flat_map(|r| (0..9u8).rev().map(move |f| r * 9 + f))
}

/// Where a cover table came from, when the board computed it.
#[derive(Serialize)]
struct OnBoard {
    cycles: u64,
    projected: Vec<Projection>,
    design: String,
    target: String,
}

fn cover(pos: &Position, design: &str, target: &Target) -> Result<()> {
    let json = target.json;
    let board = BoardData::from_position(pos);
    let (table, on_board) = if target.sim.is_some() || target.port.is_some() {
        let design =
            crate::cli::game_design(design, "a shogi", |c| matches!(c, CoreKind::Shogi { .. }))?;
        let mut l = open(target, design)?;
        let name = l.identify()?.name;
        l.abort_running()?;
        let r = super::cover_on_board(&mut l, &board)?;
        let on = OnBoard {
            cycles: r.cycles,
            projected: projected(&name, r.cycles),
            design: name,
            target: l.transport.describe(),
        };
        (r.table, Some(on))
    } else {
        (cover_table(&board), None)
    };
    let squares: Vec<CoveredSquare> = sfen_order()
        .map(|sq| {
            let by = |c: Color| {
                table
                    .covering(&board, sq)
                    .into_iter()
                    .filter(|d| d.color() == c)
                    .map(|d| d.name())
                    .collect()
            };
            CoveredSquare {
                square: square_name(sq),
                cover: format!("{:010x}", table.0[sq as usize]),
                black: by(Color::Black),
                white: by(Color::White),
            }
        })
        .collect();
    if json {
        let ranks: Vec<String> = (0..9)
            .map(|r| format!("{:023x}", board.rank_word(r)))
            .collect();
        let mut v =
            serde_json::json!({"sfen": pos.sfen(), "board_data": ranks, "squares": squares});
        if let (Some(on), Some(o)) = (&on_board, v.as_object_mut()) {
            if let serde_json::Value::Object(m) = serde_json::to_value(on)? {
                o.extend(m);
            }
        }
        println!("{v}");
        return Ok(());
    }
    match &on_board {
        None => println!("piece cover table of {} (the model)", pos.sfen()),
        Some(on) => {
            println!(
                "piece cover table of {} (the {} design on {}: {} cycles)",
                pos.sfen(),
                on.design,
                on.target,
                on.cycles
            );
            for p in &on.projected {
                println!(
                    "  {:.3} us on {} at {} MHz",
                    p.seconds * 1e6,
                    p.board,
                    p.fmax_mhz
                );
            }
        }
    }
    println!("square  Black covers with        White covers with");
    for s in squares {
        if s.black.is_empty() && s.white.is_empty() {
            continue;
        }
        println!(
            "{:6}  {:24} {}",
            s.square,
            s.black.join(" "),
            s.white.join(" ")
        );
    }
    Ok(())
}

fn usi() {
    crate::search::run_stdio(&mut super::engine::Usi::default());
}
