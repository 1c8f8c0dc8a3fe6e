//! The threat player's turn as the chip will take it, past the paper: the steps of
//! `threat::Steps::CHIP` (win, the baseline's block, the attack two forcing turns deep, the
//! preparation, the line score) run on the circuits' own models, one after another, with the
//! cycles of a sequencer that starts each block in the cycle the one before answers. It is
//! the specification of the sequencer still to build (`docs/connect6.md`, "The threat player
//! on chip"), and the bench's measure of the whole turn on chip against the threat player on
//! the CPU.
//!
//! 1. **Scan**: the threat scanner over the board ([`SCAN_CYCLES`], as the blocker's scans).
//! 2. **Win**: the side's first threat in the scanner's order: its empty points (one or two).
//! 3. **Block**: the other side has threats: the threat blocker (started in the scan's
//!    answer cycle; it scans again).
//! 4. **Attack**: the forcing search, two turns deep, within the turn's budget of pairs
//!    tested ([`CHIP_BUDGET`] unless the host asks for fewer: [`turn_within`]).
//! 5. **Prepare**: the preparation, within the same budget (its own: the attack's pairs are
//!    not taken from it).
//! 6. **Line score**: the line scorer's best point.
//!
//! A step that gives one stone (a threat with one empty point, a block of one) leaves the
//! second to the line score: the stone pushed on the overlay and the line scorer started in
//! the same cycle; with no pair from steps 4 and 5, two line scores, the first pushed before
//! the second. Done the cycle after the last answer. The first move of the game (the centre)
//! is the caller's: the turn needs a stone on the board.

use super::blocker::block;
use super::forcing_search::{search_forced, MAX_TURNS};
use super::line_scan::{scan as line_scan, CYCLES as LINE_CYCLES};
use super::pair_search::{MAX_BUDGET, SCAN_CYCLES};
use super::prepare::prepare;
use super::threat::{Steps, CHIP_BUDGET};
use super::threat_scan::scan;
use super::{Board, Color, Point};

/// The step that chose the turn's stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Step {
    #[default]
    Win,
    Block,
    Attack,
    Prepare,
    LineScore,
}

impl Step {
    /// Every step, in code order.
    pub const ALL: [Step; 5] = [
        Step::Win,
        Step::Block,
        Step::Attack,
        Step::Prepare,
        Step::LineScore,
    ];

    /// The step's code, as the circuit reports it (`ThreatPlayer`'s `step`, the
    /// `connect6-threat` design's result).
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// The step of a code, if any.
    pub fn of_code(code: u64) -> Option<Step> {
        Step::ALL.get(usize::try_from(code).ok()?).copied()
    }
}

/// The turn's stones (two, in the order chosen), the step that chose them, the cycles.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Turn {
    pub stones: Vec<Point>,
    pub step: Step,
    /// Cycles from `start` to the first cycle `done` is high.
    pub cycles: u64,
}

/// Where a turn's cycles went: each block's, from its start to the cycle its answer is
/// taken (the scan's, the blocker's, the forcing search's, the preparation's, the line
/// scorer's one or two scans); with the cycle `done` rises, they make the turn's `cycles`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Parts {
    pub scan: u64,
    pub block: u64,
    pub attack: u64,
    pub prepare: u64,
    pub line_score: u64,
}

/// `side`'s two stones on `board` (not empty, two empty points at least), as the chip takes
/// them with its default budget ([`CHIP_BUDGET`]).
pub fn turn(board: &Board, side: Color) -> Turn {
    turn_parts(board, side).0
}

/// [`turn`], and where its cycles went.
pub fn turn_parts(board: &Board, side: Color) -> (Turn, Parts) {
    turn_parts_within(board, side, CHIP_BUDGET)
}

/// [`turn`] with `budget` pairs tested for the attack's searches and as many for the
/// preparation's (at most [`MAX_BUDGET`]: the circuit's register is 20 bits): the host's
/// bound on a turn's time (`protocol::threat_design::TurnArgs`).
pub fn turn_within(board: &Board, side: Color, budget: u64) -> Turn {
    turn_parts_within(board, side, budget).0
}

/// A bound on a turn's cycles within a budget: at most [`TURN_BASE_CYCLES`] and
/// [`TURN_PAIR_CYCLES`] a pair of the budget (each pair tested takes a cycle of the stream in
/// both the attack and the preparation, its `a` and its lines' reads and the searches'
/// scans around it). Measured, not proved: the test `cycles_stay_within_the_bound` checks it
/// on the positions of seeded games against the baseline, with budgets from none to the
/// default.
pub const TURN_BASE_CYCLES: u64 = 5_000;
pub const TURN_PAIR_CYCLES: u64 = 7;

/// The bound on a turn's cycles within `budget` pairs.
pub fn cycles_bound(budget: u64) -> u64 {
    TURN_BASE_CYCLES + TURN_PAIR_CYCLES * budget
}

