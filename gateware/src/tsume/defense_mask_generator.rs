//! The defense mask generator (`shared/papers/tsume-shogi-fpga-ja.md` §3.3, stage 2; the
//! paper names it and its masks but the authors never built it): masks C, D and E of the
//! defender's position, the data that the check/defense move generator keeps the defences with.
//!
//! ```text
//!  board data [810] --> the attacker's pieces by how they move (step classes, knights,
//!                       sliders), the defender's king, the empty squares
//!                   --> C: every attacker piece's steps and rays, the king off the board
//!  check mask generator (roles turned: the attacker's A masks around the defender's king)
//!                   --> D: the attacker's pieces standing on their type's A mask
//!                   --> E: a single checker's ray from the king, the checker left out
//! ```
//!
//! Combinational, 0 cycles. The paper's scans would take the rank-by-rank route of the cover
//! circuit; this block takes the board data whole and fills rays in parallel: the attacker's
//! sliders' for C, and the defender king's eight rays (the empty squares and the first
//! occupied one) that the check mask generator inside takes (in the `tsume` row the king's
//! walks give them; this block stands alone, with no walks to take them from).
//!
//! **C** (defence 1: the king goes where C is not): the squares the attacker covers with the
//! defender's king off the board, so that a king stepping back along a slider's line is seen
//! to stay in check. A piece's steps come from four step classes (the directions a piece of
//! Black moves one square: forward diagonals, forward, sideways and back, back diagonals),
//! turned for White; sliders fill their rays through the empty squares and the king's square.
//! **D** (defence 2: capture it): the checkers. **E** (defence 3: interpose): with exactly one
//! checker, the squares of its ray strictly between it and the king (none for a knight or a
//! step next to the king), 0 against a double check. Model:
//! `model::shogi::mate_masks::DefenceMasks`.

use super::check_mask_generator::{plane, step, CheckMaskGenerator, DIRECTIONS, KNIGHT_FROM};
use crate::shogi::c;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct DefenseMaskGenerator {
    /// The board data: square `s` in bits `10s..10s+9` (`model::shogi::piece_data`).
    pub board: Signal<In, Bits<810>>,
    /// The defender (the side to move, in check) is Black.
    pub black: Signal<In, Bit>,
    /// The defender's king.
    pub king_rank: Signal<In, Bits<4>>,
    pub king_file: Signal<In, Bits<4>>,
    /// C: the squares the attacker covers, the defender's king off the board.
    pub covered: Signal<Out, Bits<81>>,
    /// D: the checkers' squares.
    pub checkers: Signal<Out, Bits<81>>,
    /// E: the squares between a single sliding checker and the king.
    pub between: Signal<Out, Bits<81>>,
    /// The attacker's A masks around the defender's king (the check mask generator, roles
    /// turned), and its rays.
    masks: CheckMaskGenerator,
    // Board decode: the square's word and kind, then planes.
    word: Signal<Local, Bits<10>>,
    is_k: Signal<Local, Bit>,
    is_r: Signal<Local, Bit>,
    is_b: Signal<Local, Bit>,
    is_g: Signal<Local, Bit>,
    is_s: Signal<Local, Bit>,
    is_n: Signal<Local, Bit>,
    is_l: Signal<Local, Bit>,
    is_p: Signal<Local, Bit>,
    pr: Signal<Local, Bit>,
    mine: Signal<Local, Bit>,
    /// Moves as a gold: golds and the promoted silvers, knights, lances and pawns.
    goldish: Signal<Local, Bit>,
    occ: Signal<Local, Bits<81>>,
    own_king: Signal<Local, Bits<81>>,
    /// The attacker's pieces by their one-square steps in Black's frame: forward diagonals,
    /// forward, sideways and back, back diagonals.
    c_fd: Signal<Local, Bits<81>>,
    c_f: Signal<Local, Bits<81>>,
    c_sb: Signal<Local, Bits<81>>,
    c_bd: Signal<Local, Bits<81>>,
    c_n: Signal<Local, Bits<81>>,
    c_orth: Signal<Local, Bits<81>>,
    c_diag: Signal<Local, Bits<81>>,
    c_lance: Signal<Local, Bits<81>>,
    /// The attacker's pieces standing on their type's A mask: the checkers.
    chk: Signal<Local, Bits<81>>,
    /// Per board direction, the attacker's pieces stepping that way; sliders sliding that way.
    stp: [Signal<Local, Bits<81>>; 8],
    /// The rays' seeds, per board direction: the attacker's sliders sliding that way (0-7),
    /// the defender's king (8-15); and what each half passes: the empty squares and the
    /// defender's king (taken off the board, for C), the empty squares (the king's rays).
    sld: [Signal<Local, Bits<81>>; 16],
    pass: [Signal<Local, Bits<81>>; 2],
    fill: [Signal<Local, Bits<81>>; 16],
    cov: Signal<Local, Bits<81>>,
    prop: Signal<Local, Bits<81>>,
    t: Signal<Local, Bits<81>>,
    rays: [Signal<Local, Bits<81>>; 8],
    btw: Signal<Local, Bits<81>>,
    // The defender's king one-hot.
    kr: Signal<Local, Bits<4>>,
    kf: Signal<Local, Bits<4>>,
    rank_set: Signal<Local, Bits<81>>,
    file_set: Signal<Local, Bits<81>>,
    kp: Signal<Local, Bits<81>>,
    k_idx: [Constant<Bits<4>>; 9],
    k_rank_sq: [Constant<Bits<81>>; 9],
    k_file_sq: [Constant<Bits<81>>; 9],
    k_l: [Constant<Bits<8>>; 8],
    k_r: [Constant<Bits<8>>; 8],
    k_l2: [Constant<Bits<8>>; 8],
    k_r2: [Constant<Bits<8>>; 8],
    k_l4: [Constant<Bits<8>>; 8],
    k_r4: [Constant<Bits<8>>; 8],
    k_m: [Constant<Bits<81>>; 8],
    k_nl: [Constant<Bits<8>>; 4],
    k_nr: [Constant<Bits<8>>; 4],
    k_nm: [Constant<Bits<81>>; 4],
    k_type: [Constant<Bits<3>>; 8],
}

