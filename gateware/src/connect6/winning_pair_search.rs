//! The winning-pair search, past the paper: the threat player's inner step (its attack, and
//! the counts its block, defence and preparation compare: `docs/connect6.md`, "The threat
//! player") on the threat scanner. A *winning pair* of a side is two empty points after which
//! its threats cannot all be hit by two stones. Model: `model::connect6::pair_search::search`
//! (the pairs of `model::connect6::threat::winning_pairs`, with the scans and cycles).
//!
//! ```text
//!  start --> candidate scan: the 19 row words read (a row a cycle), the side's threats
//!            counted (one: stop), its candidates marked (the empty points of windows of two
//!            or more of its stones and none of the other's) and its one-stone threat points
//!            (windows of three or more) into 19 x 19 bits each
//!        --> the pairs (a, c) of candidates in board order, from a "next candidate after"
//!            unit (row priority, then column priority), a cycle a step
//!        --> per pair: counted against the budget and filtered: it can make a threat only if
//!            a or c is a one-stone threat point, or both are in one window (one line, five
//!            apart at most); else passed without a scan
//!        --> else one to seven scans with stones overlaid on the rows as they stream: a and
//!            c the side's; then x (each empty point of the first threat, the opponent's);
//!            then y (each empty point of the first threat left); no threat left after a
//!            scan: blocked. No x and y block it: a winning pair.
//!        --> the first winning pair, the count, the pairs tested (a 20-bit budget bounds them)
//! ```
//!
//! Cycles (the model's, `pair_search::search`): [`START_CYCLES`] (24) to the first pair;
//! [`PAIR_CYCLES`] (2) a pair, its filter and the step to the next c; [`SCAN_CYCLES`] (21) a
//! scan: a row read a cycle (0-18), the words in the scanner (1-19), its answer read and the
//! next scan's stones chosen (20); [`ADVANCE_CYCLES`] (2) to move a on. The side must have no
//! threat; if it has, the search stops after the candidate scan with `own_threat` (22 cycles).

use super::threat_scanner::{ThreatScanner, MARKS};
use crate::common::c;
use model::connect6::SIZE;
use rust_hdl::prelude::*;

pub use model::connect6::pair_search::{ADVANCE_CYCLES, PAIR_CYCLES, SCAN_CYCLES, START_CYCLES};

#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum PairState {
    Idle,
    /// The candidate scan.
    Cand,
    /// The first candidate found.
    FirstA,
    /// The candidate after a: a pair's c.
    FirstC,
    /// A pair: counted against the budget; scanned if it can make a threat, else passed.
    Pick,
    /// A pair's scans.
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
    state: DFF<PairState>,
    /// The step of a scan (0..20).
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
    /// The scan of the pair: 0 the pair alone, 1 with x, 2 with x and the first y, 3 with x
    /// and the second y; which x (the second once `xsel`); the stones overlaid.
    ph: DFF<Bits<2>>,
    xsel: DFF<Bit>,
    xv: DFF<Bit>,
    xr: DFF<Bits<5>>,
    xc: DFF<Bits<5>>,
    x2_ok: DFF<Bit>,
    x2_r: DFF<Bits<5>>,
    x2_c: DFF<Bits<5>>,
    yv: DFF<Bit>,
    yr: DFF<Bits<5>>,
    yc: DFF<Bits<5>>,
    y2_ok: DFF<Bit>,
    y2_r: DFF<Bits<5>>,
    y2_c: DFF<Bits<5>>,
    found_q: DFF<Bit>,
    fa_r: DFF<Bits<5>>,
    fa_c: DFF<Bits<5>>,
    fc_r: DFF<Bits<5>>,
    fc_c: DFF<Bits<5>>,
    wins_q: DFF<Bits<16>>,
    tested_q: DFF<Bits<20>>,
    exh_q: DFF<Bit>,
    thr_q: DFF<Bit>,
    /// The row whose word is here (t - 1), the stones' columns on it, the word overlaid.
    dr: Signal<Local, Bits<5>>,
    om: Signal<Local, Bits<19>>,
    pm: Signal<Local, Bits<19>>,
    code: Signal<Local, Bits<2>>,
    opp: Signal<Local, Bits<2>>,
    row_ov: Signal<Local, Bits<38>>,
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
    /// The scan's first threat's empty points: the first and the last (the same if one).
    k1_r: Signal<Local, Bits<5>>,
    k1_c: Signal<Local, Bits<5>>,
    k2_r: Signal<Local, Bits<5>>,
    k2_c: Signal<Local, Bits<5>>,
    two: Signal<Local, Bit>,
    pt_r: Signal<Local, Bits<5>>,
    pt_c: Signal<Local, Bits<5>>,
    hit: Signal<Local, Bit>,
    /// The pair's test ends (`win`: no x and y block it); the next pair starts.
    end_pair: Signal<Local, Bit>,
    win: Signal<Local, Bit>,
    x_next: Signal<Local, Bit>,
    k_last: Constant<Bits<5>>,
    /// 0..18, to compare with a loop's index.
    k_idx: [Constant<Bits<5>>; SIZE],
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
            ph: Default::default(),
            xsel: Default::default(),
            xv: Default::default(),
            xr: Default::default(),
            xc: Default::default(),
            x2_ok: Default::default(),
            x2_r: Default::default(),
            x2_c: Default::default(),
            yv: Default::default(),
            yr: Default::default(),
            yc: Default::default(),
            y2_ok: Default::default(),
            y2_r: Default::default(),
            y2_c: Default::default(),
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
            om: Default::default(),
            pm: Default::default(),
            code: Default::default(),
            opp: Default::default(),
            row_ov: Default::default(),
            mk: Default::default(),
            mk3: Default::default(),
            t3_bits: Default::default(),
            t3a: Default::default(),
            t3c: Default::default(),
            dcol: Default::default(),
            drow: Default::default(),
            near: Default::default(),
            q_start: Default::default(),
            q_r: Default::default(),
            q_c: Default::default(),
            gt: Default::default(),
            e: std::array::from_fn(|_| Default::default()),
            nx_ok: Default::default(),
            nx_r: Default::default(),
            nx_c: Default::default(),
            nx_bits: Default::default(),
            k1_r: Default::default(),
            k1_c: Default::default(),
            k2_r: Default::default(),
            k2_c: Default::default(),
            two: Default::default(),
            pt_r: Default::default(),
            pt_c: Default::default(),
            hit: Default::default(),
            end_pair: Default::default(),
            win: Default::default(),
            x_next: Default::default(),
            k_last: c(SCAN_CYCLES - 1),
            k_idx: std::array::from_fn(|i| c(i as u64)),
        }
    }
}

