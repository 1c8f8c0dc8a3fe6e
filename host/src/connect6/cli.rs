//! `boardgate connect6 ...`: a Cloudict engine and the referee that plays engines against
//! each other.

use super::engine::Cloudict;
use super::referee::{play_game, MatchConfig, Totals};
use crate::cli::Usage;
use anyhow::{Context, Result};
use clap::{Subcommand, ValueEnum};
use model::connect6::baseline::Baseline;
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
    /// `vcf`, `unvcf`, `help`, `quit`; docs/connect6.md).
    Engine {
        /// Who chooses the engine's stones.
        #[arg(long, value_enum, default_value = "baseline")]
        player: PlayerKind,
        /// Seed of the player's tie-breaks (one seed always plays the same game).
        #[arg(long, default_value_t = 0)]
        seed: u64,
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
            Connect6Cmd::Engine { player, seed } => {
                let player: Box<dyn super::engine::Player> = match player {
                    PlayerKind::Baseline => Box::new(Baseline::new(seed)),
                    PlayerKind::Paper => Box::new(super::engine::PaperModel),
                    PlayerKind::Threat => Box::new(super::engine::ThreatModel),
                };
                crate::search::run_stdio(&mut Cloudict::new(player));
                Ok(())
            }
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
