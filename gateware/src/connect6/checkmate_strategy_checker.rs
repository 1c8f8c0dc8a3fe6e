//! The checkmate strategy checker (§III-B of `shared/papers/connect6-fpga.md`): the region's
//! nine 5x5 subspaces, a 15-point triangle in each of four rotations (36 triangles), and the
//! tactics table of the triangle's 105 pairs of points in block RAM; the best pair, for one
//! colour, of worth 4 or more (four or five of that colour on one open triangle line with the
//! pair: "decides the game with high probability").
//!
//! ```text
//!  a pass p (0..3) of the table, for the triangles 9p..9p+8:
//!  first cycle: region[450] (at `start`; after, its copy), colour
//!    --> per lane: its triangle's 6 lines' counts of the colour, open flags, its empty
//!        points (9 x 39 bits)
//!  entry e (tactics ROM, 105 x 20 bits) --> one-hot pair, its lines
//!    --> 9 triangles at once: worth (both empty: the best open line through the pair)
//!    --> a tree over the 9 (ties to the lower triangle) --> best so far
//!  after entry 104 of the last pass: done; the pair as region indices (subspace base +
//!  rotated offset)
//! ```
//!
//! [`CYCLES`] cycles from `start` to `done` (425): one entry a cycle, as the paper reads its
//! table, nine triangles (`selector::CHECK_LANES`) in parallel, four passes. (It was one pass
//! on all 36, 107 cycles, and 8,989 LUT4s of the design's 20,786 on the ECP5: the Alchitry
//! Cu's whole budget.) The same circuit checks either colour: the side to move's (offence:
//! its own four) or the opponent's (defence: the pair to take first). Ties keep the model's
//! scan order (triangle, then entry): a later entry wins only with a higher worth or a lower
//! triangle, and the passes take the triangles in order, so the answer is the one-pass
//! answer. Model: `model::connect6::paper::checkmate::check_cells`.

use crate::common::c;
use model::connect6::paper::checkmate::{
    rotate, tactics_table, triangle, triangle_point, LINES, MIN_WORTH, PAIRS, TRIANGLE, TRIANGLES,
};
use model::connect6::paper::selector::{CHECK_LANES, CHECK_PASSES};
use model::connect6::paper::{Cell, REGION};
use rust_hdl::prelude::*;

/// Cycles from the `start` cycle to the first cycle `done` is high (the model's schedule).
pub const CYCLES: u32 = model::connect6::paper::selector::CHECK_CYCLES;

/// A tactics table entry in the ROM: `a` (bits 0-3), `b` (4-7), `lines_a` (8-13), `lines_b`
/// (14-19).
pub fn rom_word(n: usize) -> u64 {
    let e = tactics_table()[n];
    e.a as u64 | (e.b as u64) << 4 | (e.lines_a as u64) << 8 | (e.lines_b as u64) << 14
}

/// The lines through triangle point `i` (the same in every rotation).
fn lines_of(i: usize) -> u64 {
    let t = tactics_table();
    // Point i is `a` of its pairs with later points, `b` of the last point's pair.
    t.iter()
        .find_map(|e| {
            if e.a as usize == i {
                Some(e.lines_a)
            } else if e.b as usize == i {
                Some(e.lines_b)
            } else {
                None
            }
        })
        .expect("every point is in a pair") as u64
}

/// `x` spread to one 3-bit field per line: bit `l` to `1 << 3 l`.
fn spread(x: u64) -> u64 {
    (0..LINES)
        .filter(|l| x >> l & 1 == 1)
        .map(|l| 1 << (3 * l))
        .sum()
}

