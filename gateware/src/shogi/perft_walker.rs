//! Perft on chip: a depth-first walk over the all-move unit, the positions made and unmade in
//! its board data, the candidates of each node on a stack in block RAM. No move crosses the
//! link. The specification, cycle for cycle: `model::shogi::walk::perft_walk`.
//!
//! With `mate` at `start` the same walk searches a mate of `depth` plies (the tsume circuit's
//! masks A and B from the unit's discover walk at the attacker's jobs, mask A registered
//! as that walk ends, its check/defense move generator on the candidate stream: only checks
//! reach an attacker's frame). Each node returns a result: an attacker
//! without a check has no mate, a defender without a legal move is mated, and a defender at
//! the last ply with a move is not. The attacker stops at its first child that mates, the
//! defender at its first that does not (a cut-off: Unmake2, then Return). `mated` and the
//! root frame's cursor (`first_*`) give the answer. Its specification, cycle for cycle:
//! `model::shogi::walk::mate_walk`.
//!
//! ```text
//!  Node: start a moves job -> Wait (the job, its candidate ranks written to the stack frame
//!      {ply, rank} as the unit streams them; the cycle it ends)
//!    one ply above the leaves: leaves += the legal count -> Return
//!  Fetch {ply, rank} (1) -> Pick: the lowest candidate bit past the bit cursor (20 groups
//!      of 40, two levels)
//!    none: next rank (cursor off), or Return after rank 9; the mating pawn drop: the cursor
//!      on it, Fetch
//!    a move: the cursor on it -> Make1: push the undo frame (the two rank words, the hands,
//!      the rank and bit cursors, the mating square, the square table's change); write the
//!      from rank (a drop: the to rank); the square table moves the identity -> Make2: write
//!      the to rank; the side flips -> Node (ply + 1)
//!  Return: ply 0 -> Idle; else pop the undo frame -> Unmake1, Unmake2: the two rank words
//!    back, the hands, cursors and square table restored -> Fetch
//! ```
//!
//! A board move's from square comes from the walker's square table (where each identity
//! stands, as bit planes: `PieceInfoTable::squares` taken when the root's job ends, then
//! kept by the makes and unmakes: a make moves the identity it moves or drops, an unmake
//! moves it back and puts a captured identity back on the to square), so no circuit searches
//! the 81 squares of the board data for the moving identity.
//!
//! The walker reads the squares a move changes from the unit's board data. While the walker
//! is idle the unit is the owner's: its rank writes, cover and moves jobs (`black` and `hands`
//! hold during them) and table reads pass through, and an idle moves job's candidates land in
//! frame 0 for the owner's reads (`rd_moves`, a group of 40 a cycle through the pick's group
//! multiplexer); `black` and `hands` are read at `start`. `stop`
//! unwinds a walk: the node's job ends, the moves on the undo stack are unmade (at most
//! 72 + 2 + 4 x `WALK_MAX_DEPTH` cycles), and the board data holds the walk's root again.

use super::{c, mask, offsets, AllMovesUnit};
use crate::common::StackRam;
use crate::tsume::{CheckDefenseMoveGenerator, CheckMaskGenerator};
use model::shogi::piece_data::{kind_of_id, ID_BASE};
use model::shogi::protocol::{RANK_BOARD_MOVE_BITS, RANK_DROP_BITS};
use model::shogi::Kind;
use rust_hdl::prelude::*;

/// A rank's candidates padded to 20 groups of 40 bits.
const FRAME_RANK_BITS: usize = 800;
/// An undo frame: the old words of the two ranks written (90 each), their ranks (4 each), the
/// hands (80), the rank cursor (4), the mating square's flag (1) and square (7), the bit
/// cursor (on 1, group 5, bit 6); for the square table: the identity moved or dropped (6),
/// the from and to files (4 each), whether it was a drop (1), a capture (1), and the identity
/// captured (6).
const UNDO_BITS: usize = 314;

/// The walker's phases.
#[derive(Copy, Clone, PartialEq, Debug, LogicState)]
pub enum WalkPhase {
    Idle,
    Node,
    Wait,
    Fetch,
    Pick,
    Make1,
    Make2,
    Return,
    Unmake1,
    Unmake2,
}

/// The kind code of identity `id`.
fn kind_of(id: usize) -> usize {
    kind_of_id(id as u8).code() as usize
}

