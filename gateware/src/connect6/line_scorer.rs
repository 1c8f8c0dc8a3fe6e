//! The line scorer, past the paper: the baseline's line score of every point of the board for
//! one side, and the best empty point (the first in board order among equals). The threat
//! player reads line scores at four of its steps: a block's tie-break, the defence's and the
//! preparation's candidates, and the last step's stone (`docs/connect6.md`, "The line
//! scorer"). Model: `model::connect6::line_scan` (`baseline::line_score`, `threat::best_point`).
//!
//! ```text
//!  rows, a row a cycle --> a window of 11 rows (five above and five below the scored row),
//!                          as own/opponent planes for the side, five points off the board
//!                          padded on each side; a shifting copy moves one point a cycle
//!  a point a cycle ------> its four lines of 11 points (fixed wires of the shifting copy)
//!                      --> the 24 windows of six points that hold it: a weight each, the
//!                          baseline's attack table if it holds none of the opponent's
//!                          stones, its defence table if none of the side's, else 0
//!                          (off the board counts as both)  [registered]
//!                      --> the 24 weights summed by a tree; 0 for an occupied point
//!                          [registered: the score stream]
//!                      --> the best so far: a greater score replaces it
//! ```
//!
//! Cycles ([`CYCLES`], 371): the start, the first window's rows (0..5) read, a point a cycle
//! in board order (a row's last point moves the window a row: no cycle lost), two cycles of
//! pipeline, then done. The board's read port is the winning-pair search's: the row asked,
//! its word the cycle after; rows 19..24 asked near the end are ignored.

use crate::common::c;
use model::connect6::baseline::{ATTACK, DEFENCE};
use model::connect6::line_scan::{SCORE_BITS, WEIGHT_BITS, WINDOWS_THROUGH};
use model::connect6::{SIZE, WIN_LENGTH};
use rust_hdl::prelude::*;

pub use model::connect6::line_scan::{CYCLES, LOAD_CYCLES, PIPE_CYCLES};

/// A row's plane with five points off the board on each side.
const PADDED: usize = SIZE + 2 * (WIN_LENGTH - 1);
/// Points of a line through the scored point: five on each side.
const LINE: usize = 2 * WIN_LENGTH - 1;
/// Widths of the sum tree's levels: 12 sums of two weights, 6 of four, 3 of eight.
const S1: usize = WEIGHT_BITS + 1;
const S2: usize = WEIGHT_BITS + 2;
const S3: usize = WEIGHT_BITS + 3;
const _: () = assert!(WINDOWS_THROUGH == 24 && SCORE_BITS >= S3);

#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum ScoreState {
    Idle,
    /// The first window's rows read.
    Load,
    /// A point a cycle.
    Points,
    /// The last point's weights summed, the best updated.
    Drain,
    Done,
}

