//! FEN (Forsyth-Edwards Notation) parsing and printing, with errors that name the field.

use super::{castle, parse_square, square_name, Color, Kind, Piece, Position};
use thiserror::Error;

#[derive(Debug, Error, PartialEq, Eq)]
pub enum FenError {
    #[error("FEN has {0} fields; it needs 4 to 6 (board, side, castling, en passant[, halfmove, fullmove])")]
    Fields(usize),
    #[error("FEN board: {0}")]
    Board(String),
    #[error("FEN side to move must be 'w' or 'b', not '{0}'")]
    Side(String),
    #[error("FEN castling must be '-' or letters of 'KQkq', not '{0}'")]
    Castling(String),
    #[error("FEN en passant must be '-' or the square a pawn has just passed, not '{0}'")]
    EnPassant(String),
    #[error("FEN move counter '{0}' is not a number")]
    Counter(String),
    #[error("position: {0}")]
    Position(String),
}

fn piece_of(c: char) -> Option<Piece> {
    let kind = match c.to_ascii_uppercase() {
        'P' => Kind::Pawn,
        'N' => Kind::Knight,
        'B' => Kind::Bishop,
        'R' => Kind::Rook,
        'Q' => Kind::Queen,
        'K' => Kind::King,
        _ => return None,
    };
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Some(Piece { color, kind })
}

impl Position {
    /// Parses a FEN. The position must have one king a side, no pawn on the first or last
    /// rank, and the side not to move must not be in check.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let f: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&f.len()) {
            return Err(FenError::Fields(f.len()));
        }
        let mut board = [None; 64];
        let ranks: Vec<&str> = f[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(FenError::Board(format!("{} ranks, not 8", ranks.len())));
        }
        for (i, r) in ranks.iter().enumerate() {
            let rank = 7 - i;
            let mut file = 0usize;
            for c in r.chars() {
                if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    file += d as usize;
                } else if let Some(p) = piece_of(c) {
                    if file < 8 {
                        board[rank * 8 + file] = Some(p);
                    }
                    file += 1;
                } else {
                    return Err(FenError::Board(format!("'{c}' is not a piece or a count")));
                }
                if file > 8 {
                    return Err(FenError::Board(format!(
                        "rank {} has more than 8 squares",
                        rank + 1
                    )));
                }
            }
            if file != 8 {
                return Err(FenError::Board(format!(
                    "rank {} has {file} squares, not 8",
                    rank + 1
                )));
            }
        }
        let side = match f[1] {
            "w" => Color::White,
            "b" => Color::Black,
            s => return Err(FenError::Side(s.into())),
        };
        let mut castling = 0;
        if f[2] != "-" {
            for c in f[2].chars() {
                let bit = match c {
                    'K' => castle::WHITE_KING,
                    'Q' => castle::WHITE_QUEEN,
                    'k' => castle::BLACK_KING,
                    'q' => castle::BLACK_QUEEN,
                    _ => return Err(FenError::Castling(f[2].into())),
                };
                if castling & bit != 0 {
                    return Err(FenError::Castling(f[2].into()));
                }
                castling |= bit;
            }
        }
        let ep = match f[3] {
            "-" => None,
            s => match parse_square(s) {
                Some(sq) if sq / 8 == 2 || sq / 8 == 5 => Some(sq),
                _ => return Err(FenError::EnPassant(s.into())),
            },
        };
        let counter = |i: usize, default: u32| -> Result<u32, FenError> {
            f.get(i).map_or(Ok(default), |s| {
                s.parse().map_err(|_| FenError::Counter((*s).into()))
            })
        };
        let pos = Position {
            board,
            side,
            castling,
            ep,
            halfmove: counter(4, 0)?,
            fullmove: counter(5, 1)?,
        };
        pos.validate()?;
        Ok(pos)
    }

    fn validate(&self) -> Result<(), FenError> {
        for color in [Color::White, Color::Black] {
            let kings = self
                .board
                .iter()
                .filter(|p| {
                    **p == Some(Piece {
                        color,
                        kind: Kind::King,
                    })
                })
                .count();
            if kings != 1 {
                return Err(FenError::Position(format!(
                    "{color:?} has {kings} kings, not 1"
                )));
            }
        }
        for sq in (0..8).chain(56..64) {
            if self.board[sq].is_some_and(|p| p.kind == Kind::Pawn) {
                return Err(FenError::Position(format!(
                    "a pawn on {}",
                    square_name(sq as u8)
                )));
            }
        }
        if let Some(ep) = self.ep {
            // The square a pawn of the side not to move has just passed over.
            let (rank, pawn_at, from) = match self.side {
                Color::White => (5, ep - 8, ep + 8),
                Color::Black => (2, ep + 8, ep - 8),
            };
            let pawn = Piece {
                color: self.side.other(),
                kind: Kind::Pawn,
            };
            if ep / 8 != rank
                || self.board[ep as usize].is_some()
                || self.board[from as usize].is_some()
                || self.board[pawn_at as usize] != Some(pawn)
            {
                return Err(FenError::EnPassant(format!(
                    "{} (no pawn of the side not to move has just passed it)",
                    square_name(ep)
                )));
            }
        }
        let them = self.side.other();
        let k = self.king(them).expect("one king");
        if super::attacked_by(self, k, self.side) {
            return Err(FenError::Position(
                "the side not to move is in check".into(),
            ));
        }
        Ok(())
    }

    /// The FEN of this position.
    pub fn fen(&self) -> String {
        let mut s = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.board[rank * 8 + file] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        let c = p.kind.letter();
                        s.push(if p.color == Color::White {
                            c
                        } else {
                            c.to_ascii_lowercase()
                        });
                    }
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(if self.side == Color::White { 'w' } else { 'b' });
        s.push(' ');
        let mut c = String::new();
        for (bit, l) in [
            (castle::WHITE_KING, 'K'),
            (castle::WHITE_QUEEN, 'Q'),
            (castle::BLACK_KING, 'k'),
            (castle::BLACK_QUEEN, 'q'),
        ] {
            if self.castling & bit != 0 {
                c.push(l);
            }
        }
        s += if c.is_empty() { "-" } else { &c };
        s.push(' ');
        s += &self.ep.map_or("-".into(), square_name);
        s += &format!(" {} {}", self.halfmove, self.fullmove);
        s
    }
}
