//! The forcing search, past the paper: a pair of the side that wins within one or two turns
//! of forcing moves, the threat player's attack (`docs/connect6.md`, "The forcing search").
//! Model: `model::connect6::forcing_search::search_forced` (the answer of
//! `threat::forced_win(board, side, turns)`, with the circuit's cycles).
//!
//! ```text
//!  start --> root: the winning-pair search, up to the first winning pair (the answer); its
//!            forcing stream (pairs that are forcing and do not win, with their blocks)
//!            written to the list RAM (512 pairs; more are dropped, said so)
//!        --> for each forcing pair: fetched, its blocks put in board order (a rank each)
//!        --> for each block: the pair (the side's) and the block (the other's) pushed on the
//!            board overlay, a stone a cycle, the child's search started with the last: up to
//!            its first winning pair; cancelled as soon as its scan finds the other side with
//!            a threat (the block made one: the line fails)
//!        --> two turns deep, a first-turn child without a winning pair: its forcing stream
//!            listed after the root's, each pair and block tried as above a turn deeper (both
//!            turns' stones pushed, eight); one whose blocks all leave a winning pair answers
//!            the first-turn block
//!        --> a block answered by neither fails the forcing pair (the next one); a forcing
//!            pair whose blocks are all answered is the answer
//! ```
//!
//! Cycles: the root's search (its answer taken in the cycle its `done` rises); then per forcing pair
//! [`FETCH_CYCLES`] (2), per block [`PUSH_CYCLES`] (4) a turn and its child's search (to its `done`,
//! or [`START_CYCLES`] when the other side has a threat), the answer taken in its last cycle;
//! done the cycle after the last answer. One budget of pairs tested bounds all the searches;
//! a last turn's child is searched with the turn's pair as the search's focus (its parent had
//! no winning pair: only the pairs near the pair can win).
//! The board's read port is the winning-pair search's, through the overlay.

use super::board_overlay::BoardOverlay;
use super::winning_pair_search::{PairSearchPort, PairSearchServer};
use crate::common::{c, StackRam};
use rust_hdl::prelude::*;

pub use model::connect6::forcing_search::{FETCH_CYCLES, LIST, MAX_TURNS, PUSH_CYCLES};
pub use model::connect6::pair_search::START_CYCLES;

/// A list word: a and c (column, row), the blocks' mask, the blocks' points (the search's
/// `forcing_*` outputs).
const WORD: usize = 104;
/// The list's address.
const ADDR: usize = 9;
const _: () = assert!(LIST == 1 << ADDR);

#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum ForcingState {
    Idle,
    /// The root's search, its forcing pairs listed.
    Root,
    /// A forcing pair's word read (of the turn `lvl`); taken, its blocks ranked.
    Fetch,
    Load,
    /// The pairs and blocks of the turns down to `lvl` pushed on the overlay (`p`: the
    /// stone), the child started with the last.
    Push,
    /// The child's search (of the turn `lvl`).
    Child,
    Done,
}

