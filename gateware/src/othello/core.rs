//! `othello` core: the solvers behind the link protocol (the paper's host interface, section
//! 3.5, used a Pilchard memory-slot RAM; here it is the UART link).
//!
//! ```text
//!             +---------------------------------------------------------+
//!  clock ---->|  UartRx -> LinkEngine <-> job control <-> Solver 0      |
//!  uart_rx -->|  UartTx <-/                           <-> Solver 1 ...  |---> uart_tx
//!             +---------------------------------------------------------+---> leds[8]
//! ```
//!
//! Commands (payloads little-endian; layout defined in `model::othello::protocol`), each
//! answered in the cycle it arrives:
//! * `JOB_START`: [core (u8)], p (u64), o (u64), alpha (i8), beta (i8): solve the position,
//!   `p` to move, with the fail-hard window (alpha, beta). Errors: BAD_LENGTH, BUSY (that core
//!   is solving), BAD_ARGUMENT (no such core, discs overlap, or alpha >= beta).
//! * `JOB_POLL` / `JOB_ABORT` [core]: the core's state and nodes searched so far.
//! * `JOB_RESULT` [core]: score (i8), best move (u8, 64 = none), nodes (u64), cycles (u64).
//! * `JOB_CORES`: the number of cores and each core's state.
//!
//! Without the core byte a command addresses core 0. One core (`othello`, `othello-ff`) or
//! several (`othello-x8`): the host splits a solve over them (`host::split`).
//!
//! LEDs: bit 7 = some core solving, bits 6..0 = good frames received.

use super::Solver;
use crate::common::LinkShell;
use crate::design::CoreParams;
use model::link::{self, err, job, op, PAYLOAD_BITS};
use model::othello::protocol::{CORE_INDEX_LEN, MAX_CORES, RESULT_LEN, START_LEN};
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct OthelloCore {
    pub clock: Signal<In, Clock>,
    pub uart_rx: Signal<In, Bit>,
    pub uart_tx: Signal<Out, Bit>,
    pub leds: Signal<Out, Bits<8>>,
    shell: LinkShell,
    solvers: Vec<Solver>,
    k_op_start: Constant<Bits<8>>,
    k_op_poll: Constant<Bits<8>>,
    k_op_abort: Constant<Bits<8>>,
    k_op_result: Constant<Bits<8>>,
    k_op_cores: Constant<Bits<8>>,
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
    k_start_core_len: Constant<Bits<8>>,
    k_core_len: Constant<Bits<8>>,
    k_result_len: Constant<Bits<8>>,
    k_status_len: Constant<Bits<8>>,
    k_cores: Constant<Bits<8>>,
    k_cores_len: Constant<Bits<8>>,
    one: Constant<Bits<32>>,
    // Combinational: the command's core and arguments, the addressed core's outputs.
    has_core: Signal<Local, Bit>,
    sel: Signal<Local, Bits<8>>,
    sel_hot: Signal<Local, Bits<32>>,
    args: Signal<Local, Bits<PAYLOAD_BITS>>,
    arg_p: Signal<Local, Bits<64>>,
    arg_o: Signal<Local, Bits<64>>,
    arg_alpha: Signal<Local, Bits<8>>,
    arg_beta: Signal<Local, Bits<8>>,
    state_i: Signal<Local, Bits<8>>,
    states: Signal<Local, Bits<PAYLOAD_BITS>>,
    any_busy: Signal<Local, Bit>,
    sel_state: Signal<Local, Bits<8>>,
    sel_busy: Signal<Local, Bit>,
    sel_result_ok: Signal<Local, Bit>,
    sel_score: Signal<Local, Bits<8>>,
    sel_best: Signal<Local, Bits<7>>,
    sel_nodes_lo: Signal<Local, Bits<32>>,
    sel_nodes_hi: Signal<Local, Bits<32>>,
    sel_cycles_lo: Signal<Local, Bits<32>>,
    sel_cycles_hi: Signal<Local, Bits<32>>,
    shamt: Signal<Local, Bits<16>>,
    sel_status: Signal<Local, Bits<PAYLOAD_BITS>>,
    sel_result: Signal<Local, Bits<PAYLOAD_BITS>>,
    go_start: Signal<Local, Bit>,
    go_abort: Signal<Local, Bit>,
}

