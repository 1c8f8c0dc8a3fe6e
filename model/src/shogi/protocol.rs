//! Payloads of the shogi designs' job commands (the link protocol's opcodes are in
//! `crate::link`). Little-endian. The board data (810 bits) and the piece cover table
//! (3,240 bits) are bigger than a frame's payload (`crate::link::MAX_PAYLOAD`), so they move a
//! word at a time, as the paper's circuit reads and writes them (a rank a cycle):
//!
//! * `JOB_LOAD` ([`LOAD_LEN`] bytes): core u8, word u8, the word in [`RANK_BYTES`] bytes.
//!   Words 0..=8 are the ranks (0 = rank 1) of the board data
//!   (`super::piece_data::BoardData::rank_word`: nine 10-bit piece data, file 1 lowest; the
//!   top [`RANK_PAD_BITS`] bits are 0); word [`HANDS_WORD`] is the side to move and the hands
//!   ([`hands_word`]: Black's hand as an identity mask in bits 0-39, White's in 40-79, bit 80
//!   set when Black moves; the bits above are 0). Refused while the core runs (BUSY); loading
//!   makes a finished core idle (its results no longer belong to the position).
//! * `JOB_START` ([`START_LEN`] bytes): the job u8, the depth u8. [`JOB_COVER`] computes
//!   the piece cover table of the loaded board data; [`JOB_MOVES`] the table and the legal
//!   moves (`gateware::shogi::AllMovesUnit`; cycles: `super::all_moves::moves_job_cycles`);
//!   both take depth 0. [`JOB_PERFT`] counts the legal leaves `depth` plies down (1 to
//!   `super::walk::WALK_MAX_DEPTH`) on chip (`gateware::shogi::PerftWalker`; cycles:
//!   `super::walk::perft_walk`); an abort unwinds the walk, so the loaded position stays.
//!   [`JOB_MATE`] searches a mate of at most `depth` plies (odd, 1 to
//!   `super::walk::MATE_MAX_PLIES`) by the side to move on chip (the walker's mate walk;
//!   cycles: `super::walk::mate_walk`). The position is the host's to check (the SFEN parser
//!   does; a mate search wants the defender's king on the board and the attacker not in
//!   check).
//! * `JOB_RESULT` ([`RESULT_LEN`] bytes, [`decode_result`]): cycles u64 from the start to the
//!   job's end; the legal moves' number u16; the probe square u8 (the pawn drop in front of
//!   the opponent king among the candidates); flags u8: bit 0 a moves job, bit 1 a probe, bit
//!   2 the probe's drop mates (and is not a legal move), bit 3 a perft job, bit 4 a mate job,
//!   bit 5 it mates; the perft's leaves u64 (a mate job's: the root's mating check as the
//!   rank u8, the group u8 and the bit u8 of its place among the root's candidates, the
//!   layout of [`rank_candidates`] in groups of 40: [`cursor_move`]; 0 without a mate) and
//!   moves jobs (nodes) u32 (0 for the cover and moves jobs).
//! * `JOB_POLL` progress: the job's cycles so far.
//! * `JOB_READ` ([`READ_LEN`] bytes: core u8, word u8 in `0..`[`READ_WORDS`]), answered in
//!   [`READ_ANSWER_LEN`] bytes. Words below [`TABLE_WORDS`]: word `w` is half of table rank
//!   `w / 2`: files 1-5 (`w` even) or 6-9 (`w` odd), 40 bits a square, lowest file first (the
//!   odd half's last 5 bytes are 0). Words from [`TABLE_WORDS`] on, after a moves job: word
//!   `TABLE_WORDS + 4r + k` is bits `200k..200k+199` of rank `r`'s candidates
//!   ([`rank_candidates`]: per file `f` the board moves without promotion in bits
//!   `80f..80f+39` and with it in `80f+40..80f+79`, bit per identity; the drops in bits
//!   `720+7f..720+7f+6`, `Kind::HAND` order), zero past bit 782. NO_RESULT unless the core is
//!   done (for the candidates: done with a moves job).
//!
//! With one core the job commands may leave out the core index (`crate::link`); `JOB_LOAD`
//! and `JOB_READ` always carry it.

