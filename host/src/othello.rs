//! Host side of the `othello` design: start a solve, poll it with progress, read the result.

use crate::driver::{Link, LinkError};
use crate::transport::Transport;
use model::link::job;
use model::othello::protocol::{decode_result, encode_start, SolveResult};

/// Solves (p, o), `p` to move, with the fail-hard window (alpha, beta) on the device.
/// `progress(nodes)` is called after every poll.
pub fn solve<T: Transport>(
    link: &mut Link<T>,
    p: u64,
    o: u64,
    alpha: i8,
    beta: i8,
    mut progress: impl FnMut(u64),
) -> Result<SolveResult, LinkError> {
    let mut st = link.job_start(&encode_start(p, o, alpha, beta))?;
    while st.state == job::RUNNING {
        st = link.job_poll()?;
        progress(st.progress);
    }
    if st.state != job::DONE {
        return Err(LinkError::Malformed {
            op: "JOB_POLL",
            why: format!("solve ended in state {}", job::name(st.state)),
        });
    }
    Ok(decode_result(&link.job_result()?)?)
}
