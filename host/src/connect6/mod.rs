//! Connect6 on the host: `boardgate connect6 engine | move | match`. The engine speaks the
//! Cloudict protocol ([`engine`]) with a player of the model (`model::connect6`) or the
//! `connect6` design's circuit on a board ([`BoardPlayer`]: the decision runs wholly on chip,
//! the host relays stones), or the `connect6-threat` design's (the threat player's turn on
//! chip; Black's opening, the centre, is the host's); the referee ([`referee`]) plays
//! matches between any two engine commands that speak it.

pub mod cli;
pub mod engine;
pub mod referee;

use crate::{Link, LinkError, StopReason, Transport};
use model::connect6::paper::row_word;
use model::connect6::protocol::threat_design::{decode_turn_result, TurnArgs, TurnJob};
use model::connect6::protocol::{decode_result, encode_load, JobResult, StartArgs, ROWS};
use model::connect6::threat::CHIP_BUDGET;
use model::connect6::turn::budget_within;
use model::connect6::{Board, Game, Point};
use model::link::{job, op};
use std::time::{Duration, Instant};

/// A Connect6 design's player on a board (the `connect6` design's paper player, or the
/// `connect6-threat` design's threat player), and what this host last wrote to its record.
pub struct BoardPlayer<T: Transport> {
    pub link: Link<T>,
    /// The `connect6-threat` design's turn (else the paper's decision).
    pub threat: bool,
    /// The threat turn's budget of pairs tested (`TurnArgs`), [`CHIP_BUDGET`] unless the
    /// caller bounds the turn's time with fewer.
    pub budget: u64,
    /// The chip's board as this host knows it: `None` until written, and after any error
    /// (every row is written again).
    mirror: Option<Board>,
    /// Rows written (`JOB_LOAD`) and decisions run, for the reports.
    pub rows_loaded: u64,
    pub decisions: u64,
    /// Whether the last decision's job put the last turn's stones (else rows were written).
    pub last_put: bool,
    /// The bound on a threat turn's time, if any ([`MoveClock`]: the engine's
    /// `--move-time`); it sets [`Self::budget`] before each turn.
    pub clock: Option<MoveClock>,
    /// Turns whose job the clock's deadline aborted, answered by a turn within no pairs.
    pub fallbacks: u64,
    /// The longest time a timed turn took, the link's included.
    pub worst_turn: Duration,
}

/// The engine's bound on a threat turn's time (`--move-time`): the turn's budget of pairs
/// from the board's speed and the time left once the rows are written
/// (`turn::budget_within`: the model's bound on a turn's cycles within a budget), and a
/// deadline past which the job is aborted and a turn within no pairs answers instead.
///
/// The speed is measured: on the simulated board its cycles a second (`board_cycles` over
/// the wall clock: a few requests when the clock is made, then each turn); a real board's is
/// its design's clock (its job's time beyond its cycles is the link's). The job is planned
/// to end by [`MoveClock::SHARE`] of the limit, its requests' own time (the last turn's,
/// beyond its cycles) set aside; it is aborted at [`MoveClock::DEADLINE`] of the limit,
/// leaving the rest for the abort and the turn within no pairs (at most
/// `turn::cycles_bound(0)` cycles and a few requests).
#[derive(Clone, Debug)]
pub struct MoveClock {
    pub limit: Duration,
    /// Board cycles a second, as last measured.
    pub rate: f64,
    /// The last job's time beyond its cycles at `rate` (its start, polls and result).
    pub overhead: Duration,
}

impl MoveClock {
    /// The share of the limit by which the job is planned to end.
    pub const SHARE: f64 = 0.35;
    /// The share of the limit after which the job is aborted.
    pub const DEADLINE: f64 = 0.4;
    /// The slowest speed a clock takes a board for, cycles a second.
    pub const SLOWEST: f64 = 1.0;

    /// A clock of `limit` a turn for a board of `rate` cycles a second.
    pub fn new(limit: Duration, rate: f64) -> MoveClock {
        MoveClock {
            limit,
            rate: rate.max(Self::SLOWEST),
            overhead: Duration::ZERO,
        }
    }

