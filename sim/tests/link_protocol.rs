//! The link engine + `link` core on the simulated board against the protocol model
//! (`model::link_device`), byte for byte, on a seeded stream of requests with injected faults
//! (flipped bits, dropped, duplicated and garbage bytes with and without SOF bytes, truncated
//! frames, repeated sequence numbers, frames sent back to back with no quiet gap, so that
//! bytes arrive while the device is answering). Run on both backends with the same bytes.

use gateware::{CoreParams, Design};
use model::link::{self, err, op, Frame, Identity};
use model::link_device::{LinkCoreModel, LinkDevice};
use rand::{rngs::StdRng, Rng, SeedableRng};
use sim::{BackendKind, SimBoard};

const SEED: u64 = 0x11c0_0001;

/// Requests whose answers do not depend on time (the counter and a started job do).
fn request(r: &mut StdRng, seq: u8) -> Vec<u8> {
    let (opc, payload): (u8, Vec<u8>) = match r.gen_range(0..9) {
        0 => (op::IDENTIFY, vec![]),
        1 => (op::IDENTIFY, vec![1]),
        8 => {
            let n = if r.gen_bool(0.8) {
                link::SESSION_NONCE_LEN
            } else {
                r.gen_range(0..8)
            };
            (op::SESSION, (0..n).map(|_| r.gen()).collect())
        }
        2 | 3 => {
            let n = r.gen_range(0..=link::MAX_PAYLOAD);
            (op::ECHO, (0..n).map(|_| r.gen()).collect())
        }
        4 => (op::COUNTER, vec![0; r.gen_range(1..4)]),
        5 => (
            [op::JOB_POLL, op::JOB_ABORT, op::JOB_RESULT][r.gen_range(0..3)],
            vec![],
        ),
        6 => (op::JOB_START, vec![0; 3]),
        _ => (r.gen_range(0x20..0x7f), vec![r.gen()]),
    };
    Frame::new(seq, opc, &payload).unwrap().encode()
}

#[derive(Default, Debug)]
struct Counts {
    frames: u64,
    faults: u64,
    answers: u64,
    errors: u64,
    back_to_back: u64,
}

/// Applies at most one fault to one frame.
fn fault(r: &mut StdRng, f: &mut Vec<u8>, c: &mut Counts) {
    match r.gen_range(0..11) {
        0 => {
            let k = r.gen_range(0..f.len());
            f[k] ^= 1 << r.gen_range(0..8);
        }
        1 => {
            f.remove(r.gen_range(0..f.len()));
        }
        2 => {
            let k = r.gen_range(0..f.len());
            f.insert(k, f[k]);
        }
        3 => f.truncate(r.gen_range(1..f.len())),
        4 => {
            // Garbage before the frame, without a start-of-frame byte.
            let g: Vec<u8> = (0..r.gen_range(1..6))
                .map(|_| r.gen_range(0..=255u8))
                .filter(|&b| b != link::SOF)
                .collect();
            f.splice(0..0, g);
        }
        5 => {
            // Garbage with SOF bytes right before the frame: a lone SOF, SOF + a length
            // (which swallows the real frame's first bytes), or SOF + an impossible length.
            let g = match r.gen_range(0..3) {
                0 => vec![link::SOF],
                1 => vec![link::SOF, r.gen_range(0..=link::MAX_PAYLOAD as u8)],
                _ => vec![r.gen(), link::SOF, r.gen_range(0x21..=0xFF)],
            };
            f.splice(0..0, g);
        }
        _ => return,
    }
    c.faults += 1;
}

fn run(kind: BackendKind, frames: usize) {
    println!("seed {SEED:#x}, backend {}", kind.name());
    let mut r = StdRng::seed_from_u64(SEED);
    let mut board = SimBoard::open(Design::Link, kind).unwrap();
    let p = CoreParams::sim();
    let identity = Identity {
        name: "link".into(),
        version: gateware::design::version(),
        max_payload: link::MAX_PAYLOAD as u8,
        clock_hz: p.clock_hz,
        divisor: p.divisor as u16,
    };
    let mut model = LinkDevice::new(identity, LinkCoreModel::default());
    let mut c = Counts::default();
    let mut seq = 0u8;
    let mut last = Vec::new();
    let mut sent: Vec<u8> = Vec::new();
    let mut want: Vec<u8> = Vec::new();
    for i in 0..frames {
        // A repeated sequence number now and then (a host retry).
        let mut f = if i > 0 && r.gen_bool(0.15) {
            last.clone()
        } else {
            seq = seq.wrapping_add(1);
            request(&mut r, seq)
        };
        last = f.clone();
        fault(&mut r, &mut f, &mut c);
        c.frames += 1;
        board.write(&f);
        want.extend(f.iter().flat_map(|&b| model.on_byte(b)));
        sent.extend(&f);
        // Now and then the next frame follows with no quiet gap: it arrives while the device
        // decodes or answers this one.
        if i + 1 < frames && r.gen_bool(0.2) {
            c.back_to_back += 1;
            continue;
        }
        assert!(
            board
                .run_until_quiet(
                    link::RX_TIMEOUT_BIT_TIMES + 30,
                    100 * link::MAX_FRAME as u64 * 10 * 16
                )
                .unwrap(),
            "device never went quiet after frame {i} (seed {SEED:#x})"
        );
        let got = board.read();
        want.extend(model.timeout());
        assert_eq!(
            got,
            want,
            "answers to the bytes {sent:02x?} (up to frame {i}) differ from the model (seed {SEED:#x}, {})",
            kind.name()
        );
        for a in link::Decoder::new().push(&got) {
            c.answers += 1;
            if a.op == op::ERROR {
                c.errors += 1;
            }
        }
        sent.clear();
        want.clear();
    }
    println!("{}: {c:?}", kind.name());
    assert!(c.answers > frames as u64 / 3 && c.errors > 0 && c.faults > 0);
    let _ = err::BAD_CRC;
}

#[test]
fn device_matches_model_under_faults_verilator() {
    if !sim::tools::require_verilator_backend("device_matches_model_under_faults_verilator") {
        return;
    }
    run(BackendKind::Verilator, 3000);
}

#[test]
fn device_matches_model_under_faults_rust() {
    run(BackendKind::Rust, 120);
}
