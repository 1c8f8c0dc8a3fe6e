//! `cargo xtask demo`: runs each core on the simulated board and prints what it did.
//! Needs only cargo: without Verilator it uses the rust-hdl backend.

use anyhow::Result;
use gateware::Design;

/// The full window of an Othello solve.
const FULL: i8 = model::othello::SCORE_BOUND as i8;
use host::{Link, SimTransport};
use model::link::job;
use sim::{BackendKind, SimBoard};
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Simulation backend: rust or verilator (default: verilator when built, else rust).
    #[arg(long)]
    sim: Option<String>,
}

pub fn run(a: Args) -> Result<()> {
    let kind = match a.sim {
        Some(s) => BackendKind::parse(&s)?,
        None => BackendKind::default_available(),
    };
    demo_link(kind)?;
    println!();
    demo_othello(kind)?;
    println!();
    demo_chess(kind)?;
    println!();
    demo_shogi(kind)?;
    println!();
    demo_tsume(kind)?;
    println!();
    demo_connect6(kind)?;
    println!();
    demo_connect6_threat(kind)
}

/// A Connect6 game of the board (the `connect6` design: the paper's player deciding on chip,
/// the opponent's stones put by its job) as Black against the model's baseline, every
/// decision checked against the model's. A whole game on Verilator; the first four turns on
/// the slower rust backend (a decision's frames cost it seconds).
fn demo_connect6(kind: BackendKind) -> Result<()> {
    use model::connect6::baseline::Baseline;
    use model::connect6::paper::selector::decide;
    use model::connect6::{Color, Game};
    let max_turns = if kind == BackendKind::Verilator {
        120
    } else {
        4
    };
    println!(
        "== Connect6: the paper's player on chip against the model's baseline, simulated board \
         ({} backend) ==",
        kind.name()
    );
    let t = Instant::now();
    let mut l = Link::new(SimTransport::new(SimBoard::open(Design::Connect6, kind)?));
    let id = l.identify()?;
    let mut board = host::connect6::BoardPlayer::new(l);
    let mut baseline = Baseline::new(1);
    let mut game = Game::new();
    let (mut cycles, mut worst) = (0, 0);
    while game.outcome().is_none() && game.turns().len() < max_turns {
        let stones = if game.to_move() == Color::Black {
            let r = board.decide(&game)?;
            let want = decide(&game);
            anyhow::ensure!(
                r.stones == want,
                "turn {}: the board places {:?}, the model {want:?}",
                game.turns().len(),
                r.stones
            );
            cycles += r.cycles;
            worst = worst.max(r.cycles);
            r.stones.iter().map(|&(p, _)| p).collect()
        } else {
            baseline.choose(&game)
        };
        game.play(&stones)?;
    }
    let result = connect6_result(&game, max_turns);
    println!("record: {}", game.record());
    println!(
        "{}: {} decisions, {:.0} cycles a decision (worst {worst}), every one the model's; \
         {result} after {} turns; {:.1} s simulated",
        id.name,
        board.decisions,
        cycles as f64 / board.decisions.max(1) as f64,
        game.turns().len(),
        t.elapsed().as_secs_f64()
    );
    print!("{}", game.board().diagram());
    Ok(())
}

/// A Connect6 game of the `connect6-threat` design (the threat player's turn on chip, past
/// the paper; Black's opening, the centre, the host's) as Black against the model's
/// baseline, every turn checked against the model's (`threat_design::expected_turn_job`). A
/// whole game on Verilator; on the rust backend, which runs the threat player under a
/// thousand cycles a second, its first turn on chip.
fn demo_connect6_threat(kind: BackendKind) -> Result<()> {
    use model::connect6::baseline::Baseline;
    use model::connect6::protocol::threat_design::expected_turn_job;
    use model::connect6::{Color, Game, CENTRE};
    let max_turns = if kind == BackendKind::Verilator {
        120
    } else {
        3
    };
    println!(
        "== Connect6: the threat player on chip (past the paper) against the model's baseline, \
         simulated board ({} backend) ==",
        kind.name()
    );
    let t = Instant::now();
    let mut l = Link::new(SimTransport::new(SimBoard::open(
        Design::Connect6Threat,
        kind,
    )?));
    let id = l.identify()?;
    let mut board = host::connect6::BoardPlayer::threat(l);
    let mut baseline = Baseline::new(1);
    let mut game = Game::new();
    let (mut cycles, mut worst) = (0, 0);
    while game.outcome().is_none() && game.turns().len() < max_turns {
        let stones = if game.to_move() != Color::Black {
            baseline.choose(&game)
        } else if game.board().stones() == 0 {
            vec![CENTRE]
        } else {
            let r = board.turn(&game)?;
            let want = expected_turn_job(&game, board.last_put, board.budget);
            anyhow::ensure!(
                r == want,
                "turn {}: the board answers {r:?}, the model {want:?}",
                game.turns().len()
            );
            cycles += r.cycles;
            worst = worst.max(r.cycles);
            r.stones
        };
        game.play(&stones)?;
    }
    let result = connect6_result(&game, max_turns);
    println!("record: {}", game.record());
    println!(
        "{}: {} turns on chip, {:.0} cycles a turn (worst {worst}), every one the model's; \
         {result} after {} turns; {:.1} s simulated",
        id.name,
        board.decisions,
        cycles as f64 / board.decisions.max(1) as f64,
        game.turns().len(),
        t.elapsed().as_secs_f64()
    );
    print!("{}", game.board().diagram());
    Ok(())
}

