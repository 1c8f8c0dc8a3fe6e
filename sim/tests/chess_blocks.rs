//! Chess blocks against the golden model (`model::chess::generator`), bit exact on seeded
//! random positions and the perft table's positions, and each block's emitted Verilog against
//! its Rust simulation.

use gateware::chess::perft::THREADS;
use gateware::chess::{ArbiterTree, KingAttack, MoveGenerator, Perft, SquareArray, WriteBus};
use model::chess::generator::{
    aggressor_bids, arbitrate, discovered_bids, discoverer_bids, generate, phase_has_victims,
    victim_bids, Class, PROMOTION_ORDER,
};
use model::chess::protocol::{
    decode_result, decode_step_answer, encode_share_start, StepAnswer, AT_CODES, AT_DEPTH, AT_EP,
    AT_FLAGS, AT_OFFSET, AT_SHARE, AT_STRIDE, EP_VALID,
};
use model::chess::search::{perft_on_chip, perft_share_on_chip, Share};
use model::chess::step::{Step, Stepper};
use model::chess::{attacked_by, pseudo_legal_moves, random, Color, Kind, Move, Position};
use rand::{rngs::StdRng, Rng, SeedableRng};
use rust_hdl::prelude::*;
use sim::cosim::cosim;
use sim::harness::{cycle, settle};

const SEED: u64 = 0xc4e5_1001;

fn rng(k: u64) -> StdRng {
    println!("seed {:#x}", SEED + k);
    StdRng::seed_from_u64(SEED + k)
}

/// The inputs every chess block takes: the six planes of the extended piece word
/// (colour, orthogonal, diagonal, king, pawn, knight), side, castling, en passant victim.
#[derive(Clone, Copy, Debug)]
struct Inputs {
    planes: [u64; 6],
    /// The side to move's pieces (the board's owner registers them beside the planes).
    own: u64,
    white: bool,
    castling: u8,
    ep_victim: Option<u8>,
}

/// The extended piece word of what stands on `s` (0 = empty). Bit i goes to plane i:
/// 0 colour, 1 orthogonal, 2 diagonal, 3 king, 4 pawn, 5 knight.
fn word(pos: &Position, s: u8) -> u32 {
    let Some(p) = pos.board[s as usize] else {
        return 0;
    };
    word_of(p.kind, p.color)
}

fn word_of(kind: Kind, color: Color) -> u32 {
    (match kind {
        Kind::Queen => 1 << 1 | 1 << 2,
        Kind::Rook => 1 << 1,
        Kind::Bishop => 1 << 2,
        Kind::King => 1 << 3,
        Kind::Pawn => 1 << 4,
        Kind::Knight => 1 << 5,
    }) | (color == Color::White) as u32
}

fn inputs(pos: &Position) -> Inputs {
    let mut planes = [0u64; 6];
    for s in 0..64u8 {
        let w = word(pos, s);
        for (i, plane) in planes.iter_mut().enumerate() {
            if w >> i & 1 == 1 {
                *plane |= 1 << s;
            }
        }
    }
    let back: i8 = if pos.side == Color::White { -8 } else { 8 };
    let own = (0..64u8)
        .filter(|&s| pos.board[s as usize].is_some_and(|p| p.color == pos.side))
        .fold(0u64, |o, s| o | 1 << s);
    Inputs {
        planes,
        own,
        white: pos.side == Color::White,
        castling: pos.castling,
        ep_victim: pos.ep.map(|e| (e as i8 + back) as u8),
    }
}

macro_rules! drive {
    ($u:expr, $i:expr) => {{
        let i = $i;
        $u.col.next = i.planes[0].into();
        $u.orth.next = i.planes[1].into();
        $u.diag.next = i.planes[2].into();
        $u.king.next = i.planes[3].into();
        $u.pawn.next = i.planes[4].into();
        $u.knight.next = i.planes[5].into();
        $u.own.next = i.own.into();
        $u.white.next = i.white;
        $u.castling.next = (i.castling as u64).into();
        $u.ep_valid.next = i.ep_victim.is_some();
        $u.ep_victim.next = (i.ep_victim.unwrap_or(0) as u64).into();
    }};
}

fn planes_to_bids(b2: u64, b1: u64, b0: u64) -> [u8; 64] {
    std::array::from_fn(|s| ((b2 >> s & 1) << 2 | (b1 >> s & 1) << 1 | (b0 >> s & 1)) as u8)
}

