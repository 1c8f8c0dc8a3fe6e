//! `chess` cores: perft on chip behind the link protocol (the paper's host interface, section
//! 5, was a PCI card; here it is the UART link).
//!
//! ```text
//!             +---------------------------------------------------------+
//!  clock ---->|  UartRx -> LinkEngine <-> job control <-> Perft 0       |
//!  uart_rx -->|  UartTx <-/                           <-> Perft 1 ...   |---> uart_tx
//!             +---------------------------------------------------------+---> leds[8]
//! ```
//!
//! Commands (payloads little-endian; layout defined in `model::chess::protocol`), each
//! answered in the cycle it arrives:
//! * `JOB_START`: [core (u8)], occupancy, piece codes, flags, en passant, depth, share ply,
//!   stride, offset: count the legal leaves of the tree of that depth (of the share's subtrees
//!   only: the split on chip). Errors: BAD_LENGTH, BUSY, BAD_ARGUMENT (no such core, depth
//!   over `CHIP_MAX_DEPTH`, reserved bits set, a share ply not above the leaves, an offset
//!   not below the stride). The position itself is the host's
//!   to check (one king a side, the side not to move not in check): the FEN parser does.
//! * `JOB_POLL` / `JOB_ABORT` [core]: the core's state and leaves counted so far.
//! * `JOB_RESULT` [core]: leaves (u64), cycles (u64).
//! * `JOB_CORES`: the number of cores and each core's state.
//! * Step jobs (the paper's combined command, `model::chess::step`): `JOB_START` with the
//!   step flag stops at the position's first legal move; `JOB_STEP` core, step (1 next, 2 down,
//!   3 up) runs the waiting core to its next wait, answered here with an empty payload. Errors:
//!   BAD_LENGTH (not 2 bytes), BAD_ARGUMENT (no such core, the core does not wait, a step its
//!   node does not allow: next or down without a move made, down at the top ply, up at the
//!   root), BUSY (the core works). `JOB_RESULT` then reads the step word and cycles.
//!
//! LEDs: bit 7 = some core counting, bits 6..0 = good frames received.

use super::perft::{STEP_BITS, THREADS, TID_BITS};
use super::Perft;
use crate::common::{JobControl, LinkShell};
use crate::design::CoreParams;
use model::chess::protocol::{FLAG_STEP, RESULT_LEN, START_LEN, STEP_LEN};
use model::link::{err, op, PAYLOAD_BITS};
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct ChessCore {
    pub clock: Signal<In, Clock>,
    pub uart_rx: Signal<In, Bit>,
    pub uart_tx: Signal<Out, Bit>,
    pub leds: Signal<Out, Bits<8>>,
    shell: LinkShell,
    jobs: JobControl,
    perft: Vec<Perft>,
    // JOB_START arguments (model::chess::protocol::encode_start).
    arg_occ: Signal<Local, Bits<64>>,
    arg_codes: Signal<Local, Bits<128>>,
    arg_flags: Signal<Local, Bits<8>>,
    arg_ep: Signal<Local, Bits<8>>,
    arg_depth: Signal<Local, Bits<8>>,
    arg_share: Signal<Local, Bits<8>>,
    arg_stride: Signal<Local, Bits<8>>,
    arg_offset: Signal<Local, Bits<8>>,
    busy: Signal<Local, Bits<32>>,
    done: Signal<Local, Bits<32>>,
    aborted: Signal<Local, Bits<32>>,
    sel_result_ok: Signal<Local, Bit>,
    sel_leaves_lo: Signal<Local, Bits<32>>,
    sel_leaves_hi: Signal<Local, Bits<32>>,
    sel_cycles_lo: Signal<Local, Bits<32>>,
    sel_cycles_hi: Signal<Local, Bits<32>>,
    k_op_step: Constant<Bits<8>>,
    k_step_len: Constant<Bits<8>>,
    k_cores: Constant<Bits<8>>,
    k_flag_step: Constant<Bits<8>>,
    k_err_length: Constant<Bits<8>>,
    k_err_argument: Constant<Bits<8>>,
    k_err_busy: Constant<Bits<8>>,
    // JOB_STEP: the addressed core, the step, the core's flags.
    step_core: Signal<Local, Bits<8>>,
    step_code: Signal<Local, Bits<8>>,
    step_busy: Signal<Local, Bit>,
    step_waiting: Signal<Local, Bit>,
    step_made: Signal<Local, Bit>,
    step_root: Signal<Local, Bit>,
    step_top: Signal<Local, Bit>,
    step_ok: Signal<Local, Bit>,
    step_hot: Signal<Local, Bits<32>>,
    k_one: Constant<Bits<32>>,
    /// Each thread's number in its unit, and where its step goes on the unit's `step` port.
    k_thread: [Constant<Bits<TID_BITS>>; THREADS],
    k_lane: [Constant<Bits<8>>; THREADS],
}

