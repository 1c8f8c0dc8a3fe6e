//! The boardgate host side: a [`Transport`] to a board (a real serial port or the simulated
//! board on either backend), and the [`Link`] driver that runs the protocol of `model::link`
//! over it, with retries, timeouts and clear errors.

pub mod chess;
pub mod cli;
pub mod connect6;
pub mod driver;
pub mod fuzz;
pub mod othello;
pub mod search;
pub mod shogi;
pub mod soak;
pub mod split;
pub mod transport;

pub use driver::{Link, LinkError, LinkStats, Stop, StopReason};
pub use transport::{
    BridgedSim, FaultConfig, FaultyTransport, ModelTransport, SerialTransport, SimTransport,
    Transport,
};
