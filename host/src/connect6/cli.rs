//! `boardgate connect6 ...`: a Cloudict engine and the referee that plays engines against
//! each other.

use super::engine::Cloudict;
use super::referee::{play_game, MatchConfig, Totals};
use super::{BoardPlayer, MoveClock};
use crate::cli::{projected, JobArgs, Projection, Target, Usage};
use anyhow::{Context, Result};
use clap::{Subcommand, ValueEnum};
use gateware::CoreKind;
use model::connect6::baseline::Baseline;
use model::connect6::pair_search;
use model::connect6::paper::selector::{self, Module, Proposal};
use model::connect6::protocol::expected_job;
use model::connect6::{format_stones, Game, Point};
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// The players an engine can run.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum PlayerKind {
    /// The baseline opponent of the model (`model::connect6::baseline`): win if it can,
    /// block every threat two stones can complete, else the best line score.
    Baseline,
    /// The paper's player on the model (`model::connect6::paper`): checkmate strategy
    /// checker, template matching and skilful-line predictor around the opponent's last
    /// stones, and the next-move selector (no seed: it has no random choice).
    Paper,
    /// The threat player on the model (`model::connect6::threat`): wins, blocks and
    /// one-turn threat-space search over the whole board's six-point windows.
    Threat,
}

#[derive(Subcommand, Debug)]
pub enum Connect6Cmd {
    /// Run as a Connect6 engine on stdin/stdout, speaking the Cloudict text protocol (`name`,
    /// `new black|white`, `black XXXX`, `white XXXX`, `move XXXX`, `next`, `print`, `depth`,
    /// `vcf`, `unvcf`, `help`, `quit`; docs/connect6.md). With --sim / --port the board's
    /// circuit decides every move on chip (the `connect6` design: the paper's player;
    /// `connect6-threat`: the threat player, Black's opening played by the host); the host
    /// relays the stones.
    Engine {
        /// Who chooses the engine's stones on the model (default: baseline); not with
        /// --sim / --port, where the circuit does.
        #[arg(long, value_enum)]
        player: Option<PlayerKind>,
        /// Seed of the player's tie-breaks (one seed always plays the same game).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The Connect6 design (`connect6` or `connect6-threat`): simulated with --sim; with
        /// --port, its baud rate is the default.
        #[arg(long, default_value = "connect6")]
        design: String,
        /// The `connect6-threat` board's time a move, in seconds (default 1, the contests'
        /// limit): each turn's budget of pairs from the board's measured speed and the time
        /// left, the job aborted at 40% of it and a turn within no pairs played instead
        /// (`BoardPlayer::timed_turn`).
        #[arg(long, value_name = "SECONDS", conflicts_with = "budget")]
        move_time: Option<f64>,
        /// The `connect6-threat` board's budget of pairs tested a turn, fixed (0..=1048575;
        /// the chip's default 100000), instead of a time a move.
        #[arg(long, value_name = "PAIRS")]
        budget: Option<u64>,
        #[command(flatten)]
        target: Target,
    },
    /// The paper's player's stones for one position, with each stone's module, the
    /// decision's cycles and the model's candidates; on the model, or decided by the board's
    /// circuit with --sim / --port (the whole board written, one job).
    Move {
        /// The game so far in the Cloudict notation, a turn a word (`"JJ KKLL"`; empty: the
        /// opening).
        #[arg(long, default_value = "")]
        record: String,
        /// The Connect6 design: simulated with --sim; with --port, its baud rate is the
        /// default.
        #[arg(long, default_value = "connect6")]
        design: String,
        /// --json: one JSON object: {record, to_move, stones: [{point, module}], cycles,
        /// decided_on ("model" or "board"), model_stones, candidates: [{module, priority,
        /// stones}]}; on the board also agrees (the board's stones are the model's),
        /// projected: [{board, fmax_mhz, seconds}], design, target.
        #[command(flatten)]
        target: Target,
        #[command(flatten)]
        job: JobArgs,
    },
    /// Play games between two engine commands speaking the Cloudict protocol, alternating
    /// colours (A is Black in the first game), with a time limit a move; an engine forfeits
    /// a game by an illegal or malformed move, a late one or none. Each game starts both
    /// commands afresh, `{seed}` in a command replaced by that game's seed for it.
    Match {
        /// Engine A's command line (run by `sh -c`).
        #[arg(long)]
        a: String,
        /// Engine B's command line (run by `sh -c`).
        #[arg(long)]
        b: String,
        /// Games to play (1..=100000).
        #[arg(long, default_value_t = 2)]
        games: u32,
        /// Seconds an engine has for each move (the contests' limit: 1).
        #[arg(long, default_value_t = 1.0)]
        time_limit: f64,
        /// The match's seed: game g gives A `seed + 2g` and B `seed + 2g + 1` for `{seed}`.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Append each game (its engines, result and record) to this file.
        #[arg(long)]
        log: Option<PathBuf>,
        /// One JSON object: {a, b, seed, time_limit_s, games: [{game, black, winner, end,
        /// forfeit_reason, turns, record, max_move_ms: [a, b]}], a_wins, b_wins, draws,
        /// forfeits: [a, b]}.
        #[arg(long)]
        json: bool,
    },
}

