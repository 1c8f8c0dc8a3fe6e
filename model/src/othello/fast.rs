//! A strong software endgame solver: the CPU baseline that the hardware solver is benchmarked
//! against.
//!
//! Unlike [`super::search`] (the plain fail-hard alpha-beta that the gateware reproduces node for
//! node), this solver is free to use every standard software technique, and is written for speed
//! on one CPU core (still plain, safe Rust without external crates):
//!
//! * **Principal variation search** with null windows, **fail-soft** throughout: the first
//!   move of a node is searched with the full window, the others with a null window and are
//!   re-searched only when they beat alpha.
//! * **Fastest-first move ordering** (fewest opponent replies first, the opponent's corner
//!   replies counted twice, then fewest potential replies), with small bonuses for corners
//!   and for moves into a region (quadrant) with an odd number of empty squares (parity);
//!   the move stored in the transposition table goes first.
//!   From 14 empties on, the key also includes a 2-ply alpha-beta search on a mobility
//!   evaluation (where the few nodes are worth a better order).
//! * A **transposition table** (fixed size, default 2^20 entries, a depth-preferred and an
//!   always-replace slot per bucket) that stores the full position as key (no false hits),
//!   lower and upper bounds on the score, and the best move; with **enhanced transposition
//!   cut-offs** (a child's entry that already refutes the parent's window).
//! * A **stability cut-off**: the opponent's stable discs (which can never be flipped) bound
//!   the score from above.
//! * **Parity-ordered shallow search** near the end (at most [`SHALLOW_EMPTIES`] empties): it
//!   iterates over the empty squares directly (odd quadrants first) and computes flips on the
//!   fly instead of generating and sorting moves.
//! * A **last-empty routine** that scores the final move directly (no recursion).
//!
//! Rough speed (release, one core): FFO #1-#19 (14-16 empties) in 0.5-20 ms each (about
//! 0.12 s in all), FFO #20-#39 (up to 26 empties) in about 30 s; 10-20 million nodes per
//! second.
//!
//! Bitboards follow [`super::rules`]: a1 = bit 0, h8 = bit 63, `p` the side to move, `o` the
//! opponent. Scores use the standard rule of [`super::rules::final_score`] (disc difference,
//! empty squares counted for the winner), so they lie in `-64..=64`.

use super::order::{odd_quadrants, CORNERS};
use super::rules::final_score;
use std::cell::RefCell;

/// Highest possible score (all 64 discs).
pub const SCORE_MAX: i32 = 64;

/// Result of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FastResult {
    /// Exact score for the side to move (for [`solve_window`]: fail-soft bound, see there).
    pub score: i32,
    /// Best move; `None` only when the side to move must pass or the game is over.
    pub best: Option<u32>,
    /// Positions visited (every node entered, including passes and last-move nodes).
    pub nodes: u64,
}

/// Exact score and best move of (p, o). Uses a per-thread [`Solver`] with the default table
/// size (allocated on the first call); every solve starts from an empty table, so the result
/// and node count do not depend on earlier calls.
pub fn solve(p: u64, o: u64) -> FastResult {
    with_solver(|s| s.solve(p, o))
}

/// Searches (p, o) with the window `(alpha, beta)`, `alpha < beta`, like [`solve`]. See
/// [`Solver::solve_window`] for the meaning of the result.
pub fn solve_window(p: u64, o: u64, alpha: i32, beta: i32) -> FastResult {
    with_solver(|s| s.solve_window(p, o, alpha, beta))
}

/// The legal moves of (p, o) in this solver's order at a node without a table move
/// (fastest first with corner and parity bonuses; from 14 empties on (`DEEP_SORT_EMPTIES`),
/// the 2-ply mobility search's guess too), best first. `host::split` orders its host nodes so.
pub fn ordered_moves(p: u64, o: u64) -> Vec<u32> {
    let n = 64 - (p | o).count_ones();
    let mut list = MoveList::new(p, o, n, NO_MOVE);
    std::iter::from_fn(|| list.next_best().map(|m| m.sq as u32)).collect()
}

