//! Shogi on the host: `boardgate shogi perft | moves | cover | usi` on the golden model
//! (`model::shogi`), and the piece cover table computed by the board (the `shogi` design: the
//! paper's piece cover circuit behind the link).

pub mod cli;
pub mod engine;

/// Deepest perft the model runs for the CLI and `go perft` (depth 6 from the start is 548M
/// leaves, about a minute; the bound keeps every job short enough to wait for).
pub const MAX_PERFT_DEPTH: u32 = 6;

use crate::split::{run_jobs, Job, JobGame, JobResult, JobsLink, LinkExecutor};
use crate::{Link, LinkError, Transport};
use model::link::op;
use model::link::PayloadError;
use model::shogi::all_moves::{ordered_moves, SquareMoves};
use model::shogi::piece_data::{BoardData, CoverTable};
use model::shogi::protocol::{
    cursor_move, decode_moves_read, decode_read, decode_result, encode_load_word, encode_read,
    load_words, mate_args, perft_args, COVER_ARGS, LOAD_LEN, LOAD_WORDS, MOVES_ARGS, MOVE_WORDS,
    RESULT_LEN, START_LEN, TABLE_WORDS,
};
use model::shogi::{Move, SQUARES};

/// A piece cover table computed by the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardCover {
    pub table: CoverTable,
    /// The circuit's cycles (from the start to the table's last write).
    pub cycles: u64,
}

/// The piece cover table of `board` on the board's core 0: the board data loaded a rank at a
/// time (`JOB_LOAD`), the cover job run, the table read half a rank at a time (`JOB_READ`).
pub fn cover_on_board<T: Transport>(
    link: &mut Link<T>,
    board: &BoardData,
) -> Result<BoardCover, LinkError> {
    load_position(link, board)?;
    let cycles = decode_result(&link.run_job(&COVER_ARGS, "cover", |_| {})?)?.cycles;
    let mut table = CoverTable([0; SQUARES]);
    for word in 0..TABLE_WORDS {
        let p = link.call(op::JOB_READ, &encode_read(0, word))?;
        decode_read(word, &p, &mut table)?;
    }
    Ok(BoardCover { table, cycles })
}

/// The legal moves of a position as the board generated them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardMoves {
    /// Per square, the candidates read back.
    pub squares: Vec<SquareMoves>,
    /// The legal moves in the generator's order (from the candidates, less a mating probe).
    pub moves: Vec<Move>,
    /// The board's count of legal moves.
    pub count: u16,
    /// The pawn drop in front of the opponent king: its square, whether it mates.
    pub probe: Option<(u8, bool)>,
    /// The unit's cycles (`model::shogi::all_moves::moves_job_cycles`).
    pub cycles: u64,
}

/// The legal moves of `board` on the board's core 0: the board data and the hands loaded
/// (`JOB_LOAD`), the moves job run, the candidates read a quarter rank at a time
/// (`JOB_READ`).
pub fn moves_on_board<T: Transport>(
    link: &mut Link<T>,
    board: &BoardData,
) -> Result<BoardMoves, LinkError> {
    let (count, probe, cycles) = moves_job(link, board)?;
    let mut squares = vec![SquareMoves::default(); SQUARES];
    for word in 0..MOVE_WORDS {
        let p = link.call(op::JOB_READ, &encode_read(0, TABLE_WORDS + word))?;
        decode_moves_read(word, &p, &mut squares)?;
    }
    let mating = probe.and_then(|(sq, mates)| mates.then_some(sq));
    let moves = ordered_moves(board, &squares, mating);
    Ok(BoardMoves {
        squares,
        moves,
        count,
        probe,
        cycles,
    })
}

/// A perft counted on chip (`JOB_PERFT`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardPerft {
    pub leaves: u64,
    /// Moves jobs the walker ran (the nodes above the leaves).
    pub nodes: u64,
    pub cycles: u64,
}

/// Perft of `board` at `depth` (1 to `model::shogi::walk::WALK_MAX_DEPTH`) counted on the
/// board's core 0 by the perft walker: the position loaded, one job, no move over the link.
/// `progress` sees the job's cycles at each poll.
pub fn perft_on_board<T: Transport>(
    link: &mut Link<T>,
    board: &BoardData,
    depth: u32,
    progress: impl FnMut(u64),
) -> Result<BoardPerft, LinkError> {
    load_position(link, board)?;
    let r = ShogiPerft::decode_result(&link.run_job(&perft_args(depth), "perft", progress)?)?;
    Ok(BoardPerft {
        leaves: r.nodes,
        nodes: r.expanded,
        cycles: r.cycles,
    })
}

