//! The fastest-first core's transposition table (`model::othello::table`, in `search`'s
//! fastest-first order since the solvers have it): the same score and best move as the search
//! without it (`search_without_table`), on the FFO suite (the published scores) and on random
//! positions and windows, in fewer nodes.

use model::othello::parse_position;
use model::othello::random::{random_position, random_window};
use model::othello::search::{search, search_without_table, MoveOrder};
use model::othello::SCORE_BOUND;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[test]
fn the_table_keeps_the_ffo_scores_in_fewer_nodes() {
    let text = include_str!("fixtures/fforum-1-19.obf");
    let (mut plain_nodes, mut table_nodes, mut hits) = (0u64, 0u64, 0u64);
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let pos = parse_position(line).unwrap();
        let plain = search_without_table(pos.p, pos.o, -SCORE_BOUND, SCORE_BOUND);
        let t = search(
            pos.p,
            pos.o,
            -SCORE_BOUND,
            SCORE_BOUND,
            MoveOrder::FastestFirst,
        );
        assert_eq!(t.score, pos.scores[0].1, "{line}");
        assert_eq!((t.score, t.best), (plain.score, plain.best), "{line}");
        plain_nodes += plain.nodes;
        table_nodes += t.nodes;
        hits += t.table_hits;
    }
    println!("FFO #1-#19: {table_nodes} nodes with the table, {plain_nodes} without, {hits} hits");
    assert!(hits > 0);
    assert!(
        table_nodes * 10 < plain_nodes * 9,
        "{table_nodes} of {plain_nodes}"
    );
}

#[test]
fn the_table_keeps_scores_and_best_moves_in_any_window() {
    let seed = 0x7ab1_e000_0000_0012u64;
    println!("seed {seed:#x}");
    let mut r = StdRng::seed_from_u64(seed);
    let mut hits = 0;
    for i in 0..300 {
        let empties = r.gen_range(6..=13);
        let (p, o) = random_position(&mut r, empties);
        let (alpha, beta) = random_window(&mut r, i);
        let plain = search_without_table(p, o, alpha, beta);
        let t = search(p, o, alpha, beta, MoveOrder::FastestFirst);
        assert_eq!(
            (t.score, t.best),
            (plain.score, plain.best),
            "p {p:#018x} o {o:#018x} ({alpha}, {beta})"
        );
        hits += t.table_hits;
    }
    assert!(hits > 0, "no answer from the table");
}
