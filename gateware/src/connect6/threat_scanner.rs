//! The threat scanner, past the paper: the whole board's threats, for both sides, from one
//! pass over its rows. The paper's modules see only the regions around the opponent's last
//! stones; its losses came from what they miss (its missing edge, wins and threats
//! elsewhere). This block sees all 924 six-point windows, edges and corners included: the
//! first block of the threat player on chip (`docs/connect6.md`, "The threat scanner").
//!
//! ```text
//!  row word (19 points x 2 bits, as the record manager's RAM holds it), one a cycle, rows 0..18
//!    --> own/opponent planes of the row (19 bits each), the five rows before in registers
//!    --> the windows complete at this row: 14 along it; from row 5 on, 19 down the columns
//!        and 14 on each diagonal ending on it (61)
//!    --> per window: a threat of a side (four or more of its stones, none of the other's)
//!    --> per side: the threats counted; the first in scan order kept (direction, first
//!        point, empty points)
//! ```
//!
//! Cycles: one a row ([`CYCLES`], 19); the answer is in the registers the cycle after the
//! last row. Scan order, the model's `threat_scan::scan_key`: the row a window ends on, its
//! direction (`model::connect6::DIRECTIONS`), its first point's column. Rows may come with
//! gaps (`row_en` low); `first` marks row 0 and starts a scan. Model:
//! `model::connect6::threat_scan::scan`.

use crate::common::c;
use model::connect6::{SIZE, WIN_LENGTH};
use rust_hdl::prelude::*;

/// Cycles of a scan: one a row of the board.
pub const CYCLES: u32 = SIZE as u32;
/// Windows complete at a row: 14 along it, 19 down, 14 on each diagonal.
pub const ALONG: usize = SIZE + 1 - WIN_LENGTH;
pub const AT_ROW: usize = ALONG + SIZE + 2 * ALONG;
/// Marks a row gives: 19 points on each of the six rows its windows reach.
pub const MARKS: usize = WIN_LENGTH * SIZE;

