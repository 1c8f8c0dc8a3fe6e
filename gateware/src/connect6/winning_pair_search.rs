//! The winning-pair search, past the paper: the threat player's inner step (its attack, and
//! the counts its block, defence and preparation compare: `docs/connect6.md`, "The threat
//! player"). A *winning pair* of a side is two empty points after which its threats cannot all
//! be hit by two stones. Model: `model::connect6::pair_search::search` (the pairs of
//! `model::connect6::threat::winning_pairs`, with the cycles).
//!
//! ```text
//!  start --> candidate scan (the threat scanner): the 19 row words read (a row a cycle), the
//!            side's threats counted (one: stop), its candidates marked (the empty points of
//!            windows of two or more of its stones and none of the other's) and its
//!            one-stone threat points (windows of three or more) into 19 x 19 bits each
//!        --> the pairs (a, c) of candidates in board order, from a "next candidate after"
//!            unit (row priority, then column priority), a cycle a step
//!        --> per pair: counted against the budget and filtered: it can make a threat only if
//!            a or c is a one-stone threat point, or both are in one window (one line, five
//!            apart at most); else passed
//!        --> else the lines of 11 points through a (once for its pairs) and through c
//!            gathered from 11 row reads, and the pair tester (`pair_tester`) decides
//!        --> the first winning pair, the count, the pairs tested (a 20-bit budget bounds them)
//! ```
//!
//! Cycles (the model's, `pair_search::search`): [`START_CYCLES`] (24) to the first pair;
//! [`PAIR_CYCLES`] (2) a pair, its filter and the step to the next c; for a pair the filter
//! keeps, [`GATHER_CYCLES`] (12) for c's lines (and as many for a's, once an a) and
//! [`TEST_CYCLES`] (5) for the tester; [`ADVANCE_CYCLES`] (2) to move a on. The side must have
//! no threat; if it has, the search stops after the candidate scan with `own_threat` (22).

use super::pair_tester::PairTester;
use super::threat_scanner::{ThreatScanner, MARKS};
use crate::common::c;
use model::connect6::SIZE;
use rust_hdl::prelude::*;

pub use model::connect6::pair_search::{
    ADVANCE_CYCLES, GATHER_CYCLES, PAIR_CYCLES, SCAN_CYCLES, START_CYCLES, TEST_CYCLES,
};

#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum PairState {
    Idle,
    /// The candidate scan.
    Cand,
    /// The first candidate found.
    FirstA,
    /// The candidate after a: a pair's c.
    FirstC,
    /// A pair: counted against the budget; tested if it can make a threat, else passed.
    Pick,
    /// The lines through a, then through c.
    GatherA,
    GatherC,
    /// The pair tester.
    Test,
    /// The candidate after c.
    Step,
    /// The candidate after a: the next a.
    AdvA,
    Done,
}

