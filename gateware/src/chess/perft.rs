//! Perft on chip (beyond the paper, whose generator was driven move by move over PCI): a
//! depth-first walk with the generator, the write bus and a stack of generator states and
//! undo records in block RAM, counting legal leaves without host traffic. Every leaf is made.
//!
//! ```text
//!  position, depth, start --> board registers --> MoveGenerator --> move --> WriteBus --+
//!                                  ^                   |  illegal                        |
//!                                  +-------------------+-------- make / unmake <---------+
//!                               stack (RAM): per ply the generator state and the move's undo
//! ```
//!
//! Cycles (the model is `model::chess::search::perft_on_chip`): every cycle of the generator
//! is one cycle (`Gen`). A yielded move is registered (`u_*`) and made in the next cycle, so
//! that the write bus never follows the square array and the arbiter tree in one cycle. A move
//! yielded at the last ply is made into the leaf board (a second set of board registers) in the
//! next cycle, beside the generator, which goes on finding moves on the unchanged board; the
//! cycle after, the leaf's legality look (`legality::KingAttack`) counts it: leaves cost no
//! cycle of their own, except that a node's end waits a cycle while the leaf yielded just before
//! it is made. A move yielded above the last ply is made on the board registers (`Make`); the
//! next cycle (`Check`) the square array looks at the new position: if the mover's king can be
//! taken it is unmade in that cycle, else the generator state and the undo record are pushed
//! and the child's first find cycle follows. The cycle after the one that ends a node
//! (`Pop`) pops the parent and unmakes its move: the end is known only after the arbiter tree,
//! too late in its cycle to drive the board registers' enables and the stack's address. The
//! stack is read one cycle ahead (its address is the next cycle's parent ply), so that a node
//! resumed by a pop may end and pop again at once.
//!
//! A node is entered (the root after its load, a child after its push) with the generator
//! loaded at the node's first phase with victims (`MoveGenerator::entry_*`, from the array's
//! look at the node's board in that cycle): `model::chess::generator::generate_entered`.
//!
//! Loading (not counted in the cycles): the packed position is written one piece a cycle
//! through the write bus, as the paper's write bus writes piece values into the squares.
//!
//! Beside the board registers sits the side to move's plane (`own`), written with every board
//! write (a load keeps the side, a make or an unmake flips it): the square array reads it
//! instead of deriving it from the side-to-move bit, whose fanout into every square's receiver
//! was the critical path's start.
//!
//! Legality (beyond the paper): the leaf board's `KingAttack` at the last ply, the array's
//! `king_capturable` (one cycle per move) above it.
//!
//! Four threads (4-slow, see `common::slow4`): every register of the walk and the generator
//! has four stages, so a unit runs four independent jobs, one cycle each in turn, each seeing
//! exactly the cycles of the one-thread walk (`model::chess::search::perft_on_chip` counts
//! them; a thread's cycle is four clocks). The square array reads the first stage (the thread
//! whose turn comes three cycles later) and three pipeline registers cut the loop through the
//! array, the trees, the generator and the walk: inside the array after its fills, after the
//! array, after the arbiter trees (see `generator`). The clock goes from 30 MHz (2-slow, one
//! cut) to 45 on the ULX3S (48.5 reached asked for 50). The stack holds the four
//! threads' frames (the thread is the address's top bits); its read address is delayed two
//! cycles and its read data registered, so that a frame comes on the reading thread's next
//! turn. Commands (`start`, `stop`, `step`) wait for their thread's turn; each thread's
//! outputs are kept from its last turn.
//!
//! Shares (the split on chip, `model::chess::search::Share`): a job may take a share of its
//! tree: the walk goes through the plies above the share's ply whole, counts the legal moves it
//! makes at that ply (`share_left` counts down to the next one of the share) and pushes only
//! every `stride`-th, from the `offset`-th on; the others are unmade in `Check`, as an illegal
//! move is. The host gives every core the same position with its own offset: one job a core.
//!
//! Step jobs (`step_job`, the paper's combined command of section 5, `model::chess::step`):
//! every move goes through `Make` and `Check`; a legal one waits (`Wait`) for the next step. Castling through check is refused by the
//! generator itself.

// `#[hdl_gen]` copies a width `{ sf::X.width }` into its Verilog generator as a braced argument.
#![allow(unused_braces)]

use super::{KingAttack, MoveGenerator, WriteBus};
use crate::common::Slow4;
use crate::frame_layout;
use rust_hdl::prelude::*;

frame_layout! {
    /// One ply of the perft stack: the node's generator state (find-aggressor, the node's end
    /// or find-victim, or the discovered-check loop's two; the phase's last victim) and the undo record of the move being searched
    /// in the child.
    pub mod stack_frame {
        AGGRESSOR: 1,
        DISCOVERED: 1,
        END: 1,
        LAST: 1,
        PHASE: 2,
        VICTIM: 6,
        MASK: 64,
        PROMO: 2,
        FROM: 6,
        TO: 6,
        MOVED: 6,
        CAPTURED: 6,
        EP: 1,
        CASTLE: 1,
        PREV_CASTLING: 4,
        PREV_EP_VALID: 1,
        PREV_EP: 6,
    }
}
use stack_frame as sf;

/// Bits of one stack frame.
pub const FRAME_BITS: usize = sf::BITS;
/// Address bits of a thread's stack: one frame per ply above the leaves.
pub const STACK_BITS: usize = 4;
/// Threads of a perft unit (the 4-slow loop: see the header); each is a core to the host.
pub const THREADS: usize = 4;
/// Bits of a thread's number.
pub const TID_BITS: usize = 2;
/// Bits of the `step` port: two a thread.
pub const STEP_BITS: usize = 2 * THREADS;

#[derive(Copy, Clone, PartialEq, Debug, LogicState)]
pub enum PerftState {
    Idle,
    Load,
    Gen,
    /// The move yielded in the previous cycle is made on the board registers.
    Make,
    /// The node ended in the previous cycle: the parent's move is unmade, its generator
    /// resumed.
    Pop,
    Check,
    /// A step job waits for its next step (`model::chess::step`).
    Wait,
    Done,
}

/// Each thread's number, as a constant for comparing with a thread field (the unit's
/// `tid`, the core's selection).
pub(crate) fn thread_numbers() -> [Constant<Bits<TID_BITS>>; THREADS] {
    std::array::from_fn(|t| Constant::new((t as u64).into()))
}

