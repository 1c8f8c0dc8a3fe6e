//! `boardgate othello ...`: solve on the board (one core, null-window probes, or split over
//! the cores), the NBoard engine, perft on the model. A solve ends in one [`SolveReport`],
//! printed once, as text or as JSON (`--json`).

use crate::cli::{open, projected, JobArgs, Projection, Target, Usage};
use crate::split::SplitSolve;
use crate::{Link, Transport};
use anyhow::Result;
use clap::Subcommand;
use gateware::{CoreKind, Design};
use model::othello::protocol::SolveResult;
use model::othello::{self as oth, perft::PassConvention};
use serde::Serialize;

#[derive(Subcommand, Debug)]
pub enum OthelloCmd {
    /// Solve a position exactly on the board (or with a window).
    Solve(SolveArgs),
    /// Run as an engine speaking the NBoard protocol on stdin/stdout (for Othello GUIs).
    Nboard {
        #[command(flatten)]
        target: Target,
        /// Solve exactly on the board from this many empty squares on (default: 18 on a real
        /// board, 12 on the simulated board's Verilator backend, 8 on its rust backend, so
        /// that a `go` is answered within seconds).
        #[arg(long)]
        max_empties: Option<u32>,
    },
    /// Leaf counts from the start position (model).
    Perft {
        depth: u32,
        /// How passes and finished games count.
        #[arg(long, default_value = "aartbik")]
        pass_convention: String,
        #[arg(long)]
        json: bool,
    },
}

/// `othello solve`'s arguments.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub target: Target,
    #[command(flatten)]
    pub job: JobArgs,
    /// OBF line, or 64 squares a1..h8 (X, O, -) then the side to move (X or O).
    #[arg(allow_hyphen_values = true)]
    pub position: String,
    /// Lower bound of the fail-hard window (default: exact solve).
    #[arg(long, default_value_t = -oth::SCORE_BOUND, allow_hyphen_values = true)]
    pub alpha: i32,
    /// Upper bound of the window.
    #[arg(long, default_value_t = oth::SCORE_BOUND, allow_hyphen_values = true)]
    pub beta: i32,
    /// Find the exact score with null-window probes (bisection) instead of one full-window
    /// search.
    #[arg(long, conflicts_with_all = ["alpha", "beta"])]
    pub null_window: bool,
    /// Simulate the `othello-ff` design (fastest-first move ordering in hardware) instead
    /// of the paper's order (the same as `--design othello-ff`).
    #[arg(long, conflicts_with = "design")]
    pub fastest_first: bool,
    /// Design: othello, othello-ff, othello-x8 (eight paper-order solver cores) or
    /// othello-ff-x4 (four fastest-first ones), simulated with --sim. With --port, the
    /// flashed design decides what runs, and this one's baud rate is the port's default
    /// (`othello-x8`, `othello-ff-x4`: 2 Mbaud; else give --baud).
    #[arg(long, default_value = "othello")]
    pub design: String,
    /// With several solver cores: plies from the root in which the host splits the search
    /// (young brothers wait); nodes with at most --job-empties empty squares are one job.
    /// Defaults by the cores' move order (`host::othello::split_defaults`): paper order 3
    /// plies and jobs of 10 empties, fastest-first 3 and 16.
    #[arg(long)]
    pub split_depth: Option<u32>,
    #[arg(long)]
    pub job_empties: Option<u32>,
    /// The host-FPGA hybrid: the host searches every node above --job-empties empty squares
    /// (default 18) with its transposition table and hands the subtrees below to the cores.
    /// On one core, the CPU solver's search (`host::othello::hybrid`), the host waiting for
    /// each job (--job-empties at least 6; the board's time counts each job's exchanges on
    /// the link); on several, the split with the host's table, every node above the jobs
    /// split (probes too).
    #[arg(long, conflicts_with_all = ["alpha", "beta", "null_window", "split_depth"])]
    pub hybrid: bool,
}

