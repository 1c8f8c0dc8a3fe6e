//! Chess on the host. Today: perft, the legal moves of a position and a UCI engine, on the
//! golden model (`model::chess`); the board joins when the chess move generator designs land.

pub mod cli;
pub mod engine;

/// Deepest perft the host asks of the model (`chess perft`, UCI `go perft`): depth 7 from the
/// start is 3.2 billion leaves, minutes on one thread.
pub const MAX_PERFT_DEPTH: u32 = 7;
