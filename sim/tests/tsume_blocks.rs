//! The tsume circuit's blocks against the golden model (`model::shogi::mate_masks`), bit for
//! bit, on the tables' positions and seeded random play from them; and their emitted Verilog
//! against their Rust simulation.

use gateware::shogi::KingRays;
use gateware::tsume::check_mask_generator::DIRECTIONS;
use gateware::tsume::{CheckDefenseMoveGenerator, CheckMaskGenerator, DefenseMaskGenerator};
use model::shogi::all_moves::{discover_walks, generate, piece_info, SquareMoves};
use model::shogi::mate_masks::{between, type_index, CheckMasks, DefenceMasks};
use model::shogi::piece_data::BoardData;
use model::shogi::{random, Kind, Move, Position};
use rust_hdl::prelude::*;
use sim::cosim::cosim;
use sim::harness::{
    bits_from_words, bits_to_u128, king_first_rays, king_ray_pins, run_king_rays, run_mate_walker,
};

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

/// The check mask generator's inputs: the king's rays as the model's discover walks give
/// them (`KingRays::first_rays`; the `tsume` row takes the circuit's walks).
fn drive(u: &mut CheckMaskGenerator, pos: &Position) {
    let b = BoardData::from_position(pos);
    let walks = discover_walks(&b, pos.side).expect("a defender king");
    u.rays.next = bits_from_words(&walks.first_rays, 81);
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

/// Mask B of the model in the discover walk's layout: per king direction, the discoverer's
/// square and the squares walked to its slider (the slider's included).
fn model_lines(m: &CheckMasks, ctx: &str) -> [Option<(u8, u128)>; 8] {
    let mut lines = [None; 8];
    for &(b, s) in &m.discoverers {
        let i = direction(m.king, b);
        assert_eq!(lines[i], None, "one discoverer a direction: {ctx}");
        let line = between(m.king, s) | 1 << s;
        assert!(line >> b & 1 == 1, "the discoverer is on its line: {ctx}");
        lines[i] = Some((b, line));
    }
    lines
}

/// The king's walks in discover mode (`KingRays` with `discover`, as the all-move unit runs
/// them at a mate walk's attacker): from the defender's king, the attacker as the side, its
/// "pins" are mask B, walk for walk and cycle for cycle (`discover_walks`).
#[test]
fn discover_walks_find_mask_b() {
    let mut uut = KingRays::default();
    uut.connect_all();
    let (mut checked, mut discoverers) = (0, 0);
    for pos in positions(SEED + 4, 12_000, 1_500) {
        let m = CheckMasks::of(&pos).expect("a defender king");
        let b = BoardData::from_position(&pos);
        let want = discover_walks(&b, pos.side).expect("a defender king");
        let ctx = pos.sfen();
        let black = pos.side == model::shogi::Color::Black;
        let cycles = run_king_rays(&mut uut, &b, black, true, m.king).expect(&ctx);
        assert_eq!(cycles, want.cycles, "cycles: {ctx}");
        let got = king_ray_pins(&uut);
        let rays = king_first_rays(&uut);
        for (i, (&have, &ray)) in rays.iter().zip(&want.first_rays).enumerate() {
            assert_eq!(have, ray, "the king's ray, direction {i}: {ctx}");
        }
        for (i, line) in model_lines(&m, &ctx).iter().enumerate() {
            assert_eq!(got[i].map(|g| g.0), *line, "mask B, direction {i}: {ctx}");
            assert_eq!(
                want.pins[i], *line,
                "the model's walk, direction {i}: {ctx}"
            );
            if let Some(((sq, _), id)) = got[i] {
                assert_eq!(
                    Some(id),
                    b.squares[sq as usize].id(),
                    "the discoverer's identity, direction {i}: {ctx}"
                );
            }
        }
        discoverers += m.discoverers.len();
        checked += 1;
    }
    println!("discover walks: {checked} positions, {discoverers} discoverers");
    assert!(checked > 1_400);
    // Random play makes discovered checks rare; enough of them to exercise every line kind.
    assert!(discoverers >= 150, "{discoverers} discoverers");
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
        model_lines(&m, &ctx);
        discoverers += m.discoverers.len();
        checked += 1;
    }
    println!("check mask generator: {checked} positions, {discoverers} discoverers");
    assert!(checked > 1_400 && gold_like > 1_000);
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

/// The check/defense move generator's inputs for one position (the attacker to move): the
/// model's mask A, its mask B as the discover walk gives it, its candidates per square and
/// the promoted pieces.
struct MoveGenInputs {
    promoted: u64,
    a: [u128; 9],
    king: u8,
    /// Mask B as the discover walk gives it: per direction, the discoverer's identity.
    disc: [Option<u8>; 8],
    squares: Vec<SquareMoves>,
}

impl MoveGenInputs {
    fn of(pos: &Position) -> MoveGenInputs {
        let m = CheckMasks::of(pos).expect("a defender king");
        let data = BoardData::from_position(pos);
        let a = |k: Kind, p: bool| m.from[type_index(k, p)];
        MoveGenInputs {
            promoted: piece_info(&data).promoted,
            a: [
                a(Kind::Pawn, false),
                a(Kind::Lance, false),
                a(Kind::Knight, false),
                a(Kind::Silver, false),
                a(Kind::Gold, false),
                a(Kind::Bishop, false),
                a(Kind::Rook, false),
                a(Kind::Bishop, true),
                a(Kind::Rook, true),
            ],
            king: m.king,
            disc: model_lines(&m, &pos.sfen())
                .map(|l| l.map(|(b, _)| data.squares[b as usize].id().expect("a piece"))),
            squares: generate(&data).candidates.squares,
        }
    }

    /// Rank `r`'s candidates in the all-move generator's layout.
    fn rank(&self, r: usize) -> (Bits<720>, Bits<63>) {
        let sq = |f: usize| self.squares[9 * r + f];
        let moves: Vec<u128> = (0..9)
            .map(|f| sq(f).board as u128 | (sq(f).promote as u128) << 40)
            .collect();
        let drops: Vec<u128> = (0..9).map(|f| sq(f).drops as u128).collect();
        (bits_from_words(&moves, 80), bits_from_words(&drops, 7))
    }
}

fn drive_move_gen(u: &mut CheckDefenseMoveGenerator, x: &MoveGenInputs, attacker: bool, r: usize) {
    let p = |x: u128| bits_from_words::<81>(&[x], 81);
    u.attacker.next = attacker;
    u.rank.next = (r as u64).into();
    (u.moves.next, u.drops.next) = x.rank(r);
    u.promoted.next = x.promoted.into();
    let planes = [
        &mut u.pawn,
        &mut u.lance,
        &mut u.knight,
        &mut u.silver,
        &mut u.gold,
        &mut u.bishop,
        &mut u.rook,
        &mut u.horse,
        &mut u.dragon,
    ];
    for (s, &v) in planes.into_iter().zip(&x.a) {
        s.next = p(v);
    }
    u.king_rank.next = ((x.king / 9) as u64).into();
    u.king_file.next = ((x.king % 9) as u64).into();
    let (mut on, mut ids) = (0u64, 0u64);
    for (d, id) in x.disc.iter().enumerate() {
        if let Some(id) = id {
            on |= 1 << d;
            ids |= (*id as u64) << (6 * d);
        }
    }
    u.disc_on.next = on.into();
    u.disc_ids.next = ids.into();
}

#[test]
fn check_defense_move_generator_keeps_the_checks() {
    let mut uut = CheckDefenseMoveGenerator::default();
    uut.connect_all();
    let (mut positions_checked, mut checks, mut discovered, mut promoting, mut drops) =
        (0, 0, 0, 0, 0);
    let (mut candidates, mut positions_with_checks) = (0, 0);
    for pos in positions(SEED + 2, 6_000, 600) {
        let x = MoveGenInputs::of(&pos);
        let data = BoardData::from_position(&pos);
        let masks = CheckMasks::of(&pos).expect("a defender king");
        let ctx = pos.sfen();
        let mut found = 0;
        for r in 0..9 {
            // The defender's ply: every candidate is kept.
            drive_move_gen(&mut uut, &x, false, r);
            assert!(simulate(&mut uut, 100), "settles");
            let (moves, dr) = x.rank(r);
            assert!(
                uut.out_moves.val() == moves && uut.out_drops.val() == dr,
                "{ctx}"
            );
            assert_eq!(uut.any.val(), moves.any() | dr.any(), "{ctx}");
            // The attacker's: a candidate is kept exactly when, made, it attacks the king.
            drive_move_gen(&mut uut, &x, true, r);
            assert!(simulate(&mut uut, 100), "settles");
            let (got_mv, got_dr) = (uut.out_moves.val(), uut.out_drops.val());
            let mut kept = false;
            for f in 0..9 {
                let to = (9 * r + f) as u8;
                let sq = x.squares[to as usize];
                for id in 0..40u8 {
                    for promote in [false, true] {
                        let word = if promote { sq.promote } else { sq.board };
                        if word >> id & 1 == 0 {
                            continue;
                        }
                        candidates += 1;
                        let from = data.square_of(id).expect("a mover on the board");
                        let m = Move::Board { from, to, promote };
                        let gives = pos.play(m).in_check();
                        let bit = 80 * f + 40 * promote as usize + id as usize;
                        assert_eq!(got_mv.get_bit(bit), gives, "{} in {ctx}", m.usi());
                        if gives {
                            checks += 1;
                            promoting += promote as usize;
                            let p = pos.board[from as usize].expect("a mover");
                            let direct =
                                masks.from[type_index(p.kind, p.promoted || promote)] >> to & 1
                                    == 1;
                            discovered += !direct as usize;
                        }
                        kept |= gives;
                    }
                }
                for (i, &kind) in Kind::HAND.iter().enumerate() {
                    if sq.drops >> i & 1 == 0 {
                        continue;
                    }
                    candidates += 1;
                    let m = Move::Drop { kind, to };
                    let gives = pos.play(m).in_check();
                    assert_eq!(got_dr.get_bit(7 * f + i), gives, "{} in {ctx}", m.usi());
                    checks += gives as usize;
                    drops += gives as usize;
                    kept |= gives;
                }
            }
            assert_eq!(uut.any.val(), kept, "rank {r}: {ctx}");
            found += kept as usize;
        }
        positions_with_checks += (found > 0) as usize;
        positions_checked += 1;
    }
    println!(
        "check/defense move generator: {positions_checked} positions ({positions_with_checks} \
         with checks), {candidates} candidates, {checks} checks ({discovered} discovered, \
         {promoting} promoting, {drops} drops)"
    );
    assert!(positions_checked > 600 && positions_with_checks > 300);
    assert!(
        discovered >= 50 && promoting >= 50 && drops >= 200,
        "every kind of check"
    );
}

#[test]
fn check_defense_move_generator_verilog() {
    if !sim::tools::require("verilator", "check_defense_move_generator_verilog") {
        return;
    }
    let inputs: Vec<MoveGenInputs> = positions(SEED + 3, 3_000, 100)
        .iter()
        .map(MoveGenInputs::of)
        .collect();
    let rep = cosim(
        "check_defense_move_generator",
        &mut CheckDefenseMoveGenerator::default(),
        inputs.len() * 9,
        None,
        |u, k| drive_move_gen(u, &inputs[k / 9], k % 2 == 0, k % 9),
        |_, _| {},
    )
    .unwrap();
    println!(
        "check/defense move generator: {} ranks co-simulated",
        rep.cycles
    );
    assert_eq!(rep.mismatches, 0);
}

/// The perft walker's mate walk equals the model's (`mate_walk`): the verdict, the root's
/// mating check, the moves jobs and the cycles, on the data file's problems and random
/// positions whose walks stay short in simulation.
#[test]
fn mate_walker_matches_model_walk_for_walk() {
    use gateware::shogi::PerftWalker;
    use model::shogi::protocol::cursor_move;
    use model::shogi::walk::mate_walk;
    let mut uut = PerftWalker::default();
    uut.connect_all();
    let mut jobs: Vec<(BoardData, u32)> = Vec::new();
    for pos in random::table_positions()
        .into_iter()
        .chain(random::positions(SEED + 4, 300, 30))
    {
        if pos.in_check() || pos.king(pos.side.other()).is_none() {
            continue;
        }
        let b = BoardData::from_position(&pos);
        for plies in [1, 3] {
            jobs.push((b.clone(), plies));
        }
    }
    // The shortest walks first, up to a budget of simulated cycles for those that mate and
    // one for those that do not (the rust-hdl simulation of the walker runs about 150 cycles
    // a second).
    let mut runs: Vec<_> = jobs
        .into_iter()
        .map(|(b, plies)| {
            let want = mate_walk(&b, plies);
            (b, plies, want)
        })
        .collect();
    runs.sort_by_key(|r| r.2.cycles);
    let (mut cycles, mut mates, mut walks, mut deep) = (0, 0, 0, 0);
    let mut budget = [2_000, 4_000];
    for (b, plies, want) in runs {
        let left = &mut budget[want.mate as usize];
        if want.cycles > *left {
            continue;
        }
        *left -= want.cycles;
        let what = format!("{} in {plies}", b.to_position().sfen());
        let got = run_mate_walker(&mut uut, &b, plies, 1_000_000).unwrap();
        assert_eq!(got.mated, want.mate, "the verdict, {what}");
        assert_eq!(got.nodes, want.nodes, "moves jobs, {what}");
        assert_eq!(got.cycles, want.cycles, "cycles, {what}");
        if want.mate {
            assert_eq!(
                cursor_move(&b, got.first),
                want.first,
                "the mating check, {what}"
            );
        }
        cycles += want.cycles;
        mates += want.mate as usize;
        deep += (want.nodes >= 5) as usize;
        walks += 1;
    }
    println!(
        "mate walker: {walks} walks ({deep} of 5 nodes or more), {mates} mates, {cycles} cycles"
    );
    assert!(
        walks >= 60 && mates >= 12 && deep >= 5,
        "{walks} walks, {mates} mates, {deep} deep"
    );
}
