//! Move generation: how each piece moves (one table, in Black's frame), attacks, pseudo-legal
//! and legal moves, making a move, perft.

use super::{Color, Kind, Move, Piece, Position, SQUARES};

/// A step or a ray direction `(rank delta, file delta)` in Black's frame (forward = rank - 1).
type Dir = (i8, i8);

pub(crate) const KING_STEPS: [Dir; 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];
const GOLD_STEPS: [Dir; 6] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0)];
const SILVER_STEPS: [Dir; 5] = [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 1)];
const KNIGHT_STEPS: [Dir; 2] = [(-2, -1), (-2, 1)];
const PAWN_STEPS: [Dir; 1] = [(-1, 0)];
const ORTHOGONAL: [Dir; 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];
const DIAGONAL: [Dir; 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
const LANCE_RAY: [Dir; 1] = [(-1, 0)];

/// The squares a piece reaches in one step (in its owner's frame).
pub(crate) fn steps(kind: Kind, promoted: bool) -> &'static [Dir] {
    match (kind, promoted) {
        (Kind::King, _) => &KING_STEPS,
        (Kind::Gold, _) | (Kind::Silver | Kind::Knight | Kind::Lance | Kind::Pawn, true) => {
            &GOLD_STEPS
        }
        (Kind::Silver, false) => &SILVER_STEPS,
        (Kind::Knight, false) => &KNIGHT_STEPS,
        (Kind::Pawn, false) => &PAWN_STEPS,
        // A dragon adds the diagonal steps to the rook's rays, a horse the orthogonal ones.
        (Kind::Rook, true) => &DIAGONAL,
        (Kind::Bishop, true) => &ORTHOGONAL,
        (Kind::Rook | Kind::Bishop | Kind::Lance, false) => &[],
    }
}

/// The rays a piece slides along (in its owner's frame).
pub(crate) fn rays(kind: Kind, promoted: bool) -> &'static [Dir] {
    match (kind, promoted) {
        (Kind::Rook, _) => &ORTHOGONAL,
        (Kind::Bishop, _) => &DIAGONAL,
        (Kind::Lance, false) => &LANCE_RAY,
        _ => &[],
    }
}

/// `d` in the board's frame for a piece of `color`.
pub(crate) fn oriented(color: Color, d: Dir) -> Dir {
    match color {
        Color::Black => d,
        Color::White => (-d.0, -d.1),
    }
}

/// The square `d` away from `sq` on the board, if any.
pub(crate) fn offset(sq: u8, d: Dir) -> Option<u8> {
    let r = (sq / 9) as i8 + d.0;
    let f = (sq % 9) as i8 + d.1;
    ((0..9).contains(&r) && (0..9).contains(&f)).then(|| (r * 9 + f) as u8)
}

/// The squares `p` on `sq` attacks (covers): its steps, and its rays up to and including the
/// first occupied square, whoever stands there.
pub(crate) fn attacks(pos: &Position, sq: u8, p: Piece) -> Vec<u8> {
    let mut out = Vec::with_capacity(20);
    for &d in steps(p.kind, p.promoted) {
        if let Some(t) = offset(sq, oriented(p.color, d)) {
            out.push(t);
        }
    }
    for &d in rays(p.kind, p.promoted) {
        let d = oriented(p.color, d);
        let mut s = sq;
        while let Some(t) = offset(s, d) {
            out.push(t);
            if pos.board[t as usize].is_some() {
                break;
            }
            s = t;
        }
    }
    out
}

/// Whether a piece of `color` attacks `sq`, looked for outwards from `sq` (the eight lines and
/// the two knight squares), independently of [`attacks`].
pub fn attacked_by(pos: &Position, sq: u8, color: Color) -> bool {
    for d in KING_STEPS {
        // The piece that would attack along -d, in its owner's frame.
        let own = oriented(color, (-d.0, -d.1));
        let mut s = sq;
        let mut first = true;
        while let Some(t) = offset(s, d) {
            if let Some(p) = pos.board[t as usize] {
                if p.color == color
                    && ((first && steps(p.kind, p.promoted).contains(&own))
                        || rays(p.kind, p.promoted).contains(&own))
                {
                    return true;
                }
                break;
            }
            first = false;
            s = t;
        }
    }
    KNIGHT_STEPS.iter().any(|&d| {
        let (r, f) = oriented(color, d);
        offset(sq, (-r, -f)).is_some_and(|t| {
            pos.board[t as usize]
                == Some(Piece {
                    color,
                    kind: Kind::Knight,
                    promoted: false,
                })
        })
    })
}

