//! The all-move generator the hardware's way (the shogi processor paper, section 7: "the data
//! collected by [the piece cover circuit] is the same as the data that is needed to generate
//! all legal moves"; the tsume paper's stage 3). The legal moves of a position come from its
//! piece cover table and a walk from the own king, never from making a move and looking at the
//! king, which is how [`super::legal_moves`] (the reference, checked against cshogi) decides.
//! The two are compared on random positions: this is the specification of the gateware's
//! generator.
//!
//! What the hardware has: the board data, the piece cover table `T` (`T[s]`: the identities
//! that move to `s`, own and opponent pieces alike, rays up to and including the first
//! occupied square), the hands (identity masks), the side to move. From the board it derives
//! the own and opponent identity masks `O`, `P`, and where each identity stands (the paper's
//! piece info table). The **king rays** ([`king_rays`]): from the own king, eight walkers step
//! outwards, one square a cycle, until the second piece or the edge; each reports
//! * a *slider check*: the first piece is an opponent slider that moves back along the walk:
//!   the squares between it and the king, and the square behind the king on that line (the
//!   king's own square hides it from `T`);
//! * a *pin*: the first piece is the side's own and the second an opponent slider that moves
//!   back along the walk: the pinned square and its line (the squares walked, the pinner's
//!   included).
//!
//! The checkers are `T[king] & P`. A candidate is legal when:
//! * a king move: `T[to] & P` is empty and `to` is behind no slider check;
//! * any other move: fewer than two checkers; with one, it captures the checker or (a board
//!   move or a drop) lands between a slider checker and the king; a pinned piece stays on its
//!   line;
//! * a drop: not on a dead-end rank, no second unpromoted pawn on the file (nifu), and a pawn
//!   dropped in front of the opponent king must leave the opponent a legal move (no pawn-drop
//!   mate, uchifuzume). Only that one square can hold such a drop; the generator decides it on
//!   the position after the drop (a second pass of the same generator over its board moves:
//!   the opponent, checked by an adjacent pawn, cannot answer with a drop).
//!
//! Order (the generator's output order): ranks 1 to 9 (the top-down scan's order), in a rank
//! files 9 to 1 (left to right on a diagram: the tsume paper's left-priority stacking),
//! on a square the board moves by the moving piece's identity (without promotion, then with),
//! then the drops in hand order (rook, bishop, gold, silver, knight, lance, pawn).

use super::movegen::{dead_end, offset, oriented, push_board_move, rays, KING_STEPS};
use super::piece_data::{cover_table, BoardData, CoverTable, PieceData, PIECES};
use super::{Color, Kind, Move, SQUARES};

/// The eight walk directions from the king `(rank delta, file delta)`: the king's steps.
pub const WALKS: [(i8, i8); 8] = KING_STEPS;

/// A set of squares, bit `s` for square `s`.
pub type SquareSet = u128;

/// What the walkers from the own king found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KingRays {
    /// The own king's square.
    pub king: u8,
    /// Identities checking the king: `T[king] & P`.
    pub checkers: u64,
    /// Squares between a slider checker and the king (empty without one).
    pub between: SquareSet,
    /// Squares behind the king on a slider check's line.
    pub behind: SquareSet,
    /// The walks (bit `i` for `WALKS[i]`) that found a slider check.
    pub slider_checks: u8,
    /// Per walk, a pinned square with its line (the squares walked, the pinner's included).
    pub pins: [Option<(u8, SquareSet)>; 8],
    /// Cycles: the longest walk's squares (a walker sees in the cycle it visits a square
    /// whether its walk ends there, at a piece or at the edge).
    pub cycles: u64,
}

/// Whether `d` (a board-frame step) is a direction `q` slides along.
fn slides(q: PieceData, d: (i8, i8)) -> bool {
    rays(q.kind(), q.promoted())
        .iter()
        .any(|&r| oriented(q.color(), r) == d)
}

/// The walks from the king of `side` (None when `side` has no king, as an attacker in tsume).
pub fn king_rays(board: &BoardData, table: &CoverTable, side: Color) -> Option<KingRays> {
    let king = board.squares.iter().position(|d| {
        d.piece()
            .is_some_and(|p| p.kind == Kind::King && p.color == side)
    })? as u8;
    let mut k = KingRays {
        king,
        checkers: table.0[king as usize] & side_mask(board, side.other()),
        ..Default::default()
    };
    for (i, d) in WALKS.into_iter().enumerate() {
        let back = (-d.0, -d.1);
        let (mut s, mut walked, mut first, mut steps) = (king, 0 as SquareSet, None, 0);
        while let Some(t) = offset(s, d) {
            steps += 1;
            walked |= 1 << t;
            s = t;
            let q = board.squares[t as usize];
            if q.is_empty() {
                continue;
            }
            match first {
                None if q.color() != side => {
                    if slides(q, back) {
                        k.slider_checks |= 1 << i;
                        k.between |= walked & !(1 << t);
                        if let Some(b) = offset(king, back) {
                            k.behind |= 1 << b;
                        }
                    }
                    break;
                }
                None => first = Some(t),
                Some(p) => {
                    if q.color() != side && slides(q, back) {
                        k.pins[i] = Some((p, walked));
                    }
                    break;
                }
            }
        }
        k.cycles = k.cycles.max(steps);
    }
    Some(k)
}

/// The identities of `color`'s pieces on the board.
pub fn side_mask(board: &BoardData, color: Color) -> u64 {
    board
        .squares
        .iter()
        .filter_map(|d| d.id().filter(|_| d.color() == color))
        .fold(0, |m, id| m | 1 << id)
}

