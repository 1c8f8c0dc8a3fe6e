//! Connect6 on the host: `boardgate connect6 engine | match`. The engine speaks the Cloudict
//! protocol ([`engine`]) with a player of the model (`model::connect6`: so far the baseline
//! opponent; the paper's circuit and the board come next); the referee ([`referee`]) plays
//! matches between any two engine commands that speak it.

pub mod cli;
pub mod engine;
pub mod referee;
