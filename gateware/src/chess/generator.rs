//! The generation cycles and the move masks (paper sections 3.1, 3.2, 4.4, 4.5): Belle's
//! find-victim / find-aggressor loop over the classes of section 2, checks (find-pivot) first,
//! then promotions (the find-victim-promotion cycle), captures in MVV/LVA order, quiet moves.
//!
//! ```text
//!  board planes, side, castling, ep --> SquareArray --> ArbiterTree --> this FSM
//!                                          | look-ahead --> ArbiterTree --^  |
//!                         ^ phase, aggressor, target, mask                  |
//!                         +-------------------------------------------------+--> move, class
//! ```
//!
//! One find cycle per clock: a find-victim cycle that finds a square makes it the target; each
//! find-aggressor cycle that finds a piece yields one move (a promoting pawn yields four, one
//! per cycle, queen, rook, bishop, knight) and masks the piece; when the victim has no
//! aggressor left the aggressor masks are cleared and the victim masked; when the phase has no
//! victim left the mask is cleared and the next phase starts, or the node ends. The mask is
//! Belle's one bit per square: on an own piece it means "already moved to this victim", on any
//! other square "victim exhausted". Model: `model::chess::generator::generate`, move for move
//! and cycle for cycle.
//!
//! Beyond the paper, each find cycle also sees whether more than one square bid (`x & (x - 1)`
//! on the plane of bidders, beside the arbiter tree): the last aggressor of a victim and the
//! last victim of a phase are known when found, so no cycle is spent finding nothing after
//! them. A node whose last cycle yielded a move ends in one more cycle (`NodeEnd`). And the
//! find-victim cycles overlap the find-aggressor cycles: the array's look-ahead planes (the
//! phase's victims with the target masked too) go to a second arbiter tree in every cycle, so
//! the cycle that ends a victim (its last aggressor, or none) also names the next one and
//! find-aggressor goes on with it. A find-victim cycle is left only at the start of a phase.
//!
//! A phase without victims costs no cycle: the array says in every cycle which phases have
//! victims on the board (`victims_any`, no mask), so the cycle that ends a phase goes on to the
//! next phase that has some, or ends the node, and a node perft on chip enters starts at its
//! first one (`entry_*`: the discovered checks if only they have work, the node's end if
//! nothing bids). Only the started generator looks at the checks whatever the board holds.
//!
//! Discovered checks (beyond the paper's text) close the check class: when the direct checks
//! end and the array sees a discoverer, `FindDiscoverer` takes the discoverers (least valuable
//! first) into the victim register, and each `FindDiscovered` cycle yields one of its moves
//! off its line (most valuable victim first). The mask bits swap roles there (other squares:
//! "moved there"; own pieces: "done"). A node without a discoverer never enters the loop.
//!
//! Four threads (4-slow, see `common::slow4` and `perft`): the registers have four stages,
//! and three pipeline registers cut the loop: inside the square array (after its fills),
//! after the array (`p_*`) and after the arbiter trees and bidder counts (`t_*`). The array
//! works on the first stage (`ahead3`: the thread whose turn comes three cycles later), the
//! trees on that thread one cycle before its turn, and the state logic reads the trees'
//! answers with the last stage. So the board ports carry the position of the thread three
//! cycles ahead; `own_now` and `white_now` carry the current thread's. Every other port
//! belongs to the thread of this cycle.
//!
//! Ports: load the position and raise `start` (lower it to leave `done` for idle); while `busy`, each cycle with `move_valid` carries
//! one move (`move_to` is the destination: the square behind the victim for en passant, g1/c1
//! for castling); `done` rises after the node's last cycle (its last find cycle, or the
//! `NodeEnd` cycle after a last move).

use super::{ArbiterTree, SquareArray};
use crate::common::Slow4;
use rust_hdl::prelude::*;

/// The aggressor bid of a pawn (the least valuable attacker).
pub const PAWN_BID: u64 = 6;
/// The aggressor bid of a king (the most valuable attacker).
pub const KING_BID: u64 = 1;

#[derive(Copy, Clone, PartialEq, Debug, LogicState)]
pub enum GenState {
    Idle,
    FindVictim,
    FindAggressor,
    FindDiscoverer,
    FindDiscovered,
    NodeEnd,
    Done,
}

