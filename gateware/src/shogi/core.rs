//! `shogi` cores: the piece cover circuit, the all-move generator (`AllMovesUnit`) and the
//! perft walker around it (`PerftWalker`) behind the link protocol (the paper's host interface
//! is not described; here it is the UART link).
//!
//! ```text
//!             +----------------------------------------------------------------+
//!  clock ---->|  UartRx -> LinkEngine <-> job control <-> PerftWalker 0        |
//!  uart_rx -->|  UartTx <-/  JOB_LOAD / JOB_READ -> (AllMovesUnit: board data, |---> uart_tx
//!             |                                     hands, table, candidates)  |
//!             +----------------------------------------------------------------+---> leds[8]
//! ```
//!
//! Commands (layouts in `model::shogi::protocol`), each answered in the cycle it arrives but
//! `JOB_READ`, answered two cycles after for a table word and six for a candidate word (the
//! table is in the unit's RAMs, the candidates in frame 0 of the walker's stack, read a group
//! of 40 a cycle through the walker's pick, and the word answered is registered; the link
//! engine holds the command until the answer):
//! * `JOB_LOAD` core, word, data: writes a rank of the core's board data (words 0-8) or its
//!   side and hands (word 9). Errors: BAD_LENGTH, BAD_ARGUMENT (no such core, word past 9,
//!   padding bits set), BUSY (the core computes). A finished core becomes idle: its results
//!   no longer belong to its position.
//! * `JOB_START` [core], job, depth: `JOB_COVER`, the piece cover table of the loaded board
//!   data (9 cycles); `JOB_MOVES`, the table and the legal moves (`AllMovesUnit`, 20-72
//!   cycles); `JOB_PERFT`, the legal leaves `depth` plies down (`PerftWalker`); `JOB_MATE`,
//!   a mate of at most `depth` plies by the side to move (the walker's mate walk). Errors:
//!   those of job control, BAD_ARGUMENT (another job, a depth with a cover or moves job, a
//!   perft depth outside 1..=`WALK_MAX_DEPTH`, a mate depth even or past `MATE_MAX_PLIES`,
//!   any mate job on a design without the mate search: the `shogi` design).
//! * `JOB_POLL` / `JOB_ABORT` [core]: state, cycles so far. (A cover or moves job takes at
//!   most 72 cycles: an abort marks it aborted, and the unit finishes; an aborted perft
//!   unwinds its moves, so the loaded position stays.)
//! * `JOB_RESULT` [core]: cycles, legal moves, probe, flags, leaves (a mate job's: the
//!   mating check's place), nodes.
//! * `JOB_READ` core, word: half a rank of the finished table (words 0-17), a quarter of a
//!   rank's candidates (18-53, after a moves job). Errors: BAD_LENGTH, BAD_ARGUMENT (no such
//!   core, word past 53), BUSY, NO_RESULT (no finished job, or a cover job for 18-53).
//!
//! LEDs: bit 7 = some core computing, bits 6..0 = good frames received.

use super::PerftWalker;
use crate::common::{JobControl, LinkShell};
use crate::design::CoreParams;
use model::link::{err, op, PAYLOAD_BITS};
use model::shogi::protocol::{
    CYCLES_BITS, FLAG_MATE, FLAG_MATED, FLAG_MOVES, FLAG_PERFT, FLAG_PROBE, FLAG_PROBE_MATES,
    HANDS_BITS, JOB_COVER, JOB_MATE, JOB_MOVES, JOB_PERFT, LEAVES_BITS, LOAD_LEN, LOAD_WORDS,
    NODES_BITS, RANKS, RANK_BITS, RANK_MOVE_BITS, READ_ANSWER_LEN, READ_FILES, READ_LEN,
    READ_WORDS, RESULT_LEN, START_LEN, TABLE_WORDS,
};
use model::shogi::walk::{MATE_MAX_PLIES, WALK_MAX_DEPTH};
use rust_hdl::prelude::*;

/// Bits of a read word's answer: the low half of a table rank (files 1-5) or the high one.
const LOW_BITS: usize = READ_FILES * 40;
const HIGH_BITS: usize = 360 - LOW_BITS;

