//! The pair tester, past the paper: whether two stones make a winning pair, from the lines
//! through them alone, as the model's search decides it (`model::connect6::threat::pair_wins`),
//! in [`CYCLES`] cycles, a new pair every cycle (a pipeline of three stages), for the
//! winning-pair search (`winning_pair_search`; `docs/connect6.md`, "The pair tester"). The
//! threats it judges are the windows through `a` or `c`: the 6 windows through a point on each
//! of its 4 lines, 48 in all (a window through both is there twice, which changes nothing). A
//! threat the side had before the pair elsewhere is not its concern (the preparation's count
//! after a pair that makes one); one it had through a point of the pair may become a six,
//! which wins whatever the blocks.
//!
//! ```text
//!  start: the four lines of 11 points through a and through c (own stones; blocked: the
//!         other's stones or off the board), a and c                    --> stage 1 registers
//!  1: each line point's board coordinates (anchor + offset, 6 bits: off the board never
//!     equals a point); a and c put down wherever they lie on the 8 lines; the 48 windows'
//!     threats (four or more own, none blocked; six: a win); the first one's empty points x1, x2
//!                                                                      --> stage 2 registers
//!  2: for each x: the threats without x (a window contains x where a line point equals x);
//!     the first of those, its empty points y1, y2                      --> stage 3 registers
//!  3: for each x and y: a threat without x and without y left? None: blocked. No x and y
//!     block the pair, and it makes a threat: a winning pair           --> done, wins, the pair
//!     It makes threats and neither x alone blocks them: forcing; the {x, y} that block
//!     them are its blocks (four at most)                     --> forcing, blocks, block_pts
//! ```
//!
//! Each stage keeps what the next needs (the pair's points; stage 2 the threats and the lines
//! with the pair put down), so a pair can start every cycle: the search streams its pairs
//! through it. Which threat is first changes the points tried, not the answer: a blocking set
//! of two stones holds an empty point of every threat.

use crate::common::c;
use model::connect6::pair_search::{LINE_POINTS, LINE_REACH};
use model::connect6::{DIRECTIONS, WIN_LENGTH};
use rust_hdl::prelude::*;

/// Cycles from `start` to the cycle `done` is high with that pair's answer; a pair may start
/// every cycle.
pub const CYCLES: u32 = 4;
/// Line points of a pair: 4 lines of 11 through each stone.
const PTS: usize = 8 * LINE_POINTS;
/// Windows through a stone on one line, and through the pair.
const PER_LINE: usize = WIN_LENGTH;
const WINDOWS: usize = 8 * PER_LINE;