fn bids(u: &SquareArray) -> [u8; 64] {
    planes_to_bids(
        u.bid2.val().to_u64(),
        u.bid1.val().to_u64(),
        u.bid0.val().to_u64(),
    )
}

/// The look-ahead's bids (the next victim's).
fn ahead_bids(u: &SquareArray) -> [u8; 64] {
    planes_to_bids(
        u.ahead2.val().to_u64(),
        u.ahead1.val().to_u64(),
        u.ahead0.val().to_u64(),
    )
}

fn positions(seed: u64, n: usize) -> Vec<Position> {
    let mut v = random::table_positions();
    v.extend(random::positions(seed, n, 120));
    v
}

fn random_mask(r: &mut StdRng) -> [bool; 64] {
    let density = [0.0, 0.1, 0.5][r.gen_range(0..3)];
    std::array::from_fn(|_| r.gen_bool(density))
}

fn mask_bits(m: &[bool; 64]) -> u64 {
    m.iter().enumerate().map(|(s, &b)| (b as u64) << s).sum()
}

#[test]
fn arbiter_tree_matches_model() {
    let mut r = rng(1);
    let mut uut = ArbiterTree::default();
    uut.connect_all();
    for n in 0..4000 {
        // Few distinct values, so that ties are common.
        let top = [1, 2, 7][n % 3];
        let density = [0.02, 0.3, 1.0][r.gen_range(0..3)];
        let b: [u8; 64] = std::array::from_fn(|_| {
            if r.gen_bool(density) {
                r.gen_range(0..=top)
            } else {
                0
            }
        });
        let plane = |k: u32| -> u64 { (0..64).map(|s| ((b[s] >> k & 1) as u64) << s).sum() };
        uut.bid2.next = plane(2).into();
        uut.bid1.next = plane(1).into();
        uut.bid0.next = plane(0).into();
        settle(&mut uut).unwrap();
        let want = arbitrate(&b);
        let got_p = uut.winner_bid.val().index() as u8;
        assert_eq!(got_p, want.map_or(0, |s| b[s as usize]), "bids {b:?}");
        if let Some(s) = want {
            assert_eq!(uut.square.val().index() as u8, s, "bids {b:?}");
        }
    }
}

#[test]
fn square_array_bids_match_model() {
    let mut r = rng(2);
    let mut uut = SquareArray::default();
    uut.connect_all();
    let mut discoverers = 0;
    for pos in positions(SEED + 2, 2000) {
        let fen = pos.fen();
        drive!(uut, inputs(&pos));
        for (k, phase) in Class::ALL.into_iter().enumerate() {
            let mask = random_mask(&mut r);
            uut.phase.next = (k as u64).into();
            uut.mask.next = mask_bits(&mask).into();
            uut.aggressor.next = false;
            cycle(&mut uut, |u| &mut u.clock).unwrap();
            let want = victim_bids(&pos, phase, &mask);
            assert_eq!(bids(&uut), want, "victims, {phase:?}, {fen}, mask {mask:?}");
            // Find-aggressor on a victim of this phase when there is one, else anywhere.
            let unmasked = victim_bids(&pos, phase, &[false; 64]);
            let victims: Vec<u8> = (0..64).filter(|&s| unmasked[s as usize] > 0).collect();
            let target = if !victims.is_empty() && r.gen_bool(0.8) {
                victims[r.gen_range(0..victims.len())]
            } else {
                r.gen_range(0..64)
            };
            uut.aggressor.next = true;
            uut.target.next = (target as u64).into();
            cycle(&mut uut, |u| &mut u.clock).unwrap();
            let want = aggressor_bids(&pos, phase, target, &mask);
            assert_eq!(
                bids(&uut),
                want,
                "aggressors for {target}, {phase:?}, {fen}, mask {mask:?}"
            );
            // The look-ahead beside them: this phase's victims with the target masked too.
            let mut ahead_mask = mask;
            ahead_mask[target as usize] = true;
            assert_eq!(
                ahead_bids(&uut),
                victim_bids(&pos, phase, &ahead_mask),
                "look-ahead for {target}, {phase:?}, {fen}, mask {mask:?}"
            );
        }
        // The discovered-check loop: find-discoverer, then find-discovered for each one.
        let mask = random_mask(&mut r);
        uut.phase.next = 0_u64.into();
        uut.mask.next = mask_bits(&mask).into();
        uut.discovered.next = true;
        uut.aggressor.next = false;
        cycle(&mut uut, |u| &mut u.clock).unwrap();
        assert_eq!(
            bids(&uut),
            discoverer_bids(&pos, &mask),
            "discoverers, {fen}, mask {mask:?}"
        );
        assert_eq!(
            uut.any_discoverer.val(),
            discoverer_bids(&pos, &[false; 64]).iter().any(|&b| b > 0),
            "any discoverer, {fen}"
        );
        // The phases with victims, whatever the mode and the mask (the phase skip).
        for (k, phase) in Class::ALL.into_iter().enumerate() {
            assert_eq!(
                uut.victims_any.val().get_bit(k),
                phase_has_victims(&pos, phase),
                "victims of {phase:?}, {fen}"
            );
        }
        for (b, _) in discoverer_bids(&pos, &[false; 64])
            .iter()
            .enumerate()
            .filter(|(_, &bid)| bid > 0)
        {
            discoverers += 1;
            let mask = random_mask(&mut r);
            uut.aggressor.next = true;
            uut.target.next = (b as u64).into();
            uut.mask.next = mask_bits(&mask).into();
            cycle(&mut uut, |u| &mut u.clock).unwrap();
            let want = discovered_bids(&pos, b as u8, &mask);
            assert_eq!(
                bids(&uut),
                want,
                "discovered from {b}, {fen}, mask {mask:?}"
            );
        }
        uut.discovered.next = false;
    }
    assert!(discoverers > 25, "discoverers seen: {discoverers}");
}

