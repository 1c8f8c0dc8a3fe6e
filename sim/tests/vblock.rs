//! `sim::vblock`: a small block run on Verilator through its struct agrees with its Rust
//! simulation cycle for cycle (narrow, 33-64-bit and wide ports), the lockstep co-simulation
//! compares every cycle, a difference between the two sides fails naming the port, and a
//! `mirror!` that leaves a port out is refused.

use rand::{rngs::StdRng, Rng, SeedableRng};
use rust_hdl::prelude::*;
use sim::mirror;
use sim::vblock::{Dut, Mirror, PortNames, Words};

/// A counter with an enable, a 40-bit accumulator and a 70-bit register of its input.
#[derive(LogicBlock, Default)]
pub struct Counter {
    pub clock: Signal<In, Clock>,
    pub en: Signal<In, Bit>,
    pub add: Signal<In, Bits<40>>,
    pub wide: Signal<In, Bits<70>>,
    pub count: Signal<Out, Bits<8>>,
    pub acc: Signal<Out, Bits<40>>,
    pub echo: Signal<Out, Bits<70>>,
    pub odd: Signal<Out, Bit>,
    cnt: DFF<Bits<8>>,
    sum: DFF<Bits<40>>,
    held: DFF<Bits<70>>,
}

impl Logic for Counter {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, cnt, sum, held);
        if self.en.val() {
            self.cnt.d.next = self.cnt.q.val() + 1_u64;
            self.sum.d.next = self.sum.q.val() + self.add.val();
        }
        self.held.d.next = self.wide.val();
        self.count.next = self.cnt.q.val();
        self.acc.next = self.sum.q.val();
        self.echo.next = self.held.q.val();
        self.odd.next = self.cnt.q.val().get_bit(0) ^ self.en.val();
    }
}

mirror!(Counter, clock: clock, in: [en, add, wide], out: [count, acc, echo, odd]);

/// Delegates a wrapper's `Block` to the counter inside (the same ports, the same Verilog).
macro_rules! wraps_counter {
    ($t:ident) => {
        #[derive(Default)]
        pub struct $t {
            pub inner: Counter,
        }
        impl Logic for $t {
            fn update(&mut self) {}
        }
        impl Block for $t {
            fn connect_all(&mut self) {
                self.inner.connect_all()
            }
            fn update_all(&mut self) {
                self.inner.update_all()
            }
            fn has_changed(&self) -> bool {
                self.inner.has_changed()
            }
            fn accept(&self, name: &str, probe: &mut dyn Probe) {
                self.inner.accept(name, probe)
            }
        }
    };
}

// The counter with bit 65 of its `echo` read flipped in Rust once the count reaches 50: a
// lockstep run must see it there, not before.
wraps_counter!(Skewed);
// The counter with no port named by its mirror.
wraps_counter!(Unnamed);
mirror!(Unnamed, clock: none, in: [], out: []);

fn wide(rng: &mut StdRng) -> Bits<70> {
    (0..70).fold(Bits::<70>::default(), |b, i| b.replace_bit(i, rng.gen()))
}

fn drive(u: &mut Counter, rng: &mut StdRng) {
    u.en.next = rng.gen_bool(0.7);
    u.add.next = (rng.gen::<u64>() & ((1 << 40) - 1)).into();
    u.wide.next = wide(rng);
}

fn outputs(u: &Counter) -> (u64, u64, Vec<u32>, bool) {
    let mut w = Vec::new();
    u.echo.val().put(&mut w);
    (u.count.val().to_u64(), u.acc.val().to_u64(), w, u.odd.val())
}