#[derive(LogicBlock)]
pub struct CheckmateStrategyChecker {
    pub clock: Signal<In, Clock>,
    /// The region's cells, point `row * 15 + col` in bits `2 p..` ([`Cell`] codes), and the
    /// colour to check: `Cell::Own` (offence) or `Cell::Opp` (defence); both read at `start`
    /// (the later passes read a copy).
    pub region: Signal<In, Bits<450>>,
    pub colour: Signal<In, Bits<2>>,
    pub start: Signal<In, Bit>,
    /// The result is ready (until the next `start`).
    pub done: Signal<Out, Bit>,
    /// A pair of worth 4 or more was found: its worth and its points (region indices).
    pub found: Signal<Out, Bit>,
    pub worth: Signal<Out, Bits<3>>,
    pub a: Signal<Out, Bits<8>>,
    pub b: Signal<Out, Bits<8>>,
    tactics: SyncROM<Bits<20>, 7>,
    addr: DFF<Bits<7>>,
    run: DFF<Bit>,
    ev: DFF<Bit>,
    fin: DFF<Bit>,
    /// The pass: its lanes hold triangles `9 pass..9 pass + 8`.
    pass: DFF<Bits<2>>,
    /// The region as it was at `start`, for the later passes (the selector fetches the next
    /// stone's record while a check runs).
    rgn: DFF<Bits<450>>,
    clr: DFF<Bits<2>>,
    /// Per lane: its triangle's lines' counts (3 bits a line), open flags, empty points.
    tc: [DFF<Bits<18>>; CHECK_LANES],
    to: [DFF<Bits<6>>; CHECK_LANES],
    te: [DFF<Bits<15>>; CHECK_LANES],
    /// The best so far: worth, triangle, the entry's points.
    bw: DFF<Bits<3>>,
    bt: DFF<Bits<6>>,
    ba: DFF<Bits<4>>,
    bb: DFF<Bits<4>>,
    cw: Signal<Local, Bits<2>>,
    sc: Signal<Local, Bits<18>>,
    so: Signal<Local, Bits<6>>,
    se: Signal<Local, Bits<15>>,
    ea: Signal<Local, Bits<4>>,
    eb: Signal<Local, Bits<4>>,
    lab: Signal<Local, Bits<6>>,
    lsum: Signal<Local, Bits<18>>,
    pair: Signal<Local, Bits<15>>,
    tsum: Signal<Local, Bits<18>>,
    v: Signal<Local, Bits<3>>,
    /// The pass whose summaries load now (at `start` the first, at a pass's end the next),
    /// and whether one does.
    grp: Signal<Local, Bits<2>>,
    load: Signal<Local, Bit>,
    /// The colour the loading pass summarises.
    cc: Signal<Local, Bits<2>>,
    /// The lanes' tree in heap order (leaves from 15), and its winner's triangle.
    key: [Signal<Local, Bits<3>>; 31],
    tri: [Signal<Local, Bits<6>>; 31],
    best_t: Signal<Local, Bits<6>>,
    base: Signal<Local, Bits<8>>,
    off_a: Signal<Local, Bits<8>>,
    off_b: Signal<Local, Bits<8>>,
    k_empty: Constant<Bits<2>>,
    /// Triangle `t` point `i`: its region cell's bit offset.
    k_tp: [Constant<Bits<10>>; TRIANGLES * TRIANGLE],
    /// Point `i`: its lines, and its lines spread to the count fields.
    k_pl: [Constant<Bits<6>>; TRIANGLE],
    k_pinc: [Constant<Bits<18>>; TRIANGLE],
    k_inc: [Constant<Bits<18>>; LINES],
    k_i: [Constant<Bits<4>>; TRIANGLE],
    /// Lane `j` (the padding: the last), and pass `p`'s first triangle.
    k_t: [Constant<Bits<6>>; 16],
    k_first: [Constant<Bits<6>>; 4],
    k_p: [Constant<Bits<2>>; 4],
    k_k: [Constant<Bits<4>>; 9],
    k_rot: [Constant<Bits<2>>; 4],
    /// Subspace `k`'s top-left region index; rotation `rot` point `i`'s offset from it.
    k_base: [Constant<Bits<8>>; 9],
    k_off: [Constant<Bits<8>>; 4 * TRIANGLE],
    k_last: Constant<Bits<7>>,
    k_last_pass: Constant<Bits<2>>,
    k_min: Constant<Bits<3>>,
}

