//! The top-down scanner and the bottom-up scanner (paper section 6.1-6.2, Figures 6, 7 and 8):
//! one rank of board data a cycle, nine per-file sub-blocks, the cover of the moves that go
//! down (top-down) or up (bottom-up) the board.
//!
//! ```text
//!  rank [90 bits] --> per file: decode (identity one-hot, steps, jump, rays for this direction)
//!                        |            |                         |
//!        prev1 (one-step moves)  prev2 (knight jumps)   ray registers (9 files x 3 directions)
//!                        \____________|_________________________/
//!                                     v
//!                          covers [9 x 40 bits] of the rank read now
//! ```
//!
//! The two scanners are one circuit built for either direction ([`Scanner::top_down`],
//! [`Scanner::bottom_up`]): the paper's two blocks are mirror images. One rank a cycle, while
//! `load` is high: the cover of the rank read in a cycle comes from registers only (the rays
//! arriving at its squares, the pieces of the two ranks read before), so it is ready in the
//! cycle the rank is read; the rank read goes into the registers at the clock edge. `first`
//! marks the first rank of a scan (the registers count as empty). Long-range pieces (rook,
//! dragon, bishop, horse, lance) are carried from rank to rank in the ray registers, as the
//! paper's Figure 7 shows for a bishop: a ray goes on through an empty square, a slider starts
//! its own on its square. Model: `model::shogi::cover_scan::scan` (covers and ray registers,
//! rank for rank).

use model::shogi::piece_data::ID_BASE;
use model::shogi::Kind;
use rust_hdl::prelude::*;

/// The kinds whose identities a ray register can carry: only sliders start rays, rooks (and
/// dragons) and lances straight on, bishops (and horses) diagonally. A register reads through
/// this mask (`k_ray_ids`), so synthesis keeps 6 of its 40 flip-flops (2 diagonally) and
/// drops the rest with their logic; the rank two before is read for knight jumps only.
/// Half a scanner's LUT4s and two thirds of its flip-flops carried identities that can never
/// be there (a scanner synthesized apart: 3,108 LUT4s and 1,756 FFs, now 1,516 and 518).
pub fn ray_kinds(straight: bool) -> &'static [Kind] {
    if straight {
        &[Kind::Rook, Kind::Lance]
    } else {
        &[Kind::Bishop]
    }
}

#[derive(LogicBlock)]
pub struct Scanner {
    pub clock: Signal<In, Clock>,
    /// Take `rank` this cycle (the registers move on at the clock edge).
    pub load: Signal<In, Bit>,
    /// `rank` is the first rank of a scan: the registers count as empty.
    pub first: Signal<In, Bit>,
    /// The rank read this cycle: file `f` in bits `10f..10f+9`.
    pub rank: Signal<In, Bits<90>>,
    /// The cover of the rank read this cycle from this scan's direction: file `f` in bits
    /// `40f..40f+39`.
    pub covers: Signal<Out, Bits<360>>,
    /// The identities on the rank read this cycle, one-hot: file `f` in bits `40f..40f+39`
    /// (the piece info table takes the top-down scanner's, so the decode is built once).
    pub ids: Signal<Out, Bits<360>>,
    /// Ray registers: index `3f + k`, the pieces whose ray arrives at file `f` of the rank
    /// read next, going to file `f` from file `f - dfs[k]` (`dfs` = -1, 0, +1).
    pub rays: [DFF<Bits<40>>; 27],
    /// The rank read before: identities, one-step flags (straight, diagonal), knight jumps.
    p1_oh: [DFF<Bits<40>>; 9],
    p1_st: [DFF<Bit>; 9],
    p1_dg: [DFF<Bit>; 9],
    p1_jp: [DFF<Bit>; 9],
    /// The rank read two before: identities and knight jumps.
    p2_oh: [DFF<Bits<40>>; 9],
    p2_jp: [DFF<Bit>; 9],
    /// 1 for the top-down scanner.
    k_down: Constant<Bit>,
    k_off: [Constant<Bits<7>>; 9],
    k_off40: [Constant<Bits<9>>; 9],
    k_type: [Constant<Bits<3>>; 8],
    k_base: [Constant<Bits<6>>; 8],
    k_index: [Constant<Bits<5>>; 18],
    k_count: [Constant<Bits<18>>; 8],
    /// The identities each register can carry (`ray_ids`): a ray register's rook and lance
    /// identities (straight) or bishop identities (diagonal), the rank two before's knights.
    k_ray_ids: [Constant<Bits<40>>; 27],
    k_knights: Constant<Bits<40>>,
    // Decoded piece data of the rank read now.
    data: [Signal<Local, Bits<10>>; 9],
    oh: [Signal<Local, Bits<40>>; 9],
    occ: [Signal<Local, Bit>; 9],
    /// One flag per type (`is[8f + t]`).
    is: [Signal<Local, Bit>; 72],
    ahead: [Signal<Local, Bit>; 9],
    st: [Signal<Local, Bit>; 9],
    dg: [Signal<Local, Bit>; 9],
    jp: [Signal<Local, Bit>; 9],
    ray_st: [Signal<Local, Bit>; 9],
    ray_dg: [Signal<Local, Bit>; 9],
    gold_like: [Signal<Local, Bit>; 9],
    // The registers as this cycle sees them (0 on the first rank).
    r_in: [Signal<Local, Bits<40>>; 27],
    p1_in: [Signal<Local, Bits<40>>; 9],
    p1_st_in: [Signal<Local, Bit>; 9],
    p1_dg_in: [Signal<Local, Bit>; 9],
    p1_jp_in: [Signal<Local, Bit>; 9],
    p2_in: [Signal<Local, Bits<40>>; 9],
    p2_jp_in: [Signal<Local, Bit>; 9],
    c: [Signal<Local, Bits<40>>; 9],
    /// The ray registers' next values.
    nxt: [Signal<Local, Bits<40>>; 27],
    idx_oh: [Signal<Local, Bits<18>>; 9],
    t_cut: Signal<Local, Bits<18>>,
    t_c: Signal<Local, Bits<40>>,
    t_id: Signal<Local, Bits<40>>,
}

