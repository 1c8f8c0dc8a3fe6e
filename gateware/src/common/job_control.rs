//! Job control: the job commands of the link protocol for 1..=`MAX_CORES` job cores, written
//! once for every design (the `link` core's wait job, the game solvers). Combinational: the
//! answer is ready in the cycle the command arrives. Reference model:
//! `model::job_control::JobControlModel` (its header lists the rules); fuzzed against it in
//! `sim/tests/job_control.rs`, co-simulated there too.
//!
//! ```text
//!                  +------------------------------+
//!  cmd_* --------->|  core index, lengths, state  |---> rsp_error/code/len/payload
//!                  |  of the addressed core       |---> sel_hot[32]  (addressed core)
//!  busy/done/      |                              |---> args         (payload w/o index)
//!  aborted[32] --->|                              |---> start[32], cancel[32] (pulses)
//!  sel_progress,   |                              |---> any_busy
//!  sel_result(_ok),|                              |
//!  args_ok ------->+------------------------------+
//! ```
//!
//! The design answers its own opcodes (echo, counter) and gives every other command to this
//! block. It feeds back, for the addressed core (`sel_hot`), the core's progress and result
//! (`sel_result_ok`: the result is valid once the core is done), and `args_ok`, its verdict
//! on `args` (combinational). `start`/`cancel` are high in the command's cycle only when
//! `cmd_valid` is. Core `i`'s state: running if `busy`, else done if `done`, else aborted if
//! `aborted`, else idle.

use model::link::{err, job, op, CORE_INDEX_LEN, JOB_STATUS_LEN, MAX_CORES, PAYLOAD_BITS};
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct JobControl {
    pub cmd_valid: Signal<In, Bit>,
    pub cmd_op: Signal<In, Bits<8>>,
    pub cmd_len: Signal<In, Bits<8>>,
    pub cmd_payload: Signal<In, Bits<PAYLOAD_BITS>>,
    pub rsp_error: Signal<Out, Bit>,
    pub rsp_code: Signal<Out, Bits<8>>,
    pub rsp_len: Signal<Out, Bits<8>>,
    pub rsp_payload: Signal<Out, Bits<PAYLOAD_BITS>>,
    /// One bit per core (bits past the last core are ignored).
    pub busy: Signal<In, Bits<32>>,
    pub done: Signal<In, Bits<32>>,
    pub aborted: Signal<In, Bits<32>>,
    /// The addressed core's progress (low and high 32 bits), its result payload and whether
    /// that result is valid.
    pub sel_progress_lo: Signal<In, Bits<32>>,
    pub sel_progress_hi: Signal<In, Bits<32>>,
    pub sel_result: Signal<In, Bits<PAYLOAD_BITS>>,
    pub sel_result_ok: Signal<In, Bit>,
    /// The game accepts `args` as `JOB_START` arguments.
    pub args_ok: Signal<In, Bit>,
    /// The addressed core, one-hot (0 when the index is past bit 31).
    pub sel_hot: Signal<Out, Bits<32>>,
    /// The command's payload without the core index.
    pub args: Signal<Out, Bits<PAYLOAD_BITS>>,
    pub start: Signal<Out, Bits<32>>,
    pub cancel: Signal<Out, Bits<32>>,
    pub any_busy: Signal<Out, Bit>,
    /// One entry per core: the core's index (its length sizes the loops).
    k_core_index: Vec<Constant<Bits<8>>>,
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
    k_core_mask: Constant<Bits<32>>,
    one: Constant<Bits<32>>,
    is_start: Signal<Local, Bit>,
    is_job: Signal<Local, Bit>,
    has_core: Signal<Local, Bit>,
    sel: Signal<Local, Bits<8>>,
    state_i: Signal<Local, Bits<8>>,
    shamt: Signal<Local, Bits<16>>,
    states: Signal<Local, Bits<PAYLOAD_BITS>>,
    sel_busy: Signal<Local, Bit>,
    sel_state: Signal<Local, Bits<8>>,
    sel_progress: Signal<Local, Bits<PAYLOAD_BITS>>,
    sel_status: Signal<Local, Bits<PAYLOAD_BITS>>,
    go_start: Signal<Local, Bit>,
    go_abort: Signal<Local, Bit>,
}

