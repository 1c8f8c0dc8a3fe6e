//! Shogi blocks against the golden model (`model::shogi::cover_scan`), bit exact on the ranks
//! of seeded random positions (random play from the perft table's and the tsume table's
//! positions), and each block's emitted Verilog against its Rust simulation.

use gateware::shogi::scanner::ray_kinds;
use gateware::shogi::{
    AllMoveGenerator, AllMovesUnit, KingRays, PerftWalker, PieceCoverCircuit,
    PieceCoverCircuitOneScanner, PieceInfoTable, RookCoverCalculator, Scanner,
};
use model::shogi::all_moves::{
    candidates, generate, job_table, king_rays, moves_job_cycles, pawn_drop_mates, piece_info,
    walk_job_cycles, Candidates, GENERATOR_CYCLES, PIECE_INFO_CYCLES,
};
use model::shogi::cover_scan::{
    one_scanner_cover_table, rank_cover, scan, Scan, FAST_CYCLES, ONE_SCANNER_CYCLES,
    PAPER_ORDER_CYCLES,
};
use model::shogi::piece_data::cover_table;
use model::shogi::piece_data::{BoardData, PieceData};
use model::shogi::random;
use model::shogi::walk::{mate_walk, meets_mating_drop, perft_walk};
use model::shogi::{Color, Kind, Move, Position};
use rand::{rngs::StdRng, Rng, SeedableRng};
use rust_hdl::prelude::*;
use sim::cosim::cosim;
use sim::harness::{
    bits_from_u128, bits_from_words, bits_slice, bits_to_u128, cycle, king_first_rays,
    king_ray_pins, kings_by_identity, run_all_moves, run_all_moves_unit,
    run_all_moves_unit_kings_known, run_king_rays, run_perft_walker, run_piece_cover,
    run_piece_cover_one_scanner, run_walker_moves, set_all_moves_inputs, settle, side_and_hands,
    start_king_rays, table_rank, UnitRun,
};

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

/// The covers of the rank a scanner reads, per file.
fn scanner_covers(u: &Scanner) -> [u64; 9] {
    std::array::from_fn(|f| bits_slice::<360, 40>(&u.covers.val(), 40 * f))
}

/// The identities on rank `r` of `b`, one-hot per file (0 for an empty square).
fn rank_ids(b: &BoardData, r: usize) -> [u64; 9] {
    std::array::from_fn(|f| b.squares[9 * r + f].id().map_or(0, |id| 1 << id))
}

/// One scan of `board` on `u`, back to back with whatever it did before (`first` clears), with
/// random idle cycles (`load` low) between ranks; the covers and the ray registers must be the
/// model's, rank for rank.
fn check_scan(u: &mut Scanner, dir: Scan, board: &BoardData, r: &mut StdRng) -> usize {
    let trace = scan(board, dir);
    let mut rays = 0;
    for (i, rank) in dir.ranks().into_iter().enumerate() {
        while r.gen_bool(0.2) {
            u.load.next = false;
            u.first.next = r.gen();
            u.rank.next = bits_from_u128(r.gen::<u128>());
            cycle(u, |u| &mut u.clock).unwrap();
        }
        u.load.next = true;
        u.first.next = i == 0;
        u.rank.next = bits_from_u128(board.rank_word(rank));
        settle(u).unwrap();
        let what = || {
            format!(
                "{dir:?} rank {} of {:?}",
                rank + 1,
                board.to_position().sfen()
            )
        };
        assert_eq!(scanner_covers(u), trace.covers[i], "{}", what());
        // The identities it decodes (the piece info table's, through the cover circuit).
        let ids: [u64; 9] = std::array::from_fn(|f| bits_to_u128(&u.ids.val(), 40 * f, 40) as u64);
        assert_eq!(ids, rank_ids(board, rank), "identities, {}", what());
        if i > 0 {
            let regs: [[u64; 3]; 9] = std::array::from_fn(|f| {
                std::array::from_fn(|k| u.rays[3 * f + k].q.val().to_u64())
            });
            assert_eq!(regs, trace.rays[i], "ray registers, {}", what());
            rays += regs.iter().flatten().filter(|&&x| x != 0).count();
            // The model's rays carry only the kinds the scanner's registers keep.
            for (f, regs) in trace.rays[i].iter().enumerate() {
                for (k, &ray) in regs.iter().enumerate() {
                    let kept = model::shogi::piece_data::ids_mask(ray_kinds(k == 1));
                    assert_eq!(ray & !kept, 0, "file {} ray {k} kind, {}", f + 1, what());
                }
            }
        }
        cycle(u, |u| &mut u.clock).unwrap();
    }
    rays
}

