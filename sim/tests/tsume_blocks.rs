//! The tsume circuit's blocks against the golden model (`model::shogi::mate_masks`), bit for
//! bit, on the tables' positions and seeded random play from them; and their emitted Verilog
//! against their Rust simulation.

use gateware::tsume::check_mask_generator::DIRECTIONS;
use gateware::tsume::{CheckMaskGenerator, DefenseMaskGenerator};
use model::shogi::mate_masks::{between, type_index, CheckMasks, DefenceMasks};
use model::shogi::piece_data::BoardData;
use model::shogi::{random, Kind, Position};
use rust_hdl::prelude::*;
use sim::cosim::cosim;
use sim::harness::{bits_from_words, bits_to_u128};

const SEED: u64 = 0x75_6d65;

/// The positions the blocks are checked on: the tables' and random play from them, each with
/// its side to move as the attacker (the defender's king on the board). Discovered checks are
/// rare in random play (about one position in 60): of `n` positions, every one with a
/// discoverer is kept, and the first `others` without.
fn positions(seed: u64, n: usize, others: usize) -> Vec<Position> {
    println!("seed {seed:#x}");
    let mut kept = 0;
    random::table_positions()
        .into_iter()
        .chain(random::positions(seed, n, 60))
        .filter(|p| {
            let Some(m) = CheckMasks::of(p) else {
                return false;
            };
            kept += m.discoverers.is_empty() as usize;
            !m.discoverers.is_empty() || kept <= others
        })
        .collect()
}

/// A position's board data as the blocks take it: nine 90-bit rank words.
fn board_data(pos: &Position) -> Bits<810> {
    let b = BoardData::from_position(pos);
    let words: Vec<u128> = (0..9).map(|r| b.rank_word(r)).collect();
    bits_from_words(&words, 90)
}

fn drive(u: &mut CheckMaskGenerator, pos: &Position) {
    u.board.next = board_data(pos);
    u.black.next = pos.side == model::shogi::Color::Black;
    let king = pos.king(pos.side.other()).expect("a defender king");
    u.king_rank.next = ((king / 9) as u64).into();
    u.king_file.next = ((king % 9) as u64).into();
}

fn sq(b: Bits<81>) -> u128 {
    bits_to_u128(&b, 0, 81)
}

/// The direction index from the king to `b` (they share a line).
fn direction(king: u8, b: u8) -> usize {
    let d = (
        ((b / 9) as i8 - (king / 9) as i8).signum(),
        ((b % 9) as i8 - (king % 9) as i8).signum(),
    );
    DIRECTIONS
        .iter()
        .position(|&x| x == d)
        .expect("a king direction")
}

#[test]
fn check_mask_generator_matches_model() {
    let mut uut = CheckMaskGenerator::default();
    uut.connect_all();
    let (mut checked, mut discoverers, mut gold_like) = (0, 0, 0);
    for pos in positions(SEED, 12_000, 1_500) {
        let m = CheckMasks::of(&pos).expect("a defender king");
        drive(&mut uut, &pos);
        assert!(simulate(&mut uut, 100), "settles");
        let ctx = pos.sfen();
        let a = |k: Kind, p: bool| m.from[type_index(k, p)];
        let got = [
            ("pawn", sq(uut.pawn.val()), a(Kind::Pawn, false)),
            ("lance", sq(uut.lance.val()), a(Kind::Lance, false)),
            ("knight", sq(uut.knight.val()), a(Kind::Knight, false)),
            ("silver", sq(uut.silver.val()), a(Kind::Silver, false)),
            ("gold", sq(uut.gold.val()), a(Kind::Gold, false)),
            ("bishop", sq(uut.bishop.val()), a(Kind::Bishop, false)),
            ("rook", sq(uut.rook.val()), a(Kind::Rook, false)),
            ("horse", sq(uut.horse.val()), a(Kind::Bishop, true)),
            ("dragon", sq(uut.dragon.val()), a(Kind::Rook, true)),
        ];
        for (name, circuit, model) in got {
            assert_eq!(circuit, model, "mask A, {name}: {ctx}");
        }
        // The promoted minor pieces move as golds: the model's planes say the same.
        for k in [Kind::Pawn, Kind::Lance, Kind::Knight, Kind::Silver] {
            assert_eq!(a(k, true), a(Kind::Gold, false), "{k:?} promoted: {ctx}");
        }
        gold_like += (a(Kind::Gold, false) != 0) as usize;
        let mut lines = [0u128; 8];
        for &(b, s) in &m.discoverers {
            let i = direction(m.king, b);
            assert_eq!(lines[i], 0, "one discoverer a direction: {ctx}");
            lines[i] = between(m.king, s);
            assert!(
                lines[i] >> b & 1 == 1,
                "the discoverer is on its line: {ctx}"
            );
        }
        let got = [
            uut.line0.val(),
            uut.line1.val(),
            uut.line2.val(),
            uut.line3.val(),
            uut.line4.val(),
            uut.line5.val(),
            uut.line6.val(),
            uut.line7.val(),
        ];
        for i in 0..8 {
            assert_eq!(sq(got[i]), lines[i], "mask B, direction {i}: {ctx}");
        }
        discoverers += m.discoverers.len();
        checked += 1;
    }
    println!("check mask generator: {checked} positions, {discoverers} discoverers");
    assert!(checked > 1_400 && gold_like > 1_000);
    // Random play makes discovered checks rare; enough of them to exercise every line kind.
    assert!(discoverers >= 150, "{discoverers} discoverers");
}

