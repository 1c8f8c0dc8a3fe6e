//! SFEN (the USI protocol's position notation) parsing and printing, with errors that name the
//! field. `sfen` is accepted (and dropped) as a leading word, as USI's `position sfen ...`
//! writes it.

use super::{Color, Kind, Piece, Position, SQUARES};
use thiserror::Error;

#[derive(Debug, Error, PartialEq, Eq)]
pub enum SfenError {
    #[error("SFEN has {0} fields; it needs 3 or 4 (board, side, hand[, move number])")]
    Fields(usize),
    #[error("SFEN board: {0}")]
    Board(String),
    #[error("SFEN side to move must be 'b' or 'w', not '{0}'")]
    Side(String),
    #[error("SFEN hand: {0}")]
    Hand(String),
    #[error("SFEN move number '{0}' is not a number from 1")]
    MoveNumber(String),
    #[error("position: {0}")]
    Position(String),
}

impl Position {
    /// Parses an SFEN. A side has at most one king (tsume problems may leave the attacker's
    /// out), no more pieces of a kind than a set has (40 pieces in all), no piece on a square
    /// it could never leave (a pawn or lance on the last rank, a knight on the last two), no
    /// two unpromoted pawns of a side on one file, and the side not to move is not in check.
    pub fn from_sfen(sfen: &str) -> Result<Position, SfenError> {
        let mut f: Vec<&str> = sfen.split_whitespace().collect();
        if f.first() == Some(&"sfen") {
            f.remove(0);
        }
        if !(3..=4).contains(&f.len()) {
            return Err(SfenError::Fields(f.len()));
        }
        let mut board = [None; SQUARES];
        let ranks: Vec<&str> = f[0].split('/').collect();
        if ranks.len() != 9 {
            return Err(SfenError::Board(format!("{} ranks, not 9", ranks.len())));
        }
        for (rank, r) in ranks.iter().enumerate() {
            // Files run from 9 down to 1 within a rank.
            let mut seen = 0usize;
            let mut promoted = false;
            for c in r.chars() {
                let bad =
                    |what: &str| SfenError::Board(format!("rank {} ('{r}'): {what}", rank + 1));
                if promoted && !c.is_ascii_alphabetic() {
                    return Err(bad("'+' must precede a piece letter"));
                }
                if let Some(d) = c.to_digit(10).filter(|d| (1..=9).contains(d)) {
                    seen += d as usize;
                } else if c == '+' {
                    promoted = true;
                    continue;
                } else if let Some(kind) = Kind::of_letter(c) {
                    if promoted && !kind.promotable() {
                        return Err(bad(&format!("'{c}' cannot be promoted")));
                    }
                    if seen < 9 {
                        let color = if c.is_ascii_uppercase() {
                            Color::Black
                        } else {
                            Color::White
                        };
                        board[rank * 9 + 8 - seen] = Some(Piece {
                            color,
                            kind,
                            promoted,
                        });
                    }
                    seen += 1;
                    promoted = false;
                } else {
                    return Err(bad(&format!("'{c}' is not a piece or a count 1-9")));
                }
                if seen > 9 {
                    return Err(bad("more than 9 squares"));
                }
            }
            if promoted {
                return Err(SfenError::Board(format!(
                    "rank {}: '+' at the end of the rank",
                    rank + 1
                )));
            }
            if seen != 9 {
                return Err(SfenError::Board(format!(
                    "rank {} ('{r}') has {seen} squares, not 9",
                    rank + 1
                )));
            }
        }
        let side = match f[1] {
            "b" => Color::Black,
            "w" => Color::White,
            s => return Err(SfenError::Side(s.into())),
        };
        let hands = parse_hand(f[2])?;
        let ply = match f.get(3) {
            None => 1,
            Some(s) => s
                .parse::<u32>()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| SfenError::MoveNumber((*s).into()))?,
        };
        let pos = Position {
            board,
            hands,
            side,
            ply,
        };
        pos.check()?;
        Ok(pos)
    }

    /// The rules a position must keep to be searched (see [`Position::from_sfen`]).
    fn check(&self) -> Result<(), SfenError> {
        let bad = |s: String| Err(SfenError::Position(s));
        for kind in Kind::ALL {
            let on_board = self
                .board
                .iter()
                .flatten()
                .filter(|p| p.kind == kind)
                .count();
            let in_hand: usize = self.hands.iter().map(|h| h[kind as usize] as usize).sum();
            if on_board + in_hand > kind.count() {
                return bad(format!(
                    "{} pieces of kind {} (a set has {})",
                    on_board + in_hand,
                    kind.letter(),
                    kind.count()
                ));
            }
        }
        for color in [Color::Black, Color::White] {
            let kings = self
                .board
                .iter()
                .flatten()
                .filter(|p| p.kind == Kind::King && p.color == color)
                .count();
            if kings > 1 {
                return bad(format!("{color:?} has {kings} kings"));
            }
        }
        for (sq, p) in self.board.iter().enumerate() {
            let Some(p) = p else { continue };
            if !p.promoted && super::movegen::dead_end(p.color, p.kind, sq as u8) {
                return bad(format!(
                    "{} on {} could never move",
                    p.sfen(),
                    super::square_name(sq as u8)
                ));
            }
        }
        for color in [Color::Black, Color::White] {
            for file in 0..9 {
                let pawns = (0..9)
                    .filter(|r| {
                        self.board[r * 9 + file]
                            == Some(Piece {
                                color,
                                kind: Kind::Pawn,
                                promoted: false,
                            })
                    })
                    .count();
                if pawns > 1 {
                    return bad(format!(
                        "{color:?} has {pawns} pawns on file {} (nifu)",
                        file + 1
                    ));
                }
            }
        }
        let other = self.side.other();
        if self
            .king(other)
            .is_some_and(|k| super::attacked_by(self, k, self.side))
        {
            return bad("the side not to move is in check".into());
        }
        Ok(())
    }

    /// The SFEN of the position (hand pieces in SFEN's order, Black's first).
    pub fn sfen(&self) -> String {
        let mut s = String::new();
        for rank in 0..9 {
            if rank > 0 {
                s.push('/');
            }
            let mut empty = 0;
            for file in (0..9).rev() {
                match self.board[rank * 9 + file] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push_str(&p.sfen());
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
        }
        s.push_str(match self.side {
            Color::Black => " b ",
            Color::White => " w ",
        });
        let mut hand = String::new();
        for color in [Color::Black, Color::White] {
            for kind in Kind::HAND {
                let n = self.hands[color.index()][kind as usize];
                if n > 1 {
                    hand.push_str(&n.to_string());
                }
                if n > 0 {
                    hand.push(match color {
                        Color::Black => kind.letter(),
                        Color::White => kind.letter().to_ascii_lowercase(),
                    });
                }
            }
        }
        if hand.is_empty() {
            hand.push('-');
        }
        s.push_str(&hand);
        s.push_str(&format!(" {}", self.ply));
        s
    }
}