#[test]
fn scanners_match_model_rank_for_rank() {
    let mut r = StdRng::seed_from_u64(SEED + 2);
    println!("seed {:#x}", SEED + 2);
    for (dir, mut uut) in [
        (Scan::TopDown, Scanner::top_down()),
        (Scan::BottomUp, Scanner::bottom_up()),
    ] {
        uut.connect_all();
        let mut rays = 0;
        for pos in random::positions(SEED + 2, 300, 150) {
            rays += check_scan(&mut uut, dir, &BoardData::from_position(&pos), &mut r);
        }
        assert!(rays > 2000, "{dir:?}: {rays} ray registers set");
    }
}

/// Loads `board` into the circuit, computes its table; returns the table and the cycles busy.
#[test]
fn piece_cover_circuit_matches_model_table_for_table() {
    let positions = random::positions(SEED + 4, 200, 150);
    for (mut uut, want_cycles) in [
        (PieceCoverCircuit::fast(), FAST_CYCLES),
        (PieceCoverCircuit::paper_order(), PAPER_ORDER_CYCLES),
    ] {
        uut.connect_all();
        for pos in positions.iter().chain([&model::shogi::Position::start()]) {
            let b = BoardData::from_position(pos);
            let (table, cycles) = run_piece_cover(&mut uut, &b).unwrap();
            assert_eq!(table, cover_table(&b).0, "{}", pos.sfen());
            assert_eq!(cycles, want_cycles);
        }
    }
}

#[test]
fn piece_cover_circuit_one_scanner_matches_model_table_for_table() {
    // The board's tables and those of the board turned (each the other's second pass), from
    // positions the two-scanner test does not use; a board loaded over the last one's table.
    let mut uut = PieceCoverCircuitOneScanner::default();
    uut.connect_all();
    let mut covered = 0;
    for pos in random::positions(SEED + 13, 200, 150)
        .iter()
        .chain(&random::table_positions())
    {
        let b = BoardData::from_position(pos);
        for board in [b.clone(), model::shogi::cover_scan::turned(&b)] {
            let (table, cycles) = run_piece_cover_one_scanner(&mut uut, &board).unwrap();
            let want = one_scanner_cover_table(&board);
            assert_eq!(want, cover_table(&board), "the model, {}", pos.sfen());
            assert_eq!(table, want.0, "{}", pos.sfen());
            assert_eq!(cycles, ONE_SCANNER_CYCLES);
            covered += table.iter().filter(|&&c| c != 0).count();
        }
    }
    assert!(covered > 20_000, "{covered} squares covered");
}

#[test]
fn king_rays_match_model_walk_for_walk() {
    let mut uut = KingRays::default();
    uut.connect_all();
    let (mut checks, mut pins, mut kings) = (0, 0, 0);
    let mut positions = random::table_positions();
    positions.extend(random::positions(SEED + 5, 2000, 160));
    for pos in &positions {
        let b = BoardData::from_position(pos);
        let table = cover_table(&b);
        for side in [Color::Black, Color::White] {
            let Some(want) = king_rays(&b, &table, side) else {
                continue;
            };
            kings += 1;
            let cycles = run_king_rays(&mut uut, &b, side == Color::Black, false, want.king)
                .expect("the walks end");
            let what = format!("{:?} king of {}", side, pos.sfen());
            assert_eq!(cycles, want.cycles, "cycles, {what}");
            assert_eq!(
                bits_to_u128(&uut.between.val(), 0, 81),
                want.between,
                "between, {what}"
            );
            assert_eq!(
                bits_to_u128(&uut.behind.val(), 0, 81),
                want.behind,
                "behind, {what}"
            );
            assert_eq!(
                uut.slider_checks.val().to_u64() as u8,
                want.slider_checks,
                "slider checks, {what}"
            );
            let rays = king_first_rays(&uut);
            for (i, (&have, &ray)) in rays.iter().zip(&want.first_rays).enumerate() {
                assert_eq!(have, ray, "walk {i}'s ray to its first piece, {what}");
            }
            let got = king_ray_pins(&uut);
            for (i, pin) in want.pins.iter().enumerate() {
                assert_eq!(got[i].map(|g| g.0), *pin, "walk {i}, {what}");
                if let Some(((sq, _), id)) = got[i] {
                    assert_eq!(
                        Some(id),
                        b.squares[sq as usize].id(),
                        "walk {i}'s pinned identity, {what}"
                    );
                }
            }
            checks += want.slider_checks.count_ones();
            pins += want.pins.iter().flatten().count();
        }
    }
    assert!(
        kings > 3000 && checks > 40 && pins > 150,
        "{kings} kings, {checks} slider checks, {pins} pins"
    );
}

