//! Builds a Verilator model of every design (emitted with the simulated board's parameters)
//! when `verilator` is on PATH, and sets `cfg(have_verilator)`. Without Verilator the crate
//! still builds (the rust backend remains) and says so.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rustc-check-cfg=cfg(have_verilator)");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=PATH");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    // When to run this script again:
    // * Verilator found: when its executable changes.
    // * Verilator missing: on every build, through a path that never exists (cargo re-runs a
    //   script whose `rerun-if-changed` path is missing). Watching `/usr/bin/verilator` is not
    //   enough: apt installs it with the package's old modification time, older than this
    //   script's last run, so cargo would keep the Verilator-less build after an install.
    match which("verilator") {
        Some(path) => println!("cargo:rerun-if-changed={path}"),
        None => println!(
            "cargo:rerun-if-changed={}",
            out.join("until-verilator-is-installed").display()
        ),
    }
    let mut decls = String::new();
    // Verilator's version: whether it runs, and part of each model's stamp (below).
    let version = Command::new("verilator")
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned());
    let Some(version) = version else {
        println!("cargo:warning=verilator not found: the Verilator backend is not built (run `cargo xtask test` or install Debian's verilator)");
        std::fs::write(
            out.join("verilated.rs"),
            "pub const DESIGNS: &[&str] = &[];\npub fn vtable(_name: &str) -> Option<VTable> {\n None\n}\n",
        )
        .unwrap();
        return;
    };
    let include = verilator_root().join("include");
    let params = gateware::CoreParams::sim();
    let mut names = Vec::new();
    for design in gateware::Design::ALL {
        let name = design.name();
        names.push(name);
        let design_name = name;
        // C and Rust identifiers: `othello-ff` -> `othello_ff`.
        let name = name.replace('-', "_");
        let name = name.as_str();
        let dir = out.join(format!("vl_{name}"));
        let verilog = design.verilog(&params);
        let class = format!("V{name}");
        let wrapper_text = wrapper_cpp(&class, name);
        // A gateware edit reruns this script for every design; a design whose Verilog, wrapper
        // and Verilator are those of the library already built keeps it (a comment edit in
        // `gateware` costs seconds, not the ~12 minutes of eight Verilator builds).
        let stamp = format!("{version}\n{wrapper_text}\n{verilog}");
        let stamp_path = dir.join("stamp");
        let lib = out.join(format!("libvl_{name}.a"));
        if lib.exists() && std::fs::read_to_string(&stamp_path).ok().as_deref() == Some(&stamp) {
            println!("cargo:rustc-link-search=native={}", out.display());
            println!("cargo:rustc-link-lib=static=vl_{name}");
            println!("cargo:rustc-link-lib=stdc++");
            decls.push_str(&extern_decls(name));
            continue;
        }
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let v = dir.join(format!("{name}.v"));
        std::fs::write(&v, &verilog).unwrap();
        let status = Command::new("verilator")
            .args([
                "--cc",
                "-O3",
                "--x-assign",
                "fast",
                "--x-initial",
                "fast",
                "--noassert",
                // Waveforms on demand (`Backend::trace_start`); nothing is dumped otherwise.
                "--trace",
                "--timescale-override",
                "1ns/1ns",
            ])
            .args([
                "-Wno-fatal",
                "-Wno-lint",
                "-Wno-style",
                "--top-module",
                "top",
            ])
            .args(["--prefix", &class, "--Mdir"])
            .arg(&dir)
            .arg(&v)
            .status()
            .expect("running verilator");
        assert!(status.success(), "verilator failed on design {design_name}");
        let wrapper = dir.join("wrapper.cpp");
        std::fs::write(&wrapper, &wrapper_text).unwrap();
        let mut build = cc::Build::new();
        build
            .cpp(true)
            .std("c++17")
            .opt_level(2)
            .warnings(false)
            .flag_if_supported("-faligned-new")
            .flag_if_supported("-fcf-protection=none")
            .flag_if_supported("-Wno-unused-parameter")
            .include(&include)
            .include(include.join("vltstd"))
            .include(&dir)
            .file(&wrapper)
            .file(include.join("verilated.cpp"))
            .file(include.join("verilated_threads.cpp"))
            .file(include.join("verilated_vcd_c.cpp"));
        for f in cpp_files(&dir) {
            build.file(f);
        }
        build.compile(&format!("vl_{name}"));
        std::fs::write(&stamp_path, &stamp).unwrap();
        decls.push_str(&extern_decls(name));
    }
    let mut table = String::from("pub const DESIGNS: &[&str] = &[");
    for n in &names {
        table.push_str(&format!("\"{n}\", "));
    }
    table.push_str("];\n");
    table.push_str("pub fn vtable(name: &str) -> Option<VTable> {\n match name {\n");
    for d in &names {
        let n = d.replace('-', "_");
        table.push_str(&format!(
            "  \"{d}\" => Some(VTable {{ new: vl_{n}_new, free: vl_{n}_free, set_rx: vl_{n}_set_rx, step: vl_{n}_step, tx: vl_{n}_tx, leds: vl_{n}_leds, trace_open: vl_{n}_trace_open, trace_close: vl_{n}_trace_close }}),\n"
        ));
    }
    table.push_str("  _ => None,\n }\n}\n");
    std::fs::write(out.join("verilated.rs"), decls + &table).unwrap();
    println!("cargo:rustc-cfg=have_verilator");
    // Re-run when the gateware changes (it is a build-dependency, so cargo already does).
}

