//! The check mask generator (`shared/papers/tsume-shogi-fpga-ja.md` §3.3, stage 2; the shogi
//! paper's Figure 12): masks A and B of the attacker's position, the data that the
//! check/defense move generator of stage 3 keeps the checks with (mask B: see below).
//!
//! ```text
//!  king (rank, file) --> one-hot --> 8 steps, 2 knight squares a colour
//!  the king's 8 rays [8 x 81] (the walks') --> A: per piece type, the squares from which it
//!                                              would attack the king
//! ```
//!
//! Combinational, 0 cycles: the consumer registers the masks. The paper's generator scans the
//! board data rank by rank, top-down and bottom-up as the cover circuit does (the board sits in
//! a RAM there). Here the sliders' rays come from the king's walks: at the attacker's jobs the
//! all-move unit walks from the defender's king in discover mode for mask B anyway, a square
//! a cycle along each of the eight directions, and the squares a walk visits up to its first
//! piece are that direction's ray (`KingRays::first_rays`, kept by the unit as `disc_rays`).
//! Until 2026-12-02 this block filled the rays itself from the board data (a parallel prefix
//! over the empty squares per direction; 2,371 LUT4s alone through yosys with them), which
//! the walks had already, ready before the candidate pass the masks serve; without the fills
//! the `tsume` row routes with the shogi core's abort fix (docs/tsume.md, "The routed
//! build"). The defense mask generator, which stands alone, fills its own rays and passes
//! them in.
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
    /// The attacker is Black (the piece data's ownership bit of its pieces).
    pub black: Signal<In, Bit>,
    /// The defender's king.
    pub king_rank: Signal<In, Bits<4>>,
    pub king_file: Signal<In, Bits<4>>,
    /// The king's rays: per direction `i` ([`DIRECTIONS`] order, bits `81i..81i+80`), the
    /// squares from the king up to and including the first occupied one (to the edge
    /// without one): `KingRays::first_rays` walked from this king.
    pub rays: Signal<In, Bits<648>>,
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
    kr: Signal<Local, Bits<4>>,
    kf: Signal<Local, Bits<4>>,
    rank_set: Signal<Local, Bits<81>>,
    file_set: Signal<Local, Bits<81>>,
    kp: Signal<Local, Bits<81>>,
    // Per direction: the step from the king, the ray.
    nb: [Signal<Local, Bits<81>>; 8],
    ray: [Signal<Local, Bits<81>>; 8],
    kn: [Signal<Local, Bits<81>>; 4],
    rook_r: Signal<Local, Bits<81>>,
    bishop_r: Signal<Local, Bits<81>>,
    // Constants: a step per direction and a knight's jump, destination masks.
    k_l: [Constant<Bits<8>>; 8],
    k_r: [Constant<Bits<8>>; 8],
    k_m: [Constant<Bits<81>>; 8],
    k_nl: [Constant<Bits<8>>; 4],
    k_nr: [Constant<Bits<8>>; 4],
    k_nm: [Constant<Bits<81>>; 4],
    k_idx: [Constant<Bits<4>>; 9],
    k_rank_sq: [Constant<Bits<81>>; 9],
    k_file_sq: [Constant<Bits<81>>; 9],
}

impl Default for CheckMaskGenerator {
    fn default() -> Self {
        let dir = |i: usize| step(DIRECTIONS[i], 1);
        Self {
            black: Default::default(),
            king_rank: Default::default(),
            king_file: Default::default(),
            rays: Default::default(),
            pawn: Default::default(),
            lance: Default::default(),
            knight: Default::default(),
            silver: Default::default(),
            gold: Default::default(),
            bishop: Default::default(),
            rook: Default::default(),
            horse: Default::default(),
            dragon: Default::default(),
            kr: Default::default(),
            kf: Default::default(),
            rank_set: Default::default(),
            file_set: Default::default(),
            kp: Default::default(),
            nb: Default::default(),
            ray: Default::default(),
            kn: Default::default(),
            rook_r: Default::default(),
            bishop_r: Default::default(),
            k_l: std::array::from_fn(|i| c(dir(i).0)),
            k_r: std::array::from_fn(|i| c(dir(i).1)),
            k_m: std::array::from_fn(|i| plane(dir(i).2)),
            k_nl: std::array::from_fn(|i| c(step(KNIGHT_FROM[i], 1).0)),
            k_nr: std::array::from_fn(|i| c(step(KNIGHT_FROM[i], 1).1)),
            k_nm: std::array::from_fn(|i| plane(step(KNIGHT_FROM[i], 1).2)),
            k_idx: std::array::from_fn(|i| c(i as u64)),
            k_rank_sq: std::array::from_fn(|r| crate::common::mask(81, |s| s / 9 == r)),
            k_file_sq: std::array::from_fn(|f| crate::common::mask(81, |s| s % 9 == f)),
        }
    }
}

impl Logic for CheckMaskGenerator {
    #[hdl_gen]
    fn update(&mut self) {
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
            // One step from the king; the walk's ray.
            self.nb[i].next =
                ((self.kp.val() << self.k_l[i].val()) >> self.k_r[i].val()) & self.k_m[i].val();
            self.ray[i].next = self.rays.val().get_bits::<81>(81 * i);
        }
        for j in 0..4 {
            self.kn[j].next =
                ((self.kp.val() << self.k_nl[j].val()) >> self.k_nr[j].val()) & self.k_nm[j].val();
        }

        // A. A step piece stands one of its steps (reversed, in its owner's frame) from the king:
        // Black's step d is the board's, so Black checks from the king's step 7 - i.
        if self.black.val() {
            self.pawn.next = self.nb[6].val();
            self.lance.next = self.ray[6].val();
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
            self.lance.next = self.ray[1].val();
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
            self.ray[1].val() | self.ray[3].val() | self.ray[4].val() | self.ray[6].val();
        self.bishop_r.next =
            self.ray[0].val() | self.ray[2].val() | self.ray[5].val() | self.ray[7].val();
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
    }
}