use super::all_moves::{Candidates, SquareMoves};
use super::piece_data::{BoardData, CoverTable};
use super::{Color, Kind, Move, SQUARES};
use crate::link::PayloadError;

/// `JOB_START` without a core index: the job byte, the depth byte.
pub const START_LEN: usize = 2;
/// The job that computes the piece cover table.
pub const JOB_COVER: u8 = 0;
/// The job that generates the legal moves (and the table).
pub const JOB_MOVES: u8 = 1;
/// The job that counts perft leaves on chip.
pub const JOB_PERFT: u8 = 2;
/// The job that searches a mate on chip.
pub const JOB_MATE: u8 = 3;
/// `JOB_RESULT`: cycles u64, moves u16, probe square u8, flags u8, leaves u64, nodes u32.
pub const RESULT_LEN: usize = 24;
/// `JOB_RESULT` flags.
pub const FLAG_MOVES: u8 = 1;
pub const FLAG_PROBE: u8 = 2;
pub const FLAG_PROBE_MATES: u8 = 4;
pub const FLAG_PERFT: u8 = 8;
pub const FLAG_MATE: u8 = 16;
pub const FLAG_MATED: u8 = 32;
/// Bits of the perft counters the device keeps: leaves (48) and moves jobs (32).
pub const LEAVES_BITS: u32 = 48;
pub const NODES_BITS: u32 = 32;
/// Bits of the cycle counter the device keeps.
pub const CYCLES_BITS: u32 = 48;
/// Ranks (words of the board data).
pub const RANKS: usize = 9;
/// Bits of a rank word: nine 10-bit piece data.
pub const RANK_BITS: usize = 90;
pub const RANK_BYTES: usize = RANK_BITS.div_ceil(8);
pub const RANK_PAD_BITS: usize = RANK_BYTES * 8 - RANK_BITS;
/// `JOB_LOAD`: core, word, the word.
pub const LOAD_LEN: usize = 2 + RANK_BYTES;
/// The load word of the side to move and the hands (after the ranks), its bits.
pub const HANDS_WORD: usize = RANKS;
pub const HANDS_BITS: usize = 81;
/// Load words: the ranks and the hands.
pub const LOAD_WORDS: usize = RANKS + 1;
/// `JOB_READ`: core, word.
pub const READ_LEN: usize = 2;
/// Words of the cover table: two a rank.
pub const TABLE_WORDS: usize = 2 * RANKS;
/// Bits of a rank's candidates: per file 40 + 40 board-move bits, then per file 7 drops.
pub const RANK_BOARD_MOVE_BITS: usize = RANKS * 80;
pub const RANK_DROP_BITS: usize = RANKS * 7;
pub const RANK_MOVE_BITS: usize = RANK_BOARD_MOVE_BITS + RANK_DROP_BITS;
/// Words of a rank's candidates, and of all of them.
pub const MOVE_WORDS_PER_RANK: usize = RANK_MOVE_BITS.div_ceil(8 * READ_ANSWER_LEN);
pub const MOVE_WORDS: usize = RANKS * MOVE_WORDS_PER_RANK;
/// Read words: the table, then the candidates.
pub const READ_WORDS: usize = TABLE_WORDS + MOVE_WORDS;
/// Squares (files) in a read word: files 1-5, then 6-9.
pub const READ_FILES: usize = 5;
/// Bits of a square's cover (one per piece identity).
pub const COVER_BITS: usize = 40;
pub const READ_ANSWER_LEN: usize = READ_FILES * COVER_BITS / 8;

/// `JOB_LOAD` of load word `word` (`value`'s low [`RANK_BYTES`] bytes) for `core`.
pub fn encode_load_word(core: u8, word: usize, value: u128) -> Vec<u8> {
    let mut v = vec![core, word as u8];
    v.extend_from_slice(&value.to_le_bytes()[..RANK_BYTES]);
    v
}