#[derive(LogicBlock)]
pub struct ShogiCore {
    pub clock: Signal<In, Clock>,
    pub uart_rx: Signal<In, Bit>,
    pub uart_tx: Signal<Out, Bit>,
    pub leds: Signal<Out, Bits<8>>,
    shell: LinkShell,
    jobs: JobControl,
    unit: Vec<PerftWalker>,
    /// Per core: the side to move and the hands (`model::shogi::protocol::hands_word`).
    hands: Vec<DFF<Bits<81>>>,
    /// Per core: cycles of the current or last job.
    cycles: Vec<DFF<Bits<48>>>,
    /// One bit per core: started and not yet ended, ended with a table, aborted.
    pending: DFF<Bits<32>>,
    done: DFF<Bits<32>>,
    aborted: DFF<Bits<32>>,
    /// A `JOB_READ` waits a cycle for the RAMs (the table's, the candidate stack), then
    /// gathers `read_part`, the word it answers, registered near them: half a table rank in
    /// one cycle, or five groups of 40 candidates, one a cycle through the walker's pick (its
    /// group multiplexer: the stack's 800-bit read port has no second consumer).
    read_wait: DFF<Bit>,
    read_ready: DFF<Bit>,
    read_step: DFF<Bits<3>>,
    /// The addressed core was busy in the cycle its RAMs were read (a job's last cycle may
    /// still write them): the answer is BUSY though the core is idle when it is given.
    read_busy: DFF<Bit>,
    read_go: Signal<Local, Bit>,
    read_part: DFF<Bits<200>>,
    /// One bit per core: its last job was a moves job, a perft, a mate search.
    moves_job: DFF<Bits<32>>,
    perft_job: DFF<Bits<32>>,
    mate_job: DFF<Bits<32>>,
    busy: Signal<Local, Bits<32>>,
    // The addressed core of JOB_LOAD / JOB_READ (payload bytes 0 and 1) and its state.
    cmd_core: Signal<Local, Bits<8>>,
    cmd_word: Signal<Local, Bits<8>>,
    cmd_hot: Signal<Local, Bits<32>>,
    load_data: Signal<Local, Bits<96>>,
    load_go: Signal<Local, Bit>,
    sel_busy: Signal<Local, Bit>,
    sel_done: Signal<Local, Bit>,
    sel_covers: Signal<Local, Bits<360>>,
    sel_moves: Signal<Local, Bits<40>>,
    last_step: Signal<Local, Bit>,
    sel_moves_job: Signal<Local, Bit>,
    sel_cycles: Signal<Local, Bits<48>>,
    sel_leaves: Signal<Local, Bits<48>>,
    sel_nodes: Signal<Local, Bits<32>>,
    sel_count: Signal<Local, Bits<10>>,
    sel_probe_sq: Signal<Local, Bits<7>>,
    sel_flags: Signal<Local, Bits<8>>,
    is_moves: Signal<Local, Bit>,
    is_perft: Signal<Local, Bit>,
    is_mate: Signal<Local, Bit>,
    /// The addressed core's mating check (its place among the root's candidates).
    first_r: Signal<Local, Bits<4>>,
    first_g: Signal<Local, Bits<5>>,
    first_b: Signal<Local, Bits<6>>,
    is_walk: Signal<Local, Bit>,
    job_depth: Signal<Local, Bits<8>>,
    is_hands: Signal<Local, Bit>,
    is_cands: Signal<Local, Bit>,
    cand_word: Signal<Local, Bits<8>>,
    rd_rank: Signal<Local, Bits<4>>,
    /// The group of 40 candidates a candidate read's step takes (word k: groups 5k..5k+4).
    cand_group: Signal<Local, Bits<5>>,
    sel_result_ok: Signal<Local, Bit>,
    k_op_load: Constant<Bits<8>>,
    k_op_read: Constant<Bits<8>>,
    k_load_len: Constant<Bits<8>>,
    k_read_len: Constant<Bits<8>>,
    k_read_answer_len: Constant<Bits<8>>,
    k_ranks: Constant<Bits<8>>,
    k_load_words: Constant<Bits<8>>,
    k_table_words: Constant<Bits<8>>,
    k_words: Constant<Bits<8>>,
    k_job_moves: Constant<Bits<8>>,
    k_job_perft: Constant<Bits<8>>,
    k_job_mate: Constant<Bits<8>>,
    k_max_depth: Constant<Bits<8>>,
    k_max_mate: Constant<Bits<8>>,
    /// The design has the mate search (`CoreKind::Shogi::mate`): without it `JOB_MATE` is a
    /// bad argument, the walkers' `mate` input is tied low and synthesis drops the masks.
    k_mate_search: Constant<Bit>,
    k_flag_perft: Constant<Bits<8>>,
    k_flag_mate: Constant<Bits<8>>,
    k_flag_mated: Constant<Bits<8>>,
    k_flag_moves: Constant<Bits<8>>,
    k_flag_probe: Constant<Bits<8>>,
    k_flag_mates: Constant<Bits<8>>,
    k_cores: Constant<Bits<8>>,
    k_job_cover: Constant<Bits<8>>,
    k_err_length: Constant<Bits<8>>,
    k_err_argument: Constant<Bits<8>>,
    k_err_busy: Constant<Bits<8>>,
    k_err_no_result: Constant<Bits<8>>,
    k_one: Constant<Bits<32>>,
}

