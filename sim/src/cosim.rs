//! Co-simulation: the same stimulus on a block's Rust simulation and on its emitted Verilog.
//!
//! [`cosim`] runs the block in rust-hdl for `cycles` cycles, with a stimulus closure setting its
//! inputs each cycle, and records every top-level input and output (before the clock edge).
//! It then writes a Verilog test bench that replays the recorded inputs on the emitted Verilog
//! under iverilog and compares every output on every cycle with `!==` (so an X or Z in the
//! Verilog is a mismatch). rust-hdl can emit Verilog that differs from its own simulation;
//! this is where that is caught.

use anyhow::{bail, Context, Result};
use rust_hdl::prelude::*;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;

#[derive(Clone, Debug)]
struct Port {
    name: String,
    bits: usize,
    input: bool,
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

fn probe<B: Block>(uut: &B) -> PortProbe {
    let mut p = PortProbe {
        depth: 0,
        ports: Vec::new(),
        values: Vec::new(),
    };
    uut.accept("top", &mut p);
    p
}

/// What a co-simulation compared.
#[derive(Debug, Clone)]
pub struct CosimReport {
    pub cycles: usize,
    pub outputs: usize,
    pub mismatches: usize,
}

/// Pads a hex value to `bits` and concatenates ports into one word per cycle.
fn pack(values: &[String], ports: &[&Port]) -> String {
    let mut bin = String::new();
    for (v, p) in values.iter().zip(ports) {
        let mut b = String::new();
        for c in v.chars() {
            let d = c.to_digit(16).unwrap_or(0);
            write!(b, "{d:04b}").unwrap();
        }
        let b = b.trim_start_matches('0');
        let b = format!("{:0>w$}", b, w = p.bits);
        bin.push_str(&b[b.len() - p.bits..]);
    }
    // binary string -> hex, left-padded to a multiple of 4 bits
    let pad = (4 - bin.len() % 4) % 4;
    let bin = format!("{}{}", "0".repeat(pad), bin);
    bin.as_bytes()
        .chunks(4)
        .map(|c| format!("{:x}", u8::from_str_radix(std::str::from_utf8(c).unwrap(), 2).unwrap()))
        .collect()
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
        let in_ports: Vec<&Port> = ins.iter().map(|(p, _)| *p).collect();
        let out_ports: Vec<&Port> = outs.iter().map(|(p, _)| *p).collect();
        rows_in.push(pack(&ins.iter().map(|(_, v)| v.clone()).collect::<Vec<_>>(), &in_ports));
        rows_out.push(pack(&outs.iter().map(|(_, v)| v.clone()).collect::<Vec<_>>(), &out_ports));
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
    let ins: Vec<&Port> = ports.iter().filter(|p| p.input && Some(p.name.as_str()) != clock).collect();
    let outs: Vec<&Port> = ports.iter().filter(|p| !p.input).collect();
    let in_bits: usize = ins.iter().map(|p| p.bits).sum::<usize>().max(1);
    let out_bits: usize = outs.iter().map(|p| p.bits).sum();
    if out_bits == 0 {
        bail!("{name}: block has no outputs to compare");
    }

    let dir = work_dir(name)?;
    std::fs::write(dir.join("dut.v"), &verilog)?;
    std::fs::write(dir.join("in.hex"), rows_in.join("\n") + "\n")?;
    std::fs::write(dir.join("out.hex"), rows_out.join("\n") + "\n")?;
    let mut tb = String::new();
    writeln!(tb, "`timescale 1ns/1ps\nmodule tb;")?;
    if let Some(c) = clock {
        writeln!(tb, "  reg {c} = 0;")?;
    }
    for p in &ins {
        writeln!(tb, "  reg [{}:0] {};", p.bits - 1, p.name)?;
    }
    for p in &outs {
        writeln!(tb, "  wire [{}:0] {};", p.bits - 1, p.name)?;
    }
    let conns: Vec<String> = ports.iter().map(|p| format!(".{0}({0})", p.name)).collect();
    writeln!(tb, "  top dut({});", conns.join(", "))?;
    writeln!(tb, "  reg [{}:0] vin [0:{}];", in_bits - 1, cycles - 1)?;
    writeln!(tb, "  reg [{}:0] vout [0:{}];", out_bits - 1, cycles - 1)?;
    writeln!(tb, "  integer k, errors;")?;
    let in_cat = if ins.is_empty() {
        String::new()
    } else {
        format!("{{{}}}", ins.iter().map(|p| p.name.clone()).collect::<Vec<_>>().join(", "))
    };
    let out_cat = format!("{{{}}}", outs.iter().map(|p| p.name.clone()).collect::<Vec<_>>().join(", "));
    writeln!(tb, "  initial begin\n    errors = 0;")?;
    writeln!(tb, "    $readmemh(\"in.hex\", vin);\n    $readmemh(\"out.hex\", vout);")?;
    writeln!(tb, "    for (k = 0; k < {cycles}; k = k + 1) begin")?;
    if !ins.is_empty() {
        writeln!(tb, "      {in_cat} = vin[k];")?;
    }
    writeln!(tb, "      #1;")?;
    writeln!(tb, "      if ({out_cat} !== vout[k]) begin\n        errors = errors + 1;")?;
    writeln!(
        tb,
        "        if (errors <= 5) $display(\"MISMATCH cycle %0d: verilog %h rust %h\", k, {out_cat}, vout[k]);\n      end"
    )?;
    if let Some(c) = clock {
        writeln!(tb, "      {c} = 1; #1; {c} = 0; #1;")?;
    }
    writeln!(tb, "    end\n    $display(\"COSIM errors=%0d\", errors);\n    $finish;\n  end\nendmodule")?;
    std::fs::write(dir.join("tb.v"), tb)?;

    let out = Command::new("iverilog")
        .current_dir(&dir)
        .args(["-g2012", "-o", "sim.vvp", "tb.v", "dut.v"])
        .output()
        .context("running iverilog")?;
    if !out.status.success() {
        bail!("{name}: iverilog failed in {}:\n{}", dir.display(), String::from_utf8_lossy(&out.stderr));
    }
    let out = Command::new("vvp")
        .current_dir(&dir)
        .args(["-n", "sim.vvp"])
        .output()
        .context("running vvp")?;
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let errors: usize = text
        .lines()
        .find_map(|l| l.strip_prefix("COSIM errors="))
        .and_then(|s| s.trim().parse().ok())
        .with_context(|| format!("{name}: no result from vvp:\n{text}"))?;
    if errors > 0 {
        bail!(
            "{name}: emitted Verilog differs from the Rust simulation on {errors} of {cycles} cycles (outputs {}):\n{}\n(files in {})",
            outs.iter().map(|p| p.name.clone()).collect::<Vec<_>>().join(" "),
            text.lines().filter(|l| l.starts_with("MISMATCH")).collect::<Vec<_>>().join("\n"),
            dir.display()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(CosimReport {
        cycles,
        outputs: outs.len(),
        mismatches: 0,
    })
}

fn work_dir(name: &str) -> Result<PathBuf> {
    let dir = std::env::temp_dir()
        .join("boardgate-cosim")
        .join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}
