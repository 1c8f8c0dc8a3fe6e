//! The paper's data structures (`shogi-processor-fpga.md` sections 4.2 and 6) as the hardware
//! holds them:
//!
//! * **Piece data**, 10 bits a piece: `piece_type` (3 bits, [`Kind`]'s code), `promotion`,
//!   `ownership` (1 = Black) and a 5-bit `index` that tells pieces of one type apart, so each
//!   of the 40 pieces has an identity (the paper's Pawn_12, Gold_2). The paper's Figure 2 (the
//!   bit order) is not in our text: here the type is the top, the index the bottom, in the
//!   order the text lists the fields. Indexes count from 1, as the paper's names do, which
//!   leaves index 0 for an empty square: piece data 0 is "no piece".
//! * **Board data**: 81 squares x 10 bits = 810 bits, held as nine 90-bit rank words (the
//!   paper's 9 x 90-bit RAM, one rank read a cycle); file 1 in the low 10 bits (the paper's
//!   sub-module `file1`).
//! * **Piece cover table**: 40 bits a square, bit `id` set when piece `id` covers the square:
//!   it could move there if an enemy piece stood there (its steps, and its rays up to and
//!   including the first occupied square, whoever stands there). Pieces in hand cover nothing.
//!   Identities: kings 0-1, rooks 2-3, bishops 4-5, golds 6-9, silvers 10-13, knights 14-17,
//!   lances 18-21, pawns 22-39 (`type base + index - 1`).
//!
//! Identities are given when a position is loaded (squares in order, then Black's hand, then
//! White's, each piece the lowest free index of its type) and then follow the pieces: a
//! captured piece keeps its identity in the captor's hand, a drop takes the lowest identity of
//! its type in the hand.

use super::movegen::attacks;
use super::{Color, Kind, Move, Piece, Position, SQUARES};

/// Pieces in a set: bits of a square's cover data.
pub const PIECES: usize = 40;

/// Bit positions of the piece data fields.
pub mod field {
    /// `piece_type`, bits 9..7.
    pub const TYPE_SHIFT: u32 = 7;
    /// `promotion`, bit 6.
    pub const PROMOTION_BIT: u32 = 6;
    /// `ownership` (1 = Black), bit 5.
    pub const OWNER_BIT: u32 = 5;
    /// `index`, bits 4..0 (1-based; 0 = no piece).
    pub const INDEX_BITS: u32 = 5;
    /// Width of one piece data word.
    pub const WIDTH: u32 = 10;
}

/// The first identity of each type ([`Kind`] code order).
pub const ID_BASE: [u8; 8] = [0, 2, 4, 6, 10, 14, 18, 22];

/// The kind of identity `id` (0..40): the last kind whose first identity is not above it.
pub fn kind_of_id(id: u8) -> Kind {
    Kind::ALL
        .into_iter()
        .rev()
        .find(|k| ID_BASE[*k as usize] <= id)
        .expect("an identity below 40")
}

/// The identities of `kinds`, one bit each (bit `id`): the masks the circuits read a kind
/// through (the generator's and the check filter's kind masks, a scanner's ray registers).
pub fn ids_mask(kinds: &[Kind]) -> u64 {
    (0..PIECES as u8)
        .filter(|&id| kinds.contains(&kind_of_id(id)))
        .fold(0, |m, id| m | 1 << id)
}

/// One 10-bit piece data word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct PieceData(pub u16);

impl PieceData {
    /// An empty square.
    pub const EMPTY: PieceData = PieceData(0);

    /// The word of piece `index` (1-based) of `kind`.
    pub fn new(kind: Kind, promoted: bool, color: Color, index: u8) -> PieceData {
        debug_assert!((1..=kind.count() as u8).contains(&index));
        PieceData(
            (kind.code() as u16) << field::TYPE_SHIFT
                | (promoted as u16) << field::PROMOTION_BIT
                | ((color == Color::Black) as u16) << field::OWNER_BIT
                | index as u16,
        )
    }

    /// The word of the piece with identity `id` (0..40).
    pub fn of_id(id: u8, promoted: bool, color: Color) -> PieceData {
        let kind = kind_of_id(id);
        PieceData::new(kind, promoted, color, id - ID_BASE[kind as usize] + 1)
    }

    pub fn is_empty(self) -> bool {
        self.index() == 0
    }

    pub fn index(self) -> u8 {
        (self.0 & ((1 << field::INDEX_BITS) - 1)) as u8
    }