/// The outcome of `othello solve`, whatever the way it was solved.
#[derive(Serialize, Debug)]
pub struct SolveReport {
    pub position: String,
    pub alpha: i32,
    pub beta: i32,
    pub best_move: String,
    pub score: i32,
    pub nodes: u64,
    pub cycles: u64,
    pub cycles_per_node: f64,
    /// Time on each board at its committed core clock: board, fmax_mhz, seconds.
    pub projected: Vec<Projection>,
    pub wall_seconds: f64,
    pub target: String,
    /// Null-window probes (1 for a single solve).
    pub probes: u32,
    pub design: String,
    pub cores: usize,
    /// The board's time: with several cores, their cycles as they ran in parallel.
    pub elapsed_cycles: u64,
    pub jobs: u32,
    #[serde(skip)]
    pub split: Option<SplitSolve<u32>>,
    #[serde(skip)]
    pub null_window: bool,
    /// Solved by the hybrid (`--hybrid`): `nodes` counts the host's nodes and the jobs'.
    pub hybrid: bool,
}

impl SolveReport {
    pub fn print(&self, json: bool) -> Result<()> {
        if json {
            println!("{}", serde_json::to_string(self)?);
            return Ok(());
        }
        println!(
            "best move {}, score {:+}{}, {} nodes, {} cycles ({:.2} cycles/node) [{}]",
            self.best_move,
            self.score,
            if self.null_window {
                format!(" ({} null-window probes)", self.probes)
            } else {
                String::new()
            },
            self.nodes,
            self.cycles,
            self.cycles_per_node,
            self.target
        );
        if self.hybrid && self.split.is_none() {
            println!(
                "hybrid: the host's search, {} jobs on the core one after another",
                self.jobs
            );
        }
        if let Some(sp) = self.split {
            println!(
                "split over {} cores of {}: {} jobs ({} aborted), {} cycles on the board ({:.2}x the cores' total)",
                self.cores,
                self.design,
                sp.jobs,
                sp.aborted,
                sp.elapsed_cycles,
                sp.cycles as f64 / sp.elapsed_cycles.max(1) as f64
            );
        }
        for p in &self.projected {
            println!(
                "  on {} at {:.1} MHz: {:.6} s, {:.2} M nodes/s",
                p.board,
                p.fmax_mhz,
                p.seconds,
                self.nodes as f64 / p.seconds / 1e6
            );
        }
        Ok(())
    }
}

