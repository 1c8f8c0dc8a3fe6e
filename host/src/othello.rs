//! Host side of the `othello` design: start a solve, poll it with progress, read the result.

use crate::driver::{Link, LinkError};
use crate::split::{solve_split, Executor, Job, SplitConfig, SplitSolve};
use crate::transport::Transport;
use model::link::job;
use model::othello::protocol::{decode_result, encode_start, encode_start_on, SolveResult};

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

/// The solver cores of the design behind a link, as an [`Executor`] for [`solve_split`]:
/// jobs go to their core by index, and finished ones are found with `JOB_CORES`.
pub struct LinkExecutor<'a, T: Transport> {
    link: &'a mut Link<T>,
    running: Vec<bool>,
}

impl<'a, T: Transport> LinkExecutor<'a, T> {
    /// Asks the design how many cores it has; fails if one of them is busy.
    pub fn new(link: &'a mut Link<T>) -> Result<Self, LinkError> {
        let states = link.job_cores()?;
        if let Some(c) = states.iter().position(|&s| s == job::RUNNING) {
            return Err(LinkError::Malformed {
                op: "JOB_CORES",
                why: format!("core {c} is already solving"),
            });
        }
        Ok(LinkExecutor {
            running: vec![false; states.len()],
            link,
        })
    }
}

impl<T: Transport> Executor for LinkExecutor<'_, T> {
    type Error = LinkError;
    fn cores(&self) -> usize {
        self.running.len()
    }
    fn start(&mut self, core: usize, j: Job) -> Result<(), LinkError> {
        // Core 0 without the index byte: single-core designs understand it too.
        let arg = if core == 0 {
            encode_start(j.p, j.o, j.alpha, j.beta)
        } else {
            encode_start_on(core as u8, j.p, j.o, j.alpha, j.beta)
        };
        self.link.job_start(&arg)?;
        self.running[core] = true;
        Ok(())
    }
    fn wait_any(&mut self) -> Result<(usize, SolveResult), LinkError> {
        loop {
            let states = self.link.job_cores()?;
            for (c, &st) in states.iter().enumerate() {
                if !self.running.get(c).copied().unwrap_or(false) || st == job::RUNNING {
                    continue;
                }
                self.running[c] = false;
                if st != job::DONE {
                    return Err(LinkError::Malformed {
                        op: "JOB_CORES",
                        why: format!("core {c} stopped in state {}", job::name(st)),
                    });
                }
                let r = if self.running.len() == 1 {
                    self.link.job_result()?
                } else {
                    self.link.core_result(c as u8)?
                };
                return Ok((c, decode_result(&r)?));
            }
            if !self.running.iter().any(|&r| r) {
                return Err(LinkError::Malformed {
                    op: "JOB_CORES",
                    why: "waiting with no job running".into(),
                });
            }
        }
    }
    fn abort(&mut self, core: usize) -> Result<(), LinkError> {
        self.link.core_abort(core as u8)?;
        self.running[core] = false;
        Ok(())
    }
}

/// Solves (p, o) on every solver core of the design: [`solve_split`] over [`LinkExecutor`].
pub fn solve_cores<T: Transport>(
    link: &mut Link<T>,
    p: u64,
    o: u64,
    alpha: i8,
    beta: i8,
    cfg: SplitConfig,
    progress: impl FnMut(u64),
) -> Result<(SplitSolve, usize), LinkError> {
    let mut ex = LinkExecutor::new(link)?;
    let cores = ex.cores();
    Ok((
        solve_split(&mut ex, p, o, alpha, beta, cfg, progress)?,
        cores,
    ))
}