/// `JOB_LOAD` of `rank` of `board` for `core`.
pub fn encode_load(core: u8, board: &BoardData, rank: usize) -> Vec<u8> {
    encode_load_word(core, rank, board.rank_word(rank))
}

/// The hands word: Black's hand, White's hand, the side to move.
pub fn hands_word(board: &BoardData) -> u128 {
    board.hands[0] as u128
        | (board.hands[1] as u128) << 40
        | u128::from(board.side == Color::Black) << 80
}

/// `JOB_LOAD` of the hands word of `board` for `core`.
pub fn encode_load_hands(core: u8, board: &BoardData) -> Vec<u8> {
    encode_load_word(core, HANDS_WORD, hands_word(board))
}

/// The load words of `board`, in the order a core takes them: the ranks, then the hands.
pub fn load_words(board: &BoardData) -> [u128; LOAD_WORDS] {
    let mut w = [0; LOAD_WORDS];
    for (rank, word) in w.iter_mut().enumerate().take(RANKS) {
        *word = board.rank_word(rank);
    }
    w[HANDS_WORD] = hands_word(board);
    w
}

/// `JOB_START` arguments (without the core index) of the cover job.
pub const COVER_ARGS: [u8; START_LEN] = [JOB_COVER, 0];
/// `JOB_START` arguments of the moves job.
pub const MOVES_ARGS: [u8; START_LEN] = [JOB_MOVES, 0];

/// `JOB_START` arguments of a perft of `depth`.
pub fn perft_args(depth: u32) -> [u8; START_LEN] {
    [JOB_PERFT, depth.min(255) as u8]
}

/// `JOB_START` arguments of a mate search of at most `plies`.
pub fn mate_args(plies: u32) -> [u8; START_LEN] {
    [JOB_MATE, plies.min(255) as u8]
}

/// `JOB_START` of the cover job for `core`.
pub fn encode_cover_start_on(core: u8) -> Vec<u8> {
    [&[core][..], &COVER_ARGS].concat()
}

/// `JOB_START` of the moves job for `core`.
pub fn encode_moves_start_on(core: u8) -> Vec<u8> {
    [&[core][..], &MOVES_ARGS].concat()
}

/// `JOB_START` of a perft of `depth` for `core`.
pub fn encode_perft_start_on(core: u8, depth: u32) -> Vec<u8> {
    [&[core][..], &perft_args(depth)].concat()
}

/// What `JOB_RESULT` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JobResult {
    pub cycles: u64,
    /// After a moves job: the legal moves' number and the probe (its square, whether its
    /// drop mates).
    pub moves: Option<(u16, Option<(u8, bool)>)>,
    /// After a perft job: the leaves and the moves jobs run (nodes).
    pub perft: Option<(u64, u64)>,
    /// After a mate job: the moves jobs run (nodes) and, when it mates, the root's mating
    /// check as a place among its candidates (rank, group of 40, bit).
    pub mate: Option<(u64, Option<Place>)>,
}

/// A place among a position's candidates: rank, group of 40, bit ([`cursor_move`]).
pub type Place = (u8, u8, u8);

/// The move at a place among a position's candidates (rank, group of 40, bit: groups 0-17
/// are file `g / 2`'s board moves, promoting when `g` is odd, by identity; 18 and 19 the
/// drops, bit `40 (g - 18) + b` = file `d / 7`, `Kind::HAND[d % 7]`); None when the place
/// names no move of `board` (an identity off the board, a place past the layout).
pub fn cursor_move(board: &BoardData, (rank, group, bit): Place) -> Option<Move> {
    if rank as usize >= RANKS || bit as usize >= COVER_BITS {
        return None;
    }
    match group {
        0..=17 => Some(Move::Board {
            from: board.square_of(bit)?,
            to: rank * RANKS as u8 + group / 2,
            promote: group % 2 == 1,
        }),
        18 | 19 => {
            let d = 40 * (group - 18) + bit;
            (d < 63).then(|| Move::Drop {
                kind: Kind::HAND[(d % 7) as usize],
                to: rank * RANKS as u8 + d / 7,
            })
        }
        _ => None,
    }
}

