//! A USI engine front end (the protocol shogi GUIs and libraries such as cshogi speak).
//!
//! Commands: `usi`, `isready`, `usinewgame`, `setoption` (no options: ignored), `position
//! startpos|sfen <SFEN> [moves ...]` (an SFEN without the `sfen` keyword is taken too, as
//! cshogi's `Engine.position(sfen=...)` sends it), `go perft N` (answered as fairy-stockfish
//! answers it: one `<move>: <count>` line per root move, a blank line, `Nodes searched: N`;
//! on the model, or where [`Usi::perft_counter`] says: the board with `shogi usi --sim`),
//! `go [btime .. wtime .. byoyomi .. binc .. winc ..] [depth N] [infinite]`, `go mate MS |
//! infinite` (the side to move attacks: `checkmate <the mating line>`, `checkmate nomate` or,
//! past the time, the node budget or a `stop`, `checkmate timeout`; on the model df-pn, which
//! reads `stop` while it searches, or where
//! [`Usi::mate_solver`] says: the board's mate search with `shogi usi --sim`, which looks up
//! to its limit of plies within the time and until a `stop`, and says so in an `info string`
//! when it finds none), `stop`, `gameover`,
//! `quit`. A search sends one `info depth .. score .. nodes .. nps .. time .. pv ..` line per
//! finished depth and then `bestmove` (`bestmove resign` with no legal move). Errors (a bad
//! SFEN, an illegal move in `moves`, an unknown command) are answered with `info string ...`;
//! the position is then left as it was.
//!
//! The search is alpha-beta on material (pieces in hand counted as on the board) with a
//! quiescence search over captures, on the model's legal moves, captures first.

use super::MAX_PERFT_DEPTH;
use crate::search::{Limits, LineEngine};
use model::shogi::dfpn::{dfpn_until, Proof};
use model::shogi::{divide, legal_moves, Color, Kind, Move, Piece, Position};
use std::time::{Duration, Instant};

const MATE: i32 = 30_000;
/// Depth of `go` without a limit other than `stop` or a clock.
const MAX_DEPTH: u32 = 32;
/// Depth of `go` without any limit.
const DEFAULT_DEPTH: u32 = 2;

/// Material value of a piece (a promoted piece by what it moves like).
fn value(kind: Kind, promoted: bool) -> i32 {
    match (kind, promoted) {
        (Kind::King, _) => 0,
        (Kind::Rook, false) => 1000,
        (Kind::Rook, true) => 1300,
        (Kind::Bishop, false) => 850,
        (Kind::Bishop, true) => 1150,
        (Kind::Gold, _) => 600,
        (Kind::Silver, false) => 550,
        (Kind::Knight, false) => 400,
        (Kind::Lance, false) => 350,
        (Kind::Pawn, false) => 100,
        (_, true) => 600,
    }
}

/// Material from the side to move's view, hands included.
fn evaluate(pos: &Position) -> i32 {
    let sign = |c: Color| if c == pos.side { 1 } else { -1 };
    let board: i32 = pos
        .board
        .iter()
        .flatten()
        .map(|p| sign(p.color) * value(p.kind, p.promoted))
        .sum();
    let hands: i32 = [Color::Black, Color::White]
        .into_iter()
        .flat_map(|c| {
            Kind::HAND
                .into_iter()
                .map(move |k| sign(c) * pos.hands[c.index()][k as usize] as i32 * value(k, false))
        })
        .sum();
    board + hands
}

/// The piece `m` captures.
fn victim(pos: &Position, m: Move) -> Option<Piece> {
    match m {
        Move::Board { to, .. } => pos.board[to as usize],
        Move::Drop { .. } => None,
    }
}

/// Legal moves, captures first (most valuable victim first), then the rest in model order.
fn ordered(pos: &Position) -> Vec<Move> {
    let mut moves = legal_moves(pos);
    moves.sort_by_key(|&m| -victim(pos, m).map_or(0, |p| value(p.kind, p.promoted) + 1));
    moves
}

