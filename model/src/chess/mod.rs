//! Chess golden model: the rules, FEN, UCI move notation, legal move generation and perft,
//! written for clarity (a 64-square mailbox, pseudo-legal moves filtered by "is the own king
//! attacked after the move"), independent of the gateware. It is the reference the move
//! generator of `shared/papers/chess-movegen-fpga-ja.md` (Boulé) will be checked against, and
//! is itself checked against the published perft table and against `shakmaty`.
//! [`generator`] yields the moves in the chip's order, cycle for cycle.
//!
//! Squares: a1 = 0, b1 = 1, .. h8 = 63 (rank * 8 + file).

mod fen;
pub mod generator;
mod movegen;
mod perft;
pub mod protocol;
pub mod random;
pub mod search;
pub mod step;

pub use fen::FenError;
pub use movegen::{attacked_by, legal_moves, pseudo_legal_moves};
pub use perft::{divide, perft};

/// Side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// Piece kind, in the paper's victim order reversed (pawn least valuable).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Kind {
    /// FEN letter (upper case).
    pub fn letter(self) -> char {
        match self {
            Kind::Pawn => 'P',
            Kind::Knight => 'N',
            Kind::Bishop => 'B',
            Kind::Rook => 'R',
            Kind::Queen => 'Q',
            Kind::King => 'K',
        }
    }
}

/// A piece on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
}

/// Castling rights, one bit each.
pub mod castle {
    pub const WHITE_KING: u8 = 1;
    pub const WHITE_QUEEN: u8 = 2;
    pub const BLACK_KING: u8 = 4;
    pub const BLACK_QUEEN: u8 = 8;
}

/// A position: the board, the side to move, castling rights, the en passant target square
/// (set after every double pawn push, as FEN writes it), and the move clocks.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub board: [Option<Piece>; 64],
    pub side: Color,
    pub castling: u8,
    pub ep: Option<u8>,
    pub halfmove: u32,
    pub fullmove: u32,
}

/// A move. `promo` is the promotion piece of a pawn reaching the last rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: u8,
    pub to: u8,
    pub promo: Option<Kind>,
}

/// Name of a square, e.g. `e4`.
pub fn square_name(sq: u8) -> String {
    format!("{}{}", (b'a' + sq % 8) as char, sq / 8 + 1)
}

/// Parses a square name.
pub fn parse_square(s: &str) -> Option<u8> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') * 8 + (b[0] - b'a'))
}

impl Move {
    /// UCI notation: `e2e4`, `e7e8q`; castling as the king's two-square move (`e1g1`).
    pub fn uci(&self) -> String {
        let mut s = square_name(self.from) + &square_name(self.to);
        if let Some(k) = self.promo {
            s.push(k.letter().to_ascii_lowercase());
        }
        s
    }
}

/// Why a UCI move was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum UciMoveError {
    #[error("'{0}' is not a move in UCI notation (like e2e4 or e7e8q)")]
    Syntax(String),
    #[error("{0} is not a legal move here")]
    Illegal(String),
}

impl Position {
    /// The standard starting position.
    pub fn start() -> Position {
        Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .expect("start FEN")
    }

    /// The square of `color`'s king.
    pub fn king(&self, color: Color) -> Option<u8> {
        (0..64u8).find(|&s| {
            self.board[s as usize]
                == Some(Piece {
                    color,
                    kind: Kind::King,
                })
        })
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.king(self.side)
            .is_some_and(|k| attacked_by(self, k, self.side.other()))
    }

    /// The legal move written in UCI notation.
    pub fn parse_uci(&self, s: &str) -> Result<Move, UciMoveError> {
        let t = s.trim();
        let ok = (t.len() == 4 || t.len() == 5)
            && parse_square(t.get(0..2).unwrap_or("")).is_some()
            && parse_square(t.get(2..4).unwrap_or("")).is_some()
            && t.get(4..)
                .is_some_and(|p| p.is_empty() || "nbrq".contains(p));
        if !ok {
            return Err(UciMoveError::Syntax(t.into()));
        }
        legal_moves(self)
            .into_iter()
            .find(|m| m.uci() == t)
            .ok_or_else(|| UciMoveError::Illegal(t.into()))
    }

    /// The position after `m` (which must be pseudo-legal here).
    pub fn play(&self, m: Move) -> Position {
        movegen::make(self, m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_errors_name_the_field() {
        let bad = [
            ("8/8/8/8/8/8/8/8 w - -", "kings"),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "ranks"),
            (
                "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "not a piece",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
                "side",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkX - 0 1",
                "castling",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1",
                "en passant",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
                "counter",
            ),
            ("4k3/8/8/8/8/8/8/4K2P w - - 0 1", "pawn on h1"),
            ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "not to move is in check"),
            ("", "fields"),
        ];
        for (fen, word) in bad {
            let e = Position::from_fen(fen).expect_err(fen).to_string();
            assert!(e.contains(word), "{fen}: '{e}' lacks '{word}'");
        }
        let start = Position::start();
        assert_eq!(
            start.fen(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
    }

    #[test]
    fn uci_moves() {
        let p = Position::start();
        let m = p.parse_uci("e2e4").unwrap();
        assert_eq!((m.from, m.to, m.promo), (12, 28, None));
        let after = p.play(m);
        assert_eq!(after.ep, Some(20));
        assert_eq!(
            p.parse_uci("e2e5"),
            Err(UciMoveError::Illegal("e2e5".into()))
        );
        assert_eq!(p.parse_uci("e2e"), Err(UciMoveError::Syntax("e2e".into())));
        assert_eq!(
            p.parse_uci("e7e8x"),
            Err(UciMoveError::Syntax("e7e8x".into()))
        );
        let promo = Position::from_fen("4k3/1P6/8/8/8/8/K7/8 w - - 0 1").unwrap();
        assert_eq!(promo.parse_uci("b7b8n").unwrap().promo, Some(Kind::Knight));
    }
}