#[derive(LogicBlock)]
pub struct Perft {
    pub clock: Signal<In, Clock>,
    /// The root position (read on `start`) as `model::chess::protocol` packs it: occupancy,
    /// the 4-bit piece codes of the occupied squares in square order, side, castling, en
    /// passant victim.
    pub occ: Signal<In, Bits<64>>,
    pub codes: Signal<In, Bits<128>>,
    pub white: Signal<In, Bit>,
    pub castling: Signal<In, Bits<4>>,
    pub ep_valid: Signal<In, Bit>,
    pub ep_victim: Signal<In, Bits<6>>,
    /// Plies, 0..=`model::chess::search::CHIP_MAX_DEPTH`.
    pub depth: Signal<In, Bits<4>>,
    /// The job's share of the tree (`model::chess::search::Share`): its ply (0: the whole
    /// tree), stride (1..=255) and offset (below the stride).
    pub share_ply: Signal<In, Bits<4>>,
    pub stride: Signal<In, Bits<8>>,
    pub offset: Signal<In, Bits<8>>,
    /// Per thread (bit t: thread t): start a job, abort it. The arguments above go with a
    /// start; starts come at most once in `THREADS` cycles.
    pub start: Signal<In, Bits<THREADS>>,
    pub stop: Signal<In, Bits<THREADS>>,
    /// With `start`: a step job (the paper's combined command, `model::chess::step`): stop at
    /// every legal move made and wait for `step` (1 next, 2 down, 3 up; 0 none).
    pub step_job: Signal<In, Bit>,
    /// Thread t's step at bits 2t..2t+1.
    pub step: Signal<In, Bits<STEP_BITS>>,
    /// Per thread (bit t), as seen at the thread's last turn (at most four cycles ago): the
    /// step job waits; a move is made at its node; the node is the root; the stack is full.
    pub waiting: Signal<Out, Bits<THREADS>>,
    pub made: Signal<Out, Bits<THREADS>>,
    pub at_root: Signal<Out, Bits<THREADS>>,
    pub at_top: Signal<Out, Bits<THREADS>>,
    pub busy: Signal<Out, Bits<THREADS>>,
    pub done: Signal<Out, Bits<THREADS>>,
    pub aborted: Signal<Out, Bits<THREADS>>,
    /// The thread whose counts the four words below show.
    pub sel: Signal<In, Bits<TID_BITS>>,
    /// Legal leaves so far (low, high 32 bits) and cycles spent (the thread's own cycles). A
    /// waiting step job shows its step word (`model::chess::protocol::StepAnswer`) as the
    /// leaves.
    pub leaves_lo: Signal<Out, Bits<32>>,
    pub leaves_hi: Signal<Out, Bits<32>>,
    pub cycles_lo: Signal<Out, Bits<32>>,
    pub cycles_hi: Signal<Out, Bits<32>>,
    gen: MoveGenerator,
    bus: WriteBus,
    leaf_look: KingAttack,
    /// The leaf look's answer, registered: the look reads the leaf board's stage `ahead1` (the
    /// thread of the next cycle), so that the count reads a flip-flop in the thread's own
    /// cycle instead of the look's logic (the critical path of `chess-x2` at 39.9 MHz).
    leaf_capt: DFF<Bit>,
    /// Both threads' stacks: the thread is the address's top bit.
    stack: RAM<Bits<FRAME_BITS>, { STACK_BITS + TID_BITS }>,
    /// The stack's read address, two cycles late, so that its read data, registered in
    /// `rd`, comes on the reading thread's next turn.
    ra1: DFF<Bits<{ STACK_BITS + TID_BITS }>>,
    ra2: DFF<Bits<{ STACK_BITS + TID_BITS }>>,
    rd: DFF<Bits<FRAME_BITS>>,
    /// The thread whose state is on the registers' last stage this cycle.
    tid: DFF<Bits<TID_BITS>>,
    k_stack_bits: Constant<Bits<8>>,
    /// Each thread's number.
    k_thread: [Constant<Bits<TID_BITS>>; THREADS],
    /// Each thread's two bits of `step`.
    k_lane: [Constant<Bits<STEP_BITS>>; THREADS],
    // Commands for a thread, held until its turn; a start's arguments.
    pend_start: DFF<Bits<THREADS>>,
    pend_stop: DFF<Bits<THREADS>>,
    pend_step: DFF<Bits<STEP_BITS>>,
    a_occ: DFF<Bits<64>>,
    a_codes: DFF<Bits<128>>,
    a_white: DFF<Bit>,
    a_castling: DFF<Bits<4>>,
    a_ep_valid: DFF<Bit>,
    a_ep_victim: DFF<Bits<6>>,
    a_depth: DFF<Bits<4>>,
    a_share_ply: DFF<Bits<4>>,
    a_stride: DFF<Bits<8>>,
    a_offset: DFF<Bits<8>>,
    a_step_job: DFF<Bit>,
    // Each thread's outputs, kept from its last turn.
    o_waiting: DFF<Bits<THREADS>>,
    o_made: DFF<Bits<THREADS>>,
    o_root: DFF<Bits<THREADS>>,
    o_top: DFF<Bits<THREADS>>,
    o_busy: DFF<Bits<THREADS>>,
    o_done: DFF<Bits<THREADS>>,
    o_aborted: DFF<Bits<THREADS>>,
    o_leaves_lo: [DFF<Bits<32>>; THREADS],
    o_leaves_hi: [DFF<Bits<32>>; THREADS],
    o_cycles_lo: [DFF<Bits<32>>; THREADS],
    o_cycles_hi: [DFF<Bits<32>>; THREADS],
    // The current thread's view: its command, its outputs.
    hot: Signal<Local, Bits<THREADS>>,
    t_start: Signal<Local, Bit>,
    t_stop: Signal<Local, Bit>,
    /// A stop this thread takes on its turn: it is running, or it has ended (done, or waiting
    /// for a step) since job control last saw it running. Either way the job ends aborted.
    t_abort: Signal<Local, Bit>,
    t_step: Signal<Local, Bits<2>>,
    /// Threads a step command comes for this cycle.
    step_in: Signal<Local, Bits<THREADS>>,
    c_waiting: Signal<Local, Bit>,
    c_made: Signal<Local, Bit>,
    c_root: Signal<Local, Bit>,
    c_top: Signal<Local, Bit>,
    c_busy: Signal<Local, Bit>,
    c_done: Signal<Local, Bit>,
    c_aborted: Signal<Local, Bit>,
    c_leaves_lo: Signal<Local, Bits<32>>,
    state: Slow4<PerftState>,
    board: [Slow4<Bits<64>>; 6],
    /// The leaf board: the position after the last-ply move yielded in the previous cycle.
    leaf: [Slow4<Bits<64>>; 6],
    /// A leaf was yielded in the previous cycle: it is made into the leaf board now.
    leaf_make: Slow4<Bit>,
    leaf_pending: Slow4<Bit>,
    leaf_white: Slow4<Bit>,
    side: Slow4<Bit>,
    /// The side to move's pieces, registered beside the board (see `SquareArray::own`): every
    /// board write knows the next board and the next side.
    own: Slow4<Bits<64>>,
    /// The side to move after this cycle's board write (a load keeps it, a make or an unmake
    /// flips it).
    side_after: Signal<Local, Bit>,
    new_occ: Signal<Local, Bits<64>>,
    rights: Slow4<Bits<4>>,
    epv: Slow4<Bit>,
    ep: Slow4<Bits<6>>,
    ply: Slow4<Bits<4>>,
    last_ply: Slow4<Bits<4>>,
    /// The share: whether the job has one, the ply of the nodes whose moves are shared out
    /// (the share's ply less one), the stride less one, and the legal moves there still to
    /// skip before the next one of the share.
    share_on: Slow4<Bit>,
    share_node: Slow4<Bits<4>>,
    stride_m1: Slow4<Bits<8>>,
    share_left: Slow4<Bits<8>>,
    /// A legal move at the share's ply that is not the share's: skipped (unmade).
    skip: Signal<Local, Bit>,
    n_lo: Slow4<Bits<32>>,
    n_hi: Slow4<Bits<32>>,
    c_lo: Slow4<Bits<32>>,
    c_hi: Slow4<Bits<32>>,
    was_aborted: Slow4<Bit>,
    stepping: Slow4<Bit>,
    popping: Slow4<Bit>,
    w_made: Slow4<Bit>,
    u_promo: Slow4<Bits<3>>,
    u_class: Slow4<Bits<2>>,
    // The position being loaded: squares and piece codes not yet written.
    rem_occ: Slow4<Bits<64>>,
    rem_codes: Slow4<Bits<128>>,
    // The undo record of the move made at the current ply.
    u_from: Slow4<Bits<6>>,
    u_to: Slow4<Bits<6>>,
    u_moved: Slow4<Bits<6>>,
    u_captured: Slow4<Bits<6>>,
    u_ep: Slow4<Bit>,
    u_castle: Slow4<Bit>,
    u_rights: Slow4<Bits<4>>,
    u_epv: Slow4<Bit>,
    u_epsq: Slow4<Bits<6>>,
    k_frame_one: Constant<Bits<FRAME_BITS>>,
    at_aggressor: Constant<Bits<16>>,
    at_discovered: Constant<Bits<16>>,
    at_end: Constant<Bits<16>>,
    at_last: Constant<Bits<16>>,
    at_phase: Constant<Bits<16>>,
    at_victim: Constant<Bits<16>>,
    at_mask: Constant<Bits<16>>,
    at_promo: Constant<Bits<16>>,
    at_from: Constant<Bits<16>>,
    at_to: Constant<Bits<16>>,
    at_moved: Constant<Bits<16>>,
    at_captured: Constant<Bits<16>>,
    at_ep: Constant<Bits<16>>,
    at_castle: Constant<Bits<16>>,
    at_prev_castling: Constant<Bits<16>>,
    at_prev_ep_valid: Constant<Bits<16>>,
    at_prev_ep: Constant<Bits<16>>,
    plane: [Signal<Local, Bits<64>>; 6],
    // The move on the bus and its undo record (made now, or unmade from `u_*` or the stack).
    making: Signal<Local, Bit>,
    unmaking: Signal<Local, Bit>,
    m_from: Signal<Local, Bits<6>>,
    m_to: Signal<Local, Bits<6>>,
    m_moved: Signal<Local, Bits<6>>,
    m_captured: Signal<Local, Bits<6>>,
    m_new: Signal<Local, Bits<6>>,
    m_promo: Signal<Local, Bits<3>>,
    m_ep: Signal<Local, Bit>,
    m_castle: Signal<Local, Bit>,
    m_epsq: Signal<Local, Bits<6>>,
    m_rights: Signal<Local, Bits<4>>,
    m_epv: Signal<Local, Bit>,
    rook_from: Signal<Local, Bits<6>>,
    rook_to: Signal<Local, Bits<6>>,
    rook_word: Signal<Local, Bits<6>>,
    at_leaf: Signal<Local, Bit>,
    ply_next: Signal<Local, Bits<4>>,
    f_phase: Signal<Local, Bits<2>>,
    f_victim: Signal<Local, Bits<6>>,
    f_mask: Signal<Local, Bits<64>>,
    f_promo: Signal<Local, Bits<2>>,
    frame: Signal<Local, Bits<FRAME_BITS>>,
    lowest: Signal<Local, Bits<64>>,
    load_sq: Signal<Local, Bits<6>>,
    load_word: Signal<Local, Bits<6>>,
    step_word: Signal<Local, Bits<32>>,
    taken: Signal<Local, Bit>,
    undo: Signal<Local, Bit>,
    /// The generator is loaded with a node's entry (`MoveGenerator::entry_phase`).
    enter: Signal<Local, Bit>,
}

