//! The Verilator backend: each design's emitted Verilog, compiled by `build.rs` with the
//! simulated board's parameters, stepped through a small `extern "C"` wrapper.

use crate::backend::Backend;
use anyhow::{bail, Result};
use gateware::Design;
use std::ffi::c_void;
use std::path::Path;

#[allow(dead_code)]
pub struct VTable {
    new: unsafe extern "C" fn() -> *mut c_void,
    free: unsafe extern "C" fn(*mut c_void),
    set_rx: unsafe extern "C" fn(*mut c_void, i32),
    step: unsafe extern "C" fn(*mut c_void),
    tx: unsafe extern "C" fn(*mut c_void) -> i32,
    leds: unsafe extern "C" fn(*mut c_void) -> i32,
    trace_open: unsafe extern "C" fn(*mut c_void, *const std::ffi::c_char) -> i32,
    trace_close: unsafe extern "C" fn(*mut c_void),
}

#[allow(dead_code)]
mod generated {
    use super::VTable;
    include!(concat!(env!("OUT_DIR"), "/verilated.rs"));
}

/// True when this build includes the Verilator models.
pub const AVAILABLE: bool = cfg!(have_verilator);

/// Designs with a Verilator model in this build.
pub fn designs() -> &'static [&'static str] {
    generated::DESIGNS
}

pub struct VerilatorSim {
    vt: VTable,
    model: *mut c_void,
}

impl VerilatorSim {
    pub fn open(design: Design) -> Result<Box<dyn Backend>> {
        let Some(vt) = generated::vtable(design.name()) else {
            if !AVAILABLE {
                bail!("this build has no Verilator backend (verilator was not found when `sim` was built); use `--sim rust` or install verilator and rebuild");
            }
            bail!("no Verilator model of design '{}'", design.name());
        };
        // SAFETY: the constructor returns a fresh heap object owned by this struct.
        let model = unsafe { (vt.new)() };
        Ok(Box::new(VerilatorSim { vt, model }))
    }
}

impl Drop for VerilatorSim {
    fn drop(&mut self) {
        // SAFETY: `model` came from `new` and is freed once.
        unsafe { (self.vt.free)(self.model) }
    }
}

impl Backend for VerilatorSim {
    fn set_rx(&mut self, level: bool) {
        // SAFETY: `model` is valid for the lifetime of self.
        unsafe { (self.vt.set_rx)(self.model, level as i32) }
    }
    fn step(&mut self) -> Result<()> {
        // SAFETY: as above.
        unsafe { (self.vt.step)(self.model) };
        Ok(())
    }
    fn tx(&self) -> bool {
        // SAFETY: as above.
        unsafe { (self.vt.tx)(self.model) != 0 }
    }
    fn leds(&self) -> u8 {
        // SAFETY: as above.
        unsafe { (self.vt.leds)(self.model) as u8 }
    }
    fn name(&self) -> &'static str {
        "verilator"
    }
    fn trace_start(&mut self, path: &Path) -> Result<()> {
        let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes())
            .map_err(|_| anyhow::anyhow!("waveform path {} has a NUL byte", path.display()))?;
        // SAFETY: `model` is valid; the path outlives the call (the model copies it).
        if unsafe { (self.vt.trace_open)(self.model, c.as_ptr()) } == 0 {
            bail!("cannot write the waveform {}", path.display());
        }
        Ok(())
    }
    fn trace_stop(&mut self) -> Result<()> {
        // SAFETY: as above.
        unsafe { (self.vt.trace_close)(self.model) };
        Ok(())
    }
}