/// The forcing search's logic, its winning-pair search outside it (a port): the threat player
/// shares the search with its preparation; [`ForcingSearch`] gives it its own.
#[derive(LogicBlock)]
pub struct ForcingSearchCore {
    pub clock: Signal<In, Clock>,
    /// Starts a search (idle or done): the side (1 Black, 2 White), the forcing turns (2: two;
    /// any other value: one) and the most pairs its searches may test in all.
    pub start: Signal<In, Bit>,
    pub side: Signal<In, Bits<2>>,
    pub turns: Signal<In, Bits<2>>,
    pub budget: Signal<In, Bits<20>>,
    /// Cancels a search: the block goes idle.
    pub cancel: Signal<In, Bit>,
    /// The board's read port (the record manager's RAM): the row to read, its word the cycle
    /// after.
    pub rd_addr: Signal<Out, Bits<5>>,
    pub rd_data: Signal<In, Bits<38>>,
    pub busy: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    /// The side has a threat: the answer is the root search's alone (no forcing pair tried).
    pub own_threat: Signal<Out, Bit>,
    /// The answer, if `found`: a winning pair, or (`forced`) a forcing pair all of whose
    /// blocks leave a winning pair.
    pub found: Signal<Out, Bit>,
    pub forced: Signal<Out, Bit>,
    pub a_col: Signal<Out, Bits<5>>,
    pub a_row: Signal<Out, Bits<5>>,
    pub c_col: Signal<Out, Bits<5>>,
    pub c_row: Signal<Out, Bits<5>>,
    /// The budget ran out; a search had more forcing pairs than the list had room for.
    pub exhausted: Signal<Out, Bit>,
    pub dropped: Signal<Out, Bit>,
    /// Searches run, pairs tested in all.
    pub searches: Signal<Out, Bits<32>>,
    pub tested: Signal<Out, Bits<20>>,
    pub search: PairSearchPort,
    overlay: BoardOverlay,
    list: StackRam<WORD, ADDR>,
    state: DFF<ForcingState>,
    side_q: DFF<Bits<2>>,
    /// Two forcing turns; the turn being tried (0 the first, 1 the second).
    deep: DFF<Bit>,
    lvl: DFF<Bit>,
    left: DFF<Bits<20>>,
    /// The list's end (the root's pairs, then a first-turn child's), the root's pairs, the
    /// pair being tried in each turn.
    n: DFF<Bits<10>>,
    end0: DFF<Bits<10>>,
    i0: DFF<Bits<10>>,
    i1: DFF<Bits<10>>,
    /// Each turn's pair being tried, its blocks in board order (`bl0[k]`: the lower point's
    /// column and row, the higher's), how many, the one being tried; the stone being pushed.
    fa0: DFF<Bits<10>>,
    fc0: DFF<Bits<10>>,
    bl0: [DFF<Bits<20>>; 4],
    nb0: DFF<Bits<3>>,
    k0: DFF<Bits<3>>,
    fa1: DFF<Bits<10>>,
    fc1: DFF<Bits<10>>,
    bl1: [DFF<Bits<20>>; 4],
    nb1: DFF<Bits<3>>,
    k1: DFF<Bits<3>>,
    p: DFF<Bits<3>>,
    thr_q: DFF<Bit>,
    found_q: DFF<Bit>,
    forced_q: DFF<Bit>,
    exh_q: DFF<Bit>,
    drop_q: DFF<Bit>,
    ans_a: DFF<Bits<10>>,
    ans_c: DFF<Bits<10>>,
    searches_q: DFF<Bits<32>>,
    tested_q: DFF<Bits<20>>,
    /// The search started now (the root with the inputs, a child with the registers).
    go_root: Signal<Local, Bit>,
    go_child: Signal<Local, Bit>,
    /// A child's answer taken: it failed its pair, its block answered; the first turn's pair
    /// failed, its block answered; the last push of the turn.
    fail: Signal<Local, Bit>,
    win: Signal<Local, Bit>,
    fail0: Signal<Local, Bit>,
    win0: Signal<Local, Bit>,
    last: Signal<Local, Bits<3>>,
    /// The list word read; a block's two points (column, row), their board indices, the
    /// lower and higher; each block's key (not valid, lower index, higher index, its number)
    /// and rank.
    wd: Signal<Local, Bits<WORD>>,
    pt: [Signal<Local, Bits<10>>; 2],
    ix: [Signal<Local, Bits<9>>; 2],
    r9: Signal<Local, Bits<9>>,
    pe: Signal<Local, Bits<10>>,
    kb: Signal<Local, Bits<2>>,
    lb: Signal<Local, Bits<10>>,
    hb: Signal<Local, Bits<10>>,
    lo: [Signal<Local, Bits<10>>; 4],
    hi: [Signal<Local, Bits<10>>; 4],
    key: [Signal<Local, Bits<21>>; 4],
    rank: [Signal<Local, Bits<3>>; 4],
    /// The stone pushed: its point and code.
    ps: Signal<Local, Bits<10>>,
    /// Valid blocks counted.
    cnt: Signal<Local, Bits<3>>,
    k_blk: [Constant<Bits<2>>; 4],
    k_rank: [Constant<Bits<3>>; 4],
    k_p: [Constant<Bits<3>>; 4],
    k_full: Constant<Bits<10>>,
    k_inv: Constant<Bits<21>>,
}

