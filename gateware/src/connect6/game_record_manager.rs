//! The game record manager (Figure 4 of `shared/papers/connect6-fpga.md`): the board in block
//! RAM, a row of 19 points (2 bits each, `model::connect6::paper::row_word`) a word, and what
//! the modules read around a stone, gathered as the rows stream out.
//!
//! ```text
//!  load port (host: a row word) / put (a stone of the side to move: read, write) --> RAM 19 x 38
//!  fetch (col, row): the 15 rows of the stone's region, one a cycle
//!     each row: stone codes -> cells seen by `side` (empty, own, opponent)
//!       --> region row (15 cells from col0)               --> region[450]
//!       --> the 4 lines of 13 through the stone (off the board: edge) --> lines[104]
//!       --> the 5x5 scan window's row                      --> window[50]
//!  scan: the rows from the top until one has an empty point: the first empty point
//! ```
//!
//! Cycles: a fetch 17 ([`FETCH_CYCLES`], the command's and one a row, the RAM a cycle
//! behind), a put 3, a scan 3 + the first empty point's row. The region is the model's
//! `Region::around` (centred on the stone, shifted inside the board), the window
//! `Region::window`; every line point on the board lies in the region's rows, so the lines
//! come from the same 15 reads.
//! Model: `Region::cells`, `skilful_line::lines`, `templates::window_cells`.

use crate::common::{c, mask, StackRam};
use model::connect6::paper::Cell;
use rust_hdl::prelude::*;

/// Cycles from a `fetch` to the first cycle `ready` is high (the model's schedule).
pub const FETCH_CYCLES: u32 = model::connect6::paper::selector::FETCH_CYCLES;

#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum RecordState {
    Idle,
    Fetch,
    Put,
    PutWrite,
    Scan,
}

#[derive(LogicBlock)]
pub struct GameRecordManager {
    pub clock: Signal<In, Clock>,
    /// The host's port: row `load_row` becomes `load_data` (taken while idle).
    pub load_en: Signal<In, Bit>,
    pub load_row: Signal<In, Bits<5>>,
    pub load_data: Signal<In, Bits<38>>,
    /// The side to move's stone code (1 Black, 2 White): its stones are `own`.
    pub side: Signal<In, Bits<2>>,
    /// Commands, one at a time while idle: fetch around (col, row), put a stone of `side` at
    /// (col, row), scan for the first empty point.
    pub fetch: Signal<In, Bit>,
    pub put: Signal<In, Bit>,
    pub scan: Signal<In, Bit>,
    pub col: Signal<In, Bits<5>>,
    pub row: Signal<In, Bits<5>>,
    pub busy: Signal<Out, Bit>,
    /// A fetch's record (valid from `ready` until the next fetch): the region (row by row),
    /// the lines, the window, and the region's and window's top-left points on the board.
    pub ready: Signal<Out, Bit>,
    pub region: Signal<Out, Bits<450>>,
    pub lines: Signal<Out, Bits<104>>,
    pub window: Signal<Out, Bits<50>>,
    pub col0: Signal<Out, Bits<5>>,
    pub row0: Signal<Out, Bits<5>>,
    pub wcol0: Signal<Out, Bits<5>>,
    pub wrow0: Signal<Out, Bits<5>>,
    /// A scan's result: an empty point was found, and where.
    pub found: Signal<Out, Bit>,
    pub first_col: Signal<Out, Bits<5>>,
    pub first_row: Signal<Out, Bits<5>>,
    mem: StackRam<38, 5>,
    state: DFF<RecordState>,
    rk: DFF<Bits<5>>,
    sc: DFF<Bits<5>>,
    sr: DFF<Bits<5>>,
    c0: DFF<Bits<5>>,
    r0: DFF<Bits<5>>,
    wc0: DFF<Bits<5>>,
    wr0: DFF<Bits<5>>,
    rdy: DFF<Bit>,
    rgn: DFF<Bits<450>>,
    lin: DFF<Bits<104>>,
    win: DFF<Bits<50>>,
    fnd: DFF<Bit>,
    fc: DFF<Bits<5>>,
    fr: DFF<Bits<5>>,
    code: Signal<Local, Bits<2>>,
    rc: Signal<Local, Bits<38>>,
    pad: Signal<Local, Bits<62>>,
    r: Signal<Local, Bits<5>>,
    li: Signal<Local, Bits<5>>,
    q: Signal<Local, Bits<5>>,
    c_pt: Signal<Local, Bits<2>>,
    c_diag: Signal<Local, Bits<2>>,
    sh: Signal<Local, Bits<8>>,
    hit: Signal<Local, Bit>,
    lw: Signal<Local, Bits<104>>,
    rs: Signal<Local, Bits<38>>,
    rst: Signal<Local, Bits<38>>,
    rw: Signal<Local, Bits<38>>,
    ps: Signal<Local, Bits<62>>,
    pd: Signal<Local, Bits<62>>,
    /// Masks: region row slot `s`; the row line; line cell `j`; window row `k`; a point.
    k_slot: [Constant<Bits<450>>; 15],
    k_l0: Constant<Bits<104>>,
    k_lc: [Constant<Bits<104>>; 52],
    k_wrow: [Constant<Bits<50>>; 5],
    k_two: Constant<Bits<38>>,
    k_edge_lines: Constant<Bits<104>>,
    k_i: [Constant<Bits<5>>; 19],
    k_i8: [Constant<Bits<8>>; 13],
    /// Shift amounts: 2, 10 and 30 times an index.
    k_2i: [Constant<Bits<8>>; 52],
    k_10i: [Constant<Bits<8>>; 5],
    k_30i: [Constant<Bits<9>>; 15],
    k_empty: Constant<Bits<2>>,
    k_own: Constant<Bits<2>>,
    k_opp: Constant<Bits<2>>,
    k_edges: Constant<Bits<62>>,
    k_last_row: Constant<Bits<5>>,
}

