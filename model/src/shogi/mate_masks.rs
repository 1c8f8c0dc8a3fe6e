//! The mask data of the tsume circuit's stage 2 (`shared/papers/tsume-shogi-fpga-ja.md` §3.3),
//! as squares (bit `s` of a `u128` is square `s`), and the check and defence candidates they
//! select (§2.2). The circuit's stage 3 masks the all-move generator's moves with them; the
//! model states them plainly, to be checked against the rules here and against the circuit
//! later.
//!
//! | mask | paper | here | selects |
//! |---|---|---|---|
//! | A | the king's square | the squares from which each piece type would attack the defender's king ([`CheckMasks::from`]) | checks 1 (move there), 3 (drop there) |
//! | B | pieces whose move discovers a check | the attacker's pieces alone between an own slider and that king, with the slider's square ([`CheckMasks::discoverers`]) | check 2 (move off the line) |
//! | C | the attacker's cover, through the king | the squares the attacker covers with the defender's king off the board ([`DefenceMasks::covered`]) | defence 1 (king to a square outside C) |
//! | D | the checking piece | the checkers' squares ([`DefenceMasks::checkers`]) | defence 2 (capture it) |
//! | E | where a piece can interpose | the squares between a sliding checker and the king ([`DefenceMasks::between`]) | defence 3 (move or drop there) |
//!
//! A candidate is a pseudo-legal move the masks select; the legal ones among them are exactly
//! the checks (attacker to move) or the legal moves (defender in check): the tests prove it on
//! random positions. Against a double check only king moves are candidates.

use super::movegen::{attacks, offset, oriented, pseudo_legal_moves, rays, KING_STEPS};
use super::{Kind, Move, Piece, Position, SQUARES};

/// A set of squares: bit `s` is square `s`.
pub type Squares = u128;

fn bit(s: u8) -> Squares {
    1 << s
}

/// The index of a piece type in [`CheckMasks::from`]: the kind's code, plus 8 when promoted.
pub fn type_index(kind: Kind, promoted: bool) -> usize {
    kind as usize + 8 * promoted as usize
}

/// Masks A and B: the attacker (the side to move) gives check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckMasks {
    /// The defender's king.
    pub king: u8,
    /// A, per piece type ([`type_index`]): the squares from which an attacker's piece of that
    /// type attacks the king on the board as it stands.
    pub from: [Squares; 16],
    /// B: (discoverer, slider) pairs: the discoverer stands alone between the king and the
    /// attacker's slider on the slider's line.
    pub discoverers: Vec<(u8, u8)>,
}

/// The squares strictly between `a` and `b` on a line (empty if they share none).
pub fn between(a: u8, b: u8) -> Squares {
    let (ra, fa) = ((a / 9) as i8, (a % 9) as i8);
    let (rb, fb) = ((b / 9) as i8, (b % 9) as i8);
    let (dr, df) = (rb - ra, fb - fa);
    if a == b || !(dr == 0 || df == 0 || dr.abs() == df.abs()) {
        return 0;
    }
    let d = (dr.signum(), df.signum());
    let mut out = 0;
    let mut s = a;
    while let Some(t) = offset(s, d) {
        if t == b {
            break;
        }
        out |= bit(t);
        s = t;
    }
    out
}

/// The first occupied square from `sq` along `d`.
fn first_piece(pos: &Position, sq: u8, d: (i8, i8)) -> Option<u8> {
    let mut s = sq;
    while let Some(t) = offset(s, d) {
        if pos.board[t as usize].is_some() {
            return Some(t);
        }
        s = t;
    }
    None
}

