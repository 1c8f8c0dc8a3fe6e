//! Payloads of the `connect6` design's job commands (the link protocol's opcodes are in
//! `crate::link`). Little-endian. The board lives on chip, in the game record manager's
//! block RAM, a row word a line (`super::paper::row_word`: 19 points of 2 bits, Black 1,
//! White 2); the host writes rows, and each turn's job may first put the opponent's stones
//! itself, as the paper's I/O turns the two stones it receives into memory addresses:
//!
//! * `JOB_LOAD` ([`LOAD_LEN`] bytes): core u8, row u8 (0..[`ROWS`]), the row word in
//!   [`ROW_BYTES`] bytes (its top [`ROW_PAD_BITS`] bits 0, no point coded 3). Refused while
//!   the core runs (BUSY); loading makes a finished core idle.
//! * `JOB_START` ([`START_LEN`] bytes, [`StartArgs`]): side u8 (1 Black, 2 White: the side
//!   to move), stones u8 (1 or 2: its stones this turn), put u8 (1: put the last stones on
//!   the board first, in the opponent's colour; 0: they are on it), last u8 (0, 1 or 2: the
//!   opponent's last stones; 0 is Black's opening, answered with the centre), then column
//!   u8 and row u8 of each of the two last stones (0 when absent; every one below
//!   [`crate::connect6::SIZE`]). BAD_ARGUMENT otherwise. The points a put names must be
//!   empty: the host's to check (the engine's game does).
//! * `JOB_RESULT` ([`RESULT_LEN`] bytes, [`decode_result`]): cycles u64 from the start to the
//!   job's end ([`job_cycles`]); the stones placed u8 (1 or 2), then per stone its column
//!   u8, row u8 and module u8 (`super::paper::selector::Module::code`; zeros for an absent
//!   second stone). The stones are on the chip's board when the job ends.
//! * `JOB_POLL` progress: the job's cycles so far. An abort marks the job aborted; the
//!   decision (at most about a thousand cycles) still ends, and its stones may be on the
//!   board: the host reloads the rows.
//!
//! With one core the job commands may leave out the core index (`crate::link`); `JOB_LOAD`
//! always carries it.

use super::paper::selector::{decide_with_cycles, Module, PUT_CYCLES};
use super::paper::{row_word, stone_code};
use super::{Board, Color, Game, Point, SIZE};
use crate::link::PayloadError;

/// Rows of the board (words of `JOB_LOAD`).
pub const ROWS: usize = SIZE;
/// Bits of a row word: 19 points of 2 bits.
pub const ROW_BITS: usize = 2 * SIZE;
pub const ROW_BYTES: usize = ROW_BITS.div_ceil(8);
pub const ROW_PAD_BITS: usize = ROW_BYTES * 8 - ROW_BITS;
/// `JOB_LOAD`: core, row, the row word.
pub const LOAD_LEN: usize = 2 + ROW_BYTES;
/// `JOB_START` without a core index: side, stones, put, last, two points.
pub const START_LEN: usize = 8;
/// `JOB_RESULT`: cycles u64, placed u8, two stones of column, row and module.
pub const RESULT_LEN: usize = 15;
/// Bits of the cycle counter the device keeps.
pub const CYCLES_BITS: u32 = 48;
/// Cycles a put of the job costs: the command, the game record manager's read and write
/// ([`PUT_CYCLES`]) and the cycle that sees it idle.
pub const JOB_PUT_CYCLES: u32 = PUT_CYCLES + 1;
/// Cycles of a job beyond its puts and the player's decision (whose count begins with the
/// cycle that starts it): the cycle that sees the player done.
pub const JOB_EXTRA_CYCLES: u32 = 1;

/// `JOB_LOAD` of `row` of `board` for `core`.
pub fn encode_load(core: u8, board: &Board, row: usize) -> Vec<u8> {
    let mut v = vec![core, row as u8];
    v.extend_from_slice(&row_word(board, row).to_le_bytes()[..ROW_BYTES]);
    v
}