/// `JOB_RESULT`.
pub fn decode_result(p: &[u8]) -> Result<JobResult, PayloadError> {
    let b: [u8; RESULT_LEN] = p.try_into().map_err(|_| PayloadError::Length {
        what: "shogi JOB_RESULT answer",
        expected: RESULT_LEN,
        got: p.len(),
    })?;
    let cycles = u64::from_le_bytes(b[..8].try_into().expect("8 bytes"));
    let (count, square, flags) = (u16::from_le_bytes([b[8], b[9]]), b[10], b[11]);
    let leaves = u64::from_le_bytes(b[12..20].try_into().expect("8 bytes"));
    let nodes = u64::from(u32::from_le_bytes(b[20..24].try_into().expect("4 bytes")));
    let moves = (flags & FLAG_MOVES != 0).then(|| {
        let probe = (flags & FLAG_PROBE != 0).then_some((square, flags & FLAG_PROBE_MATES != 0));
        (count, probe)
    });
    let perft = (flags & FLAG_PERFT != 0).then_some((leaves, nodes));
    let place = (leaves as u8, (leaves >> 8) as u8, (leaves >> 16) as u8);
    let mate =
        (flags & FLAG_MATE != 0).then_some((nodes, (flags & FLAG_MATED != 0).then_some(place)));
    let jobs = [moves.is_some(), perft.is_some(), mate.is_some()];
    let bad_place = match mate {
        Some((_, Some(p))) => {
            leaves >> 24 != 0 || p.0 as usize >= RANKS || p.1 >= 20 || p.2 as usize >= COVER_BITS
        }
        _ => false,
    };
    if flags & !(FLAG_MOVES | FLAG_PROBE | FLAG_PROBE_MATES | FLAG_PERFT | FLAG_MATE | FLAG_MATED)
        != 0
        || (moves.is_none() && flags & (FLAG_PROBE | FLAG_PROBE_MATES) != 0)
        || (mate.is_none() && flags & FLAG_MATED != 0)
        || jobs.iter().filter(|&&j| j).count() > 1
        || (flags & FLAG_PROBE != 0 && square as usize >= SQUARES)
        || (perft.is_none() && mate.is_none() && (leaves | nodes) != 0)
        || (mate.is_some_and(|(_, p)| p.is_none()) && leaves != 0)
        || bad_place
        || leaves >> LEAVES_BITS != 0
    {
        return Err(PayloadError::Invalid {
            what: "shogi JOB_RESULT answer",
            why: format!("flags {flags:#x}, probe square {square}, leaves {leaves}, nodes {nodes}"),
        });
    }
    Ok(JobResult {
        cycles,
        moves,
        perft,
        mate,
    })
}

/// The answer the device gives to `JOB_RESULT` (the test benches' expectation).
pub fn encode_result(r: &JobResult) -> Vec<u8> {
    let mut v = r.cycles.to_le_bytes().to_vec();
    let (count, probe) = r.moves.unwrap_or((0, None));
    v.extend_from_slice(&count.to_le_bytes());
    v.push(probe.map_or(0, |(sq, _)| sq));
    let flags = r.moves.map_or(0, |_| FLAG_MOVES)
        | probe.map_or(0, |(_, mates)| {
            FLAG_PROBE | if mates { FLAG_PROBE_MATES } else { 0 }
        })
        | r.perft.map_or(0, |_| FLAG_PERFT)
        | r.mate.map_or(0, |(_, first)| {
            FLAG_MATE | if first.is_some() { FLAG_MATED } else { 0 }
        });
    v.push(flags);
    let (leaves, nodes) = match r.mate {
        Some((nodes, first)) => (
            first.map_or(0, |(r, g, b)| {
                u64::from(r) | u64::from(g) << 8 | u64::from(b) << 16
            }),
            nodes,
        ),
        None => r.perft.unwrap_or((0, 0)),
    };
    v.extend_from_slice(&leaves.to_le_bytes());
    v.extend_from_slice(&(nodes as u32).to_le_bytes());
    v
}

