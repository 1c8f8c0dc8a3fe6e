//! The next-move selector (§III-E of `shared/papers/connect6-fpga.md`) and the player around
//! it: for each of the opponent's last stones, the game record manager fetches its region,
//! lines and window, and the three modules propose (the skilful-line predictor and template
//! matching at once, the checkmate strategy checker for the side to move, then for the
//! opponent); the selector keeps the best proposal, places it through the manager, and runs
//! the modules again for the turn's second stone, unless the best was a checker's pair.
//!
//! ```text
//!  start --> per pass: per last stone j: fetch (17) -> SL, TM latched; checker own (425),
//!            opp (425) -> rank: SL, own, opp, TM (strictly better replaces: the model's
//!            first among equals) [j = 0: the random mode's stone from the region]
//!        --> decide: the best (a pair: both stones if two are due), else the random mode's
//!            stone, else the board's first empty point (scan)
//!        --> put (3 a stone) --> another pass while stones are due --> done
//! ```
//!
//! The priorities are the model's (`selector::CHECK_PRIORITY`, `skilful_line::LEVELS`, the
//! templates' totals capped below the predictor's lowest level). The random mode (no module
//! proposes): the emptiest subspace of the first stone's region (the first among equals), its
//! empty point nearest the centre (Chebyshev distance, the first in row order among equals).
//! Black's opening stone (no last stones) is the centre. Model:
//! `model::connect6::paper::selector::decide`; its cycles: `model::connect6::paper::selector::
//! decide_cycles`.

use super::{CheckmateStrategyChecker, GameRecordManager, SkilfulLinePredictor, TemplateMatching};
use crate::common::c;
use model::connect6::paper::checkmate::MIN_WORTH;
use model::connect6::paper::selector::{Module, CHECK_PRIORITY};
use model::connect6::paper::skilful_line::{BUILD, LEVELS};
use model::connect6::paper::{Cell, REGION, SUBSPACE};
use rust_hdl::prelude::*;

#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum SelectorState {
    Idle,
    Fetch,
    CheckOwn,
    CheckOpp,
    Rank,
    Decide,
    Scan,
    Put,
    Done,
}

