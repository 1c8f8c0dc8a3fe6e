//! The all-move generator's candidate pass: one rank of destination squares a cycle (9
//! cycles a position), each square's legal moves as identity masks, and their number. The
//! shogi paper's section 7 builds its move generator on the piece cover table; the tsume
//! paper's stage 3 generates a rank's candidates at once. Legality is decided here without
//! making a move, from the cover table, the piece info table and the king's walks (the
//! specification and its checks: `model::shogi::all_moves::candidates`).
//!
//! ```text
//!  at start: latch between, behind, pin lines [81 each]; checkers = T[king] & opponent;
//!            pinned identities one-hot; hand kinds [7]
//!  a cycle, rank r (the walks' latches shift one rank on; the table's rank r comes from the
//!  cover RAMs, the board's from a rank mux):
//!    per file: movers = T[to] & own & ~(pinned off their line)
//!              king moves: T[to] & opponent empty, `to` not behind a slider check
//!              others: no check, or one and `to` captures the checker or is between
//!              plain = movers & (promoted | ~dead end)    promote = movers & promotable &
//!              drops = hand kinds on an empty square     ~promoted & (zone | to in zone)
//!    count = popcount of the rank's 9 x (40 + 40 + 7) bits (an adder tree)
//! ```
//!
//! A pawn dropped in front of the opponent king is a candidate like any other drop, and
//! flagged as the `probe`: it is illegal when it mates (uchifuzume), which the perft walk
//! decides by running the pass on the position after it with `drops_on` low (a check by an
//! adjacent pawn cannot be blocked: no legal move there means mate).
//!
//! Every input but `board` and `rank_covers` is read at `start` (`king_row` with the king
//! rank the piece info table gives); `board` is the piece cover circuit's registers and holds
//! while `busy`, `rank_covers` shows the table's rank `rank` (a cycle after the unit gave its
//! address to the cover RAMs); `valid` is high for the 9 cycles that show ranks 1 to 9 on
//! `moves`, `drops` and `rank_count`; `count` and `probe` hold once `busy` falls.

