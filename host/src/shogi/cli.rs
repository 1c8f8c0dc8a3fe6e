//! `boardgate shogi ...`: perft (with `--divide`), the legal moves and the piece cover table of
//! an SFEN (on the model, the table also on the board), and a USI engine.

use super::{PerftProgress, MAX_PERFT_DEPTH};
use crate::cli::{
    deadline_after, projected, time_limit_seconds, Exit, JobArgs, Projection, Target, Usage,
    EXIT_TIME_LIMIT,
};
use anyhow::Result;
use clap::Subcommand;
use gateware::CoreKind;
use model::shogi::all_moves::generate;
use model::shogi::dfpn::{dfpn, Proof};
use model::shogi::mate::{check_problem, solve_with, Convention};
use model::shogi::piece_data::{cover_table, BoardData};
use model::shogi::walk::{MATE_MAX_PLIES as BOARD_MATE_MAX_PLIES, WALK_MAX_DEPTH};
use model::shogi::{divide, square_name, Color, Position};
use serde::Serialize;

#[derive(Subcommand, Debug)]
pub enum ShogiCmd {
    /// Leaf counts of the legal move tree (drops included; promotion and non-promotion
    /// counted apart), like fairy-stockfish's `go perft`, on the model; with --sim / --port
    /// on chip: the board's perft walker makes and unmakes the moves and counts the leaves
    /// (one job: no move crosses the link; with --divide one job per root move; depth 1 is
    /// a moves job, whose moves are read back).
    Perft {
        depth: u32,
        /// The position (default: the standard start); `sfen` before it is allowed.
        #[arg(long)]
        sfen: Option<String>,
        /// Also the count below each legal move.
        #[arg(long)]
        divide: bool,
        /// The shogi design: simulated with --sim; with --port, its baud rate is the default.
        #[arg(long, default_value = "shogi")]
        design: String,
        /// --json: one JSON object: {depth, sfen, nodes, seconds, divide: [{move, nodes}],
        /// counted_on ("model" or "board")}; on the board also cycles (the jobs', summed),
        /// jobs (link jobs), moves_jobs (the nodes the board expanded: one moves job each),
        /// cores, elapsed_cycles (the board's time: split over several cores, the link
        /// counted; else the jobs' cycles), projected, design, target. On several cores a
        /// big enough perft is split by root move (each job loads its position).
        #[command(flatten)]
        target: Target,
        #[command(flatten)]
        job: JobArgs,
    },
    /// The legal moves of a position in USI notation, in the all-move generator's order
    /// (`model::shogi::all_moves`: destination squares rank 1 to 9, files 9 to 1; on a square
    /// the board moves by piece identity, then the drops), decided from the piece cover table.
    ///
    /// With --sim / --port the board generates them (the `shogi` design's moves job: the
    /// cover table, the king's walks and the candidate pass, the pawn-drop mate decided on
    /// chip), and the host reads its candidates back.
    Moves {
        /// The position (default: the standard start).
        #[arg(long)]
        sfen: Option<String>,
        /// The shogi design: simulated with --sim; with --port, its baud rate is the default.
        #[arg(long, default_value = "shogi")]
        design: String,
        /// --json: one JSON object: {sfen, moves}; on the board also count, probe ({square,
        /// mates} or null), cycles, projected: [{board, fmax_mhz, seconds}], design, target.
        #[command(flatten)]
        target: Target,
    },
    /// The piece cover table of the paper (section 6): for each square, the pieces (by
    /// identity: type and index, the paper's piece data) that could move there. On the model,
    /// or computed by the board's piece cover circuit with --sim / --port (its cycles and
    /// the time they take on each board).
    Cover {
        /// The position (default: the standard start).
        #[arg(long)]
        sfen: Option<String>,
        /// The shogi design (any: `shogi-cover` is the cover circuit alone, at 60 MHz):
        /// simulated with --sim; with --port, its baud rate is the default.
        #[arg(long, default_value = "shogi")]
        design: String,
        /// --json: one JSON object: {sfen, board_data: [nine 90-bit rank words, hex, rank 1
        /// first], squares: [{square, cover (40-bit hex), black, white}] in SFEN's square
        /// order}; with --sim / --port also cycles, projected: [{board, fmax_mhz, seconds}],
        /// design, target.
        #[command(flatten)]
        target: Target,
    },
    /// A mate problem (tsume shogi) on the model: the shortest forced mate of the side to move
    /// within --max-plies under the plain rules (every move of the attacker a check, every
    /// interposition counted; docs/tsume.md), with a mating line in USI notation (the defender
    /// resisting longest), or no mate within the limit. With --dfpn the CPU baseline instead:
    /// df-pn proves a mate of any length (not necessarily the shortest; its line follows the
    /// proof) or that there is none. With --sim / --port the board searches: the `tsume`
    /// design's mate walk (JOB_MATE, checks only at the attacker's plies, cut-offs), jobs of
    /// 1, 3, ... plies up to --max-plies (at most 15 there: the walker's 16 frames); the line
    /// takes the board's mating checks and, at the defender's plies, the reply whose mate the
    /// board finds longest.
    Mate {
        /// The problem: the side to move attacks (and must not stand in check); the other
        /// side defends (and must have a king).
        #[arg(long)]
        sfen: String,
        /// The longest mate looked for, in plies (odd, 1..=`MATE_MAX_PLIES`, on the model and
        /// on the board; not with --dfpn).
        #[arg(long, default_value_t = 7, conflicts_with = "dfpn")]
        max_plies: u32,
        /// Prove or disprove with df-pn (no length limit) instead of the shortest-mate search.
        #[arg(long)]
        dfpn: bool,
        /// Which interpositions are defences: `plain` (every legal move, the board's rules)
        /// or `tsume` (futile interposing drops, muda-ai, are not: the length tsume problems
        /// are published with). `tsume` is searched on the model only.
        #[arg(long, value_enum, default_value = "plain", conflicts_with = "dfpn")]
        convention: MateConvention,
        /// df-pn's node budget (its table grows with it): past it, no answer (exit code 3).
        #[arg(long, default_value_t = DFPN_MAX_NODES, requires = "dfpn")]
        max_nodes: u64,
        /// Stop after this many seconds (exit code 3, no answer); 0 or absent: no limit.
        #[arg(long, value_name = "SECONDS")]
        time_limit: Option<f64>,
        /// The design, one with the mate search: simulated with --sim; with --port, its baud
        /// rate is the default.
        #[arg(long, default_value = "tsume")]
        design: String,
        /// --json: one JSON object: {sfen, solver ("shortest" or "dfpn"), convention ("plain"
        /// or "tsume"), max_plies (null with --dfpn), mate (bool), plies (or null), pv (USI
        /// moves), nodes (on the board: the walker's moves jobs), seconds, counted_on ("model"
        /// or "board")}; on the board also cycles (the jobs', summed), jobs, moves_jobs,
        /// design, target.
        #[command(flatten)]
        target: Target,
    },
    /// Run as a USI engine on stdin/stdout (for shogi GUIs and libraries such as cshogi).
    /// The search runs on the model; with --sim / --port `go perft` is counted on chip (a
    /// perft job per root move), and on a design with the mate search (`tsume`) `go mate` is
    /// searched on chip too (else df-pn on the model answers it).
    Usi {
        /// The shogi design: simulated with --sim; with --port, its baud rate is the default.
        #[arg(long, default_value = "shogi")]
        design: String,
        #[command(flatten)]
        target: Target,
    },
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
    counted_on: &'static str,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    board: Option<PerftOnBoard>,
}

