//! The preparation, past the paper: the threat player's step 5 on chip. Of the pairs of the
//! 16 best line-score points, the one whose winning pairs best survive the opponent's reply
//! (`docs/connect6.md`, "The preparation"). Model: `model::connect6::prepare::prepare`.
//!
//! ```text
//!  start --> the line scorer's scan for the side, its rows written to a RAM as they stream
//!        --> rank: a point a cycle from the RAM into a sorted list of 16 (the best score
//!            first, board order among equals; occupied points left out)
//!        --> for each pair of the list: pushed on the overlay (the side's), the winning-pair
//!            search counting the side's winning pairs
//!        --> with some, or a threat of the side's: the reply, the threat blocker for the
//!            opponent (its stones pushed), the line scorer's best point for the opponent
//!            for each stone left (pushed), the side's winning pairs counted again
//!        --> the key (threats the reply cannot block, pairs surviving, pairs before) kept
//!            if greater; the overlay cleared, the next pair
//! ```
//!
//! Cycles: the scan ([`LINE_CYCLES`]), a cycle a point ranked ([`RANK_CYCLES`]); per pair
//! [`PUSH_CYCLES`] and the count's search (started in the second push); per reply the
//! blocker (started in the cycle the count is taken), a cycle a stone it pushes, a scan a
//! stone left (the best pushed, the next started, in its last cycle), the second count; the
//! next pair's pushes the cycle after a pair's last answer; done the cycle after the last.
//! One budget of pairs tested bounds all the searches; a search that exhausts it ends the
//! preparation with the best pair so far. Both counts have the pair tried as the search's
//! focus (the turn prepares after its attack found no winning pair, so a winning pair runs
//! through the pair). The board's read port is the active block's, through the overlay.

use super::board_overlay::BoardOverlay;
use super::line_scorer::{LineScorerPort, LineScorerServer, ROW_SCORES};
use super::threat_blocker::{ThreatBlocker, ThreatBlockerPort};
use super::winning_pair_search::{PairSearchPort, PairSearchServer};
use crate::common::{c, StackRam};
use model::connect6::line_scan::SCORE_BITS;
use model::connect6::SIZE;
use rust_hdl::prelude::*;

pub use model::connect6::line_scan::CYCLES as LINE_CYCLES;
pub use model::connect6::prepare::{CANDIDATES, PUSH_CYCLES, RANK_CYCLES};

/// A row's word in the RAM: its 19 scores, then its empty points.
const ROW_WORD: usize = ROW_SCORES + SIZE;
/// A key: the reply cannot block (bit 32), pairs surviving (16..32), pairs before (0..16).
const KEY: usize = 33;
const _: () = assert!(CANDIDATES == 16 && ROW_SCORES == 323 && SCORE_BITS == 17);

#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum PrepareState {
    Idle,
    /// The line scorer's scan, its rows into the RAM.
    Score,
    /// A point a cycle into the list (row `r`, column `x`).
    Rank,
    /// The pair `i`, `j` pushed; the count's search started with the second.
    PushA,
    PushC,
    /// The count before the reply.
    Count,
    /// The reply: the blocker; its stones pushed; the line scorer's best points.
    Block,
    PushB,
    Reply,
    /// The count after the reply.
    Again,
    Done,
}

