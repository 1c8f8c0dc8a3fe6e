//! The check mask generator (`shared/papers/tsume-shogi-fpga-ja.md` §3.3, stage 2; the shogi
//! paper's Figure 12): masks A and B of the attacker's position, the data that the
//! check/defense move generator of stage 3 keeps the checks with (mask B: see below).
//!
//! ```text
//!  board data [810] --> occupancy, the attacker's pieces and sliders (planes of 81 squares)
//!  king (rank, file) --> one-hot --> 8 steps, 2 knight squares a colour, 8 ray fills
//!                    --> A: per piece type, the squares from which it would attack the king
//!                    --> the king's rays (the defense mask generator's)
//! ```
//!
//! Combinational, 0 cycles: the consumer registers the masks. The paper's generator scans the
//! board data rank by rank, top-down and bottom-up as the cover circuit does (the board sits in
//! a RAM there); here the board data arrives whole (as the king's walks take it), and every ray
//! is a parallel-prefix fill over the empty squares (steps of 1, 2 and 4 squares, then the one
//! step onto the first occupied square), so the masks are ready in the cycle the board is.
//!
//! **A.** A piece of type `t` checks from square `s` when it attacks the king from there: for
//! a step piece, `s` is the king's square less one of its steps (in the attacker's frame); for
//! a slider, `s` is on the king's ray in the opposite direction, up to and including the first
//! occupied square. Promoted pawns, lances, knights and silvers move as golds: one plane
//! (`gold`) serves all five. Model: `model::shogi::mate_masks::CheckMasks::from`.
//!
//! **B** (the pieces whose move off their line discovers a check) is not made here. The
//! paper's stage 2 scans for it with A; on the ULX3S a board-wide search (per direction, the
//! attacker's first piece with an attacker's slider behind it, then its identity from the
//! board data) cost about 9,000 LUT4s with its consumer and kept the `tsume` row from
//! routing. The all-move unit's king walks find the same pieces, walked from the defender's
//! king in discover mode at the attacker's jobs (`crate::shogi::KingRays`, up to 8 cycles);
//! the check/defense move generator takes their identities. Model:
//! `CheckMasks::discoverers` and `model::shogi::all_moves::discover_walks`.

use crate::shogi::c;
use rust_hdl::prelude::*;

/// The king's eight directions `(rank, file)` in the board's frame: the king's walks of the
/// shogi room (`model::shogi::all_moves::WALKS`, the model's king steps; the step `7 - i` is
/// the reverse of step `i`).
pub const DIRECTIONS: [(i8, i8); 8] = model::shogi::all_moves::WALKS;

/// The knight squares from which a knight attacks the king: Black's (it jumps to rank - 2, so
/// it stands two ranks below the king), then White's.
pub(crate) const KNIGHT_FROM: [(i8, i8); 4] = [(2, -1), (2, 1), (-2, -1), (-2, 1)];

/// Left shift, right shift and destination mask of `k` steps along `(dr, df)` on an 81-bit
/// plane (bit `9 * rank + file`); the mask keeps the squares whose one-step source does not
/// wrap around a file edge (a step off the top or bottom shifts out of the plane).
pub(crate) fn step((dr, df): (i8, i8), k: i64) -> (u64, u64, u128) {
    let shift = k * (dr as i64 * 9 + df as i64);
    let mask = (0..81)
        .filter(|s| (0..9).contains(&(s % 9 - df as i32)))
        .fold(0u128, |m, s| m | 1 << s);
    (shift.max(0) as u64, (-shift).max(0) as u64, mask)
}

pub(crate) fn plane(x: u128) -> Constant<Bits<81>> {
    Constant::new(Bits::<81>::from(x as u64) | (Bits::<81>::from((x >> 64) as u64) << 64))
}

