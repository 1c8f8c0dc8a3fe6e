//! The rook cover calculator (paper section 6.1-6.2, Figure 8): the cover of the moves along
//! one rank, from that rank's 90-bit board data word.
//!
//! ```text
//!  rank [9 x 10-bit piece data, file 1 lowest] --> decode (identity one-hot, rook?, sideways?)
//!     --> left-to-right sweep --+
//!     --> right-to-left sweep --+--> covers [9 x 40 bits, file 1 lowest]
//!     --> sideways steps -------+
//! ```
//!
//! Combinational, 0 cycles. A rook or dragon sends its identity along the rank both ways, up
//! to and including the first occupied square (the paper's left-to-right and right-to-left
//! scans of the rank register, here one sweep each way in the same cycle); kings, golds,
//! promoted pieces and horses cover their sideways neighbours. Model:
//! `model::shogi::cover_scan::rank_cover`. Piece data layout (`model::shogi::piece_data`):
//! type bits 9-7, promotion 6, ownership 5, index 4-0 (0 = empty); identity = the type's
//! base + index - 1.

use model::shogi::piece_data::ID_BASE;
use model::shogi::Kind;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct RookCoverCalculator {
    /// One rank of board data: file `f` in bits `10f..10f+9`.
    pub rank: Signal<In, Bits<90>>,
    /// The cover of the rank's squares from moves along it: file `f` in bits `40f..40f+39`.
    pub covers: Signal<Out, Bits<360>>,
    k_off: [Constant<Bits<7>>; 9],
    k_off40: [Constant<Bits<9>>; 9],
    k_type: [Constant<Bits<3>>; 8],
    k_base: [Constant<Bits<6>>; 8],
    k_rook: Constant<Bits<3>>,
    k_king: Constant<Bits<3>>,
    k_gold: Constant<Bits<3>>,
    k_index: [Constant<Bits<5>>; 18],
    k_count: [Constant<Bits<18>>; 8],
    /// The rook identities: the only ones a sweep carries (stated for the reader: synthesis
    /// had found it, the calculator is 707-709 LUT4s either way).
    k_rooks: Constant<Bits<40>>,
    data: [Signal<Local, Bits<10>>; 9],
    typ: [Signal<Local, Bits<3>>; 9],
    idx_oh: [Signal<Local, Bits<18>>; 9],
    t_cut: Signal<Local, Bits<18>>,
    oh: [Signal<Local, Bits<40>>; 9],
    occ: [Signal<Local, Bit>; 9],
    rook: [Signal<Local, Bit>; 9],
    side: [Signal<Local, Bit>; 9],
    /// `up[f]`: the rays arriving at file `f` from lower files; `down[f + 1]`: the rays
    /// arriving at file `f` from higher files.
    up: [Signal<Local, Bits<40>>; 10],
    down: [Signal<Local, Bits<40>>; 10],
    c: [Signal<Local, Bits<40>>; 9],
    t_c: Signal<Local, Bits<40>>,
}

impl Default for RookCoverCalculator {
    fn default() -> Self {
        RookCoverCalculator {
            rank: Default::default(),
            covers: Default::default(),
            k_off: std::array::from_fn(|f| Constant::new(((10 * f) as u64).into())),
            k_off40: std::array::from_fn(|f| Constant::new(((40 * f) as u64).into())),
            k_type: std::array::from_fn(|t| Constant::new((t as u64).into())),
            k_base: std::array::from_fn(|t| Constant::new((ID_BASE[t] as u64).into())),
            k_rook: Constant::new((Kind::Rook.code() as u64).into()),
            k_king: Constant::new((Kind::King.code() as u64).into()),
            k_gold: Constant::new((Kind::Gold.code() as u64).into()),
            k_index: super::id_decode().0,
            k_count: super::id_decode().1,
            k_rooks: super::ids_of(&[Kind::Rook]),
            data: std::array::from_fn(|_| Default::default()),
            typ: std::array::from_fn(|_| Default::default()),
            idx_oh: Default::default(),
            t_cut: Default::default(),
            oh: std::array::from_fn(|_| Default::default()),
            occ: std::array::from_fn(|_| Default::default()),
            rook: std::array::from_fn(|_| Default::default()),
            side: std::array::from_fn(|_| Default::default()),
            up: std::array::from_fn(|_| Default::default()),
            down: std::array::from_fn(|_| Default::default()),
            c: std::array::from_fn(|_| Default::default()),
            t_c: Default::default(),
        }
    }
}

impl Logic for RookCoverCalculator {
    #[hdl_gen]
    fn update(&mut self) {
        // Decode each file's piece data.
        for f in 0..9 {
            self.data[f].next = self.rank.val().get_bits::<10>(self.k_off[f].val().index());
            self.typ[f].next = self.data[f].val().get_bits::<3>(7);
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
                if self.occ[f].val() & (self.typ[f].val() == self.k_type[t].val()) {
                    // (A function's arguments cannot name the loop index: a scalar temporary.)
                    self.t_cut.next = self.idx_oh[f].val() & self.k_count[t].val();
                    self.oh[f].next = self.oh[f].val()
                        | (bit_cast::<40, 18>(self.t_cut.val()) << self.k_base[t].val());
                }
            }
            self.rook[f].next = self.occ[f].val() & (self.typ[f].val() == self.k_rook.val());
            // Sideways steps: king, gold, every promoted piece but the dragon.
            self.side[f].next = self.occ[f].val()
                & ((self.typ[f].val() == self.k_king.val())
                    | (self.typ[f].val() == self.k_gold.val())
                    | (self.data[f].val().get_bit(6) & (self.typ[f].val() != self.k_rook.val())));
        }
        // Rays along the rank: towards higher files, then towards lower files.
        self.up[0].next = 0_u64.into();
        for f in 0..9 {
            self.up[f + 1].next = 0_u64.into();
            if !self.occ[f].val() {
                self.up[f + 1].next = self.up[f].val();
            }
            if self.rook[f].val() {
                self.up[f + 1].next =
                    self.up[f + 1].val() | (self.oh[f].val() & self.k_rooks.val());
            }
        }
        self.down[9].next = 0_u64.into();
        for g in 0..9 {
            self.down[8 - g].next = 0_u64.into();
            if !self.occ[8 - g].val() {
                self.down[8 - g].next = self.down[9 - g].val();
            }
            if self.rook[8 - g].val() {
                self.down[8 - g].next =
                    self.down[8 - g].val() | (self.oh[8 - g].val() & self.k_rooks.val());
            }
        }
        // A square's cover: the rays arriving from both sides and the neighbours' side steps.
        for f in 0..9 {
            self.c[f].next = self.up[f].val();
        }
        for f in 0..8 {
            self.c[f].next = self.c[f].val() | self.down[f + 1].val();
            if self.side[f].val() {
                self.c[f + 1].next = self.c[f + 1].val() | self.oh[f].val();
            }
            if self.side[f + 1].val() {
                self.c[f].next = self.c[f].val() | self.oh[f + 1].val();
            }
        }
        self.covers.next = 0_u64.into();
        for f in 0..9 {
            self.t_c.next = self.c[f].val();
            self.covers.next =
                self.covers.val() | (bit_cast::<360, 40>(self.t_c.val()) << self.k_off40[f].val());
        }
    }
}