/// The preparation's logic, its line scorer, winning-pair search and threat blocker outside it
/// (ports): the threat player shares them with its other steps; [`Preparation`] gives it its
/// own.
#[derive(LogicBlock)]
pub struct PreparationCore {
    pub clock: Signal<In, Clock>,
    /// Starts a preparation (idle or done): the side (1 Black, 2 White) and the most pairs its
    /// searches may test in all.
    pub start: Signal<In, Bit>,
    pub side: Signal<In, Bits<2>>,
    pub budget: Signal<In, Bits<20>>,
    /// Cancels a preparation: the block goes idle.
    pub cancel: Signal<In, Bit>,
    /// The board's read port (the record manager's RAM): the row to read, its word the cycle
    /// after.
    pub rd_addr: Signal<Out, Bits<5>>,
    pub rd_data: Signal<In, Bits<38>>,
    pub busy: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    /// The best pair, if a pair was tried against the reply (`found`), and its key.
    pub found: Signal<Out, Bit>,
    pub a_col: Signal<Out, Bits<5>>,
    pub a_row: Signal<Out, Bits<5>>,
    pub c_col: Signal<Out, Bits<5>>,
    pub c_row: Signal<Out, Bits<5>>,
    pub unblockable: Signal<Out, Bit>,
    pub survive: Signal<Out, Bits<16>>,
    pub wins: Signal<Out, Bits<16>>,
    /// Pairs pushed, pairs tried against the reply, searches run, pairs tested; the budget
    /// ran out.
    pub pairs: Signal<Out, Bits<8>>,
    pub replies: Signal<Out, Bits<8>>,
    pub searches: Signal<Out, Bits<16>>,
    pub tested: Signal<Out, Bits<20>>,
    pub exhausted: Signal<Out, Bit>,
    pub scorer: LineScorerPort,
    pub search: PairSearchPort,
    pub blocker: ThreatBlockerPort,
    overlay: BoardOverlay,
    rows: StackRam<ROW_WORD, 5>,
    state: DFF<PrepareState>,
    side_q: DFF<Bits<2>>,
    left: DFF<Bits<20>>,
    /// The ranking's row and column.
    r: DFF<Bits<5>>,
    x: DFF<Bits<5>>,
    /// The list: scores, points (column, row), valid (a prefix).
    ts: [DFF<Bits<SCORE_BITS>>; CANDIDATES],
    tp: [DFF<Bits<10>>; CANDIDATES],
    tv: [DFF<Bit>; CANDIDATES],
    /// The pair tried (list indices), its count before the reply, the blocker's stones, the
    /// stone being pushed, the reply's stones left.
    i: DFF<Bits<4>>,
    j: DFF<Bits<4>>,
    n_q: DFF<Bits<16>>,
    bk: DFF<Bits<2>>,
    b0: DFF<Bits<10>>,
    b1: DFF<Bits<10>>,
    p: DFF<Bits<2>>,
    rl: DFF<Bits<2>>,
    found_q: DFF<Bit>,
    best: DFF<Bits<KEY>>,
    ans_a: DFF<Bits<10>>,
    ans_c: DFF<Bits<10>>,
    pairs_q: DFF<Bits<8>>,
    replies_q: DFF<Bits<8>>,
    searches_q: DFF<Bits<16>>,
    tested_q: DFF<Bits<20>>,
    exh_q: DFF<Bit>,
    go: Signal<Local, Bit>,
    /// The blocks outside are driven from here.
    drive: Signal<Local, Bit>,
    /// The point being ranked: its word, score, whether empty, point; the list's places
    /// it goes before (`gt`) and the list's valid bits after it.
    word: Signal<Local, Bits<ROW_WORD>>,
    s: Signal<Local, Bits<SCORE_BITS>>,
    e: Signal<Local, Bit>,
    pt: Signal<Local, Bits<10>>,
    gt: [Signal<Local, Bit>; CANDIDATES],
    nv: [Signal<Local, Bit>; CANDIDATES],
    /// The pair's points; the stone pushed and its code.
    pa: Signal<Local, Bits<10>>,
    pc: Signal<Local, Bits<10>>,
    ps: Signal<Local, Bits<10>>,
    /// A pair's last answer taken, with its key (`keep`: tried against the reply).
    fin: Signal<Local, Bit>,
    keep: Signal<Local, Bit>,
    key: Signal<Local, Bits<KEY>>,
    /// The search's answer: the budget left after it.
    after: Signal<Local, Bits<20>>,
    /// Start the count after the reply, or a reply scan.
    go_again: Signal<Local, Bit>,
    go_reply: Signal<Local, Bit>,
    /// A pair follows the one just answered; the blocker's stones pushed after this one.
    more: Signal<Local, Bit>,
    pn: Signal<Local, Bits<2>>,
    k_unbl: Constant<Bits<KEY>>,
    k_idx: [Constant<Bits<5>>; SIZE],
    k_i: [Constant<Bits<4>>; CANDIDATES],
}

