//! The reference for perft on chip (`gateware/src/chess/perft.rs`): leaves and cycles of the
//! chip's depth-first walk, so that the circuit is checked leaf for leaf and cycle for cycle.
//!
//! The chip walks the tree with one generator, loaded at each node it enters with the node's
//! entry ([`generate_entered`]: the first phase with victims): every generator cycle is one
//! cycle. A yielded move is registered at the end of its find cycle and made in the next
//! cycle. A move yielded at the last ply is made, while the generator goes on finding the next
//! move on the unchanged board, into a second set of board registers (the leaf board); the
//! cycle after, a second king-attack circuit looks at it and counts the leaf if the mover's
//! king cannot be taken: leaves cost no cycle of their own, except that a node's end waits one
//! cycle when the leaf yielded in the cycle just before it is still being made (the write bus
//! is busy). A move yielded above the last ply costs two more cycles: one makes it on the board
//! registers, in the next the square array tells whether the mover's king can be taken: if so
//! it is unmade, else the node's generator state is pushed and the child's first find cycle
//! follows. The cycle after the one that ends a node pops the parent and unmakes the parent's
//! move (so that the end's decision, which follows the arbiter tree, drives no board register's
//! enable). Every leaf is made (no bulk counting).

use super::generator::generate_entered;
use super::{attacked_by, Position};

/// Leaves and cycles of perft on chip.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PerftRun {
    pub leaves: u64,
    pub cycles: u64,
}

/// Whether the side that just moved left its king attacked.
pub(crate) fn illegal(after: &Position) -> bool {
    let mover = after.side.other();
    after
        .king(mover)
        .is_none_or(|k| attacked_by(after, k, after.side))
}

/// A share of one perft (the split on chip): the chip walks the plies above `ply` whole,
/// numbers the legal moves it makes at ply `ply` (the root's moves are ply 1) in walk order
/// from 0, and searches below only those whose number is `offset` modulo `stride`. The shares
/// `offset` = 0..`stride` of one perft count its leaves between them, each once. `ply` 0 is the
/// whole tree (as is a `ply` at or below the last ply: the leaves are never shared out).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Share {
    pub ply: u32,
    pub stride: u32,
    pub offset: u32,
}

impl Share {
    /// The whole tree.
    pub const WHOLE: Share = Share {
        ply: 0,
        stride: 1,
        offset: 0,
    };
}

/// Perft of `depth` (>= 1) as the chip runs it.
pub fn perft_on_chip(pos: &Position, depth: u32) -> PerftRun {
    perft_share_on_chip(pos, depth, Share::WHOLE)
}

/// The `share` of perft of `depth` (>= 1) as the chip runs it: a move at the share's ply that
/// is not the share's costs the cycles of an illegal one (made, looked at, unmade).
pub fn perft_share_on_chip(pos: &Position, depth: u32, share: Share) -> PerftRun {
    assert!(depth >= 1, "perft on chip needs depth 1 or more");
    assert!(
        share.offset < share.stride,
        "a share's offset is below its stride"
    );
    // The chip's counter: the legal moves at the share's ply still to skip.
    let mut left = share.offset;
    walk(pos, depth, 1, share, &mut left)
}

fn walk(pos: &Position, depth: u32, ply: u32, share: Share, left: &mut u32) -> PerftRun {
    let g = generate_entered(pos);
    let end_waits = depth == 1 && g.end_follows_move();
    let mut run = PerftRun {
        leaves: 0,
        cycles: g.cycles + end_waits as u64,
    };
    for m in g.moves {
        if depth > 1 {
            run.cycles += 2;
        }
        let next = pos.play(m.mv);
        if illegal(&next) {
            continue;
        }
        if depth == 1 {
            run.leaves += 1;
            continue;
        }
        if ply == share.ply {
            if *left > 0 {
                *left -= 1;
                continue;
            }
            *left = share.stride - 1;
        }
        let child = walk(&next, depth - 1, ply + 1, share, left);
        run.leaves += child.leaves;
        // The child's cycles and the pop back.
        run.cycles += child.cycles + 1;
    }
    run
}

/// The deepest perft the chip runs (its stack holds one frame per ply above the leaves).
pub const CHIP_MAX_DEPTH: u32 = 15;
