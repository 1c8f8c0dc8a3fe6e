//! Move generation: pseudo-legal moves by stepping along the board, then the legal ones
//! (the own king not attacked after the move). Castling is checked on the squares the king
//! stands on, crosses and reaches.

use super::{castle, Color, Kind, Move, Piece, Position};

const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const PROMOTIONS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

/// The square `(df, dr)` away from `sq`, if it is on the board.
fn step(sq: u8, df: i8, dr: i8) -> Option<u8> {
    let f = (sq % 8) as i8 + df;
    let r = (sq / 8) as i8 + dr;
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as u8)
}

fn forward(c: Color) -> i8 {
    match c {
        Color::White => 1,
        Color::Black => -1,
    }
}

fn is(pos: &Position, sq: u8, color: Color, kinds: &[Kind]) -> bool {
    pos.board[sq as usize].is_some_and(|p| p.color == color && kinds.contains(&p.kind))
}

/// Whether a piece of `by` attacks `sq`.
pub fn attacked_by(pos: &Position, sq: u8, by: Color) -> bool {
    let back = -forward(by);
    if [-1, 1]
        .iter()
        .filter_map(|&df| step(sq, df, back))
        .any(|s| is(pos, s, by, &[Kind::Pawn]))
    {
        return true;
    }
    if KNIGHT
        .iter()
        .filter_map(|&(df, dr)| step(sq, df, dr))
        .any(|s| is(pos, s, by, &[Kind::Knight]))
    {
        return true;
    }
    if DIAGONAL
        .iter()
        .chain(&ORTHOGONAL)
        .filter_map(|&(df, dr)| step(sq, df, dr))
        .any(|s| is(pos, s, by, &[Kind::King]))
    {
        return true;
    }
    for (dirs, kinds) in [
        (&DIAGONAL, [Kind::Bishop, Kind::Queen]),
        (&ORTHOGONAL, [Kind::Rook, Kind::Queen]),
    ] {
        for &(df, dr) in dirs {
            let mut s = sq;
            while let Some(n) = step(s, df, dr) {
                if let Some(p) = pos.board[n as usize] {
                    if p.color == by && kinds.contains(&p.kind) {
                        return true;
                    }
                    break;
                }
                s = n;
            }
        }
    }
    false
}