impl Default for Perft {
    fn default() -> Self {
        Perft {
            clock: Default::default(),
            occ: Default::default(),
            codes: Default::default(),
            white: Default::default(),
            castling: Default::default(),
            ep_valid: Default::default(),
            ep_victim: Default::default(),
            depth: Default::default(),
            share_ply: Default::default(),
            stride: Default::default(),
            offset: Default::default(),
            start: Default::default(),
            stop: Default::default(),
            step_job: Default::default(),
            step: Default::default(),
            waiting: Default::default(),
            made: Default::default(),
            at_root: Default::default(),
            at_top: Default::default(),
            busy: Default::default(),
            done: Default::default(),
            aborted: Default::default(),
            leaves_lo: Default::default(),
            leaves_hi: Default::default(),
            cycles_lo: Default::default(),
            cycles_hi: Default::default(),
            gen: Default::default(),
            bus: Default::default(),
            leaf_look: Default::default(),
            leaf_capt: Default::default(),
            stack: Default::default(),
            rd: Default::default(),
            ra1: Default::default(),
            ra2: Default::default(),
            tid: Default::default(),
            k_stack_bits: Constant::new((STACK_BITS as u64).into()),
            k_thread: thread_numbers(),
            k_lane: std::array::from_fn(|t| Constant::new((3_u64 << (2 * t)).into())),
            pend_start: Default::default(),
            pend_stop: Default::default(),
            pend_step: Default::default(),
            a_occ: Default::default(),
            a_codes: Default::default(),
            a_white: Default::default(),
            a_castling: Default::default(),
            a_ep_valid: Default::default(),
            a_ep_victim: Default::default(),
            a_depth: Default::default(),
            a_share_ply: Default::default(),
            a_stride: Default::default(),
            a_offset: Default::default(),
            a_step_job: Default::default(),
            o_waiting: Default::default(),
            o_made: Default::default(),
            o_root: Default::default(),
            o_top: Default::default(),
            o_busy: Default::default(),
            o_done: Default::default(),
            o_aborted: Default::default(),
            o_leaves_lo: Default::default(),
            o_leaves_hi: Default::default(),
            o_cycles_lo: Default::default(),
            o_cycles_hi: Default::default(),
            hot: Default::default(),
            t_start: Default::default(),
            t_stop: Default::default(),
            t_abort: Default::default(),
            t_step: Default::default(),
            step_in: Default::default(),
            c_waiting: Default::default(),
            c_made: Default::default(),
            c_root: Default::default(),
            c_top: Default::default(),
            c_busy: Default::default(),
            c_done: Default::default(),
            c_aborted: Default::default(),
            c_leaves_lo: Default::default(),
            sel: Default::default(),
            state: Default::default(),
            board: Default::default(),
            leaf: Default::default(),
            leaf_make: Default::default(),
            leaf_pending: Default::default(),
            leaf_white: Default::default(),
            side: Default::default(),
            own: Default::default(),
            side_after: Default::default(),
            new_occ: Default::default(),
            rights: Default::default(),
            epv: Default::default(),
            ep: Default::default(),
            ply: Default::default(),
            last_ply: Default::default(),
            share_on: Default::default(),
            share_node: Default::default(),
            stride_m1: Default::default(),
            share_left: Default::default(),
            skip: Default::default(),
            n_lo: Default::default(),
            n_hi: Default::default(),
            c_lo: Default::default(),
            c_hi: Default::default(),
            was_aborted: Default::default(),
            stepping: Default::default(),
            popping: Default::default(),
            w_made: Default::default(),
            u_promo: Default::default(),
            u_class: Default::default(),
            rem_occ: Default::default(),
            rem_codes: Default::default(),
            u_from: Default::default(),
            u_to: Default::default(),
            u_moved: Default::default(),
            u_captured: Default::default(),
            u_ep: Default::default(),
            u_castle: Default::default(),
            u_rights: Default::default(),
            u_epv: Default::default(),
            u_epsq: Default::default(),
            k_frame_one: Constant::new(1_u64.into()),
            at_aggressor: sf::AGGRESSOR.offset(),
            at_discovered: sf::DISCOVERED.offset(),
            at_end: sf::END.offset(),
            at_last: sf::LAST.offset(),
            at_phase: sf::PHASE.offset(),
            at_victim: sf::VICTIM.offset(),
            at_mask: sf::MASK.offset(),
            at_promo: sf::PROMO.offset(),
            at_from: sf::FROM.offset(),
            at_to: sf::TO.offset(),
            at_moved: sf::MOVED.offset(),
            at_captured: sf::CAPTURED.offset(),
            at_ep: sf::EP.offset(),
            at_castle: sf::CASTLE.offset(),
            at_prev_castling: sf::PREV_CASTLING.offset(),
            at_prev_ep_valid: sf::PREV_EP_VALID.offset(),
            at_prev_ep: sf::PREV_EP.offset(),
            plane: Default::default(),
            making: Default::default(),
            unmaking: Default::default(),
            m_from: Default::default(),
            m_to: Default::default(),
            m_moved: Default::default(),
            m_captured: Default::default(),
            m_new: Default::default(),
            m_promo: Default::default(),
            m_ep: Default::default(),
            m_castle: Default::default(),
            m_epsq: Default::default(),
            m_rights: Default::default(),
            m_epv: Default::default(),
            rook_from: Default::default(),
            rook_to: Default::default(),
            rook_word: Default::default(),
            at_leaf: Default::default(),
            ply_next: Default::default(),
            f_phase: Default::default(),
            f_victim: Default::default(),
            f_mask: Default::default(),
            f_promo: Default::default(),
            frame: Default::default(),
            lowest: Default::default(),
            load_sq: Default::default(),
            load_word: Default::default(),
            step_word: Default::default(),
            taken: Default::default(),
            undo: Default::default(),
            enter: Default::default(),
        }
    }
}