#[derive(LogicBlock)]
pub struct ThreatScanner {
    pub clock: Signal<In, Clock>,
    /// A row word (`model::connect6::paper::row_word`: point `c` in bits `2c..2c+1`, 0 empty,
    /// 1 Black, 2 White) is presented; with `first`, it is row 0 and a scan starts.
    pub row_en: Signal<In, Bit>,
    pub first: Signal<In, Bit>,
    pub row: Signal<In, Bits<38>>,
    /// The side to move's stone code (1 Black, 2 White): its threats are `own_*`.
    pub side: Signal<In, Bits<2>>,
    /// All 19 rows seen since the last `first`.
    pub done: Signal<Out, Bit>,
    /// Threat windows of each side so far.
    pub own_count: Signal<Out, Bits<10>>,
    pub opp_count: Signal<Out, Bits<10>>,
    /// Each side's first threat in scan order: its direction, its first point (col, row) and
    /// its empty points (bit `k` for point `k` along the direction).
    pub own_found: Signal<Out, Bit>,
    pub own_dir: Signal<Out, Bits<2>>,
    pub own_col: Signal<Out, Bits<5>>,
    pub own_row: Signal<Out, Bits<5>>,
    pub own_empties: Signal<Out, Bits<6>>,
    pub opp_found: Signal<Out, Bit>,
    pub opp_dir: Signal<Out, Bits<2>>,
    pub opp_col: Signal<Out, Bits<5>>,
    pub opp_row: Signal<Out, Bits<5>>,
    pub opp_empties: Signal<Out, Bits<6>>,
    /// This row's marks (combinational, with the row): the points of the windows complete at
    /// it that hold two or more of the side to move's stones and none of the other's, and are
    /// not its stones (so empty): where two more stones can make a threat. Bit `19 d + col` for
    /// the point `d` rows above this one (0..5). The winning-pair search gathers its
    /// candidates from them (`winning_pair_search`).
    pub marks: Signal<Out, Bits<MARKS>>,
    /// The same for windows of three or more of its stones (and none of the other's): where
    /// one more stone makes a threat.
    pub marks3: Signal<Out, Bits<MARKS>>,
    rows: DFF<Bits<5>>,
    /// The own and opponent planes of the five rows before (index 4 the last).
    po: [DFF<Bits<19>>; 5],
    pp: [DFF<Bits<19>>; 5],
    oc: DFF<Bits<10>>,
    pc: DFF<Bits<10>>,
    of: DFF<Bit>,
    od: DFF<Bits<2>>,
    ocol: DFF<Bits<5>>,
    orow: DFF<Bits<5>>,
    oe: DFF<Bits<6>>,
    pf: DFF<Bit>,
    pd: DFF<Bits<2>>,
    pcol: DFF<Bits<5>>,
    prow: DFF<Bits<5>>,
    pe: DFF<Bits<6>>,
    /// This row's number, the planes, a stone code.
    rr: Signal<Local, Bits<5>>,
    cur_o: Signal<Local, Bits<19>>,
    cur_p: Signal<Local, Bits<19>>,
    code: Signal<Local, Bits<2>>,
    /// Window `j` of the row's 61 (scan order): its own and opponent stones, point `k` in bit `k`.
    wo: [Signal<Local, Bits<6>>; AT_ROW],
    wp: [Signal<Local, Bits<6>>; AT_ROW],
    n_o: Signal<Local, Bits<3>>,
    n_p: Signal<Local, Bits<3>>,
    full: Signal<Local, Bit>,
    t_o: Signal<Local, Bit>,
    t_p: Signal<Local, Bit>,
    /// Window `j` holds two or more of the side to move's stones and none of the other's.
    live: Signal<Local, Bits<AT_ROW>>,
    live3: Signal<Local, Bits<AT_ROW>>,
    mk: Signal<Local, Bits<MARKS>>,
    mk3: Signal<Local, Bits<MARKS>>,
    cnt_o: Signal<Local, Bits<7>>,
    cnt_p: Signal<Local, Bits<7>>,
    /// The row's threats of each side (own in `tv[0]`, bit = window), and their count as a
    /// tree of sums (a chain of 61 increments was a 150 ns path): pairs of bits, then adders
    /// of 3 to 7 bits (side `s`'s sums at `s * n + i`); two operands of a level.
    tv: [Signal<Local, Bits<64>>; 2],
    l1: [Signal<Local, Bits<2>>; 64],
    l2: [Signal<Local, Bits<3>>; 32],
    l3: [Signal<Local, Bits<4>>; 16],
    l4: [Signal<Local, Bits<5>>; 8],
    l5: [Signal<Local, Bits<6>>; 4],
    u2: [Signal<Local, Bits<2>>; 2],
    u3: [Signal<Local, Bits<3>>; 2],
    u4: [Signal<Local, Bits<4>>; 2],
    u5: [Signal<Local, Bits<5>>; 2],
    u6: [Signal<Local, Bits<6>>; 2],
    /// The counts and finds this scan had before this row (none at `first`).
    base_oc: Signal<Local, Bits<10>>,
    base_pc: Signal<Local, Bits<10>>,
    base_of: Signal<Local, Bit>,
    base_pf: Signal<Local, Bit>,
    hit_o: Signal<Local, Bit>,
    hit_p: Signal<Local, Bit>,
    /// Window `j`'s direction, first point's column, how far above this row its first point
    /// is (5 down the columns and on the falling diagonal, else 0), and whether it needs
    /// five rows before (all but those along the row).
    k_dir: [Constant<Bits<2>>; AT_ROW],
    k_col: [Constant<Bits<5>>; AT_ROW],
    k_up: [Constant<Bits<5>>; AT_ROW],
    k_tall: [Constant<Bit>; AT_ROW],
    k_rows: Constant<Bits<5>>,
}

