//! The reference search: the exact algorithm of the hardware solver (`gateware::othello::
//! solver`), so that score, best move and node count match it bit for bit.
//!
//! Negamax alpha-beta, **fail-hard**: the result `v` of a search with window `(alpha, beta)`
//! is exact when `alpha < v < beta`; `v == alpha` means the true score is `<= alpha`
//! (all moves failed low), `v == beta` that it is `>= beta` (a cut-off). A leaf (neither
//! side can move) returns its exact final score even outside the window. Nodes are counted on
//! entry: every position visited, pass positions and leaves included.
//!
//! Node kinds (the paper's Table 6): leaf (game over), pass (side to move has no move, the
//! opponent has), searching tree node (a move is taken and searched), cut-off (a child's
//! value reached beta), search ended (all moves tried).

use super::order::{ff_key, first_in_order};
use super::rules::{final_score, legal_moves, play};
use super::table::{Entry, Table, TABLE_MIN_EMPTIES};

/// Move order of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveOrder {
    /// The paper's square classes (Figure 10 / Table 5).
    Paper,
    /// Fewest opponent replies first (corner replies counted twice: [`ff_key`]), ties broken
    /// by the paper's order, at nodes with more than [`FF_EMPTIES_ABOVE`] empty squares; the
    /// paper's order below. With [`TABLE_IN_CORE`] these sorted nodes read and write the
    /// job's transposition table (`super::table`), whose move goes first
    /// ([`search_without_table`]: without it).
    FastestFirst,
}

/// Fastest-first orders the moves of the nodes with more than this many empty squares; the
/// nodes nearer the leaves take the paper's order, as CPU endgame solvers do: there the
/// evaluation costs more cycles than the nodes it saves. Measured on FFO #1-#19 (the cycle
/// model below, 3 cycles of latency): ordering every node 36.4M cycles, above 2 empties
/// 27.7M, above 3 24.7M, above 4 23.7M (6.1M nodes instead of 5.4M), above 5 24.0M, above
/// 6 26.8M. Measured again when the last empty square's leaf and the "search ended" cycle
/// went (2026-12-07): above 3 21.9M, above 4 20.58M, above 5 20.54M, above 6 22.7M (FFO
/// #21-#25: 144.3M, 136.2M, 134.7M, 155.1M); 5 would save about 1%, not worth a change.
pub const FF_EMPTIES_ABOVE: u32 = 4;

/// Whether the fastest-first solvers have the transposition table (`super::table`): the
/// solver's `Probe` and `Clear` states and its write in `Pop` (`gateware::othello::table`).
pub const TABLE_IN_CORE: bool = true;

// Every node that reads the table is a sorted node: its move from the table takes the
// evaluation's key 0 (`super::table`).
const _: () = assert!(TABLE_MIN_EMPTIES > FF_EMPTIES_ABOVE);

/// Cycles from a move's selection in the fastest-first `Eval` state to the end of its
/// insertion into the sorted list, less one: the evaluation is pipelined (select and flip;
/// the opponent's replies; their count; the insertion), one move entering a cycle, so a
/// node's `Eval` takes its moves plus this many cycles.
pub const EVAL_LATENCY: u64 = 3;