impl Default for PreparationCore {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            start: Default::default(),
            side: Default::default(),
            budget: Default::default(),
            cancel: Default::default(),
            rd_addr: Default::default(),
            rd_data: Default::default(),
            busy: Default::default(),
            done: Default::default(),
            found: Default::default(),
            a_col: Default::default(),
            a_row: Default::default(),
            c_col: Default::default(),
            c_row: Default::default(),
            unblockable: Default::default(),
            survive: Default::default(),
            wins: Default::default(),
            pairs: Default::default(),
            replies: Default::default(),
            searches: Default::default(),
            tested: Default::default(),
            exhausted: Default::default(),
            scorer: Default::default(),
            search: Default::default(),
            blocker: Default::default(),
            overlay: Default::default(),
            rows: Default::default(),
            state: Default::default(),
            side_q: Default::default(),
            left: Default::default(),
            r: Default::default(),
            x: Default::default(),
            ts: Default::default(),
            tp: Default::default(),
            tv: Default::default(),
            i: Default::default(),
            j: Default::default(),
            n_q: Default::default(),
            bk: Default::default(),
            b0: Default::default(),
            b1: Default::default(),
            p: Default::default(),
            rl: Default::default(),
            found_q: Default::default(),
            best: Default::default(),
            ans_a: Default::default(),
            ans_c: Default::default(),
            pairs_q: Default::default(),
            replies_q: Default::default(),
            searches_q: Default::default(),
            tested_q: Default::default(),
            exh_q: Default::default(),
            go: Default::default(),
            drive: Default::default(),
            word: Default::default(),
            s: Default::default(),
            e: Default::default(),
            pt: Default::default(),
            gt: Default::default(),
            nv: Default::default(),
            pa: Default::default(),
            pc: Default::default(),
            ps: Default::default(),
            fin: Default::default(),
            keep: Default::default(),
            key: Default::default(),
            after: Default::default(),
            go_again: Default::default(),
            go_reply: Default::default(),
            more: Default::default(),
            pn: Default::default(),
            k_unbl: c(1 << 32),
            k_idx: std::array::from_fn(|i| c(i as u64)),
            k_i: std::array::from_fn(|i| c(i as u64)),
        }
    }
}