impl ShogiCore {
    /// One core without the mate search: the `shogi` design.
    pub fn new(p: &CoreParams) -> Self {
        Self::with_cores(p, "shogi", 1, false)
    }

    /// `cores` cores (1..=`model::link::MAX_CORES`), reporting `name`; `mate`: with the mate
    /// search (`JOB_MATE`).
    pub fn with_cores(p: &CoreParams, name: &str, cores: usize, mate: bool) -> Self {
        let k8 = |v: usize| Constant::new((v as u64).into());
        Self {
            clock: Default::default(),
            uart_rx: Default::default(),
            uart_tx: Default::default(),
            leds: Default::default(),
            shell: LinkShell::new(p, name),
            jobs: JobControl::new(cores, START_LEN, RESULT_LEN),
            unit: (0..cores).map(|_| PerftWalker::default()).collect(),
            hands: (0..cores).map(|_| Default::default()).collect(),
            cycles: (0..cores).map(|_| Default::default()).collect(),
            pending: Default::default(),
            done: Default::default(),
            aborted: Default::default(),
            moves_job: Default::default(),
            perft_job: Default::default(),
            mate_job: Default::default(),
            read_wait: Default::default(),
            read_ready: Default::default(),
            read_step: Default::default(),
            read_busy: Default::default(),
            read_go: Default::default(),
            read_part: Default::default(),
            busy: Default::default(),
            cmd_core: Default::default(),
            cmd_word: Default::default(),
            cmd_hot: Default::default(),
            load_data: Default::default(),
            load_go: Default::default(),
            sel_busy: Default::default(),
            sel_done: Default::default(),
            sel_covers: Default::default(),
            sel_moves: Default::default(),
            last_step: Default::default(),
            sel_moves_job: Default::default(),
            sel_cycles: Default::default(),
            sel_leaves: Default::default(),
            sel_nodes: Default::default(),
            sel_count: Default::default(),
            sel_probe_sq: Default::default(),
            sel_flags: Default::default(),
            is_moves: Default::default(),
            is_perft: Default::default(),
            is_mate: Default::default(),
            first_r: Default::default(),
            first_g: Default::default(),
            first_b: Default::default(),
            is_walk: Default::default(),
            job_depth: Default::default(),
            is_hands: Default::default(),
            is_cands: Default::default(),
            cand_word: Default::default(),
            rd_rank: Default::default(),
            cand_group: Default::default(),
            sel_result_ok: Default::default(),
            k_op_load: k8(op::JOB_LOAD as usize),
            k_op_read: k8(op::JOB_READ as usize),
            k_load_len: k8(LOAD_LEN),
            k_read_len: k8(READ_LEN),
            k_read_answer_len: k8(READ_ANSWER_LEN),
            k_ranks: k8(RANKS),
            k_load_words: k8(LOAD_WORDS),
            k_table_words: k8(TABLE_WORDS),
            k_words: k8(READ_WORDS),
            k_job_moves: k8(JOB_MOVES as usize),
            k_job_perft: k8(JOB_PERFT as usize),
            k_job_mate: k8(JOB_MATE as usize),
            k_max_depth: k8(WALK_MAX_DEPTH as usize),
            k_max_mate: k8(MATE_MAX_PLIES as usize),
            k_mate_search: Constant::new(mate),
            k_flag_perft: k8(FLAG_PERFT as usize),
            k_flag_mate: k8(FLAG_MATE as usize),
            k_flag_mated: k8(FLAG_MATED as usize),
            k_flag_moves: k8(FLAG_MOVES as usize),
            k_flag_probe: k8(FLAG_PROBE as usize),
            k_flag_mates: k8(FLAG_PROBE_MATES as usize),
            k_cores: k8(cores),
            k_job_cover: k8(JOB_COVER as usize),
            k_err_length: k8(err::BAD_LENGTH as usize),
            k_err_argument: k8(err::BAD_ARGUMENT as usize),
            k_err_busy: k8(err::BUSY as usize),
            k_err_no_result: k8(err::NO_RESULT as usize),
            k_one: Constant::new(1_u64.into()),
        }
    }

