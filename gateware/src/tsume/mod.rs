//! The tsume-shogi (mate) circuit of `shared/papers/shogi-processor-fpga.md` section 7
//! (Figure 12) and `shared/papers/tsume-shogi-fpga-ja.md` (stages 1-3), block by block. It
//! stands on the shogi room (`crate::shogi`: the board data, the cover circuit, the all-move
//! generator); `docs/tsume.md` says where it stands.
//!
//! | block | file | model | cycles | paper |
//! |---|---|---|---|---|
//! | check mask generator: mask A (per piece type, the squares from which it checks the king) | [`check_mask_generator`] | `model::shogi::mate_masks::CheckMasks` | 0 (combinational on the king's rays of the discover walk, `crate::shogi::KingRays::first_rays`: the masks registered as the walk ends, before the candidate pass; the paper's stage 2 scans rank by rank: 25 cycles with the cover data) | Japanese paper §3.3 (stage 2); Figure 12 |
//! | mask B (per king direction, the attacker's discoverer): the shogi room's king walks in discover mode, from the defender's king at the attacker's jobs | `crate::shogi::king_rays`, `crate::shogi::all_moves_unit` | `CheckMasks::discoverers`, `model::shogi::all_moves::discover_walks` | the longest walk's squares and a cycle, in the attacker's moves job (`model::shogi::all_moves::walk_job_cycles`) | Japanese paper §3.3 (stage 2) |
//! | defense mask generator: mask C (the attacker's cover, the king off the board), D (the checkers), E (a single checker's line); the check mask generator inside, roles turned, on the king's rays this block fills | [`defense_mask_generator`] | `model::shogi::mate_masks::DefenceMasks` | 0 | Japanese paper §3.3 (stage 2; not built by its authors) |
//! | the mate search on chip: the shogi room's perft walker in its mate mode (its frames, picks, makes and unmakes; stage 2's masks registered, stage 3 on the candidate stream; AND/OR results with cut-offs) | `crate::shogi::perft_walker` | `model::shogi::walk::mate_walk` | per node 2 + its moves job + 1, per expanded rank 2, per move 6 (41.0 a node on the data file's problems; the paper estimates 35-40 with its three stages pipelined) | Japanese paper §3 (its stages 1-3 pipelined: 18, 25 and 27 + moves cycles) |
//! | check/defense move generator: the all-move generator's rank of candidates, kept where A (the type after the move) or B (a discoverer off its king ray) selects them on the attacker's plies, all kept on the defender's | [`check_defense_move_generator`] | `model::shogi::mate_masks::CheckMasks::selects` | 0 (combinational on the all-move generator's rank: 9 ranks in its 9 cycles; the paper's stage 3: mask time + 27 + moves) | Japanese paper §3.4 (stage 3); Figure 12 |

pub mod check_defense_move_generator;
pub mod check_mask_generator;
pub mod defense_mask_generator;

pub use check_defense_move_generator::CheckDefenseMoveGenerator;
pub use check_mask_generator::CheckMaskGenerator;
pub use defense_mask_generator::DefenseMaskGenerator;
