//! The line scorer, past the paper: the threat player's line score of every point of the board
//! for one side (the sum over the 24 six-point windows through the point of a weight each, the
//! baseline's with the player's weights: `model::connect6::threat::WEIGHTS`), and
//! the best empty point, the first in board order among equals. The threat player reads line
//! scores at four of its steps: a block's tie-break, the defence's and the preparation's
//! candidates, and the last step's stone (`docs/connect6.md`, "The line scorer"). Model:
//! `model::connect6::line_scan` (`threat::line_score`, `threat::best_point`).
//!
//! ```text
//!  row e, a row a cycle (rows 19..23: past the board, all blocked)
//!    --> own/opponent planes for the side, the five rows before in registers
//!    --> the windows complete at row e: 19 down the columns, 14 on each diagonal, and the
//!        14 along row e - 5; a weight each (the attack table if it holds none of the
//!        opponent's stones, the defence table if none of the side's, else 0; off the board
//!        counts as both)
//!    --> per column, each direction's sum over the windows through row e - 5's point:
//!        running sums (the new window's weight in, the one six rows back out; on the
//!        diagonals the sums move a column a row), weights kept six rows; along the row, sums
//!        of pairs  [registered]
//!    --> row e - 5's 19 scores (0 where occupied)  [registered: the score stream]
//!    --> the best of the 19 (ties to the lower column) in two steps; a greater score
//!        replaces the scan's best
//! ```
//!
//! Cycles ([`CYCLES`], 29): the start, row 0 asked and 24 rows (19 and five past the board;
//! row y's scores are complete when row y + 5 arrives), three of pipeline, then done. The
//! board's read port is the winning-pair search's: the row asked, its word the cycle after;
//! rows 19..24 asked are ignored. The first build scored a point a cycle from its four lines
//! of 11 points: 371 cycles, 0.45 times the CPU (`docs/connect6.md`).

use super::threat_scanner::{ALONG, AT_ROW};
use crate::common::c;
use model::connect6::line_scan::{DIRECTION_BITS, SCORE_BITS, WEIGHT_BITS};
use model::connect6::threat::WEIGHTS;
use model::connect6::{SIZE, WIN_LENGTH};
use rust_hdl::prelude::*;

pub use model::connect6::line_scan::{CYCLES, PIPE_CYCLES, ROW_CYCLES};

/// Rows the weights are kept: a running sum drops the weight six rows back.
const KEEP: usize = WIN_LENGTH;
/// Width of a sum of two weights along the row.
const PAIR: usize = WEIGHT_BITS + 1;
/// A row's scores in one word, point `x` in bits `SCORE_BITS * x..`.
pub const ROW_SCORES: usize = SIZE * SCORE_BITS;
const _: () = assert!(AT_ROW == 61 && DIRECTION_BITS > PAIR && SCORE_BITS == 17);

