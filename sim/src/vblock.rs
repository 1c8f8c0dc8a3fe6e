//! One block's emitted Verilog as a live simulation, stepped from a test like its Rust
//! simulation.
//!
//! [`Dut`] holds a block's rust-hdl struct and runs it either in rust-hdl's simulation or on
//! Verilator's model of the block's emitted Verilog, which a test drives through the same
//! struct: each cycle the inputs' `next` values go to the Verilated model, and its outputs come
//! back into the struct's output signals, so `u.done.val()` reads the Verilog's `done`. The
//! same test bench, the same golden model, a thousand times faster: the Connect6 searches run
//! a few hundred cycles a second in rust-hdl and hundreds of thousands on Verilator. The Rust
//! simulation and the Verilog are still compared cycle by cycle by [`crate::cosim`].
//!
//! The model is built once per Verilog text (cached under the temp directory by a hash of it,
//! a lock file keeping concurrent test processes from building it twice), as a shared library
//! with a small `extern "C"` port interface, and loaded with `dlopen`. Which struct field is
//! which port is named by [`mirror!`]; a port the struct does not name is an error, so no
//! output goes unread.

use anyhow::{anyhow, bail, Context, Result};
use rust_hdl::prelude::*;
use std::collections::hash_map::DefaultHasher;
use std::ffi::{c_void, CString};
use std::fmt::Write as _;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A port value as 32-bit words, least significant first (Verilator's own layout).
pub trait Words: Sized {
    fn put(&self, w: &mut Vec<u32>);
    fn take(w: &[u32]) -> Self;
}

impl Words for bool {
    fn put(&self, w: &mut Vec<u32>) {
        w.push(u32::from(*self));
    }
    fn take(w: &[u32]) -> bool {
        w[0] & 1 == 1
    }
}

impl<const N: usize> Words for Bits<N> {
    fn put(&self, w: &mut Vec<u32>) {
        if N <= 64 {
            let v = self.to_u64();
            w.push(v as u32);
            w.push((v >> 32) as u32);
        } else {
            for j in 0..N.div_ceil(32) {
                w.push(crate::harness::bits_to_u128(self, 32 * j, 32) as u32);
            }
        }
    }
    fn take(w: &[u32]) -> Bits<N> {
        if N <= 64 {
            let v = u64::from(w[0]) | w.get(1).map_or(0, |&h| u64::from(h) << 32);
            let mask = if N == 64 { u64::MAX } else { (1u64 << N) - 1 };
            Bits::<N>::from(v & mask)
        } else {
            let words: Vec<u128> = w.iter().map(|&x| u128::from(x)).collect();
            crate::harness::bits_from_words(&words, 32)
        }
    }
}

/// Sets an output signal's value as a simulation would (its `next`, then its update).
pub fn drive_output<T: Synth + Words>(s: &mut Signal<Out, T>, w: &[u32]) {
    s.next = T::take(w);
    s.update_all();
}

/// The names of a block's clock input (if clocked), its other inputs and its outputs.
pub type PortNames = (
    Option<&'static str>,
    &'static [&'static str],
    &'static [&'static str],
);

/// A block whose ports a [`Dut`] can carry between its struct and its Verilated model: written
/// by [`mirror!`].
pub trait Mirror: Block {
    /// The clock input, for a clocked block.
    fn clock_input(&mut self) -> Option<&mut Signal<In, Clock>>;
    /// The names of the clock input (if clocked), the other inputs and the outputs.
    fn port_names(&self) -> PortNames;
    /// Appends input `name`'s `next` value as words; false for a name it does not have.
    fn input_words(&self, name: &str, w: &mut Vec<u32>) -> bool;
    /// Sets output `name` from words; false for a name it does not have.
    fn set_output(&mut self, name: &str, w: &[u32]) -> bool;
    /// Appends output `name`'s value as words; false for a name it does not have.
    fn output_words(&self, name: &str, w: &mut Vec<u32>) -> bool;
    /// Makes each input's value its `next` (what the Verilog was given), as a simulation's
    /// update does: a test reading an input back sees what the block got.
    fn latch_inputs(&mut self);
}

