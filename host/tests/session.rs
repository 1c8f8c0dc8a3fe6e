//! Host restarts against a board that stays powered: a new host process must never get an
//! answer the device cached for an earlier one, even when its sequence numbers are the same
//! as the previous process's (the device caches one answer; `Link` opens every session with
//! a `SESSION` nonce). Against the reference device model (thousands of restarts) and the
//! simulated board.

use gateware::Design;
use host::{Link, ModelTransport, SimTransport, Transport};
use model::link::{self, Identity};
use model::link_device::{LinkCoreModel, LinkDevice};
use rand::{rngs::StdRng, Rng, SeedableRng};
use sim::{BackendKind, SimBoard};

const SEED: u64 = 0x5e55_0001;

/// One host process: opens a link (starting at `first_seq` when given), reads the counter
/// and returns it with the sequence number it ended at.
fn session<T: Transport>(t: T, first_seq: Option<u8>) -> (T, u64) {
    let mut l = Link::new(t);
    if let Some(s) = first_seq {
        l = l.with_first_seq(s);
    }
    let c = l.counter().expect("COUNTER");
    (l.transport, c)
}

#[test]
fn thousands_of_restarts_against_the_model_get_no_stale_answer() {
    println!("seed {SEED:#x}");
    let mut r = StdRng::seed_from_u64(SEED);
    let id = Identity {
        name: "link".into(),
        version: (0, 1, 0),
        max_payload: link::MAX_PAYLOAD as u8,
        clock_hz: 1_000_000,
        divisor: 16,
    };
    let mut t = ModelTransport::new(LinkDevice::new(id, LinkCoreModel::default()));
    let (mut stale, mut colliding) = (0, 0);
    for i in 0..5000u32 {
        t.device.core.advance(1 + r.gen_range(0..1000));
        let now = t.device.core.now;
        // Every other process reuses the sequence numbers of the one before (the worst case:
        // its first request has the SEQ of the cached answer); the rest start at random.
        let first = if i % 2 == 0 {
            colliding += 1;
            Some(0x42)
        } else {
            None
        };
        let (back, c) = session(t, first);
        t = back;
        if c != now {
            stale += 1;
        }
    }
    println!("5000 restarts ({colliding} with colliding sequence numbers): {stale} stale answers");
    assert_eq!(stale, 0);
}

#[test]
fn restarts_on_the_simulated_board_get_no_stale_answer() {
    let kind = BackendKind::default_available();
    let mut t = SimTransport::new(SimBoard::open(Design::Link, kind).unwrap());
    let mut last = 0;
    for i in 0..40 {
        // Every process starts at the same sequence number: each one's first request has the
        // SEQ of the previous one's last (cached) answer.
        let (back, c) = session(t, Some(7));
        t = back;
        assert!(
            c > last,
            "restart {i}: counter {c} after {last}: a stale answer"
        );
        last = c;
    }
}