impl MoveOrder {
    pub fn name(self) -> &'static str {
        match self {
            MoveOrder::Paper => "paper",
            MoveOrder::FastestFirst => "fastest-first",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SearchResult {
    pub score: i32,
    /// Best move at the root: the move that raised alpha last or caused the cut-off; `None`
    /// when the root is a pass, a finished game, or every move failed low.
    pub best: Option<u32>,
    pub nodes: u64,
    pub leaves: u64,
    pub passes: u64,
    pub cutoffs: u64,
    /// Nodes answered by the transposition table (fastest-first: `super::table`).
    pub table_hits: u64,
    /// Clock cycles the hardware solver takes (see [`search`] for the cycle model).
    pub cycles: u64,
}

impl SearchResult {
    /// The paper's "Searching Tree Nodes" (section 4, Table 6) in this tree: the iterations
    /// that select a move and go one ply deeper, one per node entered by a move (every node
    /// but the root and the nodes entered by a pass).
    pub fn searching_nodes(&self) -> u64 {
        self.nodes.saturating_sub(1 + self.passes)
    }

    /// Cycles the paper's FSM would take on this tree, by its Table 6 and the formula below
    /// it: 6 + 2 cycles of start and end, 3 cycles of score comparison per iteration, and 4
    /// per leaf, search-ended tree node and pass node, 3 per cut-off node, 16 per searching
    /// tree node. Search-ended nodes are the nodes with moves that returned without a cut-off.
    pub fn paper_table6_cycles(&self) -> u64 {
        let searching = self.searching_nodes();
        let ended = self
            .nodes
            .saturating_sub(self.leaves + self.passes + self.cutoffs);
        let iterations = self.leaves + ended + self.passes + self.cutoffs + searching;
        6 + 3 * iterations
            + 4 * (self.leaves + ended + self.passes)
            + 3 * self.cutoffs
            + 16 * searching
            + 2
    }
}

/// Picks the next move of `left` (non-empty) in position (p, o).
pub fn select(p: u64, o: u64, left: u64, order: MoveOrder) -> u32 {
    let paper = super::order::paper_order();
    match order {
        MoveOrder::Paper => first_in_order(left, &paper).unwrap(),
        MoveOrder::FastestFirst => {
            let mut best = None;
            for &s in paper.iter() {
                let s = s as u32;
                if left >> s & 1 == 0 {
                    continue;
                }
                let (np, no) = play(p, o, s);
                let mob = ff_key(legal_moves(np, no));
                if best.map(|(_, m)| mob < m).unwrap_or(true) {
                    best = Some((s, mob));
                }
            }
            best.unwrap().0
        }
    }
}

/// The legal moves of (p, o) in fastest-first order (fewest opponent replies first, corner
/// replies counted twice, ties in the paper's order): the order the `othello-ff` hardware
/// searches them in (with the table, its move first).
pub fn fastest_first_moves(p: u64, o: u64) -> Vec<u32> {
    let moves = legal_moves(p, o);
    let mut list = [0u32; 64];
    fastest_first_list(p, o, moves, None, &mut list);
    list[..moves.count_ones() as usize].to_vec()
}

/// The moves of `moves` sorted by [`ff_key`], ties in the paper's order; `first`, if one of
/// them, ahead of all (the table's move: the hardware gives it the key 0 and the others their
/// key plus one).
fn fastest_first_list(p: u64, o: u64, moves: u64, first: Option<u32>, out: &mut [u32; 64]) {
    // On the stack, not in a Vec: the bench runs this at every node of billions.
    let mut evaluated = [(0u32, 0u32); 64];
    let mut n = 0;
    for s in super::order::paper_order() {
        let s = s as u32;
        if moves >> s & 1 == 1 {
            let (np, no) = play(p, o, s);
            let key = if Some(s) == first {
                0
            } else {
                ff_key(legal_moves(np, no)) + 1
            };
            evaluated[n] = (s, key);
            n += 1;
        }
    }
    super::order::sort_by_mobility(&mut evaluated[..n]);
    for (k, &(s, _)) in evaluated[..n].iter().enumerate() {
        out[k] = s;
    }
}

/// Searches (p, o) with the window (alpha, beta), `alpha < beta`, both in -65..=65.
///
/// Cycle model of the hardware FSM (`gateware::othello::solver`): every node but a leaf
/// after the last empty square costs one `Enter` cycle; a node with moves costs, with fastest-first ordering and more than
/// [`FF_EMPTIES_ABOVE`] empties, with the table one `Probe` cycle (its read: `super::table`,
/// which may answer the node there), and one `Eval` cycle per legal move and
/// [`EVAL_LATENCY`] more;
/// every move searched costs one `Select` (descend) and one `Pop` (its value back) cycle,
/// the `Pop` of the last move returning the node's value at once; the move to the last
/// empty square costs one `Select` and one `Leaf` cycle, which enters, counts and scores the
/// leaf without its own `Enter` or `Pop`; a pass node costs one `Pop`.
pub fn search(p: u64, o: u64, alpha: i32, beta: i32, order: MoveOrder) -> SearchResult {
    search_bounded(p, o, alpha, beta, order, u64::MAX).expect("no node limit")
}

/// [`search`] fastest-first without the transposition table (`super::table`): the
/// fastest-first solvers before they had it (2026-12-07), and the reference the table's
/// tests hold it to (the same score and best move).
pub fn search_without_table(p: u64, o: u64, alpha: i32, beta: i32) -> SearchResult {
    Walk::new(MoveOrder::FastestFirst, u64::MAX, false)
        .run(p, o, alpha, beta)
        .expect("no node limit")
}

/// [`search`], given up (None) as soon as it has entered more than `node_limit` nodes: a
/// bench bounds the paper order's searches, which grow past billions of nodes at 22
/// empties, so that it can report them as skipped.
pub fn search_bounded(
    p: u64,
    o: u64,
    alpha: i32,
    beta: i32,
    order: MoveOrder,
    node_limit: u64,
) -> Option<SearchResult> {
    Walk::new(order, node_limit, TABLE_IN_CORE).run(p, o, alpha, beta)
}

/// One search: its counts, its node limit and (fastest-first, `with_table`) its table, made
/// at the first node that reads it.
struct Walk {
    r: SearchResult,
    limit: u64,
    order: MoveOrder,
    with_table: bool,
    table: Option<Table>,
}

impl Walk {
    fn new(order: MoveOrder, limit: u64, with_table: bool) -> Self {
        Walk {
            r: SearchResult::default(),
            limit,
            order,
            with_table,
            table: None,
        }
    }

    /// The search of (p, o) in (alpha, beta); `None` past the node limit.
    fn run(mut self, p: u64, o: u64, alpha: i32, beta: i32) -> Option<SearchResult> {
        let (score, best) = node(p, o, alpha, beta, &mut self);
        if self.r.nodes > self.limit {
            return None;
        }
        Some(SearchResult {
            score,
            best,
            ..self.r
        })
    }
}

fn node(p: u64, o: u64, mut alpha: i32, beta: i32, w: &mut Walk) -> (i32, Option<u32>) {
    let (order, limit) = (w.order, w.limit);
    w.r.nodes += 1;
    if w.r.nodes > limit {
        // Given up: the caller discards the whole result.
        return (alpha, None);
    }
    w.r.cycles += 1; // Enter
    let moves = legal_moves(p, o);
    if moves == 0 {
        if legal_moves(o, p) == 0 {
            w.r.leaves += 1;
            return (final_score(p, o), None);
        }
        w.r.passes += 1;
        let (v, _) = node(o, p, -beta, -alpha, w);
        w.r.cycles += 1; // Pop through the pass frame
        return (-v, None);
    }
    let mut best = None;
    let empties = 64 - (p | o).count_ones();
    let sorted = order == MoveOrder::FastestFirst && empties > FF_EMPTIES_ABOVE;
    // The table (fastest-first, at least TABLE_MIN_EMPTIES empties): one `Probe` cycle reads
    // the node's slot; its bound may answer the node, else its move goes first.
    let probed = w.with_table && sorted && empties >= TABLE_MIN_EMPTIES;
    let alpha0 = alpha;
    let mut first = None;
    if probed {
        w.r.cycles += 1; // Probe
        if let Some(e) = w.table.get_or_insert_with(Table::new).probe(p, o) {
            if let Some(v) = e.answer(alpha, beta) {
                w.r.table_hits += 1;
                return (v, e.best);
            }
            first = e.best;
        }
    }
    if sorted {
        // Eval: one move enters the pipeline a cycle.
        w.r.cycles += moves.count_ones() as u64 + EVAL_LATENCY;
    }
    // The order of the moves: the paper's, or fastest-first computed once for the node (the
    // same sequence `select` gives, as the hardware's sorted list does; the table's move, if
    // any, first).
    let mut list = [0u32; 64];
    let mut n = 0;
    let mut left = moves;
    while left != 0 {
        let m = if sorted {
            if n == 0 {
                fastest_first_list(p, o, moves, first, &mut list)
            }
            list[n]
        } else {
            select(p, o, left, MoveOrder::Paper)
        };
        n += 1;
        left &= !(1u64 << m);
        let (np, no) = play(p, o, m);
        let v = if empties == 1 {
            // The last empty square: the child is a leaf, entered and scored in `Leaf`
            // without a frame pushed or popped.
            w.r.nodes += 1;
            if w.r.nodes > limit {
                return (alpha, None);
            }
            w.r.leaves += 1;
            w.r.cycles += 2; // Select and Leaf
            -final_score(np, no)
        } else {
            let v = -node(np, no, -beta, -alpha, w).0;
            w.r.cycles += 2; // Select (descend) and Pop
            v
        };
        if v >= beta {
            w.r.cutoffs += 1;
            if probed {
                remember(w, p, o, alpha0, beta, beta, Some(m));
            }
            return (beta, Some(m));
        }
        if v > alpha {
            alpha = v;
            best = Some(m);
        }
    }
    // The last move's `Pop` (or `Leaf`) returns: no cycle of its own for "search ended".
    if probed {
        remember(w, p, o, alpha0, beta, alpha, best);
    }
    (alpha, best)
}

/// The table's write as a probed node returns (in its `Pop`, no cycle of its own). A search
/// given up at the node limit writes nothing more.
fn remember(w: &mut Walk, p: u64, o: u64, alpha: i32, beta: i32, score: i32, best: Option<u32>) {
    if w.r.nodes <= w.limit {
        if let Some(t) = w.table.as_mut() {
            t.store(Entry::learned(p, o, alpha, beta, score, best));
        }
    }
}

/// Full-window exact solve.
pub fn solve(p: u64, o: u64, order: MoveOrder) -> SearchResult {
    search(p, o, -super::SCORE_BOUND, super::SCORE_BOUND, order)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// The per-node sorted list gives the same order as picking with `select` each time.
    #[test]
    fn fastest_first_list_matches_select() {
        let mut r = rand::rngs::StdRng::seed_from_u64(0x5e1_ec7);
        for _ in 0..300 {
            let (p, o) = crate::othello::random::random_position(&mut r, 20);
            let moves = legal_moves(p, o);
            if moves == 0 {
                continue;
            }
            let mut list = [0u32; 64];
            fastest_first_list(p, o, moves, None, &mut list);
            let mut left = moves;
            let mut k = 0;
            while left != 0 {
                let m = select(p, o, left, MoveOrder::FastestFirst);
                assert_eq!(list[k], m);
                left &= !(1u64 << m);
                k += 1;
            }
        }
    }
}