/// A block's port to a threat scanner outside it (the threat blocker's and the winning-pair
/// search's, shared with the threat player's own scan): the scanner's inputs, the counts, the
/// other side's first threat and the marks. `active`: the block drives the scanner now.
#[derive(LogicInterface, Default)]
#[join = "ThreatScannerServe"]
pub struct ThreatScannerPort {
    pub active: Signal<Out, Bit>,
    pub row_en: Signal<Out, Bit>,
    pub first: Signal<Out, Bit>,
    pub row: Signal<Out, Bits<38>>,
    pub side: Signal<Out, Bits<2>>,
    pub own_count: Signal<In, Bits<10>>,
    pub opp_count: Signal<In, Bits<10>>,
    pub opp_dir: Signal<In, Bits<2>>,
    pub opp_col: Signal<In, Bits<5>>,
    pub opp_row: Signal<In, Bits<5>>,
    pub opp_empties: Signal<In, Bits<6>>,
    pub marks: Signal<In, Bits<MARKS>>,
    pub marks3: Signal<In, Bits<MARKS>>,
}

/// The other end of a [`ThreatScannerPort`]: a threat scanner's ports (`active` unused).
#[derive(LogicInterface, Default)]
#[join = "ThreatScannerPort"]
pub struct ThreatScannerServe {
    pub active: Signal<In, Bit>,
    pub row_en: Signal<In, Bit>,
    pub first: Signal<In, Bit>,
    pub row: Signal<In, Bits<38>>,
    pub side: Signal<In, Bits<2>>,
    pub own_count: Signal<Out, Bits<10>>,
    pub opp_count: Signal<Out, Bits<10>>,
    pub opp_dir: Signal<Out, Bits<2>>,
    pub opp_col: Signal<Out, Bits<5>>,
    pub opp_row: Signal<Out, Bits<5>>,
    pub opp_empties: Signal<Out, Bits<6>>,
    pub marks: Signal<Out, Bits<MARKS>>,
    pub marks3: Signal<Out, Bits<MARKS>>,
}

/// A threat scanner behind a port: the scanner of a block that gives its core one of its own.
#[derive(LogicBlock, Default)]
pub struct ThreatScannerServer {
    pub clock: Signal<In, Clock>,
    pub port: ThreatScannerServe,
    scan: ThreatScanner,
}

impl Logic for ThreatScannerServer {
    #[hdl_gen]
    fn update(&mut self) {
        self.scan.clock.next = self.clock.val();
        self.scan.row_en.next = self.port.row_en.val();
        self.scan.first.next = self.port.first.val();
        self.scan.row.next = self.port.row.val();
        self.scan.side.next = self.port.side.val();
        self.port.own_count.next = self.scan.own_count.val();
        self.port.opp_count.next = self.scan.opp_count.val();
        self.port.opp_dir.next = self.scan.opp_dir.val();
        self.port.opp_col.next = self.scan.opp_col.val();
        self.port.opp_row.next = self.scan.opp_row.val();
        self.port.opp_empties.next = self.scan.opp_empties.val();
        self.port.marks.next = self.scan.marks.val();
        self.port.marks3.next = self.scan.marks3.val();
    }
}