/// Shogi perft jobs for the generic scheduler ([`run_jobs`]): a position and a depth. The
/// position does not fit a `JOB_START`, so a job loads it into its core first (ten
/// `JOB_LOAD`s: [`JobGame::loads`]).
pub struct ShogiPerft;

/// A perft job: the position's load words (`protocol::load_words`) and the depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftJob {
    pub words: [u128; LOAD_WORDS],
    pub depth: u32,
}

impl PerftJob {
    pub fn new(board: &BoardData, depth: u32) -> Job<PerftJob> {
        Job {
            pos: PerftJob {
                words: load_words(board),
                depth,
            },
            alpha: 0,
            beta: 0,
        }
    }
}

impl JobGame for ShogiPerft {
    type Pos = PerftJob;
    type Move = ();
    const START_LEN: usize = START_LEN;
    const RESULT_LEN: usize = RESULT_LEN;
    const LOADS: usize = LOAD_WORDS;
    const LOAD_LEN: usize = LOAD_LEN;
    fn encode_job(j: &Job<PerftJob>) -> Vec<u8> {
        perft_args(j.pos.depth).to_vec()
    }
    /// `nodes` are the leaves, `expanded` the walker's moves jobs.
    fn decode_result(p: &[u8]) -> Result<JobResult<()>, PayloadError> {
        let r = decode_result(p)?;
        let (leaves, nodes) = r
            .perft
            .ok_or_else(|| invalid_result("a perft job's result without leaves"))?;
        Ok(JobResult {
            score: 0,
            best: None,
            nodes: leaves,
            cycles: r.cycles,
            expanded: nodes,
        })
    }
    fn loads(core: u8, j: &Job<PerftJob>) -> Vec<Vec<u8>> {
        let words = j.pos.words.iter().enumerate();
        words.map(|(w, &v)| encode_load_word(core, w, v)).collect()
    }
}

/// A perft on the board as it runs: on one core a job's cycles at each poll; split over
/// several, the leaves counted so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerftProgress {
    Job {
        job: usize,
        jobs: usize,
        cycles: u64,
    },
    Split {
        jobs: usize,
        leaves: u64,
    },
}

/// A perft on the board, with the leaves below each root move when asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardDivide {
    /// Per root move (in the generator's order) its leaves; empty unless asked (and at
    /// depth 0). Depth 1 always gives them (the moves job's moves are read back).
    pub per_move: Vec<(Move, u64)>,
    pub leaves: u64,
    /// The jobs' cycles summed, the link jobs, the moves jobs the board ran.
    pub cycles: u64,
    pub jobs: u64,
    pub moves_jobs: u64,
    /// The design's cores, and the board's time with the cores in parallel and the link's
    /// time per job counted as the host spends it (`crate::split::JobsLink::elapsed`, at the
    /// board's clock and baud rate); on one core the jobs' cycles (it runs them one after
    /// another, the link not counted).
    pub cores: usize,
    pub elapsed_cycles: u64,
}

/// Perft of `board` at `depth` on the board: depth 1 is a moves job on core 0 (the moves read
/// back). Deeper, on one core one `JOB_PERFT`, or with `divide` one of `depth - 1` per root
/// move; on several cores ([`perft_split`]) one job per root move, whichever core is free.
/// `progress` sees each poll.
pub fn divide_on_board<T: Transport>(
    link: &mut Link<T>,
    board: &BoardData,
    depth: u32,
    divide: bool,
    mut progress: impl FnMut(PerftProgress),
) -> Result<BoardDivide, LinkError> {
    let cores = link.job_cores()?.len();
    if cores > 1 && depth > 1 {
        let id = link.identify()?;
        let per_job = JobsLink::of_board::<ShogiPerft>(&id, cores).per_job();
        if worth_splitting(board, depth, per_job) {
            return split_on(link, &id, cores, board, depth, divide, progress);
        }
    }
    let mut r = BoardDivide {
        per_move: Vec::new(),
        leaves: 1,
        cycles: 0,
        jobs: 0,
        moves_jobs: 0,
        cores,
        elapsed_cycles: 0,
    };
    if depth == 1 {
        let m = moves_on_board(link, board)?;
        r.per_move = m.moves.iter().map(|&mv| (mv, 1)).collect();
        (r.leaves, r.cycles, r.jobs, r.moves_jobs) = (m.count as u64, m.cycles, 1, 1);
    } else if depth > 1 {
        let jobs: Vec<(Option<Move>, BoardData, u32)> = if divide {
            let moves = model::shogi::all_moves::generate(board).moves;
            let jobs = moves
                .into_iter()
                .map(|m| (Some(m), board.play(m), depth - 1));
            jobs.collect()
        } else {
            vec![(None, board.clone(), depth)]
        };
        let n = jobs.len();
        r.leaves = 0;
        for (k, (mv, b, d)) in jobs.into_iter().enumerate() {
            let p = perft_on_board(link, &b, d, |cycles| {
                progress(PerftProgress::Job {
                    job: k,
                    jobs: n,
                    cycles,
                })
            })?;
            r.leaves += p.leaves;
            r.cycles += p.cycles;
            r.jobs += 1;
            r.moves_jobs += p.nodes;
            if let Some(mv) = mv {
                r.per_move.push((mv, p.leaves));
            }
        }
    }
    r.elapsed_cycles = r.cycles;
    Ok(r)
}