impl Logic for WinningPairSearch {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, state, t, side_q, first_q, left, ar, ac, cr, cc, ph, xsel, xv, xr, xc,
            x2_ok, x2_r, x2_c, yv, yr, yc, y2_ok, y2_r, y2_c, found_q, fa_r, fa_c, fc_r, fc_c,
            wins_q, tested_q, exh_q, thr_q
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

        // The read port: row t in step t.
        self.rd_addr.next = self.t.q.val();

        // The word read last cycle (row t - 1), the pair's stones (the side's) and the
        // blockers (the opponent's) put on it during a pair's scans.
        self.dr.next = self.t.q.val() - 1_u64;
        self.opp.next = 3_u64.into();
        self.opp.next = self.opp.val() - self.side_q.q.val();
        self.om.next = 0_u64.into();
        self.pm.next = 0_u64.into();
        for p in 0..19 {
            if self.state.q.val() == PairState::Test {
                if ((self.dr.val() == self.ar.q.val()) & (self.ac.q.val() == self.k_idx[p].val()))
                    | ((self.dr.val() == self.cr.q.val())
                        & (self.cc.q.val() == self.k_idx[p].val()))
                {
                    self.om.next = self.om.val().replace_bit(p, true);
                }
                if (self.xv.q.val()
                    & (self.dr.val() == self.xr.q.val())
                    & (self.xc.q.val() == self.k_idx[p].val()))
                    | (self.yv.q.val()
                        & (self.dr.val() == self.yr.q.val())
                        & (self.yc.q.val() == self.k_idx[p].val()))
                {
                    self.pm.next = self.pm.val().replace_bit(p, true);
                }
            }
        }
        self.row_ov.next = self.rd_data.val();
        for p in 0..19 {
            self.code.next = self.rd_data.val().get_bits::<2>(2 * p);
            if self.om.val().get_bit(p) {
                self.code.next = self.side_q.q.val();
            }
            if self.pm.val().get_bit(p) {
                self.code.next = self.opp.val();
            }
            self.row_ov.next = self
                .row_ov
                .val()
                .replace_bit(2 * p, self.code.val().get_bit(0))
                .replace_bit(2 * p + 1, self.code.val().get_bit(1));
        }
        self.scan.clock.next = self.clock.val();
        self.scan.side.next = self.side_q.q.val();
        self.scan.row.next = self.row_ov.val();
        self.scan.first.next = self.t.q.val() == 1_u64;
        self.scan.row_en.next = ((self.state.q.val() == PairState::Cand)
            | (self.state.q.val() == PairState::Test))
            & (self.t.q.val() >= 1_u64)
            & (self.t.q.val() <= 19_u64);