#[derive(LogicBlock)]
pub struct CheckMaskGenerator {
    /// The board data: square `s` in bits `10s..10s+9` (`model::shogi::piece_data`).
    pub board: Signal<In, Bits<810>>,
    /// The attacker is Black (the piece data's ownership bit of its pieces).
    pub black: Signal<In, Bit>,
    /// The defender's king.
    pub king_rank: Signal<In, Bits<4>>,
    pub king_file: Signal<In, Bits<4>>,
    /// Mask A, per piece type (bit `s`: a piece of that type on `s` attacks the king).
    pub pawn: Signal<Out, Bits<81>>,
    pub lance: Signal<Out, Bits<81>>,
    pub knight: Signal<Out, Bits<81>>,
    pub silver: Signal<Out, Bits<81>>,
    /// Golds and the promoted pawns, lances, knights and silvers.
    pub gold: Signal<Out, Bits<81>>,
    pub bishop: Signal<Out, Bits<81>>,
    pub rook: Signal<Out, Bits<81>>,
    pub horse: Signal<Out, Bits<81>>,
    pub dragon: Signal<Out, Bits<81>>,
    /// The king's rays in each direction ([`DIRECTIONS`] order): the empty squares and the
    /// first occupied one (the defense mask generator's interposition squares).
    pub ray0: Signal<Out, Bits<81>>,
    pub ray1: Signal<Out, Bits<81>>,
    pub ray2: Signal<Out, Bits<81>>,
    pub ray3: Signal<Out, Bits<81>>,
    pub ray4: Signal<Out, Bits<81>>,
    pub ray5: Signal<Out, Bits<81>>,
    pub ray6: Signal<Out, Bits<81>>,
    pub ray7: Signal<Out, Bits<81>>,
    /// The board decoded: the occupied squares, the attacker's pieces, its sliders (rooks and
    /// dragons, bishops and horses, unpromoted lances), for the defense mask generator.
    pub occ: Signal<Out, Bits<81>>,
    pub atk: Signal<Out, Bits<81>>,
    pub a_orth: Signal<Out, Bits<81>>,
    pub a_diag: Signal<Out, Bits<81>>,
    pub a_lance: Signal<Out, Bits<81>>,
    // Board decode.
    word: Signal<Local, Bits<10>>,
    empty: Signal<Local, Bits<81>>,
    kr: Signal<Local, Bits<4>>,
    kf: Signal<Local, Bits<4>>,
    rank_set: Signal<Local, Bits<81>>,
    file_set: Signal<Local, Bits<81>>,
    kp: Signal<Local, Bits<81>>,
    // Per direction: the step from the king, the ray fill.
    nb: [Signal<Local, Bits<81>>; 8],
    fill: [Signal<Local, Bits<81>>; 8],
    kn: [Signal<Local, Bits<81>>; 4],
    prop: Signal<Local, Bits<81>>,
    t: Signal<Local, Bits<81>>,
    rook_r: Signal<Local, Bits<81>>,
    bishop_r: Signal<Local, Bits<81>>,
    // Constants: shifts of 1, 2, 4 steps per direction, destination masks.
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
    k_idx: [Constant<Bits<4>>; 9],
    k_rank_sq: [Constant<Bits<81>>; 9],
    k_file_sq: [Constant<Bits<81>>; 9],
    k_rook: Constant<Bits<3>>,
    k_bishop: Constant<Bits<3>>,
    k_lance_t: Constant<Bits<3>>,
}

impl Default for CheckMaskGenerator {
    fn default() -> Self {
        use model::shogi::Kind;
        let dir = |i: usize, k: i64| step(DIRECTIONS[i], k);
        let sq =
            |f: &dyn Fn(usize) -> bool| plane((0..81).filter(|&s| f(s)).fold(0, |m, s| m | 1 << s));
        Self {
            board: Default::default(),
            black: Default::default(),
            king_rank: Default::default(),
            king_file: Default::default(),
            pawn: Default::default(),
            lance: Default::default(),
            knight: Default::default(),
            silver: Default::default(),
            gold: Default::default(),
            bishop: Default::default(),
            rook: Default::default(),
            horse: Default::default(),
            dragon: Default::default(),
            ray0: Default::default(),
            ray1: Default::default(),
            ray2: Default::default(),
            ray3: Default::default(),
            ray4: Default::default(),
            ray5: Default::default(),
            ray6: Default::default(),
            ray7: Default::default(),
            word: Default::default(),
            occ: Default::default(),
            empty: Default::default(),
            atk: Default::default(),
            a_orth: Default::default(),
            a_diag: Default::default(),
            a_lance: Default::default(),
            kr: Default::default(),
            kf: Default::default(),
            rank_set: Default::default(),
            file_set: Default::default(),
            kp: Default::default(),
            nb: Default::default(),
            fill: Default::default(),
            kn: Default::default(),
            prop: Default::default(),
            t: Default::default(),
            rook_r: Default::default(),
            bishop_r: Default::default(),
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
            k_idx: std::array::from_fn(|i| c(i as u64)),
            k_rank_sq: std::array::from_fn(|r| sq(&|s| s / 9 == r)),
            k_file_sq: std::array::from_fn(|f| sq(&|s| s % 9 == f)),
            k_rook: c(Kind::Rook as u64),
            k_bishop: c(Kind::Bishop as u64),
            k_lance_t: c(Kind::Lance as u64),
        }
    }
}

