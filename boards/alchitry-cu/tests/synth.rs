//! Synthesis of the `link` design for the Alchitry Cu with the real tools (slow: about 30 s).
//! Runs only with `BOARDGATE_SYNTH=1`; the build directory is under Cargo's target tmp dir.

use board_alchitry_cu::AlchitryCu;
use std::path::Path;

#[test]
fn synth_link() {
    board_common::testing::check_synth_link(
        &AlchitryCu,
        AlchitryCu::tools().map(|t| t.yosys),
        "alchitry-cu.pcf",
        Path::new(env!("CARGO_TARGET_TMPDIR")),
    );
}
