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
