//! A UCI engine front end (the protocol chess GUIs and libraries such as python-chess speak).
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `position startpos|fen <FEN> [moves ...]`,
//! `go perft N` (answered as Stockfish answers it: one `<move>: <count>` line per root move, a
//! blank line, `Nodes searched: N`), `go depth N`, `go movetime MS`, `go wtime .. btime ..
//! [winc .. binc ..]`, `go infinite` (until `stop`), `stop`, `quit`. A search sends one
//! `info depth .. score .. nodes .. nps .. time .. pv ..` line per finished depth and then
//! `bestmove`. Errors (a bad FEN, an illegal move in `moves`, an unknown command) are answered
//! with `info string ...`; the position is then left as it was.
//!
//! The search is alpha-beta with a material evaluation and a quiescence search over captures
//! and promotions, the moves in the generator's order (checks, promotions, captures by most
//! valuable victim then least valuable attacker, quiet moves), taken one at a time from a step
//! job ([`Steps`]: the paper's combined command, one request unmakes the stored move,
//! generates the next, returns it and makes it), as the paper's MBChess drove its hardware
//! generator: the model's step job, or the board's with `chess uci --sim/--port`. Depth is at
//! most `model::chess::step::MAX_STEP_PLY` (the chip's stack), quiescence included.

use super::MAX_PERFT_DEPTH;
use crate::search::{Limits, LineEngine};
use model::chess::generator::Class;
use model::chess::protocol::StepAnswer;
use model::chess::step::{Step, Stepper, MAX_STEP_PLY};
use model::chess::{divide, legal_moves, Color, Kind, Move, Position};
use std::time::{Duration, Instant};

const MATE: i32 = 30_000;
/// Depth of `go` without a limit other than `stop` or a clock.
const MAX_DEPTH: u32 = 64;

fn value(k: Kind) -> i32 {
    match k {
        Kind::Pawn => 100,
        Kind::Knight => 320,
        Kind::Bishop => 330,
        Kind::Rook => 500,
        Kind::Queen => 900,
        Kind::King => 0,
    }
}

/// Material from the side to move's view.
fn evaluate(pos: &Position) -> i32 {
    pos.board
        .iter()
        .flatten()
        .map(|p| {
            let v = value(p.kind);
            if p.color == pos.side {
                v
            } else {
                -v
            }
        })
        .sum()
}

fn is_capture(pos: &Position, m: Move) -> bool {
    pos.board[m.to as usize].is_some()
        || (pos.ep == Some(m.to)
            && pos.board[m.from as usize].is_some_and(|p| p.kind == Kind::Pawn))
}

/// Where the search's moves come from: a step job (the paper's combined command, section 5:
/// each step unmakes the stored move, generates the next, returns it and makes it), on the
/// model (`model::chess::step::Stepper`) or on the board (`chess uci --sim/--port`). Errors are
/// messages naming what went wrong.
pub trait Steps {
    /// Start a step job at `pos`: its first legal move, made.
    fn start(&mut self, pos: &Position) -> Result<StepAnswer, String>;
    fn step(&mut self, step: Step) -> Result<StepAnswer, String>;
}

/// The model's step job.
#[derive(Default)]
pub struct ModelSteps(Option<Stepper>);

impl Steps for ModelSteps {
    fn start(&mut self, pos: &Position) -> Result<StepAnswer, String> {
        let s = Stepper::start(pos);
        let a = StepAnswer::of(&s.state());
        self.0 = Some(s);
        Ok(a)
    }
    fn step(&mut self, step: Step) -> Result<StepAnswer, String> {
        let s = self.0.as_mut().ok_or("no step job was started")?;
        s.step(step)
            .map(|st| StepAnswer::of(&st))
            .map_err(|e| e.to_string())
    }
}

/// Why a search stopped early.
enum Halt {
    /// `stop`, `quit` or the clock.
    Stopped,
    /// The generator failed or answered something impossible.
    Failed(String),
}

struct Search<'a, 'b> {
    nodes: u64,
    limits: &'a mut Limits<'b>,
    steps: &'a mut dyn Steps,
}

