//! UART transmitter, 8N1.
//!
//! ```text
//!            +-----------+
//!  clock --->|           |
//!  data[8] ->|  UartTx   |---> tx      serial line, idles high
//!  start --->|           |---> ready   1: `start` is accepted this cycle
//!            +-----------+
//! ```
//!
//! When `start && ready`, `data` is latched and sent as start bit, 8 data bits (LSB first) and
//! one stop bit, each `divisor` cycles long: 10 bit times per byte. `ready` is also high in the
//! last cycle of a stop bit, so back-to-back bytes leave no gap.

use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct UartTx {
    pub clock: Signal<In, Clock>,
    pub data: Signal<In, Bits<8>>,
    pub start: Signal<In, Bit>,
    pub tx: Signal<Out, Bit>,
    pub ready: Signal<Out, Bit>,
    bit_last: Constant<Bits<16>>,
    busy: DFF<Bit>,
    /// {stop, data[7:0], start}; bit 0 is on the line.
    shift: DFF<Bits<10>>,
    count: DFF<Bits<16>>,
    nbit: DFF<Bits<4>>,
    last: Signal<Local, Bit>,
}

impl UartTx {
    pub fn new(divisor: u32) -> Self {
        assert!(
            divisor >= model::link::MIN_DIVISOR,
            "UART divisor {divisor} too small"
        );
        Self {
            clock: Default::default(),
            data: Default::default(),
            start: Default::default(),
            tx: Default::default(),
            ready: Default::default(),
            bit_last: Constant::new(((divisor - 1) as u64).into()),
            busy: DFF::default(),
            shift: DFF::default(),
            count: DFF::default(),
            nbit: DFF::default(),
            last: Default::default(),
        }
    }
}

impl Logic for UartTx {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, busy, shift, count, nbit);
        // Ready when idle, or in the last cycle of the stop bit (back-to-back bytes, no gap).
        self.last.next = self.busy.q.val()
            & (self.count.q.val() == self.bit_last.val())
            & (self.nbit.q.val() == 9_u64);
        self.ready.next = !self.busy.q.val() | self.last.val();
        self.tx.next = !self.busy.q.val() | self.shift.q.val().get_bit(0);
        if self.busy.q.val() {
            self.count.d.next = self.count.q.val() + 1_u64;
            if self.count.q.val() == self.bit_last.val() {
                self.count.d.next = 0_u64.into();
                self.shift.d.next = self.shift.q.val() >> 1_u64;
                self.nbit.d.next = self.nbit.q.val() + 1_u64;
                if self.nbit.q.val() == 9_u64 {
                    self.busy.d.next = false;
                }
            }
        }
        if self.start.val() & self.ready.val() {
            self.busy.d.next = true;
            self.count.d.next = 0_u64.into();
            self.nbit.d.next = 0_u64.into();
            self.shift.d.next = (bit_cast::<10, 8>(self.data.val()) << 1_u64) | 0x200_u64;
        }
    }
}
