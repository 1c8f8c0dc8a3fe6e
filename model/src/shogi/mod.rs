//! Shogi golden model: the rules, SFEN, USI move notation, legal move generation and perft,
//! written for clarity (an 81-square mailbox; pseudo-legal moves filtered by "is the own king
//! attacked after the move", nifu and the pawn-drop mate rule), independent of the gateware.
//! It is the reference the circuits of `shared/papers/shogi-processor-fpga.md` are checked
//! against, and is itself checked against the published perft table and against PyPI `cshogi`.
//! [`piece_data`] holds the paper's data structures (the 10-bit piece data of section 4.2, the
//! 810-bit board data, the 81 x 40-bit piece cover table of section 6) as the hardware uses them.
//!
//! Squares: `rank * 9 + file`, both from 0: rank 0 is rank 1 (`a`, White's back rank, the top
//! of a diagram), file 0 is file 1 (the right-hand file seen from Black). `7g` is file 7, rank
//! 7: square 6 * 9 + 6 = 60. Black (sente) moves first and moves up, towards rank 1.

pub mod all_moves;
pub mod cover_scan;
pub mod dfpn;
pub mod mate;
pub mod mate_masks;
mod movegen;
pub mod piece_data;
pub mod protocol;
pub mod random;
mod sfen;
pub mod walk;

pub use movegen::{attacked_by, divide, legal_moves, perft, pseudo_legal_moves};
pub use sfen::SfenError;

/// Squares on the board.
pub const SQUARES: usize = 81;

/// Side. Black (sente, `b` in SFEN, upper-case letters) moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Black,
    White,
}

impl Color {
    pub fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White (hands, tables).
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Piece kind, unpromoted, in the paper's `piece_type` order (section 4.2: "King, Rook,
/// Bishop and so on"): the discriminant is the 3-bit type code of the piece data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    King = 0,
    Rook = 1,
    Bishop = 2,
    Gold = 3,
    Silver = 4,
    Knight = 5,
    Lance = 6,
    Pawn = 7,
}

impl Kind {
    /// Every kind, in type-code order.
    pub const ALL: [Kind; 8] = [
        Kind::King,
        Kind::Rook,
        Kind::Bishop,
        Kind::Gold,
        Kind::Silver,
        Kind::Knight,
        Kind::Lance,
        Kind::Pawn,
    ];

    /// The kinds a hand can hold, in SFEN's hand order (rook, bishop, gold, silver, knight,
    /// lance, pawn).
    pub const HAND: [Kind; 7] = [
        Kind::Rook,
        Kind::Bishop,
        Kind::Gold,
        Kind::Silver,
        Kind::Knight,
        Kind::Lance,
        Kind::Pawn,
    ];

    /// How many of this kind a full set has (2 kings, 2 rooks, 2 bishops, 4 golds, 4
    /// silvers, 4 knights, 4 lances, 18 pawns: 40 pieces).
    pub fn count(self) -> usize {
        match self {
            Kind::King | Kind::Rook | Kind::Bishop => 2,
            Kind::Pawn => 18,
            _ => 4,
        }
    }

    /// SFEN letter (upper case).
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Gold => 'G',
            Kind::Silver => 'S',
            Kind::Knight => 'N',
            Kind::Lance => 'L',
            Kind::Pawn => 'P',
        }
    }

    /// The kind of an SFEN letter (either case).
    pub fn of_letter(c: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_uppercase())
    }

    /// Whether the kind has a promoted form (all but king and gold).
    pub fn promotable(self) -> bool {
        !matches!(self, Kind::King | Kind::Gold)
    }

    /// The type code of the paper's piece data (3 bits).
    pub fn code(self) -> u8 {
        self as u8
    }
}

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
    pub promoted: bool,
}

impl Piece {
    /// SFEN text: `P`, `+p`, ...
    pub fn sfen(self) -> String {
        let c = match self.color {
            Color::Black => self.kind.letter(),
            Color::White => self.kind.letter().to_ascii_lowercase(),
        };
        if self.promoted {
            format!("+{c}")
        } else {
            c.to_string()
        }
    }
}

/// A move: a piece moved on the board (with or without promotion) or a piece dropped from the
/// hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    Board { from: u8, to: u8, promote: bool },
    Drop { kind: Kind, to: u8 },
}

impl Move {
    /// The destination square.
    pub fn to(self) -> u8 {
        match self {
            Move::Board { to, .. } | Move::Drop { to, .. } => to,
        }
    }