    /// Number of cores.
    pub fn cores(&self) -> usize {
        self.unit.len()
    }
}

crate::impl_board_core!(ShogiCore, "shogi");

// The kernel's literals: a rank word is 90 bits in 12 bytes (6 padding bits), the hands word
// 81; a read word's answer the low 200 or the high 160 bits of a table rank, or 200 bits of a
// rank's 783 candidates (read from 800, zero-padded), four words a rank; the start is job u8,
// depth u8; the result is cycles (48 bits, sent as u64), moves (10 bits, sent as u16), probe
// u8, flags u8, leaves (48 bits, sent as u64), nodes u32.
const _: () = assert!(
    RANK_BITS == 90
        && HANDS_BITS == 81
        && LOAD_LEN == 14
        && LOW_BITS == 200
        && HIGH_BITS == 160
        && RANK_MOVE_BITS == 783
        && START_LEN == 2
        && RESULT_LEN == 24
        && CYCLES_BITS == 48
        && LEAVES_BITS == 48
        && NODES_BITS == 32
);

impl Logic for ShogiCore {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, pending, done, aborted, moves_job, perft_job, mate_job, read_wait,
            read_ready, read_step, read_busy, read_part
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
        // JOB_START: job, depth (0 for a cover or moves job, 1..=WALK_MAX_DEPTH for a perft,
        // odd and at most MATE_MAX_PLIES for a mate search).
        self.is_moves.next = self.jobs.args.val().get_bits::<8>(0) == self.k_job_moves.val();
        self.is_perft.next = self.jobs.args.val().get_bits::<8>(0) == self.k_job_perft.val();
        self.is_mate.next = (self.jobs.args.val().get_bits::<8>(0) == self.k_job_mate.val())
            & self.k_mate_search.val();
        self.is_walk.next = self.is_perft.val() | self.is_mate.val();
        self.job_depth.next = self.jobs.args.val().get_bits::<8>(8);
        self.jobs.args_ok.next = (((self.jobs.args.val().get_bits::<8>(0)
            == self.k_job_cover.val())
            | self.is_moves.val())
            & (self.job_depth.val() == 0_u64))
            | (self.is_perft.val()
                & (self.job_depth.val() != 0_u64)
                & (self.job_depth.val() <= self.k_max_depth.val()))
            | (self.is_mate.val()
                & self.job_depth.val().get_bit(0)
                & (self.job_depth.val() <= self.k_max_mate.val()));

