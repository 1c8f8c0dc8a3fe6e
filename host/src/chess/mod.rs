//! Chess on the host: perft, the legal moves of a position and a UCI engine on the golden
//! model (`model::chess`), and perft on the board (the `chess` designs: perft on chip).

pub mod cli;
pub mod engine;

use crate::split::{board_link_cycles_per_job, run_jobs, Job, JobGame, JobResult, LinkExecutor};
use crate::{Link, LinkError, Transport};
use model::chess::protocol::{
    decode_result, decode_step_answer, encode_start, encode_step, encode_step_start_on,
    PerftResult, StepAnswer, RESULT_LEN, START_LEN,
};
use model::chess::step::Step;
use model::chess::{legal_moves, Move, Position};
use model::link::{err, job, op, PayloadError};

/// Deepest perft the host asks of the model (`chess perft`, UCI `go perft`): depth 7 from the
/// start is 3.2 billion leaves, minutes on one thread.
pub const MAX_PERFT_DEPTH: u32 = 7;

/// Perft of `depth` below `pos` on the board's core 0: one job, polled until done
/// (`progress` sees the leaves counted so far).
pub fn perft_on_board<T: Transport>(
    link: &mut Link<T>,
    pos: &Position,
    depth: u32,
    progress: impl FnMut(u64),
) -> Result<PerftResult, LinkError> {
    perft_on_board_payload(link, &encode_start(pos, depth)?, progress)
}

/// Chess perft as jobs of the generic scheduler ([`run_jobs`]): a job is the `JOB_START`
/// payload of `model::chess::protocol` (a position and a depth); its result counts leaves as
/// nodes.
pub struct ChessPerft;

/// A perft job's `JOB_START` payload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftJob(pub [u8; START_LEN]);

impl JobGame for ChessPerft {
    type Pos = PerftJob;
    type Move = ();
    const START_LEN: usize = START_LEN;
    const RESULT_LEN: usize = RESULT_LEN;
    fn encode_job(j: &Job<PerftJob>) -> Vec<u8> {
        j.pos.0.to_vec()
    }
    fn decode_result(p: &[u8]) -> Result<JobResult<()>, PayloadError> {
        let r = decode_result(p)?;
        Ok(JobResult {
            score: 0,
            best: None,
            nodes: r.leaves,
            cycles: r.cycles,
        })
    }
}

/// The most subtrees per core the host expands the tree for: it stops expanding once every
/// core has this many (the subtrees differ in size, and each job costs the link's time).
pub const JOBS_PER_CORE: usize = 4;

/// The split's guess of a perft core's cycles per leaf (the bench's positions: 1.26-1.88).
pub const CYCLES_PER_LEAF: f64 = 1.5;

/// The board's time reckoned for `work` cycles split into `jobs` equal jobs on `cores` cores,
/// each job costing `link` cycles of the one shared link: the link serves the jobs one after
/// another, the cores run them in rounds.
pub fn reckon_split(work: f64, jobs: usize, cores: usize, link: f64) -> f64 {
    let jobs = jobs.max(1);
    let rounds = jobs.div_ceil(cores.max(1));
    (jobs as f64 * link).max(rounds as f64 * work / jobs as f64 + link)
}

/// Perft on all of the board's cores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitPerft {
    pub leaves: u64,
    /// Cycles summed over the jobs, and the board's time (the cores in parallel, the link's
    /// time per job included: see `crate::split::SplitSolve::elapsed_cycles`).
    pub cycles: u64,
    pub elapsed_cycles: u64,
    pub jobs: usize,
    pub cores: usize,
    /// Plies the host expanded: the jobs are the subtrees that many plies down.
    pub plies: u32,
    /// The link's time per job counted in `elapsed_cycles` (0 on a one-core design, whose
    /// jobs run one after another).
    pub link_cycles_per_job: u64,
    /// Leaves under each root move, in `legal_moves` order (when asked to divide).
    pub divide: Vec<(Move, u64)>,
}

/// Subtrees of a split perft: `(root move index, position)` of each, the index `None` at ply 0.
pub type Frontier = Vec<(Option<usize>, Position)>;