impl Scanner {
    fn new(down: bool) -> Scanner {
        Scanner {
            clock: Default::default(),
            load: Default::default(),
            first: Default::default(),
            rank: Default::default(),
            covers: Default::default(),
            ids: Default::default(),
            rays: std::array::from_fn(|_| Default::default()),
            p1_oh: std::array::from_fn(|_| Default::default()),
            p1_st: std::array::from_fn(|_| Default::default()),
            p1_dg: std::array::from_fn(|_| Default::default()),
            p1_jp: std::array::from_fn(|_| Default::default()),
            p2_oh: std::array::from_fn(|_| Default::default()),
            p2_jp: std::array::from_fn(|_| Default::default()),
            k_down: Constant::new(down),
            k_off: std::array::from_fn(|f| Constant::new(((10 * f) as u64).into())),
            k_off40: std::array::from_fn(|f| Constant::new(((40 * f) as u64).into())),
            k_type: std::array::from_fn(|t| Constant::new((t as u64).into())),
            k_base: std::array::from_fn(|t| Constant::new((ID_BASE[t] as u64).into())),
            k_index: super::id_decode().0,
            k_count: super::id_decode().1,
            k_ray_ids: std::array::from_fn(|i| super::ids_of(ray_kinds(i % 3 == 1))),
            k_knights: super::ids_of(&[Kind::Knight]),
            data: std::array::from_fn(|_| Default::default()),
            oh: std::array::from_fn(|_| Default::default()),
            occ: std::array::from_fn(|_| Default::default()),
            is: std::array::from_fn(|_| Default::default()),
            ahead: std::array::from_fn(|_| Default::default()),
            st: std::array::from_fn(|_| Default::default()),
            dg: std::array::from_fn(|_| Default::default()),
            jp: std::array::from_fn(|_| Default::default()),
            ray_st: std::array::from_fn(|_| Default::default()),
            ray_dg: std::array::from_fn(|_| Default::default()),
            gold_like: std::array::from_fn(|_| Default::default()),
            r_in: std::array::from_fn(|_| Default::default()),
            p1_in: std::array::from_fn(|_| Default::default()),
            p1_st_in: std::array::from_fn(|_| Default::default()),
            p1_dg_in: std::array::from_fn(|_| Default::default()),
            p1_jp_in: std::array::from_fn(|_| Default::default()),
            p2_in: std::array::from_fn(|_| Default::default()),
            p2_jp_in: std::array::from_fn(|_| Default::default()),
            c: std::array::from_fn(|_| Default::default()),
            nxt: std::array::from_fn(|_| Default::default()),
            idx_oh: Default::default(),
            t_cut: Default::default(),
            t_c: Default::default(),
            t_id: Default::default(),
        }
    }