#[derive(LogicBlock)]
pub struct PairTester {
    pub clock: Signal<In, Clock>,
    /// Takes the pair: `own_a`/`blocked_a` are a's four lines
    /// (`model::connect6::pair_search::lines_through`: line `d`'s point `k` in bit `11 d + k`),
    /// `own_c`/`blocked_c` c's; a and c are empty on them.
    pub start: Signal<In, Bit>,
    pub own_a: Signal<In, Bits<44>>,
    pub blocked_a: Signal<In, Bits<44>>,
    pub own_c: Signal<In, Bits<44>>,
    pub blocked_c: Signal<In, Bits<44>>,
    pub a_col: Signal<In, Bits<5>>,
    pub a_row: Signal<In, Bits<5>>,
    pub c_col: Signal<In, Bits<5>>,
    pub c_row: Signal<In, Bits<5>>,
    /// High [`CYCLES`] cycles after a `start`, with that pair's answer and its points (held
    /// until the next answer).
    pub done: Signal<Out, Bit>,
    pub wins: Signal<Out, Bit>,
    pub done_a_col: Signal<Out, Bits<5>>,
    pub done_a_row: Signal<Out, Bits<5>>,
    pub done_c_col: Signal<Out, Bits<5>>,
    pub done_c_row: Signal<Out, Bits<5>>,
    /// With the answer: whether the pair is *forcing* (it makes threats that no single stone
    /// blocks: `model::connect6::threat::forcing_blocks`), and then the pairs of points that
    /// block them all (none: it wins), the opponent's only replies: bit `i` of `blocks` for
    /// pair `i` of `block_pts` (bits `20 i..`: x's column and row, y's column and row, 5
    /// bits each). Pairs 0 and 1 are the first threat's first empty point x1 with the empty
    /// points (`y`) of the first threat left without it, pairs 2 and 3 its second, x2,
    /// likewise; {x1, x2} is listed once, as pair 0 or 1. A pair that makes a six (a threat
    /// the side had, completed) wins, and its `forcing` and `blocks` mean nothing (the search
    /// streams a forcing pair only if it does not win).
    pub forcing: Signal<Out, Bit>,
    pub blocks: Signal<Out, Bits<4>>,
    pub block_pts: Signal<Out, Bits<80>>,
    /// The stages' valid bits.
    v1: DFF<Bit>,
    v2: DFF<Bit>,
    v3: DFF<Bit>,
    done_q: DFF<Bit>,
    wins_q: DFF<Bit>,
    forcing_q: DFF<Bit>,
    blocks_q: DFF<Bits<4>>,
    bpts_q: DFF<Bits<80>>,
    /// Stage 1: the lines and the pair.
    own: DFF<Bits<PTS>>,
    blocked: DFF<Bits<PTS>>,
    /// The pair's points in each stage and at the output (index = stage - 1; 3: out).
    ar: [DFF<Bits<5>>; 4],
    ac: [DFF<Bits<5>>; 4],
    cr: [DFF<Bits<5>>; 4],
    cc: [DFF<Bits<5>>; 4],
    /// Stage 2: the lines with the pair put down, the threats, the first threat's empty points.
    ovl2: DFF<Bits<PTS>>,
    th2: DFF<Bits<WINDOWS>>,
    /// A window of six of the side's stones after the pair (a threat the side had, completed:
    /// it wins whatever the blocks), in stages 2 and 3.
    six2: DFF<Bit>,
    six3: DFF<Bit>,
    x_ok: [DFF<Bit>; 2],
    x_r: [DFF<Bits<6>>; 2],
    x_c: [DFF<Bits<6>>; 2],
    /// Stage 3: whether each x is there, the threats left without it, and the first one's
    /// empty points.
    x_ok3: [DFF<Bit>; 2],
    left: [DFF<Bits<WINDOWS>>; 2],
    y_ok: [DFF<Bit>; 4],
    y_r: [DFF<Bits<6>>; 4],
    y_c: [DFF<Bits<6>>; 4],
    /// The x in stage 3.
    x_r3: [DFF<Bits<6>>; 2],
    x_c3: [DFF<Bits<6>>; 2],
    /// Line point `i`'s coordinates in stage 1.
    pr: [Signal<Local, Bits<6>>; PTS],
    pc: [Signal<Local, Bits<6>>; PTS],
    /// The pair's points in each stage, 6 bits (through `t5`).
    t5: Signal<Local, Bits<5>>,
    a_r6: [Signal<Local, Bits<6>>; 3],
    a_c6: [Signal<Local, Bits<6>>; 3],
    c_r6: [Signal<Local, Bits<6>>; 3],
    c_c6: [Signal<Local, Bits<6>>; 3],
    ovl: Signal<Local, Bits<PTS>>,
    th: Signal<Local, Bits<WINDOWS>>,
    six: Signal<Local, Bit>,
    n: Signal<Local, Bits<3>>,
    seen: Signal<Local, Bit>,
    /// The blockers (x1, x2 in stage 2, the y of each in stage 3), a blocker's matches among
    /// the line points, and the windows that hold each.
    bp_r: [Signal<Local, Bits<6>>; 6],
    bp_c: [Signal<Local, Bits<6>>; 6],
    hit: Signal<Local, Bits<PTS>>,
    /// A blocker's offset from a and from c (rows, columns).
    dar: [Signal<Local, Bits<6>>; 6],
    dac: [Signal<Local, Bits<6>>; 6],
    dcr: [Signal<Local, Bits<6>>; 6],
    dcc: [Signal<Local, Bits<6>>; 6],
    holds: [Signal<Local, Bits<WINDOWS>>; 6],
    /// The selectors (0 in stage 1, 1 and 2 in stage 2): their sets, the lines with the pair
    /// put down and anchors they read, their first windows' empty points (6 bits), lines and
    /// starts, the first and last empty point's place in the window (`2 q`, `2 q + 1`), whether
    /// they differ, and the points' coordinates (selector q's first and last in `2 q`,
    /// `2 q + 1`).
    sel_in: [Signal<Local, Bits<WINDOWS>>; 3],
    sel_ovl: [Signal<Local, Bits<PTS>>; 3],
    sel_ar: [Signal<Local, Bits<6>>; 3],
    sel_ac: [Signal<Local, Bits<6>>; 3],
    sel_cr: [Signal<Local, Bits<6>>; 3],
    sel_cc: [Signal<Local, Bits<6>>; 3],
    em: [Signal<Local, Bits<6>>; 3],
    ls: [Signal<Local, Bits<3>>; 3],
    ss: [Signal<Local, Bits<3>>; 3],
    kk: [Signal<Local, Bits<3>>; 6],
    two: [Signal<Local, Bit>; 3],
    sv: Signal<Local, Bits<3>>,
    kv: Signal<Local, Bits<3>>,
    off: Signal<Local, Bits<6>>,
    anc_r: Signal<Local, Bits<6>>,
    anc_c: Signal<Local, Bits<6>>,
    dir: Signal<Local, Bits<2>>,
    sp_r: [Signal<Local, Bits<6>>; 6],
    sp_c: [Signal<Local, Bits<6>>; 6],
    blocked_x: [Signal<Local, Bit>; 2],
    /// Stage 3's blocking pairs, their points, and a point's low five bits.
    forcing_x: Signal<Local, Bit>,
    bk: Signal<Local, Bits<4>>,
    bpt: Signal<Local, Bits<80>>,
    p5: [Signal<Local, Bits<5>>; 4],
    k_dr: [Constant<Bits<6>>; PTS],
    k_dc: [Constant<Bits<6>>; PTS],
    k_line: [Constant<Bits<3>>; 8],
    k_start: [Constant<Bits<3>>; 6],
    k_six: Constant<Bits<6>>,
}