/// A cover circuit's inputs a cycle (write enable, rank, rank word, start, read rank): each
/// board's nine ranks loaded, then `run` cycles from a start, reading the ranks in turn.
fn cover_stimulus(boards: &[BoardData], run: u64) -> Vec<(bool, u64, u128, bool, u64)> {
    boards
        .iter()
        .flat_map(|b| {
            let load =
                (0..9).map(move |r| (true, r as u64, b.rank_word(r as usize), false, r as u64));
            let run = (0..run).map(|k| (false, 0, 0, k == 0, k % 9));
            load.chain(run)
        })
        .collect()
}

/// Co-simulates a cover circuit (either kind: the same ports) on a [`cover_stimulus`]: its
/// Verilog against its Rust simulation, every output every cycle.
macro_rules! cosim_cover_circuit {
    ($name:expr, $uut:expr, $stim:expr $(,)?) => {{
        let stim: &[(bool, u64, u128, bool, u64)] = $stim;
        let rep = cosim(
            $name,
            $uut,
            stim.len(),
            Some("clock"),
            |u, k| {
                let (wr, rank, data, start, rd) = stim[k];
                u.wr_en.next = wr;
                u.wr_rank.next = rank.into();
                u.wr_data.next = bits_from_u128(data);
                u.start.next = start;
                u.rd_rank.next = rd.into();
            },
            |u, level| u.clock.next = Clock::from(level),
        )
        .unwrap();
        assert_eq!(rep.mismatches, 0);
    }};
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
    let mut r = StdRng::seed_from_u64(SEED + 3);
    let boards: Vec<BoardData> = random::positions(SEED + 3, 30, 150)
        .iter()
        .map(BoardData::from_position)
        .collect();
    for (name, mut uut) in [
        ("top_down_scanner", Scanner::top_down()),
        ("bottom_up_scanner", Scanner::bottom_up()),
    ] {
        let stim: Vec<(bool, bool, u128)> = (0..boards.len() * 11)
            .map(|k| {
                let (b, i) = (k / 11, k % 11);
                match i {
                    0..=8 => (
                        true,
                        i == 0,
                        boards[b].rank_word(if name.starts_with("top") { i } else { 8 - i }),
                    ),
                    _ => (false, r.gen(), r.gen()),
                }
            })
            .collect();
        let rep = cosim(
            name,
            &mut uut,
            stim.len(),
            Some("clock"),
            |u, k| {
                u.load.next = stim[k].0;
                u.first.next = stim[k].1;
                u.rank.next = bits_from_u128(stim[k].2);
            },
            |u, level| u.clock.next = Clock::from(level),
        )
        .unwrap();
        assert_eq!(rep.mismatches, 0);
    }
    // The whole circuit, both schedules: load, compute and read back a few boards.
    let stim = cover_stimulus(&boards[..6], 21);
    for (name, mut uut) in [
        ("piece_cover_circuit", PieceCoverCircuit::fast()),
        (
            "piece_cover_circuit_paper_order",
            PieceCoverCircuit::paper_order(),
        ),
    ] {
        cosim_cover_circuit!(name, &mut uut, &stim);
    }
    // The one-scanner circuit: the same loads, 31 cycles a board (its 19, then reads).
    let stim = cover_stimulus(&boards[..6], 31);
    cosim_cover_circuit!(
        "piece_cover_circuit_one_scanner",
        &mut PieceCoverCircuitOneScanner::default(),
        &stim,
    );
}

#[test]
fn king_rays_verilog() {
    if !sim::tools::require("verilator", "king_rays_verilog") {
        return;
    }
    // Each king of a few boards walked (a start, 9 cycles), Black's and White's.
    let walks: Vec<(BoardData, Color, u8)> = random::table_positions()[..4]
        .iter()
        .chain(&random::positions(SEED + 6, 8, 150))
        .flat_map(|p| {
            let b = BoardData::from_position(p);
            [Color::Black, Color::White]
                .into_iter()
                .filter_map(move |c| {
                    let t = cover_table(&b);
                    king_rays(&b, &t, c).map(|k| (b.clone(), c, k.king))
                })
        })
        .collect();
    let rep = cosim(
        "king_rays",
        &mut KingRays::default(),
        walks.len() * 10,
        Some("clock"),
        |u, k| {
            let (b, c, king) = &walks[k / 10];
            // Every other walk in discover mode (the tsume circuit's mask B).
            start_king_rays(u, b, *c == Color::Black, k / 10 % 2 == 1, *king);
            u.start.next = k % 10 == 0;
        },
        |u, level| u.clock.next = Clock::from(level),
    )
    .unwrap();
    assert_eq!(rep.mismatches, 0);
}