fn which(tool: &str) -> Option<String> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(tool))
        .find(|p| p.exists())
        .map(|p| p.display().to_string())
}

fn verilator_root() -> PathBuf {
    if let Ok(o) = Command::new("verilator")
        .arg("--getenv")
        .arg("VERILATOR_ROOT")
        .output()
    {
        let s = String::from_utf8_lossy(&o.stdout).trim().to_string();
        if !s.is_empty() && Path::new(&s).join("include").exists() {
            return PathBuf::from(s);
        }
    }
    PathBuf::from("/usr/share/verilator")
}

fn cpp_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().map(|e| e == "cpp").unwrap_or(false))
        .filter(|p| !p.ends_with("wrapper.cpp"))
        .collect();
    v.sort();
    v
}

/// The C entry points of one design's Verilator model, as Rust declarations.
fn extern_decls(name: &str) -> String {
    format!(
            "extern \"C\" {{\n fn vl_{name}_new() -> *mut std::ffi::c_void;\n fn vl_{name}_free(p: *mut std::ffi::c_void);\n fn vl_{name}_set_rx(p: *mut std::ffi::c_void, v: i32);\n fn vl_{name}_step(p: *mut std::ffi::c_void);\n fn vl_{name}_tx(p: *mut std::ffi::c_void) -> i32;\n fn vl_{name}_leds(p: *mut std::ffi::c_void) -> i32;\n fn vl_{name}_trace_open(p: *mut std::ffi::c_void, path: *const std::ffi::c_char) -> i32;\n fn vl_{name}_trace_close(p: *mut std::ffi::c_void);\n}}\n"
        )
}

/// The C++ wrapper around the Verilator model `class` of design `name` (C identifier).
fn wrapper_cpp(class: &str, name: &str) -> String {
    format!(
        r#"#include "{class}.h"
#include "verilated.h"
#include "verilated_vcd_c.h"
#include <cstdint>
// One simulated board: the model and, while a waveform is written, its VCD file. A clock
// cycle is 10 ns (the simulated board's nominal 100 MHz): cycle t's rising edge at 10 t + 5 ns,
// its falling edge at 10 t + 10 ns.
struct Sim {{ {class}* m; VerilatedVcdC* tfp; uint64_t t; }};
extern "C" {{
void* vl_{name}_new() {{
    Verilated::traceEverOn(true);
    auto* s = new Sim{{new {class}, nullptr, 0}};
    s->m->clock = 0; s->m->uart_rx = 1; s->m->eval();
    return s;
}}
void vl_{name}_trace_close(void* p) {{
    auto* s = (Sim*)p;
    if (s->tfp) {{ s->tfp->close(); delete s->tfp; s->tfp = nullptr; }}
}}
int vl_{name}_trace_open(void* p, const char* path) {{
    auto* s = (Sim*)p;
    vl_{name}_trace_close(p);
    s->tfp = new VerilatedVcdC;
    s->m->trace(s->tfp, 99);
    s->tfp->open(path);
    if (!s->tfp->isOpen()) {{ delete s->tfp; s->tfp = nullptr; return 0; }}
    s->tfp->dump(10 * s->t);
    return 1;
}}
void vl_{name}_free(void* p) {{ vl_{name}_trace_close(p); auto* s = (Sim*)p; delete s->m; delete s; }}
void vl_{name}_set_rx(void* p, int v) {{ ((Sim*)p)->m->uart_rx = v; }}
void vl_{name}_step(void* p) {{
    auto* s = (Sim*)p;
    s->m->clock = 1; s->m->eval();
    if (s->tfp) s->tfp->dump(10 * s->t + 5);
    s->m->clock = 0; s->m->eval();
    if (s->tfp) s->tfp->dump(10 * s->t + 10);
    s->t++;
}}
int vl_{name}_tx(void* p) {{ return ((Sim*)p)->m->uart_tx; }}
int vl_{name}_leds(void* p) {{ return ((Sim*)p)->m->leds; }}
}}
"#
    )
}
