//! The preparation, past the paper: the threat player's step 5 as the circuit takes it
//! (`gateware::connect6::preparation`): of the pairs of the [`CANDIDATES`] best line-score
//! points, the one whose winning pairs best survive the opponent's reply
//! (`threat::Steps::circuit`; the threat player's own is `threat::prepare`).
//!
//! The circuit, on the board overlay:
//!
//! 1. **Rank**: the line scorer's scan of the board for the side ([`LINE_CYCLES`]), its rows
//!    kept in a RAM as they stream; then a point a cycle ([`RANK_CYCLES`] for the 361) into
//!    a sorted list of 16, the best score first, the first in board order among equals,
//!    occupied points left out ([`top_points`]).
//! 2. For each pair `a`, `c` of the list (`a` before `c`): both pushed (the side's, a cycle
//!    each, [`PUSH_CYCLES`]), the winning-pair search counting the side's winning pairs
//!    (started in the second push).
//! 3. A pair with winning pairs, or one that makes a threat of the side's (the pair forces
//!    the reply; the search counts the pairs that win by their own threats, as
//!    `threat::winning_pairs` does), is tried against the reply, modelled as the
//!    baseline's (its line scores the player's, `threat::WEIGHTS`: the circuit has one line
//!    scorer): the threats blocked (the threat blocker for the opponent, started in the
//!    cycle the count is taken; its stones pushed, a cycle each); threats it cannot block
//!    win outright (the best key); then the opponent's best line-score points for its
//!    stones left (the line scorer, a scan each, the best pushed in the cycle its scan ends);
//!    the side's winning pairs counted again (started with the last push or scan).
//! 4. The best pair: the most winning pairs surviving, then the most before the reply, the
//!    first in list order among equals. The overlay is cleared in the cycle a pair's last
//!    answer is taken; the next pair's pushes follow.
//!
//! One budget of pairs tested bounds all the searches; a search that exhausts it ends the
//! preparation with the best pair so far. Both counts of a pair test only the pairs near it
//! (the search's focus, `pair_search::near_focus`): the side had no winning pair before it;
//! and only those that can win (`pair_search::can_win`: a focused search counts wins only).

use super::blocker::block;
use super::line_scan::{scores, CYCLES as LINE_CYCLES};
use super::pair_search::search_near;
use super::threat::best_point;
use super::{Board, Color, Point, SIZE};

/// Points of best line score the preparation pairs (`threat::PREPARE_CANDIDATES`).
pub const CANDIDATES: usize = super::threat::PREPARE_CANDIDATES;

/// Cycles of the ranking after the line scorer's scan: a point a cycle.
pub const RANK_CYCLES: u64 = (SIZE * SIZE) as u64;

/// Cycles to push a pair on the overlay (the count's search starts in the second).
pub const PUSH_CYCLES: u64 = 2;

/// The preparation's answer, as the circuit gives it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Prepared {
    /// The candidates, best first.
    pub top: Vec<Point>,
    /// The best pair, if a pair was tried against the reply.
    pub pair: Option<[Point; 2]>,
    /// Its key: its threats cannot be blocked; its winning pairs after the reply; before it.
    pub unblockable: bool,
    pub survive: u64,
    pub wins: u64,
    /// Pairs pushed; pairs tried against the reply.
    pub pairs: u64,
    pub replies: u64,
    /// Winning-pair searches run, pairs they tested in all; the budget ran out.
    pub searches: u64,
    pub tested: u64,
    pub exhausted: bool,
    /// Cycles from `start` to the first cycle `done` is high.
    pub cycles: u64,
}

/// The [`CANDIDATES`] empty points of best line score for `side`, best first, the first in
/// board order among equals.
pub fn top_points(board: &Board, side: Color) -> Vec<Point> {
    top_of(&scores(board, side))
}

