//! The check/defense move generator (`shared/papers/tsume-shogi-fpga-ja.md` §3.4, stage 3;
//! the shogi paper's Figure 12): the all-move generator's candidates of one rank, kept where
//! masks A and B select them on the attacker's plies (checks only), all kept on the
//! defender's.
//!
//! ```text
//!  the rank shown (r) --> each A plane's row r                                 [9 bits each]
//!  the defender's king, r --> each king ray's row r (the ray to the board's edge) [9 x 8]
//!  the discover walk's identities (a discoverer a direction) --> one-hots     [40 x 8]
//!  per file f of the rank (destination to = 9r + f):
//!    plain[id]   = A[id's type as it stands][to]  | id discovers along ray d, to off ray d
//!    promote[id] = A[id's promoted type][to]      | the same
//!    drops[k]    = A[k][to]
//!  out = attacker ? candidates & (plain, promote, drops) : candidates
//! ```
//!
//! Combinational, 0 cycles: it sits on the all-move generator's outputs and takes the masks
//! registered by stage 2 ([`super::CheckMaskGenerator`] for A; the all-move unit's discover
//! walk for B). The paper masks the pseudo-legal moves of its cover table with A and B on the
//! attacker's plies and with C, D and E on the defender's; our all-move generator yields legal
//! moves only, so the defender's candidates are its defences already and pass unmasked
//! (masks C, D and E are the [`super::DefenseMaskGenerator`]'s, for the search's own use).
//! The paper then stacks the rank's moves with its network of Figure 3 in (3 + moves)
//! cycles; the perft walker's pick does that here.
//!
//! **The type after the move.** A board move of identity `id` checks directly when the piece
//! it becomes attacks the king from `to`: its kind, promoted if it stands promoted (the piece
//! info table's `promoted`) or promotes now. Promoted pawns, lances, knights and silvers use
//! the gold plane.
//!
//! **Discovered checks (mask B).** The king's walks of the all-move unit, run from the
//! defender's king in discover mode at an attacker's job (`crate::shogi::KingRays`), name per
//! direction `d` the attacker's piece alone between the king and an attacker's slider. Its
//! move discovers a check exactly when `to` leaves the king's ray in direction `d`: the ray to
//! the board's edge serves for the line (king to slider), since no legal move of the
//! discoverer lands on the ray beyond its own slider (a slide stops before it, a step onto it
//! is a capture of an own piece, a knight's jump leaves every line through its square). The
//! ray's row is arithmetic on the king's square and the rank, so no 81-square line enters the
//! block. An earlier version found each line's discoverer here, as the OR of the board data
//! words on its squares matched against the 40 identities: about 8,000 LUT4s, which kept the
//! `tsume` row from routing on the ULX3S. Model: `CheckMasks::selects`; the tests check the
//! circuit against making each candidate and asking whether the king is attacked.

