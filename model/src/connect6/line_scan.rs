//! The line scorer, past the paper: the threat player's line score ([`line_score`], the baseline's
//! with the player's weights, [`WEIGHTS`]) of every point for one side, and the best empty point,
//! as the circuit computes them (`gateware::connect6::line_scorer`). The threat player reads line
//! scores at four of its steps (a block's tie-break, the defence's and the preparation's
//! candidates, and the last step's stone: [`super::threat`]); this is the whole-board pass they
//! stand on.
//!
//! The circuit reads the board a row a cycle, as the threat scanner does, and weighs the 61
//! windows of six points that each row completes (the tables of [`WEIGHTS`]); each
//! direction's windows through a point are summed as the rows pass (a running sum per column,
//! shifted a column a row on the diagonals), so that a row's 19 scores are complete five rows
//! after it, all at once. The best is the first in board order among
//! equal scores ([`super::threat::best_point`], the threat player's own choice).

use super::threat::{best_point, line_score, WEIGHTS};
use super::{Board, Color, Point, POINTS, SIZE, WIN_LENGTH};

/// Cycles of the rows: row 0 asked, then a row a cycle (its word the cycle after its address)
/// and five past the board (the windows they complete are the last rows' scores).
pub const ROW_CYCLES: u64 = (SIZE + WIN_LENGTH) as u64;

/// Cycles behind the rows: a row's scores summed, the best of its 19 in two steps (the second
/// updates the scan's best); done the cycle after.
pub const PIPE_CYCLES: u64 = 3;

/// Cycles of a scan, from `start` to `done`: the start cycle, the rows, the pipeline.
pub const CYCLES: u64 = 1 + ROW_CYCLES + PIPE_CYCLES;

/// Windows of six points holding a point: six along each of the four directions.
pub const WINDOWS_THROUGH: usize = 4 * WIN_LENGTH;

/// Bits of a window's weight, of a point's sum over one direction's six windows, and of its
/// score: the largest weight, on every window.
pub const WEIGHT_BITS: usize = bits_for(WEIGHTS.max() as u64);
pub const DIRECTION_BITS: usize = bits_for(WEIGHTS.max() as u64 * WIN_LENGTH as u64);
pub const SCORE_BITS: usize = bits_for(WEIGHTS.max() as u64 * WINDOWS_THROUGH as u64);

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
/// row's 19 scores at a time; an occupied point's is 0 and marked so).
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
        // attack[5] = 5000 < 2^13; six of them 30,000 < 2^15; 24, 120,000 < 2^17.
        assert_eq!((WEIGHT_BITS, DIRECTION_BITS, SCORE_BITS), (13, 15, 17));
    }

    #[test]
    fn an_empty_board_scores_its_centre_best() {
        // Every window of nothing weighs attack[0]: the points with the most windows (24,
        // five lines from every edge) tie, the first in board order is (5, 5).
        let s = scan(&Board::default(), Color::Black);
        assert_eq!(
            s.best,
            Some((Point::new(5, 5).unwrap(), 24 * WEIGHTS.attack[0]))
        );
        assert_eq!(s.cycles, 1 + 25 + 3);
    }
}