/// The positions the generator's blocks are checked on: the tables' and random play.
fn generator_positions(seed: u64, n: usize) -> Vec<BoardData> {
    let mut positions = random::table_positions();
    positions.extend(random::positions(seed, n, 160));
    positions.iter().map(BoardData::from_position).collect()
}

/// The piece info table's inputs in the cycle it reads rank `r` of `b`: the rank word and
/// its identities one-hot, as the piece cover circuit's top-down scan gives them
/// (`PieceCoverCircuit::scan_rank`, `scan_ids`; the unit's tests check that pairing).
fn info_rank(u: &mut PieceInfoTable, b: &BoardData, r: u64) {
    let r = r as usize;
    u.rank_data.next = bits_from_u128(b.rank_word(r));
    let ids = rank_ids(b, r).map(u128::from);
    u.rank_ids.next = bits_from_words(&ids, 40);
}

#[test]
fn piece_info_table_matches_model() {
    let mut uut = PieceInfoTable::default();
    uut.connect_all();
    for b in generator_positions(SEED + 7, 2000) {
        let want = piece_info(&b);
        uut.start.next = true;
        cycle(&mut uut, |u| &mut u.clock).unwrap();
        uut.start.next = false;
        let mut cycles = 0;
        while uut.busy.val() {
            info_rank(&mut uut, &b, cycles % 9);
            cycles += 1;
            assert!(cycles <= 20, "the scan does not end");
            cycle(&mut uut, |u| &mut u.clock).unwrap();
        }
        let what = b.to_position().sfen();
        assert_eq!(cycles, PIECE_INFO_CYCLES, "{what}");
        let owned = bits_to_u128(&uut.owned.val(), 0, 80);
        assert_eq!(
            owned as u64 & ((1 << 40) - 1),
            want.owned[0],
            "Black's, {what}"
        );
        assert_eq!((owned >> 40) as u64, want.owned[1], "White's, {what}");
        assert_eq!(
            uut.promoted.val().to_u64(),
            want.promoted,
            "promoted, {what}"
        );
        assert_eq!(uut.zone.val().to_u64(), want.zone, "zone, {what}");
        let pawns = uut.pawn_files.val().to_u64();
        assert_eq!(
            [(pawns & 0x1ff) as u16, (pawns >> 9) as u16],
            want.pawn_files,
            "pawn files, {what}"
        );
        let (kings, has) = (uut.kings.val().to_u64(), uut.has_king.val().to_u64());
        for c in 0..2 {
            let got = (has >> c & 1 == 1).then(|| {
                let k = kings >> (8 * c);
                ((k & 15) * 9 + (k >> 4 & 15)) as u8
            });
            assert_eq!(got, want.kings[c], "king {c}, {what}");
        }
        // The square planes: bit `id` of plane `j` is bit `j` of the file (0-3), the rank (4-7).
        let planes = uut.squares.val();
        let bit = |n: usize| planes.get_bit(n) as u8;
        for (id, sq) in want.squares.iter().enumerate() {
            let Some(sq) = sq else { continue };
            let field = |first: usize| (0..4).map(|j| bit(40 * (first + j) + id) << j).sum::<u8>();
            assert_eq!(
                9 * field(4) + field(0),
                *sq,
                "identity {id}'s square, {what}"
            );
        }
    }
}

/// Runs the generator on `board` from the model's table, info and walks; compares it square
/// for square with `model::shogi::all_moves::candidates`.
fn check_generator(uut: &mut AllMoveGenerator, b: &BoardData, drops_on: bool) -> Candidates {
    let table = cover_table(b);
    let info = piece_info(b);
    let rays = king_rays(b, &table, b.side);
    let want = candidates(b, &table, &info, rays.as_ref(), drops_on);
    set_all_moves_inputs(uut, b, &table, &info, rays.as_ref(), drops_on);
    let got = run_all_moves(uut, &table).unwrap();
    let what = format!("{} (drops {drops_on})", b.to_position().sfen());
    for (s, (g, w)) in got.squares.iter().zip(&want.squares).enumerate() {
        assert_eq!(*g, (w.board, w.promote, w.drops), "square {s}, {what}");
    }
    assert_eq!(got.cycles, GENERATOR_CYCLES, "{what}");
    assert_eq!(got.count, want.count, "{what}");
    assert_eq!(got.rank_counts.iter().sum::<u32>(), want.count, "{what}");
    assert_eq!(got.probe, want.probe, "{what}");
    want
}