impl Default for ForcingSearchCore {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            start: Default::default(),
            side: Default::default(),
            turns: Default::default(),
            budget: Default::default(),
            cancel: Default::default(),
            rd_addr: Default::default(),
            rd_data: Default::default(),
            busy: Default::default(),
            done: Default::default(),
            own_threat: Default::default(),
            found: Default::default(),
            forced: Default::default(),
            a_col: Default::default(),
            a_row: Default::default(),
            c_col: Default::default(),
            c_row: Default::default(),
            exhausted: Default::default(),
            dropped: Default::default(),
            searches: Default::default(),
            tested: Default::default(),
            search: Default::default(),
            overlay: Default::default(),
            list: Default::default(),
            state: Default::default(),
            side_q: Default::default(),
            deep: Default::default(),
            lvl: Default::default(),
            left: Default::default(),
            n: Default::default(),
            end0: Default::default(),
            i0: Default::default(),
            i1: Default::default(),
            fa0: Default::default(),
            fc0: Default::default(),
            bl0: Default::default(),
            nb0: Default::default(),
            k0: Default::default(),
            fa1: Default::default(),
            fc1: Default::default(),
            bl1: Default::default(),
            nb1: Default::default(),
            k1: Default::default(),
            p: Default::default(),
            thr_q: Default::default(),
            found_q: Default::default(),
            forced_q: Default::default(),
            exh_q: Default::default(),
            drop_q: Default::default(),
            ans_a: Default::default(),
            ans_c: Default::default(),
            searches_q: Default::default(),
            tested_q: Default::default(),
            go_root: Default::default(),
            go_child: Default::default(),
            fail: Default::default(),
            win: Default::default(),
            fail0: Default::default(),
            win0: Default::default(),
            last: Default::default(),
            wd: Default::default(),
            pt: Default::default(),
            ix: Default::default(),
            r9: Default::default(),
            pe: Default::default(),
            kb: Default::default(),
            lb: Default::default(),
            hb: Default::default(),
            lo: Default::default(),
            hi: Default::default(),
            key: Default::default(),
            rank: Default::default(),
            ps: Default::default(),
            cnt: Default::default(),
            k_blk: std::array::from_fn(|i| c(i as u64)),
            k_rank: std::array::from_fn(|i| c(i as u64)),
            k_p: std::array::from_fn(|i| c(i as u64)),
            k_full: c(LIST as u64),
            k_inv: c(1 << 20),
        }
    }
}