impl Default for ThreatScanner {
    fn default() -> Self {
        // Scan order within a row: along it, down the columns, the falling diagonal (1, 1),
        // the rising one (1, -1), each by its first point's column.
        let dir = |j: usize| match j {
            j if j < ALONG => 0,
            j if j < ALONG + SIZE => 1,
            j if j < 2 * ALONG + SIZE => 2,
            _ => 3,
        };
        let col = |j: usize| match dir(j) {
            0 => j,
            1 => j - ALONG,
            2 => j - ALONG - SIZE,
            _ => j - 2 * ALONG - SIZE,
        };
        Self {
            clock: Default::default(),
            row_en: Default::default(),
            first: Default::default(),
            row: Default::default(),
            side: Default::default(),
            done: Default::default(),
            own_count: Default::default(),
            opp_count: Default::default(),
            own_found: Default::default(),
            own_dir: Default::default(),
            own_col: Default::default(),
            own_row: Default::default(),
            own_empties: Default::default(),
            opp_found: Default::default(),
            opp_dir: Default::default(),
            opp_col: Default::default(),
            opp_row: Default::default(),
            opp_empties: Default::default(),
            rows: Default::default(),
            po: Default::default(),
            pp: Default::default(),
            oc: Default::default(),
            pc: Default::default(),
            of: Default::default(),
            od: Default::default(),
            ocol: Default::default(),
            orow: Default::default(),
            oe: Default::default(),
            pf: Default::default(),
            pd: Default::default(),
            pcol: Default::default(),
            prow: Default::default(),
            pe: Default::default(),
            rr: Default::default(),
            cur_o: Default::default(),
            cur_p: Default::default(),
            code: Default::default(),
            wo: std::array::from_fn(|_| Default::default()),
            wp: std::array::from_fn(|_| Default::default()),
            n_o: Default::default(),
            n_p: Default::default(),
            full: Default::default(),
            t_o: Default::default(),
            t_p: Default::default(),
            live: Default::default(),
            live3: Default::default(),
            mk: Default::default(),
            mk3: Default::default(),
            marks: Default::default(),
            marks3: Default::default(),
            cnt_o: Default::default(),
            cnt_p: Default::default(),
            tv: Default::default(),
            l1: std::array::from_fn(|_| Default::default()),
            l2: std::array::from_fn(|_| Default::default()),
            l3: Default::default(),
            l4: Default::default(),
            l5: Default::default(),
            u2: Default::default(),
            u3: Default::default(),
            u4: Default::default(),
            u5: Default::default(),
            u6: Default::default(),
            base_oc: Default::default(),
            base_pc: Default::default(),
            base_of: Default::default(),
            base_pf: Default::default(),
            hit_o: Default::default(),
            hit_p: Default::default(),
            k_dir: std::array::from_fn(|j| c(dir(j) as u64)),
            k_col: std::array::from_fn(|j| c(col(j) as u64)),
            k_up: std::array::from_fn(|j| c(if matches!(dir(j), 1 | 2) { 5 } else { 0 })),
            k_tall: std::array::from_fn(|j| Constant::new(dir(j) != 0)),
            k_rows: c(SIZE as u64),
        }
    }
}

