//! The piece cover circuit (paper section 6, Figure 8) with one scanner and one cover RAM: the
//! circuit small enough for the Alchitry Cu's iCE40-HX8K, 19 cycles a table.
//!
//! ```text
//!  board data (9 x 90-bit registers) --rank--> [turn?] --> top-down scanner --+
//!                                                      --> rook cover calc ----+-> (turn back?)
//!                                                                              |     | OR (2nd pass)
//!                                       cover RAM (9 x 360) <--write-----------+-----+
//!                                              `--read: the word to OR into, then the table
//! ```
//!
//! The two-RAM circuit ([`super::PieceCoverCircuit`]) does not fit the HX8K: an iCE40 block
//! RAM is at most 16 bits wide, so each 360-bit cover RAM takes 23 of its 32 blocks. Here one
//! RAM holds the table and one top-down scanner makes both scans: first over the board (cycles
//! 0-8, rank `t`, each rank's word written with the rook cover calculator's moves along it),
//! then over the board turned half a turn with the colours swapped
//! (`model::shogi::cover_scan::turned`), whose moves going down are the board's moves going up
//! (cycles 10-18, the step counter counting the board's ranks down, 8 to 0: the turned
//! board's rank `8 - r` is the board's rank `r`, files reversed; its covers, turned back, are
//! OR-ed into the word of rank `r`, read from the RAM the cycle before). Cycle 9 (the gap)
//! reads the first word the second pass ORs into: the first
//! pass writes it in cycle 8, and a block RAM read in the cycle it is written is not the new
//! word on every FPGA. The rook cover calculator runs in both passes; its moves along the
//! turned rank, turned back, are the same moves, and OR-ing them twice changes nothing. Model:
//! `model::shogi::cover_scan::one_scanner_cover_table`, `ONE_SCANNER_CYCLES`.
//!
//! Ports: as [`super::PieceCoverCircuit`]'s that the `shogi-cover` core uses: load the board
//! data a rank at a time (`wr_en`, `wr_rank`, `wr_data`), pulse `start`; `busy` is high for
//! the 19 cycles; read the table a rank at a time: `rd_covers` holds rank `rd_rank` the cycle
//! after (a RAM read; while busy the circuit reads the RAM itself).

use super::{RookCoverCalculator, Scanner};
use model::shogi::cover_scan::{FAST_CYCLES, ONE_SCANNER_CYCLES};
use rust_hdl::prelude::*;

/// The schedule, from the model's count: a pass a rank a cycle (`FAST_CYCLES`, 9), the gap,
/// the second pass. The step counter `t` counts the first pass up (ranks 0-8), then, with
/// `second` set, counts down from the gap (9) through the second pass's ranks (8-0), so that
/// the rank the scanner reads is `t` itself in both passes.
const GAP: u64 = FAST_CYCLES;
const LAST_RANK: u64 = FAST_CYCLES - 1;
const _: () = assert!(ONE_SCANNER_CYCLES == 2 * FAST_CYCLES + 1 && GAP == 9);

