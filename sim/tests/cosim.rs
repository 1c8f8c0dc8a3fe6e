//! Every gateware block's emitted Verilog against its Rust simulation, on the same seeded
//! random stimulus, cycle by cycle (Verilator), plus the CRC block against the model.

use gateware::common::{link_engine::bytes_to_bits, Crc16Byte, LinkEngine, UartRx, UartTx};
use gateware::{BoardCore, CoreParams};
use model::link::{self, op, Frame, PAYLOAD_BITS};
use rand::{rngs::StdRng, Rng, SeedableRng};
use rust_hdl::prelude::*;
use sim::cosim::cosim;
use sim::harness::serial_level;

const SEED: u64 = 0xc051_0001;

fn rng(k: u64) -> StdRng {
    println!("seed {:#x}", SEED + k);
    StdRng::seed_from_u64(SEED + k)
}

/// A byte stream of frames (some corrupted) and garbage, as the link would carry it.
fn frame_stream(r: &mut StdRng, n: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for i in 0..n {
        let len = r.gen_range(0..=8);
        let payload: Vec<u8> = (0..len).map(|_| r.gen()).collect();
        let opc = [
            op::IDENTIFY,
            op::ECHO,
            op::COUNTER,
            op::JOB_START,
            op::JOB_POLL,
            op::JOB_ABORT,
            op::JOB_RESULT,
            0x42,
        ][r.gen_range(0..8)];
        let mut f = Frame::new((i % 3) as u8, opc, &payload).unwrap().encode();
        if r.gen_bool(0.2) {
            let k = r.gen_range(0..f.len());
            f[k] ^= 1 << r.gen_range(0..8);
        }
        if r.gen_bool(0.1) {
            out.extend((0..r.gen_range(1..4)).map(|_| r.gen::<u8>()));
        }
        out.extend(f);
    }
    out
}

fn skip_unless_verilator(test: &str) -> bool {
    sim::tools::require("verilator", test)
}

#[test]
fn crc16_matches_model_and_verilog() {
    if !skip_unless_verilator("crc16_matches_model_and_verilog") {
        return;
    }
    let mut r = rng(1);
    let vectors: Vec<(u16, u8)> = (0..2000).map(|_| (r.gen(), r.gen())).collect();
    let mut uut = Crc16Byte::default();
    uut.connect_all();
    for &(c, d) in &vectors {
        uut.crc_in.next = (c as u64).into();
        uut.data.next = (d as u64).into();
        assert!(simulate(&mut uut, 10));
        assert_eq!(
            uut.crc_out.val().to_u64() as u16,
            link::crc16_update(c, d),
            "crc {c:#x} byte {d:#x}"
        );
    }
    let rep = cosim(
        "crc16",
        &mut Crc16Byte::default(),
        vectors.len(),
        None,
        |u, k| {
            u.crc_in.next = (vectors[k].0 as u64).into();
            u.data.next = (vectors[k].1 as u64).into();
        },
        |_, _| {},
    )
    .unwrap();
    println!(
        "crc16: {} vectors, {} outputs compared",
        rep.cycles, rep.outputs
    );
}

#[test]
fn uart_rx_verilog() {
    if !skip_unless_verilator("uart_rx_verilog") {
        return;
    }
    let mut r = rng(2);
    let bytes: Vec<u8> = (0..60).map(|_| r.gen()).collect();
    let glitch: Vec<bool> = (0..20_000).map(|_| r.gen_bool(0.002)).collect();
    let rep = cosim(
        "uart_rx",
        &mut UartRx::new(16),
        20_000,
        Some("clock"),
        |u, k| {
            // Bytes at 2% slow, then a framing error region, with rare glitches.
            let level = serial_level(&bytes, 16.32, k as u64).unwrap_or(k % 700 > 40);
            u.rx.next = level ^ glitch[k];
        },
        |u, c| u.clock.next = Clock::from(c),
    )
    .unwrap();
    println!("uart_rx: {} cycles", rep.cycles);
}