    /// USI notation: `7g7f`, `8h2b+`, `P*5e`.
    pub fn usi(self) -> String {
        match self {
            Move::Board { from, to, promote } => format!(
                "{}{}{}",
                square_name(from),
                square_name(to),
                if promote { "+" } else { "" }
            ),
            Move::Drop { kind, to } => format!("{}*{}", kind.letter(), square_name(to)),
        }
    }
}

/// USI name of a square: file digit, rank letter (`7g`).
pub fn square_name(sq: u8) -> String {
    format!("{}{}", sq % 9 + 1, (b'a' + sq / 9) as char)
}

/// Parses a USI square name.
pub fn parse_square(s: &str) -> Option<u8> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'1'..=b'9').contains(&b[0]) || !(b'a'..=b'i').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'a') * 9 + (b[0] - b'1'))
}

/// Why a USI move was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum UsiMoveError {
    #[error("'{0}' is not a move in USI notation (like 7g7f, 8h2b+ or P*5e)")]
    Syntax(String),
    #[error("{0} is not a legal move here")]
    Illegal(String),
}

/// A position: the board, the pieces in hand, the side to move and SFEN's move number.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub board: [Option<Piece>; SQUARES],
    /// Pieces in hand, `[color][kind code]` (the king's entry stays 0).
    pub hands: [[u8; 8]; 2],
    pub side: Color,
    /// SFEN's move number (1 for the start).
    pub ply: u32,
}

/// The standard start (hirate).
pub const START_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

impl Position {
    /// The standard start (hirate).
    pub fn start() -> Position {
        Position::from_sfen(START_SFEN).expect("start SFEN")
    }

    /// The square of `color`'s king, if it has one (tsume problems leave the attacker's out).
    pub fn king(&self, color: Color) -> Option<u8> {
        (0..SQUARES as u8).find(|&s| {
            self.board[s as usize]
                == Some(Piece {
                    color,
                    kind: Kind::King,
                    promoted: false,
                })
        })
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.king(self.side)
            .is_some_and(|k| attacked_by(self, k, self.side.other()))
    }

    /// The legal move written in USI notation.
    pub fn parse_usi(&self, s: &str) -> Result<Move, UsiMoveError> {
        let t = s.trim();
        let syntax = || UsiMoveError::Syntax(t.into());
        let b = t.as_bytes();
        let ok = t.is_ascii()
            && match b.get(1) {
                Some(b'*') => {
                    b.len() == 4
                        && Kind::HAND.iter().any(|k| k.letter() as u8 == b[0])
                        && parse_square(&t[2..]).is_some()
                }
                _ => {
                    (b.len() == 4 || (b.len() == 5 && b[4] == b'+'))
                        && parse_square(&t[0..2]).is_some()
                        && parse_square(&t[2..4]).is_some()
                }
            };
        if !ok {
            return Err(syntax());
        }
        legal_moves(self)
            .into_iter()
            .find(|m| m.usi() == t)
            .ok_or_else(|| UsiMoveError::Illegal(t.into()))
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
    fn squares_and_usi_moves() {
        assert_eq!(parse_square("7g"), Some(60));
        assert_eq!(square_name(60), "7g");
        assert_eq!(parse_square("1a"), Some(0));
        assert_eq!(parse_square("9i"), Some(80));
        for bad in ["0a", "1j", "a1", "", "77"] {
            assert_eq!(parse_square(bad), None, "{bad}");
        }
        let p = Position::start();
        let m = p.parse_usi("7g7f").unwrap();
        assert_eq!(
            m,
            Move::Board {
                from: 60,
                to: 51,
                promote: false
            }
        );
        assert_eq!(
            p.parse_usi("7g7e"),
            Err(UsiMoveError::Illegal("7g7e".into()))
        );
        assert_eq!(
            p.parse_usi("P*5e"),
            Err(UsiMoveError::Illegal("P*5e".into()))
        );
        for bad in ["7g7", "K*5e", "7g7f=", "p*5e", "7g7f++", "ä*5e"] {
            assert_eq!(
                p.parse_usi(bad),
                Err(UsiMoveError::Syntax(bad.into())),
                "{bad}"
            );
        }
        let after = p.play(m).play(p.play(m).parse_usi("3c3d").unwrap());
        let bx = after.parse_usi("8h2b+").unwrap();
        assert_eq!(bx.usi(), "8h2b+");
        let taken = after.play(bx);
        assert_eq!(taken.hands[0][Kind::Bishop as usize], 1);
        assert_eq!(
            taken.sfen(),
            "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4"
        );
    }
}
