//! Othello blocks against the golden model (bit exact, seeded random positions and edge
//! cases), and each block's emitted Verilog against its Rust simulation.

use gateware::othello::{
    from_excess, insertion_sorter::LIST_LEN, solver::NO_MOVE, to_excess, DiscCounter, Flipper,
    InsertionSorter, LegalMoves, MoveSelector, Solver,
};
use model::othello::order::{by_mobility, first_in_order, paper_order};
use model::othello::random::{random_position, random_window};
use model::othello::search::{search, MoveOrder};
use model::othello::{flips, legal_moves, SCORE_BOUND};
use rand::{rngs::StdRng, Rng, SeedableRng};
use rust_hdl::prelude::*;
use sim::cosim::cosim;
use sim::harness::{cycle, settle};

const SEED: u64 = 0x07e1_0001;

/// Random positions over the whole game plus edge cases: empty board, full boards, one side
/// wiped out, no legal move, single discs.
fn positions(r: &mut StdRng, n: usize) -> Vec<(u64, u64)> {
    let mut v = vec![
        (0, 0),
        (u64::MAX, 0),
        (0, u64::MAX),
        (0x5555_5555_5555_5555, 0xAAAA_AAAA_AAAA_AAAA),
        (1, 0),
        (0, 1 << 63),
        (0x8100_0000_0000_0081, 0x0042_0000_0000_4200),
        (0x0000_0010_0800_0000, 0),
        (0xFFFF_FFFF_0000_0000, 0x0000_0000_FFFF_FFFE),
    ];
    while v.len() < n {
        let e = r.gen_range(1..=60);
        let (p, o) = random_position(r, e);
        v.push(if r.gen_bool(0.5) { (p, o) } else { (o, p) });
    }
    v
}

fn rng(k: u64) -> StdRng {
    println!("seed {:#x}", SEED + k);
    StdRng::seed_from_u64(SEED + k)
}

#[test]
fn legal_moves_match_model() {
    let mut r = rng(1);
    let mut uut = LegalMoves::default();
    uut.connect_all();
    for (p, o) in positions(&mut r, 3000) {
        uut.p.next = p.into();
        uut.o.next = o.into();
        settle(&mut uut).unwrap();
        assert_eq!(
            uut.moves.val().to_u64(),
            legal_moves(p, o),
            "p {p:#018x} o {o:#018x}"
        );
    }
}

#[test]
fn flipper_matches_model() {
    let mut r = rng(2);
    let mut uut = Flipper::default();
    uut.connect_all();
    let mut checked = 0;
    for (p, o) in positions(&mut r, 2000) {
        let legal = legal_moves(p, o);
        // Every legal move, and a few empty non-moves (which must flip nothing).
        let empty = !(p | o);
        for sq in (0..64).filter(|&s| legal >> s & 1 == 1 || (empty >> s & 1 == 1 && s % 7 == 0)) {
            uut.p.next = p.into();
            uut.o.next = o.into();
            uut.m.next = (1u64 << sq).into();
            settle(&mut uut).unwrap();
            assert_eq!(
                uut.flips.val().to_u64(),
                flips(p, o, sq),
                "p {p:#018x} o {o:#018x} sq {sq}"
            );
            checked += 1;
        }
    }
    println!("{checked} moves checked");
}

#[test]
fn move_selector_and_disc_counter_match_model() {
    let mut r = rng(3);
    let order = paper_order();
    let mut sel = MoveSelector::paper();
    let mut cnt = DiscCounter::default();
    sel.connect_all();
    cnt.connect_all();
    let mut words: Vec<u64> = vec![0, u64::MAX, 1, 1 << 63, 0x0042_0000_0000_4200];
    words.extend((0..3000).map(|_| r.gen::<u64>() & r.gen::<u64>() & r.gen::<u64>()));
    for m in words {
        sel.moves.next = m.into();
        cnt.bits.next = m.into();
        settle(&mut sel).unwrap();
        settle(&mut cnt).unwrap();
        let want = first_in_order(m, &order);
        assert_eq!(sel.valid.val(), want.is_some());
        assert_eq!(
            sel.pick.val().to_u64(),
            want.map(|s| 1u64 << s).unwrap_or(0),
            "moves {m:#018x}"
        );
        assert_eq!(sel.sq.val().to_u64() as u32, want.unwrap_or(0));
        assert_eq!(cnt.count.val().to_u64() as u32, m.count_ones());
    }
}