        // JOB_LOAD / JOB_READ: core index, word.
        self.cmd_core.next = self.shell.cmd_payload.val().get_bits::<8>(0);
        self.cmd_word.next = self.shell.cmd_payload.val().get_bits::<8>(8);
        self.cmd_hot.next = self.k_one.val() << self.cmd_core.val();
        self.load_data.next = self.shell.cmd_payload.val().get_bits::<96>(16);
        self.is_hands.next = self.cmd_word.val() == self.k_ranks.val();
        // A read word: a table half-rank, or a quarter of a rank's candidates.
        self.is_cands.next = self.cmd_word.val() >= self.k_table_words.val();
        self.cand_word.next = self.cmd_word.val() - self.k_table_words.val();
        self.rd_rank.next = self.cmd_word.val().get_bits::<4>(1);
        if self.is_cands.val() {
            self.rd_rank.next = self.cand_word.val().get_bits::<4>(2);
        }
        // Waiting: a table word is read in one cycle, candidates in five (steps 0-4).
        self.last_step.next = !self.is_cands.val() | (self.read_step.q.val() == 4_u64);
        self.read_wait.d.next =
            self.read_go.val() | (self.read_wait.q.val() & !self.last_step.val());
        self.read_ready.d.next = self.read_wait.q.val() & self.last_step.val();
        self.read_step.d.next = 0_u64.into();
        if self.read_wait.q.val() {
            self.read_step.d.next = self.read_step.q.val() + 1_u64;
        }
        // Word k of a rank's candidates is its groups 5k..5k+4, one a step.
        self.cand_group.next = (bit_cast::<5, 2>(self.cand_word.val().get_bits::<2>(0)) << 2_u64)
            + bit_cast::<5, 2>(self.cand_word.val().get_bits::<2>(0))
            + bit_cast::<5, 3>(self.read_step.q.val());

