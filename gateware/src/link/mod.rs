//! The `link` design: the link engine plus a small core that exercises every part of the
//! protocol (identify, echo, cycle counter, a pollable and abortable wait job).

pub mod core;

pub use self::core::LinkCore;
