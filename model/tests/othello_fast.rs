//! The fast solver (the CPU baseline) against the reference search and the FFO suite.

use model::othello::fast::{self, FastResult, Solver};
use model::othello::rules::{final_score, legal_moves, play, square_name, start};
use model::othello::search::{solve, MoveOrder};
use model::othello::{parse_position, Position};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;

/// A position with `empties` empty squares, reached by random legal moves from the start
/// (passes taken when forced); `None` if the game ended first.
fn random_position(rng: &mut StdRng, empties: u32) -> Option<(u64, u64)> {
    let (mut p, mut o) = start();
    while 64 - (p | o).count_ones() > empties {
        let m = legal_moves(p, o);
        if m == 0 {
            if legal_moves(o, p) == 0 {
                return None;
            }
            (p, o) = (o, p);
            continue;
        }
        let mut left = m;
        for _ in 0..rng.gen_range(0..m.count_ones()) {
            left &= left - 1;
        }
        (p, o) = play(p, o, left.trailing_zeros());
    }
    Some((p, o))
}

/// Checks that `r.best` achieves `r.score` in (p, o) (or is `None` for a pass / game over).
fn check_best(p: u64, o: u64, r: &FastResult, what: &str) {
    let moves = legal_moves(p, o);
    match r.best {
        None => {
            assert_eq!(moves, 0, "{what}: no best move but moves exist");
            if legal_moves(o, p) == 0 {
                assert_eq!(r.score, final_score(p, o), "{what}: game over");
            } else {
                assert_eq!(-fast::solve(o, p).score, r.score, "{what}: pass");
            }
        }
        Some(sq) => {
            assert!(
                moves >> sq & 1 == 1,
                "{what}: best {} illegal",
                square_name(sq)
            );
            let (np, no) = play(p, o, sq);
            assert_eq!(
                -fast::solve(np, no).score,
                r.score,
                "{what}: best {} does not achieve the score",
                square_name(sq)
            );
        }
    }
}

#[test]
fn random_positions_match_reference() {
    let seed = 0x0B0A_4D6A_7E00_0001u64;
    println!("seed {seed:#x}");
    let mut rng = StdRng::seed_from_u64(seed);
    let mut solver = Solver::new();
    let (mut fast_nodes, mut ref_nodes) = (0u64, 0u64);
    let mut count = 0;
    while count < 200 {
        let empties = rng.gen_range(8..=12);
        let Some((p, o)) = random_position(&mut rng, empties) else {
            continue;
        };
        count += 1;
        let what = format!(
            "seed {seed:#x} position {count} ({empties} empties): {}",
            Position::from_bitboards(p, o, true).unwrap().to_obf()
        );
        let want = solve(p, o, MoveOrder::Paper);
        let r = solver.solve(p, o);
        assert_eq!(r.score, want.score, "{what}");
        assert_eq!(fast::solve(p, o), r, "{what}: fresh solver differs");
        check_best(p, o, &r, &what);
        // Window semantics (fail-soft): null windows just below and above the score.
        let s = r.score;
        assert!(fast::solve_window(p, o, s - 1, s).score >= s, "{what}");
        assert!(fast::solve_window(p, o, s, s + 1).score <= s, "{what}");
        let w = fast::solve_window(p, o, s - 3, s + 3);
        assert_eq!(w.score, s, "{what}: window containing the score");
        fast_nodes += r.nodes;
        ref_nodes += want.nodes;
    }
    println!("200 positions: fast {fast_nodes} nodes, reference {ref_nodes} nodes");
}

/// Positions where the side to move must pass (until 30 with 5-12 empties), and finished
/// games.
#[test]
fn passes_and_finished_games() {
    let seed = 0x0B0A_4D6A_7E00_0002u64;
    println!("seed {seed:#x}");
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut passes, mut finished, mut pass_empties) = (0, 0, 0);
    while passes < 30 || finished < 30 {
        // Random games to the end; look at the positions with at most 12 empties.
        let (mut p, mut o) = start();
        loop {
            let empties = 64 - (p | o).count_ones();
            let m = legal_moves(p, o);
            let over = m == 0 && legal_moves(o, p) == 0;
            if empties <= 12 && (m == 0 || over) {
                let r = fast::solve(p, o);
                let want = solve(p, o, MoveOrder::Paper).score;
                let what = Position::from_bitboards(p, o, true).unwrap().to_obf();
                assert_eq!(r.score, want, "{what}");
                assert_eq!(r.best, None, "{what}");
                if over {
                    assert_eq!((r.score, r.nodes), (final_score(p, o), 1), "{what}");
                    finished += 1;
                } else {
                    check_best(p, o, &r, &what);
                    if empties >= 5 {
                        passes += 1;
                    }
                    pass_empties += empties;
                }
            }
            if over {
                break;
            }
            if m == 0 {
                (p, o) = (o, p);
                continue;
            }
            let mut left = m;
            for _ in 0..rng.gen_range(0..m.count_ones()) {
                left &= left - 1;
            }
            (p, o) = play(p, o, left.trailing_zeros());
        }
    }
    println!("{passes} passes with 5+ empties ({pass_empties} empties in all passes), {finished} finished games");
}

