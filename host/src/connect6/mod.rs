//! Connect6 on the host: `boardgate connect6 engine | move | match`. The engine speaks the
//! Cloudict protocol ([`engine`]) with a player of the model (`model::connect6`) or the
//! `connect6` design's circuit on a board ([`BoardPlayer`]: the decision runs wholly on chip,
//! the host relays stones), or the `connect6-threat` design's (the threat player's turn on
//! chip; Black's opening, the centre, is the host's); the referee ([`referee`]) plays
//! matches between any two engine commands that speak it.

pub mod cli;
pub mod engine;
pub mod referee;

use crate::{Link, LinkError, Transport};
use model::connect6::paper::row_word;
use model::connect6::protocol::threat_design::{decode_turn_result, TurnJob};
use model::connect6::protocol::{decode_result, encode_load, JobResult, StartArgs, ROWS};
use model::connect6::{Board, Game, Point};
use model::link::op;

/// A Connect6 design's player on a board (the `connect6` design's paper player, or the
/// `connect6-threat` design's threat player), and what this host last wrote to its record.
pub struct BoardPlayer<T: Transport> {
    pub link: Link<T>,
    /// The `connect6-threat` design's turn (else the paper's decision).
    pub threat: bool,
    /// The chip's board as this host knows it: `None` until written, and after any error
    /// (every row is written again).
    mirror: Option<Board>,
    /// Rows written (`JOB_LOAD`) and decisions run, for the reports.
    pub rows_loaded: u64,
    pub decisions: u64,
    /// Whether the last decision's job put the last turn's stones (else rows were written).
    pub last_put: bool,
}

impl<T: Transport> BoardPlayer<T> {
    /// The `connect6` design's paper player.
    pub fn new(link: Link<T>) -> Self {
        BoardPlayer {
            link,
            threat: false,
            mirror: None,
            rows_loaded: 0,
            decisions: 0,
            last_put: false,
        }
    }

    /// The `connect6-threat` design's threat player.
    pub fn threat(link: Link<T>) -> Self {
        BoardPlayer {
            threat: true,
            ..Self::new(link)
        }
    }

    /// The decision of `game`'s side to move on the board (the `connect6` design): see
    /// [`Self::run`]. The stones are checked against the rules before they are returned.
    pub fn decide(&mut self, game: &Game) -> Result<JobResult, LinkError> {
        let p = self.run(game, "connect6 decision")?;
        let r = decode_result(&p)?;
        self.played(game, r.stones.iter().map(|&(p, _)| p).collect())?;
        Ok(r)
    }

    /// The threat player's turn for `game`'s side to move on the board (the
    /// `connect6-threat` design: a stone down, two to play): see [`Self::run`]. The stones
    /// are checked against the rules before they are returned.
    pub fn turn(&mut self, game: &Game) -> Result<TurnJob, LinkError> {
        let p = self.run(game, "connect6-threat turn")?;
        let r = decode_turn_result(&p)?;
        self.played(game, r.stones.clone())?;
        Ok(r)
    }

    /// The job for `game`'s side to move, its result's payload: the rows that differ from
    /// the chip's written (all of them the first time), or, when the chip's board lacks just
    /// the last turn's stones, those put by the job itself; then the job.
    fn run(&mut self, game: &Game, what: &str) -> Result<Vec<u8>, LinkError> {
        let mirror = self.mirror.take();
        let last = game.turns().last().cloned().unwrap_or_default();
        let put = !last.is_empty()
            && mirror.as_ref().is_some_and(|m| {
                let mut with_last = m.clone();
                for &p in &last {
                    if !m.is_empty(p) {
                        return false;
                    }
                    with_last.set(p, game.board().get(p));
                }
                with_last == *game.board()
            });
        if !put {
            for row in 0..ROWS {
                let same = mirror
                    .as_ref()
                    .is_some_and(|m| row_word(m, row) == row_word(game.board(), row));
                if !same {
                    self.link
                        .call(op::JOB_LOAD, &encode_load(0, game.board(), row))?;
                    self.rows_loaded += 1;
                }
            }
        }
        self.last_put = put;
        let args = StartArgs::of(game, put);
        let p = self.link.run_job(&args.encode(), what, |_| {})?;
        self.decisions += 1;
        Ok(p)
    }

    /// The chip put `stones` on its record: the mirror is the game after them, if they keep
    /// the rules.
    fn played(&mut self, game: &Game, stones: Vec<Point>) -> Result<(), LinkError> {
        let mut after = game.clone();
        after.play(&stones).map_err(|e| LinkError::Malformed {
            op: "JOB_RESULT",
            why: format!("the board's stones {stones:?} break the rules: {e}"),
        })?;
        self.mirror = Some(after.board().clone());
        Ok(())
    }
}
