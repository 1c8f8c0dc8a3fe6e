//! The threat player's turn on chip, past the paper: the sequencer that runs the steps of
//! `threat::Steps::CHIP` on the blocks before it, each started in the cycle the one before
//! answers (`docs/connect6.md`, "The threat player on chip"). Model:
//! `model::connect6::turn::turn`.
//!
//! ```text
//!  start --> a threat scan of the board (the scanner, a row a cycle)
//!        --> the side's first threat: its empty points (the win)
//!        --> else the other side's threats: the threat blocker
//!        --> else the forcing search, two turns deep; no pair: the preparation
//!        --> a stone short (a win or block of one), or no pair: the line scorer's best
//!            point, pushed on the overlay as the next scan starts
//! ```
//!
//! Cycles: the start and the scan ([`SCAN_CYCLES`], 21, its answer read in the last); each
//! block's from the cycle the one before answers; a line score [`LINE_CYCLES`]; done the
//! cycle after the last answer. The first move of a game (the centre) is the caller's. The
//! board's read port is the active block's, through the overlay.

use super::board_overlay::BoardOverlay;
use super::forcing_search::ForcingSearchCore;
use super::line_scorer::LineScorer;
use super::preparation::PreparationCore;
use super::threat_blocker::ThreatBlockerCore;
use super::threat_scanner::{ThreatPoints, ThreatScanner};
use super::winning_pair_search::WinningPairSearchCore;
use crate::common::c;
use model::connect6::forcing_search::MAX_TURNS;
use model::connect6::threat::Steps;
use rust_hdl::prelude::*;

pub use model::connect6::line_scan::CYCLES as LINE_CYCLES;
pub use model::connect6::pair_search::SCAN_CYCLES;

#[derive(Copy, Clone, PartialEq, Eq, Debug, LogicState)]
pub enum PlayerState {
    Idle,
    /// The threat scan (`t`: its cycle).
    Scan,
    /// The blocker, the forcing search, the preparation, the line scorer.
    Block,
    Attack,
    Prepare,
    Line,
    Done,
}

#[derive(LogicBlock)]
pub struct ThreatPlayer {
    pub clock: Signal<In, Clock>,
    /// Starts a turn (idle or done) for the side (1 Black, 2 White). The game must be on,
    /// with a stone down and two empty points (the model's preconditions: a window of six
    /// would be taken for a win of no stone, a full board's line score is stale).
    pub start: Signal<In, Bit>,
    pub side: Signal<In, Bits<2>>,
    /// The turn's budget of pairs tested, taken with `start`: the forcing search's, and as
    /// many for the preparation's (`model::connect6::turn::turn_within`; the host's bound on
    /// the turn's time, `threat::CHIP_BUDGET` by default).
    pub budget: Signal<In, Bits<20>>,
    /// Cancels a turn: the block goes idle.
    pub cancel: Signal<In, Bit>,
    /// The board's read port (the record manager's RAM): the row to read, its word the cycle
    /// after.
    pub rd_addr: Signal<Out, Bits<5>>,
    pub rd_data: Signal<In, Bits<38>>,
    pub busy: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    /// The turn's two stones, in the order chosen, and the step that chose them (0 win,
    /// 1 block, 2 attack, 3 prepare, 4 line score: `model::connect6::turn::Step`).
    pub a_col: Signal<Out, Bits<5>>,
    pub a_row: Signal<Out, Bits<5>>,
    pub c_col: Signal<Out, Bits<5>>,
    pub c_row: Signal<Out, Bits<5>>,
    pub step: Signal<Out, Bits<3>>,
    /// One copy of each block: the scanner (the turn's scan, the blocker's, the pair
    /// search's), the line scorer (the turn's, the blocker's, the preparation's), the
    /// winning-pair search (the forcing search's, the preparation's), the blocker (the
    /// turn's, the preparation's).
    scan: ThreatScanner,
    scorer: LineScorer,
    search: WinningPairSearchCore,
    blocker: ThreatBlockerCore,
    forcing: ForcingSearchCore,
    prep: PreparationCore,
    overlay: BoardOverlay,
    state: DFF<PlayerState>,
    side_q: DFF<Bits<2>>,
    budget_q: DFF<Bits<20>>,
    t: DFF<Bits<5>>,
    /// The stones chosen so far (0 or 1 before done), the first, the second; the step.
    n: DFF<Bit>,
    a_q: DFF<Bits<10>>,
    c_q: DFF<Bits<10>>,
    step_q: DFF<Bits<3>>,
    go: Signal<Local, Bit>,
    /// The scan's answer read; the side's first threat's empty points and how many (decoded
    /// by `pts`).
    dec: Signal<Local, Bit>,
    e: [Signal<Local, Bits<10>>; 2],
    en: Signal<Local, Bits<2>>,
    pts: ThreatPoints,
    /// A stone chosen alone (pushed, the line scorer started); the line scorer started.
    one: Signal<Local, Bit>,
    ps: Signal<Local, Bits<10>>,
    line: Signal<Local, Bit>,
    k_last: Constant<Bits<5>>,
    k_turns: Constant<Bits<2>>,
}