#[derive(LogicBlock)]
pub struct WinningPairSearch {
    pub clock: Signal<In, Clock>,
    /// Starts a search (idle or done): the side (1 Black, 2 White), all winning pairs or the
    /// first only, and the most pairs to test.
    pub start: Signal<In, Bit>,
    pub side: Signal<In, Bits<2>>,
    pub first_only: Signal<In, Bit>,
    pub budget: Signal<In, Bits<20>>,
    /// Cancels a search: the block goes idle.
    pub cancel: Signal<In, Bit>,
    /// The board's read port: the row to read, and the word of the row asked the cycle before
    /// (`model::connect6::paper::row_word`: the record manager's RAM).
    pub rd_addr: Signal<Out, Bits<5>>,
    pub rd_data: Signal<In, Bits<38>>,
    pub busy: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    /// The side had a threat: nothing was searched.
    pub own_threat: Signal<Out, Bit>,
    /// The first winning pair in candidate order, if `found`.
    pub found: Signal<Out, Bit>,
    pub a_col: Signal<Out, Bits<5>>,
    pub a_row: Signal<Out, Bits<5>>,
    pub c_col: Signal<Out, Bits<5>>,
    pub c_row: Signal<Out, Bits<5>>,
    /// Winning pairs found, pairs tested, and whether the budget ran out with pairs left.
    pub wins: Signal<Out, Bits<16>>,
    pub tested: Signal<Out, Bits<20>>,
    pub exhausted: Signal<Out, Bit>,
    scan: ThreatScanner,
    tester: PairTester,
    state: DFF<PairState>,
    /// The step of a scan (0..20) or a gathering (0..11) or a test (0..4).
    t: DFF<Bits<5>>,
    side_q: DFF<Bits<2>>,
    first_q: DFF<Bit>,
    left: DFF<Bits<20>>,
    /// The candidates, row by row (bit = column), and the five rows still being marked.
    cand: [DFF<Bits<19>>; SIZE],
    pend: [DFF<Bits<19>>; 5],
    /// The points where one more stone makes a threat, row by row, and the five rows still
    /// being marked.
    cand3: [DFF<Bits<19>>; SIZE],
    pend3: [DFF<Bits<19>>; 5],
    /// The pair.
    ar: DFF<Bits<5>>,
    ac: DFF<Bits<5>>,
    cr: DFF<Bits<5>>,
    cc: DFF<Bits<5>>,
    /// The lines through a (gathered for this a: `a_lines`) and through c, own and blocked.
    a_lines: DFF<Bit>,
    la_own: DFF<Bits<44>>,
    la_blk: DFF<Bits<44>>,
    lc_own: DFF<Bits<44>>,
    lc_blk: DFF<Bits<44>>,
    found_q: DFF<Bit>,
    fa_r: DFF<Bits<5>>,
    fa_c: DFF<Bits<5>>,
    fc_r: DFF<Bits<5>>,
    fc_c: DFF<Bits<5>>,
    wins_q: DFF<Bits<16>>,
    tested_q: DFF<Bits<20>>,
    exh_q: DFF<Bit>,
    thr_q: DFF<Bit>,
    /// The row whose word is here (t - 1) in a scan.
    dr: Signal<Local, Bits<5>>,
    mk: Signal<Local, Bits<MARKS>>,
    mk3: Signal<Local, Bits<MARKS>>,
    /// Whether the pair can make a threat: a or c is where one more stone makes one (`t3a`,
    /// `t3c`), or a and c are in a window together (on a line, five apart at most: `near`).
    t3_bits: Signal<Local, Bits<19>>,
    t3a: Signal<Local, Bit>,
    t3c: Signal<Local, Bit>,
    dcol: Signal<Local, Bits<5>>,
    drow: Signal<Local, Bits<5>>,
    near: Signal<Local, Bit>,
    /// The gathering: the point (a's or c's), the row read (its row - 5 + t), the word's row
    /// offset from the point (`t - 6`, with the word), whether that row is on the board, the
    /// word's cells as own and blocked planes, the columns wanted (`gcol`) and their cells.
    g_r: Signal<Local, Bits<6>>,
    g_c: Signal<Local, Bits<6>>,
    g_row: Signal<Local, Bits<6>>,
    g_on: Signal<Local, Bit>,
    g_own: Signal<Local, Bits<19>>,
    g_blk: Signal<Local, Bits<19>>,
    code: Signal<Local, Bits<2>>,
    g_off: Signal<Local, Bits<6>>,
    gcol: [Signal<Local, Bits<6>>; 14],
    co: [Signal<Local, Bit>; 14],
    cb: [Signal<Local, Bit>; 14],
    g_o: Signal<Local, Bits<44>>,
    g_b: Signal<Local, Bits<44>>,
    /// The next-candidate unit: after (q_r, q_c), or the first if `q_start`.
    q_start: Signal<Local, Bit>,
    q_r: Signal<Local, Bits<5>>,
    q_c: Signal<Local, Bits<5>>,
    gt: Signal<Local, Bits<19>>,
    e: [Signal<Local, Bits<19>>; SIZE],
    nx_ok: Signal<Local, Bit>,
    nx_r: Signal<Local, Bits<5>>,
    nx_c: Signal<Local, Bits<5>>,
    nx_bits: Signal<Local, Bits<19>>,
    /// Moving to a new a (from the first candidate or the one after a).
    new_a: Signal<Local, Bit>,
    k_last: Constant<Bits<5>>,
    /// 0..18, to compare with a loop's index.
    k_idx: [Constant<Bits<5>>; SIZE],
    k_idx6: [Constant<Bits<6>>; SIZE],
    /// -5..5 as 6-bit two's complement, for line point k (k - 5).
    k_off: [Constant<Bits<6>>; 11],
}

