//! boardgate gateware: rust-hdl synthesizable blocks.
//!
//! * [`common`]: blocks shared by every design (UART, CRC, the link engine).
//! * [`link`]: the `link` core (identify, echo, cycle counter, a pollable wait job).
//!
//! Every design is a *board core*: a block whose ports are exactly the board pins
//! `clock`, `uart_rx`, `uart_tx`, `leds` (see [`BoardCore`]). Board crates wrap it with the
//! board's clocking and pin names; the simulator drives those same pins.

pub mod chess;
pub mod common;
pub mod connect6;
pub mod design;
pub mod link;
pub mod othello;
pub mod shogi;
pub mod tsume;

pub use design::{
    BoardClock, BoardCore, BoardId, CoreKind, CoreParams, Design, DesignSpec, ParamError, DESIGNS,
};