/// The arguments of one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartArgs {
    pub side: Color,
    pub stones: u8,
    /// Put the last stones first (the opponent's colour).
    pub put: bool,
    /// The opponent's last stones (none on Black's opening turn).
    pub last: [Option<Point>; 2],
}

impl StartArgs {
    /// The decision of `game`'s side to move; with `put`, the last turn's stones are not on
    /// the chip's board yet and the job puts them.
    pub fn of(game: &Game, put: bool) -> StartArgs {
        let last = game.turns().last().cloned().unwrap_or_default();
        StartArgs {
            side: game.to_move(),
            stones: game.stones_this_turn() as u8,
            put: put && !last.is_empty(),
            last: [last.first().copied(), last.get(1).copied()],
        }
    }

    /// The stones the job puts before the decision: the last ones when asked.
    pub fn puts(&self) -> u32 {
        if self.put {
            self.last.iter().flatten().count() as u32
        } else {
            0
        }
    }

    /// The `JOB_START` arguments (without a core index).
    pub fn encode(&self) -> [u8; START_LEN] {
        let at = |p: Option<Point>| p.map_or((0, 0), |p| (p.col() as u8, p.row() as u8));
        let (c0, r0) = at(self.last[0]);
        let (c1, r1) = at(self.last[1]);
        [
            stone_code(Some(self.side)) as u8,
            self.stones,
            u8::from(self.put),
            self.last.iter().flatten().count() as u8,
            c0,
            r0,
            c1,
            r1,
        ]
    }
}

/// A finished decision as the board reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobResult {
    pub cycles: u64,
    /// The stones placed and the module that chose each.
    pub stones: Vec<(Point, Module)>,
}

/// Decodes a `JOB_RESULT` answer; a stone off the board, an unknown module, a count other
/// than 1 or 2 or a non-zero absent stone is an error.
pub fn decode_result(p: &[u8]) -> Result<JobResult, PayloadError> {
    let what = "connect6 JOB_RESULT answer";
    let (cycles, raw) = decode_stones(p, what)?;
    let mut stones = Vec::new();
    for (k, (p, m)) in raw.into_iter().enumerate() {
        let m = *Module::ALL
            .get(m as usize)
            .ok_or_else(|| PayloadError::Invalid {
                what,
                why: format!("stone {k}'s module {m}"),
            })?;
        stones.push((p, m));
    }
    Ok(JobResult { cycles, stones })
}

/// The result's cycles and stones, each with its third byte (a module or a step): a stone
/// off the board, a count other than 1 or 2 or a non-zero absent stone is an error.
fn decode_stones(p: &[u8], what: &'static str) -> Result<(u64, Vec<(Point, u8)>), PayloadError> {
    let b: [u8; RESULT_LEN] = p.try_into().map_err(|_| PayloadError::Length {
        what,
        expected: RESULT_LEN,
        got: p.len(),
    })?;
    let cycles = u64::from_le_bytes(b[..8].try_into().expect("8 bytes"));
    let placed = b[8] as usize;
    let invalid = |why: String| PayloadError::Invalid { what, why };
    if !(1..=2).contains(&placed) || cycles >> CYCLES_BITS != 0 {
        return Err(invalid(format!("{placed} stones, {cycles} cycles")));
    }
    if placed == 1 && b[12..15].iter().any(|&x| x != 0) {
        return Err(invalid("a second stone's bytes after one stone".into()));
    }
    let mut stones = Vec::new();
    for k in 0..placed {
        let (c, r, m) = (b[9 + 3 * k], b[10 + 3 * k], b[11 + 3 * k]);
        let p = Point::new(c as usize, r as usize)
            .ok_or_else(|| invalid(format!("stone {k} at column {c}, row {r}")))?;
        stones.push((p, m));
    }
    Ok((cycles, stones))
}

/// The job's cycles for `game`'s decision: a put a last stone when the job puts them, the
/// player's decision (`selector::decide_with_cycles`), [`JOB_EXTRA_CYCLES`].
pub fn job_cycles(game: &Game, put: bool) -> u64 {
    expected_job(game, put).cycles
}

