//! The piece cover circuit (paper section 6, Figure 8) on the fast schedule: the board data,
//! both scanners at once, the rook cover calculator, the logical OR calculator and the piece
//! cover table.
//!
//! ```text
//!  board data (9 x 90-bit registers) --rank t------> top-down scanner --+
//!                                    --rank t------> rook cover calc ---+-> cover RAM (td) -+-> logical OR
//!                                    --rank 8 - t--> bottom-up scanner ---> cover RAM (bu) -+   (the table, read
//!                                                                                               a rank a cycle)
//! ```
//!
//! Two schedules, a build option ([`PieceCoverCircuit::fast`], [`PieceCoverCircuit::paper_order`]).
//! The paper's order (`model::shogi::cover_scan::PAPER_ORDER_CYCLES`, 18 cycles): the top-down
//! scan with the rook cover calculator (ranks 1-9, each overwriting its table entry), then the
//! bottom-up scan (ranks 9-1, OR-ed in). The fast schedule,
//! 9 cycles a table (`model::shogi::cover_scan::FAST_CYCLES`): in cycle `t` (0..8) the
//! top-down scanner reads rank `t` and the bottom-up scanner rank `8 - t`, each giving the
//! cover of the rank it reads in that cycle, and the rook cover calculator the moves along
//! rank `t`. As in the paper, each scan writes a cover RAM of its own (9 x 360 bits, a rank a
//! word) and the logical OR is taken when the table is read: a rank of the table is the OR of
//! the two RAMs' words. The paper needs 46 cycles: its scans run one after the other and its
//! OR is a third pass over the two RAMs into a third; here the scans run at once and the OR
//! is on the read port. (The table was 9 x 360 flip-flops, read by 360-bit rank multiplexers
//! in the generator and here: 3,240 wires into every reader, which the ECP5's router could
//! not place; a RAM word is read where it is stored.)
//!
//! Ports: load the board data a rank at a time (`wr_en`, `wr_rank`, `wr_data`), pulse
//! `start`; `busy` is high for the 9 cycles; read the table a rank at a time: `rd_covers`
//! holds rank `rd_rank` the cycle after (a RAM read), `rd_board` the board data's rank at
//! once. Model: `model::shogi::piece_data::cover_table` (the whole table),
//! `model::shogi::cover_scan` (the scans).

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
    /// The table's rank `rd_rank` the cycle after: file `f` in bits `40f..40f+39`.
    pub rd_rank: Signal<In, Bits<4>>,
    pub rd_covers: Signal<Out, Bits<360>>,
    /// The board data's rank `rd_rank` (combinational; ranks 10-16 read rank 9).
    pub rd_board: Signal<Out, Bits<90>>,
    /// The whole board data (square `s` in bits `10s..10s+9`), for the blocks that read it
    /// at once.
    pub board_data: Signal<Out, Bits<810>>,
    /// The rank the top-down scan reads this cycle (rank `t` in the `t`-th cycle after
    /// `start`) and its identities, one-hot (file `f` in bits `40f..40f+39`): the piece info
    /// table's stream, so that the rank multiplexer and the decode are built once.
    pub scan_rank: Signal<Out, Bits<90>>,
    pub scan_ids: Signal<Out, Bits<360>>,
    board: [DFF<Bits<90>>; 9],
    /// The cover RAMs of the top-down scan (with the rook cover calculator) and the
    /// bottom-up scan: a rank a word.
    td_table: RAM<Bits<360>, 4>,
    bu_table: RAM<Bits<360>, 4>,
    t: DFF<Bits<5>>,
    running: DFF<Bit>,
    top_down: Scanner,
    bottom_up: Scanner,
    rook: RookCoverCalculator,
    k_rank: [Constant<Bits<4>>; 9],
    k_step: [Constant<Bits<5>>; 9],
    /// The last cycle: 8 (fast), 17 (paper order).
    k_last: Constant<Bits<5>>,
    /// The cycle the bottom-up scan starts: 0 (fast), 9 (paper order).
    k_bu_start: Constant<Bits<5>>,
    /// The top-down scan's cycles end before this one: 9 (both schedules).
    k_td_end: Constant<Bits<5>>,
    k_last_rank: Constant<Bits<4>>,
    td_on: Signal<Local, Bit>,
    bu_on: Signal<Local, Bit>,
    bt: Signal<Local, Bits<5>>,
    bu_rank: Signal<Local, Bits<4>>,
    // The rank multiplexers' trees.
    td_pair: [Signal<Local, Bits<90>>; 4],
    td_quad: [Signal<Local, Bits<90>>; 2],
    td_oct: Signal<Local, Bits<90>>,
    bu_pair: [Signal<Local, Bits<90>>; 4],
    bu_quad: [Signal<Local, Bits<90>>; 2],
    bu_oct: Signal<Local, Bits<90>>,
    rb_pair: [Signal<Local, Bits<90>>; 4],
    rb_quad: [Signal<Local, Bits<90>>; 2],
    rb_oct: Signal<Local, Bits<90>>,
}

