//! The check/defense move generator (`shared/papers/tsume-shogi-fpga-ja.md` §3.4, stage 3;
//! the shogi paper's Figure 12): the all-move generator's candidates of one rank, kept where
//! masks A and B select them on the attacker's plies (checks only), all kept on the
//! defender's.
//!
//! ```text
//!  the rank shown (r) --> each A plane's row r, each B line's row r           [9 bits each]
//!  B lines + board data --> the discoverer on each line, as an identity        [40 x 8]
//!  per file f of the rank (destination to = 9r + f):
//!    plain[id]   = A[id's type as it stands][to]  | some line d holds id, not to
//!    promote[id] = A[id's promoted type][to]      | the same
//!    drops[k]    = A[k][to]
//!  out = attacker ? candidates & (plain, promote, drops) : candidates
//! ```
//!
//! Combinational, 0 cycles: it sits on the all-move generator's outputs and takes the masks
//! registered by stage 2 ([`super::CheckMaskGenerator`]). The paper masks the pseudo-legal
//! moves of its cover table with A and B on the attacker's plies and with C, D and E on the
//! defender's; our all-move generator yields legal moves only, so the defender's candidates
//! are its defences already and pass unmasked (masks C, D and E are the
//! [`super::DefenseMaskGenerator`]'s, for the search's own use). The paper then stacks the
//! rank's moves with its network of Figure 3 in (3 + moves) cycles; the perft walker's pick
//! does that here.
//!
//! **The type after the move.** A board move of identity `id` checks directly when the piece
//! it becomes attacks the king from `to`: its kind, promoted if it stands promoted (the piece
//! info table's `promoted`) or promotes now. Promoted pawns, lances, knights and silvers use
//! the gold plane. **Discovered checks**: `id` stands on the line of direction `d` (it is the
//! only piece there) and `to` is off it. Each line's discoverer is found as the OR of the
//! board data words on its squares (every other square of the line is empty, a zero word),
//! compared with each identity's (type, index). Model: `CheckMasks::selects`; the tests check
//! the circuit against making each candidate and asking whether the king is attacked.

use crate::shogi::{c, ids_of, offsets};
use model::shogi::piece_data::{field, ID_BASE};
use model::shogi::Kind;
use rust_hdl::prelude::*;

/// Identity `id`'s key: its type code above its index (the board data's type and index
/// fields, without the promotion and ownership bits between them).
fn key_of(id: u8) -> u64 {
    let kind = model::shogi::piece_data::kind_of_id(id);
    let index = id - ID_BASE[kind as usize] + 1;
    (kind.code() as u64) << field::INDEX_BITS | index as u64
}

#[derive(LogicBlock)]
pub struct CheckDefenseMoveGenerator {
    /// The side to move gives check (mask with A and B); low: the defender's ply (no mask).
    pub attacker: Signal<In, Bit>,
    /// The rank shown (0 = rank 1), as the all-move generator's `rank`.
    pub rank: Signal<In, Bits<4>>,
    /// The all-move generator's candidates of the rank (its `moves` and `drops` layout).
    pub moves: Signal<In, Bits<720>>,
    pub drops: Signal<In, Bits<63>>,
    /// The board data (square `s` in bits `10s..10s+9`), for the discoverers' identities.
    pub board: Signal<In, Bits<810>>,
    /// The piece info table's promoted identities.
    pub promoted: Signal<In, Bits<40>>,
    /// Mask A ([`super::CheckMaskGenerator`]'s planes).
    pub pawn: Signal<In, Bits<81>>,
    pub lance: Signal<In, Bits<81>>,
    pub knight: Signal<In, Bits<81>>,
    pub silver: Signal<In, Bits<81>>,
    pub gold: Signal<In, Bits<81>>,
    pub bishop: Signal<In, Bits<81>>,
    pub rook: Signal<In, Bits<81>>,
    pub horse: Signal<In, Bits<81>>,
    pub dragon: Signal<In, Bits<81>>,
    /// Mask B, per king direction.
    pub line0: Signal<In, Bits<81>>,
    pub line1: Signal<In, Bits<81>>,
    pub line2: Signal<In, Bits<81>>,
    pub line3: Signal<In, Bits<81>>,
    pub line4: Signal<In, Bits<81>>,
    pub line5: Signal<In, Bits<81>>,
    pub line6: Signal<In, Bits<81>>,
    pub line7: Signal<In, Bits<81>>,
    /// The rank's candidates kept (the inputs' layout).
    pub out_moves: Signal<Out, Bits<720>>,
    pub out_drops: Signal<Out, Bits<63>>,
    /// The rank keeps a candidate.
    pub any: Signal<Out, Bit>,
    /// Identities by kind: rooks, bishops, golds, silvers, knights, lances, pawns; the four
    /// that promote to gold-like pieces.
    k_rooks: Constant<Bits<40>>,
    k_bishops: Constant<Bits<40>>,
    k_golds: Constant<Bits<40>>,
    k_silvers: Constant<Bits<40>>,
    k_knights: Constant<Bits<40>>,
    k_lances: Constant<Bits<40>>,
    k_pawns: Constant<Bits<40>>,
    k_minors: Constant<Bits<40>>,
    k_key: [Constant<Bits<8>>; 40],
    k_id: [Constant<Bits<40>>; 40],
    /// The drops' bits, in `Kind::HAND` order.
    k_hand: [Constant<Bits<7>>; 7],
    k_off80: [Constant<Bits<10>>; 9],
    k_off7: [Constant<Bits<10>>; 9],
    row_off: Signal<Local, Bits<7>>,
    r_pawn: Signal<Local, Bits<9>>,
    r_lance: Signal<Local, Bits<9>>,
    r_knight: Signal<Local, Bits<9>>,
    r_silver: Signal<Local, Bits<9>>,
    r_gold: Signal<Local, Bits<9>>,
    r_bishop: Signal<Local, Bits<9>>,
    r_rook: Signal<Local, Bits<9>>,
    r_horse: Signal<Local, Bits<9>>,
    r_dragon: Signal<Local, Bits<9>>,
    ln: [Signal<Local, Bits<81>>; 8],
    r_line: [Signal<Local, Bits<9>>; 8],
    word: Signal<Local, Bits<10>>,
    key: Signal<Local, Bits<8>>,
    disc: [Signal<Local, Bits<40>>; 8],
    sel_plain: Signal<Local, Bits<40>>,
    sel_prom: Signal<Local, Bits<40>>,
    sel_drop: Signal<Local, Bits<7>>,
    keep_mv: Signal<Local, Bits<720>>,
    keep_dr: Signal<Local, Bits<63>>,
}

