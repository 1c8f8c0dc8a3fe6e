//! The piece info table: what the all-move generator needs to know of each of the 40 piece
//! identities, gathered from the board data one rank a cycle (9 cycles), for both sides at
//! once. The shogi paper's section 7 says the cover table's identities are what a move
//! generator needs; knowing an identity's owner, whether it is promoted and whether it stands
//! in its owner's promotion zone turns a bit of the cover table into a move without looking
//! up where the piece stands.
//!
//! ```text
//!  piece cover circuit's top-down scan: rank t in cycle t (90 bits) and its identities (9 x 40)
//!      -> OR into: owned (per owner), promoted, zone, pawn files (per owner), king squares
//!      -> each identity's square (bit planes)
//! ```
//!
//! The table reads no board data of its own: it rides on the top-down scanner's pass, which
//! reads rank `t` in the `t`-th cycle after a start and decodes its identities anyway
//! (`PieceCoverCircuit::scan_rank`, `scan_ids`; both started in the same cycle). It had an
//! 810-bit latch shifted a rank a cycle, a copy of the board data to load it from and nine
//! identity decoders of its own: 1,620 flip-flops and about 1,260 LUT4s of a core (the table
//! synthesized apart: 3,526 LUT4s, now 2,263).
//!
//! The squares are kept as eight 40-bit planes (bit `i` of plane `j` is bit `j` of identity
//! `i`'s file, then rank): a rank's update is a handful of 40-bit word operations, not 40
//! multiplexed 8-bit fields. The perft walker takes them at its root and keeps them itself.
//!
//! Results are valid once `busy` falls (9 cycles after `start`; `rank_data` and `rank_ids`
//! must hold rank `t` in the `t`-th cycle after it). Model:
//! `model::shogi::all_moves::piece_info` (`PIECE_INFO_CYCLES`).

use model::shogi::Kind;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct PieceInfoTable {
    pub clock: Signal<In, Clock>,
    pub start: Signal<In, Bit>,
    /// In the `t`-th cycle after `start` (0-8): rank `t` of the board data (file `f` in bits
    /// `10f..10f+9`) and its identities, one-hot (file `f` in bits `40f..40f+39`; 0 for an
    /// empty square).
    pub rank_data: Signal<In, Bits<90>>,
    pub rank_ids: Signal<In, Bits<360>>,
    pub busy: Signal<Out, Bit>,
    /// The identities on the board: Black's in bits 0-39, White's in 40-79.
    pub owned: Signal<Out, Bits<80>>,
    pub promoted: Signal<Out, Bits<40>>,
    /// The identities standing in their owner's promotion zone.
    pub zone: Signal<Out, Bits<40>>,
    /// Files with an unpromoted pawn: Black's in bits 0-8, White's in 9-17.
    pub pawn_files: Signal<Out, Bits<18>>,
    /// King squares: Black's rank in bits 0-3, file 4-7; White's rank 8-11, file 12-15.
    pub kings: Signal<Out, Bits<16>>,
    /// Whether Black (bit 0) and White (bit 1) have a king.
    pub has_king: Signal<Out, Bits<2>>,
    /// Where each identity on the board stands, as bit planes: bits `40j..40j+39` hold bit
    /// `j` of the identities' files (planes 0-3) and ranks (planes 4-7). An identity in hand
    /// keeps the square it had last.
    pub squares: Signal<Out, Bits<320>>,
    rank: DFF<Bits<4>>,
    active: DFF<Bit>,
    own_b: DFF<Bits<40>>,
    own_w: DFF<Bits<40>>,
    prom: DFF<Bits<40>>,
    zone_r: DFF<Bits<40>>,
    pawn_b: DFF<Bits<9>>,
    pawn_w: DFF<Bits<9>>,
    kings_r: DFF<Bits<16>>,
    has_r: DFF<Bits<2>>,
    sq_file: [DFF<Bits<40>>; 4],
    sq_rank: [DFF<Bits<40>>; 4],
    k_off: [Constant<Bits<7>>; 9],
    k_off40: [Constant<Bits<9>>; 9],
    k_file: [Constant<Bits<4>>; 9],
    k_king: Constant<Bits<3>>,
    k_pawn: Constant<Bits<3>>,
    // Per file of the rank read now: piece data, occupied, identity one-hot.
    data: [Signal<Local, Bits<10>>; 9],
    occ: [Signal<Local, Bit>; 9],
    oh: [Signal<Local, Bits<40>>; 9],
    t_file: Signal<Local, Bits<4>>,
    // The rank is in Black's zone (ranks 1-3) or White's (7-9).
    zone_black: Signal<Local, Bit>,
    zone_white: Signal<Local, Bit>,
    // Next values, accumulated file by file.
    ob: Signal<Local, Bits<40>>,
    ow: Signal<Local, Bits<40>>,
    pr: Signal<Local, Bits<40>>,
    zn: Signal<Local, Bits<40>>,
    pb: Signal<Local, Bits<9>>,
    pw: Signal<Local, Bits<9>>,
    kg: Signal<Local, Bits<16>>,
    hk: Signal<Local, Bits<2>>,
    // The identities on the rank read now, and the bit planes of their files.
    on: Signal<Local, Bits<40>>,
    fb: [Signal<Local, Bits<40>>; 4],
}

