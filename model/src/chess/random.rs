//! Seeded random positions for tests: random legal play from the standard position and the
//! special positions of the perft table (castling, en passant, promotions, pins, checks).

use super::{legal_moves, Position};
use rand::{rngs::StdRng, Rng, SeedableRng};

/// The perft table the tests use (`model/tests/fixtures/chess-perft.txt`, with its source).
pub const PERFT_TABLE: &str = include_str!("../../tests/fixtures/chess-perft.txt");

/// One line of the perft table.
#[derive(Clone, Debug)]
pub struct TableEntry {
    pub name: String,
    pub fen: String,
    /// Published (depth, leaves): every depth from 1 for the standard positions, one deep
    /// count (`D6 N`) for the special ones.
    pub counts: Vec<(u32, u64)>,
}

/// The perft table, line by line.
pub fn perft_table() -> Vec<TableEntry> {
    PERFT_TABLE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(';').map(str::trim).collect();
            let counts = if let Some(d) = f[2].strip_prefix('D') {
                let (d, n) = d.split_once(' ').expect("`Dn N`");
                vec![(d.parse().expect("a depth"), n.parse().expect("a count"))]
            } else {
                f[2].split_whitespace()
                    .enumerate()
                    .map(|(i, n)| (i as u32 + 1, n.parse().expect("a count")))
                    .collect()
            };
            TableEntry {
                name: f[0].into(),
                fen: f[1].into(),
                counts,
            }
        })
        .collect()
}

/// The distinct starting positions of the perft table, in file order.
pub fn table_positions() -> Vec<Position> {
    let mut out: Vec<Position> = Vec::new();
    for e in perft_table() {
        let pos = Position::from_fen(&e.fen).expect("the perft table's FENs parse");
        if !out.contains(&pos) {
            out.push(pos);
        }
    }
    out
}

/// `n` positions reached by 0..`max_plies` random legal moves from the table's positions,
/// the same ones for the same seed. Positions where the game is over are kept.
pub fn positions(seed: u64, n: usize, max_plies: usize) -> Vec<Position> {
    let mut r = StdRng::seed_from_u64(seed);
    let starts = table_positions();
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut pos = starts[r.gen_range(0..starts.len())].clone();
        for _ in 0..r.gen_range(0..=max_plies) {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves[r.gen_range(0..moves.len())]);
        }
        out.push(pos);
    }
    out
}