impl Default for CheckDefenseMoveGenerator {
    fn default() -> Self {
        use Kind::*;
        CheckDefenseMoveGenerator {
            attacker: Default::default(),
            rank: Default::default(),
            moves: Default::default(),
            drops: Default::default(),
            board: Default::default(),
            promoted: Default::default(),
            pawn: Default::default(),
            lance: Default::default(),
            knight: Default::default(),
            silver: Default::default(),
            gold: Default::default(),
            bishop: Default::default(),
            rook: Default::default(),
            horse: Default::default(),
            dragon: Default::default(),
            line0: Default::default(),
            line1: Default::default(),
            line2: Default::default(),
            line3: Default::default(),
            line4: Default::default(),
            line5: Default::default(),
            line6: Default::default(),
            line7: Default::default(),
            out_moves: Default::default(),
            out_drops: Default::default(),
            any: Default::default(),
            k_rooks: ids_of(&[Rook]),
            k_bishops: ids_of(&[Bishop]),
            k_golds: ids_of(&[Gold]),
            k_silvers: ids_of(&[Silver]),
            k_knights: ids_of(&[Knight]),
            k_lances: ids_of(&[Lance]),
            k_pawns: ids_of(&[Pawn]),
            k_minors: ids_of(&[Silver, Knight, Lance, Pawn]),
            k_key: std::array::from_fn(|id| c(key_of(id as u8))),
            k_id: std::array::from_fn(|id| c(1 << id)),
            k_hand: std::array::from_fn(|i| c(1 << i)),
            k_off80: offsets(80),
            k_off7: offsets(7),
            row_off: Default::default(),
            r_pawn: Default::default(),
            r_lance: Default::default(),
            r_knight: Default::default(),
            r_silver: Default::default(),
            r_gold: Default::default(),
            r_bishop: Default::default(),
            r_rook: Default::default(),
            r_horse: Default::default(),
            r_dragon: Default::default(),
            ln: Default::default(),
            r_line: Default::default(),
            word: Default::default(),
            key: Default::default(),
            disc: Default::default(),
            sel_plain: Default::default(),
            sel_prom: Default::default(),
            sel_drop: Default::default(),
            keep_mv: Default::default(),
            keep_dr: Default::default(),
        }
    }
}