impl OthelloCore {
    /// One solver with the paper's move order: the `othello` design.
    pub fn new(p: &CoreParams) -> Self {
        Self::with_cores(p, "othello", false, 1)
    }

    /// `cores` solvers (1..=`MAX_CORES`), fastest-first or the paper's order, reporting `name`.
    pub fn with_cores(p: &CoreParams, name: &str, fastest_first: bool, cores: usize) -> Self {
        assert!(
            (1..=MAX_CORES).contains(&cores),
            "{cores} solver cores: 1..={MAX_CORES} fit the protocol"
        );
        let k8 = |v: u8| Constant::new((v as u64).into());
        Self {
            clock: Default::default(),
            uart_rx: Default::default(),
            uart_tx: Default::default(),
            leds: Default::default(),
            shell: LinkShell::new(p, name),
            solvers: (0..cores)
                .map(|_| Solver::new(model::othello::order::paper_order(), fastest_first))
                .collect(),
            k_op_start: k8(op::JOB_START),
            k_op_poll: k8(op::JOB_POLL),
            k_op_abort: k8(op::JOB_ABORT),
            k_op_result: k8(op::JOB_RESULT),
            k_op_cores: k8(op::JOB_CORES),
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
            k_start_core_len: k8((CORE_INDEX_LEN + START_LEN) as u8),
            k_core_len: k8(CORE_INDEX_LEN as u8),
            k_result_len: k8(RESULT_LEN as u8),
            k_status_len: k8(link::JOB_STATUS_LEN as u8),
            k_cores: k8(cores as u8),
            k_cores_len: k8(1 + cores as u8),
            one: Constant::new(1_u64.into()),
            has_core: Default::default(),
            sel: Default::default(),
            sel_hot: Default::default(),
            args: Default::default(),
            arg_p: Default::default(),
            arg_o: Default::default(),
            arg_alpha: Default::default(),
            arg_beta: Default::default(),
            state_i: Default::default(),
            states: Default::default(),
            any_busy: Default::default(),
            sel_state: Default::default(),
            sel_busy: Default::default(),
            sel_result_ok: Default::default(),
            sel_score: Default::default(),
            sel_best: Default::default(),
            sel_nodes_lo: Default::default(),
            sel_nodes_hi: Default::default(),
            sel_cycles_lo: Default::default(),
            sel_cycles_hi: Default::default(),
            shamt: Default::default(),
            sel_status: Default::default(),
            sel_result: Default::default(),
            go_start: Default::default(),
            go_abort: Default::default(),
        }
    }

    /// Number of solver cores.
    pub fn cores(&self) -> usize {
        self.solvers.len()
    }
}

crate::impl_board_core!(OthelloCore, "othello");

