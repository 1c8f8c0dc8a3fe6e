//! Which field of a block's struct is which port, for the blocks run on Verilator through
//! their structs ([`crate::vblock::Dut`]): the Connect6 searches, whose Rust simulations run
//! a few hundred cycles a second.

use crate::mirror;
use gateware::connect6::{
    CheckmateStrategyChecker, ForcingSearch, LineScorer, NextMoveSelector, Preparation,
    ThreatBlocker, ThreatPlayer, WinningPairSearch,
};

mirror!(WinningPairSearch, clock: clock,
    in: [start, side, first_only, budget, focus, focus_a, focus_c, cancel, rd_data],
    out: [rd_addr, busy, done, own_threat, opp_threat, found, a_col, a_row, c_col, c_row, wins,
        tested, exhausted, forcing_valid, forcing_a_col, forcing_a_row, forcing_c_col,
        forcing_c_row, forcing_blocks, forcing_pts, forcings]);
mirror!(LineScorer, clock: clock,
    in: [start, side, cancel, rd_data],
    out: [rd_addr, busy, done, score_valid, score_row, scores, empties, found, best_col,
        best_row, best_score]);
mirror!(ForcingSearch, clock: clock,
    in: [start, side, turns, budget, cancel, rd_data],
    out: [rd_addr, busy, done, own_threat, found, forced, a_col, a_row, c_col, c_row, exhausted,
        dropped, searches, tested]);
mirror!(ThreatBlocker, clock: clock,
    in: [start, side, cancel, rd_data],
    out: [rd_addr, busy, done, threats, all, stones, a_col, a_row, c_col, c_row, scans, scored]);
mirror!(Preparation, clock: clock,
    in: [start, side, budget, cancel, rd_data],
    out: [rd_addr, busy, done, found, a_col, a_row, c_col, c_row, unblockable, survive, wins,
        pairs, replies, searches, tested, exhausted]);
mirror!(ThreatPlayer, clock: clock,
    in: [start, side, budget, cancel, rd_data],
    out: [rd_addr, busy, done, a_col, a_row, c_col, c_row, step]);

mirror!(NextMoveSelector, clock: clock,
    in: [load_en, load_row, load_data, host_put, host_col, host_row, side, stones, last_n,
        last0_col, last0_row, last1_col, last1_row, start],
    out: [busy, done, placed, stone0_col, stone0_row, stone0_module, stone1_col, stone1_row,
        stone1_module]);
mirror!(CheckmateStrategyChecker, clock: clock,
    in: [region, colour, start],
    out: [done, found, worth, a, b]);
