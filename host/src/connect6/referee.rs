//! The referee of `boardgate connect6 match`: plays games between two engine commands that
//! speak the Cloudict protocol ([`super::engine`]), alternating colours, and enforces the
//! rules and a time limit a move. An engine forfeits the game when its move is malformed or
//! illegal, comes late, or never comes (it exits).
//!
//! A game, with A as Black: `new black` to A, which answers `move JJ`; `new white` to B, then
//! `move JJ`, which B answers with its two stones; each answer goes on to the other engine
//! as `move XXXX` until a six or a full board. Lines an engine prints that do not start with
//! `move ` are logged and ignored. Each game starts both commands afresh, `{seed}` in a
//! command replaced by the game's seed for that engine (`seed + 2 * game` for A, one more
//! for B, wrapping past `u64::MAX`), so seeded engines play a different game each time and the match replays exactly.

use model::connect6::{Color, Game, Outcome};
use serde::Serialize;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// A match's settings.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub a: String,
    pub b: String,
    pub games: u32,
    pub time_limit: Duration,
    pub seed: u64,
}

/// One game's result (`--json`'s `games[]`).
#[derive(Clone, Debug, Serialize)]
pub struct GameResult {
    /// From 0; A is Black in the even games.
    pub game: u32,
    /// `"a"` or `"b"`.
    pub black: &'static str,
    /// `"a"`, `"b"` or null (a draw).
    pub winner: Option<&'static str>,
    /// `six`, `draw` or `forfeit`.
    pub end: &'static str,
    /// What the forfeit was for, if one was.
    pub forfeit_reason: Option<String>,
    pub turns: usize,
    /// The game in the Cloudict notation, a turn a word.
    pub record: String,
    /// The longest answer of each engine, in milliseconds: `[a, b]`.
    pub max_move_ms: [f64; 2],
}

/// An engine process and the lines it prints.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn spawn(cmd: &str) -> anyhow::Result<Engine> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(cmd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| anyhow::anyhow!("cannot start engine `{cmd}`: {e}"))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for l in BufReader::new(stdout).lines() {
                let Ok(l) = l else { break };
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        Ok(Engine {
            child,
            stdin,
            lines,
        })
    }

    /// Sends a line; an engine that has exited shows as a missing answer later.
    fn send(&mut self, line: &str) {
        let _ = writeln!(self.stdin, "{line}");
        let _ = self.stdin.flush();
    }

    /// The stones of the next `move ` line before `deadline`.
    fn answer(&mut self, deadline: Instant, log: &mut Vec<String>) -> Result<String, String> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => match l.trim().strip_prefix("move ") {
                    Some(m) => return Ok(m.trim().to_string()),
                    None => log.push(l),
                },
                Err(RecvTimeoutError::Timeout) => {
                    return Err("no move within the time limit".into())
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err("the engine ended without a move".into())
                }
            }
        }
    }

    fn end(mut self) {
        self.send("quit");
        let t = Instant::now();
        while t.elapsed() < Duration::from_millis(200) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Plays game `g` of the match; `log` receives the lines the engines printed besides moves.
pub fn play_game(cfg: &MatchConfig, g: u32, log: &mut Vec<String>) -> anyhow::Result<GameResult> {
    let names = ["a", "b"];
    // engines[0] plays Black.
    let a_black = g.is_multiple_of(2);
    let seeded = |cmd: &str, k: u64| {
        cmd.replace(
            "{seed}",
            &cfg.seed.wrapping_add(2 * u64::from(g) + k).to_string(),
        )
    };
    let cmds = [seeded(&cfg.a, 0), seeded(&cfg.b, 1)];
    let order = if a_black { [0, 1] } else { [1, 0] };
    let mut engines = [
        Engine::spawn(&cmds[order[0]])?,
        Engine::spawn(&cmds[order[1]])?,
    ];
    engines[0].send("new black");
    engines[1].send("new white");
    let mut game = Game::new();
    let mut asked = Instant::now();
    let mut max_ms = [0f64; 2];
    let mut forfeit = None;
    while game.outcome().is_none() {
        let side = game.to_move().index();
        let who = order[side];
        let answer = engines[side].answer(asked + cfg.time_limit, log);
        max_ms[who] = max_ms[who].max(asked.elapsed().as_secs_f64() * 1e3);
        let played = answer.and_then(|m| {
            let stones = game
                .parse_turn(&m)
                .map_err(|e| format!("move '{m}': {e}"))?;
            game.play(&stones).map_err(|e| format!("move '{m}': {e}"))?;
            Ok(stones)
        });
        match played {
            Ok(stones) => {
                if game.outcome().is_none() {
                    engines[1 - side]
                        .send(&format!("move {}", model::connect6::format_stones(&stones)));
                    asked = Instant::now();
                }
            }
            Err(e) => {
                forfeit = Some((side, e));
                break;
            }
        }
    }
    for e in engines {
        e.end();
    }
    let (winner, end, reason) = match (forfeit, game.outcome()) {
        (Some((side, why)), _) => {
            let colour = [Color::Black, Color::White][side].name();
            let reason = format!("{} ({colour}): {why}", names[order[side]]);
            (Some(names[order[1 - side]]), "forfeit", Some(reason))
        }
        (None, Some(Outcome::Win(c))) => (Some(names[order[c.index()]]), "six", None),
        (None, _) => (None, "draw", None),
    };
    Ok(GameResult {
        game: g,
        black: names[order[0]],
        winner,
        end,
        forfeit_reason: reason,
        turns: game.turns().len(),
        record: game.record(),
        max_move_ms: max_ms,
    })
}

/// A match's totals (`--json`'s top level, beside `games`).
#[derive(Clone, Debug, Default, Serialize)]
pub struct Totals {
    pub a_wins: u32,
    pub b_wins: u32,
    pub draws: u32,
    /// Games each engine forfeited: `[a, b]`.
    pub forfeits: [u32; 2],
}

impl Totals {
    pub fn add(&mut self, r: &GameResult) {
        match r.winner {
            Some("a") => self.a_wins += 1,
            Some(_) => self.b_wins += 1,
            None => self.draws += 1,
        }
        if r.end == "forfeit" {
            self.forfeits[usize::from(r.winner == Some("a"))] += 1;
        }
    }
}
