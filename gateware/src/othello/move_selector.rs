//! Move Selector (paper section 3.3): the first legal move in the paper's square order.
//!
//! ```text
//!                +--------------+----> pick[64]  one-hot move (0 when moves == 0)
//!  moves[64] --->| MoveSelector |----> sq[6]     its square number
//!                +--------------+----> valid     moves != 0
//! ```
//!
//! Combinational, 0 cycles. As in the paper (Figures 13-14, Table 5): an input converter
//! permutes the 64 move bits into priority order (wires only), a priority selector finds the
//! first set bit, and an output converter maps it back to its square. The paper builds the
//! priority selector from a tree of 4-input selectors; here it is `r & -r`, which keeps the
//! lowest set bit using the FPGA's carry chain, and the output is one-hot so that the disc
//! flipper needs no decoder. The order is a build parameter (`model::othello::order`).
//! Model: `model::othello::order::first_in_order`.

use rust_hdl::prelude::*;
use std::fmt::Write;

#[derive(LogicBlock)]
pub struct MoveSelector {
    pub moves: Signal<In, Bits<64>>,
    pub pick: Signal<Out, Bits<64>>,
    pub sq: Signal<Out, Bits<6>>,
    pub valid: Signal<Out, Bit>,
    _order: [u8; 64],
}

impl MoveSelector {
    /// `order`: the 64 squares, best first.
    pub fn new(order: [u8; 64]) -> Self {
        let mut seen = [false; 64];
        for &s in &order {
            assert!(
                s < 64 && !seen[s as usize],
                "move order must be a permutation of 0..64"
            );
            seen[s as usize] = true;
        }
        MoveSelector {
            moves: Default::default(),
            pick: Default::default(),
            sq: Default::default(),
            valid: Default::default(),
            _order: order,
        }
    }

    /// The paper's order (Figure 10).
    pub fn paper() -> Self {
        Self::new(model::othello::order::paper_order())
    }
}

impl Logic for MoveSelector {
    fn update(&mut self) {
        let m = self.moves.val().to_u64();
        let first = self
            ._order
            .iter()
            .map(|&s| s as u32)
            .find(|&s| m >> s & 1 == 1);
        self.valid.next = first.is_some();
        self.pick.next = first.map(|s| 1u64 << s).unwrap_or(0).into();
        self.sq.next = (first.unwrap_or(0) as u64).into();
    }
    fn connect(&mut self) {
        self.pick.connect();
        self.sq.connect();
        self.valid.connect();
    }
    fn hdl(&self) -> Verilog {
        let mut v = String::new();
        // Input converter: r[k] = moves[order[k]].
        let bits: Vec<String> = self
            ._order
            .iter()
            .rev()
            .map(|s| format!("moves[{s}]"))
            .collect();
        writeln!(v, "wire [63:0] r = {{{}}};", bits.join(", ")).unwrap();
        writeln!(v, "wire [63:0] first = r & (~r + 64'd1);").unwrap();
        writeln!(v, "always @(*) begin").unwrap();
        // Output converter: back to squares.
        for (k, s) in self._order.iter().enumerate() {
            writeln!(v, "    pick[{s}] = first[{k}];").unwrap();
        }
        for b in 0..6 {
            let terms: Vec<String> = (0..64u32)
                .filter(|s| s >> b & 1 == 1)
                .map(|s| format!("pick[{s}]"))
                .collect();
            writeln!(v, "    sq[{b}] = {};", terms.join(" | ")).unwrap();
        }
        writeln!(v, "    valid = |moves;\nend").unwrap();
        Verilog::Custom(v)
    }
}
