//! What every boardgate board shares.
//!
//! A board crate (`board-alchitry-cu`, `board-ulx3s`) wraps a design's core (top module `top`,
//! ports `clock uart_rx uart_tx leds`, see [`gateware::BoardCore`]) in a board top with the
//! board's clocking and pin names, and drives the open-source toolchain to a bitstream. This
//! crate holds the parts that do not depend on the board:
//!
//! * [`Board`] and [`BoardBuild`]: the interface `xtask` uses.
//! * [`SynthReport`]: the figures of one synthesis run, written as `report.json`.
//! * [`flow`]: the yosys → nextpnr → packer flow, with every command recorded in `commands.sh`
//!   before it runs and its output kept in a log file.
//! * [`tools`]: finding tools and running them.
//! * [`constraints`]: checks a pin file against the board top's ports.
//! * [`verilog`]: port-list parsing and [`rename_core_module`].
//! * [`testing`]: helpers for tests that need external tools.
//! * [`docs`]: the README's generated tables (designs, committed synthesis figures).

pub mod board;
pub mod constraints;
pub mod docs;
pub mod flow;
pub mod report;
pub mod testing;
pub mod tools;
pub mod verilog;

pub use board::{Board, BoardBuild, BoardSpec};
pub use constraints::{check_constraints, ConstraintKind};
pub use report::SynthReport;
pub use verilog::{rename_core_module, CORE_MODULE};

/// Default baud rate of board builds (re-exported from the link protocol definition).
pub use model::link::DEFAULT_BAUD;