fn parse_hand(h: &str) -> Result<[[u8; 8]; 2], SfenError> {
    let mut hands = [[0u8; 8]; 2];
    if h == "-" {
        return Ok(hands);
    }
    let mut count: Option<u32> = None;
    for c in h.chars() {
        if let Some(d) = c.to_digit(10) {
            let n = count.unwrap_or(0) * 10 + d;
            if n > 18 || (n == 0 && count.is_none()) {
                return Err(SfenError::Hand(format!("'{h}': bad count")));
            }
            count = Some(n);
            continue;
        }
        let kind = Kind::of_letter(c)
            .filter(|k| *k != Kind::King)
            .ok_or_else(|| SfenError::Hand(format!("'{c}' is not a piece a hand can hold")))?;
        let n = count.take().unwrap_or(1);
        let color = if c.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        let slot = &mut hands[color.index()][kind as usize];
        if *slot != 0 {
            return Err(SfenError::Hand(format!("'{c}' appears twice")));
        }
        *slot = n as u8;
    }
    if count.is_some() {
        return Err(SfenError::Hand(format!("'{h}' ends with a count")));
    }
    Ok(hands)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sfen_errors_name_the_field() {
        let bad = [
            ("", "fields"),
            ("9/9/9/9/9/9/9/9 b - 1", "ranks"),
            ("9/9/9/9/9/9/9/9/8 b - 1", "8 squares"),
            ("9/9/9/9/9/9/9/9/91 b - 1", "more than 9"),
            ("9/9/9/9/9/9/9/9/x8 b - 1", "not a piece"),
            ("9/9/9/9/9/9/9/9/+G8 b - 1", "cannot be promoted"),
            ("9/9/9/9/9/9/9/9/8+ b - 1", "end of the rank"),
            ("9/9/9/9/9/9/9/9/9 x - 1", "side"),
            ("9/9/9/9/9/9/9/9/9 b K 1", "hand can hold"),
            ("9/9/9/9/9/9/9/9/9 b 2 1", "ends with a count"),
            ("9/9/9/9/9/9/9/9/9 b PP 1", "twice"),
            ("9/9/9/9/9/9/9/9/9 b 19P 1", "bad count"),
            ("9/9/9/9/9/9/9/9/9 b - 0", "move number"),
            ("9/9/9/9/9/9/9/9/9 b 3R 1", "3 pieces of kind R"),
            ("K8/9/9/9/9/9/9/9/K8 b - 1", "kings"),
            ("P8/9/9/9/9/9/9/9/9 b - 1", "could never move"),
            ("9/N8/9/9/9/9/9/9/9 b - 1", "could never move"),
            ("9/9/9/9/9/9/9/9/l8 b - 1", "could never move"),
            ("9/9/P8/9/9/9/P8/9/9 b - 1", "nifu"),
            ("4k4/9/4R4/9/9/9/9/9/4K4 b - 1", "not to move is in check"),
        ];
        for (sfen, word) in bad {
            let e = Position::from_sfen(sfen).expect_err(sfen).to_string();
            assert!(e.contains(word), "{sfen}: '{e}' lacks '{word}'");
        }
    }

    #[test]
    fn sfen_round_trips() {
        for s in [
            super::super::START_SFEN,
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
            "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
            "3sks3/9/4S4/9/9/8B/9/9/9 b S 1",
        ] {
            let p = Position::from_sfen(s).unwrap();
            let canonical = p.sfen();
            assert_eq!(Position::from_sfen(&canonical).unwrap(), p, "{s}");
            assert_eq!(Position::from_sfen(&format!("sfen {s}")).unwrap(), p);
        }
        // SFEN's hand order is fixed: R B G S N L P, Black's first.
        let p = Position::from_sfen(
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
        )
        .unwrap();
        assert!(p.sfen().ends_with(" w RGgsn5p 1"), "{}", p.sfen());
        assert_eq!(
            Position::from_sfen("9/9/9/9/9/9/9/9/9 b - 1").unwrap().ply,
            1
        );
    }
}
