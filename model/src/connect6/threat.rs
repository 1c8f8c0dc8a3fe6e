//! The threat player: past the paper, the whole board seen through its 924 six-point windows
//! (what the paper's edge circuit and regions leave out) and a one-turn threat-space search.
//! A *threat* of a side is a window holding four or five of its stones and none of the
//! other's: the side fills it next turn unless the other side puts a stone in it first. A
//! set of threats that two stones cannot all hit wins: the opponent cannot block it.
//!
//! A turn, in order:
//! 1. **Win**: fill one of one's own threats.
//! 2. **Block** the opponent's threats: among the sets of at most two stones that hit them
//!    all, the one that leaves the opponent the fewest winning pairs (below), then no forced
//!    win within one turn of forcing moves (the attack's search for the opponent, one forcing
//!    turn deep, all the sets' searches within [`DEFENCE_BUDGET`] pairs), then the best line
//!    score; the stone left over, if any, is chosen by steps 3-6.
//! 3. **Attack**: a *winning pair*, two stones after which one's threats need three or more
//!    stones to block (found among the empty points of windows holding two or more of one's
//!    stones and none of the opponent's).
//! 4. **Defend**: when the opponent has winning pairs, the two stones, among the points of
//!    those pairs and the best line scores, after which it has the fewest (then as in 2).
//! 5. **Prepare**: of the pairs of the best line-score points that leave winning pairs for
//!    the next turn, the one whose winning pairs best survive the opponent's reply, the reply
//!    modelled as the baseline's ([`super::baseline`]: the threats the pair makes blocked,
//!    the best line score among equal blocks, then its best line-score points); then the
//!    most winning pairs. (Counting the winning pairs alone, the opponent's reply spoils them
//!    all more often than not.)
//! 6. **Line score**: the best point.
//!
//! Every line score here is the player's own ([`line_score`], [`WEIGHTS`]): the baseline's
//! step 3 with windows of one and two own stones weighed more, so that the player builds
//! lines where the baseline would only answer them (the preparation's model of the
//! opponent's reply scores with them too: the circuit has one line scorer).
//!
//! Ties go to the first point in board order: the player has no random choice.

use super::baseline::{line_score_with, winning_stones, Weights};
use super::defence::defend;
use super::{windows, windows_through, Board, Color, Game, Point, CENTRE, WIN_LENGTH};

/// The player's line-score weights: the baseline's ([`super::baseline::WEIGHTS`]) but for
/// windows of one and two own stones, 10 and 50 where the baseline has 6 and 30. Measured
/// with the chip's steps (`threat_steps`, 100 games from each seed) against the baseline's
/// own weights: 97, 95, 97, 98, 97 wins from seeds 100, 300, 500, 700, 900 (484 of 500;
/// 16 losses and draws) where they won 93, 95, 89, 91, 90 (458). From seed 100, 6, 40, 250
/// (84), 4, 20 (88), 10, 50, 200 (89) and defence weights raised (92) did worse and 6, 30, 200
/// no better (93); 12, 60 and 8, 40 won more than the baseline's, less than these (283 and
/// 285 of 300 from seeds 100, 300, 500).
/// They are the chip's weights: with a defence step they draw more (the full player 94 and 95
/// from seeds 100 and 300, was 96 and 96; `docs/connect6.md`, "The player's line-score
/// weights").
pub const WEIGHTS: Weights = Weights {
    attack: [1, 10, 50, 150, 800, 5000],
    defence: super::baseline::WEIGHTS.defence,
};

/// The player's line score of empty point `p` for `side` (its [`WEIGHTS`]): what the line
/// scorer circuit computes.
pub fn line_score(board: &Board, side: Color, p: Point) -> u32 {
    line_score_with(&WEIGHTS, board, side, p)
}

/// Pairs the attack's search looks at, at most, in a decision (past it, no forced win is
/// found): it bounds the model's time (the chip's steps have [`CHIP_BUDGET`]).
pub const SEARCH_BUDGET: u64 = 400_000;

