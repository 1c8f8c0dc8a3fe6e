//! UART receiver and transmitter against a software UART: several divisors (16 clocks per bit
//! included), bytes 0x00/0xFF/0x55/0xAA and random ones, a sender up to 3% fast and slow, the
//! simulated board with the host 3% off in both directions,
//! framing errors, glitches and an idle line.

use gateware::common::{UartRx, UartTx};
use rand::{Rng, SeedableRng};
use rust_hdl::prelude::*;
use sim::harness::{cycle, serial_level, settle};

const SEED: u64 = 0x0a27_0001;

fn edge_bytes(rng: &mut impl Rng, n: usize) -> Vec<u8> {
    let mut v = vec![0x00, 0xFF, 0x55, 0xAA, 0x01, 0x80];
    v.extend((0..n).map(|_| rng.gen::<u8>()));
    v
}

/// Feeds a level sequence into a receiver; returns (bytes, framing errors).
fn receive(divisor: u32, levels: impl Fn(u64) -> Option<bool>, tail: u64) -> (Vec<u8>, u32) {
    let mut rx = UartRx::new(divisor);
    rx.connect_all();
    rx.rx.next = true;
    let (mut got, mut ferr) = (Vec::new(), 0);
    let mut t = 0u64;
    let mut idle_after = None;
    loop {
        let level = levels(t);
        if level.is_none() && idle_after.is_none() {
            idle_after = Some(t);
        }
        if let Some(start) = idle_after {
            if t > start + tail {
                break;
            }
        }
        rx.rx.next = level.unwrap_or(true);
        settle(&mut rx).unwrap();
        if rx.valid.val() {
            got.push(rx.data.val().to_u64() as u8);
        }
        if rx.framing_error.val() {
            ferr += 1;
        }
        cycle(&mut rx, |r| &mut r.clock).unwrap();
        t += 1;
    }
    (got, ferr)
}

#[test]
fn receiver_at_several_divisors_and_baud_errors() {
    println!("seed {SEED:#x}");
    let mut rng = rand::rngs::StdRng::seed_from_u64(SEED);
    for divisor in [16u32, 17, 25, 100] {
        for error in [-0.03f64, -0.02, 0.0, 0.02, 0.03] {
            let bytes = edge_bytes(&mut rng, 24);
            let bit = divisor as f64 / (1.0 + error);
            let (got, ferr) = receive(
                divisor,
                |t| serial_level(&bytes, bit, t),
                3 * divisor as u64,
            );
            assert_eq!(
                got, bytes,
                "divisor {divisor}, sender error {error:+} (seed {SEED:#x})"
            );
            assert_eq!(
                ferr, 0,
                "divisor {divisor}, sender error {error:+}: framing errors"
            );
        }
    }
}

#[test]
fn receiver_reports_framing_error_and_recovers() {
    let d = 16u32;
    // 0x55 with a low stop bit (and 3 more low bit times), then high, then a good 0xA5.
    let mut levels: Vec<bool> = sim::harness::uart_levels(0x55).to_vec();
    levels[9] = false;
    levels.extend([false, false, false, true, true]);
    levels.extend(sim::harness::uart_levels(0xA5));
    let (got, ferr) = receive(
        d,
        |t| levels.get((t / d as u64) as usize).copied(),
        3 * d as u64,
    );
    assert_eq!(ferr, 1, "one framing error");
    assert_eq!(
        got,
        vec![0xA5],
        "the byte after the break is received, the bad one is not"
    );
}

#[test]
fn idle_line_and_glitches_produce_no_byte() {
    let d = 16u64;
    let (got, ferr) = receive(16, |t| if t < 20_000 { Some(true) } else { None }, 0);
    assert!(got.is_empty() && ferr == 0, "idle line produced {got:?}");
    // Low pulses shorter than half a bit are glitches, not start bits.
    let (got, ferr) = receive(
        16,
        |t| {
            if t >= 4000 {
                None
            } else {
                Some(t % 400 >= d / 2 - 2)
            }
        },
        2 * d,
    );
    assert!(
        got.is_empty() && ferr == 0,
        "glitches produced {got:?} / {ferr} framing errors"
    );
}

#[test]
fn transmitter_bit_timing_and_round_trip() {
    println!("seed {SEED:#x}");
    let mut rng = rand::rngs::StdRng::seed_from_u64(SEED + 1);
    for divisor in [16u32, 23, 100] {
        let bytes = edge_bytes(&mut rng, 16);
        let mut tx = UartTx::new(divisor);
        let mut rx = UartRx::new(divisor);
        tx.connect_all();
        rx.connect_all();
        let mut next = 0;
        let mut levels = Vec::new();
        let mut got = Vec::new();
        for _ in 0..(bytes.len() as u64 + 2) * 10 * divisor as u64 {
            tx.start.next = next < bytes.len();
            tx.data.next = (*bytes.get(next).unwrap_or(&0) as u64).into();
            settle(&mut tx).unwrap();
            if tx.start.val() && tx.ready.val() {
                next += 1;
            }
            levels.push(tx.tx.val());
            rx.rx.next = tx.tx.val();
            settle(&mut rx).unwrap();
            if rx.valid.val() {
                got.push(rx.data.val().to_u64() as u8);
            }
            cycle(&mut tx, |t| &mut t.clock).unwrap();
            cycle(&mut rx, |r| &mut r.clock).unwrap();
        }
        assert_eq!(got, bytes, "loopback at divisor {divisor}");
        // The transmitted line is exactly the ideal back-to-back waveform.
        let first = levels.iter().position(|&l| !l).unwrap();
        for (t, &l) in levels[first..].iter().enumerate() {
            let want = serial_level(&bytes, divisor as f64, t as u64).unwrap_or(true);
            assert_eq!(
                l, want,
                "divisor {divisor}: line level at cycle {t} after the first start bit"
            );
        }
    }
}

/// The simulated board with the host's UART 3% fast and 3% slow, both directions: every echo
/// comes back whole (the device's receiver takes the host's bits, the host's sampler the
/// device's).
#[test]
fn board_round_trip_with_host_3_percent_off() {
    use gateware::Design;
    use model::link::{op, Frame};
    use sim::{BackendKind, SimBoard};
    let mut rng = rand::rngs::StdRng::seed_from_u64(SEED + 7);
    for error in [-0.03, 0.03] {
        let mut b = SimBoard::open(Design::Link, BackendKind::default_available()).unwrap();
        b.set_host_baud_error(error);
        for seq in 0..12u8 {
            let mut payload = edge_bytes(&mut rng, 32);
            payload.truncate(model::link::MAX_PAYLOAD);
            b.write(&Frame::new(seq, op::ECHO, &payload).unwrap().encode());
            assert!(b.run_until_quiet(40, 200_000).unwrap());
            let want = Frame::new(seq, op::ECHO | model::link::RESPONSE, &payload)
                .unwrap()
                .encode();
            assert_eq!(
                b.read(),
                want,
                "host {error:+}: echo {seq} (seed {SEED:#x})"
            );
        }
        assert_eq!(b.tx_framing_errors, 0, "host {error:+}");
    }
}