/// One generated move as the generator's ports show it: (cycle, from, to, promotion, class).
type Seen = (u64, u8, u8, Option<Kind>, usize);

/// Runs the generator's threads on `THREADS` positions at once (thread t on `pos[t]`): per
/// thread the moves with their cycles, and the find cycles. Thread t's turns are the clocks
/// `c` with `c % THREADS == t`; the board ports carry the position of the thread whose turn
/// comes three cycles later (the square array works three cycles ahead: see
/// `common::slow4`), `own_now` and `white_now` the current thread's. Every thread idles at
/// `c = 0`.
fn run_threads(uut: &mut MoveGenerator, pos: [&Position; THREADS]) -> [(Vec<Seen>, u64); THREADS] {
    let ins = pos.map(inputs);
    let mut out: [(Vec<Seen>, u64); THREADS] = Default::default();
    let mut finished = [false; THREADS];
    uut.start.next = true;
    let mut c = 0u64;
    loop {
        let t = (c % THREADS as u64) as usize;
        drive!(uut, ins[(t + 3) % THREADS]);
        uut.own_now.next = ins[t].own.into();
        uut.white_now.next = ins[t].white;
        settle(uut).unwrap();
        // A thread takes the start at its first turn and finds from its second on.
        if c >= THREADS as u64 && !finished[t] {
            if uut.done.val() {
                finished[t] = true;
            } else {
                assert!(uut.busy.val());
                if uut.move_valid.val() {
                    let promo = match uut.move_promo.val().index() {
                        0 => None,
                        p => Some(PROMOTION_ORDER[p - 1]),
                    };
                    out[t].0.push((
                        out[t].1,
                        uut.move_from.val().index() as u8,
                        uut.move_to.val().index() as u8,
                        promo,
                        uut.move_class.val().index(),
                    ));
                }
                out[t].1 += 1;
            }
        }
        if finished == [true; THREADS] && t == THREADS - 1 {
            break;
        }
        cycle(uut, |u| &mut u.clock).unwrap();
        c += 1;
        assert!(
            c < 40_000,
            "the generator never finished on {}",
            pos[t].fen()
        );
    }
    // Every thread back to idle (a turn each with the start low); thread 0's turn next.
    uut.start.next = false;
    for _ in 0..THREADS + 1 {
        cycle(uut, |u| &mut u.clock).unwrap();
    }
    out
}

