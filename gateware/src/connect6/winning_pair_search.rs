//! The winning-pair search, past the paper: the threat player's inner step (its attack, and
//! the counts its block, defence and preparation compare: `docs/connect6.md`, "The threat
//! player"). A *winning pair* of a side is two empty points after which its threats cannot all
//! be hit by two stones. Model: `model::connect6::pair_search::search_near` (the pairs of
//! `model::connect6::threat::winning_pairs`, with the cycles).
//!
//! ```text
//!  start --> candidate scan (the threat scanner): the 19 row words read (a row a cycle), the
//!            side's threats counted (`own_threat`: searched all the same), its candidates marked (the empty points of
//!            windows of two or more of its stones and none of the other's) and its
//!            one-stone threat points (windows of three or more) into 19 x 19 bits each
//!        --> the gathering: the rows read again into a window of 11 rows; as each row is the
//!            window's middle, its candidates' lines of 11 points (4 lines, own and blocked)
//!            taken from the window, one candidate a cycle, into the lines RAM (by point)
//!        --> for each a (candidates in board order, from a "next candidate after" unit): its
//!            lines read, and the c it pairs with: the candidates after it that the filter
//!            keeps (a pair can make a threat only if a or c is a one-stone threat point, or
//!            both are in one window: one line, five apart at most), as 19 x 19 bits
//!        --> the kept pairs streamed, a pair a cycle (the next kept c by priority): counted
//!            against the budget, c's lines read, the pair tester (`pair_tester`, a pipeline)
//!        --> the tester's answers: the first winning pair, the count (a 20-bit budget bounds
//!            the pairs tested); the forcing pairs that do not win streamed out with their
//!            blocks (the forcing search's children)
//! ```
//!
//! Cycles (the model's, `pair_search::search`): [`START_CYCLES`] (22) to the gathering,
//! [`GATHER_ROWS`] (24) and one a candidate for it, then for each a one for its lines and its
//! kept c, one a kept pair (the last moves a on: it sees no other kept c), and for an a
//! with none one that finds none; an answer [`PIPE_CYCLES`] (5) after its pair is issued.
//! Done the cycle after the first winning answer if only the first is asked for; else a wait
//! of five cycles after the stream's last cycle (the last a's, which has no pair, or the one
//! that found the budget spent), done the cycle after.
//!
//! The focus (`focus`, two points, taken with `start`): the caller knows the side had no
//! winning pair before those two stones (a preparation's pair, a forcing search's last
//! pair), so a winning pair has a threat window through one of them and a point of the pair
//! (`model::connect6::pair_search::near_focus`). The points in one window with either are
//! marked during the candidate scan, a row a cycle (19 x 19 bits); an a not marked keeps only
//! the marked c. A focused search answers the winning pairs only (its callers take no forcing
//! stream), so it also drops the pairs with neither point a one-stone threat point, which
//! cannot win (`model::connect6::pair_search::can_win`); with no such point among the
//! candidates it is done after the candidate scan (in cycle [`START_CYCLES`]), nothing
//! gathered. Otherwise the schedule is the same; the pairs dropped cost nothing. A side with a
//! threat already is searched all the same (`own_threat` says so, from the candidate scan's
//! end): the tester judges a pair by the threats through it, so the count is of the pairs
//! whose own threats two stones cannot block, as the threat player's preparation counts them.

use super::pair_tester::PairTester;
use super::threat_scanner::{ThreatScannerPort, ThreatScannerServer, MARKS};
use crate::common::{c, StackRam};
use model::connect6::SIZE;
use rust_hdl::prelude::*;

pub use model::connect6::pair_search::{GATHER_ROWS, PIPE_CYCLES, SCAN_CYCLES, START_CYCLES};

/// Bits of a candidate's word in the lines RAM: own (0..44) and blocked (44..88) lines.
const WORD: usize = 88;
/// The lines RAM's address: a point's row (5 bits) and column (5 bits).
const ADDR: usize = 10;

#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum PairState {
    Idle,
    /// The candidate scan.
    Cand,
    /// The gathering: a row step (a row word arriving) or a candidate of the middle row.
    Gath,
    /// An a's lines read, the c it pairs with taken.
    PairA,
    /// A pair issued (c's lines read), or none left: the next a.
    PairC,
    /// The answers in flight waited for.
    Drain,
    Done,
}