#[derive(LogicBlock)]
pub struct MoveGenerator {
    pub clock: Signal<In, Clock>,
    /// The six planes of the extended piece word (see `square_array`).
    pub col: Signal<In, Bits<64>>,
    pub orth: Signal<In, Bits<64>>,
    pub diag: Signal<In, Bits<64>>,
    pub king: Signal<In, Bits<64>>,
    pub pawn: Signal<In, Bits<64>>,
    pub knight: Signal<In, Bits<64>>,
    /// The side to move's pieces (see `SquareArray::own`).
    pub own: Signal<In, Bits<64>>,
    pub white: Signal<In, Bit>,
    /// `own` and `white` of the current thread (the ports above carry the thread the array
    /// works on, three cycles ahead).
    pub own_now: Signal<In, Bits<64>>,
    pub white_now: Signal<In, Bit>,
    pub castling: Signal<In, Bits<4>>,
    pub ep_valid: Signal<In, Bit>,
    pub ep_victim: Signal<In, Bits<6>>,
    /// Start generating the moves of the position on the inputs (held while busy).
    pub start: Signal<In, Bit>,
    /// Keep every register as it is this cycle (the board inputs show another position).
    pub hold: Signal<In, Bit>,
    /// Load the generator state (a node entered or resumed by perft on chip): find-aggressor
    /// for `load_victim` if `load_aggressor`, the node's end if `load_end`, else find-victim;
    /// `load_last`: the victim is the phase's last; `load_discovered`: the same in the
    /// discovered-check loop (find-discovered for discoverer `load_victim` if
    /// `load_aggressor`, else find-discoverer). Overrides `hold` and `start`.
    pub load: Signal<In, Bit>,
    pub load_aggressor: Signal<In, Bit>,
    pub load_discovered: Signal<In, Bit>,
    pub load_end: Signal<In, Bit>,
    pub load_last: Signal<In, Bit>,
    pub load_phase: Signal<In, Bits<2>>,
    pub load_victim: Signal<In, Bits<6>>,
    pub load_mask: Signal<In, Bits<64>>,
    pub load_promo: Signal<In, Bits<2>>,
    /// The generator state (what perft on chip pushes on its stack).
    pub cur_aggressor: Signal<Out, Bit>,
    pub cur_discovered: Signal<Out, Bit>,
    pub cur_end: Signal<Out, Bit>,
    pub cur_last: Signal<Out, Bit>,
    pub cur_phase: Signal<Out, Bits<2>>,
    pub cur_victim: Signal<Out, Bits<6>>,
    pub cur_mask: Signal<Out, Bits<64>>,
    pub cur_promo: Signal<Out, Bits<2>>,
    /// The node has no move left (this cycle yields none; perft on chip pops in it).
    pub node_done: Signal<Out, Bit>,
    /// The side to move could take the enemy king (see `SquareArray::king_capturable`).
    pub illegal: Signal<Out, Bit>,
    /// The entry of a node on this cycle's board, for perft on chip's `load`: the first phase
    /// with victims (`SquareArray::victims_any`), the discovered checks when the direct ones
    /// have none, the node's end when nothing bids at all.
    pub entry_phase: Signal<Out, Bits<2>>,
    pub entry_discovered: Signal<Out, Bit>,
    pub entry_end: Signal<Out, Bit>,
    pub busy: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    pub move_valid: Signal<Out, Bit>,
    pub move_from: Signal<Out, Bits<6>>,
    pub move_to: Signal<Out, Bits<6>>,
    /// 0 = none, 1..=4 = queen, rook, bishop, knight.
    pub move_promo: Signal<Out, Bits<3>>,
    /// The class: 0 check, 1 promotion, 2 capture, 3 quiet.
    pub move_class: Signal<Out, Bits<2>>,
    /// The move is en passant (the captured pawn is on `cur_victim`) / castling.
    pub move_ep: Signal<Out, Bit>,
    pub move_castle: Signal<Out, Bit>,
    array: SquareArray,
    tree: ArbiterTree,
    /// The look-ahead's tree: the next victim.
    ahead: ArbiterTree,
    state: Slow4<GenState>,
    phase: Slow4<Bits<2>>,
    victim: Slow4<Bits<6>>,
    mask: Slow4<Bits<64>>,
    promo: Slow4<Bits<2>>,
    last_victim: Slow4<Bit>,
    /// The array's outputs, registered: the second cut of the 4-slow loop (the array's own
    /// is the first). They belong to the thread of the next cycle.
    p_bid2: DFF<Bits<64>>,
    p_bid1: DFF<Bits<64>>,
    p_bid0: DFF<Bits<64>>,
    p_ahead2: DFF<Bits<64>>,
    p_ahead1: DFF<Bits<64>>,
    p_ahead0: DFF<Bits<64>>,
    p_last: DFF<Bit>,
    p_ep: DFF<Bit>,
    p_capturable: DFF<Bit>,
    p_discoverer: DFF<Bit>,
    p_vany: DFF<Bits<4>>,
    /// The third cut: the trees' answers and the bidder counts, and the array's flags
    /// registered once more, for the current thread.
    t_sq: DFF<Bits<6>>,
    t_last: DFF<Bit>,
    t_ep: DFF<Bit>,
    t_capturable: DFF<Bit>,
    t_discoverer: DFF<Bit>,
    t_vany: DFF<Bits<4>>,
    t_bid: DFF<Bits<3>>,
    a_sq: DFF<Bits<6>>,
    a_bid: DFF<Bits<3>>,
    r_several: DFF<Bit>,
    r_asev: DFF<Bit>,
    k_one: Constant<Bits<64>>,
    k_pawn_bid: Constant<Bits<3>>,
    k_king_bid: Constant<Bits<3>>,
    found: Signal<Local, Bit>,
    promoting: Signal<Local, Bit>,
    bidders: Signal<Local, Bits<64>>,
    several: Signal<Local, Bit>,
    ahead_bidders: Signal<Local, Bits<64>>,
    ahead_several: Signal<Local, Bit>,
    /// The phases after the current one that have victims; none; the first of them. A
    /// phase's end goes on to it (no cycle for the phases between), or ends the node.
    later: Signal<Local, Bits<4>>,
    rest_none: Signal<Local, Bit>,
    nxt: Signal<Local, Bits<2>>,
    /// The direct checks' end goes to the discovered-check loop.
    disc_next: Signal<Local, Bit>,
}