/// What the board answers to `game`'s decision job: the model's stones and modules
/// (`selector::decide`) and [`job_cycles`], from one evaluation of the player.
pub fn expected_job(game: &Game, put: bool) -> JobResult {
    let puts = StartArgs::of(game, put).puts();
    let (stones, decide) = decide_with_cycles(game);
    JobResult {
        cycles: u64::from(puts * JOB_PUT_CYCLES + decide + JOB_EXTRA_CYCLES),
        stones,
    }
}

/// The `connect6-threat` design: the threat player's turn on chip (`super::turn::turn`,
/// gateware `ThreatPlayer`) behind the same commands and layouts, but for these:
///
/// * `JOB_START` ([`THREAT_START_LEN`] bytes, [`TurnArgs`]): the [`StartArgs`], then the
///   turn's budget of pairs tested, u24 (at most `pair_search::MAX_BUDGET`: the circuit's
///   register is 20 bits; `turn::turn_within`), the host's bound on the turn's time. Stones
///   must be 2 and last 1 or 2 (BAD_ARGUMENT otherwise, as for a budget too large): Black's
///   opening, the centre ([`crate::connect6::CENTRE`]), is the host's, as the model's turn
///   needs a stone down. The board must have two empty points and no six in a row (the
///   host's to keep, as the engine's game does).
/// * The job puts the last stones when asked ([`THREAT_PUT_CYCLES`] each: the row read, then
///   written), starts the turn ([`THREAT_START_CYCLES`]), waits for it (the turn's cycles,
///   `turn::Turn::cycles`), then puts its own two stones ([`THREAT_PUT_CYCLES`] each).
/// * `JOB_RESULT`: always two stones, each one's third byte the turn's step
///   (`turn::Step::code`) instead of a module.
/// * `JOB_ABORT` cancels the turn at once: the job ends aborted, and any of the last stones
///   it put before stay on the board (the host writes their rows again). Once the turn is
///   done the abort is too late: the job puts its two stones and ends done, its result
///   readable, so an aborted job never leaves stones of its own.
pub mod threat_design {
    use super::super::pair_search::MAX_BUDGET;
    use super::super::turn::{turn_parts_within, Parts, Step};
    use super::super::{Game, Point};
    use super::{decode_stones, StartArgs, START_LEN};
    use crate::link::PayloadError;

    /// Bytes of the turn's budget in `JOB_START`, after the [`StartArgs`].
    pub const BUDGET_BYTES: usize = 3;
    /// `JOB_START` without a core index: the [`StartArgs`], the budget.
    pub const THREAT_START_LEN: usize = START_LEN + BUDGET_BYTES;
    /// Bits of the circuit's budget register (the bytes' top bits must be 0).
    pub const BUDGET_BITS: u32 = MAX_BUDGET.count_ones();

