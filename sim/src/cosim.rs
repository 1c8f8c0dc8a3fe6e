//! Co-simulation: the same stimulus on a block's Rust simulation and on its emitted Verilog.
//!
//! [`cosim`] runs the block in rust-hdl for `cycles` cycles, with a stimulus closure setting its
//! inputs each cycle, and records every top-level input and output (before the clock edge).
//! It then generates a C++ test bench that replays the recorded inputs on the emitted Verilog
//! compiled by Verilator (`--x-assign unique --x-initial unique`, so logic that would read X in
//! Verilog gets random values and shows up as a mismatch) and compares every output on every
//! cycle. (iverilog was tried first: 1000x slower on the 256-bit link engine.) rust-hdl can emit Verilog that differs from its own simulation;
//! this is where that is caught.

use anyhow::{bail, Context, Result};
use rust_hdl::prelude::*;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;

/// A top-level port of a block (of its emitted Verilog's top module).
#[derive(Clone, Debug)]
pub(crate) struct Port {
    pub(crate) name: String,
    pub(crate) bits: usize,
    pub(crate) input: bool,
}

/// Collects the top-level ports and their current values.
struct PortProbe {
    depth: usize,
    ports: Vec<Port>,
    values: Vec<String>,
}

impl Probe for PortProbe {
    fn visit_start_scope(&mut self, _name: &str, _node: &dyn Block) {
        self.depth += 1;
    }
    fn visit_end_scope(&mut self, _name: &str, _node: &dyn Block) {
        self.depth -= 1;
    }
    fn visit_atom(&mut self, name: &str, signal: &dyn Atom) {
        if self.depth != 1 {
            return;
        }
        let input = match signal.kind() {
            AtomKind::InputParameter => true,
            AtomKind::OutputParameter => false,
            _ => return,
        };
        self.ports.push(Port {
            name: name.to_string(),
            bits: signal.bits(),
            input,
        });
        let lit = format!("{:x}", signal.verilog());
        let hex = lit.split("'h").nth(1).unwrap_or("0").to_string();
        self.values.push(hex);
    }
}

/// A block's top-level ports and their current values.
pub(crate) fn ports<B: Block + ?Sized>(uut: &B) -> Vec<Port> {
    probe(uut).ports
}

fn probe<B: Block + ?Sized>(uut: &B) -> PortProbe {
    let mut p = PortProbe {
        depth: 0,
        ports: Vec::new(),
        values: Vec::new(),
    };
    uut.accept("top", &mut p);
    p
}

/// Verilator's flags for a block's model, here and in [`crate::vblock`]: the C++ built with
/// `-O1`, not verilated.mk's `-Os` (a co-simulation runs for seconds after a build of a
/// minute or two, and -O1 builds in about 0.7 of the time: Connect6's preparation, 2.3 MB of
/// Verilog, 2026-12-07: 57 s where -Os took 79 s, and runs 2.3 s where it ran 3.4; -O0 built
/// in 52 s but ran 9.5); random values where Verilog would read X.
pub(crate) const VERILATOR_FLAGS: &[&str] = &[
    "--cc",
    "--exe",
    "--build",
    "-j",
    "2",
    "-O1",
    "-MAKEFLAGS",
    "OPT_FAST=-O1 OPT_GLOBAL=-O1",
    "-Wno-fatal",
    "-Wno-lint",
    "-Wno-style",
    "--x-assign",
    "unique",
    "--x-initial",
    "unique",
    "--top-module",
    "top",
    "--prefix",
    "Vdut",
    "-Mdir",
    "obj",
];

/// What a co-simulation compared.
#[derive(Debug, Clone)]
pub struct CosimReport {
    pub cycles: usize,
    pub outputs: usize,
    pub mismatches: usize,
}

