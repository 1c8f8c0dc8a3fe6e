//! Seeded random games for tests: random play-outs (each stone on an empty point near the
//! stones already played, as players play, now and then anywhere) and games between seeded
//! baselines, which reach the threats and blocks random play rarely does.

use super::baseline::Baseline;
use super::{Board, Color, Game, Point, POINTS};
use rand::{rngs::StdRng, Rng, SeedableRng};

/// A random empty point within two lines of a stone (one time in ten anywhere), if any.
pub fn random_point(board: &Board, rng: &mut impl Rng) -> Option<Point> {
    let near = |p: Point| {
        (0..POINTS as u16).map(Point).any(|q| {
            board.get(q).is_some()
                && q.col().abs_diff(p.col()) <= 2
                && q.row().abs_diff(p.row()) <= 2
        })
    };
    let empties: Vec<Point> = board.empties().collect();
    if empties.is_empty() {
        return None;
    }
    if board.stones() > 0 && !rng.gen_ratio(1, 10) {
        // Rejection sampling: most empty points near the middle are near a stone.
        for _ in 0..64 {
            let p = empties[rng.gen_range(0..empties.len())];
            if near(p) {
                return Some(p);
            }
        }
    }
    Some(empties[rng.gen_range(0..empties.len())])
}

/// Up to `turns` turns of random play from the empty board (fewer if a six ends the game).
pub fn random_game(seed: u64, turns: usize) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut g = Game::new();
    while g.turns().len() < turns && g.outcome().is_none() {
        let mut b = g.board().clone();
        let mut stones = Vec::new();
        for _ in 0..g.stones_this_turn() {
            let p = random_point(&b, &mut rng).expect("two empty points a turn");
            b.set(p, Some(g.to_move()));
            stones.push(p);
        }
        g.play(&stones).expect("random stones go on empty points");
    }
    g
}

/// Up to `turns` turns of two baselines (seeds `seed` and `seed + 1`), after `opening`
/// random turns that make each game different.
pub fn baseline_game(seed: u64, opening: usize, turns: usize) -> Game {
    let mut g = random_game(seed, opening);
    let mut players = [Baseline::new(seed), Baseline::new(seed + 1)];
    while g.turns().len() < turns && g.outcome().is_none() {
        let side = g.to_move().index();
        let stones = players[side].choose(&g);
        g.play(&stones).expect("the baseline plays legal stones");
    }
    g
}

/// A game of `player` against the baseline of seed `seed`, `player` playing `colour`, to its
/// end (six in a row, or a full board).
pub fn against_baseline(
    seed: u64,
    colour: Color,
    mut player: impl FnMut(&Game) -> Vec<Point>,
) -> Game {
    let mut baseline = Baseline::new(seed);
    let mut g = Game::new();
    while g.outcome().is_none() {
        let stones = if g.to_move() == colour {
            player(&g)
        } else {
            baseline.choose(&g)
        };
        g.play(&stones).expect("both players play legal stones");
    }
    g
}
