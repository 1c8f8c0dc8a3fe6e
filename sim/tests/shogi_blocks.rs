//! Shogi blocks against the golden model (`model::shogi::cover_scan`), bit exact on the ranks
//! of seeded random positions (random play from the perft table's and the tsume table's
//! positions), and each block's emitted Verilog against its Rust simulation.

use gateware::shogi::RookCoverCalculator;
use model::shogi::cover_scan::rank_cover;
use model::shogi::piece_data::{BoardData, PieceData};
use model::shogi::random;
use rust_hdl::prelude::*;
use sim::cosim::cosim;
use sim::harness::{bits_from_u128, bits_slice, settle};

const SEED: u64 = 0x5e09_1001;

/// Every rank of `n` random positions, as piece data and as the 90-bit word.
fn ranks(seed: u64, n: usize) -> Vec<([PieceData; 9], u128)> {
    random::positions(seed, n, 150)
        .iter()
        .flat_map(|p| {
            let b = BoardData::from_position(p);
            (0..9).map(move |r| {
                let data: [PieceData; 9] = std::array::from_fn(|f| b.squares[r * 9 + f]);
                (data, b.rank_word(r))
            })
        })
        .collect()
}

fn drive(u: &mut RookCoverCalculator, word: u128) {
    u.rank.next = bits_from_u128(word);
}

#[test]
fn rook_cover_calculator_matches_model() {
    println!("seed {SEED:#x}");
    let mut uut = RookCoverCalculator::default();
    uut.connect_all();
    let mut rays = 0;
    for (data, word) in ranks(SEED, 400) {
        drive(&mut uut, word);
        settle(&mut uut).unwrap();
        let want = rank_cover(&data);
        let got: [u64; 9] =
            std::array::from_fn(|f| bits_slice::<360, 40>(&uut.covers.val(), 40 * f));
        let names: Vec<String> = data.iter().map(|d| d.name()).collect();
        assert_eq!(got, want, "rank {names:?}");
        rays += want.iter().filter(|&&c| c != 0).count();
    }
    assert!(rays > 1000, "{rays} squares covered along ranks");
}

#[test]
fn shogi_blocks_verilog() {
    if !sim::tools::require("verilator", "shogi_blocks_verilog") {
        return;
    }
    let words: Vec<u128> = ranks(SEED + 1, 60).into_iter().map(|r| r.1).collect();
    let rep = cosim(
        "rook_cover_calculator",
        &mut RookCoverCalculator::default(),
        words.len(),
        None,
        |u, k| drive(u, words[k]),
        |_, _| {},
    )
    .unwrap();
    assert_eq!(rep.mismatches, 0);
}
