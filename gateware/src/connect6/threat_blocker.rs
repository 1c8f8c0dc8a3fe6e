//! The threat blocker, past the paper: the baseline's block of the other side's threats, the fewest
//! stones (one or two) that hit them all, the best line score among equals (the line scorer's, with
//! the player's weights), then the first in board order. The threat player on chip blocks with it,
//! and its preparation models the opponent's reply with it (`docs/connect6.md`, "The threat
//! blocker"). Model: `model::connect6::blocker::block` (`threat::block_line_score`, with the
//! circuit's cycles).
//!
//! ```text
//!  start --> a threat scan of the board (the scanner, a row a cycle): the other side's
//!            threats counted, the first's empty points x (two at most)
//!        --> for each x: x pushed on the overlay, a scan: none left, {x} blocks; else for
//!            each empty point y of the first left: x and y pushed, a scan: none left, {x, y}
//!            blocks (every blocking set holds an x, and a y if x alone leaves threats)
//!        --> pick: of the blocking sets of the fewest stones, one is the answer; more: the
//!            line scorer's scan of the board, each set's points' scores taken as their rows
//!            pass, the best sum, then the first in board order; none (the game is lost): the
//!            set tried that left the fewest threats, the first among equals
//! ```
//!
//! Cycles (`blocker::block`): the start; a scan 21 ([`SCAN_CYCLES`]: 19 rows read, the
//! scanner's registers, the cycle that reads its answer, clears the overlay and chooses the
//! next); before each scan after the first, a cycle a stone pushed; the pick; the line
//! scorer's scan when it runs ([`LINE_CYCLES`]); done the cycle after. The board's read port
//! passes the overlay for the scanner; the scorer reads the board as it is.

use super::board_overlay::BoardOverlay;
use super::line_scorer::{LineScorerPort, LineScorerServer};
use super::threat_scanner::{ThreatPoints, ThreatScannerPort, ThreatScannerServer};
use crate::common::c;
use model::connect6::line_scan::SCORE_BITS;
use model::connect6::SIZE;
use rust_hdl::prelude::*;

pub use model::connect6::line_scan::CYCLES as LINE_CYCLES;
pub use model::connect6::pair_search::SCAN_CYCLES;

// A row's scores, point `x` at bit `17 x` (the Verilog needs the number).
const _: () = assert!(SCORE_BITS == 17);

/// Sets the circuit may try: two singles `{x}`, and for each `x` two pairs `{x, y}`.
const SETS: usize = 6;

#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum BlockState {
    Idle,
    /// A threat scan (`t`: its cycle); `ph`: the board's (0), a single's (1), a pair's (2).
    Scan,
    /// The set's stones pushed on the overlay (`p`: the stone).
    Push,
    /// The sets that block counted; the answer, or the line scorer started.
    Pick,
    /// The line scorer's scan, the points' scores taken.
    Score,
    Done,
}

