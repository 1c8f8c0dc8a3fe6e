//! Move orders: the paper's square classes (Figure 10) as a priority list.

/// Square classes of the paper's Figure 10, A (best) .. J (worst), row 1 first.
pub const PAPER_CLASSES: [u8; 64] = *b"\
BICEECIB\
IJHGGHJI\
CHDFFDHC\
EGFAAFGE\
EGFAAFGE\
CHDFFDHC\
IJHGGHJI\
BICEECIB";

/// Squares in the paper's move order: class A first, then B..J; within a class, by square
/// index (the order of the paper's Table 5). Table 5 lists square 22 under both G and H; by
/// Figure 10 square 12 (e2) is the G square, which is what this order uses.
pub fn paper_order() -> [u8; 64] {
    // Sorted once: the model's search asks for it at every move.
    static ORDER: std::sync::OnceLock<[u8; 64]> = std::sync::OnceLock::new();
    *ORDER.get_or_init(|| {
        let mut v: Vec<u8> = (0..64u8).collect();
        v.sort_by_key(|&s| (PAPER_CLASSES[s as usize], s));
        v.try_into().unwrap()
    })
}

/// The first square of `moves` in `order`.
pub fn first_in_order(moves: u64, order: &[u8; 64]) -> Option<u32> {
    order
        .iter()
        .map(|&s| s as u32)
        .find(|&s| moves >> s & 1 == 1)
}

/// The four corners, a1, h1, a8 and h8.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;

/// The four 4x4 quadrants of the board.
pub const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// The union of the quadrants that hold an odd number of `empties`.
#[inline]
pub fn odd_quadrants(empties: u64) -> u64 {
    let mut odd = 0;
    for q in QUADRANTS {
        if (empties & q).count_ones() & 1 == 1 {
            odd |= q;
        }
    }
    odd
}

/// The fastest-first key of a move whose opponent then has the replies `replies`: their
/// number, corner replies counted twice (a reply that takes a corner is the one most likely
/// to refute the move, as CPU solvers weigh it). Fewer first. A position has at most 33
/// legal moves, so the key fits the hardware's 6 bits with room to spare.
///
/// Counting the corners twice was measured on the cycle model against the plain count
/// (2026-12-07, `model/examples/order_keys.rs`): FFO #1-#19 4.43 M nodes and 15.3 M cycles
/// where the plain count takes 6.06 M and 20.6 M; FFO #21-#37 758 M nodes and 2,707 M cycles
/// where it takes 936 M and 3,268 M (17% fewer cycles). Corner and parity tie-breaks as the
/// CPU solver uses them did worse there (2,922 M).
pub fn ff_key(replies: u64) -> u32 {
    replies.count_ones() + (replies & CORNERS).count_ones()
}

/// Fastest-first order of evaluated moves: `(square, key)` pairs in evaluation order, the
/// key from [`ff_key`], sorted by key with ties kept in evaluation order (a stable sort). The
/// hardware builds the same list one insertion per cycle (`gateware::othello::InsertionSorter`).
pub fn by_mobility(evaluated: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut v = evaluated.to_vec();
    sort_by_mobility(&mut v);
    v
}

/// [`by_mobility`] in place (no allocation: the search sorts at every node).
pub fn sort_by_mobility(evaluated: &mut [(u32, u32)]) {
    evaluated.sort_by_key(|&(_, mob)| mob);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table5_classes() {
        let o = paper_order();
        assert_eq!(&o[..4], &[27, 28, 35, 36]);
        assert_eq!(&o[4..8], &[0, 7, 56, 63]);
        assert_eq!(&o[60..], &[9, 14, 49, 54]);
        // G per Figure 10: 11, 12, 25, 30, 33, 38, 51, 52.
        let g: Vec<u8> = (0..64)
            .filter(|&s| PAPER_CLASSES[s as usize] == b'G')
            .collect();
        assert_eq!(g, [11, 12, 25, 30, 33, 38, 51, 52]);
    }
}