#[test]
fn generator_matches_model_move_for_move_and_cycle_for_cycle() {
    let mut uut = MoveGenerator::default();
    uut.connect_all();
    let pos = positions(SEED + 3, 2000);
    for group in pos.chunks(THREADS) {
        // A short group repeats its last position.
        let group: [&Position; THREADS] = std::array::from_fn(|t| &group[t.min(group.len() - 1)]);
        let got = run_threads(&mut uut, group);
        for (t, p) in group.into_iter().enumerate() {
            let g = generate(p);
            let want: Vec<Seen> = g
                .moves
                .iter()
                .map(|m| (m.cycle, m.mv.from, m.mv.to, m.mv.promo, m.class as usize))
                .collect();
            assert_eq!(got[t].0, want, "moves of {} (thread {t})", p.fen());
            assert_eq!(got[t].1, g.cycles, "cycles of {} (thread {t})", p.fen());
        }
        settle(&mut uut).unwrap();
        assert!(!uut.busy.val() && !uut.done.val(), "back to idle");
    }
}

#[test]
fn chess_blocks_verilog() {
    if !sim::tools::require("verilator", "chess_blocks_verilog") {
        return;
    }
    let mut r = rng(4);
    let pos = positions(SEED + 4, 200);
    let arb: Vec<[u64; 3]> = (0..500)
        .map(|_| std::array::from_fn(|_| r.gen::<u64>() & r.gen::<u64>()))
        .collect();
    cosim(
        "arbiter_tree",
        &mut ArbiterTree::default(),
        arb.len(),
        None,
        |u, k| {
            u.bid2.next = arb[k][0].into();
            u.bid1.next = arb[k][1].into();
            u.bid0.next = arb[k][2].into();
        },
        |_, _| {},
    )
    .unwrap();
    let modes: Vec<(u64, bool, bool, u64, u64)> = (0..pos.len() * 8)
        .map(|_| {
            (
                r.gen_range(0..4),
                r.gen_bool(0.5),
                r.gen_bool(0.25),
                r.gen_range(0..64),
                r.gen::<u64>() & r.gen::<u64>() & r.gen::<u64>(),
            )
        })
        .collect();
    cosim(
        "square_array",
        &mut SquareArray::default(),
        modes.len(),
        None,
        |u, k| {
            drive!(u, inputs(&pos[k / 8]));
            let (phase, agg, discovered, target, mask) = modes[k];
            u.phase.next = phase.into();
            u.aggressor.next = agg;
            u.discovered.next = discovered;
            u.target.next = target.into();
            u.mask.next = mask.into();
        },
        |_, _| {},
    )
    .unwrap();
}

#[test]
fn generator_verilog() {
    if !sim::tools::require("verilator", "generator_verilog") {
        return;
    }
    // Each position gets a window of cycles: start held while the threads generate it (and
    // in done), then lowered for four cycles to go back to idle.
    const WINDOW: usize = 480;
    let pos = positions(SEED + 5, 60);
    let rep = cosim(
        "chess_generator",
        &mut MoveGenerator::default(),
        pos.len() * WINDOW,
        Some("clock"),
        |u, k| {
            drive!(u, inputs(&pos[k / WINDOW]));
            u.start.next = k % WINDOW < WINDOW - 4;
        },
        |u, c| u.clock.next = Clock::from(c),
    )
    .unwrap();
    println!("chess generator: {} cycles co-simulated", rep.cycles);
}

/// Drives perft's root inputs from the `JOB_START` payload the host sends.
fn drive_perft(u: &mut Perft, pos: &Position, depth: u32) {
    drive_perft_share(u, pos, depth, Share::WHOLE);
}

/// Drives perft's root inputs for a share of the tree.
fn drive_perft_share(u: &mut Perft, pos: &Position, depth: u32, share: Share) {
    let p = encode_share_start(pos, depth, share).unwrap();
    let word = |at: usize, n: usize| {
        p[at..at + n]
            .iter()
            .rev()
            .fold(0u64, |acc, &b| acc << 8 | b as u64)
    };
    u.occ.next = word(0, 8).into();
    u.codes.next =
        (Bits::<128>::from(word(AT_CODES + 8, 8)) << 64) | Bits::<128>::from(word(AT_CODES, 8));
    u.white.next = p[AT_FLAGS] & 1 == 1;
    u.castling.next = ((p[AT_FLAGS] >> 4) as u64).into();
    u.ep_valid.next = p[AT_EP] & EP_VALID != 0;
    u.ep_victim.next = ((p[AT_EP] & 63) as u64).into();
    u.depth.next = (p[AT_DEPTH] as u64).into();
    u.share_ply.next = (p[AT_SHARE] as u64).into();
    u.stride.next = (p[AT_STRIDE] as u64).into();
    u.offset.next = (p[AT_OFFSET] as u64).into();
}