/// A split's job must count for at least this many times a job's link time alone
/// (`crate::split::JobsLink::per_job`: its ten loads, its start, a poll and its result, two
/// USB round trips), estimated, or the perft runs as one job on core 0: a small subtree is
/// counted faster than its position is loaded.
pub const SPLIT_JOB_LINKS: u64 = 4;

/// Whether a perft of `depth` below `board` is worth splitting by root move
/// ([`perft_split`]) when a job's link time is `link_per_job` cycles: the walker's perft of
/// depth 2 on the model (`walk::perft_walk`) gives the root's moves, the second ply's
/// branching and the walker's cycles a leaf (0.14-1.33 on the table's positions: they fall
/// as the tree widens, so this overstates a deeper tree's); the depth-2 leaves grown by the
/// branching to `depth`, at those cycles a leaf and shared by the root's moves, must be at
/// least [`SPLIT_JOB_LINKS`] link times a job.
pub fn worth_splitting(board: &BoardData, depth: u32, link_per_job: u64) -> bool {
    let roots = model::shogi::all_moves::generate(board).moves.len() as f64;
    if depth < 2 || roots == 0.0 {
        return false;
    }
    let walk = model::shogi::walk::perft_walk(board, 2);
    if walk.leaves == 0 {
        return false;
    }
    let branching = walk.leaves as f64 / roots;
    let leaves = walk.leaves as f64 * branching.powi(depth as i32 - 2);
    let cycles_per_leaf = walk.cycles as f64 / walk.leaves as f64;
    leaves * cycles_per_leaf / roots >= (SPLIT_JOB_LINKS * link_per_job) as f64
}

/// Perft of `board` at `depth` (2 or more) split over the board's cores by the generic
/// scheduler ([`run_jobs`] over a [`LinkExecutor`]): one job per root move, its subtree of
/// `depth - 1` counted by the perft walker of whichever core is free, its position loaded
/// into that core with the job. The root's moves come from the model's generator in the
/// board's order. The leaves per root move are the divide (kept when `divide` asks).
/// `progress` sees the leaves counted after each batch of jobs ends.
pub fn perft_split<T: Transport>(
    link: &mut Link<T>,
    board: &BoardData,
    depth: u32,
    divide: bool,
    progress: impl FnMut(PerftProgress),
) -> Result<BoardDivide, LinkError> {
    let id = link.identify()?;
    let cores = link.job_cores()?.len();
    split_on(link, &id, cores, board, depth, divide, progress)
}

/// [`perft_split`] on the board that answered `id`, of `cores` cores.
fn split_on<T: Transport>(
    link: &mut Link<T>,
    id: &model::link::Identity,
    cores: usize,
    board: &BoardData,
    depth: u32,
    divide: bool,
    mut progress: impl FnMut(PerftProgress),
) -> Result<BoardDivide, LinkError> {
    let roots = model::shogi::all_moves::generate(board).moves;
    let jobs: Vec<Job<PerftJob>> = roots
        .iter()
        .map(|&m| PerftJob::new(&board.play(m), depth - 1))
        .collect();
    let link_cost = JobsLink::of_board::<ShogiPerft>(id, cores);
    let n = jobs.len();
    let mut ex = LinkExecutor::<ShogiPerft, T>::new(link)?;
    let run = run_jobs(&mut ex, &jobs, link_cost, |leaves| {
        progress(PerftProgress::Split { jobs: n, leaves })
    })?;
    Ok(BoardDivide {
        per_move: if divide {
            roots
                .iter()
                .copied()
                .zip(run.results.iter().map(|r| r.nodes))
                .collect()
        } else {
            Vec::new()
        },
        leaves: run.results.iter().map(|r| r.nodes).sum(),
        cycles: run.cycles,
        jobs: n as u64,
        moves_jobs: run.results.iter().map(|r| r.expanded).sum(),
        cores,
        elapsed_cycles: run.elapsed_cycles,
    })
}