#[derive(LogicBlock)]
pub struct PerftWalker {
    pub clock: Signal<In, Clock>,
    /// The owner's rank writes (while idle).
    pub wr_en: Signal<In, Bit>,
    pub wr_rank: Signal<In, Bits<4>>,
    pub wr_data: Signal<In, Bits<90>>,
    /// The side to move is Black; the hands (Black's identities in bits 0-39, White's 40-79).
    pub black: Signal<In, Bit>,
    pub hands: Signal<In, Bits<80>>,
    /// Start a perft of `depth` (1 to `model::shogi::walk::WALK_MAX_DEPTH`).
    pub start: Signal<In, Bit>,
    pub depth: Signal<In, Bits<5>>,
    /// With `start`: a mate walk of `depth` plies (odd, at most
    /// `model::shogi::walk::MATE_MAX_PLIES`, 15) by the side to move,
    /// instead of a perft (`model::shogi::walk::mate_walk`).
    pub mate: Signal<In, Bit>,
    pub stop: Signal<In, Bit>,
    pub busy: Signal<Out, Bit>,
    /// The unit's jobs and reads while the walker is idle (`AllMovesUnit`'s ports; from the
    /// cycle after `rd_rank`, while it holds, the candidates of group `rd_group` of that rank
    /// in frame 0 of the stack: bits `40 rd_group..` of the rank's, read through the pick's
    /// group multiplexer, so that the stack's read port has one consumer).
    pub start_cover: Signal<In, Bit>,
    pub start_moves: Signal<In, Bit>,
    pub rd_rank: Signal<In, Bits<4>>,
    pub rd_group: Signal<In, Bits<5>>,
    pub rd_covers: Signal<Out, Bits<360>>,
    pub rd_moves: Signal<Out, Bits<40>>,
    pub count: Signal<Out, Bits<10>>,
    pub probe: Signal<Out, Bit>,
    pub probe_square: Signal<Out, Bits<7>>,
    pub probe_mates: Signal<Out, Bit>,
    /// Leaves counted, moves jobs run.
    pub leaves: Signal<Out, Bits<48>>,
    pub nodes: Signal<Out, Bits<32>>,
    /// After a mate walk: it mates, and the root's mating check is the candidate at the
    /// root frame's rank `first_rank`, group `first_group`, bit `first_bit` (`rd_moves`'
    /// layout).
    pub mated: Signal<Out, Bit>,
    pub first_rank: Signal<Out, Bits<4>>,
    pub first_group: Signal<Out, Bits<5>>,
    pub first_bit: Signal<Out, Bits<6>>,
    unit: AllMovesUnit,
    /// The tsume circuit's stages 2 and 3 on the unit's stream: at a mate walk's attacker
    /// plies only the checks reach the frame.
    masks: CheckMaskGenerator,
    filter: CheckDefenseMoveGenerator,
    /// Mask A, registered in the cycle the unit's discover walk ends (`disc_end`, at the
    /// attacker's jobs; the candidates stream from the next cycle on); mask B is the unit's.
    a_r: [DFF<Bits<81>>; 9],
    mating: DFF<Bit>,
    /// The last node's result (mate below it); a frame's checks (none: no mate there).
    res: DFF<Bit>,
    any_r: DFF<Bit>,
    /// The candidate stack: written by the unit's stream only, while the unit is busy; read in
    /// Fetch and by the owner while it is idle (`StackRam`'s contract holds).
    cands: StackRam<FRAME_RANK_BITS, 8>,
    undo: RAM<Bits<UNDO_BITS>, 4>,
    phase: DFF<WalkPhase>,
    stopping: DFF<Bit>,
    hand: DFF<Bits<80>>,
    side: DFF<Bit>,
    ply: DFF<Bits<4>>,
    last: DFF<Bits<4>>,
    cur_r: DFF<Bits<4>>,
    // The bit cursor: the rank word's candidates up to group cur_g, bit cur_b are popped
    // (none while cur_on is clear).
    cur_on: DFF<Bit>,
    cur_g: DFF<Bits<5>>,
    cur_b: DFF<Bits<6>>,
    mate_ok: DFF<Bit>,
    mate_sq: DFF<Bits<7>>,
    // The move picked: destination file, drop or board move, identity and promotion, or the
    // drop's hand kind (0 rook .. 6 pawn); the piece data the to square gets.
    mv_f: DFF<Bits<4>>,
    mv_drop: DFF<Bit>,
    mv_id: DFF<Bits<6>>,
    mv_prom: DFF<Bit>,
    mv_kind: DFF<Bits<3>>,
    nd: DFF<Bits<10>>,
    leaves_r: DFF<Bits<48>>,
    nodes_r: DFF<Bits<32>>,
    k_idx: [Constant<Bits<4>>; 9],
    k_fmask: [Constant<Bits<90>>; 9],
    // The square table: bit i of sq_file[j] (sq_rank[j]) is bit j of identity i's file
    // (rank).
    sq_file: [DFF<Bits<40>>; 4],
    sq_rank: [DFF<Bits<40>>; 4],
    /// The kings' squares from the table, by identity (0: rank bits 0-3, file 4-7; 1: 8-15),
    /// named to the unit with every start below the root.
    kings_sq: Signal<Local, Bits<16>>,
    k_plane_r: [Constant<Bits<10>>; 4],
    k_id_bit: [Constant<Bits<40>>; 6],
    k_grp_bit: [Constant<Bits<20>>; 5],
    k_off40: [Constant<Bits<10>>; 20],
    k_g: [Constant<Bits<5>>; 20],
    k_ones40: Constant<Bits<40>>,
    k_d: [Constant<Bits<6>>; 63],
    k_d_file: [Constant<Bits<4>>; 63],
    k_d_kind: [Constant<Bits<3>>; 63],
    k_hk: [Constant<Bits<3>>; 7],
    k_hk_ids: [Constant<Bits<40>>; 7],
    k_hk_data: [Constant<Bits<10>>; 7],
    k_hk_base: [Constant<Bits<6>>; 7],
    k_type: [Constant<Bits<3>>; 8],
    k_base: [Constant<Bits<6>>; 8],
    k_one: Constant<Bits<64>>,
    k_drops_at: Constant<Bits<10>>,
    // Pick: the frame's rank word, its groups, the lowest candidate (idle: the group read).
    idle: Signal<Local, Bit>,
    masked: Signal<Local, Bit>,
    attacking: Signal<Local, Bit>,
    any_now: Signal<Local, Bit>,
    g_any: Signal<Local, Bits<20>>,
    g_low: Signal<Local, Bits<20>>,
    g_sel: Signal<Local, Bits<5>>,
    gw: Signal<Local, Bits<40>>,
    low: Signal<Local, Bits<40>>,
    b_idx: Signal<Local, Bits<6>>,
    b_gt: Signal<Local, Bits<40>>,
    g_keep: [Signal<Local, Bits<40>>; 20],
    p_drop: Signal<Local, Bit>,
    p_d: Signal<Local, Bits<6>>,
    p_file: Signal<Local, Bits<4>>,
    p_kind: Signal<Local, Bits<3>>,
    p_to: Signal<Local, Bits<7>>,
    p_skip: Signal<Local, Bit>,
    // Make: the from square, the data moved, captured and dropped.
    from_r: Signal<Local, Bits<4>>,
    from_f: Signal<Local, Bits<4>>,
    own_hand: Signal<Local, Bits<40>>,
    avail: Signal<Local, Bits<40>>,
    d_low: Signal<Local, Bits<40>>,
    d_id: Signal<Local, Bits<6>>,
    d_data: Signal<Local, Bits<10>>,
    to_data: Signal<Local, Bits<10>>,
    hk_base: Signal<Local, Bits<6>>,
    cap_id: Signal<Local, Bits<6>>,
    cap_bit: Signal<Local, Bits<80>>,
    mover: Signal<Local, Bits<10>>,
    // A square write: rank, file, data; the rank's words before and after; the 2nd rank's.
    w_r: Signal<Local, Bits<4>>,
    w_f: Signal<Local, Bits<4>>,
    w_d: Signal<Local, Bits<10>>,
    w_old: Signal<Local, Bits<90>>,
    w_new: Signal<Local, Bits<90>>,
    w_sel: Signal<Local, Bits<90>>,
    w_rep: Signal<Local, Bits<90>>,
    w_en: Signal<Local, Bit>,
    w_word: Signal<Local, Bits<90>>,
    rank_a: Signal<Local, Bits<4>>,
    word_a: Signal<Local, Bits<90>>,
    rank_b: Signal<Local, Bits<4>>,
    word_b: Signal<Local, Bits<90>>,
    fa_r: Signal<Local, Bits<4>>,
    fa_f: Signal<Local, Bits<4>>,
    sq_a: Signal<Local, Bits<10>>,
    // The read multiplexers' trees.
    wa_pair: [Signal<Local, Bits<90>>; 4],
    wa_quad: [Signal<Local, Bits<90>>; 2],
    wa_oct: Signal<Local, Bits<90>>,
    wb_pair: [Signal<Local, Bits<90>>; 4],
    wb_quad: [Signal<Local, Bits<90>>; 2],
    wb_oct: Signal<Local, Bits<90>>,
    sa_pair: [Signal<Local, Bits<10>>; 4],
    sa_quad: [Signal<Local, Bits<10>>; 2],
    sa_oct: Signal<Local, Bits<10>>,
    td_pair: [Signal<Local, Bits<10>>; 4],
    td_quad: [Signal<Local, Bits<10>>; 2],
    td_oct: Signal<Local, Bits<10>>,
    u: Signal<Local, Bits<UNDO_BITS>>,
    // A square table write: load the root's, or move identity t_id to (t_r, t_f).
    t_load: Signal<Local, Bit>,
    t_we: Signal<Local, Bit>,
    t_id: Signal<Local, Bits<6>>,
    t_r: Signal<Local, Bits<4>>,
    t_f: Signal<Local, Bits<4>>,
    t_clr: Signal<Local, Bits<40>>,
    t_fset: [Signal<Local, Bits<40>>; 4],
    t_rset: [Signal<Local, Bits<40>>; 4],
}

