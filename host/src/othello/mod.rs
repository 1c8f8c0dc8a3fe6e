//! Host side of the Othello designs: start a solve, poll it with progress, read the result;
//! the null-window driver; Othello as a [`SplitGame`] for the multi-core split, with the
//! golden model as an executor.
//!
//! * [`cli`]: the `boardgate othello ...` subcommands.
//! * [`engine`]: the NBoard protocol front end.
//! * [`hybrid`]: the host-FPGA hybrid (the CPU solver's search, its small subtrees jobs).

pub mod cli;
pub mod engine;
pub mod hybrid;

use crate::driver::{Link, LinkError};
use crate::split::{
    solve_split, Executor, HostClock, Job, JobGame, JobResult, JobsLink, LinkExecutor, SplitConfig,
    SplitGame, SplitSolve, DEFAULT_JOB_SIZE, DEFAULT_SPLIT_DEPTH,
};
use crate::transport::Transport;
use model::link::PayloadError;
use model::othello::protocol::{decode_result, encode_start, SolveResult, RESULT_LEN, START_LEN};
use model::othello::search::{search, MoveOrder};

/// Othello for the split: a position is (p, o) with `p` to move; moves are squares, searched
/// fastest-first; a node's size is its number of empty squares.
pub struct Othello;

impl JobGame for Othello {
    type Pos = (u64, u64);
    type Move = u32;
    const START_LEN: usize = START_LEN;
    const RESULT_LEN: usize = RESULT_LEN;
    fn encode_job(j: &Job<(u64, u64)>) -> Vec<u8> {
        encode_start(j.pos.0, j.pos.1, j.alpha as i8, j.beta as i8)
    }
    fn decode_result(p: &[u8]) -> Result<JobResult<u32>, PayloadError> {
        Ok(job_result(decode_result(p)?))
    }
}

impl SplitGame for Othello {
    fn size(&(p, o): &(u64, u64)) -> u32 {
        64 - (p | o).count_ones()
    }
    /// The host's nodes are few and its CPU is fast: they take the CPU solver's order
    /// (`model::othello::fast::ordered_moves`: fastest first, corners, parity, from 14
    /// empties a 2-ply mobility search), a better eldest brother than the hardware's
    /// fastest-first (2026-12-02, the hardware's key then the plain reply count, four
    /// fastest-first cores, FFO #21-#27, depth 2, jobs from 16 empties, the model executor:
    /// 200.7 M board cycles instead of 258.2 M, 117.7 M nodes instead of 165.8 M).
    fn ordered_moves(&(p, o): &(u64, u64)) -> Vec<u32> {
        model::othello::fast::ordered_moves(p, o)
    }
    fn play(&(p, o): &(u64, u64), m: u32) -> (u64, u64) {
        model::othello::play(p, o, m)
    }
}

/// The default split of a solve over solver cores of `order`: (split depth, job empties).
/// Paper-order jobs are big (the order searches ten times the nodes), so the host splits
/// three plies deep down to 10 empties. A fastest-first job of 10 empties is over in a few
/// thousand cycles, far less than a USB round trip (40,000 cycles at 40 MHz): its split is
/// three plies deep, down to 16 empties. Measured with four fastest-first cores at 40 MHz
/// and 2 Mbaud, the host's nodes in the CPU solver's order
/// (`host/examples/split_speedup.rs`): on FFO #21-#37 (2026-12-06) depth 3 and jobs from 16
/// empties 2.28x one core (1,636 M board cycles), depth 2 2.05x (1,825 M), depth 4 2.22-2.30x
/// with jobs from 15-17, every node above 16 empties split (the hybrid's form) 1.51x; on FFO
/// #21-#27 (2026-12-02) depth 2 2.77x, depth 1 2.20x, depth 3 2.66x.
pub const fn split_defaults(order: MoveOrder) -> (u32, u32) {
    match order {
        MoveOrder::Paper => (DEFAULT_SPLIT_DEPTH, DEFAULT_JOB_SIZE),
        MoveOrder::FastestFirst => (3, 16),
    }
}

/// The move order of `design`'s solver cores (the paper's for a design that has none).
pub fn order_of(design: gateware::Design) -> MoveOrder {
    match design.core() {
        gateware::CoreKind::Othello {
            fastest_first: true,
            ..
        } => MoveOrder::FastestFirst,
        _ => MoveOrder::Paper,
    }
}

