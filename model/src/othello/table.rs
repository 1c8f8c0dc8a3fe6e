//! The fastest-first core's transposition table (issue 12, beyond the paper): the golden model
//! of the table the fastest-first solvers keep in block RAM (`gateware::othello::table`, the
//! solver's `Probe` and `Clear` states; `search::TABLE_IN_CORE`).
//!
//! A direct-mapped table of [`TABLE_ENTRIES`] entries, each a whole position (the key: the
//! side to move's and the opponent's discs, 128 bits), what one search of it found (a lower
//! bound, an upper bound or the exact value) and the move that found it. The hardware's rules,
//! which `search::search` follows bit for bit:
//! - **Read** by every node with moves and at least [`TABLE_MIN_EMPTIES`] empty squares: every
//!   sorted node and no other ([`TABLE_MIN_EMPTIES`] is `FF_EMPTIES_ABOVE` + 1), in one
//!   `Probe` cycle after `Enter`: the slot's address is [`slot`] of the node's board, issued in
//!   `Enter`, its data there in `Probe`. A key equal to the node's board whose bound decides the
//!   node's window ([`Entry::answer`]) returns at once, as a leaf does; else the entry's move,
//!   if any, is searched first (it takes the key 0 in the evaluation, the others their key
//!   plus one: the stable sort puts it at the list's head).
//! - **Written** when such a node returns through its frame (a cut-off, or its last move's
//!   value), in the `Pop` cycle, on the table's own write port: no cycle of its own. The entry
//!   is replaced whatever it held.
//! - **Fresh for every job**: each entry carries the job's generation (16 bits, counted at each
//!   start), and an entry of another generation is empty. When the generation wraps, the core
//!   clears the table before the job (2,048 cycles, not counted in the job's cycles, so a job's
//!   nodes and cycles are a function of the job alone, as `search::search`
//!   computes them).
//!
//! Measured on the model before it was built (2026-12-07, the cycle model of
//! `search::search`, FFO #21-#37 solved whole): 2,048 entries read from 5 empties take the
//! fastest-first core's cycles from 2,707 M to 2,044 M (0.755); from 6 empties 2,053 M, 7
//! 2,085 M, 8 2,130 M; 1,024 entries 2,131 M, 4,096 1,971 M (four cores' tables of 4,096
//! would not fit the 85F's block RAM beside the stacks); a multiplicative hash instead of the
//! fold 2,059 M (from 6 empties; the fold 2,053 M). docs/othello.md, "A table in each core".

/// Address bits of the table: 2,048 entries.
pub const TABLE_BITS: u32 = 11;
/// Entries of the table.
pub const TABLE_ENTRIES: usize = 1 << TABLE_BITS;
/// A node reads (and later writes) the table when it has moves and at least this many empty
/// squares.
pub const TABLE_MIN_EMPTIES: u32 = 5;
/// The opponent's discs are turned left by this many squares before the fold, so that a
/// position and its colour-swapped twin (both occur in a tree) fall in different slots.
pub const SLOT_ROTATE: u32 = 29;

/// What one search of the entry's position found, fail-hard in its window (alpha, beta).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The search cut off: the value is at least `value` (its beta).
    Lower,
    /// Every move failed low: the value is at most `value` (its alpha).
    Upper,
    /// The value is `value`.
    Exact,
}

impl Kind {
    /// The 2-bit code the hardware stores (0: the entry was never written).
    pub const fn code(self) -> u64 {
        match self {
            Kind::Lower => 1,
            Kind::Upper => 2,
            Kind::Exact => 3,
        }
    }
}

/// One entry of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub p: u64,
    pub o: u64,
    pub kind: Kind,
    pub value: i32,
    /// The move that cut off or raised alpha last; `None` after a fail-low.
    pub best: Option<u32>,
}

impl Entry {
    /// What a fail-hard search of window (alpha, beta) returns, when the entry decides it.
    pub fn answer(&self, alpha: i32, beta: i32) -> Option<i32> {
        match self.kind {
            Kind::Lower if self.value >= beta => Some(beta),
            Kind::Upper if self.value <= alpha => Some(alpha),
            Kind::Exact => Some(self.value.clamp(alpha, beta)),
            _ => None,
        }
    }

