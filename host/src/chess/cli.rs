//! `boardgate chess ...`: perft (with `--divide`) on the model or the board, the legal moves
//! of a FEN, and a UCI engine.

use super::engine::{ModelSteps, Steps};
use super::MAX_PERFT_DEPTH;
use crate::cli::{open, projected, JobArgs, Projection, Target, Usage};
use crate::{Link, Transport};
use anyhow::Result;
use clap::Subcommand;
use gateware::{CoreKind, Design};
use model::chess::generator::Class;
use model::chess::protocol::StepAnswer;
use model::chess::search::{perft_on_chip, CHIP_MAX_DEPTH};
use model::chess::step::Step;
use model::chess::{divide, legal_moves, Move, Position};
use serde::Serialize;
use std::cell::RefCell;
use std::rc::Rc;

#[derive(Subcommand, Debug)]
pub enum ChessCmd {
    /// Leaf counts of the legal move tree, like Stockfish's `go perft`: on the model (with the
    /// cycles one core of the design would take, from the chip's cycle-exact model), or
    /// counted on chip with --sim / --port (cycles, cycles per leaf, time on each board).
    Perft {
        depth: u32,
        /// The position (default: the standard start).
        #[arg(long)]
        fen: Option<String>,
        /// Also the count below each legal move.
        #[arg(long)]
        divide: bool,
        /// On the model: the chip's cycles whatever the tree's size (by default they are
        /// walked for trees of at most 5 million leaves: the cycle-exact walk takes about 90
        /// times as long as the count, 36 s at depth 5 from the start).
        #[arg(long, conflicts_with = "no_cycles")]
        cycles: bool,
        /// On the model: the leaves only, without the chip's cycles.
        #[arg(long)]
        no_cycles: bool,
        /// The chess design: simulated with --sim; with --port, its baud rate is the default;
        /// on the model, the design whose core the cycles are projected on.
        #[arg(long, default_value = "chess")]
        design: String,
        #[command(flatten)]
        target: Target,
        #[command(flatten)]
        job: JobArgs,
    },
    /// Run as a UCI engine on stdin/stdout (for chess GUIs and libraries). The search takes
    /// its moves from a step job (the paper's combined command) on the model, or with --sim /
    /// --port on the board, where `go perft` is also counted on chip (split over the cores).
    Uci {
        /// The chess design: simulated with --sim; with --port, its baud rate is the default.
        #[arg(long, default_value = "chess")]
        design: String,
        #[command(flatten)]
        target: Target,
    },
    /// The legal moves of a position in the generator's order (checks, promotions, captures
    /// by MVV/LVA, quiet moves), each with its class and the cycles spent when it was made: a
    /// step job (the paper's combined command, one step per move) on the chip's model, or with
    /// --sim / --port on the board.
    Moves {
        /// The position (default: the standard start).
        #[arg(long)]
        fen: Option<String>,
        /// The chess design: simulated with --sim; with --port, its baud rate is the default.
        #[arg(long, default_value = "chess")]
        design: String,
        /// With --sim / --port: the board. (--json: {fen, cycles, moves: [{move, class,
        /// cycles}]}, and on a board design and target.)
        #[command(flatten)]
        target: Target,
        /// The chip's generation order instead: every pseudo-legal move with its class
        /// (check, promotion, capture, quiet), the generator cycle it appears on, and whether
        /// it is legal (model of the chip, `model::chess::generator`).
        #[arg(long)]
        chip_order: bool,
    },
}

fn position(fen: Option<&str>) -> Result<Position> {
    match fen {
        None => Ok(Position::start()),
        Some(f) => Position::from_fen(f).map_err(|e| Usage(format!("--fen: {e}")).into()),
    }
}