#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum ScoreState {
    Idle,
    /// The rows read, a row a cycle.
    Rows,
    /// The last row's scores summed and ranked.
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
    /// The score stream: a row a cycle in order (`score_valid`), its 19 scores (0 where the
    /// point is occupied) and its empty points.
    pub score_valid: Signal<Out, Bit>,
    pub score_row: Signal<Out, Bits<5>>,
    pub scores: Signal<Out, Bits<ROW_SCORES>>,
    pub empties: Signal<Out, Bits<SIZE>>,
    /// The best empty point and its score, if the board has one (`found`).
    pub found: Signal<Out, Bit>,
    pub best_col: Signal<Out, Bits<5>>,
    pub best_row: Signal<Out, Bits<5>>,
    pub best_score: Signal<Out, Bits<SCORE_BITS>>,
    state: DFF<ScoreState>,
    /// The row step (row t - 1 arrives), or the drain's.
    t: DFF<Bits<5>>,
    /// White to score: its stones are the codes' high bits.
    swap: DFF<Bit>,
    /// The planes of the five rows before (index 0 the oldest: row e - 5; all ones before row 0).
    po: [DFF<Bits<SIZE>>; 5],
    pp: [DFF<Bits<SIZE>>; 5],
    /// The weights of the last six rows' windows: down the columns (`hv[19 k + x]`, k rows
    /// back less one), falling (`hf[14 k + j]`) and rising (`hr`) by first column.
    hv: [DFF<Bits<WEIGHT_BITS>>; KEEP * SIZE],
    hf: [DFF<Bits<WEIGHT_BITS>>; KEEP * ALONG],
    hr: [DFF<Bits<WEIGHT_BITS>>; KEEP * ALONG],
    /// Stage 1, per column of row e - 5: the running sums down the column and on the two
    /// diagonals, the sum along the row; the row's empty points, whether it is a board row.
    sv: [DFF<Bits<DIRECTION_BITS>>; SIZE],
    sf: [DFF<Bits<DIRECTION_BITS>>; SIZE],
    sr: [DFF<Bits<DIRECTION_BITS>>; SIZE],
    sh: [DFF<Bits<DIRECTION_BITS>>; SIZE],
    em1: DFF<Bits<SIZE>>,
    v1: DFF<Bit>,
    y1: DFF<Bits<5>>,
    /// Stage 2: the row's scores.
    tot: [DFF<Bits<SCORE_BITS>>; SIZE],
    em2: DFF<Bits<SIZE>>,
    v2: DFF<Bit>,
    y2: DFF<Bits<5>>,
    /// Stage 3: the best of columns 0..7, 8..15 and 16..18 (valid, score, column).
    b3v: [DFF<Bit>; 3],
    b3s: [DFF<Bits<SCORE_BITS>>; 3],
    b3c: [DFF<Bits<5>>; 3],
    v3: DFF<Bit>,
    y3: DFF<Bits<5>>,
    /// The scan's best.
    bf: DFF<Bit>,
    bc: DFF<Bits<5>>,
    br: DFF<Bits<5>>,
    bs: DFF<Bits<SCORE_BITS>>,
    /// A scan starts; a row arrives (row t - 1); its planes (all ones past the board); a
    /// stone code.
    go: Signal<Local, Bit>,
    arrive: Signal<Local, Bit>,
    code: Signal<Local, Bits<2>>,
    cur_o: Signal<Local, Bits<SIZE>>,
    cur_p: Signal<Local, Bits<SIZE>>,
    /// Window `j` of the 61 (along, down, falling, rising), point `k` in bit `k`; its counts,
    /// its two possible weights, its weight.
    wo: [Signal<Local, Bits<WIN_LENGTH>>; AT_ROW],
    wp: [Signal<Local, Bits<WIN_LENGTH>>; AT_ROW],
    n_o: Signal<Local, Bits<3>>,
    n_p: Signal<Local, Bits<3>>,
    wa: Signal<Local, Bits<WEIGHT_BITS>>,
    wd: Signal<Local, Bits<WEIGHT_BITS>>,
    wt: [Signal<Local, Bits<WEIGHT_BITS>>; AT_ROW],
    /// Along the row: the weights with five zeros each side (`wz[5 + j]`: the window from
    /// column j), sums of pairs (`qz[k]`: the windows from columns k - 5 and k - 4).
    wz: [Signal<Local, Bits<WEIGHT_BITS>>; SIZE + 5],
    qz: [Signal<Local, Bits<PAIR>>; SIZE + 4],
    /// Operands of the sums.
    xa: Signal<Local, Bits<WEIGHT_BITS>>,
    xb: Signal<Local, Bits<WEIGHT_BITS>>,
    xq: [Signal<Local, Bits<PAIR>>; 3],
    xd: [Signal<Local, Bits<DIRECTION_BITS>>; 4],
    xs: Signal<Local, Bits<SCORE_BITS>>,
    /// The best of a row: two levels of pairs over the 19, then three.
    l1v: [Signal<Local, Bit>; 10],
    l1s: [Signal<Local, Bits<SCORE_BITS>>; 10],
    l1c: [Signal<Local, Bits<5>>; 10],
    l2v: [Signal<Local, Bit>; 5],
    l2s: [Signal<Local, Bits<SCORE_BITS>>; 5],
    l2c: [Signal<Local, Bits<5>>; 5],
    l4v: Signal<Local, Bit>,
    l4s: Signal<Local, Bits<SCORE_BITS>>,
    l4c: Signal<Local, Bits<5>>,
    l5v: Signal<Local, Bit>,
    l5s: Signal<Local, Bits<SCORE_BITS>>,
    l5c: Signal<Local, Bits<5>>,
    /// The player's weights by count (`threat::WEIGHTS`), the counts 0..5, the columns.
    k_att: [Constant<Bits<WEIGHT_BITS>>; WIN_LENGTH],
    k_def: [Constant<Bits<WEIGHT_BITS>>; WIN_LENGTH],
    k_n: [Constant<Bits<3>>; WIN_LENGTH],
    k_col: [Constant<Bits<5>>; SIZE],
    k_ones: Constant<Bits<SIZE>>,
    /// The last row step (row 23 arrives), the first whose row e - 5 is on the board (6),
    /// the first past the board (row 19 arrives: 20).
    k_last: Constant<Bits<5>>,
    k_first: Constant<Bits<5>>,
    k_past: Constant<Bits<5>>,
    /// The drain's last step.
    k_drain: Constant<Bits<5>>,
}

