//! The perft table the tests use and seeded random positions: random legal play from the
//! table's positions (the start, "matsuri", the 593-move position) and from the tsume
//! problems' positions (few pieces on the board, many in hand, kings missing).

use super::{legal_moves, Position};
use rand::{rngs::StdRng, Rng, SeedableRng};

/// The perft table (`model/tests/fixtures/shogi-perft.txt`, with its source header).
pub const PERFT_TABLE: &str = include_str!("../../tests/fixtures/shogi-perft.txt");

/// The tsume problems (`model/tests/fixtures/shogi-tsume.txt`, with its source header).
pub const TSUME_TABLE: &str = include_str!("../../tests/fixtures/shogi-tsume.txt");

/// One line of the perft table: an SFEN and its published (depth, leaves).
#[derive(Clone, Debug)]
pub struct TableEntry {
    pub sfen: String,
    pub counts: Vec<(u32, u64)>,
}

/// The perft table, line by line (`SFEN ;D1 n ;D2 n ...`).
pub fn perft_table() -> Vec<TableEntry> {
    PERFT_TABLE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut f = l.split(';').map(str::trim);
            let sfen = f.next().expect("an SFEN").to_string();
            let counts = f
                .map(|c| {
                    let (d, n) = c
                        .strip_prefix('D')
                        .and_then(|c| c.split_once(' '))
                        .expect("`Dn N`");
                    (d.parse().expect("a depth"), n.parse().expect("a count"))
                })
                .collect();
            TableEntry { sfen, counts }
        })
        .collect()
}

/// The SFENs of the tsume table, in file order.
pub fn tsume_sfens() -> Vec<String> {
    TSUME_TABLE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split(';').next().expect("an SFEN").trim().to_string())
        .collect()
}

/// The distinct starting positions: the perft table's, then the tsume table's.
pub fn table_positions() -> Vec<Position> {
    let mut out: Vec<Position> = Vec::new();
    let sfens = perft_table()
        .into_iter()
        .map(|e| e.sfen)
        .chain(tsume_sfens());
    for s in sfens {
        let pos = Position::from_sfen(&s).expect("the tables' SFENs parse");
        if !out.contains(&pos) {
            out.push(pos);
        }
    }
    out
}

/// `n` positions reached by 0..`max_plies` random legal moves from the tables' positions,
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