impl Default for DefenseMaskGenerator {
    fn default() -> Self {
        let dir = |i: usize, k: i64| step(DIRECTIONS[i], k);
        Self {
            board: Default::default(),
            black: Default::default(),
            king_rank: Default::default(),
            king_file: Default::default(),
            covered: Default::default(),
            checkers: Default::default(),
            between: Default::default(),
            masks: Default::default(),
            word: Default::default(),
            is_k: Default::default(),
            is_r: Default::default(),
            is_b: Default::default(),
            is_g: Default::default(),
            is_s: Default::default(),
            is_n: Default::default(),
            is_l: Default::default(),
            is_p: Default::default(),
            pr: Default::default(),
            mine: Default::default(),
            goldish: Default::default(),
            occ: Default::default(),
            own_king: Default::default(),
            c_fd: Default::default(),
            c_f: Default::default(),
            c_sb: Default::default(),
            c_bd: Default::default(),
            c_n: Default::default(),
            c_orth: Default::default(),
            c_diag: Default::default(),
            c_lance: Default::default(),
            chk: Default::default(),
            stp: Default::default(),
            sld: Default::default(),
            pass: Default::default(),
            fill: Default::default(),
            cov: Default::default(),
            prop: Default::default(),
            t: Default::default(),
            rays: Default::default(),
            btw: Default::default(),
            kr: Default::default(),
            kf: Default::default(),
            rank_set: Default::default(),
            file_set: Default::default(),
            kp: Default::default(),
            k_idx: std::array::from_fn(|i| c(i as u64)),
            k_rank_sq: std::array::from_fn(|r| crate::common::mask(81, |s| s / 9 == r)),
            k_file_sq: std::array::from_fn(|f| crate::common::mask(81, |s| s % 9 == f)),
            k_l: std::array::from_fn(|i| c(dir(i, 1).0)),
            k_r: std::array::from_fn(|i| c(dir(i, 1).1)),
            k_l2: std::array::from_fn(|i| c(dir(i, 2).0)),
            k_r2: std::array::from_fn(|i| c(dir(i, 2).1)),
            k_l4: std::array::from_fn(|i| c(dir(i, 4).0)),
            k_r4: std::array::from_fn(|i| c(dir(i, 4).1)),
            k_m: std::array::from_fn(|i| plane(dir(i, 1).2)),
            k_nl: std::array::from_fn(|i| c(step(KNIGHT_FROM[i], 1).0)),
            k_nr: std::array::from_fn(|i| c(step(KNIGHT_FROM[i], 1).1)),
            k_nm: std::array::from_fn(|i| plane(step(KNIGHT_FROM[i], 1).2)),
            k_type: std::array::from_fn(|t| c(t as u64)),
        }
    }
}