/// A block's port to a line scorer outside it, one the threat player shares among its blocks
/// (the ports mirrored: the scorer's inputs are outputs here). `active`: the block drives the
/// scorer now (it is running, or starts it this cycle), so its inputs are taken from here.
#[derive(LogicInterface, Default)]
#[join = "LineScorerServe"]
pub struct LineScorerPort {
    pub active: Signal<Out, Bit>,
    pub start: Signal<Out, Bit>,
    pub side: Signal<Out, Bits<2>>,
    pub cancel: Signal<Out, Bit>,
    pub rd_addr: Signal<In, Bits<5>>,
    pub rd_data: Signal<Out, Bits<38>>,
    pub done: Signal<In, Bit>,
    pub score_valid: Signal<In, Bit>,
    pub score_row: Signal<In, Bits<5>>,
    pub scores: Signal<In, Bits<ROW_SCORES>>,
    pub empties: Signal<In, Bits<SIZE>>,
    pub found: Signal<In, Bit>,
    pub best_col: Signal<In, Bits<5>>,
    pub best_row: Signal<In, Bits<5>>,
}

/// The other end of a [`LineScorerPort`]: a line scorer's ports (`active` unused).
#[derive(LogicInterface, Default)]
#[join = "LineScorerPort"]
pub struct LineScorerServe {
    pub active: Signal<In, Bit>,
    pub start: Signal<In, Bit>,
    pub side: Signal<In, Bits<2>>,
    pub cancel: Signal<In, Bit>,
    pub rd_addr: Signal<Out, Bits<5>>,
    pub rd_data: Signal<In, Bits<38>>,
    pub done: Signal<Out, Bit>,
    pub score_valid: Signal<Out, Bit>,
    pub score_row: Signal<Out, Bits<5>>,
    pub scores: Signal<Out, Bits<ROW_SCORES>>,
    pub empties: Signal<Out, Bits<SIZE>>,
    pub found: Signal<Out, Bit>,
    pub best_col: Signal<Out, Bits<5>>,
    pub best_row: Signal<Out, Bits<5>>,
}

/// A line scorer behind a port: the scorer of a block that gives its core one of its own.
#[derive(LogicBlock, Default)]
pub struct LineScorerServer {
    pub clock: Signal<In, Clock>,
    pub port: LineScorerServe,
    scorer: LineScorer,
}

impl Logic for LineScorerServer {
    #[hdl_gen]
    fn update(&mut self) {
        self.scorer.clock.next = self.clock.val();
        self.scorer.start.next = self.port.start.val();
        self.scorer.side.next = self.port.side.val();
        self.scorer.cancel.next = self.port.cancel.val();
        self.port.rd_addr.next = self.scorer.rd_addr.val();
        self.scorer.rd_data.next = self.port.rd_data.val();
        self.port.done.next = self.scorer.done.val();
        self.port.score_valid.next = self.scorer.score_valid.val();
        self.port.score_row.next = self.scorer.score_row.val();
        self.port.scores.next = self.scorer.scores.val();
        self.port.empties.next = self.scorer.empties.val();
        self.port.found.next = self.scorer.found.val();
        self.port.best_col.next = self.scorer.best_col.val();
        self.port.best_row.next = self.scorer.best_row.val();
    }
}