/// What `chess perft` prints (`--json`: this object). `cycles`, `cycles_per_leaf`,
/// `projected` and `design` are present at depth 1 or more when the chip's cycles were
/// counted (on the model: one core of the design, from the chip's cycle-exact model, when it
/// walked the tree); `elapsed_cycles`, `cores`, `jobs` and `target` when the board counted.
#[derive(Serialize)]
struct PerftReport {
    depth: u32,
    fen: String,
    nodes: u64,
    seconds: f64,
    divide: Vec<Divided>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cycles: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cycles_per_leaf: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    elapsed_cycles: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cores: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    jobs: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    projected: Option<Vec<Projection>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    design: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    target: Option<String>,
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
                cycles,
                no_cycles,
                design,
                target,
                job,
            } => {
                let pos = position(fen.as_deref())?;
                let r = if target.on_board() {
                    perft_board(&pos, depth, show, &design, &target, &job)?
                } else {
                    let walk = match (cycles, no_cycles) {
                        (true, _) => Walk::Always,
                        (_, true) => Walk::Never,
                        _ => Walk::UpTo(MODEL_CYCLES_LEAVES),
                    };
                    perft_model(&pos, depth, show, walk, &design)?
                };
                r.print(target.json)?;
            }
            ChessCmd::Uci { design, target } => uci(&design, &target)?,
            ChessCmd::Moves {
                fen,
                design,
                target,
                chip_order,
            } => {
                let pos = position(fen.as_deref())?;
                let json = target.json;
                if target.on_board() {
                    if chip_order {
                        return Err(Usage(
                            "--chip-order lists the model's pseudo-legal moves; with --sim / \
                             --port the board lists its legal ones in its order"
                                .into(),
                        )
                        .into());
                    }
                    board_moves(&pos, &design, &target)?;
                } else if chip_order {
                    chip_moves(&pos, json);
                } else {
                    model_moves(&pos, json)?;
                }
            }
        }
        Ok(())
    }
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
        let on = self.target.as_deref().unwrap_or("the model");
        println!(
            "perft({}) = {} ({} on {on}, {:.2} s)",
            self.depth, self.nodes, self.fen, self.seconds
        );
        // On the model the cycles and the projection are one core's.
        let on_model = self.target.is_none();
        if let (Some(c), Some(cpl)) = (self.cycles, self.cycles_per_leaf) {
            let design = self.design.as_deref().unwrap_or_default();
            if on_model {
                println!(
                    "{c} cycles, {cpl:.2} cycles per leaf on one core of `{design}` (the chip's \
                     cycle-exact model)"
                );
            } else {
                println!("{c} cycles, {cpl:.2} cycles per leaf");
            }
        } else if on_model && self.depth >= 1 {
            println!(
                "the chip's cycles not walked: {} leaves, over {MODEL_CYCLES_LEAVES} (--cycles \
                 walks them, about 7 µs a leaf)",
                self.nodes
            );
        }
        if let (Some(e), Some(cores), Some(jobs)) = (self.elapsed_cycles, self.cores, self.jobs) {
            if cores > 1 {
                println!(
                    "{jobs} jobs on {cores} cores: {e} cycles elapsed with the link ({:.2} per leaf)",
                    e as f64 / self.nodes.max(1) as f64
                );
            }
        }
        for p in self.projected.iter().flatten() {
            println!(
                "{}: {:.4} s at {} MHz{} ({:.1}M leaves/s)",
                p.board,
                p.seconds,
                p.fmax_mhz,
                if on_model { ", one core" } else { "" },
                self.nodes as f64 / p.seconds / 1e6
            );
        }
        Ok(())
    }
}

/// Leaves up to which `chess perft` on the model walks the chip's cycles by default.
const MODEL_CYCLES_LEAVES: u64 = 5_000_000;

/// Whether `chess perft` on the model walks the chip's cycles.
#[derive(Clone, Copy)]
enum Walk {
    Always,
    Never,
    /// When the tree has at most this many leaves.
    UpTo(u64),
}

/// The chess design named `name`.
fn chess_design(name: &str) -> Result<Design, Usage> {
    crate::cli::game_design(name, "a chess", |c| matches!(c, CoreKind::Chess { .. }))
}

