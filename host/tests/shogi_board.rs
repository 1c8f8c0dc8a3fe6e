//! The simulated `shogi`, `shogi-cover`, `shogi-cover-cu` and `tsume` boards (Verilator): the
//! board data loaded through the link; the cover job's table read back, equal to the model's
//! (`model::shogi::piece_data::cover_table`) on the perft table's positions and random ones,
//! in `model::shogi::cover_scan::FAST_CYCLES` cycles (`ONE_SCANNER_CYCLES` on
//! `shogi-cover-cu`); the moves job's candidates, count, probe and cycles equal to
//! `model::shogi::all_moves`; the perft job's leaves, moves jobs and
//! cycles equal to `model::shogi::walk::perft_walk`, an aborted perft unwound; the `tsume`
//! design's mate jobs equal to `model::shogi::walk::mate_walk`; `JOB_LOAD` / `JOB_READ` /
//! `JOB_START` refusals (a mate job on the `shogi` design among them).

use gateware::Design;
use host::shogi::{count_on_board, cover_on_board, moves_on_board, perft_on_board};
use host::{Link, LinkError, SimTransport};
use model::link::{err, job, op};
use model::shogi::all_moves::{generate, moves_job_cycles};
use model::shogi::cover_scan::{FAST_CYCLES, ONE_SCANNER_CYCLES};
use model::shogi::piece_data::{cover_table, BoardData};
use model::shogi::protocol::{
    decode_result, encode_load, encode_load_hands, encode_read, perft_args, JOB_COVER, JOB_MATE,
    JOB_MOVES, JOB_PERFT, LOAD_LEN, MOVES_ARGS, READ_WORDS, TABLE_WORDS,
};
use model::shogi::random;
use model::shogi::walk::{meets_mating_drop, perft_walk, MATE_MAX_PLIES, WALK_MAX_DEPTH};
use model::shogi::Position;
use sim::{BackendKind, SimBoard};

/// The simulated `shogi` board; `tsume_board` adds the mate search.
fn board() -> Option<Link<SimTransport>> {
    board_of(Design::Shogi)
}

fn tsume_board() -> Option<Link<SimTransport>> {
    board_of(Design::Tsume)
}

fn board_of(design: Design) -> Option<Link<SimTransport>> {
    if !sim::tools::require_verilator_backend("shogi board tests") {
        return None;
    }
    Some(Link::new(SimTransport::new(
        SimBoard::open(design, BackendKind::Verilator).unwrap(),
    )))
}

/// The error code a command is refused with (a panic if it is not refused).
fn refused(l: &mut Link<SimTransport>, opc: u8, p: &[u8]) -> u8 {
    match l.call(opc, p) {
        Err(LinkError::Device { code, .. }) => code,
        other => panic!("{} {p:?} was not refused: {other:?}", op::name(opc)),
    }
}

/// `JOB_LOAD`s of `b`'s words that a shogi core refuses as bad arguments: a core past the
/// last, a word past the hands word, padding bits set in a rank word and in the hands word
/// (nothing above its bit 80).
fn loads_are_checked(l: &mut Link<SimTransport>, b: &BoardData) {
    let load = encode_load(0, b, 4);
    let mut bad = load.clone();
    bad[0] = 1;
    assert_eq!(refused(l, op::JOB_LOAD, &bad), err::BAD_ARGUMENT);
    let mut bad = load.clone();
    bad[1] = 10;
    assert_eq!(refused(l, op::JOB_LOAD, &bad), err::BAD_ARGUMENT);
    let mut bad = load;
    bad[LOAD_LEN - 1] |= 0x40;
    assert_eq!(refused(l, op::JOB_LOAD, &bad), err::BAD_ARGUMENT);
    let mut bad = encode_load_hands(0, b);
    bad[LOAD_LEN - 2] |= 0x04;
    assert_eq!(refused(l, op::JOB_LOAD, &bad), err::BAD_ARGUMENT);
}

/// On the `shogi` design (the circuit inside the all-move unit), on `shogi-cover` (the circuit
/// alone) and on `shogi-cover-cu` (one scanner, one cover RAM).
#[test]
fn cover_tables_on_the_board_equal_the_model() {
    let mut positions = random::table_positions();
    positions.extend(random::positions(0x5c0e, 12, 120));
    for (design, cycles) in [
        (Design::Shogi, FAST_CYCLES),
        (Design::ShogiCover, FAST_CYCLES),
        (Design::ShogiCoverCu, ONE_SCANNER_CYCLES),
    ] {
        let Some(mut l) = board_of(design) else {
            return;
        };
        let mut covers = 0;
        for pos in &positions {
            let b = BoardData::from_position(pos);
            let r = cover_on_board(&mut l, &b).unwrap();
            let what = format!("{} on {}", pos.sfen(), design.name());
            assert_eq!(r.table, cover_table(&b), "cover table of {what}");
            assert_eq!(r.cycles, cycles, "{what}");
            covers += r.table.0.iter().map(|c| c.count_ones()).sum::<u32>();
        }
        assert!(covers > 1000, "{covers} covers in all");
    }
}