/// Line point `i`'s offset from its anchor as 6-bit two's complement: (rows, columns).
fn offset(i: usize) -> (u64, u64) {
    let (d, k) = ((i / LINE_POINTS) % 4, i % LINE_POINTS);
    let steps = k as i64 - LINE_REACH as i64;
    let (dc, dr) = DIRECTIONS[d];
    let wrap = |x: i64| x.rem_euclid(64) as u64;
    (wrap(steps * dr as i64), wrap(steps * dc as i64))
}

impl Default for PairTester {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            start: Default::default(),
            own_a: Default::default(),
            blocked_a: Default::default(),
            own_c: Default::default(),
            blocked_c: Default::default(),
            a_col: Default::default(),
            a_row: Default::default(),
            c_col: Default::default(),
            c_row: Default::default(),
            done: Default::default(),
            wins: Default::default(),
            done_a_col: Default::default(),
            done_a_row: Default::default(),
            done_c_col: Default::default(),
            done_c_row: Default::default(),
            v1: Default::default(),
            v2: Default::default(),
            v3: Default::default(),
            done_q: Default::default(),
            wins_q: Default::default(),
            forcing: Default::default(),
            blocks: Default::default(),
            block_pts: Default::default(),
            forcing_q: Default::default(),
            blocks_q: Default::default(),
            bpts_q: Default::default(),
            x_r3: Default::default(),
            x_c3: Default::default(),
            forcing_x: Default::default(),
            bk: Default::default(),
            bpt: Default::default(),
            p5: Default::default(),
            own: Default::default(),
            blocked: Default::default(),
            ar: Default::default(),
            ac: Default::default(),
            cr: Default::default(),
            cc: Default::default(),
            ovl2: Default::default(),
            th2: Default::default(),
            six2: Default::default(),
            six3: Default::default(),
            x_ok: Default::default(),
            x_r: Default::default(),
            x_c: Default::default(),
            x_ok3: Default::default(),
            left: Default::default(),
            y_ok: Default::default(),
            y_r: Default::default(),
            y_c: Default::default(),
            pr: std::array::from_fn(|_| Default::default()),
            pc: std::array::from_fn(|_| Default::default()),
            t5: Default::default(),
            a_r6: Default::default(),
            a_c6: Default::default(),
            c_r6: Default::default(),
            c_c6: Default::default(),
            ovl: Default::default(),
            th: Default::default(),
            six: Default::default(),
            n: Default::default(),
            seen: Default::default(),
            bp_r: Default::default(),
            bp_c: Default::default(),
            hit: Default::default(),
            dar: Default::default(),
            dac: Default::default(),
            dcr: Default::default(),
            dcc: Default::default(),
            holds: Default::default(),
            sel_in: Default::default(),
            sel_ovl: Default::default(),
            sel_ar: Default::default(),
            sel_ac: Default::default(),
            sel_cr: Default::default(),
            sel_cc: Default::default(),
            em: Default::default(),
            ls: Default::default(),
            ss: Default::default(),
            kk: Default::default(),
            two: Default::default(),
            sv: Default::default(),
            kv: Default::default(),
            off: Default::default(),
            anc_r: Default::default(),
            anc_c: Default::default(),
            dir: Default::default(),
            sp_r: Default::default(),
            sp_c: Default::default(),
            blocked_x: Default::default(),
            k_dr: std::array::from_fn(|i| c(offset(i).0)),
            k_dc: std::array::from_fn(|i| c(offset(i).1)),
            k_line: std::array::from_fn(|l| c(l as u64)),
            k_start: std::array::from_fn(|s| c(s as u64)),
            k_six: c(0x3f),
        }
    }
}

