//! The piece cover table computed the way the paper's circuit computes it (section 6,
//! Figures 6-8): the board data read one rank (90 bits) at a time, a **top-down scan** and a
//! **bottom-up scan** each giving the cover of the moves that go down, resp. up, the board, long
//! range pieces carried from rank to rank in registers (Figure 7), a **rook cover calculator**
//! for the moves along a rank (a rook's or dragon's left-to-right and right-to-left rays, and the
//! sideways steps), and the **logical OR** of the three. This is the reference the gateware's
//! blocks are checked against, rank for rank and register for register; [`super::piece_data::
//! cover_table`] (every piece marking its squares) is the independent check of the whole.
//!
//! Each scanner has nine per-file sub-blocks. Entering rank `r`, a scanner holds for each file
//! and each of its three directions (down-left, down, down-right for the top-down scan) the
//! 40-bit set of pieces whose ray arrives at that square, plus the two ranks it read before
//! (one-step moves and knight jumps). A ray goes on to the next rank when the square it
//! arrives at is empty; a slider starts its rays on its own square.

use super::movegen::{rays, steps};
use super::piece_data::{BoardData, CoverTable, PieceData};
use super::{Color, SQUARES};

/// Cycles of the fast schedule (`gateware::shogi::PieceCoverCircuit`): both scans at once,
/// the top-down one reading rank `t` while the bottom-up one reads rank `8 - t`, the OR
/// written as they go: one cycle a rank pair, 9 in all.
pub const FAST_CYCLES: u64 = 9;

/// Cycles of the paper's order (`gateware::shogi::PieceCoverCircuit::paper_order`): the
/// top-down scan (with the rook cover calculator), then the bottom-up scan, one rank a cycle,
/// the OR written as the second scan goes: 18.
pub const PAPER_ORDER_CYCLES: u64 = 18;

/// The paper's cycles a table (section 6.3, Figure 11: 46 at 38.46 MHz, 1.20 us).
pub const PAPER_CYCLES: u64 = 46;

/// Cycles of the one-scanner schedule (`gateware::shogi::PieceCoverCircuitOneScanner`, the
/// circuit small enough for the Alchitry Cu: [`one_scanner_cover_table`]): the top-down scan
/// of the board (9), a cycle for the cover RAM's first read, the top-down scan of the
/// [`turned`] board, each rank OR-ed into the word the first scan wrote (9).
pub const ONE_SCANNER_CYCLES: u64 = 19;

/// A scan's direction: rank steps of +1 (top-down: rank 1 to 9) or -1 (bottom-up).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scan {
    TopDown,
    BottomUp,
}

impl Scan {
    /// The rank step of the moves this scan covers.
    pub fn dr(self) -> i8 {
        match self {
            Scan::TopDown => 1,
            Scan::BottomUp => -1,
        }
    }

    /// The ranks in the order the scan reads them.
    pub fn ranks(self) -> [usize; 9] {
        match self {
            Scan::TopDown => [0, 1, 2, 3, 4, 5, 6, 7, 8],
            Scan::BottomUp => [8, 7, 6, 5, 4, 3, 2, 1, 0],
        }
    }
}

/// The file steps of the three ray registers of a file: `df` = -1, 0, +1.
const DFS: [i8; 3] = [-1, 0, 1];

/// A piece's moves in the board's frame: `(steps, rays)`, each `(rank step, file step)`.
type Moves = (Vec<(i8, i8)>, Vec<(i8, i8)>);

fn moves(d: PieceData) -> Moves {
    let orient = |(r, f): (i8, i8)| match d.color() {
        Color::Black => (r, f),
        Color::White => (-r, -f),
    };
    (
        steps(d.kind(), d.promoted())
            .iter()
            .map(|&s| orient(s))
            .collect(),
        rays(d.kind(), d.promoted())
            .iter()
            .map(|&s| orient(s))
            .collect(),
    )
}

fn bit(d: PieceData) -> u64 {
    d.id().map_or(0, |id| 1 << id)
}

/// One rank of a scanner's registers: the ray sets arriving at each file, by `DFS` index.
pub type Rays = [[u64; 3]; 9];

/// What one scan gives, rank by rank, in the order it read them: the cover of each square of
/// the rank from the moves in the scan's direction, and the ray registers it held entering
/// the rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScanTrace {
    pub covers: [[u64; 9]; 9],
    pub rays: [Rays; 9],
}

