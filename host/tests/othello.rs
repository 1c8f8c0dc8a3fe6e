//! The `othello` design on the simulated board (Verilator backend, the whole board: UART,
//! link engine, solver) against the golden model: score, best move and node count equal, on
//! seeded random 8-12 empty positions and on FFO #1-#19 (14-16 empties, exact scores given):
//! every one on `othello-ff`, the cheapest on the paper-order `othello` (see
//! `PAPER_ORDER_CYCLES`).

use gateware::Design;
use host::{Link, SimTransport};
use model::othello::random::random_position;
use model::othello::search::{search, MoveOrder, SearchResult};
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

/// Paper-order cycles the board spends on FFO positions here, the cheapest first (by the
/// model's count): the paper's order searches 54 M nodes, 145 M cycles on all nineteen, about
/// eight minutes of Verilator. `cargo xtask bench othello` runs every one on both designs and checks
/// them against the model and the published scores as this test does.
const PAPER_ORDER_CYCLES: u64 = 12_000_000;

fn ffo_positions() -> Vec<model::othello::Position> {
    include_str!("../../model/tests/fixtures/fforum-1-19.obf")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| parse_position(l).unwrap())
        .collect()
}

/// Solves FFO #`n` on the board and checks it: the published score, a listed best move, and
/// score, best move, nodes and cycles equal to `want`, the model's search in `order`.
fn check_ffo(
    l: &mut Link<SimTransport>,
    n: usize,
    pos: &model::othello::Position,
    order: MoveOrder,
    want: &SearchResult,
) -> (u64, u64) {
    let got = host::othello::solve(l, pos.p, pos.o, -65, 65, |_| {}).unwrap();
    let best_score = pos.scores[0].1;
    assert_eq!(got.score, best_score, "FFO #{n} ({order:?}): score");
    assert_eq!(
        (got.best, got.nodes, got.cycles),
        (want.best, want.nodes, want.cycles),
        "FFO #{n} ({order:?}): best move / nodes / cycles vs model"
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
        "FFO #{n} ({order:?}): best move {:?} not among {listed:?}",
        got.best
    );
    println!(
        "{n:>3} {:>7} {:>+5} {:>5} {:>10} {:>11} {:>6.3}",
        pos.empties(),
        got.score,
        got.best.map(square_name).unwrap_or_default(),
        got.nodes,
        got.cycles,
        got.cycles as f64 / got.nodes as f64
    );
    (got.nodes, got.cycles)
}

#[test]
fn ffo_1_to_19_fastest_first_exact() {
    let Some(mut l) = board_of(Design::OthelloFf) else {
        return;
    };
    let (mut nodes, mut cycles) = (0, 0);
    for (i, pos) in ffo_positions().iter().enumerate() {
        let want = search(pos.p, pos.o, -65, 65, MoveOrder::FastestFirst);
        let (n, c) = check_ffo(&mut l, i + 1, pos, MoveOrder::FastestFirst, &want);
        nodes += n;
        cycles += c;
    }
    println!(
        "fastest-first: {nodes} nodes, {cycles} cycles ({:.3} cycles/node)",
        cycles as f64 / nodes as f64
    );
}