/// The blocker's logic, its threat scanner and line scorer outside it (ports): the threat
/// player shares them with its other blocks; [`ThreatBlocker`] gives it its own.
#[derive(LogicBlock)]
pub struct ThreatBlockerCore {
    pub clock: Signal<In, Clock>,
    /// Starts a block (idle or done) for `side` (1 Black, 2 White): the other side's threats.
    pub start: Signal<In, Bit>,
    pub side: Signal<In, Bits<2>>,
    /// Cancels a block: the block goes idle.
    pub cancel: Signal<In, Bit>,
    /// The board's read port: the row to read, its word the cycle after.
    pub rd_addr: Signal<Out, Bits<5>>,
    pub rd_data: Signal<In, Bits<38>>,
    pub busy: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    /// The other side's threats on the board; the set hits them all (true with none).
    pub threats: Signal<Out, Bits<10>>,
    pub all: Signal<Out, Bit>,
    /// The set: its stones (0, 1 or 2), the first and the second in board order.
    pub stones: Signal<Out, Bits<2>>,
    pub a_col: Signal<Out, Bits<5>>,
    pub a_row: Signal<Out, Bits<5>>,
    pub c_col: Signal<Out, Bits<5>>,
    pub c_row: Signal<Out, Bits<5>>,
    /// Threat scans run; the line scorer ran.
    pub scans: Signal<Out, Bits<3>>,
    pub scored: Signal<Out, Bit>,
    pub scan: ThreatScannerPort,
    pub scorer: LineScorerPort,
    overlay: BoardOverlay,
    state: DFF<BlockState>,
    side_q: DFF<Bits<2>>,
    t: DFF<Bits<5>>,
    ph: DFF<Bits<2>>,
    p: DFF<Bit>,
    /// The points tried (column, row): x0, x1, then x0's y0, y1 and x1's y0, y1; how many x
    /// and each x's y; the x and y being tried.
    pt: [DFF<Bits<10>>; SETS],
    xn: DFF<Bits<2>>,
    yn: [DFF<Bits<2>>; 2],
    xi: DFF<Bit>,
    yi: DFF<Bit>,
    /// The sets that block all: {x0}, {x1}, then {x0, y0}, {x0, y1}, {x1, y0}, {x1, y1}.
    ok: [DFF<Bit>; SETS],
    /// The points' line scores, taken as their rows pass.
    sc: [DFF<Bits<SCORE_BITS>>; SETS],
    /// The set tried that left the fewest threats (how many, its stones in board order).
    least: DFF<Bits<10>>,
    l_n: DFF<Bits<2>>,
    l_a: DFF<Bits<10>>,
    l_c: DFF<Bits<10>>,
    threats_q: DFF<Bits<10>>,
    all_q: DFF<Bit>,
    n_q: DFF<Bits<2>>,
    a_q: DFF<Bits<10>>,
    c_q: DFF<Bits<10>>,
    scans_q: DFF<Bits<3>>,
    scored_q: DFF<Bit>,
    /// The scan's answer read (its last cycle); the first threat's empty points (column,
    /// row) and how many (decoded by `pts`).
    dec: Signal<Local, Bit>,
    /// The block runs (neither idle nor done).
    run: Signal<Local, Bit>,
    e: [Signal<Local, Bits<10>>; 2],
    en: Signal<Local, Bits<2>>,
    pts: ThreatPoints,
    /// The set just scanned (its stones in board order), the point y, indices.
    s_a: Signal<Local, Bits<10>>,
    s_c: Signal<Local, Bits<10>>,
    s_n: Signal<Local, Bits<2>>,
    xp: Signal<Local, Bits<10>>,
    yp: Signal<Local, Bits<10>>,
    /// The next x, the pick.
    next_x: Signal<Local, Bit>,
    /// Each set's stones in board order, board indices, key (score, then the first in board
    /// order: indices inverted), the sets in the race (singles if any block), the best.
    ix: [Signal<Local, Bits<9>>; SETS],
    r9: Signal<Local, Bits<9>>,
    ppt: Signal<Local, Bits<10>>,
    k_a: [Signal<Local, Bits<10>>; SETS],
    k_c: [Signal<Local, Bits<10>>; SETS],
    key: [Signal<Local, Bits<36>>; SETS],
    sx: Signal<Local, Bits<SCORE_BITS>>,
    sy: Signal<Local, Bits<SCORE_BITS>>,
    ixx: Signal<Local, Bits<9>>,
    iy: Signal<Local, Bits<9>>,
    /// The indices inverted in 9 bits (inverted inside a wider expression, the emitted
    /// Verilog would invert the zero-extended bits too).
    nx: Signal<Local, Bits<9>>,
    ny: Signal<Local, Bits<9>>,
    px: Signal<Local, Bits<10>>,
    live: [Signal<Local, Bit>; SETS],
    any1: Signal<Local, Bit>,
    cnt: Signal<Local, Bits<3>>,
    best: Signal<Local, Bits<36>>,
    have: Signal<Local, Bit>,
    b_n: Signal<Local, Bits<2>>,
    b_a: Signal<Local, Bits<10>>,
    b_c: Signal<Local, Bits<10>>,
    k_idx: [Constant<Bits<5>>; SIZE],
    k_set: [Constant<Bits<3>>; SETS],
    /// Set `s` is a pair of x1.
    k_x1: [Constant<Bit>; SETS],
    k_last: Constant<Bits<5>>,
    k_most: Constant<Bits<10>>,
}

