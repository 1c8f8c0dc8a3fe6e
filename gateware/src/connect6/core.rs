//! The `connect6` core: the paper's player (`NextMoveSelector` and the modules around it)
//! behind the link protocol. The paper's host link is not described beyond its I/O block
//! taking the opponent's two stones; here it is the UART link, and a job puts those stones
//! on the game record (the I/O's addresses) before the decision.
//!
//! ```text
//!             +--------------------------------------------------------------+
//!  clock ---->|  UartRx -> LinkEngine <-> job control <-> sequencer           |
//!  uart_rx -->|  UartTx <-/  JOB_LOAD (a row) --------> NextMoveSelector      |---> uart_tx
//!             |                 puts (opponent), start, done, stones <-/     |
//!             +--------------------------------------------------------------+---> leds[8]
//! ```
//!
//! Commands (layouts in `model::connect6::protocol`), each answered in the cycle it arrives:
//! * `JOB_LOAD` core, row, data: writes a row of the board. Errors: BAD_LENGTH, BAD_ARGUMENT
//!   (core past 0, row past 18, padding bits set, a point coded 3), BUSY.
//! * `JOB_START` [core], side, stones, put, last, two points: puts the last stones in the
//!   opponent's colour when asked (4 cycles each), then the player decides. Errors: those of
//!   job control, BAD_ARGUMENT (a field outside its range).
//! * `JOB_POLL` / `JOB_ABORT` [core]: state, cycles so far (an abort marks the job aborted;
//!   the decision, at most about a thousand cycles, ends on its own).
//! * `JOB_RESULT` [core]: cycles, the stones placed, each stone's point and module.
//!
//! Cycles of a job: `model::connect6::protocol::job_cycles`.
//!
//! LEDs: bit 7 = the core computing, bits 6..0 = good frames received.

use super::NextMoveSelector;
use crate::common::{c, JobControl, LinkShell};
use crate::design::CoreParams;
use model::connect6::protocol::{
    CYCLES_BITS, LOAD_LEN, RESULT_LEN, ROWS, ROW_BITS, ROW_PAD_BITS, START_LEN,
};
use model::connect6::SIZE;
use model::link::{err, op, PAYLOAD_BITS};
use rust_hdl::prelude::*;

/// The sequencer's phases.
#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum JobPhase {
    Idle,
    /// A last stone's put is commanded, then waited for.
    Put0,
    Wait0,
    Put1,
    Wait1,
    /// The player is started, then waited for.
    Start,
    Run,
}

#[derive(LogicBlock)]
pub struct Connect6Core {
    pub clock: Signal<In, Clock>,
    pub uart_rx: Signal<In, Bit>,
    pub uart_tx: Signal<Out, Bit>,
    pub leds: Signal<Out, Bits<8>>,
    shell: LinkShell,
    jobs: JobControl,
    player: NextMoveSelector,
    phase: DFF<JobPhase>,
    /// The job's `JOB_START` arguments (`model::connect6::protocol::StartArgs`).
    args: DFF<Bits<64>>,
    cycles: DFF<Bits<48>>,
    /// Started and not yet ended; ended with a decision; aborted.
    pending: DFF<Bit>,
    done: DFF<Bit>,
    aborted: DFF<Bit>,
    running: Signal<Local, Bit>,
    // The arguments of a JOB_START (from job control) and of the running job.
    s_side: Signal<Local, Bits<8>>,
    s_stones: Signal<Local, Bits<8>>,
    s_put: Signal<Local, Bits<8>>,
    s_last: Signal<Local, Bits<8>>,
    a_side: Signal<Local, Bits<2>>,
    a_last: Signal<Local, Bits<2>>,
    // JOB_LOAD: core, row, the row word.
    cmd_core: Signal<Local, Bits<8>>,
    cmd_row: Signal<Local, Bits<8>>,
    load_data: Signal<Local, Bits<40>>,
    load_go: Signal<Local, Bit>,
    /// Points coded 3 in a loaded row (bit 2c set for column c).
    threes: Signal<Local, Bits<40>>,
    placed2: Signal<Local, Bit>,
    result: Signal<Local, Bits<PAYLOAD_BITS>>,
    k_op_load: Constant<Bits<8>>,
    k_load_len: Constant<Bits<8>>,
    k_rows: Constant<Bits<8>>,
    k_size: Constant<Bits<8>>,
    k_even: Constant<Bits<40>>,
    k_err_length: Constant<Bits<8>>,
    k_err_argument: Constant<Bits<8>>,
    k_err_busy: Constant<Bits<8>>,
}

// The kernel's literals: a row word is 38 bits in 5 bytes; the start is 8 bytes; the result
// is cycles (48 bits, sent as u64), the count u8 and two stones of three bytes.
const _: () = assert!(
    ROW_BITS == 38
        && ROW_PAD_BITS == 2
        && LOAD_LEN == 7
        && START_LEN == 8
        && RESULT_LEN == 15
        && CYCLES_BITS == 48
        && ROWS == SIZE
);