#[test]
fn check_mask_generator_verilog() {
    if !sim::tools::require("verilator", "check_mask_generator_verilog") {
        return;
    }
    let pos = positions(SEED + 1, 4_000, 200);
    let rep = cosim(
        "check_mask_generator",
        &mut CheckMaskGenerator::default(),
        pos.len(),
        None,
        |u, k| drive(u, &pos[k]),
        |_, _| {},
    )
    .unwrap();
    println!(
        "check mask generator: {} positions co-simulated",
        rep.cycles
    );
    assert_eq!(rep.mismatches, 0);
}

/// Positions with the side to move in check (the defender's nodes of a mate search): random
/// play from the tables' positions, each position whose side to move is in check, and the
/// position after each check of a tsume problem's attacker (the problems' first replies).
fn defender_positions(seed: u64, n: usize) -> Vec<Position> {
    println!("seed {seed:#x}");
    let mut out: Vec<Position> = random::positions(seed, n, 60)
        .into_iter()
        .filter(|p| DefenceMasks::of(p).is_some_and(|m| m.checkers != 0))
        .collect();
    for p in random::table_positions() {
        for c in model::shogi::mate::checks(&p) {
            out.push(p.play(c));
        }
    }
    out
}

fn drive_defense(u: &mut DefenseMaskGenerator, pos: &Position) {
    u.board.next = board_data(pos);
    u.black.next = pos.side == model::shogi::Color::Black;
    let king = pos.king(pos.side).expect("a defender king");
    u.king_rank.next = ((king / 9) as u64).into();
    u.king_file.next = ((king % 9) as u64).into();
}

#[test]
fn defense_mask_generator_matches_model() {
    let mut uut = DefenseMaskGenerator::default();
    uut.connect_all();
    let (mut checked, mut double, mut lines) = (0, 0, 0);
    for pos in defender_positions(SEED + 2, 20_000) {
        let m = DefenceMasks::of(&pos).expect("a defender king");
        drive_defense(&mut uut, &pos);
        assert!(simulate(&mut uut, 100), "settles");
        let ctx = pos.sfen();
        assert_eq!(sq(uut.covered.val()), m.covered, "mask C: {ctx}");
        assert_eq!(sq(uut.checkers.val()), m.checkers, "mask D: {ctx}");
        assert_eq!(sq(uut.between.val()), m.between, "mask E: {ctx}");
        double += (m.checkers.count_ones() > 1) as usize;
        lines += (m.between != 0) as usize;
        checked += 1;
    }
    println!("defense mask generator: {checked} positions in check, {double} double checks, {lines} with squares between");
    assert!(checked > 1_000 && double > 0 && lines > 250);
}

#[test]
fn defense_mask_generator_verilog() {
    if !sim::tools::require("verilator", "defense_mask_generator_verilog") {
        return;
    }
    let pos = defender_positions(SEED + 3, 3_000);
    let rep = cosim(
        "defense_mask_generator",
        &mut DefenseMaskGenerator::default(),
        pos.len(),
        None,
        |u, k| drive_defense(u, &pos[k]),
        |_, _| {},
    )
    .unwrap();
    println!(
        "defense mask generator: {} positions co-simulated",
        rep.cycles
    );
    assert_eq!(rep.mismatches, 0);
}