impl Logic for PairTester {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, v1, v2, v3, done_q, wins_q, forcing_q, blocks_q, bpts_q, own, blocked,
            ovl2, th2, six2, six3
        );
        for s in 0..4 {
            self.ar[s].clock.next = self.clock.val();
            self.ar[s].d.next = self.ar[s].q.val();
            self.ac[s].clock.next = self.clock.val();
            self.ac[s].d.next = self.ac[s].q.val();
            self.cr[s].clock.next = self.clock.val();
            self.cr[s].d.next = self.cr[s].q.val();
            self.cc[s].clock.next = self.clock.val();
            self.cc[s].d.next = self.cc[s].q.val();
        }
        for j in 0..2 {
            self.x_ok[j].clock.next = self.clock.val();
            self.x_ok[j].d.next = self.x_ok[j].q.val();
            self.x_r[j].clock.next = self.clock.val();
            self.x_r[j].d.next = self.x_r[j].q.val();
            self.x_c[j].clock.next = self.clock.val();
            self.x_c[j].d.next = self.x_c[j].q.val();
            self.x_ok3[j].clock.next = self.clock.val();
            self.x_ok3[j].d.next = self.x_ok3[j].q.val();
            self.left[j].clock.next = self.clock.val();
            self.left[j].d.next = self.left[j].q.val();
            self.x_r3[j].clock.next = self.clock.val();
            self.x_r3[j].d.next = self.x_r3[j].q.val();
            self.x_c3[j].clock.next = self.clock.val();
            self.x_c3[j].d.next = self.x_c3[j].q.val();
        }
        for j in 0..4 {
            self.y_ok[j].clock.next = self.clock.val();
            self.y_ok[j].d.next = self.y_ok[j].q.val();
            self.y_r[j].clock.next = self.clock.val();
            self.y_r[j].d.next = self.y_r[j].q.val();
            self.y_c[j].clock.next = self.clock.val();
            self.y_c[j].d.next = self.y_c[j].q.val();
        }
        self.done.next = self.done_q.q.val();
        self.wins.next = self.wins_q.q.val();
        self.forcing.next = self.forcing_q.q.val();
        self.blocks.next = self.blocks_q.q.val();
        self.block_pts.next = self.bpts_q.q.val();
        self.done_a_col.next = self.ac[3].q.val();
        self.done_a_row.next = self.ar[3].q.val();
        self.done_c_col.next = self.cc[3].q.val();
        self.done_c_row.next = self.cr[3].q.val();

        // The pair's points in each stage; in stage 1 every line point's coordinates: a's
        // lines (0-3) from a, c's (4-7) from c. Later stages compare a blocker with line point
        // i by its offset from the line's anchor (blocker - anchor = the point's offset).
        for s in 0..3 {
            self.t5.next = self.ar[s].q.val();
            self.a_r6[s].next = bit_cast::<6, 5>(self.t5.val());
            self.t5.next = self.ac[s].q.val();
            self.a_c6[s].next = bit_cast::<6, 5>(self.t5.val());
            self.t5.next = self.cr[s].q.val();
            self.c_r6[s].next = bit_cast::<6, 5>(self.t5.val());
            self.t5.next = self.cc[s].q.val();
            self.c_c6[s].next = bit_cast::<6, 5>(self.t5.val());
        }
        for i in 0..44 {
            self.pr[i].next = self.a_r6[0].val() + self.k_dr[i].val();
            self.pc[i].next = self.a_c6[0].val() + self.k_dc[i].val();
            self.pr[44 + i].next = self.c_r6[0].val() + self.k_dr[44 + i].val();
            self.pc[44 + i].next = self.c_c6[0].val() + self.k_dc[44 + i].val();
        }

        // Stage 1: a and c put down where they lie on the lines; the windows' threats.
        self.ovl.next = self.own.q.val();
        for i in 0..88 {
            if ((self.pr[i].val() == self.a_r6[0].val()) & (self.pc[i].val() == self.a_c6[0].val()))
                | ((self.pr[i].val() == self.c_r6[0].val())
                    & (self.pc[i].val() == self.c_c6[0].val()))
            {
                self.ovl.next = self.ovl.val().replace_bit(i, true);
            }
        }
        self.th.next = 0_u64.into();
        self.six.next = false;
        for l in 0..8 {
            for s in 0..6 {
                self.n.next = 0_u64.into();
                for k in 0..6 {
                    if self.ovl.val().get_bit(11 * l + s + k) {
                        self.n.next = self.n.val() + 1_u64;
                    }
                }
                self.th.next = self.th.val().replace_bit(
                    6 * l + s,
                    (self.n.val() >= 4_u64) & !self.blocked.q.val().get_bits::<6>(11 * l + s).any(),
                );
                if self.n.val() == 6_u64 {
                    self.six.next = true;
                }
            }
        }
        // The windows that hold each blocker (x1, x2 in stage 2, then the y of each in stage
        // 3): a line point equal to it in the window.
        for j in 0..2 {
            self.bp_r[j].next = self.x_r[j].q.val();
            self.bp_c[j].next = self.x_c[j].q.val();
        }
        for j in 0..4 {
            self.bp_r[2 + j].next = self.y_r[j].q.val();
            self.bp_c[2 + j].next = self.y_c[j].q.val();
        }
        for j in 0..2 {
            self.dar[j].next = self.bp_r[j].val() - self.a_r6[1].val();
            self.dac[j].next = self.bp_c[j].val() - self.a_c6[1].val();
            self.dcr[j].next = self.bp_r[j].val() - self.c_r6[1].val();
            self.dcc[j].next = self.bp_c[j].val() - self.c_c6[1].val();
        }
        for j in 2..6 {
            self.dar[j].next = self.bp_r[j].val() - self.a_r6[2].val();
            self.dac[j].next = self.bp_c[j].val() - self.a_c6[2].val();
            self.dcr[j].next = self.bp_r[j].val() - self.c_r6[2].val();
            self.dcc[j].next = self.bp_c[j].val() - self.c_c6[2].val();
        }
        for q in 0..6 {
            self.hit.next = 0_u64.into();
            for i in 0..44 {
                self.hit.next = self
                    .hit
                    .val()
                    .replace_bit(
                        i,
                        (self.dar[q].val() == self.k_dr[i].val())
                            & (self.dac[q].val() == self.k_dc[i].val()),
                    )
                    .replace_bit(
                        44 + i,
                        (self.dcr[q].val() == self.k_dr[44 + i].val())
                            & (self.dcc[q].val() == self.k_dc[44 + i].val()),
                    );
            }
            self.holds[q].next = 0_u64.into();
            for l in 0..8 {
                for s in 0..6 {
                    self.holds[q].next = self.holds[q]
                        .val()
                        .replace_bit(6 * l + s, self.hit.val().get_bits::<6>(11 * l + s).any());
                }
            }
        }
        // Three selectors, each the first threat of a set and its empty points: 0 of all the
        // threats (the x, stage 1), 1 and 2 of those left without x1 and x2 (the y, stage 2).
        // The first window as a one-hot; its empty points, line and offset gathered through
        // it; the points' coordinates from the line's anchor and direction.
        self.sel_in[0].next = self.th.val();
        self.sel_ovl[0].next = self.ovl.val();
        self.sel_ar[0].next = self.a_r6[0].val();
        self.sel_ac[0].next = self.a_c6[0].val();
        self.sel_cr[0].next = self.c_r6[0].val();
        self.sel_cc[0].next = self.c_c6[0].val();
        for j in 0..2 {
            self.sel_in[1 + j].next = self.th2.q.val() & !self.holds[j].val();
            self.sel_ovl[1 + j].next = self.ovl2.q.val();
            self.sel_ar[1 + j].next = self.a_r6[1].val();
            self.sel_ac[1 + j].next = self.a_c6[1].val();
            self.sel_cr[1 + j].next = self.c_r6[1].val();
            self.sel_cc[1 + j].next = self.c_c6[1].val();
        }
        for q in 0..3 {
            self.seen.next = false;
            self.em[q].next = 0_u64.into();
            self.ls[q].next = 0_u64.into();
            self.ss[q].next = 0_u64.into();
            for l in 0..8 {
                for s in 0..6 {
                    if self.sel_in[q].val().get_bit(6 * l + s) & !self.seen.val() {
                        self.em[q].next = self.em[q].val()
                            | (!self.sel_ovl[q].val().get_bits::<6>(11 * l + s) & self.k_six.val());
                        self.ls[q].next = self.ls[q].val() | self.k_line[l].val();
                        self.ss[q].next = self.ss[q].val() | self.k_start[s].val();
                    }
                    if self.sel_in[q].val().get_bit(6 * l + s) {
                        self.seen.next = true;
                    }
                }
            }
            self.two[q].next = false;
            self.kk[2 * q].next = 0_u64.into();
            self.kk[2 * q + 1].next = 0_u64.into();
            for k in 0..6 {
                if self.em[q].val().get_bit(5 - k) {
                    self.kk[2 * q].next = self.k_start[5 - k].val();
                }
                if self.em[q].val().get_bit(k) {
                    self.kk[2 * q + 1].next = self.k_start[k].val();
                }
            }
            self.two[q].next = self.kk[2 * q].val() != self.kk[2 * q + 1].val();
            for e in 0..2 {
                // Point e (the first or the last empty one), `off` steps from the anchor.
                self.sv.next = self.ss[q].val();
                self.kv.next = self.kk[2 * q + e].val();
                self.off.next =
                    bit_cast::<6, 3>(self.sv.val()) + bit_cast::<6, 3>(self.kv.val()) - 5_u64;
                self.anc_r.next = self.sel_ar[q].val();
                self.anc_c.next = self.sel_ac[q].val();
                if self.ls[q].val().get_bit(2) {
                    self.anc_r.next = self.sel_cr[q].val();
                    self.anc_c.next = self.sel_cc[q].val();
                }
                self.dir.next = self.ls[q].val().get_bits::<2>(0);
                self.sp_r[2 * q + e].next = self.anc_r.val();
                self.sp_c[2 * q + e].next = self.anc_c.val() + self.off.val();
                if self.dir.val() == 1_u64 {
                    self.sp_c[2 * q + e].next = self.anc_c.val();
                }
                if (self.dir.val() == 1_u64) | (self.dir.val() == 2_u64) {
                    self.sp_r[2 * q + e].next = self.anc_r.val() + self.off.val();
                }
                if self.dir.val() == 3_u64 {
                    self.sp_r[2 * q + e].next = self.anc_r.val() - self.off.val();
                }
            }
        }

        // Stage 1 -> 2: the lines with the pair down, the threats, x.
        self.ovl2.d.next = self.ovl.val();
        self.th2.d.next = self.th.val();
        self.six2.d.next = self.six.val();
        self.x_ok[0].d.next = self.th.val().any();
        self.x_ok[1].d.next = self.th.val().any() & self.two[0].val();
        for e in 0..2 {
            self.x_r[e].d.next = self.sp_r[e].val();
            self.x_c[e].d.next = self.sp_c[e].val();
        }
        // Stage 2 -> 3: the threats left without each x, the y.
        self.six3.d.next = self.six2.q.val();
        for j in 0..2 {
            self.x_ok3[j].d.next = self.x_ok[j].q.val();
            self.x_r3[j].d.next = self.x_r[j].q.val();
            self.x_c3[j].d.next = self.x_c[j].q.val();
            self.left[j].d.next = self.sel_in[1 + j].val();
            self.y_ok[2 * j].d.next = self.sel_in[1 + j].val().any();
            self.y_ok[2 * j + 1].d.next = self.sel_in[1 + j].val().any() & self.two[1 + j].val();
            for e in 0..2 {
                self.y_r[2 * j + e].d.next = self.sp_r[2 + 2 * j + e].val();
                self.y_c[2 * j + e].d.next = self.sp_c[2 + 2 * j + e].val();
            }
        }
        for s in 0..2 {
            self.ar[s + 1].d.next = self.ar[s].q.val();
            self.ac[s + 1].d.next = self.ac[s].q.val();
            self.cr[s + 1].d.next = self.cr[s].q.val();
            self.cc[s + 1].d.next = self.cc[s].q.val();
        }

        // Stage 3: x and y block the pair if no threat is left without both.
        for j in 0..2 {
            self.blocked_x[j].next = !self.left[j].q.val().any();
        }
        for j in 0..2 {
            for yi in 0..2 {
                if self.y_ok[2 * j + yi].q.val()
                    & !(self.left[j].q.val() & !self.holds[2 + 2 * j + yi].val()).any()
                {
                    self.blocked_x[j].next = true;
                }
            }
        }
        // Forcing: threats, and neither x alone leaves none.
        self.forcing_x.next = self.x_ok3[0].q.val()
            & self.left[0].q.val().any()
            & !(self.x_ok3[1].q.val() & !self.left[1].q.val().any());
        // The blocking pairs: x (x1 for j = 0, x2 for j = 1) and its k-th y leave no threat.
        // {x2, x1} is listed from x1 too (x2 is then an empty point of the first threat left
        // without x1).
        self.bk.next = 0_u64.into();
        self.bpt.next = 0_u64.into();
        for j in 0..2 {
            for k in 0..2 {
                if self.x_ok3[j].q.val()
                    & self.y_ok[2 * j + k].q.val()
                    & !(self.left[j].q.val() & !self.holds[2 + 2 * j + k].val()).any()
                {
                    self.bk.next = self.bk.val().replace_bit(2 * j + k, true);
                }
                self.p5[0].next = self.x_c3[j].q.val().get_bits::<5>(0);
                self.p5[1].next = self.x_r3[j].q.val().get_bits::<5>(0);
                self.p5[2].next = self.y_c[2 * j + k].q.val().get_bits::<5>(0);
                self.p5[3].next = self.y_r[2 * j + k].q.val().get_bits::<5>(0);
                for f in 0..4 {
                    for b in 0..5 {
                        self.bpt.next = self
                            .bpt
                            .val()
                            .replace_bit(20 * (2 * j + k) + 5 * f + b, self.p5[f].val().get_bit(b));
                    }
                }
            }
        }
        for k in 0..2 {
            if (self.y_r[2 + k].q.val() == self.x_r3[0].q.val())
                & (self.y_c[2 + k].q.val() == self.x_c3[0].q.val())
            {
                self.bk.next = self.bk.val().replace_bit(2 + k, false);
            }
        }
        self.v2.d.next = self.v1.q.val();
        self.v3.d.next = self.v2.q.val();
        self.done_q.d.next = self.v3.q.val();
        if self.v3.q.val() {
            self.wins_q.d.next = self.six3.q.val()
                | (self.x_ok3[0].q.val()
                    & !self.blocked_x[0].val()
                    & !(self.x_ok3[1].q.val() & self.blocked_x[1].val()));
            self.forcing_q.d.next = self.forcing_x.val();
            self.blocks_q.d.next = 0_u64.into();
            if self.forcing_x.val() {
                self.blocks_q.d.next = self.bk.val();
            }
            self.bpts_q.d.next = self.bpt.val();
            self.ar[3].d.next = self.ar[2].q.val();
            self.ac[3].d.next = self.ac[2].q.val();
            self.cr[3].d.next = self.cr[2].q.val();
            self.cc[3].d.next = self.cc[2].q.val();
        }

        self.v1.d.next = self.start.val();
        if self.start.val() {
            self.own.d.next = bit_cast::<88, 44>(self.own_a.val())
                | (bit_cast::<88, 44>(self.own_c.val()) << 44_u64);
            self.blocked.d.next = bit_cast::<88, 44>(self.blocked_a.val())
                | (bit_cast::<88, 44>(self.blocked_c.val()) << 44_u64);
            self.ar[0].d.next = self.a_row.val();
            self.ac[0].d.next = self.a_col.val();
            self.cr[0].d.next = self.c_row.val();
            self.cc[0].d.next = self.c_col.val();
        }
    }
}