#[derive(LogicBlock)]
pub struct LineScorer {
    pub clock: Signal<In, Clock>,
    /// Starts a scan (idle or done) for the side (1 Black, 2 White).
    pub start: Signal<In, Bit>,
    pub side: Signal<In, Bits<2>>,
    /// Cancels a scan: the block goes idle.
    pub cancel: Signal<In, Bit>,
    /// The board's read port: the row to read, and the word of the row asked the cycle before
    /// (`model::connect6::paper::row_word`: the record manager's RAM).
    pub rd_addr: Signal<Out, Bits<5>>,
    pub rd_data: Signal<In, Bits<38>>,
    pub busy: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    /// The score stream: a point a cycle in board order, its score if it is empty (else 0,
    /// `score_empty` low).
    pub score_valid: Signal<Out, Bit>,
    pub score_empty: Signal<Out, Bit>,
    pub score_col: Signal<Out, Bits<5>>,
    pub score_row: Signal<Out, Bits<5>>,
    pub score: Signal<Out, Bits<SCORE_BITS>>,
    /// The best empty point and its score, if the board has one (`found`).
    pub found: Signal<Out, Bit>,
    pub best_col: Signal<Out, Bits<5>>,
    pub best_row: Signal<Out, Bits<5>>,
    pub best_score: Signal<Out, Bits<SCORE_BITS>>,
    state: DFF<ScoreState>,
    /// The load's step, or the column being scored; the row being scored.
    t: DFF<Bits<5>>,
    m: DFF<Bits<5>>,
    /// White to score: its stones are the codes' high bits.
    swap: DFF<Bit>,
    /// The window: row m - 5 + w as own and opponent planes (off the board: all ones).
    ro: [DFF<Bits<SIZE>>; LINE],
    rp: [DFF<Bits<SIZE>>; LINE],
    /// The window padded and shifted a point a cycle: the scored point is bit 5 of row 5.
    so: [DFF<Bits<PADDED>>; LINE],
    sp: [DFF<Bits<PADDED>>; LINE],
    /// Stage 1: the windows' weights, and the point (valid, empty, column, row).
    w: [DFF<Bits<WEIGHT_BITS>>; WINDOWS_THROUGH],
    v1: DFF<Bit>,
    e1: DFF<Bit>,
    c1: DFF<Bits<5>>,
    r1: DFF<Bits<5>>,
    /// Stage 2: the score.
    v2: DFF<Bit>,
    e2: DFF<Bit>,
    c2: DFF<Bits<5>>,
    r2: DFF<Bits<5>>,
    s2: DFF<Bits<SCORE_BITS>>,
    /// The best so far.
    bf: DFF<Bit>,
    bc: DFF<Bits<5>>,
    br: DFF<Bits<5>>,
    bs: DFF<Bits<SCORE_BITS>>,
    /// The arriving row's planes (all ones past the board), whether the window moves a row,
    /// and its rows after the move.
    code: Signal<Local, Bits<2>>,
    in_o: Signal<Local, Bits<SIZE>>,
    in_p: Signal<Local, Bits<SIZE>>,
    step: Signal<Local, Bit>,
    no: [Signal<Local, Bits<SIZE>>; LINE],
    np: [Signal<Local, Bits<SIZE>>; LINE],
    pad_o: Signal<Local, Bits<SIZE>>,
    pad_p: Signal<Local, Bits<SIZE>>,
    /// The scored point's lines (direction d, point k at k - 5 steps), own and opponent.
    lo: [Signal<Local, Bits<LINE>>; 4],
    lp: [Signal<Local, Bits<LINE>>; 4],
    /// A window's points, their counts, its two possible weights.
    wo: Signal<Local, Bits<WIN_LENGTH>>,
    wp: Signal<Local, Bits<WIN_LENGTH>>,
    n_o: Signal<Local, Bits<3>>,
    n_p: Signal<Local, Bits<3>>,
    wa: Signal<Local, Bits<WEIGHT_BITS>>,
    wd: Signal<Local, Bits<WEIGHT_BITS>>,
    /// The sum tree and its operands.
    x1: [Signal<Local, Bits<WEIGHT_BITS>>; 2],
    a1: [Signal<Local, Bits<S1>>; 12],
    x2: [Signal<Local, Bits<S1>>; 2],
    a2: [Signal<Local, Bits<S2>>; 6],
    x3: [Signal<Local, Bits<S2>>; 2],
    a3: [Signal<Local, Bits<S3>>; 3],
    x4: [Signal<Local, Bits<S3>>; 3],
    total: Signal<Local, Bits<SCORE_BITS>>,
    /// The baseline's weights by count, and the counts 0..5.
    k_att: [Constant<Bits<WEIGHT_BITS>>; WIN_LENGTH],
    k_def: [Constant<Bits<WEIGHT_BITS>>; WIN_LENGTH],
    k_n: [Constant<Bits<3>>; WIN_LENGTH],
    k_pad: Constant<Bits<PADDED>>,
    k_ones: Constant<Bits<SIZE>>,
    k_last: Constant<Bits<5>>,
    k_load: Constant<Bits<5>>,
    /// The row asked during row m (m + 6) is past the board from this m on.
    k_past: Constant<Bits<5>>,
}