impl Default for CheckmateStrategyChecker {
    fn default() -> Self {
        let tri = triangle();
        Self {
            clock: Default::default(),
            region: Default::default(),
            colour: Default::default(),
            start: Default::default(),
            done: Default::default(),
            found: Default::default(),
            worth: Default::default(),
            a: Default::default(),
            b: Default::default(),
            tactics: (0..PAIRS).map(|n| Bits::<20>::from(rom_word(n))).into(),
            addr: Default::default(),
            run: Default::default(),
            ev: Default::default(),
            fin: Default::default(),
            pass: Default::default(),
            rgn: Default::default(),
            clr: Default::default(),
            tc: std::array::from_fn(|_| Default::default()),
            to: std::array::from_fn(|_| Default::default()),
            te: std::array::from_fn(|_| Default::default()),
            bw: Default::default(),
            bt: Default::default(),
            ba: Default::default(),
            bb: Default::default(),
            cw: Default::default(),
            sc: Default::default(),
            so: Default::default(),
            se: Default::default(),
            ea: Default::default(),
            eb: Default::default(),
            lab: Default::default(),
            lsum: Default::default(),
            pair: Default::default(),
            tsum: Default::default(),
            v: Default::default(),
            grp: Default::default(),
            load: Default::default(),
            cc: Default::default(),
            key: std::array::from_fn(|_| Default::default()),
            tri: std::array::from_fn(|_| Default::default()),
            best_t: Default::default(),
            base: Default::default(),
            off_a: Default::default(),
            off_b: Default::default(),
            k_empty: c(Cell::Empty.code()),
            k_tp: std::array::from_fn(|j| c(2 * triangle_point(j / TRIANGLE, j % TRIANGLE) as u64)),
            k_pl: std::array::from_fn(|i| c(lines_of(i))),
            k_pinc: std::array::from_fn(|i| c(spread(lines_of(i)))),
            k_inc: std::array::from_fn(|l| c(1 << (3 * l))),
            k_i: std::array::from_fn(|i| c(i as u64)),
            k_t: std::array::from_fn(|t| c(t.min(CHECK_LANES - 1) as u64)),
            k_first: std::array::from_fn(|p| c((p * CHECK_LANES) as u64)),
            k_p: std::array::from_fn(|p| c(p as u64)),
            k_k: std::array::from_fn(|k| c(k as u64)),
            k_rot: std::array::from_fn(|r| c(r as u64)),
            k_base: std::array::from_fn(|k| c((k / 3 * 5 * REGION + k % 3 * 5) as u64)),
            k_off: std::array::from_fn(|j| {
                let (r, col) = rotate(tri[j % TRIANGLE], j / TRIANGLE);
                c((r * REGION + col) as u64)
            }),
            k_last: c(PAIRS as u64 - 1),
            k_last_pass: c(CHECK_PASSES as u64 - 1),
            k_min: c(MIN_WORTH as u64),
        }
    }
}

