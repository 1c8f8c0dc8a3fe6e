//! The piece cover circuit (paper section 6, Figure 8) on the fast schedule: the board data,
//! both scanners at once, the rook cover calculator, the logical OR calculator and the piece
//! cover table.
//!
//! ```text
//!  board data (9 x 90-bit registers) --rank t------> top-down scanner --+
//!                                    --rank t------> rook cover calc ---+--> logical OR --> piece cover
//!                                    --rank 8 - t--> bottom-up scanner -+                   table (9 x 360)
//! ```
//!
//! 9 cycles a table (`model::shogi::cover_scan::FAST_CYCLES`): in cycle `t` (0..8) the
//! top-down scanner reads rank `t` and the bottom-up scanner rank `8 - t`, each giving the
//! cover of the rank it reads in that cycle, and the rook cover calculator the moves along
//! rank `t`. Each rank's table entry is written twice: first by the scan that reaches it first
//! (ranks 1-5 by the top-down scan, ranks 6-9 by the bottom-up one), which overwrites the old
//! table, then OR-ed by the other (rank 5 by both in one cycle). The paper needs 46 cycles: its
//! scans run one after the other and its OR is a third pass over two cover RAMs (27 x 360
//! bits); here the table is registers, written as the scans go.
//!
//! Ports: load the board data a rank at a time (`wr_en`, `wr_rank`, `wr_data`), pulse
//! `start`; `busy` is high for the 9 cycles; read the table a rank at a time (`rd_rank` ->
//! `rd_covers`, combinational). Model: `model::shogi::piece_data::cover_table` (the whole
//! table), `model::shogi::cover_scan` (the scans).

use super::{RookCoverCalculator, Scanner};
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct PieceCoverCircuit {
    pub clock: Signal<In, Clock>,
    /// Write `wr_data` to board data rank `wr_rank` (0 = rank 1).
    pub wr_en: Signal<In, Bit>,
    pub wr_rank: Signal<In, Bits<4>>,
    pub wr_data: Signal<In, Bits<90>>,
    /// Compute the table from the board data (ignored while busy).
    pub start: Signal<In, Bit>,
    pub busy: Signal<Out, Bit>,
    /// The table's rank `rd_rank`: file `f` in bits `40f..40f+39`.
    pub rd_rank: Signal<In, Bits<4>>,
    pub rd_covers: Signal<Out, Bits<360>>,
    board: [DFF<Bits<90>>; 9],
    table: [DFF<Bits<360>>; 9],
    t: DFF<Bits<4>>,
    running: DFF<Bit>,
    top_down: Scanner,
    bottom_up: Scanner,
    rook: RookCoverCalculator,
    k_rank: [Constant<Bits<4>>; 9],
    k_last: Constant<Bits<4>>,
    k_first: Constant<Bits<4>>,
    new: [Signal<Local, Bits<360>>; 9],
}

impl Default for PieceCoverCircuit {
    fn default() -> Self {
        PieceCoverCircuit {
            clock: Default::default(),
            wr_en: Default::default(),
            wr_rank: Default::default(),
            wr_data: Default::default(),
            start: Default::default(),
            busy: Default::default(),
            rd_rank: Default::default(),
            rd_covers: Default::default(),
            board: std::array::from_fn(|_| Default::default()),
            table: std::array::from_fn(|_| Default::default()),
            t: Default::default(),
            running: Default::default(),
            top_down: Scanner::top_down(),
            bottom_up: Scanner::bottom_up(),
            rook: Default::default(),
            k_rank: std::array::from_fn(|r| Constant::new((r as u64).into())),
            k_last: Constant::new(8_u64.into()),
            k_first: Constant::new(0_u64.into()),
            new: std::array::from_fn(|_| Default::default()),
        }
    }
}

impl Logic for PieceCoverCircuit {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, t, running);
        self.top_down.clock.next = self.clock.val();
        self.bottom_up.clock.next = self.clock.val();
        for r in 0..9 {
            self.board[r].clock.next = self.clock.val();
            self.board[r].d.next = self.board[r].q.val();
            self.table[r].clock.next = self.clock.val();
            self.table[r].d.next = self.table[r].q.val();
            if self.wr_en.val() & (self.wr_rank.val() == self.k_rank[r].val()) {
                self.board[r].d.next = self.wr_data.val();
            }
        }
        // The ranks the scanners read in cycle t.
        self.top_down.rank.next = 0_u64.into();
        self.bottom_up.rank.next = 0_u64.into();
        for r in 0..9 {
            if self.t.q.val() == self.k_rank[r].val() {
                self.top_down.rank.next = self.board[r].q.val();
                self.bottom_up.rank.next = self.board[8 - r].q.val();
            }
        }
        self.rook.rank.next = self.top_down.rank.val();
        self.top_down.load.next = self.running.q.val();
        self.bottom_up.load.next = self.running.q.val();
        self.top_down.first.next = self.t.q.val() == self.k_first.val();
        self.bottom_up.first.next = self.t.q.val() == self.k_first.val();
        // The logical OR: the first scan to reach a rank overwrites it, the second ORs.
        for r in 0..9 {
            self.new[r].next = self.table[r].q.val();
        }
        for r in 0..5 {
            if self.t.q.val() == self.k_rank[r].val() {
                self.new[r].next = self.top_down.covers.val() | self.rook.covers.val();
            }
            if self.t.q.val() == self.k_rank[8 - r].val() {
                self.new[r].next = self.new[r].val() | self.bottom_up.covers.val();
            }
        }
        for r in 5..9 {
            if self.t.q.val() == self.k_rank[8 - r].val() {
                self.new[r].next = self.bottom_up.covers.val();
            }
            if self.t.q.val() == self.k_rank[r].val() {
                self.new[r].next =
                    self.new[r].val() | self.top_down.covers.val() | self.rook.covers.val();
            }
        }
        if self.running.q.val() {
            for r in 0..9 {
                self.table[r].d.next = self.new[r].val();
            }
            self.t.d.next = self.t.q.val() + 1_u64;
            if self.t.q.val() == self.k_last.val() {
                self.running.d.next = false;
            }
        } else if self.start.val() {
            self.running.d.next = true;
            self.t.d.next = 0_u64.into();
        }
        self.busy.next = self.running.q.val();
        self.rd_covers.next = 0_u64.into();
        for r in 0..9 {
            if self.rd_rank.val() == self.k_rank[r].val() {
                self.rd_covers.next = self.table[r].q.val();
            }
        }
    }
}
