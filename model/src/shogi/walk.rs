//! Perft on chip: the depth-first walk of the perft walker (`gateware::shogi::PerftWalker`),
//! stated as the hardware runs it, with its cycles. The issue asks for "a depth-first FSM
//! with the move list and position updates on stacks in block RAM, counting legal leaves
//! without host traffic"; the papers stop at the move generator.
//!
//! Every node runs a moves job on the all-move unit. A node one ply above the leaves adds the
//! job's legal count (the last ply is counted, not made: bulk counting). At any other node the
//! job has written its nine candidate ranks into the node's frame of the candidate stack as it
//! made them (no copy); the walker pops them one at a time, lowest bit first (`pop_order`),
//! makes each (two rank writes), walks the child and unmakes it (the two rank words and the
//! hands from the undo stack).
//!
//! ```text
//!  node:   start (1) -> the moves job (J = walk_job_cycles: at the root moves_job_cycles,
//!          below it the walks beside the scan) and the cycle it ends (J + 1)
//!   count: leaves += legal count -> return (1)
//!   expand: fetch (1), pick (1):
//!             empty rank -> next rank (after rank 9: return (1))
//!             the mating pawn drop -> dropped, fetch again
//!             a move -> make (2) -> child node ... return -> unmake (2) -> fetch
//! ```

use super::all_moves::{generate, walk_job_cycles, SquareMoves};
use super::piece_data::BoardData;
use super::{Kind, Move};

/// Deepest walk: the candidate stack's frames (plies 0 to 14 expand; the node at ply 15
/// counts). Sixteen frames of nine 800-bit rank words fill 256 words of the stack's block
/// RAM, which holds 512 at that width: the eight frames before cost as many DP16KD.
pub const WALK_MAX_DEPTH: u32 = 16;
/// The longest mate walk: the defender's node after the last ply needs a frame of its own.
pub const MATE_MAX_PLIES: u32 = WALK_MAX_DEPTH - 1;
/// Cycles of a node besides its moves job and its children: start and the job's end cycle.
pub const NODE_CYCLES: u64 = 2;
/// The return cycle that ends every node.
pub const RETURN_CYCLES: u64 = 1;
/// Fetching a rank of the frame (block RAM: one cycle) and picking its lowest candidate.
pub const PICK_CYCLES: u64 = 2;
/// Making a move (two rank writes) and unmaking it (two more).
pub const MAKE_CYCLES: u64 = 2;
pub const UNMAKE_CYCLES: u64 = 2;

/// What a walk counted and cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WalkRun {
    pub leaves: u64,
    pub cycles: u64,
    /// Moves jobs run (nodes above the leaves).
    pub nodes: u64,
}

/// The walker's move order: rank by rank (rank 1 first), a rank's 783 candidate bits lowest
/// first: per file (file 1 first) the board moves by identity, then the promotions, then the
/// drops of every file (`protocol::rank_candidates` lays them out). The pawn drop on
/// `mating_probe` is left out.
pub fn pop_order(
    board: &BoardData,
    squares: &[SquareMoves],
    mating_probe: Option<u8>,
) -> Vec<Move> {
    let mut moves = Vec::new();
    for rank in 0..9u8 {
        let sq = |file: u8| {
            squares
                .get((rank * 9 + file) as usize)
                .copied()
                .unwrap_or_default()
        };
        for file in 0..9u8 {
            let to = rank * 9 + file;
            for (mask, promote) in [(sq(file).board, false), (sq(file).promote, true)] {
                for id in (0..40u8).filter(|id| mask >> id & 1 == 1) {
                    if let Some(from) = board.square_of(id) {
                        moves.push(Move::Board { from, to, promote });
                    }
                }
            }
        }
        for file in 0..9u8 {
            let to = rank * 9 + file;
            for (i, kind) in Kind::HAND.into_iter().enumerate() {
                if sq(file).drops >> i & 1 == 1 && !(mating_probe == Some(to) && kind == Kind::Pawn)
                {
                    moves.push(Move::Drop { kind, to });
                }
            }
        }
    }
    moves
}