impl CheckMasks {
    /// The masks of `pos`, attacker to move; `None` if the defender has no king.
    pub fn of(pos: &Position) -> Option<CheckMasks> {
        let attacker = pos.side;
        let king = pos.king(attacker.other())?;
        let mut from = [0; 16];
        for kind in Kind::ALL {
            for promoted in [false, true] {
                if kind == Kind::King || (promoted && !kind.promotable()) {
                    continue;
                }
                let p = Piece {
                    color: attacker,
                    kind,
                    promoted,
                };
                for s in 0..SQUARES as u8 {
                    if s != king && attacks(pos, s, p).contains(&king) {
                        from[type_index(kind, promoted)] |= bit(s);
                    }
                }
            }
        }
        // B: outwards from the king, an attacker's piece, then an attacker's slider that
        // reaches back along the line.
        let mut discoverers = Vec::new();
        for d in KING_STEPS {
            let Some(b) = first_piece(pos, king, d) else {
                continue;
            };
            if pos.board[b as usize].is_none_or(|p| p.color != attacker) {
                continue;
            }
            let Some(s) = first_piece(pos, b, d) else {
                continue;
            };
            let slider = pos.board[s as usize].expect("occupied");
            // The slider's direction back towards the king, in its owner's frame.
            let own_back = oriented(attacker, (-d.0, -d.1));
            if slider.color == attacker && rays(slider.kind, slider.promoted).contains(&own_back) {
                discoverers.push((b, s));
            }
        }
        Some(CheckMasks {
            king,
            from,
            discoverers,
        })
    }

    /// Whether the masks select `m` (a pseudo-legal move of the attacker): to a square of A
    /// for the piece it becomes (checks 1, 3), or a discoverer off its line (check 2).
    pub fn selects(&self, pos: &Position, m: Move) -> bool {
        match m {
            Move::Drop { kind, to } => self.from[type_index(kind, false)] & bit(to) != 0,
            Move::Board { from, to, promote } => {
                let p = pos.board[from as usize].expect("a board move has a piece");
                let direct = self.from[type_index(p.kind, p.promoted || promote)] & bit(to) != 0;
                let discovered = self
                    .discoverers
                    .iter()
                    .any(|&(b, s)| b == from && between(self.king, s) & bit(to) == 0);
                direct || discovered
            }
        }
    }
}

/// Masks C, D and E: the defender (the side to move) is in check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefenceMasks {
    /// The defender's king.
    pub king: u8,
    /// C: the squares the attacker covers with the defender's king off the board.
    pub covered: Squares,
    /// D: the checking pieces' squares.
    pub checkers: Squares,
    /// E: the squares between a sliding checker and the king (none against a double check).
    pub between: Squares,
}

impl DefenceMasks {
    /// The masks of `pos`, defender to move; `None` if it has no king.
    pub fn of(pos: &Position) -> Option<DefenceMasks> {
        let defender = pos.side;
        let king = pos.king(defender)?;
        let mut without_king = pos.clone();
        without_king.board[king as usize] = None;
        let (mut covered, mut checkers) = (0, 0);
        for s in 0..SQUARES as u8 {
            let Some(p) = pos.board[s as usize] else {
                continue;
            };
            if p.color == defender {
                continue;
            }
            for t in attacks(&without_king, s, p) {
                covered |= bit(t);
            }
            if attacks(pos, s, p).contains(&king) {
                checkers |= bit(s);
            }
        }
        let between = if checkers.count_ones() == 1 {
            self::between(king, checkers.trailing_zeros() as u8)
        } else {
            0
        };
        Some(DefenceMasks {
            king,
            covered,
            checkers,
            between,
        })
    }

    /// Whether the masks select `m` (a pseudo-legal move of the defender): the king to a
    /// square outside C (defence 1); against a single check, another piece capturing the
    /// checker (defence 2) or a move or drop between (defence 3).
    pub fn selects(&self, m: Move) -> bool {
        match m {
            Move::Board { from, to, .. } if from == self.king => self.covered & bit(to) == 0,
            Move::Board { to, .. } => {
                self.checkers.count_ones() == 1 && (self.checkers | self.between) & bit(to) != 0
            }
            Move::Drop { to, .. } => self.between & bit(to) != 0,
        }
    }
}

/// The attacker's check candidates in the generator's order: pseudo-legal moves selected by
/// masks A and B.
pub fn check_candidates(pos: &Position) -> Vec<Move> {
    let Some(masks) = CheckMasks::of(pos) else {
        return Vec::new();
    };
    pseudo_legal_moves(pos)
        .into_iter()
        .filter(|&m| masks.selects(pos, m))
        .collect()
}