impl Logic for Perft {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            state,
            leaf_make,
            leaf_pending,
            leaf_white,
            leaf_capt,
            side,
            own,
            rights,
            epv,
            ep,
            ply,
            last_ply,
            share_on,
            share_node,
            stride_m1,
            share_left,
            n_lo,
            n_hi,
            c_lo,
            c_hi,
            was_aborted,
            stepping,
            popping,
            w_made,
            u_promo,
            u_class,
            rem_occ,
            rem_codes,
            u_from,
            u_to,
            u_moved,
            u_captured,
            u_ep,
            u_castle,
            u_rights,
            u_epv,
            u_epsq
        );
        for i in 0..6 {
            self.board[i].clock.next = self.clock.val();
            self.board[i].d.next = self.board[i].q.val();
            self.plane[i].next = self.board[i].q.val();
            self.leaf[i].clock.next = self.clock.val();
            self.leaf[i].d.next = self.leaf[i].q.val();
        }
        // --- The threads: the current one's commands and arguments.
        self.tid.clock.next = self.clock.val();
        self.tid.d.next = self.tid.q.val() + 1_u64;
        self.rd.clock.next = self.clock.val();
        self.rd.d.next = self.stack.read_data.val();
        self.ra1.clock.next = self.clock.val();
        self.ra2.clock.next = self.clock.val();
        self.hot.next = bit_cast::<THREADS, 1>(true.into()) << self.tid.q.val();
        self.pend_start.clock.next = self.clock.val();
        self.pend_stop.clock.next = self.clock.val();
        self.pend_step.clock.next = self.clock.val();
        self.pend_start.d.next = (self.pend_start.q.val() & !self.hot.val()) | self.start.val();
        self.pend_stop.d.next = (self.pend_stop.q.val() & !self.hot.val()) | self.stop.val();
        self.t_start.next = (self.pend_start.q.val() & self.hot.val()).any();
        self.step_in.next = 0_u64.into();
        self.t_step.next = 0_u64.into();
        self.pend_step.d.next = self.pend_step.q.val() | self.step.val();
        for t in 0..THREADS {
            self.step_in.next = self
                .step_in
                .val()
                .replace_bit(t, self.step.val().get_bits::<2>(2 * t).any());
            if self.tid.q.val() == self.k_thread[t].val() {
                // The current thread's step is taken: its two bits cleared.
                self.t_step.next = self.pend_step.q.val().get_bits::<2>(2 * t);
                self.pend_step.d.next =
                    (self.pend_step.q.val() & !self.k_lane[t].val()) | self.step.val();
            }
        }
        self.t_stop.next = (self.pend_stop.q.val() & self.hot.val()).any();
        self.a_occ.clock.next = self.clock.val();
        self.a_codes.clock.next = self.clock.val();
        self.a_white.clock.next = self.clock.val();
        self.a_castling.clock.next = self.clock.val();
        self.a_ep_valid.clock.next = self.clock.val();
        self.a_ep_victim.clock.next = self.clock.val();
        self.a_depth.clock.next = self.clock.val();
        self.a_share_ply.clock.next = self.clock.val();
        self.a_stride.clock.next = self.clock.val();
        self.a_offset.clock.next = self.clock.val();
        self.a_step_job.clock.next = self.clock.val();
        self.a_occ.d.next = self.a_occ.q.val();
        self.a_codes.d.next = self.a_codes.q.val();
        self.a_white.d.next = self.a_white.q.val();
        self.a_castling.d.next = self.a_castling.q.val();
        self.a_ep_valid.d.next = self.a_ep_valid.q.val();
        self.a_ep_victim.d.next = self.a_ep_victim.q.val();
        self.a_depth.d.next = self.a_depth.q.val();
        self.a_share_ply.d.next = self.a_share_ply.q.val();
        self.a_stride.d.next = self.a_stride.q.val();
        self.a_offset.d.next = self.a_offset.q.val();
        self.a_step_job.d.next = self.a_step_job.q.val();
        if self.start.val().any() {
            self.a_occ.d.next = self.occ.val();
            self.a_codes.d.next = self.codes.val();
            self.a_white.d.next = self.white.val();
            self.a_castling.d.next = self.castling.val();
            self.a_ep_valid.d.next = self.ep_valid.val();
            self.a_ep_victim.d.next = self.ep_victim.val();
            self.a_depth.d.next = self.depth.val();
            self.a_share_ply.d.next = self.share_ply.val();
            self.a_stride.d.next = self.stride.val();
            self.a_offset.d.next = self.offset.val();
            self.a_step_job.d.next = self.step_job.val();
        }

        self.gen.clock.next = self.clock.val();
        self.stack.read_clock.next = self.clock.val();
        self.stack.write_clock.next = self.clock.val();

        // --- The generator looks at the board registers.
        self.gen.col.next = self.board[0].ahead3.val();
        self.gen.orth.next = self.board[1].ahead3.val();
        self.gen.diag.next = self.board[2].ahead3.val();
        self.gen.king.next = self.board[3].ahead3.val();
        self.gen.pawn.next = self.board[4].ahead3.val();
        self.gen.knight.next = self.board[5].ahead3.val();
        self.gen.own.next = self.own.ahead3.val();
        self.gen.white.next = self.side.ahead3.val();
        self.gen.castling.next = self.rights.ahead3.val();
        self.gen.ep_valid.next = self.epv.ahead3.val();
        self.gen.ep_victim.next = self.ep.ahead3.val();
        self.gen.own_now.next = self.own.q.val();
        self.gen.white_now.next = self.side.q.val();
        self.gen.start.next = false;
        // A node's end waits a cycle while the leaf yielded just before it takes the bus.
        self.gen.hold.next = (self.state.q.val() != PerftState::Gen)
            | (self.leaf_make.q.val() & self.gen.node_done.val());
        self.gen.load.next = false;
        self.gen.load_aggressor.next = false;
        self.gen.load_discovered.next = false;
        self.gen.load_end.next = false;
        self.gen.load_last.next = false;
        self.gen.load_phase.next = 0_u64.into();
        self.gen.load_victim.next = 0_u64.into();
        self.gen.load_mask.next = 0_u64.into();
        self.gen.load_promo.next = 0_u64.into();

        // --- The leaf board's legality look: the leaf made in the previous cycle counts now.
        // The look runs a clock ahead on the next cycle's thread and registers its answer.
        self.leaf_look.col.next = self.leaf[0].ahead1.val();
        self.leaf_look.orth.next = self.leaf[1].ahead1.val();
        self.leaf_look.diag.next = self.leaf[2].ahead1.val();
        self.leaf_look.king.next = self.leaf[3].ahead1.val();
        self.leaf_look.pawn.next = self.leaf[4].ahead1.val();
        self.leaf_look.knight.next = self.leaf[5].ahead1.val();
        self.leaf_look.white.next = self.leaf_white.ahead1.val();
        self.leaf_capt.d.next = self.leaf_look.capturable.val();
        self.leaf_pending.d.next = false;
        self.leaf_make.d.next = false;
        if self.leaf_pending.q.val() & !self.leaf_capt.q.val() {
            self.n_lo.d.next = self.n_lo.q.val() + 1_u64;
            if self.n_lo.q.val() == 0xFFFF_FFFF_u64 {
                self.n_hi.d.next = self.n_hi.q.val() + 1_u64;
            }
        }
        self.at_leaf.next = (self.ply.q.val() == self.last_ply.q.val()) & !self.stepping.q.val();

        // --- The parent's frame, read one cycle ahead: the address is set from the next ply at
        // the end of the kernel, so that a pop may follow a pop in the next cycle.
        self.ply_next.next = self.ply.q.val();
        self.f_phase.next = self
            .rd
            .q
            .val()
            .get_bits::<{ sf::PHASE.width }>(self.at_phase.val().index());
        self.f_victim.next = self
            .rd
            .q
            .val()
            .get_bits::<{ sf::VICTIM.width }>(self.at_victim.val().index());
        self.f_mask.next = self
            .rd
            .q
            .val()
            .get_bits::<{ sf::MASK.width }>(self.at_mask.val().index());
        self.f_promo.next = self
            .rd
            .q
            .val()
            .get_bits::<{ sf::PROMO.width }>(self.at_promo.val().index());

        // --- The move on the write bus: the move yielded in the previous cycle (registered in
        // `u_*`) is made, into the board (`Make`) or the leaf board (a leaf), so that no cycle
        // runs the square array, the arbiter tree and the write bus one after the other.
        self.making.next = (self.state.q.val() == PerftState::Make)
            | ((self.state.q.val() == PerftState::Gen) & self.leaf_make.q.val());
        self.unmaking.next = false;
        self.m_from.next = self.u_from.q.val();
        self.m_to.next = self.u_to.q.val();
        self.m_ep.next = self.u_ep.q.val();
        self.m_castle.next = self.u_castle.q.val();
        self.m_promo.next = self.u_promo.q.val();
        // The en passant victim is the pawn that just made a double push.
        self.m_epsq.next = self.ep.q.val();
        self.m_moved.next = 0_u64.into();
        self.m_captured.next = 0_u64.into();
        for i in 0..6 {
            if self.plane[i].val().get_bit(self.u_from.q.val().index()) {
                self.m_moved.next = self.m_moved.val() | (1_u64 << i);
            }
            if self.plane[i].val().get_bit(self.u_to.q.val().index()) {
                self.m_captured.next = self.m_captured.val() | (1_u64 << i);
            }
        }
        if (self.state.q.val() == PerftState::Check) | (self.state.q.val() == PerftState::Wait) {
            // Unmake the move just checked (illegal), or a step job's current move.
            self.m_from.next = self.u_from.q.val();
            self.m_to.next = self.u_to.q.val();
            self.m_moved.next = self.u_moved.q.val();
            self.m_captured.next = self.u_captured.q.val();
            self.m_ep.next = self.u_ep.q.val();
            self.m_castle.next = self.u_castle.q.val();
            self.m_epsq.next = self.u_epsq.q.val();
        } else if !self.making.val() {
            // Unmake the parent's move from its frame (used when the node is done).
            self.m_from.next = self
                .rd
                .q
                .val()
                .get_bits::<{ sf::FROM.width }>(self.at_from.val().index());
            self.m_to.next = self
                .rd
                .q
                .val()
                .get_bits::<{ sf::TO.width }>(self.at_to.val().index());
            self.m_moved.next = self
                .rd
                .q
                .val()
                .get_bits::<{ sf::MOVED.width }>(self.at_moved.val().index());
            self.m_captured.next = self
                .rd
                .q
                .val()
                .get_bits::<{ sf::CAPTURED.width }>(self.at_captured.val().index());
            self.m_ep.next = self.rd.q.val().get_bit(self.at_ep.val().index());
            self.m_castle.next = self.rd.q.val().get_bit(self.at_castle.val().index());
            self.m_epsq.next = self
                .rd
                .q
                .val()
                .get_bits::<{ sf::PREV_EP.width }>(self.at_prev_ep.val().index());
        }
        // The piece word the mover becomes: its own, or the promotion piece's.
        self.m_new.next = self.m_moved.val();
        if self.m_promo.val() == 1_u64 {
            self.m_new.next = 0b00_0110_u64 | (self.m_moved.val() & 1_u64);
        } else if self.m_promo.val() == 2_u64 {
            self.m_new.next = 0b00_0010_u64 | (self.m_moved.val() & 1_u64);
        } else if self.m_promo.val() == 3_u64 {
            self.m_new.next = 0b00_0100_u64 | (self.m_moved.val() & 1_u64);
        } else if self.m_promo.val() == 4_u64 {
            self.m_new.next = 0b10_0000_u64 | (self.m_moved.val() & 1_u64);
        }
        // Castling: the rook jumps over the king (king side: h -> f, queen side: a -> d).
        self.rook_word.next = 0b00_0010_u64 | (self.m_moved.val() & 1_u64);
        if self.m_to.val().get_bits::<3>(0) == 6_u64 {
            self.rook_from.next = self.m_to.val() + 1_u64;
            self.rook_to.next = self.m_to.val() - 1_u64;
        } else {
            self.rook_from.next = self.m_to.val() - 2_u64;
            self.rook_to.next = self.m_to.val() + 1_u64;
        }

        // Castling rights and en passant after a make.
        self.m_rights.next = self.rights.q.val();
        if (self.m_from.val() == 0_u64) | (self.m_to.val() == 0_u64) {
            self.m_rights.next = self.m_rights.val() & 0b1101_u64;
        }
        if (self.m_from.val() == 7_u64) | (self.m_to.val() == 7_u64) {
            self.m_rights.next = self.m_rights.val() & 0b1110_u64;
        }
        if (self.m_from.val() == 56_u64) | (self.m_to.val() == 56_u64) {
            self.m_rights.next = self.m_rights.val() & 0b0111_u64;
        }
        if (self.m_from.val() == 63_u64) | (self.m_to.val() == 63_u64) {
            self.m_rights.next = self.m_rights.val() & 0b1011_u64;
        }
        if self.m_moved.val().get_bit(3) {
            if self.m_moved.val().get_bit(0) {
                self.m_rights.next = self.m_rights.val() & 0b1100_u64;
            } else {
                self.m_rights.next = self.m_rights.val() & 0b0011_u64;
            }
        }
        self.m_epv.next = self.m_moved.val().get_bit(4)
            & ((self.m_to.val() == self.m_from.val() + 16_u64)
                | (self.m_from.val() == self.m_to.val() + 16_u64));

        // --- The write bus: make (from, to, ep pawn / rook, rook) or unmake.
        self.bus.col.next = self.plane[0].val();
        self.bus.orth.next = self.plane[1].val();
        self.bus.diag.next = self.plane[2].val();
        self.bus.king.next = self.plane[3].val();
        self.bus.pawn.next = self.plane[4].val();
        self.bus.knight.next = self.plane[5].val();
        self.bus.en0.next = true;
        self.bus.en1.next = true;
        self.bus.en2.next = self.m_ep.val() | self.m_castle.val();
        self.bus.en3.next = self.m_castle.val();
        self.bus.sel3.next = self.rook_to.val();
        if self.m_ep.val() {
            self.bus.sel2.next = self.m_epsq.val();
        } else {
            self.bus.sel2.next = self.rook_from.val();
        }
        if self.making.val() {
            self.bus.sel0.next = self.m_from.val();
            self.bus.word0.next = 0_u64.into();
            self.bus.sel1.next = self.m_to.val();
            self.bus.word1.next = self.m_new.val();
            self.bus.word2.next = 0_u64.into();
            self.bus.word3.next = self.rook_word.val();
        } else {
            self.bus.sel0.next = self.m_to.val();
            self.bus.word0.next = self.m_captured.val();
            self.bus.sel1.next = self.m_from.val();
            self.bus.word1.next = self.m_moved.val();
            if self.m_ep.val() {
                // The taken pawn is the mover's opponent's.
                self.bus.word2.next = 0b01_0000_u64 | ((self.m_moved.val() & 1_u64) ^ 1_u64);
            } else {
                self.bus.word2.next = self.rook_word.val();
            }
            self.bus.word3.next = 0_u64.into();
        }

        // --- Loading: one piece a cycle through the write bus (port 0), the lowest occupied
        // square first, its 4-bit piece register decoded to the extended piece word.
        self.lowest.next = self.rem_occ.q.val() & (0_u64 - self.rem_occ.q.val());
        self.load_sq.next = 0_u64.into();
        if (self.lowest.val() & 0xAAAA_AAAA_AAAA_AAAA_u64).any() {
            self.load_sq.next = self.load_sq.val() | 1_u64;
        }
        if (self.lowest.val() & 0xCCCC_CCCC_CCCC_CCCC_u64).any() {
            self.load_sq.next = self.load_sq.val() | 2_u64;
        }
        if (self.lowest.val() & 0xF0F0_F0F0_F0F0_F0F0_u64).any() {
            self.load_sq.next = self.load_sq.val() | 4_u64;
        }
        if (self.lowest.val() & 0xFF00_FF00_FF00_FF00_u64).any() {
            self.load_sq.next = self.load_sq.val() | 8_u64;
        }
        if (self.lowest.val() & 0xFFFF_0000_FFFF_0000_u64).any() {
            self.load_sq.next = self.load_sq.val() | 16_u64;
        }
        if (self.lowest.val() & 0xFFFF_FFFF_0000_0000_u64).any() {
            self.load_sq.next = self.load_sq.val() | 32_u64;
        }
        self.load_word.next = bit_cast::<6, 1>(self.rem_codes.q.val().get_bits::<1>(3));
        if self.rem_codes.q.val().get_bits::<3>(0) == 1_u64 {
            self.load_word.next = self.load_word.val() | 0b01_0000_u64;
        } else if self.rem_codes.q.val().get_bits::<3>(0) == 2_u64 {
            self.load_word.next = self.load_word.val() | 0b10_0000_u64;
        } else if self.rem_codes.q.val().get_bits::<3>(0) == 3_u64 {
            self.load_word.next = self.load_word.val() | 0b00_0100_u64;
        } else if self.rem_codes.q.val().get_bits::<3>(0) == 4_u64 {
            self.load_word.next = self.load_word.val() | 0b00_0010_u64;
        } else if self.rem_codes.q.val().get_bits::<3>(0) == 5_u64 {
            self.load_word.next = self.load_word.val() | 0b00_0110_u64;
        } else if self.rem_codes.q.val().get_bits::<3>(0) == 6_u64 {
            self.load_word.next = self.load_word.val() | 0b00_1000_u64;
        } else {
            self.load_word.next = 0_u64.into();
        }
        if self.state.q.val() == PerftState::Load {
            self.bus.sel0.next = self.load_sq.val();
            self.bus.word0.next = self.load_word.val();
            self.bus.en1.next = false;
            self.bus.en2.next = false;
            self.bus.en3.next = false;
        }

        // --- The frame pushed when a legal move is searched deeper.
        self.frame.next = (bit_cast::<FRAME_BITS, { sf::PHASE.width }>(self.gen.cur_phase.val())
            << self.at_phase.val())
            | (bit_cast::<FRAME_BITS, { sf::VICTIM.width }>(self.gen.cur_victim.val())
                << self.at_victim.val())
            | (bit_cast::<FRAME_BITS, { sf::MASK.width }>(self.gen.cur_mask.val())
                << self.at_mask.val())
            | (bit_cast::<FRAME_BITS, { sf::PROMO.width }>(self.gen.cur_promo.val())
                << self.at_promo.val())
            | (bit_cast::<FRAME_BITS, { sf::FROM.width }>(self.u_from.q.val())
                << self.at_from.val())
            | (bit_cast::<FRAME_BITS, { sf::TO.width }>(self.u_to.q.val()) << self.at_to.val())
            | (bit_cast::<FRAME_BITS, { sf::MOVED.width }>(self.u_moved.q.val())
                << self.at_moved.val())
            | (bit_cast::<FRAME_BITS, { sf::CAPTURED.width }>(self.u_captured.q.val())
                << self.at_captured.val())
            | (bit_cast::<FRAME_BITS, { sf::PREV_CASTLING.width }>(self.u_rights.q.val())
                << self.at_prev_castling.val())
            | (bit_cast::<FRAME_BITS, { sf::PREV_EP.width }>(self.u_epsq.q.val())
                << self.at_prev_ep.val());
        // One-bit fields.
        if self.u_ep.q.val() {
            self.frame.next = self.frame.val() | (self.k_frame_one.val() << self.at_ep.val());
        }
        if self.gen.cur_aggressor.val() {
            self.frame.next =
                self.frame.val() | (self.k_frame_one.val() << self.at_aggressor.val());
        }
        if self.gen.cur_discovered.val() {
            self.frame.next =
                self.frame.val() | (self.k_frame_one.val() << self.at_discovered.val());
        }
        if self.gen.cur_end.val() {
            self.frame.next = self.frame.val() | (self.k_frame_one.val() << self.at_end.val());
        }
        if self.gen.cur_last.val() {
            self.frame.next = self.frame.val() | (self.k_frame_one.val() << self.at_last.val());
        }
        if self.u_castle.q.val() {
            self.frame.next = self.frame.val() | (self.k_frame_one.val() << self.at_castle.val());
        }
        if self.u_epv.q.val() {
            self.frame.next =
                self.frame.val() | (self.k_frame_one.val() << self.at_prev_ep_valid.val());
        }
        self.stack.write_data.next = self.frame.val();
        self.stack.write_address.next =
            bit_cast::<{ STACK_BITS + TID_BITS }, STACK_BITS>(self.ply.q.val())
                | (bit_cast::<{ STACK_BITS + TID_BITS }, TID_BITS>(self.tid.q.val())
                    << self.k_stack_bits.val());
        self.stack.write_enable.next = false;

        // --- Outputs.
        self.c_busy.next = (self.state.q.val() == PerftState::Gen)
            | (self.state.q.val() == PerftState::Make)
            | (self.state.q.val() == PerftState::Pop)
            | (self.state.q.val() == PerftState::Check);
        self.c_done.next =
            (self.state.q.val() == PerftState::Done) | (self.state.q.val() == PerftState::Wait);
        self.t_abort.next = self.t_stop.val() & (self.c_busy.val() | self.c_done.val());
        self.c_aborted.next = self.was_aborted.q.val();
        self.c_waiting.next = self.state.q.val() == PerftState::Wait;
        self.c_made.next = self.w_made.q.val();
        self.c_root.next = self.ply.q.val() == 0_u64;
        self.c_top.next = self.ply.q.val() == 15_u64;
        self.step_word.next = bit_cast::<32, 4>(self.ply.q.val()) << 18_u64;
        if self.w_made.q.val() {
            self.step_word.next = self.step_word.val()
                | bit_cast::<32, 6>(self.u_from.q.val())
                | (bit_cast::<32, 6>(self.u_to.q.val()) << 6_u64)
                | (bit_cast::<32, 3>(self.u_promo.q.val()) << 12_u64)
                | (bit_cast::<32, 2>(self.u_class.q.val()) << 15_u64)
                | (1_u64 << 17_u64);
        }
        self.c_leaves_lo.next = self.n_lo.q.val();
        if self.stepping.q.val() {
            self.c_leaves_lo.next = self.step_word.val();
        }
        // A step command the waiting core takes (the core checks it too: `taken`).
        self.taken.next = false;
        if self.state.q.val() == PerftState::Wait {
            if self.t_step.val() == 3_u64 {
                self.taken.next = self.ply.q.val() != 0_u64;
            } else if self.t_step.val() == 2_u64 {
                self.taken.next = self.w_made.q.val() & (self.ply.q.val() != 15_u64);
            } else if self.t_step.val() == 1_u64 {
                self.taken.next = self.w_made.q.val();
            }
        }
        if self.c_busy.val() | self.taken.val() {
            self.c_lo.d.next = self.c_lo.q.val() + 1_u64;
            if self.c_lo.q.val() == 0xFFFF_FFFF_u64 {
                self.c_hi.d.next = self.c_hi.q.val() + 1_u64;
            }
        }

        // --- The walk.
        self.undo.next = false;
        self.enter.next = false;
        self.skip.next = self.share_on.q.val()
            & (self.ply.q.val() == self.share_node.q.val())
            & self.share_left.q.val().any();
        match self.state.q.val() {
            PerftState::Idle => {}
            PerftState::Done => {}
            PerftState::Load => {
                if self.rem_occ.q.val().any() {
                    self.unmaking.next = true;
                    self.rem_occ.d.next = self.rem_occ.q.val() & !self.lowest.val();
                    self.rem_codes.d.next = self.rem_codes.q.val() >> 4_u64;
                } else if (self.last_ply.q.val() == 15_u64) & !self.stepping.q.val() {
                    // Depth 0: perft(0) = 1, the root itself.
                    self.n_lo.d.next = 1_u64.into();
                    self.state.d.next = PerftState::Done;
                } else {
                    self.gen.load.next = true;
                    self.enter.next = true;
                    self.state.d.next = PerftState::Gen;
                }
            }
            PerftState::Gen => {
                if self.leaf_make.q.val() {
                    // The leaf yielded in the previous cycle, made into the leaf board; the
                    // legality look sees it in the next cycle.
                    self.leaf[0].d.next = self.bus.new_col.val();
                    self.leaf[1].d.next = self.bus.new_orth.val();
                    self.leaf[2].d.next = self.bus.new_diag.val();
                    self.leaf[3].d.next = self.bus.new_king.val();
                    self.leaf[4].d.next = self.bus.new_pawn.val();
                    self.leaf[5].d.next = self.bus.new_knight.val();
                    self.leaf_pending.d.next = true;
                    self.leaf_white.d.next = !self.side.q.val();
                }
                if self.gen.move_valid.val() {
                    // Register the move: a leaf is made in the next cycle beside the
                    // generator, a move above the last ply in `Make`.
                    self.u_from.d.next = self.gen.move_from.val();
                    self.u_to.d.next = self.gen.move_to.val();
                    self.u_ep.d.next = self.gen.move_ep.val();
                    self.u_castle.d.next = self.gen.move_castle.val();
                    self.u_promo.d.next = self.gen.move_promo.val();
                    self.u_class.d.next = self.gen.cur_phase.val();
                    if self.at_leaf.val() {
                        self.leaf_make.d.next = true;
                    } else {
                        self.state.d.next = PerftState::Make;
                    }
                } else if self.gen.node_done.val() & !self.leaf_make.q.val() {
                    if self.stepping.q.val() & !self.popping.q.val() {
                        // A step job waits at a node with no legal move left.
                        self.w_made.d.next = false;
                        self.state.d.next = PerftState::Wait;
                    } else if self.ply.q.val() == 0_u64 {
                        self.state.d.next = PerftState::Done;
                    } else {
                        // The node is done: pop in the next cycle.
                        self.state.d.next = PerftState::Pop;
                    }
                }
            }
            PerftState::Pop => {
                // Pop: unmake the parent's move, resume its generator.
                self.popping.d.next = false;
                self.unmaking.next = true;
                self.rights.d.next =
                    self.rd.q.val().get_bits::<{ sf::PREV_CASTLING.width }>(
                        self.at_prev_castling.val().index(),
                    );
                self.epv.d.next = self.rd.q.val().get_bit(self.at_prev_ep_valid.val().index());
                self.ep.d.next = self.m_epsq.val();
                self.side.d.next = !self.side.q.val();
                self.ply_next.next = self.ply.q.val() - 1_u64;
                self.gen.load.next = true;
                self.gen.load_aggressor.next =
                    self.rd.q.val().get_bit(self.at_aggressor.val().index());
                self.gen.load_discovered.next =
                    self.rd.q.val().get_bit(self.at_discovered.val().index());
                self.gen.load_end.next = self.rd.q.val().get_bit(self.at_end.val().index());
                self.gen.load_last.next = self.rd.q.val().get_bit(self.at_last.val().index());
                self.gen.load_phase.next = self.f_phase.val();
                self.gen.load_victim.next = self.f_victim.val();
                self.gen.load_mask.next = self.f_mask.val();
                self.gen.load_promo.next = self.f_promo.val();
                self.state.d.next = PerftState::Gen;
            }
            PerftState::Make => {
                // Make the move; keep its undo record.
                self.u_moved.d.next = self.m_moved.val();
                self.u_captured.d.next = self.m_captured.val();
                self.u_rights.d.next = self.rights.q.val();
                self.u_epv.d.next = self.epv.q.val();
                self.u_epsq.d.next = self.ep.q.val();
                self.rights.d.next = self.m_rights.val();
                self.epv.d.next = self.m_epv.val();
                self.ep.d.next = self.m_to.val();
                self.side.d.next = !self.side.q.val();
                self.state.d.next = PerftState::Check;
            }
            PerftState::Check => {
                if self.gen.illegal.val() | self.skip.val() {
                    self.undo.next = true;
                    self.state.d.next = PerftState::Gen;
                    if self.skip.val() & !self.gen.illegal.val() {
                        self.share_left.d.next = self.share_left.q.val() - 1_u64;
                    }
                } else if self.stepping.q.val() {
                    // A step job waits with the legal move made.
                    self.w_made.d.next = true;
                    self.state.d.next = PerftState::Wait;
                } else {
                    // Push and enter the child (a move of the share: the next one is
                    // `stride` legal moves on).
                    if self.share_on.q.val() & (self.ply.q.val() == self.share_node.q.val()) {
                        self.share_left.d.next = self.stride_m1.q.val();
                    }
                    self.stack.write_enable.next = true;
                    self.ply_next.next = self.ply.q.val() + 1_u64;
                    self.gen.load.next = true;
                    self.enter.next = true;
                    self.state.d.next = PerftState::Gen;
                }
            }
            PerftState::Wait => {
                if self.taken.val() {
                    self.state.d.next = PerftState::Gen;
                    if self.t_step.val() == 2_u64 {
                        // Down: push and enter the child, as after a legal check above.
                        self.stack.write_enable.next = true;
                        self.ply_next.next = self.ply.q.val() + 1_u64;
                        self.gen.load.next = true;
                        self.enter.next = true;
                    } else {
                        // Next or up: unmake the current move.
                        self.undo.next = self.w_made.q.val();
                        if self.t_step.val() == 3_u64 {
                            // Up: end the node; its end cycle pops the parent.
                            self.gen.load.next = true;
                            self.gen.load_end.next = true;
                            self.popping.d.next = true;
                        }
                    }
                }
            }
        }
        if self.enter.val() {
            // A node entered (the root, a child): the generator starts where the array, which
            // sees the node's board in this cycle, says (its first phase with victims).
            self.gen.load_phase.next = self.gen.entry_phase.val();
            self.gen.load_discovered.next = self.gen.entry_discovered.val();
            self.gen.load_end.next = self.gen.entry_end.val();
        }
        if self.undo.val() {
            // Unmake the move of the undo record (`u_*`).
            self.unmaking.next = true;
            self.rights.d.next = self.u_rights.q.val();
            self.epv.d.next = self.u_epv.q.val();
            self.ep.d.next = self.u_epsq.q.val();
            self.side.d.next = !self.side.q.val();
        }
        self.side_after.next = self.side.q.val() ^ (self.state.q.val() != PerftState::Load);
        self.new_occ.next = self.bus.new_orth.val()
            | self.bus.new_diag.val()
            | self.bus.new_king.val()
            | self.bus.new_pawn.val()
            | self.bus.new_knight.val();
        if (self.state.q.val() == PerftState::Make) | self.unmaking.val() {
            self.board[0].d.next = self.bus.new_col.val();
            self.board[1].d.next = self.bus.new_orth.val();
            self.board[2].d.next = self.bus.new_diag.val();
            self.board[3].d.next = self.bus.new_king.val();
            self.board[4].d.next = self.bus.new_pawn.val();
            self.board[5].d.next = self.bus.new_knight.val();
            if self.side_after.val() {
                self.own.d.next = self.new_occ.val() & self.bus.new_col.val();
            } else {
                self.own.d.next = self.new_occ.val() & !self.bus.new_col.val();
            }
        }

        // --- Start and abort.
        if self.t_start.val() & !self.c_busy.val() {
            for i in 0..6 {
                self.board[i].d.next = 0_u64.into();
            }
            self.own.d.next = 0_u64.into();
            self.rem_occ.d.next = self.a_occ.q.val();
            self.rem_codes.d.next = self.a_codes.q.val();
            self.side.d.next = self.a_white.q.val();
            self.rights.d.next = self.a_castling.q.val();
            self.epv.d.next = self.a_ep_valid.q.val();
            self.ep.d.next = self.a_ep_victim.q.val();
            self.ply_next.next = 0_u64.into();
            self.last_ply.d.next = self.a_depth.q.val() - 1_u64;
            self.share_on.d.next = self.a_share_ply.q.val().any();
            self.share_node.d.next = self.a_share_ply.q.val() - 1_u64;
            self.stride_m1.d.next = self.a_stride.q.val() - 1_u64;
            self.share_left.d.next = self.a_offset.q.val();
            self.n_lo.d.next = 0_u64.into();
            self.n_hi.d.next = 0_u64.into();
            self.leaf_pending.d.next = false;
            self.c_lo.d.next = 0_u64.into();
            self.c_hi.d.next = 0_u64.into();
            self.was_aborted.d.next = false;
            self.stepping.d.next = self.a_step_job.q.val();
            self.popping.d.next = false;
            self.w_made.d.next = false;
            self.state.d.next = PerftState::Load;
        }
        if self.t_abort.val() {
            self.was_aborted.d.next = true;
            self.state.d.next = PerftState::Idle;
        }
        // After a push the child's first cycle reads the frame being written (old or new data,
        // as the RAM has it): harmless, that cycle is a find-victim of phase A1, which never
        // pops; the next cycle reads it again.
        self.ply.d.next = self.ply_next.val();

        // --- Each thread's outputs, kept from its turn.
        self.o_waiting.clock.next = self.clock.val();
        self.o_made.clock.next = self.clock.val();
        self.o_root.clock.next = self.clock.val();
        self.o_top.clock.next = self.clock.val();
        self.o_busy.clock.next = self.clock.val();
        self.o_done.clock.next = self.clock.val();
        self.o_aborted.clock.next = self.clock.val();
        self.o_waiting.d.next = ((self.o_waiting.q.val() & !self.hot.val())
            | (self.hot.val()
                & (0_u64
                    - bit_cast::<THREADS, 1>(
                        (self.c_waiting.val() & !self.taken.val() & !self.t_abort.val()).into(),
                    ))))
            & !(self.start.val() | self.step_in.val());
        self.o_made.d.next = (self.o_made.q.val() & !self.hot.val())
            | (self.hot.val() & (0_u64 - bit_cast::<THREADS, 1>(self.c_made.val().into())));
        self.o_root.d.next = (self.o_root.q.val() & !self.hot.val())
            | (self.hot.val() & (0_u64 - bit_cast::<THREADS, 1>(self.c_root.val().into())));
        self.o_top.d.next = (self.o_top.q.val() & !self.hot.val())
            | (self.hot.val() & (0_u64 - bit_cast::<THREADS, 1>(self.c_top.val().into())));
        self.o_busy.d.next = (self.o_busy.q.val() & !self.hot.val())
            | (self.hot.val() & (0_u64 - bit_cast::<THREADS, 1>(self.c_busy.val().into())));
        // A thread that takes a command is not done from the next cycle on (its state shows
        // it four cycles later): a start, a step taken, or any command on its way to its turn.
        self.o_done.d.next = ((self.o_done.q.val() & !self.hot.val())
            | (self.hot.val()
                & (0_u64
                    - bit_cast::<THREADS, 1>(
                        (self.c_done.val()
                            & !self.t_start.val()
                            & !self.taken.val()
                            & !self.t_abort.val())
                        .into(),
                    ))))
            & !(self.start.val() | self.step_in.val());
        self.o_aborted.d.next = (self.o_aborted.q.val() & !self.hot.val())
            | (self.hot.val()
                & (0_u64
                    - bit_cast::<THREADS, 1>((self.c_aborted.val() | self.t_abort.val()).into())));
        for t in 0..THREADS {
            self.o_leaves_lo[t].clock.next = self.clock.val();
            self.o_leaves_hi[t].clock.next = self.clock.val();
            self.o_cycles_lo[t].clock.next = self.clock.val();
            self.o_cycles_hi[t].clock.next = self.clock.val();
            self.o_leaves_lo[t].d.next = self.o_leaves_lo[t].q.val();
            self.o_leaves_hi[t].d.next = self.o_leaves_hi[t].q.val();
            self.o_cycles_lo[t].d.next = self.o_cycles_lo[t].q.val();
            self.o_cycles_hi[t].d.next = self.o_cycles_hi[t].q.val();
            if self.hot.val().get_bit(t) {
                self.o_leaves_lo[t].d.next = self.c_leaves_lo.val();
                self.o_leaves_hi[t].d.next = self.n_hi.q.val();
                self.o_cycles_lo[t].d.next = self.c_lo.q.val();
                self.o_cycles_hi[t].d.next = self.c_hi.q.val();
            }
        }
        self.waiting.next = self.o_waiting.q.val();
        self.made.next = self.o_made.q.val();
        self.at_root.next = self.o_root.q.val();
        self.at_top.next = self.o_top.q.val();
        self.busy.next = self.o_busy.q.val();
        self.done.next = self.o_done.q.val();
        self.aborted.next = self.o_aborted.q.val();
        self.leaves_lo.next = self.o_leaves_lo[0].q.val();
        self.leaves_hi.next = self.o_leaves_hi[0].q.val();
        self.cycles_lo.next = self.o_cycles_lo[0].q.val();
        self.cycles_hi.next = self.o_cycles_hi[0].q.val();
        for t in 1..THREADS {
            if self.sel.val() == self.k_thread[t].val() {
                self.leaves_lo.next = self.o_leaves_lo[t].q.val();
                self.leaves_hi.next = self.o_leaves_hi[t].q.val();
                self.cycles_lo.next = self.o_cycles_lo[t].q.val();
                self.cycles_hi.next = self.o_cycles_hi[t].q.val();
            }
        }
        self.ra1.d.next =
            bit_cast::<{ STACK_BITS + TID_BITS }, STACK_BITS>(self.ply_next.val() - 1_u64)
                | (bit_cast::<{ STACK_BITS + TID_BITS }, TID_BITS>(self.tid.q.val())
                    << self.k_stack_bits.val());
        self.ra2.d.next = self.ra1.q.val();
        self.stack.read_address.next = self.ra2.q.val();
    }
}
