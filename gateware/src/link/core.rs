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
//! * `JOB_START n` (u32 LE): a job that counts `n` cycles; `JOB_POLL` / `JOB_ABORT` answer
//!   state and elapsed cycles; `JOB_RESULT` the elapsed cycles once done.
//!
//! LEDs: bit 7 = job running, bits 6..0 = good frames received.

use crate::common::LinkShell;
use crate::design::{self, CoreParams};
use model::link::{err, job, op, PAYLOAD_BITS};
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct LinkCore {
    pub clock: Signal<In, Clock>,
    pub uart_rx: Signal<In, Bit>,
    pub uart_tx: Signal<Out, Bit>,
    pub leds: Signal<Out, Bits<8>>,
    shell: LinkShell,
    k_op_echo: Constant<Bits<8>>,
    k_op_counter: Constant<Bits<8>>,
    k_op_start: Constant<Bits<8>>,
    k_op_poll: Constant<Bits<8>>,
    k_op_abort: Constant<Bits<8>>,
    k_op_result: Constant<Bits<8>>,
    k_err_unknown: Constant<Bits<8>>,
    k_err_length: Constant<Bits<8>>,
    k_err_busy: Constant<Bits<8>>,
    k_err_no_result: Constant<Bits<8>>,
    k_job_running: Constant<Bits<8>>,
    k_job_done: Constant<Bits<8>>,
    k_job_aborted: Constant<Bits<8>>,
    k_start_len: Constant<Bits<8>>,
    count_lo: DFF<Bits<32>>,
    count_hi: DFF<Bits<32>>,
    job_state: DFF<Bits<8>>,
    job_target: DFF<Bits<32>>,
    job_elapsed: DFF<Bits<32>>,
    status_state: Signal<Local, Bits<8>>,
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
            k_op_echo: k8(op::ECHO),
            k_op_counter: k8(op::COUNTER),
            k_op_start: k8(op::JOB_START),
            k_op_poll: k8(op::JOB_POLL),
            k_op_abort: k8(op::JOB_ABORT),
            k_op_result: k8(op::JOB_RESULT),
            k_err_unknown: k8(err::UNKNOWN_OP),
            k_err_length: k8(err::BAD_LENGTH),
            k_err_busy: k8(err::BUSY),
            k_err_no_result: k8(err::NO_RESULT),
            k_job_running: k8(job::RUNNING),
            k_job_done: k8(job::DONE),
            k_job_aborted: k8(job::ABORTED),
            k_start_len: k8(model::link_device::WAIT_JOB_ARG_LEN as u8),
            count_lo: Default::default(),
            count_hi: Default::default(),
            job_state: Default::default(),
            job_target: Default::default(),
            job_elapsed: Default::default(),
            status_state: Default::default(),
        }
    }
}

crate::impl_board_core!(LinkCore, "link");