#[derive(LogicBlock)]
pub struct NextMoveSelector {
    pub clock: Signal<In, Clock>,
    /// The host's port to the game record (a row word while idle).
    pub load_en: Signal<In, Bit>,
    pub load_row: Signal<In, Bits<5>>,
    pub load_data: Signal<In, Bits<38>>,
    /// A stone put by the host while idle (the opponent's, in the colour `side` names, held
    /// until `busy` falls): the paper's I/O turning a received stone into a record address.
    pub host_put: Signal<In, Bit>,
    pub host_col: Signal<In, Bits<5>>,
    pub host_row: Signal<In, Bits<5>>,
    /// The side to move's stone code (1 Black, 2 White) and its stones this turn (1 or 2).
    pub side: Signal<In, Bits<2>>,
    pub stones: Signal<In, Bits<2>>,
    /// The opponent's last stones (0: no turn yet, the opening; 1 or 2).
    pub last_n: Signal<In, Bits<2>>,
    pub last0_col: Signal<In, Bits<5>>,
    pub last0_row: Signal<In, Bits<5>>,
    pub last1_col: Signal<In, Bits<5>>,
    pub last1_row: Signal<In, Bits<5>>,
    pub start: Signal<In, Bit>,
    pub busy: Signal<Out, Bit>,
    /// The decision (valid from `done` until the next `start`): the stones placed, each with
    /// the code of the module that chose it (`selector::Module::code`). They are on the board.
    pub done: Signal<Out, Bit>,
    pub placed: Signal<Out, Bits<2>>,
    pub stone0_col: Signal<Out, Bits<5>>,
    pub stone0_row: Signal<Out, Bits<5>>,
    pub stone0_module: Signal<Out, Bits<3>>,
    pub stone1_col: Signal<Out, Bits<5>>,
    pub stone1_row: Signal<Out, Bits<5>>,
    pub stone1_module: Signal<Out, Bits<3>>,
    rm: GameRecordManager,
    chk: CheckmateStrategyChecker,
    slp: SkilfulLinePredictor,
    tm: TemplateMatching,
    state: DFF<SelectorState>,
    j: DFF<Bit>,
    np: DFF<Bits<2>>,
    /// The stone the modules centre on.
    sc: DFF<Bits<5>>,
    sr: DFF<Bits<5>>,
    /// The predictor's and the matcher's proposals, the checker's for each side.
    sl_code: DFF<Bits<3>>,
    sl_dir: DFF<Bits<2>>,
    sl_idx: DFF<Bits<4>>,
    tm_score: DFF<Bits<10>>,
    tm_at: DFF<Bits<5>>,
    ck_found: [DFF<Bit>; 2],
    ck_worth: [DFF<Bits<3>>; 2],
    ck_a: [DFF<Bits<8>>; 2],
    ck_b: [DFF<Bits<8>>; 2],
    /// The best so far: priority (0: none), a pair, its stones, its module.
    bp: DFF<Bits<10>>,
    btwo: DFF<Bit>,
    b0c: DFF<Bits<5>>,
    b0r: DFF<Bits<5>>,
    b1c: DFF<Bits<5>>,
    b1r: DFF<Bits<5>>,
    bm: DFF<Bits<3>>,
    /// The random mode's search, a stage a register, from the region of the fetch before
    /// (stable from the manager's `ready` until the next fetch: the 850 cycles of the two
    /// checks lie between, so every stage has settled by `Rank`, which adds the last step
    /// and keeps it for the first stone). In one cycle, the region through the counts, the
    /// choice and the point into `rnd_c` was the ULX3S build's critical path.
    /// Each subspace's stones; the first emptiest subspace; its empty points and its top-left
    /// in the region; the empty point nearest the centre and its distance (3: none).
    rq_cnt: [DFF<Bits<5>>; 9],
    rq_ks: DFF<Bits<4>>,
    rq_sel: DFF<Bits<25>>,
    rq_sub_c: DFF<Bits<5>>,
    rq_sub_r: DFF<Bits<5>>,
    rq_bi: DFF<Bits<5>>,
    rq_bd: DFF<Bits<2>>,
    /// The random mode's stone (from the first last stone's region).
    rnd_ok: DFF<Bit>,
    rnd_c: DFF<Bits<5>>,
    rnd_r: DFF<Bits<5>>,
    /// A pair's second stone, due after the first is put.
    pq: DFF<Bit>,
    pqc: DFF<Bits<5>>,
    pqr: DFF<Bits<5>>,
    pqm: DFF<Bits<3>>,
    o0c: DFF<Bits<5>>,
    o0r: DFF<Bits<5>>,
    o0m: DFF<Bits<3>>,
    o1c: DFF<Bits<5>>,
    o1r: DFF<Bits<5>>,
    o1m: DFF<Bits<3>>,
    fin: DFF<Bit>,
    // Rank's temporaries.
    cp: Signal<Local, Bits<10>>,
    pr: Signal<Local, Bits<10>>,
    kk: Signal<Local, Bits<5>>,
    pc: Signal<Local, Bits<5>>,
    prow: Signal<Local, Bits<5>>,
    ac: Signal<Local, Bits<5>>,
    ar: Signal<Local, Bits<5>>,
    bc: Signal<Local, Bits<5>>,
    br: Signal<Local, Bits<5>>,
    // Random mode's temporaries.
    cnt: Signal<Local, Bits<5>>,
    bcnt: Signal<Local, Bits<5>>,
    ks: Signal<Local, Bits<4>>,
    bd: Signal<Local, Bits<2>>,
    bi: Signal<Local, Bits<5>>,
    /// A point holds a stone.
    nz: Signal<Local, Bit>,
    /// The chosen subspace's empty points (bit `x`: point `x`, row by row).
    sel: Signal<Local, Bits<25>>,
    // Put's stone.
    put_c: Signal<Local, Bits<5>>,
    put_r: Signal<Local, Bits<5>>,
    put_m: Signal<Local, Bits<3>>,
    put_go: Signal<Local, Bit>,
    /// Stones placed before this cycle's put (0 after a start).
    npn: Signal<Local, Bits<2>>,
    diff: Signal<Local, Bits<8>>,
    go_pass: Signal<Local, Bit>,
    go_second: Signal<Local, Bit>,
    sub_c: Signal<Local, Bits<5>>,
    sub_r: Signal<Local, Bits<5>>,
    k_own: Constant<Bits<2>>,
    k_opp: Constant<Bits<2>>,
    k_empty: Constant<Bits<2>>,
    k_level: [Constant<Bits<10>>; 5],
    k_check: [Constant<Bits<10>>; 4],
    k_five: Constant<Bits<3>>,
    k_tcap: Constant<Bits<10>>,
    k_mod: [Constant<Bits<3>>; 5],
    k_i: [Constant<Bits<5>>; 25],
    k_i4: [Constant<Bits<4>>; 16],
    k_i8: [Constant<Bits<8>>; 15],
    k_15m: [Constant<Bits<8>>; 15],
    k_p5c: [Constant<Bits<5>>; 25],
    k_p5r: [Constant<Bits<5>>; 25],
    /// The subspace's points farthest from its centre first (Chebyshev distance), the
    /// last in row order first among equals; each one's distance.
    k_order: [Constant<Bits<5>>; 25],
    k_order_dist: [Constant<Bits<2>>; 25],
    /// Subspace `k` point `i` (row by row): its region bit offset; the subspace's top-left
    /// (col, row) in the region.
    k_cell_off: [Constant<Bits<9>>; 225],
    k_sub_c: [Constant<Bits<5>>; 9],
    k_sub_r: [Constant<Bits<5>>; 9],
    k_centre: Constant<Bits<5>>,
}