/// A mate searched on chip (`JOB_MATE`, the perft walker's mate walk), with its line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardMate {
    /// The shortest mate's length within the limit, and a mating line (the defender
    /// resisting longest); None: no mate within the limit.
    pub plies: Option<u32>,
    pub line: Vec<Move>,
    /// Over every job: the moves jobs the walker ran, the cycles, the link jobs.
    pub nodes: u64,
    pub cycles: u64,
    pub jobs: u64,
}

/// One mate job of `plies` on core 0, which holds `board`: the root's mating check, if it
/// mates.
fn mate_job<T: Transport>(
    link: &mut Link<T>,
    board: &BoardData,
    plies: u32,
    acc: &mut BoardMate,
    progress: &mut impl FnMut(u64, u64),
) -> Result<Option<Move>, LinkError> {
    let jobs = acc.jobs;
    let r = decode_result(&link.run_job(&mate_args(plies), "mate", |c| progress(jobs, c))?)?;
    let (nodes, place) = r
        .mate
        .ok_or_else(|| wrong_result("a mate job's result without a verdict"))?;
    (acc.nodes, acc.cycles, acc.jobs) = (acc.nodes + nodes, acc.cycles + r.cycles, jobs + 1);
    place
        .map(|p| {
            cursor_move(board, p)
                .ok_or_else(|| wrong_result("a mating check that names no candidate"))
        })
        .transpose()
}

/// The shortest mate of `board` within `max_plies` on chip (mate jobs of 1, 3, ... plies):
/// its length and mating check, added to `acc`'s jobs, nodes and cycles. The position is
/// loaded once: a mate walk ends with every move it made unmade, so the core holds the root
/// again for the next job (`gateware::shogi::PerftWalker`).
fn shortest_on_board<T: Transport>(
    link: &mut Link<T>,
    board: &BoardData,
    max_plies: u32,
    acc: &mut BoardMate,
    progress: &mut impl FnMut(u64, u64),
) -> Result<Option<(u32, Move)>, LinkError> {
    load_position(link, board)?;
    for plies in (1..=max_plies).step_by(2) {
        if let Some(m) = mate_job(link, board, plies, acc, progress)? {
            return Ok(Some((plies, m)));
        }
    }
    Ok(None)
}

/// The shortest mate of `board` within `max_plies` searched on the board's core 0 (mate jobs
/// of 1, 3, ... plies): its length and mating check (`line` holds that one move).
pub fn shortest_mate_on_board<T: Transport>(
    link: &mut Link<T>,
    board: &BoardData,
    max_plies: u32,
    mut progress: impl FnMut(u64, u64),
) -> Result<BoardMate, LinkError> {
    let mut r = BoardMate::default();
    if let Some((n, m)) = shortest_on_board(link, board, max_plies, &mut r, &mut progress)? {
        (r.plies, r.line) = (Some(n), vec![m]);
    }
    Ok(r)
}

/// The shortest mate of `board` (the side to move attacks) within `max_plies` (odd, at most
/// `model::shogi::walk::MATE_MAX_PLIES`), searched on the board's core 0, and a mating line:
/// at each attacker's ply the board's mating check; at each defender's the reply whose
/// shortest mate (searched on the board) is longest. `progress` sees (jobs so far, the
/// running job's cycles) at each poll.
pub fn mate_on_board<T: Transport>(
    link: &mut Link<T>,
    board: &BoardData,
    max_plies: u32,
    mut progress: impl FnMut(u64, u64),
) -> Result<BoardMate, LinkError> {
    let mut r = shortest_mate_on_board(link, board, max_plies, &mut progress)?;
    let Some(mut n) = r.plies else {
        return Ok(r);
    };
    let mut pos = board.play(r.line[0]);
    while n > 1 {
        let mut longest: Option<(u32, Move, Move)> = None;
        for reply in model::shogi::all_moves::generate(&pos).moves {
            let (k, m) = shortest_on_board(link, &pos.play(reply), n - 2, &mut r, &mut progress)?
                .ok_or_else(|| wrong_result("a defence escapes the board's mate"))?;
            if longest.is_none_or(|(best, _, _)| k > best) {
                longest = Some((k, reply, m));
            }
        }
        let (k, reply, m) =
            longest.ok_or_else(|| wrong_result("a mate of more than one ply ends at once"))?;
        pos = pos.play(reply).play(m);
        r.line.extend([reply, m]);
        n = k;
    }
    Ok(r)
}

