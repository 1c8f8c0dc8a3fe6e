//! Payloads of the shogi designs' job commands (the link protocol's opcodes are in
//! `crate::link`). Little-endian. The board data (810 bits) and the piece cover table
//! (3,240 bits) are bigger than a frame's payload (`crate::link::MAX_PAYLOAD`), so they move a
//! word at a time, as the paper's circuit reads and writes them (a rank a cycle):
//!
//! * `JOB_LOAD` ([`LOAD_LEN`] bytes): core u8, rank u8 (0..=8, 0 = rank 1), the rank word
//!   (`super::piece_data::BoardData::rank_word`: nine 10-bit piece data, file 1 lowest) in
//!   [`RANK_BYTES`] bytes whose top [`RANK_PAD_BITS`] bits are 0. Refused while the core runs
//!   (BUSY); loading makes a finished core idle (its table no longer belongs to the board).
//! * `JOB_START` ([`START_LEN`] byte): the job, [`JOB_COVER`]: compute the piece cover table of
//!   the loaded board data. The board data is the host's to check (the SFEN parser does).
//! * `JOB_RESULT` ([`RESULT_LEN`] bytes): cycles u64 from the start to the table's last write.
//! * `JOB_READ` ([`READ_LEN`] bytes: core u8, word u8 in `0..`[`READ_WORDS`]): word `w` is half
//!   of table rank `w / 2`: files 1-5 (`w` even) or 6-9 (`w` odd), 40 bits a square, lowest
//!   file first, in [`READ_ANSWER_LEN`] bytes (the odd half's last 5 bytes are 0). NO_RESULT
//!   unless the core is done.
//!
//! With one core the job commands may leave out the core index (`crate::link`); `JOB_LOAD`
//! and `JOB_READ` always carry it.

use super::piece_data::{BoardData, CoverTable};
use super::SQUARES;
use crate::link::PayloadError;

/// `JOB_START` without a core index: the job byte.
pub const START_LEN: usize = 1;
/// The job that computes the piece cover table.
pub const JOB_COVER: u8 = 0;
/// `JOB_RESULT`: cycles u64.
pub const RESULT_LEN: usize = 8;
/// Ranks (words of the board data).
pub const RANKS: usize = 9;
/// Bits of a rank word: nine 10-bit piece data.
pub const RANK_BITS: usize = 90;
pub const RANK_BYTES: usize = RANK_BITS.div_ceil(8);
pub const RANK_PAD_BITS: usize = RANK_BYTES * 8 - RANK_BITS;
/// `JOB_LOAD`: core, rank, the rank word.
pub const LOAD_LEN: usize = 2 + RANK_BYTES;
/// `JOB_READ`: core, word.
pub const READ_LEN: usize = 2;
/// Words of the cover table: two a rank.
pub const READ_WORDS: usize = 2 * RANKS;
/// Squares (files) in a read word: files 1-5, then 6-9.
pub const READ_FILES: usize = 5;
/// Bits of a square's cover (one per piece identity).
pub const COVER_BITS: usize = 40;
pub const READ_ANSWER_LEN: usize = READ_FILES * COVER_BITS / 8;

/// `JOB_LOAD` of `rank` of `board` for `core`.
pub fn encode_load(core: u8, board: &BoardData, rank: usize) -> Vec<u8> {
    let mut v = vec![core, rank as u8];
    v.extend_from_slice(&board.rank_word(rank).to_le_bytes()[..RANK_BYTES]);
    v
}

/// `JOB_START` of the cover job for `core`.
pub fn encode_cover_start_on(core: u8) -> Vec<u8> {
    vec![core, JOB_COVER]
}

/// `JOB_RESULT`: cycles.
pub fn decode_result(p: &[u8]) -> Result<u64, PayloadError> {
    let b: [u8; RESULT_LEN] = p.try_into().map_err(|_| PayloadError::Length {
        what: "shogi JOB_RESULT answer",
        expected: RESULT_LEN,
        got: p.len(),
    })?;
    Ok(u64::from_le_bytes(b))
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
    if word >= READ_WORDS {
        return Err(invalid(format!(
            "word {word} is past the table's {READ_WORDS}"
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

const _: () = assert!(RANKS * RANKS == SQUARES && 2 * READ_FILES >= RANKS);

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
            for w in 0..READ_WORDS {
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
        assert!(decode_read(READ_WORDS, &[0; READ_ANSWER_LEN], &mut t).is_err());
        assert!(decode_read(0, &[0; 3], &mut t).is_err());
        assert!(decode_result(&[1, 0, 0, 0, 0, 0, 0, 0]) == Ok(1));
    }
}
