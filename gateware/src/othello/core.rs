//! `othello` core: the solver behind the link protocol (the paper's host interface, section
//! 3.5, used a Pilchard memory-slot RAM; here it is the UART link).
//!
//! ```text
//!             +----------------------------------------------+
//!  clock ---->|  UartRx -> LinkEngine <-> job control <-> Solver |
//!  uart_rx -->|  UartTx <-/                                  |---> uart_tx
//!             +----------------------------------------------+---> leds[8]
//! ```
//!
//! Commands (payloads little-endian; layout defined in `model::othello::protocol`):
//! * `JOB_START`: p (u64), o (u64), alpha (i8), beta (i8): solve the position, `p` to move,
//!   with the fail-hard window (alpha, beta). Errors: BAD_LENGTH, BUSY, BAD_ARGUMENT (discs
//!   overlap, or alpha >= beta).
//! * `JOB_POLL` / `JOB_ABORT`: state and nodes searched so far.
//! * `JOB_RESULT`: score (i8), best move (u8, 64 = none), nodes (u64), cycles (u64).
//!
//! LEDs: bit 7 = solving, bits 6..0 = good frames received.

use super::{to_excess, Solver};
use crate::common::{LinkEngine, UartRx, UartTx};
use crate::design::{self, CoreParams};
use model::link::{self, err, job, op, PAYLOAD_BITS};
use model::othello::protocol::{RESULT_LEN, START_LEN};
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct OthelloCore {
    pub clock: Signal<In, Clock>,
    pub uart_rx: Signal<In, Bit>,
    pub uart_tx: Signal<Out, Bit>,
    pub leds: Signal<Out, Bits<8>>,
    rx: UartRx,
    tx: UartTx,
    engine: LinkEngine,
    solver: Solver,
    k_op_start: Constant<Bits<8>>,
    k_op_poll: Constant<Bits<8>>,
    k_op_abort: Constant<Bits<8>>,
    k_op_result: Constant<Bits<8>>,
    k_err_unknown: Constant<Bits<8>>,
    k_err_length: Constant<Bits<8>>,
    k_err_busy: Constant<Bits<8>>,
    k_err_no_result: Constant<Bits<8>>,
    k_err_argument: Constant<Bits<8>>,
    k_job_idle: Constant<Bits<8>>,
    k_job_running: Constant<Bits<8>>,
    k_job_done: Constant<Bits<8>>,
    k_job_aborted: Constant<Bits<8>>,
    k_start_len: Constant<Bits<8>>,
    k_result_len: Constant<Bits<8>>,
    k_status_len: Constant<Bits<8>>,
    job_state: Signal<Local, Bits<8>>,
    arg_p: Signal<Local, Bits<64>>,
    arg_o: Signal<Local, Bits<64>>,
    arg_alpha: Signal<Local, Bits<8>>,
    arg_beta: Signal<Local, Bits<8>>,
    status: Signal<Local, Bits<PAYLOAD_BITS>>,
}

impl OthelloCore {
    pub fn new(p: &CoreParams) -> Self {
        Self::with_order(p, false)
    }

    /// `fastest_first`: the solver orders moves fastest-first (else the paper's order).
    pub fn with_order(p: &CoreParams, fastest_first: bool) -> Self {
        let identity = link::Identity {
            name: if fastest_first {
                "othello-ff"
            } else {
                "othello"
            }
            .into(),
            version: design::version(),
            max_payload: link::MAX_PAYLOAD as u8,
            clock_hz: p.clock_hz,
            divisor: p.divisor as u16,
        };
        let k8 = |v: u8| Constant::new((v as u64).into());
        let _ = to_excess;
        Self {
            clock: Default::default(),
            uart_rx: Default::default(),
            uart_tx: Default::default(),
            leds: Default::default(),
            rx: UartRx::new(p.divisor),
            tx: UartTx::new(p.divisor),
            engine: LinkEngine::new(&identity, p.rx_timeout_cycles()),
            solver: Solver::new(model::othello::order::paper_order(), fastest_first),
            k_op_start: k8(op::JOB_START),
            k_op_poll: k8(op::JOB_POLL),
            k_op_abort: k8(op::JOB_ABORT),
            k_op_result: k8(op::JOB_RESULT),
            k_err_unknown: k8(err::UNKNOWN_OP),
            k_err_length: k8(err::BAD_LENGTH),
            k_err_busy: k8(err::BUSY),
            k_err_no_result: k8(err::NO_RESULT),
            k_err_argument: k8(err::BAD_ARGUMENT),
            k_job_idle: k8(job::IDLE),
            k_job_running: k8(job::RUNNING),
            k_job_done: k8(job::DONE),
            k_job_aborted: k8(job::ABORTED),
            k_start_len: k8(START_LEN as u8),
            k_result_len: k8(RESULT_LEN as u8),
            k_status_len: k8(link::JOB_STATUS_LEN as u8),
            job_state: Default::default(),
            arg_p: Default::default(),
            arg_o: Default::default(),
            arg_alpha: Default::default(),
            arg_beta: Default::default(),
            status: Default::default(),
        }
    }
}

crate::impl_board_core!(OthelloCore, "othello");

