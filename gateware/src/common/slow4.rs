//! A register of a 4-slow circuit: four flip-flop stages where a plain design has one.
//!
//! C-slow retiming (Leiserson, Saxe): give every register of a synchronous loop C stages and
//! the loop computes C independent threads, one per cycle in turn, each seeing exactly the
//! state sequence the one-stage design computes. The point is the next step: with four
//! stages in every register, three of them can move into the logic. A design reads `q` (the
//! last stage: the state of the thread it works on this cycle) everywhere except in the parts
//! cut off by register stages of their own: a part that is `k` pipeline registers before
//! the logic that reads `q` reads `ahead[k]` (the state of the thread it works on `k` cycles
//! from now) and registers its result for the next part. The longest path is then the
//! longest of the parts instead of their sum.
//!
//! `dff_setup!` works as for `DFF`: a register that is not written holds its thread's value
//! (`d = q`, which comes back to `q` four cycles later, on the thread's next turn).

use rust_hdl::prelude::*;

#[derive(Clone, Debug, LogicBlock)]
pub struct Slow4<T: Synth> {
    pub d: Signal<In, T>,
    /// The first stage: the value of the thread whose turn comes three cycles from now.
    pub ahead3: Signal<Out, T>,
    /// The second stage: the thread of the cycle after next.
    pub ahead2: Signal<Out, T>,
    /// The third stage: the thread of the next cycle.
    pub ahead1: Signal<Out, T>,
    /// The last stage: the value of the current thread.
    pub q: Signal<Out, T>,
    pub clock: Signal<In, Clock>,
}

impl<T: Synth> Default for Slow4<T> {
    fn default() -> Self {
        Self {
            d: Signal::default(),
            ahead3: Signal::default(),
            ahead2: Signal::default(),
            ahead1: Signal::default(),
            q: Signal::default(),
            clock: Signal::default(),
        }
    }
}

impl<T: Synth> Logic for Slow4<T> {
    fn update(&mut self) {
        if self.clock.pos_edge() {
            self.q.next = self.ahead1.val();
            self.ahead1.next = self.ahead2.val();
            self.ahead2.next = self.ahead3.val();
            self.ahead3.next = self.d.val();
        }
    }
    fn connect(&mut self) {
        self.ahead3.connect();
        self.ahead2.connect();
        self.ahead1.connect();
        self.q.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!(
            "\
initial begin
   ahead3 = {init:x};
   ahead2 = {init:x};
   ahead1 = {init:x};
   q = {init:x};
end

always @(posedge clock) begin
   ahead3 <= d;
   ahead2 <= ahead3;
   ahead1 <= ahead2;
   q <= ahead1;
end
      ",
            init = T::default().verilog()
        ))
    }
    fn timing(&self) -> Vec<TimingInfo> {
        vec![TimingInfo {
            name: "slow4".into(),
            clock: "clock".into(),
            inputs: vec!["d".into()],
            outputs: vec![
                "ahead3".into(),
                "ahead2".into(),
                "ahead1".into(),
                "q".into(),
            ],
        }]
    }
}
