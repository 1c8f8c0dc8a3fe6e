//! The `shogi-cover` design: the piece cover circuit alone behind the link, the paper's
//! Figure 8 as a board of its own, built for the issue's clock target (the table in at most 9
//! cycles at 50 MHz or more on the ULX3S): it runs at 60 MHz, 9 cycles a table (0.15 us; the
//! paper: 46 cycles at 38.46 MHz, 1.20 us). The `shogi` core carries the same circuit inside
//! its all-move unit, where the generator and the walker bound the clock to 20 MHz; here
//! nothing but the link shares the chip with it. The `shogi-cover-cu` design is the same core
//! around the one-scanner circuit ([`super::PieceCoverCircuitOneScanner`], 19 cycles a table),
//! which fits the Alchitry Cu's iCE40-HX8K: one kernel, written once (`cover_core!`), for
//! both.
//!
//! ```text
//!             +--------------------------------------------------------+
//!  clock ---->|  UartRx -> LinkEngine <-> job control <-> PieceCoverCircuit |
//!  uart_rx -->|  UartTx <-/  JOB_LOAD (ranks) / JOB_READ (half a rank)     |---> uart_tx
//!             +--------------------------------------------------------+---> leds[8]
//! ```
//!
//! The commands are the `shogi` core's (`core.rs`; layouts in `model::shogi::protocol`), so
//! the host's `cover_on_board` drives either design. The jobs this core lacks are bad
//! arguments; the candidate words have no result, as after a cover job on the `shogi` core:
//! * `JOB_LOAD` core, word, data: a rank of the board data (words 0-8); word 9 (the side and
//!   the hands) is checked and accepted, and nothing reads it (the table does not depend on
//!   it). Errors: BAD_LENGTH, BAD_ARGUMENT (no such core, word past 9, padding bits set),
//!   BUSY.
//! * `JOB_START` [core], job, depth: `JOB_COVER` with depth 0, 9 cycles (19 on
//!   `shogi-cover-cu`); any other job or
//!   depth is a BAD_ARGUMENT (no move generator, no walker).
//! * `JOB_POLL` / `JOB_ABORT` / `JOB_RESULT`: job control's; the result is the cycles, the
//!   other fields 0 (flags 0: a cover job).
//! * `JOB_READ` core, word: half a rank of the finished table (words 0-17), answered two
//!   cycles after the command (the RAMs' read, then the registered word); words 18-53
//!   (candidates) are NO_RESULT, as after a cover job on the `shogi` core.
//!
//! LEDs: bit 7 = the circuit computing, bits 6..0 = good frames received.

use super::{PieceCoverCircuit, PieceCoverCircuitOneScanner};
use crate::common::{JobControl, LinkShell};
use crate::design::CoreParams;
use model::link::{err, op, PAYLOAD_BITS};
use model::shogi::protocol::{
    CYCLES_BITS, HANDS_BITS, JOB_COVER, LOAD_LEN, LOAD_WORDS, RANKS, RANK_BITS, READ_ANSWER_LEN,
    READ_FILES, READ_LEN, READ_WORDS, RESULT_LEN, START_LEN, TABLE_WORDS,
};
use rust_hdl::prelude::*;

/// Bits of a read word's answer: the low half of a table rank (files 1-5) or the high one.
const LOW_BITS: usize = READ_FILES * 40;
const HIGH_BITS: usize = 360 - LOW_BITS;