/// The search's logic, its threat scanner outside it (a port): the threat player shares one
/// scanner among its blocks; [`WinningPairSearch`] gives it its own.
#[derive(LogicBlock)]
pub struct WinningPairSearchCore {
    pub clock: Signal<In, Clock>,
    /// Starts a search (idle or done): the side (1 Black, 2 White), all winning pairs or the
    /// first only, and the most pairs to test.
    pub start: Signal<In, Bit>,
    pub side: Signal<In, Bits<2>>,
    pub first_only: Signal<In, Bit>,
    pub budget: Signal<In, Bits<20>>,
    /// The focus filter (`model::connect6::pair_search::near_focus`), taken with `start`: only
    /// the pairs with a point in one window with `focus_a` or `focus_c` (column, row << 5) are
    /// tested, when the caller knows the side had no winning pair before those stones; and
    /// only those that can win (`pair_search::can_win`): the forcing stream is then partial.
    pub focus: Signal<In, Bit>,
    pub focus_a: Signal<In, Bits<10>>,
    pub focus_c: Signal<In, Bits<10>>,
    /// Cancels a search: the block goes idle.
    pub cancel: Signal<In, Bit>,
    /// The board's read port: the row to read, and the word of the row asked the cycle before
    /// (`model::connect6::paper::row_word`: the record manager's RAM).
    pub rd_addr: Signal<Out, Bits<5>>,
    pub rd_data: Signal<In, Bits<38>>,
    pub busy: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    /// The side has a threat (known from the candidate scan's end; the search goes on, each
    /// pair judged by the threats through it: the preparation's count of a pair that makes one).
    pub own_threat: Signal<Out, Bit>,
    /// The other side has a threat (known from the candidate scan's end, as `own_threat`; the
    /// search goes on: the forcing search drops such a line).
    pub opp_threat: Signal<Out, Bit>,
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
    /// The forcing stream (the forcing search's children): a tested pair that is forcing and
    /// does not win (`model::connect6::threat::forcing_blocks`), as its answer arrives, with
    /// its blocking pairs (the pair tester's `blocks` and `block_pts`); and how many so far.
    pub forcing_valid: Signal<Out, Bit>,
    pub forcing_a_col: Signal<Out, Bits<5>>,
    pub forcing_a_row: Signal<Out, Bits<5>>,
    pub forcing_c_col: Signal<Out, Bits<5>>,
    pub forcing_c_row: Signal<Out, Bits<5>>,
    pub forcing_blocks: Signal<Out, Bits<4>>,
    pub forcing_pts: Signal<Out, Bits<80>>,
    pub forcings: Signal<Out, Bits<16>>,
    pub scan: ThreatScannerPort,
    tester: PairTester,
    /// The candidates' lines, by point.
    lines: StackRam<WORD, ADDR>,
    state: DFF<PairState>,
    /// The step of a scan (0..20) or of the wait for the answers in flight (0..4).
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
    /// The gathering: the row whose word arrives when `sh` (row j + 1 is asked meanwhile; rows
    /// 19..24 asked are ignored), the window of the 11 rows up to it once shifted in (row
    /// j - 10 + w in `win[w]`; rows off the board all 3s: blocked for both sides), the middle
    /// row's candidates left.
    j: DFF<Bits<5>>,
    sh: DFF<Bit>,
    win: [DFF<Bits<38>>; 11],
    pm: DFF<Bits<19>>,
    /// The focus: on, its points; the points in one window with either, row by row (bit =
    /// column), written a row a cycle during the candidate scan.
    foc_q: DFF<Bit>,
    fpa: DFF<Bits<10>>,
    fpc: DFF<Bits<10>>,
    near: [DFF<Bits<19>>; SIZE],
    /// The focus rows' logic: a focus point's column one-hot, its row's offset from the row
    /// written, that row's points in one window with it; a's focus bit.
    f_pt: [Signal<Local, Bits<10>>; 2],
    f_oh: [Signal<Local, Bits<19>>; 2],
    f_l: [Signal<Local, Bits<19>>; 2],
    f_r: [Signal<Local, Bits<19>>; 2],
    f_dr: [Signal<Local, Bits<5>>; 2],
    f_row: [Signal<Local, Bits<19>>; 2],
    f_n: [Signal<Local, Bits<19>>; 12],
    fa_near: Signal<Local, Bit>,
    f_bits: Signal<Local, Bits<19>>,
    /// A one-stone threat point among the candidates (the candidate scan's last cycle).
    any3: Signal<Local, Bit>,
    /// The pairs: a; the c it still pairs with (by row, bit = column); a's word arriving
    /// (`a_arr`), a pair's c word arriving (`pv`) and that c; a's lines.
    ar: DFF<Bits<5>>,
    ac: DFF<Bits<5>>,
    kept: [DFF<Bits<19>>; SIZE],
    a_arr: DFF<Bit>,
    pv: DFF<Bit>,
    pc_r: DFF<Bits<5>>,
    pc_c: DFF<Bits<5>>,
    /// The issued pair's a (a has moved on when its last pair is issued).
    pa_r: DFF<Bits<5>>,
    pa_c: DFF<Bits<5>>,
    la_own: DFF<Bits<44>>,
    la_blk: DFF<Bits<44>>,
    found_q: DFF<Bit>,
    fa_r: DFF<Bits<5>>,
    fa_c: DFF<Bits<5>>,
    fc_r: DFF<Bits<5>>,
    fc_c: DFF<Bits<5>>,
    wins_q: DFF<Bits<16>>,
    tested_q: DFF<Bits<20>>,
    exh_q: DFF<Bit>,
    thr_q: DFF<Bit>,
    forc_q: DFF<Bits<16>>,
    opp_q: DFF<Bit>,
    /// An answer of this search's pairs arrives (they are in flight).
    answer: Signal<Local, Bit>,
    /// The row whose word is here (t - 1) in a scan.
    dr: Signal<Local, Bits<5>>,
    /// The scanner takes a row.
    row_en: Signal<Local, Bit>,
    mk: Signal<Local, Bits<MARKS>>,
    mk3: Signal<Local, Bits<MARKS>>,
    /// The gathering: the middle row (j - 5), its candidates, the candidate taken (the lowest
    /// column left), whether it is the row's last, the end of the gathering.
    mid: Signal<Local, Bits<5>>,
    row_c: Signal<Local, Bits<19>>,
    p: Signal<Local, Bits<5>>,
    p6: Signal<Local, Bits<6>>,
    last: Signal<Local, Bit>,
    row_next: Signal<Local, Bit>,
    g_end: Signal<Local, Bit>,
    /// Line point i's word (a window row) and column; its code; the lines, own and blocked.
    lw: [Signal<Local, Bits<38>>; 44],
    lx: [Signal<Local, Bits<6>>; 44],
    code: Signal<Local, Bits<2>>,
    g_own: Signal<Local, Bits<44>>,
    g_blk: Signal<Local, Bits<44>>,
    /// A candidate's word for the lines RAM.
    wr: Signal<Local, Bits<WORD>>,
    /// The next-candidate unit: after (ar, ac), or the first if `q_start`.
    q_start: Signal<Local, Bit>,
    gt: Signal<Local, Bits<19>>,
    /// Two sets of points, rows by 19 bits, for the two priority encoders: the candidates after
    /// a (`e[0..19]`, the next a) and the kept c (`e[19..38]`, the next pair); each encoder's
    /// answer: any, the first row, its bits, their first column.
    e: [Signal<Local, Bits<19>>; 2 * SIZE],
    pe_ok: [Signal<Local, Bit>; 2],
    pe_r: [Signal<Local, Bits<5>>; 2],
    pe_bits: [Signal<Local, Bits<19>>; 2],
    pe_c: [Signal<Local, Bits<5>>; 2],
    /// The filter for a: a's one-stone threat bit, its column one-hot, the points after it in
    /// its row within five (`n0`) and, d rows down, its column and the diagonals' points
    /// (`nd[d]`); a row's offset from a and its near points.
    t3_bits: Signal<Local, Bits<19>>,
    t3a: Signal<Local, Bit>,
    oh: Signal<Local, Bits<19>>,
    lsh: Signal<Local, Bits<19>>,
    rsh: Signal<Local, Bits<19>>,
    n0: Signal<Local, Bits<19>>,
    nd: [Signal<Local, Bits<19>>; 6],
    dr5: Signal<Local, Bits<5>>,
    nr: Signal<Local, Bits<19>>,
    /// Row r's kept c.
    kf: Signal<Local, Bits<19>>,
    /// The next kept c's one-hot in its row; the rows with a kept c; another kept c after it.
    m_low: Signal<Local, Bits<19>>,
    rows_any: Signal<Local, Bits<19>>,
    more: Signal<Local, Bit>,
    /// a moves on this cycle (its last pair issued, or it has none).
    next_a: Signal<Local, Bit>,
    /// A RAM address of a point.
    addr_r: Signal<Local, Bits<5>>,
    addr_c: Signal<Local, Bits<5>>,
    k_last: Constant<Bits<5>>,
    k_ones: Constant<Bits<38>>,
    /// 0..18, to compare with a loop's index.
    k_idx: [Constant<Bits<5>>; SIZE],
    k_idx6: [Constant<Bits<6>>; SIZE],
    /// -5..5 as 6-bit two's complement, for line point k (k - 5).
    k_off: [Constant<Bits<6>>; 11],
    /// -0..-5 as 5-bit two's complement, for a focus row's offset.
    k_neg: [Constant<Bits<5>>; 6],
}

