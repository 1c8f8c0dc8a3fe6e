//! A copy of the board data for one group of readers, written from the same rank-wide write
//! bus as the piece cover circuit's (9 x 90 bits, a rank a write; read whole, the cycle
//! after the write like the original). Not a block of the paper: a placement aid.
//!
//! ```text
//!  wr_en, wr_rank, wr_data (90) --+--> piece cover circuit's board data (the scanners)
//!                                 +--> BoardCopy (piece info table)   --> board (810)
//!                                 +--> BoardCopy (king walkers)       --> board (810)
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

use super::c;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct BoardCopy {
    pub clock: Signal<In, Clock>,
    pub wr_en: Signal<In, Bit>,
    pub wr_rank: Signal<In, Bits<4>>,
    pub wr_data: Signal<In, Bits<90>>,
    /// The board data: square `s` in bits `10s..10s+9`.
    pub board: Signal<Out, Bits<810>>,
    rank: [DFF<Bits<90>>; 9],
    k_rank: [Constant<Bits<4>>; 9],
}

impl Default for BoardCopy {
    fn default() -> Self {
        BoardCopy {
            clock: Default::default(),
            wr_en: Default::default(),
            wr_rank: Default::default(),
            wr_data: Default::default(),
            board: Default::default(),
            rank: Default::default(),
            k_rank: std::array::from_fn(|r| c(r as u64)),
        }
    }
}

impl Logic for BoardCopy {
    #[hdl_gen]
    fn update(&mut self) {
        for r in 0..9 {
            self.rank[r].clock.next = self.clock.val();
            self.rank[r].d.next = self.rank[r].q.val();
            if self.wr_en.val() & (self.wr_rank.val() == self.k_rank[r].val()) {
                self.rank[r].d.next = self.wr_data.val();
            }
        }
        self.board.next = bit_cast::<810, 90>(self.rank[0].q.val())
            | (bit_cast::<810, 90>(self.rank[1].q.val()) << 90_u64)
            | (bit_cast::<810, 90>(self.rank[2].q.val()) << 180_u64)
            | (bit_cast::<810, 90>(self.rank[3].q.val()) << 270_u64)
            | (bit_cast::<810, 90>(self.rank[4].q.val()) << 360_u64)
            | (bit_cast::<810, 90>(self.rank[5].q.val()) << 450_u64)
            | (bit_cast::<810, 90>(self.rank[6].q.val()) << 540_u64)
            | (bit_cast::<810, 90>(self.rank[7].q.val()) << 630_u64)
            | (bit_cast::<810, 90>(self.rank[8].q.val()) << 720_u64);
    }
}
