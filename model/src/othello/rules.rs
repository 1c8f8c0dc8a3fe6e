//! Othello rules on bitboards.

/// Shift masks: a shift toward the east (+1) must not wrap from h to a.
const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;

/// The 8 directions as (shift, mask applied after the shift). Positive shifts go left (<<).
pub const DIRS: [(i32, u64); 8] = [
    (1, NOT_A),  // east
    (-1, NOT_H), // west
    (8, !0),     // north (toward row 8)
    (-8, !0),    // south
    (9, NOT_A),  // north-east
    (7, NOT_H),  // north-west
    (-7, NOT_A), // south-east
    (-9, NOT_H), // south-west
];

#[inline]
pub fn shift(x: u64, s: i32, mask: u64) -> u64 {
    (if s > 0 { x << s } else { x >> -s }) & mask
}

/// All legal moves of `p` against `o`.
pub fn legal_moves(p: u64, o: u64) -> u64 {
    let empty = !(p | o);
    let mut moves = 0;
    for &(s, m) in &DIRS {
        let mut t = shift(p, s, m) & o;
        for _ in 0..5 {
            t |= shift(t, s, m) & o;
        }
        moves |= shift(t, s, m) & empty;
    }
    moves
}

/// Discs of `o` flipped when `p` plays on square `sq` (0 if the move flips nothing).
pub fn flips(p: u64, o: u64, sq: u32) -> u64 {
    let m = 1u64 << sq;
    let mut f = 0;
    for &(s, mask) in &DIRS {
        let mut line = 0;
        let mut x = shift(m, s, mask) & o;
        while x != 0 {
            line |= x;
            x = shift(x, s, mask) & o;
        }
        if shift(line, s, mask) & p != 0 {
            f |= line;
        }
    }
    f
}

/// The position after `p` plays `sq`, from the opponent's side: `(new p, new o)`.
pub fn play(p: u64, o: u64, sq: u32) -> (u64, u64) {
    let f = flips(p, o, sq);
    (o & !f, p | f | (1u64 << sq))
}

/// Final score of a finished game for the side to move: disc difference, with the empty
/// squares counted for the winner (the standard rule, as in the FFO suite).
pub fn final_score(p: u64, o: u64) -> i32 {
    let (pc, oc) = (p.count_ones() as i32, o.count_ones() as i32);
    let empties = 64 - pc - oc;
    let d = pc - oc;
    if d > 0 {
        d + empties
    } else if d < 0 {
        d - empties
    } else {
        0
    }
}

/// `a1`..`h8`.
pub fn square_name(sq: u32) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

/// Parses `a1`..`h8` (case-insensitive).
pub fn parse_square(s: &str) -> Option<u32> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let c = b[0].to_ascii_lowercase();
    if !(b'a'..=b'h').contains(&c) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') as u32 * 8 + (c - b'a') as u32)
}

/// The start position, Black (to move) on d5, e4; White on d4, e5.
pub fn start() -> (u64, u64) {
    let sq = |s: &str| 1u64 << parse_square(s).unwrap();
    (sq("d5") | sq("e4"), sq("d4") | sq("e5"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_moves() {
        let (p, o) = start();
        let m = legal_moves(p, o);
        let names: Vec<String> = (0..64)
            .filter(|i| m >> i & 1 == 1)
            .map(square_name)
            .collect();
        assert_eq!(names, ["d3", "c4", "f5", "e6"]);
        let (np, no) = play(p, o, parse_square("d3").unwrap());
        assert_eq!((np | no).count_ones(), 5);
        assert_eq!(no.count_ones(), 4);
    }

    #[test]
    fn flips_only_on_legal_squares() {
        let (p, o) = start();
        let m = legal_moves(p, o);
        for sq in 0..64 {
            if (p | o) >> sq & 1 == 1 {
                continue;
            }
            assert_eq!(
                flips(p, o, sq) != 0,
                m >> sq & 1 == 1,
                "square {}",
                square_name(sq)
            );
        }
    }

    #[test]
    fn scores() {
        assert_eq!(final_score(0xFF, 0xF00), 8 - 4 + 52);
        assert_eq!(final_score(0xF, 0xFF0), 4 - 8 - 52);
        assert_eq!(final_score(0xF, 0xF0), 0);
    }
}