impl Search<'_, '_> {
    /// A step, its answer checked: the node it waits at must be at `ply` (position `pos`) and
    /// its move legal there.
    fn step(&mut self, pos: &Position, ply: u32, step: Step) -> Result<StepAnswer, Halt> {
        let a = self.steps.step(step).map_err(Halt::Failed)?;
        check_answer(pos, ply, &a).map_err(Halt::Failed)?;
        Ok(a)
    }

    /// Captures and promotions only; the generator yields them before every quiet move
    /// (checks first, which may be quiet: those are stepped over).
    fn quiesce(
        &mut self,
        pos: &Position,
        at: StepAnswer,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> Result<i32, Halt> {
        self.nodes += 1;
        let stand = evaluate(pos);
        if stand >= beta {
            return Ok(beta);
        }
        alpha = alpha.max(stand);
        if ply == MAX_STEP_PLY {
            return Ok(alpha);
        }
        let mut at = at;
        while let Some((m, class)) = at.made {
            if class == Class::Quiet {
                break;
            }
            if !is_capture(pos, m) && m.promo.is_none() {
                at = self.step(pos, ply, Step::Next)?;
                continue;
            }
            let child = pos.play(m);
            let down = self.step(&child, ply + 1, Step::Down)?;
            let v = -self.quiesce(&child, down, ply + 1, -beta, -alpha)?;
            // Back to this node (its next move made), also before a cutoff: a node returns
            // with the board waiting at it.
            at = self.step(pos, ply, Step::Up)?;
            if v >= beta {
                return Ok(beta);
            }
            alpha = alpha.max(v);
        }
        Ok(alpha)
    }

    /// Negamax alpha-beta over the generator's order; the board waits at this node (`at`:
    /// its first legal move made) and is left waiting here.
    fn node(
        &mut self,
        pos: &Position,
        at: StepAnswer,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> Result<(i32, Option<Move>), Halt> {
        if self.limits.check() {
            return Err(Halt::Stopped);
        }
        if at.made.is_none() {
            self.nodes += 1;
            return Ok((
                if pos.in_check() {
                    -MATE + ply as i32
                } else {
                    0
                },
                None,
            ));
        }
        if depth == 0 || ply == MAX_STEP_PLY {
            return Ok((self.quiesce(pos, at, ply, alpha, beta)?, None));
        }
        self.nodes += 1;
        let mut best = None;
        let mut at = at;
        while let Some((m, _)) = at.made {
            let child = pos.play(m);
            let down = self.step(&child, ply + 1, Step::Down)?;
            let (v, _) = self.node(&child, down, depth - 1, ply + 1, -beta, -alpha)?;
            let v = -v;
            at = self.step(pos, ply, Step::Up)?;
            if best.is_none() || v > alpha {
                best = Some(m);
            }
            if v >= beta {
                return Ok((beta, Some(m)));
            }
            alpha = alpha.max(v);
        }
        Ok((alpha, best))
    }
}

/// A step answer is possible: at `ply`, its move (if any) legal in `pos`.
fn check_answer(pos: &Position, ply: u32, a: &StepAnswer) -> Result<(), String> {
    if a.ply != ply {
        return Err(format!(
            "the generator waits at ply {} where the search is at ply {ply}",
            a.ply
        ));
    }
    if let Some((m, _)) = a.made {
        if !legal_moves(pos).contains(&m) {
            return Err(format!(
                "the generator made {}, not a legal move in {}",
                m.uci(),
                pos.fen()
            ));
        }
    }
    Ok(())
}

fn score_text(v: i32) -> String {
    if v.abs() > MATE - 1000 {
        let plies = MATE - v.abs();
        let moves = (plies + 1) / 2;
        format!("mate {}", if v > 0 { moves } else { -moves })
    } else {
        format!("cp {v}")
    }
}

/// Counts `go perft` somewhere else than on the model (the board: `chess uci --sim/--port`):
/// the leaves below each root move (in `legal_moves` order; empty at depth 0) and the total,
/// or a message naming what went wrong.
pub type PerftCounter = Box<dyn FnMut(&Position, u32) -> Result<(Vec<(Move, u64)>, u64), String>>;

/// The engine's state between commands.
pub struct Uci {
    pub pos: Position,
    /// Lines that arrived during a search (other than `stop`, `quit`, `isready`), to be
    /// handled next, in order.
    pub pending: std::collections::VecDeque<String>,
    /// Where `go perft` is counted, with its deepest depth; the model (up to
    /// `MAX_PERFT_DEPTH`) when none.
    pub perft_counter: Option<(PerftCounter, u32)>,
    /// Where the search's moves come from: the model's step job unless a board is given.
    pub steps: Box<dyn Steps>,
}

impl Default for Uci {
    fn default() -> Self {
        Uci {
            pos: Position::start(),
            pending: Default::default(),
            perft_counter: None,
            steps: Box::new(ModelSteps::default()),
        }
    }
}

impl LineEngine for Uci {
    fn pending(&mut self) -> Option<String> {
        self.pending.pop_front()
    }

    fn handle(
        &mut self,
        line: &str,
        poll: &mut dyn FnMut() -> Option<String>,
        out: &mut dyn FnMut(String),
    ) -> bool {
        let clean: String = line.chars().filter(|c| !c.is_control()).collect();
        let words: Vec<&str> = clean.split_whitespace().collect();
        match words.first().copied().unwrap_or("") {
            "" => {}
            "uci" => {
                out("id name boardgate".into());
                out("id author the boardgate developers".into());
                out("uciok".into());
            }
            "isready" => out("readyok".into()),
            "ucinewgame" => self.pos = Position::start(),
            "position" => match parse_position(&words[1..]) {
                Ok(p) => self.pos = p,
                Err(e) => out(format!("info string {e}")),
            },
            "go" => return self.go(&words[1..], poll, out),
            "stop" => {}
            "quit" => return false,
            other => out(format!("info string unknown command '{other}'")),
        }
        true
    }
}

impl Uci {
    fn go(
        &mut self,
        args: &[&str],
        poll: &mut dyn FnMut() -> Option<String>,
        out: &mut dyn FnMut(String),
    ) -> bool {
        let arg = |name: &str| -> Option<u64> {
            args.iter()
                .position(|&a| a == name)
                .and_then(|i| args.get(i + 1))
                .and_then(|v| v.parse().ok())
        };
        if args.first() == Some(&"perft") {
            let max = self.perft_counter.as_ref().map_or(MAX_PERFT_DEPTH, |c| c.1);
            match arg("perft") {
                Some(d) if d <= max as u64 => {
                    let d = d as u32;
                    let counted = match self.perft_counter.as_mut() {
                        Some((count, _)) => count(&self.pos, d),
                        None => {
                            let per = divide(&self.pos, d);
                            let total = if d == 0 {
                                1
                            } else {
                                per.iter().map(|x| x.1).sum()
                            };
                            Ok((if d == 0 { Vec::new() } else { per }, total))
                        }
                    };
                    match counted {
                        Ok((per, total)) => {
                            for (m, n) in per {
                                out(format!("{}: {n}", m.uci()));
                            }
                            out(String::new());
                            out(format!("Nodes searched: {total}"));
                        }
                        Err(e) => out(format!("info string go perft failed ({e})")),
                    }
                }
                _ => out(format!(
                    "info string go perft needs a depth from 0 to {max}"
                )),
            }
            return true;
        }
        let start = Instant::now();
        let mut depth_limit =
            arg("depth").map_or(MAX_DEPTH, |d| d.clamp(1, MAX_DEPTH as u64) as u32);
        let mut deadline = arg("movetime").map(|ms| start + Duration::from_millis(ms));
        let (time, inc) = match self.pos.side {
            Color::White => (arg("wtime"), arg("winc")),
            Color::Black => (arg("btime"), arg("binc")),
        };
        if let Some(t) = time {
            let budget = t / 30 + inc.unwrap_or(0) / 2;
            deadline = Some(start + Duration::from_millis(budget.max(10)));
        }
        let infinite = args.contains(&"infinite");
        if !infinite && deadline.is_none() && arg("depth").is_none() {
            depth_limit = 5;
        }
        let mut limits = Limits::new(deadline, poll);
        let mut best = legal_moves(&self.pos).first().copied();
        let mut nodes = 0;
        for depth in 1..=depth_limit.min(MAX_STEP_PLY) {
            let root = self.pos.clone();
            let r = match self.steps.start(&root).and_then(|a| {
                check_answer(&root, 0, &a)?;
                Ok(a)
            }) {
                Err(e) => Err(Halt::Failed(e)),
                Ok(at) => {
                    let mut s = Search {
                        nodes: 0,
                        limits: &mut limits,
                        steps: self.steps.as_mut(),
                    };
                    let r = s.node(&root, at, depth, 0, -MATE - 1, MATE + 1);
                    nodes += s.nodes;
                    r
                }
            };
            for _ in 0..std::mem::take(&mut limits.ready) {
                out("readyok".into());
            }
            let (score, m) = match r {
                Ok(r) => r,
                Err(Halt::Stopped) => break,
                Err(Halt::Failed(e)) => {
                    out(format!("info string the search stopped: {e}"));
                    break;
                }
            };
            if m.is_some() {
                best = m;
            }
            let ms = start.elapsed().as_millis().max(1) as u64;
            out(format!(
                "info depth {depth} score {} nodes {nodes} nps {} time {ms} pv {}",
                score_text(score),
                nodes * 1000 / ms,
                best.map_or("0000".into(), |m| m.uci())
            ));
            if score.abs() > MATE - 1000 {
                break;
            }
        }
        // `go infinite` must not answer before `stop`.
        while infinite && !limits.check() {
            std::thread::sleep(Duration::from_millis(5));
        }
        out(format!(
            "bestmove {}",
            best.map_or("0000".into(), |m| m.uci())
        ));
        self.pending.extend(limits.later);
        !limits.quit
    }
}

/// `startpos|fen <FEN> [moves ...]`.
fn parse_position(w: &[&str]) -> Result<Position, String> {
    let moves_at = w.iter().position(|&x| x == "moves").unwrap_or(w.len());
    let mut pos = match w.first().copied() {
        Some("startpos") => Position::start(),
        Some("fen") => Position::from_fen(&w[1..moves_at].join(" ")).map_err(|e| e.to_string())?,
        _ => return Err("position needs 'startpos' or 'fen <FEN>'".into()),
    };
    for m in w.iter().skip(moves_at + 1) {
        let mv = pos.parse_uci(m).map_err(|e| format!("moves: {e}"))?;
        pos = pos.play(mv);
    }
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(uci: &mut Uci, line: &str) -> Vec<String> {
        let mut out = Vec::new();
        uci.handle(line, &mut || None, &mut |l| out.push(l));
        out
    }

    #[test]
    fn protocol() {
        let mut u = Uci::default();
        assert_eq!(run(&mut u, "uci").last().unwrap(), "uciok");
        assert_eq!(run(&mut u, "isready"), ["readyok"]);
        let perft = run(&mut u, "go perft 2");
        assert_eq!(perft.len(), 22);
        assert_eq!(perft.last().unwrap(), "Nodes searched: 400");
        assert_eq!(perft[20], "");
        // Mate in one: Qh5xf7 (scholar's mate).
        run(
            &mut u,
            "position startpos moves e2e4 e7e5 d1h5 b8c6 f1c4 g8f6",
        );
        let go = run(&mut u, "go depth 2");
        assert_eq!(go.last().unwrap(), "bestmove h5f7", "{go:?}");
        assert!(go.iter().any(|l| l.contains("score mate 1")), "{go:?}");
        // Errors keep the position.
        let before = u.pos.clone();
        assert!(run(&mut u, "position startpos moves e2e5")[0].starts_with("info string moves:"));
        assert!(run(&mut u, "position fen 8/8/8/8/8/8/8/8 w - -")[0].contains("kings"));
        assert_eq!(u.pos, before);
        assert_eq!(
            run(&mut u, "xyzzy"),
            ["info string unknown command 'xyzzy'"]
        );
        let mut out = Vec::new();
        assert!(!u.handle("quit", &mut || None, &mut |l| out.push(l)));
    }

    #[test]
    fn stop_ends_an_infinite_search() {
        let mut u = Uci::default();
        let mut polls = 0;
        let mut out = Vec::new();
        let mut poll = || {
            polls += 1;
            (polls == 50).then(|| "stop".to_string())
        };
        assert!(u.handle("go infinite", &mut poll, &mut |l| out.push(l)));
        assert!(out.last().unwrap().starts_with("bestmove "), "{out:?}");
    }
}