impl Connect6Cmd {
    pub fn run(self) -> Result<()> {
        match self {
            Connect6Cmd::Engine {
                player,
                seed,
                design,
                move_time,
                budget,
                target,
            } => {
                // The move clock's options, refused for any player but the threat design's.
                let not_timed = || -> Result<()> {
                    let what = match (move_time, budget) {
                        (Some(_), _) => "--move-time",
                        (None, Some(_)) => "--budget",
                        (None, None) => return Ok(()),
                    };
                    Err(Usage(format!(
                        "{what} is for the connect6-threat design's turn on a board (--sim / \
                         --port)"
                    ))
                    .into())
                };
                if let Some(t) = move_time {
                    if !(t.is_finite() && t > 0.0 && t <= 3600.0) {
                        return Err(Usage(format!(
                            "--move-time {t}: give seconds above 0, at most 3600"
                        ))
                        .into());
                    }
                }
                if let Some(b) = budget {
                    if b > pair_search::MAX_BUDGET {
                        return Err(Usage(format!(
                            "--budget {b}: give 0 to {} pairs (the chip's register is 20 bits)",
                            pair_search::MAX_BUDGET
                        ))
                        .into());
                    }
                }
                let player: Box<dyn super::engine::Player> = if target.on_board() {
                    if let Some(p) = player {
                        return Err(Usage(format!(
                            "--player {p:?}: the model's players are for an engine without \
                             --sim / --port (there the board's circuit plays)"
                        ))
                        .into());
                    }
                    let (mut link, name) = crate::cli::open_game(
                        &design,
                        "a Connect6",
                        |c| matches!(c, CoreKind::Connect6 | CoreKind::Connect6Threat),
                        &target,
                        false,
                    )?;
                    // The design the board reports (a real board runs what was flashed); a
                    // job left running aborted once it is a Connect6 player's.
                    let core = reported_core(&name)?;
                    if matches!(core, CoreKind::Connect6 | CoreKind::Connect6Threat) {
                        link.abort_running()?;
                    }
                    match core {
                        CoreKind::Connect6 => {
                            not_timed()?;
                            Box::new(BoardPlayer::new(link))
                        }
                        CoreKind::Connect6Threat => {
                            let mut p = BoardPlayer::threat(link);
                            match budget {
                                Some(b) => p.budget = b,
                                None => {
                                    let limit = Duration::from_secs_f64(move_time.unwrap_or(1.0));
                                    let hz = super::threat_clock_hz();
                                    p.clock = Some(MoveClock::measured(limit, &mut p.link, hz)?);
                                }
                            }
                            Box::new(p)
                        }
                        _ => {
                            return Err(Usage(format!(
                                "the board runs the design '{name}', not a Connect6 player"
                            ))
                            .into())
                        }
                    }
                } else {
                    not_timed()?;
                    match player.unwrap_or(PlayerKind::Baseline) {
                        PlayerKind::Baseline => Box::new(Baseline::new(seed)),
                        PlayerKind::Paper => Box::new(super::engine::PaperModel),
                        PlayerKind::Threat => Box::new(super::engine::ThreatModel),
                    }
                };
                crate::search::run_stdio(&mut Cloudict::new(player));
                Ok(())
            }
            Connect6Cmd::Move {
                record,
                design,
                target,
                job,
            } => decide_move(&record, &design, &target, &job),
            Connect6Cmd::Match {
                a,
                b,
                games,
                time_limit,
                seed,
                log,
                json,
            } => {
                if !(1..=100_000).contains(&games) {
                    return Err(Usage(format!("--games {games}: give 1 to 100000")).into());
                }
                if !(time_limit.is_finite() && time_limit > 0.0 && time_limit <= 3600.0) {
                    return Err(Usage(format!(
                        "--time-limit {time_limit}: give seconds above 0, at most 3600"
                    ))
                    .into());
                }
                let cfg = MatchConfig {
                    a,
                    b,
                    games,
                    time_limit: Duration::from_secs_f64(time_limit),
                    seed,
                };
                run_match(&cfg, log, json)
            }
        }
    }
}