impl Logic for CheckmateStrategyChecker {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, addr, run, ev, fin, pass, rgn, clr, bw, bt, ba, bb);
        // Every temporary has a value on every path (no latches).
        self.cw.next = 0_u64.into();
        self.sc.next = 0_u64.into();
        self.so.next = 0_u64.into();
        self.se.next = 0_u64.into();
        self.v.next = 0_u64.into();
        self.tactics.clock.next = self.clock.val();
        self.tactics.address.next = self.addr.q.val();
        for t in 0..9 {
            self.tc[t].clock.next = self.clock.val();
            self.to[t].clock.next = self.clock.val();
            self.te[t].clock.next = self.clock.val();
            self.tc[t].d.next = self.tc[t].q.val();
            self.to[t].d.next = self.to[t].q.val();
            self.te[t].d.next = self.te[t].q.val();
        }

        // The sequencer: addresses 0..104 while `run`; the ROM word is entry `addr - 1`
        // while `ev` (one cycle behind); after a pass's last entry the next pass loads its
        // lanes (in the cycle that evaluates that entry), `fin` after the last pass's.
        self.ev.d.next = self.run.q.val();
        self.load.next = false;
        self.grp.next = self.pass.q.val() + 1_u64;
        self.cc.next = self.clr.q.val();
        if self.ev.q.val() & !self.run.q.val() {
            if self.pass.q.val() == self.k_last_pass.val() {
                self.fin.d.next = true;
            } else {
                self.load.next = true;
            }
        }
        if self.run.q.val() {
            self.addr.d.next = self.addr.q.val() + 1_u64;
            if self.addr.q.val() == self.k_last.val() {
                self.run.d.next = false;
            }
        }

        // One entry on the 36 triangles: the pair one-hot, its lines, each line's pair count.
        self.ea.next = self.tactics.data.val().get_bits::<4>(0);
        self.eb.next = self.tactics.data.val().get_bits::<4>(4);
        self.lab.next =
            self.tactics.data.val().get_bits::<6>(8) | self.tactics.data.val().get_bits::<6>(14);
        self.pair.next = 0_u64.into();
        for i in 0..15 {
            if (self.ea.val() == self.k_i[i].val()) | (self.eb.val() == self.k_i[i].val()) {
                self.pair.next = self.pair.val().replace_bit(i, true);
            }
        }
        self.lsum.next = 0_u64.into();
        for l in 0..6 {
            if self.tactics.data.val().get_bit(8 + l) {
                self.lsum.next = self.lsum.val() + self.k_inc[l].val();
            }
            if self.tactics.data.val().get_bit(14 + l) {
                self.lsum.next = self.lsum.val() + self.k_inc[l].val();
            }
        }
        for t in 0..9 {
            self.tsum.next = self.tc[t].q.val() + self.lsum.val();
            self.key[15 + t].next = 0_u64.into();
            for l in 0..6 {
                self.v.next = self.tsum.val().get_bits::<3>(3 * l);
                if self.to[t].q.val().get_bit(l)
                    & self.lab.val().get_bit(l)
                    & (self.v.val() > self.key[15 + t].val())
                {
                    self.key[15 + t].next = self.v.val();
                }
            }
            if (self.te[t].q.val() & self.pair.val()) != self.pair.val() {
                self.key[15 + t].next = 0_u64.into();
            }
        }
        for t in 9..16 {
            self.key[15 + t].next = 0_u64.into();
        }
        for t in 0..16 {
            self.tri[15 + t].next = self.k_t[t].val();
        }
        for m in 0..15 {
            self.key[14 - m].next = self.key[2 * (14 - m) + 1].val();
            self.tri[14 - m].next = self.tri[2 * (14 - m) + 1].val();
            if self.key[2 * (14 - m) + 2].val() > self.key[2 * (14 - m) + 1].val() {
                self.key[14 - m].next = self.key[2 * (14 - m) + 2].val();
                self.tri[14 - m].next = self.tri[2 * (14 - m) + 2].val();
            }
        }
        self.best_t.next = self.tri[0].val();
        for p in 0..4 {
            if self.pass.q.val() == self.k_p[p].val() {
                self.best_t.next = self.k_first[p].val() + self.tri[0].val();
            }
        }
        if self.ev.q.val()
            & (self.key[0].val() >= self.k_min.val())
            & ((self.key[0].val() > self.bw.q.val())
                | ((self.key[0].val() == self.bw.q.val()) & (self.best_t.val() < self.bt.q.val())))
        {
            self.bw.d.next = self.key[0].val();
            self.bt.d.next = self.best_t.val();
            self.ba.d.next = self.ea.val();
            self.bb.d.next = self.eb.val();
        }

        // Start, and each pass after the first: the pass's triangles' lines summarised for the
        // colour (a cell of neither the colour nor empty closes its lines), and the sequencer
        // from entry 0. At start the best so far is cleared.
        if self.start.val() {
            self.load.next = true;
            self.grp.next = 0_u64.into();
            self.rgn.d.next = self.region.val();
            self.clr.d.next = self.colour.val();
            self.cc.next = self.colour.val();
            self.fin.d.next = false;
            self.bw.d.next = 0_u64.into();
            self.bt.d.next = 0_u64.into();
            self.ba.d.next = 0_u64.into();
            self.bb.d.next = 0_u64.into();
        }
        if self.load.val() {
            self.pass.d.next = self.grp.val();
            for t in 0..9 {
                self.sc.next = 0_u64.into();
                self.so.next = 0x3f_u64.into();
                self.se.next = 0_u64.into();
                for i in 0..15 {
                    // The first pass's triangles from the region as it comes, the others' from
                    // the copy taken then.
                    self.cw.next = self
                        .region
                        .val()
                        .get_bits::<2>(self.k_tp[15 * t + i].val().index());
                    for p in 1..4 {
                        if self.grp.val() == self.k_p[p].val() {
                            self.cw.next = self
                                .rgn
                                .q
                                .val()
                                .get_bits::<2>(self.k_tp[15 * (9 * p + t) + i].val().index());
                        }
                    }
                    if self.cw.val() == self.k_empty.val() {
                        self.se.next = self.se.val().replace_bit(i, true);
                    } else if self.cw.val() == self.cc.val() {
                        self.sc.next = self.sc.val() + self.k_pinc[i].val();
                    } else {
                        self.so.next = self.so.val() & !self.k_pl[i].val();
                    }
                }
                self.tc[t].d.next = self.sc.val();
                self.to[t].d.next = self.so.val();
                self.te[t].d.next = self.se.val();
            }
            self.addr.d.next = 0_u64.into();
            self.run.d.next = true;
            self.ev.d.next = false;
        }

        // The pair as region indices: the subspace's base plus each point's rotated offset.
        self.base.next = 0_u64.into();
        for k in 0..9 {
            if self.bt.q.val().get_bits::<4>(2) == self.k_k[k].val() {
                self.base.next = self.k_base[k].val();
            }
        }
        self.off_a.next = 0_u64.into();
        self.off_b.next = 0_u64.into();
        for r in 0..4 {
            for i in 0..15 {
                if self.bt.q.val().get_bits::<2>(0) == self.k_rot[r].val() {
                    if self.ba.q.val() == self.k_i[i].val() {
                        self.off_a.next = self.k_off[15 * r + i].val();
                    }
                    if self.bb.q.val() == self.k_i[i].val() {
                        self.off_b.next = self.k_off[15 * r + i].val();
                    }
                }
            }
        }
        self.done.next = self.fin.q.val();
        self.found.next = self.bw.q.val() != 0_u64;
        self.worth.next = self.bw.q.val();
        self.a.next = self.base.val() + self.off_a.val();
        self.b.next = self.base.val() + self.off_b.val();
    }
}
