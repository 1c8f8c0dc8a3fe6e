//! The alpha-beta search FSM (paper section 3, Figures 2-3, Table 6) with its on-chip stack.
//!
//! ```text
//!  start, cancel ----------->+----------+----> busy, done, aborted, overflow
//!  root_p[64], root_o[64] -->|  Solver  |----> score[8] (excess-128), best[7] (64 = none)
//!  root_alpha[8], root_beta[8] (excess) |----> nodes_lo/hi[32], cycles_lo/hi[32]
//!                            +----------+
//! ```
//!
//! Iterative negamax alpha-beta, fail-hard, exactly `model::othello::search` (same node order,
//! score, best move and node count). The paper's node kinds map to states:
//!
//! | state | work | paper node kind |
//! |---|---|---|
//! | `Enter` (1 cycle) | count the node; legal moves of both sides and both disc counts in parallel | leaf, pass |
//! | `Select` (1 cycle) | pick the next move (selector), flip (flipper), push the frame, descend | searching tree node |
//! | `Pop` (1 cycle) | the child's value against the popped frame: cut-off, new alpha and go on, or, after the node's last move, its value returned | cut-off / search ended |
//! | `Leaf` (1 cycle) | the move to the node's last empty square was played by `Select` without a push: count the leaf, score it, return the node's value | leaf |
//! | `Probe` (1 cycle, fastest-first) | the transposition table's entry of a sorted node (`table.rs`): its bound returns the node's value, or its move is evaluated first | (beyond the paper) |
//! | `Clear` (2,048 cycles once every 65,535 jobs, not counted) | the table's generation wrapped: every entry zeroed before the job | |
//!
//! With fastest-first ordering (`Solver::new(order, true)`, the paper's future work), `Enter`
//! of a node with more than `model::othello::search::FF_EMPTIES_ABOVE` empties goes to `Eval`,
//! a pipeline that one move enters a cycle: a second selector and flipper play the move, a
//! second legal move checker finds the opponent's replies, a disc counter counts them (corner
//! replies twice: the key of `model::othello::order::ff_key`), and the move is inserted
//! (stably) into a sorted list of up to 32 moves that the frame carries instead of the mask;
//! `Select` then takes the list's head. `Eval` takes the node's moves plus `EVAL_LATENCY` (3)
//! cycles. The nodes nearer the leaves take the paper's order (the frame's `SORTED` flag says
//! which), where ordering costs more cycles than it saves. Each sorted node first reads the
//! transposition table in `Probe` (one cycle; `Enter` issued the read), and writes what it
//! found when it returns through its frame in `Pop` (no cycle: the table's own write port).
//!
//! With the paper's order a node therefore costs 3 cycles (its parent's `Select`, its own
//! `Enter`, its parent's `Pop`), and a leaf after the last empty square 2 (`Select` and
//! `Leaf`); the paper needs 3 + 16 for a searching tree node. (Until 2026-12-07 every node
//! whose moves all failed low took one more `Select` to find that none was left, and the
//! last empty square's leaf was entered and popped like any node: FFO #1-#19 took 23.7 M
//! cycles with fastest-first where they take 20.6 M now.) The stack read is issued in the
//! same cycle a value is returned, so returns chain at one cycle per level. Stack: one frame
//! per ply in a synchronous RAM (block RAM), laid out by [`stack_frame`].

// `#[hdl_gen]` copies a width `{ sf::X.width }` into its Verilog generator as a braced argument.
#![allow(unused_braces)]

pub use super::insertion_sorter::LIST_BITS;
use super::table::{
    table_entry as te, ENTRY_BITS, GEN_BITS, GEN_LAST, SLOT_ROTATE, TABLE_ADDR_BITS,
};
use super::{DiscCounter, Flipper, InsertionSorter, LegalMoves, MoveSelector};
use crate::frame_layout;
use model::othello::search::FF_EMPTIES_ABOVE;
use rust_hdl::prelude::*;

frame_layout! {
    /// One ply of the solver's stack: the node's board, the moves not yet searched (paper
    /// order) or the rest of the sorted list (fastest-first), its window, its best move so far,
    /// the move being searched in the child, whether the node is a pass, and whether its moves
    /// come from the sorted list.
    pub mod stack_frame {
        P: 64,
        O: 64,
        LEFT: 64,
        ALPHA: 8,
        BETA: 8,
        BEST: 7,
        MOVE: 6,
        PASS: 1,
        LIST: super::LIST_BITS,
        LIST_COUNT: 6,
        SORTED: 1,
    }
}
use stack_frame as sf;

// The evaluation pipeline below has three stages before its insert: the model's cycle count
// (`model::othello::search::EVAL_LATENCY`) must say so.
const _: () = assert!(model::othello::search::EVAL_LATENCY == 3);
// The slot's fold below is written out for these: the model's `table::slot` must say so.
const _: () = assert!(SLOT_ROTATE == 29 && TABLE_ADDR_BITS == 11);

/// Bits of one stack frame.
pub const FRAME_BITS: usize = sf::BITS;
/// Address bits of the stack (127 usable plies).
pub const STACK_BITS: usize = 7;
/// `best` value meaning "no move".
pub const NO_MOVE: u64 = 64;

#[derive(Copy, Clone, PartialEq, Debug, LogicState)]
pub enum SolverState {
    Idle,
    Enter,
    Select,
    Pop,
    Done,
    Eval,
    Leaf,
    Probe,
    Clear,
}

