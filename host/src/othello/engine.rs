//! An NBoard engine-protocol front end, so Othello GUIs that speak it (NBoard, and others via
//! adapters) can use the simulated or the real board as an engine.
//!
//! Protocol (text lines on stdin/stdout; see the NBoard engine protocol): the GUI sends
//! `nboard 2`, `set depth N`, `set game <GGF>`, `move <sq>[/eval/time]`, `hint N`, `go`,
//! `ping N`, `learn`, `analyze`, `quit`; the engine answers `set myname boardgate`,
//! `pong N`, `=== <move>[/eval]`, `search <move> <eval> 0 <depth>` and `status <text>`.
//!
//! This engine is an endgame solver: positions with at most `max_empties` empty squares are
//! solved exactly on the board; before that it plays the move that leaves the opponent the
//! fewest replies, corner replies counted twice (the fastest-first key,
//! `model::othello::order::ff_key`), without search.

use model::othello::{legal_moves, play, square_name};
use std::fmt;

/// The game state tracked from `set game` and `move`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub p: u64,
    pub o: u64,
    pub black_to_move: bool,
}

#[derive(Debug, PartialEq, Eq)]
pub struct GgfError(pub String);

impl fmt::Display for GgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad game record: {}", self.0)
    }
}

impl Game {
    pub fn start() -> Game {
        let (p, o) = model::othello::rules::start();
        Game {
            p,
            o,
            black_to_move: true,
        }
    }

    /// Plays a move (`d3`, `pa`/`pass`), with or without `/eval/time`.
    pub fn play_text(&mut self, mv: &str) -> Result<(), GgfError> {
        let mv = mv
            .split('/')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        if mv == "pa" || mv == "pass" {
            if legal_moves(self.p, self.o) != 0 {
                return Err(GgfError("pass while a move is legal".into()));
            }
        } else {
            let sq = model::othello::rules::parse_square(&mv)
                .ok_or_else(|| GgfError(format!("bad move '{mv}'")))?;
            if legal_moves(self.p, self.o) >> sq & 1 == 0 {
                return Err(GgfError(format!("illegal move {mv}")));
            }
            let (p, o) = play(self.p, self.o, sq);
            self.p = p;
            self.o = o;
            self.black_to_move = !self.black_to_move;
            return Ok(());
        }
        std::mem::swap(&mut self.p, &mut self.o);
        self.black_to_move = !self.black_to_move;
        Ok(())
    }

    /// Parses a GGF game: the `BO[8 <64 squares> <side>]` start board, then `B[..]`/`W[..]`.
    pub fn from_ggf(ggf: &str) -> Result<Game, GgfError> {
        let bo = ggf
            .find("BO[")
            .ok_or_else(|| GgfError("no BO[] board".into()))?;
        let end = ggf[bo..]
            .find(']')
            .ok_or_else(|| GgfError("unterminated BO[]".into()))?
            + bo;
        let mut f = ggf[bo + 3..end].split_whitespace();
        if f.next() != Some("8") {
            return Err(GgfError("only 8x8 boards".into()));
        }
        let board: String = f
            .by_ref()
            .take_while(|t| t.len() != 1 || !"*O".contains(*t))
            .collect();
        let rest = &ggf[bo + 3..end];
        let side = rest.split_whitespace().last().unwrap_or("");
        let obf = format!(
            "{} {}",
            board.replace('*', "X"),
            if side == "*" { "X" } else { "O" }
        );
        let pos = model::othello::parse_position(&obf).map_err(|e| GgfError(e.to_string()))?;
        let mut g = Game {
            p: pos.p,
            o: pos.o,
            black_to_move: pos.black_to_move,
        };
        let mut i = end;
        while let Some(k) = ggf[i..].find(['B', 'W']) {
            let at = i + k;
            if ggf[at + 1..].starts_with('[')
                && !ggf[..at].ends_with(|c: char| c.is_ascii_uppercase())
            {
                let close = ggf[at..]
                    .find(']')
                    .ok_or_else(|| GgfError("unterminated move".into()))?
                    + at;
                let black = ggf[at..].starts_with('B');
                if black != g.black_to_move {
                    return Err(GgfError(format!(
                        "{}[{}] is played by {}, but {} is to move",
                        &ggf[at..at + 1],
                        &ggf[at + 2..close],
                        if black { "Black" } else { "White" },
                        if g.black_to_move { "Black" } else { "White" }
                    )));
                }
                g.play_text(&ggf[at + 2..close])?;
                i = close;
            } else {
                i = at + 1;
            }
        }
        Ok(g)
    }

