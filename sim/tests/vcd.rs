//! Waveforms of the simulated board: both backends write a VCD of the requested window, and
//! the two files show the same pins (the same design on the same stimulus) at the same times.

use gateware::Design;
use model::link::{op, Frame};
use sim::{BackendKind, SimBoard};
use std::path::Path;

/// The changes of the first top-level 1-bit signal called `name`: (time in ns, level). Also
/// returns the first and last timestamps (ns).
fn pin_changes(path: &Path, name: &str) -> (Vec<(u64, bool)>, u64, u64) {
    let text = std::fs::read_to_string(path).unwrap();
    let scale = if text.contains("$timescale 1 ps $end") {
        1000
    } else {
        assert!(
            text.contains("$timescale 1ns $end"),
            "timescale of {}",
            path.display()
        );
        1
    };
    let id = text
        .lines()
        .find_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            (w.len() >= 5 && w[0] == "$var" && w[2] == "1" && w[4] == name)
                .then(|| w[3].to_string())
        })
        .unwrap_or_else(|| panic!("no {name} in {}", path.display()));
    let (mut t, mut first, mut changes) = (0, None, Vec::new());
    for l in text.lines() {
        if let Some(ts) = l.strip_prefix('#') {
            t = ts.parse::<u64>().unwrap() / scale;
            first.get_or_insert(t);
        } else if let Some(rest) = l.strip_prefix('0').or_else(|| l.strip_prefix('1')) {
            if rest == id {
                changes.push((t, l.starts_with('1')));
            }
        }
    }
    (changes, first.unwrap(), t)
}

fn traced(kind: BackendKind, path: &Path, from: u64, cycles: u64) {
    let mut b = SimBoard::open(Design::Link, kind).unwrap();
    b.trace(path.to_path_buf(), from, cycles).unwrap();
    b.write(&Frame::new(1, op::ECHO, b"waves").unwrap().encode());
    b.run(6000).unwrap();
    assert_eq!(b.read().len(), 4 + 5 + 2, "the echo came back");
}

#[test]
fn both_backends_write_the_same_waveform() {
    let dir = std::env::temp_dir().join(format!("boardgate-vcd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (from, cycles) = (100, 3900);
    let mut runs = Vec::new();
    let mut kinds = vec![BackendKind::Rust];
    if sim::tools::require_verilator_backend("both_backends_write_the_same_waveform") {
        kinds.push(BackendKind::Verilator);
    }
    for kind in kinds {
        let path = dir.join(format!("{}.vcd", kind.name()));
        traced(kind, &path, from, cycles);
        let (tx, first, last) = pin_changes(&path, "uart_tx");
        let (rx, ..) = pin_changes(&path, "uart_rx");
        // The window: cycle `from` (10 ns each) to its end, nothing after.
        assert_eq!(first, 10 * from, "{}", kind.name());
        assert_eq!(last, 10 * (from + cycles), "{}", kind.name());
        // The echo went in and came out within the window.
        assert!(
            rx.iter().filter(|c| !c.1).count() >= 5,
            "{}: {rx:?}",
            kind.name()
        );
        assert!(
            tx.iter().filter(|c| !c.1).count() >= 5,
            "{}: {tx:?}",
            kind.name()
        );
        runs.push((kind, tx, rx));
    }
    if let [(_, tx_a, rx_a), (_, tx_b, rx_b)] = &runs[..] {
        // Initial values aside (dumped at the window's start), the same edges.
        assert_eq!(tx_a[1..], tx_b[1..], "uart_tx differs between the backends");
        assert_eq!(rx_a[1..], rx_b[1..], "uart_rx differs between the backends");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
