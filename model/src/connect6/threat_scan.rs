//! The threat scanner, past the paper: every threat on the whole board, for both sides, from
//! one pass over the board's rows (the circuit: `gateware::connect6::threat_scanner`). The
//! paper's modules look only at the regions around the opponent's last stones, which is
//! where its player's losses came from (its missing edge, and wins and threats elsewhere:
//! `docs/connect6.md`); this is the whole-board view the threat player ([`super::threat`])
//! stands on, as the circuit will see it.
//!
//! A *threat* of a side is a window of four or five of its stones and none of the other's
//! ([`Board::threats`]). The scan visits the windows in the circuit's order ([`scan_key`]):
//! by the last row a window reaches (the row streamed in when the window is complete), then
//! direction ([`DIRECTIONS`] order), then the column of its first point. It gives each side's
//! count and its first threat in that order: the window's direction, first point and empty
//! points (a win for the side to move fills them; a block for the other puts a stone in one).

use super::{step, windows, Board, Color, Point, DIRECTIONS, WIN_LENGTH};

/// One threat window as the circuit names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreatWindow {
    /// Its direction, an index into [`DIRECTIONS`].
    pub dir: usize,
    /// Its first point (the others follow along the direction).
    pub first: Point,
    /// Its empty points, bit `k` for point `k` in line order (two at most).
    pub empties: u8,
}

impl ThreatWindow {
    /// The empty points, in line order.
    pub fn empty_points(&self) -> Vec<Point> {
        (0..WIN_LENGTH)
            .filter(|&k| self.empties >> k & 1 == 1)
            .map(|k| step(self.first, DIRECTIONS[self.dir], k as i32).expect("on the board"))
            .collect()
    }
}

/// One side's threats: how many windows, and the first in scan order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SideThreats {
    pub count: usize,
    pub first: Option<ThreatWindow>,
}

/// The scan's answer, seen from `side` (the side to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ThreatScan {
    pub own: SideThreats,
    pub opp: SideThreats,
}

/// The direction of window `w` (an index into [`windows`]).
pub fn window_dir(w: usize) -> usize {
    let pts = &windows()[w];
    DIRECTIONS
        .iter()
        .position(|&d| step(pts[0], d, 1) == Some(pts[1]))
        .expect("a window's points follow a direction")
}

/// Window `w`'s place in the scan: its last row, its direction, its first point's column.
pub fn scan_key(w: usize) -> (usize, usize, usize) {
    let pts = &windows()[w];
    let last_row = pts.iter().map(|p| p.row()).max().expect("six points");
    (last_row, window_dir(w), pts[0].col())
}

fn side_threats(board: &Board, side: Color) -> SideThreats {
    windows_threats(board, board.threats(side))
}

/// `side`'s threats among the windows through `a` or `c` only, in scan order: the threats a
/// pair of its stones makes, whatever threats it had elsewhere before them.
pub fn threats_through_pair(board: &Board, side: Color, a: Point, c: Point) -> SideThreats {
    let mut ws = board.threats(side);
    ws.retain(|&w| windows()[w].iter().any(|&p| p == a || p == c));
    windows_threats(board, ws)
}

fn windows_threats(board: &Board, ws: Vec<usize>) -> SideThreats {
    let first = ws.iter().copied().min_by_key(|&w| scan_key(w)).map(|w| {
        let pts = &windows()[w];
        ThreatWindow {
            dir: window_dir(w),
            first: pts[0],
            empties: (0..WIN_LENGTH)
                .filter(|&k| board.is_empty(pts[k]))
                .fold(0, |m, k| m | 1 << k),
        }
    });
    SideThreats {
        count: ws.len(),
        first,
    }
}

/// Both sides' threats on `board`, seen from `side`.
pub fn scan(board: &Board, side: Color) -> ThreatScan {
    ThreatScan {
        own: side_threats(board, side),
        opp: side_threats(board, side.other()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect6::{SIZE, WINDOWS};

    #[test]
    fn the_scan_order_is_a_total_order_of_the_windows() {
        let mut keys: Vec<_> = (0..WINDOWS).map(scan_key).collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), WINDOWS);
        // A row's batch: 14 windows along it, and from row 5 on, 19 down the columns and 14
        // on each diagonal ending there.
        for r in 0..SIZE {
            let n = keys.iter().filter(|k| k.0 == r).count();
            assert_eq!(n, if r < 5 { 14 } else { 14 + 19 + 14 + 14 }, "row {r}");
        }
    }

    #[test]
    fn a_five_with_one_gap_is_a_threat_with_its_empty_point() {
        let mut b = Board::default();
        // Black on the anti-diagonal from (2, 10) up-right, the fourth point empty; White far.
        for k in [0, 1, 2, 4, 5] {
            b.set(Point::new(2 + k, 10 - k).unwrap(), Some(Color::Black));
        }
        b.set(Point::new(0, 0).unwrap(), Some(Color::White));
        let s = scan(&b, Color::White);
        assert_eq!(s.own, SideThreats::default());
        assert_eq!(
            s.opp.count, 3,
            "the window itself and two that share four of its stones"
        );
        // The three: from (1, 11) (last row 11), (2, 10) (row 10) and (3, 9) (row 9, two
        // empty points: the gap and (8, 4)); the scan meets the last first.
        let first = s.opp.first.unwrap();
        assert_eq!((first.dir, first.first), (3, Point::new(3, 9).unwrap()));
        assert_eq!(
            first.empty_points(),
            vec![Point::new(5, 7).unwrap(), Point::new(8, 4).unwrap()]
        );
    }
}