/// The kernel numbers cores `4 * unit + thread`.
const _: () = assert!(THREADS == 4);

impl ChessCore {
    /// One perft unit, four cores (its threads): the `chess` design.
    pub fn new(p: &CoreParams) -> Self {
        Self::with_cores(p, "chess", THREADS)
    }

    /// `cores` perft cores (a multiple of [`THREADS`] up to `model::link::MAX_CORES`): one
    /// perft unit per [`THREADS`] cores, each core a thread of its unit; reports `name`.
    pub fn with_cores(p: &CoreParams, name: &str, cores: usize) -> Self {
        assert!(
            cores.is_multiple_of(THREADS) && cores > 0,
            "chess cores come in units of {THREADS} threads"
        );
        Self {
            clock: Default::default(),
            uart_rx: Default::default(),
            uart_tx: Default::default(),
            leds: Default::default(),
            shell: LinkShell::new(p, name),
            jobs: JobControl::new(cores, START_LEN, RESULT_LEN),
            perft: (0..cores / THREADS).map(|_| Perft::default()).collect(),
            arg_occ: Default::default(),
            arg_codes: Default::default(),
            arg_flags: Default::default(),
            arg_ep: Default::default(),
            arg_depth: Default::default(),
            arg_share: Default::default(),
            arg_stride: Default::default(),
            arg_offset: Default::default(),
            busy: Default::default(),
            done: Default::default(),
            aborted: Default::default(),
            sel_result_ok: Default::default(),
            sel_leaves_lo: Default::default(),
            sel_leaves_hi: Default::default(),
            sel_cycles_lo: Default::default(),
            sel_cycles_hi: Default::default(),
            k_op_step: Constant::new((op::JOB_STEP as u64).into()),
            k_step_len: Constant::new((STEP_LEN as u64).into()),
            k_cores: Constant::new((cores as u64).into()),
            k_flag_step: Constant::new((FLAG_STEP as u64).into()),
            k_err_length: Constant::new((err::BAD_LENGTH as u64).into()),
            k_err_argument: Constant::new((err::BAD_ARGUMENT as u64).into()),
            k_err_busy: Constant::new((err::BUSY as u64).into()),
            step_core: Default::default(),
            step_code: Default::default(),
            step_busy: Default::default(),
            step_waiting: Default::default(),
            step_made: Default::default(),
            step_root: Default::default(),
            step_top: Default::default(),
            step_ok: Default::default(),
            step_hot: Default::default(),
            k_one: Constant::new(1_u64.into()),
            k_thread: super::perft::thread_numbers(),
            k_lane: std::array::from_fn(|t| Constant::new((2 * t as u64).into())),
        }
    }

    /// Number of perft cores (threads).
    pub fn cores(&self) -> usize {
        self.perft.len() * THREADS
    }
}

crate::impl_board_core!(ChessCore, "chess");

