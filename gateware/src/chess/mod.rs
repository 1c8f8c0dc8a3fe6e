//! The chess move generator of Boulé, "An FPGA Based Move Generator for the Game of Chess"
//! (`shared/papers/chess-movegen-fpga-ja.md`, a Japanese translation), after Belle and Deep
//! Blue. One file per block of the paper:
//!
//! | block | file | model | cycles | paper |
//! |---|---|---|---|---|
//! | chess squares: piece words, TX, RX, neighbour and knight buses | [`square_array`] | `model::chess::generator` (victim / aggressor rules) | 0 (a pipeline register inside, one of the 4-slow loop's cuts) | 4.1, 4.2, 4.5, Figure 1 |
//! | arbitration tree, 63 arbiters | [`arbiter_tree`] | `model::chess::generator` (`arbitrate`) | 0 | 4.3 |
//! | generation cycles (with the discovered-check loop, beyond the paper), move masks | [`generator`] | `model::chess::generator::generate` (started), `generate_entered` (a node perft enters) | 1 per find cycle, none for a phase without victims (+1 to end a node whose last cycle yielded a move, or that has no move at all) | 3.1, 3.2, 4.4, 4.5 |
//! | write bus (make / unmake) | [`write_bus`] | `model::chess::Position::play` | 0 | 4.1 |
//! | host interface (link, job control) | [`core`] | `model::chess::protocol` | - | 5 (here: the UART link instead of PCI) |
//! | perft on chip: walk, legality, stack | [`perft`] | `model::chess::search::perft_on_chip` | 1 per generator cycle + 2 per move above the last ply + 1 per pop (+1 for a node's end right after a leaf) | beyond the paper |
//! | combined command: step jobs | [`perft`] (`Wait`), [`core`] (`JOB_STEP`) | `model::chess::step::Stepper` | generator cycles + 2 per move made + 1 per step (+1 for up) | 5 |
//! | leaf legality look (the leaf board's king attack) | [`legality`] | `model::chess::attacked_by` | 0 (the cycle after the leaf's find cycle) | beyond the paper |
//!
//! Cycles are a thread's: a perft unit runs four threads (4-slow, `common::slow4`), one clock
//! each in turn, so a thread's cycle is four clocks and the unit does four jobs at once.
//!
//! Squares: a1 = 0 .. h8 = 63. The board is held as the six planes of the extended piece
//! word (see [`square_array`]).

pub mod arbiter_tree;
pub mod core;
pub mod generator;
pub mod legality;
pub mod perft;
pub mod square_array;
pub mod write_bus;

pub use self::core::ChessCore;
pub use arbiter_tree::ArbiterTree;
pub use generator::MoveGenerator;
pub use legality::KingAttack;
pub use perft::Perft;
pub use square_array::SquareArray;
pub use write_bus::WriteBus;