impl Default for NextMoveSelector {
    fn default() -> Self {
        let s = SUBSPACE;
        let dist = |i: usize| (i % s).abs_diff(s / 2).max((i / s).abs_diff(s / 2));
        let mut order: Vec<usize> = (0..s * s).collect();
        order.sort_by_key(|&i| std::cmp::Reverse((dist(i), i)));
        Self {
            clock: Default::default(),
            load_en: Default::default(),
            load_row: Default::default(),
            load_data: Default::default(),
            host_put: Default::default(),
            host_col: Default::default(),
            host_row: Default::default(),
            side: Default::default(),
            stones: Default::default(),
            last_n: Default::default(),
            last0_col: Default::default(),
            last0_row: Default::default(),
            last1_col: Default::default(),
            last1_row: Default::default(),
            start: Default::default(),
            busy: Default::default(),
            done: Default::default(),
            placed: Default::default(),
            stone0_col: Default::default(),
            stone0_row: Default::default(),
            stone0_module: Default::default(),
            stone1_col: Default::default(),
            stone1_row: Default::default(),
            stone1_module: Default::default(),
            rm: Default::default(),
            chk: Default::default(),
            slp: Default::default(),
            tm: Default::default(),
            state: Default::default(),
            j: Default::default(),
            np: Default::default(),
            sc: Default::default(),
            sr: Default::default(),
            sl_code: Default::default(),
            sl_dir: Default::default(),
            sl_idx: Default::default(),
            tm_score: Default::default(),
            tm_at: Default::default(),
            ck_found: Default::default(),
            ck_worth: Default::default(),
            ck_a: Default::default(),
            ck_b: Default::default(),
            bp: Default::default(),
            btwo: Default::default(),
            b0c: Default::default(),
            b0r: Default::default(),
            b1c: Default::default(),
            b1r: Default::default(),
            bm: Default::default(),
            rq_cnt: Default::default(),
            rq_ks: Default::default(),
            rq_sel: Default::default(),
            rq_sub_c: Default::default(),
            rq_sub_r: Default::default(),
            rq_bi: Default::default(),
            rq_bd: Default::default(),
            rnd_ok: Default::default(),
            rnd_c: Default::default(),
            rnd_r: Default::default(),
            pq: Default::default(),
            pqc: Default::default(),
            pqr: Default::default(),
            pqm: Default::default(),
            o0c: Default::default(),
            o0r: Default::default(),
            o0m: Default::default(),
            o1c: Default::default(),
            o1r: Default::default(),
            o1m: Default::default(),
            fin: Default::default(),
            cp: Default::default(),
            pr: Default::default(),
            kk: Default::default(),
            pc: Default::default(),
            prow: Default::default(),
            ac: Default::default(),
            ar: Default::default(),
            bc: Default::default(),
            br: Default::default(),
            cnt: Default::default(),
            bcnt: Default::default(),
            ks: Default::default(),
            bd: Default::default(),
            bi: Default::default(),
            sel: Default::default(),
            nz: Default::default(),
            put_c: Default::default(),
            put_r: Default::default(),
            put_m: Default::default(),
            put_go: Default::default(),
            npn: Default::default(),
            diff: Default::default(),
            go_pass: Default::default(),
            go_second: Default::default(),
            sub_c: Default::default(),
            sub_r: Default::default(),
            k_cell_off: std::array::from_fn(|x| {
                let (k, i) = (x / (s * s), x % (s * s));
                c((2 * ((k / 3 * s + i / s) * REGION + k % 3 * s + i % s)) as u64)
            }),
            k_own: c(Cell::Own.code()),
            k_opp: c(Cell::Opp.code()),
            k_empty: c(Cell::Empty.code()),
            k_level: std::array::from_fn(|k| c(LEVELS[k] as u64)),
            // [own four, opp four, own five, opp five]
            k_check: std::array::from_fn(|k| c(CHECK_PRIORITY[k / 2][k % 2] as u64)),
            k_five: c(MIN_WORTH as u64 + 1),
            k_tcap: c(BUILD as u64 - 1),
            k_mod: std::array::from_fn(|m| c(Module::ALL[m].code())),
            k_i: std::array::from_fn(|i| c(i as u64)),
            k_i4: std::array::from_fn(|i| c(i as u64)),
            k_i8: std::array::from_fn(|i| c(i as u64)),
            k_15m: std::array::from_fn(|m| c((REGION * m) as u64)),
            k_p5c: std::array::from_fn(|i| c((i % s) as u64)),
            k_p5r: std::array::from_fn(|i| c((i / s) as u64)),
            k_order: std::array::from_fn(|i| c(order[i] as u64)),
            k_order_dist: std::array::from_fn(|i| c(dist(order[i]) as u64)),
            k_sub_c: std::array::from_fn(|k| c((k % 3 * s) as u64)),
            k_sub_r: std::array::from_fn(|k| c((k / 3 * s) as u64)),
            k_centre: c((model::connect6::SIZE / 2) as u64),
        }
    }
}