/// Whether a walk from `b` meets a pawn drop that mates one ply down (a child's moves job
/// finds its probe mates, and the walker must skip that drop there): the positions the tests
/// pick to exercise the skip.
pub fn meets_mating_drop(b: &BoardData) -> bool {
    generate(b)
        .moves
        .iter()
        .any(|&m| generate(&b.play(m)).probe_mates)
}

/// Perft of `depth` (1 to [`WALK_MAX_DEPTH`]) as the walker runs it.
pub fn perft_walk(board: &BoardData, depth: u32) -> WalkRun {
    assert!((1..=WALK_MAX_DEPTH).contains(&depth), "walk depth {depth}");
    let mut run = WalkRun::default();
    node(board, depth, false, &mut run);
    run
}

/// A node; `kings_known` below the root, where the walker names the kings' squares from its
/// square table and the job's walks run beside its scan (`walk_job_cycles`).
fn node(board: &BoardData, depth: u32, kings_known: bool, run: &mut WalkRun) {
    let g = generate(board);
    run.nodes += 1;
    run.cycles += NODE_CYCLES + walk_job_cycles(board, false, kings_known) + RETURN_CYCLES;
    if depth == 1 {
        run.leaves += g.moves.len() as u64;
        return;
    }
    let mating = g.mating_probe();
    // An empty fetch per rank, and the mating drop's pick when there is one.
    run.cycles += 9 * PICK_CYCLES + mating.map_or(0, |_| PICK_CYCLES);
    for m in pop_order(board, &g.candidates.squares, mating) {
        run.cycles += PICK_CYCLES + MAKE_CYCLES + UNMAKE_CYCLES;
        node(&board.play(m), depth - 1, true, run);
    }
}

/// What a mate walk found and cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MateWalkRun {
    /// The attacker mates within the walk's plies.
    pub mate: bool,
    /// The root's mating check: the first in pop order whose subtree mates.
    pub first: Option<Move>,
    pub cycles: u64,
    /// Moves jobs run (every node the walk visits).
    pub nodes: u64,
}

/// The mate walk's candidates of a node: at the attacker's plies the checks only (the
/// check/defense move generator masks the rest out of the frame), at the defender's all.
fn frame(board: &BoardData, squares: &[SquareMoves], attacker: bool) -> Vec<SquareMoves> {
    if !attacker {
        return squares.to_vec();
    }
    let pos = board.to_position();
    let checks = |m: Move| pos.play(m).in_check();
    squares
        .iter()
        .enumerate()
        .map(|(to, sq)| {
            let to = to as u8;
            let keep = |mask: u64, promote: bool| {
                (0..40u8)
                    .filter(|&id| mask >> id & 1 == 1)
                    .filter(|&id| {
                        board
                            .square_of(id)
                            .is_some_and(|from| checks(Move::Board { from, to, promote }))
                    })
                    .fold(0u64, |m, id| m | 1 << id)
            };
            let drops = Kind::HAND
                .into_iter()
                .enumerate()
                .filter(|&(i, kind)| sq.drops >> i & 1 == 1 && checks(Move::Drop { kind, to }))
                .fold(0u8, |m, (i, _)| m | 1 << i);
            SquareMoves {
                board: keep(sq.board, false),
                promote: keep(sq.promote, true),
                drops,
            }
        })
        .collect()
}