/// Loads `board` (its ranks, side and hands) into core 0, as a split's job does.
pub fn load_position<T: Transport>(link: &mut Link<T>, board: &BoardData) -> Result<(), LinkError> {
    for l in ShogiPerft::loads(0, &PerftJob::new(board, 0)) {
        link.call(op::JOB_LOAD, &l)?;
    }
    Ok(())
}

/// The number of legal moves of `board` counted by the board (a moves job, no reads): a
/// perft's last ply on chip.
pub fn count_on_board<T: Transport>(
    link: &mut Link<T>,
    board: &BoardData,
) -> Result<(u16, u64), LinkError> {
    let (count, _, cycles) = moves_job(link, board)?;
    Ok((count, cycles))
}

/// The pawn drop in front of the opponent king among the candidates: its square, whether it
/// mates.
type Probe = Option<(u8, bool)>;

/// `board` loaded into core 0 and a moves job run: the legal moves' number, the probe, the
/// cycles.
fn moves_job<T: Transport>(
    link: &mut Link<T>,
    board: &BoardData,
) -> Result<(u16, Probe, u64), LinkError> {
    load_position(link, board)?;
    let r = decode_result(&link.run_job(&MOVES_ARGS, "moves", |_| {})?)?;
    let (count, probe) = r
        .moves
        .ok_or_else(|| wrong_result("a moves job's result without moves"))?;
    Ok((count, probe, r.cycles))
}

/// A `JOB_RESULT` answer of another job than the one run.
fn wrong_result(why: &str) -> LinkError {
    invalid_result(why).into()
}

/// A `JOB_RESULT` answer that is not the job's.
fn invalid_result(why: &str) -> PayloadError {
    PayloadError::Invalid {
        what: "shogi JOB_RESULT answer",
        why: why.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::split::Exchange;
    use model::shogi::Position;

    /// A shogi job on `shogi-x2`'s link (15 MHz, 1 Mbaud: 150 cycles a byte, a round trip
    /// 15,000): ten loads of 20 bytes answered in 6, a 9-byte start answered in 15, a 6-byte
    /// poll answered in 9, a 7-byte result request answered in 30.
    #[test]
    fn a_shogi_job_on_the_link_carries_its_loads() {
        let link = JobsLink::of::<ShogiPerft>(15e6, 1_000_000, 2);
        let x = |request, answer| Exchange { request, answer };
        assert_eq!((link.load, link.loads), (x(3_000, 900), 10));
        assert_eq!(link.start, x(1_350, 2_250));
        assert_eq!(link.start_request, 209);
        assert_eq!(
            link.per_job(),
            10 * 3_000 + 1_350 + (900 + 1_350 + 15_000) + (1_050 + 4_500) + 15_000
        );
        // A job's loads and start fill more than the device's receive buffer: a write reads
        // one result and starts one job.
        assert_eq!(crate::split::batch_len(2, 2, link.start_request), 1);
    }

    /// The loads of a job are the position's words, in order, for the job's core.
    #[test]
    fn a_job_loads_its_position() {
        let board = BoardData::from_position(&Position::start());
        let job = PerftJob::new(&board, 3);
        let loads = ShogiPerft::loads(1, &job);
        assert_eq!(loads.len(), LOAD_WORDS);
        for (w, l) in loads.iter().enumerate() {
            assert_eq!(l.len(), LOAD_LEN);
            assert_eq!(&l[..2], &[1, w as u8]);
        }
        assert_eq!(
            loads[0],
            model::shogi::protocol::encode_load(1, &board, 0),
            "rank 1"
        );
        assert_eq!(
            loads[9],
            model::shogi::protocol::encode_load_hands(1, &board)
        );
        assert_eq!(ShogiPerft::encode_job(&job), perft_args(3).to_vec());
    }

    /// On `shogi-x2`'s link a perft from the start is split from depth 5 (30 jobs of about
    /// 660,000 leaves); shallower, a job would cost more link time than counting.
    #[test]
    fn only_big_trees_are_split() {
        let per_job = JobsLink::of::<ShogiPerft>(15e6, 1_000_000, 2).per_job();
        let start = BoardData::from_position(&Position::start());
        let split: Vec<bool> = (1..=6)
            .map(|d| worth_splitting(&start, d, per_job))
            .collect();
        assert_eq!(split, [false, false, false, false, true, true]);
        // The matsuri position (207 moves, 0.25 cycles a leaf at depth 2): from depth 4.
        let table = model::shogi::random::perft_table();
        let matsuri = BoardData::from_position(&Position::from_sfen(&table[1].sfen).unwrap());
        assert!(!worth_splitting(&matsuri, 3, per_job));
        assert!(worth_splitting(&matsuri, 4, per_job));
    }
}