#[test]
fn all_move_generator_matches_model_square_for_square() {
    let mut uut = AllMoveGenerator::default();
    uut.connect_all();
    let (mut checks, mut doubles, mut pins, mut probes, mut mates, mut promotions, mut drops) =
        (0, 0, 0, 0, 0, 0, 0);
    // Random play seldom gives two checkers at once: double checks (a rook and a bishop, a
    // knight and a lance, a dragon and a horse), with pieces in hand that cannot interpose.
    let mut boards: Vec<BoardData> = [
        "4k4/9/9/9/4R3B/9/9/9/4K4 w g2p 1",
        "3gkg3/9/3N5/9/4L4/9/9/9/4K4 w rs 1",
        "4k4/9/9/9/4+R3+B/9/9/9/4K4 w P 1",
        "4k4/9/9/9/4r3b/9/9/9/4K4 b GS2P 1",
    ]
    .iter()
    .map(|s| BoardData::from_position(&Position::from_sfen(s).unwrap()))
    .collect();
    boards.extend(generator_positions(SEED + 8, 1500));
    for b in boards {
        let want = check_generator(&mut uut, &b, true);
        let table = cover_table(&b);
        if let Some(k) = king_rays(&b, &table, b.side) {
            checks += usize::from(k.checkers != 0);
            doubles += usize::from(k.checkers.count_ones() > 1);
            pins += k.pins.iter().flatten().count();
        }
        promotions += want
            .squares
            .iter()
            .map(|s| s.promote.count_ones())
            .sum::<u32>();
        drops += want
            .squares
            .iter()
            .map(|s| s.drops.count_ones())
            .sum::<u32>();
        // The probe: the generator without drops on the position after the pawn drop.
        if let Some(to) = want.probe {
            probes += 1;
            let after = b.play(Move::Drop {
                kind: Kind::Pawn,
                to,
            });
            let reply = check_generator(&mut uut, &after, false);
            assert_eq!(reply.count == 0, pawn_drop_mates(&b, to));
            mates += usize::from(reply.count == 0);
        }
    }
    assert!(
        checks > 30
            && doubles >= 4
            && pins > 50
            && probes > 20
            && promotions > 1000
            && drops > 10_000,
        "{checks} checks, {doubles} double, {pins} pins, {probes} probes, {mates} mates, \
         {promotions} promotions, {drops} drops"
    );
}

#[test]
fn piece_info_and_all_moves_verilog() {
    if !sim::tools::require("verilator", "piece_info_and_all_moves_verilog") {
        return;
    }
    let boards: Vec<BoardData> = generator_positions(SEED + 9, 12);
    // The piece info table: a start, 10 cycles a board.
    let rep = cosim(
        "piece_info_table",
        &mut PieceInfoTable::default(),
        boards.len() * 11,
        Some("clock"),
        |u, k| {
            // The rank of the `t`-th cycle after the start (rank 1 around it).
            info_rank(u, &boards[k / 11], (k % 11).saturating_sub(1).min(8) as u64);
            u.start.next = k % 11 == 0;
        },
        |u, level| u.clock.next = Clock::from(level),
    )
    .unwrap();
    assert_eq!(rep.mismatches, 0);
    // The generator: a start, 10 cycles a board, drops on and off.
    let inputs: Vec<_> = boards
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let table = cover_table(b);
            let info = piece_info(b);
            let rays = king_rays(b, &table, b.side);
            (b, table, info, rays, i % 3 != 2)
        })
        .collect();
    let rep = cosim(
        "all_move_generator",
        &mut AllMoveGenerator::default(),
        inputs.len() * 11,
        Some("clock"),
        |u, k| {
            let (b, table, info, rays, drops_on) = &inputs[k / 11];
            set_all_moves_inputs(u, b, table, info, rays.as_ref(), *drops_on);
            // The rank shown in cycle i of a board is i - 1.
            u.rank_covers.next = table_rank(table, (k % 11).saturating_sub(1));
            u.start.next = k % 11 == 0;
        },
        |u, level| u.clock.next = Clock::from(level),
    )
    .unwrap();
    assert_eq!(rep.mismatches, 0);
}

#[test]
fn all_moves_unit_matches_model_position_for_position() {
    let mut uut = AllMovesUnit::default();
    uut.connect_all();
    let (mut probes, mut mates) = (0, 0);
    let mut cycles = std::collections::BTreeMap::new();
    for b in generator_positions(SEED + 10, 400) {
        let g = generate(&b);
        let got = run_all_moves_unit(&mut uut, &b).unwrap();
        let what = b.to_position().sfen();
        let want: Vec<_> = g
            .candidates
            .squares
            .iter()
            .map(|s| (s.board, s.promote, s.drops))
            .collect();
        assert_eq!(got.squares, want, "{what}");
        assert_eq!(got.count as usize, g.moves.len(), "{what}");
        assert_eq!(got.probe, g.candidates.probe, "{what}");
        assert_eq!(got.probe_mates, g.probe_mates, "{what}");
        assert_eq!(
            got.table,
            cover_table(&b).0,
            "the table after the job, {what}"
        );
        probes += usize::from(got.probe.is_some());
        mates += usize::from(got.probe_mates);
        assert_eq!(got.cycles, moves_job_cycles(&b), "cycles, {what}");
        *cycles.entry(got.cycles).or_insert(0) += 1;
    }
    eprintln!("cycles: {cycles:?}");
    assert!(cycles.contains_key(&20), "no position without an own king");
    assert!(probes > 20 && mates > 0, "{probes} probes, {mates} mates");
}