/// Pairs the chip's attack, and then its preparation, each test at most in a decision (the
/// budget of each step's searches: `Steps::circuit`, `turn::turn`, the `ThreatPlayer` block's
/// budget). A quarter of
/// the model's: the searches near the last stones test only the pairs near them
/// (`pair_search::near_focus`), so the budget reaches further; 100,000 pairs won as many of
/// 500 games as 400,000 (484; `docs/connect6.md`, "Where a turn's cycles go"), and the
/// worst turn of the bench's games takes 42% of the cycles it took.
pub const CHIP_BUDGET: u64 = 100_000;

/// Pairs the defence's searches for the opponent's forced wins look at, at most, in one
/// choice among blocking or defending sets (past it, the sets left are not searched; a
/// decision makes at most two such choices: a block, then a defence for its stone left).
pub const DEFENCE_BUDGET: u64 = 100_000;

/// Turns of forcing moves the attack looks through before its winning pair.
pub const FORCING_TURNS: u32 = 2;

/// Points of best line score the preparation step pairs.
pub const PREPARE_CANDIDATES: usize = 16;

/// Candidates of the defence step besides the opponent's winning pairs' points.
pub const DEFENCE_CANDIDATES: usize = 12;

/// The windows of `side`'s threats ([`Board::threats`]).
pub fn threats(board: &Board, side: Color) -> Vec<usize> {
    board.threats(side)
}

/// Whether at most `k` (0, 1 or 2) stones can hit every window of `ws` (their empty points).
pub fn blockable(board: &Board, ws: &[usize], k: usize) -> bool {
    if ws.is_empty() {
        return true;
    }
    if k == 0 {
        return false;
    }
    let empties = |w: usize| windows()[w].iter().copied().filter(|&p| board.is_empty(p));
    // A blocking set holds a point of the first window.
    empties(ws[0]).any(|a| {
        let rest: Vec<usize> = ws
            .iter()
            .copied()
            .filter(|&w| !windows()[w].contains(&a))
            .collect();
        rest.is_empty()
            || (k == 2 && empties(rest[0]).any(|b| rest.iter().all(|&w| windows()[w].contains(&b))))
    })
}

/// The empty points, in board order, of `side`'s open windows (none of the other's stones)
/// holding `least` or more of its stones: at 2, where a pair can make threats; at 3, where one
/// stone makes one.
pub fn open_window_empties(board: &Board, side: Color, least: usize) -> Vec<Point> {
    board.empties_of((0..windows().len()).filter(|&w| {
        let (own, opp) = board.window_counts(w, side);
        opp == 0 && own >= least
    }))
}

/// `side`'s windows that two more stones turn into threats: their empty points are where a
/// pair can make threats.
pub fn threat_candidates(board: &Board, side: Color) -> Vec<Point> {
    open_window_empties(board, side, 2)
}

/// The threats through `a` or `c` (just placed) on `b`.
fn threats_through(b: &Board, side: Color, a: Point, c: Point) -> Vec<usize> {
    let mut ws: Vec<usize> = windows_through()[a.index()]
        .iter()
        .chain(&windows_through()[c.index()])
        .map(|&w| w as usize)
        .filter(|&w| {
            let (own, opp) = b.window_counts(w, side);
            opp == 0 && own + 2 >= WIN_LENGTH
        })
        .collect();
    ws.sort();
    ws.dedup();
    ws
}

/// Every set of two empty points that hits all of `ws` (which one stone cannot block).
fn blocking_pairs(board: &Board, ws: &[usize]) -> Vec<[Point; 2]> {
    let pts = board.empties_of(ws.iter().copied());
    let mut out = Vec::new();
    for (i, &a) in pts.iter().enumerate() {
        for &c in &pts[i + 1..] {
            if ws
                .iter()
                .all(|&w| windows()[w].contains(&a) || windows()[w].contains(&c))
            {
                out.push([a, c]);
            }
        }
    }
    out
}

/// A threat-space search: a pair that wins for `side` within `depth` more turns of forcing
/// moves, whatever the opponent blocks with. A forcing move makes threats that need both of
/// the opponent's stones (so its whole turn is a block, among few); a line fails where the
/// opponent's block makes a threat of its own. `side` and its opponent have no threats. The
/// search stops, finding nothing more, after [`SEARCH_BUDGET`] pairs.
pub fn forced_win(board: &Board, side: Color, depth: u32) -> Option<[Point; 2]> {
    let mut budget = SEARCH_BUDGET;
    forced_win_within(board, side, depth, &mut budget)
}