impl Default for ThreatBlockerCore {
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
            threats: Default::default(),
            all: Default::default(),
            stones: Default::default(),
            a_col: Default::default(),
            a_row: Default::default(),
            c_col: Default::default(),
            c_row: Default::default(),
            scans: Default::default(),
            scored: Default::default(),
            scan: Default::default(),
            scorer: Default::default(),
            overlay: Default::default(),
            state: Default::default(),
            side_q: Default::default(),
            t: Default::default(),
            ph: Default::default(),
            p: Default::default(),
            pt: Default::default(),
            xn: Default::default(),
            yn: Default::default(),
            xi: Default::default(),
            yi: Default::default(),
            ok: Default::default(),
            sc: Default::default(),
            least: Default::default(),
            l_n: Default::default(),
            l_a: Default::default(),
            l_c: Default::default(),
            threats_q: Default::default(),
            all_q: Default::default(),
            n_q: Default::default(),
            a_q: Default::default(),
            c_q: Default::default(),
            scans_q: Default::default(),
            scored_q: Default::default(),
            dec: Default::default(),
            run: Default::default(),
            e: Default::default(),
            en: Default::default(),
            pts: Default::default(),
            s_a: Default::default(),
            s_c: Default::default(),
            s_n: Default::default(),
            xp: Default::default(),
            yp: Default::default(),
            next_x: Default::default(),
            ix: Default::default(),
            r9: Default::default(),
            ppt: Default::default(),
            k_a: Default::default(),
            k_c: Default::default(),
            key: Default::default(),
            sx: Default::default(),
            sy: Default::default(),
            ixx: Default::default(),
            iy: Default::default(),
            nx: Default::default(),
            ny: Default::default(),
            px: Default::default(),
            live: Default::default(),
            any1: Default::default(),
            cnt: Default::default(),
            best: Default::default(),
            have: Default::default(),
            b_n: Default::default(),
            b_a: Default::default(),
            b_c: Default::default(),
            k_idx: std::array::from_fn(|i| c(i as u64)),
            k_set: std::array::from_fn(|i| c(i as u64)),
            k_x1: std::array::from_fn(|i| Constant::new(i >= 4)),
            k_last: c(SCAN_CYCLES - 1),
            k_most: c(1023),
        }
    }
}