    pub fn kind(self) -> Kind {
        Kind::ALL[(self.0 >> field::TYPE_SHIFT) as usize & 7]
    }

    pub fn promoted(self) -> bool {
        self.0 >> field::PROMOTION_BIT & 1 == 1
    }

    pub fn color(self) -> Color {
        if self.0 >> field::OWNER_BIT & 1 == 1 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The piece's identity: its bit in the cover data.
    pub fn id(self) -> Option<u8> {
        (!self.is_empty()).then(|| ID_BASE[self.kind() as usize] + self.index() - 1)
    }

    /// The piece (without identity).
    pub fn piece(self) -> Option<Piece> {
        (!self.is_empty()).then(|| Piece {
            color: self.color(),
            kind: self.kind(),
            promoted: self.promoted(),
        })
    }

    /// The paper's name with SFEN's letter: `R1` (Black's rook 1), `+p12` (White's promoted
    /// pawn 12).
    pub fn name(self) -> String {
        match self.piece() {
            None => "-".into(),
            Some(p) => format!("{}{}", p.sfen(), self.index()),
        }
    }
}

/// The name of identity `id` without owner or promotion: `K1`, `P12`.
pub fn id_name(id: u8) -> String {
    let d = PieceData::of_id(id, false, Color::Black);
    format!("{}{}", d.kind().letter(), d.index())
}

/// A position as the hardware holds it: the board data (a piece data word per square), each
/// side's hand as a 40-bit mask of the identities it holds, the side to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoardData {
    pub squares: [PieceData; SQUARES],
    pub hands: [u64; 2],
    pub side: Color,
}

impl BoardData {
    /// Gives every piece of `pos` its identity (squares in order, then the hands).
    pub fn from_position(pos: &Position) -> BoardData {
        let mut next = [1u8; 8];
        let mut take = |kind: Kind| {
            let i = next[kind as usize];
            next[kind as usize] += 1;
            i
        };
        let mut squares = [PieceData::EMPTY; SQUARES];
        for (sq, p) in pos.board.iter().enumerate() {
            if let Some(p) = p {
                squares[sq] = PieceData::new(p.kind, p.promoted, p.color, take(p.kind));
            }
        }
        let mut hands = [0u64; 2];
        for color in [Color::Black, Color::White] {
            for kind in Kind::HAND {
                for _ in 0..pos.hands[color.index()][kind as usize] {
                    let id = ID_BASE[kind as usize] + take(kind) - 1;
                    hands[color.index()] |= 1 << id;
                }
            }
        }
        BoardData {
            squares,
            hands,
            side: pos.side,
        }
    }

    /// The position the board data holds (move number 1).
    pub fn to_position(&self) -> Position {
        let mut hands = [[0u8; 8]; 2];
        for (c, mask) in self.hands.iter().enumerate() {
            for id in 0..PIECES as u8 {
                if mask >> id & 1 == 1 {
                    hands[c][PieceData::of_id(id, false, Color::Black).kind() as usize] += 1;
                }
            }
        }
        Position {
            board: self.squares.map(PieceData::piece),
            hands,
            side: self.side,
            ply: 1,
        }
    }

    /// The square holding identity `id`, if it is on the board.
    pub fn square_of(&self, id: u8) -> Option<u8> {
        self.squares
            .iter()
            .position(|d| d.id() == Some(id))
            .map(|s| s as u8)
    }

    /// The board data after the pseudo-legal move `m`, identities kept.
    pub fn play(&self, m: Move) -> BoardData {
        let mut after = self.clone();
        let side = self.side.index();
        match m {
            Move::Board { from, to, promote } => {
                let p = after.squares[from as usize];
                if let Some(id) = after.squares[to as usize].id() {
                    after.hands[side] |= 1 << id;
                }
                after.squares[from as usize] = PieceData::EMPTY;
                after.squares[to as usize] =
                    PieceData(p.0 | (promote as u16) << field::PROMOTION_BIT);
            }
            Move::Drop { kind, to } => {
                let base = ID_BASE[kind as usize];
                let id = (base..base + kind.count() as u8)
                    .find(|id| after.hands[side] >> id & 1 == 1)
                    .expect("a drop of a piece in hand");
                after.hands[side] &= !(1 << id);
                after.squares[to as usize] = PieceData::of_id(id, false, self.side);
            }
        }
        after.side = self.side.other();
        after
    }

    /// Rank word `rank` (0 = rank 1): nine 10-bit piece data words, file 1 lowest.
    pub fn rank_word(&self, rank: usize) -> u128 {
        (0..9).fold(0u128, |w, f| {
            w | (self.squares[rank * 9 + f].0 as u128) << (field::WIDTH as usize * f)
        })
    }
}