/// `b` with its kings' identities swapped (identities follow the board's square order, so
/// White's king is nearly always identity 0: the swap gives Black's king identity 0, or a
/// lone king identity 1).
fn kings_swapped(b: &BoardData) -> BoardData {
    let mut b = b.clone();
    for d in b.squares.iter_mut() {
        if let (Some(id @ 0..=1), Some(p)) = (d.id(), d.piece()) {
            *d = PieceData::of_id(1 - id, false, p.color);
        }
    }
    b
}

/// With the kings named at the start (the perft walker below its root), the unit's walks run
/// beside its scan: after a job on a position, a job on the position after each of a few of
/// its legal moves (king moves among them) gives the same candidates, count, probe, table
/// (`job_table`: after a probe, the probe board's) and kings as the model, in
/// `walk_job_cycles` with `kings_known`, in discover mode on every
/// other job; an absent king's square is garbage the unit must not read. Every other
/// position has its kings' identities swapped, so that the unit must take whose king each
/// identity is from its last pass.
#[test]
fn all_moves_unit_walks_beside_the_scan_when_the_kings_are_named() {
    let mut uut = AllMovesUnit::default();
    uut.connect_all();
    let mut r = StdRng::seed_from_u64(SEED + 13);
    let (mut saved, mut jobs, mut king_moves) = (0, 0, 0);
    let (mut kingless, mut kingless_discover, mut black_id0, mut probes) = (0, 0, 0, 0);
    let is_king_move = |b: &BoardData, m: &Move| matches!(m, Move::Board { from, .. } if b.squares[*from as usize].kind() == Kind::King);
    for (i, b) in generator_positions(SEED + 14, 60).into_iter().enumerate() {
        let b = if i % 2 == 1 { kings_swapped(&b) } else { b };
        let root = run_all_moves_unit(&mut uut, &b).unwrap();
        assert_eq!(root.cycles, moves_job_cycles(&b));
        let moves = generate(&b).moves;
        let mut picks: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| is_king_move(&b, m))
            .take(1)
            .collect();
        for _ in 0..2 {
            if !moves.is_empty() {
                picks.push(moves[r.gen_range(0..moves.len())]);
            }
        }
        for m in picks {
            let after = b.play(m);
            let discover = jobs % 2 == 1;
            let kings = kings_by_identity(&after, 0xff);
            let got = run_all_moves_unit_kings_known(&mut uut, &after, kings, discover).unwrap();
            let what = format!("{} after {m:?}", b.to_position().sfen());
            let mut want = model_moves_job(&after);
            want.cycles = walk_job_cycles(&after, discover, true);
            want.table = job_table(&after, true).0;
            assert_eq!(got, want, "{what}");
            let info = piece_info(&after).kings;
            let square = |k: Option<u8>| k.map_or(0, |s| u64::from(s / 9) | u64::from(s % 9) << 4);
            assert_eq!(
                uut.kings.val().to_u64(),
                square(info[0]) | square(info[1]) << 8,
                "kings, {what}"
            );
            saved += walk_job_cycles(&after, discover, false) - want.cycles;
            jobs += 1;
            king_moves += usize::from(is_king_move(&b, &m));
            let own_king = info[after.side.index()].is_some();
            kingless += usize::from(!own_king);
            kingless_discover += usize::from(!own_king && discover);
            black_id0 += usize::from(after.square_of(0) == info[0]);
            probes += usize::from(want.probe.is_some());
        }
    }
    eprintln!(
        "{jobs} jobs, {king_moves} king moves, {kingless} without an own king \
         ({kingless_discover} discovering), {black_id0} with Black's king identity 0, \
         {probes} probes, {saved} cycles saved"
    );
    assert!(
        jobs > 100 && king_moves > 10,
        "{jobs} jobs, {king_moves} king moves"
    );
    assert!(
        kingless_discover > 0 && kingless > kingless_discover,
        "{kingless} {kingless_discover}"
    );
    assert!(black_id0 > 10 && probes > 5, "{black_id0} {probes}");
    assert!(
        saved > 4 * jobs as u64,
        "{saved} cycles saved in {jobs} jobs"
    );
}