/// Implements [`Mirror`] for a block: `mirror!(Type, clock: clock, in: [a, b], out: [c, d])`
/// (or `clock: none` for a combinational block).
#[macro_export]
macro_rules! mirror {
    ($t:ty, clock: none, in: [$($i:ident),* $(,)?], out: [$($o:ident),* $(,)?]) => {
        $crate::mirror!(@impl $t, None, None, [$($i),*], [$($o),*]);
    };
    ($t:ty, clock: $c:ident, in: [$($i:ident),* $(,)?], out: [$($o:ident),* $(,)?]) => {
        $crate::mirror!(
            @impl $t, Some(|s: &mut $t| &mut s.$c), Some(stringify!($c)), [$($i),*], [$($o),*]
        );
    };
    (@impl $t:ty, $clock:expr, $cname:expr, [$($i:ident),*], [$($o:ident),*]) => {
        impl $crate::vblock::Mirror for $t {
            fn clock_input(
                &mut self,
            ) -> Option<&mut rust_hdl::prelude::Signal<rust_hdl::prelude::In, rust_hdl::prelude::Clock>> {
                let f: Option<fn(&mut $t) -> &mut rust_hdl::prelude::Signal<rust_hdl::prelude::In, rust_hdl::prelude::Clock>> = $clock;
                f.map(|f| f(self))
            }
            fn port_names(&self) -> $crate::vblock::PortNames {
                ($cname, &[$(stringify!($i)),*], &[$(stringify!($o)),*])
            }
            fn input_words(&self, name: &str, w: &mut Vec<u32>) -> bool {
                match name {
                    $(stringify!($i) => {
                        $crate::vblock::Words::put(&self.$i.next, w);
                        true
                    })*
                    _ => false,
                }
            }
            fn output_words(&self, name: &str, w: &mut Vec<u32>) -> bool {
                match name {
                    $(stringify!($o) => {
                        $crate::vblock::Words::put(&self.$o.val(), w);
                        true
                    })*
                    _ => false,
                }
            }
            fn latch_inputs(&mut self) {
                $(rust_hdl::prelude::Block::update_all(&mut self.$i);)*
            }
            fn set_output(&mut self, name: &str, w: &[u32]) -> bool {
                match name {
                    $(stringify!($o) => {
                        $crate::vblock::drive_output(&mut self.$o, w);
                        true
                    })*
                    _ => false,
                }
            }
        }
    };
}

/// A port of a loaded model: its index in the C++ switch, name, bits and words (two at
/// least).
#[derive(Clone, Copy)]
struct ModelPort {
    k: i32,
    name: &'static str,
    bits: usize,
    words: usize,
}

/// Clears the bits of `w` past a port's `bits`.
fn mask(w: &mut [u32], bits: usize) {
    for (j, word) in w.iter_mut().enumerate() {
        let lo = 32 * j;
        if lo >= bits {
            *word = 0;
        } else if bits - lo < 32 {
            *word &= (1u32 << (bits - lo)) - 1;
        }
    }
}

type NewFn = unsafe extern "C" fn() -> *mut c_void;
type FreeFn = unsafe extern "C" fn(*mut c_void);
type SetFn = unsafe extern "C" fn(*mut c_void, i32, *const u32);
type GetFn = unsafe extern "C" fn(*mut c_void, i32, *mut u32);

/// A loaded Verilated model of one block.
struct Model {
    lib: *mut c_void,
    model: *mut c_void,
    free: FreeFn,
    eval: FreeFn,
    cycle: FreeFn,
    set: SetFn,
    get: GetFn,
    /// The inputs and outputs (index into the C++ switch, name, words).
    ins: Vec<ModelPort>,
    outs: Vec<ModelPort>,
    /// Whether the block has a clock (`vb_cycle` clocks it).
    clocked: bool,
    buf: Vec<u32>,
}

impl Drop for Model {
    fn drop(&mut self) {
        // SAFETY: `model` came from the library's `vb_new` and is freed once, before the
        // library is closed.
        unsafe {
            (self.free)(self.model);
            libc::dlclose(self.lib);
        }
    }
}

/// How a [`Dut`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// rust-hdl's simulation alone.
    Rust,
    /// The Verilog alone, its outputs written into the struct.
    Verilog,
    /// rust-hdl's simulation, the Verilog stepped beside it on the same inputs and every
    /// output compared on every cycle (a co-simulation).
    Both,
}

