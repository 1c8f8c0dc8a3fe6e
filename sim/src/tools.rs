//! External tools the tests need (Verilator, yosys): found on PATH, or a test may
//! skip with a printed reason, never when `CI=true` (`cargo xtask test` installs them first).

use std::process::Command;

/// True if `tool --version` (or `-V`) runs.
pub fn have(tool: &str) -> bool {
    ["--version", "-V"].iter().any(|flag| {
        Command::new(tool)
            .arg(flag)
            .output()
            .map(|o| o.status.success())
            .unwrap_or(false)
    })
}

/// Returns true if the test may run; prints why not otherwise. Panics under CI=true.
pub fn require(tool: &str, test: &str) -> bool {
    if have(tool) {
        return true;
    }
    if std::env::var("CI").map(|v| v == "true").unwrap_or(false) {
        panic!("{test}: `{tool}` is required under CI=true but is not on PATH");
    }
    eprintln!("SKIPPED {test}: `{tool}` not on PATH (run `cargo xtask test` to install it)");
    false
}

/// Returns true if this build has the Verilator backend; prints why not otherwise. Panics under
/// CI=true, where `cargo xtask test` has installed Verilator before building.
pub fn require_verilator_backend(test: &str) -> bool {
    if crate::verilator::AVAILABLE {
        return true;
    }
    if std::env::var("CI").map(|v| v == "true").unwrap_or(false) {
        panic!("{test}: this build has no Verilator backend, which is required under CI=true");
    }
    eprintln!(
        "SKIPPED {test}: this build has no Verilator backend (install verilator and rebuild)"
    );
    false
}

/// The test clients' venv python ($BOARDGATE_PYTHON, else /opt/boardgate-py/bin) if it can
/// import `module`; else prints why the test skips (`test`), and panics under CI=true, where
/// `cargo xtask test` has installed the venv first.
pub fn require_python_module(module: &str, test: &str) -> Option<std::path::PathBuf> {
    let dir = std::env::var_os("BOARDGATE_PYTHON")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::PathBuf::from("/opt/boardgate-py/bin"));
    let py = dir.join("python");
    let ok = Command::new(&py)
        .args(["-c", &format!("import {module}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if ok {
        return Some(py);
    }
    let why = format!("the test venv has no `{module}` (cargo xtask test installs it)");
    if std::env::var("CI").map(|v| v == "true").unwrap_or(false) {
        panic!("{test}: {why}");
    }
    eprintln!("SKIPPED {test}: {why}");
    None
}