impl Connect6Core {
    /// The `connect6` design.
    pub fn new(p: &CoreParams) -> Self {
        Self::named(p, "connect6")
    }

    /// One player reporting `name`.
    pub fn named(p: &CoreParams, name: &str) -> Self {
        Self {
            clock: Default::default(),
            uart_rx: Default::default(),
            uart_tx: Default::default(),
            leds: Default::default(),
            shell: LinkShell::new(p, name),
            jobs: JobControl::new(1, START_LEN, RESULT_LEN),
            player: NextMoveSelector::default(),
            phase: Default::default(),
            args: Default::default(),
            cycles: Default::default(),
            pending: Default::default(),
            done: Default::default(),
            aborted: Default::default(),
            running: Default::default(),
            s_side: Default::default(),
            s_stones: Default::default(),
            s_put: Default::default(),
            s_last: Default::default(),
            a_side: Default::default(),
            a_last: Default::default(),
            cmd_core: Default::default(),
            cmd_row: Default::default(),
            load_data: Default::default(),
            load_go: Default::default(),
            threes: Default::default(),
            placed2: Default::default(),
            result: Default::default(),
            k_op_load: c(op::JOB_LOAD as u64),
            k_load_len: c(LOAD_LEN as u64),
            k_rows: c(ROWS as u64),
            k_size: c(SIZE as u64),
            k_even: crate::common::mask(ROW_BITS, |i| i % 2 == 0),
            k_err_length: c(err::BAD_LENGTH as u64),
            k_err_argument: c(err::BAD_ARGUMENT as u64),
            k_err_busy: c(err::BUSY as u64),
        }
    }
}

crate::impl_board_core!(Connect6Core, "connect6");