fn perft_model(
    pos: &Position,
    depth: u32,
    show: bool,
    walk: Walk,
    design: &str,
) -> Result<PerftReport> {
    let design = chess_design(design)?;
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
            .map(|(m, nodes)| Divided { mv: m.uci(), nodes })
            .collect()
    };
    let nodes = if depth == 0 {
        1
    } else {
        per_move.iter().map(|d| d.nodes).sum()
    };
    let seconds = t.elapsed().as_secs_f64();
    // The same tree walked as one core of the chip walks it, cycle for cycle.
    let walked = match walk {
        Walk::Always => true,
        Walk::Never => false,
        Walk::UpTo(most) => nodes <= most,
    };
    let chip = if walked && depth >= 1 {
        if nodes >= 1_000_000 && std::io::IsTerminal::is_terminal(&std::io::stderr()) {
            eprintln!("perft({depth}) = {nodes}; now the chip's cycles (--no-cycles skips them)");
        }
        let r = perft_on_chip(pos, depth);
        if r.leaves != nodes {
            anyhow::bail!(
                "the chip's model counts {} leaves where the rules count {nodes}",
                r.leaves
            );
        }
        Some(r)
    } else {
        None
    };
    Ok(PerftReport {
        depth,
        fen: pos.fen(),
        nodes,
        seconds,
        divide: if show { per_move } else { Vec::new() },
        cycles: chip.map(|r| r.cycles),
        cycles_per_leaf: chip.map(|r| r.cycles as f64 / r.leaves.max(1) as f64),
        elapsed_cycles: None,
        cores: None,
        jobs: None,
        projected: chip.map(|r| projected(design.name(), r.cycles)),
        design: chip.map(|_| design.name().to_string()),
        target: None,
    })
}

/// Opens the chess design named `design` on the target (`crate::cli::open_game`).
fn open_chess(
    design: &str,
    target: &Target,
    idle: bool,
) -> Result<(crate::Link<Box<dyn crate::Transport>>, String)> {
    crate::cli::open_game(
        design,
        "a chess",
        |c| matches!(c, CoreKind::Chess { .. }),
        target,
        idle,
    )
}

/// Perft counted on chip: on a one-core design one job, on a multi-core design one share of
/// the tree a core (`super::perft_split`); with `--divide` one job per root move.
fn perft_board(
    pos: &Position,
    depth: u32,
    show: bool,
    design: &str,
    target: &Target,
    bounds: &JobArgs,
) -> Result<PerftReport> {
    let design = chess_design(design)?;
    if depth > CHIP_MAX_DEPTH {
        return Err(Usage(format!(
            "depth {depth} is too deep for perft on chip (at most {CHIP_MAX_DEPTH})"
        ))
        .into());
    }
    if show && depth == 0 {
        return Err(Usage("--divide needs depth 1 or more".into()).into());
    }
    let mut l = open(target, design)?;
    let name = l.identify()?.name;
    bounds.begin(target, &mut l)?;
    let t = std::time::Instant::now();
    let tty = !target.json && std::io::IsTerminal::is_terminal(&std::io::stderr());
    let progress = |n: u64| {
        if tty {
            eprint!("\rcounting: {n} leaves");
        }
    };
    let r = super::perft_split(&mut l, pos, depth, show, progress)
        .map_err(|e| bounds.end(&mut l, e))?;
    if tty {
        eprintln!();
    }
    Ok(PerftReport {
        depth,
        fen: pos.fen(),
        nodes: r.leaves,
        seconds: t.elapsed().as_secs_f64(),
        divide: r
            .divide
            .iter()
            .map(|(m, n)| Divided {
                mv: m.uci(),
                nodes: *n,
            })
            .collect(),
        cycles: Some(r.cycles),
        cycles_per_leaf: Some(r.cycles as f64 / r.leaves.max(1) as f64),
        elapsed_cycles: Some(r.elapsed_cycles),
        cores: Some(r.cores),
        jobs: Some(r.jobs),
        projected: Some(projected(&name, r.elapsed_cycles)),
        design: Some(name),
        target: Some(l.transport.describe()),
    })
}

/// A legal move as a step job yields it: the move, its class, the job's cycles when it was
/// made.
type Stepped = (Move, Class, u64);

/// The legal moves as a step job yields them (`Next` until none), and the job's cycles at
/// the end: the model's ([`ModelSteps`]) or the board's ([`BoardSteps`]).
fn stepped(steps: &mut dyn Steps, pos: &Position) -> Result<(Vec<Stepped>, u64)> {
    let mut rows = Vec::new();
    let mut a = steps.start(pos).map_err(anyhow::Error::msg)?;
    while let Some((m, class)) = a.made {
        rows.push((m, class, a.cycles));
        a = steps.step(Step::Next).map_err(anyhow::Error::msg)?;
    }
    Ok((rows, a.cycles))
}

/// The legal moves as the board's step job yields them.
fn board_moves(pos: &Position, design: &str, target: &Target) -> Result<()> {
    let (l, name) = open_chess(design, target, true)?;
    let link = Rc::new(RefCell::new(l));
    let (rows, cycles) = stepped(&mut BoardSteps(link.clone()), pos)?;
    let to = link.borrow().transport.describe();
    print_moves(pos, &rows, cycles, Some((&name, &to)), target.json);
    Ok(())
}