/// Rank `rank`'s candidates as the device keeps them (bit `i` of the result is bit `i`).
pub fn rank_candidates(c: &Candidates, rank: usize) -> Vec<bool> {
    let mut bits = vec![false; RANK_MOVE_BITS];
    for f in 0..RANKS {
        let s = c.squares[rank * RANKS + f];
        for id in 0..COVER_BITS {
            bits[80 * f + id] = s.board >> id & 1 == 1;
            bits[80 * f + 40 + id] = s.promote >> id & 1 == 1;
        }
        for k in 0..7 {
            bits[720 + 7 * f + k] = s.drops >> k & 1 == 1;
        }
    }
    bits
}

/// The answer the device gives to `JOB_READ` of candidate word `word` (counted from
/// [`TABLE_WORDS`]).
pub fn encode_moves_read_answer(word: usize, c: &Candidates) -> Vec<u8> {
    let (rank, part) = (word / MOVE_WORDS_PER_RANK, word % MOVE_WORDS_PER_RANK);
    let bits = rank_candidates(c, rank);
    (0..READ_ANSWER_LEN)
        .map(|byte| {
            (0..8).fold(0u8, |b, i| {
                let at = part * 8 * READ_ANSWER_LEN + 8 * byte + i;
                b | u8::from(bits.get(at).copied().unwrap_or(false)) << i
            })
        })
        .collect()
}

/// Puts the answer to `JOB_READ` of candidate word `word` (counted from [`TABLE_WORDS`])
/// into `squares`.
pub fn decode_moves_read(
    word: usize,
    p: &[u8],
    squares: &mut [SquareMoves],
) -> Result<(), PayloadError> {
    if p.len() != READ_ANSWER_LEN {
        return Err(PayloadError::Length {
            what: "shogi JOB_READ answer",
            expected: READ_ANSWER_LEN,
            got: p.len(),
        });
    }
    if word >= MOVE_WORDS || squares.len() != SQUARES {
        return Err(PayloadError::Invalid {
            what: "shogi JOB_READ answer",
            why: format!("candidate word {word} is past the {MOVE_WORDS}"),
        });
    }
    let (rank, part) = (word / MOVE_WORDS_PER_RANK, word % MOVE_WORDS_PER_RANK);
    for (byte, &x) in p.iter().enumerate() {
        for i in (0..8).filter(|i| x >> i & 1 == 1) {
            let at = part * 8 * READ_ANSWER_LEN + 8 * byte + i;
            let (f, bit) = match at {
                a if a < 720 => (a / 80, a % 80),
                a if a < RANK_MOVE_BITS => ((a - 720) / 7, 80 + (a - 720) % 7),
                _ => {
                    return Err(PayloadError::Invalid {
                        what: "shogi JOB_READ answer",
                        why: format!("candidate word {word} has bit {at} set, past the rank's"),
                    })
                }
            };
            let s = &mut squares[rank * RANKS + f];
            match bit {
                b if b < 40 => s.board |= 1 << b,
                b if b < 80 => s.promote |= 1 << (b - 40),
                b => s.drops |= 1 << (b - 80),
            }
        }
    }
    Ok(())
}

/// `JOB_READ` of `word` for `core`.
pub fn encode_read(core: u8, word: usize) -> Vec<u8> {
    vec![core, word as u8]
}