use super::check_mask_generator::DIRECTIONS;
use crate::shogi::{c, ids_of, mask, offsets};
use model::shogi::Kind;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct CheckDefenseMoveGenerator {
    /// The side to move gives check (mask with A and B); low: the defender's ply (no mask).
    pub attacker: Signal<In, Bit>,
    /// The rank shown (0 = rank 1), as the all-move generator's `rank`.
    pub rank: Signal<In, Bits<4>>,
    /// The all-move generator's candidates of the rank (its `moves` and `drops` layout).
    pub moves: Signal<In, Bits<720>>,
    pub drops: Signal<In, Bits<63>>,
    /// The defender's king (its rays' rows).
    pub king_rank: Signal<In, Bits<4>>,
    pub king_file: Signal<In, Bits<4>>,
    /// Mask B from the discover walk (`AllMovesUnit::disc_on`, `disc_ids`): per direction
    /// ([`DIRECTIONS`] order) a discoverer, and its identity (bits `6d..6d+5`).
    pub disc_on: Signal<In, Bits<8>>,
    pub disc_ids: Signal<In, Bits<48>>,
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
    k_id: [Constant<Bits<6>>; 40],
    /// The drops' bits, in `Kind::HAND` order.
    k_hand: [Constant<Bits<7>>; 7],
    k_off80: [Constant<Bits<10>>; 9],
    k_off7: [Constant<Bits<10>>; 9],
    k_off6: [Constant<Bits<6>>; 8],
    k_off9: [Constant<Bits<7>>; 9],
    /// Per direction: along the rank (else across it), along the file, on the diagonal whose
    /// file grows with the rank, on the other; towards higher ranks, towards higher files.
    k_h: [Constant<Bit>; 8],
    k_v: [Constant<Bit>; 8],
    k_dp: [Constant<Bit>; 8],
    k_dm: [Constant<Bit>; 8],
    k_rup: [Constant<Bit>; 8],
    k_fup: [Constant<Bit>; 8],
    /// The bits of each direction's index.
    k_b0: [Constant<Bit>; 8],
    k_b1: [Constant<Bit>; 8],
    k_b2: [Constant<Bit>; 8],
    k_idx: [Constant<Bits<6>>; 9],
    /// The files above, below file `k`.
    k_fgt: [Constant<Bits<9>>; 9],
    k_flt: [Constant<Bits<9>>; 9],
    r_pawn: Signal<Local, Bits<9>>,
    r_lance: Signal<Local, Bits<9>>,
    r_knight: Signal<Local, Bits<9>>,
    r_silver: Signal<Local, Bits<9>>,
    r_gold: Signal<Local, Bits<9>>,
    r_bishop: Signal<Local, Bits<9>>,
    r_rook: Signal<Local, Bits<9>>,
    r_horse: Signal<Local, Bits<9>>,
    r_dragon: Signal<Local, Bits<9>>,
    // The rays' rows: the king's square and the rank widened, the files on the two
    // diagonals at the rank (wrapped large off the board), one-hots, and the rank's side.
    kr: Signal<Local, Bits<6>>,
    kf: Signal<Local, Bits<6>>,
    rr: Signal<Local, Bits<6>>,
    dx: Signal<Local, Bits<6>>,
    dy: Signal<Local, Bits<6>>,
    oh_kf: Signal<Local, Bits<9>>,
    oh_x: Signal<Local, Bits<9>>,
    oh_y: Signal<Local, Bits<9>>,
    f_gt: Signal<Local, Bits<9>>,
    f_lt: Signal<Local, Bits<9>>,
    gt: Signal<Local, Bit>,
    lt: Signal<Local, Bit>,
    eq: Signal<Local, Bit>,
    beyond: [Signal<Local, Bit>; 8],
    r_line: [Signal<Local, Bits<9>>; 8],
    pid: [Signal<Local, Bits<6>>; 8],
    disc: [Signal<Local, Bits<40>>; 8],
    // Each identity's discover direction, encoded (`dir0`-`dir2`, valid where `is_disc`),
    // and each file's ray at the rank (`ray0`-`ray2`, valid where `on_ray`): a square lies
    // on at most one of the king's rays and a piece discovers along at most one.
    is_disc: Signal<Local, Bits<40>>,
    dir0: Signal<Local, Bits<40>>,
    dir1: Signal<Local, Bits<40>>,
    dir2: Signal<Local, Bits<40>>,
    on_ray: Signal<Local, Bits<9>>,
    ray0: Signal<Local, Bits<9>>,
    ray1: Signal<Local, Bits<9>>,
    ray2: Signal<Local, Bits<9>>,
    same: Signal<Local, Bits<40>>,
    disc_f: Signal<Local, Bits<40>>,
    sel_plain: Signal<Local, Bits<40>>,
    sel_prom: Signal<Local, Bits<40>>,
    sel_drop: Signal<Local, Bits<7>>,
    keep_mv: Signal<Local, Bits<720>>,
    keep_dr: Signal<Local, Bits<63>>,
}