/// [`top_points`] of the line scores of every point (`line_scan::scores`: `None` where the
/// point is occupied).
pub fn top_of(scores: &[Option<u32>]) -> Vec<Point> {
    let mut top: Vec<(u32, Point)> = scores
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.map(|s| (s, Point(i as u16))))
        .collect();
    top.sort_by_key(|&(s, p)| (std::cmp::Reverse(s), p));
    top.into_iter().take(CANDIDATES).map(|(_, p)| p).collect()
}

/// Whether `side`'s `pair` on `board` makes a threat of its (the preparation tries such a pair
/// against the reply: the opponent must block it).
pub fn makes_threat(board: &Board, side: Color, pair: [Point; 2]) -> bool {
    let mut b = board.clone();
    pair.iter().for_each(|&p| b.set(p, Some(side)));
    !b.threats(side).is_empty()
}

/// `side`'s preparation on `board` (no threat of either side's on it, and no winning pair of
/// `side`'s, as the turn prepares after its attack found none: the counts are focused on the
/// pair tried, `pair_search::near_focus`, and would miss a winning pair away from it), at most
/// `budget` pairs tested by its searches.
pub fn prepare(board: &Board, side: Color, budget: u64) -> Prepared {
    let opp = side.other();
    let top = top_points(board, side);
    // `now`: the cycle in which the last answer is taken (the ranking's last point).
    let mut now = LINE_CYCLES + RANK_CYCLES;
    let mut out = Prepared {
        top: top.clone(),
        ..Prepared::default()
    };
    let mut left = budget;
    let mut best: Option<(bool, u64, u64)> = None;
    let mut b = board.clone();
    'pairs: for (i, &a) in top.iter().enumerate() {
        for &c in &top[i + 1..] {
            out.pairs += 1;
            b.set(a, Some(side));
            b.set(c, Some(side));
            let count = search_near(&b, side, false, left, Some([a, c]));
            now += PUSH_CYCLES + count.cycles;
            out.searches += 1;
            out.tested += count.tested;
            left -= count.tested;
            if count.exhausted {
                out.exhausted = true;
                break 'pairs;
            }
            let mut r = b.clone();
            b.set(a, None);
            b.set(c, None);
            if count.wins == 0 && !count.own_threat {
                continue;
            }
            out.replies += 1;
            // The reply: the threats blocked, then the best line-score points.
            let mut stones = 2;
            let mut unblockable = false;
            if count.own_threat {
                let blocked = block(&r, opp);
                now += blocked.cycles;
                if blocked.all {
                    for &x in &blocked.set {
                        r.set(x, Some(opp));
                    }
                    now += blocked.set.len() as u64;
                    stones -= blocked.set.len();
                } else {
                    unblockable = true;
                }
            }
            let mut survive = 0;
            if !unblockable {
                for _ in 0..stones {
                    now += LINE_CYCLES;
                    if let Some(x) = best_point(&r, opp, r.empties()) {
                        r.set(x, Some(opp));
                    }
                }
                let again = search_near(&r, side, false, left, Some([a, c]));
                now += again.cycles;
                out.searches += 1;
                out.tested += again.tested;
                left -= again.tested;
                if again.exhausted {
                    out.exhausted = true;
                    break 'pairs;
                }
                survive = again.wins;
            }
            let key = (unblockable, survive, count.wins);
            if best.is_none_or(|m| key > m) {
                best = Some(key);
                out.pair = Some([a, c]);
                (out.unblockable, out.survive, out.wins) = key;
            }
        }
    }
    out.cycles = now + 1;
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect6::random::baseline_game;
    use crate::connect6::threat::{block_line_score, threats, winning_pairs};
    use crate::connect6::Game;

    #[test]
    fn ranks_the_best_line_scores_in_board_order() {
        // The top points against every empty point's score: sorted, no better point left out.
        let game = baseline_game(0x9e9, 3, 30);
        let mut replay = Game::new();
        for turn in game.turns() {
            replay.play(turn).unwrap();
            let board = replay.board();
            for side in [Color::Black, Color::White] {
                let top = top_points(board, side);
                let s = scores(board, side);
                let key = |p: Point| (std::cmp::Reverse(s[p.index()].unwrap()), p);
                assert_eq!(top.len(), CANDIDATES.min(board.empties().count()));
                assert!(top.windows(2).all(|w| key(w[0]) < key(w[1])));
                let last = key(*top.last().unwrap());
                assert!(board
                    .empties()
                    .filter(|p| !top.contains(p))
                    .all(|p| key(p) > last));
            }
        }
    }

    /// The key the module's header gives `a`, `c`, from the threat player's own functions
    /// (not the circuit's models): none if the pair is not tried against the reply.
    fn reference_key(board: &Board, side: Color, a: Point, c: Point) -> Option<(bool, u64, u64)> {
        let opp = side.other();
        let mut b = board.clone();
        b.set(a, Some(side));
        b.set(c, Some(side));
        let ours = threats(&b, side);
        let n = winning_pairs(&b, side).len() as u64;
        if n == 0 && ours.is_empty() {
            return None;
        }
        let blocks = block_line_score(&b, opp, &ours);
        if !ours.is_empty() && blocks.is_empty() {
            return Some((true, 0, n));
        }
        for &x in &blocks {
            b.set(x, Some(opp));
        }
        for _ in blocks.len()..2 {
            if let Some(x) = best_point(&b, opp, b.empties()) {
                b.set(x, Some(opp));
            }
        }
        Some((false, winning_pairs(&b, side).len() as u64, n))
    }

    #[test]
    fn the_pair_chosen_survives_the_reply_best() {
        // On positions without threats: every pair of the candidates keyed by the threat
        // player's own functions; the pair chosen is the first of the best key, and its key
        // the same.
        let (mut positions, mut found, mut by_threat) = (0, 0, 0);
        for g in 0..6 {
            let game = baseline_game(0x9ea + g, 3, 30);
            let mut replay = Game::new();
            for (t, turn) in game.turns().iter().enumerate() {
                replay.play(turn).unwrap();
                if t % 2 != 1 || replay.outcome().is_some() {
                    continue;
                }
                let board = replay.board();
                let side = replay.to_move();
                // As a turn prepares: no threat, and no winning pair of the side's (the
                // attack's search found none; the counts are focused on the pair tried).
                if !threats(board, side).is_empty()
                    || !threats(board, side.other()).is_empty()
                    || !winning_pairs(board, side).is_empty()
                {
                    continue;
                }
                let p = prepare(board, side, 1 << 19);
                positions += 1;
                assert!(!p.exhausted);
                assert_eq!(p.pairs as usize, CANDIDATES * (CANDIDATES - 1) / 2);
                let mut want: Option<((bool, u64, u64), [Point; 2])> = None;
                let mut replies = 0;
                for (i, &a) in p.top.iter().enumerate() {
                    for &c in &p.top[i + 1..] {
                        if let Some(k) = reference_key(board, side, a, c) {
                            replies += 1;
                            if want.is_none_or(|(m, _)| k > m) {
                                want = Some((k, [a, c]));
                            }
                        }
                    }
                }
                assert_eq!(p.replies, replies);
                assert!(p.searches >= p.pairs && p.searches <= p.pairs + p.replies);
                assert_eq!(
                    p.pair
                        .map(|pair| ((p.unblockable, p.survive, p.wins), pair)),
                    want,
                    "{}",
                    board.diagram()
                );
                found += usize::from(p.pair.is_some());
                by_threat +=
                    usize::from(p.pair.is_some_and(|pair| makes_threat(board, side, pair)));
            }
        }
        eprintln!("{positions} positions, {found} with a pair, {by_threat} by a threat");
        assert!(
            positions > 20 && found > 10 && by_threat > 0,
            "{positions} positions, {found} found"
        );
    }
}