thread_local! {
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

fn with_solver<R>(f: impl FnOnce(&mut Solver) -> R) -> R {
    SOLVER.with(|s| f(&mut s.borrow_mut()))
}

/// Whom a [`Solver`] hands its small subtrees (`Solver::solve_window_with`): a hybrid's
/// board, the FPGA's cores searching what the host's search reaches at few empties.
pub trait Leaves {
    /// Subtrees of at most this many empty squares go to [`Self::solve`]: 0 for none, else at
    /// least [`SHALLOW_EMPTIES`] (below it the solver's shallow search recurses into itself and
    /// would hand nothing on).
    fn empties(&self) -> u32;
    /// A bound of (p, o) in the window `(alpha, beta)` as [`Solver::solve_window`] defines
    /// it (a fail-hard answer is one).
    fn solve(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32;
}

/// No subtree handed anywhere: the solver alone.
struct NoLeaves;

impl Leaves for NoLeaves {
    #[inline]
    fn empties(&self) -> u32 {
        0
    }
    fn solve(&mut self, _: u64, _: u64, _: i32, _: i32) -> i32 {
        unreachable!("no subtree is handed on")
    }
}

/// Empty-square count at and below which the parity-ordered shallow search is used.
pub const SHALLOW_EMPTIES: u32 = 6;
/// Empty-square count above which the enhanced transposition cut-off is tried.
const ETC_MIN_EMPTIES: u32 = 9;
/// Lowest alpha at which the stability cut-off is tried.
const STABILITY_MIN_ALPHA: i32 = 0;
/// Empty-square count from which the transposition table is used.
const TT_MIN_EMPTIES: u32 = 8;
/// Default transposition table size: 2^20 entries of 24 bytes.
pub const DEFAULT_TT_BITS: u32 = 20;

/// The solver and its transposition table. Every solve starts from a logically empty table
/// (cleared in O(1) by a generation count), so results and node counts are reproducible;
/// reusing a solver only saves the allocation.
pub struct Solver {
    tt: Table,
    nodes: u64,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver {
    /// A solver with the default table size (2^20 entries).
    pub fn new() -> Self {
        Self::with_tt_bits(DEFAULT_TT_BITS)
    }

    /// A solver with 2^`bits` table entries (`bits` in 1..=30).
    pub fn with_tt_bits(bits: u32) -> Self {
        Solver {
            tt: Table::new(bits),
            nodes: 0,
        }
    }

    /// Exact score and best move of (p, o).
    pub fn solve(&mut self, p: u64, o: u64) -> FastResult {
        self.solve_window(p, o, -SCORE_MAX - 1, SCORE_MAX + 1)
    }

    /// Fail-soft search of (p, o) with the window `(alpha, beta)`, `alpha < beta`. The score
    /// `v` is exact when `alpha < v < beta`; `v <= alpha` means the true score is `<= v`, and
    /// `v >= beta` that it is `>= v`. `best` is the move that achieved `v` (when `v <= alpha`
    /// it is only the move with the highest upper bound); `None` for a pass or a finished game.
    pub fn solve_window(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> FastResult {
        self.solve_window_with(p, o, alpha, beta, &mut NoLeaves)
    }

    /// [`Solver::solve_window`] with the subtrees of at most [`Leaves::empties`] empty squares
    /// (below the root) handed to `leaves` (a hybrid's board). `nodes` counts the nodes this
    /// solver searched itself, not the leaves' subtrees.
    pub fn solve_window_with<L: Leaves>(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        leaves: &mut L,
    ) -> FastResult {
        assert!(alpha < beta, "empty window ({alpha}, {beta})");
        assert_eq!(p & o, 0, "discs overlap");
        let e = leaves.empties();
        assert!(
            e == 0 || e >= SHALLOW_EMPTIES,
            "subtrees handed on from {e} empties: 0 or at least {SHALLOW_EMPTIES}"
        );
        self.nodes = 0;
        self.tt.clear();
        let n = (!(p | o)).count_ones();
        let (score, best) = if moves(p, o) != 0 {
            self.root(p, o, alpha, beta, n, leaves)
        } else if moves(o, p) != 0 {
            // The side to move passes: the root is this pass node, its child is searched.
            self.nodes += 1;
            let (v, _) = self.root(o, p, -beta, -alpha, n, leaves);
            (-v, None)
        } else {
            self.nodes += 1;
            (final_score(p, o), None)
        };
        FastResult {
            score,
            best,
            nodes: self.nodes,
        }
    }

    /// The root: like [`Solver::search`] but it always searches (no table cut-off) and returns
    /// the best move. The side to move has at least one move.
    fn root<L: Leaves>(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        n: u32,
        leaves: &mut L,
    ) -> (i32, Option<u32>) {
        self.nodes += 1;
        let mut list = MoveList::new(p, o, n, NO_MOVE);
        let alpha0 = alpha;
        let mut best = -SCORE_MAX - 1;
        let mut best_sq = NO_MOVE;
        let mut first = true;
        while let Some(m) = list.next_best() {
            let v = self.pvs_child(m, alpha, beta, n - 1, first, leaves);
            first = false;
            if v > best {
                best = v;
                best_sq = m.sq;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        if n >= TT_MIN_EMPTIES {
            self.tt.store(p, o, n, (alpha0, beta), best, best_sq);
        }
        (best, Some(best_sq as u32))
    }

    /// Score of a child for its parent (negated), searched with the full window if it is the
    /// first move, else with a null window and re-searched if it beats alpha.
    #[inline]
    fn pvs_child<L: Leaves>(
        &mut self,
        m: Move,
        alpha: i32,
        beta: i32,
        n: u32,
        first: bool,
        leaves: &mut L,
    ) -> i32 {
        if first {
            return -self.dispatch(m.p, m.o, -beta, -alpha, n, leaves);
        }
        let v = -self.dispatch(m.p, m.o, -alpha - 1, -alpha, n, leaves);
        if v > alpha && v < beta {
            -self.dispatch(m.p, m.o, -beta, -alpha, n, leaves)
        } else {
            v
        }
    }

    /// Picks the search routine by the number `n` of empty squares.
    #[inline]
    fn dispatch<L: Leaves>(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        n: u32,
        leaves: &mut L,
    ) -> i32 {
        match n {
            0 => {
                self.nodes += 1;
                final_score(p, o)
            }
            1 => self.last1(p, o, (!(p | o)).trailing_zeros()),
            _ if n <= leaves.empties() => leaves.solve(p, o, alpha, beta),
            _ if n <= SHALLOW_EMPTIES => self.shallow(p, o, alpha, beta, n),
            _ => self.search(p, o, alpha, beta, n, leaves),
        }
    }

    /// PVS with fastest-first ordering, and the transposition table from
    /// [`TT_MIN_EMPTIES`] empties on.
    fn search<L: Leaves>(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        mut beta: i32,
        n: u32,
        leaves: &mut L,
    ) -> i32 {
        self.nodes += 1;
        let use_tt = n >= TT_MIN_EMPTIES;
        let mut tt_move = NO_MOVE;
        if use_tt {
            if let Some(e) = self.tt.probe(p, o) {
                let (lower, upper) = (e.lower as i32, e.upper as i32);
                if lower >= beta {
                    return lower;
                }
                if upper <= alpha || lower == upper {
                    return upper;
                }
                alpha = alpha.max(lower);
                beta = beta.min(upper);
                tt_move = e.best;
            }
        }
        // Stability cut-off: the opponent keeps its stable discs, which bounds the score.
        // (Only tried when it can succeed: every disc of the opponent stable would do.)
        if alpha >= STABILITY_MIN_ALPHA && alpha >= SCORE_MAX - 2 * o.count_ones() as i32 {
            let upper = SCORE_MAX - 2 * stable_discs(o, p).count_ones() as i32;
            if upper <= alpha {
                return upper;
            }
        }
        if moves(p, o) == 0 {
            if moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.search(o, p, -beta, -alpha, n, leaves);
        }
        let mut list = MoveList::new(p, o, n, tt_move);
        // Enhanced transposition cut-off: a child whose table entry already proves a cut.
        if n > ETC_MIN_EMPTIES {
            for m in &list.moves[..list.len] {
                if let Some(e) = self.tt.probe(m.p, m.o) {
                    let v = -(e.upper as i32);
                    if v >= beta {
                        return v;
                    }
                }
            }
        }
        let alpha0 = alpha;
        let mut best = -SCORE_MAX - 1;
        let mut best_sq = NO_MOVE;
        let mut first = true;
        while let Some(m) = list.next_best() {
            let v = self.pvs_child(m, alpha, beta, n - 1, first, leaves);
            first = false;
            if v > best {
                best = v;
                best_sq = m.sq;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        if use_tt {
            self.tt.store(p, o, n, (alpha0, beta), best, best_sq);
        }
        best
    }

    /// Alpha-beta for few empties (`2..=SHALLOW_EMPTIES`): loops over the empty squares, odd
    /// quadrants first (parity), without move generation, sorting or table.
    fn shallow(&mut self, p: u64, o: u64, mut alpha: i32, beta: i32, n: u32) -> i32 {
        self.nodes += 1;
        let empties = !(p | o);
        let odd = odd_quadrants(empties);
        let mut best = -SCORE_MAX - 1;
        for region in [empties & odd, empties & !odd] {
            let mut left = region;
            while left != 0 {
                let sq = left.trailing_zeros();
                left &= left - 1;
                if NEIGHBOURS[sq as usize] & o == 0 {
                    continue;
                }
                let f = flips(p, o, sq);
                if f == 0 {
                    continue;
                }
                let bit = 1u64 << sq;
                let (np, no) = (o & !f, p | f | bit);
                let v = if n == 2 {
                    -self.last1(np, no, (empties ^ bit).trailing_zeros())
                } else {
                    -self.shallow(np, no, -beta, -alpha, n - 1)
                };
                if v > best {
                    best = v;
                    if v > alpha {
                        alpha = v;
                        if v >= beta {
                            return v;
                        }
                    }
                }
            }
        }
        if best > -SCORE_MAX - 1 {
            return best;
        }
        // No move: pass, or the game is over.
        if moves(o, p) == 0 {
            return final_score(p, o);
        }
        -self.shallow(o, p, -beta, -alpha, n)
    }

    /// Exact score with one empty square `sq`: the side to move plays it if it can, else the
    /// opponent, else the game ends with the square empty.
    fn last1(&mut self, p: u64, o: u64, sq: u32) -> i32 {
        self.nodes += 1;
        let discs = p.count_ones() as i32;
        let near = NEIGHBOURS[sq as usize];
        if near & o != 0 {
            let f = flips(p, o, sq);
            if f != 0 {
                return 2 * (discs + 1 + f.count_ones() as i32) - 64;
            }
        }
        if near & p != 0 {
            let f = flips(o, p, sq);
            if f != 0 {
                return 2 * (discs - f.count_ones() as i32) - 64;
            }
        }
        // 63 discs: the difference is odd, never a draw; the empty square goes to the winner.
        let d = 2 * discs - 63;
        if d > 0 {
            d + 1
        } else {
            d - 1
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Move ordering

/// "No move" marker for the table and the move list.
const NO_MOVE: u8 = 64;

// Weights of the ordering key (tuned on FFO #1-#37 by node count and time).
/// Per opponent reply (corner replies count twice).
const W_MOB: i32 = 16;
/// Per potential opponent reply (empty square next to one of our discs).
const W_POT: i32 = 2;
/// Bonus for taking a corner.
const W_CORNER: i32 = 4;
/// Bonus for playing into a quadrant with an odd number of empties.
const W_PARITY: i32 = 3;
/// From this many empties on, the key also counts a shallow [`mobility_search`] ...
const DEEP_SORT_EMPTIES: u32 = 14;
/// ... of this depth (from the opponent's side, after the move) ...
const DEEP_SORT_DEPTH: u32 = 2;
/// ... with this weight per point.
const W_DEEP: i32 = 16;

/// Empty squares next to discs of `o`: where `p` might get moves later.
#[inline]
pub fn potential_moves(o: u64, p: u64) -> u64 {
    let h = ((o << 1) & !COL_A) | ((o >> 1) & !COL_H);
    let v = (o << 8) | (o >> 8);
    let d = ((o << 9) & !COL_A) | ((o >> 9) & !COL_H) | ((o << 7) & !COL_H) | ((o >> 7) & !COL_A);
    (h | v | d) & !(p | o)
}

/// A crude evaluation for move ordering far from the end: mobility difference (corner moves
/// count twice) plus corners held.
fn mobility_eval(p: u64, o: u64) -> i32 {
    let (mp, mo) = (moves(p, o), moves(o, p));
    (mp.count_ones() + (mp & CORNERS).count_ones()) as i32
        - (mo.count_ones() + (mo & CORNERS).count_ones()) as i32
        + 4 * ((p & CORNERS).count_ones() as i32 - (o & CORNERS).count_ones() as i32)
}

/// Depth-limited alpha-beta (fail-soft) on [`mobility_eval`]; a pass or the end of the game
/// is simply evaluated.
fn mobility_search(p: u64, o: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    let mut left = moves(p, o);
    if depth == 0 || left == 0 {
        return mobility_eval(p, o);
    }
    let mut best = i32::MIN + 1;
    while left != 0 {
        let sq = left.trailing_zeros();
        left &= left - 1;
        let f = flips(p, o, sq);
        let v = -mobility_search(o & !f, p | f | (1 << sq), depth - 1, -beta, -alpha);
        if v > best {
            best = v;
            if v > alpha {
                alpha = v;
                if v >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// A move with its child position (from the opponent's side) and its ordering key.
#[derive(Clone, Copy, Default)]
struct Move {
    sq: u8,
    p: u64,
    o: u64,
    key: i32,
}

/// The moves of a node, handed out best key first (selection sort, done lazily since a
/// cut-off often comes with the first move).
struct MoveList {
    moves: [Move; 64],
    len: usize,
    next: usize,
}

impl MoveList {
    /// The moves of (p, o), which has `n` empty squares, with their ordering keys.
    fn new(p: u64, o: u64, n: u32, tt_move: u8) -> Self {
        let mut list = MoveList {
            moves: [Move::default(); 64],
            len: 0,
            next: 0,
        };
        let empties = !(p | o);
        let odd = odd_quadrants(empties);
        let mut left = moves(p, o);
        while left != 0 {
            let sq = left.trailing_zeros();
            left &= left - 1;
            let bit = 1u64 << sq;
            let f = flips(p, o, sq);
            let (np, no) = (o & !f, p | f | bit);
            let replies = moves(np, no);
            // Fastest first: fewest replies (corner replies count double), fewest potential
            // replies ...
            let mut key = -W_MOB * (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
            key -= W_POT * potential_moves(no, np).count_ones() as i32;
            // ... then a little for corners and for parity.
            if bit & CORNERS != 0 {
                key += W_CORNER;
            }
            if bit & odd != 0 {
                key += W_PARITY;
            }
            if sq as u8 == tt_move {
                key += 1 << 20;
            } else if n >= DEEP_SORT_EMPTIES {
                // Far from the end, mobility a few plies ahead predicts better.
                let guess = mobility_search(np, no, DEEP_SORT_DEPTH, -1000, 1000);
                key -= W_DEEP * guess;
            }
            list.moves[list.len] = Move {
                sq: sq as u8,
                p: np,
                o: no,
                key,
            };
            list.len += 1;
        }
        list
    }

    /// The remaining move with the highest key.
    #[inline]
    fn next_best(&mut self) -> Option<Move> {
        if self.next >= self.len {
            return None;
        }
        let rest = &mut self.moves[self.next..self.len];
        let mut top = 0;
        for i in 1..rest.len() {
            if rest[i].key > rest[top].key {
                top = i;
            }
        }
        rest.swap(0, top);
        self.next += 1;
        Some(rest[0])
    }
}

// ---------------------------------------------------------------------------------------------
// Transposition table

/// One table entry, unpacked. Bounds: the true score lies in `lower..=upper`.
#[derive(Clone, Copy, Debug)]
struct Entry {
    lower: i8,
    upper: i8,
    best: u8,
    depth: u8,
    generation: u8,
}

/// The table: buckets of two slots, the even one depth-preferred and the odd one
/// always-replace. A slot is `[p, o, data]` with `data` = lower | upper << 8 | best << 16 |
/// depth << 24 | generation << 32 (bytes). A slot of an older generation counts as empty,
/// which makes [`Table::clear`] O(1); generation 0 is never current, so the all-zero initial
/// table (which the allocator provides cheaply) is empty.
struct Table {
    slots: Vec<[u64; 3]>,
    shift: u32,
    generation: u8,
}

impl Table {
    fn new(bits: u32) -> Self {
        assert!((1..=30).contains(&bits), "table bits {bits} out of 1..=30");
        Table {
            slots: vec![[0u64; 3]; 1 << bits],
            shift: 64 - bits,
            generation: 0,
        }
    }

    /// Empties the table: starts a new generation (a real clear once every 255 calls).
    fn clear(&mut self) {
        if self.generation == u8::MAX {
            self.slots.fill([0; 3]);
            self.generation = 0;
        }
        self.generation += 1;
    }

    /// The entry of a slot, `None` if the slot is of an older generation.
    #[inline]
    fn entry(&self, slot: usize) -> Option<Entry> {
        let e = Self::unpack(self.slots[slot][2]);
        (e.generation == self.generation).then_some(e)
    }

    /// Index of the bucket's first (even) slot.
    #[inline]
    fn bucket(&self, p: u64, o: u64) -> usize {
        let h = p
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(o.wrapping_mul(0xC2B2_AE3D_27D4_EB4F));
        ((h >> self.shift) as usize) & !1
    }

    #[inline]
    fn unpack(data: u64) -> Entry {
        Entry {
            lower: data as u8 as i8,
            upper: (data >> 8) as u8 as i8,
            best: (data >> 16) as u8,
            depth: (data >> 24) as u8,
            generation: (data >> 32) as u8,
        }
    }

    #[inline]
    fn pack(e: Entry) -> u64 {
        (e.lower as u8 as u64)
            | (e.upper as u8 as u64) << 8
            | (e.best as u64) << 16
            | (e.depth as u64) << 24
            | (e.generation as u64) << 32
    }

    /// The slot of the bucket holding (p, o) in the current generation.
    #[inline]
    fn find(&self, b: usize, p: u64, o: u64) -> Option<(usize, Entry)> {
        (b..b + 2).find_map(|s| {
            let [sp, so, _] = self.slots[s];
            if sp == p && so == o {
                self.entry(s).map(|e| (s, e))
            } else {
                None
            }
        })
    }

    #[inline]
    fn probe(&self, p: u64, o: u64) -> Option<Entry> {
        self.find(self.bucket(p, o), p, o).map(|(_, e)| e)
    }

    /// Records the result `score` (fail-soft) of a search of (p, o) with `n` empties and the
    /// window `(alpha, beta)`, merged with what the table already knows of the position.
    fn store(&mut self, p: u64, o: u64, n: u32, window: (i32, i32), score: i32, best: u8) {
        let (alpha, beta) = window;
        let b = self.bucket(p, o);
        let found = self.find(b, p, o);
        let slot = match found {
            Some((s, _)) => s,
            // A new position: the depth-preferred slot unless it holds a deeper position of
            // this generation, else the always-replace slot.
            None => match self.entry(b) {
                Some(e) if e.depth as u32 > n => b + 1,
                _ => b,
            },
        };
        let mut e = found.map_or(
            Entry {
                lower: -SCORE_MAX as i8,
                upper: SCORE_MAX as i8,
                best: NO_MOVE,
                depth: n as u8,
                generation: self.generation,
            },
            |(_, e)| e,
        );
        let s = score as i8;
        if score < beta {
            e.upper = e.upper.min(s);
        }
        if score > alpha {
            e.lower = e.lower.max(s);
            e.best = best;
        } else if e.best == NO_MOVE {
            e.best = best;
        }
        self.slots[slot] = [p, o, Self::pack(e)];
    }
}

// ---------------------------------------------------------------------------------------------
// Stability

const COL_A: u64 = 0x0101_0101_0101_0101;
const COL_H: u64 = 0x8080_8080_8080_8080;
const ROW_1: u64 = 0x0000_0000_0000_00FF;
const ROW_8: u64 = 0xFF00_0000_0000_0000;

/// The 15 diagonals (a1-h8 direction) and the 15 anti-diagonals (h1-a8 direction).
static DIAGONALS: [[u64; 15]; 2] = build_diagonals();

const fn build_diagonals() -> [[u64; 15]; 2] {
    let mut d = [[0u64; 15]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = (sq % 8, sq / 8);
        d[0][7 + c - r] |= 1u64 << sq;
        d[1][c + r] |= 1u64 << sq;
        sq += 1;
    }
    d
}

/// Squares on completely filled lines along each of the four axes.
fn full_lines(filled: u64) -> [u64; 4] {
    let mut h = filled;
    h &= h >> 4;
    h &= h >> 2;
    h &= h >> 1;
    let mut v = filled;
    v &= v >> 32;
    v &= v >> 16;
    v &= v >> 8;
    let mut diag = [0u64; 2];
    for (full, lines) in diag.iter_mut().zip(&DIAGONALS) {
        for &line in lines {
            if filled & line == line {
                *full |= line;
            }
        }
    }
    [(h & COL_A) * 0xFF, (v & ROW_1) * COL_A, diag[0], diag[1]]
}

/// A subset of the discs of `p` that can never be flipped (`o` the opponent). A disc is
/// stable when, along each of the four axes, its line is full (no move can ever flip along
/// it) or a neighbour on that axis is the board edge or a stable disc of the same colour
/// (a flip along the axis would have to flip that neighbour too). Computed as the least
/// fixed point, from the corners inward.
fn stable_discs(p: u64, o: u64) -> u64 {
    let [full_h, full_v, full_d, full_a] = full_lines(p | o);
    let mut stable = 0u64;
    loop {
        // Per axis: protected squares (full line, edge, or stable neighbour on either side).
        let edges = COL_A | COL_H | ROW_1 | ROW_8;
        let h = full_h | COL_A | COL_H | ((stable << 1) & !COL_A) | ((stable >> 1) & !COL_H);
        let v = full_v | ROW_1 | ROW_8 | (stable << 8) | (stable >> 8);
        let d = full_d | edges | ((stable << 9) & !COL_A) | ((stable >> 9) & !COL_H);
        let a = full_a | edges | ((stable >> 7) & !COL_A) | ((stable << 7) & !COL_H);
        let next = p & h & v & d & a;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

// ---------------------------------------------------------------------------------------------
// Move generation

/// Columns b..g: discs that can be flanked horizontally or diagonally lie there.
const INNER: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// The squares `p` can play against `o`.
#[inline]
fn moves(p: u64, o: u64) -> u64 {
    let inner = o & INNER;
    (line_moves(p, inner, 1)
        | line_moves(p, o, 8)
        | line_moves(p, inner, 7)
        | line_moves(p, inner, 9))
        & !(p | o)
}

/// Squares reached from `p` over a run of `o` discs along the line of shift `s`, both ways.
#[inline]
fn line_moves(p: u64, o: u64, s: u32) -> u64 {
    let mut up = o & (p << s);
    let mut down = o & (p >> s);
    for _ in 0..5 {
        up |= o & (up << s);
        down |= o & (down >> s);
    }
    (up << s) | (down >> s)
}

/// For each square, the squares beyond it in each direction: `RAYS[sq][d]`. Directions 0..4
/// go toward higher bits (E, N, NE, NW), 4..8 toward lower bits (W, S, SW, SE).
static RAYS: [[u64; 8]; 64] = build_rays();

const fn build_rays() -> [[u64; 8]; 64] {
    const STEPS: [(i32, i32); 8] = [
        (1, 0),
        (0, 1),
        (1, 1),
        (-1, 1),
        (-1, 0),
        (0, -1),
        (-1, -1),
        (1, -1),
    ];
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dc, dr) = STEPS[d];
            let (mut c, mut r) = ((sq % 8) as i32 + dc, (sq / 8) as i32 + dr);
            while c >= 0 && c < 8 && r >= 0 && r < 8 {
                rays[sq][d] |= 1u64 << (r * 8 + c);
                c += dc;
                r += dr;
            }
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// The (up to 8) squares around each square: a move needs an opponent disc among them.
static NEIGHBOURS: [u64; 64] = build_neighbours();

const fn build_neighbours() -> [u64; 64] {
    let mut near = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            // The first square of each ray is the neighbour in that direction.
            let ray = RAYS[sq][d];
            let first = if d < 4 {
                ray & ray.wrapping_neg()
            } else if ray == 0 {
                0
            } else {
                1u64 << (63 - ray.leading_zeros())
            };
            near[sq] |= first;
            d += 1;
        }
        sq += 1;
    }
    near
}

/// Discs of `o` flipped when `p` plays on `sq` (0 when the move is illegal). Along each ray
/// the first square that is not an `o` disc must be a `p` disc; the `o` discs before it flip.
#[inline]
fn flips(p: u64, o: u64, sq: u32) -> u64 {
    let rays = &RAYS[sq as usize];
    let mut f = 0;
    for &ray in &rays[..4] {
        // Toward higher bits: the first blocker is the lowest bit.
        let blockers = ray & !o;
        let first = blockers & blockers.wrapping_neg();
        if first & p != 0 {
            f |= ray & (first - 1);
        }
    }
    for &ray in &rays[4..] {
        // Toward lower bits: the first blocker is the highest bit.
        let blockers = ray & !o;
        if blockers != 0 {
            let first = 1u64 << (63 - blockers.leading_zeros());
            if first & p != 0 {
                f |= ray & !(first | (first - 1));
            }
        }
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::othello::rules;

    /// Random games (xorshift): the fast move generator and flips agree with `rules`.
    #[test]
    fn moves_and_flips_match_rules() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..200 {
            let (mut p, mut o) = rules::start();
            loop {
                let m = moves(p, o);
                assert_eq!(m, rules::legal_moves(p, o));
                for sq in 0..64 {
                    if (p | o) >> sq & 1 == 0 {
                        assert_eq!(flips(p, o, sq), rules::flips(p, o, sq));
                    }
                }
                if m == 0 {
                    if moves(o, p) == 0 {
                        break;
                    }
                    (p, o) = (o, p);
                    continue;
                }
                let k = next() % m.count_ones() as u64;
                let mut left = m;
                for _ in 0..k {
                    left &= left - 1;
                }
                (p, o) = rules::play(p, o, left.trailing_zeros());
            }
        }
    }

    /// The exported order holds each legal move once, on the FFO positions and along the
    /// opening that always plays the highest legal square (the lazy selection drained whole).
    #[test]
    fn ordered_moves_are_the_legal_moves_once_each() {
        let ffo = include_str!("../../tests/fixtures/fforum-20-39.obf");
        let mut positions: Vec<(u64, u64)> = crate::othello::parse_obf(ffo)
            .unwrap()
            .iter()
            .map(|q| (q.p, q.o))
            .collect();
        let (mut p, mut o) = rules::start();
        for _ in 0..20 {
            positions.push((p, o));
            let m = moves(p, o);
            if m == 0 {
                break;
            }
            (p, o) = rules::play(p, o, 63 - m.leading_zeros());
        }
        for (p, o) in positions {
            let mut mask = 0u64;
            for sq in ordered_moves(p, o) {
                assert_eq!(mask >> sq & 1, 0, "square {sq} twice");
                mask |= 1 << sq;
            }
            assert_eq!(mask, moves(p, o), "p {p:#x} o {o:#x}");
        }
    }

    /// Stable discs: corners and edges grown from them, full lines; never a flippable disc.
    #[test]
    fn stability() {
        // Black owns row 1 entirely and a8; White has b2.
        let black = ROW_1 | 1 << 56;
        let white = 1 << 9;
        assert_eq!(stable_discs(black, white), ROW_1 | 1 << 56);
        assert_eq!(stable_discs(white, black), 0);
        // A full board: everything is stable.
        assert_eq!(
            stable_discs(0x0F0F_0F0F_0F0F_0F0F, 0xF0F0_F0F0_F0F0_F0F0).count_ones(),
            32
        );
        // Random games: no stable disc is ever flipped later in the game.
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..300 {
            let (mut p, mut o) = rules::start();
            let (mut sp, mut so) = (0u64, 0u64);
            loop {
                let (np, no) = (stable_discs(p, o), stable_discs(o, p));
                assert_eq!(np & sp, sp, "a stable disc was lost");
                assert_eq!(no & so, so, "a stable disc was lost");
                (sp, so) = (np, no);
                let m = moves(p, o);
                if m == 0 {
                    if moves(o, p) == 0 {
                        break;
                    }
                    (p, o) = (o, p);
                } else {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let mut left = m;
                    for _ in 0..seed % m.count_ones() as u64 {
                        left &= left - 1;
                    }
                    (p, o) = rules::play(p, o, left.trailing_zeros());
                    assert_eq!(o & sp, sp, "stable disc flipped");
                }
                (sp, so) = (so, sp);
            }
        }
    }

    #[test]
    fn neighbours() {
        assert_eq!(NEIGHBOURS[0], 0x302);
        assert_eq!(NEIGHBOURS[9], 0x070507);
        assert_eq!(NEIGHBOURS[63].count_ones(), 3);
    }

    #[test]
    fn table_round_trip() {
        let e = Entry {
            lower: -64,
            upper: 12,
            best: 63,
            depth: 20,
            generation: 255,
        };
        let u = Table::unpack(Table::pack(e));
        assert_eq!(
            (u.lower, u.upper, u.best, u.depth, u.generation),
            (-64, 12, 63, 20, 255)
        );
    }
}
