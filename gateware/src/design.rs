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
    #[error("unknown board '{0}' (known: {known})", known = BoardId::ALL.map(|b| b.name()).join(", "))]
    UnknownBoard(String),
    #[error("design {design} is not built for board {board} (it is built for: {boards})")]
    NotForBoard {
        design: &'static str,
        board: &'static str,
        boards: String,
    },
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

    /// The simulated board: a nominal 100 MHz clock and [`SIM_DIVISOR`] clocks per UART bit,
    /// so that simulated runs spend their cycles on the core rather than on the serial line.
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

/// UART divisor of the simulated board: the fastest line the receiver takes.
pub const SIM_DIVISOR: u32 = link::MIN_DIVISOR;

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

/// The boards designs are built for. Board crates take their names from here, so that the
/// design table below can name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BoardId {
    /// Alchitry Cu: iCE40-HX8K CB132.
    AlchitryCu,
    /// ULX3S: ECP5 LFE5U-85F-6 CABGA381.
    Ulx3s,
}

impl BoardId {
    pub const ALL: [BoardId; 2] = [BoardId::AlchitryCu, BoardId::Ulx3s];

    /// Board name as used on the command line and in build directories.
    pub const fn name(self) -> &'static str {
        match self {
            BoardId::AlchitryCu => "alchitry-cu",
            BoardId::Ulx3s => "ulx3s",
        }
    }

    pub fn from_name(name: &str) -> Result<BoardId, ParamError> {
        Self::ALL
            .into_iter()
            .find(|b| b.name() == name)
            .ok_or_else(|| ParamError::UnknownBoard(name.to_string()))
    }
}

/// The kind of core a design instantiates, with its build parameters. One variant per core
/// type (a game's core); matches over it are exhaustive, so a new core type is found by the
/// compiler everywhere it must be handled (Verilog emission, the rust simulation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoreKind {
    /// The link core: identify, echo, cycle counter, wait job.
    Link,
    /// Othello endgame solvers behind one link.
    Othello {
        /// Fastest-first move ordering in hardware (else the paper's fixed order).
        fastest_first: bool,
        /// Number of solver cores (1..=`model::link::MAX_CORES`).
        cores: usize,
    },
    /// Chess perft cores (the move generator of Boule's paper) behind one link.
    Chess {
        /// Number of perft cores (1..=`model::link::MAX_CORES`).
        cores: usize,
    },
    /// Shogi processors (the shogi processor paper: piece cover circuit, all-move generator,
    /// the perft walker) behind one link.
    Shogi {
        /// Number of cores (1..=`model::link::MAX_CORES`).
        cores: usize,
        /// The tsume circuit's mate search in each core's walker (`JOB_MATE`; the tsume
        /// paper's check and defense masks and its check move filter). Without it the core
        /// refuses a mate job as a bad argument and synthesis drops the masks.
        mate: bool,
    },
    /// The shogi processor's piece cover circuit alone (paper section 6, Figure 8) behind one
    /// link: the cover job only. `one_scanner`: one scanner and one cover RAM, the second scan
    /// on the turned board (19 cycles a table, small enough for the Alchitry Cu); else both
    /// scanners at once, a cover RAM each (9 cycles).
    ShogiCover { one_scanner: bool },
    /// The Connect6 player of Ochiai et al. (checkmate strategy checker, template matching,
    /// skilful-line predictor, next-move selector, game record manager) behind one link.
    Connect6,
    /// The threat player's turn on chip (past the paper: threat scanner, line scorer,
    /// winning-pair search, threat blocker, forcing search, preparation, their sequencer)
    /// and the board in block RAM, behind one link.
    Connect6Threat,
}

/// A design's core clock on one board: a little under the Fmax nextpnr reached for it
/// (`cargo xtask synth <design> --board <board>` checks that it is met).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardClock {
    pub board: BoardId,
    pub core_clock_hz: u32,
}

