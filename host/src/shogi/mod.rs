//! Shogi on the host: `boardgate shogi perft | moves | cover | usi` on the golden model
//! (`model::shogi`). The board (the paper's piece cover circuit, perft on chip) comes with the
//! gateware of issue 9; until then every command runs on the model.

pub mod cli;
pub mod engine;

/// Deepest perft the model runs for the CLI and `go perft` (depth 6 from the start is 548M
/// leaves, about a minute; the bound keeps every job short enough to wait for).
pub const MAX_PERFT_DEPTH: u32 = 6;