/// Starts a job on thread `t` (the arguments on the ports with the start), then lets the
/// thread's turn pass: a start takes the arguments it came with.
fn start_thread(uut: &mut Perft, t: usize) {
    uut.start.next = (1u64 << t).into();
    cycle(uut, |u| &mut u.clock).unwrap();
    uut.start.next = 0_u64.into();
    uut.step_job.next = false;
    for _ in 1..THREADS {
        cycle(uut, |u| &mut u.clock).unwrap();
    }
}

/// Runs perfts on chip at once, one a thread (at most `THREADS`): (leaves, cycles) of each.
fn run_perfts(uut: &mut Perft, jobs: &[(&Position, u32)]) -> Vec<(u64, u64)> {
    let jobs: Vec<_> = jobs.iter().map(|&(p, d)| (p, d, Share::WHOLE)).collect();
    run_shares(uut, &jobs)
}

/// Runs shares of perfts on chip at once, one a thread (at most `THREADS`): (leaves, cycles)
/// of each.
fn run_shares(uut: &mut Perft, jobs: &[(&Position, u32, Share)]) -> Vec<(u64, u64)> {
    assert!(jobs.len() <= THREADS);
    for (t, (pos, depth, share)) in jobs.iter().enumerate() {
        drive_perft_share(uut, pos, *depth, *share);
        start_thread(uut, t);
    }
    for (t, job) in jobs.iter().enumerate() {
        let what = format!("perft {} of {}", job.1, job.0.fen());
        run_until_done(uut, t, 100_000_000, &what);
    }
    (0..jobs.len())
        .map(|t| {
            uut.sel.next = (t as u64).into();
            settle(uut).unwrap();
            let r = decode_result(&result_payload(uut)).unwrap();
            (r.leaves, r.cycles)
        })
        .collect()
}

/// Runs the perft core until thread `t` is done (a step job: until it waits), at most `limit`
/// cycles.
fn run_until_done(uut: &mut Perft, t: usize, limit: u64, what: &str) {
    let mut n = 0u64;
    loop {
        settle(uut).unwrap();
        if uut.done.val().get_bit(t) {
            return;
        }
        cycle(uut, |u| &mut u.clock).unwrap();
        n += 1;
        assert!(n < limit, "never done: {what} (thread {t})");
    }
}

/// The `JOB_RESULT` payload the core gives job control for the thread `sel` shows: leaves (or
/// a step job's step word), cycles.
fn result_payload(u: &Perft) -> Vec<u8> {
    let wide = |lo: &Signal<Out, Bits<32>>, hi: &Signal<Out, Bits<32>>| {
        hi.val().to_u64() << 32 | lo.val().to_u64()
    };
    let mut p = wide(&u.leaves_lo, &u.leaves_hi).to_le_bytes().to_vec();
    p.extend(wide(&u.cycles_lo, &u.cycles_hi).to_le_bytes());
    p
}

#[test]
fn perft_on_chip_matches_model_leaf_for_leaf_and_cycle_for_cycle() {
    let mut uut = Perft::default();
    uut.connect_all();
    let mut jobs: Vec<(Position, u32)> = Vec::new();
    for pos in random::table_positions() {
        jobs.extend([(pos.clone(), 0), (pos.clone(), 1), (pos, 2)]);
    }
    for pos in random::positions(SEED + 6, 40, 120) {
        jobs.push((pos, 2));
    }
    // Depth 3: nodes that end in the cycle they are resumed in pop twice in a row.
    let table = random::table_positions();
    jobs.extend([(table[0].clone(), 3), (table[2].clone(), 3)]);
    let mut total = 0;
    // `THREADS` jobs at once, one a thread.
    for group in jobs.chunks(THREADS) {
        let want = |(pos, depth): &(Position, u32)| {
            if *depth == 0 {
                (1, 0)
            } else {
                let r = perft_on_chip(pos, *depth);
                (r.leaves, r.cycles)
            }
        };
        let args: Vec<(&Position, u32)> = group.iter().map(|(p, d)| (p, *d)).collect();
        let got = run_perfts(&mut uut, &args);
        for (t, (job, got)) in group.iter().zip(got).enumerate() {
            assert_eq!(
                got,
                want(job),
                "perft {} of {} (thread {t})",
                job.1,
                job.0.fen()
            );
            total += got.1;
        }
    }
    println!("{total} cycles simulated");
}