impl Default for CheckDefenseMoveGenerator {
    fn default() -> Self {
        use Kind::*;
        let dir =
            |f: fn((i8, i8)) -> bool| std::array::from_fn(|d| Constant::new(f(DIRECTIONS[d])));
        CheckDefenseMoveGenerator {
            attacker: Default::default(),
            rank: Default::default(),
            moves: Default::default(),
            drops: Default::default(),
            king_rank: Default::default(),
            king_file: Default::default(),
            disc_on: Default::default(),
            disc_ids: Default::default(),
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
            k_id: std::array::from_fn(|id| c(id as u64)),
            k_hand: std::array::from_fn(|i| c(1 << i)),
            k_off80: offsets(80),
            k_off7: offsets(7),
            k_off6: offsets(6),
            k_off9: offsets(9),
            k_h: dir(|(r, _)| r == 0),
            k_v: dir(|(_, f)| f == 0),
            k_dp: dir(|(r, f)| r * f == 1),
            k_dm: dir(|(r, f)| r * f == -1),
            k_rup: dir(|(r, _)| r > 0),
            k_fup: dir(|(_, f)| f > 0),
            k_b0: std::array::from_fn(|d| Constant::new(d & 1 != 0)),
            k_b1: std::array::from_fn(|d| Constant::new(d & 2 != 0)),
            k_b2: std::array::from_fn(|d| Constant::new(d & 4 != 0)),
            k_idx: std::array::from_fn(|i| c(i as u64)),
            k_fgt: std::array::from_fn(|k| mask(9, |f| f > k)),
            k_flt: std::array::from_fn(|k| mask(9, |f| f < k)),
            r_pawn: Default::default(),
            r_lance: Default::default(),
            r_knight: Default::default(),
            r_silver: Default::default(),
            r_gold: Default::default(),
            r_bishop: Default::default(),
            r_rook: Default::default(),
            r_horse: Default::default(),
            r_dragon: Default::default(),
            kr: Default::default(),
            kf: Default::default(),
            rr: Default::default(),
            dx: Default::default(),
            dy: Default::default(),
            oh_kf: Default::default(),
            oh_x: Default::default(),
            oh_y: Default::default(),
            f_gt: Default::default(),
            f_lt: Default::default(),
            gt: Default::default(),
            lt: Default::default(),
            eq: Default::default(),
            beyond: Default::default(),
            r_line: Default::default(),
            pid: Default::default(),
            disc: Default::default(),
            is_disc: Default::default(),
            dir0: Default::default(),
            dir1: Default::default(),
            dir2: Default::default(),
            on_ray: Default::default(),
            ray0: Default::default(),
            ray1: Default::default(),
            ray2: Default::default(),
            same: Default::default(),
            disc_f: Default::default(),
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
        // The rank's row of every mask: a 9-way multiplexer on the rank (a shift of the
        // 81-bit plane by 9 x rank would be a barrel shifter of 81 positions).
        self.rr.next = bit_cast::<6, 4>(self.rank.val());
        self.r_pawn.next = 0_u64.into();
        self.r_lance.next = 0_u64.into();
        self.r_knight.next = 0_u64.into();
        self.r_silver.next = 0_u64.into();
        self.r_gold.next = 0_u64.into();
        self.r_bishop.next = 0_u64.into();
        self.r_rook.next = 0_u64.into();
        self.r_horse.next = 0_u64.into();
        self.r_dragon.next = 0_u64.into();
        for r in 0..9 {
            if self.rr.val() == self.k_idx[r].val() {
                self.r_pawn.next = self.pawn.val().get_bits::<9>(self.k_off9[r].val().index());
                self.r_lance.next = self.lance.val().get_bits::<9>(self.k_off9[r].val().index());
                self.r_knight.next = self
                    .knight
                    .val()
                    .get_bits::<9>(self.k_off9[r].val().index());
                self.r_silver.next = self
                    .silver
                    .val()
                    .get_bits::<9>(self.k_off9[r].val().index());
                self.r_gold.next = self.gold.val().get_bits::<9>(self.k_off9[r].val().index());
                self.r_bishop.next = self
                    .bishop
                    .val()
                    .get_bits::<9>(self.k_off9[r].val().index());
                self.r_rook.next = self.rook.val().get_bits::<9>(self.k_off9[r].val().index());
                self.r_horse.next = self.horse.val().get_bits::<9>(self.k_off9[r].val().index());
                self.r_dragon.next = self
                    .dragon
                    .val()
                    .get_bits::<9>(self.k_off9[r].val().index());
            }
        }

        // Each king ray's row at the rank: along the rank, the files beyond the king's on the
        // king's rank; along the file, the king's file beyond its rank; on a diagonal, the file
        // as far from the king's as the rank is, beyond its rank.
        self.kr.next = bit_cast::<6, 4>(self.king_rank.val());
        self.kf.next = bit_cast::<6, 4>(self.king_file.val());
        self.dx.next = self.kf.val() + self.rr.val() - self.kr.val();
        self.dy.next = self.kf.val() + self.kr.val() - self.rr.val();
        self.gt.next = self.rr.val() > self.kr.val();
        self.lt.next = self.rr.val() < self.kr.val();
        self.eq.next = self.rr.val() == self.kr.val();
        self.f_gt.next = 0_u64.into();
        self.f_lt.next = 0_u64.into();
        self.oh_kf.next = 0_u64.into();
        self.oh_x.next = 0_u64.into();
        self.oh_y.next = 0_u64.into();
        for f in 0..9 {
            self.oh_kf.next = self
                .oh_kf
                .val()
                .replace_bit(f, self.kf.val() == self.k_idx[f].val());
            self.oh_x.next = self
                .oh_x
                .val()
                .replace_bit(f, self.dx.val() == self.k_idx[f].val());
            self.oh_y.next = self
                .oh_y
                .val()
                .replace_bit(f, self.dy.val() == self.k_idx[f].val());
            if self.kf.val() == self.k_idx[f].val() {
                self.f_gt.next = self.k_fgt[f].val();
                self.f_lt.next = self.k_flt[f].val();
            }
        }
        self.is_disc.next = 0_u64.into();
        self.dir0.next = 0_u64.into();
        self.dir1.next = 0_u64.into();
        self.dir2.next = 0_u64.into();
        self.on_ray.next = 0_u64.into();
        self.ray0.next = 0_u64.into();
        self.ray1.next = 0_u64.into();
        self.ray2.next = 0_u64.into();
        for d in 0..8 {
            self.beyond[d].next = self.lt.val();
            if self.k_rup[d].val() {
                self.beyond[d].next = self.gt.val();
            }
            self.r_line[d].next = 0_u64.into();
            if self.k_h[d].val() & self.eq.val() {
                self.r_line[d].next = self.f_lt.val();
                if self.k_fup[d].val() {
                    self.r_line[d].next = self.f_gt.val();
                }
            }
            if self.k_v[d].val() & self.beyond[d].val() {
                self.r_line[d].next = self.oh_kf.val();
            }
            if self.k_dp[d].val() & self.beyond[d].val() {
                self.r_line[d].next = self.oh_x.val();
            }
            if self.k_dm[d].val() & self.beyond[d].val() {
                self.r_line[d].next = self.oh_y.val();
            }
            // The direction's discoverer as a one-hot (a decoder: a shift of 1 is a shifter).
            self.pid[d].next = self
                .disc_ids
                .val()
                .get_bits::<6>(self.k_off6[d].val().index());
            self.disc[d].next = 0_u64.into();
            for j in 0..40 {
                self.disc[d].next = self.disc[d].val().replace_bit(
                    j,
                    self.disc_on.val().get_bit(d) & (self.pid[d].val() == self.k_id[j].val()),
                );
            }
            // Encoded as ORs (at most one direction a piece, one ray a square).
            self.is_disc.next = self.is_disc.val() | self.disc[d].val();
            self.on_ray.next = self.on_ray.val() | self.r_line[d].val();
            if self.k_b0[d].val() {
                self.dir0.next = self.dir0.val() | self.disc[d].val();
                self.ray0.next = self.ray0.val() | self.r_line[d].val();
            }
            if self.k_b1[d].val() {
                self.dir1.next = self.dir1.val() | self.disc[d].val();
                self.ray1.next = self.ray1.val() | self.r_line[d].val();
            }
            if self.k_b2[d].val() {
                self.dir2.next = self.dir2.val() | self.disc[d].val();
                self.ray2.next = self.ray2.val() | self.r_line[d].val();
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
            // A discoverer checks unless it stays on its own ray: the file is on a ray and
            // the identity's direction is that ray's (a compare of 3 bits, not an OR of 8).
            self.same.next = !self.dir0.val();
            if self.ray0.val().get_bit(f) {
                self.same.next = self.dir0.val();
            }
            if self.ray1.val().get_bit(f) {
                self.same.next = self.same.val() & self.dir1.val();
            } else {
                self.same.next = self.same.val() & !self.dir1.val();
            }
            if self.ray2.val().get_bit(f) {
                self.same.next = self.same.val() & self.dir2.val();
            } else {
                self.same.next = self.same.val() & !self.dir2.val();
            }
            self.disc_f.next = self.is_disc.val();
            if self.on_ray.val().get_bit(f) {
                self.disc_f.next = self.is_disc.val() & !self.same.val();
            }
            self.sel_plain.next = self.sel_plain.val() | self.disc_f.val();
            self.sel_prom.next = self.sel_prom.val() | self.disc_f.val();
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
