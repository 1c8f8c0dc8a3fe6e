//! A Connect6 engine speaking the Cloudict text protocol (lang010/cloudict; the ConnectMore
//! GUI drives engines with it), one command a line, LF or CRLF:
//!
//! | command | reply |
//! |---|---|
//! | `name` | `name boardgate-<player>` |
//! | `new black` / `new white` | a new game with the engine on that side; as Black it plays the centre at once: `move JJ` |
//! | `black XXXX` / `white XXXX` | that side's stones are placed (Black's opening is one stone, `JJ`; `JJJJ`, as ConnectMore sends it, is taken for `JJ`); no reply |
//! | `move XXXX` | the opponent's stones are placed, then the engine's answer: `move YYYY` (none once the game is over) |
//! | `next` | the engine plays for the side to move: `move YYYY` |
//! | `print` | the board, a row a line (`X` Black, `O` White) |
//! | `depth D`, `vcf`, `unvcf` | accepted (the players here search no tree); no reply |
//! | `help` | the commands |
//! | `quit`, `exit` | the engine ends |
//!
//! A malformed or illegal move, a command out of turn or an unknown command is answered
//! with one `error <what is wrong>` line, and the game is left as it was.

use crate::search::LineEngine;
use model::connect6::baseline::Baseline;
use model::connect6::{format_stones, Color, Game, Point};

/// Who decides the engine's stones.
pub trait Player {
    /// The name `name` answers with.
    fn name(&self) -> String;
    /// The side to move's stones (the game is not over).
    fn choose(&mut self, game: &Game) -> Result<Vec<Point>, String>;
}

impl Player for Baseline {
    fn name(&self) -> String {
        "boardgate-baseline".into()
    }
    fn choose(&mut self, game: &Game) -> Result<Vec<Point>, String> {
        Ok(Baseline::choose(self, game))
    }
}

/// The paper's player on the model (`model::connect6::paper`): the three modules around
/// the opponent's last stones and the next-move selector.
pub struct PaperModel;

impl Player for PaperModel {
    fn name(&self) -> String {
        "boardgate-paper".into()
    }
    fn choose(&mut self, game: &Game) -> Result<Vec<Point>, String> {
        Ok(model::connect6::paper::selector::decide(game)
            .into_iter()
            .map(|(p, _)| p)
            .collect())
    }
}

/// The threat player on the model (`model::connect6::threat`): the whole board's windows
/// and a one-turn threat-space search.
pub struct ThreatModel;

impl Player for ThreatModel {
    fn name(&self) -> String {
        "boardgate-threat".into()
    }
    fn choose(&mut self, game: &Game) -> Result<Vec<Point>, String> {
        Ok(model::connect6::threat::decide(game))
    }
}

impl<T: crate::Transport> Player for super::BoardPlayer<T> {
    fn name(&self) -> String {
        if self.threat {
            "boardgate-board-threat".into()
        } else {
            "boardgate-board".into()
        }
    }
    /// The design's decision (the `connect6-threat` design's turn; Black's opening, the
    /// centre, played here); a link failure is the engine's error line (the next decision
    /// writes the whole board again).
    fn choose(&mut self, game: &Game) -> Result<Vec<Point>, String> {
        let on_board = |e: crate::LinkError| format!("the board: {e}");
        if !self.threat {
            let r = self.decide(game).map_err(on_board)?;
            Ok(r.stones.iter().map(|&(p, _)| p).collect())
        } else if game.board().stones() == 0 {
            Ok(vec![model::connect6::CENTRE])
        } else {
            Ok(self.timed_turn(game).map_err(on_board)?.stones)
        }
    }
}

/// The engine: a game and a player.
pub struct Cloudict {
    player: Box<dyn Player>,
    game: Game,
    /// The side the engine plays, once `new` has said.
    side: Option<Color>,
}

/// The commands, for `help`.
const HELP: &str = "commands: name, new black|white, black XXXX, white XXXX, move XXXX, next, \
                    print, depth D, vcf, unvcf, help, quit";