/// The generator's output for a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The legal moves in the generator's order.
    pub moves: Vec<Move>,
    /// The king rays (None without an own king).
    pub rays: Option<KingRays>,
}

/// The kinds a hand holds, in hand order, from its identity mask.
fn hand_kinds(hand: u64) -> Vec<Kind> {
    Kind::HAND
        .into_iter()
        .filter(|&k| {
            let base = super::piece_data::ID_BASE[k as usize];
            (base..base + k.count() as u8).any(|id| hand >> id & 1 == 1)
        })
        .collect()
}

/// The legal moves of `board` the generator's way, in its order.
pub fn generate(board: &BoardData) -> Generated {
    let table = cover_table(board);
    generate_with(board, &table, true)
}

/// The generator on a given table; `drops` false leaves drops out (the uchifuzume pass).
fn generate_with(board: &BoardData, table: &CoverTable, drops: bool) -> Generated {
    let side = board.side;
    let own = side_mask(board, side);
    let opp = side_mask(board, side.other());
    let mut square_of = [0u8; PIECES];
    for (s, d) in board.squares.iter().enumerate() {
        if let Some(id) = d.id() {
            square_of[id as usize] = s as u8;
        }
    }
    let rays = king_rays(board, table, side);
    let checks = rays.as_ref().map_or(0, |k| k.checkers.count_ones());
    let checker_squares: SquareSet = rays.as_ref().map_or(0, |k| {
        (0..PIECES)
            .filter(|&id| k.checkers >> id & 1 == 1)
            .fold(0, |m, id| m | 1 << square_of[id])
    });
    let hand = hand_kinds(board.hands[side.index()]);
    let opp_king = board.squares.iter().position(|d| {
        d.piece()
            .is_some_and(|p| p.kind == Kind::King && p.color != side)
    });
    let pawn_files: Vec<u8> = (0..SQUARES as u8)
        .filter(|&s| {
            board.squares[s as usize].piece()
                == Some(super::Piece {
                    color: side,
                    kind: Kind::Pawn,
                    promoted: false,
                })
        })
        .map(|s| s % 9)
        .collect();
    let mut moves = Vec::new();
    for rank in 0..9u8 {
        for file in (0..9u8).rev() {
            let to = rank * 9 + file;
            let target = board.squares[to as usize];
            let own_target = !target.is_empty() && target.color() == side;
            // Board moves.
            for id in (0..PIECES).filter(|&id| (table.0[to as usize] & own) >> id & 1 == 1) {
                if own_target {
                    break;
                }
                let from = square_of[id];
                let p = board.squares[from as usize];
                let legal = match &rays {
                    None => true,
                    Some(k) if p.kind() == Kind::King => {
                        table.0[to as usize] & opp == 0 && k.behind >> to & 1 == 0
                    }
                    Some(k) => {
                        let evades = checks == 0
                            || (checks == 1 && (checker_squares | k.between) >> to & 1 == 1);
                        let pinned_ok = k
                            .pins
                            .iter()
                            .flatten()
                            .all(|&(sq, line)| sq != from || line >> to & 1 == 1);
                        evades && pinned_ok
                    }
                };
                if !legal {
                    continue;
                }
                if let Some(piece) = p.piece() {
                    push_board_move(&mut moves, piece, from, to);
                }
            }
            // Drops.
            if !drops || !target.is_empty() {
                continue;
            }
            let interposes = match &rays {
                None => true,
                Some(k) => checks == 0 || (checks == 1 && k.between >> to & 1 == 1),
            };
            if !interposes {
                continue;
            }
            for &kind in &hand {
                if dead_end(side, kind, to) {
                    continue;
                }
                if kind == Kind::Pawn {
                    if pawn_files.contains(&file) {
                        continue;
                    }
                    let ahead = offset(to, oriented(side, (-1, 0)));
                    if ahead.is_some()
                        && ahead.map(usize::from) == opp_king
                        && pawn_drop_mates(board, to)
                    {
                        continue;
                    }
                }
                moves.push(Move::Drop { kind, to });
            }
        }
    }
    Generated { moves, rays }
}

/// Whether dropping a pawn on `to` leaves the opponent without a legal move: the generator's
/// board moves on the position after the drop.
fn pawn_drop_mates(board: &BoardData, to: u8) -> bool {
    let after = board.play(Move::Drop {
        kind: Kind::Pawn,
        to,
    });
    let table = cover_table(&after);
    generate_with(&after, &table, false).moves.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::{legal_moves, random, Position};
    use std::collections::HashSet;

    fn check(pos: &Position) -> usize {
        let g = generate(&BoardData::from_position(pos));
        let want: HashSet<Move> = legal_moves(pos).into_iter().collect();
        let got: HashSet<Move> = g.moves.iter().copied().collect();
        assert_eq!(got.len(), g.moves.len(), "a move twice: {}", pos.sfen());
        let extra: Vec<String> = got.difference(&want).map(|m| m.usi()).collect();
        let missing: Vec<String> = want.difference(&got).map(|m| m.usi()).collect();
        assert!(
            extra.is_empty() && missing.is_empty(),
            "{}: extra {extra:?}, missing {missing:?}",
            pos.sfen()
        );
        g.moves.len()
    }

    #[test]
    fn the_tables_positions() {
        for pos in random::table_positions() {
            check(&pos);
        }
    }

    #[test]
    fn equals_the_reference_on_random_positions() {
        let mut moves = 0;
        for pos in random::positions(0xa11_0001, 3000, 160) {
            moves += check(&pos);
        }
        assert!(moves > 100_000, "{moves}");
    }
}
