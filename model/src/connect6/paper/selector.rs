//! The next-move selector (§III-E): the candidates of the three modules, for each of the
//! opponent's last stones, ranked by priority; the turn's first stone is the best, and the
//! modules run again with it on the board for the second ("when the both is dependent, both
//! next moves are adjusted"), except where the best is a checker's pair, which places both.
//! Without any candidate, the "random" mode: the stone goes to the emptiest subspace of the
//! first stone's region (the first among equals), nearest its centre.
//!
//! Our choices: the ranking (highest first): the skilful-line predictor's win, then its
//! threat; the checker's five for oneself, then against the opponent, then its fours; the
//! predictor's three-levels; the templates' totals (below 250 by construction). Among equal
//! priorities, the first stone's modules before the second's, and predictor, checker
//! (offence, defence), templates in that order.

use super::{checkmate, skilful_line, templates, Cell, Region, SUBSPACE};
use crate::connect6::{Board, Color, Game, Point, CENTRE};

/// A module's proposal: one stone, or the checker's pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proposal {
    One(Point),
    Two([Point; 2]),
}

/// Which module proposed, for `connect6 move --json` and the tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Module {
    SkilfulLine = 0,
    CheckmateOffence = 1,
    CheckmateDefence = 2,
    Templates = 3,
    Random = 4,
}

impl Module {
    /// Every module, by code.
    pub const ALL: [Module; 5] = [
        Module::SkilfulLine,
        Module::CheckmateOffence,
        Module::CheckmateDefence,
        Module::Templates,
        Module::Random,
    ];

    /// The 3-bit code the circuit reports a stone's module by.
    pub const fn code(self) -> u64 {
        self as u64
    }
}

/// A ranked candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ranked {
    pub priority: u16,
    pub module: Module,
    pub proposal: Proposal,
}

/// The checker's priorities: a five for oneself, against the opponent, a four, against.
pub const CHECK_PRIORITY: [[u16; 2]; 2] = [[500, 450], [700, 650]];

/// The candidates of every module for the opponent stones `stones`, in the selector's order
/// of preference among equal priorities.
pub fn candidates(board: &Board, side: Color, stones: &[Point]) -> Vec<Ranked> {
    let mut out = Vec::new();
    for &s in stones {
        let region = Region::around(s);
        if let Some((l, _, p)) = skilful_line::candidate(board, side, s) {
            out.push(Ranked {
                priority: l,
                module: Module::SkilfulLine,
                proposal: Proposal::One(p),
            });
        }
        for (colour, module, k) in [
            (Cell::Own, Module::CheckmateOffence, 0),
            (Cell::Opp, Module::CheckmateDefence, 1),
        ] {
            if let Some(c) = checkmate::check(board, side, region, colour) {
                let five = usize::from(c.worth >= 5);
                out.push(Ranked {
                    priority: CHECK_PRIORITY[five][k],
                    module,
                    proposal: Proposal::Two(c.stones),
                });
            }
        }
        if let Some((v, p)) = templates::candidate(board, side, region, s) {
            out.push(Ranked {
                priority: v.min(skilful_line::BUILD - 1),
                module: Module::Templates,
                proposal: Proposal::One(p),
            });
        }
    }
    out
}

/// The best of `candidates` (the first among equal priorities).
pub fn best(candidates: &[Ranked]) -> Option<Ranked> {
    candidates.iter().rev().max_by_key(|r| r.priority).copied()
}

/// The random mode's stone: the emptiest subspace of `region` (the first among equals), the
/// empty point nearest its centre (the first in row order among equals).
pub fn random_mode(board: &Board, region: Region) -> Option<Point> {
    let points = |k: usize| {
        let (c0, r0) = region.subspace(k);
        (0..SUBSPACE * SUBSPACE)
            .map(move |i| Point::new(c0 + i % SUBSPACE, r0 + i / SUBSPACE).expect("on the board"))
    };
    let k = (0..9).min_by_key(|&k| points(k).filter(|&p| !board.is_empty(p)).count())?;
    let (c0, r0) = region.subspace(k);
    let centre = (c0 + SUBSPACE / 2, r0 + SUBSPACE / 2);
    points(k)
        .filter(|&p| board.is_empty(p))
        .min_by_key(|p| p.col().abs_diff(centre.0).max(p.row().abs_diff(centre.1)))
}