/// The default [`SplitConfig`] of cores of `order` over `link` (see [`split_defaults`]);
/// fastest-first cores with the host's transposition table (at depth 3 it answers few
/// nodes: 1,635.8 M board cycles on FFO #21-#37 with it, 1,638.4 M without; not measured on
/// paper-order cores).
pub fn split_config(order: MoveOrder, link: JobsLink) -> SplitConfig {
    let (depth, job_size) = split_defaults(order);
    SplitConfig {
        depth,
        job_size,
        link,
        table: order == MoveOrder::FastestFirst,
        ..Default::default()
    }
}

fn job_result(r: SolveResult) -> JobResult<u32> {
    JobResult {
        score: r.score,
        best: r.best,
        nodes: r.nodes,
        cycles: r.cycles,
        expanded: 0,
    }
}

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
    let r = link.run_job(&encode_start(p, o, alpha, beta), "solve", &mut progress)?;
    Ok(decode_result(&r)?)
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
        let b = model::othello::SCORE_BOUND as i8;
        let s = solve(link, p, o, -b, b, |n| progress(done_nodes + n))?;
        r.nodes += s.nodes;
        r.cycles += s.cycles;
        r.probes += 1;
        r.best = s.best;
        r.score = s.score;
    }
    Ok(r)
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
) -> Result<(SplitSolve<u32>, usize), LinkError> {
    let mut ex = LinkExecutor::<Othello, T>::new(link)?;
    let cores = Executor::<Othello>::cores(&ex);
    Ok((
        solve_split::<Othello, _>(&mut ex, (p, o), alpha.into(), beta.into(), cfg, progress)?,
        cores,
    ))
}

/// Runs every job on the golden model (`model::othello::search`: the hardware's exact node
/// and cycle counts) and answers them in the order the host would find them done on a board
/// with `cores` solvers over a link of `link`'s times (`crate::split::HostClock`).
pub struct ModelExecutor {
    pub order: MoveOrder,
    clock: HostClock,
    jobs: Vec<Option<JobResult<u32>>>,
    /// The time the model's searches took on this CPU (the board's work, not the host's: a
    /// measuring tool subtracts it from the wall clock to find the host's time).
    pub model_time: std::time::Duration,
}

impl ModelExecutor {
    /// `link`: the link's time, as in [`SplitConfig::link`].
    pub fn new(cores: usize, order: MoveOrder, link: JobsLink) -> Self {
        ModelExecutor {
            order,
            clock: HostClock::new(cores, link),
            jobs: vec![None; cores.max(1)],
            model_time: std::time::Duration::ZERO,
        }
    }
}

impl Executor<Othello> for ModelExecutor {
    type Error = std::convert::Infallible;
    fn cores(&self) -> usize {
        self.jobs.len()
    }
    fn start(&mut self, core: usize, job: Job<(u64, u64)>) -> Result<(), Self::Error> {
        self.start_all(&[(core, job)])
    }
    fn start_all(&mut self, jobs: &[(usize, Job<(u64, u64)>)]) -> Result<(), Self::Error> {
        for &(core, job) in jobs {
            self.jobs[core] = Some(job_on_model(&job, self.order, &mut self.model_time));
        }
        self.clock.start_all(jobs.iter().map(|&(core, _)| core));
        Ok(())
    }
    fn wait_any(&mut self) -> Result<(usize, JobResult<u32>), Self::Error> {
        let ends = self
            .jobs
            .iter()
            .enumerate()
            .filter_map(|(c, j)| j.map(|j| (c, self.clock.end(c, j.cycles))));
        let core = self
            .clock
            .first_found(ends)
            .expect("wait_any with no job running");
        let res = self.jobs[core].take().expect("a running core");
        self.clock.done(core, res.cycles);
        Ok((core, res))
    }
    fn abort(&mut self, core: usize) -> Result<(), Self::Error> {
        self.jobs[core] = None;
        self.clock.abort();
        Ok(())
    }
}

/// `job` on the golden model (`search::search`: the hardware's result, nodes and cycles), the
/// time it took on this CPU added to `time`.
pub fn job_on_model(
    job: &Job<(u64, u64)>,
    order: MoveOrder,
    time: &mut std::time::Duration,
) -> JobResult<u32> {
    let t = std::time::Instant::now();
    let s = search(job.pos.0, job.pos.1, job.alpha, job.beta, order);
    *time += t.elapsed();
    JobResult {
        score: s.score,
        best: s.best,
        nodes: s.nodes,
        cycles: s.cycles,
        expanded: 0,
    }
}