/// [`forced_win`] within `budget` pairs, less what it looks at (0: it ran out).
pub fn forced_win_within(
    board: &Board,
    side: Color,
    depth: u32,
    budget: &mut u64,
) -> Option<[Point; 2]> {
    if let Some(&p) = pairs_that_win(board, side, true, budget).first() {
        return Some(p);
    }
    if depth == 0 {
        return None;
    }
    let opp = side.other();
    let cands = threat_candidates(board, side);
    let mut b = board.clone();
    for (i, &a) in cands.iter().enumerate() {
        b.set(a, Some(side));
        for &c in &cands[i + 1..] {
            if *budget == 0 {
                return None;
            }
            *budget -= 1;
            b.set(c, Some(side));
            let wins = forcing_on(&b, side, a, c).is_some_and(|blocks| {
                !blocks.is_empty()
                    && blocks.iter().all(|d| {
                        let mut bd = b.clone();
                        bd.set(d[0], Some(opp));
                        bd.set(d[1], Some(opp));
                        threats(&bd, opp).is_empty()
                            && forced_win_within(&bd, side, depth - 1, budget).is_some()
                    })
            });
            b.set(c, None);
            if wins {
                return Some([a, c]);
            }
        }
        b.set(a, None);
    }
    None
}

/// Whether `a` and `c` (empty) are a *forcing* pair of `side` (which has no threat): its
/// threats after them need both of the opponent's stones. If so, every pair of empty points
/// that hits them all (in board order; none: the pair wins), the opponent's only replies.
pub fn forcing_blocks(board: &Board, side: Color, a: Point, c: Point) -> Option<Vec<[Point; 2]>> {
    let mut b = board.clone();
    b.set(a, Some(side));
    b.set(c, Some(side));
    forcing_on(&b, side, a, c)
}

/// [`forcing_blocks`] on a board with the pair already put down.
pub(crate) fn forcing_on(b: &Board, side: Color, a: Point, c: Point) -> Option<Vec<[Point; 2]>> {
    let ws = threats_through(b, side, a, c);
    (!ws.is_empty() && !blockable(b, &ws, 1)).then(|| blocking_pairs(b, &ws))
}

/// `side`'s winning pairs: two empty points after which the threats through them cannot be
/// blocked by two stones (a threat `side` has elsewhere is left out: the preparation counts
/// them after a pair that makes one; a pair that completes a threat to six is one).
pub fn winning_pairs(board: &Board, side: Color) -> Vec<[Point; 2]> {
    let mut unbounded = u64::MAX;
    pairs_that_win(board, side, false, &mut unbounded)
}

/// Whether `a` and `c` (empty) are a winning pair of `side`: its threats through them cannot
/// all be hit by two stones.
pub fn pair_wins(board: &Board, side: Color, a: Point, c: Point) -> bool {
    let mut b = board.clone();
    b.set(a, Some(side));
    b.set(c, Some(side));
    !blockable(&b, &threats_through(&b, side, a, c), 2)
}

/// The winning pairs in candidate order (only the first if `first`), a pair of `budget` each.
fn pairs_that_win(board: &Board, side: Color, first: bool, budget: &mut u64) -> Vec<[Point; 2]> {
    let cands = threat_candidates(board, side);
    let mut b = board.clone();
    let mut out = Vec::new();
    for (i, &a) in cands.iter().enumerate() {
        b.set(a, Some(side));
        for &c in &cands[i + 1..] {
            if *budget == 0 {
                return out;
            }
            *budget -= 1;
            b.set(c, Some(side));
            if !blockable(&b, &threats_through(&b, side, a, c), 2) {
                out.push([a, c]);
                if first {
                    return out;
                }
            }
            b.set(c, None);
        }
        b.set(a, None);
    }
    out
}