impl Logic for ChessCore {
    #[hdl_gen]
    fn update(&mut self) {
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

        // JOB_START arguments: depth 0..=15 (0 for a step job), no reserved bit set (flags bits
        // 2-3, ep bit 6), a share above the leaves (so none for a step job), its offset below
        // its stride.
        self.arg_occ.next = self.jobs.args.val().get_bits::<64>(0);
        self.arg_codes.next = self.jobs.args.val().get_bits::<128>(64);
        self.arg_flags.next = self.jobs.args.val().get_bits::<8>(192);
        self.arg_ep.next = self.jobs.args.val().get_bits::<8>(200);
        self.arg_depth.next = self.jobs.args.val().get_bits::<8>(208);
        self.arg_share.next = self.jobs.args.val().get_bits::<8>(216);
        self.arg_stride.next = self.jobs.args.val().get_bits::<8>(224);
        self.arg_offset.next = self.jobs.args.val().get_bits::<8>(232);
        self.jobs.args_ok.next = (self.arg_depth.val() < 16_u64)
            & ((self.arg_share.val() == 0_u64) | (self.arg_share.val() < self.arg_depth.val()))
            & (self.arg_offset.val() < self.arg_stride.val())
            & ((self.arg_flags.val() & 0x0C_u64) == 0_u64)
            & ((self.arg_ep.val() & 0x40_u64) == 0_u64)
            & (((self.arg_flags.val() & self.k_flag_step.val()) == 0_u64)
                | (self.arg_depth.val() == 0_u64));

        // JOB_STEP: core index, step.
        self.step_core.next = self.shell.cmd_payload.val().get_bits::<8>(0);
        self.step_code.next = self.shell.cmd_payload.val().get_bits::<8>(8);
        self.step_hot.next = self.k_one.val() << self.step_core.val();
        self.step_busy.next = false;
        self.step_waiting.next = false;
        self.step_made.next = false;
        self.step_root.next = false;
        self.step_top.next = false;

        // The perft cores: flags to job control, the addressed one's outputs muxed.
        self.busy.next = 0_u64.into();
        self.done.next = 0_u64.into();
        self.aborted.next = 0_u64.into();
        self.sel_result_ok.next = false;
        self.sel_leaves_lo.next = 0_u64.into();
        self.sel_leaves_hi.next = 0_u64.into();
        self.sel_cycles_lo.next = 0_u64.into();
        self.sel_cycles_hi.next = 0_u64.into();
        for i in 0..self.perft.len() {
            self.perft[i].clock.next = self.clock.val();
            self.perft[i].occ.next = self.arg_occ.val();
            self.perft[i].codes.next = self.arg_codes.val();
            self.perft[i].white.next = self.arg_flags.val().get_bit(0);
            self.perft[i].castling.next = self.arg_flags.val().get_bits::<4>(4);
            self.perft[i].ep_valid.next = self.arg_ep.val().get_bit(7);
            self.perft[i].ep_victim.next = self.arg_ep.val().get_bits::<6>(0);
            self.perft[i].depth.next = self.arg_depth.val().get_bits::<4>(0);
            self.perft[i].share_ply.next = self.arg_share.val().get_bits::<4>(0);
            self.perft[i].stride.next = self.arg_stride.val();
            self.perft[i].offset.next = self.arg_offset.val();
            // Core 4 * i + t is thread t of perft unit i.
            self.perft[i].start.next = self.jobs.start.val().get_bits::<THREADS>(4 * i);
            self.perft[i].stop.next = self.jobs.cancel.val().get_bits::<THREADS>(4 * i);
            self.perft[i].step_job.next = (self.arg_flags.val() & self.k_flag_step.val()).any();
            self.perft[i].sel.next = 0_u64.into();
            for t in 0..THREADS {
                if self.jobs.sel_hot.val().get_bit(4 * i + t) {
                    self.perft[i].sel.next = self.k_thread[t].val();
                }
                if self.step_hot.val().get_bit(4 * i + t) {
                    self.step_busy.next = self.perft[i].busy.val().get_bit(t);
                    self.step_waiting.next = self.perft[i].waiting.val().get_bit(t);
                    self.step_made.next = self.perft[i].made.val().get_bit(t);
                    self.step_root.next = self.perft[i].at_root.val().get_bit(t);
                    self.step_top.next = self.perft[i].at_top.val().get_bit(t);
                }
                self.busy.next = self
                    .busy
                    .val()
                    .replace_bit(4 * i + t, self.perft[i].busy.val().get_bit(t));
                self.done.next = self
                    .done
                    .val()
                    .replace_bit(4 * i + t, self.perft[i].done.val().get_bit(t));
                self.aborted.next = self
                    .aborted
                    .val()
                    .replace_bit(4 * i + t, self.perft[i].aborted.val().get_bit(t));
                if self.jobs.sel_hot.val().get_bit(4 * i + t) {
                    self.sel_result_ok.next = true;
                    self.sel_leaves_lo.next = self.perft[i].leaves_lo.val();
                    self.sel_leaves_hi.next = self.perft[i].leaves_hi.val();
                    self.sel_cycles_lo.next = self.perft[i].cycles_lo.val();
                    self.sel_cycles_hi.next = self.perft[i].cycles_hi.val();
                }
            }
        }
        self.step_ok.next = false;
        if self.step_code.val() == 1_u64 {
            self.step_ok.next = self.step_made.val();
        } else if self.step_code.val() == 2_u64 {
            self.step_ok.next = self.step_made.val() & !self.step_top.val();
        } else if self.step_code.val() == 3_u64 {
            self.step_ok.next = !self.step_root.val();
        }
        if self.shell.cmd_op.val() == self.k_op_step.val() {
            self.shell.rsp_error.next = true;
            self.shell.rsp_len.next = 0_u64.into();
            if self.shell.cmd_len.val() != self.k_step_len.val() {
                self.shell.rsp_code.next = self.k_err_length.val();
            } else if self.step_core.val() >= self.k_cores.val() {
                self.shell.rsp_code.next = self.k_err_argument.val();
            } else if self.step_busy.val() {
                self.shell.rsp_code.next = self.k_err_busy.val();
            } else if !self.step_waiting.val() | !self.step_ok.val() {
                self.shell.rsp_code.next = self.k_err_argument.val();
            } else {
                self.shell.rsp_error.next = false;
            }
        }
        for i in 0..self.perft.len() {
            self.perft[i].step.next = 0_u64.into();
            if (self.shell.cmd_op.val() == self.k_op_step.val())
                & !self.shell.rsp_error.val()
                & self.shell.cmd_valid.val()
            {
                for t in 0..THREADS {
                    if self.step_hot.val().get_bit(4 * i + t) {
                        self.perft[i].step.next =
                            bit_cast::<STEP_BITS, 2>(self.step_code.val().get_bits::<2>(0))
                                << self.k_lane[t].val();
                    }
                }
            }
        }
        self.jobs.busy.next = self.busy.val();
        self.jobs.done.next = self.done.val();
        self.jobs.aborted.next = self.aborted.val();
        self.jobs.sel_progress_lo.next = self.sel_leaves_lo.val();
        self.jobs.sel_progress_hi.next = self.sel_leaves_hi.val();
        self.jobs.sel_result_ok.next = self.sel_result_ok.val();
        // JOB_RESULT: leaves (u64), cycles (u64).
        self.jobs.sel_result.next = bit_cast::<PAYLOAD_BITS, 32>(self.sel_leaves_lo.val())
            | (bit_cast::<PAYLOAD_BITS, 32>(self.sel_leaves_hi.val()) << 32_u64)
            | (bit_cast::<PAYLOAD_BITS, 32>(self.sel_cycles_lo.val()) << 64_u64)
            | (bit_cast::<PAYLOAD_BITS, 32>(self.sel_cycles_hi.val()) << 96_u64);
    }
}
