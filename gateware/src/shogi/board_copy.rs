//! A copy of the board data for one group of readers, written from the same rank-wide write
//! bus as the piece cover circuit's (9 x 90 bits, a rank a write; read whole, the cycle
//! after the write like the original). Not a block of the paper: a placement aid.
//!
//! ```text
//!  wr_en, wr_rank, wr_data (90) --+--> piece cover circuit's board data (the scanners)
//!                                 +--> BoardCopy (king walkers)       --> board (810)
//!                                 +--> BoardCopy (generator)          --> board (810)
//!                                 +--> ...
//! ```
//!
//! Why: every bit of the board data had about eight readers (the scanners' and the
//! generator's rank multiplexers, the king walkers' lines, the piece info table, the perft
//! walker's rank reads) spread over the chip, and those 810 x 8 nets were much of the region
//! where nextpnr's router2 stalled (`docs/shogi.md`, "Where router2 stalls"). A copy near each
//! reader group is fed by the 95 wires of the write bus instead, for 810 flip-flops with clock
//! enables and no LUTs. yosys merges registers that have the same inputs, so a copy must be an
//! instance whose name starts with `kept_`: the flow marks those modules `keep_hierarchy`
//! (`board_common::flow::synth_script`).

use super::{c, mask, offsets};
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct BoardCopy {
    pub clock: Signal<In, Clock>,
    pub wr_en: Signal<In, Bit>,
    pub wr_rank: Signal<In, Bits<4>>,
    pub wr_data: Signal<In, Bits<90>>,
    /// The board data: square `s` in bits `10s..10s+9`.
    pub board: Signal<Out, Bits<810>>,
    // One 810-bit register, not nine rank registers joined by shifts: the output is then a
    // register, which Verilator reads in place, where a joined expression is recomputed at
    // every one of its hundreds of readers (it made the simulated board fifteen times slower).
    // The hardware is the same: 810 flip-flops, a clock enable per rank.
    brd: DFF<Bits<810>>,
    k_rank: [Constant<Bits<4>>; 9],
    k_off: [Constant<Bits<10>>; 9],
    k_keep: [Constant<Bits<810>>; 9],
}

impl Default for BoardCopy {
    fn default() -> Self {
        BoardCopy {
            clock: Default::default(),
            wr_en: Default::default(),
            wr_rank: Default::default(),
            wr_data: Default::default(),
            board: Default::default(),
            brd: Default::default(),
            k_rank: std::array::from_fn(|r| c(r as u64)),
            k_off: offsets(90),
            k_keep: std::array::from_fn(|r| mask(810, |b| b / 90 != r)),
        }
    }
}

impl Logic for BoardCopy {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, brd);
        for r in 0..9 {
            if self.wr_en.val() & (self.wr_rank.val() == self.k_rank[r].val()) {
                self.brd.d.next = (self.brd.q.val() & self.k_keep[r].val())
                    | (bit_cast::<810, 90>(self.wr_data.val()) << self.k_off[r].val());
            }
        }
        self.board.next = self.brd.q.val();
    }
}