/// The sets of at most `n` (1 or 2) empty points of `ws` that hit the most windows of `ws`
/// (singles first, then pairs, each in board order), and whether they hit them all.
fn most_hitting_sets(board: &Board, ws: &[usize], n: usize) -> (Vec<Vec<Point>>, bool) {
    let pts = board.empties_of(ws.iter().copied());
    let hits = |set: &[Point]| {
        ws.iter()
            .filter(|&&w| set.iter().any(|p| windows()[w].contains(p)))
            .count()
    };
    let mut sets: Vec<Vec<Point>> = pts.iter().map(|&a| vec![a]).collect();
    if n == 2 {
        for (i, &a) in pts.iter().enumerate() {
            sets.extend(pts[i + 1..].iter().map(|&c| vec![a, c]));
        }
    }
    let most = sets.iter().map(|s| hits(s)).max().unwrap_or(0);
    sets.retain(|s| hits(s) == most);
    (sets, most == ws.len())
}

/// Of sets that hit every window, those of the fewest stones.
fn fewest_stones(mut sets: Vec<Vec<Point>>) -> Vec<Vec<Point>> {
    let fewest = sets.iter().map(Vec::len).min().unwrap_or(0);
    sets.retain(|s| s.len() == fewest);
    sets
}

/// The fewest stones (one or two) of `side` that hit every window of `ws`, the best line
/// score among equals, then the first in order (all of `ws` hit if two stones can; else
/// none: the game is lost).
pub fn block_line_score(board: &Board, side: Color, ws: &[usize]) -> Vec<Point> {
    let (sets, all) = most_hitting_sets(board, ws, 2);
    if !all {
        return Vec::new();
    }
    let score = |set: &[Point]| set.iter().map(|&p| line_score(board, side, p)).sum::<u32>();
    fewest_stones(sets)
        .into_iter()
        .map(|s| (score(&s), std::cmp::Reverse(s)))
        .max()
        .map(|(_, std::cmp::Reverse(s))| s)
        .unwrap_or_default()
}

/// The empty point of best line score for `side`, the first in board order among equals.
pub fn best_point(board: &Board, side: Color, among: impl Iterator<Item = Point>) -> Option<Point> {
    among
        .filter(|&p| board.is_empty(p))
        .map(|p| (line_score(board, side, p), std::cmp::Reverse(p)))
        .max()
        .map(|(_, std::cmp::Reverse(p))| p)
}

/// Which of the turn's steps the player takes, and how deep its attack looks: the full
/// player ([`Steps::FULL`]) and the smaller ones a circuit builds first, whose strength the
/// `threat_steps` example measures against the baseline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Steps {
    /// Turns of forcing moves the attack looks through (0: a winning pair only).
    pub forcing: u32,
    /// Step 2 chooses among blocking sets by the opponent's winning pairs and forced wins
    /// left; without it, as the baseline does (the best line score among the fewest stones).
    pub block_by_pairs: bool,
    /// Step 4, the defence against the opponent's winning pairs.
    pub defend: bool,
    /// Step 5, the preparation.
    pub prepare: bool,
    /// The circuit's blocks in place of the model's searches: the win from the threat
    /// scanner's first threat, the block from the threat blocker (`blocker::block`), the
    /// attack from the forcing search (`forcing_search::search_forced`, [`CHIP_BUDGET`]
    /// pairs tested, two forcing turns at most), the preparation from the preparation block
    /// (`prepare::prepare`, which also tries pairs that only make a threat), the defence
    /// (with `defend`, for a turn's two stones) against the opponent's first winning pair on
    /// a short list (`defence::defend`): the threat player as the chip will play it
    /// (`super::turn`, which takes no defence yet: `Steps::CHIP`).
    pub circuit: bool,
}

impl Steps {
    /// Every step, the attack [`FORCING_TURNS`] deep: [`decide`].
    pub const FULL: Steps = Steps {
        forcing: FORCING_TURNS,
        block_by_pairs: true,
        defend: true,
        prepare: true,
        circuit: false,
    };

    /// The threat player on chip (`super::turn`): the attack two forcing turns deep, the
    /// baseline's block, the preparation, on the circuits' models; no defence.
    pub const CHIP: Steps = Steps {
        forcing: FORCING_TURNS,
        block_by_pairs: false,
        defend: false,
        prepare: true,
        circuit: true,
    };
}

