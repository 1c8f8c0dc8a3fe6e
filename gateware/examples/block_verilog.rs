//! Emits one shogi or Connect6 block's Verilog (top module `top`), for sizing a block alone with yosys:
//!
//! ```text
//! cargo run --release -p gateware --example block_verilog -- king_rays /tmp/kr.v
//! yosys -q -p "read_verilog /tmp/kr.v; synth_ecp5 -top top; stat"
//! ```
//!
//! A block alone has every port free, so it is larger than inside the design (docs/shogi.md,
//! "Size and clock", lists the figures and how they were taken).

use gateware::connect6::{
    BoardOverlay, ForcingSearch, LineScorer, PairTester, Preparation, ThreatBlocker, ThreatPlayer,
    ThreatScanner, WinningPairSearch,
};
use gateware::design::emit_core;
use gateware::shogi::{
    AllMoveGenerator, AllMovesUnit, KingRays, PerftWalker, PieceCoverCircuit, PieceInfoTable,
};

const BLOCKS: &str = "king_rays, generator, cover, info, unit, walker, threat_scanner, \
                      winning_pair_search, pair_tester, line_scorer, board_overlay, \
                      forcing_search, threat_blocker, preparation, threat_player";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [block, out] = args.as_slice() else {
        eprintln!("usage: block_verilog <block> <out.v>; blocks: {BLOCKS}");
        std::process::exit(2);
    };
    let verilog = match block.as_str() {
        "king_rays" => emit_core(KingRays::default()),
        "generator" => emit_core(AllMoveGenerator::default()),
        "cover" => emit_core(PieceCoverCircuit::default()),
        "info" => emit_core(PieceInfoTable::default()),
        "unit" => emit_core(AllMovesUnit::default()),
        "walker" => emit_core(PerftWalker::default()),
        "threat_scanner" => emit_core(ThreatScanner::default()),
        "winning_pair_search" => emit_core(WinningPairSearch::default()),
        "pair_tester" => emit_core(PairTester::default()),
        "line_scorer" => emit_core(LineScorer::default()),
        "board_overlay" => emit_core(BoardOverlay::default()),
        "forcing_search" => emit_core(ForcingSearch::default()),
        "threat_blocker" => emit_core(ThreatBlocker::default()),
        "preparation" => emit_core(Preparation::default()),
        "threat_player" => emit_core(ThreatPlayer::default()),
        other => {
            eprintln!("block_verilog: no block {other:?}; blocks: {BLOCKS}");
            std::process::exit(2);
        }
    };
    if let Err(e) = std::fs::write(out, verilog) {
        eprintln!("block_verilog: writing {out}: {e}");
        std::process::exit(2);
    }
}