/// Triangles the checkmate strategy checker evaluates a table entry on at once: the 36 in
/// [`CHECK_PASSES`] passes over the table, a quarter of the evaluation logic for four times
/// its cycles (the circuit was 36 wide: 107 cycles a colour, and the design's largest block).
pub const CHECK_LANES: usize = 9;
/// Passes over the tactics table in a check.
pub const CHECK_PASSES: u32 = (checkmate::TRIANGLES / CHECK_LANES) as u32;

/// The circuit's schedule (`gateware::connect6`): a fetch of a stone's record (the game
/// record manager's 15 row reads), a check of one colour (the checkmate strategy checker's
/// passes over the 105 table entries: a pass's first cycle loads its triangles' summaries,
/// then an entry a cycle; the last entry's evaluation overlaps the next pass's load, and
/// `done` comes a cycle after the last pass's), a put (a row read and written), a scan's
/// cycles beyond its rows.
pub const FETCH_CYCLES: u32 = 17;
pub const CHECK_CYCLES: u32 = CHECK_PASSES * (checkmate::PAIRS as u32 + 1) + 1;
pub const PUT_CYCLES: u32 = 3;
pub const SCAN_CYCLES: u32 = 3;
/// One last stone's modules in a pass: its fetch, the checker for each side, the ranking.
pub const STONE_CYCLES: u32 = FETCH_CYCLES + 2 * CHECK_CYCLES + 1;

/// One decision: the stones of the side to move and, for each, the candidate that chose it.
pub fn decide(game: &Game) -> Vec<(Point, Module)> {
    decide_with_cycles(game).0
}

/// [`decide`] and the circuit's cycles for it, from `start` to `done`: per pass (one a stone
/// placed, or one for a pair), [`STONE_CYCLES`] per last stone and a cycle to decide, a scan
/// when the random mode finds nothing, [`PUT_CYCLES`] a stone; a cycle for `done`. The
/// opening's centre is a put.
pub fn decide_with_cycles(game: &Game) -> (Vec<(Point, Module)>, u32) {
    let side = game.to_move();
    let n = game.stones_this_turn();
    let Some(last) = game.turns().last() else {
        return (vec![(CENTRE, Module::Random)], PUT_CYCLES + 1);
    };
    let mut board = game.board().clone();
    let mut out: Vec<(Point, Module)> = Vec::new();
    let mut cycles = 1;
    while out.len() < n {
        cycles += STONE_CYCLES * last.len() as u32 + 1;
        let pick = best(&candidates(&board, side, last));
        let stones: Vec<(Point, Module)> = match pick {
            Some(Ranked {
                proposal: Proposal::Two(ps),
                module,
                ..
            }) if n - out.len() == 2 => ps.iter().map(|&p| (p, module)).collect(),
            Some(Ranked {
                proposal: Proposal::Two([p, _]),
                module,
                ..
            }) => vec![(p, module)],
            Some(Ranked {
                proposal: Proposal::One(p),
                module,
                ..
            }) => vec![(p, module)],
            None => {
                let p = random_mode(&board, Region::around(last[0])).unwrap_or_else(|| {
                    let first = board.empties().next().expect("a turn has empty points");
                    cycles += first.row() as u32 + SCAN_CYCLES;
                    first
                });
                vec![(p, Module::Random)]
            }
        };
        for (p, m) in stones {
            board.set(p, Some(side));
            out.push((p, m));
            cycles += PUT_CYCLES;
        }
    }
    (out, cycles)
}