impl Default for PerftWalker {
    fn default() -> Self {
        let hand_kind = |k: usize| Kind::HAND[k].code() as usize;
        PerftWalker {
            clock: Default::default(),
            wr_en: Default::default(),
            wr_rank: Default::default(),
            wr_data: Default::default(),
            black: Default::default(),
            hands: Default::default(),
            start: Default::default(),
            depth: Default::default(),
            mate: Default::default(),
            stop: Default::default(),
            busy: Default::default(),
            start_cover: Default::default(),
            start_moves: Default::default(),
            rd_rank: Default::default(),
            rd_group: Default::default(),
            rd_covers: Default::default(),
            rd_moves: Default::default(),
            count: Default::default(),
            probe: Default::default(),
            probe_square: Default::default(),
            probe_mates: Default::default(),
            leaves: Default::default(),
            nodes: Default::default(),
            mated: Default::default(),
            first_rank: Default::default(),
            first_group: Default::default(),
            first_bit: Default::default(),
            unit: Default::default(),
            masks: Default::default(),
            filter: Default::default(),
            a_r: Default::default(),
            mating: Default::default(),
            res: Default::default(),
            any_r: Default::default(),
            cands: Default::default(),
            undo: Default::default(),
            phase: Default::default(),
            stopping: Default::default(),
            hand: Default::default(),
            side: Default::default(),
            ply: Default::default(),
            last: Default::default(),
            cur_r: Default::default(),
            cur_on: Default::default(),
            cur_g: Default::default(),
            cur_b: Default::default(),
            mate_ok: Default::default(),
            mate_sq: Default::default(),
            mv_f: Default::default(),
            mv_drop: Default::default(),
            mv_id: Default::default(),
            mv_prom: Default::default(),
            mv_kind: Default::default(),
            nd: Default::default(),
            leaves_r: Default::default(),
            nodes_r: Default::default(),
            k_idx: std::array::from_fn(|i| c(i as u64)),
            k_fmask: std::array::from_fn(|f| mask(90, |b| b / 10 == f)),
            sq_file: Default::default(),
            sq_rank: Default::default(),
            kings_sq: Default::default(),
            k_plane_r: std::array::from_fn(|j| c(160 + 40 * j as u64)),
            k_id_bit: std::array::from_fn(|j| mask(40, |i| i >> j & 1 == 1)),
            k_grp_bit: std::array::from_fn(|j| mask(20, |g| g >> j & 1 == 1)),
            k_off40: offsets(40),
            k_g: std::array::from_fn(|g| c(g as u64)),
            k_ones40: c((1 << 40) - 1),
            k_d: std::array::from_fn(|d| c(d as u64)),
            k_d_file: std::array::from_fn(|d| c(d as u64 / 7)),
            k_d_kind: std::array::from_fn(|d| c(d as u64 % 7)),
            k_hk: std::array::from_fn(|k| c(k as u64)),
            k_hk_ids: std::array::from_fn(|k| mask(40, |i| kind_of(i) == hand_kind(k))),
            k_hk_data: std::array::from_fn(|k| c((hand_kind(k) as u64) << 7)),
            k_hk_base: std::array::from_fn(|k| c(ID_BASE[hand_kind(k)] as u64)),
            k_type: std::array::from_fn(|t| c(t as u64)),
            k_base: std::array::from_fn(|t| c(ID_BASE[t] as u64)),
            k_one: c(1),
            k_drops_at: c(RANK_BOARD_MOVE_BITS as u64),
            idle: Default::default(),
            masked: Default::default(),
            attacking: Default::default(),
            any_now: Default::default(),
            g_any: Default::default(),
            g_low: Default::default(),
            g_sel: Default::default(),
            gw: Default::default(),
            low: Default::default(),
            b_idx: Default::default(),
            b_gt: Default::default(),
            g_keep: Default::default(),
            p_drop: Default::default(),
            p_d: Default::default(),
            p_file: Default::default(),
            p_kind: Default::default(),
            p_to: Default::default(),
            p_skip: Default::default(),
            from_r: Default::default(),
            from_f: Default::default(),
            own_hand: Default::default(),
            avail: Default::default(),
            d_low: Default::default(),
            d_id: Default::default(),
            d_data: Default::default(),
            to_data: Default::default(),
            hk_base: Default::default(),
            cap_id: Default::default(),
            cap_bit: Default::default(),
            mover: Default::default(),
            w_r: Default::default(),
            w_f: Default::default(),
            w_d: Default::default(),
            w_old: Default::default(),
            w_new: Default::default(),
            w_sel: Default::default(),
            w_rep: Default::default(),
            w_en: Default::default(),
            w_word: Default::default(),
            rank_a: Default::default(),
            word_a: Default::default(),
            rank_b: Default::default(),
            word_b: Default::default(),
            fa_r: Default::default(),
            fa_f: Default::default(),
            sq_a: Default::default(),
            wa_pair: Default::default(),
            wa_quad: Default::default(),
            wa_oct: Default::default(),
            wb_pair: Default::default(),
            wb_quad: Default::default(),
            wb_oct: Default::default(),
            sa_pair: Default::default(),
            sa_quad: Default::default(),
            sa_oct: Default::default(),
            td_pair: Default::default(),
            td_quad: Default::default(),
            td_oct: Default::default(),
            u: Default::default(),
            t_load: Default::default(),
            t_we: Default::default(),
            t_id: Default::default(),
            t_r: Default::default(),
            t_f: Default::default(),
            t_clr: Default::default(),
            t_fset: Default::default(),
            t_rset: Default::default(),
        }
    }
}

