//! Perft from the start position against the fixture table (both pass conventions).

use model::othello::perft::{perft, PassConvention};
use model::othello::rules::start;

/// (depth, leaves) rows of one convention.
type Rows = Vec<(u32, u64)>;

fn table() -> (Rows, Rows) {
    let text = include_str!("fixtures/othello-perft.txt");
    let mut a = Vec::new();
    let mut e = Vec::new();
    for line in text.lines() {
        let edax = line.starts_with("# 1") && line.split_whitespace().count() == 3;
        let l = if edax { &line[2..] } else { line };
        if l.starts_with('#') || l.trim().is_empty() {
            continue;
        }
        let mut f = l.split_whitespace();
        let d: u32 = f.next().unwrap().parse().unwrap();
        let n: u64 = f.next().unwrap().parse().unwrap();
        if edax {
            e.push((d, n))
        } else {
            a.push((d, n))
        }
    }
    (a, e)
}

#[test]
fn perft_1_to_9_both_conventions() {
    let (p, o) = start();
    let (a, _) = table();
    for &(d, n) in a.iter().filter(|(d, _)| *d <= 9) {
        assert_eq!(
            perft(p, o, d, PassConvention::Aartbik),
            n,
            "aartbik depth {d}"
        );
        // Depths 1-9 are the same under the Edax convention (no game ends before ply 9... 10).
        assert_eq!(perft(p, o, d, PassConvention::Edax), n, "edax depth {d}");
    }
}

#[test]
fn perft_10_conventions_differ() {
    let (p, o) = start();
    let (a, e) = table();
    let want_a = a.iter().find(|(d, _)| *d == 10).unwrap().1;
    let want_e = e.iter().find(|(d, _)| *d == 10).unwrap().1;
    assert_eq!(perft(p, o, 10, PassConvention::Aartbik), want_a);
    assert_eq!(perft(p, o, 10, PassConvention::Edax), want_e);
}
