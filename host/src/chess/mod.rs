//! Chess on the host: perft, the legal moves of a position and a UCI engine on the golden
//! model (`model::chess`), and perft on the board (the `chess` designs: perft on chip).

pub mod cli;
pub mod engine;

use crate::split::{run_jobs, Job, JobGame, JobResult, JobsLink, LinkExecutor};
use crate::{Link, LinkError, Transport};
use model::chess::protocol::{
    decode_result, decode_step_answer, encode_share_start, encode_start, encode_step,
    encode_step_start_on, PerftResult, StepAnswer, RESULT_LEN, START_LEN,
};
use model::chess::search::Share;
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
            expanded: 0,
        })
    }
}

/// Legal moves a core the split on chip shares out at least (where the tree is that wide
/// above the leaves, and the walk allows: [`WALK_SHARE`]): the shares interleave them, so that
/// every core's share is a mix of big and small subtrees.
pub const SHARES_PER_CORE: u64 = 64;

/// Every core walks the plies above its share's ply whole, so a ply is taken only while its
/// legal moves are at most 1/`WALK_SHARE` of the leaves a core counts below them (estimated
/// from that ply's branching). Past that the walk costs more than the better balance of more,
/// smaller shares gives back (measured on the model: docs/chess.md).
pub const WALK_SHARE: u64 = 32;

/// The ply a perft of `depth` below `pos` is shared out at over `cores` cores (see
/// [`perft_split`]): the shallowest ply above the leaves with at least [`SHARES_PER_CORE`]
/// legal moves a core (the model's perft of that ply), else the last ply above the leaves,
/// but not past the last ply whose walk [`WALK_SHARE`] allows; 0 (no share) for one core or
/// depth 1 or less.
pub fn share_ply(pos: &Position, depth: u32, cores: usize) -> u32 {
    if cores < 2 || depth < 2 {
        return 0;
    }
    let want = SHARES_PER_CORE * cores as u64;
    let (mut ply, mut above) = (1, 1u64);
    for s in 1..depth {
        let moves = model::chess::perft(pos, s);
        if moves == 0 {
            break;
        }
        if s > 1 {
            // A core's leaves: this ply's moves times its branching for each ply left.
            let branching = moves as f64 / above as f64;
            let leaves = moves as f64 * branching.powi((depth - s) as i32) / cores as f64;
            if (moves * WALK_SHARE) as f64 > leaves {
                break;
            }
        }
        ply = s;
        if moves >= want {
            break;
        }
        above = moves;
    }
    ply
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
    /// The ply the tree was shared out at (0: none; see [`share_ply`]).
    pub share_ply: u32,
    /// The link's time of a job alone (0 on a one-core design, whose jobs run one after
    /// another; `crate::split::JobsLink::per_job`); `elapsed_cycles` counts the link as the
    /// host uses it (`crate::split::JobsLink::elapsed`: jobs that end together share their
    /// polls and writes).
    pub link_cycles_per_job: u64,
    /// Leaves under each root move, in `legal_moves` order (when asked to divide).
    pub divide: Vec<(Move, u64)>,
}