/// A block's port to a winning-pair search outside it, one the threat player shares between
/// its forcing search and its preparation (the ports mirrored). `active`: the block drives
/// the search now (it is running, or starts it this cycle).
#[derive(LogicInterface, Default)]
#[join = "PairSearchServe"]
pub struct PairSearchPort {
    pub active: Signal<Out, Bit>,
    pub start: Signal<Out, Bit>,
    pub side: Signal<Out, Bits<2>>,
    pub first_only: Signal<Out, Bit>,
    pub budget: Signal<Out, Bits<20>>,
    pub focus: Signal<Out, Bit>,
    pub focus_a: Signal<Out, Bits<10>>,
    pub focus_c: Signal<Out, Bits<10>>,
    pub cancel: Signal<Out, Bit>,
    pub rd_addr: Signal<In, Bits<5>>,
    pub rd_data: Signal<Out, Bits<38>>,
    pub done: Signal<In, Bit>,
    pub own_threat: Signal<In, Bit>,
    pub opp_threat: Signal<In, Bit>,
    pub found: Signal<In, Bit>,
    pub a_col: Signal<In, Bits<5>>,
    pub a_row: Signal<In, Bits<5>>,
    pub c_col: Signal<In, Bits<5>>,
    pub c_row: Signal<In, Bits<5>>,
    pub wins: Signal<In, Bits<16>>,
    pub tested: Signal<In, Bits<20>>,
    pub exhausted: Signal<In, Bit>,
    pub forcing_valid: Signal<In, Bit>,
    pub forcing_a_col: Signal<In, Bits<5>>,
    pub forcing_a_row: Signal<In, Bits<5>>,
    pub forcing_c_col: Signal<In, Bits<5>>,
    pub forcing_c_row: Signal<In, Bits<5>>,
    pub forcing_blocks: Signal<In, Bits<4>>,
    pub forcing_pts: Signal<In, Bits<80>>,
}

/// The other end of a [`PairSearchPort`]: a winning-pair search's ports (`active` unused).
#[derive(LogicInterface, Default)]
#[join = "PairSearchPort"]
pub struct PairSearchServe {
    pub active: Signal<In, Bit>,
    pub start: Signal<In, Bit>,
    pub side: Signal<In, Bits<2>>,
    pub first_only: Signal<In, Bit>,
    pub budget: Signal<In, Bits<20>>,
    pub focus: Signal<In, Bit>,
    pub focus_a: Signal<In, Bits<10>>,
    pub focus_c: Signal<In, Bits<10>>,
    pub cancel: Signal<In, Bit>,
    pub rd_addr: Signal<Out, Bits<5>>,
    pub rd_data: Signal<In, Bits<38>>,
    pub done: Signal<Out, Bit>,
    pub own_threat: Signal<Out, Bit>,
    pub opp_threat: Signal<Out, Bit>,
    pub found: Signal<Out, Bit>,
    pub a_col: Signal<Out, Bits<5>>,
    pub a_row: Signal<Out, Bits<5>>,
    pub c_col: Signal<Out, Bits<5>>,
    pub c_row: Signal<Out, Bits<5>>,
    pub wins: Signal<Out, Bits<16>>,
    pub tested: Signal<Out, Bits<20>>,
    pub exhausted: Signal<Out, Bit>,
    pub forcing_valid: Signal<Out, Bit>,
    pub forcing_a_col: Signal<Out, Bits<5>>,
    pub forcing_a_row: Signal<Out, Bits<5>>,
    pub forcing_c_col: Signal<Out, Bits<5>>,
    pub forcing_c_row: Signal<Out, Bits<5>>,
    pub forcing_blocks: Signal<Out, Bits<4>>,
    pub forcing_pts: Signal<Out, Bits<80>>,
}

/// A winning-pair search behind a port: the search of a block that gives its core one of its own.
#[derive(LogicBlock, Default)]
pub struct PairSearchServer {
    pub clock: Signal<In, Clock>,
    pub port: PairSearchServe,
    search: WinningPairSearch,
}