/// Opens the paper's Connect6 design named `design` on the target; a board that reports
/// another design is refused (before any job of its is touched), else a job left running is
/// aborted (a decision ends within about a thousand cycles).
fn open_connect6(
    design: &str,
    target: &Target,
) -> Result<(crate::Link<Box<dyn crate::Transport>>, String)> {
    let (mut link, name) = crate::cli::open_game(
        design,
        "a Connect6",
        |c| matches!(c, CoreKind::Connect6),
        target,
        false,
    )?;
    if reported_core(&name)? != CoreKind::Connect6 {
        return Err(Usage(format!(
            "the board runs the design '{name}': `connect6 move` shows the paper's player (the \
             connect6 design)"
        ))
        .into());
    }
    link.abort_running()?;
    Ok((link, name))
}

/// The core of the design a board reports by name (`IDENTIFY`).
fn reported_core(name: &str) -> Result<CoreKind> {
    Ok(gateware::Design::from_name(name)
        .map_err(|_| {
            Usage(format!(
                "the board reports the design '{name}', which this host does not know"
            ))
        })?
        .core())
}

/// A stone of `connect6 move`'s report.
#[derive(Serialize)]
struct Stone {
    point: String,
    module: Module,
}

/// A candidate of the model's first pass.
#[derive(Serialize)]
struct Candidate {
    module: Module,
    priority: u16,
    stones: String,
}

/// What `connect6 move` prints (`--json`: this object).
#[derive(Serialize)]
struct MoveReport {
    record: String,
    to_move: &'static str,
    stones: Vec<Stone>,
    cycles: u64,
    decided_on: &'static str,
    model_stones: Vec<Stone>,
    candidates: Vec<Candidate>,
    #[serde(skip_serializing_if = "Option::is_none")]
    agrees: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    projected: Option<Vec<Projection>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    design: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    target: Option<String>,
}

fn stones_of(v: &[(Point, Module)]) -> Vec<Stone> {
    v.iter()
        .map(|&(p, module)| Stone {
            point: format_stones(&[p]),
            module,
        })
        .collect()
}

fn decide_move(record: &str, design: &str, target: &Target, bounds: &JobArgs) -> Result<()> {
    let game = Game::from_record(record).map_err(|e| Usage(format!("--record: {e}")))?;
    if let Some(o) = game.outcome() {
        return Err(Usage(format!("--record: the game is over ({o:?})")).into());
    }
    // The model's stones and the job's cycles for them, from one evaluation.
    let want = expected_job(&game, false);
    let model = want.stones;
    let last = game.turns().last().cloned().unwrap_or_default();
    let candidates = selector::candidates(game.board(), game.to_move(), &last)
        .into_iter()
        .map(|r| Candidate {
            module: r.module,
            priority: r.priority,
            stones: match r.proposal {
                Proposal::One(p) => format_stones(&[p]),
                Proposal::Two(ps) => format_stones(&ps),
            },
        })
        .collect();
    let mut report = MoveReport {
        record: game.record(),
        to_move: game.to_move().name(),
        stones: stones_of(&model),
        cycles: want.cycles,
        decided_on: "model",
        model_stones: stones_of(&model),
        candidates,
        agrees: None,
        projected: None,
        design: None,
        target: None,
    };
    if target.on_board() {
        let (mut l, name) = open_connect6(design, target)?;
        bounds.begin(target, &mut l)?;
        let mut player = BoardPlayer::new(l);
        let r = player
            .decide(&game)
            .map_err(|e| bounds.end(&mut player.link, e))?;
        report.stones = stones_of(&r.stones);
        report.cycles = r.cycles;
        report.decided_on = "board";
        report.agrees = Some(r.stones == model);
        report.projected = Some(projected(&name, r.cycles));
        report.target = Some(player.link.transport.describe());
        report.design = Some(name);
    }
    let mut out = std::io::stdout().lock();
    if target.json {
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
        return Ok(());
    }
    let show = |v: &[Stone]| {
        v.iter()
            .map(|s| format!("{} ({:?})", s.point, s.module))
            .collect::<Vec<_>>()
            .join(", ")
    };
    writeln!(
        out,
        "{} to move; stones: {} (decided on the {}, {} cycles)",
        report.to_move,
        show(&report.stones),
        report.decided_on,
        report.cycles
    )?;
    if let (Some(agrees), Some(t)) = (report.agrees, &report.target) {
        writeln!(
            out,
            "board: {} on {t}; the model's stones: {} ({})",
            report.design.as_deref().unwrap_or(""),
            show(&report.model_stones),
            if agrees { "the same" } else { "DIFFERENT" }
        )?;
        for p in report.projected.iter().flatten() {
            writeln!(
                out,
                "projected on {}: {:.2} us at {} MHz",
                p.board,
                p.seconds * 1e6,
                p.fmax_mhz
            )?;
        }
    }
    for c in &report.candidates {
        writeln!(
            out,
            "candidate: {:?} priority {} at {}",
            c.module, c.priority, c.stones
        )?;
    }
    Ok(())
}