/// The board's part of a perft: its jobs' cycles, the jobs, the moves jobs the walker ran,
/// where it ran.
#[derive(Serialize)]
struct PerftOnBoard {
    cycles: u64,
    jobs: u64,
    moves_jobs: u64,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    split: Option<PerftSplit>,
    design: String,
    target: String,
}

/// A perft's time on the board: the design's cores, the board's cycles with the cores in
/// parallel and the link counted (`super::BoardDivide::elapsed_cycles`), projected on each
/// board.
#[derive(Serialize)]
struct PerftSplit {
    cores: usize,
    elapsed_cycles: u64,
    projected: Vec<Projection>,
}

/// Opens the shogi design named `design`, one with the move generator (not `shogi-cover`), on
/// the target; with `idle`, a job left running is aborted (the cover and moves jobs end within
/// 72 cycles; a perft's `JobArgs` decide).
fn open_shogi(
    design: &str,
    target: &Target,
    idle: bool,
) -> Result<(crate::Link<Box<dyn crate::Transport>>, String)> {
    crate::cli::open_game(
        design,
        "a shogi move-generating",
        move_generator,
        target,
        idle,
    )
}

/// Whether a core has the all-move generator (every shogi core but the `shogi-cover` rows').
fn move_generator(core: CoreKind) -> bool {
    matches!(core, CoreKind::Shogi { .. })
}