impl Logic for CheckDefenseMoveGenerator {
    #[hdl_gen]
    fn update(&mut self) {
        // The rank's row of every mask.
        self.row_off.next =
            (bit_cast::<7, 4>(self.rank.val()) << 3_u64) + bit_cast::<7, 4>(self.rank.val());
        self.r_pawn.next = self.pawn.val().get_bits::<9>(self.row_off.val().index());
        self.r_lance.next = self.lance.val().get_bits::<9>(self.row_off.val().index());
        self.r_knight.next = self.knight.val().get_bits::<9>(self.row_off.val().index());
        self.r_silver.next = self.silver.val().get_bits::<9>(self.row_off.val().index());
        self.r_gold.next = self.gold.val().get_bits::<9>(self.row_off.val().index());
        self.r_bishop.next = self.bishop.val().get_bits::<9>(self.row_off.val().index());
        self.r_rook.next = self.rook.val().get_bits::<9>(self.row_off.val().index());
        self.r_horse.next = self.horse.val().get_bits::<9>(self.row_off.val().index());
        self.r_dragon.next = self.dragon.val().get_bits::<9>(self.row_off.val().index());
        self.ln[0].next = self.line0.val();
        self.ln[1].next = self.line1.val();
        self.ln[2].next = self.line2.val();
        self.ln[3].next = self.line3.val();
        self.ln[4].next = self.line4.val();
        self.ln[5].next = self.line5.val();
        self.ln[6].next = self.line6.val();
        self.ln[7].next = self.line7.val();

        // Each line's discoverer: the OR of the words on its squares, then its identity.
        for d in 0..8 {
            self.r_line[d].next = self.ln[d].val().get_bits::<9>(self.row_off.val().index());
            self.word.next = 0_u64.into();
            for s in 0..81 {
                if self.ln[d].val().get_bit(s) {
                    self.word.next = self.word.val() | self.board.val().get_bits::<10>(10 * s);
                }
            }
            self.key.next = (bit_cast::<8, 3>(self.word.val().get_bits::<3>(7)) << 5_u64)
                | bit_cast::<8, 5>(self.word.val().get_bits::<5>(0));
            self.disc[d].next = 0_u64.into();
            for id in 0..40 {
                if self.key.val() == self.k_key[id].val() {
                    self.disc[d].next = self.disc[d].val() | self.k_id[id].val();
                }
            }
        }

        // Per file of the rank: what each identity's move there would do to the king.
        self.keep_mv.next = 0_u64.into();
        self.keep_dr.next = 0_u64.into();
        for f in 0..9 {
            self.sel_plain.next = 0_u64.into();
            self.sel_prom.next = 0_u64.into();
            self.sel_drop.next = 0_u64.into();
            if self.r_rook.val().get_bit(f) {
                self.sel_plain.next =
                    self.sel_plain.val() | (self.k_rooks.val() & !self.promoted.val());
                self.sel_drop.next = self.sel_drop.val() | self.k_hand[0].val();
            }
            if self.r_dragon.val().get_bit(f) {
                self.sel_plain.next =
                    self.sel_plain.val() | (self.k_rooks.val() & self.promoted.val());
                self.sel_prom.next = self.sel_prom.val() | self.k_rooks.val();
            }
            if self.r_bishop.val().get_bit(f) {
                self.sel_plain.next =
                    self.sel_plain.val() | (self.k_bishops.val() & !self.promoted.val());
                self.sel_drop.next = self.sel_drop.val() | self.k_hand[1].val();
            }
            if self.r_horse.val().get_bit(f) {
                self.sel_plain.next =
                    self.sel_plain.val() | (self.k_bishops.val() & self.promoted.val());
                self.sel_prom.next = self.sel_prom.val() | self.k_bishops.val();
            }
            if self.r_gold.val().get_bit(f) {
                self.sel_plain.next = self.sel_plain.val()
                    | self.k_golds.val()
                    | (self.k_minors.val() & self.promoted.val());
                self.sel_prom.next = self.sel_prom.val() | self.k_minors.val();
                self.sel_drop.next = self.sel_drop.val() | self.k_hand[2].val();
            }
            if self.r_silver.val().get_bit(f) {
                self.sel_plain.next =
                    self.sel_plain.val() | (self.k_silvers.val() & !self.promoted.val());
                self.sel_drop.next = self.sel_drop.val() | self.k_hand[3].val();
            }
            if self.r_knight.val().get_bit(f) {
                self.sel_plain.next =
                    self.sel_plain.val() | (self.k_knights.val() & !self.promoted.val());
                self.sel_drop.next = self.sel_drop.val() | self.k_hand[4].val();
            }
            if self.r_lance.val().get_bit(f) {
                self.sel_plain.next =
                    self.sel_plain.val() | (self.k_lances.val() & !self.promoted.val());
                self.sel_drop.next = self.sel_drop.val() | self.k_hand[5].val();
            }
            if self.r_pawn.val().get_bit(f) {
                self.sel_plain.next =
                    self.sel_plain.val() | (self.k_pawns.val() & !self.promoted.val());
                self.sel_drop.next = self.sel_drop.val() | self.k_hand[6].val();
            }
            for d in 0..8 {
                if !self.r_line[d].val().get_bit(f) {
                    self.sel_plain.next = self.sel_plain.val() | self.disc[d].val();
                    self.sel_prom.next = self.sel_prom.val() | self.disc[d].val();
                }
            }
            self.keep_mv.next = self.keep_mv.val()
                | (bit_cast::<720, 40>(self.sel_plain.val()) << self.k_off80[f].val())
                | (bit_cast::<720, 40>(self.sel_prom.val()) << (self.k_off80[f].val() + 40_u64));
            self.keep_dr.next = self.keep_dr.val()
                | (bit_cast::<63, 7>(self.sel_drop.val()) << self.k_off7[f].val());
        }

        if self.attacker.val() {
            self.out_moves.next = self.moves.val() & self.keep_mv.val();
            self.out_drops.next = self.drops.val() & self.keep_dr.val();
        } else {
            self.out_moves.next = self.moves.val();
            self.out_drops.next = self.drops.val();
        }
        self.any.next = self.out_moves.val().any() | self.out_drops.val().any();
    }
}
