//! The baseline opponent: the strength the ICFPT contests' software opponents had, against
//! which the paper's player (and ours) is measured. A turn, in order:
//!
//! 1. **Win** if a six-point window holds no opponent stone and enough own stones that this
//!    turn's stones fill it.
//! 2. **Block** every opponent *threat*, a window without own stones that the opponent's two
//!    stones of the next turn would fill (four or five of theirs): the fewest stones that hit
//!    every threat window, the better-scored set among equals; if this turn's stones cannot
//!    hit them all, the set that hits the most (the game is lost, but not given away).
//! 3. Otherwise, stone by stone, the empty point of best **line score**: the sum, over the
//!    windows through the point, of an attack weight where the window holds only own stones
//!    and a defence weight where it holds only the opponent's (windows holding both count
//!    nothing: no six can be made there).
//!
//! The game's first three turns (Black's opening stone, White's reply, Black's second turn)
//! are not scored: where nothing is to be won or blocked, their stones go to random empty
//! points within two lines of the centre, and later ties are broken at random, both from the
//! baseline's seed. So baselines with different seeds play different games (without it two
//! baselines play the same game every time), and one seed always plays the same.

use super::{windows, windows_through, Board, Color, Game, Point, CENTRE, WIN_LENGTH};
use rand::{rngs::StdRng, Rng, SeedableRng};

/// A line score's weights (the header's step 3): `attack[k]` for a window holding `k` own
/// stones and nothing else, `defence[k]` for one holding `k` opponent stones and nothing else.
/// The baseline scores with [`WEIGHTS`]; the threat player with its own
/// (`super::threat::WEIGHTS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    pub attack: [u32; WIN_LENGTH],
    pub defence: [u32; WIN_LENGTH],
}

/// The baseline's weights: a window of `k` own stones (`k` = 0..5) and nothing else, and one of
/// `k` opponent stones and nothing else (blocking it).
pub const WEIGHTS: Weights = Weights {
    attack: [1, 6, 30, 150, 800, 5000],
    defence: [0, 5, 25, 120, 700, 4000],
};

impl Weights {
    /// The largest weight of either table: a window's weight fits its bits.
    pub const fn max(&self) -> u32 {
        let (mut m, mut k) = (0, 0);
        while k < WIN_LENGTH {
            if self.attack[k] > m {
                m = self.attack[k];
            }
            if self.defence[k] > m {
                m = self.defence[k];
            }
            k += 1;
        }
        m
    }
}

/// Turns of the game whose stones are chosen at random near the centre (see the header).
pub const OPENING_TURNS: usize = 3;

/// The baseline player, seeded for its tie-breaks.
pub struct Baseline {
    rng: StdRng,
}

