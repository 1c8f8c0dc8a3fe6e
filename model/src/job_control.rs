//! Reference model of job control: how a design with one or more job cores (the `link` core's
//! wait job, the game solvers) answers `JOB_START`, `JOB_POLL`, `JOB_ABORT`, `JOB_RESULT` and
//! `JOB_CORES`. The gateware's `common::JobControl` block is fuzzed against it command by
//! command (`sim/tests/job_control.rs`); `link_device::LinkCoreModel` uses it for the wait job.
//!
//! The rules, in the order they are checked:
//! * A job command may lead with a core index ([`CORE_INDEX_LEN`] byte): it does when its
//!   length is the plain length plus one (`JOB_START`: the game's argument length + 1; the
//!   others: 1). Otherwise it addresses core 0.
//! * `JOB_CORES` takes no payload (else `BAD_LENGTH`) and answers the number of cores and each
//!   core's state.
//! * Any other length is `BAD_LENGTH`; an index past the last core is `BAD_ARGUMENT`.
//! * `JOB_START`: `BUSY` when that core runs; `BAD_ARGUMENT` when the game rejects the
//!   arguments; else the core starts and the answer is the status it will have: running,
//!   progress 0.
//! * `JOB_POLL`: the core's status (state, progress). `JOB_ABORT`: a running core is stopped
//!   and the answer says aborted (with its progress); otherwise the status, unchanged.
//! * `JOB_RESULT`: the game's result payload when the core is done and its result is valid,
//!   else `NO_RESULT`.
//! * Every other opcode: `UNKNOWN_OP` (a core answers its own opcodes before job control).

use crate::link::{err, job, op, JobStatus, CORE_INDEX_LEN, MAX_CORES};
use crate::link_device::CoreAnswer;

/// One job core as job control sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoreView {
    /// `crate::link::job` state.
    pub state: u8,
    /// Core-defined progress (cycles, nodes).
    pub progress: u64,
    /// The result payload, when the core is done and its result is valid.
    pub result: Option<Vec<u8>>,
}

/// What job control asks of a core.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JobAction {
    None,
    /// Start `core` on these arguments (the payload without the core index).
    Start {
        core: usize,
        args: Vec<u8>,
    },
    /// Stop `core`.
    Abort {
        core: usize,
    },
}

/// Job control of a design: the number of cores and its game's payload lengths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JobControlModel {
    pub cores: usize,
    /// `JOB_START` argument length without the core index.
    pub start_len: usize,
}

impl JobControlModel {
    pub fn new(cores: usize, start_len: usize) -> JobControlModel {
        assert!(
            (1..=MAX_CORES).contains(&cores),
            "{cores} job cores: 1..={MAX_CORES} fit the protocol"
        );
        assert!(start_len + CORE_INDEX_LEN <= crate::link::MAX_PAYLOAD);
        JobControlModel { cores, start_len }
    }