#[test]
fn uart_tx_verilog() {
    if !skip_unless_verilator("uart_tx_verilog") {
        return;
    }
    let mut r = rng(3);
    let data: Vec<u8> = (0..20_000).map(|_| r.gen()).collect();
    let start: Vec<bool> = (0..20_000).map(|_| r.gen_bool(0.05)).collect();
    cosim(
        "uart_tx",
        &mut UartTx::new(16),
        20_000,
        Some("clock"),
        |u, k| {
            u.data.next = (data[k] as u64).into();
            u.start.next = start[k];
        },
        |u, c| u.clock.next = Clock::from(c),
    )
    .unwrap();
}

#[test]
fn link_engine_verilog() {
    if !skip_unless_verilator("link_engine_verilog") {
        return;
    }
    let mut r = rng(4);
    let stream = frame_stream(&mut r, 120);
    let cycles = 40_000;
    // A byte every 3..40 cycles (sometimes a long gap to exercise the timeout).
    let mut at = vec![None; cycles];
    let mut t = 5;
    for &b in &stream {
        t += if r.gen_bool(0.01) {
            3300
        } else {
            r.gen_range(3..40)
        };
        if t >= cycles {
            break;
        }
        at[t] = Some(b);
    }
    let ready: Vec<bool> = (0..cycles).map(|_| r.gen_bool(0.3)).collect();
    let rsp: Vec<(bool, bool, u8, u8, Vec<u8>)> = (0..cycles)
        .map(|_| {
            let len = r.gen_range(0..=link::MAX_PAYLOAD as u8);
            (
                r.gen_bool(0.2),
                r.gen_bool(0.3),
                r.gen(),
                len,
                (0..len).map(|_| r.gen()).collect(),
            )
        })
        .collect();
    let id = link::Identity {
        name: "cosim".into(),
        version: (1, 2, 3),
        max_payload: link::MAX_PAYLOAD as u8,
        clock_hz: 1_000_000,
        divisor: 16,
    };
    cosim(
        "link_engine",
        &mut LinkEngine::new(&id, 16 * link::RX_TIMEOUT_BIT_TIMES),
        cycles,
        Some("clock"),
        |u, k| {
            u.rx_valid.next = at[k].is_some();
            u.rx_data.next = (at[k].unwrap_or(0) as u64).into();
            u.tx_ready.next = ready[k];
            let (v, e, code, len, ref p) = rsp[k];
            u.rsp_valid.next = v;
            u.rsp_error.next = e;
            u.rsp_code.next = (code as u64).into();
            u.rsp_len.next = (len as u64).into();
            u.rsp_payload.next = bytes_to_bits(p);
        },
        |u, c| u.clock.next = Clock::from(c),
    )
    .unwrap();
    let _ = PAYLOAD_BITS;
}

#[test]
fn link_core_verilog() {
    if !skip_unless_verilator("link_core_verilog") {
        return;
    }
    let mut r = rng(5);
    let mut stream = frame_stream(&mut r, 6);
    stream.extend(
        Frame::new(9, op::JOB_START, &300u32.to_le_bytes())
            .unwrap()
            .encode(),
    );
    stream.extend(Frame::new(10, op::JOB_POLL, &[]).unwrap().encode());
    let mut core = gateware::link::LinkCore::build(&CoreParams::sim());
    cosim_board_core("link_core", &mut core, 60_000, &stream);
}

/// A board core (built with `CoreParams::sim()`) against its Verilog, `stream` arriving on its
/// UART pin from cycle 0, for `cycles` cycles.
/// Cycles to co-simulate a board core on `stream`: its bits at the simulated board's divisor,
/// the last answer (under 40 bytes) and `job_cycles` for the jobs after the last request.
fn stream_cycles(stream: &[u8], job_cycles: usize) -> usize {
    (stream.len() + 40) * 10 * CoreParams::sim().divisor as usize + job_cycles
}

/// The frames `(opcode, payload)` as the host sends them, numbered from 0.
fn frame_bytes(frames: &[(u8, Vec<u8>)]) -> Vec<u8> {
    frames
        .iter()
        .enumerate()
        .flat_map(|(i, (opc, p))| Frame::new(i as u8, *opc, p).unwrap().encode())
        .collect()
}

