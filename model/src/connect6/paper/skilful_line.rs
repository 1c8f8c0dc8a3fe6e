//! The skilful-line predictor (§III-D): the lines of 13 points centred on an opponent stone
//! in the four line directions (both ways: the paper's eight directions, "the rotation of
//! 45 degrees three times"), for the threats the 2-D modules cannot see. Each six-point
//! window of a line gets a level; an empty point takes the highest level of the windows
//! through it on the four lines, and the module's candidate is the point of highest level
//! (most windows at that level, then the first in line order).
//!
//! Our choices: the levels, highest first: a window of the side to move's stones alone that
//! its turn completes (four or five: [`WIN`]); the opponent's four or five alone (a threat:
//! [`THREAT`]); the opponent's three alone ([`PRE_THREAT`]); one's own three alone
//! ([`BUILD`]). A window that leaves the board counts nothing.

use super::{cell, Cell};
use crate::connect6::{Board, Color, Point, DIRECTIONS, WIN_LENGTH};

/// Points of a line (the paper extended 11 to 13).
pub const LINE: usize = 13;
pub const WIN: u16 = 1000;
pub const THREAT: u16 = 900;
pub const PRE_THREAT: u16 = 300;
pub const BUILD: u16 = 250;

/// The level of a window holding `own` and `opp` stones (all on the board).
pub fn level(own: usize, opp: usize) -> u16 {
    match (own, opp) {
        (o, 0) if o >= 4 => WIN,
        (0, o) if o >= 4 => THREAT,
        (0, 3) => PRE_THREAT,
        (3, 0) => BUILD,
        _ => 0,
    }
}

/// The level codes the circuit carries (`0` none, then [`BUILD`], [`PRE_THREAT`], [`THREAT`],
/// [`WIN`]): code `k` is worth `LEVELS[k]`.
pub const LEVELS: [u16; 5] = [0, BUILD, PRE_THREAT, THREAT, WIN];

/// The four lines of [`LINE`] cells centred on `stone`, in [`DIRECTIONS`] order, point `i` at
/// `stone + (i - 6) d`: what the game record manager sends the predictor.
pub fn lines(board: &Board, side: Color, stone: Point) -> [[Cell; LINE]; 4] {
    let half = (LINE / 2) as i32;
    std::array::from_fn(|d| {
        let (dc, dr) = DIRECTIONS[d];
        std::array::from_fn(|i| {
            let k = i as i32 - half;
            cell(
                board,
                side,
                stone.col() as i32 + dc * k,
                stone.row() as i32 + dr * k,
            )
        })
    })
}

/// The predictor on its four lines: `(level, windows at that level, direction, index)` of the
/// best empty point, the first in (direction, index) order among equals.
pub fn best_on_lines(lines: &[[Cell; LINE]; 4]) -> Option<(u16, u8, usize, usize)> {
    let mut best: Option<(u16, u8, usize, usize)> = None;
    for (d, cells) in lines.iter().enumerate() {
        // Each point's best level on this line and its count of windows at that level.
        let mut lv = [(0u16, 0u8); LINE];
        for s in 0..=LINE - WIN_LENGTH {
            let w = &cells[s..s + WIN_LENGTH];
            if w.contains(&Cell::Edge) {
                continue;
            }
            let own = w.iter().filter(|&&x| x == Cell::Own).count();
            let opp = w.iter().filter(|&&x| x == Cell::Opp).count();
            let l = level(own, opp);
            for v in &mut lv[s..s + WIN_LENGTH] {
                if l > v.0 {
                    *v = (l, 1);
                } else if l == v.0 && l > 0 {
                    v.1 += 1;
                }
            }
        }
        for (i, &(l, n)) in lv.iter().enumerate() {
            if l == 0 || cells[i] != Cell::Empty {
                continue;
            }
            if best.is_none_or(|(bl, bn, _, _)| (l, n) > (bl, bn)) {
                best = Some((l, n, d, i));
            }
        }
    }
    best
}

/// The candidate on the lines through `stone`: `(level, windows at that level, point)`.
pub fn candidate(board: &Board, side: Color, stone: Point) -> Option<(u16, u8, Point)> {
    let half = (LINE / 2) as i32;
    best_on_lines(&lines(board, side, stone)).map(|(l, n, d, i)| {
        let (dc, dr) = DIRECTIONS[d];
        let k = i as i32 - half;
        let (c, r) = (stone.col() as i32 + dc * k, stone.row() as i32 + dr * k);
        (
            l,
            n,
            Point::new(c as usize, r as usize).expect("on the board"),
        )
    })
}
