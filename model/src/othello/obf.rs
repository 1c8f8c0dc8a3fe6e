//! OBF positions (the format of the FFO suite): 64 squares a1..h8 (`X` black, `O` white,
//! `-` empty), a space, the side to move (`X` or `O`), then optional `; MOVE:+score` pairs.

use super::rules::{parse_square, square_name};
use thiserror::Error;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Discs of the side to move.
    pub p: u64,
    /// Discs of the opponent.
    pub o: u64,
    pub black_to_move: bool,
    /// Best moves with exact scores, as given by the OBF line (may be empty). `None` = pass.
    pub scores: Vec<(Option<u32>, i32)>,
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum PositionError {
    #[error("board has {0} squares, expected 64 (a1..h8, X/O/- per square)")]
    Length(usize),
    #[error("bad character '{ch}' at square {square} (use X, O or -)")]
    BadChar { ch: char, square: String },
    #[error("side to move is missing (add ' X' or ' O' after the 64 squares)")]
    SideMissing,
    #[error("bad side to move '{0}' (expected X or O)")]
    BadSide(String),
    #[error("discs overlap on {0}")]
    Overlap(String),
    #[error("bad move score '{0}' (expected e.g. G8:+18)")]
    BadScore(String),
}

/// A range of a file's positions that is not `a-b` or `a` within them.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("range '{text}' (expected e.g. 1-19 or 5, within 1-{count})")]
pub struct RangeError {
    pub text: String,
    pub count: usize,
}

/// `a-b` or `a`: positions counted from 1, within a file's `count` positions.
pub fn position_range(
    s: &str,
    count: usize,
) -> Result<std::ops::RangeInclusive<usize>, RangeError> {
    let bad = || RangeError {
        text: s.to_string(),
        count,
    };
    let (a, b) = s.split_once('-').unwrap_or((s, s));
    let (a, b): (usize, usize) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if a < 1 || b > count || a > b {
        return Err(bad());
    }
    Ok(a..=b)
}

impl Position {
    /// A position from bitboards of Black and White.
    pub fn from_bitboards(
        black: u64,
        white: u64,
        black_to_move: bool,
    ) -> Result<Position, PositionError> {
        if black & white != 0 {
            let sq = (black & white).trailing_zeros();
            return Err(PositionError::Overlap(square_name(sq)));
        }
        let (p, o) = if black_to_move {
            (black, white)
        } else {
            (white, black)
        };
        Ok(Position {
            p,
            o,
            black_to_move,
            scores: Vec::new(),
        })
    }

    pub fn empties(&self) -> u32 {
        64 - (self.p | self.o).count_ones()
    }

    /// The OBF board and side (without scores).
    pub fn to_obf(&self) -> String {
        let (black, white) = if self.black_to_move {
            (self.p, self.o)
        } else {
            (self.o, self.p)
        };
        let mut s: String = (0..64)
            .map(|i| {
                if black >> i & 1 == 1 {
                    'X'
                } else if white >> i & 1 == 1 {
                    'O'
                } else {
                    '-'
                }
            })
            .collect();
        s.push(' ');
        s.push(if self.black_to_move { 'X' } else { 'O' });
        s
    }
}

/// Parses an OBF line, or a 64-character board followed by the side to move.
pub fn parse_position(line: &str) -> Result<Position, PositionError> {
    let line = line.trim();
    let (main, rest) = match line.find(';') {
        Some(i) => (&line[..i], &line[i + 1..]),
        None => (line, ""),
    };
    let mut fields = main.split_whitespace();
    let board = fields.next().unwrap_or("");
    let n = board.chars().count();
    if n != 64 {
        return Err(PositionError::Length(n));
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (i, c) in board.chars().enumerate() {
        match c {
            'X' | 'x' | '*' | 'B' | 'b' => black |= 1 << i,
            'O' | 'o' | 'W' | 'w' => white |= 1 << i,
            '-' | '.' => {}
            _ => {
                return Err(PositionError::BadChar {
                    ch: c,
                    square: square_name(i as u32),
                })
            }
        }
    }
    let side = fields.next().ok_or(PositionError::SideMissing)?;
    let black_to_move = match side {
        "X" | "x" | "B" | "b" | "*" => true,
        "O" | "o" | "W" | "w" => false,
        other => return Err(PositionError::BadSide(other.to_string())),
    };
    if let Some(extra) = fields.next() {
        return Err(PositionError::BadSide(format!("{side} {extra}")));
    }
    let mut pos = Position::from_bitboards(black, white, black_to_move)?;
    for item in rest.split(';').map(str::trim).filter(|s| !s.is_empty()) {
        let (mv, score) = item
            .split_once(':')
            .ok_or_else(|| PositionError::BadScore(item.into()))?;
        let sq = if mv.eq_ignore_ascii_case("pa") || mv.eq_ignore_ascii_case("ps") {
            None
        } else {
            Some(parse_square(mv).ok_or_else(|| PositionError::BadScore(item.into()))?)
        };
        let v: i32 = score
            .trim()
            .parse()
            .map_err(|_| PositionError::BadScore(item.into()))?;
        pos.scores.push((sq, v));
    }
    Ok(pos)
}

/// A bad line of an OBF file: its number (from 1) and what is wrong with it.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("line {line}: {error}")]
pub struct ObfError {
    pub line: usize,
    pub error: PositionError,
}

/// The positions of an OBF file's text, in file order; blank lines and comment lines (`#`
/// or `%`) are skipped.
pub fn parse_obf(text: &str) -> Result<Vec<Position>, ObfError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| {
            let l = l.trim();
            !(l.is_empty() || l.starts_with('#') || l.starts_with('%'))
        })
        .map(|(n, l)| parse_position(l).map_err(|error| ObfError { line: n + 1, error }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const FFO1: &str =
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;";

    #[test]
    fn parse_and_format() {
        let p = parse_position(FFO1).unwrap();
        assert!(p.black_to_move);
        assert_eq!(p.empties(), 14);
        assert_eq!(p.scores[0], (parse_square("g8"), 18));
        assert_eq!(parse_position(&p.to_obf()).unwrap().p, p.p);
    }

    #[test]
    fn errors_name_the_problem() {
        assert_eq!(parse_position("XO X"), Err(PositionError::Length(2)));
        let bad = format!("{}Z{} X", "-".repeat(10), "-".repeat(53));
        assert_eq!(
            parse_position(&bad),
            Err(PositionError::BadChar {
                ch: 'Z',
                square: "c2".into()
            })
        );
        assert_eq!(
            parse_position(&"-".repeat(64)),
            Err(PositionError::SideMissing)
        );
        assert_eq!(
            parse_position(&format!("{} Q", "-".repeat(64))),
            Err(PositionError::BadSide("Q".into()))
        );
        assert_eq!(
            Position::from_bitboards(1, 3, true),
            Err(PositionError::Overlap("a1".into()))
        );
    }
}