/// The walker's leaves, moves jobs and cycles equal `perft_walk`'s; a walk leaves the board
/// data and the hands as they were (a depth 1 walk after it, without a load, counts the
/// position's legal moves).
fn check_walk(uut: &mut PerftWalker, b: &BoardData, depth: u32) -> u64 {
    let want = perft_walk(b, depth);
    let got = run_perft_walker(uut, b, depth, 10_000_000).unwrap();
    let what = format!("{} depth {depth}", b.to_position().sfen());
    assert_eq!(got.leaves, want.leaves, "leaves, {what}");
    assert_eq!(got.nodes, want.nodes, "moves jobs, {what}");
    assert_eq!(got.cycles, want.cycles, "cycles, {what}");
    uut.depth.next = 1_u64.into();
    uut.start.next = true;
    cycle(uut, |u| &mut u.clock).unwrap();
    uut.start.next = false;
    while uut.busy.val() {
        cycle(uut, |u| &mut u.clock).unwrap();
    }
    assert_eq!(
        uut.leaves.val().to_u64(),
        generate(b).moves.len() as u64,
        "the position after the walk, {what}"
    );
    got.cycles
}

#[test]
fn perft_walker_matches_model_walk_for_walk() {
    let mut uut = PerftWalker::default();
    uut.connect_all();
    // The perft table's positions at the depths whose walks stay short in the Rust
    // simulation (the 593-move position's depth 2 is 594 moves jobs; the longer walks, the
    // "matsuri" position's depth 2 among them, run on the Verilator board in
    // `host/tests/shogi_board.rs`, whose Verilog `perft_walker_verilog` ties to this one).
    for entry in random::perft_table() {
        let b = BoardData::from_position(&Position::from_sfen(&entry.sfen).unwrap());
        for &(depth, published) in entry.counts.iter().filter(|c| c.0 <= 2 && c.1 <= 1_000) {
            check_walk(&mut uut, &b, depth);
            assert_eq!(
                perft_walk(&b, depth).leaves,
                published,
                "{} {depth}",
                entry.sfen
            );
        }
    }
    // Random positions: one, then one whose walk meets a pawn drop that mates (the walker
    // must skip it). A depth-2 walk of a random position is thousands of leaves, minutes of
    // the Rust simulation: the Verilator board walks more of them against the model
    // (`host/tests/shogi_board.rs`), and this walker's Verilog is tied to this simulation by
    // `perft_walker_verilog`.
    let positions = generator_positions(SEED + 11, 3000);
    for b in positions.iter().take(1) {
        check_walk(&mut uut, b, 2);
    }
    let mating: Vec<_> = positions
        .iter()
        .filter(|b| meets_mating_drop(b))
        .take(1)
        .collect();
    assert_eq!(
        mating.len(),
        1,
        "no position with a mating pawn drop one ply down"
    );
    for b in mating {
        check_walk(&mut uut, b, 2);
    }
}

/// What the model says a moves job on `b` gives (`run_all_moves_unit`'s view).
fn model_moves_job(b: &BoardData) -> UnitRun {
    let g = generate(b);
    UnitRun {
        squares: g
            .candidates
            .squares
            .iter()
            .map(|s| (s.board, s.promote, s.drops))
            .collect(),
        count: g.moves.len() as u32,
        probe: g.candidates.probe,
        probe_mates: g.probe_mates,
        cycles: moves_job_cycles(b),
        table: job_table(b, false).0,
    }
}

/// Idle, the walker passes its unit through (moves jobs equal the model's); a stop at any
/// point of a walk unwinds it within 72 + 2 + 4 x 8 cycles and leaves the walk's root in the
/// board data and the hands (a moves job after it, without a load, equals the model's).
#[test]
fn perft_walker_passes_the_unit_through_and_unwinds_on_stop() {
    let mut uut = PerftWalker::default();
    uut.connect_all();
    // The start position, and a random one with pieces in hand (the rust-hdl simulation of
    // the walker runs a few hundred cycles a second: the stops come within its first 2,000).
    let with_hands = generator_positions(SEED + 12, 200)
        .into_iter()
        .find(|b| b.hands[0] != 0 && b.hands[1] != 0)
        .expect("a position with pieces in both hands");
    let roots = [BoardData::from_position(&Position::start()), with_hands];
    let mut rng = StdRng::seed_from_u64(SEED + 13);
    let mut deepest = 0;
    for b in &roots {
        let what = b.to_position().sfen();
        let want = model_moves_job(b);
        assert_eq!(run_walker_moves(&mut uut, b, true).unwrap(), want, "{what}");
        for at in [0, rng.gen_range(1..400), rng.gen_range(400..2_000)] {
            uut.depth.next = 3_u64.into();
            uut.start.next = true;
            cycle(&mut uut, |u| &mut u.clock).unwrap();
            uut.start.next = false;
            for _ in 0..at {
                cycle(&mut uut, |u| &mut u.clock).unwrap();
            }
            uut.stop.next = true;
            cycle(&mut uut, |u| &mut u.clock).unwrap();
            uut.stop.next = false;
            let mut unwind = 0;
            while uut.busy.val() {
                unwind += 1;
                assert!(
                    unwind <= 72 + 2 + 4 * 8,
                    "stopped at {at}: still busy, {what}"
                );
                cycle(&mut uut, |u| &mut u.clock).unwrap();
            }
            deepest = deepest.max(unwind);
            assert_eq!(
                run_walker_moves(&mut uut, b, false).unwrap(),
                want,
                "after a stop at cycle {at}, {what}"
            );
        }
    }
    eprintln!("longest unwind: {deepest} cycles");
}

