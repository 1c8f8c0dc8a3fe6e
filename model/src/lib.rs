//! Golden models of boardgate, in plain Rust (no rust-hdl).
//!
//! * [`link`]: the single definition of the host <-> FPGA link protocol (frame layout, opcodes,
//!   CRC, limits and timeouts), used by the gateware, the simulator and the host.
//! * [`link_device`]: a cycle-free reference model of the device side of the protocol
//!   (framing, deduplication, error frames) and of the `link` core, against which the gateware
//!   is checked.
//! * [`job_control`]: the reference model of job control (start, poll, abort, result, core
//!   index, `JOB_CORES`), shared by every design with jobs.
//! * [`othello`], [`chess`], [`shogi`], [`connect6`]: each game's rules and reference models.

pub mod chess;
pub mod connect6;
pub mod job_control;
pub mod link;
pub mod link_device;
pub mod othello;
pub mod shogi;
