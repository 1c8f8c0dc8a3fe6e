//! The defence, past the paper: the threat player's step 4 as the circuit will take it (the
//! gateware is still to build: `docs/connect6.md`, "What is left"). When the opponent has a
//! winning pair (two stones after which its threats cannot all be blocked) and the side has
//! neither a threat to fill nor an attack, the side's two stones, of a short list, after which
//! the opponent has the fewest winning pairs, then no forced win within one forcing turn, then
//! the best line score.
//!
//! The threat player's own defence (`threat::free_stones`, step 4) takes every point of every
//! winning pair of the opponent's and the 12 best line-score points, and its own searches. The
//! circuit knows the opponent's *first* winning pair (the winning-pair search run for the
//! opponent, its first answer) and has the preparation's ranking of the side's best line-score
//! points; so:
//!
//! 1. **Rank**: the preparation's (the line scorer's scan for the side, its rows kept, a point
//!    a cycle into the sorted list: [`super::prepare::top_points`]).
//! 2. **List**: the two points of the opponent's first winning pair, then the [`CANDIDATES`]
//!    best of the ranking that are neither.
//! 3. For each pair `a`, `c` of the list (`a` before `c`): a pair whose line-score sum cannot
//!    beat the best so far (the best already leaves no winning pair and no forced win, and
//!    its sum is at least this one's) is skipped ([`SKIP_CYCLES`]): it could only tie, so the
//!    answer is the one without skipping, but for a budget that runs out later; else both
//!    pushed ([`PUSH_CYCLES`]), the winning-pair search counting the opponent's winning pairs
//!    (started in the second push); with none, the forcing search for the opponent, one
//!    forcing turn deep, on the overlay (started in the cycle the count is taken). The model's
//!    own defence looks for the forced win only where the side's stones make no threat; the
//!    circuit's looks always: the forcing search's children fail on a threat of the side's
//!    (the opponent's forcing pair must hit it), so a forced win it finds is one.
//! 4. The best pair: the fewest winning pairs, then no forced win, then the best line-score
//!    sum, the first in list order among equals.
//!
//! One budget of pairs tested bounds the defence's searches (the threat player gives it
//! `threat::SEARCH_BUDGET`, as it gives the attack and the opponent's search each theirs); a
//! search that exhausts it ends the defence with the best pair so far (none if it was the
//! first).
//!
//! Only a turn's two stones defend: after a block of one stone, the stone left is the line
//! score's, as in the rest of the chip's turn (`super::turn`).
//!
//! Measured with `cargo run --release -p model --example threat_steps` (2026-12-06, 100 games
//! against the baseline from seed 100, the chip's steps): no defence 93 wins; this list with
//! the forced-win check 95; the same without the check 94; the threat player's own (every
//! point of every winning pair and 12 best line scores) 95 without its own searches, 97 with.

use super::forcing_search::search_forced;
use super::line_scan::{scores, CYCLES as LINE_CYCLES};
use super::pair_search::search;
use super::prepare::{top_of, PUSH_CYCLES, RANK_CYCLES};
use super::{Board, Color, Point};

/// Points of the ranking the list holds besides the opponent's pair.
pub const CANDIDATES: usize = 8;

/// Cycles to skip a pair that cannot beat the best (its sum compared).
pub const SKIP_CYCLES: u64 = 1;

/// A pair's key, greatest best: the opponent's winning pairs after it (fewest), no forced win
/// of the opponent's found, the pair's line-score sum.
pub type Key = (std::cmp::Reverse<u64>, bool, u32);

/// The defence's answer, as the circuit gives it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Defended {
    /// The list: the opponent's pair, then the best line-score points.
    pub list: Vec<Point>,
    /// The best pair, if one was searched.
    pub pair: Option<[Point; 2]>,
    /// Its key: the opponent's winning pairs after it; the opponent's forced win found after
    /// it (searched only where it leaves no winning pair); its line-score sum.
    pub wins: u64,
    pub forced: bool,
    pub score: u32,
    /// Pairs pushed; pairs skipped by their sum.
    pub pairs: u64,
    pub skipped: u64,
    /// Searches run (counts and forcing searches), pairs they tested in all; the budget ran
    /// out.
    pub searches: u64,
    pub tested: u64,
    pub exhausted: bool,
    /// Cycles from `start` to the first cycle `done` is high.
    pub cycles: u64,
}

