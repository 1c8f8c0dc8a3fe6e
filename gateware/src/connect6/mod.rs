//! The Connect6 player of `shared/papers/connect6-fpga.md` (Ochiai et al., Figure 4), module
//! by module. Every module takes the points it looks at as 2-bit [`Cell`] codes seen from the
//! side to move (`model::connect6::paper::Cell`: empty, own, opponent, off the board), as the
//! game record manager will send them. `docs/connect6.md` says where the room stands and
//! gives each choice the paper's missing figures left to us.
//!
//! | paper block | file | model | cycles |
//! |---|---|---|---|
//! | skilful-line predictor (§III-D): the 4 lines of 13 points through a stone, window levels, the best point | [`skilful_line_predictor`] | `model::connect6::paper::skilful_line::best_on_lines` | 0 (combinational) |
//!
//! [`Cell`]: model::connect6::paper::Cell

pub mod skilful_line_predictor;

pub use skilful_line_predictor::SkilfulLinePredictor;
