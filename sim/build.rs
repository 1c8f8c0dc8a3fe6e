//! Builds a Verilator model of every design (emitted with the simulated board's parameters)
//! when `verilator` is on PATH, and sets `cfg(have_verilator)`. Without Verilator the crate
//! still builds (the rust backend remains) and says so.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::Instant;

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
    let t0 = Instant::now();
    let mut log = String::new();
    let mut names = Vec::new();
    let mut todo = Vec::new();
    for design in gateware::Design::ALL {
        let design_name = design.name();
        names.push(design_name);
        // C and Rust identifiers: `othello-ff` -> `othello_ff`.
        let name = design_name.replace('-', "_");
        let t = Instant::now();
        let verilog = design.verilog(&params);
        log.push_str(&format!(
            "{design_name}: Verilog emitted in {:.1} s\n",
            t.elapsed().as_secs_f64()
        ));
        let class = format!("V{name}");
        let wrapper_text = wrapper_cpp(&class, &name);
        // A gateware edit reruns this script for every design; a design whose Verilog, wrapper
        // and Verilator are those of the library already built keeps it (a comment edit in
        // `gateware` costs seconds, not the ~12 minutes of eight Verilator builds).
        // (A library built before the runtime was shared holds its own copy of the runtime:
        // the stamp's second line tells them apart, so such a library is rebuilt.)
        let stamp = format!("{version}\nruntime: vl_runtime\n{wrapper_text}\n{verilog}");
        let job = Job {
            dir: out.join(format!("vl_{name}")),
            lib: format!("vl_{name}"),
            stamp,
            model: Some(Model {
                name,
                design_name,
                class,
                verilog,
                wrapper_text,
            }),
        };
        if !job.is_built(&out) {
            todo.push(job);
        }
    }
    // The Verilator runtime, one library for every model (it does not depend on the design).
    let runtime = Job {
        dir: out.join("vl_runtime"),
        lib: "vl_runtime".into(),
        stamp: format!("{version}\n{}", include.display()),
        model: None,
    };
    if !runtime.is_built(&out) {
        todo.push(runtime);
    }
    // The largest models first (popped from the end), on as many threads as cargo gives this
    // script (`NUM_JOBS`): each job is one `verilator` run and one C++ compile, both
    // single-threaded, and CI has two cores.
    todo.sort_by_key(Job::size);
    let threads = std::env::var("NUM_JOBS")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(1)
        .clamp(1, todo.len().max(1));
    let queue = Mutex::new(todo);
    let done = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let Some(job) = queue.lock().unwrap().pop() else {
                    break;
                };
                let t = Instant::now();
                let what = job.build(&out, &include);
                done.lock().unwrap().push(format!(
                    "{what}: built in {:.1} s\n",
                    t.elapsed().as_secs_f64()
                ));
            });
        }
    });
    for line in done.into_inner().unwrap() {
        log.push_str(&line);
    }
    log.push_str(&format!(
        "all models ready in {:.1} s on {threads} thread(s)\n",
        t0.elapsed().as_secs_f64()
    ));
    // How long each step took (the CI time budget: README, "Expected duration").
    std::fs::write(out.join("build-times.txt"), log).unwrap();
    println!("cargo:rustc-link-search=native={}", out.display());
    let mut decls = String::new();
    for n in &names {
        let n = n.replace('-', "_");
        println!("cargo:rustc-link-lib=static=vl_{n}");
        decls.push_str(&extern_decls(&n));
    }
    println!("cargo:rustc-link-lib=static=vl_runtime");
    println!("cargo:rustc-link-lib=stdc++");
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

/// One library to build into `OUT_DIR` (`lib{lib}.a`): a design's Verilator model, or with
/// no model Verilator's runtime (`verilated.cpp` and friends), compiled once for all models.
/// `stamp` says what it was built from (kept in `dir/stamp`).
struct Job {
    dir: PathBuf,
    lib: String,
    stamp: String,
    model: Option<Model>,
}

/// A design's model: its Verilog and the C++ wrapper around it.
struct Model {
    name: String,
    design_name: &'static str,
    class: String,
    verilog: String,
    wrapper_text: String,
}

impl Job {
    /// Whether the library exists and was built from this job's stamp.
    fn is_built(&self, out: &Path) -> bool {
        out.join(format!("lib{}.a", self.lib)).exists()
            && std::fs::read_to_string(self.dir.join("stamp"))
                .ok()
                .as_deref()
                == Some(&self.stamp)
    }

    /// The job's size for scheduling: the model's Verilog length (the runtime is small).
    fn size(&self) -> usize {
        self.model.as_ref().map_or(0, |m| m.verilog.len())
    }

    /// Builds the library into `out` (through a directory of its own, so that jobs on other
    /// threads never share an object file) and writes its stamp last. Returns what was built.
    fn build(&self, out: &Path, include: &Path) -> String {
        let dir = &self.dir;
        let _ = std::fs::remove_dir_all(dir);
        std::fs::create_dir_all(dir).unwrap();
        let mut build = cc::Build::new();
        build
            .cpp(true)
            .std("c++17")
            .opt_level(2)
            .warnings(false)
            .cargo_metadata(false)
            .out_dir(dir.join("obj"))
            .flag_if_supported("-faligned-new")
            .flag_if_supported("-fcf-protection=none")
            .flag_if_supported("-Wno-unused-parameter")
            .include(include)
            .include(include.join("vltstd"))
            .include(dir);
        let what = match &self.model {
            Some(m) => {
                m.verilate(dir);
                let wrapper = dir.join("wrapper.cpp");
                std::fs::write(&wrapper, &m.wrapper_text).unwrap();
                build.file(&wrapper);
                for f in cpp_files(dir) {
                    build.file(f);
                }
                format!("{} ({} bytes of Verilog)", m.design_name, m.verilog.len())
            }
            None => {
                build
                    .file(include.join("verilated.cpp"))
                    .file(include.join("verilated_threads.cpp"))
                    .file(include.join("verilated_vcd_c.cpp"));
                "the Verilator runtime".to_string()
            }
        };
        if let Err(e) = build.try_compile(&self.lib) {
            panic!("compiling {what}: {e}");
        }
        let name = format!("lib{}.a", self.lib);
        std::fs::rename(dir.join("obj").join(&name), out.join(&name)).unwrap();
        std::fs::write(dir.join("stamp"), &self.stamp).unwrap();
        what
    }
}

impl Model {
    /// Runs Verilator on the design's Verilog, into `dir`.
    fn verilate(&self, dir: &Path) {
        let v = dir.join(format!("{}.v", self.name));
        std::fs::write(&v, &self.verilog).unwrap();
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
            .args(["--prefix", &self.class, "--Mdir"])
            .arg(dir)
            .arg(&v)
            .status()
            .expect("running verilator");
        assert!(
            status.success(),
            "verilator failed on design {}",
            self.design_name
        );
    }
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