impl Default for MoveGenerator {
    fn default() -> Self {
        MoveGenerator {
            clock: Default::default(),
            col: Default::default(),
            orth: Default::default(),
            diag: Default::default(),
            king: Default::default(),
            pawn: Default::default(),
            knight: Default::default(),
            white: Default::default(),
            own_now: Default::default(),
            white_now: Default::default(),
            castling: Default::default(),
            ep_valid: Default::default(),
            ep_victim: Default::default(),
            start: Default::default(),
            hold: Default::default(),
            load: Default::default(),
            load_aggressor: Default::default(),
            load_discovered: Default::default(),
            load_end: Default::default(),
            load_last: Default::default(),
            load_phase: Default::default(),
            load_victim: Default::default(),
            load_mask: Default::default(),
            load_promo: Default::default(),
            cur_aggressor: Default::default(),
            cur_discovered: Default::default(),
            cur_end: Default::default(),
            cur_last: Default::default(),
            cur_phase: Default::default(),
            cur_victim: Default::default(),
            cur_mask: Default::default(),
            cur_promo: Default::default(),
            node_done: Default::default(),
            illegal: Default::default(),
            entry_phase: Default::default(),
            entry_discovered: Default::default(),
            entry_end: Default::default(),
            busy: Default::default(),
            done: Default::default(),
            move_valid: Default::default(),
            move_from: Default::default(),
            move_to: Default::default(),
            move_promo: Default::default(),
            move_class: Default::default(),
            move_ep: Default::default(),
            move_castle: Default::default(),
            array: Default::default(),
            tree: Default::default(),
            ahead: Default::default(),
            state: Default::default(),
            phase: Default::default(),
            victim: Default::default(),
            mask: Default::default(),
            promo: Default::default(),
            last_victim: Default::default(),
            p_bid2: Default::default(),
            p_bid1: Default::default(),
            p_bid0: Default::default(),
            p_ahead2: Default::default(),
            p_ahead1: Default::default(),
            p_ahead0: Default::default(),
            p_last: Default::default(),
            p_ep: Default::default(),
            p_capturable: Default::default(),
            p_discoverer: Default::default(),
            p_vany: Default::default(),
            t_sq: Default::default(),
            t_last: Default::default(),
            t_ep: Default::default(),
            t_capturable: Default::default(),
            t_discoverer: Default::default(),
            t_vany: Default::default(),
            t_bid: Default::default(),
            a_sq: Default::default(),
            a_bid: Default::default(),
            r_several: Default::default(),
            r_asev: Default::default(),
            k_one: Constant::new(1_u64.into()),
            k_pawn_bid: Constant::new(PAWN_BID.into()),
            k_king_bid: Constant::new(KING_BID.into()),
            own: Default::default(),
            found: Default::default(),
            promoting: Default::default(),
            bidders: Default::default(),
            several: Default::default(),
            ahead_bidders: Default::default(),
            ahead_several: Default::default(),
            later: Default::default(),
            rest_none: Default::default(),
            nxt: Default::default(),
            disc_next: Default::default(),
        }
    }
}