impl Logic for Connect6Core {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, phase, args, cycles, pending, done, aborted);
        self.player.clock.next = self.clock.val();
        // Pins <-> link shell; job commands go to job control.
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

        // JOB_START: side 1 or 2, stones 1 or 2, put 0 or 1, last 0..=2, points on the board.
        self.s_side.next = self.jobs.args.val().get_bits::<8>(0);
        self.s_stones.next = self.jobs.args.val().get_bits::<8>(8);
        self.s_put.next = self.jobs.args.val().get_bits::<8>(16);
        self.s_last.next = self.jobs.args.val().get_bits::<8>(24);
        self.jobs.args_ok.next = (self.s_side.val() != 0_u64)
            & (self.s_side.val() <= 2_u64)
            & (self.s_stones.val() != 0_u64)
            & (self.s_stones.val() <= 2_u64)
            & (self.s_put.val() <= 1_u64)
            & (self.s_last.val() <= 2_u64)
            & (self.jobs.args.val().get_bits::<8>(32) < self.k_size.val())
            & (self.jobs.args.val().get_bits::<8>(40) < self.k_size.val())
            & (self.jobs.args.val().get_bits::<8>(48) < self.k_size.val())
            & (self.jobs.args.val().get_bits::<8>(56) < self.k_size.val());

        // The sequencer: the last stones put in the opponent's colour (when asked), then the
        // player's decision.
        self.a_side.next = self.args.q.val().get_bits::<2>(0);
        self.a_last.next = self.args.q.val().get_bits::<2>(24);
        self.player.side.next = self.a_side.val();
        self.player.stones.next = self.args.q.val().get_bits::<2>(8);
        self.player.last_n.next = self.a_last.val();
        self.player.last0_col.next = self.args.q.val().get_bits::<5>(32);
        self.player.last0_row.next = self.args.q.val().get_bits::<5>(40);
        self.player.last1_col.next = self.args.q.val().get_bits::<5>(48);
        self.player.last1_row.next = self.args.q.val().get_bits::<5>(56);
        self.player.host_put.next = false;
        self.player.host_col.next = self.args.q.val().get_bits::<5>(32);
        self.player.host_row.next = self.args.q.val().get_bits::<5>(40);
        self.player.start.next = false;
        match self.phase.q.val() {
            JobPhase::Idle => {}
            JobPhase::Put0 => {
                self.player.side.next = !self.a_side.val();
                self.player.host_put.next = true;
                self.phase.d.next = JobPhase::Wait0;
            }
            JobPhase::Wait0 => {
                self.player.side.next = !self.a_side.val();
                if !self.player.busy.val() {
                    if self.a_last.val() == 2_u64 {
                        self.phase.d.next = JobPhase::Put1;
                    } else {
                        self.phase.d.next = JobPhase::Start;
                    }
                }
            }
            JobPhase::Put1 => {
                self.player.side.next = !self.a_side.val();
                self.player.host_put.next = true;
                self.player.host_col.next = self.args.q.val().get_bits::<5>(48);
                self.player.host_row.next = self.args.q.val().get_bits::<5>(56);
                self.phase.d.next = JobPhase::Wait1;
            }
            JobPhase::Wait1 => {
                self.player.side.next = !self.a_side.val();
                if !self.player.busy.val() {
                    self.phase.d.next = JobPhase::Start;
                }
            }
            JobPhase::Start => {
                self.player.start.next = true;
                self.phase.d.next = JobPhase::Run;
            }
            JobPhase::Run => {
                if !self.player.busy.val() {
                    self.phase.d.next = JobPhase::Idle;
                }
            }
        }
        self.running.next = self.phase.q.val() != JobPhase::Idle;

        // A job: pending from its start until the sequencer is idle; done unless aborted.
        if self.jobs.start.val().get_bit(0) {
            self.args.d.next = self.jobs.args.val().get_bits::<64>(0);
            self.phase.d.next = JobPhase::Start;
            if (self.s_put.val() == 1_u64) & (self.s_last.val() != 0_u64) {
                self.phase.d.next = JobPhase::Put0;
            }
            self.pending.d.next = true;
            self.done.d.next = false;
            self.aborted.d.next = false;
            self.cycles.d.next = 0_u64.into();
        } else if self.pending.q.val() {
            if self.running.val() {
                self.cycles.d.next = self.cycles.q.val() + 1_u64;
            } else {
                self.pending.d.next = false;
                // A cancel in the sequencer's last cycle also counts (as in LinkCore).
                self.done.d.next = !self.aborted.q.val() & !self.jobs.cancel.val().get_bit(0);
            }
            if self.jobs.cancel.val().get_bit(0) {
                self.aborted.d.next = true;
            }
        }

        // JOB_LOAD: a row of the board, while the core does not run.
        self.cmd_core.next = self.shell.cmd_payload.val().get_bits::<8>(0);
        self.cmd_row.next = self.shell.cmd_payload.val().get_bits::<8>(8);
        self.load_data.next = self.shell.cmd_payload.val().get_bits::<40>(16);
        self.threes.next =
            self.load_data.val() & (self.load_data.val() >> 1_u64) & self.k_even.val();
        self.load_go.next = false;
        if self.shell.cmd_op.val() == self.k_op_load.val() {
            self.shell.rsp_error.next = true;
            self.shell.rsp_len.next = 0_u64.into();
            if self.shell.cmd_len.val() != self.k_load_len.val() {
                self.shell.rsp_code.next = self.k_err_length.val();
            } else if (self.cmd_core.val() != 0_u64)
                | (self.cmd_row.val() >= self.k_rows.val())
                | (self.load_data.val().get_bits::<2>(38) != 0_u64)
                | (self.threes.val() != 0_u64)
            {
                self.shell.rsp_code.next = self.k_err_argument.val();
            } else if self.pending.q.val() | self.player.busy.val() {
                self.shell.rsp_code.next = self.k_err_busy.val();
            } else {
                self.shell.rsp_error.next = false;
                self.load_go.next = self.shell.cmd_valid.val();
            }
        }
        self.player.load_en.next = self.load_go.val();
        self.player.load_row.next = self.cmd_row.val().get_bits::<5>(0);
        self.player.load_data.next = self.load_data.val().get_bits::<38>(0);
        if self.load_go.val() {
            self.done.d.next = false;
            self.aborted.d.next = false;
        }

        self.jobs.busy.next = bit_cast::<32, 1>((self.pending.q.val() | self.running.val()).into());
        self.jobs.done.next = bit_cast::<32, 1>(self.done.q.val().into());
        self.jobs.aborted.next = bit_cast::<32, 1>(self.aborted.q.val().into());
        self.jobs.sel_progress_lo.next = self.cycles.q.val().get_bits::<32>(0);
        self.jobs.sel_progress_hi.next = bit_cast::<32, 16>(self.cycles.q.val().get_bits::<16>(32));
        self.jobs.sel_result_ok.next = self.jobs.sel_hot.val().get_bit(0);
        // JOB_RESULT: cycles u64, placed u8, per stone column u8, row u8, module u8 (the
        // second stone's bytes 0 when one was placed).
        self.placed2.next = self.player.placed.val() == 2_u64;
        self.result.next = bit_cast::<PAYLOAD_BITS, 48>(self.cycles.q.val())
            | (bit_cast::<PAYLOAD_BITS, 2>(self.player.placed.val()) << 64_u64)
            | (bit_cast::<PAYLOAD_BITS, 5>(self.player.stone0_col.val()) << 72_u64)
            | (bit_cast::<PAYLOAD_BITS, 5>(self.player.stone0_row.val()) << 80_u64)
            | (bit_cast::<PAYLOAD_BITS, 3>(self.player.stone0_module.val()) << 88_u64);
        if self.placed2.val() {
            self.result.next = self.result.val()
                | (bit_cast::<PAYLOAD_BITS, 5>(self.player.stone1_col.val()) << 96_u64)
                | (bit_cast::<PAYLOAD_BITS, 5>(self.player.stone1_row.val()) << 104_u64)
                | (bit_cast::<PAYLOAD_BITS, 3>(self.player.stone1_module.val()) << 112_u64);
        }
        self.jobs.sel_result.next = self.result.val();
    }
}
