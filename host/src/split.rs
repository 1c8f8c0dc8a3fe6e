//! Root splitting: one solve spread over the solver cores of a multi-core design.
//!
//! The root's moves are searched in fastest-first order, one child position per job, each
//! job on whichever core is free. The root's alpha is shared: a job starts with the best
//! value found so far, `(-beta, -alpha)` for the child, so later children prune against it.
//! Young-brothers-wait: the first (most likely best) child is searched alone, so that the
//! others start with its value as alpha rather than with the caller's full window. A child that
//! reaches `beta` is a cut-off: the other jobs are aborted and the root returns `beta`.
//!
//! The result follows the fail-hard semantics of a single core (`model::othello::search`):
//! exact inside the window, `alpha` when every move fails low, `beta` on a cut-off. The score
//! is the one a single core finds; when two moves share the best score the move reported may
//! be the other one (the one whose job finished first).
//!
//! The algorithm runs against an [`Executor`]: the board over the link
//! (`crate::othello::LinkExecutor`), or [`ModelExecutor`], which runs each job on the golden
//! model and keeps the board's clock: the projected time of a multi-core board.

use model::othello::play;
use model::othello::protocol::SolveResult;
use model::othello::search::{fastest_first_moves, search, MoveOrder};

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
    /// Link cycles counted per job (start, poll, result) in [`SplitSolve::elapsed_cycles`].
    pub overhead_cycles: u64,
}

impl Default for SplitConfig {
    fn default() -> Self {
        SplitConfig {
            depth: DEFAULT_SPLIT_DEPTH,
            overhead_cycles: 0,
        }
    }
}

/// Default [`SplitConfig::depth`].
pub const DEFAULT_SPLIT_DEPTH: u32 = 6;

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

/// The board's clock as the split sees it.
struct Clock {
    now: u64,
    started: Vec<u64>,
    overhead: u64,
}

impl Clock {
    fn start(&mut self, core: usize) {
        self.started[core] = self.now;
    }
    fn done(&mut self, core: usize, cycles: u64) {
        self.now = self.now.max(self.started[core] + cycles + self.overhead);
    }
}

/// Solves (p, o) with the fail-hard window (alpha, beta) on the executor's cores, splitting
/// the first `split_depth` plies of the principal variation (young brothers wait: at each of
/// these nodes the first child is searched first, recursively split, then the other children
/// run in parallel, one job each). `progress(nodes)` is called after every finished job.
pub fn solve_split<E: Executor>(
    ex: &mut E,
    p: u64,
    o: u64,
    alpha: i8,
    beta: i8,
    cfg: SplitConfig,
    mut progress: impl FnMut(u64),
) -> Result<SplitSolve, E::Error> {
    let mut r = SplitSolve {
        score: 0,
        best: None,
        nodes: 0,
        cycles: 0,
        elapsed_cycles: 0,
        jobs: 0,
        aborted: 0,
    };
    let depth = if ex.cores() <= 1 { 0 } else { cfg.depth };
    let mut clock = Clock {
        now: 0,
        started: vec![0; ex.cores().max(1)],
        overhead: cfg.overhead_cycles,
    };
    let mut s = State {
        r: &mut r,
        clock: &mut clock,
        progress: &mut progress,
    };
    let (score, best) = split_node(ex, p, o, alpha as i32, beta as i32, depth, &mut s)?;
    r.score = score;
    r.best = best;
    r.elapsed_cycles = clock.now;
    Ok(r)
}

/// What the recursion carries.
struct State<'a, P: FnMut(u64)> {
    r: &'a mut SplitSolve,
    clock: &'a mut Clock,
    progress: &'a mut P,
}

/// One job, alone: its value and move.
fn single<E: Executor, P: FnMut(u64)>(
    ex: &mut E,
    job: Job,
    st: &mut State<'_, P>,
) -> Result<(i32, Option<u32>), E::Error> {
    ex.start(0, job)?;
    st.clock.start(0);
    let (core, s) = ex.wait_any()?;
    st.clock.done(core, s.cycles);
    st.r.jobs += 1;
    st.r.nodes += s.nodes;
    st.r.cycles += s.cycles;
    (st.progress)(st.r.nodes);
    Ok((s.score, s.best))
}

fn split_node<E: Executor, P: FnMut(u64)>(
    ex: &mut E,
    p: u64,
    o: u64,
    alpha: i32,
    beta: i32,
    depth: u32,
    st: &mut State<'_, P>,
) -> Result<(i32, Option<u32>), E::Error> {
    let job = |p, o, alpha: i32, beta: i32| Job {
        p,
        o,
        alpha: alpha as i8,
        beta: beta as i8,
    };
    let moves = fastest_first_moves(p, o);
    if depth == 0 || moves.len() < 2 {
        // Nothing to split here (one move, a pass or a finished game): one job.
        return single(ex, job(p, o, alpha, beta), st);
    }
    // The eldest brother first, itself split.
    st.r.nodes += 1;
    let (np, no) = play(p, o, moves[0]);
    let v = -split_node(ex, np, no, -beta, -alpha, depth - 1, st)?.0;
    if v >= beta {
        return Ok((beta, Some(moves[0])));
    }
    let mut a = alpha;
    let mut best = None;
    if v > a {
        a = v;
        best = Some(moves[0]);
    }
    // The younger brothers in parallel, each started with the best value so far.
    let cores = ex.cores();
    let mut running: Vec<Option<u32>> = vec![None; cores];
    let mut next = 1;
    loop {
        while next < moves.len() {
            let Some(core) = running.iter().position(|c| c.is_none()) else {
                break;
            };
            let m = moves[next];
            let (np, no) = play(p, o, m);
            ex.start(core, job(np, no, -beta, -a))?;
            st.clock.start(core);
            running[core] = Some(m);
            next += 1;
        }
        if running.iter().all(|c| c.is_none()) {
            break;
        }
        let (core, s) = ex.wait_any()?;
        let m = running[core]
            .take()
            .expect("a result from a core without a job");
        st.clock.done(core, s.cycles);
        st.r.jobs += 1;
        st.r.nodes += s.nodes;
        st.r.cycles += s.cycles;
        (st.progress)(st.r.nodes + ex.running_nodes());
        let v = -s.score;
        if v >= beta {
            for (c, slot) in running.iter_mut().enumerate() {
                if slot.take().is_some() {
                    ex.abort(c)?;
                    st.r.aborted += 1;
                }
            }
            return Ok((beta, Some(m)));
        }
        if v > a {
            a = v;
            best = Some(m);
        }
    }
    Ok((a, best))
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
    use model::othello::random::random_position;
    use rand::{Rng, SeedableRng};

    /// On the model, the split solve gives the single core's score for every core count and
    /// window, and its best move scores that much.
    #[test]
    fn split_score_equals_single_core() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(0x5b117);
        for i in 0..150 {
            let e = rng.gen_range(4..=9);
            let (p, o) = random_position(&mut rng, e);
            let (alpha, beta) = match i % 3 {
                0 => (-65, 65),
                1 => {
                    let a = rng.gen_range(-30..30);
                    (a, a + 1)
                }
                _ => {
                    let a = rng.gen_range(-40..30);
                    (a, rng.gen_range(a + 1..=40))
                }
            };
            let want = search(p, o, alpha, beta, MoveOrder::Paper);
            for (cores, depth) in [(1, 3), (2, 1), (3, 2), (8, 4)] {
                let mut ex = ModelExecutor::new(cores, MoveOrder::Paper, 10);
                let cfg = SplitConfig {
                    depth,
                    overhead_cycles: 10,
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
            }
        }
    }
}