impl Logic for ForcingSearchCore {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, state, side_q, deep, lvl, left, n, end0, i0, i1, fa0, fc0, nb0, k0, fa1,
            fc1, nb1, k1, p, thr_q, found_q, forced_q, exh_q, drop_q, ans_a, ans_c, searches_q,
            tested_q
        );
        for b in 0..4 {
            self.bl0[b].clock.next = self.clock.val();
            self.bl0[b].d.next = self.bl0[b].q.val();
            self.bl1[b].clock.next = self.clock.val();
            self.bl1[b].d.next = self.bl1[b].q.val();
        }
        self.overlay.clock.next = self.clock.val();
        self.list.clock.next = self.clock.val();
        self.busy.next =
            (self.state.q.val() != ForcingState::Idle) & (self.state.q.val() != ForcingState::Done);
        self.done.next = self.state.q.val() == ForcingState::Done;
        self.own_threat.next = self.thr_q.q.val();
        self.found.next = self.found_q.q.val();
        self.forced.next = self.forced_q.q.val();
        self.a_col.next = self.ans_a.q.val().get_bits::<5>(0);
        self.a_row.next = self.ans_a.q.val().get_bits::<5>(5);
        self.c_col.next = self.ans_c.q.val().get_bits::<5>(0);
        self.c_row.next = self.ans_c.q.val().get_bits::<5>(5);
        self.exhausted.next = self.exh_q.q.val();
        self.dropped.next = self.drop_q.q.val();
        self.searches.next = self.searches_q.q.val();
        self.tested.next = self.tested_q.q.val();

        // The read port: the search's, through the overlay.
        self.overlay.addr.next = self.search.rd_addr.val();
        self.search.rd_data.next = self.overlay.data.val();
        self.rd_addr.next = self.overlay.ram_addr.val();
        self.overlay.ram_data.next = self.rd_data.val();

        // The searches: the root with the inputs, a child in the last push (the first turn's
        // fourth stone, the second turn's eighth).
        self.go_root.next = self.start.val()
            & ((self.state.q.val() == ForcingState::Idle)
                | (self.state.q.val() == ForcingState::Done));
        self.last.next = 3_u64.into();
        if self.lvl.q.val() {
            self.last.next = 7_u64.into();
        }
        self.go_child.next =
            (self.state.q.val() == ForcingState::Push) & (self.p.q.val() == self.last.val());
        self.search.start.next = self.go_root.val() | self.go_child.val();
        self.search.active.next = self.go_root.val()
            | ((self.state.q.val() != ForcingState::Idle)
                & (self.state.q.val() != ForcingState::Done));
        self.search.side.next = self.side_q.q.val();
        self.search.budget.next = self.left.q.val();
        if self.go_root.val() {
            self.search.side.next = self.side.val();
            self.search.budget.next = self.budget.val();
        }
        self.search.first_only.next = true;
        self.search.cancel.next = self.cancel.val();
        // A last turn's child (the first turn's of a one-turn search, the second's): its
        // parent had no winning pair, so only the pairs near the turn's pair are tested (the
        // focus filter); a first-turn child of a two-turn search streams all its forcing pairs.
        self.search.focus.next = self.go_child.val() & (self.lvl.q.val() | !self.deep.q.val());
        self.search.focus_a.next = self.fa0.q.val();
        self.search.focus_c.next = self.fc0.q.val();
        if self.lvl.q.val() {
            self.search.focus_a.next = self.fa1.q.val();
            self.search.focus_c.next = self.fc1.q.val();
        }

        // The root's forcing stream into the list; two turns deep, a first-turn child's after
        // the root's (from `end0`, written again for each child).
        self.list.write_address.next = self.n.q.val().get_bits::<9>(0);
        self.list.write_data.next = bit_cast::<WORD, 5>(self.search.forcing_a_col.val())
            | (bit_cast::<WORD, 5>(self.search.forcing_a_row.val()) << 5_u64)
            | (bit_cast::<WORD, 5>(self.search.forcing_c_col.val()) << 10_u64)
            | (bit_cast::<WORD, 5>(self.search.forcing_c_row.val()) << 15_u64)
            | (bit_cast::<WORD, 4>(self.search.forcing_blocks.val()) << 20_u64)
            | (bit_cast::<WORD, 80>(self.search.forcing_pts.val()) << 24_u64);
        self.list.write_enable.next = false;
        if ((self.state.q.val() == ForcingState::Root)
            | ((self.state.q.val() == ForcingState::Child) & !self.lvl.q.val() & self.deep.q.val()))
            & self.search.forcing_valid.val()
        {
            if self.n.q.val() == self.k_full.val() {
                self.drop_q.d.next = true;
            } else {
                self.list.write_enable.next = true;
                self.n.d.next = self.n.q.val() + 1_u64;
            }
        }
        if self.go_child.val() & !self.lvl.q.val() {
            self.n.d.next = self.end0.q.val();
        }
        self.list.read_address.next = self.i0.q.val().get_bits::<9>(0);
        if self.lvl.q.val() {
            self.list.read_address.next = self.i1.q.val().get_bits::<9>(0);
        }

        // A list word's blocks ranked into board order: a block's points by board index
        // (row * 19 + column), the lower first; its key, not valid first, then the points,
        // then its number (keys differ); its rank, the keys below it.
        self.wd.next = self.list.read_data.val();
        for b in 0..4 {
            for e in 0..2 {
                self.pt[e].next = self.wd.val().get_bits::<10>(24 + 20 * b + 10 * e);
                self.pe.next = self.pt[e].val();
                self.r9.next = bit_cast::<9, 5>(self.pe.val().get_bits::<5>(5));
                self.ix[e].next = (self.r9.val() << 4_u64)
                    + (self.r9.val() << 1_u64)
                    + self.r9.val()
                    + bit_cast::<9, 5>(self.pe.val().get_bits::<5>(0));
            }
            self.kb.next = self.k_blk[b].val();
            self.lo[b].next = self.pt[0].val();
            self.hi[b].next = self.pt[1].val();
            self.key[b].next = (bit_cast::<21, 9>(self.ix[0].val()) << 11_u64)
                | (bit_cast::<21, 9>(self.ix[1].val()) << 2_u64)
                | bit_cast::<21, 2>(self.kb.val());
            if self.ix[1].val() < self.ix[0].val() {
                self.lo[b].next = self.pt[1].val();
                self.hi[b].next = self.pt[0].val();
                self.key[b].next = (bit_cast::<21, 9>(self.ix[1].val()) << 11_u64)
                    | (bit_cast::<21, 9>(self.ix[0].val()) << 2_u64)
                    | bit_cast::<21, 2>(self.kb.val());
            }
            if !self.wd.val().get_bit(20 + b) {
                self.key[b].next = self.key[b].val() | self.k_inv.val();
            }
        }
        for b in 0..4 {
            self.rank[b].next = 0_u64.into();
            for j in 0..4 {
                if self.key[j].val() < self.key[b].val() {
                    self.rank[b].next = self.rank[b].val() + 1_u64;
                }
            }
        }

        // The stone pushed: a turn's a, c (the side's), its block's lower and higher point (the
        // other's); the first turn's four, then the second's.
        self.overlay.push.next = self.state.q.val() == ForcingState::Push;
        self.overlay.pop.next = false;
        self.overlay.clear.next = false;
        self.ps.next = self.fa0.q.val();
        self.overlay.push_code.next = self.side_q.q.val();
        for b in 0..4 {
            if self.k0.q.val() == self.k_rank[b].val() {
                if self.p.q.val() == 2_u64 {
                    self.ps.next = self.bl0[b].q.val().get_bits::<10>(0);
                }
                if self.p.q.val() == 3_u64 {
                    self.ps.next = self.bl0[b].q.val().get_bits::<10>(10);
                }
            }
            if self.k1.q.val() == self.k_rank[b].val() {
                if self.p.q.val() == 6_u64 {
                    self.ps.next = self.bl1[b].q.val().get_bits::<10>(0);
                }
                if self.p.q.val() == 7_u64 {
                    self.ps.next = self.bl1[b].q.val().get_bits::<10>(10);
                }
            }
        }
        if self.p.q.val() == 1_u64 {
            self.ps.next = self.fc0.q.val();
        }
        if self.p.q.val() == 4_u64 {
            self.ps.next = self.fa1.q.val();
        }
        if self.p.q.val() == 5_u64 {
            self.ps.next = self.fc1.q.val();
        }
        if self.p.q.val().get_bit(1) {
            self.overlay.push_code.next = self.side_q.q.val() ^ 3_u64;
        }
        self.overlay.push_col.next = self.ps.val().get_bits::<5>(0);
        self.overlay.push_row.next = self.ps.val().get_bits::<5>(5);

        self.fail.next = false;
        self.win.next = false;
        self.fail0.next = false;
        self.win0.next = false;
        self.cnt.next = 0_u64.into();
        self.lb.next = 0_u64.into();
        self.hb.next = 0_u64.into();
        match self.state.q.val() {
            ForcingState::Idle => {}
            ForcingState::Done => {}
            ForcingState::Root => {
                if self.search.done.val() {
                    self.tested_q.d.next = self.search.tested.val();
                    self.left.d.next = self.left.q.val() - self.search.tested.val();
                    self.ans_a.d.next = bit_cast::<10, 5>(self.search.a_col.val())
                        | (bit_cast::<10, 5>(self.search.a_row.val()) << 5_u64);
                    self.ans_c.d.next = bit_cast::<10, 5>(self.search.c_col.val())
                        | (bit_cast::<10, 5>(self.search.c_row.val()) << 5_u64);
                    self.thr_q.d.next = self.search.own_threat.val();
                    self.found_q.d.next = self.search.found.val();
                    self.exh_q.d.next = self.search.exhausted.val();
                    self.i0.d.next = 0_u64.into();
                    self.end0.d.next = self.n.q.val();
                    self.state.d.next = ForcingState::Fetch;
                    if self.search.own_threat.val()
                        | self.search.found.val()
                        | self.search.exhausted.val()
                        | (self.n.q.val() == 0_u64)
                    {
                        self.state.d.next = ForcingState::Done;
                    }
                }
            }
            ForcingState::Fetch => {
                self.state.d.next = ForcingState::Load;
            }
            ForcingState::Load => {
                // Into the registers of the turn being tried.
                self.cnt.next = 0_u64.into();
                for b in 0..4 {
                    self.lb.next = self.lo[b].val();
                    self.hb.next = self.hi[b].val();
                    for r in 0..4 {
                        if self.rank[b].val() == self.k_rank[r].val() {
                            if self.lvl.q.val() {
                                self.bl1[r].d.next = bit_cast::<20, 10>(self.lb.val())
                                    | (bit_cast::<20, 10>(self.hb.val()) << 10_u64);
                            } else {
                                self.bl0[r].d.next = bit_cast::<20, 10>(self.lb.val())
                                    | (bit_cast::<20, 10>(self.hb.val()) << 10_u64);
                            }
                        }
                    }
                    if self.wd.val().get_bit(20 + b) {
                        self.cnt.next = self.cnt.val() + 1_u64;
                    }
                }
                if self.lvl.q.val() {
                    self.fa1.d.next = self.wd.val().get_bits::<10>(0);
                    self.fc1.d.next = self.wd.val().get_bits::<10>(10);
                    self.nb1.d.next = self.cnt.val();
                    self.k1.d.next = 0_u64.into();
                } else {
                    self.fa0.d.next = self.wd.val().get_bits::<10>(0);
                    self.fc0.d.next = self.wd.val().get_bits::<10>(10);
                    self.nb0.d.next = self.cnt.val();
                    self.k0.d.next = 0_u64.into();
                }
                self.p.d.next = 0_u64.into();
                self.state.d.next = ForcingState::Push;
            }
            ForcingState::Push => {
                self.p.d.next = self.p.q.val() + 1_u64;
                if self.p.q.val() == self.last.val() {
                    self.searches_q.d.next = self.searches_q.q.val() + 1_u64;
                    self.state.d.next = ForcingState::Child;
                }
            }
            ForcingState::Child => {
                if self.search.opp_threat.val() | self.search.own_threat.val() {
                    // The block made a threat of the other side's (or left one of the side's,
                    // which its blocks never do): the line fails at the candidate scan's end.
                    self.search.cancel.next = true;
                    self.fail.next = true;
                } else if self.search.done.val() {
                    self.tested_q.d.next = self.tested_q.q.val() + self.search.tested.val();
                    self.left.d.next = self.left.q.val() - self.search.tested.val();
                    if self.search.found.val() {
                        self.win.next = true;
                    } else if self.search.exhausted.val() {
                        self.exh_q.d.next = true;
                        self.state.d.next = ForcingState::Done;
                    } else if !self.lvl.q.val()
                        & self.deep.q.val()
                        & (self.n.q.val() != self.end0.q.val())
                    {
                        // A turn deeper: the child's forcing pairs, listed after the root's.
                        self.overlay.clear.next = true;
                        self.lvl.d.next = true;
                        self.i1.d.next = self.end0.q.val();
                        self.state.d.next = ForcingState::Fetch;
                    } else {
                        self.fail.next = true;
                    }
                }
                if self.win.val() {
                    // This block is answered: the next, or the turn's pair wins.
                    self.overlay.clear.next = true;
                    if self.lvl.q.val() {
                        self.k1.d.next = self.k1.q.val() + 1_u64;
                        self.p.d.next = 0_u64.into();
                        self.state.d.next = ForcingState::Push;
                        if self.k1.q.val() + 1_u64 == self.nb1.q.val() {
                            self.win0.next = true;
                        }
                    } else {
                        self.win0.next = true;
                    }
                }
                if self.win0.val() {
                    // The first turn's block is answered: its next, or its pair is the answer.
                    self.lvl.d.next = false;
                    self.k0.d.next = self.k0.q.val() + 1_u64;
                    self.p.d.next = 0_u64.into();
                    self.state.d.next = ForcingState::Push;
                    if self.k0.q.val() + 1_u64 == self.nb0.q.val() {
                        self.found_q.d.next = true;
                        self.forced_q.d.next = true;
                        self.ans_a.d.next = self.fa0.q.val();
                        self.ans_c.d.next = self.fc0.q.val();
                        self.state.d.next = ForcingState::Done;
                    }
                }
                if self.fail.val() {
                    // The turn's next forcing pair, if any.
                    self.overlay.clear.next = true;
                    if self.lvl.q.val() {
                        self.i1.d.next = self.i1.q.val() + 1_u64;
                        self.state.d.next = ForcingState::Fetch;
                        if self.i1.q.val() + 1_u64 == self.n.q.val() {
                            self.fail0.next = true;
                        }
                    } else {
                        self.fail0.next = true;
                    }
                }
                if self.fail0.val() {
                    // The first turn's block is not answered: its next forcing pair, if any.
                    self.lvl.d.next = false;
                    self.i0.d.next = self.i0.q.val() + 1_u64;
                    self.state.d.next = ForcingState::Fetch;
                    if self.i0.q.val() + 1_u64 == self.end0.q.val() {
                        self.state.d.next = ForcingState::Done;
                    }
                }
            }
        }

        if self.go_root.val() {
            self.state.d.next = ForcingState::Root;
            self.side_q.d.next = self.side.val();
            self.deep.d.next = self.turns.val() == 2_u64;
            self.lvl.d.next = false;
            self.left.d.next = self.budget.val();
            self.n.d.next = 0_u64.into();
            self.thr_q.d.next = false;
            self.found_q.d.next = false;
            self.forced_q.d.next = false;
            self.exh_q.d.next = false;
            self.drop_q.d.next = false;
            self.searches_q.d.next = 1_u64.into();
            self.tested_q.d.next = 0_u64.into();
            self.overlay.clear.next = true;
        }
        if self.cancel.val() {
            self.state.d.next = ForcingState::Idle;
            self.overlay.clear.next = true;
        }
    }
}

