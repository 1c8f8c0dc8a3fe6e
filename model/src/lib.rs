//! Golden models of boardgate, in plain Rust (no rust-hdl).
//!
//! * [`link`]: the single definition of the host <-> FPGA link protocol (frame layout, opcodes,
//!   CRC, limits and timeouts), used by the gateware, the simulator and the host.
//! * [`link_device`]: a cycle-free reference model of the device side of the protocol
//!   (framing, deduplication, error frames) and of the `link` core, against which the gateware
//!   is checked.

pub mod link;
pub mod link_device;
pub mod othello;
