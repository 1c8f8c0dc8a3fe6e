//! Splitting one solve over the solver cores of a multi-core design (young brothers wait).
//!
//! The host searches the top of the tree itself and hands the rest to the cores as jobs. A
//! node within `depth` plies of the root with more than `job_empties` empty squares is split:
//! its moves are taken in fastest-first order, the eldest is searched first (split in turn),
//! and once its value is known the younger brothers are spawned all at once, each as a split
//! node or a job, and run in parallel on whichever cores are free. Younger brothers are first
//! probed with a null window `(a, a + 1)` (principal variation search); one that fails high is
//! searched again with the full window. A child reaching `beta` cuts its parent off: the
//! parent's queued jobs are dropped and its running ones aborted.
//!
//! The result follows the fail-hard semantics of a single core (`model::othello::search`):
//! exact inside the window, `alpha` when every move fails low, `beta` on a cut-off. The score
//! is the one a single core finds; when two moves share the best score the move reported may
//! be the other one (the one whose job finished first).
//!
//! The algorithm runs against an [`Executor`]: the board over the link
//! (`crate::othello::LinkExecutor`), or [`ModelExecutor`], which runs each job on the golden
//! model (exact node and cycle counts of the hardware). Either way [`SplitSolve::
//! elapsed_cycles`] is the board's time: the cores' cycles as they ran in parallel, plus the
//! link's time per job on the one shared link.

use model::othello::play;
use model::othello::protocol::SolveResult;
use model::othello::search::{fastest_first_moves, search, MoveOrder};
use std::collections::VecDeque;

/// One solve job: position (`p` to move) and fail-hard window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    pub p: u64,
    pub o: u64,
    pub alpha: i8,
    pub beta: i8,
}

/// Runs solve jobs on a set of cores.
pub trait Executor {
    type Error;
    fn cores(&self) -> usize;
    /// Starts `job` on the idle core `core`.
    fn start(&mut self, core: usize, job: Job) -> Result<(), Self::Error>;
    /// Waits until one of the running jobs is done; its core and result.
    fn wait_any(&mut self) -> Result<(usize, SolveResult), Self::Error>;
    /// Stops the job running on `core`.
    fn abort(&mut self, core: usize) -> Result<(), Self::Error>;
    /// Nodes searched so far by the running jobs (for progress).
    fn running_nodes(&mut self) -> u64 {
        0
    }
}

/// How a solve is split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitConfig {
    /// Plies of the principal variation whose younger brothers run in parallel.
    pub depth: u32,
    /// Link time per job (start, poll, result) in core cycles, counted in
    /// [`SplitSolve::elapsed_cycles`] (see [`link_cycles_per_job`]).
    pub overhead_cycles: u64,
    /// Younger brothers are first probed with a null window (principal variation search).
    pub null_window: bool,
    /// Positions with this many empty squares or fewer are one job, never split.
    pub job_empties: u32,
    /// Split null-window probes too (else each probe is one job: most of them are refuted
    /// at once, and a job costs the link's time).
    pub split_probes: bool,
}

impl Default for SplitConfig {
    fn default() -> Self {
        SplitConfig {
            depth: DEFAULT_SPLIT_DEPTH,
            overhead_cycles: 0,
            null_window: true,
            job_empties: DEFAULT_JOB_EMPTIES,
            split_probes: false,
        }
    }
}

/// Default [`SplitConfig::depth`].
pub const DEFAULT_SPLIT_DEPTH: u32 = 3;
/// Default [`SplitConfig::job_empties`].
pub const DEFAULT_JOB_EMPTIES: u32 = 10;

/// The result of a split solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SplitSolve {
    pub score: i32,
    pub best: Option<u32>,
    /// Nodes and cycles summed over the jobs that finished (aborted jobs are not counted),
    /// plus one node per split node.
    pub nodes: u64,
    pub cycles: u64,
    /// The board's time from the first job's start to the last result, in core cycles: each
    /// job starts when the host starts it and takes its own cycles plus
    /// [`SplitConfig::overhead_cycles`].
    pub elapsed_cycles: u64,
    pub jobs: u32,
    pub aborted: u32,
}