/// The split on chip: shares of one perft, `THREADS` at a time (one a thread), each leaf for leaf
/// and cycle for cycle with the model's share, their leaves summing to the perft.
#[test]
fn perft_shares_on_chip_match_model_and_sum_to_the_perft() {
    let mut uut = Perft::default();
    uut.connect_all();
    let table = random::table_positions();
    let mut random_pos = random::positions(SEED + 11, 6, 80);
    random_pos.truncate(3);
    let mut runs: Vec<(Position, u32, u32, u32)> = vec![
        (table[0].clone(), 3, 1, 2),
        (table[0].clone(), 3, 2, 4),
        (table[2].clone(), 3, 2, 2),
        (table[3].clone(), 3, 1, 4),
    ];
    for p in random_pos {
        runs.push((p, 2, 1, 2));
    }
    for (pos, depth, ply, stride) in &runs {
        let shares: Vec<Share> = (0..*stride)
            .map(|offset| Share {
                ply: *ply,
                stride: *stride,
                offset,
            })
            .collect();
        let mut sum = 0;
        for group in shares.chunks(THREADS) {
            let args: Vec<_> = group.iter().map(|&share| (pos, *depth, share)).collect();
            let got = run_shares(&mut uut, &args);
            for (share, got) in group.iter().zip(got) {
                let want = perft_share_on_chip(pos, *depth, *share);
                assert_eq!(
                    got,
                    (want.leaves, want.cycles),
                    "perft {depth} of {}, {share:?}",
                    pos.fen()
                );
                sum += got.0;
            }
        }
        assert_eq!(sum, model::chess::perft(pos, *depth), "{}", pos.fen());
    }
}

/// A waiting step job's answer, as `JOB_RESULT` carries it.
fn step_answer(u: &Perft) -> StepAnswer {
    decode_step_answer(&result_payload(u)).unwrap()
}

#[test]
fn step_jobs_match_model_step_for_step_and_cycle_for_cycle() {
    // The paper's combined command: random walks of next / down / up (some refused: the
    // core must ignore them as the model refuses them) from the table's and random positions.
    let mut uut = Perft::default();
    uut.connect_all();
    let mut r = rng(10);
    let mut starts = random::table_positions();
    starts.extend(random::positions(SEED + 11, 30, 120));
    let mut steps = 0;
    // Thread t takes the t-th start positions of every `THREADS`.
    for (n, pos) in starts.into_iter().enumerate() {
        let t = n % THREADS;
        drive_perft(&mut uut, &pos, 0);
        uut.step_job.next = true;
        start_thread(&mut uut, t);
        uut.sel.next = (t as u64).into();
        let mut model = Stepper::start(&pos);
        run_until_done(&mut uut, t, 100_000, &pos.fen());
        assert_eq!(
            step_answer(&uut),
            StepAnswer::of(&model.state()),
            "start {}",
            pos.fen()
        );
        for k in 0..60 {
            let step = match r.gen_range(0..10) {
                0..=3 => Step::Next,
                4..=6 => Step::Down,
                _ => Step::Up,
            };
            let want = model.step(step);
            settle(&mut uut).unwrap();
            assert!(uut.waiting.val().get_bit(t));
            uut.step.next = ((step as u64) << (2 * t)).into();
            cycle(&mut uut, |u| &mut u.clock).unwrap();
            uut.step.next = 0_u64.into();
            let what = format!("step {k} ({step:?}) from {}", pos.fen());
            run_until_done(&mut uut, t, 100_000, &what);
            match want {
                Ok(state) => {
                    assert_eq!(step_answer(&uut), StepAnswer::of(&state), "{what}");
                    steps += 1;
                }
                // Refused: the core still waits as it was.
                Err(_) => assert_eq!(
                    step_answer(&uut),
                    StepAnswer::of(&model.state()),
                    "refused {what}"
                ),
            }
        }
    }
    println!("{steps} steps taken");
}