/// The defender's defence candidates: pseudo-legal moves selected by masks C, D and E.
pub fn defence_candidates(pos: &Position) -> Vec<Move> {
    let Some(masks) = DefenceMasks::of(pos) else {
        return Vec::new();
    };
    pseudo_legal_moves(pos)
        .into_iter()
        .filter(|&m| masks.selects(m))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::mate::checks;
    use crate::shogi::{legal_moves, random};

    fn sorted(mut v: Vec<Move>) -> Vec<Move> {
        v.sort();
        v
    }

    #[test]
    fn between_squares() {
        // 5e (40) and 5a (4): 5b, 5c, 5d.
        assert_eq!(between(40, 4), bit(13) | bit(22) | bit(31));
        assert_eq!(between(4, 40), between(40, 4));
        // 9a (8) and 1i (72): the long diagonal's seven inner squares.
        assert_eq!(between(8, 72).count_ones(), 7);
        // Not on a line.
        assert_eq!(between(0, 11), 0);
        assert_eq!(between(3, 3), 0);
    }

    #[test]
    fn legal_check_candidates_are_exactly_the_checks() {
        let (mut n, mut total, mut discovered) = (0, 0, 0);
        for pos in random::positions(31, 4_000, 60) {
            if pos.in_check() || pos.king(pos.side.other()).is_none() {
                continue;
            }
            let legal = legal_moves(&pos);
            let ours: Vec<Move> = check_candidates(&pos)
                .into_iter()
                .filter(|m| legal.contains(m))
                .collect();
            let want = checks(&pos);
            assert_eq!(sorted(ours.clone()), sorted(want), "{}", pos.sfen());
            n += 1;
            total += ours.len();
            discovered += CheckMasks::of(&pos).unwrap().discoverers.len();
        }
        println!("{n} positions, {total} checks, {discovered} discoverers");
        assert!(
            n > 2_000 && total > 1_000 && discovered > 0,
            "{n} {total} {discovered}"
        );
    }

    /// The hardware finds mask B by walking from the defender's king (`discover_walks`, the
    /// king's walks in discover mode): its pins are the masks' discoverers, with their lines.
    #[test]
    fn discover_walks_find_the_discoverers() {
        use crate::shogi::all_moves::discover_walks;
        use crate::shogi::piece_data::BoardData;
        let (mut n, mut found) = (0, 0);
        for pos in random::positions(33, 6_000, 60) {
            let Some(m) = CheckMasks::of(&pos) else {
                continue;
            };
            let w = discover_walks(&BoardData::from_position(&pos), pos.side).expect("a king");
            let mut want: Vec<(u8, Squares)> = m
                .discoverers
                .iter()
                .map(|&(b, s)| (b, between(m.king, s) | bit(s)))
                .collect();
            let mut got: Vec<(u8, Squares)> = w.pins.iter().flatten().copied().collect();
            want.sort();
            got.sort();
            assert_eq!(got, want, "{}", pos.sfen());
            assert!(w.cycles <= 8);
            n += 1;
            found += got.len();
        }
        assert!(
            n > 3_000 && found > 30,
            "{n} positions, {found} discoverers"
        );
    }

    #[test]
    fn legal_defence_candidates_are_exactly_the_legal_moves() {
        let (mut n, mut doubles, mut drops) = (0, 0, 0);
        for pos in random::positions(32, 10_000, 80) {
            if !pos.in_check() {
                continue;
            }
            let legal = legal_moves(&pos);
            let ours: Vec<Move> = defence_candidates(&pos)
                .into_iter()
                .filter(|m| legal.contains(m))
                .collect();
            assert_eq!(sorted(ours.clone()), sorted(legal), "{}", pos.sfen());
            n += 1;
            let masks = DefenceMasks::of(&pos).unwrap();
            doubles += (masks.checkers.count_ones() > 1) as usize;
            drops += ours
                .iter()
                .filter(|m| matches!(m, Move::Drop { .. }))
                .count();
        }
        println!("{n} positions in check, {doubles} double checks, {drops} interposing drops");
        assert!(
            n > 300 && drops > 0,
            "{n} positions in check, {doubles} double, {drops} drops"
        );
    }
}
