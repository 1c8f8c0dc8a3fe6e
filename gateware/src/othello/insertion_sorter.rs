//! Insertion Sorter: the fastest-first move list (the paper's future work, section 5), one
//! stable insertion per cycle.
//!
//! ```text
//!  squares[192], mobs[192] -->+-----------------+----> new_squares[192]
//!  count[6] ------------------>| InsertionSorter |----> new_mobs[192]
//!  sq[6], mob[6] ------------->+-----------------+
//! ```
//!
//! Combinational, 0 cycles. `squares` holds up to 32 squares (6 bits each, entry 0 in bits 5..0),
//! `mobs` their keys (the opponent's replies, corner replies twice:
//! `model::othello::order::ff_key`), sorted ascending; `count` entries are valid. The new
//! move `(sq, mob)` goes after every entry whose key is `<= mob` (so ties keep evaluation
//! order), the later entries move up one place. One comparator per entry and a one-level
//! mux per entry: no chain through the list, so the block is as fast at 32 entries as at 4.
//! The solver's `Eval` state feeds it one evaluated move per cycle. Model:
//! `model::othello::order::by_mobility` (a stable sort of the evaluated moves).

use rust_hdl::prelude::*;

/// Entries the list holds.
pub const LIST_LEN: usize = 32;
/// Bits of the list (and of the reply counts): 32 entries of 6 bits.
pub const LIST_BITS: usize = LIST_LEN * 6;

#[derive(LogicBlock)]
pub struct InsertionSorter {
    pub squares: Signal<In, Bits<LIST_BITS>>,
    pub mobs: Signal<In, Bits<LIST_BITS>>,
    pub count: Signal<In, Bits<6>>,
    pub sq: Signal<In, Bits<6>>,
    pub mob: Signal<In, Bits<6>>,
    pub new_squares: Signal<Out, Bits<LIST_BITS>>,
    pub new_mobs: Signal<Out, Bits<LIST_BITS>>,
    valid: Signal<Local, Bits<64>>,
    keep: Signal<Local, Bits<32>>,
    prev_keep: Signal<Local, Bit>,
    prev_sq: Signal<Local, Bits<6>>,
    prev_mob: Signal<Local, Bits<6>>,
    e_sq: Signal<Local, Bits<6>>,
    e_mob: Signal<Local, Bits<6>>,
    one: Constant<Bits<64>>,
}

impl Default for InsertionSorter {
    fn default() -> Self {
        InsertionSorter {
            squares: Default::default(),
            mobs: Default::default(),
            count: Default::default(),
            sq: Default::default(),
            mob: Default::default(),
            new_squares: Default::default(),
            new_mobs: Default::default(),
            valid: Default::default(),
            keep: Default::default(),
            prev_keep: Default::default(),
            prev_sq: Default::default(),
            prev_mob: Default::default(),
            e_sq: Default::default(),
            e_mob: Default::default(),
            one: Constant::new(1_u64.into()),
        }
    }
}

impl Logic for InsertionSorter {
    #[hdl_gen]
    fn update(&mut self) {
        // keep[i]: entry i is valid and not worse than the new move, so it stays in place.
        self.valid.next = (self.one.val() << self.count.val()) - 1_u64;
        self.keep.next = 0_u64.into();
        for i in 0..32 {
            if self.valid.val().get_bit(i)
                & (self.mobs.val().get_bits::<6>(i * 6) <= self.mob.val())
            {
                self.keep.next = self.keep.val().replace_bit(i, true);
            }
        }
        // Entry i of the new list: the old entry i (kept), the new move (the first place not
        // kept), or the old entry i - 1 (moved up). Built from the top, so entry 0 ends at the
        // bottom.
        self.new_squares.next = 0_u64.into();
        self.new_mobs.next = 0_u64.into();
        self.prev_keep.next = true;
        self.prev_sq.next = 0_u64.into();
        self.prev_mob.next = 0_u64.into();
        for i in 0..32 {
            if self.keep.val().get_bit(i) {
                self.e_sq.next = self.squares.val().get_bits::<6>(i * 6);
                self.e_mob.next = self.mobs.val().get_bits::<6>(i * 6);
            } else if self.prev_keep.val() {
                self.e_sq.next = self.sq.val();
                self.e_mob.next = self.mob.val();
            } else {
                self.e_sq.next = self.prev_sq.val();
                self.e_mob.next = self.prev_mob.val();
            }
            self.new_squares.next = (self.new_squares.val() >> 6_u64)
                | (bit_cast::<LIST_BITS, 6>(self.e_sq.val()) << 186_u64);
            self.new_mobs.next = (self.new_mobs.val() >> 6_u64)
                | (bit_cast::<LIST_BITS, 6>(self.e_mob.val()) << 186_u64);
            self.prev_keep.next = self.keep.val().get_bit(i);
            self.prev_sq.next = self.squares.val().get_bits::<6>(i * 6);
            self.prev_mob.next = self.mobs.val().get_bits::<6>(i * 6);
        }
    }
}