use super::{c, ids_of, offsets};
use model::shogi::piece_data::ID_BASE;
use model::shogi::Kind::{Bishop, King, Knight, Lance, Pawn, Rook, Silver};
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct AllMoveGenerator {
    pub clock: Signal<In, Clock>,
    pub start: Signal<In, Bit>,
    /// The side to move is Black (the piece data's ownership bit).
    pub black: Signal<In, Bit>,
    /// Drops allowed (low for the uchifuzume probe's pass).
    pub drops_on: Signal<In, Bit>,
    pub board: Signal<In, Bits<810>>,
    /// The piece cover table's rank shown now (`rank`; the unit reads the cover RAMs a
    /// cycle ahead): file `f` in bits `40f..40f+39`.
    pub rank_covers: Signal<In, Bits<360>>,
    /// The side's hand as an identity mask.
    pub hand: Signal<In, Bits<40>>,
    /// The piece info table (`PieceInfoTable`'s outputs).
    pub owned: Signal<In, Bits<80>>,
    pub promoted: Signal<In, Bits<40>>,
    pub zone: Signal<In, Bits<40>>,
    pub pawn_files: Signal<In, Bits<18>>,
    pub kings: Signal<In, Bits<16>>,
    pub has_king: Signal<In, Bits<2>>,
    /// The table's rank of the side's king (the cover circuit's read port: its rank tree
    /// serves both, where a tree of its own here cost some 1,500 LUTs).
    pub king_row: Signal<In, Bits<360>>,
    /// The side's king walks (`KingRays`'s outputs).
    pub between: Signal<In, Bits<81>>,
    pub behind: Signal<In, Bits<81>>,
    pub pinned: Signal<In, Bits<8>>,
    pub pin_ids: Signal<In, Bits<48>>,
    pub pin_lines: Signal<In, Bits<648>>,
    pub busy: Signal<Out, Bit>,
    pub valid: Signal<Out, Bit>,
    /// The rank shown (0 = rank 1).
    pub rank: Signal<Out, Bits<4>>,
    /// Per file `f` of the rank: the board moves without promotion (bits `80f..80f+39`, bit
    /// per identity) and with it (`80f+40..80f+79`).
    pub moves: Signal<Out, Bits<720>>,
    /// Per file `f`: the drops (bits `7f..7f+6`: rook, bishop, gold, silver, knight, lance,
    /// pawn).
    pub drops: Signal<Out, Bits<63>>,
    pub rank_count: Signal<Out, Bits<10>>,
    /// The number of candidates of the position (the probe's drop included).
    pub count: Signal<Out, Bits<10>>,
    /// A pawn drop in front of the opponent king is among the candidates, on `probe_square`.
    pub probe: Signal<Out, Bit>,
    pub probe_square: Signal<Out, Bits<7>>,
    /// The probe square's rank (bits 0-3) and file (bits 4-7).
    pub probe_at: Signal<Out, Bits<8>>,
    bet: DFF<Bits<81>>,
    beh: DFF<Bits<81>>,
    line: [DFF<Bits<81>>; 8],
    pin_oh: [DFF<Bits<40>>; 8],
    chk: DFF<Bits<40>>,
    own: DFF<Bits<40>>,
    opp: DFF<Bits<40>>,
    prom: DFF<Bits<40>>,
    zn: DFF<Bits<40>>,
    pawnf: DFF<Bits<9>>,
    hk: DFF<Bits<7>>,
    side: DFF<Bit>,
    probe_ok: DFF<Bit>,
    probe_rank: DFF<Bits<4>>,
    probe_file: DFF<Bits<4>>,
    probe_r: DFF<Bit>,
    probe_sq: DFF<Bits<7>>,
    row: DFF<Bits<4>>,
    active: DFF<Bit>,
    total: DFF<Bits<10>>,
    k_off10: [Constant<Bits<10>>; 9],
    k_off40: [Constant<Bits<12>>; 9],
    k_off80: [Constant<Bits<10>>; 9],
    k_off7: [Constant<Bits<10>>; 9],
    k_off81: [Constant<Bits<10>>; 8],
    k_off6: [Constant<Bits<6>>; 8],
    k_off90: [Constant<Bits<10>>; 9],
    k_idx: [Constant<Bits<4>>; 9],
    k_file7: [Constant<Bits<7>>; 9],
    k_type: [Constant<Bits<3>>; 8],
    k_base: [Constant<Bits<6>>; 8],
    k_index: [Constant<Bits<5>>; 18],
    k_count: [Constant<Bits<18>>; 8],
    k_id: [Constant<Bits<6>>; 40],
    /// Identities: kings; pawns, lances and knights; knights; those that promote.
    k_kings: Constant<Bits<40>>,
    k_plk: Constant<Bits<40>>,
    k_knights: Constant<Bits<40>>,
    k_promotable: Constant<Bits<40>>,
    // At start: the own and opponent king, the king's row of the table.
    s_own: Signal<Local, Bits<40>>,
    s_opp: Signal<Local, Bits<40>>,
    s_kf: Signal<Local, Bits<4>>,
    s_okr: Signal<Local, Bits<4>>,
    s_okf: Signal<Local, Bits<4>>,
    s_has: Signal<Local, Bit>,
    s_ohas: Signal<Local, Bit>,
    s_cov: Signal<Local, Bits<40>>,
    /// The rank shown now, of the table and of the board (rank muxes on the row counter).
    t_rank: Signal<Local, Bits<360>>,
    // The rank multiplexers' trees (see `update`).
    sc_pair: [Signal<Local, Bits<40>>; 4],
    sc_quad: [Signal<Local, Bits<40>>; 2],
    sc_oct: Signal<Local, Bits<40>>,
    br_pair: [Signal<Local, Bits<90>>; 4],
    br_quad: [Signal<Local, Bits<90>>; 2],
    br_oct: Signal<Local, Bits<90>>,
    b_rank: Signal<Local, Bits<90>>,
    pid: [Signal<Local, Bits<6>>; 8],
    pid_oh: [Signal<Local, Bits<40>>; 8],
    s_hk: Signal<Local, Bits<7>>,
    // The rank: dead ends, the promotion zone, checks.
    last: Signal<Local, Bit>,
    second: Signal<Local, Bit>,
    to_zone: Signal<Local, Bit>,
    dead: Signal<Local, Bits<40>>,
    dead_drop: Signal<Local, Bits<7>>,
    plain_ok: Signal<Local, Bits<40>>,
    promo_ok: Signal<Local, Bits<40>>,
    any_chk: Signal<Local, Bit>,
    no_chk: Signal<Local, Bit>,
    two_chk: Signal<Local, Bit>,
    one_chk: Signal<Local, Bit>,
    // Per file.
    data: [Signal<Local, Bits<10>>; 9],
    occ: [Signal<Local, Bit>; 9],
    mine: [Signal<Local, Bit>; 9],
    cov: [Signal<Local, Bits<40>>; 9],
    idx_oh: [Signal<Local, Bits<18>>; 9],
    t_cut: Signal<Local, Bits<18>>,
    oh: [Signal<Local, Bits<40>>; 9],
    t_pl: Signal<Local, Bits<40>>,
    t_pm: Signal<Local, Bits<40>>,
    t_dr: Signal<Local, Bits<7>>,
    ok_king: [Signal<Local, Bit>; 9],
    ok_other: [Signal<Local, Bit>; 9],
    between_f: [Signal<Local, Bit>; 9],
    unpin: [Signal<Local, Bits<40>>; 9],
    mv: [Signal<Local, Bits<40>>; 9],
    dr: [Signal<Local, Bits<7>>; 9],
    mv_all: Signal<Local, Bits<720>>,
    dr_all: Signal<Local, Bits<63>>,
    // The popcount: the rank's 783 candidate bits in 1040, then an adder tree.
    cbits: Signal<Local, Bits<1040>>,
    l1: [Signal<Local, Bits<10>>; 512],
    l2: [Signal<Local, Bits<10>>; 256],
    l3: [Signal<Local, Bits<10>>; 128],
    l4: [Signal<Local, Bits<10>>; 64],
    l5: [Signal<Local, Bits<10>>; 32],
    l6: [Signal<Local, Bits<10>>; 16],
    l7: [Signal<Local, Bits<10>>; 8],
    l8: [Signal<Local, Bits<10>>; 4],
    l9: [Signal<Local, Bits<10>>; 2],
    probe_n: Signal<Local, Bit>,
    probe_sq_n: Signal<Local, Bits<7>>,
    t_rank7: Signal<Local, Bits<7>>,
}