/// The stones of the side to move (the game must not be over).
pub fn decide(game: &Game) -> Vec<Point> {
    decide_with(game, Steps::FULL)
}

/// [`decide`] with the attack looking through `forcing` turns of forcing moves.
pub fn decide_depth(game: &Game, forcing: u32) -> Vec<Point> {
    decide_with(
        game,
        Steps {
            forcing,
            ..Steps::FULL
        },
    )
}

/// [`decide`] taking only the given steps.
pub fn decide_with(game: &Game, steps: Steps) -> Vec<Point> {
    assert!(game.outcome().is_none(), "the game is over");
    let side = game.to_move();
    let n = game.stones_this_turn();
    let board = game.board().clone();
    if board.stones() == 0 {
        return vec![CENTRE];
    }
    let mut out = Vec::new();
    let mut b = board.clone();
    // 1. Win (on chip, the scanner's first threat).
    let win = if steps.circuit {
        super::threat_scan::scan(&b, side)
            .own
            .first
            .map(|w| w.empty_points())
    } else {
        winning_stones(&b, side, n)
    };
    if let Some(win) = win {
        out = win;
    } else {
        // 2. Block.
        let theirs = threats(&b, side.other());
        if !theirs.is_empty() {
            out = if steps.block_by_pairs {
                block(&b, side, &theirs, n)
            } else {
                if steps.circuit {
                    super::blocker::block(&b, side).set
                } else {
                    block_line_score(&b, side, &theirs)
                }
            };
            if out.is_empty() {
                // Lost: hit as many as possible (as `block` does).
                out = most_hitting_sets(&b, &theirs, n).0.swap_remove(0);
            }
        }
    }
    for &p in &out {
        b.set(p, Some(side));
    }
    while out.len() < n {
        let left = n - out.len();
        let stones = free_stones(&b, side, left, steps);
        for &p in &stones {
            b.set(p, Some(side));
        }
        out.extend(stones);
    }
    out.truncate(n);
    out
}

/// Step 2: the blocking set (see the module's header).
fn block(board: &Board, side: Color, theirs: &[usize], n: usize) -> Vec<Point> {
    let (mut sets, all) = most_hitting_sets(board, theirs, n);
    if !all {
        // Lost: hit as many as possible.
        return sets.swap_remove(0);
    }
    // Prefer a single stone (the other is free), then the fewest winning pairs left.
    fewest_winning_pairs(board, side, fewest_stones(sets)).expect("a set")
}

/// Of `sets` of `side`'s stones, the one after which the opponent has the fewest winning
/// pairs, then no forced win within a turn of forcing moves (searched while the choice's
/// [`DEFENCE_BUDGET`] lasts), then the best line score, then the first in order.
fn fewest_winning_pairs(board: &Board, side: Color, sets: Vec<Vec<Point>>) -> Option<Vec<Point>> {
    let mut b = board.clone();
    let mut budget = DEFENCE_BUDGET;
    sets.into_iter()
        .map(|s| {
            for &p in &s {
                b.set(p, Some(side));
            }
            let wp = winning_pairs(&b, side.other()).len();
            let forced = wp == 0
                && budget > 0
                && threats(&b, side).is_empty()
                && forced_win_within(&b, side.other(), 1, &mut budget).is_some();
            let key = (
                std::cmp::Reverse(wp),
                !forced,
                s.iter().map(|&p| line_score(board, side, p)).sum::<u32>(),
            );
            for &p in &s {
                b.set(p, None);
            }
            (key, std::cmp::Reverse(s))
        })
        .max()
        .map(|(_, std::cmp::Reverse(s))| s)
}