    /// The entry a node of window (alpha, beta) leaves when its search returns `score`.
    pub fn learned(p: u64, o: u64, alpha: i32, beta: i32, score: i32, best: Option<u32>) -> Self {
        let (kind, best) = if score >= beta {
            (Kind::Lower, best)
        } else if score <= alpha {
            (Kind::Upper, None)
        } else {
            (Kind::Exact, best)
        };
        Entry {
            p,
            o,
            kind,
            value: score,
            best,
        }
    }
}

/// The slot of a position: the side to move's discs XOR the opponent's turned left by
/// [`SLOT_ROTATE`], folded to [`TABLE_BITS`] bits by XOR (each address bit the XOR of 12 board
/// bits: two LUT levels).
pub fn slot(p: u64, o: u64) -> usize {
    let h = p ^ o.rotate_left(SLOT_ROTATE);
    let mut x = 0u64;
    let mut k = 0;
    while k < 64 {
        x ^= h >> k;
        k += TABLE_BITS;
    }
    (x & (TABLE_ENTRIES as u64 - 1)) as usize
}

/// The table of one job.
pub struct Table {
    entries: Vec<Option<Entry>>,
}

impl Default for Table {
    fn default() -> Self {
        Self::new()
    }
}

impl Table {
    /// An empty table (a new job's generation).
    pub fn new() -> Self {
        Table {
            entries: vec![None; TABLE_ENTRIES],
        }
    }

    /// The entry of (p, o), if its slot holds that position.
    pub fn probe(&self, p: u64, o: u64) -> Option<Entry> {
        self.entries[slot(p, o)].filter(|e| (e.p, e.o) == (p, o))
    }

    /// Writes `e` into its slot, replacing what was there.
    pub fn store(&mut self, e: Entry) {
        self.entries[slot(e.p, e.o)] = Some(e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The fold spreads positions: random boards fill the slots near evenly, and a board and
    /// its colour-swapped twin rarely share a slot.
    #[test]
    fn slots_spread() {
        let mut r = rand::rngs::StdRng::seed_from_u64(0x7ab1e);
        let mut count = vec![0u32; TABLE_ENTRIES];
        let mut twins = 0;
        let n = 64 * TABLE_ENTRIES;
        for _ in 0..n {
            let empties = r.gen_range(8..50);
            let (p, o) = crate::othello::random::random_position(&mut r, empties);
            count[slot(p, o)] += 1;
            twins += u32::from(slot(p, o) == slot(o, p));
        }
        let max = *count.iter().max().unwrap();
        let min = *count.iter().min().unwrap();
        assert!(
            max < 128 && min > 20,
            "slots from {min} to {max} of 64 each"
        );
        assert!(twins < (n / 256) as u32, "{twins} twins share a slot");
    }

    /// An entry answers exactly the windows its bound decides.
    #[test]
    fn answers_follow_the_bound() {
        let e = |kind, value| Entry {
            p: 1,
            o: 2,
            kind,
            value,
            best: Some(9),
        };
        assert_eq!(e(Kind::Lower, 10).answer(0, 10), Some(10));
        assert_eq!(e(Kind::Lower, 10).answer(0, 11), None);
        assert_eq!(e(Kind::Upper, -4).answer(-4, 8), Some(-4));
        assert_eq!(e(Kind::Upper, -4).answer(-5, 8), None);
        assert_eq!(e(Kind::Exact, 6).answer(-64, 64), Some(6));
        assert_eq!(e(Kind::Exact, 6).answer(6, 8), Some(6));
        assert_eq!(e(Kind::Exact, 6).answer(-2, 4), Some(4));
        assert_eq!(Entry::learned(1, 2, -3, 5, 5, Some(1)).kind, Kind::Lower);
        assert_eq!(Entry::learned(1, 2, -3, 5, -3, Some(1)).best, None);
        assert_eq!(Entry::learned(1, 2, -3, 5, 0, Some(1)).kind, Kind::Exact);
    }
}