impl Logic for PreparationCore {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, state, side_q, left, r, x, i, j, n_q, bk, b0, b1, p, rl, found_q, best,
            ans_a, ans_c, pairs_q, replies_q, searches_q, tested_q, exh_q
        );
        for k in 0..CANDIDATES {
            self.ts[k].clock.next = self.clock.val();
            self.ts[k].d.next = self.ts[k].q.val();
            self.tp[k].clock.next = self.clock.val();
            self.tp[k].d.next = self.tp[k].q.val();
            self.tv[k].clock.next = self.clock.val();
            self.tv[k].d.next = self.tv[k].q.val();
        }
        self.overlay.clock.next = self.clock.val();
        self.rows.clock.next = self.clock.val();
        self.busy.next =
            (self.state.q.val() != PrepareState::Idle) & (self.state.q.val() != PrepareState::Done);
        self.done.next = self.state.q.val() == PrepareState::Done;
        self.found.next = self.found_q.q.val();
        self.a_col.next = self.ans_a.q.val().get_bits::<5>(0);
        self.a_row.next = self.ans_a.q.val().get_bits::<5>(5);
        self.c_col.next = self.ans_c.q.val().get_bits::<5>(0);
        self.c_row.next = self.ans_c.q.val().get_bits::<5>(5);
        self.unblockable.next = self.best.q.val().get_bit(32);
        self.survive.next = self.best.q.val().get_bits::<16>(16);
        self.wins.next = self.best.q.val().get_bits::<16>(0);
        self.pairs.next = self.pairs_q.q.val();
        self.replies.next = self.replies_q.q.val();
        self.searches.next = self.searches_q.q.val();
        self.tested.next = self.tested_q.q.val();
        self.exhausted.next = self.exh_q.q.val();

        // The read port through the overlay: the active block's.
        self.overlay.addr.next = self.scorer.rd_addr.val();
        if (self.state.q.val() == PrepareState::Count) | (self.state.q.val() == PrepareState::Again)
        {
            self.overlay.addr.next = self.search.rd_addr.val();
        }
        if self.state.q.val() == PrepareState::Block {
            self.overlay.addr.next = self.blocker.rd_addr.val();
        }
        self.rd_addr.next = self.overlay.ram_addr.val();
        self.overlay.ram_data.next = self.rd_data.val();
        self.scorer.rd_data.next = self.overlay.data.val();
        self.search.rd_data.next = self.overlay.data.val();
        self.blocker.rd_data.next = self.overlay.data.val();

        // The sub-blocks' starts: set below; the side's counts, the opponent's reply.
        self.go.next = self.start.val()
            & ((self.state.q.val() == PrepareState::Idle)
                | (self.state.q.val() == PrepareState::Done));
        self.go_again.next = false;
        self.go_reply.next = false;
        self.scorer.start.next = self.go.val();
        // The blocks outside are driven from here while the preparation runs, and in its
        // start cycle (the scorer's start).
        self.drive.next = self.go.val()
            | ((self.state.q.val() != PrepareState::Idle)
                & (self.state.q.val() != PrepareState::Done));
        self.scorer.active.next = self.drive.val();
        self.search.active.next = self.drive.val();
        self.blocker.active.next = self.drive.val();
        self.scorer.side.next = self.side_q.q.val() ^ 3_u64;
        if self.go.val() {
            self.scorer.side.next = self.side.val();
        }
        self.scorer.cancel.next = self.cancel.val();
        self.search.start.next = false;
        self.search.side.next = self.side_q.q.val();
        self.search.first_only.next = false;
        self.search.budget.next = self.left.q.val();
        self.search.cancel.next = self.cancel.val();
        self.blocker.start.next = false;
        self.blocker.side.next = self.side_q.q.val() ^ 3_u64;
        self.blocker.cancel.next = self.cancel.val();
        self.overlay.push.next = false;
        self.overlay.pop.next = false;
        self.overlay.clear.next = false;
        self.overlay.push_code.next = self.side_q.q.val();
        self.ps.next = 0_u64.into();
        self.pn.next = 0_u64.into();

        // The scan's rows into the RAM; the ranking reads row r (the next in its last column).
        self.rows.write_enable.next =
            (self.state.q.val() == PrepareState::Score) & self.scorer.score_valid.val();
        self.rows.write_address.next = self.scorer.score_row.val();
        self.rows.write_data.next = bit_cast::<ROW_WORD, ROW_SCORES>(self.scorer.scores.val())
            | (bit_cast::<ROW_WORD, SIZE>(self.scorer.empties.val()) << 323_u64);
        self.rows.read_address.next = self.r.q.val();
        if (self.state.q.val() == PrepareState::Rank) & (self.x.q.val() == 18_u64) {
            self.rows.read_address.next = self.r.q.val() + 1_u64;
        }

        // The point ranked: column x of the word read, inserted after the list's points of
        // its score or more.
        self.word.next = self.rows.read_data.val();
        self.s.next = 0_u64.into();
        self.e.next = false;
        for k in 0..SIZE {
            if self.x.q.val() == self.k_idx[k].val() {
                self.s.next = self.word.val().get_bits::<SCORE_BITS>(17 * k);
                self.e.next = self.word.val().get_bit(323 + k);
            }
        }
        self.pt.next =
            bit_cast::<10, 5>(self.x.q.val()) | (bit_cast::<10, 5>(self.r.q.val()) << 5_u64);
        for k in 0..CANDIDATES {
            self.gt[k].next =
                self.e.val() & (!self.tv[k].q.val() | (self.ts[k].q.val() < self.s.val()));
        }
        self.nv[0].next = self.tv[0].q.val() | self.gt[0].val();
        for k in 1..CANDIDATES {
            self.nv[k].next = self.tv[k].q.val();
            if self.gt[k].val() {
                self.nv[k].next =
                    (self.gt[k - 1].val() & self.tv[k - 1].q.val()) | !self.gt[k - 1].val();
            }
        }

        // The pair's points.
        self.pa.next = 0_u64.into();
        self.pc.next = 0_u64.into();
        for k in 0..CANDIDATES {
            if self.i.q.val() == self.k_i[k].val() {
                self.pa.next = self.tp[k].q.val();
            }
            if self.j.q.val() == self.k_i[k].val() {
                self.pc.next = self.tp[k].q.val();
            }
        }
        // The counts, before the reply and after it, test only the pairs near the pair
        // tried (the focus filter): the side had no winning pair before it (the attack's
        // search found none).
        self.search.focus.next = true;
        self.search.focus_a.next = self.pa.val();
        self.search.focus_c.next = self.pc.val();

        self.fin.next = false;
        self.keep.next = false;
        self.key.next = 0_u64.into();
        self.after.next = self.left.q.val() - self.search.tested.val();
        match self.state.q.val() {
            PrepareState::Idle => {}
            PrepareState::Done => {}
            PrepareState::Score => {
                if self.scorer.done.val() {
                    self.state.d.next = PrepareState::Rank;
                }
            }
            PrepareState::Rank => {
                if self.gt[0].val() {
                    self.ts[0].d.next = self.s.val();
                    self.tp[0].d.next = self.pt.val();
                }
                for k in 1..CANDIDATES {
                    if self.gt[k].val() {
                        self.ts[k].d.next = self.s.val();
                        self.tp[k].d.next = self.pt.val();
                        if self.gt[k - 1].val() {
                            self.ts[k].d.next = self.ts[k - 1].q.val();
                            self.tp[k].d.next = self.tp[k - 1].q.val();
                        }
                    }
                }
                for k in 0..CANDIDATES {
                    self.tv[k].d.next = self.nv[k].val();
                }
                self.x.d.next = self.x.q.val() + 1_u64;
                if self.x.q.val() == 18_u64 {
                    self.x.d.next = 0_u64.into();
                    self.r.d.next = self.r.q.val() + 1_u64;
                    if self.r.q.val() == 18_u64 {
                        // The pairs, if the list holds two points.
                        self.i.d.next = 0_u64.into();
                        self.j.d.next = 1_u64.into();
                        self.state.d.next = PrepareState::Done;
                        if self.nv[1].val() {
                            self.state.d.next = PrepareState::PushA;
                        }
                    }
                }
            }
            PrepareState::PushA => {
                self.overlay.push.next = true;
                self.ps.next = self.pa.val();
                self.state.d.next = PrepareState::PushC;
            }
            PrepareState::PushC => {
                self.overlay.push.next = true;
                self.ps.next = self.pc.val();
                self.search.start.next = true;
                self.pairs_q.d.next = self.pairs_q.q.val() + 1_u64;
                self.searches_q.d.next = self.searches_q.q.val() + 1_u64;
                self.state.d.next = PrepareState::Count;
            }
            PrepareState::Count => {
                if self.search.done.val() {
                    self.tested_q.d.next = self.tested_q.q.val() + self.search.tested.val();
                    self.left.d.next = self.after.val();
                    self.n_q.d.next = self.search.wins.val();
                    if self.search.exhausted.val() {
                        self.exh_q.d.next = true;
                        self.state.d.next = PrepareState::Done;
                    } else if self.search.own_threat.val() {
                        self.replies_q.d.next = self.replies_q.q.val() + 1_u64;
                        self.blocker.start.next = true;
                        self.state.d.next = PrepareState::Block;
                    } else if self.search.wins.val() != 0_u64 {
                        self.replies_q.d.next = self.replies_q.q.val() + 1_u64;
                        self.rl.d.next = 2_u64.into();
                        self.go_reply.next = true;
                    } else {
                        self.fin.next = true;
                    }
                }
            }
            PrepareState::Block => {
                if self.blocker.done.val() {
                    if self.blocker.all.val() & (self.blocker.stones.val() == 0_u64) {
                        // No stone to push (the scan saw no threat): two line scores.
                        self.rl.d.next = 2_u64.into();
                        self.go_reply.next = true;
                    } else if self.blocker.all.val() {
                        self.bk.d.next = self.blocker.stones.val();
                        self.b0.d.next = bit_cast::<10, 5>(self.blocker.a_col.val())
                            | (bit_cast::<10, 5>(self.blocker.a_row.val()) << 5_u64);
                        self.b1.d.next = bit_cast::<10, 5>(self.blocker.c_col.val())
                            | (bit_cast::<10, 5>(self.blocker.c_row.val()) << 5_u64);
                        self.rl.d.next = 0_u64.into();
                        if self.blocker.stones.val() == 1_u64 {
                            self.rl.d.next = 1_u64.into();
                        }
                        self.p.d.next = 0_u64.into();
                        self.state.d.next = PrepareState::PushB;
                    } else {
                        // Threats two stones cannot block: the best key there is.
                        self.fin.next = true;
                        self.keep.next = true;
                        self.key.next = bit_cast::<KEY, 16>(self.n_q.q.val()) | self.k_unbl.val();
                    }
                }
            }
            PrepareState::PushB => {
                self.overlay.push.next = true;
                self.overlay.push_code.next = self.side_q.q.val() ^ 3_u64;
                self.ps.next = self.b0.q.val();
                if self.p.q.val() == 1_u64 {
                    self.ps.next = self.b1.q.val();
                }
                self.p.d.next = self.p.q.val() + 1_u64;
                self.pn.next = self.p.q.val() + 1_u64;
                if self.pn.val() == self.bk.q.val() {
                    if self.rl.q.val() == 0_u64 {
                        self.go_again.next = true;
                    } else {
                        self.go_reply.next = true;
                    }
                }
            }
            PrepareState::Reply => {
                if self.scorer.done.val() {
                    if self.scorer.found.val() {
                        self.overlay.push.next = true;
                        self.overlay.push_code.next = self.side_q.q.val() ^ 3_u64;
                        self.ps.next = bit_cast::<10, 5>(self.scorer.best_col.val())
                            | (bit_cast::<10, 5>(self.scorer.best_row.val()) << 5_u64);
                    }
                    self.rl.d.next = self.rl.q.val() - 1_u64;
                    if self.rl.q.val() == 1_u64 {
                        self.go_again.next = true;
                    } else {
                        self.go_reply.next = true;
                    }
                }
            }
            PrepareState::Again => {
                if self.search.done.val() {
                    self.tested_q.d.next = self.tested_q.q.val() + self.search.tested.val();
                    self.left.d.next = self.after.val();
                    if self.search.exhausted.val() {
                        self.exh_q.d.next = true;
                        self.state.d.next = PrepareState::Done;
                    } else {
                        self.fin.next = true;
                        self.keep.next = true;
                        self.key.next = bit_cast::<KEY, 16>(self.n_q.q.val())
                            | (bit_cast::<KEY, 16>(self.search.wins.val()) << 16_u64);
                    }
                }
            }
        }
        self.overlay.push_col.next = self.ps.val().get_bits::<5>(0);
        self.overlay.push_row.next = self.ps.val().get_bits::<5>(5);
        if self.go_reply.val() {
            self.scorer.start.next = true;
            self.state.d.next = PrepareState::Reply;
        }
        if self.go_again.val() {
            self.search.start.next = true;
            self.searches_q.d.next = self.searches_q.q.val() + 1_u64;
            self.state.d.next = PrepareState::Again;
        }

        // A pair's last answer: its key kept if greater; the overlay cleared, the next pair
        // (i, j + 1, or i + 1, i + 2), if the list holds it.
        if self.keep.val() & (!self.found_q.q.val() | (self.key.val() > self.best.q.val())) {
            self.found_q.d.next = true;
            self.best.d.next = self.key.val();
            self.ans_a.d.next = self.pa.val();
            self.ans_c.d.next = self.pc.val();
        }
        self.more.next = false;
        if self.fin.val() {
            self.overlay.clear.next = true;
            self.state.d.next = PrepareState::Done;
            // The next j, if the list holds it; else the next i, whose pair (i + 1, i + 2)
            // needs i + 2.
            for k in 0..15 {
                if (self.j.q.val() == self.k_i[k].val()) & self.tv[k + 1].q.val() {
                    self.j.d.next = self.j.q.val() + 1_u64;
                    self.more.next = true;
                }
            }
            if !self.more.val() {
                for k in 0..14 {
                    if (self.i.q.val() == self.k_i[k].val()) & self.tv[k + 2].q.val() {
                        self.i.d.next = self.i.q.val() + 1_u64;
                        self.j.d.next = self.i.q.val() + 2_u64;
                        self.more.next = true;
                    }
                }
            }
            if self.more.val() {
                self.state.d.next = PrepareState::PushA;
            }
        }

        if self.go.val() {
            self.state.d.next = PrepareState::Score;
            self.side_q.d.next = self.side.val();
            self.left.d.next = self.budget.val();
            self.r.d.next = 0_u64.into();
            self.x.d.next = 0_u64.into();
            for k in 0..CANDIDATES {
                self.tv[k].d.next = false;
            }
            self.found_q.d.next = false;
            self.best.d.next = 0_u64.into();
            self.pairs_q.d.next = 0_u64.into();
            self.replies_q.d.next = 0_u64.into();
            self.searches_q.d.next = 0_u64.into();
            self.tested_q.d.next = 0_u64.into();
            self.exh_q.d.next = false;
            self.overlay.clear.next = true;
        }
        if self.cancel.val() {
            self.state.d.next = PrepareState::Idle;
            self.overlay.clear.next = true;
        }
    }
}