impl Default for WinningPairSearch {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            start: Default::default(),
            side: Default::default(),
            first_only: Default::default(),
            budget: Default::default(),
            cancel: Default::default(),
            rd_addr: Default::default(),
            rd_data: Default::default(),
            busy: Default::default(),
            done: Default::default(),
            own_threat: Default::default(),
            found: Default::default(),
            a_col: Default::default(),
            a_row: Default::default(),
            c_col: Default::default(),
            c_row: Default::default(),
            wins: Default::default(),
            tested: Default::default(),
            exhausted: Default::default(),
            scan: Default::default(),
            tester: Default::default(),
            state: Default::default(),
            t: Default::default(),
            side_q: Default::default(),
            first_q: Default::default(),
            left: Default::default(),
            cand: std::array::from_fn(|_| Default::default()),
            pend: std::array::from_fn(|_| Default::default()),
            cand3: std::array::from_fn(|_| Default::default()),
            pend3: std::array::from_fn(|_| Default::default()),
            ar: Default::default(),
            ac: Default::default(),
            cr: Default::default(),
            cc: Default::default(),
            a_lines: Default::default(),
            la_own: Default::default(),
            la_blk: Default::default(),
            lc_own: Default::default(),
            lc_blk: Default::default(),
            found_q: Default::default(),
            fa_r: Default::default(),
            fa_c: Default::default(),
            fc_r: Default::default(),
            fc_c: Default::default(),
            wins_q: Default::default(),
            tested_q: Default::default(),
            exh_q: Default::default(),
            thr_q: Default::default(),
            dr: Default::default(),
            mk: Default::default(),
            mk3: Default::default(),
            t3_bits: Default::default(),
            t3a: Default::default(),
            t3c: Default::default(),
            dcol: Default::default(),
            drow: Default::default(),
            near: Default::default(),
            g_r: Default::default(),
            g_c: Default::default(),
            g_row: Default::default(),
            g_on: Default::default(),
            g_own: Default::default(),
            g_blk: Default::default(),
            code: Default::default(),
            g_off: Default::default(),
            gcol: Default::default(),
            co: Default::default(),
            cb: Default::default(),
            g_o: Default::default(),
            g_b: Default::default(),
            q_start: Default::default(),
            q_r: Default::default(),
            q_c: Default::default(),
            gt: Default::default(),
            e: std::array::from_fn(|_| Default::default()),
            nx_ok: Default::default(),
            nx_r: Default::default(),
            nx_c: Default::default(),
            nx_bits: Default::default(),
            new_a: Default::default(),
            k_last: c(SCAN_CYCLES - 1),
            k_idx: std::array::from_fn(|i| c(i as u64)),
            k_idx6: std::array::from_fn(|i| c(i as u64)),
            k_off: std::array::from_fn(|k| c((k as u64).wrapping_sub(5) & 63)),
        }
    }
}

