//! Disc Counter (paper section 3.4): the number of ones in a 64-bit word.
//!
//! ```text
//!  bits[64] --->| DiscCounter |---> count[7]
//! ```
//!
//! Combinational, 0 cycles: a balanced tree of adders (6 levels, widths 1 -> 7), as in the
//! paper's "simple tree based adder". Model: `u64::count_ones`.

use rust_hdl::prelude::*;
use std::fmt::Write;

#[derive(LogicBlock, Default)]
pub struct DiscCounter {
    pub bits: Signal<In, Bits<64>>,
    pub count: Signal<Out, Bits<7>>,
}

impl Logic for DiscCounter {
    fn update(&mut self) {
        self.count.next = (self.bits.val().to_u64().count_ones() as u64).into();
    }
    fn connect(&mut self) {
        self.count.connect();
    }
    fn hdl(&self) -> Verilog {
        let mut v = String::new();
        // Level 0 are the bits; level l has 64 >> l sums of width l + 1.
        for i in 0..32 {
            writeln!(
                v,
                "wire [1:0] s1_{i} = {{1'b0, bits[{}]}} + {{1'b0, bits[{}]}};",
                2 * i,
                2 * i + 1
            )
            .unwrap();
        }
        for l in 2..=6usize {
            for i in 0..(64 >> l) {
                writeln!(
                    v,
                    "wire [{w}:0] s{l}_{i} = {{1'b0, s{p}_{a}}} + {{1'b0, s{p}_{b}}};",
                    w = l,
                    p = l - 1,
                    a = 2 * i,
                    b = 2 * i + 1
                )
                .unwrap();
            }
        }
        writeln!(v, "always @(*) count = s6_0;").unwrap();
        Verilog::Custom(v)
    }
}