/// The piece cover table: 40 bits a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoverTable(pub [u64; SQUARES]);

impl CoverTable {
    /// The identities covering `sq`, as piece data (owner and promotion from the board).
    pub fn covering(&self, board: &BoardData, sq: u8) -> Vec<PieceData> {
        (0..PIECES as u8)
            .filter(|id| self.0[sq as usize] >> id & 1 == 1)
            .filter_map(|id| board.squares.iter().copied().find(|d| d.id() == Some(id)))
            .collect()
    }
}

/// The reference cover computation: every piece on the board marks the squares it covers.
pub fn cover_table(board: &BoardData) -> CoverTable {
    let pos = board.to_position();
    let mut table = [0u64; SQUARES];
    for (sq, d) in board.squares.iter().enumerate() {
        let (Some(id), Some(p)) = (d.id(), d.piece()) else {
            continue;
        };
        for t in attacks(&pos, sq as u8, p) {
            table[t as usize] |= 1 << id;
        }
    }
    CoverTable(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::{attacked_by, legal_moves, random};

    #[test]
    fn the_papers_piece_data_words() {
        // The paper's Figure 2 example: Pawn 12, promoted, owned by White.
        let d = PieceData::new(Kind::Pawn, true, Color::White, 12);
        assert_eq!(
            d.0,
            (7 << 7) | (1 << 6) | 12,
            "type 111, promoted, White, index 01100"
        );
        assert_eq!(
            (d.kind(), d.promoted(), d.color(), d.index()),
            (Kind::Pawn, true, Color::White, 12)
        );
        assert_eq!(d.id(), Some(22 + 11));
        assert_eq!(d.name(), "+p12");
        assert!(PieceData::EMPTY.is_empty() && PieceData::EMPTY.id().is_none());
        for id in 0..PIECES as u8 {
            assert_eq!(PieceData::of_id(id, false, Color::Black).id(), Some(id));
        }
        assert_eq!(id_name(0), "K1");
        assert_eq!(id_name(39), "P18");
    }

    #[test]
    fn the_start_has_every_identity_once() {
        let b = BoardData::from_position(&Position::start());
        let ids: u64 = b
            .squares
            .iter()
            .filter_map(|d| d.id())
            .map(|i| 1u64 << i)
            .sum();
        assert_eq!(ids, (1 << PIECES) - 1);
        // The paper's Figure 3 names King1, Rook1, Bishop1, Gold1 and Gold2 as covering a
        // square of Black's camp: here 5h (above the king) is covered by Black's king, golds
        // and rook.
        let t = cover_table(&b);
        let names: Vec<String> = t
            .covering(&b, crate::shogi::parse_square("5h").unwrap())
            .iter()
            .map(|d| d.name())
            .collect();
        assert_eq!(
            names,
            ["K2", "R2", "G3", "G4"],
            "identities by square order"
        );
    }

    #[test]
    fn identities_follow_the_pieces_and_covers_match_attacks() {
        for pos in random::positions(11, 200, 120) {
            let b = BoardData::from_position(&pos);
            assert_eq!(
                b.to_position(),
                Position {
                    ply: 1,
                    ..pos.clone()
                }
            );
            let t = cover_table(&b);
            for sq in 0..SQUARES as u8 {
                for color in [Color::Black, Color::White] {
                    let by_color = b
                        .squares
                        .iter()
                        .filter(|d| !d.is_empty() && d.color() == color)
                        .any(|d| t.0[sq as usize] >> d.id().unwrap() & 1 == 1);
                    assert_eq!(
                        by_color,
                        attacked_by(&pos, sq, color),
                        "{} {sq}",
                        pos.sfen()
                    );
                }
            }
            for m in legal_moves(&pos) {
                let after = b.play(m);
                assert_eq!(
                    after.to_position(),
                    Position {
                        ply: 1,
                        ..pos.play(m)
                    }
                );
                let all: u64 = after
                    .squares
                    .iter()
                    .filter_map(|d| d.id())
                    .fold(after.hands[0] | after.hands[1], |a, i| a | 1 << i);
                let before: u64 = b
                    .squares
                    .iter()
                    .filter_map(|d| d.id())
                    .fold(b.hands[0] | b.hands[1], |a, i| a | 1 << i);
                assert_eq!(all, before, "a move neither makes nor loses a piece");
            }
        }
    }
}