impl JobControl {
    /// Job control of `cores` cores whose `JOB_START` takes `start_len` argument bytes and
    /// whose `JOB_RESULT` answers `result_len` bytes.
    pub fn new(cores: usize, start_len: usize, result_len: usize) -> Self {
        assert!(
            (1..=MAX_CORES).contains(&cores),
            "{cores} job cores: 1..={MAX_CORES} fit the protocol"
        );
        assert!(start_len + CORE_INDEX_LEN <= model::link::MAX_PAYLOAD);
        assert!(result_len <= model::link::MAX_PAYLOAD);
        let k8 = |v: usize| Constant::new((v as u64).into());
        Self {
            cmd_valid: Default::default(),
            cmd_op: Default::default(),
            cmd_len: Default::default(),
            cmd_payload: Default::default(),
            rsp_error: Default::default(),
            rsp_code: Default::default(),
            rsp_len: Default::default(),
            rsp_payload: Default::default(),
            busy: Default::default(),
            done: Default::default(),
            aborted: Default::default(),
            sel_progress_lo: Default::default(),
            sel_progress_hi: Default::default(),
            sel_result: Default::default(),
            sel_result_ok: Default::default(),
            args_ok: Default::default(),
            sel_hot: Default::default(),
            args: Default::default(),
            start: Default::default(),
            cancel: Default::default(),
            any_busy: Default::default(),
            k_core_index: (0..cores).map(k8).collect(),
            k_op_start: k8(op::JOB_START as usize),
            k_op_poll: k8(op::JOB_POLL as usize),
            k_op_abort: k8(op::JOB_ABORT as usize),
            k_op_result: k8(op::JOB_RESULT as usize),
            k_op_cores: k8(op::JOB_CORES as usize),
            k_err_unknown: k8(err::UNKNOWN_OP as usize),
            k_err_length: k8(err::BAD_LENGTH as usize),
            k_err_busy: k8(err::BUSY as usize),
            k_err_no_result: k8(err::NO_RESULT as usize),
            k_err_argument: k8(err::BAD_ARGUMENT as usize),
            k_job_idle: k8(job::IDLE as usize),
            k_job_running: k8(job::RUNNING as usize),
            k_job_done: k8(job::DONE as usize),
            k_job_aborted: k8(job::ABORTED as usize),
            k_start_len: k8(start_len),
            k_start_core_len: k8(CORE_INDEX_LEN + start_len),
            k_core_len: k8(CORE_INDEX_LEN),
            k_result_len: k8(result_len),
            k_status_len: k8(JOB_STATUS_LEN),
            k_cores: k8(cores),
            k_cores_len: k8(1 + cores),
            k_core_mask: Constant::new(((1_u64 << cores) - 1).into()),
            one: Constant::new(1_u64.into()),
            is_start: Default::default(),
            is_job: Default::default(),
            has_core: Default::default(),
            sel: Default::default(),
            state_i: Default::default(),
            shamt: Default::default(),
            states: Default::default(),
            sel_busy: Default::default(),
            sel_state: Default::default(),
            sel_progress: Default::default(),
            sel_status: Default::default(),
            go_start: Default::default(),
            go_abort: Default::default(),
        }
    }

    /// Number of job cores.
    pub fn cores(&self) -> usize {
        self.k_core_index.len()
    }
}

