//! The Connect6 player of `shared/papers/connect6-fpga.md` (Ochiai et al., Figure 4), module
//! by module. Every module takes the points it looks at as 2-bit [`Cell`] codes seen from the
//! side to move (`model::connect6::paper::Cell`: empty, own, opponent, off the board), as the
//! game record manager will send them. `docs/connect6.md` says where the room stands and
//! gives each choice the paper's missing figures left to us.
//!
//! | paper block | file | model | cycles |
//! |---|---|---|---|
//! | game record manager: the board in block RAM (19 rows of 38 bits), a stone's region, lines and scan window gathered from 15 row reads, stones put, the first empty point | [`game_record_manager`] | `Region::cells`, `skilful_line::lines`, `templates::window_cells`, `paper::row_word` | [`game_record_manager::FETCH_CYCLES`] (17) a fetch, 3 a put |
//! | checkmate strategy checker (§III-B): 9 subspaces x 4 rotated triangles, the 105-pair tactics table in block RAM, the best pair of worth 4 or 5 for one colour | [`checkmate_strategy_checker`] | `model::connect6::paper::checkmate::check_cells` | [`checkmate_strategy_checker::CYCLES`] (425: one table entry a cycle on nine triangles, four passes) |
//! | template matching (§III-C): 12 templates in 8 orientations over the 5x5 scan window, per-point totals, the best point | [`template_matching`] | `model::connect6::paper::templates::{priorities_of, best_of}` | 0 (combinational) |
//! | next-move selector (§III-E) and the player: per opponent stone a fetch and the three modules, the ranking, the random mode, the stones put; a second pass for the turn's second stone | [`next_move_selector`] | `model::connect6::paper::selector::decide` | per pass and stone 17 + 2 x 425 + a few; see `selector::decide_cycles` |
//! | host interface: the link, job control, the opponent's stones put on the record, the player started (the paper's I/O) | [`core`] | `model::connect6::protocol` (`job_cycles`) | 4 a stone put, 1 after the decision |
//! | skilful-line predictor (§III-D): the 4 lines of 13 points through a stone, window levels, the best point | [`skilful_line_predictor`] | `model::connect6::paper::skilful_line::best_on_lines` | 0 (combinational) |
//! | past the paper: the threat scanner (the whole board's threats of both sides, counted, the first of each in scan order: the threat player's first block; and the points where two more stones make a threat) | [`threat_scanner`] | `model::connect6::threat_scan::scan` | [`threat_scanner::CYCLES`] (19: a row a cycle) |
//! | past the paper: the pair tester (whether two stones make a winning pair, from the four lines of 11 points through each: 48 windows, the blocking test on their threats; a pipeline, a pair a cycle) | [`pair_tester`] | `model::connect6::threat::pair_wins`, `pair_search::lines_through` | [`pair_tester::CYCLES`] (4) to an answer, a new pair every cycle |
//! | past the paper: the winning-pair search (the candidates marked by a scan; their lines gathered once, in a pass over the rows, into a lines RAM; the pairs streamed through a filter and the pair tester, or only those near two focus stones; the first winning pair, the count, a budget) | [`winning_pair_search`] | `model::connect6::pair_search::search_near` | [`winning_pair_search::START_CYCLES`] (22), [`winning_pair_search::GATHER_ROWS`] (24) and 1 a candidate, 1 an a (2 for an a without a pair), 1 a pair, an answer [`winning_pair_search::PIPE_CYCLES`] (5) after its pair |
//! | past the paper: the line scorer (the threat player's line score of every point for a side, the baseline's formula with the player's weights, `threat::WEIGHTS`: the board's rows swept a row a cycle, the 61 windows each completes weighed once, each direction's sums kept per column as the rows pass; a row's 19 scores at once; the best empty point) | [`line_scorer`] | `model::connect6::line_scan::{scores, scan}` | [`line_scorer::CYCLES`] (29: the start, 25 row steps, 3 of pipeline) |
//! | past the paper: the board overlay (the board as the threat player's searches see it: a stack of eight stones written over the words of the rows they read, no RAM write) | [`board_overlay`] | `Board::set`, `paper::row_word` | 0 (the word leaves in the cycle it arrives) |
//! | past the paper: the forcing search (one or two forcing turns, then a winning pair: the root's winning-pair search, its forcing pairs listed in block RAM, each block's child searched on the board overlay; two turns deep, a first-turn child's forcing pairs listed after the root's and tried a turn deeper) | [`forcing_search`] | `model::connect6::forcing_search::search_forced` | the root's search; per listed pair [`forcing_search::FETCH_CYCLES`] (2), per block [`forcing_search::PUSH_CYCLES`] (4) a turn and its child's search |
//! | past the paper: the threat blocker (the baseline's block of the other side's threats: threat scans of the board and of each set tried on its overlay, the line scorer's scores when sets tie in stones) | [`threat_blocker`] | `model::connect6::blocker::block` | the start; 21 a scan ([`threat_blocker::SCAN_CYCLES`]), a cycle a stone pushed before each after the first; the pick; the line scorer's [`threat_blocker::LINE_CYCLES`] (29) when it runs; done the cycle after |
//! | past the paper: the preparation (the line scorer's 16 best points for the side, ranked a point a cycle from its rows kept in RAM; each of their 120 pairs pushed on the overlay, the side's winning pairs counted, the reply modelled as the baseline's by the threat blocker and the line scorer (with the player's weights), the winning pairs counted again; the best pair) | [`preparation`] | `model::connect6::prepare::prepare` | the scan, [`preparation::RANK_CYCLES`] (361), per pair [`preparation::PUSH_CYCLES`] (2) and its searches, blocks and scans back to back |
//! | past the paper: the threat player's turn (a sequencer: a threat scan, then the win, the threat blocker, the forcing search two turns deep, the preparation, the line scorer, each started as the one before answers; a stone short, the line scorer's best point; one copy of each block, shared through the cores' ports: `ThreatBlockerCore`, `WinningPairSearchCore`, `ForcingSearchCore`, `PreparationCore`) | [`threat_player`] | `model::connect6::turn::turn` | the scan [`threat_player::SCAN_CYCLES`] (21), then each block's, a line score [`threat_player::LINE_CYCLES`] (29); done the cycle after |
//! | past the paper: the `connect6-threat` design's host interface (the link, job control, the board in block RAM written by `JOB_LOAD`, the opponent's stones put, the threat player's turn, its own stones put; an abort cancels the turn) | [`threat_core`] | `model::connect6::protocol::threat_design` (`expected_turn_job`) | 2 a stone put, 1 to start the turn, then the turn's |
//!
//! [`Cell`]: model::connect6::paper::Cell

pub mod board_overlay;
pub mod checkmate_strategy_checker;
pub mod core;
pub mod forcing_search;
pub mod game_record_manager;
pub mod line_scorer;
pub mod next_move_selector;
pub mod pair_tester;
pub mod preparation;
pub mod skilful_line_predictor;
pub mod template_matching;
pub mod threat_blocker;
pub mod threat_core;
pub mod threat_player;
pub mod threat_scanner;
pub mod winning_pair_search;

pub use self::core::Connect6Core;
pub use board_overlay::BoardOverlay;
pub use checkmate_strategy_checker::CheckmateStrategyChecker;
pub use forcing_search::ForcingSearch;
pub use game_record_manager::GameRecordManager;
pub use line_scorer::LineScorer;
pub use next_move_selector::NextMoveSelector;
pub use pair_tester::PairTester;
pub use preparation::Preparation;
pub use skilful_line_predictor::SkilfulLinePredictor;
pub use template_matching::TemplateMatching;
pub use threat_blocker::ThreatBlocker;
pub use threat_core::Connect6ThreatCore;
pub use threat_player::ThreatPlayer;
pub use threat_scanner::ThreatScanner;
pub use winning_pair_search::WinningPairSearch;