#[derive(LogicBlock)]
pub struct PieceCoverCircuitOneScanner {
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
    board: [DFF<Bits<90>>; 9],
    /// The piece cover table: a rank a word. (Not `table` or `cover`: Verilog keywords.)
    cover_ram: RAM<Bits<360>, 4>,
    /// The step: the rank read (the gap, 9, between the passes).
    t: DFF<Bits<4>>,
    running: DFF<Bit>,
    /// The second pass (and the gap before it).
    second: DFF<Bit>,
    /// The rank word of step `t`, read from the board data the cycle before with the step's
    /// next value (`t_next`): the rank multiplexer's tree ends in a register, and the
    /// scanner's decode starts from one. (Read with `t` itself, the tree and the decode were
    /// one path, 21.9 ns on the iCE40: 45.7 MHz.) The board data is written only between
    /// tables, never in a start's cycle (job control loads before it starts).
    rank_q: DFF<Bits<90>>,
    t_next: Signal<Local, Bits<4>>,
    scanner: Scanner,
    rook: RookCoverCalculator,
    k_rank: [Constant<Bits<4>>; 9],
    /// The gap (9: the first word the second pass ORs into is read) and the last rank (8).
    k_gap: Constant<Bits<4>>,
    k_last_rank: Constant<Bits<4>>,
    /// A square's piece data in the rank word, and the square that file turns into.
    k_off: [Constant<Bits<7>>; 9],
    k_off_turned: [Constant<Bits<7>>; 9],
    k_off40: [Constant<Bits<9>>; 9],
    k_off40_turned: [Constant<Bits<9>>; 9],
    k_owner: Constant<Bits<10>>,
    /// The word the second pass reads, a cycle before it ORs into it: `t - 1`. (The board
    /// rank was `18 - t` with `t` counting up through both passes: that subtraction was the
    /// first 7.8 ns of the 28.5 ns critical path on the iCE40. Counted in a register of its
    /// own beside `t`, yosys's `synth_ice40` gave 726 flip-flops more, 8 x 90 of them on the
    /// rank multiplexer's tree, and the design took 7,801 logic cells of 7,680.)
    rd_at: Signal<Local, Bits<4>>,
    pair: [Signal<Local, Bits<90>>; 4],
    quad: [Signal<Local, Bits<90>>; 2],
    oct: Signal<Local, Bits<90>>,
    rank: Signal<Local, Bits<90>>,
    turned: Signal<Local, Bits<90>>,
    t_sq: Signal<Local, Bits<10>>,
    /// The scan's covers with the moves along the rank, and turned back.
    x: Signal<Local, Bits<360>>,
    x_back: Signal<Local, Bits<360>>,
    t_x: Signal<Local, Bits<40>>,
}

impl Default for PieceCoverCircuitOneScanner {
    fn default() -> Self {
        let k4 = |v: usize| Constant::new((v as u64).into());
        PieceCoverCircuitOneScanner {
            clock: Default::default(),
            wr_en: Default::default(),
            wr_rank: Default::default(),
            wr_data: Default::default(),
            start: Default::default(),
            busy: Default::default(),
            rd_rank: Default::default(),
            rd_covers: Default::default(),
            board: std::array::from_fn(|_| Default::default()),
            cover_ram: Default::default(),
            t: Default::default(),
            running: Default::default(),
            second: Default::default(),
            rank_q: Default::default(),
            t_next: Default::default(),
            scanner: Scanner::top_down(),
            rook: Default::default(),
            k_rank: std::array::from_fn(k4),
            k_gap: Constant::new(GAP.into()),
            k_last_rank: Constant::new(LAST_RANK.into()),
            k_off: std::array::from_fn(|f| Constant::new(((10 * f) as u64).into())),
            k_off_turned: std::array::from_fn(|f| Constant::new(((10 * (8 - f)) as u64).into())),
            k_off40: std::array::from_fn(|f| Constant::new(((40 * f) as u64).into())),
            k_off40_turned: std::array::from_fn(|f| Constant::new(((40 * (8 - f)) as u64).into())),
            k_owner: Constant::new((1_u64 << model::shogi::piece_data::field::OWNER_BIT).into()),
            rd_at: Default::default(),
            pair: Default::default(),
            quad: Default::default(),
            oct: Default::default(),
            rank: Default::default(),
            turned: Default::default(),
            t_sq: Default::default(),
            x: Default::default(),
            x_back: Default::default(),
            t_x: Default::default(),
        }
    }
}