/// How a demo game of the board (Black) against the baseline ended.
fn connect6_result(game: &model::connect6::Game, max_turns: usize) -> String {
    use model::connect6::{Color, Outcome};
    match game.outcome() {
        Some(Outcome::Win(Color::Black)) => "the board wins".to_string(),
        Some(Outcome::Win(_)) => "the baseline wins".to_string(),
        Some(Outcome::Draw) => "a draw".to_string(),
        None => format!("stopped after {max_turns} turns"),
    }
}

/// A mate problem of the data file searched on chip by the `tsume` design (mate jobs of 1, 3,
/// ... plies), its length against the data file's and the model's reference search, its line
/// replayed on the model. A mate in 3 on Verilator; a mate in 1 on the slower rust backend.
fn demo_tsume(kind: BackendKind) -> Result<()> {
    use model::shogi::piece_data::BoardData;
    use model::shogi::walk::MATE_MAX_PLIES;
    use model::shogi::{legal_moves, Position};
    let (want, tag) = if kind == BackendKind::Verilator {
        (3, "mate_in=3")
    } else {
        (1, "mate_in=1")
    };
    // The data file's first problem of that length under both conventions (no
    // `plain_rules_min`: no futile interposition to count).
    let line = model::shogi::random::TSUME_TABLE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.contains("plain_rules_min"))
        .find(|l| l.split(';').any(|f| f.trim() == tag))
        .ok_or_else(|| anyhow::anyhow!("the tsume table has no {tag} problem"))?;
    let pos = Position::from_sfen(line.split(';').next().unwrap_or_default().trim())?;
    println!(
        "== tsume shogi: the mate search on chip, simulated board ({} backend) ==",
        kind.name()
    );
    println!("problem {} (the data file: {tag})", pos.sfen());
    let t = Instant::now();
    let mut l = Link::new(SimTransport::new(SimBoard::open(Design::Tsume, kind)?));
    let id = l.identify()?;
    let r = host::shogi::mate_on_board(
        &mut l,
        &BoardData::from_position(&pos),
        MATE_MAX_PLIES,
        |_, _| {},
    )?;
    let line: Vec<String> = r.line.iter().map(|m| m.usi()).collect();
    println!(
        "{}: mate in {} ({}) in {} mate jobs, {} nodes, {} cycles ({:.1} cycles a node), {:.1} s \
         simulated",
        id.name,
        r.plies.map_or("none".into(), |p| p.to_string()),
        line.join(" "),
        r.jobs,
        r.nodes,
        r.cycles,
        r.cycles as f64 / r.nodes.max(1) as f64,
        t.elapsed().as_secs_f64()
    );
    let reference = model::shogi::mate::solve(&pos, MATE_MAX_PLIES)?
        .mate
        .map(|(p, _)| p);
    println!(
        "model: the reference search's mate is {}",
        reference.map_or("none".into(), |p| format!("in {p}"))
    );
    anyhow::ensure!(
        r.plies == Some(want) && reference == Some(want),
        "the board, the model and the data file disagree"
    );
    // The line: every attacker move a check, every move legal, no legal move at its end.
    let mut p = pos;
    for (i, &m) in r.line.iter().enumerate() {
        anyhow::ensure!(legal_moves(&p).contains(&m), "move {} is illegal", m.usi());
        p = p.play(m);
        anyhow::ensure!(i % 2 == 1 || p.in_check(), "move {} is no check", m.usi());
    }
    anyhow::ensure!(legal_moves(&p).is_empty(), "the line does not end in mate");
    println!("the line replayed on the model: checks, legal replies, mate at its end");
    Ok(())
}