impl Logic for NextMoveSelector {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, state, j, np, sc, sr, sl_code, sl_dir, sl_idx, tm_score, tm_at, bp, btwo,
            b0c, b0r, b1c, b1r, bm, rnd_ok, rnd_c, rnd_r, pq, pqc, pqr, pqm, o0c, o0r, o0m, o1c,
            o1r, o1m, fin, rq_ks, rq_sel, rq_sub_c, rq_sub_r, rq_bi, rq_bd
        );
        // Every temporary has a value on every path (no latches).
        self.cp.next = 0_u64.into();
        self.pr.next = 0_u64.into();
        self.kk.next = 0_u64.into();
        self.pc.next = 0_u64.into();
        self.prow.next = 0_u64.into();
        self.ac.next = 0_u64.into();
        self.ar.next = 0_u64.into();
        self.bc.next = 0_u64.into();
        self.br.next = 0_u64.into();
        self.cnt.next = 0_u64.into();
        self.bcnt.next = 0_u64.into();
        self.ks.next = 0_u64.into();
        self.bd.next = 0_u64.into();
        self.nz.next = false;
        self.sel.next = 0_u64.into();
        self.bi.next = 0_u64.into();
        self.sub_c.next = 0_u64.into();
        self.sub_r.next = 0_u64.into();
        self.diff.next = 0_u64.into();
        for k in 0..2 {
            self.ck_found[k].clock.next = self.clock.val();
            self.ck_worth[k].clock.next = self.clock.val();
            self.ck_a[k].clock.next = self.clock.val();
            self.ck_b[k].clock.next = self.clock.val();
            self.ck_found[k].d.next = self.ck_found[k].q.val();
            self.ck_worth[k].d.next = self.ck_worth[k].q.val();
            self.ck_a[k].d.next = self.ck_a[k].q.val();
            self.ck_b[k].d.next = self.ck_b[k].q.val();
        }
        self.rm.clock.next = self.clock.val();
        self.chk.clock.next = self.clock.val();
        self.rm.load_en.next = self.load_en.val();
        self.rm.load_row.next = self.load_row.val();
        self.rm.load_data.next = self.load_data.val();
        self.rm.side.next = self.side.val();
        self.rm.fetch.next = false;
        self.rm.put.next = false;
        self.rm.scan.next = false;
        self.rm.col.next = self.sc.q.val();
        self.rm.row.next = self.sr.q.val();
        self.chk.region.next = self.rm.region.val();
        self.chk.colour.next = self.k_own.val();
        self.chk.start.next = false;
        self.slp.lines.next = self.rm.lines.val();
        self.tm.window.next = self.rm.window.val();
        self.put_go.next = false;
        self.put_c.next = 0_u64.into();
        self.put_r.next = 0_u64.into();
        self.put_m.next = 0_u64.into();
        self.go_pass.next = false;
        self.go_second.next = false;
        self.npn.next = self.np.q.val();

        // The random mode's search, every cycle from the fetched region, a stage a register.
        // 1: each subspace's stones as one sum (an adder tree, not a chain of conditional
        // increments: the chain was 225 steps deep).
        for k in 0..9 {
            self.rq_cnt[k].clock.next = self.clock.val();
            self.cnt.next = 0_u64.into();
            for x in 0..25 {
                self.nz.next = self
                    .rm
                    .region
                    .val()
                    .get_bits::<2>(self.k_cell_off[25 * k + x].val().index())
                    .any();
                self.cnt.next = self.cnt.val() + bit_cast::<5, 1>(self.nz.val().into());
            }
            self.rq_cnt[k].d.next = self.cnt.val();
        }
        // 2: the first emptiest by a 9-step comparison.
        self.bcnt.next = 31_u64.into();
        self.ks.next = 0_u64.into();
        for k in 0..9 {
            if self.rq_cnt[k].q.val() < self.bcnt.val() {
                self.bcnt.next = self.rq_cnt[k].q.val();
                self.ks.next = self.k_i4[k].val();
            }
        }
        self.rq_ks.d.next = self.ks.val();
        // 3: the chosen subspace's empty points and its top-left.
        for k in 0..9 {
            if self.rq_ks.q.val() == self.k_i4[k].val() {
                self.sub_c.next = self.k_sub_c[k].val();
                self.sub_r.next = self.k_sub_r[k].val();
                for x in 0..25 {
                    self.sel.next = self.sel.val().replace_bit(
                        x,
                        self.rm
                            .region
                            .val()
                            .get_bits::<2>(self.k_cell_off[25 * k + x].val().index())
                            == self.k_empty.val(),
                    );
                }
            }
        }
        self.rq_sel.d.next = self.sel.val();
        self.rq_sub_c.d.next = self.sub_c.val();
        self.rq_sub_r.d.next = self.sub_r.val();
        // 4: the nearest the centre (the first in row order among equals) by a 25-step
        // priority in the order farthest first, last in row order first: the last match wins.
        self.bd.next = 3_u64.into();
        self.bi.next = 0_u64.into();
        for i in 0..25 {
            if self.rq_sel.q.val().get_bit(self.k_order[i].val().index()) {
                self.bd.next = self.k_order_dist[i].val();
                self.bi.next = self.k_order[i].val();
            }
        }
        self.rq_bi.d.next = self.bi.val();
        self.rq_bd.d.next = self.bd.val();

        match self.state.q.val() {
            SelectorState::Idle => {}
            SelectorState::Done => {}
            SelectorState::Fetch => {
                // The record is here: the predictor's and the matcher's answers, the checker
                // on the side to move's stones.
                if self.rm.ready.val() {
                    self.sl_code.d.next = self.slp.level.val();
                    self.sl_dir.d.next = self.slp.dir.val();
                    self.sl_idx.d.next = self.slp.index.val();
                    self.tm_score.d.next = self.tm.score.val();
                    self.tm_at.d.next = self.tm.at.val();
                    self.chk.start.next = true;
                    self.state.d.next = SelectorState::CheckOwn;
                }
            }
            SelectorState::CheckOwn => {
                if self.chk.done.val() {
                    self.ck_found[0].d.next = self.chk.found.val();
                    self.ck_worth[0].d.next = self.chk.worth.val();
                    self.ck_a[0].d.next = self.chk.a.val();
                    self.ck_b[0].d.next = self.chk.b.val();
                    self.chk.colour.next = self.k_opp.val();
                    self.chk.start.next = true;
                    self.state.d.next = SelectorState::CheckOpp;
                }
            }
            SelectorState::CheckOpp => {
                if self.chk.done.val() {
                    self.ck_found[1].d.next = self.chk.found.val();
                    self.ck_worth[1].d.next = self.chk.worth.val();
                    self.ck_a[1].d.next = self.chk.a.val();
                    self.ck_b[1].d.next = self.chk.b.val();
                    self.state.d.next = SelectorState::Rank;
                }
            }
            SelectorState::Rank => {
                // This stone's proposals in the model's order: predictor, checker (own, then
                // the opponent's), templates; a strictly higher priority replaces the best.
                self.cp.next = self.bp.q.val();
                if self.sl_code.q.val() != 0_u64 {
                    self.pr.next = 0_u64.into();
                    for k in 1..5 {
                        if self.sl_code.q.val() == self.k_i[k].val().get_bits::<3>(0) {
                            self.pr.next = self.k_level[k].val();
                        }
                    }
                    self.kk.next = bit_cast::<5, 4>(self.sl_idx.q.val()) - 6_u64;
                    self.pc.next = self.sc.q.val() + self.kk.val();
                    self.prow.next = self.sr.q.val() + self.kk.val();
                    if self.sl_dir.q.val() == 0_u64 {
                        self.prow.next = self.sr.q.val();
                    }
                    if self.sl_dir.q.val() == 1_u64 {
                        self.pc.next = self.sc.q.val();
                    }
                    if self.sl_dir.q.val() == 3_u64 {
                        self.prow.next = self.sr.q.val() - self.kk.val();
                    }
                    if self.pr.val() > self.cp.val() {
                        self.cp.next = self.pr.val();
                        self.bp.d.next = self.pr.val();
                        self.btwo.d.next = false;
                        self.b0c.d.next = self.pc.val();
                        self.b0r.d.next = self.prow.val();
                        self.bm.d.next = self.k_mod[0].val();
                    }
                }
                // The checker's pairs: the side to move's (k = 0), the opponent's (1).
                for k in 0..2 {
                    if self.ck_found[k].q.val() {
                        self.pr.next = self.k_check[k].val();
                        if self.ck_worth[k].q.val() >= self.k_five.val() {
                            self.pr.next = self.k_check[2 + k].val();
                        }
                        // Region index -> (row, col): the last multiple of 15 not above it.
                        for m in 0..15 {
                            if self.ck_a[k].q.val() >= self.k_15m[m].val() {
                                self.ar.next = self.k_i[m].val();
                                self.diff.next = self.ck_a[k].q.val() - self.k_15m[m].val();
                                self.ac.next = self.diff.val().get_bits::<5>(0);
                            }
                            if self.ck_b[k].q.val() >= self.k_15m[m].val() {
                                self.br.next = self.k_i[m].val();
                                self.diff.next = self.ck_b[k].q.val() - self.k_15m[m].val();
                                self.bc.next = self.diff.val().get_bits::<5>(0);
                            }
                        }
                        if self.pr.val() > self.cp.val() {
                            self.cp.next = self.pr.val();
                            self.bp.d.next = self.pr.val();
                            self.btwo.d.next = true;
                            self.b0c.d.next = self.rm.col0.val() + self.ac.val();
                            self.b0r.d.next = self.rm.row0.val() + self.ar.val();
                            self.b1c.d.next = self.rm.col0.val() + self.bc.val();
                            self.b1r.d.next = self.rm.row0.val() + self.br.val();
                            self.bm.d.next = self.k_mod[1 + k].val();
                        }
                    }
                }
                if self.tm_score.q.val() != 0_u64 {
                    self.pr.next = self.tm_score.q.val();
                    if self.tm_score.q.val() > self.k_tcap.val() {
                        self.pr.next = self.k_tcap.val();
                    }
                    self.pc.next = 0_u64.into();
                    self.prow.next = 0_u64.into();
                    for x in 0..25 {
                        if self.tm_at.q.val() == self.k_i[x].val() {
                            self.pc.next = self.k_p5c[x].val();
                            self.prow.next = self.k_p5r[x].val();
                        }
                    }
                    if self.pr.val() > self.cp.val() {
                        self.cp.next = self.pr.val();
                        self.bp.d.next = self.pr.val();
                        self.btwo.d.next = false;
                        self.b0c.d.next = self.rm.wcol0.val() + self.pc.val();
                        self.b0r.d.next = self.rm.wrow0.val() + self.prow.val();
                        self.bm.d.next = self.k_mod[3].val();
                    }
                }
                // The first stone's region: the random mode's stone, from the search's
                // last stage (before the states).
                if !self.j.q.val() {
                    self.pc.next = 0_u64.into();
                    self.prow.next = 0_u64.into();
                    for x in 0..25 {
                        if self.rq_bi.q.val() == self.k_i[x].val() {
                            self.pc.next = self.k_p5c[x].val();
                            self.prow.next = self.k_p5r[x].val();
                        }
                    }
                    self.rnd_ok.d.next = self.rq_bd.q.val() != 3_u64;
                    self.rnd_c.d.next = self.rm.col0.val() + self.rq_sub_c.q.val() + self.pc.val();
                    self.rnd_r.d.next =
                        self.rm.row0.val() + self.rq_sub_r.q.val() + self.prow.val();
                }
                if !self.j.q.val() & (self.last_n.val() == 2_u64) {
                    self.go_second.next = true;
                } else {
                    self.state.d.next = SelectorState::Decide;
                }
            }
            SelectorState::Decide => {
                if self.bp.q.val() != 0_u64 {
                    self.put_go.next = true;
                    self.put_c.next = self.b0c.q.val();
                    self.put_r.next = self.b0r.q.val();
                    self.put_m.next = self.bm.q.val();
                    // A pair places both stones when two are due.
                    if self.btwo.q.val() & ((self.stones.val() - self.np.q.val()) == 2_u64) {
                        self.pq.d.next = true;
                        self.pqc.d.next = self.b1c.q.val();
                        self.pqr.d.next = self.b1r.q.val();
                        self.pqm.d.next = self.bm.q.val();
                    }
                } else if self.rnd_ok.q.val() {
                    self.put_go.next = true;
                    self.put_c.next = self.rnd_c.q.val();
                    self.put_r.next = self.rnd_r.q.val();
                    self.put_m.next = self.k_mod[4].val();
                } else {
                    self.rm.scan.next = true;
                    self.state.d.next = SelectorState::Scan;
                }
            }
            SelectorState::Scan => {
                if !self.rm.busy.val() {
                    self.put_go.next = true;
                    self.put_c.next = self.rm.first_col.val();
                    self.put_r.next = self.rm.first_row.val();
                    self.put_m.next = self.k_mod[4].val();
                }
            }
            SelectorState::Put => {
                if !self.rm.busy.val() {
                    if self.pq.q.val() {
                        self.pq.d.next = false;
                        self.put_go.next = true;
                        self.put_c.next = self.pqc.q.val();
                        self.put_r.next = self.pqr.q.val();
                        self.put_m.next = self.pqm.q.val();
                    } else if self.np.q.val() == self.stones.val() {
                        self.fin.d.next = true;
                        self.state.d.next = SelectorState::Done;
                    } else {
                        self.go_pass.next = true;
                    }
                }
            }
        }

        // A host's put while idle.
        if self.host_put.val()
            & ((self.state.q.val() == SelectorState::Idle)
                | (self.state.q.val() == SelectorState::Done))
        {
            self.rm.put.next = true;
            self.rm.col.next = self.host_col.val();
            self.rm.row.next = self.host_row.val();
        }
        // A start while idle: the opening's centre, or the first pass.
        if self.start.val()
            & ((self.state.q.val() == SelectorState::Idle)
                | (self.state.q.val() == SelectorState::Done))
        {
            self.fin.d.next = false;
            self.np.d.next = 0_u64.into();
            self.npn.next = 0_u64.into();
            self.pq.d.next = false;
            if self.last_n.val() == 0_u64 {
                self.put_go.next = true;
                self.put_c.next = self.k_centre.val();
                self.put_r.next = self.k_centre.val();
                self.put_m.next = self.k_mod[4].val();
            } else {
                self.go_pass.next = true;
            }
        }
        // A pass: the modules around the first last stone (the best forgotten).
        if self.go_pass.val() {
            self.j.d.next = false;
            self.bp.d.next = 0_u64.into();
            self.sc.d.next = self.last0_col.val();
            self.sr.d.next = self.last0_row.val();
            self.rm.fetch.next = true;
            self.rm.col.next = self.last0_col.val();
            self.rm.row.next = self.last0_row.val();
            self.state.d.next = SelectorState::Fetch;
        }
        // The same pass around the second.
        if self.go_second.val() {
            self.j.d.next = true;
            self.sc.d.next = self.last1_col.val();
            self.sr.d.next = self.last1_row.val();
            self.rm.fetch.next = true;
            self.rm.col.next = self.last1_col.val();
            self.rm.row.next = self.last1_row.val();
            self.state.d.next = SelectorState::Fetch;
        }
        // A stone onto the record, and into the decision.
        if self.put_go.val() {
            self.rm.put.next = true;
            self.rm.col.next = self.put_c.val();
            self.rm.row.next = self.put_r.val();
            if self.npn.val() == 0_u64 {
                self.o0c.d.next = self.put_c.val();
                self.o0r.d.next = self.put_r.val();
                self.o0m.d.next = self.put_m.val();
            } else {
                self.o1c.d.next = self.put_c.val();
                self.o1r.d.next = self.put_r.val();
                self.o1m.d.next = self.put_m.val();
            }
            self.np.d.next = self.npn.val() + 1_u64;
            self.state.d.next = SelectorState::Put;
        }

        self.busy.next = ((self.state.q.val() != SelectorState::Idle)
            & (self.state.q.val() != SelectorState::Done))
            | self.rm.busy.val();
        self.done.next = self.fin.q.val();
        self.placed.next = self.np.q.val();
        self.stone0_col.next = self.o0c.q.val();
        self.stone0_row.next = self.o0r.q.val();
        self.stone0_module.next = self.o0m.q.val();
        self.stone1_col.next = self.o1c.q.val();
        self.stone1_row.next = self.o1r.q.val();
        self.stone1_module.next = self.o1m.q.val();
    }
}