impl Logic for MoveGenerator {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, state, phase, victim, mask, promo, last_victim);
        self.p_bid2.clock.next = self.clock.val();
        self.p_bid1.clock.next = self.clock.val();
        self.p_bid0.clock.next = self.clock.val();
        self.p_ahead2.clock.next = self.clock.val();
        self.p_ahead1.clock.next = self.clock.val();
        self.p_ahead0.clock.next = self.clock.val();
        self.p_last.clock.next = self.clock.val();
        self.p_ep.clock.next = self.clock.val();
        self.p_capturable.clock.next = self.clock.val();
        self.p_discoverer.clock.next = self.clock.val();
        self.p_vany.clock.next = self.clock.val();
        self.p_bid2.d.next = self.array.bid2.val();
        self.p_bid1.d.next = self.array.bid1.val();
        self.p_bid0.d.next = self.array.bid0.val();
        self.p_ahead2.d.next = self.array.ahead2.val();
        self.p_ahead1.d.next = self.array.ahead1.val();
        self.p_ahead0.d.next = self.array.ahead0.val();
        self.p_last.d.next = self.array.target_last.val();
        self.p_ep.d.next = self.array.target_ep.val();
        self.p_capturable.d.next = self.array.king_capturable.val();
        self.p_discoverer.d.next = self.array.any_discoverer.val();
        self.p_vany.d.next = self.array.victims_any.val();

        self.array.col.next = self.col.val();
        self.array.orth.next = self.orth.val();
        self.array.diag.next = self.diag.val();
        self.array.king.next = self.king.val();
        self.array.pawn.next = self.pawn.val();
        self.array.knight.next = self.knight.val();
        self.array.own.next = self.own.val();
        self.array.white.next = self.white.val();
        self.array.castling.next = self.castling.val();
        self.array.ep_valid.next = self.ep_valid.val();
        self.array.ep_victim.next = self.ep_victim.val();
        self.array.phase.next = self.phase.ahead3.val();
        self.array.aggressor.next = (self.state.ahead3.val() == GenState::FindAggressor)
            | (self.state.ahead3.val() == GenState::FindDiscovered);
        self.array.discovered.next = (self.state.ahead3.val() == GenState::FindDiscoverer)
            | (self.state.ahead3.val() == GenState::FindDiscovered);
        self.array.target.next = self.victim.ahead3.val();
        self.array.mask.next = self.mask.ahead3.val();
        self.tree.bid2.next = self.p_bid2.q.val();
        self.tree.bid1.next = self.p_bid1.q.val();
        self.tree.bid0.next = self.p_bid0.q.val();
        self.ahead.bid2.next = self.p_ahead2.q.val();
        self.ahead.bid1.next = self.p_ahead1.q.val();
        self.ahead.bid0.next = self.p_ahead0.q.val();

        self.array.clock.next = self.clock.val();
        self.found.next = self.t_bid.q.val() != 0_u64;
        self.bidders.next = self.p_bid2.q.val() | self.p_bid1.q.val() | self.p_bid0.q.val();
        self.several.next = (self.bidders.val() & (self.bidders.val() - 1_u64)).any();
        self.ahead_bidders.next =
            self.p_ahead2.q.val() | self.p_ahead1.q.val() | self.p_ahead0.q.val();
        self.ahead_several.next =
            (self.ahead_bidders.val() & (self.ahead_bidders.val() - 1_u64)).any();
        self.t_last.clock.next = self.clock.val();
        self.t_last.d.next = self.p_last.q.val();
        self.t_ep.clock.next = self.clock.val();
        self.t_ep.d.next = self.p_ep.q.val();
        self.t_capturable.clock.next = self.clock.val();
        self.t_capturable.d.next = self.p_capturable.q.val();
        self.t_discoverer.clock.next = self.clock.val();
        self.t_discoverer.d.next = self.p_discoverer.q.val();
        self.t_vany.clock.next = self.clock.val();
        self.t_vany.d.next = self.p_vany.q.val();
        self.t_sq.clock.next = self.clock.val();
        self.t_sq.d.next = self.tree.square.val();
        self.t_bid.clock.next = self.clock.val();
        self.t_bid.d.next = self.tree.winner_bid.val();
        self.a_sq.clock.next = self.clock.val();
        self.a_sq.d.next = self.ahead.square.val();
        self.a_bid.clock.next = self.clock.val();
        self.a_bid.d.next = self.ahead.winner_bid.val();
        self.r_several.clock.next = self.clock.val();
        self.r_several.d.next = self.several.val();
        self.r_asev.clock.next = self.clock.val();
        self.r_asev.d.next = self.ahead_several.val();
        self.promoting.next = (self.t_bid.q.val() == self.k_pawn_bid.val()) & self.t_last.q.val();
        // Where a phase's end goes.
        if self.phase.q.val() == 0_u64 {
            self.later.next = self.t_vany.q.val() & 0b1110_u64;
        } else if self.phase.q.val() == 1_u64 {
            self.later.next = self.t_vany.q.val() & 0b1100_u64;
        } else if self.phase.q.val() == 2_u64 {
            self.later.next = self.t_vany.q.val() & 0b1000_u64;
        } else {
            self.later.next = 0_u64.into();
        }
        self.rest_none.next = !self.later.val().any();
        if self.later.val().get_bit(1) {
            self.nxt.next = 1_u64.into();
        } else if self.later.val().get_bit(2) {
            self.nxt.next = 2_u64.into();
        } else {
            self.nxt.next = 3_u64.into();
        }
        self.disc_next.next = (self.phase.q.val() == 0_u64) & self.t_discoverer.q.val();
        // A node's entry (see the ports).
        self.entry_end.next = !self.t_vany.q.val().any() & !self.t_discoverer.q.val();
        self.entry_discovered.next = !self.t_vany.q.val().get_bit(0) & self.t_discoverer.q.val();
        if self.t_vany.q.val().get_bit(0) | self.t_discoverer.q.val() {
            self.entry_phase.next = 0_u64.into();
        } else if self.t_vany.q.val().get_bit(1) {
            self.entry_phase.next = 1_u64.into();
        } else if self.t_vany.q.val().get_bit(2) {
            self.entry_phase.next = 2_u64.into();
        } else {
            self.entry_phase.next = 3_u64.into();
        }

        self.busy.next = (self.state.q.val() == GenState::FindVictim)
            | (self.state.q.val() == GenState::FindAggressor)
            | (self.state.q.val() == GenState::FindDiscoverer)
            | (self.state.q.val() == GenState::FindDiscovered)
            | (self.state.q.val() == GenState::NodeEnd);
        self.done.next = self.state.q.val() == GenState::Done;
        self.move_valid.next = false;
        self.move_from.next = self.t_sq.q.val();
        self.move_to.next = self.victim.q.val();
        self.move_promo.next = 0_u64.into();
        self.move_class.next = self.phase.q.val();
        self.move_ep.next = false;
        // Castling: the king moves two files (only castling does).
        self.move_castle.next = (self.state.q.val() == GenState::FindAggressor)
            & (self.t_bid.q.val() == self.k_king_bid.val())
            & ((self.t_sq.q.val().get_bits::<3>(0) == 4_u64)
                & ((self.victim.q.val().get_bits::<3>(0) == 2_u64)
                    | (self.victim.q.val().get_bits::<3>(0) == 6_u64)));
        self.cur_aggressor.next = (self.state.q.val() == GenState::FindAggressor)
            | (self.state.q.val() == GenState::FindDiscovered);
        self.cur_discovered.next = (self.state.q.val() == GenState::FindDiscoverer)
            | (self.state.q.val() == GenState::FindDiscovered);
        self.cur_end.next = self.state.q.val() == GenState::NodeEnd;
        self.cur_last.next = self.last_victim.q.val();
        self.cur_phase.next = self.phase.q.val();
        self.cur_victim.next = self.victim.q.val();
        self.cur_mask.next = self.mask.q.val();
        self.cur_promo.next = self.promo.q.val();
        self.illegal.next = self.t_capturable.q.val();
        // The node ends in a cycle that finds nothing and leaves the last phase with victims
        // (a cycle that yields the last move ends it in `NodeEnd`, the next).
        self.node_done.next = (self.state.q.val() == GenState::NodeEnd)
            | (((self.state.q.val() == GenState::FindVictim)
                | (self.state.q.val() == GenState::FindDiscoverer)
                | (((self.state.q.val() == GenState::FindAggressor)
                    | (self.state.q.val() == GenState::FindDiscovered))
                    & self.last_victim.q.val()))
                & !self.found.val()
                & self.rest_none.val()
                & !(self.disc_next.val()
                    & ((self.state.q.val() == GenState::FindVictim)
                        | (self.state.q.val() == GenState::FindAggressor))));

        if !self.hold.val() {
            match self.state.q.val() {
                GenState::Idle => {
                    if self.start.val() {
                        self.phase.d.next = 0_u64.into();
                        self.mask.d.next = 0_u64.into();
                        self.promo.d.next = 0_u64.into();
                        self.state.d.next = GenState::FindVictim;
                    }
                }
                GenState::NodeEnd => {
                    self.state.d.next = GenState::Done;
                }
                GenState::Done => {
                    if !self.start.val() {
                        self.state.d.next = GenState::Idle;
                    }
                }
                GenState::FindVictim => {
                    if self.found.val() {
                        self.victim.d.next = self.t_sq.q.val();
                        self.last_victim.d.next = !self.r_several.q.val();
                        self.state.d.next = GenState::FindAggressor;
                    } else {
                        self.mask.d.next = 0_u64.into();
                        if self.disc_next.val() {
                            self.state.d.next = GenState::FindDiscoverer;
                        } else if self.rest_none.val() {
                            self.state.d.next = GenState::Done;
                        } else {
                            self.phase.d.next = self.nxt.val();
                        }
                    }
                }
                GenState::FindDiscoverer => {
                    if self.found.val() {
                        self.victim.d.next = self.t_sq.q.val();
                        self.last_victim.d.next = !self.r_several.q.val();
                        self.state.d.next = GenState::FindDiscovered;
                    } else {
                        self.mask.d.next = 0_u64.into();
                        if self.rest_none.val() {
                            self.state.d.next = GenState::Done;
                        } else {
                            self.phase.d.next = self.nxt.val();
                            self.state.d.next = GenState::FindVictim;
                        }
                    }
                }
                GenState::FindDiscovered => {
                    // The discoverer (`victim`) moves to the square found. The masks swap
                    // roles: on other squares "moved there", on own pieces "done".
                    if self.found.val() {
                        self.move_valid.next = true;
                        self.move_from.next = self.victim.q.val();
                        self.move_to.next = self.t_sq.q.val();
                    }
                    if self.found.val() & self.r_several.q.val() {
                        self.mask.d.next =
                            self.mask.q.val() | (self.k_one.val() << self.t_sq.q.val());
                    } else if self.last_victim.q.val() {
                        self.mask.d.next = 0_u64.into();
                        if self.rest_none.val() & self.found.val() {
                            self.state.d.next = GenState::NodeEnd;
                        } else if self.rest_none.val() {
                            self.state.d.next = GenState::Done;
                        } else {
                            self.phase.d.next = self.nxt.val();
                            self.state.d.next = GenState::FindVictim;
                        }
                    } else {
                        self.mask.d.next = (self.mask.q.val() & self.own_now.val())
                            | (self.k_one.val() << self.victim.q.val());
                        self.state.d.next = GenState::FindDiscoverer;
                    }
                }
                GenState::FindAggressor => {
                    if self.found.val() {
                        self.move_valid.next = true;
                        // En passant: a pawn beside the victim moves behind it.
                        if (self.phase.q.val() == 2_u64)
                            & (self.t_bid.q.val() == self.k_pawn_bid.val())
                            & self.t_ep.q.val()
                            & (self.t_sq.q.val().get_bits::<3>(3)
                                == self.victim.q.val().get_bits::<3>(3))
                        {
                            self.move_ep.next = true;
                            if self.white_now.val() {
                                self.move_to.next = self.victim.q.val() + 8_u64;
                            } else {
                                self.move_to.next = self.victim.q.val() - 8_u64;
                            }
                        }
                        if self.promoting.val() {
                            self.move_promo.next = bit_cast::<3, 2>(self.promo.q.val()) + 1_u64;
                        }
                        if self.promoting.val() & (self.promo.q.val() != 3_u64) {
                            self.promo.d.next = self.promo.q.val() + 1_u64;
                        } else if self.r_several.q.val() {
                            self.promo.d.next = 0_u64.into();
                            self.mask.d.next =
                                self.mask.q.val() | (self.k_one.val() << self.t_sq.q.val());
                        } else {
                            // The victim's last aggressor (and the phase's last victim?).
                            self.promo.d.next = 0_u64.into();
                            self.state.d.next = GenState::FindVictim;
                            if self.last_victim.q.val() {
                                self.mask.d.next = 0_u64.into();
                                if self.disc_next.val() {
                                    self.state.d.next = GenState::FindDiscoverer;
                                } else if self.rest_none.val() {
                                    self.state.d.next = GenState::NodeEnd;
                                } else {
                                    self.phase.d.next = self.nxt.val();
                                }
                            } else {
                                // The next victim, from the look-ahead.
                                self.mask.d.next = (self.mask.q.val() & !self.own_now.val())
                                    | (self.k_one.val() << self.victim.q.val());
                                self.victim.d.next = self.a_sq.q.val();
                                self.last_victim.d.next = !self.r_asev.q.val();
                                self.state.d.next = GenState::FindAggressor;
                            }
                        }
                    } else {
                        // No aggressor left (every one was yielded in an earlier class).
                        self.state.d.next = GenState::FindVictim;
                        if self.last_victim.q.val() {
                            self.mask.d.next = 0_u64.into();
                            if self.disc_next.val() {
                                self.state.d.next = GenState::FindDiscoverer;
                            } else if self.rest_none.val() {
                                self.state.d.next = GenState::Done;
                            } else {
                                self.phase.d.next = self.nxt.val();
                            }
                        } else {
                            self.mask.d.next = (self.mask.q.val() & !self.own_now.val())
                                | (self.k_one.val() << self.victim.q.val());
                            self.victim.d.next = self.a_sq.q.val();
                            self.last_victim.d.next = !self.r_asev.q.val();
                            self.state.d.next = GenState::FindAggressor;
                        }
                    }
                }
            }
        }
        if self.load.val() {
            self.phase.d.next = self.load_phase.val();
            self.victim.d.next = self.load_victim.val();
            self.mask.d.next = self.load_mask.val();
            self.promo.d.next = self.load_promo.val();
            self.last_victim.d.next = self.load_last.val();
            if self.load_end.val() {
                self.state.d.next = GenState::NodeEnd;
            } else if self.load_discovered.val() & self.load_aggressor.val() {
                self.state.d.next = GenState::FindDiscovered;
            } else if self.load_discovered.val() {
                self.state.d.next = GenState::FindDiscoverer;
            } else if self.load_aggressor.val() {
                self.state.d.next = GenState::FindAggressor;
            } else {
                self.state.d.next = GenState::FindVictim;
            }
        }
    }
}