impl Default for ThreatPlayer {
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
            a_col: Default::default(),
            a_row: Default::default(),
            c_col: Default::default(),
            c_row: Default::default(),
            step: Default::default(),
            scan: Default::default(),
            blocker: Default::default(),
            forcing: Default::default(),
            prep: Default::default(),
            scorer: Default::default(),
            search: Default::default(),
            overlay: Default::default(),
            state: Default::default(),
            side_q: Default::default(),
            budget_q: Default::default(),
            t: Default::default(),
            n: Default::default(),
            a_q: Default::default(),
            c_q: Default::default(),
            step_q: Default::default(),
            go: Default::default(),
            dec: Default::default(),
            e: Default::default(),
            en: Default::default(),
            pts: Default::default(),
            one: Default::default(),
            ps: Default::default(),
            line: Default::default(),
            k_last: c(SCAN_CYCLES - 1),
            k_turns: c(u64::from(Steps::CHIP.forcing.min(MAX_TURNS))),
        }
    }
}

impl Logic for ThreatPlayer {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, state, side_q, budget_q, t, n, a_q, c_q, step_q);
        self.scan.clock.next = self.clock.val();
        self.blocker.clock.next = self.clock.val();
        self.forcing.clock.next = self.clock.val();
        self.prep.clock.next = self.clock.val();
        self.scorer.clock.next = self.clock.val();
        self.search.clock.next = self.clock.val();
        self.overlay.clock.next = self.clock.val();
        self.busy.next =
            (self.state.q.val() != PlayerState::Idle) & (self.state.q.val() != PlayerState::Done);
        self.done.next = self.state.q.val() == PlayerState::Done;
        self.a_col.next = self.a_q.q.val().get_bits::<5>(0);
        self.a_row.next = self.a_q.q.val().get_bits::<5>(5);
        self.c_col.next = self.c_q.q.val().get_bits::<5>(0);
        self.c_row.next = self.c_q.q.val().get_bits::<5>(5);
        self.step.next = self.step_q.q.val();

        // The read port through the overlay: the scan's rows, then the active block's.
        self.overlay.addr.next = self.t.q.val();
        if self.state.q.val() == PlayerState::Block {
            self.overlay.addr.next = self.blocker.rd_addr.val();
        }
        if self.state.q.val() == PlayerState::Attack {
            self.overlay.addr.next = self.forcing.rd_addr.val();
        }
        if self.state.q.val() == PlayerState::Prepare {
            self.overlay.addr.next = self.prep.rd_addr.val();
        }
        if self.state.q.val() == PlayerState::Line {
            self.overlay.addr.next = self.scorer.rd_addr.val();
        }
        self.rd_addr.next = self.overlay.ram_addr.val();
        self.overlay.ram_data.next = self.rd_data.val();
        // Only the line scorer needs the overlay (a stone chosen alone on it): the others
        // read the board itself, no third overlay's compares in front of the blocker's and
        // the preparation's.
        self.scan.row.next = self.rd_data.val();
        self.blocker.rd_data.next = self.rd_data.val();
        self.forcing.rd_data.next = self.rd_data.val();
        self.prep.rd_data.next = self.rd_data.val();
        self.scorer.rd_data.next = self.overlay.data.val();
        self.scan.side.next = self.side_q.q.val();
        self.scan.first.next = self.t.q.val() == 1_u64;
        self.scan.row_en.next = (self.state.q.val() == PlayerState::Scan)
            & (self.t.q.val() >= 1_u64)
            & (self.t.q.val() <= 19_u64);

        // The side's first threat: its empty points, in line order.
        self.pts.dir.next = self.scan.own_dir.val();
        self.pts.col.next = self.scan.own_col.val();
        self.pts.row.next = self.scan.own_row.val();
        self.pts.empties.next = self.scan.own_empties.val();
        self.en.next = self.pts.n.val();
        self.e[0].next = self.pts.e0.val();
        self.e[1].next = self.pts.e1.val();

        // The blocks' starts: set below.
        self.go.next = self.start.val()
            & ((self.state.q.val() == PlayerState::Idle)
                | (self.state.q.val() == PlayerState::Done));
        self.blocker.start.next = false;
        self.blocker.side.next = self.side_q.q.val();
        self.blocker.cancel.next = self.cancel.val();
        self.forcing.start.next = false;
        self.forcing.side.next = self.side_q.q.val();
        self.forcing.turns.next = self.k_turns.val();
        self.forcing.budget.next = self.budget_q.q.val();
        self.forcing.cancel.next = self.cancel.val();
        self.prep.start.next = false;
        self.prep.side.next = self.side_q.q.val();
        self.prep.budget.next = self.budget_q.q.val();
        self.prep.cancel.next = self.cancel.val();
        self.scorer.start.next = false;
        self.scorer.side.next = self.side_q.q.val();
        self.scorer.cancel.next = self.cancel.val();
        self.overlay.push.next = false;
        self.overlay.pop.next = false;
        self.overlay.clear.next = false;
        self.overlay.push_code.next = self.side_q.q.val();

        self.dec.next =
            (self.state.q.val() == PlayerState::Scan) & (self.t.q.val() == self.k_last.val());
        self.one.next = false;
        self.line.next = false;
        self.ps.next = 0_u64.into();
        match self.state.q.val() {
            PlayerState::Idle => {}
            PlayerState::Done => {}
            PlayerState::Scan => {
                self.t.d.next = self.t.q.val() + 1_u64;
                if self.dec.val() {
                    if self.scan.own_found.val() {
                        // The win: both empty points, or one and a line score.
                        self.step_q.d.next = 0_u64.into();
                        self.a_q.d.next = self.e[0].val();
                        self.c_q.d.next = self.e[1].val();
                        self.state.d.next = PlayerState::Done;
                        if self.en.val() == 1_u64 {
                            self.ps.next = self.e[0].val();
                            self.one.next = true;
                        }
                    } else if self.scan.opp_count.val() != 0_u64 {
                        self.step_q.d.next = 1_u64.into();
                        self.blocker.start.next = true;
                        self.state.d.next = PlayerState::Block;
                    } else {
                        self.step_q.d.next = 2_u64.into();
                        self.forcing.start.next = true;
                        self.state.d.next = PlayerState::Attack;
                    }
                }
            }
            PlayerState::Block => {
                if self.blocker.done.val() {
                    self.ps.next = bit_cast::<10, 5>(self.blocker.a_col.val())
                        | (bit_cast::<10, 5>(self.blocker.a_row.val()) << 5_u64);
                    self.a_q.d.next = self.ps.val();
                    self.c_q.d.next = bit_cast::<10, 5>(self.blocker.c_col.val())
                        | (bit_cast::<10, 5>(self.blocker.c_row.val()) << 5_u64);
                    self.state.d.next = PlayerState::Done;
                    if self.blocker.stones.val() == 1_u64 {
                        self.one.next = true;
                    }
                }
            }
            PlayerState::Attack => {
                if self.forcing.done.val() {
                    self.a_q.d.next = bit_cast::<10, 5>(self.forcing.a_col.val())
                        | (bit_cast::<10, 5>(self.forcing.a_row.val()) << 5_u64);
                    self.c_q.d.next = bit_cast::<10, 5>(self.forcing.c_col.val())
                        | (bit_cast::<10, 5>(self.forcing.c_row.val()) << 5_u64);
                    self.state.d.next = PlayerState::Done;
                    if !self.forcing.found.val() {
                        self.step_q.d.next = 3_u64.into();
                        self.prep.start.next = true;
                        self.state.d.next = PlayerState::Prepare;
                    }
                }
            }
            PlayerState::Prepare => {
                if self.prep.done.val() {
                    self.a_q.d.next = bit_cast::<10, 5>(self.prep.a_col.val())
                        | (bit_cast::<10, 5>(self.prep.a_row.val()) << 5_u64);
                    self.c_q.d.next = bit_cast::<10, 5>(self.prep.c_col.val())
                        | (bit_cast::<10, 5>(self.prep.c_row.val()) << 5_u64);
                    self.state.d.next = PlayerState::Done;
                    if !self.prep.found.val() {
                        self.step_q.d.next = 4_u64.into();
                        self.line.next = true;
                    }
                }
            }
            PlayerState::Line => {
                if self.scorer.done.val() {
                    self.ps.next = bit_cast::<10, 5>(self.scorer.best_col.val())
                        | (bit_cast::<10, 5>(self.scorer.best_row.val()) << 5_u64);
                    if self.n.q.val() {
                        self.c_q.d.next = self.ps.val();
                        self.state.d.next = PlayerState::Done;
                    } else {
                        self.a_q.d.next = self.ps.val();
                        self.one.next = true;
                    }
                }
            }
        }
        // A stone chosen alone: pushed, the line scorer started for the second.
        if self.one.val() {
            self.overlay.push.next = true;
            self.n.d.next = true;
            self.line.next = true;
        }
        if self.line.val() {
            self.scorer.start.next = true;
            self.state.d.next = PlayerState::Line;
        }
        self.overlay.push_col.next = self.ps.val().get_bits::<5>(0);
        self.overlay.push_row.next = self.ps.val().get_bits::<5>(5);

        if self.go.val() {
            self.state.d.next = PlayerState::Scan;
            self.side_q.d.next = self.side.val();
            self.budget_q.d.next = self.budget.val();
            self.t.d.next = 0_u64.into();
            self.n.d.next = false;
            self.overlay.clear.next = true;
        }
        if self.cancel.val() {
            self.state.d.next = PlayerState::Idle;
            self.overlay.clear.next = true;
        }

        // The shared blocks: their answers to every block that uses them; their inputs from
        // the one driving them (the turn's own, set above, unless a block's port is active:
        // the blocker inside the preparation's reply, the preparation, the forcing search).
        self.blocker.scan.own_count.next = self.scan.own_count.val();
        self.blocker.scan.opp_count.next = self.scan.opp_count.val();
        self.blocker.scan.opp_dir.next = self.scan.opp_dir.val();
        self.blocker.scan.opp_col.next = self.scan.opp_col.val();
        self.blocker.scan.opp_row.next = self.scan.opp_row.val();
        self.blocker.scan.opp_empties.next = self.scan.opp_empties.val();
        self.blocker.scan.marks.next = self.scan.marks.val();
        self.blocker.scan.marks3.next = self.scan.marks3.val();
        self.search.scan.own_count.next = self.scan.own_count.val();
        self.search.scan.opp_count.next = self.scan.opp_count.val();
        self.search.scan.opp_dir.next = self.scan.opp_dir.val();
        self.search.scan.opp_col.next = self.scan.opp_col.val();
        self.search.scan.opp_row.next = self.scan.opp_row.val();
        self.search.scan.opp_empties.next = self.scan.opp_empties.val();
        self.search.scan.marks.next = self.scan.marks.val();
        self.search.scan.marks3.next = self.scan.marks3.val();
        if self.blocker.scan.active.val() {
            self.scan.row_en.next = self.blocker.scan.row_en.val();
            self.scan.first.next = self.blocker.scan.first.val();
            self.scan.row.next = self.blocker.scan.row.val();
            self.scan.side.next = self.blocker.scan.side.val();
        }
        if self.search.scan.active.val() {
            self.scan.row_en.next = self.search.scan.row_en.val();
            self.scan.first.next = self.search.scan.first.val();
            self.scan.row.next = self.search.scan.row.val();
            self.scan.side.next = self.search.scan.side.val();
        }

        self.blocker.scorer.rd_addr.next = self.scorer.rd_addr.val();
        self.blocker.scorer.done.next = self.scorer.done.val();
        self.blocker.scorer.score_valid.next = self.scorer.score_valid.val();
        self.blocker.scorer.score_row.next = self.scorer.score_row.val();
        self.blocker.scorer.scores.next = self.scorer.scores.val();
        self.blocker.scorer.empties.next = self.scorer.empties.val();
        self.blocker.scorer.found.next = self.scorer.found.val();
        self.blocker.scorer.best_col.next = self.scorer.best_col.val();
        self.blocker.scorer.best_row.next = self.scorer.best_row.val();
        self.prep.scorer.rd_addr.next = self.scorer.rd_addr.val();
        self.prep.scorer.done.next = self.scorer.done.val();
        self.prep.scorer.score_valid.next = self.scorer.score_valid.val();
        self.prep.scorer.score_row.next = self.scorer.score_row.val();
        self.prep.scorer.scores.next = self.scorer.scores.val();
        self.prep.scorer.empties.next = self.scorer.empties.val();
        self.prep.scorer.found.next = self.scorer.found.val();
        self.prep.scorer.best_col.next = self.scorer.best_col.val();
        self.prep.scorer.best_row.next = self.scorer.best_row.val();
        if self.prep.scorer.active.val() {
            self.scorer.start.next = self.prep.scorer.start.val();
            self.scorer.side.next = self.prep.scorer.side.val();
            self.scorer.cancel.next = self.prep.scorer.cancel.val();
            self.scorer.rd_data.next = self.prep.scorer.rd_data.val();
        }
        // The blocker runs inside the preparation's reply: its port first.
        if self.blocker.scorer.active.val() {
            self.scorer.start.next = self.blocker.scorer.start.val();
            self.scorer.side.next = self.blocker.scorer.side.val();
            self.scorer.cancel.next = self.blocker.scorer.cancel.val();
            self.scorer.rd_data.next = self.blocker.scorer.rd_data.val();
        }

        self.prep.blocker.rd_addr.next = self.blocker.rd_addr.val();
        self.prep.blocker.done.next = self.blocker.done.val();
        self.prep.blocker.all.next = self.blocker.all.val();
        self.prep.blocker.stones.next = self.blocker.stones.val();
        self.prep.blocker.a_col.next = self.blocker.a_col.val();
        self.prep.blocker.a_row.next = self.blocker.a_row.val();
        self.prep.blocker.c_col.next = self.blocker.c_col.val();
        self.prep.blocker.c_row.next = self.blocker.c_row.val();
        if self.prep.blocker.active.val() {
            self.blocker.start.next = self.prep.blocker.start.val();
            self.blocker.side.next = self.prep.blocker.side.val();
            self.blocker.cancel.next = self.prep.blocker.cancel.val();
            self.blocker.rd_data.next = self.prep.blocker.rd_data.val();
        }

        self.forcing.search.rd_addr.next = self.search.rd_addr.val();
        self.forcing.search.done.next = self.search.done.val();
        self.forcing.search.own_threat.next = self.search.own_threat.val();
        self.forcing.search.opp_threat.next = self.search.opp_threat.val();
        self.forcing.search.found.next = self.search.found.val();
        self.forcing.search.a_col.next = self.search.a_col.val();
        self.forcing.search.a_row.next = self.search.a_row.val();
        self.forcing.search.c_col.next = self.search.c_col.val();
        self.forcing.search.c_row.next = self.search.c_row.val();
        self.forcing.search.wins.next = self.search.wins.val();
        self.forcing.search.tested.next = self.search.tested.val();
        self.forcing.search.exhausted.next = self.search.exhausted.val();
        self.forcing.search.forcing_valid.next = self.search.forcing_valid.val();
        self.forcing.search.forcing_a_col.next = self.search.forcing_a_col.val();
        self.forcing.search.forcing_a_row.next = self.search.forcing_a_row.val();
        self.forcing.search.forcing_c_col.next = self.search.forcing_c_col.val();
        self.forcing.search.forcing_c_row.next = self.search.forcing_c_row.val();
        self.forcing.search.forcing_blocks.next = self.search.forcing_blocks.val();
        self.forcing.search.forcing_pts.next = self.search.forcing_pts.val();
        self.prep.search.rd_addr.next = self.search.rd_addr.val();
        self.prep.search.done.next = self.search.done.val();
        self.prep.search.own_threat.next = self.search.own_threat.val();
        self.prep.search.opp_threat.next = self.search.opp_threat.val();
        self.prep.search.found.next = self.search.found.val();
        self.prep.search.a_col.next = self.search.a_col.val();
        self.prep.search.a_row.next = self.search.a_row.val();
        self.prep.search.c_col.next = self.search.c_col.val();
        self.prep.search.c_row.next = self.search.c_row.val();
        self.prep.search.wins.next = self.search.wins.val();
        self.prep.search.tested.next = self.search.tested.val();
        self.prep.search.exhausted.next = self.search.exhausted.val();
        self.prep.search.forcing_valid.next = self.search.forcing_valid.val();
        self.prep.search.forcing_a_col.next = self.search.forcing_a_col.val();
        self.prep.search.forcing_a_row.next = self.search.forcing_a_row.val();
        self.prep.search.forcing_c_col.next = self.search.forcing_c_col.val();
        self.prep.search.forcing_c_row.next = self.search.forcing_c_row.val();
        self.prep.search.forcing_blocks.next = self.search.forcing_blocks.val();
        self.prep.search.forcing_pts.next = self.search.forcing_pts.val();
        // The search: none of the sequencer's own steps uses it.
        self.search.start.next = false;
        self.search.side.next = self.side_q.q.val();
        self.search.first_only.next = false;
        self.search.budget.next = self.budget_q.q.val();
        self.search.focus.next = false;
        self.search.focus_a.next = 0_u64.into();
        self.search.focus_c.next = 0_u64.into();
        self.search.cancel.next = self.cancel.val();
        self.search.rd_data.next = self.rd_data.val();
        if self.forcing.search.active.val() {
            self.search.start.next = self.forcing.search.start.val();
            self.search.side.next = self.forcing.search.side.val();
            self.search.first_only.next = self.forcing.search.first_only.val();
            self.search.budget.next = self.forcing.search.budget.val();
            self.search.focus.next = self.forcing.search.focus.val();
            self.search.focus_a.next = self.forcing.search.focus_a.val();
            self.search.focus_c.next = self.forcing.search.focus_c.val();
            self.search.cancel.next = self.forcing.search.cancel.val();
            self.search.rd_data.next = self.forcing.search.rd_data.val();
        }
        if self.prep.search.active.val() {
            self.search.start.next = self.prep.search.start.val();
            self.search.side.next = self.prep.search.side.val();
            self.search.first_only.next = self.prep.search.first_only.val();
            self.search.budget.next = self.prep.search.budget.val();
            self.search.focus.next = self.prep.search.focus.val();
            self.search.focus_a.next = self.prep.search.focus_a.val();
            self.search.focus_c.next = self.prep.search.focus_c.val();
            self.search.cancel.next = self.prep.search.cancel.val();
            self.search.rd_data.next = self.prep.search.rd_data.val();
        }
    }
}