fn demo_shogi(kind: BackendKind) -> Result<()> {
    use model::shogi::piece_data::{cover_table, BoardData};
    // The perft table's second position (the "matsuri" position: pieces everywhere).
    let pos = model::shogi::Position::from_sfen(&model::shogi::random::perft_table()[1].sfen)?;
    println!(
        "== shogi piece cover circuit and all-move generator, simulated board ({} backend) ==",
        kind.name()
    );
    println!("cover table of {}", pos.sfen());
    let t = Instant::now();
    let mut l = Link::new(SimTransport::new(SimBoard::open(Design::Shogi, kind)?));
    let id = l.identify()?;
    let b = BoardData::from_position(&pos);
    let r = host::shogi::cover_on_board(&mut l, &b)?;
    let covered = r.table.0.iter().filter(|&&c| c != 0).count();
    let covers: u32 = r.table.0.iter().map(|c| c.count_ones()).sum();
    println!(
        "{}: {covers} covers of {covered} squares in {} cycles (the paper: 46), {:.1} s simulated",
        id.name,
        r.cycles,
        t.elapsed().as_secs_f64()
    );
    let same = r.table == cover_table(&b);
    println!(
        "model: the reference table is {}",
        if same { "equal" } else { "DIFFERENT" }
    );
    anyhow::ensure!(same, "the board and the model disagree");

    // The all-move generator: the same position's legal moves, read back in the hardware's
    // order; then a perft counted on chip (one JOB_PERFT), against the published table.
    let t = Instant::now();
    let m = host::shogi::moves_on_board(&mut l, &b)?;
    let want = model::shogi::all_moves::generate(&b).moves;
    println!(
        "{}: {} legal moves in {} cycles, read back in the generator's order: {}",
        id.name,
        m.count,
        m.cycles,
        if m.moves == want {
            "equal to the model's"
        } else {
            "DIFFERENT"
        }
    );
    anyhow::ensure!(
        m.moves == want,
        "the board's moves and the model's disagree"
    );
    let entry = &model::shogi::random::perft_table()[0];
    let (depth, published) = entry.counts[1];
    let start = BoardData::from_position(&model::shogi::Position::from_sfen(&entry.sfen)?);
    let p = host::shogi::perft_on_board(&mut l, &start, depth, |_| {})?;
    let leaves = p.leaves;
    println!(
        "perft({depth}) of {}: {leaves} leaves counted on chip by the perft walker ({} moves \
         jobs, {} cycles, no move over the link), published {published}; {:.1} s simulated",
        entry.sfen,
        p.nodes,
        p.cycles,
        t.elapsed().as_secs_f64()
    );
    anyhow::ensure!(
        leaves == published,
        "perft({depth}): the board and the table disagree"
    );
    Ok(())
}

fn demo_chess(kind: BackendKind) -> Result<()> {
    // Perft 3 of the start position on Verilator; perft 2 on the slower rust backend.
    let depth = if kind == BackendKind::Verilator { 3 } else { 2 };
    let pos = model::chess::Position::start();
    println!(
        "== chess perft on chip, simulated board ({} backend) ==",
        kind.name()
    );
    println!("perft({depth}) of {}", pos.fen());
    let t = Instant::now();
    let mut l = Link::new(SimTransport::new(SimBoard::open(Design::Chess, kind)?));
    let id = l.identify()?;
    let r = host::chess::perft_on_board(&mut l, &pos, depth, |_| {})?;
    let want = model::chess::perft(&pos, depth);
    let chip = model::chess::search::perft_on_chip(&pos, depth);
    println!(
        "{}: {} leaves in {} cycles ({:.2} cycles per leaf), {:.1} s simulated",
        id.name,
        r.leaves,
        r.cycles,
        r.cycles as f64 / r.leaves as f64,
        t.elapsed().as_secs_f64()
    );
    println!(
        "model: {want} leaves, the chip's walk {} cycles: {}",
        chip.cycles,
        if r.leaves == want && r.cycles == chip.cycles {
            "equal"
        } else {
            "DIFFERENT"
        }
    );
    anyhow::ensure!(
        r.leaves == want && r.cycles == chip.cycles,
        "the board and the model disagree"
    );
    Ok(())
}