fn cosim_board_core<C: BoardCore>(name: &str, core: &mut C, cycles: usize, stream: &[u8]) {
    let bit = CoreParams::sim().divisor as f64;
    cosim(
        name,
        core,
        cycles,
        Some("clock"),
        |u, k| u.uart_rx_pin().next = serial_level(stream, bit, k as u64).unwrap_or(true),
        |u, c| u.clock_pin().next = Clock::from(c),
    )
    .unwrap();
}

/// The checker itself: a block whose Verilog deliberately differs from its Rust simulation
/// must be reported.
#[derive(LogicBlock, Default)]
struct Liar {
    a: Signal<In, Bits<8>>,
    y: Signal<Out, Bits<8>>,
}

impl Logic for Liar {
    fn update(&mut self) {
        self.y.next = self.a.val() + 1_u64;
    }
    fn connect(&mut self) {
        self.y.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom("assign y = a + 8'd2;".into())
    }
}

#[test]
fn cosim_detects_a_mismatch() {
    if !skip_unless_verilator("cosim_detects_a_mismatch") {
        return;
    }
    let e = cosim(
        "liar",
        &mut Liar::default(),
        10,
        None,
        |u, k| u.a.next = (k as u64).into(),
        |_, _| {},
    )
    .expect_err("a differing Verilog must fail the co-simulation");
    assert!(e.to_string().contains("differs"), "{e}");
}

/// The Othello job control with two solvers (`OthelloCore::with_cores`): core-addressed
/// starts, polls, results, `JOB_CORES`, bad indices and lengths, an abort.
#[test]
fn othello_core_verilog() {
    use model::othello::protocol::{encode_start, encode_start_on};
    if !skip_unless_verilator("othello_core_verilog") {
        return;
    }
    let mut r = rng(7);
    let pos: Vec<(u64, u64)> = (0..3)
        .map(|_| model::othello::random::random_position(&mut r, 5))
        .collect();
    let frames: Vec<(u8, Vec<u8>)> = vec![
        (op::JOB_CORES, vec![]),
        (
            op::JOB_START,
            encode_start_on(1, pos[0].0, pos[0].1, -65, 65),
        ),
        (op::JOB_START, encode_start(pos[1].0, pos[1].1, -3, 4)),
        (
            op::JOB_START,
            encode_start_on(2, pos[2].0, pos[2].1, -65, 65),
        ),
        (op::JOB_START, encode_start_on(0, 3, 1, -65, 65)),
        (op::JOB_POLL, vec![1]),
        (op::JOB_CORES, vec![]),
        (op::JOB_RESULT, vec![1]),
        (op::JOB_RESULT, vec![]),
        (op::JOB_POLL, vec![1, 1]),
        (
            op::JOB_START,
            encode_start_on(1, pos[2].0, pos[2].1, -65, 65),
        ),
        (op::JOB_ABORT, vec![1]),
        (op::JOB_RESULT, vec![1]),
        (op::JOB_CORES, vec![]),
    ];
    let stream = frame_bytes(&frames);
    let mut core =
        gateware::othello::OthelloCore::with_cores(&CoreParams::sim(), "othello-x2", false, 2);
    let cycles = stream_cycles(&stream, 10_000);
    cosim_board_core("othello_core", &mut core, cycles, &stream);
}