/// Whether a core runs the cover job: every shogi core.
fn cover_circuit(core: CoreKind) -> bool {
    move_generator(core) || matches!(core, CoreKind::ShogiCover { .. })
}

/// Whether a core has the mate search (`JOB_MATE`): the `tsume` design's.
fn mate_search(core: CoreKind) -> bool {
    matches!(core, CoreKind::Shogi { mate: true, .. })
}

/// Whether the design named `design` has the mate search.
fn has_mate_search(design: &str) -> bool {
    gateware::Design::from_name(design).is_ok_and(|d| mate_search(d.core()))
}

/// `open_shogi` for a design with the mate search: another is refused by name.
fn open_tsume(
    design: &str,
    target: &Target,
    idle: bool,
) -> Result<(crate::Link<Box<dyn crate::Transport>>, String)> {
    crate::cli::open_game(design, "a shogi mate-search", mate_search, target, idle)
}

fn board_perft(
    pos: &Position,
    depth: u32,
    show: bool,
    design: &str,
    target: &Target,
    bounds: &JobArgs,
) -> Result<PerftReport> {
    if depth > WALK_MAX_DEPTH {
        return Err(Usage(format!(
            "depth {depth} is too deep for the board's perft walker (at most \
             {WALK_MAX_DEPTH}; the model's perft goes to {MAX_PERFT_DEPTH})"
        ))
        .into());
    }
    let (mut l, name) = open_shogi(design, target, false)?;
    bounds.begin(target, &mut l)?;
    let t = std::time::Instant::now();
    let board = BoardData::from_position(pos);
    let show_progress = !target.json && std::io::IsTerminal::is_terminal(&std::io::stderr());
    let run = super::divide_on_board(&mut l, &board, depth, show, |p| {
        if show_progress {
            match p {
                PerftProgress::Job { job, jobs, cycles } => {
                    eprint!(
                        "\rperft on the board: job {}/{jobs}, {cycles} cycles",
                        job + 1
                    )
                }
                PerftProgress::Split { jobs, leaves } => {
                    eprint!("\rperft on the board's cores: {jobs} jobs, {leaves} leaves so far")
                }
            }
        }
    });
    if show_progress && depth >= 2 {
        eprintln!();
    }
    let r = run.map_err(|e| bounds.end(&mut l, e))?;
    let nodes = r.leaves;
    let per_move: Vec<Divided> = r
        .per_move
        .iter()
        .map(|&(m, nodes)| Divided { mv: m.usi(), nodes })
        .collect();
    Ok(PerftReport {
        depth,
        sfen: pos.sfen(),
        nodes,
        seconds: t.elapsed().as_secs_f64(),
        divide: if show { per_move } else { Vec::new() },
        counted_on: "board",
        board: Some(PerftOnBoard {
            cycles: r.cycles,
            jobs: r.jobs,
            moves_jobs: r.moves_jobs,
            split: Some(PerftSplit {
                cores: r.cores,
                elapsed_cycles: r.elapsed_cycles,
                projected: projected(&name, r.elapsed_cycles),
            }),
            design: name,
            target: l.transport.describe(),
        }),
    })
}