#[test]
fn ffo_paper_order_exact() {
    let Some(mut l) = board() else { return };
    let positions = ffo_positions();
    let wants: Vec<SearchResult> = positions
        .iter()
        .map(|p| search(p.p, p.o, -65, 65, MoveOrder::Paper))
        .collect();
    let mut by_cost: Vec<(u64, usize)> = wants
        .iter()
        .enumerate()
        .map(|(i, w)| (w.cycles, i))
        .collect();
    by_cost.sort();
    let (mut spent, mut run) = (0, Vec::new());
    for (c, i) in by_cost {
        if spent + c <= PAPER_ORDER_CYCLES {
            spent += c;
            run.push(i);
        }
    }
    assert!(run.len() >= 5, "only FFO {run:?} fit the budget");
    run.sort();
    let (mut nodes, mut cycles) = (0, 0);
    for &i in &run {
        let (n, c) = check_ffo(&mut l, i + 1, &positions[i], MoveOrder::Paper, &wants[i]);
        nodes += n;
        cycles += c;
    }
    println!(
        "paper order, {} of 19 positions (the others: cargo xtask bench othello): {nodes} nodes, {cycles} cycles ({:.3} cycles/node)",
        run.len(),
        cycles as f64 / nodes as f64
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

/// The hybrid (issue 12's first form: the CPU solver's search on the host, its subtrees of at
/// most N empties jobs on the board's core, one at a time) on `othello-ff`: the published
/// score, a listed best move, and job for job what the core's model gives (the same jobs,
/// nodes and cycles: the host's search, fed the same answers, asks the same jobs).
#[test]
fn hybrid_jobs_on_the_board_equal_the_model() {
    use host::othello::hybrid::{solve_hybrid, ModelLeaves};
    use model::othello::fast::Solver;
    let Some(mut l) = board_of(Design::OthelloFf) else {
        return;
    };
    let mut solver = Solver::new();
    let (mut jobs, mut cycles) = (0, 0);
    for (i, pos) in ffo_positions().iter().enumerate().take(4) {
        for empties in [10, 12] {
            let n = i + 1;
            let got = solve_hybrid(&mut solver, &mut l, pos.p, pos.o, empties).unwrap();
            let mut model = ModelLeaves {
                empties,
                ..Default::default()
            };
            let want = solver.solve_window_with(pos.p, pos.o, -65, 65, &mut model);
            assert_eq!(
                got.score, pos.scores[0].1,
                "FFO #{n}, jobs from {empties}: score"
            );
            assert!(
                pos.scores
                    .iter()
                    .any(|&(m, s)| m == got.best && s == got.score),
                "FFO #{n}, jobs from {empties}: best move {:?} not listed",
                got.best
            );
            assert_eq!(
                (got.best, got.host_nodes, got.jobs),
                (want.best, want.nodes, model.done),
                "FFO #{n}, jobs from {empties}: the board's jobs against the model's"
            );
            assert!(got.jobs.jobs > 0, "FFO #{n}: no job handed on");
            println!(
                "FFO #{n} jobs from {empties}: {} host nodes, {} jobs, {} board nodes, {} cycles",
                got.host_nodes, got.jobs.jobs, got.jobs.nodes, got.jobs.cycles
            );
            jobs += got.jobs.jobs;
            cycles += got.jobs.cycles;
        }
    }
    println!("{jobs} jobs, {cycles} board cycles");
}

/// `othello solve --hybrid` on the simulated boards: on `othello-ff`, the sequential hybrid
/// (its jobs the core model's, as above, and the board's time its cycles and each job's
/// exchanges); on `othello-ff-x4`, the parallel form (the split with the host's table, every
/// node above the jobs split: more jobs than the default split's three plies hand on). Both
/// give the published score.
#[test]
fn solve_hybrid_from_the_command_line() {
    use host::othello::hybrid::ModelLeaves;
    use model::othello::fast::Solver;
    if !sim::tools::require_verilator_backend("othello solve --hybrid") {
        return;
    }
    let pos = &ffo_positions()[4];
    let obf = pos.to_obf();
    let solve = |design: &str, hybrid: bool| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_boardgate"))
            .args(["othello", "solve", "--sim", "verilator", "--design", design])
            .args(["--job-empties", "10", "--json", &obf])
            .args(hybrid.then_some("--hybrid"))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{design}: {err}");
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    for design in ["othello-ff", "othello-ff-x4"] {
        let v = solve(design, true);
        let ctx = format!("{design}: {v}");
        assert_eq!(v["score"], pos.scores[0].1, "{ctx}");
        assert_eq!(v["hybrid"], true, "{ctx}");
        let jobs = v["jobs"].as_u64().unwrap();
        if design == "othello-ff" {
            let mut model = ModelLeaves {
                empties: 10,
                ..Default::default()
            };
            let want = Solver::new().solve_window_with(pos.p, pos.o, -65, 65, &mut model);
            assert_eq!(jobs, model.done.jobs, "{ctx}");
            assert_eq!(v["cycles"], model.done.cycles, "{ctx}");
            assert_eq!(v["nodes"], want.nodes + model.done.nodes, "{ctx}");
            // Each job waits its start, a poll and its result on the link.
            let link = v["elapsed_cycles"].as_u64().unwrap() - model.done.cycles;
            assert!(link >= jobs * 3 * 40_000, "{ctx}: {link} cycles of link");
        } else {
            assert_eq!(v["cores"], 4, "{ctx}");
            let plain = solve(design, false);
            assert_eq!(plain["hybrid"], false, "{plain}");
            let fewer = plain["jobs"].as_u64().unwrap();
            assert!(jobs > fewer, "{ctx}: {jobs} jobs, the plain split {fewer}");
        }
    }
}