impl Logic for PairSearchServer {
    #[hdl_gen]
    fn update(&mut self) {
        self.search.clock.next = self.clock.val();
        self.search.start.next = self.port.start.val();
        self.search.side.next = self.port.side.val();
        self.search.first_only.next = self.port.first_only.val();
        self.search.budget.next = self.port.budget.val();
        self.search.focus.next = self.port.focus.val();
        self.search.focus_a.next = self.port.focus_a.val();
        self.search.focus_c.next = self.port.focus_c.val();
        self.search.cancel.next = self.port.cancel.val();
        self.port.rd_addr.next = self.search.rd_addr.val();
        self.search.rd_data.next = self.port.rd_data.val();
        self.port.done.next = self.search.done.val();
        self.port.own_threat.next = self.search.own_threat.val();
        self.port.opp_threat.next = self.search.opp_threat.val();
        self.port.found.next = self.search.found.val();
        self.port.a_col.next = self.search.a_col.val();
        self.port.a_row.next = self.search.a_row.val();
        self.port.c_col.next = self.search.c_col.val();
        self.port.c_row.next = self.search.c_row.val();
        self.port.wins.next = self.search.wins.val();
        self.port.tested.next = self.search.tested.val();
        self.port.exhausted.next = self.search.exhausted.val();
        self.port.forcing_valid.next = self.search.forcing_valid.val();
        self.port.forcing_a_col.next = self.search.forcing_a_col.val();
        self.port.forcing_a_row.next = self.search.forcing_a_row.val();
        self.port.forcing_c_col.next = self.search.forcing_c_col.val();
        self.port.forcing_c_row.next = self.search.forcing_c_row.val();
        self.port.forcing_blocks.next = self.search.forcing_blocks.val();
        self.port.forcing_pts.next = self.search.forcing_pts.val();
    }
}

impl Default for WinningPairSearchCore {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            start: Default::default(),
            side: Default::default(),
            first_only: Default::default(),
            budget: Default::default(),
            focus: Default::default(),
            focus_a: Default::default(),
            focus_c: Default::default(),
            cancel: Default::default(),
            rd_addr: Default::default(),
            rd_data: Default::default(),
            busy: Default::default(),
            done: Default::default(),
            own_threat: Default::default(),
            opp_threat: Default::default(),
            found: Default::default(),
            a_col: Default::default(),
            a_row: Default::default(),
            c_col: Default::default(),
            c_row: Default::default(),
            wins: Default::default(),
            tested: Default::default(),
            exhausted: Default::default(),
            forcing_valid: Default::default(),
            forcing_a_col: Default::default(),
            forcing_a_row: Default::default(),
            forcing_c_col: Default::default(),
            forcing_c_row: Default::default(),
            forcing_blocks: Default::default(),
            forcing_pts: Default::default(),
            forcings: Default::default(),
            scan: Default::default(),
            tester: Default::default(),
            lines: Default::default(),
            state: Default::default(),
            t: Default::default(),
            side_q: Default::default(),
            first_q: Default::default(),
            left: Default::default(),
            cand: std::array::from_fn(|_| Default::default()),
            pend: std::array::from_fn(|_| Default::default()),
            cand3: std::array::from_fn(|_| Default::default()),
            pend3: std::array::from_fn(|_| Default::default()),
            j: Default::default(),
            sh: Default::default(),
            win: std::array::from_fn(|_| Default::default()),
            pm: Default::default(),
            foc_q: Default::default(),
            fpa: Default::default(),
            fpc: Default::default(),
            near: std::array::from_fn(|_| Default::default()),
            f_pt: Default::default(),
            f_oh: Default::default(),
            f_l: Default::default(),
            f_r: Default::default(),
            f_dr: Default::default(),
            f_row: Default::default(),
            f_n: Default::default(),
            fa_near: Default::default(),
            f_bits: Default::default(),
            any3: Default::default(),
            ar: Default::default(),
            ac: Default::default(),
            kept: std::array::from_fn(|_| Default::default()),
            a_arr: Default::default(),
            pv: Default::default(),
            pc_r: Default::default(),
            pc_c: Default::default(),
            pa_r: Default::default(),
            pa_c: Default::default(),
            la_own: Default::default(),
            la_blk: Default::default(),
            found_q: Default::default(),
            fa_r: Default::default(),
            fa_c: Default::default(),
            fc_r: Default::default(),
            fc_c: Default::default(),
            wins_q: Default::default(),
            tested_q: Default::default(),
            exh_q: Default::default(),
            thr_q: Default::default(),
            forc_q: Default::default(),
            opp_q: Default::default(),
            answer: Default::default(),
            dr: Default::default(),
            row_en: Default::default(),
            mk: Default::default(),
            mk3: Default::default(),
            mid: Default::default(),
            row_c: Default::default(),
            p: Default::default(),
            p6: Default::default(),
            last: Default::default(),
            row_next: Default::default(),
            g_end: Default::default(),
            lw: std::array::from_fn(|_| Default::default()),
            lx: std::array::from_fn(|_| Default::default()),
            code: Default::default(),
            g_own: Default::default(),
            g_blk: Default::default(),
            wr: Default::default(),
            q_start: Default::default(),
            gt: Default::default(),
            e: std::array::from_fn(|_| Default::default()),
            pe_ok: Default::default(),
            pe_r: Default::default(),
            pe_bits: Default::default(),
            pe_c: Default::default(),
            t3_bits: Default::default(),
            t3a: Default::default(),
            oh: Default::default(),
            lsh: Default::default(),
            rsh: Default::default(),
            n0: Default::default(),
            nd: Default::default(),
            dr5: Default::default(),
            nr: Default::default(),
            kf: Default::default(),
            m_low: Default::default(),
            rows_any: Default::default(),
            more: Default::default(),
            next_a: Default::default(),
            addr_r: Default::default(),
            addr_c: Default::default(),
            k_last: c(SCAN_CYCLES - 1),
            k_ones: c((1 << 38) - 1),
            k_idx: std::array::from_fn(|i| c(i as u64)),
            k_idx6: std::array::from_fn(|i| c(i as u64)),
            k_off: std::array::from_fn(|k| c((k as u64).wrapping_sub(5) & 63)),
            k_neg: std::array::from_fn(|d| c((32 - d as u64) & 31)),
        }
    }
}

