//! The fuzz harness (`host::fuzz`) in the test suite: the saved regression cases must not
//! panic any more, and a fixed, seeded number of mutated inputs per target finds no panic.
//! `cargo xtask fuzz --seconds N` runs it for longer.

use host::fuzz::{fuzz, replay, Budget};
use std::path::Path;

const SEED: u64 = 0xf022_0001;

fn cases() -> &'static Path {
    Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fuzz-regressions"
    ))
}

#[test]
fn saved_cases_do_not_panic() {
    let failed = replay(cases()).unwrap();
    assert!(
        failed.is_empty(),
        "regression cases panic again: {failed:?}"
    );
}

#[test]
fn seeded_fuzzing_finds_no_panic() {
    println!("seed {SEED:#x}");
    let dir = std::env::temp_dir().join(format!("boardgate-fuzz-{}", std::process::id()));
    let r = fuzz(Budget::Inputs(20_000), SEED, &dir).unwrap();
    println!("{:?}", r.inputs);
    assert!(
        r.crashes.is_empty(),
        "panics (inputs saved; copy them to {}): {:#?}",
        cases().display(),
        r.crashes
    );
}