impl Logic for CheckMaskGenerator {
    #[hdl_gen]
    fn update(&mut self) {
        // The board data as planes: who stands where, the attacker's pieces and sliders (piece
        // data: index bits 4..0, ownership bit 5, promotion bit 6, type bits 9..7).
        self.occ.next = 0_u64.into();
        self.atk.next = 0_u64.into();
        self.a_orth.next = 0_u64.into();
        self.a_diag.next = 0_u64.into();
        self.a_lance.next = 0_u64.into();
        for s in 0..81 {
            self.word.next = self.board.val().get_bits::<10>(10 * s);
            if self.word.val().get_bits::<5>(0) != 0_u64 {
                self.occ.next = self.occ.val().replace_bit(s, true);
                if self.word.val().get_bit(5) == self.black.val() {
                    self.atk.next = self.atk.val().replace_bit(s, true);
                    if self.word.val().get_bits::<3>(7) == self.k_rook.val() {
                        self.a_orth.next = self.a_orth.val().replace_bit(s, true);
                    }
                    if self.word.val().get_bits::<3>(7) == self.k_bishop.val() {
                        self.a_diag.next = self.a_diag.val().replace_bit(s, true);
                    }
                    if (self.word.val().get_bits::<3>(7) == self.k_lance_t.val())
                        & !self.word.val().get_bit(6)
                    {
                        self.a_lance.next = self.a_lance.val().replace_bit(s, true);
                    }
                }
            }
        }
        self.empty.next = !self.occ.val();

        // The king's square, one-hot: its rank's squares and its file's.
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

        for i in 0..8 {
            // One step from the king, and the ray through the empty squares onto the first
            // occupied one (a parallel prefix: 1, 2, 4 steps, then the last step).
            self.nb[i].next =
                ((self.kp.val() << self.k_l[i].val()) >> self.k_r[i].val()) & self.k_m[i].val();
            self.prop.next = self.empty.val() & self.k_m[i].val();
            self.t.next = self.kp.val()
                | (self.prop.val() & ((self.kp.val() << self.k_l[i].val()) >> self.k_r[i].val()));
            self.prop.next =
                self.prop.val() & ((self.prop.val() << self.k_l[i].val()) >> self.k_r[i].val());
            self.t.next = self.t.val()
                | (self.prop.val() & ((self.t.val() << self.k_l2[i].val()) >> self.k_r2[i].val()));
            self.prop.next =
                self.prop.val() & ((self.prop.val() << self.k_l2[i].val()) >> self.k_r2[i].val());
            self.t.next = self.t.val()
                | (self.prop.val() & ((self.t.val() << self.k_l4[i].val()) >> self.k_r4[i].val()));
            self.fill[i].next =
                ((self.t.val() << self.k_l[i].val()) >> self.k_r[i].val()) & self.k_m[i].val();
        }
        for j in 0..4 {
            self.kn[j].next =
                ((self.kp.val() << self.k_nl[j].val()) >> self.k_nr[j].val()) & self.k_nm[j].val();
        }

        // A. A step piece stands one of its steps (reversed, in its owner's frame) from the king:
        // Black's step d is the board's, so Black checks from the king's step 7 - i.
        if self.black.val() {
            self.pawn.next = self.nb[6].val();
            self.lance.next = self.fill[6].val();
            self.knight.next = self.kn[0].val() | self.kn[1].val();
            self.silver.next = self.nb[7].val()
                | self.nb[6].val()
                | self.nb[5].val()
                | self.nb[2].val()
                | self.nb[0].val();
            self.gold.next = self.nb[7].val()
                | self.nb[6].val()
                | self.nb[5].val()
                | self.nb[4].val()
                | self.nb[3].val()
                | self.nb[1].val();
        } else {
            self.pawn.next = self.nb[1].val();
            self.lance.next = self.fill[1].val();
            self.knight.next = self.kn[2].val() | self.kn[3].val();
            self.silver.next = self.nb[0].val()
                | self.nb[1].val()
                | self.nb[2].val()
                | self.nb[5].val()
                | self.nb[7].val();
            self.gold.next = self.nb[0].val()
                | self.nb[1].val()
                | self.nb[2].val()
                | self.nb[3].val()
                | self.nb[4].val()
                | self.nb[6].val();
        }
        self.rook_r.next =
            self.fill[1].val() | self.fill[3].val() | self.fill[4].val() | self.fill[6].val();
        self.bishop_r.next =
            self.fill[0].val() | self.fill[2].val() | self.fill[5].val() | self.fill[7].val();
        self.rook.next = self.rook_r.val();
        self.bishop.next = self.bishop_r.val();
        self.dragon.next = self.rook_r.val()
            | self.nb[0].val()
            | self.nb[2].val()
            | self.nb[5].val()
            | self.nb[7].val();
        self.horse.next = self.bishop_r.val()
            | self.nb[1].val()
            | self.nb[3].val()
            | self.nb[4].val()
            | self.nb[6].val();
        self.ray0.next = self.fill[0].val();
        self.ray1.next = self.fill[1].val();
        self.ray2.next = self.fill[2].val();
        self.ray3.next = self.fill[3].val();
        self.ray4.next = self.fill[4].val();
        self.ray5.next = self.fill[5].val();
        self.ray6.next = self.fill[6].val();
        self.ray7.next = self.fill[7].val();
    }
}