/// A block under test: its Rust simulation, its Verilog on Verilator driven through the same
/// struct, or both in lockstep.
pub struct Dut<B: Mirror> {
    block: B,
    model: Option<Model>,
    mode: Mode,
    name: String,
    /// Cycles compared in lockstep.
    compared: u64,
}

impl<B: Mirror> std::ops::Deref for Dut<B> {
    type Target = B;
    fn deref(&self) -> &B {
        &self.block
    }
}

impl<B: Mirror> std::ops::DerefMut for Dut<B> {
    fn deref_mut(&mut self) -> &mut B {
        &mut self.block
    }
}

impl<B: Mirror> Dut<B> {
    fn open(name: &str, mut block: B, mode: Mode) -> Result<Dut<B>> {
        block.connect_all();
        if mode != Mode::Rust {
            check_all(&block).map_err(|e| anyhow!("{name}: rust-hdl check failed: {e:?}"))?;
        }
        let model = match mode {
            Mode::Rust => None,
            _ => Some(Model::build(name, &mut block)?),
        };
        let mut dut = Dut {
            block,
            model,
            mode,
            name: name.to_string(),
            compared: 0,
        };
        dut.settle();
        Ok(dut)
    }

    /// The block in rust-hdl's simulation.
    pub fn rust(block: B) -> Dut<B> {
        Dut::open("rust", block, Mode::Rust).expect("no model to build")
    }

    /// The block's emitted Verilog on Verilator (`name` names its build directory).
    pub fn verilog(name: &str, block: B) -> Result<Dut<B>> {
        Dut::open(name, block, Mode::Verilog)
    }

    /// The block in rust-hdl's simulation with its Verilog beside it: each settle and cycle
    /// gives both the struct's inputs and panics on the first output that differs.
    pub fn cosim(name: &str, block: B) -> Result<Dut<B>> {
        Dut::open(name, block, Mode::Both)
    }

    /// Which simulation runs: `rust`, `verilog` or `both`.
    pub fn backend(&self) -> &'static str {
        match self.mode {
            Mode::Rust => "rust",
            Mode::Verilog => "verilog",
            Mode::Both => "both",
        }
    }

    /// Settles and cycles compared in lockstep (a [`Dut::cosim`]).
    pub fn compared(&self) -> u64 {
        self.compared
    }

    /// Settles the combinational logic after inputs changed.
    pub fn settle(&mut self) {
        if self.mode != Mode::Verilog {
            crate::harness::settle(&mut self.block).expect("the block settles");
        }
        if let Some(m) = &mut self.model {
            m.push_inputs(&self.block);
            // SAFETY: the model is live for as long as `m`.
            unsafe { (m.eval)(m.model) };
        }
        if self.mode == Mode::Verilog {
            self.block.latch_inputs();
        }
        self.outputs("settled");
    }

    /// One clock cycle: the inputs settled, the rising and the falling edge.
    pub fn cycle(&mut self) {
        if self.mode != Mode::Verilog {
            // As `harness::cycle`, and compared before the edge in lockstep (as the recorded
            // co-simulation compares).
            if self.mode == Mode::Both {
                self.settle();
            } else {
                crate::harness::settle(&mut self.block).expect("the block settles");
            }
            for level in [true, false] {
                self.block.clock_input().expect("a clocked block").next = Clock::from(level);
                crate::harness::settle(&mut self.block).expect("the block settles");
            }
        }
        if let Some(m) = &mut self.model {
            assert!(
                m.clocked,
                "{}: a cycle of a block without a clock",
                self.name
            );
            m.push_inputs(&self.block);
            // SAFETY: as above; `vb_cycle` evaluates, raises and lowers the clock.
            unsafe { (m.cycle)(m.model) };
        }
        if self.mode == Mode::Verilog {
            self.block.latch_inputs();
        }
        self.outputs("after the clock edge");
    }

    /// The model's outputs into the struct (Verilog alone) or compared with the struct's.
    fn outputs(&mut self, when: &str) {
        let Some(m) = &mut self.model else { return };
        match self.mode {
            Mode::Rust => {}
            Mode::Verilog => m.pull_outputs(&mut self.block),
            Mode::Both => {
                if let Some((port, verilog, rust)) = m.compare_outputs(&self.block) {
                    panic!(
                        "{}: emitted Verilog differs from the Rust simulation {when} ({} \
                         compared before): {port} is {verilog:x?} in Verilog, {rust:x?} in \
                         rust-hdl (32-bit words, least significant first)",
                        self.name, self.compared
                    );
                }
                self.compared += 1;
            }
        }
    }
}