#[derive(LogicBlock)]
pub struct Solver {
    pub clock: Signal<In, Clock>,
    pub start: Signal<In, Bit>,
    pub cancel: Signal<In, Bit>,
    pub root_p: Signal<In, Bits<64>>,
    pub root_o: Signal<In, Bits<64>>,
    pub root_alpha: Signal<In, Bits<8>>,
    pub root_beta: Signal<In, Bits<8>>,
    pub busy: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    pub aborted: Signal<Out, Bit>,
    pub overflow: Signal<Out, Bit>,
    pub score: Signal<Out, Bits<8>>,
    pub best: Signal<Out, Bits<7>>,
    pub nodes_lo: Signal<Out, Bits<32>>,
    pub nodes_hi: Signal<Out, Bits<32>>,
    pub cycles_lo: Signal<Out, Bits<32>>,
    pub cycles_hi: Signal<Out, Bits<32>>,
    legal_p: LegalMoves,
    legal_o: LegalMoves,
    selector: MoveSelector,
    ev_selector: MoveSelector,
    flipper: Flipper,
    count_p: DiscCounter,
    count_o: DiscCounter,
    ev_flipper: Flipper,
    ev_legal: LegalMoves,
    ev_count: DiscCounter,
    sorter: InsertionSorter,
    k_ff: Constant<Bit>,
    k_gen_last: Constant<Bits<GEN_BITS>>,
    at_te_p: Constant<Bits<16>>,
    at_te_o: Constant<Bits<16>>,
    at_te_gen: Constant<Bits<16>>,
    at_te_kind: Constant<Bits<16>>,
    at_te_value: Constant<Bits<16>>,
    at_te_best: Constant<Bits<16>>,
    // The transposition table (fastest-first: `table.rs`; `tt`: `table` is a Verilog keyword).
    tt: RAM<Bits<ENTRY_BITS>, TABLE_ADDR_BITS>,
    gen: DFF<Bits<GEN_BITS>>,
    clr: DFF<Bits<TABLE_ADDR_BITS>>,
    hint: DFF<Bits<7>>,
    k_sorted_discs: Constant<Bits<8>>,
    at_p: Constant<Bits<16>>,
    at_o: Constant<Bits<16>>,
    at_left: Constant<Bits<16>>,
    at_alpha: Constant<Bits<16>>,
    at_beta: Constant<Bits<16>>,
    at_best: Constant<Bits<16>>,
    at_move: Constant<Bits<16>>,
    at_pass: Constant<Bits<16>>,
    at_list: Constant<Bits<16>>,
    at_list_count: Constant<Bits<16>>,
    at_sorted: Constant<Bits<16>>,
    stack: RAM<Bits<FRAME_BITS>, STACK_BITS>,
    state: DFF<SolverState>,
    cur_p: DFF<Bits<64>>,
    cur_o: DFF<Bits<64>>,
    left: DFF<Bits<64>>,
    alpha: DFF<Bits<8>>,
    beta: DFF<Bits<8>>,
    best_sq: DFF<Bits<7>>,
    val: DFF<Bits<8>>,
    sp: DFF<Bits<STACK_BITS>>,
    n_lo: DFF<Bits<32>>,
    n_hi: DFF<Bits<32>>,
    c_lo: DFF<Bits<32>>,
    c_hi: DFF<Bits<32>>,
    res_score: DFF<Bits<8>>,
    res_best: DFF<Bits<7>>,
    was_aborted: DFF<Bit>,
    was_overflow: DFF<Bit>,
    eval_left: DFF<Bits<64>>,
    list: DFF<Bits<LIST_BITS>>,
    lmob: DFF<Bits<LIST_BITS>>,
    lcount: DFF<Bits<6>>,
    sorted: DFF<Bit>,
    // The current node has one empty square: its move goes to `Leaf`, not one ply deeper.
    last: DFF<Bit>,
    // The evaluation pipeline: after select and flip (a), the replies (b), their key (c).
    ev_a_v: DFF<Bit>,
    ev_a_sq: DFF<Bits<6>>,
    ev_a_p: DFF<Bits<64>>,
    ev_a_o: DFF<Bits<64>>,
    ev_b_v: DFF<Bit>,
    ev_b_sq: DFF<Bits<6>>,
    ev_b_moves: DFF<Bits<64>>,
    // The move in stage b is the table's move (`hint`): its key is 0.
    ev_b_hint: DFF<Bit>,
    ev_c_v: DFF<Bit>,
    ev_c_sq: DFF<Bits<6>>,
    ev_c_mob: DFF<Bits<6>>,
    // The opponent's corner replies, counted a second time in the key.
    ev_corners: Signal<Local, Bits<6>>,
    // Combinational temporaries.
    ret_go: Signal<Local, Bit>,
    ret_val: Signal<Local, Bits<8>>,
    ret_best: Signal<Local, Bits<7>>,
    push: Signal<Local, Bit>,
    frame: Signal<Local, Bits<FRAME_BITS>>,
    f_p: Signal<Local, Bits<64>>,
    f_o: Signal<Local, Bits<64>>,
    f_left: Signal<Local, Bits<64>>,
    f_alpha: Signal<Local, Bits<8>>,
    f_beta: Signal<Local, Bits<8>>,
    f_best: Signal<Local, Bits<7>>,
    f_move: Signal<Local, Bits<7>>,
    f_pass: Signal<Local, Bit>,
    f_list: Signal<Local, Bits<LIST_BITS>>,
    f_list_count: Signal<Local, Bits<6>>,
    f_sorted: Signal<Local, Bit>,
    rest_count: Signal<Local, Bits<6>>,
    negv: Signal<Local, Bits<8>>,
    leaf: Signal<Local, Bits<8>>,
    full_leaf: Signal<Local, Bits<8>>,
    neg_full_leaf: Signal<Local, Bits<8>>,
    neg_alpha: Signal<Local, Bits<8>>,
    neg_beta: Signal<Local, Bits<8>>,
    f_done: Signal<Local, Bit>,
    up_alpha: Signal<Local, Bits<8>>,
    up_best: Signal<Local, Bits<7>>,
    pc: Signal<Local, Bits<8>>,
    oc: Signal<Local, Bits<8>>,
    flips: Signal<Local, Bits<64>>,
    pick: Signal<Local, Bits<64>>,
    pick_sq: Signal<Local, Bits<6>>,
    have_move: Signal<Local, Bit>,
    evaluating: Signal<Local, Bit>,
    one: Constant<Bits<64>>,
    rd_h: Signal<Local, Bits<64>>,
    rd_x: Signal<Local, Bits<64>>,
    wr_h: Signal<Local, Bits<64>>,
    wr_x: Signal<Local, Bits<64>>,
    t_p: Signal<Local, Bits<64>>,
    t_o: Signal<Local, Bits<64>>,
    t_gen: Signal<Local, Bits<GEN_BITS>>,
    t_kind: Signal<Local, Bits<2>>,
    t_value: Signal<Local, Bits<8>>,
    t_best: Signal<Local, Bits<7>>,
    t_hit: Signal<Local, Bit>,
    tw_go: Signal<Local, Bit>,
    tw_kind: Signal<Local, Bits<2>>,
    tw_value: Signal<Local, Bits<8>>,
    tw_best: Signal<Local, Bits<7>>,
}