impl Logic for PieceCoverCircuitOneScanner {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, t, running, second, rank_q);
        self.scanner.clock.next = self.clock.val();
        for r in 0..9 {
            self.board[r].clock.next = self.clock.val();
            self.board[r].d.next = self.board[r].q.val();
            if self.wr_en.val() & (self.wr_rank.val() == self.k_rank[r].val()) {
                self.board[r].d.next = self.wr_data.val();
            }
        }
        self.t_next.next = self.t.q.val();
        if self.running.q.val() {
            if self.second.q.val() {
                self.t_next.next = self.t.q.val() - 1_u64;
                if self.t.q.val() == 0_u64 {
                    self.running.d.next = false;
                    self.second.d.next = false;
                }
            } else {
                self.t_next.next = self.t.q.val() + 1_u64;
                if self.t.q.val() == self.k_last_rank.val() {
                    self.second.d.next = true;
                }
            }
        } else if self.start.val() {
            self.running.d.next = true;
            self.second.d.next = false;
            self.t_next.next = 0_u64.into();
        }
        self.t.d.next = self.t_next.val();
        // The rank read for the next step: a balanced tree of 2:1 multiplexers on its bits.
        self.pair[0].next = self.board[0].q.val();
        if self.t_next.val().get_bit(0) {
            self.pair[0].next = self.board[1].q.val();
        }
        self.pair[1].next = self.board[2].q.val();
        if self.t_next.val().get_bit(0) {
            self.pair[1].next = self.board[3].q.val();
        }
        self.pair[2].next = self.board[4].q.val();
        if self.t_next.val().get_bit(0) {
            self.pair[2].next = self.board[5].q.val();
        }
        self.pair[3].next = self.board[6].q.val();
        if self.t_next.val().get_bit(0) {
            self.pair[3].next = self.board[7].q.val();
        }
        self.quad[0].next = self.pair[0].val();
        if self.t_next.val().get_bit(1) {
            self.quad[0].next = self.pair[1].val();
        }
        self.quad[1].next = self.pair[2].val();
        if self.t_next.val().get_bit(1) {
            self.quad[1].next = self.pair[3].val();
        }
        self.oct.next = self.quad[0].val();
        if self.t_next.val().get_bit(2) {
            self.oct.next = self.quad[1].val();
        }
        self.rank_q.d.next = self.oct.val();
        if self.t_next.val().get_bit(3) {
            self.rank_q.d.next = self.board[8].q.val();
        }
        self.rank.next = self.rank_q.q.val();
        // The turned rank: files reversed, the owner of each piece swapped (an empty square
        // stays 0).
        self.turned.next = 0_u64.into();
        for f in 0..9 {
            self.t_sq.next = self
                .rank
                .val()
                .get_bits::<10>(self.k_off_turned[f].val().index());
            if self.t_sq.val().get_bits::<5>(0).any() {
                self.t_sq.next = self.t_sq.val() ^ self.k_owner.val();
            }
            self.turned.next =
                self.turned.val() | (bit_cast::<90, 10>(self.t_sq.val()) << self.k_off[f].val());
        }
        self.scanner.rank.next = self.rank.val();
        if self.second.q.val() {
            self.scanner.rank.next = self.turned.val();
        }
        self.rook.rank.next = self.scanner.rank.val();
        self.scanner.load.next = self.running.q.val() & (self.t.q.val() != self.k_gap.val());
        self.scanner.first.next = (!self.second.q.val() & (self.t.q.val() == 0_u64))
            | (self.second.q.val() & (self.t.q.val() == self.k_last_rank.val()));
        // The rank's covers; in the second pass turned back and OR-ed into the first's word.
        self.x.next = self.scanner.covers.val() | self.rook.covers.val();
        self.x_back.next = 0_u64.into();
        for f in 0..9 {
            self.t_x.next = self
                .x
                .val()
                .get_bits::<40>(self.k_off40_turned[f].val().index());
            self.x_back.next =
                self.x_back.val() | (bit_cast::<360, 40>(self.t_x.val()) << self.k_off40[f].val());
        }
        self.cover_ram.write_clock.next = self.clock.val();
        self.cover_ram.read_clock.next = self.clock.val();
        self.cover_ram.write_address.next = self.t.q.val();
        self.cover_ram.write_data.next = self.x.val();
        if self.second.q.val() {
            self.cover_ram.write_data.next = self.x_back.val() | self.cover_ram.read_data.val();
        }
        self.cover_ram.write_enable.next = self.scanner.load.val();
        self.rd_at.next = self.t.q.val() - 1_u64;
        self.cover_ram.read_address.next = self.rd_rank.val();
        if self.running.q.val() {
            self.cover_ram.read_address.next = self.rd_at.val();
        }
        self.rd_covers.next = self.cover_ram.read_data.val();
        self.busy.next = self.running.q.val();
    }
}