/// The forcing search with its own winning-pair search.
#[derive(LogicBlock, Default)]
pub struct ForcingSearch {
    pub clock: Signal<In, Clock>,
    /// As [`ForcingSearchCore`]'s.
    pub start: Signal<In, Bit>,
    pub side: Signal<In, Bits<2>>,
    pub turns: Signal<In, Bits<2>>,
    pub budget: Signal<In, Bits<20>>,
    pub cancel: Signal<In, Bit>,
    pub rd_addr: Signal<Out, Bits<5>>,
    pub rd_data: Signal<In, Bits<38>>,
    pub busy: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    pub own_threat: Signal<Out, Bit>,
    pub found: Signal<Out, Bit>,
    pub forced: Signal<Out, Bit>,
    pub a_col: Signal<Out, Bits<5>>,
    pub a_row: Signal<Out, Bits<5>>,
    pub c_col: Signal<Out, Bits<5>>,
    pub c_row: Signal<Out, Bits<5>>,
    pub exhausted: Signal<Out, Bit>,
    pub dropped: Signal<Out, Bit>,
    pub searches: Signal<Out, Bits<32>>,
    pub tested: Signal<Out, Bits<20>>,
    core: ForcingSearchCore,
    search: PairSearchServer,
}

impl Logic for ForcingSearch {
    #[hdl_gen]
    fn update(&mut self) {
        self.core.clock.next = self.clock.val();
        self.search.clock.next = self.clock.val();
        self.core.start.next = self.start.val();
        self.core.side.next = self.side.val();
        self.core.turns.next = self.turns.val();
        self.core.budget.next = self.budget.val();
        self.core.cancel.next = self.cancel.val();
        self.rd_addr.next = self.core.rd_addr.val();
        self.core.rd_data.next = self.rd_data.val();
        self.busy.next = self.core.busy.val();
        self.done.next = self.core.done.val();
        self.own_threat.next = self.core.own_threat.val();
        self.found.next = self.core.found.val();
        self.forced.next = self.core.forced.val();
        self.a_col.next = self.core.a_col.val();
        self.a_row.next = self.core.a_row.val();
        self.c_col.next = self.core.c_col.val();
        self.c_row.next = self.core.c_row.val();
        self.exhausted.next = self.core.exhausted.val();
        self.dropped.next = self.core.dropped.val();
        self.searches.next = self.core.searches.val();
        self.tested.next = self.core.tested.val();

        PairSearchPort::join(&mut self.core.search, &mut self.search.port);
    }
}