impl Logic for ThreatScanner {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, rows, oc, pc, of, od, ocol, orow, oe, pf, pd, pcol, prow, pe);
        for k in 0..5 {
            self.po[k].clock.next = self.clock.val();
            self.po[k].d.next = self.po[k].q.val();
            self.pp[k].clock.next = self.clock.val();
            self.pp[k].d.next = self.pp[k].q.val();
        }
        self.done.next = self.rows.q.val() == self.k_rows.val();
        self.own_count.next = self.oc.q.val();
        self.opp_count.next = self.pc.q.val();
        self.own_found.next = self.of.q.val();
        self.own_dir.next = self.od.q.val();
        self.own_col.next = self.ocol.q.val();
        self.own_row.next = self.orow.q.val();
        self.own_empties.next = self.oe.q.val();
        self.opp_found.next = self.pf.q.val();
        self.opp_dir.next = self.pd.q.val();
        self.opp_col.next = self.pcol.q.val();
        self.opp_row.next = self.prow.q.val();
        self.opp_empties.next = self.pe.q.val();

        // The row's number and the scan so far (nothing at `first`).
        self.rr.next = self.rows.q.val();
        self.base_oc.next = self.oc.q.val();
        self.base_pc.next = self.pc.q.val();
        self.base_of.next = self.of.q.val();
        self.base_pf.next = self.pf.q.val();
        if self.first.val() {
            self.rr.next = 0_u64.into();
            self.base_oc.next = 0_u64.into();
            self.base_pc.next = 0_u64.into();
            self.base_of.next = false;
            self.base_pf.next = false;
        }

        // The row as two planes seen by `side` (a code 3 never comes: the link refuses it).
        self.cur_o.next = 0_u64.into();
        self.cur_p.next = 0_u64.into();
        for p in 0..19 {
            self.code.next = self.row.val().get_bits::<2>(2 * p);
            self.cur_o.next = self
                .cur_o
                .val()
                .replace_bit(p, self.code.val() == self.side.val());
            self.cur_p.next = self.cur_p.val().replace_bit(
                p,
                (self.code.val() != 0_u64) & (self.code.val() != self.side.val()),
            );
        }

        // The windows complete at this row, point k in bit k: along the row from column c;
        // down column c from row - 5 (point k on row - 5 + k); the falling diagonal from
        // (c, row - 5); the rising one from (c, row), up to the right (point k on row - k).
        for j in 0..AT_ROW {
            self.wo[j].next = 0_u64.into();
            self.wp[j].next = 0_u64.into();
        }
        for j in 0..14 {
            self.wo[j].next = self.cur_o.val().get_bits::<6>(j);
            self.wp[j].next = self.cur_p.val().get_bits::<6>(j);
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

        // Each window's threats: counted, and the first of each side kept in scan order.
        self.full.next = self.rr.val() >= 5_u64;
        self.tv[0].next = 0_u64.into();
        self.tv[1].next = 0_u64.into();
        self.hit_o.next = self.base_of.val();
        self.hit_p.next = self.base_pf.val();
        self.n_o.next = 0_u64.into();
        self.n_p.next = 0_u64.into();
        self.t_o.next = false;
        self.t_p.next = false;
        self.live.next = 0_u64.into();
        self.live3.next = 0_u64.into();
        self.mk.next = 0_u64.into();
        self.mk3.next = 0_u64.into();
        for j in 0..AT_ROW {
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
            self.t_o.next = (self.full.val() | !self.k_tall[j].val())
                & !self.wp[j].val().any()
                & (self.n_o.val() >= 4_u64);
            self.t_p.next = (self.full.val() | !self.k_tall[j].val())
                & !self.wo[j].val().any()
                & (self.n_p.val() >= 4_u64);
            self.live.next = self.live.val().replace_bit(
                j,
                (self.full.val() | !self.k_tall[j].val())
                    & !self.wp[j].val().any()
                    & (self.n_o.val() >= 2_u64),
            );
            self.live3.next = self.live3.val().replace_bit(
                j,
                (self.full.val() | !self.k_tall[j].val())
                    & !self.wp[j].val().any()
                    & (self.n_o.val() >= 3_u64),
            );
            self.tv[0].next = self.tv[0].val().replace_bit(j, self.t_o.val());
            self.tv[1].next = self.tv[1].val().replace_bit(j, self.t_p.val());
            if self.row_en.val() & self.t_o.val() & !self.hit_o.val() {
                self.hit_o.next = true;
                self.od.d.next = self.k_dir[j].val();
                self.ocol.d.next = self.k_col[j].val();
                self.orow.d.next = self.rr.val() - self.k_up[j].val();
                self.oe.d.next = !(self.wo[j].val() | self.wp[j].val());
            }
            if self.row_en.val() & self.t_p.val() & !self.hit_p.val() {
                self.hit_p.next = true;
                self.pd.d.next = self.k_dir[j].val();
                self.pcol.d.next = self.k_col[j].val();
                self.prow.d.next = self.rr.val() - self.k_up[j].val();
                self.pe.d.next = !(self.wo[j].val() | self.wp[j].val());
            }
        }

        // The threats counted, each side by a tree.
        for s in 0..2 {
            for i in 0..32 {
                self.l1[32 * s + i].next = 0_u64.into();
                self.l1[32 * s + i].next = self.l1[32 * s + i]
                    .val()
                    .replace_bit(
                        0,
                        self.tv[s].val().get_bit(2 * i) ^ self.tv[s].val().get_bit(2 * i + 1),
                    )
                    .replace_bit(
                        1,
                        self.tv[s].val().get_bit(2 * i) & self.tv[s].val().get_bit(2 * i + 1),
                    );
            }
            for i in 0..16 {
                self.u2[0].next = self.l1[32 * s + 2 * i].val();
                self.u2[1].next = self.l1[32 * s + 2 * i + 1].val();
                self.l2[16 * s + i].next =
                    bit_cast::<3, 2>(self.u2[0].val()) + bit_cast::<3, 2>(self.u2[1].val());
            }
            for i in 0..8 {
                self.u3[0].next = self.l2[16 * s + 2 * i].val();
                self.u3[1].next = self.l2[16 * s + 2 * i + 1].val();
                self.l3[8 * s + i].next =
                    bit_cast::<4, 3>(self.u3[0].val()) + bit_cast::<4, 3>(self.u3[1].val());
            }
            for i in 0..4 {
                self.u4[0].next = self.l3[8 * s + 2 * i].val();
                self.u4[1].next = self.l3[8 * s + 2 * i + 1].val();
                self.l4[4 * s + i].next =
                    bit_cast::<5, 4>(self.u4[0].val()) + bit_cast::<5, 4>(self.u4[1].val());
            }
            for i in 0..2 {
                self.u5[0].next = self.l4[4 * s + 2 * i].val();
                self.u5[1].next = self.l4[4 * s + 2 * i + 1].val();
                self.l5[2 * s + i].next =
                    bit_cast::<6, 5>(self.u5[0].val()) + bit_cast::<6, 5>(self.u5[1].val());
            }
        }
        self.u6[0].next = self.l5[0].val();
        self.u6[1].next = self.l5[1].val();
        self.cnt_o.next = bit_cast::<7, 6>(self.u6[0].val()) + bit_cast::<7, 6>(self.u6[1].val());
        self.u6[0].next = self.l5[2].val();
        self.u6[1].next = self.l5[3].val();
        self.cnt_p.next = bit_cast::<7, 6>(self.u6[0].val()) + bit_cast::<7, 6>(self.u6[1].val());

        // The live windows' points that are not the side's stones, each as `d` rows up and its
        // column: along the row (0 up, column j + k), down column j and on the falling
        // diagonal (5 - k up), on the rising one (k up).
        for j in 0..14 {
            for k in 0..6 {
                if self.live.val().get_bit(j) & !self.wo[j].val().get_bit(k) {
                    self.mk.next = self.mk.val().replace_bit(j + k, true);
                }
                if self.live3.val().get_bit(j) & !self.wo[j].val().get_bit(k) {
                    self.mk3.next = self.mk3.val().replace_bit(j + k, true);
                }
                if self.live.val().get_bit(33 + j) & !self.wo[33 + j].val().get_bit(k) {
                    self.mk.next = self.mk.val().replace_bit((5 - k) * 19 + j + k, true);
                }
                if self.live3.val().get_bit(33 + j) & !self.wo[33 + j].val().get_bit(k) {
                    self.mk3.next = self.mk3.val().replace_bit((5 - k) * 19 + j + k, true);
                }
                if self.live.val().get_bit(47 + j) & !self.wo[47 + j].val().get_bit(k) {
                    self.mk.next = self.mk.val().replace_bit(k * 19 + j + k, true);
                }
                if self.live3.val().get_bit(47 + j) & !self.wo[47 + j].val().get_bit(k) {
                    self.mk3.next = self.mk3.val().replace_bit(k * 19 + j + k, true);
                }
            }
        }
        for j in 0..19 {
            for k in 0..6 {
                if self.live.val().get_bit(14 + j) & !self.wo[14 + j].val().get_bit(k) {
                    self.mk.next = self.mk.val().replace_bit((5 - k) * 19 + j, true);
                }
                if self.live3.val().get_bit(14 + j) & !self.wo[14 + j].val().get_bit(k) {
                    self.mk3.next = self.mk3.val().replace_bit((5 - k) * 19 + j, true);
                }
            }
        }
        self.marks.next = self.mk.val();
        self.marks3.next = self.mk3.val();

        if self.row_en.val() {
            self.rows.d.next = self.rr.val() + 1_u64;
            for k in 0..4 {
                self.po[k].d.next = self.po[k + 1].q.val();
                self.pp[k].d.next = self.pp[k + 1].q.val();
            }
            self.po[4].d.next = self.cur_o.val();
            self.pp[4].d.next = self.cur_p.val();
            self.oc.d.next = self.base_oc.val() + bit_cast::<10, 7>(self.cnt_o.val());
            self.pc.d.next = self.base_pc.val() + bit_cast::<10, 7>(self.cnt_p.val());
            self.of.d.next = self.hit_o.val();
            self.pf.d.next = self.hit_p.val();
        }
    }
}