impl Default for AllMoveGenerator {
    fn default() -> Self {
        AllMoveGenerator {
            clock: Default::default(),
            start: Default::default(),
            black: Default::default(),
            drops_on: Default::default(),
            board: Default::default(),
            rank_covers: Default::default(),
            hand: Default::default(),
            owned: Default::default(),
            promoted: Default::default(),
            zone: Default::default(),
            pawn_files: Default::default(),
            kings: Default::default(),
            has_king: Default::default(),
            between: Default::default(),
            behind: Default::default(),
            pinned: Default::default(),
            pin_ids: Default::default(),
            pin_lines: Default::default(),
            king_row: Default::default(),
            busy: Default::default(),
            valid: Default::default(),
            rank: Default::default(),
            moves: Default::default(),
            drops: Default::default(),
            rank_count: Default::default(),
            count: Default::default(),
            probe: Default::default(),
            probe_square: Default::default(),
            probe_at: Default::default(),
            bet: Default::default(),
            beh: Default::default(),
            line: Default::default(),
            pin_oh: Default::default(),
            chk: Default::default(),
            own: Default::default(),
            opp: Default::default(),
            prom: Default::default(),
            zn: Default::default(),
            pawnf: Default::default(),
            hk: Default::default(),
            side: Default::default(),
            probe_ok: Default::default(),
            probe_rank: Default::default(),
            probe_file: Default::default(),
            probe_r: Default::default(),
            probe_sq: Default::default(),
            row: Default::default(),
            active: Default::default(),
            total: Default::default(),
            k_off10: offsets(10),
            k_off40: offsets(40),
            k_off80: offsets(80),
            k_off7: offsets(7),
            k_off81: offsets(81),
            k_off6: offsets(6),
            k_off90: offsets(90),
            k_idx: std::array::from_fn(|f| c(f as u64)),
            k_file7: std::array::from_fn(|f| c(f as u64)),
            k_type: std::array::from_fn(|t| c(t as u64)),
            k_base: std::array::from_fn(|t| c(ID_BASE[t] as u64)),
            k_index: super::id_decode().0,
            k_count: super::id_decode().1,
            k_id: std::array::from_fn(|j| c(j as u64)),
            k_kings: ids_of(&[King]),
            k_plk: ids_of(&[Knight, Lance, Pawn]),
            k_knights: ids_of(&[Knight]),
            k_promotable: ids_of(&[Rook, Bishop, Silver, Knight, Lance, Pawn]),
            s_own: Default::default(),
            s_opp: Default::default(),
            s_kf: Default::default(),
            s_okr: Default::default(),
            s_okf: Default::default(),
            s_has: Default::default(),
            s_ohas: Default::default(),
            s_cov: Default::default(),
            t_rank: Default::default(),
            sc_pair: Default::default(),
            sc_quad: Default::default(),
            sc_oct: Default::default(),
            br_pair: Default::default(),
            br_quad: Default::default(),
            br_oct: Default::default(),
            b_rank: Default::default(),
            pid: Default::default(),
            pid_oh: Default::default(),
            s_hk: Default::default(),
            last: Default::default(),
            second: Default::default(),
            to_zone: Default::default(),
            dead: Default::default(),
            dead_drop: Default::default(),
            plain_ok: Default::default(),
            promo_ok: Default::default(),
            any_chk: Default::default(),
            no_chk: Default::default(),
            two_chk: Default::default(),
            one_chk: Default::default(),
            data: Default::default(),
            occ: Default::default(),
            mine: Default::default(),
            cov: Default::default(),
            idx_oh: Default::default(),
            t_cut: Default::default(),
            oh: Default::default(),
            t_pl: Default::default(),
            t_pm: Default::default(),
            t_dr: Default::default(),
            ok_king: Default::default(),
            ok_other: Default::default(),
            between_f: Default::default(),
            unpin: Default::default(),
            mv: Default::default(),
            dr: Default::default(),
            mv_all: Default::default(),
            dr_all: Default::default(),
            cbits: Default::default(),
            l1: std::array::from_fn(|_| Default::default()),
            l2: std::array::from_fn(|_| Default::default()),
            l3: std::array::from_fn(|_| Default::default()),
            l4: std::array::from_fn(|_| Default::default()),
            l5: Default::default(),
            l6: Default::default(),
            l7: Default::default(),
            l8: Default::default(),
            l9: Default::default(),
            probe_n: Default::default(),
            probe_sq_n: Default::default(),
            t_rank7: Default::default(),
        }
    }
}

