//! Blocks shared by every design.

pub mod crc16;
pub mod frame;
pub mod job_control;
pub mod link_engine;
pub mod link_shell;
pub mod slow4;
pub mod stack_ram;
pub mod uart_rx;
pub mod uart_tx;

pub use crc16::Crc16Byte;
pub use frame::FrameField;
pub use job_control::JobControl;
pub use link_engine::LinkEngine;
pub use link_shell::LinkShell;
pub use slow4::Slow4;
pub use stack_ram::StackRam;
pub use uart_rx::UartRx;
pub use uart_tx::UartTx;

use rust_hdl::prelude::{Bits, Constant};

/// A constant of any width (the blocks' per-index constant tables).
pub(crate) fn c<const N: usize>(x: u64) -> Constant<Bits<N>> {
    Constant::new(x.into())
}

/// The offsets `0, step, 2 step, ...` of an array's fields in a flat word, as constants.
pub(crate) fn offsets<const N: usize, const M: usize>(step: u64) -> [Constant<Bits<N>>; M] {
    std::array::from_fn(|i| c(step * i as u64))
}

/// A constant with bit `i` set for every `i < n` that `f` accepts.
pub(crate) fn mask<const N: usize>(n: usize, f: impl Fn(usize) -> bool) -> Constant<Bits<N>> {
    Constant::new(
        (0..n)
            .filter(|&i| f(i))
            .fold(Bits::<N>::default(), |b, i| b.replace_bit(i, true)),
    )
}
