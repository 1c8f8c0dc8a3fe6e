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
//! Registers between the link and the solvers (issue 12: the table's block RAMs spread the
//! solvers, and the decoded command no longer reached every solver's start, nor the solvers'
//! flags the answer, in one cycle): a solver starts or stops one cycle after the
//! command, and job control answers from the flags of the cycle before. A frame takes
//! hundreds of cycles on the UART, so no command sees the difference; a stop that job control
//! answered `aborted` aborts its job even when the job ended in between: a stop that reaches
//! a solver already done sets that core's late-stop bit, which shows the core aborted, not
//! done, from the cycle after it is set until the core's next start (job control sees the job
//! done for a cycle or two before, which no frame can ask about; `host/tests/aborts.rs`
//! sweeps that cycle). The bit lives here, not in the solver, to keep the stop off the
//! solver's state path (`othello-ff-x4` with the stop in the solver: 38.7 MHz for 40).
//!
//! Without the core byte a command addresses core 0. One core (`othello`, `othello-ff`) or
//! several (`othello-x8`): the host splits a solve over them (`host::split`). The job
//! commands are the shared `common::JobControl`; this core adds the solvers, the Othello
//! argument check and the result layout of `model::othello::protocol`.
//!
//! LEDs: bit 7 = some core solving, bits 6..0 = good frames received.

use super::Solver;
use crate::common::{JobControl, LinkShell};
use crate::design::CoreParams;
use model::link::PAYLOAD_BITS;
use model::othello::protocol::{RESULT_LEN, START_LEN};
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct OthelloCore {
    pub clock: Signal<In, Clock>,
    pub uart_rx: Signal<In, Bit>,
    pub uart_tx: Signal<Out, Bit>,
    pub leds: Signal<Out, Bits<8>>,
    shell: LinkShell,
    jobs: JobControl,
    solvers: Vec<Solver>,
    // JOB_START arguments (model::othello::protocol::encode_start).
    arg_p: Signal<Local, Bits<64>>,
    arg_o: Signal<Local, Bits<64>>,
    arg_alpha: Signal<Local, Bits<8>>,
    arg_beta: Signal<Local, Bits<8>>,
    // The command as the solvers see it, one cycle after the link decoded it, and their flags
    // as job control sees them, one cycle old (see the header).
    go: DFF<Bits<32>>,
    stop: DFF<Bits<32>>,
    job_p: DFF<Bits<64>>,
    job_o: DFF<Bits<64>>,
    job_alpha: DFF<Bits<8>>,
    job_beta: DFF<Bits<8>>,
    busy: DFF<Bits<32>>,
    done: DFF<Bits<32>>,
    aborted: DFF<Bits<32>>,
    late_stop: DFF<Bits<32>>,
    solver_done: Signal<Local, Bits<32>>,
    busy_now: Signal<Local, Bits<32>>,
    done_now: Signal<Local, Bits<32>>,
    aborted_now: Signal<Local, Bits<32>>,
    // The addressed core's outputs.
    sel_result_ok: Signal<Local, Bit>,
    sel_score: Signal<Local, Bits<8>>,
    sel_best: Signal<Local, Bits<7>>,
    sel_nodes_lo: Signal<Local, Bits<32>>,
    sel_nodes_hi: Signal<Local, Bits<32>>,
    sel_cycles_lo: Signal<Local, Bits<32>>,
    sel_cycles_hi: Signal<Local, Bits<32>>,
}

impl OthelloCore {
    /// One solver with the paper's move order: the `othello` design.
    pub fn new(p: &CoreParams) -> Self {
        Self::with_cores(p, "othello", false, 1)
    }