impl<B: Mirror> Dut<B> {
    /// Clocks while `busy` says so, counting the cycles (settled first; at most `limit`, else
    /// panics: `what` does not finish), as [`crate::harness::busy_cycles`] does.
    pub fn cycles_while(&mut self, busy: fn(&B) -> bool, limit: u64, what: &str) -> u64 {
        self.settle();
        let mut cycles = 0;
        while busy(&self.block) {
            cycles += 1;
            assert!(cycles <= limit, "{what} does not finish");
            self.cycle();
        }
        cycles
    }
}

/// Co-simulates a clocked block in lockstep for `cycles` cycles, `stim(block, cycle)` setting
/// its inputs each cycle (as [`crate::cosim::cosim`] does, on the Verilator model
/// [`Dut::verilog`] builds and caches); the settles and cycles compared.
pub fn lockstep<B: Mirror>(
    name: &str,
    block: B,
    cycles: usize,
    mut stim: impl FnMut(&mut B, usize),
) -> Result<u64> {
    let t = std::time::Instant::now();
    let mut u = Dut::cosim(name, block)?;
    let built = t.elapsed().as_secs_f64();
    for k in 0..cycles {
        stim(&mut u, k);
        u.cycle();
    }
    eprintln!(
        "lockstep {name}: {cycles} cycles; model ready in {built:.1} s, run {:.1} s",
        t.elapsed().as_secs_f64() - built
    );
    Ok(u.compared())
}

impl Model {
    fn build<B: Mirror>(name: &str, block: &mut B) -> Result<Model> {
        let ports = crate::cosim::ports(block);
        let (clock_port, in_names, out_names) = block.port_names();
        let mut missing = Vec::new();
        let (mut ins, mut outs) = (Vec::new(), Vec::new());
        for (k, p) in ports.iter().enumerate() {
            let known = if p.input {
                in_names.iter().find(|n| **n == p.name)
            } else {
                out_names.iter().find(|n| **n == p.name)
            };
            let words = p.bits.div_ceil(32).max(2);
            match known {
                Some(&name) => {
                    let port = ModelPort {
                        k: k as i32,
                        name,
                        bits: p.bits,
                        words,
                    };
                    if p.input {
                        ins.push(port)
                    } else {
                        outs.push(port)
                    }
                }
                None if p.input && clock_port == Some(p.name.as_str()) => {}
                None => missing.push(p.name.clone()),
            }
        }
        if !missing.is_empty() {
            bail!("{name}: ports not named by the block's `mirror!`: {missing:?}");
        }
        let names: Vec<&str> = ports.iter().map(|p| p.name.as_str()).collect();
        let absent: Vec<&&str> = clock_port
            .iter()
            .chain(in_names)
            .chain(out_names)
            .filter(|n| !names.contains(n))
            .collect();
        if !absent.is_empty() {
            bail!("{name}: `mirror!` names ports the block does not have: {absent:?}");
        }
        let verilog = generate_verilog(block);
        let wrapper = wrapper(&ports, clock_port);
        let version = Command::new("verilator")
            .arg("--version")
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .unwrap_or_default();
        let mut h = DefaultHasher::new();
        (
            &verilog,
            &wrapper,
            crate::cosim::VERILATOR_FLAGS,
            LIBRARY_FLAGS,
            &version,
        )
            .hash(&mut h);
        let root = std::env::temp_dir().join("boardgate-vblock");
        std::fs::create_dir_all(&root)?;
        let dir = root.join(format!("{name}-{:016x}", h.finish()));
        let lib = dir.join("libvblock.so");
        // Built and loaded under the lock: another tree's build of the block's other Verilog
        // removes this one's directory (a loaded library stays mapped).
        let _lock = Lock::take(&root.join(format!("{name}.lock")))?;
        {
            if !lib.exists() {
                compile(name, &dir, &verilog, &wrapper, &lib)?;
                // The block's models of other Verilog texts are stale: one kept per block.
                let prefix = format!("{name}-");
                for e in std::fs::read_dir(&root)?.flatten() {
                    let n = e.file_name().to_string_lossy().into_owned();
                    if n.starts_with(&prefix) && e.path() != dir && e.path().is_dir() {
                        let _ = std::fs::remove_dir_all(e.path());
                    }
                }
            }
        }
        Model::load(&lib, ins, outs, clock_port.is_some())
    }

