//! The checkmate strategy checker (§III-B): in each of the region's nine 5x5 subspaces, a
//! triangle of 15 points in each of four rotations; the tactics table lists the triangle's
//! 105 (= C(15,2)) pairs of points, and for each pair the triangle's lines through either
//! point. A pair is worth, for a colour, the most stones of that colour it would leave on
//! one open line of the triangle through it (open: no stone of the other colour). Four of
//! one colour on a line of a region "decide the game with high probability": a pair worth 4
//! or more is a candidate, for the side to move to play (offence) or to take from the
//! opponent (defence). The same circuit and table serve both, as in the paper.
//!
//! Our choices (the paper's Figure 6 is missing): the triangle is a subspace's corner half,
//! the points `(r, c)` with `r + c <= 4`, turned by 90 degrees for each rotation so that the
//! four triangles cover the subspace twice; its lines are the six of at least four points
//! (rows 0 and 1, columns 0 and 1, the anti-diagonals `r + c = 4` and `3`).

use super::{Cell, Region, REGION, SUBSPACE};
use crate::connect6::{Board, Color, Point};

/// Points of a triangle.
pub const TRIANGLE: usize = 15;
/// Pairs of triangle points: the tactics table's entries.
pub const PAIRS: usize = TRIANGLE * (TRIANGLE - 1) / 2;
/// Lines of the triangle (of four or five points).
pub const LINES: usize = 6;
/// The least worth of a candidate.
pub const MIN_WORTH: u8 = 4;

/// The triangle's points `(r, c)` in subspace coordinates (rotation 0), row by row.
pub fn triangle() -> [(usize, usize); TRIANGLE] {
    let mut t = [(0, 0); TRIANGLE];
    let mut i = 0;
    for r in 0..SUBSPACE {
        for c in 0..SUBSPACE - r {
            t[i] = (r, c);
            i += 1;
        }
    }
    t
}

/// Whether triangle point `(r, c)` lies on line `l`.
fn on_line(l: usize, (r, c): (usize, usize)) -> bool {
    match l {
        0 => r == 0,
        1 => r == 1,
        2 => c == 0,
        3 => c == 1,
        4 => r + c == 4,
        _ => r + c == 3,
    }
}

/// One entry of the tactics table: the pair's two triangle points and the lines through each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tactic {
    pub a: u8,
    pub b: u8,
    pub lines_a: u8,
    pub lines_b: u8,
}

/// The tactics table (the circuit's block RAM), pairs in order `(0,1), (0,2), .. (13,14)`.
pub fn tactics_table() -> Vec<Tactic> {
    let t = triangle();
    let lines = |i: usize| {
        (0..LINES)
            .filter(|&l| on_line(l, t[i]))
            .fold(0u8, |m, l| m | 1 << l)
    };
    let mut out = Vec::with_capacity(PAIRS);
    for a in 0..TRIANGLE {
        for b in a + 1..TRIANGLE {
            out.push(Tactic {
                a: a as u8,
                b: b as u8,
                lines_a: lines(a),
                lines_b: lines(b),
            });
        }
    }
    out
}

/// Subspace coordinates `(r, c)` of a rotation-0 triangle point turned `rot` times by 90
/// degrees.
pub fn rotate((r, c): (usize, usize), rot: usize) -> (usize, usize) {
    (0..rot).fold((r, c), |(r, c), _| (c, SUBSPACE - 1 - r))
}

/// A candidate: the pair of points and its worth (4 or 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub worth: u8,
    pub stones: [Point; 2],
}

/// Triangles of a region: nine subspaces, four rotations each (`4 k + rot`).
pub const TRIANGLES: usize = 9 * 4;

/// The region index (`row * 15 + col`) of point `i` of triangle `t` (`4 k + rot`: subspace
/// `k`, rotation `rot`).
pub fn triangle_point(t: usize, i: usize) -> usize {
    let (k, rot) = (t / 4, t % 4);
    let (r, c) = rotate(triangle()[i], rot);
    (k / 3 * SUBSPACE + r) * REGION + k % 3 * SUBSPACE + c
}

/// The checker on a region's cells: `(worth, triangle, table entry)` of the best pair for
/// `colour` (the highest worth of at least [`MIN_WORTH`], the first in scan order: triangle,
/// then table entry, among equals).
pub fn check_cells(cells: &[Cell; REGION * REGION], colour: Cell) -> Option<(u8, usize, usize)> {
    let table = tactics_table();
    let tri = triangle();
    let mut best: Option<(u8, usize, usize)> = None;
    for t in 0..TRIANGLES {
        let cells: Vec<Cell> = (0..TRIANGLE).map(|i| cells[triangle_point(t, i)]).collect();
        // Each line's count of `colour` and whether it is open.
        let mut count = [0u8; LINES];
        let mut open = [true; LINES];
        for (i, &x) in cells.iter().enumerate() {
            for l in (0..LINES).filter(|&l| on_line(l, tri[i])) {
                match x {
                    Cell::Empty => {}
                    x if x == colour => count[l] += 1,
                    _ => open[l] = false,
                }
            }
        }
        for (n, e) in table.iter().enumerate() {
            let (a, b) = (e.a as usize, e.b as usize);
            if cells[a] != Cell::Empty || cells[b] != Cell::Empty {
                continue;
            }
            let worth = (0..LINES)
                .filter(|&l| open[l] && (e.lines_a | e.lines_b) >> l & 1 == 1)
                .map(|l| count[l] + (e.lines_a >> l & 1) + (e.lines_b >> l & 1))
                .max()
                .unwrap_or(0);
            if worth >= MIN_WORTH && best.is_none_or(|c| worth > c.0) {
                best = Some((worth, t, n));
            }
        }
    }
    best
}

/// The best pair for `colour` (seen from `side`: `Cell::Own` is `side`'s) in the region:
/// the highest worth of at least [`MIN_WORTH`], the first in scan order (subspace, rotation,
/// table entry) among equals.
pub fn check(board: &Board, side: Color, region: Region, colour: Cell) -> Option<Candidate> {
    let (worth, t, n) = check_cells(&region.cells(board, side), colour)?;
    let e = tactics_table()[n];
    let p = |i: u8| region.point(triangle_point(t, i as usize));
    Some(Candidate {
        worth,
        stones: [p(e.a), p(e.b)],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_the_papers_sizes() {
        assert_eq!(triangle().len(), 15);
        assert_eq!(tactics_table().len(), 105);
        // Every triangle line has four or five points; the rotations cover a subspace twice
        // (the centre four times).
        for l in 0..LINES {
            let n = triangle().iter().filter(|&&p| on_line(l, p)).count();
            assert!(n == 4 || n == 5, "line {l}: {n}");
        }
        let mut cover = [[0; SUBSPACE]; SUBSPACE];
        for rot in 0..4 {
            for p in triangle() {
                let (r, c) = rotate(p, rot);
                cover[r][c] += 1;
            }
        }
        assert!(cover.iter().flatten().all(|&n| n >= 2), "{cover:?}");
    }
}