impl Logic for WinningPairSearch {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, state, t, side_q, first_q, left, ar, ac, cr, cc, a_lines, la_own, la_blk,
            lc_own, lc_blk, found_q, fa_r, fa_c, fc_r, fc_c, wins_q, tested_q, exh_q, thr_q
        );
        for r in 0..19 {
            self.cand[r].clock.next = self.clock.val();
            self.cand[r].d.next = self.cand[r].q.val();
            self.cand3[r].clock.next = self.clock.val();
            self.cand3[r].d.next = self.cand3[r].q.val();
        }
        for i in 0..5 {
            self.pend[i].clock.next = self.clock.val();
            self.pend[i].d.next = self.pend[i].q.val();
            self.pend3[i].clock.next = self.clock.val();
            self.pend3[i].d.next = self.pend3[i].q.val();
        }
        self.busy.next =
            (self.state.q.val() != PairState::Idle) & (self.state.q.val() != PairState::Done);
        self.done.next = self.state.q.val() == PairState::Done;
        self.own_threat.next = self.thr_q.q.val();
        self.found.next = self.found_q.q.val();
        self.a_col.next = self.fa_c.q.val();
        self.a_row.next = self.fa_r.q.val();
        self.c_col.next = self.fc_c.q.val();
        self.c_row.next = self.fc_r.q.val();
        self.wins.next = self.wins_q.q.val();
        self.tested.next = self.tested_q.q.val();
        self.exhausted.next = self.exh_q.q.val();

        // The read port: row t of a scan; row p - 5 + t of a gathering around p.
        self.rd_addr.next = self.t.q.val();
        if self.state.q.val() == PairState::GatherA {
            self.rd_addr.next = self.ar.q.val() + self.t.q.val() - 5_u64;
        }
        if self.state.q.val() == PairState::GatherC {
            self.rd_addr.next = self.cr.q.val() + self.t.q.val() - 5_u64;
        }

        // The candidate scan: the words as read; the scanner's marks of the row (`dr`), point
        // d rows up in bits 19 d..: the row five up is complete (its last windows end here),
        // the other four gather; at the last row all of them are complete.
        self.dr.next = self.t.q.val() - 1_u64;
        self.scan.clock.next = self.clock.val();
        self.scan.side.next = self.side_q.q.val();
        self.scan.row.next = self.rd_data.val();
        self.scan.first.next = self.t.q.val() == 1_u64;
        self.scan.row_en.next = (self.state.q.val() == PairState::Cand)
            & (self.t.q.val() >= 1_u64)
            & (self.t.q.val() <= 19_u64);
        self.mk.next = self.scan.marks.val();
        self.mk3.next = self.scan.marks3.val();
        if self.scan.row_en.val() {
            for r in 0..14 {
                if self.dr.val() == self.k_idx[r + 5].val() {
                    self.cand[r].d.next = self.pend[0].q.val() | self.mk.val().get_bits::<19>(95);
                    self.cand3[r].d.next =
                        self.pend3[0].q.val() | self.mk3.val().get_bits::<19>(95);
                }
            }
            for i in 0..4 {
                self.pend[i].d.next =
                    self.pend[i + 1].q.val() | self.mk.val().get_bits::<19>(19 * (4 - i));
                self.pend3[i].d.next =
                    self.pend3[i + 1].q.val() | self.mk3.val().get_bits::<19>(19 * (4 - i));
            }
            self.pend[4].d.next = self.mk.val().get_bits::<19>(0);
            self.pend3[4].d.next = self.mk3.val().get_bits::<19>(0);
            if self.dr.val() == 18_u64 {
                for i in 0..4 {
                    self.cand[14 + i].d.next =
                        self.pend[i + 1].q.val() | self.mk.val().get_bits::<19>(19 * (4 - i));
                    self.cand3[14 + i].d.next =
                        self.pend3[i + 1].q.val() | self.mk3.val().get_bits::<19>(19 * (4 - i));
                }
                self.cand[18].d.next = self.mk.val().get_bits::<19>(0);
                self.cand3[18].d.next = self.mk3.val().get_bits::<19>(0);
            }
        }

        // The pair's filter. c comes after a in board order: its row is a's or below.
        self.t3a.next = false;
        self.t3c.next = false;
        for r in 0..19 {
            if self.ar.q.val() == self.k_idx[r].val() {
                self.t3_bits.next = self.cand3[r].q.val();
                for p in 0..19 {
                    if self.ac.q.val() == self.k_idx[p].val() {
                        self.t3a.next = self.t3_bits.val().get_bit(p);
                    }
                }
            }
            if self.cr.q.val() == self.k_idx[r].val() {
                self.t3_bits.next = self.cand3[r].q.val();
                for p in 0..19 {
                    if self.cc.q.val() == self.k_idx[p].val() {
                        self.t3c.next = self.t3_bits.val().get_bit(p);
                    }
                }
            }
        }
        self.drow.next = self.cr.q.val() - self.ar.q.val();
        self.dcol.next = self.cc.q.val() - self.ac.q.val();
        if self.ac.q.val() > self.cc.q.val() {
            self.dcol.next = self.ac.q.val() - self.cc.q.val();
        }
        self.near.next = (self.drow.val() <= 5_u64)
            & (self.dcol.val() <= 5_u64)
            & ((self.drow.val() == 0_u64)
                | (self.dcol.val() == 0_u64)
                | (self.dcol.val() == self.drow.val()));

        // A gathering: the word of row p + (t - 6) (steps 1..11: line point k = t - 1 of the
        // column and both diagonals; at the middle row the row's own 11 points). Off the board,
        // a point is blocked.
        self.g_r.next = bit_cast::<6, 5>(self.ar.q.val());
        self.g_c.next = bit_cast::<6, 5>(self.ac.q.val());
        self.g_o.next = self.la_own.q.val();
        self.g_b.next = self.la_blk.q.val();
        if self.state.q.val() == PairState::GatherC {
            self.g_r.next = bit_cast::<6, 5>(self.cr.q.val());
            self.g_c.next = bit_cast::<6, 5>(self.cc.q.val());
            self.g_o.next = self.lc_own.q.val();
            self.g_b.next = self.lc_blk.q.val();
        }
        self.g_row.next = self.g_r.val() + bit_cast::<6, 5>(self.t.q.val()) - 6_u64;
        self.g_on.next = self.g_row.val() <= 18_u64;
        self.g_own.next = 0_u64.into();
        self.g_blk.next = 0_u64.into();
        for p in 0..19 {
            self.code.next = self.rd_data.val().get_bits::<2>(2 * p);
            self.g_own.next = self.g_own.val().replace_bit(
                p,
                self.g_on.val() & (self.code.val() == self.side_q.q.val()),
            );
            self.g_blk.next = self.g_blk.val().replace_bit(
                p,
                !self.g_on.val()
                    | ((self.code.val() != 0_u64) & (self.code.val() != self.side_q.q.val())),
            );
        }
        // The columns this word gives: down the column (p), the falling diagonal (p + off),
        // the rising one (p - off), off = t - 6 the row's offset; at the middle row (t = 6)
        // the row's own 11 (p - 5 .. p + 5). Each column's cell; off the board, blocked.
        self.g_off.next = bit_cast::<6, 5>(self.t.q.val()) - 6_u64;
        self.gcol[0].next = self.g_c.val();
        self.gcol[1].next = self.g_c.val() + self.g_off.val();
        self.gcol[2].next = self.g_c.val() - self.g_off.val();
        for j in 0..11 {
            self.gcol[3 + j].next = self.g_c.val() + self.k_off[j].val();
        }
        for m in 0..14 {
            self.co[m].next = false;
            self.cb[m].next = true;
            for x in 0..19 {
                if self.gcol[m].val() == self.k_idx6[x].val() {
                    self.co[m].next = self.g_own.val().get_bit(x);
                    self.cb[m].next = self.g_blk.val().get_bit(x);
                }
            }
        }
        // Step t writes point t - 1 of the column and the falling diagonal, point 11 - t of
        // the rising one (up to the right).
        for k in 0..11 {
            if self.t.q.val() == self.k_idx[k + 1].val() {
                self.g_o.next = self
                    .g_o
                    .val()
                    .replace_bit(11 + k, self.co[0].val())
                    .replace_bit(22 + k, self.co[1].val())
                    .replace_bit(43 - k, self.co[2].val());
                self.g_b.next = self
                    .g_b
                    .val()
                    .replace_bit(11 + k, self.cb[0].val())
                    .replace_bit(22 + k, self.cb[1].val())
                    .replace_bit(43 - k, self.cb[2].val());
            }
        }
        if self.t.q.val() == 6_u64 {
            for j in 0..11 {
                self.g_o.next = self.g_o.val().replace_bit(j, self.co[3 + j].val());
                self.g_b.next = self.g_b.val().replace_bit(j, self.cb[3 + j].val());
            }
        }
        if self.state.q.val() == PairState::GatherA {
            self.la_own.d.next = self.g_o.val();
            self.la_blk.d.next = self.g_b.val();
        }
        if self.state.q.val() == PairState::GatherC {
            self.lc_own.d.next = self.g_o.val();
            self.lc_blk.d.next = self.g_b.val();
        }

        // The pair tester, on the lines and the pair.
        self.tester.clock.next = self.clock.val();
        self.tester.own_a.next = self.la_own.q.val();
        self.tester.blocked_a.next = self.la_blk.q.val();
        self.tester.own_c.next = self.lc_own.q.val();
        self.tester.blocked_c.next = self.lc_blk.q.val();
        self.tester.a_col.next = self.ac.q.val();
        self.tester.a_row.next = self.ar.q.val();
        self.tester.c_col.next = self.cc.q.val();
        self.tester.c_row.next = self.cr.q.val();
        self.tester.start.next =
            (self.state.q.val() == PairState::Test) & (self.t.q.val() == 0_u64);

        // The next candidate after (q_r, q_c), or the first: the rows below q_r whole, q_r's
        // columns past q_c; the first row with one, then its first column.
        self.q_start.next = self.state.q.val() == PairState::FirstA;
        self.q_r.next = self.ar.q.val();
        self.q_c.next = self.ac.q.val();
        if self.state.q.val() == PairState::Step {
            self.q_r.next = self.cr.q.val();
            self.q_c.next = self.cc.q.val();
        }
        self.gt.next = 0_u64.into();
        for p in 0..19 {
            self.gt.next = self
                .gt
                .val()
                .replace_bit(p, self.q_c.val() < self.k_idx[p].val());
        }
        for r in 0..19 {
            self.e[r].next = 0_u64.into();
            if self.q_start.val() | (self.q_r.val() < self.k_idx[r].val()) {
                self.e[r].next = self.cand[r].q.val();
            }
            if !self.q_start.val() & (self.q_r.val() == self.k_idx[r].val()) {
                self.e[r].next = self.cand[r].q.val() & self.gt.val();
            }
        }
        self.nx_ok.next = false;
        self.nx_r.next = 0_u64.into();
        self.nx_bits.next = 0_u64.into();
        for r in 0..19 {
            if self.e[18 - r].val().any() {
                self.nx_ok.next = true;
                self.nx_r.next = self.k_idx[18 - r].val();
                self.nx_bits.next = self.e[18 - r].val();
            }
        }
        self.nx_c.next = 0_u64.into();
        for p in 0..19 {
            if self.nx_bits.val().get_bit(18 - p) {
                self.nx_c.next = self.k_idx[18 - p].val();
            }
        }

        self.new_a.next = false;
        match self.state.q.val() {
            PairState::Idle => {}
            PairState::Done => {}
            PairState::Cand => {
                self.t.d.next = self.t.q.val() + 1_u64;
                if self.t.q.val() == self.k_last.val() {
                    self.t.d.next = 0_u64.into();
                    if self.scan.own_count.val() != 0_u64 {
                        self.thr_q.d.next = true;
                        self.state.d.next = PairState::Done;
                    } else {
                        self.state.d.next = PairState::FirstA;
                    }
                }
            }
            // A new a: the first candidate, or the one after a (the unit's query says which).
            PairState::FirstA => {
                self.new_a.next = true;
            }
            PairState::AdvA => {
                self.new_a.next = true;
            }
            PairState::FirstC => {
                self.cr.d.next = self.nx_r.val();
                self.cc.d.next = self.nx_c.val();
                self.state.d.next = PairState::Pick;
                if !self.nx_ok.val() {
                    self.state.d.next = PairState::Done;
                }
            }
            PairState::Step => {
                self.cr.d.next = self.nx_r.val();
                self.cc.d.next = self.nx_c.val();
                self.state.d.next = PairState::Pick;
                if !self.nx_ok.val() {
                    self.state.d.next = PairState::AdvA;
                }
            }
            PairState::Pick => {
                // The budget counts every pair, tested or passed.
                if self.left.q.val() == 0_u64 {
                    self.exh_q.d.next = true;
                    self.state.d.next = PairState::Done;
                } else {
                    self.left.d.next = self.left.q.val() - 1_u64;
                    self.tested_q.d.next = self.tested_q.q.val() + 1_u64;
                    self.t.d.next = 0_u64.into();
                    if self.t3a.val() | self.t3c.val() | self.near.val() {
                        if self.a_lines.q.val() {
                            self.state.d.next = PairState::GatherC;
                        } else {
                            self.state.d.next = PairState::GatherA;
                        }
                    } else {
                        self.state.d.next = PairState::Step;
                    }
                }
            }
            PairState::GatherA => {
                self.t.d.next = self.t.q.val() + 1_u64;
                if self.t.q.val() == 11_u64 {
                    self.t.d.next = 0_u64.into();
                    self.a_lines.d.next = true;
                    self.state.d.next = PairState::GatherC;
                }
            }
            PairState::GatherC => {
                self.t.d.next = self.t.q.val() + 1_u64;
                if self.t.q.val() == 11_u64 {
                    self.t.d.next = 0_u64.into();
                    self.state.d.next = PairState::Test;
                }
            }
            PairState::Test => {
                self.t.d.next = self.t.q.val() + 1_u64;
                if self.tester.done.val() {
                    self.t.d.next = 0_u64.into();
                    if self.tester.wins.val() {
                        self.wins_q.d.next = self.wins_q.q.val() + 1_u64;
                        if !self.found_q.q.val() {
                            self.found_q.d.next = true;
                            self.fa_r.d.next = self.ar.q.val();
                            self.fa_c.d.next = self.ac.q.val();
                            self.fc_r.d.next = self.cr.q.val();
                            self.fc_c.d.next = self.cc.q.val();
                        }
                    }
                    if self.tester.wins.val() & self.first_q.q.val() {
                        self.state.d.next = PairState::Done;
                    } else {
                        self.state.d.next = PairState::Step;
                    }
                }
            }
        }

        if self.new_a.val() {
            self.ar.d.next = self.nx_r.val();
            self.ac.d.next = self.nx_c.val();
            self.a_lines.d.next = false;
            self.state.d.next = PairState::FirstC;
            if !self.nx_ok.val() {
                self.state.d.next = PairState::Done;
            }
        }

        if self.start.val()
            & ((self.state.q.val() == PairState::Idle) | (self.state.q.val() == PairState::Done))
        {
            self.state.d.next = PairState::Cand;
            self.t.d.next = 0_u64.into();
            self.side_q.d.next = self.side.val();
            self.first_q.d.next = self.first_only.val();
            self.left.d.next = self.budget.val();
            self.found_q.d.next = false;
            self.wins_q.d.next = 0_u64.into();
            self.tested_q.d.next = 0_u64.into();
            self.exh_q.d.next = false;
            self.thr_q.d.next = false;
            for i in 0..5 {
                self.pend[i].d.next = 0_u64.into();
                self.pend3[i].d.next = 0_u64.into();
            }
        }
        if self.cancel.val() {
            self.state.d.next = PairState::Idle;
        }
    }
}
