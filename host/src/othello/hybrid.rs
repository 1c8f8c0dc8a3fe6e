//! The host-FPGA hybrid of issue 12, its first form: the CPU solver's search
//! (`model::othello::fast`: PVS, transposition table, fastest-first, parity, stability) on
//! the host, every subtree of at most `empties` empty squares a job on the board's first
//! solver core ([`BoardLeaves`]), the host waiting for each; or on the core's cycle-exact
//! model ([`ModelLeaves`]), which the board equals job for job.
//!
//! Waiting for one core job after job, with a USB round trip a job, it is slower than the CPU
//! solver alone (0.12-0.15 of it on FFO #21-#37 by `host/examples/hybrid_bound.rs`;
//! `docs/othello.md`, "The hybrid's bound"). Its parallel form, on several cores, is the
//! split with the host's table ([`split_config`]).

use super::solve;
use crate::driver::{Link, LinkError};
use crate::split::SplitConfig;
use crate::transport::Transport;
use model::othello::fast::{Leaves, Solver, SCORE_MAX};
use model::othello::search::{search, MoveOrder};
use model::othello::SCORE_BOUND;
use std::time::{Duration, Instant};

/// The hybrid's jobs by default: subtrees of at most this many empty squares. Smaller jobs
/// drown in the link (each costs its bytes and USB round trips): on FFO #21-#37 with four
/// fastest-first cores at 40 MHz and 2 Mbaud (the model executor, 2026-12-06) the parallel
/// form took 2,475 M board cycles with jobs from 16 empties, 1,675 M from 17 and 1,651 M
/// from 18; the sequential form on one core 0.123, 0.145 and 0.148 of the CPU solver's speed
/// (`host/examples/hybrid_bound.rs`).
pub const JOB_EMPTIES: u32 = 18;

/// The hybrid's parallel form, on a design with several cores: `cfg` (its link and job
/// size kept) with every node above the jobs split, probes too, and the host's transposition
/// table (`SplitConfig::table`), so that the host searches the top of the tree as a CPU
/// solver does while the cores search its subtrees.
pub fn split_config(cfg: SplitConfig) -> SplitConfig {
    SplitConfig {
        depth: u32::MAX,
        split_probes: true,
        table: true,
        ..cfg
    }
}

/// What the board (or its model) did for one hybrid solve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Jobs {
    /// Subtrees handed on.
    pub jobs: u64,
    /// Their nodes and cycles on the core.
    pub nodes: u64,
    pub cycles: u64,
}

impl Jobs {
    fn add(&mut self, nodes: u64, cycles: u64) {
        self.jobs += 1;
        self.nodes += nodes;
        self.cycles += cycles;
    }
}

/// A hybrid solve: the exact score and best move (the CPU solver's), the host's own nodes,
/// the jobs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HybridSolve {
    pub score: i32,
    pub best: Option<u32>,
    pub host_nodes: u64,
    pub jobs: Jobs,
}

/// The window a job takes: the solver's, within the core's score bounds.
pub fn job_window(alpha: i32, beta: i32) -> (i32, i32) {
    (alpha.max(-SCORE_BOUND), beta.min(SCORE_BOUND))
}

/// The subtrees as jobs on the board's first solver core, one at a time. A link error ends
/// the handing on: every later subtree answers its alpha at once and the error is kept for
/// [`solve_hybrid`] to return.
pub struct BoardLeaves<'a, T: Transport> {
    link: &'a mut Link<T>,
    empties: u32,
    pub done: Jobs,
    error: Option<LinkError>,
}

impl<T: Transport> Leaves for BoardLeaves<'_, T> {
    fn empties(&self) -> u32 {
        self.empties
    }
    fn solve(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        if self.error.is_some() {
            return alpha;
        }
        let (a, b) = job_window(alpha, beta);
        match solve(self.link, p, o, a as i8, b as i8, |_| {}) {
            Ok(r) => {
                self.done.add(r.nodes, r.cycles);
                r.score
            }
            Err(e) => {
                self.error = Some(e);
                alpha
            }
        }
    }
}

/// The subtrees on the fastest-first core's cycle-exact model (`search::search`), with the
/// time the model took on this CPU (not the host's: a measuring tool subtracts it).
#[derive(Default)]
pub struct ModelLeaves {
    pub empties: u32,
    pub done: Jobs,
    pub model_time: Duration,
}

impl Leaves for ModelLeaves {
    fn empties(&self) -> u32 {
        self.empties
    }
    fn solve(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        let (a, b) = job_window(alpha, beta);
        let t = Instant::now();
        let r = search(p, o, a, b, MoveOrder::FastestFirst);
        self.model_time += t.elapsed();
        self.done.add(r.nodes, r.cycles);
        r.score
    }
}

/// Solves (p, o), `p` to move, exactly: the CPU solver's search with every subtree of at most
/// `empties` empty squares (0: none, else at least `fast::SHALLOW_EMPTIES`) a job on the
/// board's first solver core (a fastest-first design's answers equal [`ModelLeaves`]'s).
pub fn solve_hybrid<T: Transport>(
    solver: &mut Solver,
    link: &mut Link<T>,
    p: u64,
    o: u64,
    empties: u32,
) -> Result<HybridSolve, LinkError> {
    let mut leaves = BoardLeaves {
        link,
        empties,
        done: Jobs::default(),
        error: None,
    };
    let b = SCORE_MAX + 1;
    let r = solver.solve_window_with(p, o, -b, b, &mut leaves);
    if let Some(e) = leaves.error {
        return Err(e);
    }
    Ok(HybridSolve {
        score: r.score,
        best: r.best,
        host_nodes: r.nodes,
        jobs: leaves.done,
    })
}