/// The shogi core (`ShogiCore`): board data loaded a rank at a time, a cover job, its poll and
/// result, table words read, a moves job (the hands word loaded), its result and candidate
/// words read, a perft of depth 1 (its poll and result), a perft of depth 2 aborted, and the
/// refusals of `JOB_LOAD`, `JOB_READ` and `JOB_START` (a mate job among them: the `shogi`
/// design has no mate search). (The walks themselves are co-simulated on the block,
/// `perft_walker_verilog`: the rust-hdl simulation of the whole core is slow.)
#[test]
fn shogi_core_verilog() {
    use model::shogi::piece_data::BoardData;
    use model::shogi::protocol::{
        encode_load, encode_load_hands, encode_read, mate_args, perft_args, COVER_ARGS, MOVES_ARGS,
    };
    if !skip_unless_verilator("shogi_core_verilog") {
        return;
    }
    let pos = &model::shogi::random::positions(SEED, 1, 80)[0];
    let b = BoardData::from_position(pos);
    let mut frames: Vec<(u8, Vec<u8>)> = vec![(op::JOB_READ, encode_read(0, 0))];
    frames.extend((2..6).map(|r| (op::JOB_LOAD, encode_load(0, &b, r))));
    frames.extend([
        (op::JOB_LOAD, encode_load(1, &b, 0)),
        (op::JOB_LOAD, vec![0, 9]),
        (op::JOB_START, COVER_ARGS.to_vec()),
        (op::JOB_POLL, vec![]),
        (op::JOB_RESULT, vec![0]),
        (op::JOB_READ, encode_read(0, 5)),
        (op::JOB_READ, encode_read(0, 6)),
        (op::JOB_READ, encode_read(0, 18)),
        (op::JOB_LOAD, encode_load(0, &b, 8)),
        (op::JOB_READ, encode_read(0, 6)),
        (op::JOB_LOAD, encode_load_hands(0, &b)),
        (op::JOB_START, MOVES_ARGS.to_vec()),
        (op::JOB_RESULT, vec![0]),
        (op::JOB_READ, encode_read(0, 19)),
        (op::JOB_READ, encode_read(0, 53)),
        (op::JOB_READ, encode_read(0, 54)),
        (op::JOB_START, vec![0, 2, 0]),
        (op::JOB_START, perft_args(9).to_vec()),
        (op::JOB_START, mate_args(1).to_vec()),
        (op::JOB_START, perft_args(1).to_vec()),
        (op::JOB_POLL, vec![]),
        (op::JOB_RESULT, vec![0]),
        (op::JOB_START, perft_args(2).to_vec()),
        (op::JOB_ABORT, vec![]),
        (op::JOB_POLL, vec![]),
        (op::JOB_POLL, vec![]),
        (op::JOB_RESULT, vec![]),
    ]);
    let stream = frame_bytes(&frames);
    let bit = CoreParams::sim().divisor as usize;
    // The depth-1 perft must end while its poll and its result request arrive, or its result
    // would not be read back and co-simulated.
    let poll_and_result = [(op::JOB_POLL, vec![]), (op::JOB_RESULT, vec![0u8])]
        .iter()
        .map(|(o, p)| Frame::new(0, *o, p).unwrap().encode().len())
        .sum::<usize>();
    let walk = model::shogi::walk::perft_walk(&b, 1).cycles as usize;
    assert!(
        walk + 100 < poll_and_result * 10 * bit,
        "perft 1 takes {walk} cycles, its poll and result frames {poll_and_result} bytes"
    );
    let cycles = stream_cycles(&stream, 1_000);
    let mut core = gateware::shogi::ShogiCore::build(&CoreParams::sim());
    cosim_board_core("shogi_core", &mut core, cycles, &stream);
}