    /// The arguments of one turn: the decision's, and its budget of pairs tested (the
    /// attack's searches, and as many for the preparation's: `turn::turn_within`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct TurnArgs {
        pub start: StartArgs,
        pub budget: u64,
    }

    impl TurnArgs {
        /// The turn of `game`'s side to move within `budget` pairs (at most
        /// [`MAX_BUDGET`]); with `put`, the job puts the last turn's stones.
        pub fn of(game: &Game, put: bool, budget: u64) -> TurnArgs {
            TurnArgs {
                start: StartArgs::of(game, put),
                budget,
            }
        }

        /// The `JOB_START` arguments (without a core index).
        pub fn encode(&self) -> [u8; THREAT_START_LEN] {
            debug_assert!(
                self.budget <= MAX_BUDGET,
                "a budget of {} pairs",
                self.budget
            );
            let mut v = [0; THREAT_START_LEN];
            v[..START_LEN].copy_from_slice(&self.start.encode());
            v[START_LEN..].copy_from_slice(&self.budget.to_le_bytes()[..BUDGET_BYTES]);
            v
        }
    }

    /// Cycles of a stone put by the job: the row read, then written.
    pub const THREAT_PUT_CYCLES: u32 = 2;
    /// Cycles of the turn's start (the cycle that starts the player).
    pub const THREAT_START_CYCLES: u32 = 1;

    /// A finished turn as the board reports it.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct TurnJob {
        pub cycles: u64,
        /// The two stones, in the order chosen.
        pub stones: Vec<Point>,
        /// The step that chose them.
        pub step: Step,
    }

    /// Decodes the design's `JOB_RESULT` answer: two stones, one step for both; a stone off
    /// the board, an unknown step or stones of two steps is an error.
    pub fn decode_turn_result(p: &[u8]) -> Result<TurnJob, PayloadError> {
        let what = "connect6-threat JOB_RESULT answer";
        let (cycles, raw) = decode_stones(p, what)?;
        let invalid = |why: String| PayloadError::Invalid { what, why };
        if raw.len() != 2 || raw[0].1 != raw[1].1 {
            return Err(invalid(format!("{} stones of steps {raw:?}", raw.len())));
        }
        let step = Step::of_code(u64::from(raw[0].1))
            .ok_or_else(|| invalid(format!("step {}", raw[0].1)))?;
        Ok(TurnJob {
            cycles,
            stones: raw.iter().map(|&(p, _)| p).collect(),
            step,
        })
    }

    /// What the board answers to `game`'s turn job (a stone down, the game on, two stones to
    /// play) within `budget` pairs: the model's turn and the job's cycles, the last stones put
    /// when `put`.
    pub fn expected_turn_job(game: &Game, put: bool, budget: u64) -> TurnJob {
        expected_turn_job_parts(game, put, budget).0
    }

    /// [`expected_turn_job`], and where the turn's cycles went (`turn::turn_parts_within`):
    /// the bench's cycles by block without computing the turn twice.
    pub fn expected_turn_job_parts(game: &Game, put: bool, budget: u64) -> (TurnJob, Parts) {
        let puts = StartArgs::of(game, put).puts();
        let (t, parts) = turn_parts_within(game.board(), game.to_move(), budget);
        let own = t.stones.len() as u32;
        let job = TurnJob {
            cycles: u64::from((puts + own) * THREAT_PUT_CYCLES + THREAT_START_CYCLES) + t.cycles,
            stones: t.stones,
            step: t.step,
        };
        (job, parts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect6::paper::selector::decide_with_cycles;

    #[test]
    fn start_args_name_the_last_turn() {
        let mut g = Game::new();
        let a = StartArgs::of(&g, true);
        assert_eq!(a.encode(), [1, 1, 0, 0, 0, 0, 0, 0]);
        g.play(&[Point::new(9, 9).unwrap()]).unwrap();
        g.play(&[Point::new(3, 4).unwrap(), Point::new(18, 0).unwrap()])
            .unwrap();
        assert_eq!(StartArgs::of(&g, true).encode(), [1, 2, 1, 2, 3, 4, 18, 0]);
        assert_eq!(StartArgs::of(&g, false).encode(), [1, 2, 0, 2, 3, 4, 18, 0]);
    }

    #[test]
    fn results_decode_and_refuse_nonsense() {
        let g = Game::from_record("JJ KKLL").unwrap();
        let (want, c) = decide_with_cycles(&g);
        let mut p = vec![0u8; RESULT_LEN];
        p[..8].copy_from_slice(&u64::from(c).to_le_bytes());
        p[8] = want.len() as u8;
        for (k, (pt, m)) in want.iter().enumerate() {
            p[9 + 3 * k..12 + 3 * k].copy_from_slice(&[
                pt.col() as u8,
                pt.row() as u8,
                m.code() as u8,
            ]);
        }
        let r = decode_result(&p).unwrap();
        assert_eq!((r.stones, r.cycles), (want, u64::from(c)));
        let bad = |f: &dyn Fn(&mut Vec<u8>)| {
            let mut q = p.clone();
            f(&mut q);
            decode_result(&q).unwrap_err().to_string()
        };
        assert!(bad(&|q| q[8] = 3).contains("3 stones"));
        assert!(bad(&|q| q[9] = 19).contains("column 19"));
        assert!(bad(&|q| q[11] = 5).contains("module 5"));
        assert!(bad(&|q| q.push(0)).contains("expected 15"));
        assert!(bad(&|q| {
            q[8] = 1;
            q[13] = 1
        })
        .contains("second stone"));
    }
}