impl Default for LineScorer {
    fn default() -> Self {
        let ones = |n: usize| (1u64 << n) - 1;
        Self {
            clock: Default::default(),
            start: Default::default(),
            side: Default::default(),
            cancel: Default::default(),
            rd_addr: Default::default(),
            rd_data: Default::default(),
            busy: Default::default(),
            done: Default::default(),
            score_valid: Default::default(),
            score_empty: Default::default(),
            score_col: Default::default(),
            score_row: Default::default(),
            score: Default::default(),
            found: Default::default(),
            best_col: Default::default(),
            best_row: Default::default(),
            best_score: Default::default(),
            state: Default::default(),
            t: Default::default(),
            m: Default::default(),
            swap: Default::default(),
            ro: Default::default(),
            rp: Default::default(),
            so: Default::default(),
            sp: Default::default(),
            w: Default::default(),
            v1: Default::default(),
            e1: Default::default(),
            c1: Default::default(),
            r1: Default::default(),
            v2: Default::default(),
            e2: Default::default(),
            c2: Default::default(),
            r2: Default::default(),
            s2: Default::default(),
            bf: Default::default(),
            bc: Default::default(),
            br: Default::default(),
            bs: Default::default(),
            code: Default::default(),
            in_o: Default::default(),
            in_p: Default::default(),
            step: Default::default(),
            no: Default::default(),
            np: Default::default(),
            pad_o: Default::default(),
            pad_p: Default::default(),
            lo: Default::default(),
            lp: Default::default(),
            wo: Default::default(),
            wp: Default::default(),
            n_o: Default::default(),
            n_p: Default::default(),
            wa: Default::default(),
            wd: Default::default(),
            x1: Default::default(),
            a1: Default::default(),
            x2: Default::default(),
            a2: Default::default(),
            x3: Default::default(),
            a3: Default::default(),
            x4: Default::default(),
            total: Default::default(),
            k_att: std::array::from_fn(|k| c(u64::from(ATTACK[k]))),
            k_def: std::array::from_fn(|k| c(u64::from(DEFENCE[k]))),
            k_n: std::array::from_fn(|k| c(k as u64)),
            k_pad: c(ones(WIN_LENGTH - 1) | ones(WIN_LENGTH - 1) << (SIZE + WIN_LENGTH - 1)),
            k_ones: c(ones(SIZE)),
            k_last: c(SIZE as u64 - 1),
            k_load: c(WIN_LENGTH as u64),
            k_past: c((SIZE - WIN_LENGTH) as u64),
        }
    }
}