/// Random insertion sequences of (square, replies): up to the list's 32 entries, reply counts
/// from a small range (many ties) or the full 6 bits.
fn insertion_sequences(r: &mut StdRng, n: usize) -> Vec<Vec<(u32, u32)>> {
    (0..n)
        .map(|k| {
            let len = r.gen_range(1..=LIST_LEN);
            let top = if k % 2 == 0 { 4 } else { 64 };
            (0..len)
                .map(|_| (r.gen_range(0..64), r.gen_range(0..top)))
                .collect()
        })
        .collect()
}

/// Feeds one insertion: the sorter's inputs from the list so far.
fn feed_sorter(u: &mut InsertionSorter, list: &[(u32, u32)], (sq, mob): (u32, u32)) {
    let (mut l, mut m) = (Bits::<192>::default(), Bits::<192>::default());
    for (i, &(s, b)) in list.iter().enumerate() {
        l = l | (bit_cast::<192, 6>((s as u64).into()) << (6 * i as u64));
        m = m | (bit_cast::<192, 6>((b as u64).into()) << (6 * i as u64));
    }
    u.squares.next = l;
    u.mobs.next = m;
    u.count.next = (list.len() as u64).into();
    u.sq.next = (sq as u64).into();
    u.mob.next = (mob as u64).into();
}

#[test]
fn insertion_sorter_matches_model() {
    let mut r = rng(5);
    let mut uut = InsertionSorter::default();
    uut.connect_all();
    let mut checked = 0;
    for seq in insertion_sequences(&mut r, 400) {
        // The block's own output is fed back, as the solver's list register does.
        let mut list: Vec<(u32, u32)> = Vec::new();
        for (k, &e) in seq.iter().enumerate() {
            feed_sorter(&mut uut, &list, e);
            settle(&mut uut).unwrap();
            let (l, m) = (uut.new_squares.val(), uut.new_mobs.val());
            list = (0..=k)
                .map(|i| {
                    (
                        l.get_bits::<6>(6 * i).to_u64() as u32,
                        m.get_bits::<6>(6 * i).to_u64() as u32,
                    )
                })
                .collect();
            assert_eq!(
                list,
                by_mobility(&seq[..=k]),
                "after inserting {:?}",
                &seq[..=k]
            );
            checked += 1;
        }
    }
    println!("{checked} insertions checked");
}

fn skip_unless_verilator(test: &str) -> bool {
    sim::tools::require("verilator", test)
}

#[test]
fn combinational_blocks_verilog() {
    if !skip_unless_verilator("combinational_blocks_verilog") {
        return;
    }
    let mut r = rng(4);
    let pos = positions(&mut r, 2000);
    let moves: Vec<u64> = pos.iter().map(|&(p, o)| legal_moves(p, o)).collect();
    let picks: Vec<u64> = moves
        .iter()
        .map(|&m| {
            first_in_order(m, &paper_order())
                .map(|s| 1u64 << s)
                .unwrap_or(1 << r.gen_range(0..64))
        })
        .collect();
    cosim(
        "legal_moves",
        &mut LegalMoves::default(),
        pos.len(),
        None,
        |u, k| {
            u.p.next = pos[k].0.into();
            u.o.next = pos[k].1.into();
        },
        |_, _| {},
    )
    .unwrap();
    cosim(
        "flipper",
        &mut Flipper::default(),
        pos.len(),
        None,
        |u, k| {
            u.p.next = pos[k].0.into();
            u.o.next = pos[k].1.into();
            u.m.next = picks[k].into();
        },
        |_, _| {},
    )
    .unwrap();
    cosim(
        "move_selector",
        &mut MoveSelector::paper(),
        pos.len(),
        None,
        |u, k| {
            u.moves.next = moves[k].into();
        },
        |_, _| {},
    )
    .unwrap();
    // (sorted list so far, move to insert)
    type Insert = (Vec<(u32, u32)>, (u32, u32));
    let mut inserts: Vec<Insert> = Vec::new();
    for seq in insertion_sequences(&mut r, 60) {
        for k in 0..seq.len() {
            inserts.push((by_mobility(&seq[..k]), seq[k]));
        }
    }
    cosim(
        "insertion_sorter",
        &mut InsertionSorter::default(),
        inserts.len(),
        None,
        |u, k| feed_sorter(u, &inserts[k].0, inserts[k].1),
        |_, _| {},
    )
    .unwrap();
    cosim(
        "disc_counter",
        &mut DiscCounter::default(),
        pos.len(),
        None,
        |u, k| {
            u.bits.next = (pos[k].0 ^ moves[k]).into();
        },
        |_, _| {},
    )
    .unwrap();
}

