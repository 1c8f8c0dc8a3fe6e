//! A fuzz harness that runs on stable Rust (no nightly, no libFuzzer): every parser and decoder
//! of user or line input is fed seeded mutations of valid inputs, and each must return (an
//! error is fine) without panicking and keep its own invariants. A panic is saved as a
//! regression case (`<target>-<hash>.bin`) that the tests replay for ever after.
//!
//! `cargo xtask fuzz --seconds N [--seed S]` runs it for as long as asked; `cargo test -p host
//! --test fuzz` runs a fixed number of inputs per target and replays the saved cases.

use crate::othello::engine::{EndgameSolver, Game, NBoard};
use model::link::{self, op, Decoder, Frame, Identity, JobStatus};
use model::link_device::{LinkCoreModel, LinkDevice};
use rand::{rngs::StdRng, Rng, SeedableRng};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// One fuzz target: a name, valid inputs to start from, and the code under test.
pub struct Target {
    pub name: &'static str,
    pub seeds: fn() -> Vec<Vec<u8>>,
    pub run: fn(&[u8]),
}

/// Every target.
pub fn targets() -> Vec<Target> {
    vec![
        Target {
            name: "link_decoder",
            seeds: frame_seeds,
            run: link_decoder,
        },
        Target {
            name: "link_device",
            seeds: frame_seeds,
            run: link_device,
        },
        Target {
            name: "payloads",
            seeds: payload_seeds,
            run: payloads,
        },
        Target {
            name: "obf",
            seeds: obf_seeds,
            run: obf,
        },
        Target {
            name: "fen",
            seeds: fen_seeds,
            run: fen,
        },
        Target {
            name: "uci",
            seeds: uci_seeds,
            run: uci,
        },
        Target {
            name: "sfen",
            seeds: sfen_seeds,
            run: sfen,
        },
        Target {
            name: "usi",
            seeds: usi_seeds,
            run: usi,
        },
        Target {
            name: "cloudict",
            seeds: cloudict_seeds,
            run: cloudict,
        },
        Target {
            name: "ggf",
            seeds: ggf_seeds,
            run: ggf,
        },
        Target {
            name: "nboard",
            seeds: nboard_seeds,
            run: nboard,
        },
    ]
}

/// Seeds written as text.
fn texts(seeds: &[&str]) -> Vec<Vec<u8>> {
    seeds.iter().map(|s| s.as_bytes().to_vec()).collect()
}

fn frame_seeds() -> Vec<Vec<u8>> {
    let f = |seq, opc, p: &[u8]| Frame::new(seq, opc, p).unwrap().encode();
    vec![
        f(1, op::IDENTIFY, &[]),
        f(2, op::ECHO, b"boardgate"),
        f(3, op::SESSION, &[1, 2, 3, 4]),
        f(4, op::JOB_START, &[0; 4]),
        [f(5, op::ECHO, &[link::SOF; 32]), f(6, op::JOB_POLL, &[])].concat(),
        [vec![link::SOF, 2], f(7, op::COUNTER, &[])].concat(),
    ]
}

/// The host's frame decoder: every frame it returns is CRC-valid and was in the input.
fn link_decoder(data: &[u8]) {
    let cut = data.first().map_or(0, |&b| b as usize % (data.len() + 1));
    let mut d = Decoder::new();
    let mut frames = d.push(&data[..cut]);
    frames.extend(d.push(&data[cut..]));
    for f in frames {
        let wire = f.encode();
        assert!(
            data.windows(wire.len()).any(|w| w == wire),
            "decoded a frame that is not in the input: {f:?}"
        );
    }
}

/// The device's reference model: every answer it sends is a valid frame.
fn link_device(data: &[u8]) {
    let id = Identity {
        name: "fuzz".into(),
        version: (0, 1, 0),
        max_payload: link::MAX_PAYLOAD as u8,
        clock_hz: 1_000_000,
        divisor: 16,
    };
    let mut dev = LinkDevice::new(id, LinkCoreModel::default());
    let mut out = Vec::new();
    for (i, &b) in data.iter().enumerate() {
        out.extend(dev.on_byte(b));
        if i % 37 == 36 {
            out.extend(dev.timeout());
        }
    }
    out.extend(dev.timeout());
    let mut dec = Decoder::new();
    let n = dec.push(&out).len();
    assert_eq!(
        dec.rejected, 0,
        "the device sent a frame that does not decode"
    );
    assert!(out.is_empty() || n > 0, "answer bytes but no frame");
}