/// Every pseudo-legal move of the side to move (the own king may be left in check;
/// castling is already checked for attacked squares).
pub fn pseudo_legal_moves(pos: &Position) -> Vec<Move> {
    let us = pos.side;
    let mut out = Vec::with_capacity(48);
    let mut add = |from: u8, to: u8, promo: Option<Kind>| out.push(Move { from, to, promo });
    let free = |s: u8| pos.board[s as usize].is_none();
    let enemy = |s: u8| pos.board[s as usize].is_some_and(|p| p.color != us);
    for from in 0..64u8 {
        let Some(p) = pos.board[from as usize] else {
            continue;
        };
        if p.color != us {
            continue;
        }
        match p.kind {
            Kind::Pawn => {
                let fw = forward(us);
                let last = |s: u8| s / 8 == 0 || s / 8 == 7;
                let mut pawn_to = |to: u8| {
                    if last(to) {
                        for k in PROMOTIONS {
                            add(from, to, Some(k));
                        }
                    } else {
                        add(from, to, None);
                    }
                };
                if let Some(one) = step(from, 0, fw).filter(|&s| free(s)) {
                    pawn_to(one);
                    let start = if us == Color::White { 1 } else { 6 };
                    if from / 8 == start {
                        if let Some(two) = step(one, 0, fw).filter(|&s| free(s)) {
                            pawn_to(two);
                        }
                    }
                }
                for df in [-1, 1] {
                    if let Some(to) = step(from, df, fw) {
                        if enemy(to) || pos.ep == Some(to) {
                            pawn_to(to);
                        }
                    }
                }
            }
            Kind::Knight | Kind::King => {
                let steps: &[(i8, i8)] = if p.kind == Kind::Knight {
                    &KNIGHT
                } else {
                    &[
                        (1, 0),
                        (-1, 0),
                        (0, 1),
                        (0, -1),
                        (1, 1),
                        (1, -1),
                        (-1, 1),
                        (-1, -1),
                    ]
                };
                for &(df, dr) in steps {
                    if let Some(to) = step(from, df, dr).filter(|&s| free(s) || enemy(s)) {
                        add(from, to, None);
                    }
                }
            }
            Kind::Bishop | Kind::Rook | Kind::Queen => {
                let dirs: Vec<(i8, i8)> = match p.kind {
                    Kind::Bishop => DIAGONAL.to_vec(),
                    Kind::Rook => ORTHOGONAL.to_vec(),
                    _ => DIAGONAL.iter().chain(&ORTHOGONAL).copied().collect(),
                };
                for (df, dr) in dirs {
                    let mut s = from;
                    while let Some(to) = step(s, df, dr) {
                        if free(to) {
                            add(from, to, None);
                        } else {
                            if enemy(to) {
                                add(from, to, None);
                            }
                            break;
                        }
                        s = to;
                    }
                }
            }
        }
    }
    // Castling: the rook on its corner, the squares between empty, and the king's square,
    // the square it crosses and the one it reaches not attacked.
    let them = us.other();
    let (rank, king_bit, queen_bit) = match us {
        Color::White => (0u8, castle::WHITE_KING, castle::WHITE_QUEEN),
        Color::Black => (56u8, castle::BLACK_KING, castle::BLACK_QUEEN),
    };
    let e = rank + 4;
    let king = Piece {
        color: us,
        kind: Kind::King,
    };
    if pos.board[e as usize] == Some(king) {
        let rook = |s: u8| is(pos, s, us, &[Kind::Rook]);
        let safe = |s: &[u8]| s.iter().all(|&s| !attacked_by(pos, s, them));
        if pos.castling & king_bit != 0
            && rook(rank + 7)
            && free(rank + 5)
            && free(rank + 6)
            && safe(&[e, rank + 5, rank + 6])
        {
            out.push(Move {
                from: e,
                to: rank + 6,
                promo: None,
            });
        }
        if pos.castling & queen_bit != 0
            && rook(rank)
            && free(rank + 1)
            && free(rank + 2)
            && free(rank + 3)
            && safe(&[e, rank + 3, rank + 2])
        {
            out.push(Move {
                from: e,
                to: rank + 2,
                promo: None,
            });
        }
    }
    out
}

/// The legal moves of the side to move.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let us = pos.side;
    pseudo_legal_moves(pos)
        .into_iter()
        .filter(|&m| {
            let next = make(pos, m);
            next.king(us)
                .is_some_and(|k| !attacked_by(&next, k, us.other()))
        })
        .collect()
}

/// Plays a pseudo-legal move.
pub fn make(pos: &Position, m: Move) -> Position {
    let mut n = pos.clone();
    let p = pos.board[m.from as usize].expect("a piece on the from square");
    let captured = pos.board[m.to as usize];
    n.board[m.from as usize] = None;
    if p.kind == Kind::Pawn && pos.ep == Some(m.to) && captured.is_none() {
        // En passant: the captured pawn stands beside the moving one.
        n.board[((m.from / 8) * 8 + m.to % 8) as usize] = None;
    }
    if p.kind == Kind::King && m.from.abs_diff(m.to) == 2 {
        let (rook_from, rook_to) = if m.to > m.from {
            (m.from + 3, m.from + 1)
        } else {
            (m.from - 4, m.from - 1)
        };
        n.board[rook_to as usize] = n.board[rook_from as usize].take();
    }
    n.board[m.to as usize] = Some(Piece {
        color: p.color,
        kind: m.promo.unwrap_or(p.kind),
    });
    for (sq, bit) in [
        (0, castle::WHITE_QUEEN),
        (7, castle::WHITE_KING),
        (56, castle::BLACK_QUEEN),
        (63, castle::BLACK_KING),
    ] {
        if m.from == sq || m.to == sq {
            n.castling &= !bit;
        }
    }
    if p.kind == Kind::King {
        n.castling &= match p.color {
            Color::White => !(castle::WHITE_KING | castle::WHITE_QUEEN),
            Color::Black => !(castle::BLACK_KING | castle::BLACK_QUEEN),
        };
    }
    n.ep = (p.kind == Kind::Pawn && m.from.abs_diff(m.to) == 16).then(|| (m.from + m.to) / 2);
    n.halfmove = if p.kind == Kind::Pawn || captured.is_some() {
        0
    } else {
        pos.halfmove + 1
    };
    if pos.side == Color::Black {
        n.fullmove += 1;
    }
    n.side = pos.side.other();
    n
}
