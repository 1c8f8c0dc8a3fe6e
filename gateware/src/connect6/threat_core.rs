//! The `connect6-threat` core, past the paper: the threat player's turn on chip
//! ([`ThreatPlayer`]) behind the link, with the board in block RAM as the paper's game record
//! keeps it (19 row words of 38 bits, `model::connect6::paper::row_word`). The same commands
//! as the `connect6` core ([`super::core`]); what differs is in
//! `model::connect6::protocol::threat_design`.
//!
//! ```text
//!             +---------------------------------------------------------------------+
//!  clock ---->|  UartRx -> LinkEngine <-> job control <-> sequencer                  |
//!  uart_rx -->|  UartTx <-/  JOB_LOAD (a row) --> RAM 19 x 38 <-- puts (read, write)  |---> uart_tx
//!             |                                    ^ read port: ThreatPlayer         |
//!             +---------------------------------------------------------------------+---> leds[8]
//! ```
//!
//! A job: the opponent's last stones put when asked (a row read, then written: 2 cycles a
//! stone), the player started (1 cycle) and waited for (the turn's cycles,
//! `model::connect6::turn::Turn::cycles`), its two stones put (2 cycles each). An abort
//! cancels the turn at once; any of the last stones put before it stay (the host writes
//! their rows again). Once the turn is done the abort is too late: its stones are put and the
//! job ends done.
//! Cycles: `model::connect6::protocol::threat_design::expected_turn_job`.
//!
//! LEDs: bit 7 = the core computing, bits 6..0 = good frames received.

use super::ThreatPlayer;
use crate::common::{c, JobControl, LinkShell, StackRam};
use crate::design::CoreParams;
use model::connect6::protocol::threat_design::{BUDGET_BITS, THREAT_START_LEN};
use model::connect6::protocol::{
    CYCLES_BITS, LOAD_LEN, RESULT_LEN, ROWS, ROW_BITS, ROW_PAD_BITS, START_LEN,
};
use model::connect6::SIZE;
use model::link::{err, op, PAYLOAD_BITS};
use rust_hdl::prelude::*;

/// The sequencer's phases: a stone's row read, then written (the opponent's last stones,
/// then the turn's own); the player started, then waited for.
#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum ThreatPhase {
    Idle,
    LastRead,
    LastWrite,
    Start,
    Run,
    OwnRead,
    OwnWrite,
}

#[derive(LogicBlock)]
pub struct Connect6ThreatCore {
    pub clock: Signal<In, Clock>,
    pub uart_rx: Signal<In, Bit>,
    pub uart_tx: Signal<Out, Bit>,
    pub leds: Signal<Out, Bits<8>>,
    shell: LinkShell,
    jobs: JobControl,
    player: ThreatPlayer,
    /// The board: a row word an address.
    mem: StackRam<38, 5>,
    phase: DFF<ThreatPhase>,
    /// The job's `JOB_START` arguments (`model::connect6::protocol::threat_design::TurnArgs`:
    /// the decision's, then the turn's budget).
    args: DFF<Bits<88>>,
    /// The stone being put: the first or the second.
    k: DFF<Bit>,
    cycles: DFF<Bits<48>>,
    /// Started and not yet ended; ended with a turn; aborted.
    pending: DFF<Bit>,
    done: DFF<Bit>,
    aborted: DFF<Bit>,
    running: Signal<Local, Bit>,
    cancel: Signal<Local, Bit>,
    // The arguments of a JOB_START (from job control) and of the running job.
    s_side: Signal<Local, Bits<8>>,
    s_stones: Signal<Local, Bits<8>>,
    s_put: Signal<Local, Bits<8>>,
    s_last: Signal<Local, Bits<8>>,
    a_side: Signal<Local, Bits<2>>,
    /// The stone being put: its point and its code.
    p_col: Signal<Local, Bits<5>>,
    p_row: Signal<Local, Bits<5>>,
    p_code: Signal<Local, Bits<2>>,
    p_shift: Signal<Local, Bits<38>>,
    // JOB_LOAD: core, row, the row word.
    cmd_core: Signal<Local, Bits<8>>,
    cmd_row: Signal<Local, Bits<8>>,
    load_data: Signal<Local, Bits<40>>,
    load_go: Signal<Local, Bit>,
    /// Points coded 3 in a loaded row (bit 2c set for column c).
    threes: Signal<Local, Bits<40>>,
    result: Signal<Local, Bits<PAYLOAD_BITS>>,
    k_op_load: Constant<Bits<8>>,
    k_load_len: Constant<Bits<8>>,
    k_rows: Constant<Bits<8>>,
    k_size: Constant<Bits<8>>,
    k_even: Constant<Bits<40>>,
    k_err_length: Constant<Bits<8>>,
    k_err_argument: Constant<Bits<8>>,
    k_err_busy: Constant<Bits<8>>,
    /// A point's two bits; the stones a turn places.
    k_point: Constant<Bits<38>>,
    k_placed: Constant<Bits<8>>,
}