impl Default for GameRecordManager {
    fn default() -> Self {
        let edge6 = (1u64 << 12) - 1;
        Self {
            clock: Default::default(),
            load_en: Default::default(),
            load_row: Default::default(),
            load_data: Default::default(),
            side: Default::default(),
            fetch: Default::default(),
            put: Default::default(),
            scan: Default::default(),
            col: Default::default(),
            row: Default::default(),
            busy: Default::default(),
            ready: Default::default(),
            region: Default::default(),
            lines: Default::default(),
            window: Default::default(),
            col0: Default::default(),
            row0: Default::default(),
            wcol0: Default::default(),
            wrow0: Default::default(),
            found: Default::default(),
            first_col: Default::default(),
            first_row: Default::default(),
            mem: Default::default(),
            state: Default::default(),
            rk: Default::default(),
            sc: Default::default(),
            sr: Default::default(),
            c0: Default::default(),
            r0: Default::default(),
            wc0: Default::default(),
            wr0: Default::default(),
            rdy: Default::default(),
            rgn: Default::default(),
            lin: Default::default(),
            win: Default::default(),
            fnd: Default::default(),
            fc: Default::default(),
            fr: Default::default(),
            code: Default::default(),
            rc: Default::default(),
            pad: Default::default(),
            r: Default::default(),
            li: Default::default(),
            q: Default::default(),
            c_pt: Default::default(),
            c_diag: Default::default(),
            sh: Default::default(),
            hit: Default::default(),
            lw: Default::default(),
            rs: Default::default(),
            rst: Default::default(),
            rw: Default::default(),
            ps: Default::default(),
            pd: Default::default(),
            k_slot: std::array::from_fn(|s| mask(450, |b| b / 30 == s)),
            k_l0: mask(104, |b| b < 26),
            k_lc: std::array::from_fn(|j| mask(104, |b| b / 2 == j)),
            k_wrow: std::array::from_fn(|k| mask(50, |b| b / 10 == k)),
            k_two: c(3),
            k_edge_lines: mask(104, |_| true),
            k_i: std::array::from_fn(|i| c(i as u64)),
            k_i8: std::array::from_fn(|i| c(i as u64)),
            k_2i: std::array::from_fn(|i| c(2 * i as u64)),
            k_10i: std::array::from_fn(|i| c(10 * i as u64)),
            k_30i: std::array::from_fn(|i| c(30 * i as u64)),
            k_empty: c(Cell::Empty.code()),
            k_own: c(Cell::Own.code()),
            k_opp: c(Cell::Opp.code()),
            // Six edge cells on either side of a row's 19.
            k_edges: Constant::new(Bits::<62>::from(edge6) | (Bits::<62>::from(edge6) << 50)),
            k_last_row: c(model::connect6::SIZE as u64 - 1),
        }
    }
}

