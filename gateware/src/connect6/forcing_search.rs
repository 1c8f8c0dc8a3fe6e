//! The forcing search, past the paper: a pair of the side that wins within one turn of
//! forcing moves, the threat player's attack (`docs/connect6.md`, "The forcing search").
//! Model: `model::connect6::forcing_search::search_forced` (the answer of
//! `threat::forced_win(board, side, 1)`, with the circuit's cycles).
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
//!        --> a block without a winning pair fails the forcing pair (the next one); a forcing
//!            pair whose blocks all leave one is the answer
//! ```
//!
//! Cycles: the root's search (its answer taken in the cycle its `done` rises); then per forcing pair
//! [`FETCH_CYCLES`] (2), per block [`PUSH_CYCLES`] (4) and its child's search (to its `done`,
//! or [`START_CYCLES`] when the other side has a threat), the answer taken in its last cycle;
//! done the cycle after the last answer. One budget of pairs tested bounds all the searches.
//! The board's read port is the winning-pair search's, through the overlay.

use super::board_overlay::BoardOverlay;
use super::winning_pair_search::WinningPairSearch;
use crate::common::{c, StackRam};
use rust_hdl::prelude::*;

pub use model::connect6::forcing_search::{FETCH_CYCLES, LIST, PUSH_CYCLES};
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
    /// A forcing pair's word read; taken, its blocks ranked.
    Fetch,
    Load,
    /// The pair and a block pushed on the overlay (`p`: the stone), the child started.
    Push,
    /// The child's search.
    Child,
    Done,
}

#[derive(LogicBlock)]
pub struct ForcingSearch {
    pub clock: Signal<In, Clock>,
    /// Starts a search (idle or done): the side (1 Black, 2 White) and the most pairs its
    /// searches may test in all.
    pub start: Signal<In, Bit>,
    pub side: Signal<In, Bits<2>>,
    pub budget: Signal<In, Bits<20>>,
    /// Cancels a search: the block goes idle.
    pub cancel: Signal<In, Bit>,
    /// The board's read port (the record manager's RAM): the row to read, its word the cycle
    /// after.
    pub rd_addr: Signal<Out, Bits<5>>,
    pub rd_data: Signal<In, Bits<38>>,
    pub busy: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    /// The side had a threat: nothing searched.
    pub own_threat: Signal<Out, Bit>,
    /// The answer, if `found`: a winning pair, or (`forced`) a forcing pair all of whose
    /// blocks leave a winning pair.
    pub found: Signal<Out, Bit>,
    pub forced: Signal<Out, Bit>,
    pub a_col: Signal<Out, Bits<5>>,
    pub a_row: Signal<Out, Bits<5>>,
    pub c_col: Signal<Out, Bits<5>>,
    pub c_row: Signal<Out, Bits<5>>,
    /// The budget ran out; the root had more forcing pairs than the list holds.
    pub exhausted: Signal<Out, Bit>,
    pub dropped: Signal<Out, Bit>,
    /// Searches run, pairs tested in all.
    pub searches: Signal<Out, Bits<16>>,
    pub tested: Signal<Out, Bits<20>>,
    search: WinningPairSearch,
    overlay: BoardOverlay,
    list: StackRam<WORD, ADDR>,
    state: DFF<ForcingState>,
    side_q: DFF<Bits<2>>,
    left: DFF<Bits<20>>,
    /// Forcing pairs listed, the one being tried.
    n: DFF<Bits<10>>,
    i: DFF<Bits<10>>,
    /// The pair being tried, its blocks in board order (`bl[k]`: the lower point's column and
    /// row, the higher's), how many, the one being tried, the stone being pushed.
    fa: DFF<Bits<10>>,
    fc: DFF<Bits<10>>,
    bl: [DFF<Bits<20>>; 4],
    nb: DFF<Bits<3>>,
    k: DFF<Bits<3>>,
    p: DFF<Bits<2>>,
    thr_q: DFF<Bit>,
    found_q: DFF<Bit>,
    forced_q: DFF<Bit>,
    exh_q: DFF<Bit>,
    drop_q: DFF<Bit>,
    ans_a: DFF<Bits<10>>,
    ans_c: DFF<Bits<10>>,
    searches_q: DFF<Bits<16>>,
    tested_q: DFF<Bits<20>>,
    /// The search started now (the root with the inputs, a child with the registers).
    go_root: Signal<Local, Bit>,
    go_child: Signal<Local, Bit>,
    /// A child's answer taken: it failed the pair.
    fail: Signal<Local, Bit>,
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

impl Default for ForcingSearch {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            start: Default::default(),
            side: Default::default(),
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
            left: Default::default(),
            n: Default::default(),
            i: Default::default(),
            fa: Default::default(),
            fc: Default::default(),
            bl: Default::default(),
            nb: Default::default(),
            k: Default::default(),
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

impl Logic for ForcingSearch {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, state, side_q, left, n, i, fa, fc, nb, k, p, thr_q, found_q, forced_q,
            exh_q, drop_q, ans_a, ans_c, searches_q, tested_q
        );
        for b in 0..4 {
            self.bl[b].clock.next = self.clock.val();
            self.bl[b].d.next = self.bl[b].q.val();
        }
        self.search.clock.next = self.clock.val();
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

        // The searches: the root with the inputs, a child in the last push.
        self.go_root.next = self.start.val()
            & ((self.state.q.val() == ForcingState::Idle)
                | (self.state.q.val() == ForcingState::Done));
        self.go_child.next = (self.state.q.val() == ForcingState::Push) & (self.p.q.val() == 3_u64);
        self.search.start.next = self.go_root.val() | self.go_child.val();
        self.search.side.next = self.side_q.q.val();
        self.search.budget.next = self.left.q.val();
        if self.go_root.val() {
            self.search.side.next = self.side.val();
            self.search.budget.next = self.budget.val();
        }
        self.search.first_only.next = true;
        self.search.cancel.next = self.cancel.val();