/// Bytes on the link per job: `JOB_START` with the core index and its answer, one `JOB_CORES`
/// poll and its answer, `JOB_RESULT` and its answer (frames of `model::link`).
pub const LINK_BYTES_PER_JOB: u64 = {
    use model::link::{CRC_LEN, HEADER_LEN, JOB_STATUS_LEN};
    use model::othello::protocol::{CORE_INDEX_LEN, RESULT_LEN, START_LEN};
    let frame = (HEADER_LEN + CRC_LEN) as u64;
    (frame + (CORE_INDEX_LEN + START_LEN) as u64)
        + (frame + JOB_STATUS_LEN as u64)
        + frame
        + (frame + 1 + 8)
        + (frame + CORE_INDEX_LEN as u64)
        + (frame + RESULT_LEN as u64)
};

/// Link time of one job in core cycles at `clock_hz` and `baud` (10 bit times per byte).
pub fn link_cycles_per_job(clock_hz: f64, baud: u32) -> u64 {
    (LINK_BYTES_PER_JOB as f64 * 10.0 * clock_hz / baud as f64).ceil() as u64
}

/// The board's clock as the split sees it. The link is one shared resource: half of a job's
/// link time (its start) comes before the job runs, half (finding it done, reading its result)
/// after, each waiting for the link to be free.
struct Clock {
    now: u64,
    link_free: u64,
    started: Vec<u64>,
    overhead: u64,
}

impl Clock {
    fn start(&mut self, core: usize) {
        let t = self.now.max(self.link_free) + self.overhead / 2;
        self.link_free = t;
        self.started[core] = t;
    }
    fn done(&mut self, core: usize, cycles: u64) {
        let t =
            (self.started[core] + cycles).max(self.link_free) + self.overhead - self.overhead / 2;
        self.link_free = t;
        self.now = self.now.max(t);
    }
}

/// Solves (p, o) with the fail-hard window (alpha, beta) on the executor's cores (see the
/// module header). `progress(nodes)` is called after every finished job.
pub fn solve_split<E: Executor>(
    ex: &mut E,
    p: u64,
    o: u64,
    alpha: i8,
    beta: i8,
    cfg: SplitConfig,
    mut progress: impl FnMut(u64),
) -> Result<SplitSolve, E::Error> {
    let cores = ex.cores().max(1);
    let mut t = Tree {
        cfg: SplitConfig {
            depth: if cores == 1 { 0 } else { cfg.depth },
            ..cfg
        },
        nodes: Vec::new(),
        queue: VecDeque::new(),
        r: SplitSolve {
            score: 0,
            best: None,
            nodes: 0,
            cycles: 0,
            elapsed_cycles: 0,
            jobs: 0,
            aborted: 0,
        },
    };
    let mut clock = Clock {
        now: 0,
        link_free: 0,
        started: vec![0; cores],
        overhead: cfg.overhead_cycles,
    };
    let mut running: Vec<Option<usize>> = vec![None; cores];
    t.spawn(None, p, o, alpha as i32, beta as i32, 0, true);
    let mut to_abort = Vec::new();
    while t.nodes[0].result.is_none() {
        while let Some(core) = running.iter().position(|c| c.is_none()) {
            let Some(id) = t.queue.pop_front() else { break };
            if !t.nodes[id].alive {
                continue;
            }
            let n = &t.nodes[id];
            ex.start(
                core,
                Job {
                    p: n.p,
                    o: n.o,
                    alpha: n.alpha as i8,
                    beta: n.beta as i8,
                },
            )?;
            clock.start(core);
            running[core] = Some(id);
        }
        let (core, res) = ex.wait_any()?;
        let id = running[core]
            .take()
            .expect("a result from a core without a job");
        clock.done(core, res.cycles);
        t.r.jobs += 1;
        t.r.nodes += res.nodes;
        t.r.cycles += res.cycles;
        progress(t.r.nodes + ex.running_nodes());
        t.finish(id, res.score, res.best);
        // Jobs of subtrees that were cut off.
        for (c, slot) in running.iter_mut().enumerate() {
            if slot.is_some_and(|id| !t.nodes[id].alive) {
                *slot = None;
                to_abort.push(c);
            }
        }
        for c in to_abort.drain(..) {
            ex.abort(c)?;
            t.r.aborted += 1;
        }
    }
    for (c, slot) in running.iter().enumerate() {
        if slot.is_some() {
            ex.abort(c)?;
            t.r.aborted += 1;
        }
    }
    let (score, best) = t.nodes[0].result.unwrap();
    t.r.score = score;
    t.r.best = best;
    t.r.elapsed_cycles = clock.now;
    Ok(t.r)
}

