//! A register of a 2-slow circuit: two flip-flop stages where a plain design has one.
//!
//! C-slow retiming (Leiserson, Saxe): give every register of a synchronous loop C stages and
//! the loop computes C independent threads, one per cycle in turn, each seeing exactly the
//! state sequence the one-stage design computes. The point is the next step: with two stages
//! in every register, one stage can move into the logic. A design reads `q` (the second
//! stage: the state of the thread it works on this cycle) everywhere except in the part
//! cut off by a register stage of its own, which reads `q1` (the first stage: the state of
//! the thread it works on next cycle) and registers its result for that thread. The
//! longest path is then the longer of the two halves instead of their sum.
//!
//! `dff_setup!` works as for `DFF`: a register that is not written holds its thread's value
//! (`d = q`, which comes back to `q` two cycles later, on the thread's next turn).

use rust_hdl::prelude::*;

#[derive(Clone, Debug, LogicBlock)]
pub struct Slow2<T: Synth> {
    pub d: Signal<In, T>,
    /// The first stage: the value of the thread after the current one.
    pub q1: Signal<Out, T>,
    /// The second stage: the value of the current thread.
    pub q: Signal<Out, T>,
    pub clock: Signal<In, Clock>,
}

impl<T: Synth> Default for Slow2<T> {
    fn default() -> Self {
        Self {
            d: Signal::default(),
            q1: Signal::default(),
            q: Signal::default(),
            clock: Signal::default(),
        }
    }
}

impl<T: Synth> Logic for Slow2<T> {
    fn update(&mut self) {
        if self.clock.pos_edge() {
            self.q.next = self.q1.val();
            self.q1.next = self.d.val();
        }
    }
    fn connect(&mut self) {
        self.q1.connect();
        self.q.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!(
            "\
initial begin
   q1 = {init:x};
   q = {init:x};
end

always @(posedge clock) begin
   q1 <= d;
   q <= q1;
end
      ",
            init = T::default().verilog()
        ))
    }
    fn timing(&self) -> Vec<TimingInfo> {
        vec![TimingInfo {
            name: "slow2".into(),
            clock: "clock".into(),
            inputs: vec!["d".into()],
            outputs: vec!["q1".into(), "q".into()],
        }]
    }
}