impl Default for LineScorer {
    fn default() -> Self {
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
            score_row: Default::default(),
            scores: Default::default(),
            empties: Default::default(),
            found: Default::default(),
            best_col: Default::default(),
            best_row: Default::default(),
            best_score: Default::default(),
            state: Default::default(),
            t: Default::default(),
            swap: Default::default(),
            po: Default::default(),
            pp: Default::default(),
            hv: std::array::from_fn(|_| Default::default()),
            hf: std::array::from_fn(|_| Default::default()),
            hr: std::array::from_fn(|_| Default::default()),
            sv: Default::default(),
            sf: Default::default(),
            sr: Default::default(),
            sh: Default::default(),
            em1: Default::default(),
            v1: Default::default(),
            y1: Default::default(),
            tot: Default::default(),
            em2: Default::default(),
            v2: Default::default(),
            y2: Default::default(),
            b3v: Default::default(),
            b3s: Default::default(),
            b3c: Default::default(),
            v3: Default::default(),
            y3: Default::default(),
            bf: Default::default(),
            bc: Default::default(),
            br: Default::default(),
            bs: Default::default(),
            go: Default::default(),
            arrive: Default::default(),
            code: Default::default(),
            cur_o: Default::default(),
            cur_p: Default::default(),
            wo: std::array::from_fn(|_| Default::default()),
            wp: std::array::from_fn(|_| Default::default()),
            n_o: Default::default(),
            n_p: Default::default(),
            wa: Default::default(),
            wd: Default::default(),
            wt: std::array::from_fn(|_| Default::default()),
            wz: Default::default(),
            qz: Default::default(),
            xa: Default::default(),
            xb: Default::default(),
            xq: Default::default(),
            xd: Default::default(),
            xs: Default::default(),
            l1v: Default::default(),
            l1s: Default::default(),
            l1c: Default::default(),
            l2v: Default::default(),
            l2s: Default::default(),
            l2c: Default::default(),
            l4v: Default::default(),
            l4s: Default::default(),
            l4c: Default::default(),
            l5v: Default::default(),
            l5s: Default::default(),
            l5c: Default::default(),
            k_att: std::array::from_fn(|k| c(u64::from(WEIGHTS.attack[k]))),
            k_def: std::array::from_fn(|k| c(u64::from(WEIGHTS.defence[k]))),
            k_n: std::array::from_fn(|k| c(k as u64)),
            k_col: std::array::from_fn(|x| c(x as u64)),
            k_ones: c((1 << SIZE) - 1),
            k_last: c(ROW_CYCLES - 1),
            k_first: c(WIN_LENGTH as u64),
            k_past: c(SIZE as u64 + 1),
            k_drain: c(PIPE_CYCLES - 1),
        }
    }
}