/// The positions a measuring tool (`host/examples`) takes from its environment: the OBF file
/// `OBF` names (else `default`, an OBF text), and of it the range `POSITIONS` gives (`A-B`
/// or `A`, counted from 1); with the number of the first position taken. The error names
/// what is wrong.
pub fn positions_from_env(default: &str) -> Result<(Vec<model::othello::Position>, usize), String> {
    let text = match std::env::var("OBF") {
        Ok(path) => std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?,
        Err(_) => default.to_string(),
    };
    let pos = model::othello::parse_obf(&text).map_err(|e| format!("OBF: {e}"))?;
    match std::env::var("POSITIONS") {
        Ok(range) => {
            let r = model::othello::obf::position_range(&range, pos.len())
                .map_err(|e| format!("bad POSITIONS {e}"))?;
            Ok((pos[r.start() - 1..*r.end()].to_vec(), *r.start()))
        }
        Err(_) => Ok((pos, 1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::split::Exchange;
    use model::othello::play;
    use model::othello::random::{random_position, random_window};
    use rand::{Rng, SeedableRng};

    /// A link of short exchanges (core cycles).
    const LINK: JobsLink = JobsLink {
        start: Exchange {
            request: 9,
            answer: 4,
        },
        poll: Exchange {
            request: 2,
            answer: 3,
        },
        result: Exchange {
            request: 2,
            answer: 7,
        },
        abort: Exchange {
            request: 2,
            answer: 4,
        },
        round_trip: 20,
        load: Exchange {
            request: 0,
            answer: 0,
        },
        loads: 0,
        start_request: 27,
    };

    /// On the model, the split solve gives the single core's score for every core count and
    /// window, and its best move scores that much; the board's time is within what the
    /// link's exchanges and the jobs' cycles allow.
    #[test]
    fn split_score_equals_single_core() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(0x5b117);
        // Nodes the host's table answered, per configuration that keeps one.
        let mut answered = std::collections::BTreeMap::<usize, u32>::new();
        for i in 0..200 {
            let e = rng.gen_range(4..=9);
            let (p, o) = random_position(&mut rng, e);
            let (alpha, beta) = random_window(&mut rng, i);
            let want = search(p, o, alpha, beta, MoveOrder::Paper);
            // The host's table on 4 cores, and on 5 with every node above the jobs split
            // (the hybrid's parallel form).
            for (cores, depth) in [(1, 3), (2, 1), (3, 2), (8, 4), (4, 3), (5, 64)] {
                let mut ex = ModelExecutor::new(cores, MoveOrder::Paper, LINK);
                let cfg = SplitConfig {
                    depth,
                    link: LINK,
                    null_window: cores != 3,
                    job_size: 2,
                    split_probes: cores == 8 || cores == 5,
                    table: cores >= 4,
                };
                let got =
                    solve_split::<Othello, _>(&mut ex, (p, o), alpha, beta, cfg, |_| {}).unwrap();
                let ctx = format!("position {i} p {p:#x} o {o:#x} ({alpha}, {beta}) {cores} cores");
                if cfg.table {
                    *answered.entry(cores).or_default() += got.answered;
                } else {
                    assert_eq!(got.answered, 0, "{ctx}: no table");
                }
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
                }
                // The link is one: its exchanges add up, the starts' bytes always, their round
                // trips shared when they go in one write. The host polls only while a job whose
                // result it then reads runs, and for at most two polls' time more (the poll
                // that came in just before the job ended, and the one that sees it).
                let x = |e: Exchange| e.request + e.answer + LINK.round_trip;
                let (jobs, aborted) = (u64::from(got.jobs), u64::from(got.aborted));
                let starts = jobs + aborted;
                let least = starts * (LINK.start.request + LINK.start.answer)
                    + jobs * x(LINK.result)
                    + aborted * x(LINK.abort);
                let most = starts * x(LINK.start)
                    + jobs * (x(LINK.result) + 2 * x(LINK.poll))
                    + aborted * x(LINK.abort)
                    + got.cycles;
                assert!(
                    (least..=most).contains(&got.elapsed_cycles),
                    "{ctx}: {} cycles, not in {least}..={most}",
                    got.elapsed_cycles
                );
            }
        }
        // Every configuration with a table used it (by cores: 4, 5 and 8).
        assert!(
            answered.len() == 3 && answered.values().all(|&n| n > 0),
            "table answers {answered:?}"
        );
        println!("nodes the host's table answered, by cores: {answered:?}");
    }
}