/// Rank `r` of the board data, file 1 first: what a scan reads in a cycle.
fn rank_of(board: &BoardData, r: usize) -> [PieceData; 9] {
    std::array::from_fn(|f| board.squares[r * 9 + f])
}

/// One scan over the board data, as its nine file sub-blocks compute it.
pub fn scan(board: &BoardData, dir: Scan) -> ScanTrace {
    let dr = dir.dr();
    let mut rays: Rays = [[0; 3]; 9];
    let mut prev1 = [PieceData::EMPTY; 9];
    let mut prev2 = [PieceData::EMPTY; 9];
    let mut trace = ScanTrace {
        covers: [[0; 9]; 9],
        rays: [[[0; 3]; 9]; 9],
    };
    for (i, r) in dir.ranks().into_iter().enumerate() {
        let now = rank_of(board, r);
        trace.rays[i] = rays;
        let mut cover = [0u64; 9];
        let mut next: Rays = [[0; 3]; 9];
        for f in 0..9i8 {
            let fu = f as usize;
            // Rays arriving here, one-step moves from the rank before, jumps from two before.
            cover[fu] |= rays[fu].iter().fold(0, |a, r| a | r);
            for (back, pieces) in [(1i8, &prev1), (2, &prev2)] {
                for g in 0..9i8 {
                    let d = pieces[g as usize];
                    if moves(d).0.contains(&(dr * back, f - g)) {
                        cover[fu] |= bit(d);
                    }
                }
            }
            // Rays go on through an empty square; a slider starts its own.
            let d = now[fu];
            for (k, df) in DFS.into_iter().enumerate() {
                let g = f + df;
                if !(0..9).contains(&g) {
                    continue;
                }
                let mut out = if d.is_empty() { rays[fu][k] } else { 0 };
                if moves(d).1.contains(&(dr, df)) {
                    out |= bit(d);
                }
                next[g as usize][k] |= out;
            }
        }
        trace.covers[i] = cover;
        rays = next;
        prev2 = prev1;
        prev1 = now;
    }
    trace
}

/// The rook cover calculator on one rank word: the moves along the rank (a rook's or dragon's
/// left-to-right and right-to-left rays, up to and including the first occupied square, and the
/// sideways steps of kings, golds, promoted pieces and horses).
pub fn rank_cover(rank: &[PieceData; 9]) -> [u64; 9] {
    let mut cover = [0u64; 9];
    for (df, files) in [
        (1i8, (0..9).collect::<Vec<i8>>()),
        (-1, (0..9).rev().collect()),
    ] {
        // `carry`: the pieces whose ray along `df` arrives at the next file of the sweep.
        let mut carry = 0u64;
        for f in files {
            let d = rank[f as usize];
            cover[f as usize] |= carry;
            carry = if d.is_empty() { carry } else { 0 };
            let (steps, rays) = moves(d);
            if rays.contains(&(0, df)) {
                carry |= bit(d);
            }
            if steps.contains(&(0, df)) && (0..9).contains(&(f + df)) {
                cover[(f + df) as usize] |= bit(d);
            }
        }
    }
    cover
}

/// The logical OR of the top-down scan, the bottom-up scan and the rook cover calculator: the
/// piece cover table.
pub fn scan_cover_table(board: &BoardData) -> CoverTable {
    let mut table = [0u64; SQUARES];
    for dir in [Scan::TopDown, Scan::BottomUp] {
        let t = scan(board, dir);
        for (i, r) in dir.ranks().into_iter().enumerate() {
            for f in 0..9 {
                table[r * 9 + f] |= t.covers[i][f];
            }
        }
    }
    for r in 0..9 {
        for (f, c) in rank_cover(&rank_of(board, r)).into_iter().enumerate() {
            table[r * 9 + f] |= c;
        }
    }
    CoverTable(table)
}

/// The board turned half a turn with the colours swapped: square (file `f`, rank `r`) holds
/// the piece of square (`8 - f`, `8 - r`), its owner the other side. The rules are the same
/// for both sides seen from their own side, so a piece's moves on the turned board are its
/// moves on the board, turned: what goes up the board goes down the turned one. (The hands
/// and the side to move are swapped too; the cover table does not read them.)
pub fn turned(board: &BoardData) -> BoardData {
    use super::piece_data::field::OWNER_BIT;
    BoardData {
        squares: std::array::from_fn(|s| {
            let d = board.squares[SQUARES - 1 - s];
            if d.is_empty() {
                d
            } else {
                PieceData(d.0 ^ 1 << OWNER_BIT)
            }
        }),
        hands: [board.hands[1], board.hands[0]],
        side: board.side.other(),
    }
}