/// The list of step 2: `theirs`, then the best of `top` that are neither, [`CANDIDATES`] of
/// them.
pub fn list(theirs: [Point; 2], top: &[Point]) -> Vec<Point> {
    let rest = top.iter().filter(|p| !theirs.contains(p)).take(CANDIDATES);
    theirs.iter().chain(rest).copied().collect()
}

/// `side`'s defence on `board` (no threat of either side's on it) against the opponent's
/// winning pair `theirs` (two empty points), at most `budget` pairs tested by its searches
/// (at most `pair_search::MAX_BUDGET`, the circuit's counter).
pub fn defend(board: &Board, side: Color, theirs: [Point; 2], budget: u64) -> Defended {
    let opp = side.other();
    let score = scores(board, side);
    let sum = |a: Point, c: Point| score[a.index()].unwrap_or(0) + score[c.index()].unwrap_or(0);
    let list = list(theirs, &top_of(&score));
    // `now`: the cycle in which the last answer is taken (the ranking's last point).
    let mut now = LINE_CYCLES + RANK_CYCLES;
    let mut out = Defended {
        list: list.clone(),
        ..Defended::default()
    };
    let mut left = budget;
    let mut best: Option<Key> = None;
    let mut b = board.clone();
    'pairs: for (i, &a) in list.iter().enumerate() {
        for &c in &list[i + 1..] {
            let s = sum(a, c);
            if best.is_some_and(|(w, no_forced, m)| w.0 == 0 && no_forced && m >= s) {
                now += SKIP_CYCLES;
                out.skipped += 1;
                continue;
            }
            out.pairs += 1;
            b.set(a, Some(side));
            b.set(c, Some(side));
            let count = search(&b, opp, false, left);
            now += PUSH_CYCLES + count.cycles;
            out.searches += 1;
            out.tested += count.tested;
            left -= count.tested;
            let mut forced = false;
            if count.exhausted {
                out.exhausted = true;
            } else if count.wins == 0 {
                let f = search_forced(&b, opp, 1, left);
                now += f.cycles;
                out.searches += f.searches;
                out.tested += f.tested;
                left -= f.tested;
                out.exhausted = f.exhausted;
                forced = f.first.is_some();
            }
            b.set(a, None);
            b.set(c, None);
            if out.exhausted {
                break 'pairs;
            }
            let key = (std::cmp::Reverse(count.wins), !forced, s);
            if best.is_none_or(|m| key > m) {
                best = Some(key);
                out.pair = Some([a, c]);
                (out.wins, out.forced, out.score) = (count.wins, forced, s);
            }
        }
    }
    out.cycles = now + 1;
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect6::pair_search::MAX_BUDGET;
    use crate::connect6::random::{baseline_game, random_game};
    use crate::connect6::threat::{line_score, threats, winning_pairs};
    use crate::connect6::Game;

    /// Positions of seeded games where the side to move has no threat to fill or block and
    /// the opponent has a winning pair: the board, the side, the opponent's first.
    fn positions(games: impl Iterator<Item = Game>) -> Vec<(Board, Color, [Point; 2])> {
        let mut out = Vec::new();
        for game in games {
            let mut replay = Game::new();
            for turn in game.turns() {
                replay.play(turn).unwrap();
                if replay.outcome().is_some() {
                    break;
                }
                let (board, side) = (replay.board(), replay.to_move());
                if !threats(board, side).is_empty() || !threats(board, side.other()).is_empty() {
                    continue;
                }
                if let Some(&first) = winning_pairs(board, side.other()).first() {
                    out.push((board.clone(), side, first));
                }
            }
        }
        out
    }

    /// Every pair of `list` in the defence's order with its key from the threat player's own
    /// functions (winning pairs by `winning_pairs`, the line score by the player's
    /// `line_score`); the forced win by the circuit's forcing search, as the defence runs it.
    fn reference_keys(board: &Board, side: Color, list: &[Point]) -> Vec<(Key, [Point; 2])> {
        let opp = side.other();
        let mut out = Vec::new();
        for (i, &a) in list.iter().enumerate() {
            for &c in &list[i + 1..] {
                let mut b = board.clone();
                b.set(a, Some(side));
                b.set(c, Some(side));
                let wp = winning_pairs(&b, opp).len() as u64;
                let forced = wp == 0 && search_forced(&b, opp, 1, MAX_BUDGET).first.is_some();
                let s = line_score(board, side, a) + line_score(board, side, c);
                out.push(((std::cmp::Reverse(wp), !forced, s), [a, c]));
            }
        }
        out
    }

    /// The first pair of the greatest key among `keys`, if any.
    fn best(keys: &[(Key, [Point; 2])]) -> Option<(Key, [Point; 2])> {
        let mut out: Option<(Key, [Point; 2])> = None;
        for &(k, pair) in keys {
            if out.is_none_or(|(m, _)| k > m) {
                out = Some((k, pair));
            }
        }
        out
    }

    #[test]
    fn the_pair_chosen_leaves_the_fewest_winning_pairs() {
        // On the positions of eight seeded games: the list is the opponent's pair and the
        // best line-score points that are neither (by the player's `line_score`, the first
        // in board order among equals); the pair chosen is the first of the best key of
        // every pair of the list: skipping pairs by their sum changes no answer.
        let games = (0..4)
            .map(|g| random_game(0xde0 + g, 40))
            .chain((0..4).map(|g| baseline_game(0xde4 + g, 3, 40)));
        let (mut skipping, mut forced_seen, mut cycles, mut worst) = (0, 0, 0, 0);
        let all = positions(games);
        for (board, side, first) in &all {
            let got = defend(board, *side, *first, MAX_BUDGET);
            assert!(!got.exhausted);
            cycles += got.cycles;
            worst = worst.max(got.cycles);
            assert_eq!(got.list[..2], *first);
            let rank = |p: &Point| (std::cmp::Reverse(line_score(board, *side, *p)), *p);
            let rest = &got.list[2..];
            assert_eq!(rest.len(), CANDIDATES);
            assert!(rest.windows(2).all(|w| rank(&w[0]) < rank(&w[1])));
            let last = rank(rest.last().expect("candidates"));
            assert!(board
                .empties()
                .filter(|p| !got.list.contains(p))
                .all(|p| rank(&p) > last));
            let keys = reference_keys(board, *side, &got.list);
            forced_seen += keys.iter().filter(|(k, _)| !k.1).count();
            let (key, pair) = best(&keys).expect("pairs");
            assert_eq!(got.pair, Some(pair), "\n{}", board.diagram());
            assert_eq!((got.wins, !got.forced, got.score), (key.0 .0, key.1, key.2));
            assert_eq!((got.pairs + got.skipped) as usize, keys.len());
            skipping += usize::from(got.skipped > 0);
        }
        let n = all.len();
        eprintln!(
            "{n} positions, {skipping} skipping pairs, {forced_seen} forced wins; cycles mean \
             {}, worst {worst}",
            cycles / n.max(1) as u64
        );
        assert!(n >= 20 && skipping > 0 && forced_seen > 0);
    }

    #[test]
    fn a_budget_ends_it_with_the_best_so_far() {
        // Every third position of two seeded games, with budgets from one pair up: a defence the budget
        // cuts answers the first of the best key among the pairs before the one whose search
        // ran out (none before it: no pair); one it does not cut is the whole answer.
        let (mut cut, mut cut_with_pair) = (0, 0);
        let games = (0..2).map(|g| random_game(0xde0 + g, 40));
        for (board, side, first) in positions(games).into_iter().step_by(3) {
            let whole = defend(&board, side, first, MAX_BUDGET);
            let keys = reference_keys(&board, side, &whole.list);
            let t = whole.tested;
            for budget in [1, 100, t / 4, t / 2, t * 3 / 4, t] {
                let d = defend(&board, side, first, budget);
                assert!(d.cycles <= whole.cycles);
                if !d.exhausted {
                    assert_eq!(d, whole, "budget {budget}");
                    continue;
                }
                cut += 1;
                let before = (d.pairs + d.skipped - 1) as usize;
                let want = best(&keys[..before]);
                assert_eq!(d.pair, want.map(|(_, p)| p), "budget {budget}");
                cut_with_pair += usize::from(d.pair.is_some());
            }
        }
        eprintln!("{cut} defences cut by the budget, {cut_with_pair} with a pair");
        assert!(cut > 2 && cut_with_pair > 2);
    }
}