fn demo_othello(kind: BackendKind) -> Result<()> {
    use model::othello::{parse_position, square_name};
    // FFO #5 (14 empties) on Verilator; a seeded 8-empty position on the slower rust backend.
    let (name, pos) = if kind == BackendKind::Verilator {
        (
            "FFO #5",
            parse_position(
                include_str!("../../model/tests/fixtures/fforum-1-19.obf")
                    .lines()
                    .nth(5)
                    .unwrap(),
            )?,
        )
    } else {
        let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(5);
        let (p, o) = model::othello::random::random_position(&mut rng, 8);
        (
            "a random 8-empty endgame (seed 5)",
            model::othello::Position {
                p,
                o,
                black_to_move: true,
                scores: vec![],
            },
        )
    };
    println!(
        "== othello solver on the simulated board ({} backend) ==",
        kind.name()
    );
    println!(
        "{name}: {} ({} empties, {} to move)",
        pos.to_obf(),
        pos.empties(),
        if pos.black_to_move { "Black" } else { "White" }
    );
    let t = Instant::now();
    let mut l = Link::new(SimTransport::new(SimBoard::open(Design::Othello, kind)?));
    let id = l.identify()?;
    let r = host::othello::solve(&mut l, pos.p, pos.o, -FULL, FULL, |n| {
        eprint!("\r  solving: {n} nodes")
    })?;
    eprintln!();
    let want =
        model::othello::search::solve(pos.p, pos.o, model::othello::search::MoveOrder::Paper);
    println!(
        "{} v{}.{}.{}: best move {}, exact score {:+}, {} nodes in {} cycles ({:.2} cycles/node; the paper: 16 per searching node)",
        id.name,
        id.version.0,
        id.version.1,
        id.version.2,
        r.best.map(square_name).unwrap_or_else(|| "none".into()),
        r.score,
        r.nodes,
        r.cycles,
        r.cycles as f64 / r.nodes as f64
    );
    println!(
        "golden model: score {:+}, best {}, {} nodes, {} cycles: {}",
        want.score,
        want.best.map(square_name).unwrap_or_else(|| "none".into()),
        want.nodes,
        want.cycles,
        if (want.score, want.best, want.nodes, want.cycles) == (r.score, r.best, r.nodes, r.cycles)
        {
            "identical"
        } else {
            "DIFFERENT"
        }
    );
    if let Some((_, s)) = pos.scores.first() {
        println!("FFO published score: {s:+}");
    }
    println!("simulated in {:.2} s", t.elapsed().as_secs_f64());
    Ok(())
}

fn demo_link(kind: BackendKind) -> Result<()> {
    println!(
        "== link core on the simulated board ({} backend) ==",
        kind.name()
    );
    let t = Instant::now();
    let mut l = Link::new(SimTransport::new(SimBoard::open(Design::Link, kind)?));
    let id = l.identify()?;
    println!(
        "identify: {} v{}.{}.{}, clock {:.1} MHz, {} clocks per UART bit, payload up to {} bytes",
        id.name,
        id.version.0,
        id.version.1,
        id.version.2,
        id.clock_hz as f64 / 1e6,
        id.divisor,
        id.max_payload
    );
    for payload in [
        &b""[..],
        &[0x00, 0xFF, 0x55][..],
        b"boardgate: hello from the FPGA!",
    ] {
        let got = l.echo(payload)?;
        println!("echo {} bytes: {:02x?}", got.len(), got);
    }
    let c1 = l.counter()?;
    let c2 = l.counter()?;
    println!(
        "cycle counter: {c1} then {c2} (+{} cycles between two requests)",
        c2 - c1
    );
    let cycles = 50_000u32;
    let mut st = l.job_start(&cycles.to_le_bytes())?;
    let mut polls = 0;
    while st.state == job::RUNNING {
        st = l.job_poll()?;
        polls += 1;
    }
    let r = l.job_result()?;
    println!(
        "wait job of {cycles} cycles: {} after {polls} polls, result {} cycles",
        job::name(st.state),
        u64::from_le_bytes(r.as_slice().try_into()?)
    );
    let st = l.job_start(&1_000_000u32.to_le_bytes())?;
    let ab = l.job_abort()?;
    println!(
        "job started ({}) then aborted: {} at {} cycles",
        job::name(st.state),
        job::name(ab.state),
        ab.progress
    );
    let cycles = l.transport.board.cycles();
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{} requests, {} retries; {cycles} cycles simulated in {secs:.2} s ({:.2} M cycles/s)",
        l.stats.requests,
        l.stats.retries,
        cycles as f64 / secs / 1e6
    );
    Ok(())
}