fn perft(depth: u32, pass_convention: String, json: bool) -> Result<()> {
    let conv = match pass_convention.as_str() {
        "aartbik" => PassConvention::Aartbik,
        "edax" => PassConvention::Edax,
        other => {
            return Err(Usage(format!(
                "unknown pass convention '{other}' (aartbik or edax)"
            ))
            .into())
        }
    };
    if depth > 14 {
        return Err(Usage(format!(
            "depth {depth} is too deep for the model's perft (at most 14)"
        ))
        .into());
    }
    let (p, o) = oth::rules::start();
    let t = std::time::Instant::now();
    let n = oth::perft::perft(p, o, depth, conv);
    if json {
        println!(
            "{}",
            serde_json::json!({"depth": depth, "pass_convention": pass_convention, "leaves": n})
        );
    } else {
        println!(
            "perft({depth}) = {n} ({pass_convention} convention, {:.2} s)",
            t.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// The board as the NBoard engine's solver. While it solves it keeps reading the GUI: `ping`
/// is answered at once; any other line stops the solve (the job is aborted on the board) and
/// waits in `pending` to be handled next.
struct EngineBoard {
    link: Link<Box<dyn Transport>>,
    lines: std::sync::mpsc::Receiver<String>,
    pending: std::collections::VecDeque<String>,
}

/// Set when a line arrives during a solve: the link's stop condition.
static ENGINE_STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn answer(lines: &[String]) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    for l in lines {
        let _ = writeln!(stdout, "{l}");
    }
    let _ = stdout.flush();
}

impl super::engine::EndgameSolver for EngineBoard {
    fn solve(&mut self, p: u64, o: u64) -> Result<(i32, Option<u32>)> {
        use std::sync::atomic::Ordering;
        ENGINE_STOP.store(false, Ordering::SeqCst);
        self.link.stop = crate::Stop {
            deadline: None,
            interrupted: Some(&ENGINE_STOP),
        };
        let b = oth::SCORE_BOUND as i8;
        let (lines, pending) = (&self.lines, &mut self.pending);
        let r = super::solve(&mut self.link, p, o, -b, b, |_| {
            while let Ok(line) = lines.try_recv() {
                let cmd: String = line.chars().filter(|c| !c.is_control()).collect();
                match cmd.trim().split_once(' ') {
                    Some(("ping", n)) => answer(&[format!("pong {}", n.trim())]),
                    _ if cmd.trim() == "ping" => answer(&["pong".into()]),
                    _ => {
                        pending.push_back(line);
                        ENGINE_STOP.store(true, Ordering::SeqCst);
                    }
                }
            }
        });
        self.link.stop = crate::Stop::default();
        match r {
            Ok(r) => Ok((r.score, r.best)),
            Err(crate::LinkError::Stopped(_)) => {
                self.link.abort_running()?;
                anyhow::bail!("the solve was stopped by the next command")
            }
            Err(e) => Err(e.into()),
        }
    }
}

fn nboard(target: Target, max_empties: Option<u32>) -> Result<()> {
    let link = open(&target, Design::Othello)?;
    let max_empties = max_empties.unwrap_or(match target.sim.as_deref() {
        None => 18,
        Some(sim) => match crate::cli::resolve_backend(sim)? {
            sim::BackendKind::Rust => 8,
            sim::BackendKind::Verilator => 12,
        },
    });
    // The GUI's lines arrive on a channel, so that a solve can watch for them.
    let lines = crate::cli::stdin_lines();
    let board = EngineBoard {
        link,
        lines,
        pending: Default::default(),
    };
    let mut nb = super::engine::NBoard::new(board, max_empties);
    loop {
        let line = match nb.solver.pending.pop_front() {
            Some(l) => l,
            None => match nb.solver.lines.recv() {
                Ok(l) => l,
                Err(_) => break,
            },
        };
        let Some(out) = nb.handle(&line) else { break };
        answer(&out);
    }
    Ok(())
}

fn solve_result(score: i32, best: Option<u32>, nodes: u64, cycles: u64) -> SolveResult {
    SolveResult {
        score,
        best,
        nodes,
        cycles,
    }
}

/// Validates the solve's arguments, runs it the way the design and flags say, and reports.
fn solve(a: SolveArgs) -> Result<()> {
    let SolveArgs {
        target,
        job: bounds,
        position,
        alpha,
        beta,
        null_window,
        fastest_first,
        design,
        split_depth,
        job_empties,
        hybrid,
    } = a;
    let design = if fastest_first {
        Design::OthelloFf
    } else {
        crate::cli::game_design(&design, "an othello", |c| {
            matches!(c, CoreKind::Othello { .. })
        })?
    };
    let pos = oth::parse_position(&position).map_err(|e| Usage(format!("bad position: {e}")))?;
    let bound = oth::SCORE_BOUND;
    if !(-bound..=bound).contains(&alpha) || !(-bound..=bound).contains(&beta) || alpha >= beta {
        return Err(Usage(format!(
            "bad window ({alpha}, {beta}): need -{bound} <= alpha < beta <= {bound}"
        ))
        .into());
    }
    let mut l = open(&target, design)?;
    let id = l.identify()?;
    let name = id.name.clone();
    let cores = l.job_cores()?.len();
    // The board's time counts the link's as the host spends it, at the board's clock and
    // baud rate.
    // The split's defaults follow the cores' order: the board's design, by the name it
    // reports (the one asked for if it reports another).
    let order = super::order_of(Design::from_name(&name).unwrap_or(design));
    let mut split = super::split_config(
        order,
        crate::split::JobsLink::of_board::<super::Othello>(&id, cores),
    );
    split.depth = split_depth.unwrap_or(split.depth);
    split.job_size = job_empties.unwrap_or(if hybrid {
        super::hybrid::JOB_EMPTIES
    } else {
        split.job_size
    });
    if hybrid {
        split = super::hybrid::split_config(split);
        let least = model::othello::fast::SHALLOW_EMPTIES;
        if cores == 1 && split.job_size < least {
            return Err(Usage(format!(
                "--hybrid on one core takes --job-empties of at least {least} (the host \
                 searches smaller subtrees itself), not {}",
                split.job_size
            ))
            .into());
        }
    }
    if null_window && cores > 1 {
        return Err(Usage(format!(
            "--null-window runs on one core; {name} has {cores} (leave it out to split the solve)"
        ))
        .into());
    }
    bounds.begin(&target, &mut l)?;
    let t = std::time::Instant::now();
    let show = !target.json && std::io::IsTerminal::is_terminal(&std::io::stderr());
    let mut probes = 1;
    let mut seq_jobs = None;
    let mut split_solve = None;
    let mut on_progress = |n| {
        if show {
            eprint!("\rsolving: {n} nodes");
        }
    };
    let r = if hybrid && cores == 1 {
        let mut solver = model::othello::fast::Solver::new();
        super::hybrid::solve_hybrid(&mut solver, &mut l, pos.p, pos.o, split.job_size).map(|h| {
            seq_jobs = Some(h.jobs.jobs as u32);
            solve_result(h.score, h.best, h.host_nodes + h.jobs.nodes, h.jobs.cycles)
        })
    } else if null_window {
        super::solve_null_window(&mut l, pos.p, pos.o, &mut on_progress).map(|r| {
            probes = r.probes;
            solve_result(r.score, r.best, r.nodes, r.cycles)
        })
    } else if cores > 1 {
        super::solve_cores(
            &mut l,
            pos.p,
            pos.o,
            alpha as i8,
            beta as i8,
            split,
            &mut on_progress,
        )
        .map(|(r, _)| {
            split_solve = Some(r);
            solve_result(r.score, r.best, r.nodes, r.cycles)
        })
    } else {
        super::solve(
            &mut l,
            pos.p,
            pos.o,
            alpha as i8,
            beta as i8,
            &mut on_progress,
        )
    };
    if show {
        eprintln!();
    }
    let r = r.map_err(|e| bounds.end(&mut l, e))?;
    // The sequential hybrid's board time: its jobs' cycles, and each job's exchanges on the
    // link (start, a poll, result: `split::link_cycles_per_job`) while the host waits.
    let seq_link = seq_jobs.map_or(0, |jobs| {
        let (clock_hz, baud) = crate::split::link_rate(&id);
        u64::from(jobs) * crate::split::link_cycles_per_job::<super::Othello>(clock_hz, baud, 1)
    });
    let elapsed = split_solve
        .map(|s| s.elapsed_cycles)
        .unwrap_or(r.cycles + seq_link);
    SolveReport {
        position: pos.to_obf(),
        alpha,
        beta,
        best_move: r
            .best
            .map(oth::square_name)
            .unwrap_or_else(|| "none".into()),
        score: r.score,
        nodes: r.nodes,
        cycles: r.cycles,
        cycles_per_node: r.cycles as f64 / r.nodes.max(1) as f64,
        projected: projected(&name, elapsed),
        wall_seconds: t.elapsed().as_secs_f64(),
        target: l.transport.describe(),
        probes,
        design: name,
        cores,
        elapsed_cycles: elapsed,
        jobs: split_solve.map(|s| s.jobs).or(seq_jobs).unwrap_or(probes),
        split: split_solve,
        null_window,
        hybrid,
    }
    .print(target.json)
}

impl OthelloCmd {
    pub fn run(self) -> Result<()> {
        match self {
            OthelloCmd::Perft {
                depth,
                pass_convention,
                json,
            } => perft(depth, pass_convention, json),
            OthelloCmd::Nboard {
                target,
                max_empties,
            } => nboard(target, max_empties),
            OthelloCmd::Solve(a) => solve(a),
        }
    }
}