impl Logic for LinkCore {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            count_lo,
            count_hi,
            job_state,
            job_target,
            job_elapsed
        );
        // Pins <-> link shell (UART, link engine).
        self.shell.clock.next = self.clock.val();
        self.shell.uart_rx.next = self.uart_rx.val();
        self.uart_tx.next = self.shell.uart_tx.val();
        self.leds.next = (self.shell.frames.val() & 0x7F_u64)
            | (bit_cast::<8, 1>((self.job_state.q.val() == self.k_job_running.val()).into())
                << 7_u64);

        // Free-running 64-bit cycle counter.
        self.count_lo.d.next = self.count_lo.q.val() + 1_u64;
        if self.count_lo.q.val() == 0xFFFF_FFFF_u64 {
            self.count_hi.d.next = self.count_hi.q.val() + 1_u64;
        }

        // The wait job.
        if self.job_state.q.val() == self.k_job_running.val() {
            self.job_elapsed.d.next = self.job_elapsed.q.val() + 1_u64;
            if (self.job_elapsed.q.val() + 1_u64) == self.job_target.q.val() {
                self.job_state.d.next = self.k_job_done.val();
            }
        }

        // Commands: answered in the cycle they arrive.
        self.shell.rsp_valid.next = self.shell.cmd_valid.val();
        self.shell.rsp_error.next = false;
        self.shell.rsp_code.next = self.k_err_unknown.val();
        self.shell.rsp_len.next = 0_u64.into();
        self.shell.rsp_payload.next = 0_u64.into();
        self.status_state.next = self.job_state.q.val();
        if self.shell.cmd_op.val() == self.k_op_echo.val() {
            self.shell.rsp_len.next = self.shell.cmd_len.val();
            self.shell.rsp_payload.next = self.shell.cmd_payload.val();
        } else if self.shell.cmd_op.val() == self.k_op_counter.val() {
            if self.shell.cmd_len.val() == 0_u64 {
                self.shell.rsp_len.next = 8_u64.into();
                self.shell.rsp_payload.next = bit_cast::<PAYLOAD_BITS, 32>(self.count_lo.q.val())
                    | (bit_cast::<PAYLOAD_BITS, 32>(self.count_hi.q.val()) << 32_u64);
            } else {
                self.shell.rsp_error.next = true;
                self.shell.rsp_code.next = self.k_err_length.val();
            }
        } else if (self.shell.cmd_op.val() == self.k_op_start.val())
            | (self.shell.cmd_op.val() == self.k_op_poll.val())
            | (self.shell.cmd_op.val() == self.k_op_abort.val())
        {
            if self.shell.cmd_op.val() == self.k_op_start.val() {
                if self.shell.cmd_len.val() != self.k_start_len.val() {
                    self.shell.rsp_error.next = true;
                    self.shell.rsp_code.next = self.k_err_length.val();
                } else if self.job_state.q.val() == self.k_job_running.val() {
                    self.shell.rsp_error.next = true;
                    self.shell.rsp_code.next = self.k_err_busy.val();
                } else if self.shell.cmd_valid.val() {
                    self.job_target.d.next = self.shell.cmd_payload.val().get_bits::<32>(0);
                    self.job_elapsed.d.next = 0_u64.into();
                    if self.shell.cmd_payload.val().get_bits::<32>(0) == 0_u64 {
                        self.status_state.next = self.k_job_done.val();
                    } else {
                        self.status_state.next = self.k_job_running.val();
                    }
                    self.job_state.d.next = self.status_state.val();
                }
            } else if self.shell.cmd_len.val() != 0_u64 {
                self.shell.rsp_error.next = true;
                self.shell.rsp_code.next = self.k_err_length.val();
            } else if (self.shell.cmd_op.val() == self.k_op_abort.val())
                & (self.job_state.q.val() == self.k_job_running.val())
                & self.shell.cmd_valid.val()
            {
                self.status_state.next = self.k_job_aborted.val();
                self.job_state.d.next = self.k_job_aborted.val();
            }
            self.shell.rsp_len.next = 9_u64.into();
            // JOB_START answers with elapsed 0; POLL/ABORT with the elapsed count so far.
            if self.shell.cmd_op.val() == self.k_op_start.val() {
                self.shell.rsp_payload.next = bit_cast::<PAYLOAD_BITS, 8>(self.status_state.val());
            } else {
                self.shell.rsp_payload.next = bit_cast::<PAYLOAD_BITS, 8>(self.status_state.val())
                    | (bit_cast::<PAYLOAD_BITS, 32>(self.job_elapsed.q.val()) << 8_u64);
            }
        } else if self.shell.cmd_op.val() == self.k_op_result.val() {
            if self.shell.cmd_len.val() != 0_u64 {
                self.shell.rsp_error.next = true;
                self.shell.rsp_code.next = self.k_err_length.val();
            } else if self.job_state.q.val() == self.k_job_done.val() {
                self.shell.rsp_len.next = 8_u64.into();
                self.shell.rsp_payload.next =
                    bit_cast::<PAYLOAD_BITS, 32>(self.job_elapsed.q.val());
            } else {
                self.shell.rsp_error.next = true;
                self.shell.rsp_code.next = self.k_err_no_result.val();
            }
        } else {
            self.shell.rsp_error.next = true;
        }
    }
}