    fn load(
        path: &Path,
        ins: Vec<ModelPort>,
        outs: Vec<ModelPort>,
        clocked: bool,
    ) -> Result<Model> {
        let c = CString::new(path.as_os_str().as_encoded_bytes())?;
        // SAFETY: dlopen of a library this module built; the symbols looked up are the
        // `extern "C"` functions of its wrapper, with the signatures declared above.
        unsafe {
            let lib = libc::dlopen(c.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL);
            if lib.is_null() {
                bail!("cannot load {}", path.display());
            }
            let sym = |s: &str| -> Result<*mut c_void> {
                let cs = CString::new(s)?;
                let p = libc::dlsym(lib, cs.as_ptr());
                if p.is_null() {
                    libc::dlclose(lib);
                    bail!("{} has no {s}", path.display());
                }
                Ok(p)
            };
            let new: NewFn = std::mem::transmute(sym("vb_new")?);
            let free: FreeFn = std::mem::transmute(sym("vb_free")?);
            let eval: FreeFn = std::mem::transmute(sym("vb_eval")?);
            let cycle: FreeFn = std::mem::transmute(sym("vb_cycle")?);
            let set: SetFn = std::mem::transmute(sym("vb_set")?);
            let get: GetFn = std::mem::transmute(sym("vb_get")?);
            let model = new();
            Ok(Model {
                lib,
                model,
                free,
                eval,
                cycle,
                set,
                get,
                ins,
                outs,
                clocked,
                buf: Vec::new(),
            })
        }
    }

    fn push_inputs<B: Mirror>(&mut self, block: &B) {
        for &ModelPort { k, name, words, .. } in &self.ins {
            self.buf.clear();
            block.input_words(name, &mut self.buf);
            self.buf.resize(words, 0);
            // SAFETY: `buf` holds the port's words (at least two).
            unsafe { (self.set)(self.model, k, self.buf.as_ptr()) };
        }
    }

    /// Output `p`'s value from the model into `buf`, masked to its width.
    fn read_output(&mut self, p: ModelPort) {
        self.buf.clear();
        self.buf.resize(p.words, 0);
        // SAFETY: `buf` has room for the port's words (at least two).
        unsafe { (self.get)(self.model, p.k, self.buf.as_mut_ptr()) };
        mask(&mut self.buf, p.bits);
    }

    /// The first output whose value differs from the struct's: its name and both values.
    fn compare_outputs<B: Mirror>(
        &mut self,
        block: &B,
    ) -> Option<(&'static str, Vec<u32>, Vec<u32>)> {
        let mut mine = Vec::new();
        for k in 0..self.outs.len() {
            let p = self.outs[k];
            self.read_output(p);
            mine.clear();
            block.output_words(p.name, &mut mine);
            mine.resize(p.words, 0);
            if mine != self.buf {
                return Some((p.name, self.buf.clone(), mine));
            }
        }
        None
    }

    fn pull_outputs<B: Mirror>(&mut self, block: &mut B) {
        for k in 0..self.outs.len() {
            let p = self.outs[k];
            self.read_output(p);
            block.set_output(p.name, &self.buf);
        }
    }
}

/// An exclusive lock on a file (`flock`), held until dropped (closing the file frees it).
struct Lock {
    _file: std::fs::File,
}