impl Solver {
    /// A solver with the paper's static move order (`order`: `model::othello::order::
    /// paper_order()`), or with fastest-first ordering (`fastest_first`: at each node with
    /// more than `FF_EMPTIES_ABOVE` empties every move is evaluated, one entering the pipeline
    /// a cycle in `order`, and the moves are searched by increasing
    /// opponent mobility, corner replies counted twice, ties in `order`).
    pub fn new(order: [u8; 64], fastest_first: bool) -> Self {
        Self::with_gen_last(order, fastest_first, GEN_LAST)
    }

    /// [`Solver::new`] whose table's generation wraps after `gen_last` jobs (a test's way to
    /// reach the table's clear; every design uses `GEN_LAST`).
    pub fn with_gen_last(order: [u8; 64], fastest_first: bool, gen_last: u64) -> Self {
        Solver {
            clock: Default::default(),
            start: Default::default(),
            cancel: Default::default(),
            root_p: Default::default(),
            root_o: Default::default(),
            root_alpha: Default::default(),
            root_beta: Default::default(),
            busy: Default::default(),
            done: Default::default(),
            aborted: Default::default(),
            overflow: Default::default(),
            score: Default::default(),
            best: Default::default(),
            nodes_lo: Default::default(),
            nodes_hi: Default::default(),
            cycles_lo: Default::default(),
            cycles_hi: Default::default(),
            legal_p: Default::default(),
            legal_o: Default::default(),
            selector: MoveSelector::new(order),
            ev_selector: MoveSelector::new(order),
            flipper: Default::default(),
            count_p: Default::default(),
            count_o: Default::default(),
            ev_flipper: Default::default(),
            ev_legal: Default::default(),
            ev_count: Default::default(),
            sorter: Default::default(),
            k_ff: Constant::new(fastest_first),
            k_gen_last: Constant::new(gen_last.into()),
            at_te_p: te::P.offset(),
            at_te_o: te::O.offset(),
            at_te_gen: te::GEN.offset(),
            at_te_kind: te::KIND.offset(),
            at_te_value: te::VALUE.offset(),
            at_te_best: te::BEST.offset(),
            tt: Default::default(),
            gen: Default::default(),
            clr: Default::default(),
            hint: Default::default(),
            k_sorted_discs: Constant::new((64 - FF_EMPTIES_ABOVE as u64).into()),
            at_p: sf::P.offset(),
            at_o: sf::O.offset(),
            at_left: sf::LEFT.offset(),
            at_alpha: sf::ALPHA.offset(),
            at_beta: sf::BETA.offset(),
            at_best: sf::BEST.offset(),
            at_move: sf::MOVE.offset(),
            at_pass: sf::PASS.offset(),
            at_list: sf::LIST.offset(),
            at_list_count: sf::LIST_COUNT.offset(),
            at_sorted: sf::SORTED.offset(),
            stack: Default::default(),
            state: Default::default(),
            cur_p: Default::default(),
            cur_o: Default::default(),
            left: Default::default(),
            alpha: Default::default(),
            beta: Default::default(),
            best_sq: Default::default(),
            val: Default::default(),
            sp: Default::default(),
            n_lo: Default::default(),
            n_hi: Default::default(),
            c_lo: Default::default(),
            c_hi: Default::default(),
            res_score: Default::default(),
            res_best: Default::default(),
            was_aborted: Default::default(),
            was_overflow: Default::default(),
            eval_left: Default::default(),
            list: Default::default(),
            lmob: Default::default(),
            lcount: Default::default(),
            sorted: Default::default(),
            last: Default::default(),
            ev_a_v: Default::default(),
            ev_a_sq: Default::default(),
            ev_a_p: Default::default(),
            ev_a_o: Default::default(),
            ev_b_v: Default::default(),
            ev_b_sq: Default::default(),
            ev_b_moves: Default::default(),
            ev_b_hint: Default::default(),
            ev_c_v: Default::default(),
            ev_c_sq: Default::default(),
            ev_c_mob: Default::default(),
            ev_corners: Default::default(),
            ret_go: Default::default(),
            ret_val: Default::default(),
            ret_best: Default::default(),
            push: Default::default(),
            frame: Default::default(),
            f_p: Default::default(),
            f_o: Default::default(),
            f_left: Default::default(),
            f_alpha: Default::default(),
            f_beta: Default::default(),
            f_best: Default::default(),
            f_move: Default::default(),
            f_pass: Default::default(),
            f_list: Default::default(),
            f_list_count: Default::default(),
            f_sorted: Default::default(),
            rest_count: Default::default(),
            negv: Default::default(),
            leaf: Default::default(),
            full_leaf: Default::default(),
            neg_full_leaf: Default::default(),
            neg_alpha: Default::default(),
            neg_beta: Default::default(),
            f_done: Default::default(),
            up_alpha: Default::default(),
            up_best: Default::default(),
            pc: Default::default(),
            oc: Default::default(),
            flips: Default::default(),
            pick: Default::default(),
            pick_sq: Default::default(),
            have_move: Default::default(),
            evaluating: Default::default(),
            one: Constant::new(1_u64.into()),
            rd_h: Default::default(),
            rd_x: Default::default(),
            wr_h: Default::default(),
            wr_x: Default::default(),
            t_p: Default::default(),
            t_o: Default::default(),
            t_gen: Default::default(),
            t_kind: Default::default(),
            t_value: Default::default(),
            t_best: Default::default(),
            t_hit: Default::default(),
            tw_go: Default::default(),
            tw_kind: Default::default(),
            tw_value: Default::default(),
            tw_best: Default::default(),
        }
    }
}

