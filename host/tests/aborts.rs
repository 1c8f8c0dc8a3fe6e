//! An abort that meets a job's end, on the simulated boards (Verilator). Job control answers
//! ABORTED to an abort that arrives while the core counts as running, and that includes the
//! cycle in which the core's unit has just stopped: the job must then end aborted, without a
//! result, as the answer said. Each design's job is started again and again with the abort
//! sent a cycle later each time, across the cycle where its answer turns from ABORTED to
//! DONE; whatever the abort answered, the polls and `JOB_RESULT` after it must agree.
//!
//! A chess thread takes a stop at its turn, up to four cycles after job control saw it
//! running; the `chess` sweep is the one that found a perft ending DONE after such an abort
//! (docs/chess.md, "Beyond the issue"), and it keeps the fix honest.
//!
//! `connect6-threat` is swept with its own rule: once its turn is done an abort is too late.
//!
//! Not here: `shogi-cover`'s job (9 cycles) ends before an abort can follow its start.

use gateware::Design;
use host::{Link, LinkError, SimTransport, Transport};
use model::link::{err, job, op, JobStatus, CRC_LEN, HEADER_LEN};
use sim::{BackendKind, SimBoard};

/// The simulated board, with a pause that can be put inside one write: the start's frame
/// goes on the line, the board runs `wait` cycles more, then the abort's frame follows (so
/// the abort can reach the job sooner than the start's answer could come back).
struct Paused {
    sim: SimTransport,
    /// Where in the next write to pause, and for how many cycles.
    pause: Option<(usize, u64)>,
}

impl Transport for Paused {
    fn send(&mut self, bytes: &[u8]) -> anyhow::Result<()> {
        let board = &mut self.sim.board;
        match self.pause.take_if(|&mut (at, _)| at < bytes.len()) {
            Some((at, wait)) => {
                board.write(&bytes[..at]);
                while board.pending_out() > 0 {
                    board.tick()?;
                }
                board.run(wait)?;
                board.write(&bytes[at..]);
            }
            _ => board.write(bytes),
        }
        Ok(())
    }
    fn recv(&mut self, timeout_bits: u64) -> anyhow::Result<Option<u8>> {
        self.sim.recv(timeout_bits)
    }
    fn now_bits(&self) -> u64 {
        self.sim.now_bits()
    }
    fn describe(&self) -> String {
        self.sim.describe()
    }
}

fn board_of(design: Design) -> Option<Link<Paused>> {
    if !sim::tools::require_verilator_backend("abort tests") {
        return None;
    }
    let mut l = Link::new(Paused {
        sim: SimTransport::new(SimBoard::open(design, BackendKind::Verilator).unwrap()),
        pause: None,
    });
    // The session's frame goes first, alone (a pause is for a job's batch).
    l.open_session().unwrap();
    Some(l)
}

/// What the abort answered and what the job ended as: the state the polls reached and
/// whether `JOB_RESULT` gave a result.
#[derive(Debug, PartialEq)]
struct Outcome {
    answer: u8,
    end: u8,
    result: bool,
}

/// What a try does before its start: a job that changes the core's state (a Connect6
/// decision puts its stones on the board) restores it; the others leave it as they found it
/// (a perft or a solve does), and nothing is done.
type Before<'a> = &'a dyn Fn(&mut Link<Paused>);

/// The job of `args` started and, in the same write, `wait` cycles after the start's frame is
/// in, an abort; then polls (at least one) until the core stops running, and a `JOB_RESULT`.
fn abort_after(l: &mut Link<Paused>, args: &[u8], wait: u64, before: Before) -> Outcome {
    before(l);
    l.transport.pause = Some((HEADER_LEN + args.len() + CRC_LEN, wait));
    let answers = l
        .request_batch(&[(op::JOB_START, args), (op::JOB_ABORT, &[])])
        .unwrap();
    let status = |i: usize| JobStatus::decode(&answers[i].frame.payload).unwrap().state;
    assert_eq!(status(0), job::RUNNING, "the start's answer");
    let answer = status(1);
    let mut end = l.job_poll().unwrap().state;
    while end == job::RUNNING {
        end = l.job_poll().unwrap().state;
    }
    let result = match l.call(op::JOB_RESULT, &[]) {
        Ok(_) => true,
        Err(LinkError::Device { code, .. }) if code == err::NO_RESULT => false,
        Err(e) => panic!("JOB_RESULT after an abort: {e}"),
    };
    Outcome {
        answer,
        end,
        result,
    }
}