/// A node of the split tree: searched on the host (its children spawned) or as one job.
struct Node {
    p: u64,
    o: u64,
    /// The window it was spawned with.
    alpha: i32,
    beta: i32,
    /// Best value so far and its move (split nodes).
    a: i32,
    best: Option<u32>,
    /// Moves in search order, and how many have been spawned.
    moves: Vec<u32>,
    spawned: usize,
    /// Children spawned and not finished.
    outstanding: usize,
    children: Vec<usize>,
    /// Parent, the move leading here, whether this is a null-window probe, and the parent's
    /// alpha when it was spawned.
    parent: Option<(usize, u32, bool, i32)>,
    depth: u32,
    alive: bool,
    result: Option<(i32, Option<u32>)>,
}

struct Tree {
    cfg: SplitConfig,
    nodes: Vec<Node>,
    /// Job nodes waiting for a core.
    queue: VecDeque<usize>,
    r: SplitSolve,
}

impl Tree {
    /// A node for (p, o) with window (alpha, beta): split (its eldest child spawned at once)
    /// or a job (queued; `urgent` ones first).
    #[allow(clippy::too_many_arguments)]
    fn spawn(
        &mut self,
        parent: Option<(usize, u32, bool, i32)>,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        depth: u32,
        urgent: bool,
    ) -> usize {
        let id = self.nodes.len();
        let probe = parent.is_some_and(|(_, _, null, _)| null);
        let split = depth < self.cfg.depth
            && (self.cfg.split_probes || !probe)
            && 64 - (p | o).count_ones() > self.cfg.job_empties
            && model::othello::legal_moves(p, o).count_ones() >= 2;
        self.nodes.push(Node {
            p,
            o,
            alpha,
            beta,
            a: alpha,
            best: None,
            moves: if split {
                fastest_first_moves(p, o)
            } else {
                Vec::new()
            },
            spawned: 0,
            outstanding: 0,
            children: Vec::new(),
            parent,
            depth,
            alive: true,
            result: None,
        });
        if let Some((pid, ..)) = parent {
            self.nodes[pid].children.push(id);
            self.nodes[pid].outstanding += 1;
        }
        if split {
            self.r.nodes += 1;
            self.spawn_child(id, 0, true);
        } else if urgent {
            self.queue.push_front(id);
        } else {
            self.queue.push_back(id);
        }
        id
    }

    /// Spawns move `k` of split node `id`: the full window, or a null window probe.
    fn spawn_child(&mut self, id: usize, k: usize, full: bool) {
        let n = &self.nodes[id];
        let m = n.moves[k];
        let (a, beta) = (n.a, n.beta);
        let (np, no) = play(n.p, n.o, m);
        let null = !full && self.cfg.null_window && a + 1 < beta;
        let child_alpha = if null { -(a + 1) } else { -beta };
        let depth = n.depth + 1;
        // The eldest and re-searches are on the critical path: first in the queue.
        let urgent = k == 0 || full;
        self.spawn(
            Some((id, m, null, a)),
            np,
            no,
            child_alpha,
            -a,
            depth,
            urgent,
        );
    }

    /// Node `id` has its value `score` (and move): tell its parent.
    fn finish(&mut self, id: usize, score: i32, best: Option<u32>) {
        self.nodes[id].result = Some((score, best));
        self.nodes[id].alive = false;
        let Some((pid, m, null, a0)) = self.nodes[id].parent else {
            return;
        };
        if !self.nodes[pid].alive {
            return;
        }
        let v = -score;
        let parent = &mut self.nodes[pid];
        parent.outstanding -= 1;
        if v >= parent.beta {
            let beta = parent.beta;
            self.cancel(pid);
            self.finish(pid, beta, Some(m));
            return;
        }
        let eldest = parent.spawned == 0;
        if eldest {
            parent.spawned = 1;
        }
        if v > parent.a {
            parent.a = v;
            parent.best = Some(m);
        }
        if null && v > a0 {
            // The probe failed high: only a lower bound. Search the move again, fully.
            let k = parent.moves.iter().position(|&x| x == m).unwrap();
            self.spawn_child(pid, k, true);
        }
        if eldest {
            // Young brothers wait: the others start once the eldest is known.
            let n = self.nodes[pid].moves.len();
            for k in 1..n {
                self.spawn_child(pid, k, !self.cfg.null_window);
            }
            self.nodes[pid].spawned = n;
        }
        let parent = &self.nodes[pid];
        if parent.outstanding == 0 {
            let (a, best) = (parent.a, parent.best);
            self.finish(pid, a, best);
        }
    }