fn run_match(cfg: &MatchConfig, log: Option<PathBuf>, json: bool) -> Result<()> {
    // An engine that exits closes the pipe the referee writes its lines to: that must cost
    // the engine the game (its answer never comes), not end the referee by SIGPIPE. The
    // referee's own output is written with its errors handled for the same reason.
    #[cfg(unix)]
    // SAFETY: sets one signal's disposition; no handler runs.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    let mut log_file = match &log {
        Some(p) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| Usage(format!("--log {}: {e}", p.display())))?,
        ),
        None => None,
    };
    let mut totals = Totals::default();
    let mut results = Vec::new();
    for g in 0..cfg.games {
        let mut lines = Vec::new();
        let r = play_game(cfg, g, &mut lines)?;
        totals.add(&r);
        let outcome = match (r.winner, r.end) {
            (None, _) => "a draw".to_string(),
            (Some(w), "six") => format!("{w} wins by a six"),
            (Some(w), _) => format!(
                "{w} wins by forfeit: {}",
                r.forfeit_reason.as_deref().unwrap_or("")
            ),
        };
        let _ = writeln!(
            std::io::stderr(),
            "game {}/{}: {} black, {outcome} after {} turns (a {} - b {}, {} drawn)",
            g + 1,
            cfg.games,
            r.black,
            r.turns,
            totals.a_wins,
            totals.b_wins,
            totals.draws
        );
        if let Some(f) = log_file.as_mut() {
            writeln!(
                f,
                "game {} black={} winner={} end={} turns={} record={}",
                r.game,
                r.black,
                r.winner.unwrap_or("none"),
                r.end,
                r.turns,
                r.record
            )
            .and_then(|_| {
                lines
                    .iter()
                    .try_for_each(|l| writeln!(f, "  engine said: {l}"))
            })
            .with_context(|| "writing the game log")?;
        }
        results.push(r);
    }
    let mut stdout = std::io::stdout().lock();
    if json {
        writeln!(
            stdout,
            "{}",
            serde_json::json!({
                "a": cfg.a, "b": cfg.b, "seed": cfg.seed,
                "time_limit_s": cfg.time_limit.as_secs_f64(),
                "games": results,
                "a_wins": totals.a_wins, "b_wins": totals.b_wins, "draws": totals.draws,
                "forfeits": totals.forfeits,
            })
        )?;
    } else {
        writeln!(
            stdout,
            "a {} - b {}, {} drawn, of {} games (forfeits: a {}, b {})",
            totals.a_wins,
            totals.b_wins,
            totals.draws,
            cfg.games,
            totals.forfeits[0],
            totals.forfeits[1]
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reported_design_names_its_core() {
        assert_eq!(
            reported_core("connect6-threat").unwrap(),
            CoreKind::Connect6Threat
        );
        assert_eq!(reported_core("connect6").unwrap(), CoreKind::Connect6);
        let e = reported_core("frobnicator").unwrap_err().to_string();
        assert!(
            e.contains("'frobnicator'") && e.contains("does not know"),
            "{e}"
        );
    }
}