// The kernel's literals: a row word is 38 bits in 5 bytes; the start is 8 bytes and the
// budget's 3 (20 bits); the result is cycles (48 bits, sent as u64), the count u8 and two
// stones of three bytes.
const _: () = assert!(
    ROW_BITS == 38
        && ROW_PAD_BITS == 2
        && LOAD_LEN == 7
        && START_LEN == 8
        && THREAT_START_LEN == 11
        && BUDGET_BITS == 20
        && RESULT_LEN == 15
        && CYCLES_BITS == 48
        && ROWS == SIZE
);

impl Connect6ThreatCore {
    /// The `connect6-threat` design.
    pub fn new(p: &CoreParams) -> Self {
        Self::named(p, "connect6-threat")
    }

    /// One threat player reporting `name`.
    pub fn named(p: &CoreParams, name: &str) -> Self {
        Self {
            clock: Default::default(),
            uart_rx: Default::default(),
            uart_tx: Default::default(),
            leds: Default::default(),
            shell: LinkShell::new(p, name),
            jobs: JobControl::new(1, THREAT_START_LEN, RESULT_LEN),
            player: ThreatPlayer::default(),
            mem: Default::default(),
            phase: Default::default(),
            args: Default::default(),
            k: Default::default(),
            cycles: Default::default(),
            pending: Default::default(),
            done: Default::default(),
            aborted: Default::default(),
            running: Default::default(),
            cancel: Default::default(),
            s_side: Default::default(),
            s_stones: Default::default(),
            s_put: Default::default(),
            s_last: Default::default(),
            a_side: Default::default(),
            p_col: Default::default(),
            p_row: Default::default(),
            p_code: Default::default(),
            p_shift: Default::default(),
            cmd_core: Default::default(),
            cmd_row: Default::default(),
            load_data: Default::default(),
            load_go: Default::default(),
            threes: Default::default(),
            result: Default::default(),
            k_op_load: c(op::JOB_LOAD as u64),
            k_load_len: c(LOAD_LEN as u64),
            k_rows: c(ROWS as u64),
            k_size: c(SIZE as u64),
            k_even: crate::common::mask(ROW_BITS, |i| i % 2 == 0),
            k_err_length: c(err::BAD_LENGTH as u64),
            k_err_argument: c(err::BAD_ARGUMENT as u64),
            k_err_busy: c(err::BUSY as u64),
            k_point: c(3),
            k_placed: c(2),
        }
    }
}

crate::impl_board_core!(Connect6ThreatCore, "connect6-threat");