/// One row of the design table: everything the crates need to know about a design.
#[derive(Clone, Copy, Debug)]
pub struct DesignSpec {
    /// The design this row describes (its position in [`DESIGNS`]).
    pub design: Design,
    /// Name reported by `IDENTIFY` and used on every command line (at most
    /// `model::link::NAME_LEN` bytes).
    pub name: &'static str,
    /// One line for the README and `--help`.
    pub summary: &'static str,
    /// The core and its parameters.
    pub core: CoreKind,
    /// The boards the design is built for, each with its core clock.
    pub clocks: &'static [BoardClock],
    /// UART baud rate of board builds unless told otherwise.
    pub baud: u32,
    /// Whether `cargo xtask test` (CI) synthesizes the design (see `docs/synth/README.md` for
    /// the budget); every built design's committed report is checked against the tree
    /// regardless.
    pub ci_synth: bool,
    /// Whether the design is built for its boards: placed, routed and its report committed.
    /// A row that does not route on its board (it is kept for the simulated board and for
    /// projections at its clock, labelled so) has no report to check, and `synth --all` passes
    /// it by; `synth NAME` still tries it. Its comment says what the last try measured.
    pub built: bool,
    /// Route with nextpnr's `router2` (its default router makes slow progress on the chess
    /// array's dense nets; router2 routes them; see the report's `seconds`).
    pub router2: bool,
    /// Place with nextpnr's `static` (electrostatic) placer instead of its default `heap`: it
    /// spreads a congested design more evenly (the `shogi` design: router2's overuse fell to
    /// about 3,200 wires after it, to about 6,300 after `heap`).
    pub static_placer: bool,
    /// Synthesize without wide multiplexers (yosys `synth_ecp5 -nowidelut`: no PFU muxes
    /// joining LUT4s into LUT5-LUT7): more LUT4s but fewer long nets through a congested
    /// region (the `shogi` design: router2's overuse fell from about 3,200 wires with them).
    /// Boards without wide LUTs ignore it.
    pub narrow_luts: bool,
    /// nextpnr's `--seed` (none: its default). The placement, and with it the routed clock,
    /// moves by a few percent from seed to seed on the chess array's congested nets; a row
    /// names the seed its committed report was routed with, so that `synth` rebuilds it.
    pub pnr_seed: Option<u32>,
}

const fn clock(board: BoardId, mhz: u32) -> BoardClock {
    clock_hz(board, mhz * 1_000_000)
}

/// A clock that is not a whole number of MHz (the ULX3S PLL makes 12.5 MHz from 25 exactly).
const fn clock_hz(board: BoardId, hz: u32) -> BoardClock {
    BoardClock {
        board,
        core_clock_hz: hz,
    }
}

