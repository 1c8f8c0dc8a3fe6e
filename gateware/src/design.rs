//! What every design shares: build parameters, the board-pin contract, and the registry of
//! designs that `xtask`, the simulator and the host choose from by name.

use model::link::{self, DivisorError};
use rust_hdl::prelude::*;
use thiserror::Error;

/// Build-time parameters of a core: its clock and its UART divisor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoreParams {
    /// Core clock in Hz (reported by `IDENTIFY`).
    pub clock_hz: u32,
    /// UART clock cycles per bit.
    pub divisor: u32,
}

#[derive(Debug, Error, PartialEq)]
pub enum ParamError {
    #[error(transparent)]
    Baud(#[from] DivisorError),
    #[error("UART divisor {0} is outside {min}..={max}", min = link::MIN_DIVISOR, max = link::MAX_DIVISOR)]
    Divisor(u32),
    #[error("unknown design '{0}' (known: {known})", known = Design::names().join(", "))]
    UnknownDesign(String),
}

impl CoreParams {
    /// Parameters for a board: clock and baud rate (the divisor is derived and validated).
    pub fn for_board(clock_hz: u32, baud: u32) -> Result<CoreParams, ParamError> {
        Ok(CoreParams {
            clock_hz,
            divisor: link::divisor_for(clock_hz, baud)?,
        })
    }

    /// Parameters with an explicit divisor (the simulator uses short bit times).
    pub fn with_divisor(clock_hz: u32, divisor: u32) -> Result<CoreParams, ParamError> {
        if !(link::MIN_DIVISOR..=link::MAX_DIVISOR).contains(&divisor) {
            return Err(ParamError::Divisor(divisor));
        }
        Ok(CoreParams { clock_hz, divisor })
    }

    /// The simulated board: a nominal 100 MHz clock and 16 clocks per UART bit, so that
    /// simulated runs spend their cycles on the core rather than on the serial line.
    pub fn sim() -> CoreParams {
        CoreParams {
            clock_hz: 100_000_000,
            divisor: SIM_DIVISOR,
        }
    }

    /// Bit times of the receiver timeout, in cycles.
    pub fn rx_timeout_cycles(&self) -> u64 {
        self.divisor as u64 * link::RX_TIMEOUT_BIT_TIMES
    }
}

/// UART divisor of the simulated board.
pub const SIM_DIVISOR: u32 = 16;

/// A design whose ports are the board pins. Board tops and the simulator use this, never the
/// design's internals.
pub trait BoardCore: Block + Sized {
    /// Design name, as `IDENTIFY` reports it.
    const NAME: &'static str;
    fn build(p: &CoreParams) -> Self;
    fn clock_pin(&mut self) -> &mut Signal<In, Clock>;
    fn uart_rx_pin(&mut self) -> &mut Signal<In, Bit>;
    fn uart_tx_pin(&self) -> bool;
    fn leds_pin(&self) -> u8;
}

/// Implements [`BoardCore`] for a block with fields `clock`, `uart_rx`, `uart_tx`, `leds`.
#[macro_export]
macro_rules! impl_board_core {
    ($t:ty, $name:expr) => {
        impl $crate::design::BoardCore for $t {
            const NAME: &'static str = $name;
            fn build(p: &$crate::design::CoreParams) -> Self {
                <$t>::new(p)
            }
            fn clock_pin(&mut self) -> &mut Signal<In, Clock> {
                &mut self.clock
            }
            fn uart_rx_pin(&mut self) -> &mut Signal<In, Bit> {
                &mut self.uart_rx
            }
            fn uart_tx_pin(&self) -> bool {
                self.uart_tx.val()
            }
            fn leds_pin(&self) -> u8 {
                self.leds.val().index() as u8
            }
        }
    };
}

/// The designs this repository builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Design {
    /// The link core: identify, echo, cycle counter, wait job.
    Link,
    /// The Othello endgame solver, the paper's move order.
    Othello,
    /// The Othello endgame solver with fastest-first move ordering in hardware.
    OthelloFf,
    /// Eight paper-order solvers behind one link; the host splits a solve between them.
    OthelloX8,
}

