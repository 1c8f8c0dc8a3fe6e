//! Synthesis of the `link` design for the ULX3S with the real tools (slow: about 1 min).
//! Runs only with `BOARDGATE_SYNTH=1`; the build directory is under Cargo's target tmp dir.

use std::path::Path;

use board_common::testing::{synth_enabled, tool_or_skip, SYNTH_ENV};
use board_common::{Board, SynthReport, DEFAULT_BAUD};
use board_ulx3s::Ulx3s;
use gateware::Design;

#[test]
fn synth_link() {
    if !synth_enabled() {
        eprintln!("skipping synth_link: set {SYNTH_ENV}=1 to run synthesis");
        return;
    }
    if tool_or_skip("synth_link", Ulx3s::tools().map(|t| t.yosys)).is_none() {
        return;
    }
    let build = Ulx3s.build(Design::Link, DEFAULT_BAUD).unwrap();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("synth-ulx3s-link");
    let report = Ulx3s.synth(&build, &dir).unwrap();
    println!("{}", report.summary_line());
    for file in [
        "top.v",
        "ulx3s.lpf",
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