        // The cores: flags to job control, the addressed ones' outputs muxed.
        self.busy.next = 0_u64.into();
        self.sel_busy.next = false;
        self.sel_done.next = false;
        self.sel_covers.next = 0_u64.into();
        self.sel_cycles.next = 0_u64.into();
        self.sel_leaves.next = 0_u64.into();
        self.sel_nodes.next = 0_u64.into();
        self.sel_result_ok.next = false;
        self.sel_moves.next = 0_u64.into();
        self.sel_moves_job.next = false;
        self.sel_count.next = 0_u64.into();
        self.sel_probe_sq.next = 0_u64.into();
        self.sel_flags.next = 0_u64.into();
        self.first_r.next = 0_u64.into();
        self.first_g.next = 0_u64.into();
        self.first_b.next = 0_u64.into();
        for i in 0..self.unit.len() {
            self.unit[i].clock.next = self.clock.val();
            self.hands[i].clock.next = self.clock.val();
            self.hands[i].d.next = self.hands[i].q.val();
            self.cycles[i].clock.next = self.clock.val();
            self.cycles[i].d.next = self.cycles[i].q.val();
            self.unit[i].start_cover.next =
                self.jobs.start.val().get_bit(i) & !self.is_moves.val() & !self.is_walk.val();
            self.unit[i].start_moves.next = self.jobs.start.val().get_bit(i) & self.is_moves.val();
            self.unit[i].start.next = self.jobs.start.val().get_bit(i) & self.is_walk.val();
            self.unit[i].mate.next = self.is_mate.val();
            self.unit[i].depth.next = self.job_depth.val().get_bits::<5>(0);
            self.unit[i].stop.next = self.jobs.cancel.val().get_bit(i);
            self.unit[i].rd_rank.next = self.rd_rank.val();
            self.unit[i].rd_group.next = self.cand_group.val();
            self.unit[i].wr_rank.next = self.cmd_word.val().get_bits::<4>(0);
            self.unit[i].wr_data.next = self.load_data.val().get_bits::<90>(0);
            self.unit[i].hands.next = self.hands[i].q.val().get_bits::<80>(0);
            self.unit[i].black.next = self.hands[i].q.val().get_bit(80);
            self.busy.next = self
                .busy
                .val()
                .replace_bit(i, self.pending.q.val().get_bit(i) | self.unit[i].busy.val());
            if self.cmd_hot.val().get_bit(i) {
                self.sel_busy.next = self.pending.q.val().get_bit(i) | self.unit[i].busy.val();
                self.sel_done.next = self.done.q.val().get_bit(i);
                self.sel_moves_job.next = self.moves_job.q.val().get_bit(i);
                self.sel_covers.next = self.unit[i].rd_covers.val();
                self.sel_moves.next = self.unit[i].rd_moves.val();
            }
            if self.jobs.sel_hot.val().get_bit(i) {
                self.sel_result_ok.next = true;
                self.sel_cycles.next = self.cycles[i].q.val();
                if self.moves_job.q.val().get_bit(i) {
                    self.sel_count.next = self.unit[i].count.val();
                    self.sel_flags.next = self.k_flag_moves.val();
                    if self.unit[i].probe.val() {
                        self.sel_probe_sq.next = self.unit[i].probe_square.val();
                        self.sel_flags.next = self.sel_flags.val() | self.k_flag_probe.val();
                    }
                    if self.unit[i].probe_mates.val() {
                        self.sel_flags.next = self.sel_flags.val() | self.k_flag_mates.val();
                    }
                }
                if self.perft_job.q.val().get_bit(i) {
                    self.sel_flags.next = self.k_flag_perft.val();
                    self.sel_leaves.next = self.unit[i].leaves.val();
                    self.sel_nodes.next = self.unit[i].nodes.val();
                }
                if self.mate_job.q.val().get_bit(i) {
                    self.sel_flags.next = self.k_flag_mate.val();
                    self.sel_nodes.next = self.unit[i].nodes.val();
                    if self.unit[i].mated.val() {
                        self.sel_flags.next = self.k_flag_mate.val() | self.k_flag_mated.val();
                        self.first_r.next = self.unit[i].first_rank.val();
                        self.first_g.next = self.unit[i].first_group.val();
                        self.first_b.next = self.unit[i].first_bit.val();
                        self.sel_leaves.next = bit_cast::<48, 4>(self.first_r.val())
                            | (bit_cast::<48, 5>(self.first_g.val()) << 8_u64)
                            | (bit_cast::<48, 6>(self.first_b.val()) << 16_u64);
                    }
                }
            }
            // A job: pending from its start until the unit has run; done unless aborted.
            if self.jobs.start.val().get_bit(i) {
                self.pending.d.next = self.pending.q.val().replace_bit(i, true);
                self.done.d.next = self.done.q.val().replace_bit(i, false);
                self.aborted.d.next = self.aborted.q.val().replace_bit(i, false);
                self.moves_job.d.next = self.moves_job.q.val().replace_bit(i, self.is_moves.val());
                self.perft_job.d.next = self.perft_job.q.val().replace_bit(i, self.is_perft.val());
                self.mate_job.d.next = self.mate_job.q.val().replace_bit(i, self.is_mate.val());
                self.cycles[i].d.next = 0_u64.into();
            } else if self.pending.q.val().get_bit(i) {
                if self.unit[i].busy.val() {
                    self.cycles[i].d.next = self.cycles[i].q.val() + 1_u64;
                } else {
                    self.pending.d.next = self.pending.q.val().replace_bit(i, false);
                    // A cancel in the unit's last cycle also counts (as in LinkCore).
                    self.done.d.next = self.done.q.val().replace_bit(
                        i,
                        !self.aborted.q.val().get_bit(i) & !self.jobs.cancel.val().get_bit(i),
                    );
                }
                if self.jobs.cancel.val().get_bit(i) {
                    self.aborted.d.next = self.aborted.q.val().replace_bit(i, true);
                }
            }
        }

