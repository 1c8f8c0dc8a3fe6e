//! The reference for perft on chip (`gateware/src/chess/perft.rs`): leaves and cycles of the
//! chip's depth-first walk, so that the circuit is checked leaf for leaf and cycle for cycle.
//!
//! The chip walks the tree with one generator ([`generate`]): every find cycle is one cycle;
//! every move it yields is made on the board registers and costs one more cycle, in which the
//! square array tells whether the mover's king can be taken (the move was illegal). A legal
//! move at the last ply counts one leaf and is unmade in that cycle; a legal move above it
//! pushes the node's generator state and enters the child, whose first find cycle follows;
//! when a node has no move left, its last find cycle pops the parent and unmakes the parent's
//! move. Every leaf is made (no bulk counting).

use super::generator::generate;
use super::{attacked_by, Position};

/// Leaves and cycles of perft on chip.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PerftRun {
    pub leaves: u64,
    pub cycles: u64,
}

/// Whether the side that just moved left its king attacked.
fn illegal(after: &Position) -> bool {
    let mover = after.side.other();
    after
        .king(mover)
        .is_none_or(|k| attacked_by(after, k, after.side))
}

/// Perft of `depth` (>= 1) as the chip runs it.
pub fn perft_on_chip(pos: &Position, depth: u32) -> PerftRun {
    assert!(depth >= 1, "perft on chip needs depth 1 or more");
    let g = generate(pos);
    let mut run = PerftRun {
        leaves: 0,
        cycles: g.cycles,
    };
    for m in g.moves {
        run.cycles += 1;
        let next = pos.play(m.mv);
        if illegal(&next) {
            continue;
        }
        if depth == 1 {
            run.leaves += 1;
        } else {
            let child = perft_on_chip(&next, depth - 1);
            run.leaves += child.leaves;
            run.cycles += child.cycles;
        }
    }
    run
}

/// The deepest perft the chip runs (its stack holds one frame per ply above the leaves).
pub const CHIP_MAX_DEPTH: u32 = 15;