/// Runs `cycles` cycles of `uut` with `stim(uut, cycle)` setting its inputs, then replays them
/// on the emitted Verilog and compares. `clock` is the name of the clock input (`None` for
/// combinational blocks). Fails with the first mismatches listed.
pub fn cosim<B: Block>(
    name: &str,
    uut: &mut B,
    cycles: usize,
    clock: Option<&str>,
    mut stim: impl FnMut(&mut B, usize),
    mut set_clock: impl FnMut(&mut B, bool),
) -> Result<CosimReport> {
    let t0 = std::time::Instant::now();
    uut.connect_all();
    check_all(uut).map_err(|e| anyhow::anyhow!("{name}: rust-hdl check failed: {e:?}"))?;
    let verilog = generate_verilog(uut);
    let mut rows_in = Vec::with_capacity(cycles);
    let mut rows_out = Vec::with_capacity(cycles);
    let mut ports: Vec<Port> = Vec::new();
    for k in 0..cycles {
        stim(uut, k);
        if !simulate(uut, 100) {
            bail!("{name}: Rust simulation did not settle at cycle {k}");
        }
        let p = probe(uut);
        if ports.is_empty() {
            ports = p.ports.clone();
        }
        let (ins, outs): (Vec<_>, Vec<_>) = p
            .ports
            .iter()
            .zip(p.values)
            .filter(|(port, _)| Some(port.name.as_str()) != clock)
            .partition(|(port, _)| port.input);
        rows_in.push(
            ins.iter()
                .map(|(_, v)| v.clone())
                .collect::<Vec<_>>()
                .join(" "),
        );
        rows_out.push(
            outs.iter()
                .map(|(_, v)| v.clone())
                .collect::<Vec<_>>()
                .join(" "),
        );
        if clock.is_some() {
            set_clock(uut, true);
            if !simulate(uut, 100) {
                bail!("{name}: Rust simulation did not settle at cycle {k} (rising edge)");
            }
            set_clock(uut, false);
            if !simulate(uut, 100) {
                bail!("{name}: Rust simulation did not settle at cycle {k} (falling edge)");
            }
        }
    }
    let ins: Vec<&Port> = ports
        .iter()
        .filter(|p| p.input && Some(p.name.as_str()) != clock)
        .collect();
    let outs: Vec<&Port> = ports.iter().filter(|p| !p.input).collect();
    if outs.is_empty() {
        bail!("{name}: block has no outputs to compare");
    }
    let t_rust = t0.elapsed().as_secs_f64();
    let dir = work_dir(name)?;
    std::fs::write(dir.join("dut.v"), &verilog)?;
    std::fs::write(dir.join("in.txt"), rows_in.join("\n") + "\n")?;
    std::fs::write(dir.join("out.txt"), rows_out.join("\n") + "\n")?;
    std::fs::write(dir.join("tb.cpp"), testbench(&ins, &outs, clock, cycles))?;
    let out = Command::new("verilator")
        .current_dir(&dir)
        .args(VERILATOR_FLAGS)
        .args(["dut.v", "tb.cpp"])
        .output()
        .context("running verilator")?;
    if !out.status.success() {
        bail!(
            "{name}: verilator failed in {}:\n{}",
            dir.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let t_build = t0.elapsed().as_secs_f64() - t_rust;
    let out = Command::new(dir.join("obj").join("Vdut"))
        .current_dir(&dir)
        .output()
        .context("running the co-simulation")?;
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let errors: usize = text
        .lines()
        .find_map(|l| l.strip_prefix("COSIM errors="))
        .and_then(|s| s.trim().parse().ok())
        .with_context(|| format!("{name}: no result from the co-simulation:\n{text}"))?;
    if errors > 0 {
        bail!(
            "{name}: emitted Verilog differs from the Rust simulation on {errors} of {cycles} cycles:\n{}\n(files in {})",
            text.lines().filter(|l| l.starts_with("MISMATCH")).collect::<Vec<_>>().join("\n"),
            dir.display()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    // Where a co-simulation's time goes (the test budget: README "Expected duration").
    eprintln!(
        "cosim {name}: {cycles} cycles; Rust simulation {t_rust:.1} s, Verilator build {t_build:.1} s, run {:.1} s",
        t0.elapsed().as_secs_f64() - t_rust - t_build
    );
    Ok(CosimReport {
        cycles,
        outputs: outs.len(),
        mismatches: 0,
    })
}

/// C++ test bench: applies each cycle's inputs, evaluates, compares every output, clocks.
fn testbench(ins: &[&Port], outs: &[&Port], clock: Option<&str>, cycles: usize) -> String {
    let mut t = String::new();
    t.push_str(
        r#"#include "Vdut.h"
#include "verilated.h"
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
static std::vector<uint32_t> words(const std::string& hex, int n) {
    std::vector<uint32_t> w(n, 0);
    int bit = 0;
    for (int i = (int)hex.size() - 1; i >= 0 && bit < n * 32; --i, bit += 4) {
        char c = hex[i];
        uint32_t d = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : 0;
        w[bit / 32] |= d << (bit % 32);
    }
    return w;
}
static uint64_t narrow(const std::string& hex) {
    auto w = words(hex, 2);
    return (uint64_t)w[0] | ((uint64_t)w[1] << 32);
}
int main(int argc, char** argv) {
    Verilated::commandArgs(argc, argv);
    Vdut* top = new Vdut;
    std::ifstream fin("in.txt"), fout("out.txt");
    std::string lin, lout;
    long errors = 0;
"#,
    );
    if let Some(c) = clock {
        writeln!(t, "    top->{c} = 0;").unwrap();
    }
    writeln!(t, "    for (int k = 0; k < {cycles}; ++k) {{").unwrap();
    t.push_str("        std::getline(fin, lin); std::getline(fout, lout);\n");
    t.push_str("        std::istringstream si(lin), so(lout); std::string tok;\n");
    for p in ins {
        t.push_str("        si >> tok;\n");
        if p.bits <= 64 {
            writeln!(t, "        top->{} = narrow(tok);", p.name).unwrap();
        } else {
            let n = p.bits.div_ceil(32);
            writeln!(t, "        {{ auto w = words(tok, {n}); for (int j = 0; j < {n}; ++j) top->{}[j] = w[j]; }}", p.name).unwrap();
        }
    }
    t.push_str("        top->eval();\n");
    for p in outs {
        t.push_str("        so >> tok;\n");
        if p.bits <= 64 {
            let mask = if p.bits == 64 {
                u64::MAX
            } else {
                (1u64 << p.bits) - 1
            };
            writeln!(
                t,
                "        if (((uint64_t)top->{0} & {mask}ULL) != narrow(tok)) {{ if (++errors <= 5) printf(\"MISMATCH cycle %d {0}: verilog %llx rust %s\\n\", k, (unsigned long long)top->{0}, tok.c_str()); }}",
                p.name
            )
            .unwrap();
        } else {
            let n = p.bits.div_ceil(32);
            writeln!(
                t,
                "        {{ auto w = words(tok, {n}); bool bad = false; for (int j = 0; j < {n}; ++j) bad |= top->{0}[j] != w[j]; if (bad && ++errors <= 5) printf(\"MISMATCH cycle %d {0} (wide): rust %s\\n\", k, tok.c_str()); }}",
                p.name
            )
            .unwrap();
        }
    }
    if let Some(c) = clock {
        writeln!(
            t,
            "        top->{c} = 1; top->eval(); top->{c} = 0; top->eval();"
        )
        .unwrap();
    }
    t.push_str(
        "    }\n    printf(\"COSIM errors=%ld\\n\", errors);\n    delete top;\n    return 0;\n}\n",
    );
    t
}

fn work_dir(name: &str) -> Result<PathBuf> {
    static RUN: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let k = RUN.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir()
        .join("boardgate-cosim")
        .join(format!("{name}-{}-{k}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}
