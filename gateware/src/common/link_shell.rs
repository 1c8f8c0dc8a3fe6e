//! Link shell: what every design puts between its UART pins and its commands. The receiver,
//! the link engine and the transmitter, wired once.
//!
//! ```text
//!             +-------------------------------------+
//!  uart_rx -->|  UartRx -> LinkEngine -> UartTx     |--> uart_tx
//!             |              |    ^                 |
//!             +--------------|----|-----------------+
//!                 cmd_* <----+    +---- rsp_*    (the design answers in the same cycle)
//!                 frames[8] (good frames, for LEDs)
//! ```
//!
//! The design's `IDENTIFY` answer (name, version, clock, UART divisor) is built here from
//! [`CoreParams`] and the design's name. Cycles: those of `LinkEngine`.

use super::{LinkEngine, UartRx, UartTx};
use crate::design::{self, CoreParams};
use model::link::{self, PAYLOAD_BITS};
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct LinkShell {
    pub clock: Signal<In, Clock>,
    pub uart_rx: Signal<In, Bit>,
    pub uart_tx: Signal<Out, Bit>,
    pub cmd_valid: Signal<Out, Bit>,
    pub cmd_op: Signal<Out, Bits<8>>,
    pub cmd_len: Signal<Out, Bits<8>>,
    pub cmd_payload: Signal<Out, Bits<PAYLOAD_BITS>>,
    pub rsp_valid: Signal<In, Bit>,
    pub rsp_error: Signal<In, Bit>,
    pub rsp_code: Signal<In, Bits<8>>,
    pub rsp_len: Signal<In, Bits<8>>,
    pub rsp_payload: Signal<In, Bits<PAYLOAD_BITS>>,
    pub frames: Signal<Out, Bits<8>>,
    rx: UartRx,
    tx: UartTx,
    engine: LinkEngine,
}

impl LinkShell {
    /// The shell of design `name` built with `p`.
    pub fn new(p: &CoreParams, name: &str) -> Self {
        let identity = link::Identity {
            name: name.into(),
            version: design::version(),
            max_payload: link::MAX_PAYLOAD as u8,
            clock_hz: p.clock_hz,
            divisor: p.divisor as u16,
        };
        LinkShell {
            clock: Default::default(),
            uart_rx: Default::default(),
            uart_tx: Default::default(),
            cmd_valid: Default::default(),
            cmd_op: Default::default(),
            cmd_len: Default::default(),
            cmd_payload: Default::default(),
            rsp_valid: Default::default(),
            rsp_error: Default::default(),
            rsp_code: Default::default(),
            rsp_len: Default::default(),
            rsp_payload: Default::default(),
            frames: Default::default(),
            rx: UartRx::new(p.divisor),
            tx: UartTx::new(p.divisor),
            engine: LinkEngine::new(&identity, p.rx_timeout_cycles()),
        }
    }
}

impl Logic for LinkShell {
    #[hdl_gen]
    fn update(&mut self) {
        self.rx.clock.next = self.clock.val();
        self.tx.clock.next = self.clock.val();
        self.engine.clock.next = self.clock.val();
        // Pins <-> UART <-> engine.
        self.rx.rx.next = self.uart_rx.val();
        self.uart_tx.next = self.tx.tx.val();
        self.engine.rx_data.next = self.rx.data.val();
        self.engine.rx_valid.next = self.rx.valid.val();
        self.tx.data.next = self.engine.tx_data.val();
        self.tx.start.next = self.engine.tx_start.val();
        self.engine.tx_ready.next = self.tx.ready.val();
        // Engine <-> design.
        self.cmd_valid.next = self.engine.cmd_valid.val();
        self.cmd_op.next = self.engine.cmd_op.val();
        self.cmd_len.next = self.engine.cmd_len.val();
        self.cmd_payload.next = self.engine.cmd_payload.val();
        self.engine.rsp_valid.next = self.rsp_valid.val();
        self.engine.rsp_error.next = self.rsp_error.val();
        self.engine.rsp_code.next = self.rsp_code.val();
        self.engine.rsp_len.next = self.rsp_len.val();
        self.engine.rsp_payload.next = self.rsp_payload.val();
        self.frames.next = self.engine.frames.val();
    }
}