/// A threat window's empty points on the board, decoded from the scanner's answer for one side
/// (its direction, first point and empty-point mask): the first and the second in line order
/// (column, row in 10 bits), and how many (one or two). Combinational; the threat blocker
/// decodes the other side's first threat with it, the threat player its own.
#[derive(LogicBlock)]
pub struct ThreatPoints {
    pub dir: Signal<In, Bits<2>>,
    pub col: Signal<In, Bits<5>>,
    pub row: Signal<In, Bits<5>>,
    pub empties: Signal<In, Bits<6>>,
    pub e0: Signal<Out, Bits<10>>,
    pub e1: Signal<Out, Bits<10>>,
    pub n: Signal<Out, Bits<2>>,
    /// Point `k` of the window (column, row).
    pc: Signal<Local, Bits<5>>,
    pr: Signal<Local, Bits<5>>,
    k_idx: [Constant<Bits<5>>; WIN_LENGTH],
}

impl Default for ThreatPoints {
    fn default() -> Self {
        Self {
            dir: Default::default(),
            col: Default::default(),
            row: Default::default(),
            empties: Default::default(),
            e0: Default::default(),
            e1: Default::default(),
            n: Default::default(),
            pc: Default::default(),
            pr: Default::default(),
            k_idx: std::array::from_fn(|i| c(i as u64)),
        }
    }
}

