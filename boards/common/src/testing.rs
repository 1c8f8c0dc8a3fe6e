//! Helpers for board tests that need external tools.
//!
//! The rule: a test may skip (printing why) when a tool is missing, unless the environment
//! variable `CI` is `true`, where a missing tool fails the test.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};

use crate::tools::find_tool;

/// Environment variable that enables the (slow) synthesis tests when set to `1`.
pub const SYNTH_ENV: &str = "BOARDGATE_SYNTH";

/// The tests run under CI (`CI=true`): missing tools fail instead of skipping.
pub fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// The synthesis tests are enabled (`BOARDGATE_SYNTH=1`).
pub fn synth_enabled() -> bool {
    std::env::var(SYNTH_ENV).is_ok_and(|v| v == "1")
}

/// `Some(tool)` when `found` is; otherwise prints why `test` is skipped and returns `None`,
/// or panics under CI.
pub fn tool_or_skip(test: &str, found: Result<PathBuf>) -> Option<PathBuf> {
    match found {
        Ok(path) => Some(path),
        Err(e) if under_ci() => panic!("{test}: {e:#} (CI=true: missing tools fail the test)"),
        Err(e) => {
            eprintln!("skipping {test}: {e:#}");
            None
        }
    }
}

/// Finds `verilator` on `PATH`.
pub fn verilator() -> Result<PathBuf> {
    find_tool("verilator", &[]).context("`verilator` not found on PATH (apt-get install verilator)")
}

/// Runs `verilator --lint-only -Wno-fatal` on `sources` (file name, text) with top module
/// `top`, in a scratch directory named after `name`. Returns Verilator's output (its
/// warnings); fails when Verilator reports errors.
pub fn verilator_lint(
    verilator: &Path,
    name: &str,
    sources: &[(&str, &str)],
    top: &str,
) -> Result<String> {
    let dir = std::env::temp_dir().join(format!("boardgate-lint-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    for (file, text) in sources {
        std::fs::write(dir.join(file), text)
            .with_context(|| format!("cannot write {}", dir.join(file).display()))?;
    }
    let out = Command::new(verilator)
        .current_dir(&dir)
        .args(["--lint-only", "-Wno-fatal", "--top-module", top])
        .args(sources.iter().map(|(f, _)| *f))
        .output()
        .with_context(|| format!("cannot run {}", verilator.display()))?;
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    let _ = std::fs::remove_dir_all(&dir);
    if !out.status.success() {
        bail!("verilator lint of {name} failed ({}):\n{text}", out.status);
    }
    Ok(text)
}

/// Lints a board top (`top_v`, module `top`) with Verilator, with `stubs` standing in for the
/// vendor primitives, and fails on a warning in the board top itself (the core's warnings are
/// the gateware's business). Skips without Verilator, or fails under CI.
pub fn assert_board_top_lints_clean(test: &str, board: &str, top_v: &str, stubs: &str) {
    let Some(verilator) = tool_or_skip(test, verilator()) else {
        return;
    };
    let out = verilator_lint(
        &verilator,
        board,
        &[("top.v", top_v), ("stubs.v", stubs)],
        "top",
    )
    .unwrap();
    let top_start = top_v[..top_v.find("\nmodule top(").unwrap()]
        .lines()
        .count();
    for line in out.lines().filter(|l| l.starts_with("%Warning")) {
        let Some(n) = line
            .split("top.v:")
            .nth(1)
            .and_then(|r| r.split(':').next())
            .and_then(|n| n.parse::<usize>().ok())
        else {
            continue;
        };
        assert!(n <= top_start, "board top warning: {line}\n{out}");
    }
}

/// The `link` design synthesized for `board` with the real tools into a directory under
/// `tmp`: every file of the flow is written, the report reads back equal, the bitstream
/// exists and the build passes. Runs only with `BOARDGATE_SYNTH=1`; `yosys` says whether the
/// board's tools were found (skip, or fail under CI). `constraints` is the pin file's name.
pub fn check_synth_link(
    board: &dyn crate::Board,
    yosys: Result<PathBuf>,
    constraints: &str,
    tmp: &Path,
) {
    if !synth_enabled() {
        eprintln!("skipping synth_link: set {SYNTH_ENV}=1 to run synthesis");
        return;
    }
    if tool_or_skip("synth_link", yosys).is_none() {
        return;
    }
    let build = board
        .build(gateware::Design::Link, crate::DEFAULT_BAUD)
        .unwrap();
    let dir = tmp.join(format!("synth-{}-link", board.name()));
    let report = board.synth(&build, &dir).unwrap();
    println!("{}", report.summary_line());
    for file in [
        "top.v",
        constraints,
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
    assert_eq!(
        crate::SynthReport::read(&dir.join("report.json")).unwrap(),
        report
    );
    assert!(Path::new(&report.bitstream).is_file());
    assert!(report.passed(), "{}", report.summary_line());
}