/// `shogi-cover` and `shogi-cover-cu` run the cover job alone: the moves, perft and mate
/// jobs are bad arguments (they have no generator and no walker); candidate words have no
/// result, as after a cover job on the `shogi` design; their loads and reads are checked as
/// the `shogi` design's.
#[test]
fn the_cover_designs_refuse_what_they_lack() {
    for (design, cycles) in [
        (Design::ShogiCover, FAST_CYCLES),
        (Design::ShogiCoverCu, ONE_SCANNER_CYCLES),
    ] {
        let Some(l) = board_of(design) else {
            return;
        };
        cover_design_refuses_what_it_lacks(l, cycles);
    }
}

fn cover_design_refuses_what_it_lacks(mut l: Link<SimTransport>, cycles: u64) {
    let pos = &random::positions(0x5c11, 1, 90)[0];
    let b = BoardData::from_position(pos);
    assert_eq!(refused(&mut l, op::JOB_READ, &[0, 0]), err::NO_RESULT);
    let load = encode_load(0, &b, 4);
    loads_are_checked(&mut l, &b);
    for args in [
        MOVES_ARGS,
        [JOB_PERFT, 1],
        [JOB_MATE, 1],
        [JOB_COVER, 1],
        [JOB_MATE + 1, 0],
    ] {
        assert_eq!(refused(&mut l, op::JOB_START, &args), err::BAD_ARGUMENT);
    }
    let r = cover_on_board(&mut l, &b).unwrap();
    assert_eq!(r.table, cover_table(&b), "{}", pos.sfen());
    let st = l.job_poll().unwrap();
    assert_eq!((st.state, st.progress), (job::DONE, cycles));
    assert_eq!(
        refused(&mut l, op::JOB_READ, &encode_read(0, TABLE_WORDS)),
        err::NO_RESULT
    );
    assert_eq!(
        refused(&mut l, op::JOB_READ, &encode_read(0, READ_WORDS)),
        err::BAD_ARGUMENT
    );
    assert_eq!(
        refused(&mut l, op::JOB_READ, &encode_read(1, 0)),
        err::BAD_ARGUMENT
    );
    l.call(op::JOB_LOAD, &load).unwrap();
    assert_eq!(l.job_poll().unwrap().state, job::IDLE);
    assert_eq!(refused(&mut l, op::JOB_READ, &[0, 0]), err::NO_RESULT);
}

#[test]
fn legal_moves_on_the_board_equal_the_model() {
    let Some(mut l) = board() else { return };
    // The perft table's positions, every other mate problem (since 2026-12-07, for the test
    // run's time: the mate problems are sparse boards, and the mate-job test walks those
    // whose walks stay short on the tsume board), and random play. (The two tables share no
    // position, so the perft table's come first, all kept.)
    let perft = random::perft_table().len();
    let mut positions: Vec<_> = random::table_positions()
        .into_iter()
        .enumerate()
        .filter(|(i, _)| *i < perft || (i - perft).is_multiple_of(2))
        .map(|(_, p)| p)
        .collect();
    positions.extend(random::positions(0x5c0f, 16, 140));
    let (mut moves, mut probes) = (0, 0);
    for (i, pos) in positions.iter().enumerate() {
        let b = BoardData::from_position(pos);
        let g = generate(&b);
        let r = moves_on_board(&mut l, &b).unwrap();
        let what = pos.sfen();
        assert_eq!(r.squares, g.candidates.squares, "candidates of {what}");
        assert_eq!(r.moves, g.moves, "moves of {what}");
        assert_eq!(r.count as usize, g.moves.len(), "{what}");
        assert_eq!(
            r.probe,
            g.candidates.probe.map(|sq| (sq, g.probe_mates)),
            "{what}"
        );
        assert_eq!(r.cycles, moves_job_cycles(&b), "{what}");
        assert_eq!(
            count_on_board(&mut l, &b).unwrap().0 as usize,
            g.moves.len()
        );
        // A cover job after a moves job gives the position's table (after every third
        // position since 2026-12-07, for the test run's time: each is a board job of its own,
        // and `cover_tables_on_the_board_equal_the_model` checks the cover job's tables on
        // positions of its own).
        if i % 3 == 0 {
            let t = cover_on_board(&mut l, &b).unwrap();
            assert_eq!(t.table, cover_table(&b), "{what}");
        }
        moves += g.moves.len();
        probes += usize::from(r.probe.is_some());
    }
    assert!(moves > 1000, "{moves} moves, {probes} probes");
}