impl Logic for OthelloCore {
    #[hdl_gen]
    fn update(&mut self) {
        self.rx.clock.next = self.clock.val();
        self.tx.clock.next = self.clock.val();
        self.engine.clock.next = self.clock.val();
        self.solver.clock.next = self.clock.val();
        self.rx.rx.next = self.uart_rx.val();
        self.uart_tx.next = self.tx.tx.val();
        self.engine.rx_data.next = self.rx.data.val();
        self.engine.rx_valid.next = self.rx.valid.val();
        self.tx.data.next = self.engine.tx_data.val();
        self.tx.start.next = self.engine.tx_start.val();
        self.engine.tx_ready.next = self.tx.ready.val();
        self.leds.next = (self.engine.frames.val() & 0x7F_u64)
            | (bit_cast::<8, 1>(self.solver.busy.val().into()) << 7_u64);

        // JOB_START arguments, straight from the command payload. alpha, beta arrive as i8
        // and enter the solver in excess-128 (flip the sign bit).
        self.arg_p.next = self.engine.cmd_payload.val().get_bits::<64>(0);
        self.arg_o.next = self.engine.cmd_payload.val().get_bits::<64>(64);
        self.arg_alpha.next = self.engine.cmd_payload.val().get_bits::<8>(128) ^ 0x80_u64;
        self.arg_beta.next = self.engine.cmd_payload.val().get_bits::<8>(136) ^ 0x80_u64;
        self.solver.root_p.next = self.arg_p.val();
        self.solver.root_o.next = self.arg_o.val();
        self.solver.root_alpha.next = self.arg_alpha.val();
        self.solver.root_beta.next = self.arg_beta.val();
        self.solver.start.next = false;
        self.solver.cancel.next = false;

        if self.solver.busy.val() {
            self.job_state.next = self.k_job_running.val();
        } else if self.solver.done.val() {
            self.job_state.next = self.k_job_done.val();
        } else if self.solver.aborted.val() {
            self.job_state.next = self.k_job_aborted.val();
        } else {
            self.job_state.next = self.k_job_idle.val();
        }
        self.status.next = bit_cast::<PAYLOAD_BITS, 8>(self.job_state.val())
            | (bit_cast::<PAYLOAD_BITS, 32>(self.solver.nodes_lo.val()) << 8_u64)
            | (bit_cast::<PAYLOAD_BITS, 32>(self.solver.nodes_hi.val()) << 40_u64);

        self.engine.rsp_valid.next = self.engine.cmd_valid.val();
        self.engine.rsp_error.next = false;
        self.engine.rsp_code.next = self.k_err_unknown.val();
        self.engine.rsp_len.next = self.k_status_len.val();
        self.engine.rsp_payload.next = self.status.val();
        if self.engine.cmd_op.val() == self.k_op_start.val() {
            if self.engine.cmd_len.val() != self.k_start_len.val() {
                self.engine.rsp_error.next = true;
                self.engine.rsp_code.next = self.k_err_length.val();
            } else if self.solver.busy.val() {
                self.engine.rsp_error.next = true;
                self.engine.rsp_code.next = self.k_err_busy.val();
            } else if (self.arg_p.val() & self.arg_o.val()).any()
                | (self.arg_alpha.val() >= self.arg_beta.val())
            {
                self.engine.rsp_error.next = true;
                self.engine.rsp_code.next = self.k_err_argument.val();
            } else {
                self.solver.start.next = self.engine.cmd_valid.val();
                // Answer as the state will be: running, nothing searched yet.
                self.engine.rsp_payload.next =
                    bit_cast::<PAYLOAD_BITS, 8>(self.k_job_running.val());
            }
        } else if self.engine.cmd_op.val() == self.k_op_poll.val() {
            if self.engine.cmd_len.val() != 0_u64 {
                self.engine.rsp_error.next = true;
                self.engine.rsp_code.next = self.k_err_length.val();
            }
        } else if self.engine.cmd_op.val() == self.k_op_abort.val() {
            if self.engine.cmd_len.val() != 0_u64 {
                self.engine.rsp_error.next = true;
                self.engine.rsp_code.next = self.k_err_length.val();
            } else if self.solver.busy.val() {
                self.solver.cancel.next = self.engine.cmd_valid.val();
                self.engine.rsp_payload.next = (self.status.val() & !0xFF_u64)
                    | bit_cast::<PAYLOAD_BITS, 8>(self.k_job_aborted.val());
            }
        } else if self.engine.cmd_op.val() == self.k_op_result.val() {
            if self.engine.cmd_len.val() != 0_u64 {
                self.engine.rsp_error.next = true;
                self.engine.rsp_code.next = self.k_err_length.val();
            } else if self.solver.done.val() & !self.solver.overflow.val() {
                self.engine.rsp_len.next = self.k_result_len.val();
                self.engine.rsp_payload.next =
                    bit_cast::<PAYLOAD_BITS, 8>(self.solver.score.val() ^ 0x80_u64)
                        | (bit_cast::<PAYLOAD_BITS, 7>(self.solver.best.val()) << 8_u64)
                        | (bit_cast::<PAYLOAD_BITS, 32>(self.solver.nodes_lo.val()) << 16_u64)
                        | (bit_cast::<PAYLOAD_BITS, 32>(self.solver.nodes_hi.val()) << 48_u64)
                        | (bit_cast::<PAYLOAD_BITS, 32>(self.solver.cycles_lo.val()) << 80_u64)
                        | (bit_cast::<PAYLOAD_BITS, 32>(self.solver.cycles_hi.val()) << 112_u64);
            } else {
                self.engine.rsp_error.next = true;
                self.engine.rsp_code.next = self.k_err_no_result.val();
            }
        } else {
            self.engine.rsp_error.next = true;
        }
    }
}
