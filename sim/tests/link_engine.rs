//! The link engine alone with a core that answers late: `CORE_TIMEOUT` exactly when the core
//! needs more than `CORE_ANSWER_CYCLES`, against the reference model's rule
//! (`CoreModel::answer_cycles`), byte for byte.

use gateware::common::link_engine::{bits_to_bytes, bytes_to_bits, LinkEngine};
use model::link::{self, op, Frame, Identity};
use model::link_device::{CoreAnswer, CoreModel, LinkDevice};
use rand::{rngs::StdRng, Rng, SeedableRng};
use rust_hdl::prelude::*;
use sim::harness::{cycle, settle};

const SEED: u64 = 0x11c0_0002;
/// Clock cycles between received bytes (a fast UART).
const BYTE_GAP: u64 = 20;

/// A core that echoes the payload after as many cycles as its first two bytes say (u16 LE).
struct SlowCore;

fn latency(p: &[u8]) -> u64 {
    u16::from_le_bytes([p[0], p[1]]) as u64
}

impl CoreModel for SlowCore {
    fn command(&mut self, _op: u8, payload: &[u8]) -> CoreAnswer {
        Ok(payload.to_vec())
    }
    fn answer_cycles(&self, _op: u8, payload: &[u8]) -> u64 {
        latency(payload)
    }
}

fn identity() -> Identity {
    Identity {
        name: "slow".into(),
        version: (0, 1, 0),
        max_payload: link::MAX_PAYLOAD as u8,
        clock_hz: 1_000_000,
        divisor: 8,
    }
}

/// Drives the engine with `bytes` (one every BYTE_GAP cycles), plays the slow core, and
/// returns every byte the engine sends until it has been idle for a while.
fn run(uut: &mut LinkEngine, bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut answer_at: Option<(u64, Vec<u8>)> = None;
    let mut t = 0u64;
    let mut idle = 0u64;
    let mut next = 0usize;
    while idle < 3000 {
        let feeding = next < bytes.len() && t.is_multiple_of(BYTE_GAP);
        uut.rx_valid.next = feeding;
        uut.rx_data.next = (if feeding { bytes[next] } else { 0 } as u64).into();
        if feeding {
            next += 1;
        }
        uut.tx_ready.next = true;
        uut.rsp_valid.next = false;
        settle(uut).unwrap();
        if uut.cmd_valid.val() {
            let p = bits_to_bytes(uut.cmd_payload.val(), uut.cmd_len.val().index());
            answer_at = Some((t + latency(&p), p));
        }
        if let Some((at, p)) = &answer_at {
            if *at == t {
                uut.rsp_valid.next = true;
                uut.rsp_error.next = false;
                uut.rsp_len.next = (p.len() as u64).into();
                uut.rsp_payload.next = bytes_to_bits(p);
                answer_at = None;
                settle(uut).unwrap();
            }
        }
        if uut.tx_start.val() {
            out.push(uut.tx_data.val().to_u64() as u8);
            idle = 0;
        } else if next == bytes.len() {
            idle += 1;
        }
        cycle(uut, |u| &mut u.clock).unwrap();
        t += 1;
    }
    out
}

#[test]
fn core_timeout_exactly_past_core_answer_cycles() {
    println!("seed {SEED:#x}");
    let mut r = StdRng::seed_from_u64(SEED);
    let mut uut = LinkEngine::new(&identity(), 200 * 8);
    uut.connect_all();
    let mut model = LinkDevice::new(identity(), SlowCore);
    let limit = link::CORE_ANSWER_CYCLES;
    let mut lat: Vec<u64> = vec![0, 1, 2, limit - 1, limit, limit + 1, limit + 2, 3000];
    lat.extend((0..12).map(|_| r.gen_range(0..2 * limit)));
    let (mut timeouts, mut answered) = (0, 0);
    for (i, &l) in lat.iter().enumerate() {
        let mut payload = (l as u16).to_le_bytes().to_vec();
        payload.push(r.gen());
        let f = Frame::new(i as u8, op::ECHO, &payload).unwrap().encode();
        let got = run(&mut uut, &f);
        let want: Vec<u8> = f.iter().flat_map(|&b| model.on_byte(b)).collect();
        assert_eq!(got, want, "latency {l}");
        let a = &link::Decoder::new().push(&got)[0];
        if l > limit {
            assert_eq!(
                a.error(),
                Some((link::err::CORE_TIMEOUT, op::ECHO)),
                "latency {l}"
            );
            timeouts += 1;
        } else {
            assert_eq!(a.payload, payload, "latency {l}");
            answered += 1;
        }
    }
    println!("{answered} answered, {timeouts} timed out");
}
