//! Simulation of boardgate designs.
//!
//! * [`Backend`]: one clocked board (pins `uart_rx`, `uart_tx`, `leds`), implemented by
//!   [`RustSim`] (rust-hdl's own simulation, driven by a direct clock loop) and
//!   [`verilator::VerilatorSim`] (the emitted Verilog compiled by Verilator in `build.rs`).
//! * [`SimBoard`]: a backend plus a software UART on its pins: the simulated board the host
//!   talks to, fed the same bytes whatever the backend.
//! * [`cosim`]: replays a block's Rust simulation on its emitted Verilog (Verilator) and
//!   compares every output on every cycle.
//! * [`vblock::Dut`]: a block under test in rust-hdl's simulation or as its emitted Verilog on
//!   Verilator, driven through the same struct by the same test bench.

pub mod backend;
pub mod board;
pub mod cosim;
pub mod harness;
pub mod mirrors;
pub mod tools;
pub mod vblock;
pub mod verilator;

pub use backend::{open_backend, Backend, BackendKind, RustSim};
pub use board::SimBoard;