        // The candidate marks of the row in the scanner (`dr`), point d rows up in bits
        // 19 d..: the row five up is complete (its last windows end here), the other four
        // gather; at the last row all of them are complete.
        self.mk.next = self.scan.marks.val();
        self.mk3.next = self.scan.marks3.val();
        if (self.state.q.val() == PairState::Cand) & self.scan.row_en.val() {
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

        // The scan's first threat's empty points, as board points: the first (k1) and the
        // last (k2) set bit of its six, point k at the first point plus k steps.
        self.k1_r.next = 0_u64.into();
        self.k1_c.next = 0_u64.into();
        self.k2_r.next = 0_u64.into();
        self.k2_c.next = 0_u64.into();
        self.two.next = false;
        self.hit.next = false;
        for k in 0..6 {
            self.pt_c.next = self.scan.own_col.val();
            self.pt_r.next = self.scan.own_row.val();
            if self.scan.own_dir.val() != 1_u64 {
                self.pt_c.next = self.scan.own_col.val() + self.k_idx[k].val();
            }
            if (self.scan.own_dir.val() == 1_u64) | (self.scan.own_dir.val() == 2_u64) {
                self.pt_r.next = self.scan.own_row.val() + self.k_idx[k].val();
            }
            if self.scan.own_dir.val() == 3_u64 {
                self.pt_r.next = self.scan.own_row.val() - self.k_idx[k].val();
            }
            if self.scan.own_empties.val().get_bit(k) {
                if self.hit.val() {
                    self.two.next = true;
                } else {
                    self.k1_r.next = self.pt_r.val();
                    self.k1_c.next = self.pt_c.val();
                }
                self.hit.next = true;
                self.k2_r.next = self.pt_r.val();
                self.k2_c.next = self.pt_c.val();
            }
        }

        self.end_pair.next = false;
        self.win.next = false;
        self.x_next.next = false;
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
            PairState::FirstA => {
                self.ar.d.next = self.nx_r.val();
                self.ac.d.next = self.nx_c.val();
                self.state.d.next = PairState::FirstC;
                if !self.nx_ok.val() {
                    self.state.d.next = PairState::Done;
                }
            }
            PairState::AdvA => {
                self.ar.d.next = self.nx_r.val();
                self.ac.d.next = self.nx_c.val();
                self.state.d.next = PairState::FirstC;
                if !self.nx_ok.val() {
                    self.state.d.next = PairState::Done;
                }
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
                // The budget counts every pair, scanned or passed.
                if self.left.q.val() == 0_u64 {
                    self.exh_q.d.next = true;
                    self.state.d.next = PairState::Done;
                } else {
                    self.left.d.next = self.left.q.val() - 1_u64;
                    self.tested_q.d.next = self.tested_q.q.val() + 1_u64;
                    if self.t3a.val() | self.t3c.val() | self.near.val() {
                        self.state.d.next = PairState::Test;
                        self.t.d.next = 0_u64.into();
                        self.ph.d.next = 0_u64.into();
                        self.xsel.d.next = false;
                        self.xv.d.next = false;
                        self.yv.d.next = false;
                    } else {
                        self.state.d.next = PairState::Step;
                    }
                }
            }
            PairState::Test => {
                self.t.d.next = self.t.q.val() + 1_u64;
                if self.t.q.val() == self.k_last.val() {
                    self.t.d.next = 0_u64.into();
                    if self.scan.own_count.val() == 0_u64 {
                        // No threat left: the pair makes none, or x (and y) block it.
                        self.end_pair.next = true;
                    } else if self.ph.q.val() == 0_u64 {
                        self.xv.d.next = true;
                        self.xr.d.next = self.k1_r.val();
                        self.xc.d.next = self.k1_c.val();
                        self.x2_ok.d.next = self.two.val();
                        self.x2_r.d.next = self.k2_r.val();
                        self.x2_c.d.next = self.k2_c.val();
                        self.ph.d.next = 1_u64.into();
                    } else if self.ph.q.val() == 1_u64 {
                        self.yv.d.next = true;
                        self.yr.d.next = self.k1_r.val();
                        self.yc.d.next = self.k1_c.val();
                        self.y2_ok.d.next = self.two.val();
                        self.y2_r.d.next = self.k2_r.val();
                        self.y2_c.d.next = self.k2_c.val();
                        self.ph.d.next = 2_u64.into();
                    } else if (self.ph.q.val() == 2_u64) & self.y2_ok.q.val() {
                        self.yr.d.next = self.y2_r.q.val();
                        self.yc.d.next = self.y2_c.q.val();
                        self.ph.d.next = 3_u64.into();
                    } else {
                        self.x_next.next = true;
                    }
                }
                if self.x_next.val() {
                    if !self.xsel.q.val() & self.x2_ok.q.val() {
                        self.xsel.d.next = true;
                        self.xr.d.next = self.x2_r.q.val();
                        self.xc.d.next = self.x2_c.q.val();
                        self.yv.d.next = false;
                        self.ph.d.next = 1_u64.into();
                    } else {
                        self.end_pair.next = true;
                        self.win.next = true;
                    }
                }
                if self.end_pair.val() {
                    if self.win.val() {
                        self.wins_q.d.next = self.wins_q.q.val() + 1_u64;
                        if !self.found_q.q.val() {
                            self.found_q.d.next = true;
                            self.fa_r.d.next = self.ar.q.val();
                            self.fa_c.d.next = self.ac.q.val();
                            self.fc_r.d.next = self.cr.q.val();
                            self.fc_c.d.next = self.cc.q.val();
                        }
                    }
                    if self.win.val() & self.first_q.q.val() {
                        self.state.d.next = PairState::Done;
                    } else {
                        self.state.d.next = PairState::Step;
                    }
                }
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