/// The design table. Adding a design: a variant of [`Design`], a row here, and (for a new
/// core type) a [`CoreKind`] variant with its core. Everything else (Verilog, the simulated
/// board, board builds, synthesis, CI, the README's table) reads this table.
pub const DESIGNS: [DesignSpec; Design::COUNT] = [
    DesignSpec {
        design: Design::Link,
        name: "link",
        summary: "the link core: identify, echo, cycle counter, a pollable wait job",
        core: CoreKind::Link,
        clocks: &[clock(BoardId::AlchitryCu, 60), clock(BoardId::Ulx3s, 50)],
        baud: link::DEFAULT_BAUD,
        ci_synth: true,
        built: true,
        router2: false,
        static_placer: false,
        narrow_luts: false,
        pnr_seed: None,
    },
    DesignSpec {
        design: Design::Othello,
        name: "othello",
        summary: "Othello endgame solver, the paper's move order",
        core: CoreKind::Othello {
            fastest_first: false,
            cores: 1,
        },
        clocks: &[clock(BoardId::AlchitryCu, 30), clock(BoardId::Ulx3s, 45)],
        baud: link::DEFAULT_BAUD,
        ci_synth: false,
        built: true,
        router2: false,
        static_placer: false,
        narrow_luts: false,
        pnr_seed: None,
    },
    DesignSpec {
        design: Design::OthelloFf,
        name: "othello-ff",
        summary: "Othello endgame solver, fastest-first move ordering in hardware",
        core: CoreKind::Othello {
            fastest_first: true,
            cores: 1,
        },
        // Does not fit the Alchitry Cu's HX8K beside the paper-order solver's 78% of it.
        clocks: &[clock(BoardId::Ulx3s, 45)],
        baud: link::DEFAULT_BAUD,
        ci_synth: false,
        built: true,
        router2: false,
        static_placer: false,
        narrow_luts: false,
        // With the cores' tables (2026-12-07) nextpnr's default seed routed 44.3 MHz for 45
        // (Select's selector into the stack's write data), seed 1 46.4, seed 2 46.9.
        pnr_seed: Some(1),
    },
    DesignSpec {
        design: Design::OthelloX8,
        name: "othello-x8",
        summary: "eight paper-order Othello solvers behind one link; the host splits a solve",
        core: CoreKind::Othello {
            fastest_first: false,
            cores: 8,
        },
        clocks: &[clock(BoardId::Ulx3s, 40)],
        // Host traffic grows with the job count: 2 Mbaud (the ULX3S's FT231X runs it).
        baud: 2_000_000,
        ci_synth: false,
        built: true,
        router2: false,
        static_placer: false,
        narrow_luts: false,
        pnr_seed: None,
    },
    DesignSpec {
        design: Design::OthelloFfX4,
        name: "othello-ff-x4",
        summary: "four fastest-first Othello solvers behind one link; the host splits a solve",
        core: CoreKind::Othello {
            fastest_first: true,
            cores: 4,
        },
        clocks: &[clock(BoardId::Ulx3s, 40)],
        // As `othello-x8`: host traffic grows with the job count.
        baud: 2_000_000,
        ci_synth: false,
        built: true,
        router2: false,
        static_placer: false,
        narrow_luts: false,
        // With corner replies counted twice (2026-12-07) nextpnr's default seed routed 38.8
        // MHz: the link's command decode to its answer registers, 21 of 25.8 ns in routing;
        // seed 1 routed 42.3, seed 2 44.0 (the same netlist). With the cores' tables
        // (2026-12-07, before the command was registered) seed 1 37.8, seed 2 39.55; with the
        // command registered and the sorted list loaded in every Pop, seed 2 41.7; with a stop
        // while done taken by the solver 38.7, by `core.rs`'s late-stop bit 40.1.
        pnr_seed: Some(2),
    },
    DesignSpec {
        design: Design::Chess,
        name: "chess",
        summary: "chess move generator (square array, arbiter tree) counting perft on chip, four threads",
        core: CoreKind::Chess { cores: 4 },
        // One perft unit, four threads (4-slow: docs/chess.md), each a core to the host. The
        // loop through the square array, the arbiter trees, the generator and the walk is cut
        // three times (inside the array after its fills, after the array, after the trees):
        // a probe with the cuts routed at 50.2 MHz asked for 50, where the 2-slow unit (one
        // cut) reached 30.3 asked for 30 and one thread 17.3 asked for 15. A thread's cycle is
        // four clocks.
        // Asked for 50 (2 Mbaud), the unit routed at 48.5 (25,533 LUT4s, 10,405 FFs, the stack
        // in 4 DP16KD; the PLL cannot make 48 from 25), its critical path from the board
        // through the target's fill and a reduction into the target's line; asked for 45, at
        // 51.9. The array now registers the rays and reduces them after its cut: 50 MHz (55.7
        // reached; 58.6 with the leaf look's answer registered, the critical path then the
        // load's, from the remaining occupancy's lowest square through the write bus).
        clocks: &[clock(BoardId::Ulx3s, 50)],
        // 2 Mbaud (divisor 25): the step jobs cross the link a move at a time, and the split
        // sends a job's frames per core.
        baud: 2_000_000,
        ci_synth: false,
        built: true,
        // router2 did not converge on the probe (overuse back up past 2,000 wires after 70
        // iterations); router1 routed it.
        router2: false,
        // With the own plane beside the board, the default placer's result left router2 at
        // 3,000-4,000 overused wires after 47 iterations; the static placer, as for
        // `chess-x2`, routes it.
        static_placer: true,
        narrow_luts: false,
        // With the phase skip's victim planes (22,485 LUT4s, 2-slow), nextpnr's default seed
        // routed 29.5 MHz, seed 1 placed at 28.1 (the estimate; stopped), seed 2 routed 30.3.
        pnr_seed: Some(2),
    },
    DesignSpec {
        design: Design::ChessX2,
        name: "chess-x2",
        summary: "two chess perft units (eight threads) behind one link; a perft shared out on chip, one job a thread",
        core: CoreKind::Chess { cores: 8 },
        // Two units of four threads. One-thread units reached 16.8 MHz asked for 15, two of
        // two threads 30.7 asked for 30.
        // A unit is about 22,800 LUT4s: two fill 55% of the ECP5-85F, where three one-thread
        // units (the former `chess-x3`) routed only after the static placer at 62%; three
        // would fill about 82% (docs/chess.md).
        // router2 does not route it with the phase skip: its overuse falls to 200-500 wires
        // and then grows past 1,500-2,500 (seeds 1, 3 and 5, and the default; 2026-11-27;
        // without the skip it routed 28.7 MHz asked for 25). nextpnr's router1 routed the
        // same placement (seed 3, narrow LUTs) at 33.2 MHz asked for 25 (2-slow units). With
        // 4-slow units asked for 45: 40.8 MHz (the critical path in the array's first part,
        // from the board through the fills into the target's line, `s_line`). With the
        // array's rays registered and reduced after its cut, asked for 40: 39.9 (the critical
        // path now from a leaf's look, `leaf_white`, through `leaf_pending` into the
        // leaf count), so 37.5 MHz (44.8 reached). The leaf look now runs a clock ahead and
        // registers its answer (`Perft::leaf_capt`): asked for 40, 46.2 reached (the critical
        // path from the leaf's make through the write bus into the array's own plane); asked
        // for 45, router1 was stopped with 58,000 arcs still to route (overuse falling a third
        // as fast as at 40).
        clocks: &[clock(BoardId::Ulx3s, 40)],
        // 2 Mbaud, a whole divisor (20) of 40 MHz and a rate the FTDI bridge makes exactly
        // (3 MHz / 1.5); the link's time per job is mostly the USB round trips, not the bytes.
        baud: 2_000_000,
        ci_synth: false,
        built: true,
        router2: false,
        static_placer: true,
        narrow_luts: true,
        pnr_seed: Some(3),
    },
    DesignSpec {
        design: Design::ChessX3,
        name: "chess-x3",
        summary: "three chess perft units (twelve threads) behind one link; a perft shared out on chip, one job a thread",
        core: CoreKind::Chess { cores: 12 },
        // `chess-x2` with a third unit: a unit adds about 15,300 LUT4s (`chess` against
        // `chess-x2`). Three fill 70% of the ECP5-85F (58,433 LUT4s, 29,058 FFs, 12 DP16KD):
        // asked for 40 MHz with `chess-x2`'s placer, seed and router, 44.0 reached (placed at
        // an estimated 36.1), the critical path a unit's load (the remaining occupancy's
        // lowest square through the write bus into the array's own plane), as in `chess`.
        clocks: &[clock(BoardId::Ulx3s, 40)],
        baud: 2_000_000,
        ci_synth: false,
        built: true,
        router2: false,
        static_placer: true,
        narrow_luts: true,
        pnr_seed: Some(3),
    },
    DesignSpec {
        design: Design::Shogi,
        name: "shogi",
        summary: "shogi piece cover circuit (9 cycles a table), all-move generator (20-72 cycles a position), perft on chip",
        core: CoreKind::Shogi {
            cores: 1,
            mate: false,
        },
        // Far past the Alchitry Cu's 7,680 LUTs (docs/shogi.md). On the ECP5-85F, narrow
        // (45% of the LUTs) after the static placer: router2 stalls near 2,500 overused wires,
        // nextpnr's default router1 routes it (docs/shogi.md, "Where router2 stalls").
        clocks: &[clock(BoardId::Ulx3s, 20)],
        baud: link::DEFAULT_BAUD,
        ci_synth: false,
        built: true,
        router2: false,
        static_placer: true,
        narrow_luts: true,
        pnr_seed: None,
    },
    DesignSpec {
        design: Design::ShogiCover,
        name: "shogi-cover",
        summary: "the shogi piece cover circuit alone (9 cycles a table, 0.15 us at 60 MHz)",
        core: CoreKind::ShogiCover { one_scanner: false },
        // The clock target for the table is 50 MHz or more on the ULX3S: 63.8 MHz
        // reached asked for 50 (12,048 LUT4s), 62.3 asked for 60 (12,057; 2026-11-29), 67.3
        // with the scanners' narrower ray registers (9,235; 2026-12-04). Not for the Alchitry
        // Cu: yosys's `synth_ice40` of this Verilog gives 7,412 LUT4s and 4,868 FFs, but 47
        // RAM40 blocks of the HX8K's 32, its two 360-bit-wide cover RAMs taking 23 each
        // (docs/shogi.md, "Not on the Alchitry Cu, and why"); `shogi-cover-cu` is the Cu's.
        clocks: &[clock(BoardId::Ulx3s, 60)],
        baud: link::DEFAULT_BAUD,
        ci_synth: false,
        built: true,
        router2: false,
        static_placer: false,
        narrow_luts: false,
        pnr_seed: None,
    },
    DesignSpec {
        design: Design::ShogiCoverCu,
        name: "shogi-cover-cu",
        summary: "the shogi piece cover circuit with one scanner and one cover RAM (19 cycles a table), for the Alchitry Cu",
        core: CoreKind::ShogiCover { one_scanner: true },
        // `shogi-cover` needs 47 RAM40 blocks of the HX8K's 32; this circuit needs one cover
        // RAM (23 blocks) and one scanner: 5,181 LUT4s, 24 RAM40s. Its step counter counts
        // the second pass down and the rank word is read a cycle ahead into a register:
        // 55.1 MHz reached for 55 (56.7 for 45); with the rank read from the counter
        // directly, 45.7 for 45 and 48.5 for 50; with the rank as `18 - t`, 35.0 for 40
        // (docs/shogi.md, "The Alchitry Cu: `shogi-cover-cu`").
        clocks: &[clock(BoardId::AlchitryCu, 55)],
        baud: link::DEFAULT_BAUD,
        ci_synth: false,
        built: true,
        router2: false,
        static_placer: false,
        narrow_luts: false,
        pnr_seed: None,
    },
    DesignSpec {
        design: Design::ShogiX2,
        name: "shogi-x2",
        summary: "two shogi cores (cover circuit, all-move generator, perft walker) behind one link; the host splits a perft over them",
        core: CoreKind::Shogi {
            cores: 2,
            mate: false,
        },
        // Two `shogi` cores do not route on the ECP5-85F: asked for 15 MHz with the `shogi`
        // row's flow (static placer, narrow LUTs, router1), yosys gave 71,914 LUT4s (86%),
        // 30,559 FFs and 46 DP16KD, placed at an estimated 20.4 MHz; router1 then had
        // 284,057 of 302,320 arcs still queued after 104,000 iterations (420 s), ripping up
        // a quarter of what it routed, and was stopped (2026-11-29). With the smaller core
        // (2026-12-04): 62,617 LUT4s (74%), 22,417 FFs, placed at an estimated 21.1 MHz;
        // router1 had 176,133 of 260,143 arcs left after 383,000 iterations (1,146 s) and was
        // stopped; run again from the start, 111,669 left after 820,000 (5,224 s, beside
        // other work), still falling, stopped for the tests. With trixie's native
        // nextpnr-ecp5 0.7 (2026-12-04): its static placer diverged; from its heap placement,
        // 200,508 of 261,168 arcs left after 837,000 iterations (1,088 s); from YoWASP's
        // static placement, 196,200 of 260,143 after 781,000 (1,258 s). Not built: the row runs on the simulated board, and its link is counted at
        // the clock asked (docs/shogi.md, "Two cores: `shogi-x2`").
        clocks: &[clock(BoardId::Ulx3s, 15)],
        // 1 Mbaud, a whole divisor (15) of 15 MHz and a rate the FTDI bridge makes exactly:
        // every job of a split loads its position (ten `JOB_LOAD`s) before it starts.
        baud: 1_000_000,
        ci_synth: false,
        built: false,
        router2: false,
        static_placer: true,
        narrow_luts: true,
        pnr_seed: None,
    },
    DesignSpec {
        design: Design::Tsume,
        name: "tsume",
        summary: "the shogi design and the tsume circuit's mate search on chip (check masks, check move filter, AND/OR walk)",
        core: CoreKind::Shogi {
            cores: 1,
            mate: true,
        },
        // Routed at 41,800 LUT4s (50%) after mask B moved to the king's walks and the filter's
        // discover term became a 3-bit compare: 23.8 MHz asked for 15 (2,196 s), 20.4 asked
        // for 20 (1,374 s). Before, at 51,502 and 44,881 LUT4s, router1's queue did not drain
        // (docs/tsume.md, "The routed build"); nor with the shogi core's abort fix (42,355
        // after yosys, four seeds). With mask A's rays from the discover walk as well: 41,130
        // LUT4s, 21.3 MHz asked for 20 (1,342 s, 2026-12-02); with the walker's 16 frames,
        // 41,085 LUT4s, 22.6 MHz (4,805 s beside the `shogi` row's route, 2026-12-03).
        clocks: &[clock(BoardId::Ulx3s, 20)],
        baud: link::DEFAULT_BAUD,
        ci_synth: false,
        built: true,
        router2: false,
        static_placer: true,
        narrow_luts: true,
        pnr_seed: None,
    },
    DesignSpec {
        design: Design::Connect6,
        name: "connect6",
        summary: "Connect6 player of Ochiai et al.: checkmate strategy checker, template matching, skilful-line predictor, next-move selector",
        core: CoreKind::Connect6,
        // The player alone is about 20,100 LUT4s after yosys (docs/connect6.md), 2.6 times
        // the Alchitry Cu's HX8K: built for the ULX3S only until it shrinks. Asked for 25 MHz
        // it routed at 22.1 (20,878 LUT4s, 25%; the critical path from the checker's region
        // through an entry's evaluation on the 36 triangles and their tree): 20 MHz. With the
        // checker on nine triangles at a time (2026-12-04): 17,668 LUT4s, 22.1 MHz, the
        // critical path now in the random mode's subspace search. With that search
        // pipelined over the checks' cycles: 20,739 LUT4s, 25.7 MHz asked for 25 (708 s).
        clocks: &[clock(BoardId::Ulx3s, 25)],
        // 1 Mbaud, a whole divisor (25) of 25 MHz: a decision's link time is mostly its USB
        // round trips and bytes, not its cycles (docs/connect6.md, the bench).
        baud: 1_000_000,
        ci_synth: false,
        built: true,
        router2: false,
        static_placer: false,
        narrow_luts: false,
        pnr_seed: None,
    },
    DesignSpec {
        design: Design::Connect6Threat,
        name: "connect6-threat",
        summary: "Connect6 threat player on chip (past the paper): threat scan, win, block, forcing search two turns deep, preparation, line score",
        core: CoreKind::Connect6Threat,
        // The player alone placed and routed at 20.6 MHz asked for 25 (35,087 TRELLIS_COMB,
        // 41%; the critical path from the preparation's overlay through the shared pair
        // search into the scanner's row logic, docs/connect6.md): 20 MHz. The design, asked
        // for 20 (2026-12-05): 39,632 LUT4s (47%), 22.0 MHz (613 s), the critical path from
        // the shared scanner's count through the blocker's and the preparation's state into
        // the sequencer's. With the focus filter (2026-12-06): 40,699 LUT4s, 25.0 MHz asked
        // for 20 (the critical path from the preparation's overlay through the search's line
        // muxes into the scanner): asked for 25 since, 40,951 LUT4s, 25.5 MHz (627 s); with
        // a focused search done after its scan when it has no threat point, 41,544 LUT4s,
        // 25.6 MHz (771 s). With the host's budget in a register (2026-12-06): 41,081 LUT4s,
        // 24.8 MHz asked for 25; the PLL cannot make 24 exactly: 20 since, as the other
        // ULX3S designs.
        clocks: &[clock(BoardId::Ulx3s, 20)],
        // 1 Mbaud, a whole divisor (20) of 20 MHz.
        baud: 1_000_000,
        ci_synth: false,
        built: true,
        router2: false,
        static_placer: false,
        narrow_luts: false,
        pnr_seed: None,
    },
];