fn check_obf(text: &str, first: usize) {
    let mut total = 0.0;
    let mut total_nodes = 0;
    for (i, line) in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .enumerate()
    {
        let pos = parse_position(line).unwrap();
        let t = Instant::now();
        let r = fast::solve(pos.p, pos.o);
        let dt = t.elapsed().as_secs_f64();
        total += dt;
        total_nodes += r.nodes;
        let n = first + i;
        let best = r.best.map_or("pass".into(), square_name);
        println!(
            "FFO #{n:2}: {:2} empties, score {:+3}, best {best}, {:>10} nodes, {:8.1} ms",
            pos.empties(),
            r.score,
            r.nodes,
            dt * 1e3
        );
        let top = pos.scores[0].1;
        assert_eq!(r.score, top, "FFO #{n}: score");
        assert!(
            pos.scores.iter().any(|&(m, v)| m == r.best && v == top),
            "FFO #{n}: best move {best} is not among the moves scoring {top}"
        );
        check_best(pos.p, pos.o, &r, &format!("FFO #{n}"));
    }
    println!("total {total_nodes} nodes, {:.1} ms", total * 1e3);
}

#[test]
fn fforum_1_19() {
    check_obf(include_str!("fixtures/fforum-1-19.obf"), 1);
}

/// FFO #20-#39 (up to 26 empties): about 45 s in a release build on 2 cores.
#[test]
fn fforum_20_39() {
    check_obf(include_str!("fixtures/fforum-20-39.obf"), 20);
}

/// The core's search (`search::search`, fail-hard) as the leaves of the CPU solver's search,
/// as issue 12's hybrid hands them to the board: its jobs counted.
struct CoreLeaves {
    empties: u32,
    jobs: u64,
    windows: u64,
}

impl fast::Leaves for CoreLeaves {
    fn empties(&self) -> u32 {
        self.empties
    }
    fn solve(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        let n = 64 - (p | o).count_ones();
        assert!(n <= self.empties, "a subtree of {n} empties handed on");
        self.jobs += 1;
        self.windows += u64::from(beta - alpha == 1);
        model::othello::search::search(p, o, alpha.max(-65), beta.min(65), MoveOrder::FastestFirst)
            .score
    }
}

/// The solver with its small subtrees handed to the core's search: the same exact scores
/// and best moves on FFO #1-#19 and on random positions, for several job sizes; the subtrees
/// handed on are within the job size, most of them null windows.
#[test]
fn leaves_handed_to_the_core_keep_the_score() {
    let mut solver = Solver::new();
    let text = include_str!("fixtures/fforum-1-19.obf");
    let mut positions: Vec<(u64, u64)> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let p = parse_position(l).unwrap();
            (p.p, p.o)
        })
        .collect();
    let seed = 0x0B0A_4D6A_7E00_0002u64;
    let mut rng = StdRng::seed_from_u64(seed);
    while positions.len() < 19 + 60 {
        let empties = rng.gen_range(9..=14);
        positions.extend(random_position(&mut rng, empties));
    }
    for empties in [6, 10, 12] {
        let (mut jobs, mut windows) = (0, 0);
        for (i, &(p, o)) in positions.iter().enumerate() {
            let what = format!("position {i} (seed {seed:#x}), jobs from {empties} empties");
            let alone = solver.solve(p, o);
            let mut leaves = CoreLeaves {
                empties,
                jobs: 0,
                windows: 0,
            };
            let r = solver.solve_window_with(p, o, -65, 65, &mut leaves);
            assert_eq!(r.score, alone.score, "{what}");
            check_best(p, o, &r, &what);
            assert!(
                r.nodes <= alone.nodes,
                "{what}: the host searched more nodes"
            );
            // Null windows at the root, the way the bound points.
            let s = r.score;
            let below = solver.solve_window_with(p, o, s - 1, s, &mut leaves).score;
            assert!(
                below >= s,
                "{what}: window ({}, {s}) answered {below}",
                s - 1
            );
            let above = solver.solve_window_with(p, o, s, s + 1, &mut leaves).score;
            assert!(
                above <= s,
                "{what}: window ({s}, {}) answered {above}",
                s + 1
            );
            jobs += leaves.jobs;
            windows += leaves.windows;
        }
        println!("jobs from {empties} empties: {jobs} jobs, {windows} null windows");
        assert!(
            jobs > 0 && windows * 2 > jobs,
            "{jobs} jobs, {windows} null windows"
        );
    }
}