/// The core around a cover circuit: `$circuit` (made by `$make`: its ports `clock`, `wr_*`,
/// `start`, `busy`, `rd_rank`, `rd_covers`) behind the link, reporting `$name`. One kernel for
/// both circuits, so the two designs answer the same commands the same way.
macro_rules! cover_core {
    ($(#[$doc:meta])* $core:ident, $circuit:ty, $make:expr, $name:literal) => {
        $(#[$doc])*
        #[derive(LogicBlock)]
        pub struct $core {
            pub clock: Signal<In, Clock>,
            pub uart_rx: Signal<In, Bit>,
            pub uart_tx: Signal<Out, Bit>,
            pub leds: Signal<Out, Bits<8>>,
            shell: LinkShell,
            jobs: JobControl,
            circuit: $circuit,
            /// Cycles of the current or last job.
            cycles: DFF<Bits<48>>,
            /// Started and not yet ended; ended with a table; aborted.
            pending: DFF<Bit>,
            done: DFF<Bit>,
            aborted: DFF<Bit>,
            /// A `JOB_READ` waits a cycle for the RAMs, then answers the word registered in
            /// `read_part`.
            read_wait: DFF<Bit>,
            read_ready: DFF<Bit>,
            /// The circuit was busy in the cycle its RAMs were read (a job's last cycle may still
            /// write them): the answer is BUSY though the circuit is idle when it is given.
            read_busy: DFF<Bit>,
            read_part: DFF<Bits<200>>,
            read_go: Signal<Local, Bit>,
            busy: Signal<Local, Bit>,
            cmd_core: Signal<Local, Bits<8>>,
            cmd_word: Signal<Local, Bits<8>>,
            load_data: Signal<Local, Bits<96>>,
            load_go: Signal<Local, Bit>,
            is_hands: Signal<Local, Bit>,
            k_op_load: Constant<Bits<8>>,
            k_op_read: Constant<Bits<8>>,
            k_load_len: Constant<Bits<8>>,
            k_read_len: Constant<Bits<8>>,
            k_read_answer_len: Constant<Bits<8>>,
            k_ranks: Constant<Bits<8>>,
            k_load_words: Constant<Bits<8>>,
            k_table_words: Constant<Bits<8>>,
            k_words: Constant<Bits<8>>,
            k_job_cover: Constant<Bits<8>>,
            k_err_length: Constant<Bits<8>>,
            k_err_argument: Constant<Bits<8>>,
            k_err_busy: Constant<Bits<8>>,
            k_err_no_result: Constant<Bits<8>>,
        }

        impl $core {
            /// The design of that name.
            pub fn new(p: &CoreParams) -> Self {
                Self::named(p, $name)
            }

            /// The core, reporting `name`.
            pub fn named(p: &CoreParams, name: &str) -> Self {
                let k8 = |v: usize| Constant::new((v as u64).into());
                Self {
                    clock: Default::default(),
                    uart_rx: Default::default(),
                    uart_tx: Default::default(),
                    leds: Default::default(),
                    shell: LinkShell::new(p, name),
                    jobs: JobControl::new(1, START_LEN, RESULT_LEN),
                    circuit: $make,
                    cycles: Default::default(),
                    pending: Default::default(),
                    done: Default::default(),
                    aborted: Default::default(),
                    read_wait: Default::default(),
                    read_ready: Default::default(),
                    read_busy: Default::default(),
                    read_part: Default::default(),
                    read_go: Default::default(),
                    busy: Default::default(),
                    cmd_core: Default::default(),
                    cmd_word: Default::default(),
                    load_data: Default::default(),
                    load_go: Default::default(),
                    is_hands: Default::default(),
                    k_op_load: k8(op::JOB_LOAD as usize),
                    k_op_read: k8(op::JOB_READ as usize),
                    k_load_len: k8(LOAD_LEN),
                    k_read_len: k8(READ_LEN),
                    k_read_answer_len: k8(READ_ANSWER_LEN),
                    k_ranks: k8(RANKS),
                    k_load_words: k8(LOAD_WORDS),
                    k_table_words: k8(TABLE_WORDS),
                    k_words: k8(READ_WORDS),
                    k_job_cover: k8(JOB_COVER as usize),
                    k_err_length: k8(err::BAD_LENGTH as usize),
                    k_err_argument: k8(err::BAD_ARGUMENT as usize),
                    k_err_busy: k8(err::BUSY as usize),
                    k_err_no_result: k8(err::NO_RESULT as usize),
                }
            }
        }

        crate::impl_board_core!($core, $name);

        impl Logic for $core {
            #[hdl_gen]
            fn update(&mut self) {
                dff_setup!(
                    self, clock, cycles, pending, done, aborted, read_wait, read_ready, read_busy,
                    read_part
                );
                // Pins <-> link shell (UART, link engine); job commands go to job control.
                self.shell.clock.next = self.clock.val();
                self.shell.uart_rx.next = self.uart_rx.val();
                self.uart_tx.next = self.shell.uart_tx.val();
                self.jobs.cmd_valid.next = self.shell.cmd_valid.val();
                self.jobs.cmd_op.next = self.shell.cmd_op.val();
                self.jobs.cmd_len.next = self.shell.cmd_len.val();
                self.jobs.cmd_payload.next = self.shell.cmd_payload.val();
                self.read_go.next = self.shell.cmd_valid.val()
                    & (self.shell.cmd_op.val() == self.k_op_read.val())
                    & !self.read_wait.q.val()
                    & !self.read_ready.q.val();
                self.shell.rsp_valid.next = (self.shell.cmd_valid.val()
                    & (self.shell.cmd_op.val() != self.k_op_read.val()))
                    | self.read_ready.q.val();
                self.shell.rsp_error.next = self.jobs.rsp_error.val();
                self.shell.rsp_code.next = self.jobs.rsp_code.val();
                self.shell.rsp_len.next = self.jobs.rsp_len.val();
                self.shell.rsp_payload.next = self.jobs.rsp_payload.val();
                self.leds.next = (self.shell.frames.val() & 0x7F_u64)
                    | (bit_cast::<8, 1>(self.jobs.any_busy.val().into()) << 7_u64);
                // JOB_START: the cover job, depth 0, and nothing else.
                self.jobs.args_ok.next = (self.jobs.args.val().get_bits::<8>(0) == self.k_job_cover.val())
                    & (self.jobs.args.val().get_bits::<8>(8) == 0_u64);

                // JOB_LOAD / JOB_READ: core index, word.
                self.cmd_core.next = self.shell.cmd_payload.val().get_bits::<8>(0);
                self.cmd_word.next = self.shell.cmd_payload.val().get_bits::<8>(8);
                self.load_data.next = self.shell.cmd_payload.val().get_bits::<96>(16);
                self.is_hands.next = self.cmd_word.val() == self.k_ranks.val();
                self.read_wait.d.next = self.read_go.val();
                self.read_ready.d.next = self.read_wait.q.val();

                // The circuit: started by job control, read at the word's rank, written by a load.
                self.circuit.clock.next = self.clock.val();
                self.circuit.start.next = self.jobs.start.val().get_bit(0);
                self.circuit.rd_rank.next = self.cmd_word.val().get_bits::<4>(1);
                self.circuit.wr_rank.next = self.cmd_word.val().get_bits::<4>(0);
                self.circuit.wr_data.next = self.load_data.val().get_bits::<90>(0);
                self.busy.next = self.pending.q.val() | self.circuit.busy.val();
                // A job: pending from its start until the circuit has run; done unless aborted.
                if self.jobs.start.val().get_bit(0) {
                    self.pending.d.next = true;
                    self.done.d.next = false;
                    self.aborted.d.next = false;
                    self.cycles.d.next = 0_u64.into();
                } else if self.pending.q.val() {
                    if self.circuit.busy.val() {
                        self.cycles.d.next = self.cycles.q.val() + 1_u64;
                    } else {
                        // An abort answered in this last cycle (job control saw the core running)
                        // leaves the job aborted, as its answer said.
                        self.pending.d.next = false;
                        self.done.d.next = !self.aborted.q.val() & !self.jobs.cancel.val().get_bit(0);
                    }
                    if self.jobs.cancel.val().get_bit(0) {
                        self.aborted.d.next = true;
                    }
                }

                // JOB_LOAD and JOB_READ answers, before the circuit acts on them.
                self.load_go.next = false;
                if self.shell.cmd_op.val() == self.k_op_load.val() {
                    self.shell.rsp_error.next = true;
                    self.shell.rsp_len.next = 0_u64.into();
                    if self.shell.cmd_len.val() != self.k_load_len.val() {
                        self.shell.rsp_code.next = self.k_err_length.val();
                    } else if (self.cmd_core.val() != 0_u64)
                        | (self.cmd_word.val() >= self.k_load_words.val())
                        | (self.load_data.val().get_bits::<6>(90) != 0_u64)
                        | (self.is_hands.val() & (self.load_data.val().get_bits::<15>(81) != 0_u64))
                    {
                        self.shell.rsp_code.next = self.k_err_argument.val();
                    } else if self.busy.val() {
                        self.shell.rsp_code.next = self.k_err_busy.val();
                    } else {
                        self.shell.rsp_error.next = false;
                        self.load_go.next = self.shell.cmd_valid.val();
                    }
                }
                if self.shell.cmd_op.val() == self.k_op_read.val() {
                    self.shell.rsp_error.next = true;
                    self.shell.rsp_len.next = 0_u64.into();
                    if self.shell.cmd_len.val() != self.k_read_len.val() {
                        self.shell.rsp_code.next = self.k_err_length.val();
                    } else if (self.cmd_core.val() != 0_u64) | (self.cmd_word.val() >= self.k_words.val()) {
                        self.shell.rsp_code.next = self.k_err_argument.val();
                    } else if self.busy.val() | self.read_busy.q.val() {
                        self.shell.rsp_code.next = self.k_err_busy.val();
                    } else if !self.done.q.val() | (self.cmd_word.val() >= self.k_table_words.val()) {
                        self.shell.rsp_code.next = self.k_err_no_result.val();
                    } else {
                        self.shell.rsp_error.next = false;
                        self.shell.rsp_len.next = self.k_read_answer_len.val();
                        self.shell.rsp_payload.next = bit_cast::<PAYLOAD_BITS, 200>(self.read_part.q.val());
                    }
                }
                if self.read_go.val() {
                    self.read_busy.d.next = self.busy.val();
                }
                // The word a read answers: half a table rank, in the cycle the RAMs show it.
                self.read_part.d.next = self.circuit.rd_covers.val().get_bits::<200>(0);
                if self.cmd_word.val().get_bit(0) {
                    self.read_part.d.next =
                        bit_cast::<200, 160>(self.circuit.rd_covers.val().get_bits::<160>(200));
                }
                // A load writes a rank (the hands word goes nowhere) and makes a finished core idle.
                self.circuit.wr_en.next = self.load_go.val() & !self.is_hands.val();
                if self.load_go.val() {
                    self.done.d.next = false;
                    self.aborted.d.next = false;
                }

                self.jobs.busy.next = bit_cast::<32, 1>(self.busy.val().into());
                self.jobs.done.next = bit_cast::<32, 1>(self.done.q.val().into());
                self.jobs.aborted.next = bit_cast::<32, 1>(self.aborted.q.val().into());
                self.jobs.sel_progress_lo.next = self.cycles.q.val().get_bits::<32>(0);
                self.jobs.sel_progress_hi.next = bit_cast::<32, 16>(self.cycles.q.val().get_bits::<16>(32));
                self.jobs.sel_result_ok.next = self.jobs.sel_hot.val().get_bit(0);
                // JOB_RESULT: cycles u64, then zeros (moves, probe, flags, leaves, nodes).
                self.jobs.sel_result.next = bit_cast::<PAYLOAD_BITS, 48>(self.cycles.q.val());
            }
        }
    };
}

cover_core!(
    /// The `shogi-cover` design: the two-scanner circuit, 9 cycles a table.
    ShogiCoverCore,
    PieceCoverCircuit,
    PieceCoverCircuit::fast(),
    "shogi-cover"
);

cover_core!(
    /// The `shogi-cover-cu` design: one scanner and one cover RAM, 19 cycles a table, for
    /// the Alchitry Cu.
    ShogiCoverCoreOneScanner,
    PieceCoverCircuitOneScanner,
    PieceCoverCircuitOneScanner::default(),
    "shogi-cover-cu"
);

// The kernel's literals (as the `shogi` core's): a rank word is 90 bits in 12 bytes, the hands
// word 81; a read word's answer the low 200 or the high 160 bits of a table rank; the start is
// job u8, depth u8; the result's cycles 48 bits, sent as u64, its other fields 0.
const _: () = assert!(
    RANK_BITS == 90
        && HANDS_BITS == 81
        && LOAD_LEN == 14
        && LOW_BITS == 200
        && HIGH_BITS == 160
        && START_LEN == 2
        && RESULT_LEN == 24
        && CYCLES_BITS == 48
);