/// The rank index seen from `color` (0 = the far rank, where Black's pawns promote last).
fn relative_rank(color: Color, sq: u8) -> u8 {
    match color {
        Color::Black => sq / 9,
        Color::White => 8 - sq / 9,
    }
}

/// Whether `sq` is in `color`'s promotion zone (the three far ranks).
pub(crate) fn in_zone(color: Color, sq: u8) -> bool {
    relative_rank(color, sq) < 3
}

/// Whether an unpromoted `kind` of `color` on `sq` could never move again (a pawn or lance on
/// the last rank, a knight on the last two): such a move must promote, such a drop is illegal.
pub(crate) fn dead_end(color: Color, kind: Kind, sq: u8) -> bool {
    let r = relative_rank(color, sq);
    match kind {
        Kind::Pawn | Kind::Lance => r == 0,
        Kind::Knight => r < 2,
        _ => false,
    }
}

/// Every pseudo-legal move of the side to move: board moves (with and without promotion where
/// both are allowed, promotion only where the piece could not move again otherwise) in square
/// order, then drops by kind (R, B, G, S, N, L, P) and square, without dead-end drops and
/// without nifu. Own king safety and the pawn-drop mate rule are [`legal_moves`]'s.
pub fn pseudo_legal_moves(pos: &Position) -> Vec<Move> {
    let mut out = Vec::with_capacity(128);
    board_moves(pos, &mut out);
    let side = pos.side;
    for kind in super::Kind::HAND {
        if pos.hands[side.index()][kind as usize] == 0 {
            continue;
        }
        for to in 0..SQUARES as u8 {
            if pos.board[to as usize].is_some() || dead_end(side, kind, to) {
                continue;
            }
            if kind == Kind::Pawn && pawn_on_file(pos, side, to % 9) {
                continue;
            }
            out.push(Move::Drop { kind, to });
        }
    }
    out
}

fn board_moves(pos: &Position, out: &mut Vec<Move>) {
    let side = pos.side;
    for from in 0..SQUARES as u8 {
        let Some(p) = pos.board[from as usize] else {
            continue;
        };
        if p.color != side {
            continue;
        }
        for to in attacks(pos, from, p) {
            if pos.board[to as usize].is_some_and(|q| q.color == side) {
                continue;
            }
            push_board_move(out, p, from, to);
        }
    }
}

/// The moves of `p` from `from` to `to`: without promotion unless it would be a dead end, and
/// with promotion where the piece may promote (into, inside or out of its zone).
pub(crate) fn push_board_move(out: &mut Vec<Move>, p: Piece, from: u8, to: u8) {
    let may_promote =
        p.kind.promotable() && !p.promoted && (in_zone(p.color, from) || in_zone(p.color, to));
    if p.promoted || !dead_end(p.color, p.kind, to) {
        out.push(Move::Board {
            from,
            to,
            promote: false,
        });
    }
    if may_promote {
        out.push(Move::Board {
            from,
            to,
            promote: true,
        });
    }
}

/// Whether `color` has an unpromoted pawn on `file`.
fn pawn_on_file(pos: &Position, color: Color, file: u8) -> bool {
    (0..9).any(|r| {
        pos.board[(r * 9 + file) as usize]
            == Some(Piece {
                color,
                kind: Kind::Pawn,
                promoted: false,
            })
    })
}

/// Whether the side that just moved left its own king attacked.
fn leaves_king_attacked(after: &Position) -> bool {
    let mover = after.side.other();
    after
        .king(mover)
        .is_some_and(|k| attacked_by(after, k, after.side))
}

/// Whether `m` (pseudo-legal) is legal: the own king is not left attacked, and a pawn drop
/// that gives check leaves the opponent a legal move (no pawn-drop mate, uchifuzume).
fn legal(pos: &Position, m: Move) -> bool {
    let after = make(pos, m);
    if leaves_king_attacked(&after) {
        return false;
    }
    if let Move::Drop {
        kind: Kind::Pawn,
        to,
    } = m
    {
        let ahead = super::movegen::offset(to, oriented(pos.side, (-1, 0)));
        if ahead.is_some_and(|a| after.king(after.side) == Some(a)) {
            // A drop never answers a check from an adjacent piece (it cannot capture, and
            // there is no square between), so the board moves decide whether it is mate.
            let mut replies = Vec::new();
            board_moves(&after, &mut replies);
            return replies
                .into_iter()
                .any(|r| !leaves_king_attacked(&make(&after, r)));
        }
    }
    true
}