/// The largest budget (at most [`CHIP_BUDGET`]) whose [`cycles_bound`] is within `cycles`: the
/// host's bound on a turn's time, its cycles on the board in that time.
pub fn budget_within(cycles: u64) -> u64 {
    (cycles.saturating_sub(TURN_BASE_CYCLES) / TURN_PAIR_CYCLES).min(CHIP_BUDGET)
}

/// [`turn_within`], and where its cycles went.
pub fn turn_parts_within(board: &Board, side: Color, budget: u64) -> (Turn, Parts) {
    assert!(board.stones() > 0, "the first move is the caller's");
    assert!(budget <= MAX_BUDGET, "a budget of {budget} pairs");
    let threats = scan(board, side);
    let mut parts = Parts {
        scan: SCAN_CYCLES,
        ..Parts::default()
    };
    let mut out = Turn::default();
    if let Some(w) = threats.own.first {
        out.stones = w.empty_points();
    } else if threats.opp.count > 0 {
        out.step = Step::Block;
        let blocked = block(board, side);
        parts.block = blocked.cycles;
        out.stones = blocked.set;
    } else {
        out.step = Step::Attack;
        let turns = Steps::CHIP.forcing.min(MAX_TURNS);
        let attack = search_forced(board, side, turns, budget);
        parts.attack = attack.cycles;
        if let Some(pair) = attack.first {
            out.stones = pair.to_vec();
        } else {
            out.step = Step::Prepare;
            let prepared = prepare(board, side, budget);
            parts.prepare = prepared.cycles;
            if let Some(pair) = prepared.pair {
                out.stones = pair.to_vec();
            } else {
                out.step = Step::LineScore;
            }
        }
    }
    let mut b = board.clone();
    for &p in &out.stones {
        b.set(p, Some(side));
    }
    while out.stones.len() < 2 {
        parts.line_score += LINE_CYCLES;
        let p = line_scan(&b, side).best.expect("an empty point").0;
        b.set(p, Some(side));
        out.stones.push(p);
    }
    // Each block starts in the cycle the one before answers; done the cycle after the last.
    out.cycles = parts.scan + parts.block + parts.attack + parts.prepare + parts.line_score + 1;
    (out, parts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect6::random::{baseline_game, random_game};
    use crate::connect6::threat::decide_with;
    use crate::connect6::Game;

    #[test]
    fn plays_the_chips_steps() {
        // Every position of seeded games (baseline games, and random play-outs, which leave
        // threats unblocked) with a stone down and the game on: the stones of
        // `decide_with(Steps::CHIP)`, each step taken.
        let mut steps = [0; 5];
        let games = (0..3)
            .map(|g| baseline_game(0x7a2 + g, 3, 40))
            .chain((0..2).map(|g| random_game(0x7a5 + g, 60)));
        for game in games {
            let mut replay = Game::new();
            for t in game.turns() {
                replay.play(t).unwrap();
                if replay.outcome().is_some() {
                    break;
                }
                let got = turn(replay.board(), replay.to_move());
                assert_eq!(got.stones, decide_with(&replay, Steps::CHIP), "{got:?}");
                steps[got.step as usize] += 1;
            }
        }
        eprintln!("win, block, attack, prepare, line score: {steps:?}");
        assert!(steps.iter().all(|&n| n > 0), "{steps:?}");
    }

    #[test]
    fn cycles_stay_within_the_bound() {
        // The chip's turns of seeded games against the baseline (the chip's side's positions,
        // as an engine meets them), each within budgets from none to the default: the cycles
        // within `cycles_bound`, and fewer pairs never more cycles than the default's bound.
        use crate::connect6::baseline::Baseline;
        let (mut turns, mut tightest) = (0, 0f64);
        for g in 0..6u64 {
            let me = [Color::Black, Color::White][g as usize % 2];
            let mut baseline = Baseline::new(0x7b0 + g);
            let mut game = Game::new();
            while game.outcome().is_none() && game.turns().len() < 60 {
                let stones = if game.to_move() != me {
                    baseline.choose(&game)
                } else if game.board().stones() == 0 {
                    vec![crate::connect6::CENTRE]
                } else {
                    for budget in [0, 10, 300, 3_000, 30_000, CHIP_BUDGET] {
                        let t = turn_within(game.board(), me, budget);
                        let bound = cycles_bound(budget);
                        assert!(t.cycles <= bound, "{} cycles, budget {budget}", t.cycles);
                        tightest = tightest.max(t.cycles as f64 / bound as f64);
                        turns += 1;
                    }
                    turn(game.board(), me).stones
                };
                game.play(&stones).unwrap();
            }
        }
        eprintln!(
            "{turns} turns, the closest {:.0}% of its bound",
            tightest * 100.0
        );
        assert!(budget_within(cycles_bound(1_234)) == 1_234 && budget_within(0) == 0);
    }
}