fn payload_seeds() -> Vec<Vec<u8>> {
    let id = Identity {
        name: "othello".into(),
        version: (0, 1, 0),
        max_payload: 32,
        clock_hz: 30_000_000,
        divisor: 260,
    };
    vec![
        id.encode(),
        JobStatus {
            state: 2,
            progress: 12345,
        }
        .encode(),
        vec![2, 1, 0],
        vec![
            0x92, 0x06, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
        ],
        // A connect6 decision: 472 cycles, two stones with their modules.
        vec![0xd8, 1, 0, 0, 0, 0, 0, 0, 2, 9, 8, 1, 10, 8, 1],
    ]
}

/// Every payload decoder: an accepted payload re-encodes to itself where the type can.
fn payloads(data: &[u8]) {
    if let Ok(id) = Identity::decode(data) {
        assert_eq!(id.encode(), data, "IDENTIFY payload does not round-trip");
    }
    if let Ok(st) = JobStatus::decode(data) {
        assert_eq!(st.encode(), data, "job status does not round-trip");
    }
    let _ = link::decode_cores(data);
    if let Ok(r) = model::othello::protocol::decode_result(data) {
        assert!(r.score.abs() <= 64, "score out of range: {}", r.score);
    }
    if let Ok(r) = model::connect6::protocol::decode_result(data) {
        assert!(
            (1..=2).contains(&r.stones.len()) && r.cycles < 1 << 48,
            "a connect6 result of {} stones, {} cycles",
            r.stones.len(),
            r.cycles
        );
    }
}

fn obf_seeds() -> Vec<Vec<u8>> {
    texts(&[
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X ; G8:+18",
        "---------------------------OX------XO--------------------------- O",
    ])
}

/// OBF position lines: an accepted position prints and parses back to itself.
fn obf(data: &[u8]) {
    let line = String::from_utf8_lossy(data);
    if let Ok(p) = model::othello::obf::parse_position(&line) {
        let again = model::othello::obf::parse_position(&p.to_obf()).expect("own OBF");
        assert_eq!(again.to_obf(), p.to_obf(), "OBF does not round-trip");
    }
}

fn fen_seeds() -> Vec<Vec<u8>> {
    texts(&[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
    ])
}

/// Chess FEN: an accepted position prints a FEN that parses back to it, and its moves are
/// generated and played without panicking.
fn fen(data: &[u8]) {
    use model::chess::{legal_moves, Position};
    if let Ok(p) = Position::from_fen(&String::from_utf8_lossy(data)) {
        assert_eq!(
            Position::from_fen(&p.fen()).as_ref(),
            Ok(&p),
            "FEN round trip"
        );
        for m in legal_moves(&p) {
            let _ = p.play(m).fen();
        }
    }
}

fn uci_seeds() -> Vec<Vec<u8>> {
    texts(&[
        "uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5 g1f3\ngo depth 2\ngo perft 2\n",
        "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 moves e1g1\ngo movetime 1\nquit\n",
    ])
}

/// UCI lines: no reply carries a control character. Searches are stopped at their first
/// check and perft is kept shallow, so the fuzzer's time goes to the parsing.
fn uci(data: &[u8]) {
    crate::search::fuzz_lines(&mut crate::chess::engine::Uci::default(), data, 2);
}

fn sfen_seeds() -> Vec<Vec<u8>> {
    texts(&[
        model::shogi::START_SFEN,
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        "sfen 7nk/7p1/8G/9/9/9/9/9/4K4 b P 1",
    ])
}

/// Shogi SFEN: an accepted position prints an SFEN that parses back to it, and its moves are
/// generated and played, with the paper's board data and cover table, without panicking.
fn sfen(data: &[u8]) {
    use model::shogi::piece_data::{cover_table, BoardData};
    use model::shogi::{legal_moves, Position};
    if let Ok(p) = Position::from_sfen(&String::from_utf8_lossy(data)) {
        assert_eq!(
            Position::from_sfen(&p.sfen()).as_ref(),
            Ok(&p),
            "SFEN round trip"
        );
        let b = BoardData::from_position(&p);
        let _ = cover_table(&b);
        for m in legal_moves(&p) {
            let _ = p.play(m).sfen();
            let _ = b.play(m);
        }
    }
}