impl Logic for ThreatBlockerCore {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, state, side_q, t, ph, p, xn, xi, yi, least, l_n, l_a, l_c, threats_q,
            all_q, n_q, a_q, c_q, scans_q, scored_q
        );
        for s in 0..SETS {
            self.pt[s].clock.next = self.clock.val();
            self.pt[s].d.next = self.pt[s].q.val();
            self.ok[s].clock.next = self.clock.val();
            self.ok[s].d.next = self.ok[s].q.val();
            self.sc[s].clock.next = self.clock.val();
            self.sc[s].d.next = self.sc[s].q.val();
        }
        for x in 0..2 {
            self.yn[x].clock.next = self.clock.val();
            self.yn[x].d.next = self.yn[x].q.val();
        }
        self.overlay.clock.next = self.clock.val();
        self.run.next =
            (self.state.q.val() != BlockState::Idle) & (self.state.q.val() != BlockState::Done);
        self.busy.next = self.run.val();
        // The scanner and the scorer are driven from here while the block runs (it starts
        // neither in its start cycle).
        self.scan.active.next = self.run.val();
        self.scorer.active.next = self.run.val();
        self.done.next = self.state.q.val() == BlockState::Done;
        self.threats.next = self.threats_q.q.val();
        self.all.next = self.all_q.q.val();
        self.stones.next = self.n_q.q.val();
        self.a_col.next = self.a_q.q.val().get_bits::<5>(0);
        self.a_row.next = self.a_q.q.val().get_bits::<5>(5);
        self.c_col.next = self.c_q.q.val().get_bits::<5>(0);
        self.c_row.next = self.c_q.q.val().get_bits::<5>(5);
        self.scans.next = self.scans_q.q.val();
        self.scored.next = self.scored_q.q.val();

        // The read port through the overlay: the scan's rows, then the scorer's.
        self.overlay.addr.next = self.t.q.val();
        if self.state.q.val() == BlockState::Score {
            self.overlay.addr.next = self.scorer.rd_addr.val();
        }
        self.rd_addr.next = self.overlay.ram_addr.val();
        self.overlay.ram_data.next = self.rd_data.val();
        self.scan.row.next = self.overlay.data.val();
        // The scorer reads the board itself (the overlay is empty then): the overlay's
        // compares in front of its weights made the block's critical path (23.6 MHz).
        self.scorer.rd_data.next = self.rd_data.val();
        self.scan.side.next = self.side_q.q.val();
        self.scan.first.next = self.t.q.val() == 1_u64;
        self.scan.row_en.next = (self.state.q.val() == BlockState::Scan)
            & (self.t.q.val() >= 1_u64)
            & (self.t.q.val() <= 19_u64);
        self.scorer.start.next = false;
        self.scorer.side.next = self.side_q.q.val();
        self.scorer.cancel.next = self.cancel.val();

        // The scan's first threat of the other side: its empty points, in line order.
        self.pts.dir.next = self.scan.opp_dir.val();
        self.pts.col.next = self.scan.opp_col.val();
        self.pts.row.next = self.scan.opp_row.val();
        self.pts.empties.next = self.scan.opp_empties.val();
        self.en.next = self.pts.n.val();
        self.e[0].next = self.pts.e0.val();
        self.e[1].next = self.pts.e1.val();

        // Board indices of the points tried; the set just scanned in board order.
        for s in 0..SETS {
            self.ppt.next = self.pt[s].q.val();
            self.r9.next = bit_cast::<9, 5>(self.ppt.val().get_bits::<5>(5));
            self.ix[s].next = (self.r9.val() << 4_u64)
                + (self.r9.val() << 1_u64)
                + self.r9.val()
                + bit_cast::<9, 5>(self.ppt.val().get_bits::<5>(0));
        }
        self.xp.next = self.pt[0].q.val();
        if self.xi.q.val() {
            self.xp.next = self.pt[1].q.val();
        }
        self.yp.next = self.pt[2].q.val();
        for s in 0..4 {
            if (self.xi.q.val() == self.k_set[s].val().get_bit(1))
                & (self.yi.q.val() == self.k_set[s].val().get_bit(0))
            {
                self.yp.next = self.pt[s + 2].q.val();
            }
        }
        self.s_n.next = 1_u64.into();
        self.s_a.next = self.xp.val();
        self.s_c.next = 0_u64.into();
        if self.ph.q.val() == 2_u64 {
            self.s_n.next = 2_u64.into();
            self.s_c.next = self.yp.val();
            // x against y in board order: the row, then the column.
            if (self.yp.val().get_bits::<5>(5) < self.xp.val().get_bits::<5>(5))
                | ((self.yp.val().get_bits::<5>(5) == self.xp.val().get_bits::<5>(5))
                    & (self.yp.val().get_bits::<5>(0) < self.xp.val().get_bits::<5>(0)))
            {
                self.s_a.next = self.yp.val();
                self.s_c.next = self.xp.val();
            }
        }

        // The pick: the sets in the race (the singles that block, if any, else the pairs),
        // each keyed by its score, then the first in board order; the best.
        self.any1.next = self.ok[0].q.val() | self.ok[1].q.val();
        self.cnt.next = 0_u64.into();
        for s in 0..SETS {
            self.live[s].next = self.ok[s].q.val();
            self.k_a[s].next = 0_u64.into();
            self.k_c[s].next = 0_u64.into();
            self.key[s].next = 0_u64.into();
        }
        for s in 0..2 {
            self.sy.next = self.sc[s].q.val();
            self.iy.next = self.ix[s].val();
            self.ny.next = !self.iy.val();
            self.k_a[s].next = self.pt[s].q.val();
            self.key[s].next = (bit_cast::<36, SCORE_BITS>(self.sy.val()) << 18_u64)
                | (bit_cast::<36, 9>(self.ny.val()) << 9_u64);
        }
        // x0's pairs, then x1's: {x, y} in board order.
        for s in 2..SETS {
            self.sx.next = self.sc[0].q.val();
            self.ixx.next = self.ix[0].val();
            self.px.next = self.pt[0].q.val();
            if self.k_x1[s].val() {
                self.sx.next = self.sc[1].q.val();
                self.ixx.next = self.ix[1].val();
                self.px.next = self.pt[1].q.val();
            }
            self.sy.next = self.sc[s].q.val();
            self.iy.next = self.ix[s].val();
            self.nx.next = !self.ixx.val();
            self.ny.next = !self.iy.val();
            self.live[s].next = self.ok[s].q.val() & !self.any1.val();
            self.k_a[s].next = self.px.val();
            self.k_c[s].next = self.pt[s].q.val();
            self.key[s].next = ((bit_cast::<36, SCORE_BITS>(self.sx.val())
                + bit_cast::<36, SCORE_BITS>(self.sy.val()))
                << 18_u64)
                | (bit_cast::<36, 9>(self.nx.val()) << 9_u64)
                | bit_cast::<36, 9>(self.ny.val());
            if self.iy.val() < self.ixx.val() {
                self.k_a[s].next = self.pt[s].q.val();
                self.k_c[s].next = self.px.val();
                self.key[s].next = ((bit_cast::<36, SCORE_BITS>(self.sx.val())
                    + bit_cast::<36, SCORE_BITS>(self.sy.val()))
                    << 18_u64)
                    | (bit_cast::<36, 9>(self.ny.val()) << 9_u64)
                    | bit_cast::<36, 9>(self.nx.val());
            }
        }
        self.best.next = 0_u64.into();
        self.have.next = false;
        self.b_n.next = 0_u64.into();
        self.b_a.next = 0_u64.into();
        self.b_c.next = 0_u64.into();
        for s in 0..SETS {
            if self.live[s].val() {
                self.cnt.next = self.cnt.val() + 1_u64;
                if !self.have.val() | (self.key[s].val() > self.best.val()) {
                    self.have.next = true;
                    self.best.next = self.key[s].val();
                    self.b_a.next = self.k_a[s].val();
                    self.b_c.next = self.k_c[s].val();
                }
            }
        }
        self.b_n.next = 2_u64.into();
        if self.any1.val() {
            self.b_n.next = 1_u64.into();
        }

        // The scorer's rows: each point's score as its row passes.
        if (self.state.q.val() == BlockState::Score) & self.scorer.score_valid.val() {
            for s in 0..SETS {
                if self.scorer.score_row.val() == self.pt[s].q.val().get_bits::<5>(5) {
                    for x in 0..SIZE {
                        if self.pt[s].q.val().get_bits::<5>(0) == self.k_idx[x].val() {
                            self.sc[s].d.next =
                                self.scorer.scores.val().get_bits::<SCORE_BITS>(17 * x);
                        }
                    }
                }
            }
        }

        self.overlay.push.next = self.state.q.val() == BlockState::Push;
        self.overlay.pop.next = false;
        self.overlay.clear.next = false;
        self.overlay.push_code.next = self.side_q.q.val();
        self.overlay.push_col.next = self.xp.val().get_bits::<5>(0);
        self.overlay.push_row.next = self.xp.val().get_bits::<5>(5);
        if self.p.q.val() {
            self.overlay.push_col.next = self.yp.val().get_bits::<5>(0);
            self.overlay.push_row.next = self.yp.val().get_bits::<5>(5);
        }

        self.dec.next =
            (self.state.q.val() == BlockState::Scan) & (self.t.q.val() == self.k_last.val());
        self.next_x.next = false;
        match self.state.q.val() {
            BlockState::Idle => {}
            BlockState::Done => {}
            BlockState::Scan => {
                self.t.d.next = self.t.q.val() + 1_u64;
            }
            BlockState::Push => {
                self.p.d.next = true;
                if self.p.q.val() | (self.ph.q.val() == 1_u64) {
                    self.p.d.next = false;
                    self.t.d.next = 0_u64.into();
                    self.state.d.next = BlockState::Scan;
                }
            }
            BlockState::Pick => {
                self.scored_q.d.next = false;
                if self.cnt.val() == 0_u64 {
                    // Lost: the set that left the fewest.
                    self.all_q.d.next = false;
                    self.n_q.d.next = self.l_n.q.val();
                    self.a_q.d.next = self.l_a.q.val();
                    self.c_q.d.next = self.l_c.q.val();
                    self.state.d.next = BlockState::Done;
                } else if self.cnt.val() == 1_u64 {
                    self.n_q.d.next = self.b_n.val();
                    self.a_q.d.next = self.b_a.val();
                    self.c_q.d.next = self.b_c.val();
                    self.state.d.next = BlockState::Done;
                } else {
                    self.scorer.start.next = true;
                    self.scored_q.d.next = true;
                    self.state.d.next = BlockState::Score;
                }
            }
            BlockState::Score => {
                if self.scorer.done.val() {
                    self.n_q.d.next = self.b_n.val();
                    self.a_q.d.next = self.b_a.val();
                    self.c_q.d.next = self.b_c.val();
                    self.state.d.next = BlockState::Done;
                }
            }
        }

        if self.dec.val() {
            // The scan's answer: what the set tried left, and the next set.
            self.overlay.clear.next = true;
            self.t.d.next = 0_u64.into();
            self.p.d.next = false;
            if self.ph.q.val() == 0_u64 {
                self.threats_q.d.next = self.scan.opp_count.val();
                if self.scan.opp_count.val() == 0_u64 {
                    self.n_q.d.next = 0_u64.into();
                    self.state.d.next = BlockState::Done;
                } else {
                    self.pt[0].d.next = self.e[0].val();
                    self.pt[1].d.next = self.e[1].val();
                    self.xn.d.next = self.en.val();
                    self.xi.d.next = false;
                    self.ph.d.next = 1_u64.into();
                    self.state.d.next = BlockState::Push;
                }
            } else {
                if self.scan.opp_count.val() < self.least.q.val() {
                    self.least.d.next = self.scan.opp_count.val();
                    self.l_n.d.next = self.s_n.val();
                    self.l_a.d.next = self.s_a.val();
                    self.l_c.d.next = self.s_c.val();
                }
                if self.ph.q.val() == 1_u64 {
                    if self.scan.opp_count.val() == 0_u64 {
                        if self.xi.q.val() {
                            self.ok[1].d.next = true;
                        } else {
                            self.ok[0].d.next = true;
                        }
                        self.next_x.next = true;
                    } else {
                        // The pairs of x: the first threat left's empty points.
                        if self.xi.q.val() {
                            self.pt[4].d.next = self.e[0].val();
                            self.pt[5].d.next = self.e[1].val();
                            self.yn[1].d.next = self.en.val();
                        } else {
                            self.pt[2].d.next = self.e[0].val();
                            self.pt[3].d.next = self.e[1].val();
                            self.yn[0].d.next = self.en.val();
                        }
                        self.yi.d.next = false;
                        self.ph.d.next = 2_u64.into();
                        self.state.d.next = BlockState::Push;
                    }
                } else {
                    for s in 0..4 {
                        if (self.xi.q.val() == self.k_set[s].val().get_bit(1))
                            & (self.yi.q.val() == self.k_set[s].val().get_bit(0))
                            & (self.scan.opp_count.val() == 0_u64)
                        {
                            self.ok[s + 2].d.next = true;
                        }
                    }
                    self.state.d.next = BlockState::Push;
                    self.yi.d.next = true;
                    if self.yi.q.val() {
                        self.next_x.next = true;
                    } else if self.xi.q.val() {
                        if self.yn[1].q.val() == 1_u64 {
                            self.next_x.next = true;
                        }
                    } else if self.yn[0].q.val() == 1_u64 {
                        self.next_x.next = true;
                    }
                }
            }
            self.scans_q.d.next = self.scans_q.q.val() + 1_u64;
        }
        if self.next_x.val() {
            self.ph.d.next = 1_u64.into();
            self.xi.d.next = true;
            self.state.d.next = BlockState::Push;
            if self.xi.q.val() | (self.xn.q.val() == 1_u64) {
                self.state.d.next = BlockState::Pick;
            }
        }

        if self.start.val()
            & ((self.state.q.val() == BlockState::Idle) | (self.state.q.val() == BlockState::Done))
        {
            self.state.d.next = BlockState::Scan;
            self.side_q.d.next = self.side.val();
            self.t.d.next = 0_u64.into();
            self.ph.d.next = 0_u64.into();
            self.p.d.next = false;
            self.least.d.next = self.k_most.val();
            self.all_q.d.next = true;
            self.n_q.d.next = 0_u64.into();
            self.scans_q.d.next = 0_u64.into();
            self.scored_q.d.next = false;
            for s in 0..SETS {
                self.ok[s].d.next = false;
                self.sc[s].d.next = 0_u64.into();
            }
            self.overlay.clear.next = true;
        }
        if self.cancel.val() {
            self.state.d.next = BlockState::Idle;
            self.overlay.clear.next = true;
        }
    }
}

