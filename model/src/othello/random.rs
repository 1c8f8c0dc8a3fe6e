//! Seeded random positions for tests and benchmarks.

use super::rules::{legal_moves, play, start};
use rand::Rng;

/// A position with `empties` empty squares (4..=60), reached by random legal moves from the
/// start position; `(p, o)` from the side to move, which may have to pass.
pub fn random_position(rng: &mut impl Rng, empties: u32) -> (u64, u64) {
    let empties = empties.clamp(0, 60);
    loop {
        let (mut p, mut o) = start();
        loop {
            if 64 - (p | o).count_ones() == empties {
                return (p, o);
            }
            let m = legal_moves(p, o);
            if m == 0 {
                if legal_moves(o, p) == 0 {
                    break; // game over before reaching the target: start again
                }
                std::mem::swap(&mut p, &mut o);
                continue;
            }
            let k = rng.gen_range(0..m.count_ones());
            let mut mm = m;
            for _ in 0..k {
                mm &= mm - 1;
            }
            (p, o) = play(p, o, mm.trailing_zeros());
        }
    }
}

/// A fail-hard window for test `i`, in rotation: the full window, a null window, a random
/// wider one (scores in -65..=65).
pub fn random_window(rng: &mut impl Rng, i: usize) -> (i32, i32) {
    match i % 3 {
        0 => (-65, 65),
        1 => {
            let a = rng.gen_range(-64..64);
            (a, a + 1)
        }
        _ => {
            let a = rng.gen_range(-65..60);
            (a, rng.gen_range(a + 1..=65))
        }
    }
}