fn usi_seeds() -> Vec<Vec<u8>> {
    texts(&[
        "usi\nisready\nusinewgame\nposition startpos moves 7g7f 3c3d 8h2b+\ngo depth 1\ngo perft 1\n",
        "position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves G*5b\ngo btime 10 wtime 10 byoyomi 1\nquit\n",
        "position 7nk/7p1/8G/9/9/9/9/9/4K4 b P 1\ngo mate 100\nsetoption name USI_Hash value 1\n",
    ])
}

/// USI lines: no reply carries a control character. Searches are stopped at their first
/// check and perft is kept to depth 1, so the fuzzer's time goes to the parsing.
fn usi(data: &[u8]) {
    crate::search::fuzz_lines(&mut crate::shogi::engine::Usi::default(), data, 1);
}

fn cloudict_seeds() -> Vec<Vec<u8>> {
    texts(&[
        "name\nnew black\nmove KKLL\nnext\nprint\nquit\n",
        "new white\nmove JJJJ\nblack KLLK\ndepth 4\nvcf\nunvcf\nhelp\n",
        "black JJ\nwhite jkkj\nmove AASS\nmove ZZ\nnew red\r\n",
    ])
}

/// Cloudict lines (the Connect6 engine's): no reply carries a control character.
fn cloudict(data: &[u8]) {
    let player = Box::new(model::connect6::baseline::Baseline::new(0));
    crate::search::fuzz_lines(&mut crate::connect6::engine::Cloudict::new(player), data, 0);
}

fn ggf_seeds() -> Vec<Vec<u8>> {
    vec![
        b"(;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[5:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[d3]W[c5];)".to_vec(),
    ]
}

/// GGF game records (NBoard's `set game`).
fn ggf(data: &[u8]) {
    let _ = Game::from_ggf(&String::from_utf8_lossy(data));
}

fn nboard_seeds() -> Vec<Vec<u8>> {
    texts(&[
        "nboard 2\nset depth 4\nping 1\ngo\nmove d3\nhint 2\nquit\n",
        "set game (;GM[Othello]BO[8 --XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- *];)\ngo\n",
    ])
}

/// Solves with the model, only tiny endgames (the fuzzer's time goes to the parser).
struct TinySolver;
impl EndgameSolver for TinySolver {
    fn solve(&mut self, p: u64, o: u64) -> anyhow::Result<(i32, Option<u32>)> {
        let r = model::othello::search::solve(p, o, model::othello::search::MoveOrder::Paper);
        Ok((r.score, r.best))
    }
}

/// NBoard protocol lines: no reply carries a control character or a line break.
fn nboard(data: &[u8]) {
    let mut nb = NBoard::new(TinySolver, 6);
    for line in String::from_utf8_lossy(data).split('\n') {
        let Some(out) = nb.handle(line) else { break };
        for l in out {
            assert!(!l.chars().any(char::is_control), "reply {l:?}");
        }
    }
}

/// One mutation of `input`: bit flips, byte changes to interesting values, inserts, deletes,
/// duplicated runs, or a splice with another seed.
pub fn mutate(r: &mut StdRng, input: &[u8], seeds: &[Vec<u8>]) -> Vec<u8> {
    const INTERESTING: [u8; 8] = [link::SOF, 0, 0xFF, 0x20, 0x21, b'\n', b'\r', 0x80];
    let mut v = input.to_vec();
    for _ in 0..r.gen_range(1..=4) {
        let n = v.len();
        match r.gen_range(0..7) {
            0 if n > 0 => {
                let k = r.gen_range(0..n);
                v[k] ^= 1 << r.gen_range(0..8);
            }
            1 if n > 0 => {
                let k = r.gen_range(0..n);
                v[k] = INTERESTING[r.gen_range(0..INTERESTING.len())];
            }
            2 => {
                let k = r.gen_range(0..=n);
                v.insert(k, r.gen());
            }
            3 if n > 0 => {
                v.remove(r.gen_range(0..n));
            }
            4 if n > 1 => {
                let a = r.gen_range(0..n);
                let b = r.gen_range(a..n.min(a + 16) + 1).min(n);
                let run = v[a..b].to_vec();
                let k = r.gen_range(0..=v.len());
                v.splice(k..k, run);
            }
            5 => {
                let other = &seeds[r.gen_range(0..seeds.len())];
                let k = r.gen_range(0..=n);
                let j = r.gen_range(0..=other.len());
                v.truncate(k);
                v.extend_from_slice(&other[j..]);
            }
            _ => {
                let k = r.gen_range(0..=n);
                v.truncate(k);
            }
        }
    }
    v.truncate(4096);
    v
}

