//! Shogi on the host: `boardgate shogi perft | moves | cover | usi` on the golden model
//! (`model::shogi`), and the piece cover table computed by the board (the `shogi` design: the
//! paper's piece cover circuit behind the link).

pub mod cli;
pub mod engine;

/// Deepest perft the model runs for the CLI and `go perft` (depth 6 from the start is 548M
/// leaves, about a minute; the bound keeps every job short enough to wait for).
pub const MAX_PERFT_DEPTH: u32 = 6;

use crate::{Link, LinkError, Transport};
use model::link::op;
use model::link::PayloadError;
use model::shogi::all_moves::{ordered_moves, SquareMoves};
use model::shogi::piece_data::{BoardData, CoverTable};
use model::shogi::protocol::{
    cursor_move, decode_moves_read, decode_read, decode_result, encode_load, encode_load_hands,
    encode_read, mate_args, perft_args, COVER_ARGS, MOVES_ARGS, MOVE_WORDS, RANKS, TABLE_WORDS,
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
    let r = decode_result(&link.run_job(&perft_args(depth), "perft", progress)?)?;
    let (leaves, nodes) = r
        .perft
        .ok_or_else(|| wrong_result("a perft job's result without leaves"))?;
    Ok(BoardPerft {
        leaves,
        nodes,
        cycles: r.cycles,
    })
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
}

/// Perft of `board` at `depth` on core 0: depth 1 is a moves job (the moves read back);
/// deeper, one `JOB_PERFT`, or with `divide` one of `depth - 1` per root move. `progress`
/// sees (job, jobs, cycles) at each poll.
pub fn divide_on_board<T: Transport>(
    link: &mut Link<T>,
    board: &BoardData,
    depth: u32,
    divide: bool,
    mut progress: impl FnMut(usize, usize, u64),
) -> Result<BoardDivide, LinkError> {
    let mut r = BoardDivide {
        per_move: Vec::new(),
        leaves: 1,
        cycles: 0,
        jobs: 0,
        moves_jobs: 0,
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
            let p = perft_on_board(link, &b, d, |c| progress(k, n, c))?;
            r.leaves += p.leaves;
            r.cycles += p.cycles;
            r.jobs += 1;
            r.moves_jobs += p.nodes;
            if let Some(mv) = mv {
                r.per_move.push((mv, p.leaves));
            }
        }
    }
    Ok(r)
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

/// Loads `board` (its ranks, side and hands) into core 0.
fn load_position<T: Transport>(link: &mut Link<T>, board: &BoardData) -> Result<(), LinkError> {
    for rank in 0..RANKS {
        link.call(op::JOB_LOAD, &encode_load(0, board, rank))?;
    }
    link.call(op::JOB_LOAD, &encode_load_hands(0, board))?;
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
    PayloadError::Invalid {
        what: "shogi JOB_RESULT answer",
        why: why.into(),
    }
    .into()
}