/// The subtrees a perft of `depth` below `pos` is split into for `cores` cores, each job
/// costing `link_time` cycles of the link, and how many plies down they are (see
/// [`perft_split`]).
pub fn split_frontier(
    pos: &Position,
    depth: u32,
    divide: bool,
    cores: usize,
    link_time: f64,
) -> (u32, Frontier) {
    // The work, reckoned: the model's leaves two plies down (a few thousand at most), times the
    // second ply's branching for each ply below.
    let near = model::chess::perft(pos, depth.min(2)) as f64;
    let branching = if depth >= 2 {
        near / legal_moves(pos).len().max(1) as f64
    } else {
        1.0
    };
    let work = CYCLES_PER_LEAF * near * branching.max(1.0).powi(depth as i32 - 2);
    let mut frontier: Frontier = vec![(None, pos.clone())];
    let mut plies = 0;
    let mut best: Option<(f64, u32, Frontier)> = None;
    loop {
        // With `divide`, the root's moves are jobs or split further.
        if !(divide && plies == 0 && depth > 1) {
            let t = reckon_split(work, frontier.len(), cores, link_time);
            if best.as_ref().is_none_or(|(bt, _, _)| t < *bt) {
                best = Some((t, plies, frontier.clone()));
            }
        }
        let expand = plies + 1 < depth
            && ((divide && plies == 0) || (cores > 1 && frontier.len() < cores * JOBS_PER_CORE));
        if !expand {
            break;
        }
        frontier = frontier
            .iter()
            .flat_map(|(root, p)| {
                legal_moves(p)
                    .into_iter()
                    .enumerate()
                    .map(move |(i, m)| (root.or(Some(i)), p.play(m)))
            })
            .collect();
        plies += 1;
    }
    match best {
        Some((_, p, f)) => (p, f),
        None => (plies, frontier),
    }
}

/// Perft of `depth` below `pos` on every core of the board: the host expands the tree ply by
/// ply, at most `depth - 1` plies so that every job keeps a ply and every leaf is still made on
/// chip, until each core has [`JOBS_PER_CORE`] subtrees, and keeps the frontier whose board time
/// [`reckon_split`] reckons shortest (at least one ply with `divide`); then the subtrees run as
/// jobs on whichever core is free. The work is reckoned from the model's perft two plies down
/// and the second ply's branching, at [`CYCLES_PER_LEAF`]. At depth 1 the chip counts the
/// root's moves in one job, and `divide` gives each legal root move its one leaf. The link's time
/// per job is counted at the board's clock and baud rate (`crate::split::link_rate`: the design's
/// ULX3S build for the simulated board; see `crate::split::link_cycles_per_job`).
pub fn perft_split<T: Transport>(
    link: &mut Link<T>,
    pos: &Position,
    depth: u32,
    divide: bool,
    progress: impl FnMut(u64),
) -> Result<SplitPerft, LinkError> {
    let id = link.identify()?;
    let cores = link.job_cores()?.len();
    // A core is a thread of a 2-slow unit: the link's time is counted in its cycles.
    let overhead_cycles = board_link_cycles_per_job::<ChessPerft>(&id, cores);
    let roots = legal_moves(pos);
    let (plies, frontier) = split_frontier(pos, depth, divide, cores, overhead_cycles as f64);
    let jobs = frontier
        .iter()
        .map(|(_, p)| {
            let payload = encode_start(p, depth - plies)?;
            let pos = payload
                .as_slice()
                .try_into()
                .map_err(|_| PayloadError::Length {
                    what: "chess JOB_START",
                    expected: START_LEN,
                    got: payload.len(),
                })?;
            Ok(Job {
                pos: PerftJob(pos),
                alpha: 0,
                beta: 0,
            })
        })
        .collect::<Result<Vec<_>, PayloadError>>()?;
    let run = if cores == 1 {
        // A one-core design takes no core index: its jobs run one after another.
        let mut progress = progress;
        let (mut results, mut cycles, mut done) = (Vec::new(), 0, 0);
        for j in &jobs {
            let r = perft_on_board_payload(link, &j.pos.0, |n| progress(done + n))?;
            done += r.leaves;
            cycles += r.cycles;
            results.push(r.leaves);
        }
        (results, cycles, cycles)
    } else {
        let mut ex = LinkExecutor::<ChessPerft, T>::new(link)?;
        let r = run_jobs(&mut ex, &jobs, overhead_cycles, progress)?;
        (
            r.results.iter().map(|r| r.nodes).collect(),
            r.cycles,
            r.elapsed_cycles,
        )
    };
    let (leaves_per_job, cycles, elapsed_cycles) = run;
    let mut per_root = vec![0u64; roots.len()];
    for ((root, _), n) in frontier.iter().zip(&leaves_per_job) {
        if let Some(i) = root {
            per_root[*i] += n;
        }
    }
    Ok(SplitPerft {
        leaves: leaves_per_job.iter().sum(),
        cycles,
        elapsed_cycles,
        jobs: jobs.len(),
        cores,
        plies,
        link_cycles_per_job: if cores == 1 { 0 } else { overhead_cycles },
        divide: match (divide, plies, depth) {
            (true, 0, 1) => roots.into_iter().map(|m| (m, 1)).collect(),
            (true, _, d) if d > 0 => roots.into_iter().zip(per_root).collect(),
            _ => Vec::new(),
        },
    })
}