fn moves(pos: &Position, design: &str, target: &Target) -> Result<()> {
    let board = BoardData::from_position(pos);
    if !target.on_board() {
        let moves: Vec<String> = generate(&board).moves.iter().map(|m| m.usi()).collect();
        if target.json {
            println!(
                "{}",
                serde_json::json!({"sfen": pos.sfen(), "moves": moves})
            );
        } else {
            println!("{}", moves.join(" "));
        }
        return Ok(());
    }
    let (mut l, name) = open_shogi(design, target, true)?;
    let r = super::moves_on_board(&mut l, &board)?;
    let moves: Vec<String> = r.moves.iter().map(|m| m.usi()).collect();
    let projected = projected(&name, r.cycles);
    if target.json {
        let probe = r
            .probe
            .map(|(sq, mates)| serde_json::json!({"square": square_name(sq), "mates": mates}));
        println!(
            "{}",
            serde_json::json!({
                "sfen": pos.sfen(), "moves": moves, "count": r.count, "probe": probe,
                "cycles": r.cycles, "projected": projected, "design": name,
                "target": l.transport.describe(),
            })
        );
        return Ok(());
    }
    println!("{}", moves.join(" "));
    eprintln!(
        "{} legal moves, generated by the {} design on {} in {} cycles{}",
        r.count,
        name,
        l.transport.describe(),
        r.cycles,
        projected
            .iter()
            .map(|p| format!(", {:.3} us on {}", p.seconds * 1e6, p.board))
            .collect::<String>()
    );
    Ok(())
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
                design,
                target,
                job,
            } => {
                let pos = position(sfen.as_deref())?;
                if target.on_board() {
                    board_perft(&pos, depth, show, &design, &target, &job)?.print(target.json)?;
                } else {
                    perft(&pos, depth, show)?.print(target.json)?;
                }
            }
            ShogiCmd::Moves {
                sfen,
                design,
                target,
            } => moves(&position(sfen.as_deref())?, &design, &target)?,
            ShogiCmd::Cover {
                sfen,
                design,
                target,
            } => cover(&position(sfen.as_deref())?, &design, &target)?,
            ShogiCmd::Usi { design, target } => usi(&design, &target)?,
            ShogiCmd::Mate {
                sfen,
                max_plies,
                dfpn,
                convention,
                max_nodes,
                time_limit,
                design,
                target,
            } => {
                if target.on_board() && convention == MateConvention::Tsume {
                    return Err(Usage(
                        "--convention tsume: the board's mate walk counts every interposition \
                         (plain); search the tsume convention on the model (without --sim/--port)"
                            .into(),
                    )
                    .into());
                }
                if target.on_board() {
                    board_mate(&sfen, max_plies, dfpn, time_limit, &design, &target)?
                } else {
                    mate(
                        &sfen,
                        (!dfpn).then_some(max_plies),
                        convention,
                        max_nodes,
                        time_limit,
                        &target,
                    )?
                }
            }
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
        counted_on: "model",
        board: None,
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
        match &self.board {
            None => println!(
                "perft({}) = {} ({} on the model, {:.2} s)",
                self.depth, self.nodes, self.sfen, self.seconds
            ),
            Some(b) => {
                println!(
                    "perft({}) = {} ({}; counted on chip by the {} design on {}: {} job(s), {} \
                     moves jobs, {} cycles; {:.2} s)",
                    self.depth,
                    self.nodes,
                    self.sfen,
                    b.design,
                    b.target,
                    b.jobs,
                    b.moves_jobs,
                    b.cycles,
                    self.seconds
                );
                if let Some(s) = &b.split {
                    eprintln!(
                        "{} core(s): {} cycles on the board{}{}",
                        s.cores,
                        s.elapsed_cycles,
                        if s.cores > 1 { " with the link" } else { "" },
                        s.projected
                            .iter()
                            .map(|p| format!(", {:.4} s on {}", p.seconds, p.board))
                            .collect::<String>()
                    );
                }
            }
        }
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
    let (table, on_board) = if target.on_board() {
        let (mut l, name) = crate::cli::open_game(design, "a shogi", cover_circuit, target, true)?;
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

fn usi(design: &str, target: &Target) -> Result<()> {
    let mut engine = super::engine::Usi::default();
    if target.on_board() {
        let (l, _) = open_shogi(design, target, true)?;
        let engine_link = std::rc::Rc::new(std::cell::RefCell::new(l));
        let link = engine_link.clone();
        engine.perft_counter = Some((
            Box::new(move |pos: &Position, depth: u32| {
                let mut l = link.borrow_mut();
                let board = BoardData::from_position(pos);
                match super::divide_on_board(&mut l, &board, depth, true, |_| {}) {
                    Ok(r) => Ok((r.per_move, r.leaves)),
                    Err(e) => {
                        // Leave no walk running for the next `go perft`.
                        let _ = l.abort_running();
                        Err(e.to_string())
                    }
                }
            }),
            WALK_MAX_DEPTH,
        ));
        // The same link for `go mate` (the engine runs one command at a time) on a design
        // with the mate search; on another, df-pn on the model answers it.
        let link = engine_link.clone();
        engine.mate_solver = has_mate_search(design).then_some((
            // The board's search is bounded by its plies, the command's time and `stop`: the
            // link's stop condition ends the wait at its next request, and the job is aborted.
            Box::new(
                move |pos: &Position, deadline, stop: &mut dyn FnMut() -> bool| {
                    static STOPPED: std::sync::atomic::AtomicBool =
                        std::sync::atomic::AtomicBool::new(false);
                    let mut l = link.borrow_mut();
                    let board = BoardData::from_position(pos);
                    STOPPED.store(false, std::sync::atomic::Ordering::SeqCst);
                    let before = std::mem::replace(
                        &mut l.stop,
                        crate::Stop {
                            deadline,
                            interrupted: Some(&STOPPED),
                        },
                    );
                    let r = super::mate_on_board(&mut l, &board, BOARD_MATE_MAX_PLIES, |_, _| {
                        if stop() {
                            STOPPED.store(true, std::sync::atomic::Ordering::SeqCst);
                        }
                    });
                    l.stop = before;
                    match r {
                        Ok(m) if m.plies.is_some() => Ok(Proof::Mate(m.line)),
                        Ok(_) => Ok(Proof::NoMate),
                        Err(e) => {
                            // Leave no walk running for the next command.
                            let _ = l.abort_running();
                            match e {
                                crate::LinkError::Stopped(_) => Ok(Proof::Unknown),
                                e => Err(e.to_string()),
                            }
                        }
                    }
                },
            ),
            BOARD_MATE_MAX_PLIES,
        ));
    }
    crate::search::run_stdio(&mut engine);
    Ok(())
}

/// The longest mate `shogi mate` looks for on the model (the search grows steeply with it).
pub const MATE_MAX_PLIES: u32 = 15;

/// df-pn's default node budget in `shogi mate --dfpn` (a few GB of table at most).
pub const DFPN_MAX_NODES: u64 = 5_000_000;

/// What `shogi mate` prints (`--json`: this object).
#[derive(Serialize)]
struct MateReport {
    sfen: String,
    solver: &'static str,
    convention: &'static str,
    max_plies: Option<u32>,
    mate: bool,
    plies: Option<u32>,
    pv: Vec<String>,
    nodes: u64,
    seconds: f64,
    counted_on: &'static str,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    board: Option<PerftOnBoard>,
}

impl MateReport {
    fn print(&self, json: bool) -> Result<()> {
        if json {
            println!("{}", serde_json::to_string(self)?);
            return Ok(());
        }
        match (self.plies, self.max_plies) {
            (Some(n), Some(_)) => println!("mate in {n}: {}", self.pv.join(" ")),
            (Some(n), None) => println!("mate (a proof of {n} plies): {}", self.pv.join(" ")),
            (None, Some(limit)) => println!("no mate within {limit} plies"),
            (None, None) => println!("no mate"),
        }
        match &self.board {
            Some(b) => println!(
                "moves jobs {} in {} cycles ({} mate jobs on {}, {}; {:.3} s)",
                self.nodes, b.cycles, b.jobs, b.design, b.target, self.seconds
            ),
            None => println!("nodes {} ({:.3} s on the model)", self.nodes, self.seconds),
        }
        Ok(())
    }
}

/// `shogi mate` on the board: the shortest mate within `max_plies` by mate jobs, its line.
fn board_mate(
    sfen: &str,
    max_plies: u32,
    dfpn: bool,
    time_limit: Option<f64>,
    design: &str,
    target: &Target,
) -> Result<()> {
    if dfpn {
        return Err(Usage(
            "--dfpn runs on the model only (the board searches the shortest mate)".into(),
        )
        .into());
    }
    if max_plies == 0 || max_plies.is_multiple_of(2) || max_plies > BOARD_MATE_MAX_PLIES {
        return Err(Usage(format!(
            "--max-plies {max_plies}: an odd number of plies from 1 to {BOARD_MATE_MAX_PLIES} on \
             the board (the perft walker's frames)"
        ))
        .into());
    }
    let pos = position(Some(sfen))?;
    check_problem(&pos).map_err(|e| Usage(format!("--sfen: {e}")))?;
    let bounds = JobArgs {
        time_limit: time_limit_seconds(time_limit)?,
        abort_running: false,
    };
    let (mut l, name) = open_tsume(design, target, false)?;
    bounds.begin(target, &mut l)?;
    let t = std::time::Instant::now();
    let show_progress = !target.json && std::io::IsTerminal::is_terminal(&std::io::stderr());
    let run = super::mate_on_board(
        &mut l,
        &BoardData::from_position(&pos),
        max_plies,
        |k, c| {
            if show_progress {
                eprint!("\rmate on the board: job {}, {c} cycles", k + 1);
            }
        },
    );
    if show_progress {
        eprintln!();
    }
    let r = run.map_err(|e| bounds.end(&mut l, e))?;
    MateReport {
        sfen: pos.sfen(),
        solver: "shortest",
        convention: MateConvention::Plain.name(),
        max_plies: Some(max_plies),
        mate: r.plies.is_some(),
        plies: r.plies,
        pv: r.line.iter().map(|m| m.usi()).collect(),
        nodes: r.nodes,
        seconds: t.elapsed().as_secs_f64(),
        counted_on: "board",
        board: Some(PerftOnBoard {
            cycles: r.cycles,
            jobs: r.jobs,
            moves_jobs: r.nodes,
            split: None,
            design: name,
            target: l.transport.describe(),
        }),
    }
    .print(target.json)
}

/// `shogi mate --convention`: which interpositions are defences (`model::shogi::mate`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MateConvention {
    Plain,
    Tsume,
}