impl Logic for LineScorer {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, state, t, swap, em1, v1, y1, em2, v2, y2, v3, y3, bf, bc, br, bs);
        for k in 0..5 {
            self.po[k].clock.next = self.clock.val();
            self.po[k].d.next = self.po[k].q.val();
            self.pp[k].clock.next = self.clock.val();
            self.pp[k].d.next = self.pp[k].q.val();
        }
        for i in 0..114 {
            self.hv[i].clock.next = self.clock.val();
            self.hv[i].d.next = self.hv[i].q.val();
        }
        for i in 0..84 {
            self.hf[i].clock.next = self.clock.val();
            self.hf[i].d.next = self.hf[i].q.val();
            self.hr[i].clock.next = self.clock.val();
            self.hr[i].d.next = self.hr[i].q.val();
        }
        for x in 0..19 {
            self.sv[x].clock.next = self.clock.val();
            self.sv[x].d.next = self.sv[x].q.val();
            self.sf[x].clock.next = self.clock.val();
            self.sf[x].d.next = self.sf[x].q.val();
            self.sr[x].clock.next = self.clock.val();
            self.sr[x].d.next = self.sr[x].q.val();
            self.sh[x].clock.next = self.clock.val();
            self.sh[x].d.next = self.sh[x].q.val();
            self.tot[x].clock.next = self.clock.val();
        }
        for i in 0..3 {
            self.b3v[i].clock.next = self.clock.val();
            self.b3s[i].clock.next = self.clock.val();
            self.b3c[i].clock.next = self.clock.val();
        }
        self.busy.next =
            (self.state.q.val() != ScoreState::Idle) & (self.state.q.val() != ScoreState::Done);
        self.done.next = self.state.q.val() == ScoreState::Done;
        self.score_valid.next = self.v2.q.val();
        self.score_row.next = self.y2.q.val();
        // Column 18 first, shifted up as the lower columns come in.
        self.scores.next = 0_u64.into();
        for x in 0..19 {
            self.xs.next = self.tot[18 - x].q.val();
            self.scores.next =
                (self.scores.val() << 17_u64) | bit_cast::<ROW_SCORES, SCORE_BITS>(self.xs.val());
        }
        self.empties.next = self.em2.q.val();
        self.found.next = self.bf.q.val();
        self.best_col.next = self.bc.q.val();
        self.best_row.next = self.br.q.val();
        self.best_score.next = self.bs.q.val();
        self.rd_addr.next = self.t.q.val();

        // The arriving row (row t - 1) as the side's planes; past the board, all ones.
        self.cur_o.next = 0_u64.into();
        self.cur_p.next = 0_u64.into();
        for p in 0..19 {
            self.code.next = self.rd_data.val().get_bits::<2>(2 * p);
            if self.swap.q.val() {
                self.cur_o.next = self.cur_o.val().replace_bit(p, self.code.val().get_bit(1));
                self.cur_p.next = self.cur_p.val().replace_bit(p, self.code.val().get_bit(0));
            } else {
                self.cur_o.next = self.cur_o.val().replace_bit(p, self.code.val().get_bit(0));
                self.cur_p.next = self.cur_p.val().replace_bit(p, self.code.val().get_bit(1));
            }
        }
        if self.t.q.val() >= self.k_past.val() {
            self.cur_o.next = self.k_ones.val();
            self.cur_p.next = self.k_ones.val();
        }

        // The windows: along row e - 5 from column j; down column j from row e - 5 (point k
        // on row e - 5 + k); falling from (j, e - 5), point k at (j + k, e - 5 + k); rising
        // from (j, e), point k at (j + k, e - k).
        for j in 0..61 {
            self.wo[j].next = 0_u64.into();
            self.wp[j].next = 0_u64.into();
        }
        for j in 0..14 {
            self.wo[j].next = self.po[0].q.val().get_bits::<6>(j);
            self.wp[j].next = self.pp[0].q.val().get_bits::<6>(j);
        }
        for j in 0..19 {
            for k in 0..5 {
                self.wo[14 + j].next = self.wo[14 + j]
                    .val()
                    .replace_bit(k, self.po[k].q.val().get_bit(j));
                self.wp[14 + j].next = self.wp[14 + j]
                    .val()
                    .replace_bit(k, self.pp[k].q.val().get_bit(j));
            }
            self.wo[14 + j].next = self.wo[14 + j]
                .val()
                .replace_bit(5, self.cur_o.val().get_bit(j));
            self.wp[14 + j].next = self.wp[14 + j]
                .val()
                .replace_bit(5, self.cur_p.val().get_bit(j));
        }
        for j in 0..14 {
            for k in 0..5 {
                self.wo[33 + j].next = self.wo[33 + j]
                    .val()
                    .replace_bit(k, self.po[k].q.val().get_bit(j + k));
                self.wp[33 + j].next = self.wp[33 + j]
                    .val()
                    .replace_bit(k, self.pp[k].q.val().get_bit(j + k));
                self.wo[47 + j].next = self.wo[47 + j]
                    .val()
                    .replace_bit(5 - k, self.po[k].q.val().get_bit(j + 5 - k));
                self.wp[47 + j].next = self.wp[47 + j]
                    .val()
                    .replace_bit(5 - k, self.pp[k].q.val().get_bit(j + 5 - k));
            }
            self.wo[33 + j].next = self.wo[33 + j]
                .val()
                .replace_bit(5, self.cur_o.val().get_bit(j + 5));
            self.wp[33 + j].next = self.wp[33 + j]
                .val()
                .replace_bit(5, self.cur_p.val().get_bit(j + 5));
            self.wo[47 + j].next = self.wo[47 + j]
                .val()
                .replace_bit(0, self.cur_o.val().get_bit(j));
            self.wp[47 + j].next = self.wp[47 + j]
                .val()
                .replace_bit(0, self.cur_p.val().get_bit(j));
        }

        // Each window's weight. A window of six of the side's stones weighs 0 here (the counts
        // stop at five), but no such window holds an empty point, and only empty points score.
        for j in 0..61 {
            self.n_o.next = 0_u64.into();
            self.n_p.next = 0_u64.into();
            for k in 0..6 {
                if self.wo[j].val().get_bit(k) {
                    self.n_o.next = self.n_o.val() + 1_u64;
                }
                if self.wp[j].val().get_bit(k) {
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
            self.wt[j].next = 0_u64.into();
            if !self.wp[j].val().any() {
                self.wt[j].next = self.wa.val();
            } else if !self.wo[j].val().any() {
                self.wt[j].next = self.wd.val();
            }
        }

        // Along row e - 5: point x's windows start at x - 5..x: three sums of pairs.
        for i in 0..3 {
            self.xq[i].next = 0_u64.into();
        }
        for k in 0..24 {
            self.wz[k].next = 0_u64.into();
        }
        for j in 0..14 {
            self.wz[5 + j].next = self.wt[j].val();
        }
        for k in 0..23 {
            self.xa.next = self.wz[k].val();
            self.xb.next = self.wz[k + 1].val();
            self.qz[k].next = bit_cast::<PAIR, WEIGHT_BITS>(self.xa.val())
                + bit_cast::<PAIR, WEIGHT_BITS>(self.xb.val());
        }

        self.arrive.next = (self.state.q.val() == ScoreState::Rows) & (self.t.q.val() != 0_u64);
        if self.arrive.val() {
            for k in 0..4 {
                self.po[k].d.next = self.po[k + 1].q.val();
                self.pp[k].d.next = self.pp[k + 1].q.val();
            }
            self.po[4].d.next = self.cur_o.val();
            self.pp[4].d.next = self.cur_p.val();
            // The weights kept: this row's first, the oldest dropped.
            for k in 0..5 {
                for x in 0..19 {
                    self.hv[19 * (k + 1) + x].d.next = self.hv[19 * k + x].q.val();
                }
                for j in 0..14 {
                    self.hf[14 * (k + 1) + j].d.next = self.hf[14 * k + j].q.val();
                    self.hr[14 * (k + 1) + j].d.next = self.hr[14 * k + j].q.val();
                }
            }
            for x in 0..19 {
                self.hv[x].d.next = self.wt[14 + x].val();
            }
            for j in 0..14 {
                self.hf[j].d.next = self.wt[33 + j].val();
                self.hr[j].d.next = self.wt[47 + j].val();
            }
            // Down column x: the new window in, the one six rows back out.
            for x in 0..19 {
                self.xa.next = self.wt[14 + x].val();
                self.xb.next = self.hv[95 + x].q.val();
                self.sv[x].d.next = self.sv[x].q.val()
                    + bit_cast::<DIRECTION_BITS, WEIGHT_BITS>(self.xa.val())
                    - bit_cast::<DIRECTION_BITS, WEIGHT_BITS>(self.xb.val());
            }
            // Falling: the sum of column x - 1 a row before, the window from column x in, the
            // one from column x - 6 six rows back out (columns past 13 start no window).
            self.xa.next = self.wt[33].val();
            self.sf[0].d.next = bit_cast::<DIRECTION_BITS, WEIGHT_BITS>(self.xa.val());
            for x in 1..6 {
                self.xa.next = self.wt[33 + x].val();
                self.sf[x].d.next =
                    self.sf[x - 1].q.val() + bit_cast::<DIRECTION_BITS, WEIGHT_BITS>(self.xa.val());
            }
            for x in 6..14 {
                self.xa.next = self.wt[33 + x].val();
                self.xb.next = self.hf[70 + x - 6].q.val();
                self.sf[x].d.next = self.sf[x - 1].q.val()
                    + bit_cast::<DIRECTION_BITS, WEIGHT_BITS>(self.xa.val())
                    - bit_cast::<DIRECTION_BITS, WEIGHT_BITS>(self.xb.val());
            }
            for x in 14..19 {
                self.xb.next = self.hf[70 + x - 6].q.val();
                self.sf[x].d.next =
                    self.sf[x - 1].q.val() - bit_cast::<DIRECTION_BITS, WEIGHT_BITS>(self.xb.val());
            }
            // Rising: the sum of column x + 1 a row before, the window from column x - 5 in,
            // the one from column x + 1 six rows back out.
            for x in 0..5 {
                self.xb.next = self.hr[70 + x + 1].q.val();
                self.sr[x].d.next =
                    self.sr[x + 1].q.val() - bit_cast::<DIRECTION_BITS, WEIGHT_BITS>(self.xb.val());
            }
            for x in 5..13 {
                self.xa.next = self.wt[47 + x - 5].val();
                self.xb.next = self.hr[70 + x + 1].q.val();
                self.sr[x].d.next = self.sr[x + 1].q.val()
                    + bit_cast::<DIRECTION_BITS, WEIGHT_BITS>(self.xa.val())
                    - bit_cast::<DIRECTION_BITS, WEIGHT_BITS>(self.xb.val());
            }
            for x in 13..18 {
                self.xa.next = self.wt[47 + x - 5].val();
                self.sr[x].d.next =
                    self.sr[x + 1].q.val() + bit_cast::<DIRECTION_BITS, WEIGHT_BITS>(self.xa.val());
            }
            self.xa.next = self.wt[60].val();
            self.sr[18].d.next = bit_cast::<DIRECTION_BITS, WEIGHT_BITS>(self.xa.val());
            // Along row e - 5.
            for x in 0..19 {
                self.xq[0].next = self.qz[x].val();
                self.xq[1].next = self.qz[x + 2].val();
                self.xq[2].next = self.qz[x + 4].val();
                self.sh[x].d.next = bit_cast::<DIRECTION_BITS, PAIR>(self.xq[0].val())
                    + bit_cast::<DIRECTION_BITS, PAIR>(self.xq[1].val())
                    + bit_cast::<DIRECTION_BITS, PAIR>(self.xq[2].val());
            }
        }
        self.em1.d.next = !(self.po[0].q.val() | self.pp[0].q.val());
        self.v1.d.next = self.arrive.val() & (self.t.q.val() >= self.k_first.val());
        self.y1.d.next = self.t.q.val() - self.k_first.val();

        // Stage 2: the row's scores, 0 where occupied.
        for x in 0..19 {
            self.xd[0].next = self.sv[x].q.val();
            self.xd[1].next = self.sf[x].q.val();
            self.xd[2].next = self.sr[x].q.val();
            self.xd[3].next = self.sh[x].q.val();
            self.tot[x].d.next = 0_u64.into();
            if self.em1.q.val().get_bit(x) {
                self.tot[x].d.next = bit_cast::<SCORE_BITS, DIRECTION_BITS>(self.xd[0].val())
                    + bit_cast::<SCORE_BITS, DIRECTION_BITS>(self.xd[1].val())
                    + bit_cast::<SCORE_BITS, DIRECTION_BITS>(self.xd[2].val())
                    + bit_cast::<SCORE_BITS, DIRECTION_BITS>(self.xd[3].val());
            }
        }
        self.em2.d.next = self.em1.q.val();
        self.v2.d.next = self.v1.q.val();
        self.y2.d.next = self.y1.q.val();

        // Stage 3: the best of the row's empty points, a pair at a time (the lower column
        // wins ties): 19 -> 10 -> 5 -> 3, registered.
        for i in 0..9 {
            self.l1v[i].next = self.em2.q.val().get_bit(2 * i + 1);
            self.l1s[i].next = self.tot[2 * i + 1].q.val();
            self.l1c[i].next = self.k_col[2 * i + 1].val();
            if self.em2.q.val().get_bit(2 * i)
                & (!self.em2.q.val().get_bit(2 * i + 1)
                    | (self.tot[2 * i].q.val() >= self.tot[2 * i + 1].q.val()))
            {
                self.l1v[i].next = true;
                self.l1s[i].next = self.tot[2 * i].q.val();
                self.l1c[i].next = self.k_col[2 * i].val();
            }
        }
        self.l1v[9].next = self.em2.q.val().get_bit(18);
        self.l1s[9].next = self.tot[18].q.val();
        self.l1c[9].next = self.k_col[18].val();
        for i in 0..5 {
            self.l2v[i].next = self.l1v[2 * i + 1].val();
            self.l2s[i].next = self.l1s[2 * i + 1].val();
            self.l2c[i].next = self.l1c[2 * i + 1].val();
            if self.l1v[2 * i].val()
                & (!self.l1v[2 * i + 1].val()
                    | (self.l1s[2 * i].val() >= self.l1s[2 * i + 1].val()))
            {
                self.l2v[i].next = true;
                self.l2s[i].next = self.l1s[2 * i].val();
                self.l2c[i].next = self.l1c[2 * i].val();
            }
        }
        for i in 0..2 {
            self.b3v[i].d.next = self.l2v[2 * i + 1].val();
            self.b3s[i].d.next = self.l2s[2 * i + 1].val();
            self.b3c[i].d.next = self.l2c[2 * i + 1].val();
            if self.l2v[2 * i].val()
                & (!self.l2v[2 * i + 1].val()
                    | (self.l2s[2 * i].val() >= self.l2s[2 * i + 1].val()))
            {
                self.b3v[i].d.next = true;
                self.b3s[i].d.next = self.l2s[2 * i].val();
                self.b3c[i].d.next = self.l2c[2 * i].val();
            }
        }
        self.b3v[2].d.next = self.l2v[4].val();
        self.b3s[2].d.next = self.l2s[4].val();
        self.b3c[2].d.next = self.l2c[4].val();
        self.v3.d.next = self.v2.q.val();
        self.y3.d.next = self.y2.q.val();

        // Stage 4: 3 -> 1, and a greater score replaces the scan's best.
        self.l4v.next = self.b3v[1].q.val();
        self.l4s.next = self.b3s[1].q.val();
        self.l4c.next = self.b3c[1].q.val();
        if self.b3v[0].q.val()
            & (!self.b3v[1].q.val() | (self.b3s[0].q.val() >= self.b3s[1].q.val()))
        {
            self.l4v.next = true;
            self.l4s.next = self.b3s[0].q.val();
            self.l4c.next = self.b3c[0].q.val();
        }
        self.l5v.next = self.b3v[2].q.val();
        self.l5s.next = self.b3s[2].q.val();
        self.l5c.next = self.b3c[2].q.val();
        if self.l4v.val() & (!self.b3v[2].q.val() | (self.l4s.val() >= self.b3s[2].q.val())) {
            self.l5v.next = true;
            self.l5s.next = self.l4s.val();
            self.l5c.next = self.l4c.val();
        }
        if self.v3.q.val()
            & self.l5v.val()
            & (!self.bf.q.val() | (self.l5s.val() > self.bs.q.val()))
        {
            self.bf.d.next = true;
            self.bc.d.next = self.l5c.val();
            self.br.d.next = self.y3.q.val();
            self.bs.d.next = self.l5s.val();
        }

        match self.state.q.val() {
            ScoreState::Idle => {}
            ScoreState::Done => {}
            ScoreState::Rows => {
                self.t.d.next = self.t.q.val() + 1_u64;
                if self.t.q.val() == self.k_last.val() {
                    self.t.d.next = 0_u64.into();
                    self.state.d.next = ScoreState::Drain;
                }
            }
            ScoreState::Drain => {
                self.t.d.next = self.t.q.val() + 1_u64;
                if self.t.q.val() == self.k_drain.val() {
                    self.t.d.next = 0_u64.into();
                    self.state.d.next = ScoreState::Done;
                }
            }
        }

        self.go.next = self.start.val()
            & ((self.state.q.val() == ScoreState::Idle) | (self.state.q.val() == ScoreState::Done));
        if self.go.val() {
            self.state.d.next = ScoreState::Rows;
            self.t.d.next = 0_u64.into();
            self.swap.d.next = self.side.val() == 2_u64;
            self.bf.d.next = false;
            for k in 0..5 {
                self.po[k].d.next = self.k_ones.val();
                self.pp[k].d.next = self.k_ones.val();
            }
            for i in 0..114 {
                self.hv[i].d.next = 0_u64.into();
            }
            for i in 0..84 {
                self.hf[i].d.next = 0_u64.into();
                self.hr[i].d.next = 0_u64.into();
            }
            for x in 0..19 {
                self.sv[x].d.next = 0_u64.into();
                self.sf[x].d.next = 0_u64.into();
                self.sr[x].d.next = 0_u64.into();
            }
        }
        // A scan cancelled or started anew leaves nothing in the pipeline: its rows would
        // stream and rank in the next scan.
        if self.go.val() | self.cancel.val() {
            self.v1.d.next = false;
            self.v2.d.next = false;
            self.v3.d.next = false;
        }
        if self.cancel.val() {
            self.state.d.next = ScoreState::Idle;
        }
    }
}
