//! The Connect6 model's rules and baseline opponent, checked on seeded random games by
//! brute force that does not use the model's six-point windows: a stone wins when the run
//! through it (counted point by point) reaches six.

use model::connect6::baseline::Baseline;
use model::connect6::random::{self, baseline_game, random_game};
use model::connect6::threat;
use model::connect6::{step, Board, Color, Game, Outcome, Point, DIRECTIONS, POINTS};

/// Every way `side` wins with this turn's stones: a single point, or a pair whose second
/// point lies on a line within five points of the first (a six through both needs that).
fn wins_for(board: &Board, side: Color) -> Vec<Vec<Point>> {
    let mut b = board.clone();
    let mut out = Vec::new();
    for i in 0..POINTS as u16 {
        let a = Point(i);
        if !b.is_empty(a) {
            continue;
        }
        b.set(a, Some(side));
        if b.run_through(a) >= 6 {
            out.push(vec![a]);
        } else {
            for d in DIRECTIONS {
                for k in (-5..=5).filter(|&k| k != 0) {
                    let Some(c) = step(a, d, k) else { continue };
                    if c > a && b.is_empty(c) {
                        b.set(c, Some(side));
                        if b.run_through(c) >= 6 {
                            out.push(vec![a, c]);
                        }
                        b.set(c, None);
                    }
                }
            }
        }
        b.set(a, None);
    }
    out
}

/// Whether two stones can spoil every one of `wins` (each a set the opponent would fill).
fn two_stones_block(wins: &[Vec<Point>]) -> bool {
    let mut pts: Vec<Point> = wins.iter().flatten().copied().collect();
    pts.sort();
    pts.dedup();
    let hit = |s: &[Point]| wins.iter().all(|w| w.iter().any(|p| s.contains(p)));
    pts.iter()
        .enumerate()
        .any(|(i, &a)| hit(&[a]) || pts[i + 1..].iter().any(|&b| hit(&[a, b])))
}

/// Positions along seeded games: baselines after a few random turns, and random play.
fn positions() -> Vec<Game> {
    let mut out = Vec::new();
    for seed in 0..24u64 {
        let whole = if seed % 3 == 0 {
            random_game(seed, 60)
        } else {
            baseline_game(seed, (seed % 4) as usize + 1, 80)
        };
        let mut g = Game::new();
        for t in whole.turns() {
            if g.outcome().is_some() {
                break;
            }
            out.push(g.clone());
            g.play(t).unwrap();
        }
    }
    out
}

#[test]
fn the_outcome_is_the_first_six() {
    let mut games = 0;
    for seed in 0..200u64 {
        let g = random_game(seed, 200);
        let mut replay = Game::new();
        for (i, t) in g.turns().iter().enumerate() {
            let before = replay.board().winner();
            assert_eq!(before, None, "seed {seed}: play went on after a six");
            let r = replay.play(t).unwrap();
            let side = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let six = t.iter().any(|&p| replay.board().run_through(p) >= 6);
            assert_eq!(r, six.then_some(Outcome::Win(side)), "seed {seed} turn {i}");
            assert_eq!(
                replay.board().winner(),
                six.then_some(side),
                "seed {seed} turn {i}"
            );
        }
        games += usize::from(g.outcome().is_some());
        assert_eq!(Game::from_record(&g.record()).unwrap().record(), g.record());
    }
    assert!(
        games > 150,
        "random play ended only {games} of 200 games in 200 turns"
    );
}

#[test]
fn the_baseline_wins_when_it_can_and_blocks_what_two_stones_block() {
    wins_and_blocks(&positions(), &mut |i, g| Baseline::new(i as u64).choose(g));
}

#[test]
fn the_threat_player_wins_when_it_can_and_blocks_what_two_stones_block() {
    // Every third position: the threat player's search is slower than the baseline.
    let some: Vec<Game> = positions().into_iter().step_by(3).collect();
    wins_and_blocks(&some, &mut |_, g| threat::decide(g));
}