        // The root's forcing stream into the list.
        self.list.write_address.next = self.n.q.val().get_bits::<9>(0);
        self.list.write_data.next = bit_cast::<WORD, 5>(self.search.forcing_a_col.val())
            | (bit_cast::<WORD, 5>(self.search.forcing_a_row.val()) << 5_u64)
            | (bit_cast::<WORD, 5>(self.search.forcing_c_col.val()) << 10_u64)
            | (bit_cast::<WORD, 5>(self.search.forcing_c_row.val()) << 15_u64)
            | (bit_cast::<WORD, 4>(self.search.forcing_blocks.val()) << 20_u64)
            | (bit_cast::<WORD, 80>(self.search.forcing_pts.val()) << 24_u64);
        self.list.write_enable.next = false;
        if (self.state.q.val() == ForcingState::Root) & self.search.forcing_valid.val() {
            if self.n.q.val() == self.k_full.val() {
                self.drop_q.d.next = true;
            } else {
                self.list.write_enable.next = true;
                self.n.d.next = self.n.q.val() + 1_u64;
            }
        }
        self.list.read_address.next = self.i.q.val().get_bits::<9>(0);

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

        // The stone pushed: a, c (the side's), the block's lower and higher point (the other's).
        self.overlay.push.next = self.state.q.val() == ForcingState::Push;
        self.overlay.pop.next = false;
        self.overlay.clear.next = false;
        self.ps.next = self.fa.q.val();
        self.overlay.push_code.next = self.side_q.q.val();
        for b in 0..4 {
            if self.k.q.val() == self.k_rank[b].val() {
                if self.p.q.val() == 2_u64 {
                    self.ps.next = self.bl[b].q.val().get_bits::<10>(0);
                }
                if self.p.q.val() == 3_u64 {
                    self.ps.next = self.bl[b].q.val().get_bits::<10>(10);
                }
            }
        }
        if self.p.q.val() == 1_u64 {
            self.ps.next = self.fc.q.val();
        }
        if self.p.q.val() >= 2_u64 {
            self.overlay.push_code.next = self.side_q.q.val() ^ 3_u64;
        }
        self.overlay.push_col.next = self.ps.val().get_bits::<5>(0);
        self.overlay.push_row.next = self.ps.val().get_bits::<5>(5);

        self.fail.next = false;
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
                    self.i.d.next = 0_u64.into();
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
                self.fa.d.next = self.wd.val().get_bits::<10>(0);
                self.fc.d.next = self.wd.val().get_bits::<10>(10);
                self.cnt.next = 0_u64.into();
                for b in 0..4 {
                    self.lb.next = self.lo[b].val();
                    self.hb.next = self.hi[b].val();
                    for r in 0..4 {
                        if self.rank[b].val() == self.k_rank[r].val() {
                            self.bl[r].d.next = bit_cast::<20, 10>(self.lb.val())
                                | (bit_cast::<20, 10>(self.hb.val()) << 10_u64);
                        }
                    }
                    if self.wd.val().get_bit(20 + b) {
                        self.cnt.next = self.cnt.val() + 1_u64;
                    }
                }
                self.nb.d.next = self.cnt.val();
                self.k.d.next = 0_u64.into();
                self.p.d.next = 0_u64.into();
                self.state.d.next = ForcingState::Push;
            }
            ForcingState::Push => {
                self.p.d.next = self.p.q.val() + 1_u64;
                if self.p.q.val() == 3_u64 {
                    self.searches_q.d.next = self.searches_q.q.val() + 1_u64;
                    self.state.d.next = ForcingState::Child;
                }
            }
            ForcingState::Child => {
                if self.search.opp_threat.val()
                    | (self.search.done.val() & self.search.own_threat.val())
                {
                    // The block made a threat of the other side's: the line fails.
                    self.search.cancel.next = true;
                    self.fail.next = true;
                } else if self.search.done.val() {
                    self.tested_q.d.next = self.tested_q.q.val() + self.search.tested.val();
                    self.left.d.next = self.left.q.val() - self.search.tested.val();
                    if self.search.found.val() {
                        // This block is answered: the next, or the pair is the answer.
                        self.overlay.clear.next = true;
                        self.k.d.next = self.k.q.val() + 1_u64;
                        self.p.d.next = 0_u64.into();
                        self.state.d.next = ForcingState::Push;
                        if self.k.q.val() + 1_u64 == self.nb.q.val() {
                            self.found_q.d.next = true;
                            self.forced_q.d.next = true;
                            self.ans_a.d.next = self.fa.q.val();
                            self.ans_c.d.next = self.fc.q.val();
                            self.state.d.next = ForcingState::Done;
                        }
                    } else if self.search.exhausted.val() {
                        self.exh_q.d.next = true;
                        self.state.d.next = ForcingState::Done;
                    } else {
                        self.fail.next = true;
                    }
                }
                if self.fail.val() {
                    // The next forcing pair, if any.
                    self.overlay.clear.next = true;
                    self.i.d.next = self.i.q.val() + 1_u64;
                    self.state.d.next = ForcingState::Fetch;
                    if self.i.q.val() + 1_u64 == self.n.q.val() {
                        self.state.d.next = ForcingState::Done;
                    }
                }
            }
        }

        if self.go_root.val() {
            self.state.d.next = ForcingState::Root;
            self.side_q.d.next = self.side.val();
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