/// The legal moves as the chip's model of the step job yields them.
fn model_moves(pos: &Position, json: bool) -> Result<()> {
    let (rows, cycles) = stepped(&mut ModelSteps::default(), pos)?;
    print_moves(pos, &rows, cycles, None, json);
    Ok(())
}

/// `chess moves`' output; `on`: the design and the target of a board.
fn print_moves(
    pos: &Position,
    rows: &[Stepped],
    cycles: u64,
    on: Option<(&str, &str)>,
    json: bool,
) {
    if json {
        let moves: Vec<serde_json::Value> = rows
            .iter()
            .map(|(m, c, n)| serde_json::json!({"move": m.uci(), "class": c.name(), "cycles": n}))
            .collect();
        let mut out = serde_json::json!({"fen": pos.fen(), "cycles": cycles, "moves": moves});
        if let Some((design, target)) = on {
            out["design"] = design.into();
            out["target"] = target.into();
        }
        println!("{out}");
        return;
    }
    for (m, c, n) in rows {
        println!("{}", move_row(*m, *c, *n, ""));
    }
    let on = on.map_or("the chip's model", |(design, _)| design);
    println!("{} legal moves in {cycles} cycles on {on}", rows.len());
}

/// One move of `chess moves`: the move, its class, the cycle, a remark.
fn move_row(m: Move, class: Class, cycle: u64, remark: &str) -> String {
    format!(
        "{:<6} {:<9} cycle {cycle:>4}{remark}",
        m.uci(),
        class.name()
    )
}

/// The moves in the chip's generation order, tagged.
fn chip_moves(pos: &Position, json: bool) {
    let g = model::chess::generator::generate(pos);
    let legal = legal_moves(pos);
    let rows: Vec<serde_json::Value> = g
        .moves
        .iter()
        .map(|m| {
            serde_json::json!({
                "move": m.mv.uci(),
                "class": m.class.name(),
                "cycle": m.cycle,
                "legal": legal.contains(&m.mv),
            })
        })
        .collect();
    if json {
        println!(
            "{}",
            serde_json::json!({"fen": pos.fen(), "cycles": g.cycles, "moves": rows})
        );
        return;
    }
    for m in &g.moves {
        let remark = if legal.contains(&m.mv) {
            ""
        } else {
            "  (illegal: own king left in check)"
        };
        println!("{}", move_row(m.mv, m.class, m.cycle, remark));
    }
    println!("{} moves in {} cycles", g.moves.len(), g.cycles);
}

/// The board's step job, for the UCI search.
struct BoardSteps(Rc<RefCell<Link<Box<dyn Transport>>>>);

impl Steps for BoardSteps {
    fn start(&mut self, pos: &Position) -> Result<StepAnswer, String> {
        super::board_step_start(&mut self.0.borrow_mut(), pos).map_err(|e| e.to_string())
    }
    fn step(&mut self, step: Step) -> Result<StepAnswer, String> {
        super::board_step(&mut self.0.borrow_mut(), step).map_err(|e| e.to_string())
    }
}

/// The UCI engine: lines from stdin on a channel, so that a search sees `stop`. With a board,
/// `go perft` is counted on chip.
fn uci(design: &str, target: &Target) -> Result<()> {
    let mut engine = super::engine::Uci::default();
    if target.on_board() {
        // Jobs left running by an earlier session would hold the cores.
        let (l, _) = open_chess(design, target, true)?;
        let link = Rc::new(RefCell::new(l));
        let board = link.clone();
        engine.perft_counter = Some((
            Box::new(move |pos: &Position, depth: u32| {
                let mut l = board.borrow_mut();
                match super::perft_split(&mut l, pos, depth, true, |_| {}) {
                    Ok(r) => Ok((r.divide, r.leaves)),
                    Err(e) => {
                        // Leave no core running for the next `go perft`.
                        let _ = l.abort_running();
                        Err(e.to_string())
                    }
                }
            }),
            CHIP_MAX_DEPTH,
        ));
        engine.steps = Box::new(BoardSteps(link));
    }
    crate::search::run_stdio(&mut engine);
    Ok(())
}