impl MateConvention {
    fn model(self) -> Convention {
        match self {
            MateConvention::Plain => Convention::Plain,
            MateConvention::Tsume => Convention::Tsume,
        }
    }

    fn name(self) -> &'static str {
        match self {
            MateConvention::Plain => "plain",
            MateConvention::Tsume => "tsume",
        }
    }
}

/// `shogi mate`: the shortest mate within `max_plies`, or df-pn (`max_plies` `None`) within
/// `max_nodes`.
fn mate(
    sfen: &str,
    max_plies: Option<u32>,
    convention: MateConvention,
    max_nodes: u64,
    time_limit: Option<f64>,
    target: &Target,
) -> Result<()> {
    let pos = position(Some(sfen))?;
    if let Some(max_plies) =
        max_plies.filter(|&n| n == 0 || n.is_multiple_of(2) || n > MATE_MAX_PLIES)
    {
        return Err(Usage(format!(
            "--max-plies {max_plies}: an odd number of plies from 1 to {MATE_MAX_PLIES}"
        ))
        .into());
    }
    if max_nodes == 0 {
        return Err(Usage("--max-nodes 0: df-pn needs at least one node".into()).into());
    }
    let deadline = time_limit_seconds(time_limit)?.and_then(deadline_after);
    let t = std::time::Instant::now();
    let (found, nodes, stopped) = match max_plies {
        Some(limit) => {
            let r = solve_with(&pos, limit, deadline, convention.model())
                .map_err(|e| Usage(format!("--sfen: {e}")))?;
            (r.mate, r.nodes, r.timed_out.then_some("time limit"))
        }
        None => {
            let r = dfpn(&pos, max_nodes, deadline).map_err(|e| Usage(format!("--sfen: {e}")))?;
            match r.proof {
                Proof::Mate(line) => (Some((line.len() as u32, line)), r.nodes, None),
                Proof::NoMate => (None, r.nodes, None),
                Proof::Unknown if r.timed_out => (None, r.nodes, Some("time limit")),
                Proof::Unknown => (None, r.nodes, Some("node budget (--max-nodes)")),
            }
        }
    };
    if let Some(what) = stopped {
        return Err(Exit {
            code: EXIT_TIME_LIMIT,
            message: format!("{what}: no answer ({nodes} nodes searched)"),
        }
        .into());
    }
    let (plies, pv) = match found {
        Some((n, line)) => (Some(n), line.iter().map(|m| m.usi()).collect()),
        None => (None, Vec::new()),
    };
    let report = MateReport {
        sfen: pos.sfen(),
        solver: if max_plies.is_some() {
            "shortest"
        } else {
            "dfpn"
        },
        convention: convention.name(),
        max_plies,
        mate: plies.is_some(),
        plies,
        pv,
        nodes,
        seconds: t.elapsed().as_secs_f64(),
        counted_on: "model",
        board: None,
    };
    report.print(target.json)
}
