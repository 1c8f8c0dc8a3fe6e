//! Template matching (§III-C): twelve templates of at most 3x2 points, each in eight
//! orientations (turned by 45 degrees at a time), matched everywhere in the 5x5 scan window
//! centred on an opponent stone ([`super::Region::window`]); each template that matches adds
//! its severity to the points it marks as the next move, and the window's point of highest
//! total is the module's candidate.
//!
//! Our choices (the paper's Figure 7 is missing): the templates below, read along the
//! orientation's direction `d` (a row of at most three points) and across it by `d` turned
//! 90 degrees (at most two rows); `o` an opponent stone, `x` an own stone, `+` an empty point
//! that is marked, `.` an empty point. A template whose points leave the window does not
//! match (the window is all the circuit holds). Eight of the twelve look at the opponent's
//! stones, as the paper's do ("they only take care of the opponent's move"); four at one's
//! own, which the paper lists as its first improvement.

use super::{cell, Cell, Region};
use crate::connect6::{Board, Color, Point};

/// A template: one or two rows (along the direction), and the severity it adds.
#[derive(Clone, Copy, Debug)]
pub struct Template {
    pub rows: [&'static str; 2],
    pub severity: u16,
}

/// The twelve templates.
pub const TEMPLATES: [Template; 12] = [
    Template {
        rows: ["o+", ""],
        severity: 3,
    },
    Template {
        rows: ["oo+", ""],
        severity: 8,
    },
    Template {
        rows: ["o+o", ""],
        severity: 10,
    },
    Template {
        rows: ["o.+", ""],
        severity: 2,
    },
    Template {
        rows: ["o+", "+o"],
        severity: 4,
    },
    Template {
        rows: ["o+", "o+"],
        severity: 3,
    },
    Template {
        rows: ["oo", "+."],
        severity: 2,
    },
    Template {
        rows: ["o+", ".o"],
        severity: 3,
    },
    Template {
        rows: ["x+", ""],
        severity: 3,
    },
    Template {
        rows: ["xx+", ""],
        severity: 7,
    },
    Template {
        rows: ["x+x", ""],
        severity: 9,
    },
    Template {
        rows: ["x+", "+x"],
        severity: 4,
    },
];

/// The eight directions, turned 45 degrees at a time: E, SE, S, SW, W, NW, N, NE.
pub const ORIENTATIONS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The scan window's 25 cells seen by `side`, row by row: what the game record manager sends
/// the template matcher.
pub fn window_cells(board: &Board, side: Color, region: Region, stone: Point) -> [Cell; 25] {
    let (c0, r0) = region.window(stone);
    std::array::from_fn(|i| cell(board, side, (c0 + i % 5) as i32, (r0 + i / 5) as i32))
}

/// The priority map of a scan window (`[row * 5 + col]`), from its cells; a template point
/// outside the window matches nothing.
pub fn priorities_of(window: &[Cell; 25]) -> [u16; 25] {
    let at = |c: i32, r: i32| {
        if (0..5).contains(&c) && (0..5).contains(&r) {
            window[(r * 5 + c) as usize]
        } else {
            Cell::Edge
        }
    };
    let mut map = [0u16; 25];
    for t in &TEMPLATES {
        for &(dx, dy) in &ORIENTATIONS {
            let (ex, ey) = (-dy, dx);
            for anchor in 0..25 {
                let (ac, ar) = (anchor % 5, anchor / 5);
                let mut marks = Vec::new();
                let mut ok = true;
                for (j, row) in t.rows.iter().enumerate() {
                    for (i, ch) in row.chars().enumerate() {
                        let c = ac + i as i32 * dx + j as i32 * ex;
                        let r = ar + i as i32 * dy + j as i32 * ey;
                        let x = at(c, r);
                        ok &= match ch {
                            'o' => x == Cell::Opp,
                            'x' => x == Cell::Own,
                            _ => x == Cell::Empty,
                        };
                        if ch == '+' {
                            marks.push((r * 5 + c) as usize);
                        }
                    }
                }
                if ok {
                    for m in marks {
                        map[m] += t.severity;
                    }
                }
            }
        }
    }
    map
}

/// The window's priority map, point `(col, row)` of the window at `[row * 5 + col]`.
pub fn priorities(board: &Board, side: Color, region: Region, stone: Point) -> [u16; 25] {
    priorities_of(&window_cells(board, side, region, stone))
}

/// A map's point of highest priority (the first in row order among equals) and its priority,
/// if any template matched.
pub fn best_of(map: &[u16; 25]) -> Option<(u16, usize)> {
    let (i, &v) = map.iter().enumerate().rev().max_by_key(|&(_, &v)| v)?;
    (v > 0).then_some((v, i))
}

/// The window's point of highest priority (the first in row order among equals), if any
/// template matched.
pub fn candidate(board: &Board, side: Color, region: Region, stone: Point) -> Option<(u16, Point)> {
    let (c0, r0) = region.window(stone);
    best_of(&priorities(board, side, region, stone)).map(|(v, i)| {
        (
            v,
            Point::new(c0 + i % 5, r0 + i / 5).expect("in the region"),
        )
    })
}