/// Runs the solver block alone (rust-hdl) to completion; returns (score, best, nodes, cycles).
pub fn run_solver(
    uut: &mut Solver,
    p: u64,
    o: u64,
    alpha: i32,
    beta: i32,
) -> (i32, Option<u32>, u64, u64) {
    uut.root_p.next = p.into();
    uut.root_o.next = o.into();
    uut.root_alpha.next = to_excess(alpha).into();
    uut.root_beta.next = to_excess(beta).into();
    uut.start.next = true;
    cycle(uut, |u| &mut u.clock).unwrap();
    uut.start.next = false;
    let mut guard = 0u64;
    loop {
        cycle(uut, |u| &mut u.clock).unwrap();
        settle(uut).unwrap();
        if uut.done.val() {
            break;
        }
        guard += 1;
        assert!(guard < 50_000_000, "solver did not finish");
    }
    assert!(!uut.overflow.val());
    let best = uut.best.val().to_u64();
    (
        from_excess(uut.score.val().to_u64()),
        if best == NO_MOVE {
            None
        } else {
            Some(best as u32)
        },
        uut.nodes_lo.val().to_u64() | uut.nodes_hi.val().to_u64() << 32,
        uut.cycles_lo.val().to_u64() | uut.cycles_hi.val().to_u64() << 32,
    )
}

#[test]
fn solver_matches_reference_search() {
    check_solver(MoveOrder::Paper, 5);
}

#[test]
fn fastest_first_solver_matches_reference_search() {
    check_solver(MoveOrder::FastestFirst, 7);
}

/// Roots that take the `Leaf` state's paths on purpose: one empty square that the side to
/// move can play, and one it cannot (a pass, the opponent's move scored in `Leaf`), each
/// with a window below, around and above the score, and the full window.
fn last_square_roots(r: &mut StdRng) -> Vec<(u64, u64, i32, i32)> {
    let mut roots = Vec::new();
    for mover_passes in [false, true] {
        let (p, o) = loop {
            let (p, o) = random_position(r, 1);
            if (legal_moves(p, o) == 0) == mover_passes && legal_moves(o, p) != 0 {
                break (p, o);
            }
        };
        let v = search(p, o, -SCORE_BOUND, SCORE_BOUND, MoveOrder::Paper).score;
        let full = (-SCORE_BOUND, SCORE_BOUND);
        // (A full board's score is even: the windows ending on it test Leaf's edges.)
        let windows = [
            (v + 1, v + 3),
            (v - 1, v + 1),
            (v - 3, v - 1),
            (v, v + 2),
            (v - 2, v),
        ];
        for (alpha, beta) in windows.into_iter().chain([full]) {
            if -SCORE_BOUND <= alpha && beta <= SCORE_BOUND {
                roots.push((p, o, alpha, beta));
            }
        }
    }
    roots
}