    pub fn empties(&self) -> u32 {
        64 - (self.p | self.o).count_ones()
    }
}

/// What the front end asks of an endgame solver: exact score and best move.
pub trait EndgameSolver {
    fn solve(&mut self, p: u64, o: u64) -> anyhow::Result<(i32, Option<u32>)>;
}

/// The protocol state machine (I/O-free, so it can be tested line by line).
pub struct NBoard<S: EndgameSolver> {
    pub game: Game,
    pub solver: S,
    pub max_empties: u32,
}

/// The move leaving the fewest opponent replies, corner replies counted twice
/// (`model::othello::order::ff_key`; ties: the paper's square order).
pub fn fastest_first_move(p: u64, o: u64) -> Option<u32> {
    let moves = legal_moves(p, o);
    if moves == 0 {
        return None;
    }
    Some(model::othello::search::select(
        p,
        o,
        moves,
        model::othello::search::MoveOrder::FastestFirst,
    ))
}

impl<S: EndgameSolver> NBoard<S> {
    pub fn new(solver: S, max_empties: u32) -> Self {
        NBoard {
            game: Game::start(),
            solver,
            max_empties,
        }
    }

    fn choose(&mut self) -> anyhow::Result<(String, Option<i32>)> {
        let g = &self.game;
        if legal_moves(g.p, g.o) == 0 {
            return Ok(("PA".into(), None));
        }
        if g.empties() <= self.max_empties {
            let (score, best) = self.solver.solve(g.p, g.o)?;
            let mv = best.or_else(|| fastest_first_move(g.p, g.o)).unwrap();
            return Ok((square_name(mv).to_uppercase(), Some(score)));
        }
        Ok((
            square_name(fastest_first_move(g.p, g.o).unwrap()).to_uppercase(),
            None,
        ))
    }