/// The `shogi-cover` and `shogi-cover-cu` cores (`ShogiCoverCore`,
/// `ShogiCoverCoreOneScanner`): a read before any table, the board data loaded
/// a rank at a time (the hands word accepted), a cover job, its poll and result, table words
/// read, the refusals (a moves, perft or mate job, a cover job with a depth, candidate words,
/// a core or word past the last, padding), a second table read, a load making it stale.
#[test]
fn shogi_cover_core_verilog() {
    use model::shogi::piece_data::BoardData;
    use model::shogi::protocol::{
        encode_load, encode_load_hands, encode_read, mate_args, perft_args, COVER_ARGS, MOVES_ARGS,
    };
    if !skip_unless_verilator("shogi_cover_core_verilog") {
        return;
    }
    let pos = &model::shogi::random::positions(SEED + 1, 1, 80)[0];
    let b = BoardData::from_position(pos);
    let mut frames: Vec<(u8, Vec<u8>)> = vec![(op::JOB_READ, encode_read(0, 0))];
    frames.extend((0..9).map(|r| (op::JOB_LOAD, encode_load(0, &b, r))));
    let mut padded = encode_load(0, &b, 3);
    padded[13] |= 0x80;
    frames.extend([
        (op::JOB_LOAD, encode_load_hands(0, &b)),
        (op::JOB_LOAD, encode_load(1, &b, 0)),
        (op::JOB_LOAD, padded),
        (op::JOB_LOAD, vec![0, 9]),
        (op::JOB_START, MOVES_ARGS.to_vec()),
        (op::JOB_START, perft_args(1).to_vec()),
        (op::JOB_START, mate_args(1).to_vec()),
        (op::JOB_START, vec![COVER_ARGS[0], 1]),
        (op::JOB_START, COVER_ARGS.to_vec()),
        (op::JOB_POLL, vec![]),
        (op::JOB_RESULT, vec![0]),
        (op::JOB_READ, encode_read(0, 0)),
        (op::JOB_READ, encode_read(0, 9)),
        (op::JOB_READ, encode_read(0, 17)),
        (op::JOB_READ, encode_read(0, 18)),
        (op::JOB_READ, encode_read(0, 54)),
        (op::JOB_READ, encode_read(1, 2)),
        (op::JOB_START, COVER_ARGS.to_vec()),
        (op::JOB_READ, encode_read(0, 4)),
        (op::JOB_LOAD, encode_load(0, &b, 8)),
        (op::JOB_READ, encode_read(0, 4)),
        (op::JOB_RESULT, vec![]),
    ]);
    let stream = frame_bytes(&frames);
    let cycles = stream_cycles(&stream, 1_000);
    let mut core = gateware::shogi::ShogiCoverCore::build(&CoreParams::sim());
    cosim_board_core("shogi_cover_core", &mut core, cycles, &stream);
    // The same kernel around the one-scanner circuit (`shogi-cover-cu`).
    let mut core = gateware::shogi::ShogiCoverCoreOneScanner::build(&CoreParams::sim());
    cosim_board_core("shogi_cover_core_one_scanner", &mut core, cycles, &stream);
}

/// The Connect6 core (`Connect6Core`): a position's 19 rows loaded, a decision with the last
/// stones put by the job (its poll and result), Black's opening, an aborted decision, and the
/// refusals of `JOB_LOAD` (length, row, padding, a point coded 3) and `JOB_START` (side,
/// stones, last, a point off the board). The decisions themselves are compared with the model
/// on the Verilator board (`host/tests/connect6_board.rs`).
#[test]
fn connect6_core_verilog() {
    use model::connect6::protocol::{encode_load, StartArgs};
    use model::connect6::random::random_game;
    use model::connect6::Game;
    if !skip_unless_verilator("connect6_core_verilog") {
        return;
    }
    let g = random_game(SEED, 8);
    let mut before = Game::new();
    for t in &g.turns()[..g.turns().len() - 1] {
        before.play(t).unwrap();
    }
    let mut frames: Vec<(u8, Vec<u8>)> = (0..19)
        .map(|r| (op::JOB_LOAD, encode_load(0, before.board(), r)))
        .collect();
    let mut bad_row = encode_load(0, before.board(), 3);
    bad_row[1] = 19;
    let mut three = encode_load(0, before.board(), 3);
    three[4] |= 0x30;
    let mut pad = encode_load(0, before.board(), 3);
    pad[6] |= 0x40;
    let bad = |i: usize, v: u8| {
        let mut a = StartArgs::of(&g, true).encode();
        a[i] = v;
        (op::JOB_START, a.to_vec())
    };
    frames.extend([
        (op::JOB_LOAD, vec![0, 3]),
        (op::JOB_LOAD, bad_row),
        (op::JOB_LOAD, three),
        (op::JOB_LOAD, pad),
        bad(0, 3),
        bad(1, 0),
        bad(3, 3),
        bad(6, 19),
        (op::JOB_START, StartArgs::of(&g, true).encode().to_vec()),
        (op::JOB_POLL, vec![]),
        (op::JOB_RESULT, vec![]),
        (
            op::JOB_START,
            StartArgs::of(&Game::new(), false).encode().to_vec(),
        ),
        (op::JOB_RESULT, vec![0]),
        (op::JOB_START, StartArgs::of(&g, false).encode().to_vec()),
        (op::JOB_ABORT, vec![]),
        (op::JOB_POLL, vec![]),
        (op::JOB_RESULT, vec![]),
    ]);
    let stream = frame_bytes(&frames);
    let cycles = stream_cycles(&stream, 1_500);
    let mut core = gateware::connect6::Connect6Core::build(&CoreParams::sim());
    cosim_board_core("connect6_core", &mut core, cycles, &stream);
}