fn check_solver(order: MoveOrder, seed: u64) {
    let mut r = rng(seed);
    let mut uut = Solver::new(paper_order(), order == MoveOrder::FastestFirst);
    uut.connect_all();
    let (mut nodes, mut cycles) = (0, 0);
    let mut roots = last_square_roots(&mut r);
    for i in 0..60 {
        let e = r.gen_range(1..=7);
        let (p, o) = random_position(&mut r, e);
        let (alpha, beta) = random_window(&mut r, i);
        roots.push((p, o, alpha, beta));
    }
    for (i, &(p, o, alpha, beta)) in roots.iter().enumerate() {
        let want = search(p, o, alpha, beta, order);
        let got = run_solver(&mut uut, p, o, alpha, beta);
        assert_eq!(
            (got.0, got.1, got.2, got.3),
            (want.score, want.best, want.nodes, want.cycles),
            "position {i}: p {p:#018x} o {o:#018x} window ({alpha}, {beta})"
        );
        nodes += got.2;
        cycles += got.3;
    }
    println!(
        "{nodes} nodes in {cycles} cycles: {:.2} cycles per node",
        cycles as f64 / nodes as f64
    );
}

/// The fastest-first solver's transposition table (`gateware::othello::table`) on trees deep
/// enough for transpositions above its 5 empties: answers from the table and its moves first
/// happen (the model counts its hits), and every score, best move, node and cycle is the
/// model's.
#[test]
fn table_solver_matches_reference_search() {
    let mut r = rng(8);
    let mut uut = Solver::new(paper_order(), true);
    uut.connect_all();
    let (mut hits, mut cycles) = (0, 0);
    for i in 0..12 {
        let e = r.gen_range(9..=11);
        let (p, o) = random_position(&mut r, e);
        let (alpha, beta) = random_window(&mut r, i);
        let want = search(p, o, alpha, beta, MoveOrder::FastestFirst);
        let got = run_solver(&mut uut, p, o, alpha, beta);
        assert_eq!(
            got,
            (want.score, want.best, want.nodes, want.cycles),
            "position {i}: p {p:#018x} o {o:#018x} window ({alpha}, {beta})"
        );
        hits += want.table_hits;
        cycles += want.cycles;
    }
    println!("{hits} table hits in {cycles} cycles");
    assert!(hits > 0, "no position reached the table's answers");
}

/// The table is fresh for each job: with its generation wrapping after 3 jobs, three
/// positions solved in turn 8 times (the table cleared twice) give the model's fresh-table
/// counts each time. Without the clear, the fourth job (the first position again, generation
/// 1 again) would find the entries of the first, its root's among them.
#[test]
fn table_clears_when_its_generation_wraps() {
    let mut r = rng(9);
    let roots: Vec<(u64, u64)> = (0..3).map(|_| random_position(&mut r, 9)).collect();
    let mut uut = Solver::with_gen_last(paper_order(), true, 3);
    uut.connect_all();
    for job in 0..8 {
        let (p, o) = roots[job % 3];
        let want = search(p, o, -SCORE_BOUND, SCORE_BOUND, MoveOrder::FastestFirst);
        let got = run_solver(&mut uut, p, o, -SCORE_BOUND, SCORE_BOUND);
        assert_eq!(
            got,
            (want.score, want.best, want.nodes, want.cycles),
            "job {job}"
        );
    }
}

#[test]
fn solver_verilog() {
    solver_verilog_with(false);
}

#[test]
fn fastest_first_solver_verilog() {
    solver_verilog_with(true);
}

fn solver_verilog_with(ff: bool) {
    if !skip_unless_verilator("solver_verilog") {
        return;
    }
    let mut r = rng(6);
    let roots: Vec<(u64, u64)> = (0..8).map(|_| random_position(&mut r, 6)).collect();
    // Start a solve every 400 cycles (most finish before), abort one of them.
    cosim(
        if ff { "solver_ff" } else { "solver" },
        &mut Solver::new(paper_order(), ff),
        8 * 400,
        Some("clock"),
        |u, k| {
            let (p, o) = roots[k / 400];
            u.root_p.next = p.into();
            u.root_o.next = o.into();
            u.root_alpha.next = to_excess(-65).into();
            u.root_beta.next = to_excess(65).into();
            u.start.next = k % 400 == 0;
            u.cancel.next = k == 5 * 400 + 20;
        },
        |u, c| u.clock.next = Clock::from(c),
    )
    .unwrap();
}