/// Steps 3-6 for `left` (1 or 2) stones with no threat on the board to win or block.
fn free_stones(board: &Board, side: Color, left: usize, steps: Steps) -> Vec<Point> {
    let opp = side.other();
    // 3. Attack (a winning pair needs both stones).
    if left == 2 {
        let attack = match (steps.circuit, steps.forcing) {
            (false, _) => forced_win(board, side, steps.forcing),
            (true, 0) => super::pair_search::search(board, side, true, CHIP_BUDGET).first,
            (true, turns) => {
                let turns = turns.min(super::forcing_search::MAX_TURNS);
                super::forcing_search::search_forced(board, side, turns, CHIP_BUDGET).first
            }
        };
        if let Some(pair) = attack {
            return pair.to_vec();
        }
    }
    // 4. Defend (the circuit's: against the opponent's first winning pair, on a short list,
    // for two stones only; the stone a block leaves is the line score's).
    if steps.defend && steps.circuit && left == 2 {
        let theirs = super::pair_search::search(board, opp, true, SEARCH_BUDGET).first;
        if let Some(pair) = theirs.and_then(|t| defend(board, side, t, SEARCH_BUDGET).pair) {
            return pair.to_vec();
        }
    }
    let theirs = if steps.defend && !steps.circuit {
        winning_pairs(board, opp)
    } else {
        Vec::new()
    };
    if !theirs.is_empty() {
        let mut cands: Vec<Point> = theirs.iter().flatten().copied().collect();
        let mut by_score: Vec<Point> = board.empties().collect();
        by_score.sort_by_key(|&p| std::cmp::Reverse(line_score(board, side, p)));
        cands.extend(by_score.into_iter().take(DEFENCE_CANDIDATES));
        cands.sort();
        cands.dedup();
        let mut sets: Vec<Vec<Point>> = cands.iter().map(|&a| vec![a]).collect();
        if left == 2 {
            sets.clear();
            for (i, &a) in cands.iter().enumerate() {
                sets.extend(cands[i + 1..].iter().map(|&c| vec![a, c]));
            }
        }
        let best = fewest_winning_pairs(board, side, sets);
        if let Some(s) = best {
            return s;
        }
    }
    // 5. Prepare: of the pairs of the best line-score points, the one whose winning pairs
    // best survive the opponent's reply (see the module's header).
    if left == 2 && steps.prepare && steps.circuit {
        if let Some(pair) = super::prepare::prepare(board, side, CHIP_BUDGET).pair {
            return pair.to_vec();
        }
    } else if left == 2 && steps.prepare {
        if let Some(pair) = prepare(board, side) {
            return pair.to_vec();
        }
    }
    // 6. Line score.
    let p = best_point(board, side, board.empties()).expect("an empty point");
    vec![p]
}

/// Step 5, the preparation (see the module's header): of the pairs of the
/// [`PREPARE_CANDIDATES`] best line-score points that leave `side` winning pairs, the one
/// whose winning pairs best survive the opponent's reply, if any.
pub fn prepare(board: &Board, side: Color) -> Option<[Point; 2]> {
    let opp = side.other();
    let top = super::prepare::top_points(board, side);
    let mut b = board.clone();
    let mut best: Option<((usize, usize), [Point; 2])> = None;
    for (i, &a) in top.iter().enumerate() {
        b.set(a, Some(side));
        for &c in &top[i + 1..] {
            b.set(c, Some(side));
            let n = winning_pairs(&b, side).len();
            if n > 0 {
                // The opponent's reply: its blocks, then its best line-score points.
                let mut r = b.clone();
                let mut left = 2;
                let ours = threats(&r, side);
                let blocks = block_line_score(&r, opp, &ours);
                for &x in &blocks {
                    r.set(x, Some(opp));
                    left -= 1;
                }
                // Threats two stones cannot block win outright (the attack's search missed
                // them only if its budget ran out).
                let unblockable = !ours.is_empty() && blocks.is_empty();
                for _ in 0..left {
                    if let Some(x) = best_point(&r, opp, r.empties()) {
                        r.set(x, Some(opp));
                    }
                }
                let survive = if unblockable {
                    usize::MAX
                } else {
                    winning_pairs(&r, side).len()
                };
                let key = (survive, n);
                if best.is_none_or(|(m, _)| key > m) {
                    best = Some((key, [a, c]));
                }
            }
            b.set(c, None);
        }
        b.set(a, None);
    }
    best.map(|(_, pair)| pair)
}