/// The `connect6-threat` core (`Connect6ThreatCore`): a position's 19 rows loaded, a turn
/// that blocks with the opponent's last stones put by the job (its poll and result), refusals
/// of `JOB_LOAD` (length) and `JOB_START` (one stone, no last stones, a budget past 20 bits),
/// then the next turn on
/// the board the first left (a live position whose turn takes the model thousands of
/// cycles), aborted as it runs (its polls and the missing result). The turns themselves are
/// compared with the model on the Verilator board (`host/tests/connect6_threat_board.rs`);
/// the player's blocks on theirs (`sim/tests/connect6_blocks.rs`).
#[test]
fn connect6_threat_core_verilog() {
    use model::connect6::protocol::encode_load;
    use model::connect6::protocol::threat_design::{expected_turn_job, TurnArgs};
    use model::connect6::random::baseline_game;
    use model::connect6::threat::CHIP_BUDGET;
    use model::connect6::turn::Step;
    use model::connect6::Game;
    if !skip_unless_verilator("connect6_threat_core_verilog") {
        return;
    }
    // A short block after the opponent's two stones, then a long turn for the other side.
    const LONG: u64 = 5_000;
    let live = |g: &Game| g.outcome().is_none() && g.board().stones() > 0;
    let (before, g, after) = (0..50u64)
        .find_map(|s| {
            let game = baseline_game(SEED + s, 3, 40);
            let mut replay = Game::new();
            for t in game.turns() {
                let before = replay.clone();
                replay.play(t).unwrap();
                if !live(&replay) || t.len() != 2 {
                    continue;
                }
                let first = expected_turn_job(&replay, true, CHIP_BUDGET);
                if first.step != Step::Block || first.cycles > 400 {
                    continue;
                }
                let mut after = replay.clone();
                after.play(&first.stones).unwrap();
                if live(&after) && expected_turn_job(&after, false, CHIP_BUDGET).cycles > LONG {
                    return Some((before, replay, after));
                }
            }
            None
        })
        .expect("a short block, then a long turn");
    let mut frames: Vec<(u8, Vec<u8>)> = (0..19)
        .map(|r| (op::JOB_LOAD, encode_load(0, before.board(), r)))
        .collect();
    let args = |g: &Game, put: bool| TurnArgs::of(g, put, CHIP_BUDGET).encode();
    let bad = |i: usize, v: u8| {
        let mut a = args(&g, true);
        a[i] = v;
        (op::JOB_START, a.to_vec())
    };
    frames.extend([
        (op::JOB_LOAD, vec![0, 3]),
        bad(1, 1),
        bad(3, 0),
        bad(10, 0x10),
        (op::JOB_START, args(&g, true).to_vec()),
        (op::JOB_POLL, vec![]),
        (op::JOB_RESULT, vec![]),
    ]);
    // The long turn: its start, a poll and the abort take fewer cycles than the turn (three
    // frames at the simulated divisor, about 2,000 cycles), so the abort finds it running.
    let abort_from = frames.len();
    frames.extend([
        (op::JOB_START, args(&after, false).to_vec()),
        (op::JOB_POLL, vec![]),
        (op::JOB_ABORT, vec![]),
    ]);
    let gap = frame_bytes(&frames).len() - frame_bytes(&frames[..abort_from]).len();
    let gap_cycles = gap * 10 * CoreParams::sim().divisor as usize;
    assert!(
        (gap_cycles as u64) < LONG,
        "the abort arrives {gap_cycles} cycles after the start: past the turn's end"
    );
    frames.extend([(op::JOB_POLL, vec![]), (op::JOB_RESULT, vec![])]);
    let stream = frame_bytes(&frames);
    let cycles = stream_cycles(&stream, 500);
    sim::harness::on_big_stack(move || {
        let mut core = gateware::connect6::Connect6ThreatCore::build(&CoreParams::sim());
        cosim_board_core("connect6_threat_core", &mut core, cycles, &stream);
    });
}