impl Default for PieceCoverCircuit {
    fn default() -> Self {
        PieceCoverCircuit::fast()
    }
}

impl PieceCoverCircuit {
    /// The fast schedule: both scans at once, 9 cycles.
    pub fn fast() -> Self {
        PieceCoverCircuit::new(false)
    }

    /// The paper's order: the top-down scan (with the rook cover calculator), then the
    /// bottom-up scan, 18 cycles.
    pub fn paper_order() -> Self {
        PieceCoverCircuit::new(true)
    }

    fn new(paper: bool) -> Self {
        PieceCoverCircuit {
            clock: Default::default(),
            wr_en: Default::default(),
            wr_rank: Default::default(),
            wr_data: Default::default(),
            start: Default::default(),
            busy: Default::default(),
            rd_rank: Default::default(),
            rd_covers: Default::default(),
            rd_board: Default::default(),
            board_data: Default::default(),
            scan_rank: Default::default(),
            scan_ids: Default::default(),
            board: std::array::from_fn(|_| Default::default()),
            td_table: Default::default(),
            bu_table: Default::default(),
            t: Default::default(),
            running: Default::default(),
            top_down: Scanner::top_down(),
            bottom_up: Scanner::bottom_up(),
            rook: Default::default(),
            k_rank: std::array::from_fn(|r| Constant::new((r as u64).into())),
            k_step: std::array::from_fn(|r| Constant::new((r as u64).into())),
            k_last: Constant::new(if paper { 17_u64 } else { 8 }.into()),
            k_bu_start: Constant::new(if paper { 9_u64 } else { 0 }.into()),
            k_td_end: Constant::new(9_u64.into()),
            k_last_rank: Constant::new(8_u64.into()),
            td_on: Default::default(),
            bu_on: Default::default(),
            bt: Default::default(),
            bu_rank: Default::default(),
            td_pair: Default::default(),
            td_quad: Default::default(),
            td_oct: Default::default(),
            bu_pair: Default::default(),
            bu_quad: Default::default(),
            bu_oct: Default::default(),
            rb_pair: Default::default(),
            rb_quad: Default::default(),
            rb_oct: Default::default(),
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
            if self.wr_en.val() & (self.wr_rank.val() == self.k_rank[r].val()) {
                self.board[r].d.next = self.wr_data.val();
            }
        }
        // The cycles each scan runs, and the bottom-up scan's step `bt` (it reads rank 8 - bt).
        self.td_on.next = self.running.q.val() & (self.t.q.val() < self.k_td_end.val());
        self.bu_on.next = self.running.q.val() & (self.t.q.val() >= self.k_bu_start.val());
        self.bt.next = self.t.q.val() - self.k_bu_start.val();
        // The ranks the scans read: balanced trees of 2:1 multiplexers on the step's bits (a
        // chain of nine compares costs twice the LUTs); past step 8 a scan does not load.
        self.td_pair[0].next = self.board[0].q.val();
        if self.t.q.val().get_bit(0) {
            self.td_pair[0].next = self.board[1].q.val();
        }
        self.td_pair[1].next = self.board[2].q.val();
        if self.t.q.val().get_bit(0) {
            self.td_pair[1].next = self.board[3].q.val();
        }
        self.td_pair[2].next = self.board[4].q.val();
        if self.t.q.val().get_bit(0) {
            self.td_pair[2].next = self.board[5].q.val();
        }
        self.td_pair[3].next = self.board[6].q.val();
        if self.t.q.val().get_bit(0) {
            self.td_pair[3].next = self.board[7].q.val();
        }
        self.td_quad[0].next = self.td_pair[0].val();
        if self.t.q.val().get_bit(1) {
            self.td_quad[0].next = self.td_pair[1].val();
        }
        self.td_quad[1].next = self.td_pair[2].val();
        if self.t.q.val().get_bit(1) {
            self.td_quad[1].next = self.td_pair[3].val();
        }
        self.td_oct.next = self.td_quad[0].val();
        if self.t.q.val().get_bit(2) {
            self.td_oct.next = self.td_quad[1].val();
        }
        self.top_down.rank.next = self.td_oct.val();
        if self.t.q.val().get_bit(3) {
            self.top_down.rank.next = self.board[8].q.val();
        }
        self.bu_pair[0].next = self.board[8].q.val();
        if self.bt.val().get_bit(0) {
            self.bu_pair[0].next = self.board[7].q.val();
        }
        self.bu_pair[1].next = self.board[6].q.val();
        if self.bt.val().get_bit(0) {
            self.bu_pair[1].next = self.board[5].q.val();
        }
        self.bu_pair[2].next = self.board[4].q.val();
        if self.bt.val().get_bit(0) {
            self.bu_pair[2].next = self.board[3].q.val();
        }
        self.bu_pair[3].next = self.board[2].q.val();
        if self.bt.val().get_bit(0) {
            self.bu_pair[3].next = self.board[1].q.val();
        }
        self.bu_quad[0].next = self.bu_pair[0].val();
        if self.bt.val().get_bit(1) {
            self.bu_quad[0].next = self.bu_pair[1].val();
        }
        self.bu_quad[1].next = self.bu_pair[2].val();
        if self.bt.val().get_bit(1) {
            self.bu_quad[1].next = self.bu_pair[3].val();
        }
        self.bu_oct.next = self.bu_quad[0].val();
        if self.bt.val().get_bit(2) {
            self.bu_oct.next = self.bu_quad[1].val();
        }
        self.bottom_up.rank.next = self.bu_oct.val();
        if self.bt.val().get_bit(3) {
            self.bottom_up.rank.next = self.board[0].q.val();
        }
        self.rook.rank.next = self.top_down.rank.val();
        self.scan_rank.next = self.top_down.rank.val();
        self.scan_ids.next = self.top_down.ids.val();
        self.top_down.load.next = self.td_on.val();
        self.bottom_up.load.next = self.bu_on.val();
        self.top_down.first.next = self.t.q.val() == self.k_step[0].val();
        self.bottom_up.first.next = self.bt.val() == self.k_step[0].val();
        // Each scan writes the rank it reads to its cover RAM; the logical OR is on the read.
        self.bu_rank.next = self.k_last_rank.val() - self.bt.val().get_bits::<4>(0);
        self.td_table.write_clock.next = self.clock.val();
        self.td_table.read_clock.next = self.clock.val();
        self.td_table.write_address.next = self.t.q.val().get_bits::<4>(0);
        self.td_table.write_data.next = self.top_down.covers.val() | self.rook.covers.val();
        self.td_table.write_enable.next = self.td_on.val();
        self.td_table.read_address.next = self.rd_rank.val();
        self.bu_table.write_clock.next = self.clock.val();
        self.bu_table.read_clock.next = self.clock.val();
        self.bu_table.write_address.next = self.bu_rank.val();
        self.bu_table.write_data.next = self.bottom_up.covers.val();
        self.bu_table.write_enable.next = self.bu_on.val();
        self.bu_table.read_address.next = self.rd_rank.val();
        self.rd_covers.next = self.td_table.read_data.val() | self.bu_table.read_data.val();
        if self.running.q.val() {
            self.t.d.next = self.t.q.val() + 1_u64;
            if self.t.q.val() == self.k_last.val() {
                self.running.d.next = false;
            }
        } else if self.start.val() {
            self.running.d.next = true;
            self.t.d.next = 0_u64.into();
        }
        self.busy.next = self.running.q.val();
        // The board data's rank read (`rd_rank` 9-15 reads rank 9).
        self.rb_pair[0].next = self.board[0].q.val();
        if self.rd_rank.val().get_bit(0) {
            self.rb_pair[0].next = self.board[1].q.val();
        }
        self.rb_pair[1].next = self.board[2].q.val();
        if self.rd_rank.val().get_bit(0) {
            self.rb_pair[1].next = self.board[3].q.val();
        }
        self.rb_pair[2].next = self.board[4].q.val();
        if self.rd_rank.val().get_bit(0) {
            self.rb_pair[2].next = self.board[5].q.val();
        }
        self.rb_pair[3].next = self.board[6].q.val();
        if self.rd_rank.val().get_bit(0) {
            self.rb_pair[3].next = self.board[7].q.val();
        }
        self.rb_quad[0].next = self.rb_pair[0].val();
        if self.rd_rank.val().get_bit(1) {
            self.rb_quad[0].next = self.rb_pair[1].val();
        }
        self.rb_quad[1].next = self.rb_pair[2].val();
        if self.rd_rank.val().get_bit(1) {
            self.rb_quad[1].next = self.rb_pair[3].val();
        }
        self.rb_oct.next = self.rb_quad[0].val();
        if self.rd_rank.val().get_bit(2) {
            self.rb_oct.next = self.rb_quad[1].val();
        }
        self.rd_board.next = self.rb_oct.val();
        if self.rd_rank.val().get_bit(3) {
            self.rd_board.next = self.board[8].q.val();
        }
        self.board_data.next = (bit_cast::<810, 90>(self.board[0].q.val()) << 0_u64)
            | (bit_cast::<810, 90>(self.board[1].q.val()) << 90_u64)
            | (bit_cast::<810, 90>(self.board[2].q.val()) << 180_u64)
            | (bit_cast::<810, 90>(self.board[3].q.val()) << 270_u64)
            | (bit_cast::<810, 90>(self.board[4].q.val()) << 360_u64)
            | (bit_cast::<810, 90>(self.board[5].q.val()) << 450_u64)
            | (bit_cast::<810, 90>(self.board[6].q.val()) << 540_u64)
            | (bit_cast::<810, 90>(self.board[7].q.val()) << 630_u64)
            | (bit_cast::<810, 90>(self.board[8].q.val()) << 720_u64);
    }
}