/// Puts the answer to `JOB_READ` of `word` into `table`.
pub fn decode_read(word: usize, p: &[u8], table: &mut CoverTable) -> Result<(), PayloadError> {
    if p.len() != READ_ANSWER_LEN {
        return Err(PayloadError::Length {
            what: "shogi JOB_READ answer",
            expected: READ_ANSWER_LEN,
            got: p.len(),
        });
    }
    let invalid = |why: String| PayloadError::Invalid {
        what: "shogi JOB_READ answer",
        why,
    };
    if word >= TABLE_WORDS {
        return Err(invalid(format!(
            "word {word} is past the table's {TABLE_WORDS}"
        )));
    }
    let (rank, first) = (word / 2, READ_FILES * (word % 2));
    for (i, b) in p.chunks(COVER_BITS / 8).enumerate() {
        let cover = b.iter().rev().fold(0u64, |w, &x| w << 8 | x as u64);
        let file = first + i;
        if file < RANKS {
            table.0[rank * RANKS + file] = cover;
        } else if cover != 0 {
            return Err(invalid(format!("word {word} has a cover past file 9")));
        }
    }
    Ok(())
}

/// The answer the device gives to `JOB_READ` of `word` (the test benches' expectation).
pub fn encode_read_answer(word: usize, table: &CoverTable) -> Vec<u8> {
    let (rank, first) = (word / 2, READ_FILES * (word % 2));
    (first..first + READ_FILES)
        .flat_map(|f| {
            let c = if f < RANKS {
                table.0[rank * RANKS + f]
            } else {
                0
            };
            c.to_le_bytes().into_iter().take(COVER_BITS / 8)
        })
        .collect()
}