    /// The top-down scanner: rank 1 to rank 9, the moves going down the board.
    pub fn top_down() -> Scanner {
        Scanner::new(true)
    }

    /// The bottom-up scanner: rank 9 to rank 1, the moves going up the board.
    pub fn bottom_up() -> Scanner {
        Scanner::new(false)
    }
}

impl Logic for Scanner {
    #[hdl_gen]
    fn update(&mut self) {
        // Decode the rank read now.
        for f in 0..9 {
            self.data[f].next = self.rank.val().get_bits::<10>(self.k_off[f].val().index());
            self.occ[f].next = self.data[f].val().get_bits::<5>(0).any();
            // The identity one-hot: the index's one-hot, cut to the kind's count, moved to the
            // kind's first identity (a constant shift; see `super::id_decode`).
            self.idx_oh[f].next = 0_u64.into();
            for i in 0..18 {
                self.idx_oh[f].next = self.idx_oh[f].val().replace_bit(
                    i,
                    self.data[f].val().get_bits::<5>(0) == self.k_index[i].val(),
                );
            }
            self.oh[f].next = 0_u64.into();
            self.t_cut.next = 0_u64.into();
            for t in 0..8 {
                self.is[8 * f + t].next = self.occ[f].val()
                    & (self.data[f].val().get_bits::<3>(7) == self.k_type[t].val());
                if self.is[8 * f + t].val() {
                    // (A function's arguments cannot name the loop index: a scalar temporary.)
                    self.t_cut.next = self.idx_oh[f].val() & self.k_count[t].val();
                    self.oh[f].next = self.oh[f].val()
                        | (bit_cast::<40, 18>(self.t_cut.val()) << self.k_base[t].val());
                }
            }
            // This scan goes the piece's way forward: White's down, Black's up.
            self.ahead[f].next = self.data[f].val().get_bit(5) ^ self.k_down.val();
            // Gold-like: golds and promoted silvers, knights, lances, pawns.
            self.gold_like[f].next = self.is[8 * f + 3].val()
                | (self.data[f].val().get_bit(6)
                    & (self.is[8 * f + 4].val()
                        | self.is[8 * f + 5].val()
                        | self.is[8 * f + 6].val()
                        | self.is[8 * f + 7].val()));
            // One step straight on: king, gold-like, horse both ways; silver and pawn ahead.
            self.st[f].next = self.is[8 * f].val()
                | self.gold_like[f].val()
                | (self.is[8 * f + 2].val() & self.data[f].val().get_bit(6))
                | (self.ahead[f].val()
                    & ((self.is[8 * f + 4].val() & !self.data[f].val().get_bit(6))
                        | (self.is[8 * f + 7].val() & !self.data[f].val().get_bit(6))));
            // One step diagonally: king, silver, dragon both ways; gold-like ahead.
            self.dg[f].next = self.is[8 * f].val()
                | (self.is[8 * f + 4].val() & !self.data[f].val().get_bit(6))
                | (self.is[8 * f + 1].val() & self.data[f].val().get_bit(6))
                | (self.ahead[f].val() & self.gold_like[f].val());
            // The knight's jump, ahead only.
            self.jp[f].next =
                self.ahead[f].val() & self.is[8 * f + 5].val() & !self.data[f].val().get_bit(6);
            // Rays: rook and dragon straight both ways, lance ahead; bishop and horse diagonally.
            self.ray_st[f].next = self.is[8 * f + 1].val()
                | (self.ahead[f].val() & self.is[8 * f + 6].val() & !self.data[f].val().get_bit(6));
            self.ray_dg[f].next = self.is[8 * f + 2].val();
        }
        // The registers as this rank sees them.
        for i in 0..27 {
            self.rays[i].clock.next = self.clock.val();
            self.rays[i].d.next = self.rays[i].q.val();
            self.r_in[i].next = self.rays[i].q.val() & self.k_ray_ids[i].val();
            if self.first.val() {
                self.r_in[i].next = 0_u64.into();
            }
        }
        for f in 0..9 {
            self.p1_oh[f].clock.next = self.clock.val();
            self.p1_st[f].clock.next = self.clock.val();
            self.p1_dg[f].clock.next = self.clock.val();
            self.p1_jp[f].clock.next = self.clock.val();
            self.p2_oh[f].clock.next = self.clock.val();
            self.p2_jp[f].clock.next = self.clock.val();
            self.p1_oh[f].d.next = self.p1_oh[f].q.val();
            self.p1_st[f].d.next = self.p1_st[f].q.val();
            self.p1_dg[f].d.next = self.p1_dg[f].q.val();
            self.p1_jp[f].d.next = self.p1_jp[f].q.val();
            self.p2_oh[f].d.next = self.p2_oh[f].q.val();
            self.p2_jp[f].d.next = self.p2_jp[f].q.val();
            self.p1_in[f].next = self.p1_oh[f].q.val();
            self.p1_st_in[f].next = self.p1_st[f].q.val() & !self.first.val();
            self.p1_dg_in[f].next = self.p1_dg[f].q.val() & !self.first.val();
            self.p1_jp_in[f].next = self.p1_jp[f].q.val() & !self.first.val();
            self.p2_in[f].next = self.p2_oh[f].q.val() & self.k_knights.val();
            self.p2_jp_in[f].next = self.p2_jp[f].q.val() & !self.first.val();
        }
        // The cover of the rank read now: arriving rays, steps from the rank before, jumps
        // from two before.
        for f in 0..9 {
            self.c[f].next =
                self.r_in[3 * f].val() | self.r_in[3 * f + 1].val() | self.r_in[3 * f + 2].val();
            if self.p1_st_in[f].val() {
                self.c[f].next = self.c[f].val() | self.p1_in[f].val();
            }
        }
        for f in 0..8 {
            if self.p1_dg_in[f].val() {
                self.c[f + 1].next = self.c[f + 1].val() | self.p1_in[f].val();
            }
            if self.p1_dg_in[f + 1].val() {
                self.c[f].next = self.c[f].val() | self.p1_in[f + 1].val();
            }
            if self.p2_jp_in[f].val() {
                self.c[f + 1].next = self.c[f + 1].val() | self.p2_in[f].val();
            }
            if self.p2_jp_in[f + 1].val() {
                self.c[f].next = self.c[f].val() | self.p2_in[f + 1].val();
            }
        }
        self.covers.next = 0_u64.into();
        self.ids.next = 0_u64.into();
        for f in 0..9 {
            self.t_c.next = self.c[f].val();
            self.covers.next =
                self.covers.val() | (bit_cast::<360, 40>(self.t_c.val()) << self.k_off40[f].val());
            self.t_id.next = self.oh[f].val();
            self.ids.next =
                self.ids.val() | (bit_cast::<360, 40>(self.t_id.val()) << self.k_off40[f].val());
        }
        // At the clock edge: rays go on through empty squares and start at sliders; the rank
        // read becomes the rank before. Straight on: register 3f + 1 of the same file; towards
        // file f + 1 (df = +1): register 3(f + 1) + 2; towards file f from file f + 1 (df = -1):
        // register 3f. No ray arrives at file 1 from the right or at file 9 from the left.
        self.nxt[2].next = 0_u64.into();
        self.nxt[24].next = 0_u64.into();
        for f in 0..9 {
            self.nxt[3 * f + 1].next = 0_u64.into();
            if !self.occ[f].val() {
                self.nxt[3 * f + 1].next = self.r_in[3 * f + 1].val();
            }
            if self.ray_st[f].val() {
                self.nxt[3 * f + 1].next = self.nxt[3 * f + 1].val() | self.oh[f].val();
            }
        }
        for f in 0..8 {
            self.nxt[3 * f + 5].next = 0_u64.into();
            if !self.occ[f].val() {
                self.nxt[3 * f + 5].next = self.r_in[3 * f + 2].val();
            }
            if self.ray_dg[f].val() {
                self.nxt[3 * f + 5].next = self.nxt[3 * f + 5].val() | self.oh[f].val();
            }
            self.nxt[3 * f].next = 0_u64.into();
            if !self.occ[f + 1].val() {
                self.nxt[3 * f].next = self.r_in[3 * f + 3].val();
            }
            if self.ray_dg[f + 1].val() {
                self.nxt[3 * f].next = self.nxt[3 * f].val() | self.oh[f + 1].val();
            }
        }
        if self.load.val() {
            for i in 0..27 {
                self.rays[i].d.next = self.nxt[i].val();
            }
            for f in 0..9 {
                self.p1_oh[f].d.next = self.oh[f].val();
                self.p1_st[f].d.next = self.st[f].val();
                self.p1_dg[f].d.next = self.dg[f].val();
                self.p1_jp[f].d.next = self.jp[f].val();
                self.p2_oh[f].d.next = self.p1_in[f].val();
                self.p2_jp[f].d.next = self.p1_jp_in[f].val();
            }
        }
    }
}