    /// A clock of `limit` a turn, the board's speed measured on `link`: on the simulated
    /// board, its cycles over the time of a few `IDENTIFY` requests; on a real one,
    /// `clock_hz`.
    pub fn measured<T: Transport>(
        limit: Duration,
        link: &mut Link<T>,
        clock_hz: f64,
    ) -> Result<MoveClock, LinkError> {
        let Some(c0) = link.transport.board_cycles() else {
            return Ok(MoveClock::new(limit, clock_hz));
        };
        let t0 = Instant::now();
        for _ in 0..4 {
            link.identify()?;
        }
        let cycles = link.transport.board_cycles().unwrap_or(c0) - c0;
        let rate = cycles as f64 / t0.elapsed().as_secs_f64().max(1e-6);
        Ok(MoveClock::new(limit, rate))
    }

    /// The budget of a turn whose job starts `spent` after the turn began.
    pub fn budget(&self, spent: Duration) -> u64 {
        let left = self
            .limit
            .mul_f64(Self::SHARE)
            .saturating_sub(spent + self.overhead);
        budget_within((left.as_secs_f64() * self.rate) as u64)
    }

    /// A job of `cycles` took `wall` from its start to its result, during which the board
    /// ran `ran` cycles (the simulated board's count; a real board's is unknown).
    fn took(&mut self, wall: Duration, cycles: u64, ran: Option<u64>) {
        // A real board's speed stays its clock's: its job's time is mostly the link's.
        if let Some(ran) = ran {
            self.rate = (ran as f64 / wall.as_secs_f64().max(1e-6)).max(Self::SLOWEST);
        }
        let busy = Duration::try_from_secs_f64(cycles as f64 / self.rate).unwrap_or(wall);
        self.overhead = wall.saturating_sub(busy);
    }
}

/// The slowest clock the `connect6-threat` design is built for: a real board's speed, for
/// its [`MoveClock`].
pub fn threat_clock_hz() -> f64 {
    let d = gateware::Design::Connect6Threat;
    d.boards()
        .filter_map(|b| d.core_clock_hz(b).ok())
        .min()
        .map_or(1e6, f64::from)
}

impl<T: Transport> BoardPlayer<T> {
    /// The `connect6` design's paper player.
    pub fn new(link: Link<T>) -> Self {
        BoardPlayer {
            link,
            threat: false,
            budget: CHIP_BUDGET,
            mirror: None,
            rows_loaded: 0,
            decisions: 0,
            last_put: false,
            clock: None,
            fallbacks: 0,
            worst_turn: Duration::ZERO,
        }
    }

    /// The `connect6-threat` design's threat player.
    pub fn threat(link: Link<T>) -> Self {
        BoardPlayer {
            threat: true,
            ..Self::new(link)
        }
    }

    /// The decision of `game`'s side to move on the board (the `connect6` design): the rows
    /// written ([`Self::write_rows`]), then the job. The stones are checked against the rules
    /// before they are returned.
    pub fn decide(&mut self, game: &Game) -> Result<JobResult, LinkError> {
        let put = self.write_rows(game)?;
        let p = self.run_to_end(game, put, "connect6 decision")?;
        let r = decode_result(&p)?;
        self.played(game, r.stones.iter().map(|&(p, _)| p).collect())?;
        Ok(r)
    }

    /// The threat player's turn for `game`'s side to move on the board (the
    /// `connect6-threat` design: a stone down, two to play) within [`Self::budget`]: the rows
    /// written ([`Self::write_rows`]), then the job. The stones are checked against the rules
    /// before they are returned.
    pub fn turn(&mut self, game: &Game) -> Result<TurnJob, LinkError> {
        let put = self.write_rows(game)?;
        let p = self.run_to_end(game, put, "connect6-threat turn")?;
        self.turn_result(game, &p)
    }

    /// [`Self::turn`] within the [`MoveClock`]'s time, if there is one: the rows written, the
    /// budget from the time left and the board's speed; a job the deadline stops is aborted,
    /// and a turn within no pairs answers (counted in [`Self::fallbacks`]).
    pub fn timed_turn(&mut self, game: &Game) -> Result<TurnJob, LinkError> {
        let Some(clock) = self.clock.clone() else {
            return self.turn(game);
        };
        let t0 = Instant::now();
        let put = self.write_rows(game)?;
        self.budget = clock.budget(t0.elapsed());
        // No time left for pairs: the turn within none is the answer, run to its end.
        let deadline =
            Some(t0 + clock.limit.mul_f64(MoveClock::DEADLINE)).filter(|_| self.budget > 0);
        let (t1, c1) = (Instant::now(), self.link.transport.board_cycles());
        let r = match self.run(game, put, "connect6-threat turn", deadline)? {
            Some(p) => {
                let r = self.turn_result(game, &p)?;
                let ran = c1.and_then(|c| Some(self.link.transport.board_cycles()? - c));
                if let Some(c) = &mut self.clock {
                    c.took(t1.elapsed(), r.cycles, ran);
                }
                r
            }
            None => {
                // The bound or the speed misjudged: half the speed until it is measured again
                // (a real board's is not: half its clock from now on).
                if let Some(c) = &mut self.clock {
                    c.rate = (c.rate / 2.0).max(MoveClock::SLOWEST);
                }
                self.fallbacks += 1;
                self.budget = 0;
                self.turn(game)?
            }
        };
        self.worst_turn = self.worst_turn.max(t0.elapsed());
        Ok(r)
    }