const _: () =
    assert!(RANKS * RANKS == SQUARES && 2 * READ_FILES >= RANKS && MOVE_WORDS_PER_RANK == 4);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::MAX_PAYLOAD;
    use crate::shogi::piece_data::cover_table;
    use crate::shogi::random;

    const _: () = assert!(LOAD_LEN <= MAX_PAYLOAD && READ_ANSWER_LEN <= MAX_PAYLOAD);

    #[test]
    fn payload_sizes() {
        assert_eq!((RANK_BYTES, RANK_PAD_BITS, READ_ANSWER_LEN), (12, 6, 25));
    }

    #[test]
    fn a_table_read_word_by_word_is_the_table() {
        for pos in random::positions(7, 20, 60) {
            let board = BoardData::from_position(&pos);
            let want = cover_table(&board);
            let mut got = CoverTable([0; SQUARES]);
            for w in 0..TABLE_WORDS {
                decode_read(w, &encode_read_answer(w, &want), &mut got).unwrap();
            }
            assert_eq!(got, want);
            for r in 0..RANKS {
                let l = encode_load(3, &board, r);
                assert_eq!((l.len(), l[0], l[1]), (LOAD_LEN, 3, r as u8));
                assert_eq!(l[LOAD_LEN - 1] >> (8 - RANK_PAD_BITS), 0);
            }
        }
        let mut t = CoverTable([0; SQUARES]);
        assert!(decode_read(1, &[0xFF; READ_ANSWER_LEN], &mut t).is_err());
        assert!(decode_read(TABLE_WORDS, &[0; READ_ANSWER_LEN], &mut t).is_err());
        assert!(decode_read(0, &[0; 3], &mut t).is_err());
    }

    #[test]
    fn candidates_read_word_by_word_are_the_candidates() {
        for pos in random::positions(8, 40, 100) {
            let board = BoardData::from_position(&pos);
            let want = crate::shogi::all_moves::generate(&board).candidates;
            let mut got = vec![SquareMoves::default(); SQUARES];
            for w in 0..MOVE_WORDS {
                decode_moves_read(w, &encode_moves_read_answer(w, &want), &mut got).unwrap();
            }
            assert_eq!(got, want.squares);
            let h = encode_load_hands(1, &board);
            assert_eq!((h.len(), h[1]), (LOAD_LEN, HANDS_WORD as u8));
            assert_eq!(h[LOAD_LEN - 1] >> 1, 0, "bits past 80 are 0");
        }
        let mut s = vec![SquareMoves::default(); SQUARES];
        let mut past = vec![0u8; READ_ANSWER_LEN];
        past[READ_ANSWER_LEN - 1] = 0x80;
        assert!(decode_moves_read(MOVE_WORDS_PER_RANK - 1, &past, &mut s).is_err());
        assert!(decode_moves_read(MOVE_WORDS, &[0; READ_ANSWER_LEN], &mut s).is_err());
    }

    #[test]
    fn results_round_trip() {
        for r in [
            JobResult {
                cycles: 9,
                moves: None,
                perft: None,
                mate: None,
            },
            JobResult {
                cycles: 27,
                moves: Some((593, None)),
                perft: None,
                mate: None,
            },
            JobResult {
                cycles: 70,
                moves: Some((12, Some((40, true)))),
                perft: None,
                mate: None,
            },
            JobResult {
                cycles: 70,
                moves: Some((13, Some((80, false)))),
                perft: None,
                mate: None,
            },
            JobResult {
                cycles: 1 << 40,
                moves: None,
                perft: Some(((1 << 48) - 1, u64::from(u32::MAX))),
                mate: None,
            },
            JobResult {
                cycles: 4_000,
                moves: None,
                perft: None,
                mate: Some((17, Some((8, 19, 22)))),
            },
            JobResult {
                cycles: 4_000,
                moves: None,
                perft: None,
                mate: Some((u64::from(u32::MAX), None)),
            },
        ] {
            assert_eq!(decode_result(&encode_result(&r)), Ok(r));
        }
        assert!(decode_result(&[0; 8]).is_err());
        let cover = JobResult {
            cycles: 1,
            moves: None,
            perft: None,
            mate: None,
        };
        let mut bad = encode_result(&cover);
        bad[11] = FLAG_PROBE;
        assert!(decode_result(&bad).is_err(), "a probe without moves");
        let mut bad = encode_result(&cover);
        bad[12] = 1;
        assert!(decode_result(&bad).is_err(), "leaves without a perft");
        let mut bad = encode_result(&JobResult {
            perft: Some((1, 1)),
            ..cover
        });
        bad[11] |= FLAG_MOVES;
        assert!(decode_result(&bad).is_err(), "a moves job and a perft");
        bad[11] = FLAG_PERFT;
        bad[18] = 1;
        assert!(decode_result(&bad).is_err(), "leaves past 48 bits");
        let mate = JobResult {
            mate: Some((3, Some((1, 2, 3)))),
            ..cover
        };
        let mut bad = encode_result(&mate);
        bad[11] &= !FLAG_MATED;
        assert!(decode_result(&bad).is_err(), "a place without a mate");
        for (at, v, why) in [(12, 9, "rank 10"), (13, 20, "group 21"), (14, 40, "bit 41")] {
            let mut bad = encode_result(&mate);
            bad[at] = v;
            assert!(decode_result(&bad).is_err(), "a place at {why}");
        }
        let mut bad = encode_result(&cover);
        bad[11] = FLAG_MATED;
        assert!(decode_result(&bad).is_err(), "mated without a mate job");
        bad[11] = FLAG_MATE | FLAG_PERFT;
        assert!(decode_result(&bad).is_err(), "a mate job and a perft");
    }

    #[test]
    fn a_cursor_names_its_move() {
        let board = BoardData::from_position(&crate::shogi::Position::start());
        let g = super::super::all_moves::generate(&board);
        // Every candidate's place names it, and the places name nothing else.
        let mut named = Vec::new();
        for rank in 0..RANKS {
            let bits = rank_candidates(&g.candidates, rank);
            for (i, _) in bits.iter().enumerate().filter(|(_, &b)| b) {
                let place = (rank as u8, (i / 40) as u8, (i % 40) as u8);
                named.push(cursor_move(&board, place).expect("a candidate's move"));
            }
        }
        named.sort_by_key(|m| m.usi());
        let mut want = g.moves.clone();
        want.sort_by_key(|m| m.usi());
        assert_eq!(named, want);
        assert_eq!(cursor_move(&board, (9, 0, 0)), None);
        assert_eq!(cursor_move(&board, (0, 20, 0)), None);
        assert_eq!(cursor_move(&board, (0, 19, 23)), None, "past the drops");
    }
}
