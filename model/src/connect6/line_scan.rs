//! The line scorer, past the paper: the baseline's line score ([`line_score`]) of every point
//! for one side, and the best empty point, as the circuit computes them
//! (`gateware::connect6::line_scorer`). The threat player reads line scores at four of its
//! steps (a block's tie-break, the defence's and the preparation's candidates, and the last
//! step's stone: [`super::threat`]); this is the whole-board pass they stand on.
//!
//! The circuit reads the rows into a window of 11 (the rows five above and five below the
//! point's), then scores the points a cycle each in board order from the four lines of 11
//! points through each: the 24 windows of six points holding it, weighted by the baseline's
//! tables ([`ATTACK`], [`DEFENCE`]), summed. The best is the first in board order among equal
//! scores ([`super::threat::best_point`], the threat player's own choice).

use super::baseline::{line_score, ATTACK, DEFENCE};
use super::threat::best_point;
use super::{Board, Color, Point, POINTS, WIN_LENGTH};

/// Cycles from `start` to the first point's scoring: the start cycle, rows 0..5 read (a row a
/// cycle, the word the cycle after its address) into the window whose middle is row 0.
pub const LOAD_CYCLES: u64 = 2 + WIN_LENGTH as u64;

/// Cycles behind a point's scoring: its windows' weights registered, then their sum; the best
/// is updated in the cycle after the sum, and the scan is done the cycle after that.
pub const PIPE_CYCLES: u64 = 2;

/// Cycles of a scan, from `start` to `done`: the load, a point a cycle, the pipeline.
pub const CYCLES: u64 = LOAD_CYCLES + POINTS as u64 + PIPE_CYCLES;

/// Windows of six points holding a point: six along each of the four directions.
pub const WINDOWS_THROUGH: usize = 4 * WIN_LENGTH;

/// Bits of a window's weight and of a point's score: the largest weight, on every window.
pub const WEIGHT_BITS: usize = bits_for(max_weight() as u64);
pub const SCORE_BITS: usize = bits_for(max_weight() as u64 * WINDOWS_THROUGH as u64);

const fn max_weight() -> u32 {
    let (mut m, mut k) = (0, 0);
    while k < WIN_LENGTH {
        if ATTACK[k] > m {
            m = ATTACK[k];
        }
        if DEFENCE[k] > m {
            m = DEFENCE[k];
        }
        k += 1;
    }
    m
}

const fn bits_for(x: u64) -> usize {
    (u64::BITS - x.leading_zeros()) as usize
}

/// One scan's answer: the best empty point and its score (none on a full board), the cycles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineScan {
    pub best: Option<(Point, u32)>,
    pub cycles: u64,
}

/// Every point's line score for `side` in board order, the empty ones (the circuit streams a
/// score for every point; an occupied point's is 0 and marked so).
pub fn scores(board: &Board, side: Color) -> Vec<Option<u32>> {
    (0..POINTS as u16)
        .map(Point)
        .map(|p| board.is_empty(p).then(|| line_score(board, side, p)))
        .collect()
}

/// The scan of `board` for `side`.
pub fn scan(board: &Board, side: Color) -> LineScan {
    LineScan {
        best: best_point(board, side, board.empties()).map(|p| (p, line_score(board, side, p))),
        cycles: CYCLES,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_hold_the_tables() {
        // ATTACK[5] = 5000 < 2^13; 24 of them, 120,000 < 2^17.
        assert_eq!((WEIGHT_BITS, SCORE_BITS), (13, 17));
    }

    #[test]
    fn an_empty_board_scores_its_centre_best() {
        // Every window of nothing weighs ATTACK[0]: the points with the most windows (24,
        // five lines from every edge) tie, the first in board order is (5, 5).
        let s = scan(&Board::default(), Color::Black);
        assert_eq!(s.best, Some((Point::new(5, 5).unwrap(), 24 * ATTACK[0])));
        assert_eq!(s.cycles, 8 + 361 + 2);
    }
}