impl Logic for GameRecordManager {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, state, rk, sc, sr, c0, r0, wc0, wr0, rdy, rgn, lin, win, fnd, fc, fr
        );
        // Every temporary has a value on every path (no latches).
        self.code.next = 0_u64.into();
        self.rc.next = 0_u64.into();
        self.pad.next = 0_u64.into();
        self.r.next = 0_u64.into();
        self.li.next = 0_u64.into();
        self.q.next = 0_u64.into();
        self.c_pt.next = 0_u64.into();
        self.c_diag.next = 0_u64.into();
        self.sh.next = 0_u64.into();
        self.hit.next = false;
        self.lw.next = 0_u64.into();
        self.rs.next = 0_u64.into();
        self.rst.next = 0_u64.into();
        self.rw.next = 0_u64.into();
        self.ps.next = 0_u64.into();
        self.pd.next = 0_u64.into();
        self.mem.clock.next = self.clock.val();
        self.mem.write_enable.next = false;
        self.mem.write_address.next = self.load_row.val();
        self.mem.write_data.next = self.load_data.val();
        self.mem.read_address.next = self.r0.q.val() + self.rk.q.val();

        // The row the RAM gives (read last cycle) as cells seen by `side`, and padded with
        // six edge cells either side (a line's points off the board).
        self.rc.next = 0_u64.into();
        for p in 0..19 {
            self.code.next = self.mem.read_data.val().get_bits::<2>(2 * p);
            if self.code.val() == self.k_empty.val() {
                self.c_pt.next = self.k_empty.val();
            } else if self.code.val() == self.side.val() {
                self.c_pt.next = self.k_own.val();
            } else {
                self.c_pt.next = self.k_opp.val();
            }
            self.rc.next =
                self.rc.val() | (bit_cast::<38, 2>(self.c_pt.val()) << self.k_2i[p].val());
        }
        self.pad.next = self.k_edges.val() | (bit_cast::<62, 38>(self.rc.val()) << 12_u64);

        match self.state.q.val() {
            RecordState::Idle => {
                self.mem.write_enable.next = self.load_en.val();
                if self.fetch.val() {
                    self.state.d.next = RecordState::Fetch;
                    self.rk.d.next = 0_u64.into();
                    self.rdy.d.next = false;
                    self.sc.d.next = self.col.val();
                    self.sr.d.next = self.row.val();
                    // The region: centred, shifted inside the board; the window: centred,
                    // shifted inside the region.
                    self.c0.d.next = 0_u64.into();
                    if self.col.val() > 11_u64 {
                        self.c0.d.next = 4_u64.into();
                    } else if self.col.val() > 7_u64 {
                        self.c0.d.next = self.col.val() - 7_u64;
                    }
                    self.r0.d.next = 0_u64.into();
                    if self.row.val() > 11_u64 {
                        self.r0.d.next = 4_u64.into();
                    } else if self.row.val() > 7_u64 {
                        self.r0.d.next = self.row.val() - 7_u64;
                    }
                    self.wc0.d.next = 0_u64.into();
                    if self.col.val() > 16_u64 {
                        self.wc0.d.next = 14_u64.into();
                    } else if self.col.val() > 2_u64 {
                        self.wc0.d.next = self.col.val() - 2_u64;
                    }
                    self.wr0.d.next = 0_u64.into();
                    if self.row.val() > 16_u64 {
                        self.wr0.d.next = 14_u64.into();
                    } else if self.row.val() > 2_u64 {
                        self.wr0.d.next = self.row.val() - 2_u64;
                    }
                    // Every line point is an edge until its row is read.
                    self.lin.d.next = self.k_edge_lines.val();
                }
                if self.put.val() {
                    self.state.d.next = RecordState::Put;
                    self.sc.d.next = self.col.val();
                    self.sr.d.next = self.row.val();
                }
                if self.scan.val() {
                    self.state.d.next = RecordState::Scan;
                    self.rk.d.next = 0_u64.into();
                    self.fnd.d.next = false;
                    self.fc.d.next = 0_u64.into();
                    self.fr.d.next = 0_u64.into();
                }
            }
            RecordState::Fetch => {
                self.rk.d.next = self.rk.q.val() + 1_u64;
                if self.rk.q.val() != 0_u64 {
                    // Board row r = row0 + rk - 1 is here; its cells from the region's, the
                    // stone's and the window's first column on.
                    self.r.next = self.r0.q.val() + self.rk.q.val() - 1_u64;
                    self.rs.next = self.rc.val() >> (bit_cast::<38, 5>(self.c0.q.val()) << 1_u64);
                    self.rst.next = self.rc.val() >> (bit_cast::<38, 5>(self.sc.q.val()) << 1_u64);
                    self.rw.next = self.rc.val() >> (bit_cast::<38, 5>(self.wc0.q.val()) << 1_u64);
                    self.ps.next = self.pad.val() >> (bit_cast::<62, 5>(self.sc.q.val()) << 1_u64);
                    for s in 0..15 {
                        if self.rk.q.val() == self.k_i[s + 1].val() {
                            self.rgn.d.next = (self.rgn.q.val() & !self.k_slot[s].val())
                                | (bit_cast::<450, 30>(self.rs.val().get_bits::<30>(0))
                                    << self.k_30i[s].val());
                        }
                    }
                    // Its index on the column and diagonal lines: r - (stone row - 6); the
                    // stone's own row is the row line.
                    self.li.next = self.r.val() + 6_u64 - self.sr.q.val();
                    self.lw.next = self.lin.q.val();
                    if self.li.val() == 6_u64 {
                        self.lw.next = (self.lw.val() & !self.k_l0.val())
                            | bit_cast::<104, 26>(self.ps.val().get_bits::<26>(0));
                    }
                    for k in 0..13 {
                        if self.li.val() == self.k_i[k].val() {
                            // Column: the stone's column; diagonal: column + (k - 6); the other
                            // diagonal (its index 12 - k): column - (k - 6).
                            self.c_pt.next = self.rst.val().get_bits::<2>(0);
                            self.lw.next = (self.lw.val() & !self.k_lc[13 + k].val())
                                | (bit_cast::<104, 2>(self.c_pt.val()) << self.k_2i[13 + k].val());
                            self.sh.next =
                                (bit_cast::<8, 5>(self.sc.q.val()) + self.k_i8[k].val()) << 1_u64;
                            self.pd.next = self.pad.val() >> self.sh.val();
                            self.c_diag.next = self.pd.val().get_bits::<2>(0);
                            self.lw.next = (self.lw.val() & !self.k_lc[26 + k].val())
                                | (bit_cast::<104, 2>(self.c_diag.val())
                                    << self.k_2i[26 + k].val());
                            self.sh.next = (bit_cast::<8, 5>(self.sc.q.val())
                                + self.k_i8[12 - k].val())
                                << 1_u64;
                            self.pd.next = self.pad.val() >> self.sh.val();
                            self.c_diag.next = self.pd.val().get_bits::<2>(0);
                            self.lw.next = (self.lw.val() & !self.k_lc[39 + 12 - k].val())
                                | (bit_cast::<104, 2>(self.c_diag.val())
                                    << self.k_2i[39 + 12 - k].val());
                        }
                    }
                    self.lin.d.next = self.lw.val();
                    // The window's rows.
                    self.q.next = self.r.val() - self.wr0.q.val();
                    for k in 0..5 {
                        if self.q.val() == self.k_i[k].val() {
                            self.win.d.next = (self.win.q.val() & !self.k_wrow[k].val())
                                | (bit_cast::<50, 10>(self.rw.val().get_bits::<10>(0))
                                    << self.k_10i[k].val());
                        }
                    }
                }
                if self.rk.q.val() == 15_u64 {
                    self.state.d.next = RecordState::Idle;
                    self.rdy.d.next = true;
                }
            }
            RecordState::Put => {
                self.mem.read_address.next = self.sr.q.val();
                self.state.d.next = RecordState::PutWrite;
            }
            RecordState::PutWrite => {
                self.mem.write_enable.next = true;
                self.mem.write_address.next = self.sr.q.val();
                self.mem.write_data.next = (self.mem.read_data.val()
                    & !(self.k_two.val() << (bit_cast::<38, 5>(self.sc.q.val()) << 1_u64)))
                    | (bit_cast::<38, 2>(self.side.val())
                        << (bit_cast::<38, 5>(self.sc.q.val()) << 1_u64));
                self.state.d.next = RecordState::Idle;
            }
            RecordState::Scan => {
                self.mem.read_address.next = self.rk.q.val();
                self.rk.d.next = self.rk.q.val() + 1_u64;
                if self.rk.q.val() != 0_u64 {
                    self.hit.next = false;
                    for p in 0..19 {
                        if !self.hit.val()
                            & (self.mem.read_data.val().get_bits::<2>(2 * p) == 0_u64)
                        {
                            self.hit.next = true;
                            self.fc.d.next = self.k_i[p].val();
                        }
                    }
                    self.fr.d.next = self.rk.q.val() - 1_u64;
                    if self.hit.val() {
                        self.fnd.d.next = true;
                        self.state.d.next = RecordState::Idle;
                    }
                    if self.rk.q.val() == self.k_last_row.val() + 1_u64 {
                        self.state.d.next = RecordState::Idle;
                    }
                }
            }
        }

        self.busy.next = self.state.q.val() != RecordState::Idle;
        self.ready.next = self.rdy.q.val();
        self.region.next = self.rgn.q.val();
        self.lines.next = self.lin.q.val();
        self.window.next = self.win.q.val();
        self.col0.next = self.c0.q.val();
        self.row0.next = self.r0.q.val();
        self.wcol0.next = self.wc0.q.val();
        self.wrow0.next = self.wr0.q.val();
        self.found.next = self.fnd.q.val();
        self.first_col.next = self.fc.q.val();
        self.first_row.next = self.fr.q.val();
    }
}