impl Logic for ThreatPoints {
    #[hdl_gen]
    fn update(&mut self) {
        self.n.next = 0_u64.into();
        self.e0.next = 0_u64.into();
        self.e1.next = 0_u64.into();
        self.pc.next = 0_u64.into();
        self.pr.next = 0_u64.into();
        for k in 0..6 {
            self.pc.next = self.col.val() + self.k_idx[k].val();
            self.pr.next = self.row.val();
            if self.dir.val() == 1_u64 {
                self.pc.next = self.col.val();
            }
            if (self.dir.val() == 1_u64) | (self.dir.val() == 2_u64) {
                self.pr.next = self.row.val() + self.k_idx[k].val();
            }
            if self.dir.val() == 3_u64 {
                self.pr.next = self.row.val() - self.k_idx[k].val();
            }
            if self.empties.val().get_bit(k) {
                if self.n.val() == 0_u64 {
                    self.e0.next = bit_cast::<10, 5>(self.pc.val())
                        | (bit_cast::<10, 5>(self.pr.val()) << 5_u64);
                } else {
                    self.e1.next = bit_cast::<10, 5>(self.pc.val())
                        | (bit_cast::<10, 5>(self.pr.val()) << 5_u64);
                }
                self.n.next = self.n.val() + 1_u64;
            }
        }
    }
}