    /// The turn of a job's result payload, its stones put on the mirror.
    fn turn_result(&mut self, game: &Game, p: &[u8]) -> Result<TurnJob, LinkError> {
        let r = decode_turn_result(p)?;
        self.played(game, r.stones.clone())?;
        Ok(r)
    }

    /// Writes the rows of `game`'s board that differ from the chip's (all of them the first
    /// time), unless the chip's board lacks just the last turn's stones: then the job puts
    /// them (the answer, recorded in [`Self::last_put`]). The mirror is taken: it is given
    /// back once the job's stones are known.
    pub fn write_rows(&mut self, game: &Game) -> Result<bool, LinkError> {
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
                    self.load_row(game.board(), row)?;
                }
            }
        }
        self.last_put = put;
        Ok(put)
    }

    /// [`Self::run`] with no deadline: the result's payload.
    fn run_to_end(&mut self, game: &Game, put: bool, what: &str) -> Result<Vec<u8>, LinkError> {
        // Without a deadline a job ends done or is an error.
        self.run(game, put, what, None)?
            .ok_or_else(|| LinkError::Malformed {
                op: "JOB_POLL",
                why: format!("{what} aborted"),
            })
    }

    /// The job for `game`'s side to move, the rows written (the last stones put by the job
    /// when `put`), its result's payload. With a `deadline` for its wait (not for its start):
    /// past it the job is aborted; one that ended done all the same gives its result, an
    /// aborted one `None`, the rows of the last stones it may have put written again, so that
    /// the chip's board is the game's.
    fn run(
        &mut self,
        game: &Game,
        put: bool,
        what: &str,
        deadline: Option<Instant>,
    ) -> Result<Option<Vec<u8>>, LinkError> {
        let args = if self.threat {
            TurnArgs::of(game, put, self.budget).encode().to_vec()
        } else {
            StartArgs::of(game, put).encode().to_vec()
        };
        let st = self.link.job_start(&args)?;
        let stop = self.link.stop;
        if let Some(d) = deadline {
            self.link.stop.deadline = Some(stop.deadline.map_or(d, |s| s.min(d)));
        }
        let waited = self.link.wait_job_on(None, st, |_| {});
        self.link.stop = stop;
        // Our abort: the job found running at the deadline and aborted by this host (a turn
        // done by then is not: its stones are put and it ends done).
        let (st, ours) = match waited {
            Err(LinkError::Stopped(StopReason::TimeLimit)) if deadline.is_some() => {
                let ours = self.link.abort_running()?.0 > 0;
                let st = self.link.job_poll()?;
                (self.link.wait_job_on(None, st, |_| {})?, ours)
            }
            w => (w?, false),
        };
        self.decisions += 1;
        match st.state {
            job::DONE => Ok(Some(self.link.job_result()?)),
            job::ABORTED if ours => {
                // An aborted turn never put stones of its own (the design's rule); the last
                // ones it put are written again.
                if put {
                    let last = game.turns().last().cloned().unwrap_or_default();
                    for row in last.iter().map(|p| p.row()) {
                        self.load_row(game.board(), row)?;
                    }
                }
                self.mirror = Some(game.board().clone());
                Ok(None)
            }
            s => Err(LinkError::Malformed {
                op: "JOB_POLL",
                why: format!("{what} ended in state {}", job::name(s)),
            }),
        }
    }

    /// Writes `board`'s row `row` to the chip's record (`JOB_LOAD`).
    fn load_row(&mut self, board: &Board, row: usize) -> Result<(), LinkError> {
        self.link.call(op::JOB_LOAD, &encode_load(0, board, row))?;
        self.rows_loaded += 1;
        Ok(())
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