fn perft_on_board_payload<T: Transport>(
    link: &mut Link<T>,
    payload: &[u8],
    progress: impl FnMut(u64),
) -> Result<PerftResult, LinkError> {
    let r = link.run_job(payload, "perft", progress)?;
    Ok(decode_result(&r)?)
}

/// A step job on core 0 of the board (the paper's combined command, section 5: each request
/// unmakes the stored move, generates the next, returns it and makes it; `model::chess::step`).
/// A step is two requests: `JOB_STEP`, then `JOB_RESULT` (polled while the core works).
pub fn board_step_start<T: Transport>(
    link: &mut Link<T>,
    pos: &Position,
) -> Result<StepAnswer, LinkError> {
    link.job_start(&encode_step_start_on(0, pos)?)?;
    board_step_answer(link)
}

/// One step of the step job on core 0.
pub fn board_step<T: Transport>(link: &mut Link<T>, step: Step) -> Result<StepAnswer, LinkError> {
    link.call(op::JOB_STEP, &encode_step(0, step))?;
    board_step_answer(link)
}

/// Polls the board until the step job waits; its answer.
fn board_step_answer<T: Transport>(link: &mut Link<T>) -> Result<StepAnswer, LinkError> {
    loop {
        match link.core_result(0) {
            Ok(p) => return Ok(decode_step_answer(&p)?),
            Err(LinkError::Device { code, .. }) if code == err::NO_RESULT => {
                let st = link.core_poll(0)?;
                if st.state != job::RUNNING && st.state != job::DONE {
                    return Err(LinkError::Malformed {
                        op: "JOB_POLL",
                        why: format!("the step job ended in state {}", job::name(st.state)),
                    });
                }
            }
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{reckon_split, split_frontier, ChessPerft};
    use crate::split::{link_bytes_per_job, link_cycles_per_job};
    use model::chess::random::table_positions;

    /// A job's link time on `chess-x2` (four cores, 1 Mbaud, 12.5 MHz a thread): 95 bytes
    /// (0.95 ms) and three round trips of 1 ms, 49,375 cycles (rounded up from a float a hair
    /// above it).
    const X2_LINK: u64 = 49_376;

    #[test]
    fn a_chess_job_on_the_link() {
        assert_eq!(
            link_bytes_per_job(
                <ChessPerft as crate::split::JobGame>::START_LEN,
                <ChessPerft as crate::split::JobGame>::RESULT_LEN,
                4
            ),
            95
        );
        assert_eq!(
            link_cycles_per_job::<ChessPerft>(12.5e6, 1_000_000, 4),
            X2_LINK
        );
    }

    /// One job: its work and its link time. Many small jobs: the link, which serves them one
    /// after another. Jobs in rounds: the cores' share of the work, rounded up to whole rounds.
    #[test]
    fn the_board_time_a_split_is_reckoned_at() {
        assert_eq!(reckon_split(1_000.0, 1, 4, 10.0), 1_010.0);
        assert_eq!(reckon_split(1_000.0, 100, 4, 100.0), 10_000.0);
        assert_eq!(reckon_split(1_200.0, 6, 4, 10.0), 2.0 * 200.0 + 10.0);
        assert_eq!(reckon_split(1_200.0, 8, 4, 10.0), 2.0 * 150.0 + 10.0);
    }

    /// The ply the split keeps on `chess-x2`: the start position at depth 5 its 20 root
    /// subtrees; position 4 (6 root moves, about 44 below) its 6, not 264 smaller ones whose
    /// link time outweighs the work; small perfts one job; `divide` at least one ply; depth 1
    /// one job; every job keeps a ply.
    #[test]
    fn the_ply_a_perft_is_split_at() {
        let t = table_positions();
        let link = X2_LINK as f64;
        let plies = |i: usize, depth: u32, divide: bool, cores: usize| {
            let (p, f) = split_frontier(&t[i], depth, divide, cores, link);
            assert!(p < depth.max(1), "position {i} depth {depth}: {p} plies");
            (p, f.len())
        };
        assert_eq!(plies(0, 5, false, 4), (1, 20));
        assert_eq!(plies(3, 5, false, 4), (1, 6));
        assert_eq!(plies(0, 3, false, 4), (0, 1));
        assert_eq!(plies(0, 1, false, 4), (0, 1));
        assert_eq!(plies(0, 1, true, 4), (0, 1));
        assert_eq!(plies(0, 3, true, 4), (1, 20));
        // One core: no split unless asked to divide.
        assert_eq!(plies(0, 5, false, 1), (0, 1));
        assert_eq!(plies(1, 3, true, 1), (1, 48));
    }
}
