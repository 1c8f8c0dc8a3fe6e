//! `link` core: the board pins, UART, link engine and the `link` commands.
//!
//! ```text
//!             +-------------------------------------------------+
//!  clock ---->|  UartRx -> LinkEngine <-> link commands         |
//!  uart_rx -->|  UartTx <-/             (echo, counter, job)    |---> uart_tx
//!             |                                                 |---> leds[8]
//!             +-------------------------------------------------+
//! ```
//!
//! Commands (model: `model::link_device::LinkCoreModel`), answered in the cycle `cmd_valid`
//! is high:
//! * `ECHO`: the payload back. `COUNTER`: the 64-bit free-running cycle counter (two 32-bit
//!   halves, so the Rust simulation stays on native words).
//! * The job commands, through the shared `common::JobControl` with one core: the wait job.
//!   `JOB_START n` (u32 LE) counts `n` cycles (done `n` cycles after the start, one cycle when
//!   `n` is 0); `JOB_POLL` / `JOB_ABORT` answer its state and elapsed cycles; `JOB_RESULT` the
//!   elapsed cycles (u64) once done.
//!
//! LEDs: bit 7 = job running, bits 6..0 = good frames received.

use crate::common::{JobControl, LinkShell};
use crate::design::{self, CoreParams};
use model::link::{err, op, PAYLOAD_BITS};
use model::link_device::{WAIT_JOB_ARG_LEN, WAIT_JOB_RESULT_LEN};
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct LinkCore {
    pub clock: Signal<In, Clock>,
    pub uart_rx: Signal<In, Bit>,
    pub uart_tx: Signal<Out, Bit>,
    pub leds: Signal<Out, Bits<8>>,
    shell: LinkShell,
    jobs: JobControl,
    k_op_echo: Constant<Bits<8>>,
    k_op_counter: Constant<Bits<8>>,
    k_err_length: Constant<Bits<8>>,
    count_lo: DFF<Bits<32>>,
    count_hi: DFF<Bits<32>>,
    // The wait job.
    running: DFF<Bit>,
    done: DFF<Bit>,
    aborted: DFF<Bit>,
    target: DFF<Bits<32>>,
    elapsed: DFF<Bits<32>>,
}

impl LinkCore {
    pub fn new(p: &CoreParams) -> Self {
        let k8 = |v: u8| Constant::new((v as u64).into());
        Self {
            clock: Default::default(),
            uart_rx: Default::default(),
            uart_tx: Default::default(),
            leds: Default::default(),
            shell: LinkShell::new(p, <Self as design::BoardCore>::NAME),
            jobs: JobControl::new(1, WAIT_JOB_ARG_LEN, WAIT_JOB_RESULT_LEN),
            k_op_echo: k8(op::ECHO),
            k_op_counter: k8(op::COUNTER),
            k_err_length: k8(err::BAD_LENGTH),
            count_lo: Default::default(),
            count_hi: Default::default(),
            running: Default::default(),
            done: Default::default(),
            aborted: Default::default(),
            target: Default::default(),
            elapsed: Default::default(),
        }
    }
}

crate::impl_board_core!(LinkCore, "link");

impl Logic for LinkCore {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, count_lo, count_hi, running, done, aborted, target, elapsed);
        // Pins <-> link shell (UART, link engine).
        self.shell.clock.next = self.clock.val();
        self.shell.uart_rx.next = self.uart_rx.val();
        self.uart_tx.next = self.shell.uart_tx.val();
        self.leds.next = (self.shell.frames.val() & 0x7F_u64)
            | (bit_cast::<8, 1>(self.running.q.val().into()) << 7_u64);

        // Free-running 64-bit cycle counter.
        self.count_lo.d.next = self.count_lo.q.val() + 1_u64;
        if self.count_lo.q.val() == 0xFFFF_FFFF_u64 {
            self.count_hi.d.next = self.count_hi.q.val() + 1_u64;
        }

        // The wait job: done `target` cycles after its start (one cycle when it is 0).
        self.jobs.cmd_valid.next = self.shell.cmd_valid.val();
        self.jobs.cmd_op.next = self.shell.cmd_op.val();
        self.jobs.cmd_len.next = self.shell.cmd_len.val();
        self.jobs.cmd_payload.next = self.shell.cmd_payload.val();
        self.jobs.args_ok.next = true;
        self.jobs.busy.next = bit_cast::<32, 1>(self.running.q.val().into());
        self.jobs.done.next = bit_cast::<32, 1>(self.done.q.val().into());
        self.jobs.aborted.next = bit_cast::<32, 1>(self.aborted.q.val().into());
        self.jobs.sel_progress_lo.next = self.elapsed.q.val();
        self.jobs.sel_progress_hi.next = 0_u64.into();
        self.jobs.sel_result_ok.next = true;
        self.jobs.sel_result.next = bit_cast::<PAYLOAD_BITS, 32>(self.elapsed.q.val());
        if self.running.q.val() {
            if self.elapsed.q.val() == self.target.q.val() {
                self.running.d.next = false;
                self.done.d.next = true;
            } else {
                self.elapsed.d.next = self.elapsed.q.val() + 1_u64;
                if (self.elapsed.q.val() + 1_u64) == self.target.q.val() {
                    self.running.d.next = false;
                    self.done.d.next = true;
                }
            }
        }
        if self.jobs.start.val().get_bit(0) {
            self.target.d.next = self.jobs.args.val().get_bits::<32>(0);
            self.elapsed.d.next = 0_u64.into();
            self.running.d.next = true;
            self.done.d.next = false;
            self.aborted.d.next = false;
        }
        // Job control cancels a running job only; one cancelled in its last cycle stays
        // aborted, as the abort's answer said.
        if self.jobs.cancel.val().get_bit(0) {
            self.running.d.next = false;
            self.done.d.next = false;
            self.aborted.d.next = true;
        }

        // Commands: echo and counter here, the rest to job control.
        self.shell.rsp_valid.next = self.shell.cmd_valid.val();
        self.shell.rsp_error.next = self.jobs.rsp_error.val();
        self.shell.rsp_code.next = self.jobs.rsp_code.val();
        self.shell.rsp_len.next = self.jobs.rsp_len.val();
        self.shell.rsp_payload.next = self.jobs.rsp_payload.val();
        if self.shell.cmd_op.val() == self.k_op_echo.val() {
            self.shell.rsp_error.next = false;
            self.shell.rsp_len.next = self.shell.cmd_len.val();
            self.shell.rsp_payload.next = self.shell.cmd_payload.val();
        } else if self.shell.cmd_op.val() == self.k_op_counter.val() {
            if self.shell.cmd_len.val() == 0_u64 {
                self.shell.rsp_error.next = false;
                self.shell.rsp_len.next = 8_u64.into();
                self.shell.rsp_payload.next = bit_cast::<PAYLOAD_BITS, 32>(self.count_lo.q.val())
                    | (bit_cast::<PAYLOAD_BITS, 32>(self.count_hi.q.val()) << 32_u64);
            } else {
                self.shell.rsp_error.next = true;
                self.shell.rsp_code.next = self.k_err_length.val();
            }
        }
    }
}