/// The four write ports of a make (`unmake` false) or an unmake of `m` in `pos`:
/// (square, word) or None when the port is off.
fn bus_ports(pos: &Position, m: Move, unmake: bool) -> [Option<(u8, u32)>; 4] {
    let mover = pos.board[m.from as usize].unwrap();
    let moved = word(pos, m.from);
    let captured = word(pos, m.to);
    let ep = mover.kind == Kind::Pawn && pos.ep == Some(m.to) && captured == 0;
    let castle = mover.kind == Kind::King && m.from.abs_diff(m.to) == 2;
    let (rook_from, rook_to) = if m.to % 8 == 6 {
        (m.to + 1, m.to - 1)
    } else {
        (m.to - 2, m.to + 1)
    };
    let rook = word_of(Kind::Rook, mover.color);
    let ep_sq = (m.from / 8) * 8 + m.to % 8;
    let new = m.promo.map_or(moved, |k| word_of(k, mover.color));
    if !unmake {
        [
            Some((m.from, 0)),
            Some((m.to, new)),
            (ep || castle).then_some((if ep { ep_sq } else { rook_from }, 0)),
            castle.then_some((rook_to, rook)),
        ]
    } else {
        let pawn = word_of(Kind::Pawn, mover.color.other());
        [
            Some((m.to, captured)),
            Some((m.from, moved)),
            (ep || castle).then_some(if ep { (ep_sq, pawn) } else { (rook_from, rook) }),
            castle.then_some((rook_to, 0)),
        ]
    }
}

fn drive_bus(u: &mut WriteBus, planes: [u64; 6], ports: [Option<(u8, u32)>; 4]) {
    u.col.next = planes[0].into();
    u.orth.next = planes[1].into();
    u.diag.next = planes[2].into();
    u.king.next = planes[3].into();
    u.pawn.next = planes[4].into();
    u.knight.next = planes[5].into();
    let p = ports.map(|p| {
        (
            p.is_some(),
            p.map_or(0, |(s, _)| s as u64),
            p.map_or(0, |(_, w)| w as u64),
        )
    });
    (u.en0.next, u.sel0.next, u.word0.next) = (p[0].0, p[0].1.into(), p[0].2.into());
    (u.en1.next, u.sel1.next, u.word1.next) = (p[1].0, p[1].1.into(), p[1].2.into());
    (u.en2.next, u.sel2.next, u.word2.next) = (p[2].0, p[2].1.into(), p[2].2.into());
    (u.en3.next, u.sel3.next, u.word3.next) = (p[3].0, p[3].1.into(), p[3].2.into());
}

fn bus_planes(u: &WriteBus) -> [u64; 6] {
    [
        u.new_col.val().to_u64(),
        u.new_orth.val().to_u64(),
        u.new_diag.val().to_u64(),
        u.new_king.val().to_u64(),
        u.new_pawn.val().to_u64(),
        u.new_knight.val().to_u64(),
    ]
}

/// Every pseudo-legal move of the positions, with the position after it.
fn made_moves(seed: u64, n: usize) -> Vec<(Position, Move, Position)> {
    let mut v = Vec::new();
    for pos in positions(seed, n) {
        for m in pseudo_legal_moves(&pos) {
            let after = pos.play(m);
            v.push((pos.clone(), m, after));
        }
    }
    v
}

#[test]
fn write_bus_makes_and_unmakes_as_the_model_plays() {
    let mut uut = WriteBus::default();
    uut.connect_all();
    let moves = made_moves(SEED + 7, 2000);
    let mut special = 0;
    for (pos, m, after) in &moves {
        let (before, made) = (inputs(pos).planes, inputs(after).planes);
        drive_bus(&mut uut, before, bus_ports(pos, *m, false));
        settle(&mut uut).unwrap();
        assert_eq!(bus_planes(&uut), made, "make {} in {}", m.uci(), pos.fen());
        drive_bus(&mut uut, made, bus_ports(pos, *m, true));
        settle(&mut uut).unwrap();
        assert_eq!(
            bus_planes(&uut),
            before,
            "unmake {} in {}",
            m.uci(),
            pos.fen()
        );
        special += bus_ports(pos, *m, false)[2].is_some() as usize;
    }
    assert!(special > 10, "{special} castling / en passant moves");
}