impl Logic for WinningPairSearchCore {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, state, t, side_q, first_q, left, j, sh, pm, foc_q, fpa, fpc, ar, ac,
            a_arr, pv, pc_r, pc_c, pa_r, pa_c, la_own, la_blk, found_q, fa_r, fa_c, fc_r, fc_c,
            wins_q, tested_q, exh_q, thr_q, forc_q, opp_q
        );
        for r in 0..19 {
            self.cand[r].clock.next = self.clock.val();
            self.cand[r].d.next = self.cand[r].q.val();
            self.cand3[r].clock.next = self.clock.val();
            self.cand3[r].d.next = self.cand3[r].q.val();
            self.kept[r].clock.next = self.clock.val();
            self.kept[r].d.next = self.kept[r].q.val();
            self.near[r].clock.next = self.clock.val();
            self.near[r].d.next = self.near[r].q.val();
        }
        for i in 0..5 {
            self.pend[i].clock.next = self.clock.val();
            self.pend[i].d.next = self.pend[i].q.val();
            self.pend3[i].clock.next = self.clock.val();
            self.pend3[i].d.next = self.pend3[i].q.val();
        }
        for w in 0..11 {
            self.win[w].clock.next = self.clock.val();
            self.win[w].d.next = self.win[w].q.val();
        }
        self.busy.next =
            (self.state.q.val() != PairState::Idle) & (self.state.q.val() != PairState::Done);
        self.done.next = self.state.q.val() == PairState::Done;
        self.own_threat.next = self.thr_q.q.val();
        self.opp_threat.next = self.opp_q.q.val();
        self.found.next = self.found_q.q.val();
        self.a_col.next = self.fa_c.q.val();
        self.a_row.next = self.fa_r.q.val();
        self.c_col.next = self.fc_c.q.val();
        self.c_row.next = self.fc_r.q.val();
        self.wins.next = self.wins_q.q.val();
        self.tested.next = self.tested_q.q.val();
        self.exhausted.next = self.exh_q.q.val();
        self.forcing_a_col.next = self.tester.done_a_col.val();
        self.forcing_a_row.next = self.tester.done_a_row.val();
        self.forcing_c_col.next = self.tester.done_c_col.val();
        self.forcing_c_row.next = self.tester.done_c_row.val();
        self.forcing_blocks.next = self.tester.blocks.val();
        self.forcing_pts.next = self.tester.block_pts.val();
        self.forcings.next = self.forc_q.q.val();

        // The read port: row t of a scan (row 0 in its last cycle, for the gathering); the
        // row after j in a gathering.
        self.rd_addr.next = self.t.q.val();
        if (self.state.q.val() == PairState::Cand) & (self.t.q.val() == self.k_last.val()) {
            self.rd_addr.next = 0_u64.into();
        }
        if self.state.q.val() == PairState::Gath {
            self.rd_addr.next = self.j.q.val() + 1_u64;
        }

        // The candidate scan: the words as read; the scanner's marks of the row (`dr`), point
        // d rows up in bits 19 d..: the row five up is complete (its last windows end here),
        // the other four gather; at the last row all of them are complete.
        self.dr.next = self.t.q.val() - 1_u64;
        self.scan.active.next =
            (self.state.q.val() != PairState::Idle) & (self.state.q.val() != PairState::Done);
        self.scan.side.next = self.side_q.q.val();
        self.scan.row.next = self.rd_data.val();
        self.scan.first.next = self.t.q.val() == 1_u64;
        self.row_en.next = (self.state.q.val() == PairState::Cand)
            & (self.t.q.val() >= 1_u64)
            & (self.t.q.val() <= 19_u64);
        self.scan.row_en.next = self.row_en.val();
        self.mk.next = self.scan.marks.val();
        self.mk3.next = self.scan.marks3.val();
        self.any3.next = false;
        for r in 0..19 {
            self.any3.next = self.any3.val() | self.cand3[r].q.val().any();
        }
        if self.row_en.val() {
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

        // The focus: in the candidate scan's cycle t (0..18), row t's points in one window
        // with a focus point (its row d <= 5 away: its column and the diagonals' d off; in its
        // own row the five each side).
        self.f_pt[0].next = self.fpa.q.val();
        self.f_pt[1].next = self.fpc.q.val();
        for f in 0..2 {
            self.f_dr[f].next = self.t.q.val() - self.f_pt[f].val().get_bits::<5>(5);
            self.f_oh[f].next = 0_u64.into();
            for x in 0..19 {
                self.f_oh[f].next = self.f_oh[f].val().replace_bit(
                    x,
                    self.f_pt[f].val().get_bits::<5>(0) == self.k_idx[x].val(),
                );
            }
            // f_n[6 f + d]: the points d rows off; f_n[6 f]: the row's own.
            self.f_l[f].next = self.f_oh[f].val();
            self.f_r[f].next = self.f_oh[f].val();
            self.f_n[6 * f].next = self.f_oh[f].val();
            for d in 1..6 {
                self.f_l[f].next = self.f_l[f].val() << 1_u64;
                self.f_r[f].next = self.f_r[f].val() >> 1_u64;
                self.f_n[6 * f].next =
                    self.f_n[6 * f].val() | self.f_l[f].val() | self.f_r[f].val();
                self.f_n[6 * f + d].next =
                    self.f_oh[f].val() | self.f_l[f].val() | self.f_r[f].val();
            }
            self.f_row[f].next = 0_u64.into();
            for d in 0..6 {
                if (self.f_dr[f].val() == self.k_idx[d].val())
                    | (self.f_dr[f].val() == self.k_neg[d].val())
                {
                    self.f_row[f].next = self.f_n[6 * f + d].val();
                }
            }
        }
        if self.state.q.val() == PairState::Cand {
            for r in 0..19 {
                if self.t.q.val() == self.k_idx[r].val() {
                    self.near[r].d.next = self.f_row[0].val() | self.f_row[1].val();
                }
            }
        }

        // The gathering. The middle row's candidates (none while j < 5: no row matches), the
        // lowest column left, and whether it is the last.
        self.mid.next = self.j.q.val() - 5_u64;
        self.row_c.next = 0_u64.into();
        for r in 0..19 {
            if self.mid.val() == self.k_idx[r].val() {
                self.row_c.next = self.cand[r].q.val();
            }
        }
        self.p.next = 0_u64.into();
        for x in 0..19 {
            if self.pm.q.val().get_bit(18 - x) {
                self.p.next = self.k_idx[18 - x].val();
            }
        }
        self.p6.next = bit_cast::<6, 5>(self.p.val());
        self.last.next = !(self.pm.q.val() & (self.pm.q.val() - 1_u64)).any();
        // The candidate's lines from the window (line d's point k is k - 5 steps along d:
        // the row, the column, the falling diagonal, the rising one, as `lines_through`).
        for k in 0..11 {
            self.lw[k].next = self.win[5].q.val();
            self.lx[k].next = self.p6.val() + self.k_off[k].val();
            self.lw[11 + k].next = self.win[k].q.val();
            self.lx[11 + k].next = self.p6.val();
            self.lw[22 + k].next = self.win[k].q.val();
            self.lx[22 + k].next = self.p6.val() + self.k_off[k].val();
            self.lw[33 + k].next = self.win[10 - k].q.val();
            self.lx[33 + k].next = self.p6.val() + self.k_off[k].val();
        }
        self.g_own.next = 0_u64.into();
        self.g_blk.next = 0_u64.into();
        for i in 0..44 {
            self.code.next = 3_u64.into();
            for x in 0..19 {
                if self.lx[i].val() == self.k_idx6[x].val() {
                    self.code.next = self.lw[i].val().get_bits::<2>(2 * x);
                }
            }
            self.g_own.next = self
                .g_own
                .val()
                .replace_bit(i, self.code.val() == self.side_q.q.val());
            self.g_blk.next = self.g_blk.val().replace_bit(
                i,
                (self.code.val() != 0_u64) & (self.code.val() != self.side_q.q.val()),
            );
        }
        self.wr.next = bit_cast::<WORD, 44>(self.g_own.val())
            | (bit_cast::<WORD, 44>(self.g_blk.val()) << 44_u64);
        self.lines.clock.next = self.clock.val();
        self.addr_r.next = self.mid.val();
        self.addr_c.next = self.p.val();
        self.lines.write_address.next = (bit_cast::<ADDR, 5>(self.addr_r.val()) << 5_u64)
            | bit_cast::<ADDR, 5>(self.addr_c.val());
        self.lines.write_data.next = self.wr.val();
        self.lines.write_enable.next = (self.state.q.val() == PairState::Gath) & !self.sh.q.val();
        // After a row step with no candidates, or a row's last candidate: the next row, or the
        // end of the gathering after row 23 (the middle row 18).
        self.row_next.next = self.last.val();
        if self.sh.q.val() {
            self.row_next.next = !self.row_c.val().any();
        }
        self.g_end.next = self.row_next.val() & (self.j.q.val() == 23_u64);

        // The candidates after a, or all of them (at the gathering's end, for the first a): the
        // rows below a's whole, a's row's columns past it (the first is the next a, below).
        self.q_start.next = self.state.q.val() == PairState::Gath;
        self.gt.next = 0_u64.into();
        for x in 0..19 {
            self.gt.next = self
                .gt
                .val()
                .replace_bit(x, self.ac.q.val() < self.k_idx[x].val());
        }
        for r in 0..19 {
            self.e[r].next = 0_u64.into();
            if self.q_start.val() | (self.ar.q.val() < self.k_idx[r].val()) {
                self.e[r].next = self.cand[r].q.val();
            }
            if !self.q_start.val() & (self.ar.q.val() == self.k_idx[r].val()) {
                self.e[r].next = self.cand[r].q.val() & self.gt.val();
            }
        }
        // The c that a pairs with: the candidates after it (`e`) that the filter keeps: all if
        // a is a one-stone threat point, else those that are, or share a window with a (in a's
        // row the five after it; d rows down a's column and the diagonals' points); a focused
        // search wants the winning pairs only, which need a threat point (`pair_search::can_win`).
        self.t3a.next = false;
        self.t3_bits.next = 0_u64.into();
        for r in 0..19 {
            if self.ar.q.val() == self.k_idx[r].val() {
                self.t3_bits.next = self.cand3[r].q.val();
            }
        }
        self.oh.next = 0_u64.into();
        for x in 0..19 {
            self.oh.next = self
                .oh
                .val()
                .replace_bit(x, self.ac.q.val() == self.k_idx[x].val());
        }
        self.t3a.next = (self.t3_bits.val() & self.oh.val()).any();
        self.f_bits.next = 0_u64.into();
        for r in 0..19 {
            if self.ar.q.val() == self.k_idx[r].val() {
                self.f_bits.next = self.near[r].q.val();
            }
        }
        self.fa_near.next = !self.foc_q.q.val() | (self.f_bits.val() & self.oh.val()).any();
        self.lsh.next = self.oh.val();
        self.rsh.next = self.oh.val();
        self.n0.next = 0_u64.into();
        for d in 1..6 {
            self.lsh.next = self.lsh.val() << 1_u64;
            self.rsh.next = self.rsh.val() >> 1_u64;
            self.n0.next = self.n0.val() | self.lsh.val();
            self.nd[d].next = self.oh.val() | self.lsh.val() | self.rsh.val();
        }
        self.nd[0].next = self.n0.val();
        for r in 0..19 {
            self.dr5.next = self.k_idx[r].val() - self.ar.q.val();
            self.nr.next = 0_u64.into();
            for d in 0..6 {
                if self.dr5.val() == self.k_idx[d].val() {
                    self.nr.next = self.nd[d].val();
                }
            }
            self.kf.next = self.e[r].val();
            if !self.t3a.val() {
                self.kf.next = self.e[r].val() & (self.cand3[r].q.val() | self.nr.val());
                if self.foc_q.q.val() {
                    self.kf.next = self.e[r].val() & self.cand3[r].q.val();
                }
            }
            if !self.fa_near.val() {
                self.kf.next = self.kf.val() & self.near[r].q.val();
            }
            if self.state.q.val() == PairState::PairA {
                self.kept[r].d.next = self.kf.val();
            }
        }

        // The two priority encoders: the next a (the candidates after a) and the next kept c;
        // the first row with a point, then its first column.
        for r in 0..19 {
            self.e[19 + r].next = self.kept[r].q.val();
        }
        for q in 0..2 {
            self.pe_ok[q].next = false;
            self.pe_r[q].next = 0_u64.into();
            self.pe_bits[q].next = 0_u64.into();
            for r in 0..19 {
                if self.e[19 * q + 18 - r].val().any() {
                    self.pe_ok[q].next = true;
                    self.pe_r[q].next = self.k_idx[18 - r].val();
                    self.pe_bits[q].next = self.e[19 * q + 18 - r].val();
                }
            }
            self.pe_c[q].next = 0_u64.into();
            for x in 0..19 {
                if self.pe_bits[q].val().get_bit(18 - x) {
                    self.pe_c[q].next = self.k_idx[18 - x].val();
                }
            }
        }
        self.m_low.next = self.pe_bits[1].val() & !(self.pe_bits[1].val() - 1_u64);
        self.rows_any.next = 0_u64.into();
        for r in 0..19 {
            self.rows_any.next = self
                .rows_any
                .val()
                .replace_bit(r, self.kept[r].q.val().any());
        }
        self.more.next = (self.rows_any.val() & (self.rows_any.val() - 1_u64)).any()
            | (self.pe_bits[1].val() & (self.pe_bits[1].val() - 1_u64)).any();

        // The lines RAM read: a's in PairA, c's in PairC; a's word taken the cycle after; a
        // pair's c word, the cycle after its issue, given to the tester with the pair.
        self.addr_r.next = self.pe_r[1].val();
        self.addr_c.next = self.pe_c[1].val();
        if self.state.q.val() == PairState::PairA {
            self.addr_r.next = self.ar.q.val();
            self.addr_c.next = self.ac.q.val();
        }
        self.lines.read_address.next = (bit_cast::<ADDR, 5>(self.addr_r.val()) << 5_u64)
            | bit_cast::<ADDR, 5>(self.addr_c.val());
        if self.a_arr.q.val() {
            self.la_own.d.next = self.lines.read_data.val().get_bits::<44>(0);
            self.la_blk.d.next = self.lines.read_data.val().get_bits::<44>(44);
        }
        self.tester.clock.next = self.clock.val();
        self.tester.own_a.next = self.la_own.q.val();
        self.tester.blocked_a.next = self.la_blk.q.val();
        self.tester.own_c.next = self.lines.read_data.val().get_bits::<44>(0);
        self.tester.blocked_c.next = self.lines.read_data.val().get_bits::<44>(44);
        self.tester.a_col.next = self.pa_c.q.val();
        self.tester.a_row.next = self.pa_r.q.val();
        self.tester.c_col.next = self.pc_c.q.val();
        self.tester.c_row.next = self.pc_r.q.val();
        self.tester.start.next = self.pv.q.val();
        self.a_arr.d.next = false;
        self.pv.d.next = false;
        self.next_a.next = false;

        match self.state.q.val() {
            PairState::Idle => {}
            PairState::Done => {}
            PairState::Cand => {
                self.t.d.next = self.t.q.val() + 1_u64;
                if self.t.q.val() == self.k_last.val() {
                    self.t.d.next = 0_u64.into();
                    self.opp_q.d.next = self.scan.opp_count.val() != 0_u64;
                    self.thr_q.d.next = self.scan.own_count.val() != 0_u64;
                    self.state.d.next = PairState::Gath;
                    // A focused search without a one-stone threat point has no pair that
                    // can win (`pair_search::can_win`): done, nothing gathered.
                    if self.foc_q.q.val() & !self.any3.val() {
                        self.state.d.next = PairState::Done;
                    }
                    self.j.d.next = 0_u64.into();
                    self.sh.d.next = true;
                    for w in 0..11 {
                        self.win[w].d.next = self.k_ones.val();
                    }
                }
            }
            PairState::Gath => {
                if self.sh.q.val() {
                    // Row j's word arrives (past the board: blocked); the window moves on.
                    for w in 0..10 {
                        self.win[w].d.next = self.win[w + 1].q.val();
                    }
                    self.win[10].d.next = self.k_ones.val();
                    if self.j.q.val() <= 18_u64 {
                        self.win[10].d.next = self.rd_data.val();
                    }
                    if self.row_c.val().any() {
                        self.pm.d.next = self.row_c.val();
                        self.sh.d.next = false;
                    }
                } else {
                    // A candidate of the middle row written (`lines`), taken off the row.
                    for x in 0..19 {
                        if self.p.val() == self.k_idx[x].val() {
                            self.pm.d.next = self.pm.q.val().replace_bit(x, false);
                        }
                    }
                }
                if self.row_next.val() {
                    self.j.d.next = self.j.q.val() + 1_u64;
                    self.sh.d.next = true;
                }
                if self.g_end.val() {
                    // The first candidate (the unit's `q_start`), or none: done.
                    self.ar.d.next = self.pe_r[0].val();
                    self.ac.d.next = self.pe_c[0].val();
                    self.state.d.next = PairState::PairA;
                    if !self.pe_ok[0].val() {
                        self.state.d.next = PairState::Done;
                    }
                }
            }
            PairState::PairA => {
                self.a_arr.d.next = true;
                self.state.d.next = PairState::PairC;
            }
            PairState::PairC => {
                if self.pe_ok[1].val() {
                    // A kept pair: counted against the budget, issued.
                    if self.left.q.val() == 0_u64 {
                        self.exh_q.d.next = true;
                        self.t.d.next = 0_u64.into();
                        self.state.d.next = PairState::Drain;
                    } else {
                        self.left.d.next = self.left.q.val() - 1_u64;
                        self.tested_q.d.next = self.tested_q.q.val() + 1_u64;
                        self.pv.d.next = true;
                        self.pc_r.d.next = self.pe_r[1].val();
                        self.pc_c.d.next = self.pe_c[1].val();
                        self.pa_r.d.next = self.ar.q.val();
                        self.pa_c.d.next = self.ac.q.val();
                        for r in 0..19 {
                            if self.pe_r[1].val() == self.k_idx[r].val() {
                                self.kept[r].d.next = self.kept[r].q.val() & !self.m_low.val();
                            }
                        }
                        // a's last pair moves a on.
                        self.next_a.next = !self.more.val();
                    }
                } else {
                    // a has no pair.
                    self.next_a.next = true;
                }
                if self.next_a.val() {
                    // The next a, or the answers waited for.
                    self.ar.d.next = self.pe_r[0].val();
                    self.ac.d.next = self.pe_c[0].val();
                    self.state.d.next = PairState::PairA;
                    if !self.pe_ok[0].val() {
                        self.t.d.next = 0_u64.into();
                        self.state.d.next = PairState::Drain;
                    }
                }
            }
            PairState::Drain => {
                self.t.d.next = self.t.q.val() + 1_u64;
                if self.t.q.val() == 4_u64 {
                    self.state.d.next = PairState::Done;
                }
            }
        }

        // The tester's answers, in the order the pairs were issued (only while this search's
        // pairs are in flight: a search stopped at a winning answer leaves others behind).
        self.answer.next = self.tester.done.val()
            & ((self.state.q.val() == PairState::PairA)
                | (self.state.q.val() == PairState::PairC)
                | (self.state.q.val() == PairState::Drain));
        self.forcing_valid.next =
            self.answer.val() & self.tester.forcing.val() & !self.tester.wins.val();
        if self.answer.val() & self.tester.forcing.val() & !self.tester.wins.val() {
            self.forc_q.d.next = self.forc_q.q.val() + 1_u64;
        }
        if self.answer.val() & self.tester.wins.val() {
            self.wins_q.d.next = self.wins_q.q.val() + 1_u64;
            if !self.found_q.q.val() {
                self.found_q.d.next = true;
                self.fa_r.d.next = self.tester.done_a_row.val();
                self.fa_c.d.next = self.tester.done_a_col.val();
                self.fc_r.d.next = self.tester.done_c_row.val();
                self.fc_c.d.next = self.tester.done_c_col.val();
            }
            if self.first_q.q.val() {
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
            self.foc_q.d.next = self.focus.val();
            self.fpa.d.next = self.focus_a.val();
            self.fpc.d.next = self.focus_c.val();
            self.found_q.d.next = false;
            self.wins_q.d.next = 0_u64.into();
            self.forc_q.d.next = 0_u64.into();
            self.tested_q.d.next = 0_u64.into();
            self.exh_q.d.next = false;
            self.thr_q.d.next = false;
            self.opp_q.d.next = false;
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

/// The winning-pair search with its own threat scanner.
#[derive(LogicBlock, Default)]
pub struct WinningPairSearch {
    pub clock: Signal<In, Clock>,
    /// As [`WinningPairSearchCore`]'s.
    pub start: Signal<In, Bit>,
    pub side: Signal<In, Bits<2>>,
    pub first_only: Signal<In, Bit>,
    pub budget: Signal<In, Bits<20>>,
    pub focus: Signal<In, Bit>,
    pub focus_a: Signal<In, Bits<10>>,
    pub focus_c: Signal<In, Bits<10>>,
    pub cancel: Signal<In, Bit>,
    pub rd_addr: Signal<Out, Bits<5>>,
    pub rd_data: Signal<In, Bits<38>>,
    pub busy: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    pub own_threat: Signal<Out, Bit>,
    pub opp_threat: Signal<Out, Bit>,
    pub found: Signal<Out, Bit>,
    pub a_col: Signal<Out, Bits<5>>,
    pub a_row: Signal<Out, Bits<5>>,
    pub c_col: Signal<Out, Bits<5>>,
    pub c_row: Signal<Out, Bits<5>>,
    pub wins: Signal<Out, Bits<16>>,
    pub tested: Signal<Out, Bits<20>>,
    pub exhausted: Signal<Out, Bit>,
    pub forcing_valid: Signal<Out, Bit>,
    pub forcing_a_col: Signal<Out, Bits<5>>,
    pub forcing_a_row: Signal<Out, Bits<5>>,
    pub forcing_c_col: Signal<Out, Bits<5>>,
    pub forcing_c_row: Signal<Out, Bits<5>>,
    pub forcing_blocks: Signal<Out, Bits<4>>,
    pub forcing_pts: Signal<Out, Bits<80>>,
    pub forcings: Signal<Out, Bits<16>>,
    core: WinningPairSearchCore,
    scan: ThreatScannerServer,
}

impl Logic for WinningPairSearch {
    #[hdl_gen]
    fn update(&mut self) {
        self.core.clock.next = self.clock.val();
        self.scan.clock.next = self.clock.val();
        self.core.start.next = self.start.val();
        self.core.side.next = self.side.val();
        self.core.first_only.next = self.first_only.val();
        self.core.budget.next = self.budget.val();
        self.core.focus.next = self.focus.val();
        self.core.focus_a.next = self.focus_a.val();
        self.core.focus_c.next = self.focus_c.val();
        self.core.cancel.next = self.cancel.val();
        self.rd_addr.next = self.core.rd_addr.val();
        self.core.rd_data.next = self.rd_data.val();
        self.busy.next = self.core.busy.val();
        self.done.next = self.core.done.val();
        self.own_threat.next = self.core.own_threat.val();
        self.opp_threat.next = self.core.opp_threat.val();
        self.found.next = self.core.found.val();
        self.a_col.next = self.core.a_col.val();
        self.a_row.next = self.core.a_row.val();
        self.c_col.next = self.core.c_col.val();
        self.c_row.next = self.core.c_row.val();
        self.wins.next = self.core.wins.val();
        self.tested.next = self.core.tested.val();
        self.exhausted.next = self.core.exhausted.val();
        self.forcing_valid.next = self.core.forcing_valid.val();
        self.forcing_a_col.next = self.core.forcing_a_col.val();
        self.forcing_a_row.next = self.core.forcing_a_row.val();
        self.forcing_c_col.next = self.core.forcing_c_col.val();
        self.forcing_c_row.next = self.core.forcing_c_row.val();
        self.forcing_blocks.next = self.core.forcing_blocks.val();
        self.forcing_pts.next = self.core.forcing_pts.val();
        self.forcings.next = self.core.forcings.val();

        ThreatScannerPort::join(&mut self.core.scan, &mut self.scan.port);
    }
}