#[test]
fn the_verilog_through_the_struct_equals_the_rust_simulation() {
    if !sim::tools::require(
        "verilator",
        "the_verilog_through_the_struct_equals_the_rust_simulation",
    ) {
        return;
    }
    let mut v = Dut::verilog("vblock_probe", Counter::default()).unwrap();
    let mut r = Dut::rust(Counter::default());
    assert_eq!((v.backend(), r.backend()), ("verilog", "rust"));
    let mut rng = StdRng::seed_from_u64(7);
    let (mut moved, mut past_32) = (0, 0);
    for k in 0..2_000 {
        let mut a = StdRng::seed_from_u64(k);
        let mut b = StdRng::seed_from_u64(k);
        drive(&mut v, &mut a);
        drive(&mut r, &mut b);
        if rng.gen_bool(0.2) {
            v.settle();
            r.settle();
        } else {
            v.cycle();
            r.cycle();
        }
        assert_eq!(outputs(&v), outputs(&r), "cycle {k}");
        moved += usize::from(outputs(&v).0 != 0);
        past_32 += usize::from(outputs(&v).1 >> 32 != 0);
    }
    // The registers moved (a model that never left reset would agree on zeros), and the
    // 40-bit sum used its high word.
    assert!(moved > 1_000 && past_32 > 1_000, "{moved}, {past_32}");
}

#[test]
fn a_lockstep_run_compares_every_settle_and_cycle() {
    if !sim::tools::require(
        "verilator",
        "a_lockstep_run_compares_every_settle_and_cycle",
    ) {
        return;
    }
    let mut u = Dut::cosim("vblock_probe", Counter::default()).unwrap();
    let base = u.compared();
    let mut rng = StdRng::seed_from_u64(9);
    for _ in 0..500 {
        drive(&mut u, &mut rng);
        u.cycle();
    }
    // Each cycle compares before its edge and after.
    assert_eq!(u.compared() - base, 1_000);
}

/// A `Mirror` of the counter that reads Rust's `count` one higher: the two sides differ.
impl Mirror for Skewed {
    fn clock_input(&mut self) -> Option<&mut Signal<In, Clock>> {
        self.inner.clock_input()
    }
    fn port_names(&self) -> PortNames {
        self.inner.port_names()
    }
    fn input_words(&self, name: &str, w: &mut Vec<u32>) -> bool {
        self.inner.input_words(name, w)
    }
    fn set_output(&mut self, name: &str, w: &[u32]) -> bool {
        self.inner.set_output(name, w)
    }
    fn output_words(&self, name: &str, w: &mut Vec<u32>) -> bool {
        let known = self.inner.output_words(name, w);
        if name == "echo" && self.inner.count.val().to_u64() >= 50 {
            w[2] ^= 1 << 1;
        }
        known
    }
    fn latch_inputs(&mut self) {
        self.inner.latch_inputs()
    }
}

#[test]
fn a_lockstep_run_fails_on_a_difference_naming_the_port() {
    if !sim::tools::require(
        "verilator",
        "a_lockstep_run_fails_on_a_difference_naming_the_port",
    ) {
        return;
    }
    let mut rng = StdRng::seed_from_u64(11);
    let mut u = Dut::cosim("vblock_skewed", Skewed::default()).unwrap();
    let mut cycles = 0;
    let got = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| loop {
        u.inner.en.next = true;
        u.inner.wide.next = wide(&mut rng);
        u.cycle();
        cycles += 1;
        assert!(cycles < 1_000, "no difference seen");
    }));
    let msg = got.expect_err("a difference must fail");
    let text = msg.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(
        text.contains("vblock_skewed") && text.contains("echo is"),
        "{text}"
    );
    // The count reaches 50 after 50 enabled cycles: seen at the 50th, and every settle and
    // edge before it compared equal.
    assert_eq!(cycles, 49, "{text}");
    assert!(text.contains("(100 compared before)"), "{text}");
}

#[test]
fn a_port_the_mirror_leaves_out_is_refused() {
    if !sim::tools::require("verilator", "a_port_the_mirror_leaves_out_is_refused") {
        return;
    }
    let err = Dut::verilog("vblock_unnamed", Unnamed::default())
        .err()
        .expect("a port left out must be refused")
        .to_string();
    assert!(err.contains("not named"), "{err}");
}