impl Lock {
    fn take(path: &Path) -> Result<Lock> {
        use std::os::fd::AsRawFd;
        let f = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(path)
            .with_context(|| format!("cannot open {}", path.display()))?;
        // SAFETY: flock on a file descriptor this function owns.
        if unsafe { libc::flock(f.as_raw_fd(), libc::LOCK_EX) } != 0 {
            bail!("cannot lock {}", path.display());
        }
        Ok(Lock { _file: f })
    }
}

/// The C++ port interface: `vb_set`/`vb_get` by port index (as listed by the probe), 32-bit
/// words least significant first.
fn wrapper(ports: &[crate::cosim::Port], clock: Option<&str>) -> String {
    let mut t = String::from(
        "#include \"Vdut.h\"\n#include \"verilated.h\"\n#include <cstdint>\n\
         extern \"C\" {\n\
         void* vb_new() { return new Vdut; }\n\
         void vb_free(void* p) { delete (Vdut*)p; }\n\
         void vb_eval(void* p) { ((Vdut*)p)->eval(); }\n",
    );
    match clock {
        Some(c) => writeln!(
            t,
            "void vb_cycle(void* p) {{ Vdut* t = (Vdut*)p; t->eval(); t->{c} = 1; t->eval(); \
             t->{c} = 0; t->eval(); }}"
        )
        .unwrap(),
        None => t.push_str("void vb_cycle(void* p) { ((Vdut*)p)->eval(); }\n"),
    }
    let mut set = String::new();
    let mut get = String::new();
    for (k, p) in ports.iter().enumerate() {
        let n = &p.name;
        if p.bits <= 64 {
            if p.input {
                writeln!(
                    set,
                    "  case {k}: t->{n} = (uint64_t)w[0] | ((uint64_t)w[1] << 32); break;"
                )
                .unwrap();
            } else {
                writeln!(
                    get,
                    "  case {k}: {{ uint64_t v = t->{n}; w[0] = (uint32_t)v; w[1] = (uint32_t)(v >> 32); break; }}"
                )
                .unwrap();
            }
        } else {
            let words = p.bits.div_ceil(32);
            if p.input {
                writeln!(
                    set,
                    "  case {k}: for (int j = 0; j < {words}; ++j) t->{n}[j] = w[j]; break;"
                )
                .unwrap();
            } else {
                writeln!(
                    get,
                    "  case {k}: for (int j = 0; j < {words}; ++j) w[j] = t->{n}[j]; break;"
                )
                .unwrap();
            }
        }
    }
    write!(
        t,
        "void vb_set(void* p, int k, const uint32_t* w) {{ Vdut* t = (Vdut*)p; switch (k) {{\n{set}  default: break; }} }}\n\
         void vb_get(void* p, int k, uint32_t* w) {{ Vdut* t = (Vdut*)p; switch (k) {{\n{get}  default: break; }} }}\n}}\n"
    )
    .unwrap();
    t
}

/// Verilator's flags for a block's model beyond the co-simulation's (part of its cache
/// key): position-independent code, linked as a shared library.
const LIBRARY_FLAGS: &[&str] = &["-CFLAGS", "-fPIC", "-LDFLAGS", "-shared -Wl,-Bsymbolic"];

/// Verilator's C++ of the block and the wrapper, linked into one shared library (the
/// co-simulation's flags: random values where Verilog would read X; the C++ at -O1).
fn compile(name: &str, dir: &Path, verilog: &str, wrapper: &str, lib: &Path) -> Result<()> {
    let t0 = std::time::Instant::now();
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join("dut.v"), verilog)?;
    std::fs::write(dir.join("vblock.cpp"), wrapper)?;
    let tmp: PathBuf = dir.join("libvblock.so.part");
    let out = Command::new("verilator")
        .current_dir(dir)
        .args(crate::cosim::VERILATOR_FLAGS)
        .args(LIBRARY_FLAGS)
        .arg("-o")
        .arg(&tmp)
        .args(["dut.v", "vblock.cpp"])
        .output()
        .context("running verilator")?;
    if !out.status.success() {
        bail!(
            "{name}: verilator failed in {}:\n{}",
            dir.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    std::fs::rename(&tmp, lib)?;
    // The objects are not needed once linked (the preparation's are 28 MB).
    let _ = std::fs::remove_dir_all(dir.join("obj"));
    eprintln!(
        "vblock {name}: Verilator model built in {:.1} s",
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}
