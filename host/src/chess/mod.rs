//! Chess on the host. Today: perft, the legal moves of a position and a UCI engine, on the
//! golden model (`model::chess`); the board joins when the chess move generator designs land.

pub mod cli;
pub mod engine;
