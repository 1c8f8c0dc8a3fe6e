//! The pair tester, past the paper: whether two stones make a winning pair, from the lines
//! through them alone, as the model's search decides it (`model::connect6::threat::pair_wins`),
//! in [`CYCLES`] cycles, for the winning-pair search (`winning_pair_search`; `docs/connect6.md`,
//! "The pair tester"). The side must have no threat before the pair, so
//! every threat after it is a window through `a` or `c`: the 6 windows through a point on each
//! of its 4 lines, 48 in all (a window through both is there twice, which changes nothing).
//!
//! ```text
//!  start: the four lines of 11 points through a and through c (own stones; blocked: the
//!         other's stones or off the board), a and c                       --> registers
//!  1: each line point's board coordinates (anchor + offset, 6 bits: off the board never
//!     equals a point); a and c put down wherever they lie on the 8 lines; the 48 windows'
//!     threats (four or more own, none blocked); the first threat's empty points x1, x2
//!  2: for each x: the threats without x (a window contains x where a line point equals x);
//!     the first of those, its empty points y1, y2
//!  3: for each x and y: a threat without x and without y left? None: blocked. No x and y
//!     block the pair, and it makes a threat: a winning pair
//! ```
//!
//! Which threat is first changes the points tried, not the answer: a blocking set of two
//! stones holds an empty point of every threat.

use crate::common::c;
use model::connect6::pair_search::{LINE_POINTS, LINE_REACH};
use model::connect6::{DIRECTIONS, WIN_LENGTH};
use rust_hdl::prelude::*;