impl Default for PieceInfoTable {
    fn default() -> Self {
        PieceInfoTable {
            clock: Default::default(),
            start: Default::default(),
            rank_data: Default::default(),
            rank_ids: Default::default(),
            busy: Default::default(),
            owned: Default::default(),
            promoted: Default::default(),
            zone: Default::default(),
            pawn_files: Default::default(),
            kings: Default::default(),
            has_king: Default::default(),
            squares: Default::default(),
            rank: Default::default(),
            active: Default::default(),
            own_b: Default::default(),
            own_w: Default::default(),
            prom: Default::default(),
            zone_r: Default::default(),
            pawn_b: Default::default(),
            pawn_w: Default::default(),
            kings_r: Default::default(),
            has_r: Default::default(),
            sq_file: Default::default(),
            sq_rank: Default::default(),
            k_off: std::array::from_fn(|f| Constant::new((10 * f as u64).into())),
            k_off40: std::array::from_fn(|f| Constant::new((40 * f as u64).into())),
            k_file: std::array::from_fn(|f| Constant::new((f as u64).into())),
            k_king: Constant::new((Kind::King.code() as u64).into()),
            k_pawn: Constant::new((Kind::Pawn.code() as u64).into()),
            data: Default::default(),
            occ: Default::default(),
            oh: Default::default(),
            t_file: Default::default(),
            zone_black: Default::default(),
            zone_white: Default::default(),
            ob: Default::default(),
            ow: Default::default(),
            pr: Default::default(),
            zn: Default::default(),
            pb: Default::default(),
            pw: Default::default(),
            kg: Default::default(),
            hk: Default::default(),
            on: Default::default(),
            fb: Default::default(),
        }
    }
}

