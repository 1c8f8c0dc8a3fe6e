//! The binary arbitration tree (paper section 4.3): 63 two-input arbiters in 6 levels pick
//! one square out of the 64 receivers' 3-bit bids.
//!
//! ```text
//!  bid2/bid1/bid0 [64 squares x 3 bits] --> 32 -> 16 -> 8 -> 4 -> 2 -> 1 --> square, priority
//! ```
//!
//! Combinational, 0 cycles. Each arbiter passes on the higher bid and its square; on equal
//! bids the left input (the lower square) wins, so the tree yields the highest bid on the
//! lowest square. Model: `model::chess::generator` (its `arbitrate`). The tree is a heap:
//! node `n` has children `2n+1` and `2n+2`, square `s` is leaf `63 + s`.

use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct ArbiterTree {
    /// Every square's bid as three planes (bit 2, bit 1, bit 0); 0 = no bid.
    pub bid2: Signal<In, Bits<64>>,
    pub bid1: Signal<In, Bits<64>>,
    pub bid0: Signal<In, Bits<64>>,
    /// The winning square and its bid (0 = nobody bid).
    pub square: Signal<Out, Bits<6>>,
    pub winner_bid: Signal<Out, Bits<3>>,
    k_square: [Constant<Bits<6>>; 64],
    pr: [Signal<Local, Bits<3>>; 127],
    ix: [Signal<Local, Bits<6>>; 127],
}

impl Default for ArbiterTree {
    fn default() -> Self {
        ArbiterTree {
            bid2: Default::default(),
            bid1: Default::default(),
            bid0: Default::default(),
            square: Default::default(),
            winner_bid: Default::default(),
            k_square: std::array::from_fn(|s| Constant::new((s as u64).into())),
            pr: std::array::from_fn(|_| Default::default()),
            ix: std::array::from_fn(|_| Default::default()),
        }
    }
}

impl Logic for ArbiterTree {
    #[hdl_gen]
    fn update(&mut self) {
        for s in 0..64 {
            self.pr[63 + s].next = 0_u64.into();
            if self.bid2.val().get_bit(self.k_square[s].val().index()) {
                self.pr[63 + s].next = self.pr[63 + s].val() | 4_u64;
            }
            if self.bid1.val().get_bit(self.k_square[s].val().index()) {
                self.pr[63 + s].next = self.pr[63 + s].val() | 2_u64;
            }
            if self.bid0.val().get_bit(self.k_square[s].val().index()) {
                self.pr[63 + s].next = self.pr[63 + s].val() | 1_u64;
            }
            self.ix[63 + s].next = self.k_square[s].val();
        }
        for k in 0..63 {
            if self.pr[2 * (62 - k) + 2].val() > self.pr[2 * (62 - k) + 1].val() {
                self.pr[62 - k].next = self.pr[2 * (62 - k) + 2].val();
                self.ix[62 - k].next = self.ix[2 * (62 - k) + 2].val();
            } else {
                self.pr[62 - k].next = self.pr[2 * (62 - k) + 1].val();
                self.ix[62 - k].next = self.ix[2 * (62 - k) + 1].val();
            }
        }
        self.square.next = self.ix[0].val();
        self.winner_bid.next = self.pr[0].val();
    }
}
