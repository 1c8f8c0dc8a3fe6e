//! Synthesis of the `link` design for the Alchitry Cu with the real tools (slow: about 30 s).
//! Runs only with `BOARDGATE_SYNTH=1`; the build directory is under Cargo's target tmp dir.

use std::path::Path;

use board_alchitry_cu::AlchitryCu;
use board_common::testing::{synth_enabled, tool_or_skip, SYNTH_ENV};
use board_common::{Board, SynthReport, DEFAULT_BAUD};
use gateware::Design;

#[test]
fn synth_link() {
    if !synth_enabled() {
        eprintln!("skipping synth_link: set {SYNTH_ENV}=1 to run synthesis");
        return;
    }
    if tool_or_skip("synth_link", AlchitryCu::tools().map(|t| t.yosys)).is_none() {
        return;
    }
    let build = AlchitryCu.build(Design::Link, DEFAULT_BAUD).unwrap();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("synth-alchitry-cu-link");
    let report = AlchitryCu.synth(&build, &dir).unwrap();
    println!("{}", report.summary_line());
    for file in [
        "top.v",
        "alchitry-cu.pcf",
        "commands.sh",
        "yosys.log",
        "nextpnr.log",
    ] {
        assert!(
            dir.join(file).is_file(),
            "{file} missing in {}",
            dir.display()
        );
    }
    assert_eq!(SynthReport::read(&dir.join("report.json")).unwrap(), report);
    assert!(Path::new(&report.bitstream).is_file());
    assert!(report.passed(), "{}", report.summary_line());
}
