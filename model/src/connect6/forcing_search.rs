//! The forcing search, past the paper: a pair that wins within one turn of forcing moves, as
//! the circuit finds it (`gateware::connect6::forcing_search`): the threat player's attack
//! (`threat::forced_win` one forcing turn deep, [`super::threat::FORCING_TURNS`] is two),
//! on the winning-pair search and the board overlay.
//!
//! A *forcing* pair makes threats that need both of the opponent's stones; its blocks are the
//! pairs of points that hit them all (`threat::forcing_blocks`). It wins if after each block
//! (that makes no threat of the opponent's) the side has a winning pair. The circuit:
//!
//! 1. The root: the winning-pair search up to the first winning pair (the answer, if any),
//!    its forcing pairs (tested, not winning: `PairSearch::forcing`) kept in a list of
//!    [`LIST`] in the order they come (any past it dropped, said so).
//! 2. For each forcing pair of the list: fetched ([`FETCH_CYCLES`]), its blocks in board
//!    order; for each block, the pair and the block put on the overlay ([`PUSH_CYCLES`], the
//!    child's search started in the last), the child's search up to its first winning pair.
//!    A child where the opponent has a threat fails as soon as the search's scan says so
//!    ([`START_CYCLES`] after its start); a child without a winning pair fails the pair; a
//!    pair whose blocks all fail is the answer.
//!
//! One budget of pairs tested bounds all the searches (each is given what is left).

use super::pair_search::{search, START_CYCLES};
use super::{Board, Color, Point};

/// Forcing pairs the list holds (a word of 104 bits each: three ECP5 block RAMs hold 512).
pub const LIST: usize = 512;
/// Cycles to fetch a forcing pair from the list and order its blocks.
pub const FETCH_CYCLES: u64 = 2;
/// Cycles to put a pair and a block on the overlay (a stone a cycle; the child's search
/// starts in the last).
pub const PUSH_CYCLES: u64 = 4;

/// The search's answer, as the circuit gives it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ForcingSearch {
    /// The side had a threat: nothing searched.
    pub own_threat: bool,
    /// The answer: a winning pair, or a forcing pair all of whose blocks leave one.
    pub first: Option<[Point; 2]>,
    /// The answer is a forcing pair (not a winning pair of the root).
    pub forced: bool,
    /// The budget ran out with pairs left to test (in the search that stopped).
    pub exhausted: bool,
    /// The root had more forcing pairs than the list holds (those past it not tried).
    pub dropped: bool,
    /// Searches run (the root and the children), pairs tested in all.
    pub searches: u64,
    pub tested: u64,
    /// Cycles from `start` to the first cycle `done` is high.
    pub cycles: u64,
}

/// The search of `side`'s forced win on `board` within `budget` pairs tested.
pub fn search_forced(board: &Board, side: Color, budget: u64) -> ForcingSearch {
    let root = search(board, side, true, budget);
    let mut out = ForcingSearch {
        own_threat: root.own_threat,
        first: root.first,
        exhausted: root.exhausted,
        dropped: root.forcing.len() > LIST,
        searches: 1,
        tested: root.tested,
        ..ForcingSearch::default()
    };
    // `now`: the cycle in which the last search's answer is taken; done the cycle after.
    let mut now = root.cycles;
    if root.own_threat || root.first.is_some() || root.exhausted {
        out.cycles = now + 1;
        return out;
    }
    let opp = side.other();
    let mut left = budget - root.tested;
    for f in root.forcing.iter().take(LIST) {
        now += FETCH_CYCLES;
        let mut all = true;
        for block in &f.blocks {
            let mut child = board.clone();
            for p in f.pair {
                child.set(p, Some(side));
            }
            for p in block {
                child.set(*p, Some(opp));
            }
            let s = search(&child, side, true, left);
            out.searches += 1;
            if s.opp_threat || s.own_threat {
                now += PUSH_CYCLES + START_CYCLES;
                all = false;
                break;
            }
            now += PUSH_CYCLES + s.cycles;
            out.tested += s.tested;
            left -= s.tested;
            if s.first.is_none() {
                out.exhausted = s.exhausted;
                all = false;
                break;
            }
        }
        if out.exhausted {
            break;
        }
        if all {
            out.first = Some(f.pair);
            out.forced = true;
            break;
        }
    }
    out.cycles = now + 1;
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect6::random::baseline_game;
    use crate::connect6::threat::forced_win;
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
                    let s = search_forced(replay.board(), side, 1 << 19);
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
}