    /// Answers one command. `view(i)` is core `i` now; `args_ok` says whether the game
    /// accepts `JOB_START` arguments. Returns the answer and what to do to the cores.
    pub fn command(
        &self,
        opc: u8,
        payload: &[u8],
        view: impl Fn(usize) -> CoreView,
        args_ok: impl Fn(&[u8]) -> bool,
    ) -> (CoreAnswer, JobAction) {
        let plain_len = match opc {
            op::JOB_CORES => {
                if !payload.is_empty() {
                    return (Err(err::BAD_LENGTH), JobAction::None);
                }
                let mut a = vec![self.cores as u8];
                a.extend((0..self.cores).map(|i| view(i).state));
                return (Ok(a), JobAction::None);
            }
            op::JOB_START => self.start_len,
            op::JOB_POLL | op::JOB_ABORT | op::JOB_RESULT => 0,
            _ => return (Err(err::UNKNOWN_OP), JobAction::None),
        };
        let (core, args) = if payload.len() == plain_len + CORE_INDEX_LEN {
            (payload[0] as usize, &payload[CORE_INDEX_LEN..])
        } else if payload.len() == plain_len {
            (0, payload)
        } else {
            return (Err(err::BAD_LENGTH), JobAction::None);
        };
        if core >= self.cores {
            return (Err(err::BAD_ARGUMENT), JobAction::None);
        }
        let v = view(core);
        let status = |state: u8, progress: u64| Ok(JobStatus { state, progress }.encode());
        match opc {
            op::JOB_START => {
                if v.state == job::RUNNING {
                    (Err(err::BUSY), JobAction::None)
                } else if !args_ok(args) {
                    (Err(err::BAD_ARGUMENT), JobAction::None)
                } else {
                    (
                        status(job::RUNNING, 0),
                        JobAction::Start {
                            core,
                            args: args.to_vec(),
                        },
                    )
                }
            }
            op::JOB_ABORT if v.state == job::RUNNING => {
                (status(job::ABORTED, v.progress), JobAction::Abort { core })
            }
            op::JOB_RESULT => match v.result {
                Some(r) if v.state == job::DONE => (Ok(r), JobAction::None),
                _ => (Err(err::NO_RESULT), JobAction::None),
            },
            _ => (status(v.state, v.progress), JobAction::None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn idle(_: usize) -> CoreView {
        CoreView {
            state: job::IDLE,
            progress: 7,
            result: None,
        }
    }

    #[test]
    fn core_index_is_optional_and_checked() {
        let jc = JobControlModel::new(2, 4);
        let (a, act) = jc.command(op::JOB_START, &[1, 2, 3, 4], idle, |_| true);
        assert_eq!(a.unwrap()[0], job::RUNNING);
        assert_eq!(
            act,
            JobAction::Start {
                core: 0,
                args: vec![1, 2, 3, 4]
            }
        );
        let (_, act) = jc.command(op::JOB_START, &[1, 9, 9, 9, 9], idle, |_| true);
        assert_eq!(
            act,
            JobAction::Start {
                core: 1,
                args: vec![9; 4]
            }
        );
        let (a, _) = jc.command(op::JOB_POLL, &[2], idle, |_| true);
        assert_eq!(a, Err(err::BAD_ARGUMENT));
        let (a, _) = jc.command(op::JOB_POLL, &[0, 0], idle, |_| true);
        assert_eq!(a, Err(err::BAD_LENGTH));
        let (a, _) = jc.command(op::JOB_START, &[1, 2, 3, 4], idle, |_| false);
        assert_eq!(a, Err(err::BAD_ARGUMENT));
        let (a, _) = jc.command(op::JOB_CORES, &[], idle, |_| true);
        assert_eq!(a, Ok(vec![2, job::IDLE, job::IDLE]));
        let (a, _) = jc.command(op::ECHO, &[], idle, |_| true);
        assert_eq!(a, Err(err::UNKNOWN_OP));
    }

    #[test]
    fn abort_only_stops_a_running_core() {
        let jc = JobControlModel::new(1, 4);
        let running = |_| CoreView {
            state: job::RUNNING,
            progress: 5,
            result: None,
        };
        let (a, act) = jc.command(op::JOB_ABORT, &[], running, |_| true);
        assert_eq!(
            a.unwrap(),
            JobStatus {
                state: job::ABORTED,
                progress: 5
            }
            .encode()
        );
        assert_eq!(act, JobAction::Abort { core: 0 });
        let (a, act) = jc.command(op::JOB_ABORT, &[], idle, |_| true);
        assert_eq!(
            a.unwrap(),
            JobStatus {
                state: job::IDLE,
                progress: 7
            }
            .encode()
        );
        assert_eq!(act, JobAction::None);
        let (a, _) = jc.command(op::JOB_START, &[0; 4], running, |_| true);
        assert_eq!(a, Err(err::BUSY));
    }
}
