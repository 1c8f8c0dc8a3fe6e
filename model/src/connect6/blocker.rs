//! The blocker, past the paper: the baseline's block of the other side's threats as the circuit
//! finds it (`gateware::connect6::threat_blocker`): the fewest stones (one or two) that hit every
//! threat, the best line score among equals (the player's, `threat::line_score`), then the first in
//! board order (`threat::block_line_score`). The threat player on chip blocks with it (step 2 with
//! the baseline's block: `threat::Steps`), and its preparation models the opponent's reply with it.
//!
//! Every blocking set holds an empty point `x` of the first threat (in the threat scanner's
//! order), and, if `x` alone leaves threats, an empty point `y` of the first one left. The
//! circuit tries them on the board overlay, a threat scan each ([`SCAN_CYCLES`]):
//!
//! 1. a scan of the board: the other side's threats counted, the first's empty points `x`
//!    (two at most);
//! 2. for each `x`: `x` pushed (a cycle), a scan; none left, `{x}` blocks; else for each
//!    empty point `y` of the first left: `x` and `y` pushed (two cycles), a scan; none left,
//!    `{x, y}` blocks;
//! 3. of the blocking sets of the fewest stones, more than one: the line scorer's scan of the
//!    board for the side ([`LINE_CYCLES`]), the sets' points' scores taken as their rows
//!    pass; the best sum, the first in board order among equals.
//!
//! When no set blocks every threat (the game is lost), the set tried that leaves the fewest,
//! the first tried among equals (`threat::block_line_score` gives none then).

use super::line_scan::CYCLES as LINE_CYCLES;
use super::pair_search::SCAN_CYCLES;
use super::threat::line_score;
use super::threat_scan::scan;
use super::{Board, Color, Point};

/// The blocker's answer, as the circuit gives it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Blocked {
    /// The other side's threats on the board.
    pub threats: usize,
    /// The set hits every threat (true when there are none).
    pub all: bool,
    /// The stones, in board order (none when there is no threat).
    pub set: Vec<Point>,
    /// Threat scans run; whether the line scorer ran.
    pub scans: u64,
    pub scored: bool,
    /// Cycles from `start` to the first cycle `done` is high.
    pub cycles: u64,
}

/// `side`'s block of the other side's threats on `board`.
pub fn block(board: &Board, side: Color) -> Blocked {
    let first = scan(board, side);
    // `now`: the cycle the last scan's answer is read (from `start`, cycle 0).
    let mut now = SCAN_CYCLES;
    let mut out = Blocked {
        threats: first.opp.count,
        all: true,
        scans: 1,
        ..Blocked::default()
    };
    let Some(w1) = first.opp.first else {
        out.cycles = now + 1;
        return out;
    };
    let (mut singles, mut pairs) = (Vec::new(), Vec::new());
    // The sets tried, the threats each leaves.
    let mut tried: Vec<(usize, Vec<Point>)> = Vec::new();
    let mut b = board.clone();
    for x in w1.empty_points() {
        b.set(x, Some(side));
        let s = scan(&b, side);
        now += 1 + SCAN_CYCLES;
        out.scans += 1;
        tried.push((s.opp.count, vec![x]));
        match s.opp.first {
            None => singles.push(vec![x]),
            Some(w2) => {
                for y in w2.empty_points() {
                    b.set(y, Some(side));
                    let s = scan(&b, side);
                    b.set(y, None);
                    now += 2 + SCAN_CYCLES;
                    out.scans += 1;
                    let set = if y < x { vec![y, x] } else { vec![x, y] };
                    tried.push((s.opp.count, set.clone()));
                    if s.opp.count == 0 {
                        pairs.push(set);
                    }
                }
            }
        }
        b.set(x, None);
    }
    // The pick: the sets that block counted.
    now += 1;
    let cands = if singles.is_empty() { pairs } else { singles };
    out.set = match cands.len() {
        0 => {
            out.all = false;
            let fewest = tried.iter().map(|t| t.0).min().expect("a set tried");
            tried.into_iter().find(|t| t.0 == fewest).expect("a set").1
        }
        1 => cands.into_iter().next().expect("a set"),
        _ => {
            out.scored = true;
            now += LINE_CYCLES;
            let score = |s: &[Point]| s.iter().map(|&p| line_score(board, side, p)).sum::<u32>();
            cands
                .into_iter()
                .map(|s| (score(&s), std::cmp::Reverse(s)))
                .max()
                .map(|(_, std::cmp::Reverse(s))| s)
                .expect("a set")
        }
    };
    out.cycles = now + 1;
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect6::random::{baseline_game, random_game};
    use crate::connect6::threat::{block_line_score, threats};
    use crate::connect6::Game;

    #[test]
    fn blocks_as_the_threat_players_baseline_block() {
        // Every position of seeded games where a side faces threats: the set equals
        // `block_line_score` whenever two stones block them all, and leaves threats only
        // when it cannot.
        let (mut positions, mut pairs, mut scored, mut lost) = (0, 0, 0, 0);
        let games = (0..4)
            .map(|g| baseline_game(0xb10c + g, 3, 60))
            .chain((0..4).map(|g| random_game(0xb10d + g, 80)));
        for game in games {
            let mut replay = Game::new();
            for turn in game.turns() {
                if replay.outcome().is_some() {
                    break;
                }
                replay.play(turn).unwrap();
                for side in [Color::Black, Color::White] {
                    let theirs = threats(replay.board(), side.other());
                    if theirs.is_empty() {
                        continue;
                    }
                    let got = block(replay.board(), side);
                    let want = block_line_score(replay.board(), side, &theirs);
                    positions += 1;
                    assert_eq!(got.threats, theirs.len());
                    if want.is_empty() {
                        assert!(!got.all, "{got:?}");
                        lost += 1;
                    } else {
                        assert_eq!(got.set, want, "{got:?}\n{}", replay.board().diagram());
                        assert!(got.all);
                    }
                    pairs += usize::from(got.set.len() == 2);
                    scored += usize::from(got.scored);
                }
            }
        }
        eprintln!("{positions} positions, {pairs} pairs, {scored} scored, {lost} lost");
        assert!(
            positions > 100 && pairs > 10 && scored > 20 && lost > 5,
            "{positions} positions, {pairs} pairs, {scored} scored, {lost} lost"
        );
    }
}
