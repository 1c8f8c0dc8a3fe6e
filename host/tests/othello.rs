//! The `othello` design on the simulated board (Verilator backend, the whole board: UART,
//! link engine, solver) against the golden model: score, best move and node count equal, on
//! seeded random 8-12 empty positions and on FFO #1-#19 (14-16 empties, exact scores given).

use gateware::Design;
use host::{Link, SimTransport};
use model::othello::random::random_position;
use model::othello::search::{search, MoveOrder};
use model::othello::{parse_position, square_name};
use rand::{rngs::StdRng, Rng, SeedableRng};
use sim::{BackendKind, SimBoard};

const SEED: u64 = 0x07e1_1001;

fn board() -> Option<Link<SimTransport>> {
    board_of(Design::Othello)
}

fn board_of(design: Design) -> Option<Link<SimTransport>> {
    if !sim::tools::require_verilator_backend("othello board tests") {
        return None;
    }
    Some(Link::new(SimTransport::new(
        SimBoard::open(design, BackendKind::Verilator).unwrap(),
    )))
}

#[test]
fn random_positions_match_model() {
    let Some(mut l) = board() else { return };
    println!("seed {SEED:#x}");
    let mut r = StdRng::seed_from_u64(SEED);
    let (mut nodes, mut cycles) = (0, 0);
    for i in 0..40 {
        let empties = r.gen_range(8..=12);
        let (p, o) = random_position(&mut r, empties);
        let (alpha, beta) = if i % 4 == 3 {
            let a = r.gen_range(-20..20);
            (a, a + 1)
        } else {
            (-65, 65)
        };
        let want = search(p, o, alpha, beta, MoveOrder::Paper);
        let got = host::othello::solve(&mut l, p, o, alpha as i8, beta as i8, |_| {}).unwrap();
        assert_eq!(
            (got.score, got.best, got.nodes, got.cycles),
            (want.score, want.best, want.nodes, want.cycles),
            "position {i} p {p:#018x} o {o:#018x} window ({alpha}, {beta}) (seed {SEED:#x})"
        );
        nodes += got.nodes;
        cycles += got.cycles;
    }
    println!(
        "{nodes} nodes, {cycles} cycles, {:.3} cycles/node",
        cycles as f64 / nodes as f64
    );
}

#[test]
fn ffo_1_to_19_exact() {
    let Some(mut l) = board() else { return };
    let text = include_str!("../../model/tests/fixtures/fforum-1-19.obf");
    let (mut nodes, mut cycles, mut ff_nodes, mut ff_cycles) = (0u64, 0u64, 0u64, 0u64);
    let mut l_ff = board_of(Design::OthelloFf).unwrap();
    println!(
        "{:>3} {:>7} {:>5} {:>5} {:>10} {:>11} {:>6} {:>14}",
        "#", "empties", "score", "best", "nodes", "cycles", "c/node", "fastest-first"
    );
    for (i, line) in text.lines().filter(|l| !l.starts_with('#')).enumerate() {
        let pos = parse_position(line).unwrap();
        let got = host::othello::solve(&mut l, pos.p, pos.o, -65, 65, |_| {}).unwrap();
        let want = search(pos.p, pos.o, -65, 65, MoveOrder::Paper);
        let (best_sq, best_score) = pos.scores[0];
        assert_eq!(got.score, best_score, "FFO #{}: score", i + 1);
        assert_eq!(
            (got.best, got.nodes, got.cycles),
            (want.best, want.nodes, want.cycles),
            "FFO #{}: best move / nodes / cycles vs model",
            i + 1
        );
        // The move found must be one of the listed best moves.
        let listed: Vec<Option<u32>> = pos
            .scores
            .iter()
            .filter(|(_, s)| *s == best_score)
            .map(|(m, _)| *m)
            .collect();
        assert!(
            listed.contains(&got.best),
            "FFO #{}: best move {:?} not among {:?} (first listed {:?})",
            i + 1,
            got.best,
            listed,
            best_sq
        );
        let ff = host::othello::solve(&mut l_ff, pos.p, pos.o, -65, 65, |_| {}).unwrap();
        let want_ff = search(pos.p, pos.o, -65, 65, MoveOrder::FastestFirst);
        assert_eq!(
            (ff.score, ff.best, ff.nodes, ff.cycles),
            (want_ff.score, want_ff.best, want_ff.nodes, want_ff.cycles),
            "FFO #{}: fastest-first design vs model",
            i + 1
        );
        let ffn = ff.nodes;
        ff_cycles += ff.cycles;
        println!(
            "{:>3} {:>7} {:>+5} {:>5} {:>10} {:>11} {:>6.3} {:>14}",
            i + 1,
            pos.empties(),
            got.score,
            got.best.map(square_name).unwrap_or_default(),
            got.nodes,
            got.cycles,
            got.cycles as f64 / got.nodes as f64,
            ffn
        );
        nodes += got.nodes;
        cycles += got.cycles;
        ff_nodes += ffn;
    }
    println!(
        "total: paper order {nodes} nodes, {cycles} cycles ({:.3} cycles/node); fastest-first {ff_nodes} nodes, {ff_cycles} cycles ({:.3} cycles/node)",
        cycles as f64 / nodes as f64,
        ff_cycles as f64 / ff_nodes as f64
    );
}

#[test]
fn bad_requests_are_refused() {
    let Some(mut l) = board() else { return };
    use model::link::{err, op};
    use model::othello::protocol::encode_start;
    let code = |r: Result<Vec<u8>, host::LinkError>| match r {
        Err(host::LinkError::Device { code, .. }) => code,
        other => panic!("expected a device error, got {other:?}"),
    };
    assert_eq!(code(l.call(op::JOB_START, &[0; 5])), err::BAD_LENGTH);
    assert_eq!(
        code(l.call(op::JOB_START, &encode_start(3, 1, -65, 65))),
        err::BAD_ARGUMENT
    );
    assert_eq!(
        code(l.call(op::JOB_START, &encode_start(1, 2, 10, 10))),
        err::BAD_ARGUMENT
    );
    assert_eq!(code(l.call(op::JOB_RESULT, &[])), err::NO_RESULT);
    assert_eq!(code(l.call(op::ECHO, &[])), err::UNKNOWN_OP);
    // A long solve can be aborted.
    let ffo15 = parse_position(
        include_str!("../../model/tests/fixtures/fforum-1-19.obf")
            .lines()
            .nth(15)
            .unwrap(),
    )
    .unwrap();
    let st = l
        .job_start(&encode_start(ffo15.p, ffo15.o, -65, 65))
        .unwrap();
    assert_eq!(st.state, model::link::job::RUNNING);
    assert_eq!(
        code(l.call(op::JOB_START, &encode_start(1, 2, -65, 65))),
        err::BUSY
    );
    let ab = l.job_abort().unwrap();
    assert_eq!(ab.state, model::link::job::ABORTED);
    assert_eq!(l.job_poll().unwrap().state, model::link::job::ABORTED);
    assert_eq!(code(l.call(op::JOB_RESULT, &[])), err::NO_RESULT);
}