    /// Node `id` is cut off: its subtree is dropped (queued jobs skipped, running ones aborted
    /// by the caller).
    fn cancel(&mut self, id: usize) {
        let mut stack = std::mem::take(&mut self.nodes[id].children);
        while let Some(c) = stack.pop() {
            if self.nodes[c].alive {
                self.nodes[c].alive = false;
                stack.extend(std::mem::take(&mut self.nodes[c].children));
            }
        }
    }
}

/// Runs every job on the golden model (`model::othello::search`: the hardware's exact node
/// and cycle counts) and answers them in the order a board with `cores` solvers would finish
/// them.
pub struct ModelExecutor {
    pub order: MoveOrder,
    overhead_cycles: u64,
    now: u64,
    jobs: Vec<Option<(u64, SolveResult)>>,
}

impl ModelExecutor {
    /// `overhead_cycles`: link cycles per job, as in [`SplitConfig::overhead_cycles`].
    pub fn new(cores: usize, order: MoveOrder, overhead_cycles: u64) -> Self {
        ModelExecutor {
            order,
            overhead_cycles,
            now: 0,
            jobs: vec![None; cores.max(1)],
        }
    }
}

impl Executor for ModelExecutor {
    type Error = std::convert::Infallible;
    fn cores(&self) -> usize {
        self.jobs.len()
    }
    fn start(&mut self, core: usize, job: Job) -> Result<(), Self::Error> {
        let s = search(job.p, job.o, job.alpha as i32, job.beta as i32, self.order);
        let res = SolveResult {
            score: s.score,
            best: s.best,
            nodes: s.nodes,
            cycles: s.cycles,
        };
        self.jobs[core] = Some((self.now + s.cycles + self.overhead_cycles, res));
        Ok(())
    }
    fn wait_any(&mut self) -> Result<(usize, SolveResult), Self::Error> {
        let (core, (end, res)) = self
            .jobs
            .iter()
            .enumerate()
            .filter_map(|(c, j)| j.map(|j| (c, j)))
            .min_by_key(|(c, (end, _))| (*end, *c))
            .expect("wait_any with no job running");
        self.now = self.now.max(end);
        self.jobs[core] = None;
        Ok((core, res))
    }
    fn abort(&mut self, core: usize) -> Result<(), Self::Error> {
        self.jobs[core] = None;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use model::othello::random::{random_position, random_window};
    use rand::{Rng, SeedableRng};

    /// On the model, the split solve gives the single core's score for every core count and
    /// window, and its best move scores that much.
    #[test]
    fn split_score_equals_single_core() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(0x5b117);
        for i in 0..200 {
            let e = rng.gen_range(4..=9);
            let (p, o) = random_position(&mut rng, e);
            let (alpha, beta) = random_window(&mut rng, i);
            let want = search(p, o, alpha, beta, MoveOrder::Paper);
            for (cores, depth) in [(1, 3), (2, 1), (3, 2), (8, 4), (4, 3)] {
                let mut ex = ModelExecutor::new(cores, MoveOrder::Paper, 10);
                let cfg = SplitConfig {
                    depth,
                    overhead_cycles: 10,
                    null_window: cores != 3,
                    job_empties: 2,
                    split_probes: cores == 8,
                };
                let got = solve_split(&mut ex, p, o, alpha as i8, beta as i8, cfg, |_| {}).unwrap();
                let ctx = format!("position {i} p {p:#x} o {o:#x} ({alpha}, {beta}) {cores} cores");
                assert_eq!(got.score, want.score, "{ctx}");
                assert_eq!(got.best.is_some(), want.best.is_some(), "{ctx}");
                if let Some(m) = got.best {
                    // The move reported reaches the score (a cut move reaches beta or more).
                    let (np, no) = play(p, o, m);
                    let v = -search(np, no, -65, 65, MoveOrder::Paper).score;
                    if got.score == beta {
                        assert!(v >= beta, "{ctx}: cut move {m} scores {v}");
                    } else {
                        assert_eq!(v, got.score, "{ctx}: best move {m}");
                    }
                }
                if cores == 1 {
                    assert_eq!((got.nodes, got.cycles), (want.nodes, want.cycles), "{ctx}");
                    assert_eq!(got.elapsed_cycles, want.cycles + 10, "{ctx}");
                }
                assert!(
                    got.elapsed_cycles <= got.cycles + 10 * got.jobs as u64,
                    "{ctx}"
                );
                // The link is shared: its time adds up.
                assert!(got.elapsed_cycles >= 10 * got.jobs as u64, "{ctx}");
            }
        }
    }
}