struct Search<'a, 'b> {
    nodes: u64,
    limits: &'a mut Limits<'b>,
}

/// `stop`, `quit` or the clock.
struct Stopped;

impl Search<'_, '_> {
    fn count(&mut self) -> Result<(), Stopped> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) && self.limits.check() {
            return Err(Stopped);
        }
        Ok(())
    }

    fn quiesce(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> Result<i32, Stopped> {
        self.count()?;
        let moves = ordered(pos);
        if moves.is_empty() {
            return Ok(-MATE + ply);
        }
        let stand = evaluate(pos);
        if stand >= beta {
            return Ok(stand);
        }
        alpha = alpha.max(stand);
        for m in moves.into_iter().take_while(|&m| victim(pos, m).is_some()) {
            let v = -self.quiesce(&pos.play(m), -beta, -alpha, ply + 1)?;
            if v >= beta {
                return Ok(v);
            }
            alpha = alpha.max(v);
        }
        Ok(alpha)
    }

    fn node(
        &mut self,
        pos: &Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> Result<(i32, Option<Move>), Stopped> {
        if depth == 0 {
            return Ok((self.quiesce(pos, alpha, beta, ply)?, None));
        }
        self.count()?;
        let moves = ordered(pos);
        if moves.is_empty() {
            // No legal move loses in shogi (no stalemate).
            return Ok((-MATE + ply, None));
        }
        let mut best = (-MATE - 1, None);
        for m in moves {
            let v = -self
                .node(&pos.play(m), depth - 1, -beta, -alpha, ply + 1)?
                .0;
            if v > best.0 {
                best = (v, Some(m));
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        Ok(best)
    }
}

fn score_text(v: i32) -> String {
    if v.abs() > MATE - 1000 {
        let plies = MATE - v.abs();
        format!("mate {}", if v > 0 { plies } else { -plies })
    } else {
        format!("cp {v}")
    }
}

/// The engine's state between commands.
/// Counts `go perft` somewhere else than on the model (the board: `shogi usi --sim/--port`):
/// the leaves below each root move (empty at depth 0) and the total, or a message naming what
/// went wrong.
pub type PerftCounter = Box<dyn FnMut(&Position, u32) -> Result<(Vec<(Move, u64)>, u64), String>>;

/// Searches `go mate` somewhere else than on the model (the board: `shogi usi --sim/--port`):
/// a mating line, `NoMate` (none within the solver's limit), `Unknown` (out of time or
/// stopped), or a message naming what went wrong. The deadline is the command's; the solver
/// asks `stop` while it waits (true: a `stop` or `quit` arrived).
pub type MateSolver =
    Box<dyn FnMut(&Position, Option<Instant>, &mut dyn FnMut() -> bool) -> Result<Proof, String>>;

pub struct Usi {
    pub pos: Position,
    /// Lines that arrived during a search (other than `stop`, `quit`, `isready`), to be
    /// handled next, in order.
    pub pending: std::collections::VecDeque<String>,
    /// Where `go perft` is counted, with its deepest depth; the model (up to
    /// `MAX_PERFT_DEPTH`) when none.
    pub perft_counter: Option<(PerftCounter, u32)>,
    /// Where `go mate` is searched, with its longest mate (plies); the model's df-pn (no
    /// length limit) when none.
    pub mate_solver: Option<(MateSolver, u32)>,
}

impl Default for Usi {
    fn default() -> Self {
        Usi {
            pos: Position::start(),
            pending: Default::default(),
            perft_counter: None,
            mate_solver: None,
        }
    }
}

impl LineEngine for Usi {
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
            "" | "setoption" | "gameover" | "stop" => {}
            "usi" => {
                out("id name boardgate".into());
                out("id author the boardgate developers".into());
                out("usiok".into());
            }
            "isready" => out("readyok".into()),
            "usinewgame" => self.pos = Position::start(),
            "position" => match parse_position(&words[1..]) {
                Ok(p) => self.pos = p,
                Err(e) => out(format!("info string {e}")),
            },
            "go" => return self.go(&words[1..], poll, out),
            "quit" => return false,
            other => out(format!("info string unknown command '{other}'")),
        }
        true
    }
}

impl Usi {
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
        match args.first() {
            Some(&"perft") => {
                self.perft(arg("perft"), out);
                return true;
            }
            Some(&"mate") => return self.mate(args.get(1).copied(), poll, out),
            _ => {}
        }
        let start = Instant::now();
        let mut depth_limit =
            arg("depth").map_or(MAX_DEPTH, |d| d.clamp(1, MAX_DEPTH as u64) as u32);
        let (time, inc) = match self.pos.side {
            Color::Black => (arg("btime"), arg("binc")),
            Color::White => (arg("wtime"), arg("winc")),
        };
        let byoyomi = arg("byoyomi").unwrap_or(0);
        let budget = time.map(|t| t / 30 + inc.unwrap_or(0) / 2 + byoyomi * 3 / 4);
        let budget = budget.or((byoyomi > 0).then_some(byoyomi * 3 / 4));
        let deadline = budget.map(|ms| start + Duration::from_millis(ms.max(10)));
        let infinite = args.contains(&"infinite");
        if !infinite && deadline.is_none() && arg("depth").is_none() {
            depth_limit = DEFAULT_DEPTH;
        }
        let mut limits = Limits::new(deadline, poll);
        let mut best = ordered(&self.pos).first().copied();
        let mut nodes = 0;
        for depth in 1..=depth_limit {
            let mut s = Search {
                nodes: 0,
                limits: &mut limits,
            };
            let r = s.node(&self.pos, depth, -MATE - 1, MATE + 1, 0);
            nodes += s.nodes;
            for _ in 0..std::mem::take(&mut limits.ready) {
                out("readyok".into());
            }
            let Ok((score, m)) = r else { break };
            if m.is_some() {
                best = m;
            }
            let ms = start.elapsed().as_millis().max(1) as u64;
            out(format!(
                "info depth {depth} score {} nodes {nodes} nps {} time {ms} pv {}",
                score_text(score),
                nodes * 1000 / ms,
                best.map_or("resign".into(), |m| m.usi())
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
            best.map_or("resign".into(), |m| m.usi())
        ));
        self.pending.extend(limits.later);
        !limits.quit
    }

    /// `go mate MS | infinite`; `stop` (or `quit`) read meanwhile ends df-pn on the model
    /// with `checkmate timeout`. Returns false on `quit`.
    fn mate(
        &mut self,
        limit: Option<&str>,
        poll: &mut dyn FnMut() -> Option<String>,
        out: &mut dyn FnMut(String),
    ) -> bool {
        let deadline = match limit {
            None | Some("infinite") => None,
            Some(ms) => match ms.parse::<u64>() {
                Ok(ms) => Some(Instant::now() + Duration::from_millis(ms.max(1))),
                Err(_) => {
                    out(format!(
                        "info string go mate: '{ms}' is no time in milliseconds (or infinite)"
                    ));
                    out("checkmate nomate".into());
                    return true;
                }
            },
        };
        if let Err(e) = model::shogi::mate::check_problem(&self.pos) {
            out(format!("info string go mate: {e}"));
            out("checkmate nomate".into());
            return true;
        }
        let mut limits = Limits::new(deadline, poll);
        let answer = match self.mate_solver.as_mut() {
            Some((solve, _)) => solve(&self.pos, deadline, &mut || limits.check()),
            None => dfpn_until(&self.pos, super::cli::DFPN_MAX_NODES, deadline, &mut || {
                limits.check()
            })
            .map(|r| r.proof)
            .map_err(|e| e.to_string()),
        };
        for _ in 0..std::mem::take(&mut limits.ready) {
            out("readyok".into());
        }
        self.pending.extend(std::mem::take(&mut limits.later));
        match answer {
            Ok(Proof::Mate(line)) => {
                let line: Vec<String> = line.iter().map(|m| m.usi()).collect();
                out(format!("checkmate {}", line.join(" ")));
            }
            Ok(Proof::NoMate) => {
                if let Some((_, plies)) = &self.mate_solver {
                    out(format!(
                        "info string no mate within {plies} plies on the board"
                    ));
                }
                out("checkmate nomate".into());
            }
            Ok(Proof::Unknown) => out("checkmate timeout".into()),
            Err(e) => {
                out(format!("info string go mate failed ({e})"));
                out("checkmate timeout".into());
            }
        }
        !limits.quit
    }

    fn perft(&mut self, depth: Option<u64>, out: &mut dyn FnMut(String)) {
        let max = self.perft_counter.as_ref().map_or(MAX_PERFT_DEPTH, |c| c.1);
        let Some(d) = depth.filter(|&d| d <= max as u64) else {
            out(format!(
                "info string go perft needs a depth from 0 to {max}"
            ));
            return;
        };
        let d = d as u32;
        let (per, total) = match self.perft_counter.as_mut() {
            Some((count, _)) => match count(&self.pos, d) {
                Ok(r) => r,
                Err(e) => {
                    out(format!("info string go perft failed ({e})"));
                    return;
                }
            },
            None if d == 0 => (Vec::new(), 1),
            None => {
                let per = divide(&self.pos, d);
                let total = per.iter().map(|x| x.1).sum();
                (per, total)
            }
        };
        for (m, n) in per {
            out(format!("{}: {n}", m.usi()));
        }
        out(String::new());
        out(format!("Nodes searched: {total}"));
    }
}

/// `startpos|sfen <SFEN>|<SFEN> [moves ...]`.
fn parse_position(w: &[&str]) -> Result<Position, String> {
    let moves_at = w.iter().position(|&x| x == "moves").unwrap_or(w.len());
    let mut pos = match w.first().copied() {
        Some("startpos") if moves_at == 1 => Position::start(),
        Some(_) => {
            let sfen = w[..moves_at].join(" ");
            Position::from_sfen(&sfen).map_err(|e| e.to_string())?
        }
        None => return Err("position needs 'startpos' or 'sfen <SFEN>'".into()),
    };
    for m in w.iter().skip(moves_at + 1) {
        let mv = pos.parse_usi(m).map_err(|e| format!("moves: {e}"))?;
        pos = pos.play(mv);
    }
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(usi: &mut Usi, line: &str) -> Vec<String> {
        let mut out = Vec::new();
        usi.handle(line, &mut || None, &mut |l| out.push(l));
        out
    }

    #[test]
    fn protocol() {
        let mut u = Usi::default();
        assert_eq!(run(&mut u, "usi").last().unwrap(), "usiok");
        assert_eq!(run(&mut u, "isready"), ["readyok"]);
        let perft = run(&mut u, "go perft 2");
        assert_eq!(perft.len(), 32);
        assert_eq!(perft.last().unwrap(), "Nodes searched: 900");
        assert_eq!(perft[30], "");
        // A rook that can take a hanging gold takes it.
        run(&mut u, "position sfen 4k4/9/4g4/9/9/9/9/4R4/4K4 b - 1");
        let go = run(&mut u, "go depth 2");
        assert_eq!(go.last().unwrap(), "bestmove 5h5c+", "{go:?}");
        // Mate in one with a gold drop on the king's head.
        run(&mut u, "position 4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
        let go = run(&mut u, "go depth 2");
        assert_eq!(go.last().unwrap(), "bestmove G*5b", "{go:?}");
        assert!(go.iter().any(|l| l.contains("score mate 1")), "{go:?}");
        // Errors keep the position.
        let before = u.pos.clone();
        assert!(run(&mut u, "position startpos moves 7g7e")[0].starts_with("info string moves:"));
        assert!(run(&mut u, "position sfen 9/9/9 b - 1")[0].contains("ranks"));
        assert_eq!(u.pos, before);
        // go mate: a mate in 3 of the tsume data file (every interposition counted), a
        // problem without a king to mate, a bad time.
        run(
            &mut u,
            "position sfen 6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1",
        );
        let mate = run(&mut u, "go mate 10000");
        let line = mate.last().unwrap().strip_prefix("checkmate ").unwrap();
        let mut pos = u.pos.clone();
        for m in line.split(' ') {
            let m = pos.parse_usi(m).unwrap();
            assert!(legal_moves(&pos).contains(&m), "{mate:?}");
            pos = pos.play(m);
        }
        assert!(pos.in_check() && legal_moves(&pos).is_empty(), "{mate:?}");
        run(&mut u, "position sfen 9/9/9/9/9/9/9/9/4K4 b G 1");
        assert_eq!(
            run(&mut u, "go mate infinite").last().unwrap(),
            "checkmate nomate"
        );
        assert!(run(&mut u, "go mate soon")[0].contains("'soon'"));
        assert_eq!(
            run(&mut u, "xyzzy"),
            ["info string unknown command 'xyzzy'"]
        );
        assert!(run(&mut u, "go perft 9")[0].contains("depth from 0 to"));
        let mut out = Vec::new();
        assert!(!u.handle("quit", &mut || None, &mut |l| out.push(l)));
    }

    #[test]
    fn a_lost_position_resigns_and_stop_ends_an_infinite_search() {
        let mut u = Usi::default();
        // Black to move is mated (a pawn-supported gold on its king's head).
        run(&mut u, "position sfen 9/9/9/9/9/9/4p4/4g4/4K4 b - 1");
        assert_eq!(run(&mut u, "go depth 1").last().unwrap(), "bestmove resign");
        let mut u = Usi::default();
        let mut polls = 0;
        let mut out = Vec::new();
        let mut poll = || {
            polls += 1;
            (polls == 50).then(|| "stop".to_string())
        };
        assert!(u.handle("go infinite", &mut poll, &mut |l| out.push(l)));
        assert!(out.last().unwrap().starts_with("bestmove "), "{out:?}");
    }

    /// `go mate infinite` on the model (df-pn) ends at `stop` with `checkmate timeout` (the
    /// problem mates in 13 plies: without the stop df-pn proves it), answers an `isready`
    /// read meanwhile and keeps other lines for later; `quit` ends it and the engine.
    #[test]
    fn stop_and_quit_end_go_mate() {
        let long = "position sfen k8/9/1K7/9/9/9/8B/8B/9 b 2r4g4s4n4l18p 1";
        let mut u = Usi::default();
        run(&mut u, long);
        let mut lines = vec!["isready", "position startpos", "stop"].into_iter();
        let mut out = Vec::new();
        let mut poll = || lines.next().map(String::from);
        assert!(u.handle("go mate infinite", &mut poll, &mut |l| out.push(l)));
        assert_eq!(out, ["readyok", "checkmate timeout"]);
        assert_eq!(u.pending().as_deref(), Some("position startpos"));
        let mut u = Usi::default();
        run(&mut u, long);
        let mut lines = vec!["quit"].into_iter();
        let mut out = Vec::new();
        let mut poll = || lines.next().map(String::from);
        assert!(!u.handle("go mate infinite", &mut poll, &mut |l| out.push(l)));
        assert_eq!(out, ["checkmate timeout"]);
        // Unstopped, the same search proves the mate.
        let mut u = Usi::default();
        run(&mut u, long);
        assert!(run(&mut u, "go mate infinite")[0].starts_with("checkmate 1g2h"));
    }
}