#[test]
fn loads_and_reads_are_checked() {
    let Some(mut l) = board() else { return };
    let start = BoardData::from_position(&model::shogi::Position::start());
    // No table yet.
    assert_eq!(refused(&mut l, op::JOB_READ, &[0, 0]), err::NO_RESULT);
    let load = encode_load(0, &start, 4);
    assert_eq!(
        refused(&mut l, op::JOB_LOAD, &load[..LOAD_LEN - 1]),
        err::BAD_LENGTH
    );
    loads_are_checked(&mut l, &start);
    // Another job than the cover table, the moves, perft and mate; a depth with a cover or
    // moves job; a perft depth outside 1..=WALK_MAX_DEPTH; a mate depth even or past
    // MATE_MAX_PLIES (on both designs); any mate job on the `shogi` design, which has no mate
    // search, while the `tsume` design runs it.
    let bad = [
        [JOB_MATE + 1, 0],
        [JOB_COVER, 1],
        [JOB_MOVES, 2],
        [JOB_PERFT, 0],
        [JOB_PERFT, WALK_MAX_DEPTH as u8 + 1],
        [JOB_MATE, 0],
        [JOB_MATE, 2],
        [JOB_MATE, MATE_MAX_PLIES as u8 + 2],
    ];
    let mut t = tsume_board().unwrap();
    for args in bad {
        assert_eq!(refused(&mut l, op::JOB_START, &args), err::BAD_ARGUMENT);
        assert_eq!(refused(&mut t, op::JOB_START, &args), err::BAD_ARGUMENT);
    }
    assert_eq!(
        refused(&mut l, op::JOB_START, &[JOB_MATE, 1]),
        err::BAD_ARGUMENT
    );
    assert!(t.call(op::JOB_START, &[JOB_MATE, 1]).is_ok());
    assert_eq!(
        refused(&mut l, op::JOB_START, &[JOB_COVER]),
        err::BAD_LENGTH
    );
    // A table: done, its cycles, readable; bad reads refused.
    let r = cover_on_board(&mut l, &start).unwrap();
    assert_eq!(r.table, cover_table(&start));
    let st = l.job_poll().unwrap();
    assert_eq!((st.state, st.progress), (job::DONE, FAST_CYCLES));
    assert_eq!(
        refused(&mut l, op::JOB_READ, &encode_read(0, READ_WORDS)),
        err::BAD_ARGUMENT
    );
    assert_eq!(refused(&mut l, op::JOB_READ, &[1, 0]), err::BAD_ARGUMENT);
    assert_eq!(refused(&mut l, op::JOB_READ, &[0]), err::BAD_LENGTH);
    assert!(l.call(op::JOB_READ, &encode_read(0, 3)).is_ok());
    // The candidates only after a moves job.
    assert_eq!(
        refused(&mut l, op::JOB_READ, &encode_read(0, TABLE_WORDS)),
        err::NO_RESULT
    );
    // A load makes the finished core idle: its table is no longer the board's.
    l.call(op::JOB_LOAD, &load).unwrap();
    assert_eq!(l.job_poll().unwrap().state, job::IDLE);
    assert_eq!(refused(&mut l, op::JOB_READ, &[0, 0]), err::NO_RESULT);
    // `JOB_STEP` is the chess designs'.
    assert_eq!(refused(&mut l, op::JOB_STEP, &[0, 1]), err::UNKNOWN_OP);
}

