//! The paper's player (Ochiai et al., Figure 4): around each of the opponent's last two
//! stones a 15x15 region is read from the board, and three modules propose candidates from
//! it: the checkmate strategy checker ([`checkmate`], §III-B), template matching
//! ([`templates`], §III-C) and the skilful-line predictor ([`skilful_line`], §III-D); the
//! next-move selector ([`selector`], §III-E) takes the candidate of highest priority, or
//! falls back to the "random" mode. Every module runs for both stones ("all the circuits are
//! made double").
//!
//! The paper's Figures 5-8 are not in the text we have; where it is silent, the choices are
//! ours and `docs/connect6.md` ("The paper's modules") gives each with its reason. The sizes
//! are the paper's: a 15x15 region, nine 5x5 subspaces, a 15-point triangle and its 105
//! pairs, 12 templates of at most 3x2 points in a 5x5 window, lines of 13 points.

pub mod checkmate;
pub mod selector;
pub mod skilful_line;
pub mod templates;

use super::{Board, Color, Point, SIZE};

/// Points on a side of a region.
pub const REGION: usize = 15;
/// Points on a side of a subspace (and of the template scan window).
pub const SUBSPACE: usize = 5;

/// A point's stone seen from the side to move: `Own`, `Opp` or `Empty`; off the board is
/// `Edge` (the paper's modules never look there; our lines and windows do, and treat it as
/// a stone of neither side that blocks both). The discriminant is the 2-bit code a point
/// travels in between the circuit's modules ([`Cell::code`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty = 0,
    Own = 1,
    Opp = 2,
    Edge = 3,
}

impl Cell {
    /// The 2-bit code of the circuit's cell buses (`gateware::connect6`).
    pub const fn code(self) -> u64 {
        self as u64
    }

    /// The cell of a 2-bit code (its two low bits).
    pub const fn from_code(code: u64) -> Cell {
        match code & 3 {
            0 => Cell::Empty,
            1 => Cell::Own,
            2 => Cell::Opp,
            _ => Cell::Edge,
        }
    }
}

/// The cell at (col, row) seen by `side`, `Edge` off the board.
pub fn cell(board: &Board, side: Color, col: i32, row: i32) -> Cell {
    match Point::new(col as usize, row as usize) {
        Some(p) if col >= 0 && row >= 0 => match board.get(p) {
            None => Cell::Empty,
            Some(c) if c == side => Cell::Own,
            Some(_) => Cell::Opp,
        },
        _ => Cell::Edge,
    }
}

/// A point's code in the game record (the circuit's board memory): 0 empty, 1 Black, 2 White.
pub fn stone_code(c: Option<Color>) -> u64 {
    match c {
        None => 0,
        Some(Color::Black) => 1,
        Some(Color::White) => 2,
    }
}

/// Board row `row` as the game record manager's memory holds it: the point in column `c` in
/// bits `2c..2c+1` ([`stone_code`]), 38 bits.
pub fn row_word(board: &Board, row: usize) -> u64 {
    (0..SIZE).fold(0, |w, c| {
        w | stone_code(board.get(Point::new(c, row).expect("on the board"))) << (2 * c)
    })
}

/// The 15x15 region around a stone: centred on it, shifted inside the board at its edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    pub col0: usize,
    pub row0: usize,
}

impl Region {
    pub fn around(p: Point) -> Region {
        let at = |x: usize| x.saturating_sub(REGION / 2).min(SIZE - REGION);
        Region {
            col0: at(p.col()),
            row0: at(p.row()),
        }
    }

    /// Subspace `k` (0..9, row by row) as its top-left (col, row) on the board.
    pub fn subspace(&self, k: usize) -> (usize, usize) {
        (self.col0 + k % 3 * SUBSPACE, self.row0 + k / 3 * SUBSPACE)
    }

    /// The 5x5 scan window centred on `p`, shifted inside the region (the paper: "shifted
    /// when it protrudes from the end of the 15-by-15-grid region"), as its top-left.
    pub fn window(&self, p: Point) -> (usize, usize) {
        let at = |x: usize, lo: usize| {
            x.saturating_sub(SUBSPACE / 2)
                .clamp(lo, lo + REGION - SUBSPACE)
        };
        (at(p.col(), self.col0), at(p.row(), self.row0))
    }

    /// The region's 225 cells seen by `side`, row by row (the record the game record
    /// manager sends the modules).
    pub fn cells(&self, board: &Board, side: Color) -> [Cell; REGION * REGION] {
        std::array::from_fn(|i| {
            cell(
                board,
                side,
                (self.col0 + i % REGION) as i32,
                (self.row0 + i / REGION) as i32,
            )
        })
    }

    /// The board point of region index `i` (row by row).
    pub fn point(&self, i: usize) -> Point {
        Point::new(self.col0 + i % REGION, self.row0 + i / REGION)
            .expect("a region is on the board")
    }

    pub fn contains(&self, p: Point) -> bool {
        (self.col0..self.col0 + REGION).contains(&p.col())
            && (self.row0..self.row0 + REGION).contains(&p.row())
    }
}
