//! UART receiver, 8N1, mid-bit sampling.
//!
//! ```text
//!            +-----------+
//!  clock --->|           |---> data[8]        byte received (held until the next one)
//!  rx ------>|  UartRx   |---> valid          1-cycle strobe: `data` is a new byte
//!            |           |---> framing_error  1-cycle strobe: stop bit was low
//!            +-----------+
//! ```
//!
//! `rx` passes a two-flop synchronizer. A falling edge starts a byte; the start bit is checked
//! again half a bit later (a shorter pulse is a glitch and ignored), then the 8 data bits
//! (LSB first) and the stop bit are sampled in the middle of each bit, `divisor` cycles apart.
//! A low stop bit (framing error, or a break) is reported and the receiver waits for the line
//! to go high before looking for the next start bit. The receiver is ready for the next start
//! bit from the middle of the stop bit, so a sender up to ~4% fast is still received.
//! Latency: `valid` rises 9.5 bit times + 3 cycles after the start edge.

use rust_hdl::prelude::*;

#[derive(Copy, Clone, PartialEq, Debug, LogicState)]
pub enum RxState {
    Idle,
    Start,
    Data,
    Stop,
    Break,
}

#[derive(LogicBlock)]
pub struct UartRx {
    pub clock: Signal<In, Clock>,
    pub rx: Signal<In, Bit>,
    pub data: Signal<Out, Bits<8>>,
    pub valid: Signal<Out, Bit>,
    pub framing_error: Signal<Out, Bit>,
    /// Cycles per bit minus one.
    bit_last: Constant<Bits<16>>,
    /// Cycles from the start edge to the middle of the start bit.
    half_last: Constant<Bits<16>>,
    sync1: DFF<Bit>,
    sync2: DFF<Bit>,
    state: DFF<RxState>,
    count: DFF<Bits<16>>,
    nbit: DFF<Bits<3>>,
    shift: DFF<Bits<8>>,
    out_data: DFF<Bits<8>>,
    out_valid: DFF<Bit>,
    out_ferr: DFF<Bit>,
}

impl UartRx {
    /// `divisor`: clock cycles per bit (validated by `CoreParams`).
    pub fn new(divisor: u32) -> Self {
        assert!(
            divisor >= model::link::MIN_DIVISOR,
            "UART divisor {divisor} too small"
        );
        Self {
            clock: Default::default(),
            rx: Default::default(),
            data: Default::default(),
            valid: Default::default(),
            framing_error: Default::default(),
            bit_last: Constant::new(((divisor - 1) as u64).into()),
            half_last: Constant::new(((divisor / 2 - 1) as u64).into()),
            sync1: DFF::default(),
            sync2: DFF::default(),
            state: DFF::default(),
            count: DFF::default(),
            nbit: DFF::default(),
            shift: DFF::default(),
            out_data: DFF::default(),
            out_valid: DFF::default(),
            out_ferr: DFF::default(),
        }
    }
}

impl Logic for UartRx {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, sync1, sync2, state, count, nbit, shift, out_data, out_valid, out_ferr
        );
        // The line idles high: the synchronizer flops start at 0 and see the line within 2 cycles;
        // a start bit needs a high-to-low edge seen in Idle, so the reset value is harmless.
        self.sync1.d.next = self.rx.val();
        self.sync2.d.next = self.sync1.q.val();
        self.out_valid.d.next = false;
        self.out_ferr.d.next = false;
        self.count.d.next = self.count.q.val() + 1_u64;
        match self.state.q.val() {
            RxState::Idle => {
                self.count.d.next = 0_u64.into();
                if !self.sync2.q.val() {
                    self.state.d.next = RxState::Start;
                }
            }
            RxState::Start => {
                if self.count.q.val() == self.half_last.val() {
                    self.count.d.next = 0_u64.into();
                    if self.sync2.q.val() {
                        self.state.d.next = RxState::Idle;
                    } else {
                        self.nbit.d.next = 0_u64.into();
                        self.state.d.next = RxState::Data;
                    }
                }
            }
            RxState::Data => {
                if self.count.q.val() == self.bit_last.val() {
                    self.count.d.next = 0_u64.into();
                    self.shift.d.next = (self.shift.q.val() >> 1_u64)
                        | (bit_cast::<8, 1>(self.sync2.q.val().into()) << 7_u64);
                    self.nbit.d.next = self.nbit.q.val() + 1_u64;
                    if self.nbit.q.val() == 7_u64 {
                        self.state.d.next = RxState::Stop;
                    }
                }
            }
            RxState::Stop => {
                if self.count.q.val() == self.bit_last.val() {
                    self.count.d.next = 0_u64.into();
                    if self.sync2.q.val() {
                        self.out_data.d.next = self.shift.q.val();
                        self.out_valid.d.next = true;
                        self.state.d.next = RxState::Idle;
                    } else {
                        self.out_ferr.d.next = true;
                        self.state.d.next = RxState::Break;
                    }
                }
            }
            RxState::Break => {
                if self.sync2.q.val() {
                    self.state.d.next = RxState::Idle;
                }
            }
            _ => {
                self.state.d.next = RxState::Idle;
            }
        }
        self.data.next = self.out_data.q.val();
        self.valid.next = self.out_valid.q.val();
        self.framing_error.next = self.out_ferr.q.val();
    }
}