/// A mate of at most `plies` (odd, 1 to [`MATE_MAX_PLIES`]) plies by the side to move,
/// searched as the walker runs it: a depth-first AND/OR walk in pop order with cut-offs.
///
/// ```text
///  node (start, moves job, its end, return: as perft's; the attacker's job walks from the
///        defender's king first: `walk_job_cycles`):
///    attacker (even ply): the checks only; none -> no mate
///    defender (odd ply): no legal move -> mate; at the last ply (plies left 0) -> no mate
///    expand: each move in pop order: pick, make, the child, unmake;
///            the attacker stops at the first child that mates (mate),
///            the defender at the first that does not (no mate);
///            the frame exhausted: the attacker has no mate, the defender is mated
/// ```
///
/// The pick's cycles are perft's: a rank's end costs a pick, the mating pawn drop a pick when
/// the walk passes it; a cut-off returns after the unmake, without the rest of the frame.
pub fn mate_walk(board: &BoardData, plies: u32) -> MateWalkRun {
    assert!(
        plies % 2 == 1 && plies <= MATE_MAX_PLIES,
        "mate walk plies {plies}"
    );
    let mut run = MateWalkRun::default();
    let (mate, first) = mate_node(board, plies, true, false, &mut run);
    run.mate = mate;
    run.first = first;
    run
}

/// One node with `left` plies left below it; the move that decided it, when one did.
fn mate_node(
    board: &BoardData,
    left: u32,
    attacker: bool,
    kings_known: bool,
    run: &mut MateWalkRun,
) -> (bool, Option<Move>) {
    let g = generate(board);
    run.nodes += 1;
    run.cycles += NODE_CYCLES + walk_job_cycles(board, attacker, kings_known) + RETURN_CYCLES;
    let squares = frame(board, &g.candidates.squares, attacker);
    // The job says whether the frame holds a candidate (the mating drop counts: the walk
    // meets it and passes).
    if attacker && pop_order(board, &squares, None).is_empty() {
        return (false, None);
    }
    let mating = g.mating_probe();
    if !attacker && (g.moves.is_empty() || left == 0) {
        return (g.moves.is_empty(), None);
    }
    // The walk over the frame: per rank its moves (the mating drop where pop order has it)
    // and the pick that finds the rank empty.
    for rank in 0..9u8 {
        let row: Vec<SquareMoves> = (0..81)
            .map(|s| {
                if s / 9 == rank as usize {
                    squares[s]
                } else {
                    SquareMoves::default()
                }
            })
            .collect();
        // Pop order with the mating drop kept, to charge its pick where the walk meets it.
        for m in pop_order(board, &row, None) {
            run.cycles += PICK_CYCLES;
            if let (
                Move::Drop {
                    kind: Kind::Pawn,
                    to,
                },
                Some(p),
            ) = (m, mating)
            {
                if to == p {
                    continue;
                }
            }
            run.cycles += MAKE_CYCLES + UNMAKE_CYCLES;
            let (child, _) = mate_node(&board.play(m), left - 1, !attacker, true, run);
            if child == attacker {
                return (child, Some(m));
            }
        }
        run.cycles += PICK_CYCLES;
    }
    (!attacker, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::random::perft_table;
    use crate::shogi::Position;

    #[test]
    fn the_walk_counts_the_published_perft() {
        for entry in perft_table() {
            let board = BoardData::from_position(&Position::from_sfen(&entry.sfen).unwrap());
            for &(depth, want) in entry.counts.iter().filter(|c| c.1 <= 30_000) {
                assert_eq!(
                    perft_walk(&board, depth).leaves,
                    want,
                    "{} depth {depth}",
                    entry.sfen
                );
            }
        }
    }

    #[test]
    fn the_pop_order_is_a_permutation_of_the_legal_moves() {
        for entry in perft_table() {
            let board = BoardData::from_position(&Position::from_sfen(&entry.sfen).unwrap());
            let g = generate(&board);
            let mut got = pop_order(&board, &g.candidates.squares, g.mating_probe());
            let mut want = g.moves.clone();
            assert_eq!(got.len(), want.len());
            got.sort_by_key(|m| format!("{m:?}"));
            want.sort_by_key(|m| format!("{m:?}"));
            assert_eq!(got, want);
        }
    }
}