impl Cloudict {
    pub fn new(player: Box<dyn Player>) -> Cloudict {
        Cloudict {
            player,
            game: Game::new(),
            side: None,
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Places `text`'s stones for `side`, which must be the side to move.
    fn place(&mut self, side: Color, text: &str) -> Result<(), String> {
        if self.game.outcome().is_some() {
            return Err("the game is over".into());
        }
        if self.game.to_move() != side {
            return Err(format!(
                "it is {}'s turn, not {}'s",
                self.game.to_move().name(),
                side.name()
            ));
        }
        let stones = self.game.parse_turn(text).map_err(|e| e.to_string())?;
        self.game.play(&stones).map_err(|e| e.to_string())?;
        Ok(())
    }

    /// The engine's turn for the side to move: `move YYYY`.
    fn answer(&mut self) -> Result<String, String> {
        if self.game.outcome().is_some() {
            return Err("the game is over".into());
        }
        let stones = self.player.choose(&self.game)?;
        self.game
            .play(&stones)
            .map_err(|e| format!("the player chose an illegal move: {e}"))?;
        Ok(format!("move {}", format_stones(&stones)))
    }

    fn command(&mut self, line: &str) -> Result<Option<String>, String> {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return Ok(None);
        };
        let arg = words.next();
        if words.next().is_some() {
            return Err(format!("'{cmd}' takes at most one argument: '{line}'"));
        }
        let colour = |a: Option<&str>| match a {
            Some("black") => Ok(Color::Black),
            Some("white") => Ok(Color::White),
            _ => Err(format!("'{cmd}' needs 'black' or 'white': '{line}'")),
        };
        let stones = arg.ok_or_else(|| format!("'{cmd}' needs the stones, as in '{cmd} JKKJ'"));
        match cmd {
            "name" => Ok(Some(format!("name {}", self.player.name()))),
            "new" => {
                let side = colour(arg)?;
                self.game = Game::new();
                self.side = Some(side);
                if side == Color::Black {
                    self.answer().map(Some)
                } else {
                    Ok(None)
                }
            }
            "black" => self.place(Color::Black, stones?).map(|_| None),
            "white" => self.place(Color::White, stones?).map(|_| None),
            "move" => {
                let side = self.game.to_move();
                if self.side == Some(side) {
                    return Err(format!(
                        "it is the engine's turn ({}): send 'next'",
                        side.name()
                    ));
                }
                self.place(side, stones?)?;
                if self.game.outcome().is_some() {
                    Ok(None)
                } else {
                    self.answer().map(Some)
                }
            }
            "next" => {
                self.side = Some(self.game.to_move());
                self.answer().map(Some)
            }
            "print" => Ok(Some(self.game.board().diagram().trim_end().to_string())),
            "depth" => match arg.and_then(|d| d.parse::<u32>().ok()) {
                Some(_) => Ok(None),
                None => Err(format!("'depth' needs a whole number: '{line}'")),
            },
            "vcf" | "unvcf" => Ok(None),
            "help" => Ok(Some(HELP.into())),
            _ => Err(format!("unknown command '{cmd}' ({HELP})")),
        }
    }
}

impl LineEngine for Cloudict {
    fn pending(&mut self) -> Option<String> {
        None
    }

    fn handle(
        &mut self,
        line: &str,
        _poll: &mut dyn FnMut() -> Option<String>,
        out: &mut dyn FnMut(String),
    ) -> bool {
        let line = line.trim();
        if matches!(line, "quit" | "exit") {
            return false;
        }
        match self.command(line) {
            Ok(Some(reply)) => reply.lines().for_each(|l| out(l.to_string())),
            Ok(None) => {}
            // The other side's text is echoed in errors: its control characters are not.
            Err(e) => out(format!(
                "error {}",
                e.replace(|c: char| c.is_control(), "?")
            )),
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(lines: &[&str]) -> (Cloudict, Vec<String>) {
        let mut e = Cloudict::new(Box::new(Baseline::new(3)));
        let mut out = Vec::new();
        for l in lines {
            e.handle(l, &mut || None, &mut |r| out.push(r));
        }
        (e, out)
    }

    #[test]
    fn plays_both_sides_and_reports_errors() {
        let (e, out) = run(&["name", "new black", "move KKLL"]);
        assert_eq!(out[0], "name boardgate-baseline");
        assert_eq!(out[1], "move JJ");
        assert!(out[2].starts_with("move ") && out[2].len() == 9, "{out:?}");
        assert_eq!(e.game().turns().len(), 3);

        let (e, out) = run(&[
            "new white",
            "move JJJJ",
            "move AA",
            "move JJKK",
            "move ZZAA",
            "new",
            "frob",
        ]);
        assert!(out[0].starts_with("move ") && out[0].len() == 9, "{out:?}");
        assert!(
            out[1].starts_with("error ") && out[1].contains("2 stone"),
            "{out:?}"
        );
        assert!(out[2].contains("not empty"), "{out:?}");
        assert!(out[3].contains("'Z'"), "{out:?}");
        assert!(out[4].contains("'black' or 'white'"), "{out:?}");
        assert!(
            out[5].starts_with("error unknown command 'frob'"),
            "{out:?}"
        );
        assert_eq!(e.game().turns().len(), 2, "errors leave the game as it was");
    }
}