/// The threat blocker with its own threat scanner and line scorer.
#[derive(LogicBlock, Default)]
pub struct ThreatBlocker {
    pub clock: Signal<In, Clock>,
    /// As [`ThreatBlockerCore`]'s.
    pub start: Signal<In, Bit>,
    pub side: Signal<In, Bits<2>>,
    pub cancel: Signal<In, Bit>,
    pub rd_addr: Signal<Out, Bits<5>>,
    pub rd_data: Signal<In, Bits<38>>,
    pub busy: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    pub threats: Signal<Out, Bits<10>>,
    pub all: Signal<Out, Bit>,
    pub stones: Signal<Out, Bits<2>>,
    pub a_col: Signal<Out, Bits<5>>,
    pub a_row: Signal<Out, Bits<5>>,
    pub c_col: Signal<Out, Bits<5>>,
    pub c_row: Signal<Out, Bits<5>>,
    pub scans: Signal<Out, Bits<3>>,
    pub scored: Signal<Out, Bit>,
    core: ThreatBlockerCore,
    scan: ThreatScannerServer,
    scorer: LineScorerServer,
}

impl Logic for ThreatBlocker {
    #[hdl_gen]
    fn update(&mut self) {
        self.core.clock.next = self.clock.val();
        self.scan.clock.next = self.clock.val();
        self.scorer.clock.next = self.clock.val();
        self.core.start.next = self.start.val();
        self.core.side.next = self.side.val();
        self.core.cancel.next = self.cancel.val();
        self.rd_addr.next = self.core.rd_addr.val();
        self.core.rd_data.next = self.rd_data.val();
        self.busy.next = self.core.busy.val();
        self.done.next = self.core.done.val();
        self.threats.next = self.core.threats.val();
        self.all.next = self.core.all.val();
        self.stones.next = self.core.stones.val();
        self.a_col.next = self.core.a_col.val();
        self.a_row.next = self.core.a_row.val();
        self.c_col.next = self.core.c_col.val();
        self.c_row.next = self.core.c_row.val();
        self.scans.next = self.core.scans.val();
        self.scored.next = self.core.scored.val();

        ThreatScannerPort::join(&mut self.core.scan, &mut self.scan.port);

        LineScorerPort::join(&mut self.core.scorer, &mut self.scorer.port);
    }
}

/// A block's port to a threat blocker outside it (the preparation's, which the threat player
/// shares with its own block step). `active`: the block drives the blocker now.
#[derive(LogicInterface, Default)]
pub struct ThreatBlockerPort {
    pub active: Signal<Out, Bit>,
    pub start: Signal<Out, Bit>,
    pub side: Signal<Out, Bits<2>>,
    pub cancel: Signal<Out, Bit>,
    pub rd_addr: Signal<In, Bits<5>>,
    pub rd_data: Signal<Out, Bits<38>>,
    pub done: Signal<In, Bit>,
    pub all: Signal<In, Bit>,
    pub stones: Signal<In, Bits<2>>,
    pub a_col: Signal<In, Bits<5>>,
    pub a_row: Signal<In, Bits<5>>,
    pub c_col: Signal<In, Bits<5>>,
    pub c_row: Signal<In, Bits<5>>,
}