impl Logic for OthelloCore {
    #[hdl_gen]
    fn update(&mut self) {
        // Pins <-> link shell (UART, link engine).
        self.shell.clock.next = self.clock.val();
        self.shell.uart_rx.next = self.uart_rx.val();
        self.uart_tx.next = self.shell.uart_tx.val();

        // The addressed core: the leading index byte when the length says it is there.
        self.has_core.next = ((self.shell.cmd_op.val() == self.k_op_start.val())
            & (self.shell.cmd_len.val() == self.k_start_core_len.val()))
            | ((self.shell.cmd_op.val() != self.k_op_start.val())
                & (self.shell.cmd_len.val() == self.k_core_len.val()));
        if self.has_core.val() {
            self.sel.next = self.shell.cmd_payload.val().get_bits::<8>(0);
            self.args.next = self.shell.cmd_payload.val() >> 8_u64;
        } else {
            self.sel.next = 0_u64.into();
            self.args.next = self.shell.cmd_payload.val();
        }
        self.sel_hot.next = self.one.val() << self.sel.val();
        // JOB_START arguments. alpha, beta arrive as i8 and enter the solver in excess-128
        // (flip the sign bit).
        self.arg_p.next = self.args.val().get_bits::<64>(0);
        self.arg_o.next = self.args.val().get_bits::<64>(64);
        self.arg_alpha.next = self.args.val().get_bits::<8>(128) ^ 0x80_u64;
        self.arg_beta.next = self.args.val().get_bits::<8>(136) ^ 0x80_u64;

        // Every core: its state, and the addressed core's outputs.
        self.go_start.next = false;
        self.go_abort.next = false;
        self.any_busy.next = false;
        self.states.next = bit_cast::<PAYLOAD_BITS, 8>(self.k_cores.val());
        self.sel_state.next = self.k_job_idle.val();
        self.sel_busy.next = false;
        self.sel_result_ok.next = false;
        self.sel_score.next = 0_u64.into();
        self.sel_best.next = 0_u64.into();
        self.sel_nodes_lo.next = 0_u64.into();
        self.sel_nodes_hi.next = 0_u64.into();
        self.sel_cycles_lo.next = 0_u64.into();
        self.sel_cycles_hi.next = 0_u64.into();
        self.shamt.next = 8_u64.into();
        for i in 0..self.solvers.len() {
            self.solvers[i].clock.next = self.clock.val();
            self.solvers[i].root_p.next = self.arg_p.val();
            self.solvers[i].root_o.next = self.arg_o.val();
            self.solvers[i].root_alpha.next = self.arg_alpha.val();
            self.solvers[i].root_beta.next = self.arg_beta.val();
            if self.solvers[i].busy.val() {
                self.state_i.next = self.k_job_running.val();
            } else if self.solvers[i].done.val() {
                self.state_i.next = self.k_job_done.val();
            } else if self.solvers[i].aborted.val() {
                self.state_i.next = self.k_job_aborted.val();
            } else {
                self.state_i.next = self.k_job_idle.val();
            }
            self.any_busy.next = self.any_busy.val() | self.solvers[i].busy.val();
            self.states.next = self.states.val()
                | (bit_cast::<PAYLOAD_BITS, 8>(self.state_i.val()) << self.shamt.val());
            self.shamt.next = self.shamt.val() + 8_u64;
            if self.sel_hot.val().get_bit(i) {
                self.sel_state.next = self.state_i.val();
                self.sel_busy.next = self.solvers[i].busy.val();
                self.sel_result_ok.next =
                    self.solvers[i].done.val() & !self.solvers[i].overflow.val();
                self.sel_score.next = self.solvers[i].score.val();
                self.sel_best.next = self.solvers[i].best.val();
                self.sel_nodes_lo.next = self.solvers[i].nodes_lo.val();
                self.sel_nodes_hi.next = self.solvers[i].nodes_hi.val();
                self.sel_cycles_lo.next = self.solvers[i].cycles_lo.val();
                self.sel_cycles_hi.next = self.solvers[i].cycles_hi.val();
            }
        }
        self.sel_status.next = bit_cast::<PAYLOAD_BITS, 8>(self.sel_state.val())
            | (bit_cast::<PAYLOAD_BITS, 32>(self.sel_nodes_lo.val()) << 8_u64)
            | (bit_cast::<PAYLOAD_BITS, 32>(self.sel_nodes_hi.val()) << 40_u64);
        self.sel_result.next = bit_cast::<PAYLOAD_BITS, 8>(self.sel_score.val() ^ 0x80_u64)
            | (bit_cast::<PAYLOAD_BITS, 7>(self.sel_best.val()) << 8_u64)
            | (bit_cast::<PAYLOAD_BITS, 32>(self.sel_nodes_lo.val()) << 16_u64)
            | (bit_cast::<PAYLOAD_BITS, 32>(self.sel_nodes_hi.val()) << 48_u64)
            | (bit_cast::<PAYLOAD_BITS, 32>(self.sel_cycles_lo.val()) << 80_u64)
            | (bit_cast::<PAYLOAD_BITS, 32>(self.sel_cycles_hi.val()) << 112_u64);
        self.leds.next = (self.shell.frames.val() & 0x7F_u64)
            | (bit_cast::<8, 1>(self.any_busy.val().into()) << 7_u64);

        self.shell.rsp_valid.next = self.shell.cmd_valid.val();
        self.shell.rsp_error.next = false;
        self.shell.rsp_code.next = self.k_err_unknown.val();
        self.shell.rsp_len.next = self.k_status_len.val();
        self.shell.rsp_payload.next = self.sel_status.val();
        if self.shell.cmd_op.val() == self.k_op_cores.val() {
            if self.shell.cmd_len.val() != 0_u64 {
                self.shell.rsp_error.next = true;
                self.shell.rsp_code.next = self.k_err_length.val();
            } else {
                self.shell.rsp_len.next = self.k_cores_len.val();
                self.shell.rsp_payload.next = self.states.val();
            }
        } else if (self.shell.cmd_op.val() == self.k_op_start.val())
            | (self.shell.cmd_op.val() == self.k_op_poll.val())
            | (self.shell.cmd_op.val() == self.k_op_abort.val())
            | (self.shell.cmd_op.val() == self.k_op_result.val())
        {
            // Lengths: with the core byte (has_core), or the plain 18 / 0 bytes.
            if !self.has_core.val()
                & (((self.shell.cmd_op.val() == self.k_op_start.val())
                    & (self.shell.cmd_len.val() != self.k_start_len.val()))
                    | ((self.shell.cmd_op.val() != self.k_op_start.val())
                        & (self.shell.cmd_len.val() != 0_u64)))
            {
                self.shell.rsp_error.next = true;
                self.shell.rsp_code.next = self.k_err_length.val();
            } else if self.sel.val() >= self.k_cores.val() {
                self.shell.rsp_error.next = true;
                self.shell.rsp_code.next = self.k_err_argument.val();
            } else if self.shell.cmd_op.val() == self.k_op_start.val() {
                if self.sel_busy.val() {
                    self.shell.rsp_error.next = true;
                    self.shell.rsp_code.next = self.k_err_busy.val();
                } else if (self.arg_p.val() & self.arg_o.val()).any()
                    | (self.arg_alpha.val() >= self.arg_beta.val())
                {
                    self.shell.rsp_error.next = true;
                    self.shell.rsp_code.next = self.k_err_argument.val();
                } else {
                    self.go_start.next = self.shell.cmd_valid.val();
                    // Answer as the state will be: running, nothing searched yet.
                    self.shell.rsp_payload.next =
                        bit_cast::<PAYLOAD_BITS, 8>(self.k_job_running.val());
                }
            } else if self.shell.cmd_op.val() == self.k_op_abort.val() {
                if self.sel_busy.val() {
                    self.go_abort.next = self.shell.cmd_valid.val();
                    self.shell.rsp_payload.next = (self.sel_status.val() & !0xFF_u64)
                        | bit_cast::<PAYLOAD_BITS, 8>(self.k_job_aborted.val());
                }
            } else if self.shell.cmd_op.val() == self.k_op_result.val() {
                if self.sel_result_ok.val() {
                    self.shell.rsp_len.next = self.k_result_len.val();
                    self.shell.rsp_payload.next = self.sel_result.val();
                } else {
                    self.shell.rsp_error.next = true;
                    self.shell.rsp_code.next = self.k_err_no_result.val();
                }
            }
        } else {
            self.shell.rsp_error.next = true;
        }
        for i in 0..self.solvers.len() {
            self.solvers[i].start.next = self.go_start.val() & self.sel_hot.val().get_bit(i);
            self.solvers[i].cancel.next = self.go_abort.val() & self.sel_hot.val().get_bit(i);
        }
    }
}