    /// `cores` solvers (1..=`model::link::MAX_CORES`), fastest-first or the paper's order,
    /// reporting `name`.
    pub fn with_cores(p: &CoreParams, name: &str, fastest_first: bool, cores: usize) -> Self {
        Self {
            clock: Default::default(),
            uart_rx: Default::default(),
            uart_tx: Default::default(),
            leds: Default::default(),
            shell: LinkShell::new(p, name),
            jobs: JobControl::new(cores, START_LEN, RESULT_LEN),
            solvers: (0..cores)
                .map(|_| Solver::new(model::othello::order::paper_order(), fastest_first))
                .collect(),
            arg_p: Default::default(),
            arg_o: Default::default(),
            arg_alpha: Default::default(),
            arg_beta: Default::default(),
            go: Default::default(),
            stop: Default::default(),
            job_p: Default::default(),
            job_o: Default::default(),
            job_alpha: Default::default(),
            job_beta: Default::default(),
            busy: Default::default(),
            done: Default::default(),
            aborted: Default::default(),
            late_stop: Default::default(),
            solver_done: Default::default(),
            busy_now: Default::default(),
            done_now: Default::default(),
            aborted_now: Default::default(),
            sel_result_ok: Default::default(),
            sel_score: Default::default(),
            sel_best: Default::default(),
            sel_nodes_lo: Default::default(),
            sel_nodes_hi: Default::default(),
            sel_cycles_lo: Default::default(),
            sel_cycles_hi: Default::default(),
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
        dff_setup!(
            self, clock, go, stop, job_p, job_o, job_alpha, job_beta, busy, done, aborted,
            late_stop
        );
        // Pins <-> link shell (UART, link engine); every command goes to job control.
        self.shell.clock.next = self.clock.val();
        self.shell.uart_rx.next = self.uart_rx.val();
        self.uart_tx.next = self.shell.uart_tx.val();
        self.jobs.cmd_valid.next = self.shell.cmd_valid.val();
        self.jobs.cmd_op.next = self.shell.cmd_op.val();
        self.jobs.cmd_len.next = self.shell.cmd_len.val();
        self.jobs.cmd_payload.next = self.shell.cmd_payload.val();
        self.shell.rsp_valid.next = self.shell.cmd_valid.val();
        self.shell.rsp_error.next = self.jobs.rsp_error.val();
        self.shell.rsp_code.next = self.jobs.rsp_code.val();
        self.shell.rsp_len.next = self.jobs.rsp_len.val();
        self.shell.rsp_payload.next = self.jobs.rsp_payload.val();
        self.leds.next = (self.shell.frames.val() & 0x7F_u64)
            | (bit_cast::<8, 1>(self.jobs.any_busy.val().into()) << 7_u64);

        // JOB_START arguments. alpha, beta arrive as i8 and enter the solver in excess-128
        // (flip the sign bit). Discs must not overlap and the window must not be empty.
        self.arg_p.next = self.jobs.args.val().get_bits::<64>(0);
        self.arg_o.next = self.jobs.args.val().get_bits::<64>(64);
        self.arg_alpha.next = self.jobs.args.val().get_bits::<8>(128) ^ 0x80_u64;
        self.arg_beta.next = self.jobs.args.val().get_bits::<8>(136) ^ 0x80_u64;
        self.jobs.args_ok.next = !(self.arg_p.val() & self.arg_o.val()).any()
            & (self.arg_alpha.val() < self.arg_beta.val());

        // The solvers start and stop one cycle after the command, with its arguments.
        self.go.d.next = self.jobs.start.val();
        self.stop.d.next = self.jobs.cancel.val();
        self.job_p.d.next = self.arg_p.val();
        self.job_o.d.next = self.arg_o.val();
        self.job_alpha.d.next = self.arg_alpha.val();
        self.job_beta.d.next = self.arg_beta.val();

        // The solvers: flags to job control, the addressed one's outputs muxed.
        self.busy_now.next = 0_u64.into();
        self.solver_done.next = 0_u64.into();
        self.aborted_now.next = 0_u64.into();
        self.sel_result_ok.next = false;
        self.sel_score.next = 0_u64.into();
        self.sel_best.next = 0_u64.into();
        self.sel_nodes_lo.next = 0_u64.into();
        self.sel_nodes_hi.next = 0_u64.into();
        self.sel_cycles_lo.next = 0_u64.into();
        self.sel_cycles_hi.next = 0_u64.into();
        for i in 0..self.solvers.len() {
            self.solvers[i].clock.next = self.clock.val();
            self.solvers[i].root_p.next = self.job_p.q.val();
            self.solvers[i].root_o.next = self.job_o.q.val();
            self.solvers[i].root_alpha.next = self.job_alpha.q.val();
            self.solvers[i].root_beta.next = self.job_beta.q.val();
            self.solvers[i].start.next = self.go.q.val().get_bit(i);
            self.solvers[i].cancel.next = self.stop.q.val().get_bit(i);
            self.busy_now.next = self
                .busy_now
                .val()
                .replace_bit(i, self.solvers[i].busy.val());
            self.solver_done.next = self
                .solver_done
                .val()
                .replace_bit(i, self.solvers[i].done.val());
            self.aborted_now.next = self
                .aborted_now
                .val()
                .replace_bit(i, self.solvers[i].aborted.val());
            if self.jobs.sel_hot.val().get_bit(i) {
                self.sel_result_ok.next = !self.solvers[i].overflow.val();
                self.sel_score.next = self.solvers[i].score.val();
                self.sel_best.next = self.solvers[i].best.val();
                self.sel_nodes_lo.next = self.solvers[i].nodes_lo.val();
                self.sel_nodes_hi.next = self.solvers[i].nodes_hi.val();
                self.sel_cycles_lo.next = self.solvers[i].cycles_lo.val();
                self.sel_cycles_hi.next = self.solvers[i].cycles_hi.val();
            }
        }
        // A stop that found its solver done (see the header), kept until the core's next start.
        self.late_stop.d.next = (self.late_stop.q.val()
            | (self.stop.q.val() & self.solver_done.val()))
            & !self.go.q.val();
        self.done_now.next = self.solver_done.val() & !self.late_stop.q.val();
        self.aborted_now.next = self.aborted_now.val() | self.late_stop.q.val();
        self.busy.d.next = self.busy_now.val();
        self.done.d.next = self.done_now.val();
        self.aborted.d.next = self.aborted_now.val();
        self.jobs.busy.next = self.busy.q.val();
        self.jobs.done.next = self.done.q.val();
        self.jobs.aborted.next = self.aborted.q.val();
        self.jobs.sel_progress_lo.next = self.sel_nodes_lo.val();
        self.jobs.sel_progress_hi.next = self.sel_nodes_hi.val();
        self.jobs.sel_result_ok.next = self.sel_result_ok.val();
        // JOB_RESULT: score (i8), best (u8), nodes (u64), cycles (u64).
        self.jobs.sel_result.next = bit_cast::<PAYLOAD_BITS, 8>(self.sel_score.val() ^ 0x80_u64)
            | (bit_cast::<PAYLOAD_BITS, 7>(self.sel_best.val()) << 8_u64)
            | (bit_cast::<PAYLOAD_BITS, 32>(self.sel_nodes_lo.val()) << 16_u64)
            | (bit_cast::<PAYLOAD_BITS, 32>(self.sel_nodes_hi.val()) << 48_u64)
            | (bit_cast::<PAYLOAD_BITS, 32>(self.sel_cycles_lo.val()) << 80_u64)
            | (bit_cast::<PAYLOAD_BITS, 32>(self.sel_cycles_hi.val()) << 112_u64);
    }
}
