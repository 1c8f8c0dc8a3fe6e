//! The board overlay, past the paper: the record manager's board as the threat player's
//! searches see it, with the stones of the line they are trying put on it (a forcing pair and
//! the block answering it, a blocking or defending set, a pair prepared), without writing the
//! board RAM and undoing it. The searches' read port passes through: the row they ask goes to
//! the RAM, the word that comes back the cycle after leaves with the stack's stones on that
//! row written over it, in the same cycle (no cycle added).
//!
//! ```text
//!  push (column, row, code) / pop / clear --> a stack of STONES stones in registers
//!  addr --> ram_addr;  ram_data (row asked the cycle before) --> for each stone on that row,
//!                                                               its point's code replaced
//!                                                           --> data
//! ```
//!
//! Model: a board with the stones set (`model::connect6::Board::set`, then
//! `model::connect6::paper::row_word`): `sim/tests/connect6_blocks.rs`.

use crate::common::c;
use model::connect6::SIZE;
use rust_hdl::prelude::*;

/// Stones the stack holds: two forcing turns of a pair and its two-stone block.
pub const STONES: usize = 8;

#[derive(LogicBlock)]
pub struct BoardOverlay {
    pub clock: Signal<In, Clock>,
    /// Puts a stone (its point and code: 1 Black, 2 White) on top of the stack (ignored when
    /// full); `pop` takes the top one off (ignored when empty); `clear` empties the stack.
    /// One of them a cycle: `clear` wins, then `pop`.
    pub push: Signal<In, Bit>,
    pub pop: Signal<In, Bit>,
    pub clear: Signal<In, Bit>,
    pub push_col: Signal<In, Bits<5>>,
    pub push_row: Signal<In, Bits<5>>,
    pub push_code: Signal<In, Bits<2>>,
    /// Stones on the stack.
    pub depth: Signal<Out, Bits<4>>,
    /// The searches' read port: the row asked, and the word of the row asked the cycle before
    /// with the stack's stones on it.
    pub addr: Signal<In, Bits<5>>,
    pub data: Signal<Out, Bits<38>>,
    /// The RAM's read port.
    pub ram_addr: Signal<Out, Bits<5>>,
    pub ram_data: Signal<In, Bits<38>>,
    /// The stack: stone `i` (bottom first) and how many.
    sc: [DFF<Bits<5>>; STONES],
    sr: [DFF<Bits<5>>; STONES],
    sk: [DFF<Bits<2>>; STONES],
    n: DFF<Bits<4>>,
    /// The row the arriving word is for.
    last: DFF<Bits<5>>,
    word: Signal<Local, Bits<38>>,
    k_idx: [Constant<Bits<5>>; SIZE],
    k_slot: [Constant<Bits<4>>; STONES],
}

impl Default for BoardOverlay {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            push: Default::default(),
            pop: Default::default(),
            clear: Default::default(),
            push_col: Default::default(),
            push_row: Default::default(),
            push_code: Default::default(),
            depth: Default::default(),
            addr: Default::default(),
            data: Default::default(),
            ram_addr: Default::default(),
            ram_data: Default::default(),
            sc: Default::default(),
            sr: Default::default(),
            sk: Default::default(),
            n: Default::default(),
            last: Default::default(),
            word: Default::default(),
            k_idx: std::array::from_fn(|x| c(x as u64)),
            k_slot: std::array::from_fn(|i| c(i as u64)),
        }
    }
}

impl Logic for BoardOverlay {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, n, last);
        for i in 0..8 {
            self.sc[i].clock.next = self.clock.val();
            self.sc[i].d.next = self.sc[i].q.val();
            self.sr[i].clock.next = self.clock.val();
            self.sr[i].d.next = self.sr[i].q.val();
            self.sk[i].clock.next = self.clock.val();
            self.sk[i].d.next = self.sk[i].q.val();
        }
        self.depth.next = self.n.q.val();
        self.ram_addr.next = self.addr.val();
        self.last.d.next = self.addr.val();

        // The arriving word with the stones on its row, bottom of the stack first (a stone
        // pushed later on the same point wins).
        self.word.next = self.ram_data.val();
        for i in 0..8 {
            for x in 0..19 {
                if (self.k_slot[i].val() < self.n.q.val())
                    & (self.sr[i].q.val() == self.last.q.val())
                    & (self.sc[i].q.val() == self.k_idx[x].val())
                {
                    self.word.next = self
                        .word
                        .val()
                        .replace_bit(2 * x, self.sk[i].q.val().get_bit(0))
                        .replace_bit(2 * x + 1, self.sk[i].q.val().get_bit(1));
                }
            }
        }
        self.data.next = self.word.val();

        // The stack.
        if self.push.val() & (self.n.q.val() < 8_u64) {
            for i in 0..8 {
                if self.n.q.val() == self.k_slot[i].val() {
                    self.sc[i].d.next = self.push_col.val();
                    self.sr[i].d.next = self.push_row.val();
                    self.sk[i].d.next = self.push_code.val();
                }
            }
            self.n.d.next = self.n.q.val() + 1_u64;
        }
        if self.pop.val() & (self.n.q.val() != 0_u64) {
            self.n.d.next = self.n.q.val() - 1_u64;
        }
        if self.clear.val() {
            self.n.d.next = 0_u64.into();
        }
    }
}