impl Logic for LineScorer {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, state, t, m, swap, v1, e1, c1, r1, v2, e2, c2, r2, s2, bf, bc, br, bs
        );
        for w in 0..11 {
            self.ro[w].clock.next = self.clock.val();
            self.ro[w].d.next = self.ro[w].q.val();
            self.rp[w].clock.next = self.clock.val();
            self.rp[w].d.next = self.rp[w].q.val();
            self.so[w].clock.next = self.clock.val();
            self.so[w].d.next = self.so[w].q.val() >> 1_u64;
            self.sp[w].clock.next = self.clock.val();
            self.sp[w].d.next = self.sp[w].q.val() >> 1_u64;
        }
        for j in 0..24 {
            self.w[j].clock.next = self.clock.val();
        }
        self.busy.next =
            (self.state.q.val() != ScoreState::Idle) & (self.state.q.val() != ScoreState::Done);
        self.done.next = self.state.q.val() == ScoreState::Done;
        self.score_valid.next = self.v2.q.val();
        self.score_empty.next = self.e2.q.val();
        self.score_col.next = self.c2.q.val();
        self.score_row.next = self.r2.q.val();
        self.score.next = self.s2.q.val();
        self.found.next = self.bf.q.val();
        self.best_col.next = self.bc.q.val();
        self.best_row.next = self.br.q.val();
        self.best_score.next = self.bs.q.val();

        // The read port: row t while loading, then six rows below the scored one.
        self.rd_addr.next = self.t.q.val();
        if self.state.q.val() == ScoreState::Points {
            self.rd_addr.next = self.m.q.val() + 6_u64;
        }

        // The arriving row as the side's planes; past the board, all ones.
        self.in_o.next = 0_u64.into();
        self.in_p.next = 0_u64.into();
        for p in 0..19 {
            self.code.next = self.rd_data.val().get_bits::<2>(2 * p);
            if self.swap.q.val() {
                self.in_o.next = self.in_o.val().replace_bit(p, self.code.val().get_bit(1));
                self.in_p.next = self.in_p.val().replace_bit(p, self.code.val().get_bit(0));
            } else {
                self.in_o.next = self.in_o.val().replace_bit(p, self.code.val().get_bit(0));
                self.in_p.next = self.in_p.val().replace_bit(p, self.code.val().get_bit(1));
            }
        }
        if (self.state.q.val() == ScoreState::Points) & (self.m.q.val() >= self.k_past.val()) {
            self.in_o.next = self.k_ones.val();
            self.in_p.next = self.k_ones.val();
        }

        // The window after a move: a row up, the arriving row last.
        for w in 0..10 {
            self.no[w].next = self.ro[w + 1].q.val();
            self.np[w].next = self.rp[w + 1].q.val();
        }
        self.no[10].next = self.in_o.val();
        self.np[10].next = self.in_p.val();

        // The scored point's lines: along its row, down its column, the falling diagonal
        // (point k on row k of the window, column k of the shifted copy), the rising one.
        for d in 0..4 {
            self.lo[d].next = 0_u64.into();
            self.lp[d].next = 0_u64.into();
        }
        self.lo[0].next = self.so[5].q.val().get_bits::<11>(0);
        self.lp[0].next = self.sp[5].q.val().get_bits::<11>(0);
        for k in 0..11 {
            self.lo[1].next = self.lo[1]
                .val()
                .replace_bit(k, self.so[k].q.val().get_bit(5));
            self.lp[1].next = self.lp[1]
                .val()
                .replace_bit(k, self.sp[k].q.val().get_bit(5));
            self.lo[2].next = self.lo[2]
                .val()
                .replace_bit(k, self.so[k].q.val().get_bit(k));
            self.lp[2].next = self.lp[2]
                .val()
                .replace_bit(k, self.sp[k].q.val().get_bit(k));
            self.lo[3].next = self.lo[3]
                .val()
                .replace_bit(k, self.so[10 - k].q.val().get_bit(k));
            self.lp[3].next = self.lp[3]
                .val()
                .replace_bit(k, self.sp[10 - k].q.val().get_bit(k));
        }

        // Stage 1: each window's weight (window i of line d holds its points i..i+5).
        for d in 0..4 {
            for i in 0..6 {
                self.wo.next = self.lo[d].val().get_bits::<6>(i);
                self.wp.next = self.lp[d].val().get_bits::<6>(i);
                self.n_o.next = 0_u64.into();
                self.n_p.next = 0_u64.into();
                for k in 0..6 {
                    if self.wo.val().get_bit(k) {
                        self.n_o.next = self.n_o.val() + 1_u64;
                    }
                    if self.wp.val().get_bit(k) {
                        self.n_p.next = self.n_p.val() + 1_u64;
                    }
                }
                self.wa.next = 0_u64.into();
                self.wd.next = 0_u64.into();
                for n in 0..6 {
                    if self.n_o.val() == self.k_n[n].val() {
                        self.wa.next = self.k_att[n].val();
                    }
                    if self.n_p.val() == self.k_n[n].val() {
                        self.wd.next = self.k_def[n].val();
                    }
                }
                self.w[6 * d + i].d.next = 0_u64.into();
                if !self.wp.val().any() {
                    self.w[6 * d + i].d.next = self.wa.val();
                } else if !self.wo.val().any() {
                    self.w[6 * d + i].d.next = self.wd.val();
                }
            }
        }
        self.v1.d.next = self.state.q.val() == ScoreState::Points;
        self.e1.d.next = !(self.so[5].q.val().get_bit(5) | self.sp[5].q.val().get_bit(5));
        self.c1.d.next = self.t.q.val();
        self.r1.d.next = self.m.q.val();

        // Stage 2: the weights summed by a tree; an occupied point scores 0.
        for i in 0..12 {
            self.x1[0].next = self.w[2 * i].q.val();
            self.x1[1].next = self.w[2 * i + 1].q.val();
            self.a1[i].next = bit_cast::<S1, WEIGHT_BITS>(self.x1[0].val())
                + bit_cast::<S1, WEIGHT_BITS>(self.x1[1].val());
        }
        for i in 0..6 {
            self.x2[0].next = self.a1[2 * i].val();
            self.x2[1].next = self.a1[2 * i + 1].val();
            self.a2[i].next =
                bit_cast::<S2, S1>(self.x2[0].val()) + bit_cast::<S2, S1>(self.x2[1].val());
        }
        for i in 0..3 {
            self.x3[0].next = self.a2[2 * i].val();
            self.x3[1].next = self.a2[2 * i + 1].val();
            self.a3[i].next =
                bit_cast::<S3, S2>(self.x3[0].val()) + bit_cast::<S3, S2>(self.x3[1].val());
        }
        for i in 0..3 {
            self.x4[i].next = self.a3[i].val();
        }
        self.total.next = bit_cast::<SCORE_BITS, S3>(self.x4[0].val())
            + bit_cast::<SCORE_BITS, S3>(self.x4[1].val())
            + bit_cast::<SCORE_BITS, S3>(self.x4[2].val());
        self.s2.d.next = 0_u64.into();
        if self.e1.q.val() {
            self.s2.d.next = self.total.val();
        }
        self.v2.d.next = self.v1.q.val();
        self.e2.d.next = self.e1.q.val();
        self.c2.d.next = self.c1.q.val();
        self.r2.d.next = self.r1.q.val();

        // Stage 3: the best, the first of the greatest scores in board order.
        if self.v2.q.val()
            & self.e2.q.val()
            & (!self.bf.q.val() | (self.s2.q.val() > self.bs.q.val()))
        {
            self.bf.d.next = true;
            self.bc.d.next = self.c2.q.val();
            self.br.d.next = self.r2.q.val();
            self.bs.d.next = self.s2.q.val();
        }

        self.step.next = false;
        match self.state.q.val() {
            ScoreState::Idle => {}
            ScoreState::Done => {}
            ScoreState::Load => {
                self.t.d.next = self.t.q.val() + 1_u64;
                // Row t - 1's word arrives from the second cycle on.
                self.step.next = self.t.q.val() != 0_u64;
                if self.t.q.val() == self.k_load.val() {
                    self.t.d.next = 0_u64.into();
                    self.m.d.next = 0_u64.into();
                    self.state.d.next = ScoreState::Points;
                }
            }
            ScoreState::Points => {
                self.t.d.next = self.t.q.val() + 1_u64;
                if self.t.q.val() == self.k_last.val() {
                    // The row's last point: the window moves a row (row m + 6 arrives).
                    self.step.next = true;
                    self.t.d.next = 0_u64.into();
                    self.m.d.next = self.m.q.val() + 1_u64;
                    if self.m.q.val() == self.k_last.val() {
                        self.state.d.next = ScoreState::Drain;
                    }
                }
            }
            ScoreState::Drain => {
                self.t.d.next = self.t.q.val() + 1_u64;
                if self.t.q.val() == 1_u64 {
                    self.state.d.next = ScoreState::Done;
                }
            }
        }
        if self.step.val() {
            for w in 0..11 {
                self.ro[w].d.next = self.no[w].val();
                self.rp[w].d.next = self.np[w].val();
                self.pad_o.next = self.no[w].val();
                self.pad_p.next = self.np[w].val();
                self.so[w].d.next =
                    (bit_cast::<PADDED, SIZE>(self.pad_o.val()) << 5_u64) | self.k_pad.val();
                self.sp[w].d.next =
                    (bit_cast::<PADDED, SIZE>(self.pad_p.val()) << 5_u64) | self.k_pad.val();
            }
        }

        if self.start.val()
            & ((self.state.q.val() == ScoreState::Idle) | (self.state.q.val() == ScoreState::Done))
        {
            self.state.d.next = ScoreState::Load;
            self.t.d.next = 0_u64.into();
            self.swap.d.next = self.side.val() == 2_u64;
            self.bf.d.next = false;
            for w in 0..11 {
                self.ro[w].d.next = self.k_ones.val();
                self.rp[w].d.next = self.k_ones.val();
            }
        }
        if self.cancel.val() {
            self.state.d.next = ScoreState::Idle;
        }
    }
}