/// Perft on chip: the walker's leaves, moves jobs and cycles equal the model's walk (the
/// start position and the matsuri one, a random position whose walk skips a mating pawn
/// drop); progress while it runs; an abort unwinds the walk, and the loaded position stays,
/// also after a walk of the full depth (`WALK_MAX_DEPTH`) has reached its last frames.
#[test]
fn perft_on_the_board_equals_the_model_walk() {
    let Some(mut l) = board() else { return };
    let start = BoardData::from_position(&Position::start());
    let matsuri =
        BoardData::from_position(&Position::from_sfen(&random::perft_table()[1].sfen).unwrap());
    let mating = random::positions(0x5c10, 3000, 140)
        .into_iter()
        .map(|p| BoardData::from_position(&p))
        .find(meets_mating_drop)
        .expect("a position with a mating pawn drop one ply down");
    for (b, depth) in [(&start, 1), (&start, 3), (&matsuri, 2), (&mating, 2)] {
        let want = perft_walk(b, depth);
        let mut polls = Vec::new();
        let got = perft_on_board(&mut l, b, depth, |c| polls.push(c)).unwrap();
        let what = format!("{} depth {depth}", b.to_position().sfen());
        assert_eq!(
            (got.leaves, got.nodes, got.cycles),
            (want.leaves, want.nodes, want.cycles),
            "{what}"
        );
        assert!(polls.windows(2).all(|w| w[0] <= w[1]), "{what}: {polls:?}");
    }
    // An abort, then polls while the walk unwinds (at most 72 + 2 + 4 x WALK_MAX_DEPTH cycles)
    // before the core stops running: the state it ends in.
    let abort_and_wait = |l: &mut Link<SimTransport>| {
        let mut st = l.job_abort().unwrap();
        while st.state == job::RUNNING {
            st = l.job_poll().unwrap();
        }
        st
    };
    // An abort mid-walk: the job ends aborted, without a result; the position is the root's.
    let st = l.job_start(&perft_args(4)).unwrap();
    assert_eq!(st.state, job::RUNNING);
    let st = abort_and_wait(&mut l);
    assert_eq!(st.state, job::ABORTED, "{st:?}");
    assert_eq!(
        match l.call(op::JOB_RESULT, &[]) {
            Err(LinkError::Device { code, .. }) => code,
            other => panic!("the result of an aborted perft: {other:?}"),
        },
        err::NO_RESULT
    );
    let r = decode_result(&l.run_job(&MOVES_ARGS, "moves", |_| {}).unwrap()).unwrap();
    assert_eq!(
        r.moves.map(|m| m.0 as usize),
        Some(generate(&mating).moves.len()),
        "a moves job without a load after the abort"
    );
    // A perft of the walker's full depth (16) descends to its last frame within a few hundred
    // cycles (a node a moves job); aborted thousands of cycles in, the walk unwinds all its
    // undo frames, and the root is the loaded position again: frames 8-15 are their own (an
    // eight-frame stack would have written them over frames 0-7 and restored other words).
    host::shogi::load_position(&mut l, &start).unwrap();
    let st = l.job_start(&perft_args(WALK_MAX_DEPTH)).unwrap();
    assert_eq!(st.state, job::RUNNING);
    let mut st = l.job_poll().unwrap();
    while st.state == job::RUNNING && st.progress < 5_000 {
        st = l.job_poll().unwrap();
    }
    assert_eq!(
        st.state,
        job::RUNNING,
        "a perft of depth {WALK_MAX_DEPTH} ended: {st:?}"
    );
    let st = abort_and_wait(&mut l);
    assert_eq!(st.state, job::ABORTED, "{st:?}");
    let r = decode_result(&l.run_job(&MOVES_ARGS, "moves", |_| {}).unwrap()).unwrap();
    assert_eq!(
        (r.moves.map(|m| m.0 as usize), r.cycles),
        (Some(generate(&start).moves.len()), moves_job_cycles(&start)),
        "the start position's moves job after the deep walk's abort"
    );
}

/// Mate jobs on the board are the model's mate walks: the verdict, the mating check, the
/// moves jobs and the cycles (`shortest_mate_on_board`: jobs of 1, 3, ... plies, the position
/// loaded once, so each job after the first runs on the board its predecessor unwound), on
/// the tsume table's problems whose walks stay short, mating and not.
#[test]
fn mate_jobs_on_the_board_equal_the_model_walk() {
    use host::shogi::shortest_mate_on_board;
    use model::shogi::walk::mate_walk;
    let Some(mut l) = tsume_board() else { return };
    let (mut mates, mut nones) = (0, 0);
    for sfen in random::tsume_sfens() {
        let pos = Position::from_sfen(&sfen).unwrap();
        if model::shogi::mate::check_problem(&pos).is_err() {
            continue;
        }
        let b = BoardData::from_position(&pos);
        let walks: Vec<_> = [1, 3].iter().map(|&p| mate_walk(&b, p)).collect();
        if walks.iter().map(|w| w.cycles).sum::<u64>() > 20_000 {
            continue;
        }
        let r = shortest_mate_on_board(&mut l, &b, 3, |_, _| {}).unwrap();
        let upto = walks.iter().position(|w| w.mate).map_or(2, |i| i + 1);
        let want = &walks[..upto];
        assert_eq!(
            r.plies,
            want.last().filter(|w| w.mate).map(|_| 2 * upto as u32 - 1),
            "{sfen}"
        );
        assert_eq!(
            r.line.first().copied(),
            want.last().and_then(|w| w.first),
            "{sfen}"
        );
        assert_eq!(r.nodes, want.iter().map(|w| w.nodes).sum::<u64>(), "{sfen}");
        assert_eq!(
            r.cycles,
            want.iter().map(|w| w.cycles).sum::<u64>(),
            "{sfen}"
        );
        assert_eq!(r.jobs, upto as u64, "{sfen}");
        mates += r.plies.is_some() as usize;
        nones += r.plies.is_none() as usize;
    }
    assert!(mates >= 10 && nones >= 3, "{mates} mates, {nones} without");
}