/// The preparation with its own line scorer, winning-pair search and threat blocker.
#[derive(LogicBlock, Default)]
pub struct Preparation {
    pub clock: Signal<In, Clock>,
    /// As [`PreparationCore`]'s.
    pub start: Signal<In, Bit>,
    pub side: Signal<In, Bits<2>>,
    pub budget: Signal<In, Bits<20>>,
    pub cancel: Signal<In, Bit>,
    pub rd_addr: Signal<Out, Bits<5>>,
    pub rd_data: Signal<In, Bits<38>>,
    pub busy: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    pub found: Signal<Out, Bit>,
    pub a_col: Signal<Out, Bits<5>>,
    pub a_row: Signal<Out, Bits<5>>,
    pub c_col: Signal<Out, Bits<5>>,
    pub c_row: Signal<Out, Bits<5>>,
    pub unblockable: Signal<Out, Bit>,
    pub survive: Signal<Out, Bits<16>>,
    pub wins: Signal<Out, Bits<16>>,
    pub pairs: Signal<Out, Bits<8>>,
    pub replies: Signal<Out, Bits<8>>,
    pub searches: Signal<Out, Bits<16>>,
    pub tested: Signal<Out, Bits<20>>,
    pub exhausted: Signal<Out, Bit>,
    core: PreparationCore,
    scorer: LineScorerServer,
    search: PairSearchServer,
    blocker: ThreatBlocker,
}