fn wins_and_blocks(positions: &[Game], player: &mut dyn FnMut(usize, &Game) -> Vec<Point>) {
    let (mut wins, mut blocks, mut lost) = (0, 0, 0);
    assert!(positions.len() > 500, "{} positions", positions.len());
    for (i, g) in positions.iter().enumerate() {
        let side = g.to_move();
        let stones = player(i, g);
        assert_eq!(stones.len(), g.stones_this_turn());
        let mut after = g.clone();
        let r = after
            .play(&stones)
            .expect("the baseline plays legal stones");
        let mine = wins_for(g.board(), side);
        if g.stones_this_turn() == 2 && !mine.is_empty() {
            assert_eq!(
                r,
                Some(Outcome::Win(side)),
                "{}: missed {:?}",
                g.record(),
                mine[0]
            );
            wins += 1;
            continue;
        }
        assert_eq!(r, None, "{}", g.record());
        let theirs = wins_for(g.board(), side.other());
        if !theirs.is_empty() {
            if two_stones_block(&theirs) {
                let left = wins_for(after.board(), side.other());
                assert!(
                    left.is_empty(),
                    "{} + {:?}: {:?} left",
                    g.record(),
                    stones,
                    left[0]
                );
                blocks += 1;
            } else {
                lost += 1;
            }
        }
    }
    eprintln!(
        "{} positions: {wins} wins taken, {blocks} blocks, {lost} lost",
        positions.len()
    );
    assert!(
        wins > 10 && blocks > 50,
        "the games reach few wins ({wins}) or blocks ({blocks})"
    );
}

#[test]
fn the_baseline_beats_random_play_and_its_seed_decides_its_games() {
    for seed in 0..10u64 {
        for baseline_side in [Color::Black, Color::White] {
            let mut b = Baseline::new(seed);
            let mut rng_game = Game::new();
            let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(seed);
            while rng_game.outcome().is_none() {
                let stones = if rng_game.to_move() == baseline_side {
                    b.choose(&rng_game)
                } else {
                    let mut board = rng_game.board().clone();
                    (0..rng_game.stones_this_turn())
                        .map(|_| {
                            let p =
                                model::connect6::random::random_point(&board, &mut rng).unwrap();
                            board.set(p, Some(rng_game.to_move()));
                            p
                        })
                        .collect()
                };
                rng_game.play(&stones).unwrap();
            }
            assert_eq!(
                rng_game.outcome(),
                Some(Outcome::Win(baseline_side)),
                "seed {seed}: {}",
                rng_game.record()
            );
        }
    }
    let a = baseline_game(7, 1, 60).record();
    assert_eq!(a, baseline_game(7, 1, 60).record());
    assert_ne!(a, baseline_game(8, 1, 60).record());
}

#[test]
fn the_threat_player_beats_the_baseline() {
    // Ten games, colours alternating, against baselines of seeds 100..110 (it wins all ten).
    // Measured with 100 games (`cargo xtask bench connect6`, docs/connect6.md).
    let wins = (0..10u64)
        .filter(|&g| {
            let me = [Color::Black, Color::White][g as usize % 2];
            let game = random::against_baseline(g + 100, me, threat::decide);
            game.outcome() == Some(Outcome::Win(me))
        })
        .count();
    assert!(wins >= 9, "{wins} wins of 10");
}

#[test]
fn a_forced_win_survives_every_block() {
    // Positions of the seeded games where the threat search finds a win that no single pair
    // gives at once; each is checked against every reply the opponent has (all pairs of
    // empty points, not only the blocks the search enumerates): a reply that leaves a threat
    // loses at once, and one that spoils them all must leave no threat of the opponent's
    // and a winning pair for the attacker.
    let mut checked = 0;
    for g in positions().iter().filter(|g| g.stones_this_turn() == 2) {
        let (side, b) = (g.to_move(), g.board());
        if !threat::threats(b, side).is_empty()
            || !threat::threats(b, side.other()).is_empty()
            || !threat::winning_pairs(b, side).is_empty()
        {
            continue;
        }
        let Some(pair) = threat::forced_win(b, side, 1) else {
            continue;
        };
        let mut after = b.clone();
        for p in pair {
            after.set(p, Some(side));
        }
        let empties: Vec<Point> = after.empties().collect();
        for (i, &x) in empties.iter().enumerate() {
            for &y in &empties[i + 1..] {
                let mut d = after.clone();
                d.set(x, Some(side.other()));
                d.set(y, Some(side.other()));
                if !threat::threats(&d, side).is_empty() {
                    continue; // the attacker fills a threat left open
                }
                assert!(
                    threat::threats(&d, side.other()).is_empty(),
                    "{}: {x}{y}",
                    g.record()
                );
                assert!(
                    !threat::winning_pairs(&d, side).is_empty(),
                    "{}: {x}{y}",
                    g.record()
                );
            }
        }
        checked += 1;
        if checked == 3 {
            break;
        }
    }
    assert!(checked > 0, "no position needed the search");
}
