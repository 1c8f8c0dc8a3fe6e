//! The forcing search, past the paper: a pair that wins within one or two turns of forcing
//! moves, as the circuit finds it (`gateware::connect6::forcing_search`): the threat player's
//! attack (`threat::forced_win`, [`super::threat::FORCING_TURNS`] deep), on the winning-pair
//! search and the board overlay.
//!
//! A *forcing* pair makes threats that need both of the opponent's stones; its blocks are the
//! pairs of points that hit them all (`threat::forcing_blocks`). It wins if after each block
//! (that makes no threat of the opponent's) the side has a winning pair, or, a turn deeper, a
//! forcing pair that wins. The circuit:
//!
//! 1. The root: the winning-pair search up to the first winning pair (the answer, if any),
//!    its forcing pairs (tested, not winning: `PairSearch::forcing`) kept in a list of
//!    [`LIST`] in the order they come (any past it dropped, said so).
//! 2. For each forcing pair of the list: fetched ([`FETCH_CYCLES`]), its blocks in board
//!    order; for each block, the pair and the block put on the overlay ([`PUSH_CYCLES`] a
//!    turn: the first turn's stones again, then the second's; the child's search started in
//!    the last push), the child's search up to its first winning pair. A child where the
//!    opponent has a threat fails as soon as the search's scan says so ([`START_CYCLES`]
//!    after its start). A pair whose blocks all succeed is the answer.
//! 3. Two turns deep, a first-turn child without a winning pair lists its own forcing pairs
//!    after the root's (the list's room left) and tries them as in 2, a turn deeper on the
//!    overlay (eight stones); one of them that wins answers the first-turn block. A block
//!    answered by neither fails its pair.
//!
//! One budget of pairs tested bounds all the searches (each is given what is left). A child
//! of the last turn tests only the pairs near the turn's pair (the search's focus,
//! `pair_search::near_focus`; and only those that can win, `pair_search::can_win`): its
//! parent had no winning pair, and its forcing pairs are not listed; a first-turn child of a
//! two-turn search is searched whole, since its forcing pairs are the second turn's list.

use super::pair_search::{search, search_near, Forcing, START_CYCLES};
use super::{Board, Color, Point};

/// Forcing pairs the list holds, both turns' together (a word of 104 bits each: three ECP5
/// block RAMs hold 512).
pub const LIST: usize = 512;
/// Cycles to fetch a forcing pair from the list and order its blocks.
pub const FETCH_CYCLES: u64 = 2;
/// Cycles to put a turn's pair and block on the overlay (a stone a cycle; the child's search
/// starts in the last push). A second-turn child pushes both turns' stones: twice as many.
pub const PUSH_CYCLES: u64 = 4;
/// The most forcing turns the circuit looks through.
pub const MAX_TURNS: u32 = 2;

/// The search's answer, as the circuit gives it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ForcingSearch {
    /// The side has a threat: the answer is the root search's alone (no forcing pair tried).
    pub own_threat: bool,
    /// The answer: a winning pair, or a forcing pair all of whose blocks lose.
    pub first: Option<[Point; 2]>,
    /// The answer is a forcing pair (not a winning pair of the root).
    pub forced: bool,
    /// The budget ran out with pairs left to test (in the search that stopped).
    pub exhausted: bool,
    /// A search had more forcing pairs than the list had room for (those past it not tried).
    pub dropped: bool,
    /// Searches run (the root and the children), pairs tested in all.
    pub searches: u64,
    pub tested: u64,
    /// Cycles from `start` to the first cycle `done` is high.
    pub cycles: u64,
}

/// The search of `side`'s forced win on `board` within `turns` (1 or 2) forcing turns and
/// `budget` pairs tested.
pub fn search_forced(board: &Board, side: Color, turns: u32, budget: u64) -> ForcingSearch {
    assert!((1..=MAX_TURNS).contains(&turns), "1 or 2 forcing turns");
    let root = search(board, side, true, budget);
    let mut run = Run {
        side,
        turns,
        left: budget - root.tested,
        // `now`: the cycle in which the last search's answer is taken; done the cycle after.
        now: root.cycles,
        out: ForcingSearch {
            own_threat: root.own_threat,
            first: root.first,
            exhausted: root.exhausted,
            dropped: root.forcing.len() > LIST,
            searches: 1,
            tested: root.tested,
            ..ForcingSearch::default()
        },
    };
    if !(root.own_threat || root.first.is_some() || root.exhausted) {
        let listed = &root.forcing[..root.forcing.len().min(LIST)];
        if let Some(pair) = run.try_pairs(board, listed, 0) {
            run.out.first = Some(pair);
            run.out.forced = true;
        }
    }
    run.out.cycles = run.now + 1;
    run.out
}

/// A search's state: what it returns, the budget left, the cycle.
struct Run {
    side: Color,
    turns: u32,
    left: u64,
    now: u64,
    out: ForcingSearch,
}