impl Logic for PieceInfoTable {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, rank, active, own_b, own_w, prom, zone_r, pawn_b, pawn_w, kings_r, has_r
        );
        self.zone_black.next = self.rank.q.val() < 3_u64;
        self.zone_white.next = self.rank.q.val() > 5_u64;
        self.ob.next = self.own_b.q.val();
        self.ow.next = self.own_w.q.val();
        self.pr.next = self.prom.q.val();
        self.zn.next = self.zone_r.q.val();
        self.pb.next = self.pawn_b.q.val();
        self.pw.next = self.pawn_w.q.val();
        self.kg.next = self.kings_r.q.val();
        self.hk.next = self.has_r.q.val();
        self.on.next = 0_u64.into();
        for j in 0..4 {
            self.fb[j].next = 0_u64.into();
            self.sq_file[j].clock.next = self.clock.val();
            self.sq_file[j].d.next = self.sq_file[j].q.val();
            self.sq_rank[j].clock.next = self.clock.val();
            self.sq_rank[j].d.next = self.sq_rank[j].q.val();
        }
        for f in 0..9 {
            self.data[f].next = self
                .rank_data
                .val()
                .get_bits::<10>(self.k_off[f].val().index());
            self.occ[f].next = self.data[f].val().get_bits::<5>(0).any();
            self.oh[f].next = self
                .rank_ids
                .val()
                .get_bits::<40>(self.k_off40[f].val().index());
            // (A function's arguments cannot name the loop index: a scalar temporary.)
            self.t_file.next = self.k_file[f].val();
            self.on.next = self.on.val() | self.oh[f].val();
            for j in 0..4 {
                if self.k_file[f].val().get_bit(j) {
                    self.fb[j].next = self.fb[j].val() | self.oh[f].val();
                }
            }
            if self.occ[f].val() {
                if self.data[f].val().get_bit(5) {
                    self.ob.next = self.ob.val() | self.oh[f].val();
                    if self.zone_black.val() {
                        self.zn.next = self.zn.val() | self.oh[f].val();
                    }
                } else {
                    self.ow.next = self.ow.val() | self.oh[f].val();
                    if self.zone_white.val() {
                        self.zn.next = self.zn.val() | self.oh[f].val();
                    }
                }
                if self.data[f].val().get_bit(6) {
                    self.pr.next = self.pr.val() | self.oh[f].val();
                } else if self.data[f].val().get_bits::<3>(7) == self.k_pawn.val() {
                    if self.data[f].val().get_bit(5) {
                        self.pb.next = self.pb.val().replace_bit(f, true);
                    } else {
                        self.pw.next = self.pw.val().replace_bit(f, true);
                    }
                }
                if self.data[f].val().get_bits::<3>(7) == self.k_king.val() {
                    if self.data[f].val().get_bit(5) {
                        self.kg.next = (self.kg.val() & 0xff00_u64)
                            | bit_cast::<16, 4>(self.rank.q.val())
                            | (bit_cast::<16, 4>(self.t_file.val()) << 4_u64);
                        self.hk.next = self.hk.val() | 1_u64;
                    } else {
                        self.kg.next = (self.kg.val() & 0x00ff_u64)
                            | (bit_cast::<16, 4>(self.rank.q.val()) << 8_u64)
                            | (bit_cast::<16, 4>(self.t_file.val()) << 12_u64);
                        self.hk.next = self.hk.val() | 2_u64;
                    }
                }
            }
        }
        if self.start.val() {
            self.rank.d.next = 0_u64.into();
            self.active.d.next = true;
            self.own_b.d.next = 0_u64.into();
            self.own_w.d.next = 0_u64.into();
            self.prom.d.next = 0_u64.into();
            self.zone_r.d.next = 0_u64.into();
            self.pawn_b.d.next = 0_u64.into();
            self.pawn_w.d.next = 0_u64.into();
            self.kings_r.d.next = 0_u64.into();
            self.has_r.d.next = 0_u64.into();
        } else if self.active.q.val() {
            self.rank.d.next = self.rank.q.val() + 1_u64;
            self.active.d.next = self.rank.q.val() != 8_u64;
            self.own_b.d.next = self.ob.val();
            self.own_w.d.next = self.ow.val();
            self.prom.d.next = self.pr.val();
            self.zone_r.d.next = self.zn.val();
            self.pawn_b.d.next = self.pb.val();
            self.pawn_w.d.next = self.pw.val();
            self.kings_r.d.next = self.kg.val();
            self.has_r.d.next = self.hk.val();
            for j in 0..4 {
                self.sq_file[j].d.next =
                    (self.sq_file[j].q.val() & !self.on.val()) | self.fb[j].val();
                self.sq_rank[j].d.next = self.sq_rank[j].q.val() & !self.on.val();
                if self.rank.q.val().get_bit(j) {
                    self.sq_rank[j].d.next = self.sq_rank[j].q.val() | self.on.val();
                }
            }
        }
        self.busy.next = self.active.q.val();
        self.owned.next = bit_cast::<80, 40>(self.own_b.q.val())
            | (bit_cast::<80, 40>(self.own_w.q.val()) << 40_u64);
        self.promoted.next = self.prom.q.val();
        self.zone.next = self.zone_r.q.val();
        self.pawn_files.next = bit_cast::<18, 9>(self.pawn_b.q.val())
            | (bit_cast::<18, 9>(self.pawn_w.q.val()) << 9_u64);
        self.kings.next = self.kings_r.q.val();
        self.has_king.next = self.has_r.q.val();
        self.squares.next = bit_cast::<320, 40>(self.sq_file[0].q.val())
            | (bit_cast::<320, 40>(self.sq_file[1].q.val()) << 40_u64)
            | (bit_cast::<320, 40>(self.sq_file[2].q.val()) << 80_u64)
            | (bit_cast::<320, 40>(self.sq_file[3].q.val()) << 120_u64)
            | (bit_cast::<320, 40>(self.sq_rank[0].q.val()) << 160_u64)
            | (bit_cast::<320, 40>(self.sq_rank[1].q.val()) << 200_u64)
            | (bit_cast::<320, 40>(self.sq_rank[2].q.val()) << 240_u64)
            | (bit_cast::<320, 40>(self.sq_rank[3].q.val()) << 280_u64);
    }
}