/// Cycles from `start` to the first cycle `done` is high.
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
    /// The answer of the last pair taken, from [`CYCLES`] cycles after its `start`.
    pub done: Signal<Out, Bit>,
    pub wins: Signal<Out, Bit>,
    /// The steps: 1, 2, 3 busy; 0 done or idle.
    step: DFF<Bits<2>>,
    done_q: DFF<Bit>,
    wins_q: DFF<Bit>,
    own: DFF<Bits<PTS>>,
    blocked: DFF<Bits<PTS>>,
    ar: DFF<Bits<5>>,
    ac: DFF<Bits<5>>,
    cr: DFF<Bits<5>>,
    cc: DFF<Bits<5>>,
    /// Step 1's results: the first threat's empty points.
    x_ok: [DFF<Bit>; 2],
    x_r: [DFF<Bits<6>>; 2],
    x_c: [DFF<Bits<6>>; 2],
    /// Step 2's: the threats left without each x, and the first one's empty points.
    left: [DFF<Bits<WINDOWS>>; 2],
    y_ok: [DFF<Bit>; 4],
    y_r: [DFF<Bits<6>>; 4],
    y_c: [DFF<Bits<6>>; 4],
    /// Line point `i`'s coordinates.
    pr: [Signal<Local, Bits<6>>; PTS],
    pc: [Signal<Local, Bits<6>>; PTS],
    a_r6: Signal<Local, Bits<6>>,
    a_c6: Signal<Local, Bits<6>>,
    c_r6: Signal<Local, Bits<6>>,
    c_c6: Signal<Local, Bits<6>>,
    ovl: Signal<Local, Bits<PTS>>,
    th: Signal<Local, Bits<WINDOWS>>,
    n: Signal<Local, Bits<3>>,
    seen: Signal<Local, Bit>,
    /// The blockers (x1, x2, the y of each), a blocker's matches among the line points, and
    /// the windows that hold each.
    bp_r: [Signal<Local, Bits<6>>; 6],
    bp_c: [Signal<Local, Bits<6>>; 6],
    hit: Signal<Local, Bits<PTS>>,
    holds: [Signal<Local, Bits<WINDOWS>>; 6],
    /// The selectors: their sets, their first windows' empty points (6 bits), lines and
    /// starts, the first and last empty point's place in the window (`2 q`, `2 q + 1`), whether
    /// they differ,
    /// and the points' coordinates (selector q's first and last in `2 q`, `2 q + 1`).
    sel_in: [Signal<Local, Bits<WINDOWS>>; 3],
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
            step: Default::default(),
            done_q: Default::default(),
            wins_q: Default::default(),
            own: Default::default(),
            blocked: Default::default(),
            ar: Default::default(),
            ac: Default::default(),
            cr: Default::default(),
            cc: Default::default(),
            x_ok: Default::default(),
            x_r: Default::default(),
            x_c: Default::default(),
            left: Default::default(),
            y_ok: Default::default(),
            y_r: Default::default(),
            y_c: Default::default(),
            pr: std::array::from_fn(|_| Default::default()),
            pc: std::array::from_fn(|_| Default::default()),
            a_r6: Default::default(),
            a_c6: Default::default(),
            c_r6: Default::default(),
            c_c6: Default::default(),
            ovl: Default::default(),
            th: Default::default(),
            n: Default::default(),
            seen: Default::default(),
            bp_r: Default::default(),
            bp_c: Default::default(),
            hit: Default::default(),
            holds: Default::default(),
            sel_in: Default::default(),
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
        dff_setup!(self, clock, step, done_q, wins_q, own, blocked, ar, ac, cr, cc);
        for j in 0..2 {
            self.x_ok[j].clock.next = self.clock.val();
            self.x_ok[j].d.next = self.x_ok[j].q.val();
            self.x_r[j].clock.next = self.clock.val();
            self.x_r[j].d.next = self.x_r[j].q.val();
            self.x_c[j].clock.next = self.clock.val();
            self.x_c[j].d.next = self.x_c[j].q.val();
            self.left[j].clock.next = self.clock.val();
            self.left[j].d.next = self.left[j].q.val();
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

        // Every line point's coordinates: a's lines (0-3) from a, c's (4-7) from c.
        self.a_r6.next = bit_cast::<6, 5>(self.ar.q.val());
        self.a_c6.next = bit_cast::<6, 5>(self.ac.q.val());
        self.c_r6.next = bit_cast::<6, 5>(self.cr.q.val());
        self.c_c6.next = bit_cast::<6, 5>(self.cc.q.val());
        for i in 0..44 {
            self.pr[i].next = self.a_r6.val() + self.k_dr[i].val();
            self.pc[i].next = self.a_c6.val() + self.k_dc[i].val();
            self.pr[44 + i].next = self.c_r6.val() + self.k_dr[44 + i].val();
            self.pc[44 + i].next = self.c_c6.val() + self.k_dc[44 + i].val();
        }

        // Step 1: a and c put down where they lie on the lines; the windows' threats; the
        // first threat's empty points (its lowest and highest, the same if one).
        self.ovl.next = self.own.q.val();
        for i in 0..88 {
            if ((self.pr[i].val() == self.a_r6.val()) & (self.pc[i].val() == self.a_c6.val()))
                | ((self.pr[i].val() == self.c_r6.val()) & (self.pc[i].val() == self.c_c6.val()))
            {
                self.ovl.next = self.ovl.val().replace_bit(i, true);
            }
        }
        self.th.next = 0_u64.into();
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
            }
        }
        // Three selectors, each the first threat of a set and its empty points: 0 of all the
        // threats (the x), 1 and 2 of those left without x1 and x2 (the y). The first window
        // as a one-hot; its empty points, line and offset gathered through it; the points'
        // coordinates from the line's anchor and direction.
        // The windows that hold each blocker (x1, x2, then the y of each): a line point
        // equal to it in the window.
        for j in 0..2 {
            self.bp_r[j].next = self.x_r[j].q.val();
            self.bp_c[j].next = self.x_c[j].q.val();
        }
        for j in 0..4 {
            self.bp_r[2 + j].next = self.y_r[j].q.val();
            self.bp_c[2 + j].next = self.y_c[j].q.val();
        }
        for q in 0..6 {
            self.hit.next = 0_u64.into();
            for i in 0..88 {
                self.hit.next = self.hit.val().replace_bit(
                    i,
                    (self.pr[i].val() == self.bp_r[q].val())
                        & (self.pc[i].val() == self.bp_c[q].val()),
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
        self.sel_in[0].next = self.th.val();
        for j in 0..2 {
            self.sel_in[1 + j].next = self.th.val() & !self.holds[j].val();
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
                            | (!self.ovl.val().get_bits::<6>(11 * l + s) & self.k_six.val());
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
                self.anc_r.next = self.a_r6.val();
                self.anc_c.next = self.a_c6.val();
                if self.ls[q].val().get_bit(2) {
                    self.anc_r.next = self.c_r6.val();
                    self.anc_c.next = self.c_c6.val();
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
        if self.step.q.val() == 1_u64 {
            self.x_ok[0].d.next = self.th.val().any();
            self.x_ok[1].d.next = self.th.val().any() & self.two[0].val();
            for e in 0..2 {
                self.x_r[e].d.next = self.sp_r[e].val();
                self.x_c[e].d.next = self.sp_c[e].val();
            }
        }
        if self.step.q.val() == 2_u64 {
            for j in 0..2 {
                self.left[j].d.next = self.sel_in[1 + j].val();
                self.y_ok[2 * j].d.next = self.sel_in[1 + j].val().any();
                self.y_ok[2 * j + 1].d.next =
                    self.sel_in[1 + j].val().any() & self.two[1 + j].val();
                for e in 0..2 {
                    self.y_r[2 * j + e].d.next = self.sp_r[2 + 2 * j + e].val();
                    self.y_c[2 * j + e].d.next = self.sp_c[2 + 2 * j + e].val();
                }
            }
        }

        // Step 3: x and y block the pair if no threat is left without both.
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
        self.done_q.d.next = false;
        if self.step.q.val() == 3_u64 {
            self.done_q.d.next = true;
            self.wins_q.d.next = self.x_ok[0].q.val()
                & !self.blocked_x[0].val()
                & !(self.x_ok[1].q.val() & self.blocked_x[1].val());
        }

        if self.step.q.val() != 0_u64 {
            self.step.d.next = self.step.q.val() + 1_u64;
        }
        if self.step.q.val() == 3_u64 {
            self.step.d.next = 0_u64.into();
        }
        if self.start.val() {
            self.step.d.next = 1_u64.into();
            self.done_q.d.next = false;
            self.own.d.next = bit_cast::<88, 44>(self.own_a.val())
                | (bit_cast::<88, 44>(self.own_c.val()) << 44_u64);
            self.blocked.d.next = bit_cast::<88, 44>(self.blocked_a.val())
                | (bit_cast::<88, 44>(self.blocked_c.val()) << 44_u64);
            self.ar.d.next = self.a_row.val();
            self.ac.d.next = self.a_col.val();
            self.cr.d.next = self.c_row.val();
            self.cc.d.next = self.c_col.val();
        }
    }
}