/// The abort swept across the end of the job of `args`: the last wait at which the abort
/// still finds the job running is found by bisection, then every wait around it is tried.
/// Whatever the abort answered, the job must end so: answered ABORTED, it ends aborted
/// without a result; answered DONE (too late), it ends done with its result. More than
/// `slack` cycles before the boundary the answer must be ABORTED, more than `slack` after
/// it DONE. (`slack` is 0 on a core that takes commands in any cycle; a `chess` thread takes
/// them at its turn, every fourth cycle, in a phase set by the cycles since the board's
/// start, so its boundary moves by up to 3 cycles from one try to the next.)
fn abort_across_the_end(l: &mut Link<Paused>, args: &[u8], what: &str, slack: u64, before: Before) {
    let finds_it_running = |l: &mut Link<Paused>, wait| {
        let o = abort_after(l, args, wait, before);
        println!("{what}: wait {wait}: {o:?}");
        o.answer == job::ABORTED
    };
    assert!(
        finds_it_running(l, 0),
        "{what}: an abort right after the start"
    );
    let mut hi = 256;
    while finds_it_running(l, hi) {
        hi *= 2;
        assert!(hi < 1 << 22, "{what}: the job never ends");
    }
    let mut lo = 0;
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if finds_it_running(l, mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    // `lo`: a wait whose abort the core answered ABORTED, `hi = lo + 1` one it answered DONE.
    let aborted = Outcome {
        answer: job::ABORTED,
        end: job::ABORTED,
        result: false,
    };
    let done = Outcome {
        answer: job::DONE,
        end: job::DONE,
        result: true,
    };
    for wait in lo.saturating_sub(slack + 3)..=hi + slack + 3 {
        let o = abort_after(l, args, wait, before);
        let agrees = if o.answer == job::ABORTED {
            &aborted
        } else {
            &done
        };
        let want = if wait + slack <= lo {
            &aborted
        } else if wait >= hi + slack {
            &done
        } else {
            agrees
        };
        assert_eq!(
            &o, want,
            "{what}: the abort {wait} cycles after the start's frame (the boundary found: {lo})"
        );
    }
    println!("{what}: an abort {lo} cycles after the start's frame found the job running");
}

/// `link`: the wait job of 5,000 cycles (an abort in its last cycle once left it done).
#[test]
fn link_wait_aborted_in_its_last_cycle() {
    let Some(mut l) = board_of(Design::Link) else {
        return;
    };
    abort_across_the_end(
        &mut l,
        &5_000_u32.to_le_bytes(),
        "link wait 5,000 cycles",
        0,
        &|_| {},
    );
}

/// `othello`: the exact solve of a random position with 10 empties.
#[test]
fn othello_solve_aborted_in_its_last_cycle() {
    let Some(mut l) = board_of(Design::Othello) else {
        return;
    };
    let mut r: rand::rngs::StdRng = rand::SeedableRng::seed_from_u64(0x0ab0);
    let (p, o) = model::othello::random::random_position(&mut r, 10);
    let bound = model::othello::protocol::SCORE_BOUND as i8;
    let args = model::othello::protocol::encode_start(p, o, -bound, bound);
    abort_across_the_end(&mut l, &args, "othello solve, 10 empties", 0, &|_| {});
}

/// `othello-ff`: the same on the fastest-first solver, whose job probes its table (a stop
/// there once had to be taken in its `Done` state too: `core.rs`'s late-stop bit now).
#[test]
fn othello_ff_solve_aborted_in_its_last_cycle() {
    let Some(mut l) = board_of(Design::OthelloFf) else {
        return;
    };
    let mut r: rand::rngs::StdRng = rand::SeedableRng::seed_from_u64(0x0ab1);
    let (p, o) = model::othello::random::random_position(&mut r, 12);
    let bound = model::othello::protocol::SCORE_BOUND as i8;
    let args = model::othello::protocol::encode_start(p, o, -bound, bound);
    abort_across_the_end(&mut l, &args, "othello-ff solve, 12 empties", 0, &|_| {});
}

/// The sweep of `args` on a shogi board (`shogi` or `tsume`) with `pos` loaded into core 0
/// (`host::shogi::load_position`); the jobs swept leave it loaded (a perft and a mate walk
/// unwind their moves).
fn shogi_sweep(design: Design, pos: &model::shogi::Position, args: &[u8], what: &str) {
    let Some(mut l) = board_of(design) else {
        return;
    };
    let b = model::shogi::piece_data::BoardData::from_position(pos);
    host::shogi::load_position(&mut l, &b).unwrap();
    abort_across_the_end(&mut l, args, what, 0, &|_| {});
}

/// `shogi`: a perft of depth 3 from the start, counted by the walker (its last cycle was
/// 33,287 cycles after the start's frame when this sweep found the race).
#[test]
fn shogi_perft_aborted_in_its_last_cycle() {
    let args = model::shogi::protocol::perft_args(3);
    shogi_sweep(
        Design::Shogi,
        &model::shogi::Position::start(),
        &args,
        "shogi perft 3 of the start",
    );
}

/// `tsume`: a mate walk of 5 plies on the first problem of the tsume table whose walk takes
/// at least 20,000 cycles (a mate job ends through the walker's other exit; shorter walks
/// end before an abort can follow the start's answer).
#[test]
fn tsume_mate_aborted_in_its_last_cycle() {
    use model::shogi::piece_data::BoardData;
    use model::shogi::walk::mate_walk;
    let pos = model::shogi::random::tsume_sfens()
        .iter()
        .map(|s| model::shogi::Position::from_sfen(s).unwrap())
        .find(|p| {
            model::shogi::mate::check_problem(p).is_ok()
                && mate_walk(&BoardData::from_position(p), 5).cycles >= 20_000
        })
        .expect("a problem of the tsume table walked 5 plies deep in 20,000 cycles or more");
    let args = model::shogi::protocol::mate_args(5);
    shogi_sweep(Design::Tsume, &pos, &args, "tsume mate 5");
}

/// `chess`: a perft of depth 2 from the start on thread 0. A thread's state is sampled at
/// its turn (4-slow), so the stop it takes may find it ended since: the sweep found such
/// aborts 1,818-1,820 cycles after the start's frame. The fix: a stop taken by a thread that
/// has ended since (done, or waiting for a step) marks it aborted too.
#[test]
fn chess_perft_aborted_in_its_last_cycle() {
    let Some(mut l) = board_of(Design::Chess) else {
        return;
    };
    let args = model::chess::protocol::encode_start(&model::chess::Position::start(), 2).unwrap();
    // A stop waits for its thread's turn: up to THREADS - 1 cycles.
    let slack = gateware::chess::perft::THREADS as u64 - 1;
    abort_across_the_end(&mut l, &args, "chess perft 2 of the start", slack, &|_| {});
}

/// `connect6`: a decision of the side to move after twelve turns of a baseline game (about
/// 1,700-3,500 cycles since the checker takes four passes; at 107 cycles a check no decision
/// outlasted the start's answer). The decision puts its stones on the board, so each try
/// writes the position's 19 rows again first.
#[test]
fn connect6_decision_aborted_in_its_last_cycle() {
    use model::connect6::protocol::{encode_load, StartArgs, ROWS};
    let Some(mut l) = board_of(Design::Connect6) else {
        return;
    };
    let game = model::connect6::random::baseline_game(0xc6_ab07, 3, 12);
    let args = StartArgs::of(&game, false).encode();
    let rows = |l: &mut Link<Paused>| {
        for r in 0..ROWS {
            l.call(op::JOB_LOAD, &encode_load(0, game.board(), r))
                .unwrap();
        }
    };
    abort_across_the_end(&mut l, &args, "connect6 decision", 0, &rows);
}

/// `connect6-threat`: a turn of a few thousand cycles (longer than the abort's frame takes)
/// aborted a cycle at a time across the job's end.
/// The design's exception (docs/protocol.md): once the turn is done an abort is too late, the
/// job puts its two stones and ends done with its result, whatever the abort answered. Before
/// that it ends aborted without a result, and the board holds no stone of the turn's: the same
/// job run again on the board as the abort left it (no row written) gives the model's turn.
#[test]
fn connect6_threat_turn_aborted_across_its_end() {
    use model::connect6::protocol::encode_load;
    use model::connect6::protocol::threat_design::{
        decode_turn_result, expected_turn_job, TurnArgs,
    };
    use model::connect6::random::baseline_game;
    use model::connect6::threat::CHIP_BUDGET;
    use model::connect6::Game;
    let Some(mut l) = board_of(Design::Connect6Threat) else {
        return;
    };
    let game = (0..20u64)
        .flat_map(|s| {
            let g = baseline_game(0xc6_ab10 + s, 3, 20);
            let mut replay = Game::new();
            let mut found = Vec::new();
            for t in g.turns() {
                replay.play(t).unwrap();
                if replay.outcome().is_none() && replay.stones_this_turn() == 2 {
                    found.push(replay.clone());
                }
            }
            found
        })
        .find(|g| (2_000..6_000).contains(&expected_turn_job(g, false, CHIP_BUDGET).cycles))
        .expect("a turn of 2,000 to 6,000 cycles");
    let want = expected_turn_job(&game, false, CHIP_BUDGET);
    let args = TurnArgs::of(&game, false, CHIP_BUDGET).encode();
    let rows = |l: &mut Link<Paused>| {
        for r in 0..model::connect6::SIZE {
            l.call(op::JOB_LOAD, &encode_load(0, game.board(), r))
                .unwrap();
        }
    };
    let ends_aborted = |l: &mut Link<Paused>, wait| {
        let o = abort_after(l, &args, wait, &rows);
        println!("connect6-threat: wait {wait}: {o:?}");
        o.end == job::ABORTED
    };
    assert!(ends_aborted(&mut l, 0), "an abort right after the start");
    let mut hi = 64;
    while ends_aborted(&mut l, hi) {
        hi *= 2;
        assert!(hi < 1 << 20, "the turn never ends");
    }
    let mut lo = 0;
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if ends_aborted(&mut l, mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let mut too_late = 0;
    for wait in lo.saturating_sub(4)..=hi + 8 {
        let o = abort_after(&mut l, &args, wait, &rows);
        if wait <= lo {
            assert_eq!(
                (o.end, o.result),
                (job::ABORTED, false),
                "wait {wait}: {o:?}"
            );
            // No stone of the turn's left: the same turn again on the board as it is.
            let mut st = l.job_start(&args).unwrap();
            while st.state == job::RUNNING {
                st = l.job_poll().unwrap();
            }
            let again = decode_turn_result(&l.job_result().unwrap()).unwrap();
            assert_eq!(again, want, "wait {wait}: the turn after the abort");
        } else {
            assert_eq!((o.end, o.result), (job::DONE, true), "wait {wait}: {o:?}");
            too_late += u32::from(o.answer == job::ABORTED);
        }
    }
    println!(
        "connect6-threat: aborted until {lo} cycles after the start's frame; {too_late} \
         aborts answered ABORTED too late (the turn done, its stones put)"
    );
    assert!(too_late > 0, "the sweep met the turn's last cycles");
}