impl Logic for AllMoveGenerator {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, bet, beh, chk, own, opp, prom, zn, pawnf, hk, side, probe_ok, probe_rank,
            probe_file, probe_r, probe_sq, row, active, total
        );
        for d in 0..8 {
            self.line[d].clock.next = self.clock.val();
            self.pin_oh[d].clock.next = self.clock.val();
            self.line[d].d.next = self.line[d].q.val();
            self.pin_oh[d].d.next = self.pin_oh[d].q.val();
        }
        // What start latches: the side's view of the piece info, the king's row of the
        // table (a rank mux, then a file mux), the probe square (behind the opponent king).
        self.s_own.next = self.owned.val().get_bits::<40>(40);
        self.s_opp.next = self.owned.val().get_bits::<40>(0);
        self.s_kf.next = self.kings.val().get_bits::<4>(12);
        self.s_okr.next = self.kings.val().get_bits::<4>(0);
        self.s_okf.next = self.kings.val().get_bits::<4>(4);
        self.s_has.next = self.has_king.val().get_bit(1);
        self.s_ohas.next = self.has_king.val().get_bit(0);
        if self.black.val() {
            self.s_own.next = self.owned.val().get_bits::<40>(0);
            self.s_opp.next = self.owned.val().get_bits::<40>(40);
            self.s_kf.next = self.kings.val().get_bits::<4>(4);
            self.s_okr.next = self.kings.val().get_bits::<4>(8);
            self.s_okf.next = self.kings.val().get_bits::<4>(12);
            self.s_has.next = self.has_king.val().get_bit(0);
            self.s_ohas.next = self.has_king.val().get_bit(1);
        }
        self.s_hk.next = 0_u64.into();
        if self.hand.val().get_bits::<2>(2).any() {
            self.s_hk.next = self.s_hk.val() | 1_u64;
        }
        if self.hand.val().get_bits::<2>(4).any() {
            self.s_hk.next = self.s_hk.val() | 2_u64;
        }
        if self.hand.val().get_bits::<4>(6).any() {
            self.s_hk.next = self.s_hk.val() | 4_u64;
        }
        if self.hand.val().get_bits::<4>(10).any() {
            self.s_hk.next = self.s_hk.val() | 8_u64;
        }
        if self.hand.val().get_bits::<4>(14).any() {
            self.s_hk.next = self.s_hk.val() | 16_u64;
        }
        if self.hand.val().get_bits::<4>(18).any() {
            self.s_hk.next = self.s_hk.val() | 32_u64;
        }
        if self.hand.val().get_bits::<18>(22).any() {
            self.s_hk.next = self.s_hk.val() | 64_u64;
        }
        // The pinned identities' one-hots (a decoder each: a shift of 1 would be a shifter).
        for d in 0..8 {
            self.pid[d].next = self
                .pin_ids
                .val()
                .get_bits::<6>(self.k_off6[d].val().index());
            self.pid_oh[d].next = 0_u64.into();
            for j in 0..40 {
                self.pid_oh[d].next = self.pid_oh[d]
                    .val()
                    .replace_bit(j, self.pid[d].val() == self.k_id[j].val());
            }
        }
        // The king's square of the table, from its rank (`king_row`): a balanced tree of 2:1
        // multiplexers on the file's bits (a chain of nine compares costs twice the LUTs).
        for k in 0..4 {
            self.sc_pair[k].next = self
                .king_row
                .val()
                .get_bits::<40>(self.k_off40[2 * k].val().index());
            if self.s_kf.val().get_bit(0) {
                self.sc_pair[k].next = self
                    .king_row
                    .val()
                    .get_bits::<40>(self.k_off40[2 * k + 1].val().index());
            }
        }
        for k in 0..2 {
            self.sc_quad[k].next = self.sc_pair[2 * k].val();
            if self.s_kf.val().get_bit(1) {
                self.sc_quad[k].next = self.sc_pair[2 * k + 1].val();
            }
        }
        self.sc_oct.next = self.sc_quad[0].val();
        if self.s_kf.val().get_bit(2) {
            self.sc_oct.next = self.sc_quad[1].val();
        }
        self.s_cov.next = self.sc_oct.val();
        if self.s_kf.val().get_bit(3) {
            self.s_cov.next = self.king_row.val().get_bits::<40>(320);
        }
        // The rank shown now.
        self.last.next = self.row.q.val() == 8_u64;
        self.second.next = self.row.q.val() == 7_u64;
        self.to_zone.next = self.row.q.val() > 5_u64;
        if self.side.q.val() {
            self.last.next = self.row.q.val() == 0_u64;
            self.second.next = self.row.q.val() == 1_u64;
            self.to_zone.next = self.row.q.val() < 3_u64;
        }
        self.dead.next = 0_u64.into();
        self.dead_drop.next = 0_u64.into();
        if self.last.val() {
            self.dead.next = self.k_plk.val();
            self.dead_drop.next = 0x70_u64.into();
        }
        if self.second.val() {
            self.dead.next = self.k_knights.val();
            self.dead_drop.next = 0x10_u64.into();
        }
        self.plain_ok.next = self.prom.q.val() | !self.dead.val();
        self.promo_ok.next = 0_u64.into();
        if self.to_zone.val() {
            self.promo_ok.next = self.k_promotable.val() & !self.prom.q.val();
        } else {
            self.promo_ok.next = self.k_promotable.val() & !self.prom.q.val() & self.zn.q.val();
        }
        self.any_chk.next = self.chk.q.val().any();
        self.no_chk.next = !self.any_chk.val();
        self.two_chk.next = (self.chk.q.val() & (self.chk.q.val() - 1_u64)).any();
        self.one_chk.next = self.any_chk.val() & !self.two_chk.val();
        self.mv_all.next = 0_u64.into();
        self.dr_all.next = 0_u64.into();
        self.probe_n.next = self.probe_r.q.val();
        self.probe_sq_n.next = self.probe_sq.q.val();
        self.t_rank7.next = bit_cast::<7, 4>(self.row.q.val());
        // The rank shown now, of the table (from the cover RAMs) and of the board (a tree on
        // the row's bits; row 9, after the pass, picks rank 9: nothing counts then).
        self.t_rank.next = self.rank_covers.val();
        for k in 0..4 {
            self.br_pair[k].next = self
                .board
                .val()
                .get_bits::<90>(self.k_off90[2 * k].val().index());
            if self.row.q.val().get_bit(0) {
                self.br_pair[k].next = self
                    .board
                    .val()
                    .get_bits::<90>(self.k_off90[2 * k + 1].val().index());
            }
        }
        for k in 0..2 {
            self.br_quad[k].next = self.br_pair[2 * k].val();
            if self.row.q.val().get_bit(1) {
                self.br_quad[k].next = self.br_pair[2 * k + 1].val();
            }
        }
        self.br_oct.next = self.br_quad[0].val();
        if self.row.q.val().get_bit(2) {
            self.br_oct.next = self.br_quad[1].val();
        }
        self.b_rank.next = self.br_oct.val();
        if self.row.q.val().get_bit(3) {
            self.b_rank.next = self.board.val().get_bits::<90>(720);
        }
        for f in 0..9 {
            self.data[f].next = self
                .b_rank
                .val()
                .get_bits::<10>(self.k_off10[f].val().index());
            self.occ[f].next = self.data[f].val().get_bits::<5>(0).any();
            self.mine[f].next =
                self.occ[f].val() & (self.data[f].val().get_bit(5) == self.side.q.val());
            self.cov[f].next = self
                .t_rank
                .val()
                .get_bits::<40>(self.k_off40[f].val().index());
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
                if self.occ[f].val() & (self.data[f].val().get_bits::<3>(7) == self.k_type[t].val())
                {
                    // (A function's arguments cannot name the loop index: a scalar temporary.)
                    self.t_cut.next = self.idx_oh[f].val() & self.k_count[t].val();
                    self.oh[f].next = self.oh[f].val()
                        | (bit_cast::<40, 18>(self.t_cut.val()) << self.k_base[t].val());
                }
            }
            self.between_f[f].next = self.bet.q.val().get_bit(f);
            self.ok_king[f].next =
                !((self.cov[f].val() & self.opp.q.val()).any() | self.beh.q.val().get_bit(f));
            self.ok_other[f].next = self.no_chk.val()
                | (self.one_chk.val()
                    & ((self.oh[f].val() & self.chk.q.val()).any() | self.between_f[f].val()));
            self.unpin[f].next = 0_u64.into();
            for d in 0..8 {
                if !self.line[d].q.val().get_bit(f) {
                    self.unpin[f].next = self.unpin[f].val() | self.pin_oh[d].q.val();
                }
            }
            self.mv[f].next = self.cov[f].val() & self.own.q.val() & !self.unpin[f].val();
            if !self.ok_other[f].val() {
                self.mv[f].next = self.mv[f].val() & self.k_kings.val();
            }
            if !self.ok_king[f].val() {
                self.mv[f].next = self.mv[f].val() & !self.k_kings.val();
            }
            if self.mine[f].val() {
                self.mv[f].next = 0_u64.into();
            }
            self.dr[f].next = 0_u64.into();
            if !self.occ[f].val()
                & (self.no_chk.val() | (self.one_chk.val() & self.between_f[f].val()))
            {
                self.dr[f].next = self.hk.q.val() & !self.dead_drop.val();
                if self.pawnf.q.val().get_bit(f) {
                    self.dr[f].next = self.dr[f].val() & 0x3f_u64;
                }
            }
            if self.probe_ok.q.val()
                & (self.row.q.val() == self.probe_rank.q.val())
                & (self.k_idx[f].val() == self.probe_file.q.val())
                & self.dr[f].val().get_bit(6)
                & self.active.q.val()
            {
                self.probe_n.next = true;
                self.probe_sq_n.next =
                    (self.t_rank7.val() << 3_u64) + self.t_rank7.val() + self.k_file7[f].val();
            }
            self.t_pl.next = self.mv[f].val() & self.plain_ok.val();
            self.t_pm.next = self.mv[f].val() & self.promo_ok.val();
            self.t_dr.next = self.dr[f].val();
            self.mv_all.next = self.mv_all.val()
                | (bit_cast::<720, 40>(self.t_pl.val()) << self.k_off80[f].val())
                | (bit_cast::<720, 40>(self.t_pm.val()) << (self.k_off80[f].val() + 40_u64));
            self.dr_all.next =
                self.dr_all.val() | (bit_cast::<63, 7>(self.t_dr.val()) << self.k_off7[f].val());
        }
        // The rank's count: an adder tree over the 783 candidate bits.
        self.cbits.next = bit_cast::<1040, 720>(self.mv_all.val())
            | (bit_cast::<1040, 63>(self.dr_all.val()) << 720_u64);
        for i in 0..512 {
            self.l1[i].next = (self.cbits.val().get_bits::<10>(2 * i) & 1_u64)
                + (self.cbits.val().get_bits::<10>(2 * i + 1) & 1_u64);
        }
        for i in 0..256 {
            self.l2[i].next = self.l1[2 * i].val() + self.l1[2 * i + 1].val();
        }
        for i in 0..128 {
            self.l3[i].next = self.l2[2 * i].val() + self.l2[2 * i + 1].val();
        }
        for i in 0..64 {
            self.l4[i].next = self.l3[2 * i].val() + self.l3[2 * i + 1].val();
        }
        for i in 0..32 {
            self.l5[i].next = self.l4[2 * i].val() + self.l4[2 * i + 1].val();
        }
        for i in 0..16 {
            self.l6[i].next = self.l5[2 * i].val() + self.l5[2 * i + 1].val();
        }
        for i in 0..8 {
            self.l7[i].next = self.l6[2 * i].val() + self.l6[2 * i + 1].val();
        }
        for i in 0..4 {
            self.l8[i].next = self.l7[2 * i].val() + self.l7[2 * i + 1].val();
        }
        for i in 0..2 {
            self.l9[i].next = self.l8[2 * i].val() + self.l8[2 * i + 1].val();
        }
        self.rank_count.next = self.l9[0].val() + self.l9[1].val();
        if self.start.val() {
            self.side.d.next = self.black.val();
            self.own.d.next = self.s_own.val();
            self.opp.d.next = self.s_opp.val();
            self.prom.d.next = self.promoted.val();
            self.zn.d.next = self.zone.val();
            self.pawnf.d.next = self.pawn_files.val().get_bits::<9>(9);
            if self.black.val() {
                self.pawnf.d.next = self.pawn_files.val().get_bits::<9>(0);
            }
            // The side's hand kinds: rook, bishop, gold, silver, knight, lance, pawn.
            self.hk.d.next = 0_u64.into();
            if self.drops_on.val() {
                self.hk.d.next = self.s_hk.val();
            }
            // The probe square: one step behind the opponent king, seen from the side.
            // (Black's pawns move to lower ranks: Black's probe is a rank below the king.)
            self.probe_ok.d.next = self.s_ohas.val() & (self.s_okr.val() != 0_u64);
            self.probe_rank.d.next = self.s_okr.val() - 1_u64;
            if self.black.val() {
                self.probe_ok.d.next = self.s_ohas.val() & (self.s_okr.val() != 8_u64);
                self.probe_rank.d.next = self.s_okr.val() + 1_u64;
            }
            self.probe_file.d.next = self.s_okf.val();
            self.probe_r.d.next = false;
            self.probe_sq.d.next = 0_u64.into();
            self.row.d.next = 0_u64.into();
            self.active.d.next = true;
            self.total.d.next = 0_u64.into();
            // Without an own king nothing checks, nothing is pinned, nothing is behind.
            self.chk.d.next = 0_u64.into();
            self.bet.d.next = 0_u64.into();
            self.beh.d.next = 0_u64.into();
            for d in 0..8 {
                self.line[d].d.next = 0_u64.into();
                self.pin_oh[d].d.next = 0_u64.into();
            }
            if self.s_has.val() {
                self.chk.d.next = self.s_cov.val() & self.s_opp.val();
                self.bet.d.next = self.between.val();
                self.beh.d.next = self.behind.val();
                for d in 0..8 {
                    self.line[d].d.next = self
                        .pin_lines
                        .val()
                        .get_bits::<81>(self.k_off81[d].val().index());
                    if self.pinned.val().get_bit(d) {
                        self.pin_oh[d].d.next = self.pid_oh[d].val();
                    }
                }
            }
        } else if self.active.q.val() {
            self.bet.d.next = self.bet.q.val() >> 9_u64;
            self.beh.d.next = self.beh.q.val() >> 9_u64;
            for d in 0..8 {
                self.line[d].d.next = self.line[d].q.val() >> 9_u64;
            }
            self.row.d.next = self.row.q.val() + 1_u64;
            self.active.d.next = self.row.q.val() != 8_u64;
            self.total.d.next = self.total.q.val() + self.rank_count.val();
            self.probe_r.d.next = self.probe_n.val();
            self.probe_sq.d.next = self.probe_sq_n.val();
        }
        self.busy.next = self.active.q.val();
        self.valid.next = self.active.q.val();
        self.rank.next = self.row.q.val();
        self.moves.next = self.mv_all.val();
        self.drops.next = self.dr_all.val();
        self.count.next = self.total.q.val();
        self.probe.next = self.probe_r.q.val();
        self.probe_square.next = self.probe_sq.q.val();
        self.probe_at.next = bit_cast::<8, 4>(self.probe_rank.q.val())
            | (bit_cast::<8, 4>(self.probe_file.q.val()) << 4_u64);
    }
}
