//! Synthesis of the `link` design for the ULX3S with the real tools (slow: about 1 min).
//! Runs only with `BOARDGATE_SYNTH=1`; the build directory is under Cargo's target tmp dir.

use board_ulx3s::Ulx3s;
use std::path::Path;

#[test]
fn synth_link() {
    board_common::testing::check_synth_link(
        &Ulx3s,
        Ulx3s::tools().map(|t| t.yosys),
        "ulx3s.lpf",
        Path::new(env!("CARGO_TARGET_TMPDIR")),
    );
}