impl Logic for Preparation {
    #[hdl_gen]
    fn update(&mut self) {
        self.core.clock.next = self.clock.val();
        self.scorer.clock.next = self.clock.val();
        self.search.clock.next = self.clock.val();
        self.blocker.clock.next = self.clock.val();
        self.core.start.next = self.start.val();
        self.core.side.next = self.side.val();
        self.core.budget.next = self.budget.val();
        self.core.cancel.next = self.cancel.val();
        self.rd_addr.next = self.core.rd_addr.val();
        self.core.rd_data.next = self.rd_data.val();
        self.busy.next = self.core.busy.val();
        self.done.next = self.core.done.val();
        self.found.next = self.core.found.val();
        self.a_col.next = self.core.a_col.val();
        self.a_row.next = self.core.a_row.val();
        self.c_col.next = self.core.c_col.val();
        self.c_row.next = self.core.c_row.val();
        self.unblockable.next = self.core.unblockable.val();
        self.survive.next = self.core.survive.val();
        self.wins.next = self.core.wins.val();
        self.pairs.next = self.core.pairs.val();
        self.replies.next = self.core.replies.val();
        self.searches.next = self.core.searches.val();
        self.tested.next = self.core.tested.val();
        self.exhausted.next = self.core.exhausted.val();

        LineScorerPort::join(&mut self.core.scorer, &mut self.scorer.port);

        PairSearchPort::join(&mut self.core.search, &mut self.search.port);

        self.blocker.start.next = self.core.blocker.start.val();
        self.blocker.side.next = self.core.blocker.side.val();
        self.blocker.cancel.next = self.core.blocker.cancel.val();
        self.blocker.rd_data.next = self.core.blocker.rd_data.val();
        self.core.blocker.rd_addr.next = self.blocker.rd_addr.val();
        self.core.blocker.done.next = self.blocker.done.val();
        self.core.blocker.all.next = self.blocker.all.val();
        self.core.blocker.stones.next = self.blocker.stones.val();
        self.core.blocker.a_col.next = self.blocker.a_col.val();
        self.core.blocker.a_row.next = self.blocker.a_row.val();
        self.core.blocker.c_col.next = self.blocker.c_col.val();
        self.core.blocker.c_row.next = self.blocker.c_row.val();
    }
}