impl Logic for DefenseMaskGenerator {
    #[hdl_gen]
    fn update(&mut self) {
        // The board data as planes (piece data: index bits 4..0, ownership bit 5, promotion
        // bit 6, type bits 9..7; type codes in `model::shogi::Kind` order): the occupied
        // squares, the attacker's sliders and step classes, the defender's king, the checkers.
        self.occ.next = 0_u64.into();
        self.c_orth.next = 0_u64.into();
        self.c_diag.next = 0_u64.into();
        self.c_lance.next = 0_u64.into();
        self.own_king.next = 0_u64.into();
        self.c_fd.next = 0_u64.into();
        self.c_f.next = 0_u64.into();
        self.c_sb.next = 0_u64.into();
        self.c_bd.next = 0_u64.into();
        self.c_n.next = 0_u64.into();
        self.chk.next = 0_u64.into();
        for s in 0..81 {
            self.word.next = self.board.val().get_bits::<10>(10 * s);
            self.is_k.next = self.word.val().get_bits::<3>(7) == self.k_type[0].val();
            self.is_r.next = self.word.val().get_bits::<3>(7) == self.k_type[1].val();
            self.is_b.next = self.word.val().get_bits::<3>(7) == self.k_type[2].val();
            self.is_g.next = self.word.val().get_bits::<3>(7) == self.k_type[3].val();
            self.is_s.next = self.word.val().get_bits::<3>(7) == self.k_type[4].val();
            self.is_n.next = self.word.val().get_bits::<3>(7) == self.k_type[5].val();
            self.is_l.next = self.word.val().get_bits::<3>(7) == self.k_type[6].val();
            self.is_p.next = self.word.val().get_bits::<3>(7) == self.k_type[7].val();
            self.pr.next = self.word.val().get_bit(6);
            self.goldish.next = self.is_g.val()
                | (self.pr.val()
                    & (self.is_s.val() | self.is_n.val() | self.is_l.val() | self.is_p.val()));
            self.mine.next = self.word.val().get_bit(5) == self.black.val();
            if self.word.val().get_bits::<5>(0) != 0_u64 {
                self.occ.next = self.occ.val().replace_bit(s, true);
                if self.mine.val() {
                    self.own_king.next = self.own_king.val().replace_bit(s, self.is_k.val());
                } else {
                    // Sliders: rooks and dragons, bishops and horses, unpromoted lances.
                    self.c_orth.next = self.c_orth.val().replace_bit(s, self.is_r.val());
                    self.c_diag.next = self.c_diag.val().replace_bit(s, self.is_b.val());
                    self.c_lance.next = self
                        .c_lance
                        .val()
                        .replace_bit(s, self.is_l.val() & !self.pr.val());
                    self.c_fd.next = self.c_fd.val().replace_bit(
                        s,
                        self.is_k.val()
                            | self.goldish.val()
                            | (self.is_s.val() & !self.pr.val())
                            | (self.is_r.val() & self.pr.val()),
                    );
                    self.c_f.next = self.c_f.val().replace_bit(
                        s,
                        self.is_k.val()
                            | self.goldish.val()
                            | (self.is_s.val() & !self.pr.val())
                            | (self.is_p.val() & !self.pr.val())
                            | (self.is_b.val() & self.pr.val()),
                    );
                    self.c_sb.next = self.c_sb.val().replace_bit(
                        s,
                        self.is_k.val() | self.goldish.val() | (self.is_b.val() & self.pr.val()),
                    );
                    self.c_bd.next = self.c_bd.val().replace_bit(
                        s,
                        self.is_k.val()
                            | (self.is_s.val() & !self.pr.val())
                            | (self.is_r.val() & self.pr.val()),
                    );
                    self.c_n.next = self
                        .c_n
                        .val()
                        .replace_bit(s, self.is_n.val() & !self.pr.val());
                    // D: the piece stands on its type's A mask (a king on a gold's or a
                    // silver's: their union is the eight neighbours).
                    self.chk.next = self.chk.val().replace_bit(
                        s,
                        (self.is_k.val()
                            & (self.masks.gold.val().get_bit(s)
                                | self.masks.silver.val().get_bit(s)))
                            | (self.goldish.val() & self.masks.gold.val().get_bit(s))
                            | (self.is_s.val()
                                & !self.pr.val()
                                & self.masks.silver.val().get_bit(s))
                            | (self.is_n.val()
                                & !self.pr.val()
                                & self.masks.knight.val().get_bit(s))
                            | (self.is_l.val()
                                & !self.pr.val()
                                & self.masks.lance.val().get_bit(s))
                            | (self.is_p.val() & !self.pr.val() & self.masks.pawn.val().get_bit(s))
                            | (self.is_b.val()
                                & !self.pr.val()
                                & self.masks.bishop.val().get_bit(s))
                            | (self.is_r.val() & !self.pr.val() & self.masks.rook.val().get_bit(s))
                            | (self.is_b.val() & self.pr.val() & self.masks.horse.val().get_bit(s))
                            | (self.is_r.val()
                                & self.pr.val()
                                & self.masks.dragon.val().get_bit(s)),
                    );
                }
            }
        }

        // C. Per board direction, who steps and who slides that way: Black's classes as they
        // stand, White's turned (its forward is the board's rank + 1: direction 7 - i).
        if self.black.val() {
            // The attacker is White.
            self.stp[0].next = self.c_bd.val();
            self.stp[1].next = self.c_sb.val();
            self.stp[2].next = self.c_bd.val();
            self.stp[3].next = self.c_sb.val();
            self.stp[4].next = self.c_sb.val();
            self.stp[5].next = self.c_fd.val();
            self.stp[6].next = self.c_f.val();
            self.stp[7].next = self.c_fd.val();
            self.sld[1].next = self.c_orth.val();
            self.sld[6].next = self.c_orth.val() | self.c_lance.val();
            self.cov.next = ((self.c_n.val() << self.k_nl[0].val()) >> self.k_nr[0].val())
                & self.k_nm[0].val()
                | ((self.c_n.val() << self.k_nl[1].val()) >> self.k_nr[1].val())
                    & self.k_nm[1].val();
        } else {
            self.stp[0].next = self.c_fd.val();
            self.stp[1].next = self.c_f.val();
            self.stp[2].next = self.c_fd.val();
            self.stp[3].next = self.c_sb.val();
            self.stp[4].next = self.c_sb.val();
            self.stp[5].next = self.c_bd.val();
            self.stp[6].next = self.c_sb.val();
            self.stp[7].next = self.c_bd.val();
            self.sld[1].next = self.c_orth.val() | self.c_lance.val();
            self.sld[6].next = self.c_orth.val();
            self.cov.next = ((self.c_n.val() << self.k_nl[2].val()) >> self.k_nr[2].val())
                & self.k_nm[2].val()
                | ((self.c_n.val() << self.k_nl[3].val()) >> self.k_nr[3].val())
                    & self.k_nm[3].val();
        }
        self.sld[0].next = self.c_diag.val();
        self.sld[2].next = self.c_diag.val();
        self.sld[3].next = self.c_orth.val();
        self.sld[4].next = self.c_orth.val();
        self.sld[5].next = self.c_diag.val();
        self.sld[7].next = self.c_diag.val();
        // The defender's king one-hot: its rank's squares and its file's.
        self.kr.next = self.king_rank.val();
        self.kf.next = self.king_file.val();
        self.rank_set.next = 0_u64.into();
        self.file_set.next = 0_u64.into();
        for i in 0..9 {
            if self.kr.val() == self.k_idx[i].val() {
                self.rank_set.next = self.k_rank_sq[i].val();
            }
            if self.kf.val() == self.k_idx[i].val() {
                self.file_set.next = self.k_file_sq[i].val();
            }
        }
        self.kp.next = self.rank_set.val() & self.file_set.val();
        // Sixteen rays, through what their half passes onto the first square it does not (a
        // parallel prefix: 1, 2, 4 steps, then the last step): the sliders' (C), the king's
        // (the check mask generator's rays, for D and E).
        self.pass[0].next = !self.occ.val() | self.own_king.val();
        self.pass[1].next = !self.occ.val();
        for i in 0..8 {
            self.sld[8 + i].next = self.kp.val();
        }
        for h in 0..2 {
            for i in 0..8 {
                self.prop.next = self.pass[h].val() & self.k_m[i].val();
                self.t.next = self.sld[8 * h + i].val()
                    | (self.prop.val()
                        & ((self.sld[8 * h + i].val() << self.k_l[i].val()) >> self.k_r[i].val()));
                self.prop.next =
                    self.prop.val() & ((self.prop.val() << self.k_l[i].val()) >> self.k_r[i].val());
                self.t.next = self.t.val()
                    | (self.prop.val()
                        & ((self.t.val() << self.k_l2[i].val()) >> self.k_r2[i].val()));
                self.prop.next = self.prop.val()
                    & ((self.prop.val() << self.k_l2[i].val()) >> self.k_r2[i].val());
                self.t.next = self.t.val()
                    | (self.prop.val()
                        & ((self.t.val() << self.k_l4[i].val()) >> self.k_r4[i].val()));
                self.fill[8 * h + i].next =
                    ((self.t.val() << self.k_l[i].val()) >> self.k_r[i].val()) & self.k_m[i].val();
            }
        }
        for i in 0..8 {
            self.cov.next = self.cov.val()
                | (((self.stp[i].val() << self.k_l[i].val()) >> self.k_r[i].val())
                    & self.k_m[i].val())
                | self.fill[i].val();
            self.rays[i].next = self.fill[8 + i].val();
        }

        // The check mask generator with the roles turned (the attacker is the other side), on
        // the king's rays.
        self.masks.black.next = !self.black.val();
        self.masks.king_rank.next = self.king_rank.val();
        self.masks.king_file.next = self.king_file.val();
        self.masks.rays.next = bit_cast::<648, 81>(self.rays[0].val())
            | (bit_cast::<648, 81>(self.rays[1].val()) << 81_u64)
            | (bit_cast::<648, 81>(self.rays[2].val()) << 162_u64)
            | (bit_cast::<648, 81>(self.rays[3].val()) << 243_u64)
            | (bit_cast::<648, 81>(self.rays[4].val()) << 324_u64)
            | (bit_cast::<648, 81>(self.rays[5].val()) << 405_u64)
            | (bit_cast::<648, 81>(self.rays[6].val()) << 486_u64)
            | (bit_cast::<648, 81>(self.rays[7].val()) << 567_u64);
        self.covered.next = self.cov.val();
        self.checkers.next = self.chk.val();

        // E: one checker only; its ray from the king, itself left out.
        self.btw.next = 0_u64.into();
        if (self.chk.val() & (self.chk.val() - 1_u64)) == 0_u64 {
            for i in 0..8 {
                if (self.rays[i].val() & self.chk.val()).any() {
                    self.btw.next = self.rays[i].val() & !self.chk.val();
                }
            }
        }
        self.between.next = self.btw.val();
    }
}
