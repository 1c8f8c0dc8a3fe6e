//! Connect6 on the host: `boardgate connect6 engine | move | match`. The engine speaks the
//! Cloudict protocol ([`engine`]) with a player of the model (`model::connect6`) or the
//! `connect6` design's circuit on a board ([`BoardPlayer`]: the decision runs wholly on chip,
//! the host relays stones); the referee ([`referee`]) plays matches between any two engine
//! commands that speak it.

pub mod cli;
pub mod engine;
pub mod referee;

use crate::{Link, LinkError, Transport};
use model::connect6::paper::row_word;
use model::connect6::protocol::{decode_result, encode_load, JobResult, StartArgs, ROWS};
use model::connect6::{Board, Game, Point};
use model::link::op;

/// The `connect6` design's player on a board, and what this host last wrote to its record.
pub struct BoardPlayer<T: Transport> {
    pub link: Link<T>,
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
    pub fn new(link: Link<T>) -> Self {
        BoardPlayer {
            link,
            mirror: None,
            rows_loaded: 0,
            decisions: 0,
            last_put: false,
        }
    }

    /// The decision of `game`'s side to move on the board: the rows that differ from the
    /// chip's written (all of them the first time), or, when the chip's board lacks just the
    /// last turn's stones, those put by the job itself; then the job. The stones are checked
    /// against the rules before they are returned.
    pub fn decide(&mut self, game: &Game) -> Result<JobResult, LinkError> {
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
        let r = decode_result(
            &self
                .link
                .run_job(&args.encode(), "connect6 decision", |_| {})?,
        )?;
        self.decisions += 1;
        // The chip put the stones on its record: the mirror is the game after them.
        let mut after = game.clone();
        let stones: Vec<Point> = r.stones.iter().map(|&(p, _)| p).collect();
        after.play(&stones).map_err(|e| LinkError::Malformed {
            op: "JOB_RESULT",
            why: format!("the board's stones {stones:?} break the rules: {e}"),
        })?;
        self.mirror = Some(after.board().clone());
        Ok(r)
    }
}