impl Logic for PerftWalker {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, phase, stopping, hand, side, ply, last, cur_r, cur_on, cur_g, cur_b,
            mate_ok, mate_sq, mv_f, mv_drop, mv_id, mv_prom, mv_kind, nd, leaves_r, nodes_r,
            mating, res, any_r
        );
        self.unit.clock.next = self.clock.val();
        self.cands.clock.next = self.clock.val();
        self.undo.read_clock.next = self.clock.val();
        self.undo.write_clock.next = self.clock.val();

        // Pick: the lowest set bit of the frame's rank word past the bit cursor, a group of 40
        // first. The cursor masks what is popped (the bits of the groups before its group,
        // its group's up to its bit), so the stack is written by the unit only: no write-back
        // of the word, no loop from the stack's read port to its write port.
        self.idle.next = self.phase.q.val() == WalkPhase::Idle;
        self.masked.next = self.cur_on.q.val() & !self.idle.val();
        self.b_gt.next = self.k_ones40.val() << (bit_cast::<7, 6>(self.cur_b.q.val()) + 1_u64);
        self.g_any.next = 0_u64.into();
        for g in 0..20 {
            self.g_keep[g].next = self
                .cands
                .read_data
                .val()
                .get_bits::<40>(self.k_off40[g].val().index());
            if self.masked.val() & (self.cur_g.q.val() == self.k_g[g].val()) {
                self.g_keep[g].next = self.g_keep[g].val() & self.b_gt.val();
            }
            if self.masked.val() & (self.cur_g.q.val() > self.k_g[g].val()) {
                self.g_keep[g].next = 0_u64.into();
            }
            self.g_any.next = self.g_any.val().replace_bit(g, self.g_keep[g].val().any());
        }
        self.g_low.next = self.g_any.val() & (!self.g_any.val() + 1_u64);
        if self.idle.val() {
            self.g_low.next = bit_cast::<20, 64>(self.k_one.val() << self.rd_group.val());
        }
        self.g_sel.next = 0_u64.into();
        for j in 0..5 {
            self.g_sel.next = self
                .g_sel
                .val()
                .replace_bit(j, (self.g_low.val() & self.k_grp_bit[j].val()).any());
        }
        self.gw.next = 0_u64.into();
        for g in 0..20 {
            if self.g_low.val().get_bit(g) {
                self.gw.next = self.g_keep[g].val();
            }
        }
        self.low.next = self.gw.val() & (!self.gw.val() + 1_u64);
        self.b_idx.next = 0_u64.into();
        for j in 0..6 {
            self.b_idx.next = self
                .b_idx
                .val()
                .replace_bit(j, (self.low.val() & self.k_id_bit[j].val()).any());
        }
        // Groups 0-17: file g / 2, its board moves (even) or promotions (odd); 18, 19: drops,
        // bit d = 40 (g - 18) + index: file d / 7, hand kind d % 7.
        self.p_drop.next = self.g_sel.val() >= 18_u64;
        self.p_d.next = self.b_idx.val();
        if self.g_sel.val() == 19_u64 {
            self.p_d.next = self.b_idx.val() + 40_u64;
        }
        self.p_file.next = bit_cast::<4, 5>(self.g_sel.val() >> 1_u64);
        self.p_kind.next = 0_u64.into();
        if self.p_drop.val() {
            self.p_file.next = 0_u64.into();
            for d in 0..63 {
                if self.p_d.val() == self.k_d[d].val() {
                    self.p_file.next = self.k_d_file[d].val();
                    self.p_kind.next = self.k_d_kind[d].val();
                }
            }
        }
        self.p_to.next = (bit_cast::<7, 4>(self.cur_r.q.val()) << 3_u64)
            + bit_cast::<7, 4>(self.cur_r.q.val())
            + bit_cast::<7, 4>(self.p_file.val());
        self.p_skip.next = self.p_drop.val()
            & (self.p_kind.val() == 6_u64)
            & self.mate_ok.q.val()
            & (self.p_to.val() == self.mate_sq.q.val());

        // Make: the board move's from square, identity mv_id's in the square table.
        self.from_r.next = 0_u64.into();
        self.from_f.next = 0_u64.into();
        for j in 0..4 {
            self.from_r.next = self.from_r.val().replace_bit(
                j,
                self.sq_rank[j].q.val().get_bit(self.mv_id.q.val().index()),
            );
            self.from_f.next = self.from_f.val().replace_bit(
                j,
                self.sq_file[j].q.val().get_bit(self.mv_id.q.val().index()),
            );
        }
        // The drop's identity: the lowest of its kind in the side's hand.
        self.own_hand.next = self.hand.q.val().get_bits::<40>(40);
        if self.side.q.val() {
            self.own_hand.next = self.hand.q.val().get_bits::<40>(0);
        }
        self.avail.next = 0_u64.into();
        self.d_data.next = 0_u64.into();
        self.hk_base.next = 0_u64.into();
        for k in 0..7 {
            if self.mv_kind.q.val() == self.k_hk[k].val() {
                self.avail.next = self.own_hand.val() & self.k_hk_ids[k].val();
                self.d_data.next = self.k_hk_data[k].val();
                self.hk_base.next = self.k_hk_base[k].val();
            }
        }
        self.d_low.next = self.avail.val() & (!self.avail.val() + 1_u64);
        self.d_id.next = 0_u64.into();
        for j in 0..6 {
            self.d_id.next = self
                .d_id
                .val()
                .replace_bit(j, (self.d_low.val() & self.k_id_bit[j].val()).any());
        }
        self.d_data.next =
            self.d_data.val() | bit_cast::<10, 6>(self.d_id.val() - self.hk_base.val() + 1_u64);
        if self.side.q.val() {
            self.d_data.next = self.d_data.val() | 32_u64;
        }

        // Square reads: rank a (the from square, or the drop's to square) and the to square.
        self.fa_r.next = self.from_r.val();
        self.fa_f.next = self.from_f.val();
        if self.mv_drop.q.val() {
            self.fa_r.next = self.cur_r.q.val();
            self.fa_f.next = self.mv_f.q.val();
        }
        // Balanced trees of 2:1 multiplexers on the index bits (a chain of nine compares
        // costs twice the LUTs).
        self.wa_pair[0].next = self.unit.board.val().get_bits::<90>(0);
        if self.fa_r.val().get_bit(0) {
            self.wa_pair[0].next = self.unit.board.val().get_bits::<90>(90);
        }
        self.wa_pair[1].next = self.unit.board.val().get_bits::<90>(180);
        if self.fa_r.val().get_bit(0) {
            self.wa_pair[1].next = self.unit.board.val().get_bits::<90>(270);
        }
        self.wa_pair[2].next = self.unit.board.val().get_bits::<90>(360);
        if self.fa_r.val().get_bit(0) {
            self.wa_pair[2].next = self.unit.board.val().get_bits::<90>(450);
        }
        self.wa_pair[3].next = self.unit.board.val().get_bits::<90>(540);
        if self.fa_r.val().get_bit(0) {
            self.wa_pair[3].next = self.unit.board.val().get_bits::<90>(630);
        }
        self.wa_quad[0].next = self.wa_pair[0].val();
        if self.fa_r.val().get_bit(1) {
            self.wa_quad[0].next = self.wa_pair[1].val();
        }
        self.wa_quad[1].next = self.wa_pair[2].val();
        if self.fa_r.val().get_bit(1) {
            self.wa_quad[1].next = self.wa_pair[3].val();
        }
        self.wa_oct.next = self.wa_quad[0].val();
        if self.fa_r.val().get_bit(2) {
            self.wa_oct.next = self.wa_quad[1].val();
        }
        self.word_a.next = self.wa_oct.val();
        if self.fa_r.val().get_bit(3) {
            self.word_a.next = self.unit.board.val().get_bits::<90>(720);
        }
        self.wb_pair[0].next = self.unit.board.val().get_bits::<90>(0);
        if self.cur_r.q.val().get_bit(0) {
            self.wb_pair[0].next = self.unit.board.val().get_bits::<90>(90);
        }
        self.wb_pair[1].next = self.unit.board.val().get_bits::<90>(180);
        if self.cur_r.q.val().get_bit(0) {
            self.wb_pair[1].next = self.unit.board.val().get_bits::<90>(270);
        }
        self.wb_pair[2].next = self.unit.board.val().get_bits::<90>(360);
        if self.cur_r.q.val().get_bit(0) {
            self.wb_pair[2].next = self.unit.board.val().get_bits::<90>(450);
        }
        self.wb_pair[3].next = self.unit.board.val().get_bits::<90>(540);
        if self.cur_r.q.val().get_bit(0) {
            self.wb_pair[3].next = self.unit.board.val().get_bits::<90>(630);
        }
        self.wb_quad[0].next = self.wb_pair[0].val();
        if self.cur_r.q.val().get_bit(1) {
            self.wb_quad[0].next = self.wb_pair[1].val();
        }
        self.wb_quad[1].next = self.wb_pair[2].val();
        if self.cur_r.q.val().get_bit(1) {
            self.wb_quad[1].next = self.wb_pair[3].val();
        }
        self.wb_oct.next = self.wb_quad[0].val();
        if self.cur_r.q.val().get_bit(2) {
            self.wb_oct.next = self.wb_quad[1].val();
        }
        self.word_b.next = self.wb_oct.val();
        if self.cur_r.q.val().get_bit(3) {
            self.word_b.next = self.unit.board.val().get_bits::<90>(720);
        }
        self.sa_pair[0].next = self.word_a.val().get_bits::<10>(0);
        if self.fa_f.val().get_bit(0) {
            self.sa_pair[0].next = self.word_a.val().get_bits::<10>(10);
        }
        self.sa_pair[1].next = self.word_a.val().get_bits::<10>(20);
        if self.fa_f.val().get_bit(0) {
            self.sa_pair[1].next = self.word_a.val().get_bits::<10>(30);
        }
        self.sa_pair[2].next = self.word_a.val().get_bits::<10>(40);
        if self.fa_f.val().get_bit(0) {
            self.sa_pair[2].next = self.word_a.val().get_bits::<10>(50);
        }
        self.sa_pair[3].next = self.word_a.val().get_bits::<10>(60);
        if self.fa_f.val().get_bit(0) {
            self.sa_pair[3].next = self.word_a.val().get_bits::<10>(70);
        }
        self.sa_quad[0].next = self.sa_pair[0].val();
        if self.fa_f.val().get_bit(1) {
            self.sa_quad[0].next = self.sa_pair[1].val();
        }
        self.sa_quad[1].next = self.sa_pair[2].val();
        if self.fa_f.val().get_bit(1) {
            self.sa_quad[1].next = self.sa_pair[3].val();
        }
        self.sa_oct.next = self.sa_quad[0].val();
        if self.fa_f.val().get_bit(2) {
            self.sa_oct.next = self.sa_quad[1].val();
        }
        self.sq_a.next = self.sa_oct.val();
        if self.fa_f.val().get_bit(3) {
            self.sq_a.next = self.word_a.val().get_bits::<10>(80);
        }
        self.td_pair[0].next = self.word_b.val().get_bits::<10>(0);
        if self.mv_f.q.val().get_bit(0) {
            self.td_pair[0].next = self.word_b.val().get_bits::<10>(10);
        }
        self.td_pair[1].next = self.word_b.val().get_bits::<10>(20);
        if self.mv_f.q.val().get_bit(0) {
            self.td_pair[1].next = self.word_b.val().get_bits::<10>(30);
        }
        self.td_pair[2].next = self.word_b.val().get_bits::<10>(40);
        if self.mv_f.q.val().get_bit(0) {
            self.td_pair[2].next = self.word_b.val().get_bits::<10>(50);
        }
        self.td_pair[3].next = self.word_b.val().get_bits::<10>(60);
        if self.mv_f.q.val().get_bit(0) {
            self.td_pair[3].next = self.word_b.val().get_bits::<10>(70);
        }
        self.td_quad[0].next = self.td_pair[0].val();
        if self.mv_f.q.val().get_bit(1) {
            self.td_quad[0].next = self.td_pair[1].val();
        }
        self.td_quad[1].next = self.td_pair[2].val();
        if self.mv_f.q.val().get_bit(1) {
            self.td_quad[1].next = self.td_pair[3].val();
        }
        self.td_oct.next = self.td_quad[0].val();
        if self.mv_f.q.val().get_bit(2) {
            self.td_oct.next = self.td_quad[1].val();
        }
        self.to_data.next = self.td_oct.val();
        if self.mv_f.q.val().get_bit(3) {
            self.to_data.next = self.word_b.val().get_bits::<10>(80);
        }
        self.mover.next = self.sq_a.val();
        if self.mv_prom.q.val() {
            self.mover.next = self.sq_a.val() | 64_u64;
        }
        // A capture: the taken identity joins the side's hand.
        self.cap_id.next = 0_u64.into();
        for t in 0..8 {
            if self.to_data.val().get_bits::<3>(7) == self.k_type[t].val() {
                self.cap_id.next = self.k_base[t].val();
            }
        }
        self.cap_id.next =
            self.cap_id.val() + (self.to_data.val().get_bits::<6>(0) & 31_u64) - 1_u64;
        self.cap_bit.next = 0_u64.into();
        if self.to_data.val().get_bits::<5>(0).any() {
            self.cap_bit.next = bit_cast::<80, 64>(self.k_one.val() << self.cap_id.val());
            if !self.side.q.val() {
                self.cap_bit.next = self.cap_bit.val() << 40_u64;
            }
        }
        // The square table's one write: the root's table when its job ends; a make moves the
        // identity it moves or drops to the to square; an unmake moves a board move's
        // identity back (Unmake1) and a captured one back onto the to square (Unmake2).
        self.t_load.next = (self.phase.q.val() == WalkPhase::Wait)
            & !self.unit.busy.val()
            & (self.ply.q.val() == 0_u64);
        self.t_we.next = false;
        self.t_id.next = self.mv_id.q.val();
        if self.mv_drop.q.val() {
            self.t_id.next = self.d_id.val();
        }
        self.t_r.next = self.cur_r.q.val();
        self.t_f.next = self.mv_f.q.val();
        if self.phase.q.val() == WalkPhase::Make1 {
            self.t_we.next = true;
        }
        if self.phase.q.val() == WalkPhase::Unmake1 {
            self.t_we.next = !self.undo.read_data.val().get_bit(306);
            self.t_id.next = self.undo.read_data.val().get_bits::<6>(292);
            self.t_r.next = self.undo.read_data.val().get_bits::<4>(180);
            self.t_f.next = self.undo.read_data.val().get_bits::<4>(298);
        }
        if self.phase.q.val() == WalkPhase::Unmake2 {
            self.t_we.next = self.undo.read_data.val().get_bit(307);
            self.t_id.next = self.undo.read_data.val().get_bits::<6>(308);
            self.t_r.next = self.undo.read_data.val().get_bits::<4>(184);
            self.t_f.next = self.undo.read_data.val().get_bits::<4>(302);
        }
        self.t_clr.next = 0_u64.into();
        if self.t_we.val() {
            self.t_clr.next = bit_cast::<40, 64>(self.k_one.val() << self.t_id.val());
        }
        for j in 0..4 {
            self.t_fset[j].next = 0_u64.into();
            if self.t_f.val().get_bit(j) {
                self.t_fset[j].next = self.t_clr.val();
            }
            self.t_rset[j].next = 0_u64.into();
            if self.t_r.val().get_bit(j) {
                self.t_rset[j].next = self.t_clr.val();
            }
            self.sq_file[j].clock.next = self.clock.val();
            self.sq_rank[j].clock.next = self.clock.val();
            self.sq_file[j].d.next =
                (self.sq_file[j].q.val() & !self.t_clr.val()) | self.t_fset[j].val();
            self.sq_rank[j].d.next =
                (self.sq_rank[j].q.val() & !self.t_clr.val()) | self.t_rset[j].val();
            if self.t_load.val() {
                self.sq_file[j].d.next = self
                    .unit
                    .squares
                    .val()
                    .get_bits::<40>(self.k_off40[j].val().index());
                self.sq_rank[j].d.next = self
                    .unit
                    .squares
                    .val()
                    .get_bits::<40>(self.k_plane_r[j].val().index());
            }
        }

        // The undo frame as Make1 pushes it.
        self.u.next = bit_cast::<UNDO_BITS, 90>(self.word_a.val())
            | (bit_cast::<UNDO_BITS, 90>(self.word_b.val()) << 90_u64)
            | (bit_cast::<UNDO_BITS, 4>(self.fa_r.val()) << 180_u64)
            | (bit_cast::<UNDO_BITS, 4>(self.cur_r.q.val()) << 184_u64)
            | (bit_cast::<UNDO_BITS, 80>(self.hand.q.val()) << 188_u64)
            | (bit_cast::<UNDO_BITS, 4>(self.cur_r.q.val()) << 268_u64)
            | (bit_cast::<UNDO_BITS, 1>(self.mate_ok.q.val().into()) << 272_u64)
            | (bit_cast::<UNDO_BITS, 7>(self.mate_sq.q.val()) << 273_u64)
            | (bit_cast::<UNDO_BITS, 1>(self.cur_on.q.val().into()) << 280_u64)
            | (bit_cast::<UNDO_BITS, 5>(self.cur_g.q.val()) << 281_u64)
            | (bit_cast::<UNDO_BITS, 6>(self.cur_b.q.val()) << 286_u64)
            | (bit_cast::<UNDO_BITS, 6>(self.t_id.val()) << 292_u64)
            | (bit_cast::<UNDO_BITS, 4>(self.fa_f.val()) << 298_u64)
            | (bit_cast::<UNDO_BITS, 4>(self.mv_f.q.val()) << 302_u64)
            | (bit_cast::<UNDO_BITS, 1>(self.mv_drop.q.val().into()) << 306_u64)
            | (bit_cast::<UNDO_BITS, 1>(self.to_data.val().get_bits::<5>(0).any().into())
                << 307_u64)
            | (bit_cast::<UNDO_BITS, 6>(self.cap_id.val()) << 308_u64);

        // Stages 2 and 3 of the tsume circuit: the attacker (the side to move) and the
        // defender's king; the masks, from the rays of the job's discover walk, registered;
        // the stream filtered at the attacker's plies.
        self.masks.rays.next = self.unit.disc_rays.val();
        self.masks.black.next = self.side.q.val();
        self.masks.king_rank.next = self.unit.kings.val().get_bits::<4>(0);
        self.masks.king_file.next = self.unit.kings.val().get_bits::<4>(4);
        self.filter.king_rank.next = self.unit.kings.val().get_bits::<4>(0);
        self.filter.king_file.next = self.unit.kings.val().get_bits::<4>(4);
        if self.side.q.val() {
            self.masks.king_rank.next = self.unit.kings.val().get_bits::<4>(8);
            self.masks.king_file.next = self.unit.kings.val().get_bits::<4>(12);
            self.filter.king_rank.next = self.unit.kings.val().get_bits::<4>(8);
            self.filter.king_file.next = self.unit.kings.val().get_bits::<4>(12);
        }
        for i in 0..9 {
            self.a_r[i].clock.next = self.clock.val();
            self.a_r[i].d.next = self.a_r[i].q.val();
        }
        // The rays are the walks' while the discover walk ends: the masks kept from then.
        if self.unit.disc_end.val() {
            self.a_r[0].d.next = self.masks.pawn.val();
            self.a_r[1].d.next = self.masks.lance.val();
            self.a_r[2].d.next = self.masks.knight.val();
            self.a_r[3].d.next = self.masks.silver.val();
            self.a_r[4].d.next = self.masks.gold.val();
            self.a_r[5].d.next = self.masks.bishop.val();
            self.a_r[6].d.next = self.masks.rook.val();
            self.a_r[7].d.next = self.masks.horse.val();
            self.a_r[8].d.next = self.masks.dragon.val();
        }
        self.attacking.next = self.mating.q.val()
            & !self.ply.q.val().get_bit(0)
            & (self.phase.q.val() != WalkPhase::Idle);
        self.filter.attacker.next = self.attacking.val();
        self.filter.rank.next = self.unit.cand_rank.val();
        self.filter.moves.next = self
            .unit
            .cand_data
            .val()
            .get_bits::<RANK_BOARD_MOVE_BITS>(0);
        self.filter.drops.next = self
            .unit
            .cand_data
            .val()
            .get_bits::<RANK_DROP_BITS>(self.k_drops_at.val().index());
        self.filter.disc_on.next = self.unit.disc_on.val();
        self.filter.disc_ids.next = self.unit.disc_ids.val();
        self.filter.promoted.next = self.unit.promoted.val();
        self.filter.pawn.next = self.a_r[0].q.val();
        self.filter.lance.next = self.a_r[1].q.val();
        self.filter.knight.next = self.a_r[2].q.val();
        self.filter.silver.next = self.a_r[3].q.val();
        self.filter.gold.next = self.a_r[4].q.val();
        self.filter.bishop.next = self.a_r[5].q.val();
        self.filter.rook.next = self.a_r[6].q.val();
        self.filter.horse.next = self.a_r[7].q.val();
        self.filter.dragon.next = self.a_r[8].q.val();
        self.any_now.next = self.any_r.q.val() | (self.unit.cand_we.val() & self.filter.any.val());
        if self.unit.cand_we.val() & self.filter.any.val() {
            self.any_r.d.next = true;
        }

        // Defaults: idle, the owner's writes; the frame at {ply, rank}; the undo frame at ply.
        // The unit's candidate ranks go to {ply, rank} as it streams them (ply is 0 while
        // idle: a walk returns to idle from ply 0 only), the stack's only writes.
        self.cands.read_address.next =
            (bit_cast::<8, 4>(self.ply.q.val()) << 4_u64) | bit_cast::<8, 4>(self.cur_r.q.val());
        self.cands.write_address.next = (bit_cast::<8, 4>(self.ply.q.val()) << 4_u64)
            | bit_cast::<8, 4>(self.unit.cand_rank.val());
        self.cands.write_data.next =
            bit_cast::<FRAME_RANK_BITS, RANK_BOARD_MOVE_BITS>(self.filter.out_moves.val())
                | (bit_cast::<FRAME_RANK_BITS, RANK_DROP_BITS>(self.filter.out_drops.val())
                    << self.k_drops_at.val());
        self.cands.write_enable.next = self.unit.cand_we.val();
        self.undo.read_address.next = self.ply.q.val();
        self.undo.write_address.next = self.ply.q.val();
        self.undo.write_data.next = self.u.val();
        self.undo.write_enable.next = false;
        self.unit.black.next = self.side.q.val();
        self.unit.hands.next = self.hand.q.val();
        self.unit.start_cover.next = false;
        self.unit.start_moves.next = false;
        self.unit.discover.next = self.attacking.val();
        self.kings_sq.next = bit_cast::<16, 1>(self.sq_rank[0].q.val().get_bits::<1>(0))
            | (bit_cast::<16, 1>(self.sq_rank[1].q.val().get_bits::<1>(0)) << 1_u64)
            | (bit_cast::<16, 1>(self.sq_rank[2].q.val().get_bits::<1>(0)) << 2_u64)
            | (bit_cast::<16, 1>(self.sq_rank[3].q.val().get_bits::<1>(0)) << 3_u64)
            | (bit_cast::<16, 1>(self.sq_file[0].q.val().get_bits::<1>(0)) << 4_u64)
            | (bit_cast::<16, 1>(self.sq_file[1].q.val().get_bits::<1>(0)) << 5_u64)
            | (bit_cast::<16, 1>(self.sq_file[2].q.val().get_bits::<1>(0)) << 6_u64)
            | (bit_cast::<16, 1>(self.sq_file[3].q.val().get_bits::<1>(0)) << 7_u64)
            | (bit_cast::<16, 1>(self.sq_rank[0].q.val().get_bits::<1>(1)) << 8_u64)
            | (bit_cast::<16, 1>(self.sq_rank[1].q.val().get_bits::<1>(1)) << 9_u64)
            | (bit_cast::<16, 1>(self.sq_rank[2].q.val().get_bits::<1>(1)) << 10_u64)
            | (bit_cast::<16, 1>(self.sq_rank[3].q.val().get_bits::<1>(1)) << 11_u64)
            | (bit_cast::<16, 1>(self.sq_file[0].q.val().get_bits::<1>(1)) << 12_u64)
            | (bit_cast::<16, 1>(self.sq_file[1].q.val().get_bits::<1>(1)) << 13_u64)
            | (bit_cast::<16, 1>(self.sq_file[2].q.val().get_bits::<1>(1)) << 14_u64)
            | (bit_cast::<16, 1>(self.sq_file[3].q.val().get_bits::<1>(1)) << 15_u64);
        self.unit.kings_in.next = self.kings_sq.val();
        self.unit.kings_known.next = false;
        self.unit.rd_rank.next = self.rd_rank.val();
        // Idle: the unit is the owner's, frame 0 its candidates.
        if self.phase.q.val() == WalkPhase::Idle {
            self.unit.black.next = self.black.val();
            self.unit.hands.next = self.hands.val();
            self.unit.start_cover.next = self.start_cover.val();
            self.unit.start_moves.next = self.start_moves.val();
            self.cands.read_address.next = bit_cast::<8, 4>(self.rd_rank.val());
        }
        self.rd_covers.next = self.unit.rd_covers.val();
        self.rd_moves.next = self.gw.val();
        self.count.next = self.unit.count.val();
        self.probe.next = self.unit.probe.val();
        self.probe_square.next = self.unit.probe_square.val();
        self.probe_mates.next = self.unit.probe_mates.val();
        // A square write: (w_r, w_f) gets w_d in the copy's rank; or a whole rank word.
        self.w_r.next = self.fa_r.val();
        self.w_f.next = self.fa_f.val();
        self.w_d.next = 0_u64.into();
        if self.mv_drop.q.val() {
            self.w_d.next = self.d_data.val();
        }
        if self.phase.q.val() == WalkPhase::Make2 {
            self.w_r.next = self.cur_r.q.val();
            self.w_f.next = self.mv_f.q.val();
            self.w_d.next = self.nd.q.val();
        }
        self.w_old.next = self.word_b.val();
        if self.phase.q.val() == WalkPhase::Make1 {
            self.w_old.next = self.word_a.val();
        }
        // The new rank word: the file's field replaced (a mask of its ten bits, the data
        // copied to every field: one LUT a bit, not a chain of nine 90-bit multiplexers).
        self.w_sel.next = 0_u64.into();
        for f in 0..9 {
            if self.w_f.val() == self.k_idx[f].val() {
                self.w_sel.next = self.w_sel.val() | self.k_fmask[f].val();
            }
        }
        self.w_rep.next = bit_cast::<90, 10>(self.w_d.val())
            | (bit_cast::<90, 10>(self.w_d.val()) << 10_u64)
            | (bit_cast::<90, 10>(self.w_d.val()) << 20_u64)
            | (bit_cast::<90, 10>(self.w_d.val()) << 30_u64)
            | (bit_cast::<90, 10>(self.w_d.val()) << 40_u64)
            | (bit_cast::<90, 10>(self.w_d.val()) << 50_u64)
            | (bit_cast::<90, 10>(self.w_d.val()) << 60_u64)
            | (bit_cast::<90, 10>(self.w_d.val()) << 70_u64)
            | (bit_cast::<90, 10>(self.w_d.val()) << 80_u64);
        self.w_new.next =
            (self.w_old.val() & !self.w_sel.val()) | (self.w_rep.val() & self.w_sel.val());
        self.w_en.next = self.wr_en.val() & (self.phase.q.val() == WalkPhase::Idle);
        self.w_word.next = self.wr_data.val();
        self.rank_a.next = self.wr_rank.val();
        if (self.phase.q.val() == WalkPhase::Make1) | (self.phase.q.val() == WalkPhase::Make2) {
            self.w_en.next = true;
            self.w_word.next = self.w_new.val();
            self.rank_a.next = self.w_r.val();
        }
        self.rank_b.next = self.undo.read_data.val().get_bits::<4>(180);
        if self.phase.q.val() == WalkPhase::Unmake1 {
            self.w_en.next = true;
            self.w_word.next = self.undo.read_data.val().get_bits::<90>(0);
            self.rank_a.next = self.rank_b.val();
        }
        if self.phase.q.val() == WalkPhase::Unmake2 {
            self.w_en.next = true;
            self.w_word.next = self.undo.read_data.val().get_bits::<90>(90);
            self.rank_a.next = self.undo.read_data.val().get_bits::<4>(184);
        }
        self.unit.wr_en.next = self.w_en.val();
        self.unit.wr_rank.next = self.rank_a.val();
        self.unit.wr_data.next = self.w_word.val();

        match self.phase.q.val() {
            WalkPhase::Idle => {
                self.stopping.d.next = false;
                if self.start.val() & !self.unit.busy.val() {
                    self.hand.d.next = self.hands.val();
                    self.side.d.next = self.black.val();
                    self.ply.d.next = 0_u64.into();
                    self.last.d.next = bit_cast::<4, 5>(self.depth.val() - 1_u64);
                    self.mating.d.next = self.mate.val();
                    if self.mate.val() {
                        // The defender's node at the last ply counts its moves.
                        self.last.d.next = bit_cast::<4, 5>(self.depth.val());
                    }
                    self.leaves_r.d.next = 0_u64.into();
                    self.nodes_r.d.next = 0_u64.into();
                    self.phase.d.next = WalkPhase::Node;
                }
            }
            WalkPhase::Node => {
                if self.stopping.q.val() {
                    self.phase.d.next = WalkPhase::Return;
                } else {
                    self.unit.start_moves.next = true;
                    // Below the root the square table holds the kings (loaded when the root's
                    // job ends, moved by every make): the job walks beside its scan.
                    self.unit.kings_known.next = self.ply.q.val().any();
                    self.nodes_r.d.next = self.nodes_r.q.val() + 1_u64;
                    self.any_r.d.next = false;
                    self.phase.d.next = WalkPhase::Wait;
                }
            }
            WalkPhase::Wait => {
                if !self.unit.busy.val() {
                    if self.stopping.q.val() {
                        self.phase.d.next = WalkPhase::Return;
                    } else if self.mating.q.val()
                        & !self.ply.q.val().get_bit(0)
                        & !self.any_now.val()
                    {
                        // The attacker has no check: no mate below.
                        self.res.d.next = false;
                        self.phase.d.next = WalkPhase::Return;
                    } else if self.mating.q.val()
                        & self.ply.q.val().get_bit(0)
                        & ((self.unit.count.val() == 0_u64)
                            | (self.ply.q.val() == self.last.q.val()))
                    {
                        // The defender cannot move (mate), or may at the last ply (no mate).
                        self.res.d.next = self.unit.count.val() == 0_u64;
                        self.phase.d.next = WalkPhase::Return;
                    } else if !self.mating.q.val() & (self.ply.q.val() == self.last.q.val()) {
                        self.leaves_r.d.next =
                            self.leaves_r.q.val() + bit_cast::<48, 10>(self.unit.count.val());
                        self.phase.d.next = WalkPhase::Return;
                    } else {
                        self.mate_ok.d.next = self.unit.probe_mates.val();
                        self.mate_sq.d.next = self.unit.probe_square.val();
                        self.cur_r.d.next = 0_u64.into();
                        self.cur_on.d.next = false;
                        self.phase.d.next = WalkPhase::Fetch;
                    }
                }
            }
            WalkPhase::Fetch => {
                self.phase.d.next = WalkPhase::Pick;
                if self.stopping.q.val() {
                    self.phase.d.next = WalkPhase::Return;
                }
            }
            WalkPhase::Pick => {
                if self.stopping.q.val() {
                    self.phase.d.next = WalkPhase::Return;
                } else if !self.g_any.val().any() {
                    self.cur_r.d.next = self.cur_r.q.val() + 1_u64;
                    self.cur_on.d.next = false;
                    self.phase.d.next = WalkPhase::Fetch;
                    if self.cur_r.q.val() == 8_u64 {
                        // The frame is exhausted: the defender is mated, the attacker is not.
                        self.res.d.next = self.ply.q.val().get_bit(0);
                        self.phase.d.next = WalkPhase::Return;
                    }
                } else {
                    // Popped: the cursor moves to it.
                    self.cur_on.d.next = true;
                    self.cur_g.d.next = self.g_sel.val();
                    self.cur_b.d.next = self.b_idx.val();
                    self.phase.d.next = WalkPhase::Fetch;
                    if !self.p_skip.val() {
                        self.mv_f.d.next = self.p_file.val();
                        self.mv_drop.d.next = self.p_drop.val();
                        self.mv_id.d.next = self.b_idx.val();
                        self.mv_prom.d.next = self.g_sel.val().get_bit(0);
                        self.mv_kind.d.next = self.p_kind.val();
                        self.phase.d.next = WalkPhase::Make1;
                    }
                }
            }
            WalkPhase::Make1 => {
                self.undo.write_enable.next = true;
                self.nd.d.next = self.mover.val();
                if self.mv_drop.q.val() {
                    self.nd.d.next = self.d_data.val();
                    if self.side.q.val() {
                        self.hand.d.next = self.hand.q.val() ^ bit_cast::<80, 40>(self.d_low.val());
                    } else {
                        self.hand.d.next =
                            self.hand.q.val() ^ (bit_cast::<80, 40>(self.d_low.val()) << 40_u64);
                    }
                } else {
                    self.hand.d.next = self.hand.q.val() | self.cap_bit.val();
                }
                self.phase.d.next = WalkPhase::Make2;
            }
            WalkPhase::Make2 => {
                self.side.d.next = !self.side.q.val();
                self.ply.d.next = self.ply.q.val() + 1_u64;
                self.phase.d.next = WalkPhase::Node;
            }
            WalkPhase::Return => {
                if self.ply.q.val() == 0_u64 {
                    self.phase.d.next = WalkPhase::Idle;
                } else {
                    self.undo.read_address.next = self.ply.q.val() - 1_u64;
                    self.ply.d.next = self.ply.q.val() - 1_u64;
                    self.phase.d.next = WalkPhase::Unmake1;
                }
            }
            WalkPhase::Unmake1 => {
                self.phase.d.next = WalkPhase::Unmake2;
            }
            WalkPhase::Unmake2 => {
                self.hand.d.next = self.undo.read_data.val().get_bits::<80>(188);
                self.cur_r.d.next = self.undo.read_data.val().get_bits::<4>(268);
                self.cur_on.d.next = self.undo.read_data.val().get_bit(280);
                self.cur_g.d.next = self.undo.read_data.val().get_bits::<5>(281);
                self.cur_b.d.next = self.undo.read_data.val().get_bits::<6>(286);
                self.mate_ok.d.next = self.undo.read_data.val().get_bit(272);
                self.mate_sq.d.next = self.undo.read_data.val().get_bits::<7>(273);
                self.side.d.next = !self.side.q.val();
                self.phase.d.next = WalkPhase::Fetch;
                // A cut-off: the attacker's child mates, or the defender's does not.
                if self.mating.q.val() & (self.res.q.val() != self.ply.q.val().get_bit(0)) {
                    self.phase.d.next = WalkPhase::Return;
                }
            }
        }
        if self.stop.val() & (self.phase.q.val() != WalkPhase::Idle) {
            self.stopping.d.next = true;
        }
        self.busy.next = (self.phase.q.val() != WalkPhase::Idle) | self.unit.busy.val();
        self.leaves.next = self.leaves_r.q.val();
        self.nodes.next = self.nodes_r.q.val();
        self.mated.next = self.res.q.val();
        self.first_rank.next = self.cur_r.q.val();
        self.first_group.next = self.cur_g.q.val();
        self.first_bit.next = self.cur_b.q.val();
    }
}