    /// Handles one line from the GUI; returns the lines to send back (None = quit). Control
    /// characters (a stray `\r`, escapes) are dropped first, so they never reach a reply.
    pub fn handle(&mut self, line: &str) -> Option<Vec<String>> {
        let line: String = line.chars().filter(|c| !c.is_control()).collect();
        let line = line.trim();
        let (cmd, arg) = line.split_once(' ').unwrap_or((line, ""));
        let mut out = Vec::new();
        match cmd {
            "nboard" => out.push("set myname boardgate".into()),
            "quit" => return None,
            "ping" => out.push(format!("pong {}", arg.trim())),
            "set" => {
                let (what, val) = arg.split_once(' ').unwrap_or((arg, ""));
                match what {
                    "game" => match Game::from_ggf(val) {
                        Ok(g) => self.game = g,
                        Err(e) => out.push(format!("status {e}")),
                    },
                    "depth" | "contempt" => {}
                    _ => out.push(format!("status unknown setting '{what}'")),
                }
            }
            "move" => {
                if let Err(e) = self.game.play_text(arg) {
                    out.push(format!("status {e}"));
                }
            }
            "go" => {
                let (p, o) = (self.game.p, self.game.o);
                if legal_moves(p, o) == 0 && legal_moves(o, p) == 0 {
                    out.push("status the game is over: no move to play".into());
                } else {
                    match self.choose() {
                        Ok((mv, Some(score))) => out.push(format!("=== {mv}/{score}.00")),
                        Ok((mv, None)) => out.push(format!("=== {mv}")),
                        Err(e) => {
                            // The GUI waits for a move: play the heuristic one, and say why.
                            let mv = fastest_first_move(p, o)
                                .map(|m| square_name(m).to_uppercase())
                                .unwrap_or_else(|| "PA".into());
                            out.push(format!(
                                "status solver error: {e:#}; playing the fastest-first move {mv}"
                            ));
                            out.push(format!("=== {mv}"));
                        }
                    }
                }
            }
            "hint" => {
                if self.game.empties() <= self.max_empties
                    && legal_moves(self.game.p, self.game.o) != 0
                {
                    out.push("status solving".into());
                    match self.choose() {
                        Ok((mv, Some(score))) => out.push(format!(
                            "search {mv} {score}.00 0 {}@100%",
                            self.game.empties()
                        )),
                        Ok(_) => {}
                        Err(e) => out.push(format!("status solver error: {e:#}")),
                    }
                }
                out.push("status".into());
            }
            "learn" => out.push("learned".into()),
            "analyze" => out.push("status analyze is not supported".into()),
            "" => {}
            other => out.push(format!("status unknown command '{other}'")),
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Model;
    impl EndgameSolver for Model {
        fn solve(&mut self, p: u64, o: u64) -> anyhow::Result<(i32, Option<u32>)> {
            let r = model::othello::search::solve(p, o, model::othello::search::MoveOrder::Paper);
            Ok((r.score, r.best))
        }
    }

    #[test]
    fn session() {
        let mut nb = NBoard::new(Model, 14);
        assert_eq!(nb.handle("nboard 2").unwrap(), ["set myname boardgate"]);
        assert_eq!(nb.handle("ping 7").unwrap(), ["pong 7"]);
        // FFO #1 as a GGF start board, White ('O') having just... Black ('*') to move.
        let board =
            "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--".replace('X', "*");
        let ggf = format!("(;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[5:00]TY[8]BO[8 {board} *];)");
        assert!(nb.handle(&format!("set game {ggf}")).unwrap().is_empty());
        assert_eq!(nb.game.empties(), 14);
        assert_eq!(nb.handle("go").unwrap(), ["=== G8/18.00"]);
        assert!(nb.handle("move g8").unwrap().is_empty());
        assert!(!nb.game.black_to_move);
        assert_eq!(
            nb.handle("move a1").unwrap(),
            ["status bad game record: illegal move a1"]
        );
        assert!(nb.handle("quit").is_none());
    }

    struct Broken;
    impl EndgameSolver for Broken {
        fn solve(&mut self, _: u64, _: u64) -> anyhow::Result<(i32, Option<u32>)> {
            anyhow::bail!("link down")
        }
    }

    #[test]
    fn go_is_always_answered() {
        let mut nb = NBoard::new(Broken, 64);
        let out = nb.handle("go").unwrap();
        assert!(out[0].contains("solver error: link down"), "{out:?}");
        assert_eq!(out.len(), 2, "{out:?}");
        let mv = out[1].strip_prefix("=== ").unwrap().to_ascii_lowercase();
        assert!(
            nb.handle(&format!("move {mv}")).unwrap().is_empty(),
            "{mv} is legal"
        );
        // A finished game: no move, and the engine says so.
        let full = "*".repeat(64);
        assert!(nb
            .handle(&format!("set game (;GM[Othello]BO[8 {full} *];)"))
            .unwrap()
            .is_empty());
        assert_eq!(
            nb.handle("go").unwrap(),
            ["status the game is over: no move to play"]
        );
    }

    #[test]
    fn control_characters_never_reach_a_reply() {
        let mut nb = NBoard::new(Model, 14);
        assert_eq!(nb.handle("ping 7\r").unwrap(), ["pong 7"]);
        let out = nb.handle("fo\u{1b}[31mo").unwrap();
        assert_eq!(out, ["status unknown command 'fo[31mo'"]);
    }

    #[test]
    fn ggf_move_colours_are_checked() {
        let start = "BO[8 ---------------------------O*------*O--------------------------- *]";
        let e = Game::from_ggf(&format!("(;GM[Othello]{start}B[d3]B[c5];)")).unwrap_err();
        assert!(
            e.0.contains("B[c5] is played by Black, but White is to move"),
            "{e}"
        );
        assert!(Game::from_ggf(&format!("(;GM[Othello]{start}W[d3];)")).is_err());
    }

    #[test]
    fn ggf_with_moves() {
        let ggf = "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[d3//1.0]W[c5];)";
        let g = Game::from_ggf(ggf).unwrap();
        assert_eq!(g.empties(), 58);
        assert!(g.black_to_move);
        assert!(Game::from_ggf("(;GM[Othello];)").is_err());
    }
}