/// A panic found, saved as a regression case.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Crash {
    pub target: &'static str,
    pub file: PathBuf,
    pub message: String,
}

/// What a fuzz run did (the `--json` output of `cargo xtask fuzz`).
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct FuzzReport {
    pub seed: u64,
    pub seconds: f64,
    /// Inputs run, per target name.
    pub inputs: Vec<(&'static str, u64)>,
    pub crashes: Vec<Crash>,
}

/// Runs `input` on `target`; the panic message if it panicked.
pub fn run_one(target: &Target, input: &[u8]) -> Option<String> {
    catch_unwind(AssertUnwindSafe(|| (target.run)(input)))
        .err()
        .map(|e| {
            e.downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "panic".into())
        })
}

/// File name of a regression case: the target and a hash of the input.
pub fn case_name(target: &str, input: &[u8]) -> String {
    let h = input.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    });
    format!("{target}-{h:016x}.bin")
}

/// When to stop a fuzz run.
#[derive(Clone, Copy, Debug)]
pub enum Budget {
    /// Wall-clock seconds over all targets (split evenly).
    Seconds(f64),
    /// Inputs per target (deterministic, for tests).
    Inputs(u64),
}

/// Fuzzes every target from `seed` within `budget`; panicking inputs are written to
/// `save_dir`. The panic hook is silenced while fuzzing (the message goes into the report).
pub fn fuzz(budget: Budget, seed: u64, save_dir: &Path) -> anyhow::Result<FuzzReport> {
    let targets = targets();
    let start = Instant::now();
    let mut report = FuzzReport {
        seed,
        ..Default::default()
    };
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let per_target = match budget {
        Budget::Seconds(s) => s / targets.len() as f64,
        Budget::Inputs(_) => f64::INFINITY,
    };
    for (k, t) in targets.iter().enumerate() {
        let mut r = StdRng::seed_from_u64(seed ^ (k as u64) << 32);
        let seeds = (t.seeds)();
        let t0 = Instant::now();
        let mut n = 0u64;
        loop {
            match budget {
                Budget::Inputs(max) if n >= max => break,
                Budget::Seconds(_) if t0.elapsed().as_secs_f64() >= per_target => break,
                _ => {}
            }
            let base = &seeds[r.gen_range(0..seeds.len())];
            let input = if n < seeds.len() as u64 {
                seeds[n as usize].clone()
            } else {
                mutate(&mut r, base, &seeds)
            };
            n += 1;
            if let Some(message) = run_one(t, &input) {
                std::fs::create_dir_all(save_dir)?;
                let file = save_dir.join(case_name(t.name, &input));
                std::fs::write(&file, &input)?;
                report.crashes.push(Crash {
                    target: t.name,
                    file,
                    message,
                });
            }
        }
        report.inputs.push((t.name, n));
    }
    std::panic::set_hook(hook);
    report.seconds = start.elapsed().as_secs_f64();
    Ok(report)
}

/// Replays the saved regression cases in `dir`: (file, panic message) for each that panics.
pub fn replay(dir: &Path) -> anyhow::Result<Vec<(PathBuf, String)>> {
    let targets = targets();
    let mut failed = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(failed);
    };
    for e in entries {
        let path = e?.path();
        if path.extension().is_none_or(|x| x != "bin") {
            continue;
        }
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let Some(t) = targets
            .iter()
            .find(|t| name.starts_with(&format!("{}-", t.name)))
        else {
            anyhow::bail!("{}: no fuzz target of that name", path.display());
        };
        let input = std::fs::read(&path)?;
        if let Some(m) = run_one(t, &input) {
            failed.push((path, m));
        }
    }
    Ok(failed)
}