impl Design {
    pub const ALL: [Design; 4] = [
        Design::Link,
        Design::Othello,
        Design::OthelloFf,
        Design::OthelloX8,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Design::Link => crate::link::LinkCore::NAME,
            Design::Othello => crate::othello::OthelloCore::NAME,
            Design::OthelloFf => "othello-ff",
            Design::OthelloX8 => "othello-x8",
        }
    }

    pub fn names() -> Vec<&'static str> {
        Self::ALL.iter().map(|d| d.name()).collect()
    }

    pub fn from_name(name: &str) -> Result<Design, ParamError> {
        Self::ALL
            .iter()
            .copied()
            .find(|d| d.name() == name)
            .ok_or_else(|| ParamError::UnknownDesign(name.to_string()))
    }

    /// The design's Verilog (top module `top`, ports `clock uart_rx uart_tx leds`).
    pub fn verilog(self, p: &CoreParams) -> String {
        match self {
            Design::Link => emit::<crate::link::LinkCore>(p),
            _ => emit_core(self.othello_core(p).expect("an othello design")),
        }
    }

    /// Whether `cargo xtask test` (CI) synthesizes the design. The big ULX3S designs take
    /// too long for CI's budget (nextpnr: 12 minutes for `othello-ff`, over an hour for
    /// `othello-x8`); `cargo xtask synth` builds them.
    pub fn synth_in_test(self) -> bool {
        matches!(self, Design::Link | Design::Othello)
    }

    /// UART baud rate of a board build unless told otherwise: the link's default, and
    /// 2 Mbaud for the multi-core design, whose host traffic grows with its job count
    /// (the ULX3S's FT231X and the Cu's FT2232H both run 2 Mbaud).
    pub fn default_baud(self) -> u32 {
        match self {
            Design::OthelloX8 => 2_000_000,
            _ => link::DEFAULT_BAUD,
        }
    }

    /// The solver cores of an Othello design: (fastest-first, number of cores).
    pub fn othello_cores(self) -> Option<(bool, usize)> {
        match self {
            Design::Link => None,
            Design::Othello => Some((false, 1)),
            Design::OthelloFf => Some((true, 1)),
            Design::OthelloX8 => Some((false, 8)),
        }
    }

    /// The core of an Othello design.
    pub fn othello_core(self, p: &CoreParams) -> Option<crate::othello::OthelloCore> {
        let (ff, n) = self.othello_cores()?;
        Some(crate::othello::OthelloCore::with_cores(
            p,
            self.name(),
            ff,
            n,
        ))
    }

    /// Boards the design is built for (`othello-ff` does not fit the Alchitry Cu's HX8K
    /// next to the paper-order solver's 72% of its logic cells).
    pub fn boards(self) -> &'static [&'static str] {
        match self {
            Design::OthelloFf | Design::OthelloX8 => &["ulx3s"],
            _ => &["alchitry-cu", "ulx3s"],
        }
    }
}

/// Builds a core and emits its Verilog.
pub fn emit<C: BoardCore>(p: &CoreParams) -> String {
    emit_core(C::build(p))
}

/// Emits a built core's Verilog.
pub fn emit_core<C: Block>(mut uut: C) -> String {
    uut.connect_all();
    generate_verilog(&uut)
}

/// Version of the gateware reported by `IDENTIFY` (the crate version).
pub fn version() -> (u8, u8, u8) {
    let parse = |s: &str| s.parse::<u8>().unwrap_or(0);
    (
        parse(env!("CARGO_PKG_VERSION_MAJOR")),
        parse(env!("CARGO_PKG_VERSION_MINOR")),
        parse(env!("CARGO_PKG_VERSION_PATCH")),
    )
}