/// The piece cover table as one top-down scanner computes it (the one-scanner schedule, for
/// a chip with room for one scanner and one cover RAM): the top-down scan of the board with
/// the rook cover calculator writes each rank's word; then the top-down scan of the
/// [`turned`] board, again with the rook cover calculator, gives the moves that go up the
/// board, a rank turned back (files reversed) and OR-ed into the word written before. The
/// rook cover calculator's moves along a rank are the same on the turned rank, turned back, so
/// OR-ing them twice changes nothing. [`scan_cover_table`] and
/// [`super::piece_data::cover_table`] are the checks of the whole.
pub fn one_scanner_cover_table(board: &BoardData) -> CoverTable {
    let mut table = [0u64; SQUARES];
    let down = scan(board, Scan::TopDown);
    for r in 0..9 {
        let along = rank_cover(&rank_of(board, r));
        for f in 0..9 {
            table[r * 9 + f] = down.covers[r][f] | along[f];
        }
    }
    let t = turned(board);
    let up = scan(&t, Scan::TopDown);
    for s in 0..9 {
        let along = rank_cover(&rank_of(&t, s));
        for f in 0..9 {
            table[(8 - s) * 9 + 8 - f] |= up.covers[s][f] | along[f];
        }
    }
    CoverTable(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::piece_data::cover_table;
    use crate::shogi::{random, Position};

    #[test]
    fn the_scans_give_the_cover_table_on_random_positions() {
        let mut rays_carried = 0;
        for pos in random::positions(23, 2000, 150)
            .into_iter()
            .chain([Position::start()])
        {
            let b = BoardData::from_position(&pos);
            assert_eq!(scan_cover_table(&b), cover_table(&b), "{}", pos.sfen());
            let t = scan(&b, Scan::TopDown);
            rays_carried += t
                .rays
                .iter()
                .flatten()
                .flatten()
                .filter(|&&r| r != 0)
                .count();
        }
        assert!(rays_carried > 10_000, "{rays_carried} ray registers set");
    }

    #[test]
    fn one_scanner_on_the_turned_board_gives_the_cover_table() {
        let mut up_moves = 0;
        for pos in random::positions(29, 2000, 150)
            .into_iter()
            .chain([Position::start()])
        {
            let b = BoardData::from_position(&pos);
            assert_eq!(turned(&turned(&b)), b, "{}", pos.sfen());
            assert_eq!(
                one_scanner_cover_table(&b),
                cover_table(&b),
                "{}",
                pos.sfen()
            );
            // The turned board's top-down scan is the board's bottom-up scan, turned.
            let up = scan(&turned(&b), Scan::TopDown);
            let bu = scan(&b, Scan::BottomUp);
            for s in 0..9 {
                for f in 0..9 {
                    assert_eq!(up.covers[s][f], bu.covers[s][8 - f], "{}", pos.sfen());
                    up_moves += (up.covers[s][f] != 0) as usize;
                }
            }
        }
        assert!(up_moves > 20_000, "{up_moves} squares covered from below");
    }

    #[test]
    fn figure_7_a_bishop_seen_by_both_scans() {
        // The paper's Figure 7: a bishop on (3, 7) of an otherwise empty board; the top-down
        // scan finds it reading rank 7 and covers (2, 8), (4, 8), then (1, 9), (5, 9); the
        // bottom-up scan covers the squares above it.
        let pos = Position::from_sfen("9/9/9/9/9/9/6B2/9/9 b - 1").unwrap();
        let b = BoardData::from_position(&pos);
        let sq = |s: &str| crate::shogi::parse_square(s).unwrap() as usize;
        let td = scan(&b, Scan::TopDown);
        let covered: Vec<usize> = (0..81).filter(|&s| td.covers[s / 9][s % 9] != 0).collect();
        assert_eq!(covered, [sq("2h"), sq("4h"), sq("1i"), sq("5i")]);
        // Entering rank 8 the bishop's rays sit in the registers of files 2 and 4.
        assert_eq!(
            td.rays[7][1][0],
            1 << 4,
            "the ray towards file 1, at file 2"
        );
        assert_eq!(
            td.rays[7][3][2],
            1 << 4,
            "the ray towards file 9, at file 4"
        );
        let bu = scan(&b, Scan::BottomUp);
        let up = bu.covers.iter().flatten().filter(|&&c| c != 0).count();
        assert_eq!(
            up,
            6 + 2,
            "two rays up: to 9a (6 squares) and to 1e (2 squares)"
        );
    }
}