// Row i describes design i.
const _: () = {
    let mut i = 0;
    while i < Design::COUNT {
        assert!(DESIGNS[i].design as usize == i, "DESIGNS is out of order");
        i += 1;
    }
};

/// A design of this repository: an index into [`DESIGNS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Design {
    Link,
    Othello,
    OthelloFf,
    OthelloX8,
    OthelloFfX4,
    Chess,
    ChessX2,
    ChessX3,
    Shogi,
    ShogiCover,
    ShogiCoverCu,
    ShogiX2,
    Tsume,
    Connect6,
    Connect6Threat,
}

impl Design {
    pub const COUNT: usize = 15;
    pub const ALL: [Design; Design::COUNT] = [
        Design::Link,
        Design::Othello,
        Design::OthelloFf,
        Design::OthelloX8,
        Design::OthelloFfX4,
        Design::Chess,
        Design::ChessX2,
        Design::ChessX3,
        Design::Shogi,
        Design::ShogiCover,
        Design::ShogiCoverCu,
        Design::ShogiX2,
        Design::Tsume,
        Design::Connect6,
        Design::Connect6Threat,
    ];

    /// The design's row of the design table.
    pub const fn spec(self) -> &'static DesignSpec {
        &DESIGNS[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.spec().name
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

    /// The core the design instantiates.
    pub fn core(self) -> CoreKind {
        self.spec().core
    }

    /// The design's Verilog (top module `top`, ports `clock uart_rx uart_tx leds`), built
    /// on a big stack ([`on_big_stack`]: the Connect6 threat player's blocks overflow a test
    /// thread's 2 MB).
    pub fn verilog(self, p: &CoreParams) -> String {
        let p = *p;
        on_big_stack(move || self.verilog_here(&p))
    }

    /// [`Design::verilog`] on the caller's stack.
    fn verilog_here(self, p: &CoreParams) -> String {
        match self.core() {
            CoreKind::Link => emit::<crate::link::LinkCore>(p),
            CoreKind::Othello {
                fastest_first,
                cores,
            } => emit_core(crate::othello::OthelloCore::with_cores(
                p,
                self.name(),
                fastest_first,
                cores,
            )),
            CoreKind::Chess { cores } => {
                emit_core(crate::chess::ChessCore::with_cores(p, self.name(), cores))
            }
            CoreKind::Shogi { cores, mate } => emit_core(crate::shogi::ShogiCore::with_cores(
                p,
                self.name(),
                cores,
                mate,
            )),
            CoreKind::ShogiCover { one_scanner: false } => {
                emit_core(crate::shogi::ShogiCoverCore::named(p, self.name()))
            }
            CoreKind::ShogiCover { one_scanner: true } => emit_core(
                crate::shogi::ShogiCoverCoreOneScanner::named(p, self.name()),
            ),
            CoreKind::Connect6 => emit_core(crate::connect6::Connect6Core::named(p, self.name())),
            CoreKind::Connect6Threat => {
                emit_core(crate::connect6::Connect6ThreatCore::named(p, self.name()))
            }
        }
    }

    /// Whether `cargo xtask test` (CI) synthesizes the design.
    pub fn synth_in_test(self) -> bool {
        self.spec().ci_synth
    }

    /// Whether the design is built for its boards (`DesignSpec::built`).
    pub fn built(self) -> bool {
        self.spec().built
    }

    /// UART baud rate of a board build unless told otherwise.
    pub fn default_baud(self) -> u32 {
        self.spec().baud
    }

    /// Clock cycles per cycle of a job: a core that is a thread of a C-slow unit (chess:
    /// `chess::perft::THREADS`) runs its cycles, the ones its jobs count, one clock in C.
    pub fn threads(self) -> u32 {
        match self.spec().core {
            CoreKind::Chess { .. } => crate::chess::perft::THREADS as u32,
            _ => 1,
        }
    }

    /// Boards the design is built for.
    pub fn boards(self) -> impl Iterator<Item = BoardId> {
        self.spec().clocks.iter().map(|c| c.board)
    }

    /// Whether the design is built for `board`.
    pub fn built_for(self, board: BoardId) -> bool {
        self.boards().any(|b| b == board)
    }

    /// The design's core clock on `board`; an error names the boards it is built for.
    pub fn core_clock_hz(self, board: BoardId) -> Result<u32, ParamError> {
        self.spec()
            .clocks
            .iter()
            .find(|c| c.board == board)
            .map(|c| c.core_clock_hz)
            .ok_or_else(|| ParamError::NotForBoard {
                design: self.name(),
                board: board.name(),
                boards: self
                    .boards()
                    .map(|b| b.name())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
}

/// Builds a core and emits its Verilog.
pub fn emit<C: BoardCore>(p: &CoreParams) -> String {
    emit_core(C::build(p))
}

/// Runs `f` on a thread with a 512 MB stack: the Connect6 threat player holds every block
/// past the paper, and its construction, emission and Rust simulation need more than a test
/// thread's 2 MB stack (a main thread's 8 MB is enough; 512 MB leaves room for the debug
/// build's larger frames); `f`'s panic is the caller's.
pub fn on_big_stack<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> R {
    let handle = std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(f)
        .expect("a thread");
    match handle.join() {
        Ok(r) => r,
        Err(e) => std::panic::resume_unwind(e),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn design_table_is_consistent() {
        let mut names = std::collections::HashSet::new();
        for d in Design::ALL {
            let s = d.spec();
            assert!(names.insert(s.name), "two designs are named {}", s.name);
            assert!(
                !s.name.is_empty() && s.name.len() <= link::NAME_LEN && s.name.is_ascii(),
                "{}: IDENTIFY carries at most {} ASCII bytes",
                s.name,
                link::NAME_LEN
            );
            assert_eq!(Design::from_name(s.name), Ok(d));
            // A design may wait for a board (simulation only) but not one CI synthesizes.
            assert!(
                !s.clocks.is_empty() || !s.ci_synth,
                "{} is synthesized in CI but built for no board",
                s.name
            );
            assert!(
                s.built || !s.ci_synth,
                "{} is synthesized in CI but not built",
                s.name
            );
            for c in s.clocks {
                assert_eq!(
                    s.clocks.iter().filter(|o| o.board == c.board).count(),
                    1,
                    "{} has two clocks on {}",
                    s.name,
                    c.board.name()
                );
                // The design's baud rate divides its core clock on every board.
                CoreParams::for_board(c.core_clock_hz, s.baud).unwrap_or_else(|e| {
                    panic!("{} on {}: {e}", s.name, c.board.name());
                });
            }
            if let CoreKind::Othello { cores, .. }
            | CoreKind::Chess { cores }
            | CoreKind::Shogi { cores, .. } = s.core
            {
                assert!((1..=link::MAX_CORES).contains(&cores));
            }
        }
        assert!(Design::ALL.iter().any(|d| d.synth_in_test()));
    }

    #[test]
    fn unknown_names_are_errors() {
        let e = Design::from_name("go").unwrap_err().to_string();
        assert!(
            e.contains("unknown design 'go'") && e.contains("othello-x8") && e.contains("chess"),
            "{e}"
        );
        let e = BoardId::from_name("arty").unwrap_err().to_string();
        assert!(
            e.contains("unknown board 'arty'") && e.contains("ulx3s"),
            "{e}"
        );
        let e = Design::OthelloFf
            .core_clock_hz(BoardId::AlchitryCu)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("not built for board alchitry-cu") && e.contains("ulx3s"),
            "{e}"
        );
    }
}