impl Baseline {
    pub fn new(seed: u64) -> Baseline {
        Baseline {
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// The stones of the side to move for this turn (the game must not be over).
    pub fn choose(&mut self, game: &Game) -> Vec<Point> {
        assert!(game.outcome().is_none(), "the game is over");
        let side = game.to_move();
        let n = game.stones_this_turn();
        let mut board = game.board().clone();
        if board.stones() == 0 {
            return vec![CENTRE];
        }
        let opening = game.turns().len() < OPENING_TURNS;
        let mut out = winning_stones(&board, side, n)
            .or_else(|| self.blocking_stones(&board, side, n))
            .unwrap_or_default();
        for &p in &out {
            board.set(p, Some(side));
        }
        while out.len() < n {
            let p = if opening {
                self.near_centre(&board)
            } else {
                self.best_point(&board, side)
            };
            board.set(p, Some(side));
            out.push(p);
        }
        out
    }

    /// A random empty point within two lines of the centre.
    fn near_centre(&mut self, board: &Board) -> Point {
        let near: Vec<Point> = board
            .empties()
            .filter(|p| p.col().abs_diff(CENTRE.col()) <= 2 && p.row().abs_diff(CENTRE.row()) <= 2)
            .collect();
        near[self.rng.gen_range(0..near.len())]
    }

    /// Empty points of best line score for `side`, one chosen at random among the best.
    fn best_point(&mut self, board: &Board, side: Color) -> Point {
        let mut best = Vec::new();
        let mut top = 0;
        for p in board.empties() {
            let s = line_score(board, side, p);
            if s > top || best.is_empty() {
                top = s;
                best.clear();
            }
            if s == top {
                best.push(p);
            }
        }
        best[self.rng.gen_range(0..best.len())]
    }

    /// Stones that hit every threat window of the opponent (or as many as `n` stones can).
    fn blocking_stones(&mut self, board: &Board, side: Color, n: usize) -> Option<Vec<Point>> {
        let threats = board.threats(side.other());
        if threats.is_empty() {
            return None;
        }
        let cands = board.empties_of(threats.iter().copied());
        // Each candidate's threats hit, as a bit set over `threats`.
        let words = threats.len().div_ceil(64);
        let hits: Vec<Vec<u64>> = cands
            .iter()
            .map(|&p| {
                let mut h = vec![0u64; words];
                for (i, &w) in threats.iter().enumerate() {
                    if windows()[w].contains(&p) {
                        h[i / 64] |= 1 << (i % 64);
                    }
                }
                h
            })
            .collect();
        let count = |a: &[u64], b: Option<&[u64]>| -> u32 {
            a.iter()
                .enumerate()
                .map(|(i, x)| (x | b.map_or(0, |b| b[i])).count_ones())
                .sum()
        };
        let score = |p: Point| line_score(board, side, p);
        // The best set: most threats hit, then fewer stones, then the larger line score, then
        // a random one among equals.
        let mut best: Vec<Vec<Point>> = Vec::new();
        let mut top = (0u32, 0usize, 0u32);
        let mut consider = |set: Vec<Point>, hit: u32| {
            let key = (hit, n + 1 - set.len(), set.iter().map(|&p| score(p)).sum());
            if key > top || best.is_empty() {
                top = key;
                best.clear();
            }
            if key == top {
                best.push(set);
            }
        };
        for i in 0..cands.len() {
            consider(vec![cands[i]], count(&hits[i], None));
            if n == 2 {
                for j in i + 1..cands.len() {
                    consider(vec![cands[i], cands[j]], count(&hits[i], Some(&hits[j])));
                }
            }
        }
        Some(best.swap_remove(self.rng.gen_range(0..best.len())))
    }
}

/// The empties of a window `side` fills with `n` stones (no opponent stone in it), if any.
pub fn winning_stones(board: &Board, side: Color, n: usize) -> Option<Vec<Point>> {
    (0..windows().len()).find_map(|w| {
        let (own, opp) = board.window_counts(w, side);
        (opp == 0 && own + n >= WIN_LENGTH).then(|| {
            windows()[w]
                .iter()
                .copied()
                .filter(|&p| board.is_empty(p))
                .collect()
        })
    })
}

/// The baseline's line score of empty point `p` for `side` (see the module's header).
pub fn line_score(board: &Board, side: Color, p: Point) -> u32 {
    line_score_with(&WEIGHTS, board, side, p)
}

/// The line score of empty point `p` for `side` with weights `w`.
pub fn line_score_with(w: &Weights, board: &Board, side: Color, p: Point) -> u32 {
    windows_through()[p.index()]
        .iter()
        .map(|&win| match board.window_counts(win as usize, side) {
            (k, 0) => w.attack[k.min(WIN_LENGTH - 1)],
            (0, m) => w.defence[m.min(WIN_LENGTH - 1)],
            _ => 0,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect6::Outcome;

    fn game(record: &str) -> Game {
        Game::from_record(record).unwrap()
    }

    #[test]
    fn opens_at_the_centre_and_answers_near_it() {
        let mut b = Baseline::new(1);
        let g = Game::new();
        assert_eq!(b.choose(&g), vec![CENTRE]);
        let g = game("JJ");
        let r = b.choose(&g);
        assert_eq!(r.len(), 2);
        for p in r {
            assert!(p.col().abs_diff(9) <= 2 && p.row().abs_diff(9) <= 2, "{p}");
        }
        let answers: std::collections::HashSet<Vec<Point>> =
            (0..10).map(|s| Baseline::new(s).choose(&g)).collect();
        assert!(
            answers.len() > 5,
            "seeds do not vary the opening: {answers:?}"
        );
    }

    #[test]
    fn wins_when_two_stones_fill_a_window() {
        // Black: row J, columns D..G (four); White's stones elsewhere, no threat of its own.
        let g = game("JJ AACA DJEJ EAGA FJGJ IAKA");
        assert_eq!(g.to_move(), Color::Black);
        for seed in 0..5 {
            let mut b = Baseline::new(seed);
            let mut g2 = g.clone();
            assert_eq!(
                g2.play(&b.choose(&g)).unwrap(),
                Some(Outcome::Win(Color::Black)),
                "seed {seed}"
            );
        }
    }

    #[test]
    fn blocks_an_open_four() {
        // Black: D..G on row J (with J apart); White to move must leave no window that
        // Black's next two stones fill.
        let g = game("JJ AACA DJEJ EAGA FJGJ");
        assert_eq!(g.to_move(), Color::White);
        for seed in 0..5 {
            let mut b = Baseline::new(seed);
            let mut g2 = g.clone();
            g2.play(&b.choose(&g)).unwrap();
            assert!(
                g2.board().threats(Color::Black).is_empty(),
                "seed {seed}\n{}",
                g2.board().diagram()
            );
        }
    }
}