fn drive_king_attack(u: &mut KingAttack, after: &Position) {
    let i = inputs(after);
    u.col.next = i.planes[0].into();
    u.orth.next = i.planes[1].into();
    u.diag.next = i.planes[2].into();
    u.king.next = i.planes[3].into();
    u.pawn.next = i.planes[4].into();
    u.knight.next = i.planes[5].into();
    u.white.next = i.white;
}

#[test]
fn leaf_legality_look_matches_model() {
    let mut uut = KingAttack::default();
    uut.connect_all();
    let moves = made_moves(SEED + 10, 2000);
    let mut illegal = 0;
    for (pos, m, after) in &moves {
        drive_king_attack(&mut uut, after);
        settle(&mut uut).unwrap();
        let mover_king = after.king(after.side.other()).expect("a king");
        let want = attacked_by(after, mover_king, after.side);
        assert_eq!(uut.capturable.val(), want, "{} in {}", m.uci(), pos.fen());
        illegal += want as usize;
    }
    assert!(illegal > 100, "{illegal} illegal moves of {}", moves.len());
}

#[test]
fn write_bus_king_attack_and_perft_verilog() {
    if !sim::tools::require("verilator", "write_bus_king_attack_and_perft_verilog") {
        return;
    }
    let moves = made_moves(SEED + 8, 30);
    cosim(
        "write_bus",
        &mut WriteBus::default(),
        moves.len() * 2,
        None,
        |u, k| {
            let (pos, m, after) = &moves[k / 2];
            if k % 2 == 0 {
                drive_bus(u, inputs(pos).planes, bus_ports(pos, *m, false));
            } else {
                drive_bus(u, inputs(after).planes, bus_ports(pos, *m, true));
            }
        },
        |_, _| {},
    )
    .unwrap();
    cosim(
        "king_attack",
        &mut KingAttack::default(),
        moves.len(),
        None,
        |u, k| drive_king_attack(u, &moves[k].2),
        |_, _| {},
    )
    .unwrap();
    // Perft 2 of two positions, each in a window of cycles; an abort in the last one. (Three
    // until 2026-12-07: the third window added a minute of Rust simulation to the test run,
    // and covered no path the two do not.)
    const WINDOW: usize = 6000;
    let pos = positions(SEED + 9, 2);
    let rep = cosim(
        "chess_perft",
        &mut Perft::default(),
        pos.len() * WINDOW,
        Some("clock"),
        |u, k| {
            // Thread 0 starts the window's position, thread 1 the next one `THREADS` cycles
            // later (a start waits up to `THREADS` cycles for its thread's turn with the
            // arguments it came with); the counts shown go round the threads.
            // Thread 1's job is the second half of its perft's root moves (a share).
            let w = k / WINDOW;
            if k % WINDOW >= THREADS {
                let half = Share {
                    ply: 1,
                    stride: 2,
                    offset: 1,
                };
                drive_perft_share(u, &pos[(w + 1) % pos.len()], 2, half);
            } else {
                drive_perft(u, &pos[w % pos.len()], 2);
            }
            u.start.next = match k % WINDOW {
                0 => 1_u64.into(),
                k if k == THREADS => 2_u64.into(),
                _ => 0_u64.into(),
            };
            u.sel.next = ((k % THREADS) as u64).into();
            u.stop.next = if k == pos.len() * WINDOW - 100 {
                ((1_u64 << THREADS) - 1).into()
            } else {
                0_u64.into()
            };
        },
        |u, c| u.clock.next = Clock::from(c),
    )
    .unwrap();
    println!("chess perft: {} cycles co-simulated", rep.cycles);
    // A step job: a step code every 40 cycles (cycling through next, down, up and none,
    // refused ones included).
    let rep = cosim(
        "chess_perft_steps",
        &mut Perft::default(),
        4000,
        Some("clock"),
        |u, k| {
            drive_perft(u, &pos[0], 0);
            u.step_job.next = true;
            // Thread 1 steps; thread 0 idles.
            u.start.next = if k == 0 { 2_u64.into() } else { 0_u64.into() };
            u.sel.next = 1_u64.into();
            u.step.next = if k % 40 == 39 {
                ((k / 40 % 7 % 4) as u64 * 4).into()
            } else {
                0_u64.into()
            };
        },
        |u, c| u.clock.next = Clock::from(c),
    )
    .unwrap();
    println!("chess perft step job: {} cycles co-simulated", rep.cycles);
}