/// The chess core with one perft unit (`ChessCore`, four threads as four cores) on a stream
/// of `JOB_CORES`, perft jobs on two threads at once (their polls and results), a share of a
/// perft, a step job stepped (next, down, up) and read, starts and steps the core should
/// refuse (depth over the chip's, a share not above the leaves, a start on a core that may
/// still count; a step to a core that does not wait, a bad length, up at the root), and an
/// abort: the Verilog's answers equal the Rust simulation's, cycle by cycle. (What the
/// answers should be is checked against the model on the Verilator board,
/// `host/tests/chess_board.rs`; the walks are co-simulated on the blocks,
/// `sim/tests/chess_blocks.rs`.)
#[test]
fn chess_core_verilog() {
    use model::chess::protocol::{
        encode_share_start_on, encode_start_on, encode_step, encode_step_start_on,
    };
    use model::chess::search::Share;
    use model::chess::step::Step;
    use model::chess::Position;
    if !skip_unless_verilator("chess_core_verilog") {
        return;
    }
    let start = Position::start();
    let kiwi =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    let share = |ply, stride, offset| Share {
        ply,
        stride,
        offset,
    };
    let mut too_deep = encode_start_on(0, &start, 1).unwrap();
    too_deep[1 + model::chess::protocol::AT_DEPTH] = 16;
    let mut leaves_shared = encode_start_on(0, &start, 2).unwrap();
    leaves_shared[1 + model::chess::protocol::AT_SHARE] = 2;
    let frames: Vec<(u8, Vec<u8>)> = vec![
        (op::JOB_CORES, vec![]),
        (op::JOB_START, too_deep),
        (op::JOB_START, leaves_shared),
        (op::JOB_STEP, encode_step(1, Step::Next)),
        (op::JOB_START, encode_start_on(1, &start, 2).unwrap()),
        (op::JOB_START, encode_start_on(1, &start, 1).unwrap()),
        (
            op::JOB_START,
            encode_share_start_on(2, &kiwi, 2, share(1, 3, 1)).unwrap(),
        ),
        (op::JOB_POLL, vec![1]),
        (op::JOB_CORES, vec![]),
        (op::JOB_RESULT, vec![1]),
        (op::JOB_RESULT, vec![2]),
        (op::JOB_START, encode_step_start_on(3, &kiwi).unwrap()),
        (op::JOB_STEP, encode_step(3, Step::Up)),
        (op::JOB_STEP, vec![3]),
        (op::JOB_STEP, encode_step(3, Step::Next)),
        (op::JOB_RESULT, vec![3]),
        (op::JOB_STEP, encode_step(3, Step::Down)),
        (op::JOB_RESULT, vec![3]),
        (op::JOB_STEP, encode_step(3, Step::Up)),
        (op::JOB_RESULT, vec![3]),
        (op::JOB_ABORT, vec![3]),
        (op::JOB_START, encode_start_on(0, &kiwi, 3).unwrap()),
        (op::JOB_ABORT, vec![0]),
        (op::JOB_POLL, vec![0]),
        (op::JOB_CORES, vec![]),
    ];
    let stream = frame_bytes(&frames);
    let cycles = stream_cycles(&stream, 2_000);
    let mut core = gateware::chess::ChessCore::new(&CoreParams::sim());
    cosim_board_core("chess_core", &mut core, cycles, &stream);
}