/// The legal moves of the side to move, in [`pseudo_legal_moves`]'s order.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    pseudo_legal_moves(pos)
        .into_iter()
        .filter(|&m| legal(pos, m))
        .collect()
}

/// The position after the pseudo-legal move `m`: a captured piece goes, unpromoted, to the
/// mover's hand.
pub(crate) fn make(pos: &Position, m: Move) -> Position {
    let mut after = pos.clone();
    let side = pos.side;
    match m {
        Move::Board { from, to, promote } => {
            let mut p = after.board[from as usize]
                .take()
                .expect("a move starts on a piece");
            if let Some(q) = after.board[to as usize] {
                after.hands[side.index()][q.kind as usize] += 1;
            }
            p.promoted |= promote;
            after.board[to as usize] = Some(p);
        }
        Move::Drop { kind, to } => {
            after.hands[side.index()][kind as usize] -= 1;
            after.board[to as usize] = Some(Piece {
                color: side,
                kind,
                promoted: false,
            });
        }
    }
    after.side = side.other();
    after.ply += 1;
    after
}

/// Leaves of the legal move tree of `depth` plies below `pos` (no bulk counting at depth 1
/// beyond counting the legal moves).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => legal_moves(pos).len() as u64,
        _ => legal_moves(pos)
            .into_iter()
            .map(|m| perft(&make(pos, m), depth - 1))
            .sum(),
    }
}

/// Perft per root move (USI `go perft` / `--divide`), in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    legal_moves(pos)
        .into_iter()
        .map(|m| (m, perft(&make(pos, m), depth.saturating_sub(1))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_attack_lookups_agree_on_random_positions() {
        for pos in super::super::random::positions(7, 300, 80) {
            for sq in 0..SQUARES as u8 {
                for color in [Color::Black, Color::White] {
                    let forward = (0..SQUARES as u8).any(|s| {
                        pos.board[s as usize]
                            .is_some_and(|p| p.color == color && attacks(&pos, s, p).contains(&sq))
                    });
                    assert_eq!(attacked_by(&pos, sq, color), forward, "{} {sq}", pos.sfen());
                }
            }
        }
    }

    #[test]
    fn pawn_drop_mate_is_illegal_and_other_pawn_drop_checks_are_not() {
        // White king on 1a boxed in by its own knight (2a) and pawn (2b), a Black gold on 1c
        // guarding 1b: P*1b would mate.
        let p = Position::from_sfen("7nk/7p1/8G/9/9/9/9/9/4K4 b P 1").unwrap();
        assert!(!legal_moves(&p).iter().any(|m| m.usi() == "P*1b"));
        assert!(pseudo_legal_moves(&p).iter().any(|m| m.usi() == "P*1b"));
        // Without the gold the king takes the pawn: the drop is legal.
        let q = Position::from_sfen("7nk/7p1/9/9/9/9/9/9/4K4 b P 1").unwrap();
        assert!(legal_moves(&q).iter().any(|m| m.usi() == "P*1b"));
    }

    #[test]
    fn forced_and_optional_promotions() {
        let p = Position::from_sfen("4k4/9/9/P8/9/9/9/9/4K4 b - 1").unwrap();
        let moves: Vec<String> = legal_moves(&p).iter().map(|m| m.usi()).collect();
        assert!(moves.contains(&"9d9c".into()) && moves.contains(&"9d9c+".into()));
        let q = Position::from_sfen("4k4/9/P8/9/9/9/9/9/4K4 b - 1").unwrap();
        let moves: Vec<String> = legal_moves(&q).iter().map(|m| m.usi()).collect();
        assert!(moves.contains(&"9c9b+".into()) && moves.contains(&"9c9b".into()));
        let r = Position::from_sfen("4k4/P8/9/9/9/9/9/9/4K4 b - 1").unwrap();
        let moves: Vec<String> = legal_moves(&r).iter().map(|m| m.usi()).collect();
        assert!(moves.contains(&"9b9a+".into()) && !moves.contains(&"9b9a".into()));
    }
}