impl Logic for Connect6ThreatCore {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, phase, args, k, cycles, pending, done, aborted);
        self.player.clock.next = self.clock.val();
        self.mem.clock.next = self.clock.val();
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

        // JOB_START: side 1 or 2, two stones, put 0 or 1, last 1 or 2, points on the board
        // (Black's opening, one stone and no last, is the host's), a budget of 20 bits.
        self.s_side.next = self.jobs.args.val().get_bits::<8>(0);
        self.s_stones.next = self.jobs.args.val().get_bits::<8>(8);
        self.s_put.next = self.jobs.args.val().get_bits::<8>(16);
        self.s_last.next = self.jobs.args.val().get_bits::<8>(24);
        self.jobs.args_ok.next = (self.s_side.val() != 0_u64)
            & (self.s_side.val() <= 2_u64)
            & (self.s_stones.val() == 2_u64)
            & (self.s_put.val() <= 1_u64)
            & (self.s_last.val() != 0_u64)
            & (self.s_last.val() <= 2_u64)
            & (self.jobs.args.val().get_bits::<8>(32) < self.k_size.val())
            & (self.jobs.args.val().get_bits::<8>(40) < self.k_size.val())
            & (self.jobs.args.val().get_bits::<8>(48) < self.k_size.val())
            & (self.jobs.args.val().get_bits::<8>(56) < self.k_size.val())
            & (self.jobs.args.val().get_bits::<4>(84) == 0_u64);

        // The stone being put: a last stone in the opponent's colour, or one of the turn's.
        self.a_side.next = self.args.q.val().get_bits::<2>(0);
        self.p_col.next = self.args.q.val().get_bits::<5>(32);
        self.p_row.next = self.args.q.val().get_bits::<5>(40);
        if self.k.q.val() {
            self.p_col.next = self.args.q.val().get_bits::<5>(48);
            self.p_row.next = self.args.q.val().get_bits::<5>(56);
        }
        self.p_code.next = !self.a_side.val();
        if (self.phase.q.val() == ThreatPhase::OwnRead)
            | (self.phase.q.val() == ThreatPhase::OwnWrite)
        {
            self.p_code.next = self.a_side.val();
            self.p_col.next = self.player.a_col.val();
            self.p_row.next = self.player.a_row.val();
            if self.k.q.val() {
                self.p_col.next = self.player.c_col.val();
                self.p_row.next = self.player.c_row.val();
            }
        }
        self.p_shift.next = bit_cast::<38, 5>(self.p_col.val()) << 1_u64;

        // The board's ports: the player reads it (outside a put); a put reads the stone's
        // row, then writes it with the stone's point set; JOB_LOAD writes a row.
        self.mem.read_address.next = self.player.rd_addr.val();
        self.player.rd_data.next = self.mem.read_data.val();
        self.mem.write_enable.next = false;
        self.mem.write_address.next = self.p_row.val();
        self.mem.write_data.next = (self.mem.read_data.val()
            & !(self.k_point.val() << self.p_shift.val()))
            | (bit_cast::<38, 2>(self.p_code.val()) << self.p_shift.val());
        self.player.side.next = self.a_side.val();
        self.player.budget.next = self.args.q.val().get_bits::<20>(64);
        self.player.start.next = false;
        // An abort cancels the job only until the turn is done (the last stones' puts, the
        // start, the turn): then it is too late, its stones are put and the job ends done
        // (the host reads them), so an aborted job never leaves stones of its own.
        self.cancel.next = self.jobs.cancel.val().get_bit(0)
            & ((self.phase.q.val() == ThreatPhase::LastRead)
                | (self.phase.q.val() == ThreatPhase::LastWrite)
                | (self.phase.q.val() == ThreatPhase::Start)
                | (self.phase.q.val() == ThreatPhase::Run));
        self.player.cancel.next = self.cancel.val();
        match self.phase.q.val() {
            ThreatPhase::Idle => {}
            ThreatPhase::LastRead => {
                self.mem.read_address.next = self.p_row.val();
                self.phase.d.next = ThreatPhase::LastWrite;
            }
            ThreatPhase::LastWrite => {
                self.mem.write_enable.next = true;
                self.k.d.next = true;
                self.phase.d.next = ThreatPhase::Start;
                if !self.k.q.val() & (self.args.q.val().get_bits::<2>(24) == 2_u64) {
                    self.phase.d.next = ThreatPhase::LastRead;
                }
            }
            ThreatPhase::Start => {
                self.player.start.next = true;
                self.phase.d.next = ThreatPhase::Run;
            }
            ThreatPhase::Run => {
                self.k.d.next = false;
                if self.player.done.val() {
                    self.phase.d.next = ThreatPhase::OwnRead;
                }
            }
            ThreatPhase::OwnRead => {
                self.mem.read_address.next = self.p_row.val();
                self.phase.d.next = ThreatPhase::OwnWrite;
            }
            ThreatPhase::OwnWrite => {
                self.mem.write_enable.next = true;
                self.k.d.next = true;
                self.phase.d.next = ThreatPhase::OwnRead;
                if self.k.q.val() {
                    self.phase.d.next = ThreatPhase::Idle;
                }
            }
        }
        // An abort ends the job at once: the turn cancelled (a stone put before stays).
        if self.cancel.val() {
            self.phase.d.next = ThreatPhase::Idle;
        }
        self.running.next = self.phase.q.val() != ThreatPhase::Idle;

        // A job: pending from its start until the sequencer is idle; done unless aborted.
        if self.jobs.start.val().get_bit(0) {
            self.args.d.next = self.jobs.args.val().get_bits::<88>(0);
            self.k.d.next = false;
            self.phase.d.next = ThreatPhase::Start;
            if self.s_put.val() == 1_u64 {
                self.phase.d.next = ThreatPhase::LastRead;
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
                self.done.d.next = !self.aborted.q.val() & !self.cancel.val();
            }
            if self.cancel.val() {
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
            } else if self.pending.q.val() | self.running.val() {
                self.shell.rsp_code.next = self.k_err_busy.val();
            } else {
                self.shell.rsp_error.next = false;
                self.load_go.next = self.shell.cmd_valid.val();
            }
        }
        if self.load_go.val() {
            self.mem.write_enable.next = true;
            self.mem.write_address.next = self.cmd_row.val().get_bits::<5>(0);
            self.mem.write_data.next = self.load_data.val().get_bits::<38>(0);
            self.done.d.next = false;
            self.aborted.d.next = false;
        }

        self.jobs.busy.next = bit_cast::<32, 1>((self.pending.q.val() | self.running.val()).into());
        self.jobs.done.next = bit_cast::<32, 1>(self.done.q.val().into());
        self.jobs.aborted.next = bit_cast::<32, 1>(self.aborted.q.val().into());
        self.jobs.sel_progress_lo.next = self.cycles.q.val().get_bits::<32>(0);
        self.jobs.sel_progress_hi.next = bit_cast::<32, 16>(self.cycles.q.val().get_bits::<16>(32));
        self.jobs.sel_result_ok.next = self.jobs.sel_hot.val().get_bit(0);
        // JOB_RESULT: cycles u64, 2, per stone column u8, row u8, the step u8.
        self.result.next = bit_cast::<PAYLOAD_BITS, 48>(self.cycles.q.val())
            | (bit_cast::<PAYLOAD_BITS, 8>(self.k_placed.val()) << 64_u64)
            | (bit_cast::<PAYLOAD_BITS, 5>(self.player.a_col.val()) << 72_u64)
            | (bit_cast::<PAYLOAD_BITS, 5>(self.player.a_row.val()) << 80_u64)
            | (bit_cast::<PAYLOAD_BITS, 3>(self.player.step.val()) << 88_u64)
            | (bit_cast::<PAYLOAD_BITS, 5>(self.player.c_col.val()) << 96_u64)
            | (bit_cast::<PAYLOAD_BITS, 5>(self.player.c_row.val()) << 104_u64)
            | (bit_cast::<PAYLOAD_BITS, 3>(self.player.step.val()) << 112_u64);
        self.jobs.sel_result.next = self.result.val();
    }
}