impl Run {
    /// The first of the forcing pairs `list` (of the search on `board`, at forcing turn `turn`
    /// from 0) whose every block is answered, if any (none when the budget runs out:
    /// `out.exhausted`).
    fn try_pairs(&mut self, board: &Board, list: &[Forcing], turn: u32) -> Option<[Point; 2]> {
        let opp = self.side.other();
        let push = PUSH_CYCLES * u64::from(turn + 1);
        for f in list {
            self.now += FETCH_CYCLES;
            let mut all = true;
            for block in &f.blocks {
                let mut child = board.clone();
                for p in f.pair {
                    child.set(p, Some(self.side));
                }
                for p in block {
                    child.set(*p, Some(opp));
                }
                // The last turn's children: their parent had no winning pair, so only the
                // pairs near this turn's pair can win (the focus filter).
                let focus = (turn + 1 == self.turns).then_some(f.pair);
                let s = search_near(&child, self.side, true, self.left, focus);
                self.out.searches += 1;
                if s.opp_threat || s.own_threat {
                    self.now += push + START_CYCLES;
                    all = false;
                    break;
                }
                self.now += push + s.cycles;
                self.out.tested += s.tested;
                self.left -= s.tested;
                // A first-turn child's forcing stream is listed after the list of its turn
                // as it comes, whatever its answer: past the room, dropped.
                let room = LIST - list.len();
                if turn + 1 < self.turns {
                    self.out.dropped |= s.forcing.len() > room;
                }
                if s.first.is_some() {
                    continue;
                }
                if s.exhausted {
                    self.out.exhausted = true;
                    return None;
                }
                if turn + 1 < self.turns {
                    // The list holds the root's pairs and this child's after them.
                    let listed = &s.forcing[..s.forcing.len().min(room)];
                    if self.try_pairs(&child, listed, turn + 1).is_some() {
                        continue;
                    }
                    if self.out.exhausted {
                        return None;
                    }
                }
                all = false;
                break;
            }
            if all {
                return Some(f.pair);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect6::pair_search::MAX_BUDGET;
    use crate::connect6::random::baseline_game;
    use crate::connect6::threat::{forced_win, forced_win_within};
    use crate::connect6::Game;

    #[test]
    fn finds_what_the_threat_players_search_finds() {
        // Every position of seeded baseline games, both sides without a threat: within a
        // budget neither search exhausts, the same answer as `forced_win` one turn deep.
        let (mut forced, mut positions, mut dropped) = (0, 0, 0);
        for g in 0..4 {
            let game = baseline_game(0xf0c + g, 3, 40);
            let mut replay = Game::new();
            for turn in game.turns() {
                replay.play(turn).unwrap();
                for side in [Color::Black, Color::White] {
                    let s = search_forced(replay.board(), side, 1, 1 << 19);
                    if s.own_threat {
                        continue;
                    }
                    assert!(!s.exhausted, "{s:?}");
                    positions += 1;
                    dropped += usize::from(s.dropped);
                    if s.dropped && s.first.is_none() {
                        continue;
                    }
                    assert_eq!(s.first, forced_win(replay.board(), side, 1));
                    forced += usize::from(s.forced);
                }
            }
        }
        assert!(
            positions > 100 && forced > 3 && dropped * 20 < positions,
            "{positions} positions, {forced} forced, {dropped} with forcing pairs dropped"
        );
    }

    #[test]
    fn two_turns_find_what_the_threat_players_search_finds() {
        // As above, two forcing turns deep, against the threat player's search without its
        // budget; where a first-turn child's pairs overflowed the list (untried), the answers
        // may differ.
        let (mut positions, mut deep, mut searches, mut dropped) = (0, 0, 0, 0);
        for g in 0..3 {
            let game = baseline_game(0xf2c + g, 3, 40);
            let mut replay = Game::new();
            for (t, turn) in game.turns().iter().enumerate() {
                replay.play(turn).unwrap();
                if t % 2 == 1 {
                    continue;
                }
                for side in [Color::Black, Color::White] {
                    let s = search_forced(replay.board(), side, 2, MAX_BUDGET);
                    if s.own_threat {
                        continue;
                    }
                    assert!(!s.exhausted, "{s:?}");
                    positions += 1;
                    searches += s.searches;
                    let one = search_forced(replay.board(), side, 1, MAX_BUDGET);
                    let want = forced_win_within(replay.board(), side, 2, &mut u64::MAX.clone());
                    if s.dropped {
                        // Pairs past the list's room untried: the answer may be another.
                        dropped += 1;
                        continue;
                    }
                    assert_eq!(s.first, want, "{s:?}");
                    // A second turn only adds: where one turn finds a win, two find one (not
                    // always the same: a pair before it may win a turn later).
                    assert!(one.first.is_none() || s.first.is_some(), "{one:?} {s:?}");
                    deep += usize::from(s.first.is_some() && one.first.is_none());
                }
            }
        }
        eprintln!(
            "{positions} positions, {deep} found only two turns deep, {searches} searches, \
             {dropped} with forcing pairs dropped"
        );
        assert!(
            positions > 50 && deep > 2 && dropped * 10 < positions,
            "{positions} positions, {deep} found only two turns deep, {searches} searches, \
             {dropped} with forcing pairs dropped"
        );
    }
}