#[test]
fn perft_walker_verilog() {
    if !sim::tools::require("verilator", "perft_walker_verilog") {
        return;
    }
    // Walks of depth 2 (the start position; a random one whose walk skips a mating pawn drop)
    // and depth 1, each after its nine rank writes; the outputs compared cycle by cycle.
    let start = BoardData::from_position(&Position::start());
    let mating = generator_positions(SEED + 11, 3000)
        .into_iter()
        .find(meets_mating_drop)
        .expect("a position with a mating pawn drop one ply down");
    // And a mate walk of 3 plies (the tsume table's cheapest that mates: checks only at the
    // attacker's plies, a cut-off).
    let tsume = random::tsume_sfens()
        .iter()
        .map(|s| BoardData::from_position(&Position::from_sfen(s).unwrap()))
        .filter(|b| !b.to_position().in_check())
        .map(|b| (mate_walk(&b, 3), b))
        .filter(|(w, _)| w.mate && w.nodes >= 3)
        .min_by_key(|(w, _)| w.cycles)
        .expect("a mate in 3")
        .1;
    let jobs = [
        (start.clone(), 2, false),
        (mating.clone(), 2, false),
        (mating, 1, false),
        (tsume.clone(), 3, true),
    ];
    // Per job: its first cycle, the board, the depth, a mate walk.
    let mut plan = Vec::new();
    let mut at = 0;
    for (b, depth, mate) in &jobs {
        plan.push((at, b, *depth, *mate));
        let walk = if *mate {
            mate_walk(b, *depth).cycles
        } else {
            perft_walk(b, *depth).cycles
        };
        at += 9 + 1 + walk as usize + 3;
    }
    // Then a depth-3 walk of the start position stopped after 500 cycles, unwound, and a moves
    // job passed through (the ranks and their groups read back cycle by cycle throughout).
    const STOP_AT: usize = 500;
    const UNWOUND: usize = 120;
    let stopped = at;
    at += 10 + STOP_AT + UNWOUND + moves_job_cycles(&start) as usize + 12;
    let rep = cosim(
        "perft_walker",
        &mut PerftWalker::default(),
        at,
        Some("clock"),
        |u, k| {
            // Every rank and group of the idle walker's candidate reads, over 180 cycles.
            u.rd_rank.next = ((k % 9) as u64).into();
            u.rd_group.next = (((k / 9) % 20) as u64).into();
            u.start_cover.next = false;
            u.stop.next = false;
            if k >= stopped {
                let t = k - stopped;
                u.wr_en.next = t < 9;
                u.wr_rank.next = (t.min(8) as u64).into();
                u.wr_data.next = bits_from_u128(start.rank_word(t.min(8)));
                (u.black.next, u.hands.next) = side_and_hands(&start);
                u.depth.next = 3_u64.into();
                u.mate.next = false;
                u.start.next = t == 9;
                u.stop.next = t == 10 + STOP_AT;
                u.start_moves.next = t == 10 + STOP_AT + UNWOUND;
                return;
            }
            let &(first, b, depth, mate) = plan.iter().rev().find(|p| p.0 <= k).unwrap();
            let t = k - first;
            u.wr_en.next = t < 9;
            u.wr_rank.next = (t.min(8) as u64).into();
            u.wr_data.next = bits_from_u128(b.rank_word(t.min(8)));
            (u.black.next, u.hands.next) = side_and_hands(b);
            u.depth.next = (depth as u64).into();
            u.mate.next = mate;
            u.start.next = t == 9;
            u.start_moves.next = false;
        },
        |u, level| u.clock.next = Clock::from(level),
    )
    .unwrap();
    assert!(rep.cycles > 1_000 && rep.outputs == 13, "{rep:?}");
    assert_eq!(rep.mismatches, 0);
}
