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

/// A solve made of several null-window probes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ProbeSolve {
    pub score: i32,
    pub best: Option<u32>,
    /// Nodes and cycles summed over the probes.
    pub nodes: u64,
    pub cycles: u64,
    pub probes: u32,
}

/// Exact score by bisection with null-window probes `(b - 1, b)` on the device (the null-window
/// driver: each probe only answers "score >= b?", which prunes far more than a full window).
/// A fail-high probe's cut move is a move reaching at least `b`; the move of the highest
/// fail-high is the best move.
pub fn solve_null_window<T: Transport>(
    link: &mut Link<T>,
    p: u64,
    o: u64,
    mut progress: impl FnMut(u64),
) -> Result<ProbeSolve, LinkError> {
    let (mut lo, mut hi) = (-64i32, 64i32);
    let mut r = ProbeSolve {
        score: 0,
        best: None,
        nodes: 0,
        cycles: 0,
        probes: 0,
    };
    let mut done_nodes = 0;
    while lo < hi {
        let b = (lo + hi + 1).div_euclid(2);
        let s = solve(link, p, o, (b - 1) as i8, b as i8, |n| {
            progress(done_nodes + n)
        })?;
        r.nodes += s.nodes;
        r.cycles += s.cycles;
        r.probes += 1;
        done_nodes = r.nodes;
        if s.score > b || s.score < b - 1 {
            // Only leaf values leave a fail-hard window, and they are exact.
            lo = s.score;
            hi = s.score;
        } else if s.score == b {
            lo = b;
            r.best = s.best.or(r.best);
        } else {
            hi = b - 1;
        }
    }
    r.score = lo;
    if r.best.is_none() && model::othello::legal_moves(p, o) != 0 {
        // Never failed high (score -64): a full-window probe names the move.
        let s = solve(link, p, o, -65, 65, |n| progress(done_nodes + n))?;
        r.nodes += s.nodes;
        r.cycles += s.cycles;
        r.probes += 1;
        r.best = s.best;
        r.score = s.score;
    }
    Ok(r)
}