        // JOB_LOAD and JOB_READ answers, before the cores act on them.
        self.load_go.next = false;
        if self.shell.cmd_op.val() == self.k_op_load.val() {
            self.shell.rsp_error.next = true;
            self.shell.rsp_len.next = 0_u64.into();
            if self.shell.cmd_len.val() != self.k_load_len.val() {
                self.shell.rsp_code.next = self.k_err_length.val();
            } else if (self.cmd_core.val() >= self.k_cores.val())
                | (self.cmd_word.val() >= self.k_load_words.val())
                | (self.load_data.val().get_bits::<6>(90) != 0_u64)
                | (self.is_hands.val() & (self.load_data.val().get_bits::<15>(81) != 0_u64))
            {
                self.shell.rsp_code.next = self.k_err_argument.val();
            } else if self.sel_busy.val() {
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
            } else if (self.cmd_core.val() >= self.k_cores.val())
                | (self.cmd_word.val() >= self.k_words.val())
            {
                self.shell.rsp_code.next = self.k_err_argument.val();
            } else if self.sel_busy.val() | self.read_busy.q.val() {
                self.shell.rsp_code.next = self.k_err_busy.val();
            } else if !self.sel_done.val() | (self.is_cands.val() & !self.sel_moves_job.val()) {
                self.shell.rsp_code.next = self.k_err_no_result.val();
            } else {
                self.shell.rsp_error.next = false;
                self.shell.rsp_len.next = self.k_read_answer_len.val();
                self.shell.rsp_payload.next = bit_cast::<PAYLOAD_BITS, 200>(self.read_part.q.val());
            }
        }
        if self.read_go.val() {
            self.read_busy.d.next = self.sel_busy.val();
        }
        // The word a read answers: half a table rank in the cycle the RAMs show it; a rank's
        // candidates a group a step, shifted in from the top (group 5k lands in bits 0-39).
        self.read_part.d.next = self.sel_covers.val().get_bits::<200>(0);
        if self.cmd_word.val().get_bit(0) {
            self.read_part.d.next =
                bit_cast::<200, 160>(self.sel_covers.val().get_bits::<160>(200));
        }
        if self.is_cands.val() {
            self.read_part.d.next = self.read_part.q.val();
        }
        if self.is_cands.val() & self.read_wait.q.val() {
            self.read_part.d.next = (self.read_part.q.val() >> 40_u64)
                | (bit_cast::<200, 40>(self.sel_moves.val()) << 160_u64);
        }
        // A load writes the rank or the hands and makes a finished core idle.
        for i in 0..self.unit.len() {
            self.unit[i].wr_en.next =
                self.load_go.val() & self.cmd_hot.val().get_bit(i) & !self.is_hands.val();
            if self.load_go.val() & self.cmd_hot.val().get_bit(i) & self.is_hands.val() {
                self.hands[i].d.next = self.load_data.val().get_bits::<81>(0);
            }
            if self.load_go.val() & self.cmd_hot.val().get_bit(i) {
                self.done.d.next = self.done.q.val().replace_bit(i, false);
                self.aborted.d.next = self.aborted.q.val().replace_bit(i, false);
            }
        }

        self.jobs.busy.next = self.busy.val();
        self.jobs.done.next = self.done.q.val();
        self.jobs.aborted.next = self.aborted.q.val();
        self.jobs.sel_progress_lo.next = self.sel_cycles.val().get_bits::<32>(0);
        self.jobs.sel_progress_hi.next =
            bit_cast::<32, 16>(self.sel_cycles.val().get_bits::<16>(32));
        self.jobs.sel_result_ok.next = self.sel_result_ok.val();
        // JOB_RESULT: cycles u64, moves u16, probe square u8, flags u8, leaves u64, nodes u32.
        self.jobs.sel_result.next = bit_cast::<PAYLOAD_BITS, 48>(self.sel_cycles.val())
            | (bit_cast::<PAYLOAD_BITS, 10>(self.sel_count.val()) << 64_u64)
            | (bit_cast::<PAYLOAD_BITS, 7>(self.sel_probe_sq.val()) << 80_u64)
            | (bit_cast::<PAYLOAD_BITS, 8>(self.sel_flags.val()) << 88_u64)
            | (bit_cast::<PAYLOAD_BITS, 48>(self.sel_leaves.val()) << 96_u64)
            | (bit_cast::<PAYLOAD_BITS, 32>(self.sel_nodes.val()) << 160_u64);
    }
}
