//! Chess on the host. Today: perft and the legal moves of a position on the golden model
//! (`model::chess`); the board joins when the chess move generator designs land.

pub mod cli;