impl Logic for JobControl {
    #[hdl_gen]
    fn update(&mut self) {
        // The addressed core: the leading index byte when the length says it is there.
        self.is_start.next = self.cmd_op.val() == self.k_op_start.val();
        self.is_job.next = self.is_start.val()
            | (self.cmd_op.val() == self.k_op_poll.val())
            | (self.cmd_op.val() == self.k_op_abort.val())
            | (self.cmd_op.val() == self.k_op_result.val());
        self.has_core.next = (self.is_start.val()
            & (self.cmd_len.val() == self.k_start_core_len.val()))
            | (!self.is_start.val() & (self.cmd_len.val() == self.k_core_len.val()));
        if self.has_core.val() {
            self.sel.next = self.cmd_payload.val().get_bits::<8>(0);
            self.args.next = self.cmd_payload.val() >> 8_u64;
        } else {
            self.sel.next = 0_u64.into();
            self.args.next = self.cmd_payload.val();
        }
        self.sel_hot.next = self.one.val() << self.sel.val();

        // Every core's state (the JOB_CORES answer), and the addressed core's.
        self.states.next = bit_cast::<PAYLOAD_BITS, 8>(self.k_cores.val());
        self.shamt.next = 8_u64.into();
        for i in 0..self.k_core_index.len() {
            if self.busy.val().get_bit(i) {
                self.state_i.next = self.k_job_running.val();
            } else if self.done.val().get_bit(i) {
                self.state_i.next = self.k_job_done.val();
            } else if self.aborted.val().get_bit(i) {
                self.state_i.next = self.k_job_aborted.val();
            } else {
                self.state_i.next = self.k_job_idle.val();
            }
            self.states.next = self.states.val()
                | (bit_cast::<PAYLOAD_BITS, 8>(self.state_i.val()) << self.shamt.val());
            self.shamt.next = self.shamt.val() + 8_u64;
        }
        self.any_busy.next = (self.busy.val() & self.k_core_mask.val()).any();
        self.sel_busy.next = (self.busy.val() & self.sel_hot.val()).any();
        if self.sel_busy.val() {
            self.sel_state.next = self.k_job_running.val();
        } else if (self.done.val() & self.sel_hot.val()).any() {
            self.sel_state.next = self.k_job_done.val();
        } else if (self.aborted.val() & self.sel_hot.val()).any() {
            self.sel_state.next = self.k_job_aborted.val();
        } else {
            self.sel_state.next = self.k_job_idle.val();
        }
        // Status: state (u8), progress (u64). (Masking the state byte out of a 256-bit word
        // with a 64-bit literal would clear bits 64 and up.)
        self.sel_progress.next = (bit_cast::<PAYLOAD_BITS, 32>(self.sel_progress_lo.val())
            << 8_u64)
            | (bit_cast::<PAYLOAD_BITS, 32>(self.sel_progress_hi.val()) << 40_u64);
        self.sel_status.next =
            bit_cast::<PAYLOAD_BITS, 8>(self.sel_state.val()) | self.sel_progress.val();

        // The answer.
        self.go_start.next = false;
        self.go_abort.next = false;
        self.rsp_error.next = false;
        self.rsp_code.next = self.k_err_unknown.val();
        self.rsp_len.next = self.k_status_len.val();
        self.rsp_payload.next = self.sel_status.val();
        if self.cmd_op.val() == self.k_op_cores.val() {
            if self.cmd_len.val() != 0_u64 {
                self.rsp_error.next = true;
                self.rsp_code.next = self.k_err_length.val();
            } else {
                self.rsp_len.next = self.k_cores_len.val();
                self.rsp_payload.next = self.states.val();
            }
        } else if self.is_job.val() {
            if !self.has_core.val()
                & ((self.is_start.val() & (self.cmd_len.val() != self.k_start_len.val()))
                    | (!self.is_start.val() & (self.cmd_len.val() != 0_u64)))
            {
                self.rsp_error.next = true;
                self.rsp_code.next = self.k_err_length.val();
            } else if self.sel.val() >= self.k_cores.val() {
                self.rsp_error.next = true;
                self.rsp_code.next = self.k_err_argument.val();
            } else if self.is_start.val() {
                if self.sel_busy.val() {
                    self.rsp_error.next = true;
                    self.rsp_code.next = self.k_err_busy.val();
                } else if !self.args_ok.val() {
                    self.rsp_error.next = true;
                    self.rsp_code.next = self.k_err_argument.val();
                } else {
                    self.go_start.next = self.cmd_valid.val();
                    // Answer as the state will be: running, no progress yet.
                    self.rsp_payload.next = bit_cast::<PAYLOAD_BITS, 8>(self.k_job_running.val());
                }
            } else if self.cmd_op.val() == self.k_op_abort.val() {
                if self.sel_busy.val() {
                    self.go_abort.next = self.cmd_valid.val();
                    self.rsp_payload.next = self.sel_progress.val()
                        | bit_cast::<PAYLOAD_BITS, 8>(self.k_job_aborted.val());
                }
            } else if self.cmd_op.val() == self.k_op_result.val() {
                if self.sel_result_ok.val() & (self.sel_state.val() == self.k_job_done.val()) {
                    self.rsp_len.next = self.k_result_len.val();
                    self.rsp_payload.next = self.sel_result.val();
                } else {
                    self.rsp_error.next = true;
                    self.rsp_code.next = self.k_err_no_result.val();
                }
            }
        } else {
            self.rsp_error.next = true;
        }
        if self.go_start.val() {
            self.start.next = self.sel_hot.val();
        } else {
            self.start.next = 0_u64.into();
        }
        if self.go_abort.val() {
            self.cancel.next = self.sel_hot.val();
        } else {
            self.cancel.next = 0_u64.into();
        }
    }
}