impl Logic for Solver {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            state,
            cur_p,
            cur_o,
            left,
            alpha,
            beta,
            best_sq,
            val,
            sp,
            n_lo,
            n_hi,
            c_lo,
            c_hi,
            res_score,
            res_best,
            was_aborted,
            was_overflow,
            eval_left,
            list,
            lmob,
            lcount,
            sorted,
            last,
            ev_a_v,
            ev_a_sq,
            ev_a_p,
            ev_a_o,
            ev_b_v,
            ev_b_sq,
            ev_b_moves,
            ev_b_hint,
            ev_c_v,
            ev_c_sq,
            ev_c_mob,
            gen,
            clr,
            hint
        );
        self.stack.read_clock.next = self.clock.val();
        self.stack.write_clock.next = self.clock.val();
        self.tt.read_clock.next = self.clock.val();
        self.tt.write_clock.next = self.clock.val();

        // --- The current node: legal moves of both sides, disc counts (paper 3.1, 3.4).
        self.legal_p.p.next = self.cur_p.q.val();
        self.legal_p.o.next = self.cur_o.q.val();
        self.legal_o.p.next = self.cur_o.q.val();
        self.legal_o.o.next = self.cur_p.q.val();
        self.count_p.bits.next = self.cur_p.q.val();
        self.count_o.bits.next = self.cur_o.q.val();

        // --- The next move to search (paper 3.3) and its flips (paper 3.2): paper order from
        // the selector, or the head of the sorted list (a fastest-first node).
        self.selector.moves.next = self.left.q.val();
        if self.k_ff.val() & self.sorted.q.val() {
            self.pick_sq.next = self.list.q.val().get_bits::<6>(0);
            self.pick.next = self.one.val() << self.pick_sq.val();
            self.have_move.next = self.lcount.q.val() != 0_u64;
        } else {
            self.pick_sq.next = self.selector.sq.val();
            self.pick.next = self.selector.pick.val();
            self.have_move.next = self.selector.valid.val();
        }
        self.flipper.p.next = self.cur_p.q.val();
        self.flipper.o.next = self.cur_o.q.val();
        self.flipper.m.next = self.pick.val();
        self.flips.next = self.flipper.flips.val();

        // --- Fastest-first evaluation, pipelined (`model::othello::search::EVAL_LATENCY`): a
        // move selected from the moves still to evaluate and flipped (a), the opponent's
        // replies after it (b), their key (c), then its insertion into the sorted list. Each
        // stage is as deep as a path of the paper-order solver; a move enters each cycle.
        self.evaluating.next = self.k_ff.val() & (self.state.q.val() == SolverState::Eval);
        self.ev_selector.moves.next = self.eval_left.q.val();
        self.ev_flipper.p.next = self.cur_p.q.val();
        self.ev_flipper.o.next = self.cur_o.q.val();
        self.ev_flipper.m.next = self.ev_selector.pick.val();
        self.ev_a_v.d.next = self.evaluating.val() & self.eval_left.q.val().any();
        self.ev_a_sq.d.next = self.ev_selector.sq.val();
        self.ev_a_p.d.next = self.cur_o.q.val() & !self.ev_flipper.flips.val();
        self.ev_a_o.d.next =
            self.cur_p.q.val() | self.ev_flipper.flips.val() | self.ev_selector.pick.val();
        self.ev_legal.p.next = self.ev_a_p.q.val();
        self.ev_legal.o.next = self.ev_a_o.q.val();
        self.ev_b_v.d.next = self.evaluating.val() & self.ev_a_v.q.val();
        self.ev_b_sq.d.next = self.ev_a_sq.q.val();
        self.ev_b_moves.d.next = self.ev_legal.moves.val();
        self.ev_b_hint.d.next = bit_cast::<7, 6>(self.ev_a_sq.q.val()) == self.hint.q.val();
        self.ev_count.bits.next = self.ev_b_moves.q.val();
        self.ev_c_v.d.next = self.evaluating.val() & self.ev_b_v.q.val();
        self.ev_c_sq.d.next = self.ev_b_sq.q.val();
        // The key (`model::othello::order::ff_key`) plus one (the table's move alone has 0):
        // the replies, corner replies twice, one more. At most 33 + 4 + 1, so 6 bits.
        self.ev_corners.next = 1_u64
            + bit_cast::<6, 1>(self.ev_b_moves.q.val().get_bits::<1>(0))
            + bit_cast::<6, 1>(self.ev_b_moves.q.val().get_bits::<1>(7))
            + bit_cast::<6, 1>(self.ev_b_moves.q.val().get_bits::<1>(56))
            + bit_cast::<6, 1>(self.ev_b_moves.q.val().get_bits::<1>(63));
        // The table's move first (`model::othello::table`): its key 0, the others' plus one.
        if self.ev_b_hint.q.val() {
            self.ev_c_mob.d.next = 0_u64.into();
        } else {
            self.ev_c_mob.d.next =
                self.ev_count.count.val().get_bits::<6>(0) + self.ev_corners.val();
        }
        self.sorter.squares.next = self.list.q.val();
        self.sorter.mobs.next = self.lmob.q.val();
        self.sorter.count.next = self.lcount.q.val();
        self.sorter.sq.next = self.ev_c_sq.q.val();
        self.sorter.mob.next = self.ev_c_mob.q.val();

        // --- Outputs.
        self.busy.next =
            (self.state.q.val() != SolverState::Idle) & (self.state.q.val() != SolverState::Done);
        self.done.next = self.state.q.val() == SolverState::Done;
        self.aborted.next = self.was_aborted.q.val();
        self.overflow.next = self.was_overflow.q.val();
        self.score.next = self.res_score.q.val();
        self.best.next = self.res_best.q.val();
        self.nodes_lo.next = self.n_lo.q.val();
        self.nodes_hi.next = self.n_hi.q.val();
        self.cycles_lo.next = self.c_lo.q.val();
        self.cycles_hi.next = self.c_hi.q.val();

        // --- Defaults: no push, no return; the frame of the current node ready to push.
        self.ret_go.next = false;
        self.ret_val.next = self.alpha.q.val();
        self.ret_best.next = 64_u64.into();
        self.push.next = false;
        self.stack.write_enable.next = false;
        self.stack.write_address.next = self.sp.q.val();
        self.stack.read_address.next = self.sp.q.val() - 1_u64;
        // (A Local, so that the Verilog wraps it at 6 bits as the simulation does: a bit_cast of
        // the difference would carry a borrow into the fields above.)
        self.rest_count.next = self.lcount.q.val() - 1_u64;
        // The pass flag is set below for a pass frame; the list (fastest-first) without its
        // head, which is the move searched in the child.
        self.frame.next = (bit_cast::<FRAME_BITS, { sf::P.width }>(self.cur_p.q.val())
            << self.at_p.val())
            | (bit_cast::<FRAME_BITS, { sf::O.width }>(self.cur_o.q.val()) << self.at_o.val())
            | (bit_cast::<FRAME_BITS, { sf::LEFT.width }>(self.left.q.val() & !self.pick.val())
                << self.at_left.val())
            | (bit_cast::<FRAME_BITS, { sf::ALPHA.width }>(self.alpha.q.val())
                << self.at_alpha.val())
            | (bit_cast::<FRAME_BITS, { sf::BETA.width }>(self.beta.q.val()) << self.at_beta.val())
            | (bit_cast::<FRAME_BITS, { sf::BEST.width }>(self.best_sq.q.val())
                << self.at_best.val())
            | (bit_cast::<FRAME_BITS, { sf::MOVE.width }>(self.pick_sq.val())
                << self.at_move.val())
            | (bit_cast::<FRAME_BITS, { sf::LIST.width }>(self.list.q.val() >> 6_u64)
                << self.at_list.val())
            | (bit_cast::<FRAME_BITS, { sf::LIST_COUNT.width }>(self.rest_count.val())
                << self.at_list_count.val())
            | (bit_cast::<FRAME_BITS, { sf::SORTED.width }>(self.sorted.q.val().into())
                << self.at_sorted.val());
        self.stack.write_data.next = self.frame.val();
        // --- Leaf score in excess-128: disc difference, empties to the winner.
        self.pc.next = bit_cast::<8, 7>(self.count_p.count.val());
        self.oc.next = bit_cast::<8, 7>(self.count_o.count.val());
        if self.pc.val() > self.oc.val() {
            self.leaf.next =
                128_u64 + self.pc.val() - self.oc.val() + (64_u64 - self.pc.val() - self.oc.val());
        } else if self.pc.val() < self.oc.val() {
            self.leaf.next =
                128_u64 + self.pc.val() - self.oc.val() - (64_u64 - self.pc.val() - self.oc.val());
        } else {
            self.leaf.next = 128_u64.into();
        }
        // --- The popped frame (read issued the cycle before `Pop`), field by field.
        self.f_p.next = self
            .stack
            .read_data
            .val()
            .get_bits::<{ sf::P.width }>(self.at_p.val().index());
        self.f_o.next = self
            .stack
            .read_data
            .val()
            .get_bits::<{ sf::O.width }>(self.at_o.val().index());
        self.f_left.next = self
            .stack
            .read_data
            .val()
            .get_bits::<{ sf::LEFT.width }>(self.at_left.val().index());
        self.f_alpha.next = self
            .stack
            .read_data
            .val()
            .get_bits::<{ sf::ALPHA.width }>(self.at_alpha.val().index());
        self.f_beta.next = self
            .stack
            .read_data
            .val()
            .get_bits::<{ sf::BETA.width }>(self.at_beta.val().index());
        self.f_best.next = self
            .stack
            .read_data
            .val()
            .get_bits::<{ sf::BEST.width }>(self.at_best.val().index());
        self.f_move.next = bit_cast::<7, { sf::MOVE.width }>(
            self.stack
                .read_data
                .val()
                .get_bits::<{ sf::MOVE.width }>(self.at_move.val().index()),
        );
        self.f_pass.next = self
            .stack
            .read_data
            .val()
            .get_bit(self.at_pass.val().index());
        self.f_list.next = self
            .stack
            .read_data
            .val()
            .get_bits::<{ sf::LIST.width }>(self.at_list.val().index());
        self.f_list_count.next = self
            .stack
            .read_data
            .val()
            .get_bits::<{ sf::LIST_COUNT.width }>(self.at_list_count.val().index());
        self.f_sorted.next = self
            .stack
            .read_data
            .val()
            .get_bit(self.at_sorted.val().index());
        self.negv.next = 0_u64 - self.val.q.val();

        // --- The table (`table.rs`, `model::othello::table::slot`): the current board's slot
        // read (its entry in `Probe`), the popped frame's slot written.
        self.rd_h.next =
            self.cur_p.q.val() ^ (self.cur_o.q.val() << 29_u64) ^ (self.cur_o.q.val() >> 35_u64);
        self.rd_x.next = self.rd_h.val()
            ^ (self.rd_h.val() >> 11_u64)
            ^ (self.rd_h.val() >> 22_u64)
            ^ (self.rd_h.val() >> 33_u64)
            ^ (self.rd_h.val() >> 44_u64)
            ^ (self.rd_h.val() >> 55_u64);
        self.tt.read_address.next = self.rd_x.val().get_bits::<TABLE_ADDR_BITS>(0);
        self.wr_h.next = self.f_p.val() ^ (self.f_o.val() << 29_u64) ^ (self.f_o.val() >> 35_u64);
        self.wr_x.next = self.wr_h.val()
            ^ (self.wr_h.val() >> 11_u64)
            ^ (self.wr_h.val() >> 22_u64)
            ^ (self.wr_h.val() >> 33_u64)
            ^ (self.wr_h.val() >> 44_u64)
            ^ (self.wr_h.val() >> 55_u64);
        self.t_p.next = self
            .tt
            .read_data
            .val()
            .get_bits::<64>(self.at_te_p.val().index());
        self.t_o.next = self
            .tt
            .read_data
            .val()
            .get_bits::<64>(self.at_te_o.val().index());
        self.t_gen.next = self
            .tt
            .read_data
            .val()
            .get_bits::<GEN_BITS>(self.at_te_gen.val().index());
        self.t_kind.next = self
            .tt
            .read_data
            .val()
            .get_bits::<2>(self.at_te_kind.val().index());
        self.t_value.next = self
            .tt
            .read_data
            .val()
            .get_bits::<8>(self.at_te_value.val().index());
        self.t_best.next = self
            .tt
            .read_data
            .val()
            .get_bits::<7>(self.at_te_best.val().index());
        // (With the paper's order, k_ff false: no hit and no write, so synthesis removes the
        // table.)
        self.t_hit.next = self.k_ff.val()
            & (self.t_p.val() == self.cur_p.q.val())
            & (self.t_o.val() == self.cur_o.q.val())
            & (self.t_gen.val() == self.gen.q.val());
        // A full board's score (the leaf after the last empty square): the side to move's
        // discs less the other's, 2 pc - 64, in excess-128 64 + 2 pc: one count, no compare.
        self.full_leaf.next = (self.pc.val() << 1_u64) + 64_u64;
        self.neg_full_leaf.next = 0_u64 - self.full_leaf.val();
        self.neg_alpha.next = 0_u64 - self.alpha.q.val();
        self.neg_beta.next = 0_u64 - self.beta.q.val();
        // The popped node has no move left to search (the rest of its sorted list, or of its
        // moves in the paper's order, is empty): its last child's `Pop` returns its value.
        if self.k_ff.val() & self.f_sorted.val() {
            self.f_done.next = self.f_list_count.val() == 0_u64;
        } else {
            self.f_done.next = !self.f_left.val().any();
        }
        // The popped node's alpha and best move after this child's value.
        if self.negv.val() > self.f_alpha.val() {
            self.up_alpha.next = self.negv.val();
            self.up_best.next = self.f_move.val();
        } else {
            self.up_alpha.next = self.f_alpha.val();
            self.up_best.next = self.f_best.val();
        }

        // --- The table's write: a sorted node returning through its frame in `Pop` (its
        // cut-off, or its last move's value) leaves what it found, replacing the slot's entry.
        self.tw_go.next = self.k_ff.val()
            & (self.state.q.val() == SolverState::Pop)
            & self.f_sorted.val()
            & !self.f_pass.val()
            & ((self.negv.val() >= self.f_beta.val()) | self.f_done.val());
        if self.negv.val() >= self.f_beta.val() {
            self.tw_kind.next = 1_u64.into();
            self.tw_value.next = self.f_beta.val();
            self.tw_best.next = self.f_move.val();
        } else if self.up_best.val() == 64_u64 {
            // No move raised alpha: every move failed low.
            self.tw_kind.next = 2_u64.into();
            self.tw_value.next = self.up_alpha.val();
            self.tw_best.next = 64_u64.into();
        } else {
            self.tw_kind.next = 3_u64.into();
            self.tw_value.next = self.up_alpha.val();
            self.tw_best.next = self.up_best.val();
        }
        self.tt.write_enable.next = self.tw_go.val();
        self.tt.write_address.next = self.wr_x.val().get_bits::<TABLE_ADDR_BITS>(0);
        self.tt.write_data.next = (bit_cast::<ENTRY_BITS, 64>(self.f_p.val())
            << self.at_te_p.val())
            | (bit_cast::<ENTRY_BITS, 64>(self.f_o.val()) << self.at_te_o.val())
            | (bit_cast::<ENTRY_BITS, GEN_BITS>(self.gen.q.val()) << self.at_te_gen.val())
            | (bit_cast::<ENTRY_BITS, 2>(self.tw_kind.val()) << self.at_te_kind.val())
            | (bit_cast::<ENTRY_BITS, 8>(self.tw_value.val()) << self.at_te_value.val())
            | (bit_cast::<ENTRY_BITS, 7>(self.tw_best.val()) << self.at_te_best.val());

        // --- Cycle counter (the table's clear is not the job's).
        if (self.state.q.val() != SolverState::Idle)
            & (self.state.q.val() != SolverState::Done)
            & (self.state.q.val() != SolverState::Clear)
        {
            self.c_lo.d.next = self.c_lo.q.val() + 1_u64;
            if self.c_lo.q.val() == 0xFFFF_FFFF_u64 {
                self.c_hi.d.next = self.c_hi.q.val() + 1_u64;
            }
        }

        // --- Node counter: a node is counted when entered (`Enter`, or `Leaf` for the leaf
        // after the last empty square).
        if (self.state.q.val() == SolverState::Enter) | (self.state.q.val() == SolverState::Leaf) {
            self.n_lo.d.next = self.n_lo.q.val() + 1_u64;
            if self.n_lo.q.val() == 0xFFFF_FFFF_u64 {
                self.n_hi.d.next = self.n_hi.q.val() + 1_u64;
            }
        }

        // --- The FSM (paper Figure 3).
        match self.state.q.val() {
            SolverState::Idle => {}
            SolverState::Done => {}
            SolverState::Enter => {
                if self.legal_p.moves.val().any() {
                    self.left.d.next = self.legal_p.moves.val();
                    self.best_sq.d.next = 64_u64.into();
                    self.last.d.next = self.pc.val() + self.oc.val() == 63_u64;
                    // Fastest-first above FF_EMPTIES_ABOVE empties: fewer discs than
                    // k_sorted_discs.
                    if self.k_ff.val() & (self.pc.val() + self.oc.val() < self.k_sorted_discs.val())
                    {
                        self.sorted.d.next = true;
                        self.eval_left.d.next = self.legal_p.moves.val();
                        self.lcount.d.next = 0_u64.into();
                        self.state.d.next = SolverState::Probe;
                    } else {
                        self.sorted.d.next = false;
                        self.state.d.next = SolverState::Select;
                    }
                } else if self.legal_o.moves.val().any() {
                    // Pass node: push a pass frame (moves left = 0), search the opponent.
                    self.push.next = true;
                    self.stack.write_data.next = self.frame.val()
                        | (bit_cast::<FRAME_BITS, { sf::PASS.width }>(true.into())
                            << self.at_pass.val());
                    self.cur_p.d.next = self.cur_o.q.val();
                    self.cur_o.d.next = self.cur_p.q.val();
                    self.alpha.d.next = 0_u64 - self.beta.q.val();
                    self.beta.d.next = 0_u64 - self.alpha.q.val();
                } else {
                    // Leaf: the game is over.
                    self.ret_go.next = true;
                    self.ret_val.next = self.leaf.val();
                }
            }
            SolverState::Probe => {
                // The table's entry of this board (read issued in `Enter`): its bound answers
                // the node's window as a leaf returns, else its move is evaluated first.
                if self.t_hit.val()
                    & (self.t_kind.val() != 2_u64)
                    & (self.t_value.val() >= self.beta.q.val())
                {
                    // A lower bound (or the exact value) at or above beta.
                    self.ret_go.next = true;
                    self.ret_val.next = self.beta.q.val();
                    self.ret_best.next = self.t_best.val();
                } else if self.t_hit.val()
                    & (self.t_kind.val() != 1_u64)
                    & (self.t_value.val() <= self.alpha.q.val())
                {
                    // An upper bound (or the exact value) at or below alpha.
                    self.ret_go.next = true;
                    self.ret_val.next = self.alpha.q.val();
                    self.ret_best.next = self.t_best.val();
                } else if self.t_hit.val() & (self.t_kind.val() == 3_u64) {
                    // The exact value inside the window.
                    self.ret_go.next = true;
                    self.ret_val.next = self.t_value.val();
                    self.ret_best.next = self.t_best.val();
                } else {
                    if self.t_hit.val() {
                        self.hint.d.next = self.t_best.val();
                    } else {
                        self.hint.d.next = 64_u64.into();
                    }
                    self.state.d.next = SolverState::Eval;
                }
            }
            SolverState::Clear => {
                // A new generation after the wrap: one entry a cycle to zero, then the job.
                self.tt.write_enable.next = self.k_ff.val();
                self.tt.write_address.next = self.clr.q.val();
                self.tt.write_data.next = 0_u64.into();
                self.clr.d.next = self.clr.q.val() + 1_u64;
                if self.clr.q.val().all() {
                    self.state.d.next = SolverState::Enter;
                }
            }
            SolverState::Eval => {
                // One move enters the pipeline a cycle, one leaves it into the sorted list;
                // when the last has left, search in list order. With the paper's order
                // (k_ff false) the list registers are never written and the pipeline's valid
                // bits stay 0, so synthesis removes the fastest-first logic.
                if self.k_ff.val() {
                    if self.ev_c_v.q.val() {
                        self.list.d.next = self.sorter.new_squares.val();
                        self.lmob.d.next = self.sorter.new_mobs.val();
                        self.lcount.d.next = self.lcount.q.val() + 1_u64;
                    }
                    self.eval_left.d.next = self.eval_left.q.val() & !self.ev_selector.pick.val();
                }
                if !self.eval_left.q.val().any() & !self.ev_a_v.q.val() & !self.ev_b_v.q.val() {
                    self.state.d.next = SolverState::Select;
                }
            }
            SolverState::Select => {
                if self.have_move.val() & self.last.q.val() {
                    // The last empty square: play it and score the leaf in `Leaf` with the
                    // leaf's window, as a descent does, but nothing pushed: the node has no
                    // other move, and `Leaf` returns its value.
                    self.cur_p.d.next = self.cur_o.q.val() & !self.flips.val();
                    self.cur_o.d.next = self.cur_p.q.val() | self.flips.val() | self.pick.val();
                    self.alpha.d.next = 0_u64 - self.beta.q.val();
                    self.beta.d.next = 0_u64 - self.alpha.q.val();
                    self.best_sq.d.next = bit_cast::<7, 6>(self.pick_sq.val());
                    self.state.d.next = SolverState::Leaf;
                } else if self.have_move.val() {
                    // Searching tree node: take the next move and descend.
                    self.push.next = true;
                    self.stack.write_data.next = self.frame.val();
                    self.cur_p.d.next = self.cur_o.q.val() & !self.flips.val();
                    self.cur_o.d.next = self.cur_p.q.val() | self.flips.val() | self.pick.val();
                    self.alpha.d.next = 0_u64 - self.beta.q.val();
                    self.beta.d.next = 0_u64 - self.alpha.q.val();
                    self.state.d.next = SolverState::Enter;
                } else {
                    // Search ended: every move tried, return alpha. (Not reached: a node's
                    // last child returns its value from `Pop` or `Leaf`.)
                    self.ret_go.next = true;
                    self.ret_val.next = self.alpha.q.val();
                    self.ret_best.next = self.best_sq.q.val();
                }
            }
            SolverState::Leaf => {
                // The node's value, fail-hard in its window (beta, alpha here negated: the
                // registers hold the leaf's window), from the leaf's score: the node's
                // cut-off when the leaf's score is at most the leaf's alpha, its exact value
                // below the leaf's beta, else its alpha (no move raised it).
                self.ret_go.next = true;
                if self.full_leaf.val() <= self.alpha.q.val() {
                    self.ret_val.next = self.neg_alpha.val();
                    self.ret_best.next = self.best_sq.q.val();
                } else if self.full_leaf.val() < self.beta.q.val() {
                    self.ret_val.next = self.neg_full_leaf.val();
                    self.ret_best.next = self.best_sq.q.val();
                } else {
                    self.ret_val.next = self.neg_beta.val();
                }
            }
            SolverState::Pop => {
                // The popped frame's sorted list, whatever this Pop decides: a return goes to
                // another Pop (which loads its own) or to Done, and nothing uses the list's
                // value before a Pop or an Enter sets it (a pass frame's list is never used;
                // Eval starts from lcount 0). Loading it only when the search goes on
                // put the cut-off and the frame's flags, read from a block RAM at one end of
                // the die, on the path to the list's clock enables at the other (othello-ff-x4
                // with the tables: 38.5 MHz for 40).
                if self.k_ff.val() {
                    self.list.d.next = self.f_list.val();
                    self.lcount.d.next = self.f_list_count.val();
                    self.sorted.d.next = self.f_sorted.val();
                }
                if self.f_pass.val() {
                    // Returning through a pass node.
                    self.ret_go.next = true;
                    self.ret_val.next = self.negv.val();
                } else if self.negv.val() >= self.f_beta.val() {
                    // Cut-off.
                    self.ret_go.next = true;
                    self.ret_val.next = self.f_beta.val();
                    self.ret_best.next = self.f_move.val();
                } else if self.f_done.val() {
                    // The node's last move: return its value (search ended).
                    self.ret_go.next = true;
                    self.ret_val.next = self.up_alpha.val();
                    self.ret_best.next = self.up_best.val();
                } else {
                    self.cur_p.d.next = self.f_p.val();
                    self.cur_o.d.next = self.f_o.val();
                    self.left.d.next = self.f_left.val();
                    self.beta.d.next = self.f_beta.val();
                    self.alpha.d.next = self.up_alpha.val();
                    self.best_sq.d.next = self.up_best.val();
                    // A node with a child pushed has two empty squares or more.
                    self.last.d.next = false;
                    self.state.d.next = SolverState::Select;
                }
            }
            _ => {
                self.state.d.next = SolverState::Idle;
            }
        }

        // Push the frame of the current node and go one ply deeper.
        if self.push.val() {
            if self.sp.q.val().all() {
                self.was_overflow.d.next = true;
                self.state.d.next = SolverState::Done;
            } else {
                self.stack.write_enable.next = true;
                self.sp.d.next = self.sp.q.val() + 1_u64;
            }
        }
        // Return a value to the parent: pop its frame (read issued now, data next cycle).
        if self.ret_go.val() {
            if self.sp.q.val() == 0_u64 {
                self.res_score.d.next = self.ret_val.val();
                self.res_best.d.next = self.ret_best.val();
                self.state.d.next = SolverState::Done;
            } else {
                self.val.d.next = self.ret_val.val();
                self.sp.d.next = self.sp.q.val() - 1_u64;
                self.state.d.next = SolverState::Pop;
            }
        }

        if self.start.val() & !self.busy.val() {
            self.cur_p.d.next = self.root_p.val();
            self.cur_o.d.next = self.root_o.val();
            self.alpha.d.next = self.root_alpha.val();
            self.beta.d.next = self.root_beta.val();
            self.sp.d.next = 0_u64.into();
            self.n_lo.d.next = 0_u64.into();
            self.n_hi.d.next = 0_u64.into();
            self.c_lo.d.next = 0_u64.into();
            self.c_hi.d.next = 0_u64.into();
            self.was_aborted.d.next = false;
            self.was_overflow.d.next = false;
            // A new generation of the table; after the last, the table cleared first.
            if self.k_ff.val() & (self.gen.q.val() == self.k_gen_last.val()) {
                self.gen.d.next = 1_u64.into();
                self.clr.d.next = 0_u64.into();
                self.state.d.next = SolverState::Clear;
            } else {
                self.gen.d.next = self.gen.q.val() + 1_u64;
                self.state.d.next = SolverState::Enter;
            }
        }
        // A stop that finds the job already done is `core.rs`'s to answer (its late-stop
        // register), which keeps the stop off this state's path.
        if self.cancel.val() & self.busy.val() {
            self.was_aborted.d.next = true;
            self.state.d.next = SolverState::Idle;
            if self.state.q.val() == SolverState::Clear {
                // The clear was not finished: the next job clears again.
                self.gen.d.next = self.k_gen_last.val();
            }
        }
    }
}