/// Perft of `depth` below `pos` on every core of the board, split on chip: every core gets the
/// same position and its own share of the tree (`model::chess::search::Share`: the root's
/// plies down to [`share_ply`] walked whole by every core, the legal moves there dealt out in
/// turn, `stride` the cores, `offset` the core), one job a core, so that the link carries one
/// job a core whatever the tree. With `divide` the jobs are the root's moves instead (one
/// subtree each, whole, on whichever core is free; at depth 1 one job makes the root's moves
/// and each legal root move has its one leaf). The link's time per job is counted at the
/// board's clock and baud rate (`crate::split::link_rate`: the design's ULX3S build for the
/// simulated board; see `crate::split::JobsLink`).
pub fn perft_split<T: Transport>(
    link: &mut Link<T>,
    pos: &Position,
    depth: u32,
    divide: bool,
    progress: impl FnMut(u64),
) -> Result<SplitPerft, LinkError> {
    let id = link.identify()?;
    let cores = link.job_cores()?.len();
    // A core is a thread of a 4-slow unit: the link's time is counted in its cycles.
    let link_cost = JobsLink::of_board::<ChessPerft>(&id, cores);
    let roots = legal_moves(pos);
    let by_root = divide && depth > 1;
    let share = if by_root {
        0
    } else {
        share_ply(pos, depth, cores)
    };
    // One whole job, or one share a core (the same position, its own offset).
    let shares: Vec<Share> = if share == 0 {
        vec![Share::WHOLE]
    } else {
        (0..cores as u32)
            .map(|offset| Share {
                ply: share,
                stride: cores as u32,
                offset,
            })
            .collect()
    };
    let payloads: Vec<Vec<u8>> = if by_root {
        roots
            .iter()
            .map(|&m| encode_start(&pos.play(m), depth - 1))
            .collect::<Result<_, _>>()?
    } else {
        shares
            .iter()
            .map(|&s| encode_share_start(pos, depth, s))
            .collect::<Result<_, _>>()?
    };
    let jobs = payloads
        .iter()
        .map(|payload| {
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
        let r = run_jobs(&mut ex, &jobs, link_cost, progress)?;
        (
            r.results.iter().map(|r| r.nodes).collect(),
            r.cycles,
            r.elapsed_cycles,
        )
    };
    let (leaves_per_job, cycles, elapsed_cycles) = run;
    Ok(SplitPerft {
        leaves: leaves_per_job.iter().sum(),
        cycles,
        elapsed_cycles,
        jobs: jobs.len(),
        cores,
        share_ply: share,
        link_cycles_per_job: if cores == 1 { 0 } else { link_cost.per_job() },
        divide: match (divide, depth) {
            (true, 1) => roots.into_iter().map(|m| (m, 1)).collect(),
            (true, d) if d > 1 => roots.into_iter().zip(leaves_per_job).collect(),
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
    use super::{share_ply, ChessPerft};
    use crate::split::{link_bytes_per_job, link_cycles_per_job, JobsLink};
    use model::chess::random::table_positions;

    /// A job's link time with four cores at 3 Mbaud, 15 MHz a thread (50 cycles a byte): 98
    /// bytes (0.33 ms) and three round trips of 1 ms, 49,900 cycles; batched as `run_jobs`
    /// sends them, two round trips of 15,000 cycles, and the start's 37 bytes before it
    /// runs (its answer's 15 while it runs), the poll's 6 and 11, the result's 7 and 22,
    /// an abort's 7 and 15.
    #[test]
    fn a_chess_job_on_the_link() {
        use crate::split::Exchange;
        let link = JobsLink::of::<ChessPerft>(15e6, 3_000_000, 4);
        let x = |request, answer| Exchange { request, answer };
        assert_eq!(
            link,
            JobsLink {
                start: x(1_850, 750),
                poll: x(300, 550),
                result: x(350, 1_100),
                abort: x(350, 750),
                round_trip: 15_000,
                load: Exchange::default(),
                loads: 0,
                start_request: 37,
            }
        );
        assert_eq!(link.per_job(), 1_850 + 850 + 1_450 + 30_000);
        assert_eq!(
            link_bytes_per_job(
                <ChessPerft as crate::split::JobGame>::START_LEN,
                <ChessPerft as crate::split::JobGame>::RESULT_LEN,
                4
            ),
            98
        );
        assert_eq!(
            link_cycles_per_job::<ChessPerft>(15e6, 3_000_000, 4),
            49_900
        );
    }

    /// The ply a perft is shared out at on four cores: the shallowest with 256 legal moves
    /// (the start position: 20 at ply 1, 400 at ply 2; position 3: 14, 191, 2,812), never the
    /// leaves' ply, and not a ply whose walk is long against a core's leaves (position 3's
    /// ply 2 at depth 3: 191 moves for about 650 leaves a core); none for one core or depth 1.
    #[test]
    fn the_ply_a_perft_is_shared_out_at() {
        let t = table_positions();
        assert_eq!(share_ply(&t[0], 5, 4), 2);
        assert_eq!(share_ply(&t[2], 5, 4), 3);
        assert_eq!(share_ply(&t[0], 2, 4), 1);
        assert_eq!(share_ply(&t[2], 3, 4), 1);
        assert_eq!(share_ply(&t[2], 4, 4), 2);
        assert_eq!(share_ply(&t[0], 4, 12), 2);
        assert_eq!(share_ply(&t[0], 5, 12), 3);
        assert_eq!(share_ply(&t[0], 1, 4), 0);
        assert_eq!(share_ply(&t[0], 5, 1), 0);
    }

    /// On the model, the chosen ply's slowest share (the board's time without the link) is
    /// within 3% of the best ply's, where the walk and the balance pull apart.
    #[test]
    fn the_share_ply_is_near_the_best_on_the_model() {
        use model::chess::search::{perft_share_on_chip, Share};
        let t = table_positions();
        for (i, depth, cores) in [(0, 4, 12), (3, 4, 12), (2, 4, 4), (2, 3, 4), (1, 3, 8)] {
            let slowest = |ply: u32| {
                (0..cores)
                    .map(|offset| {
                        let share = Share {
                            ply,
                            stride: cores,
                            offset,
                        };
                        perft_share_on_chip(&t[i], depth, share).cycles
                    })
                    .max()
                    .unwrap()
            };
            let by_ply: Vec<u64> = (1..depth).map(slowest).collect();
            let chosen = share_ply(&t[i], depth, cores as usize);
            let best = *by_ply.iter().min().unwrap();
            assert!(
                by_ply[chosen as usize - 1] * 100 <= best * 103,
                "position {i}, depth {depth}, {cores} cores: ply {chosen} of {by_ply:?}"
            );
        }
    }
}
