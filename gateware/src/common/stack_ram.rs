//! A simple dual-port RAM on one clock (a read port and a write port, the read registered)
//! whose owner never reads a word in the cycle it writes it, and says so to yosys: the memory
//! carries `(* no_rw_check *)`.
//!
//! ```text
//!  read_address -->|           |--> read_data (the cycle after read_address)
//!  write_address ->| StackRam  |
//!  write_data ---->|  2^N x W  |
//!  write_enable -->|           |
//! ```
//!
//! Why not rust-hdl's `RAM`: its Verilog asks for the old word when a read and a write meet
//! on one address in one cycle. An ECP5 block RAM's two ports do not promise that, so yosys
//! builds it around the block: a register on every write-data bit and a bypass multiplexer on
//! every read-data bit. On the shogi perft walker's 800-bit candidate stack that was 1,609
//! flip-flops and 728 LUTs (nextpnr's count), all wired to the block RAMs' ports, in the
//! region where router2 stalled (`docs/shogi.md`, "Where router2 stalls").
//!
//! The contract is the owner's: a word read in the cycle it is written is not used. The Rust
//! simulation gives the old word then, as the Verilog simulators do; the hardware may not.

use rust_hdl::prelude::*;
use std::collections::BTreeMap;

#[derive(LogicBlock, Default)]
pub struct StackRam<const W: usize, const N: usize> {
    pub clock: Signal<In, Clock>,
    pub read_address: Signal<In, Bits<N>>,
    pub read_data: Signal<Out, Bits<W>>,
    pub write_address: Signal<In, Bits<N>>,
    pub write_data: Signal<In, Bits<W>>,
    pub write_enable: Signal<In, Bit>,
    _words: BTreeMap<Bits<N>, Bits<W>>,
}

impl<const W: usize, const N: usize> Logic for StackRam<W, N> {
    fn update(&mut self) {
        if self.clock.pos_edge() {
            self.read_data.next = self
                ._words
                .get(&self.read_address.val())
                .copied()
                .unwrap_or_default();
            if self.write_enable.val() {
                self._words
                    .insert(self.write_address.val(), self.write_data.val());
            }
        }
    }

    fn connect(&mut self) {
        self.read_data.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!(
            "\
(* no_rw_check *)
reg [{top}:0] mem [0:{last}];

always @(posedge clock) begin
    read_data <= mem[read_address];
    if (write_enable) begin
        mem[write_address] <= write_data;
    end
end
",
            top = W - 1,
            last = (1usize << N) - 1
        ))
    }
}
