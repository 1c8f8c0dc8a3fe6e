//! The skilful-line predictor (§III-D of `shared/papers/connect6-fpga.md`): on the four lines
//! of 13 points centred on an opponent stone, each six-point window gets a level, each empty
//! point the highest level of the windows through it (and how many windows have it), and the
//! block names the best point.
//!
//! ```text
//!  lines[104] (4 lines x 13 cells x 2 bits) --> own/opp/edge planes per line
//!    --> 8 windows a line: level code (4 win, 3 threat, 2 pre-threat, 1 build, 0 none)
//!    --> per point: its best code and the windows at it --> key = code << 3 | windows
//!    --> a 6-level tree over the 52 keys (ties to the lower index) --> level, count, dir, index
//! ```
//!
//! Combinational, 0 cycles: the consumer registers the result. The selection is a balanced
//! tree (ties go left, to the lower (direction, index)), not a scan, so the path is six
//! compares deep. Model: `model::connect6::paper::skilful_line::best_on_lines`.

use crate::common::{c, mask};
use model::connect6::paper::skilful_line::LINE;
use model::connect6::paper::Cell;
use model::connect6::WIN_LENGTH;
use rust_hdl::prelude::*;

/// Windows of six on a line of 13.
const WINDOWS: usize = LINE - WIN_LENGTH + 1;
/// Leaves of the selection tree (52 points, padded).
const LEAVES: usize = 64;

#[derive(LogicBlock)]
pub struct SkilfulLinePredictor {
    /// Line `d` ([`model::connect6::DIRECTIONS`] order), point `i` (`stone + (i - 6) d`) in
    /// bits `2 (13 d + i)..`: a [`Cell`] code.
    pub lines: Signal<In, Bits<104>>,
    /// The best point's level code (`skilful_line::LEVELS`), 0 when no point has one.
    pub level: Signal<Out, Bits<3>>,
    /// Windows at that level through the point, on its line (1..=6).
    pub count: Signal<Out, Bits<3>>,
    /// Its line and its index on the line.
    pub dir: Signal<Out, Bits<2>>,
    pub index: Signal<Out, Bits<4>>,
    cw: Signal<Local, Bits<2>>,
    own: [Signal<Local, Bits<13>>; 4],
    opp: [Signal<Local, Bits<13>>; 4],
    edge_p: [Signal<Local, Bits<13>>; 4],
    empty: [Signal<Local, Bits<13>>; 4],
    n_own: Signal<Local, Bits<3>>,
    n_opp: Signal<Local, Bits<3>>,
    wo: Signal<Local, Bits<6>>,
    wp: Signal<Local, Bits<6>>,
    /// Per line and level code 1..=4 (`4 d + code - 1`): the windows at that level.
    wl: [Signal<Local, Bits<8>>; 16],
    m: Signal<Local, Bits<8>>,
    pm: Signal<Local, Bits<8>>,
    pl: Signal<Local, Bits<3>>,
    pc: Signal<Local, Bits<3>>,
    /// The tree in heap order: node `n`'s children `2n + 1`, `2n + 2`; leaves from 63.
    key: [Signal<Local, Bits<6>>; 127],
    pos: [Signal<Local, Bits<6>>; 127],
    k_own: Constant<Bits<2>>,
    k_opp: Constant<Bits<2>>,
    k_edge: Constant<Bits<2>>,
    k_empty: Constant<Bits<2>>,
    /// Point `i`'s windows: bit `s` when window `s` (points `s..s + 6`) holds it.
    k_in: [Constant<Bits<8>>; 13],
    k_code: [Constant<Bits<3>>; 5],
    /// Leaf `j`'s (direction, index) as `dir << 4 | index` (the padding's never wins).
    k_pos: [Constant<Bits<6>>; LEAVES],
}

impl Default for SkilfulLinePredictor {
    fn default() -> Self {
        Self {
            lines: Default::default(),
            level: Default::default(),
            count: Default::default(),
            dir: Default::default(),
            index: Default::default(),
            cw: Default::default(),
            own: Default::default(),
            opp: Default::default(),
            edge_p: Default::default(),
            empty: Default::default(),
            n_own: Default::default(),
            n_opp: Default::default(),
            wo: Default::default(),
            wp: Default::default(),
            wl: Default::default(),
            m: Default::default(),
            pm: Default::default(),
            pl: Default::default(),
            pc: Default::default(),
            key: std::array::from_fn(|_| Default::default()),
            pos: std::array::from_fn(|_| Default::default()),
            k_own: c(Cell::Own.code()),
            k_opp: c(Cell::Opp.code()),
            k_edge: c(Cell::Edge.code()),
            k_empty: c(Cell::Empty.code()),
            k_in: std::array::from_fn(|i| mask(WINDOWS, |s| s <= i && i < s + WIN_LENGTH)),
            k_code: std::array::from_fn(|k| c(k as u64)),
            k_pos: std::array::from_fn(|j| c((((j / LINE).min(3) << 4) | (j % LINE)) as u64)),
        }
    }
}

impl Logic for SkilfulLinePredictor {
    #[hdl_gen]
    fn update(&mut self) {
        // The lines as planes.
        for d in 0..4 {
            self.own[d].next = 0_u64.into();
            self.opp[d].next = 0_u64.into();
            self.edge_p[d].next = 0_u64.into();
            self.empty[d].next = 0_u64.into();
            for i in 0..13 {
                self.cw.next = self.lines.val().get_bits::<2>(2 * (13 * d + i));
                self.own[d].next = self.own[d]
                    .val()
                    .replace_bit(i, self.cw.val() == self.k_own.val());
                self.opp[d].next = self.opp[d]
                    .val()
                    .replace_bit(i, self.cw.val() == self.k_opp.val());
                self.edge_p[d].next = self.edge_p[d]
                    .val()
                    .replace_bit(i, self.cw.val() == self.k_edge.val());
                self.empty[d].next = self.empty[d]
                    .val()
                    .replace_bit(i, self.cw.val() == self.k_empty.val());
            }
        }
        // Each window's level: its stones counted, a window off the board counts nothing.
        for d in 0..4 {
            for k in 0..4 {
                self.wl[4 * d + k].next = 0_u64.into();
            }
            for s in 0..8 {
                self.wo.next = self.own[d].val().get_bits::<6>(s);
                self.wp.next = self.opp[d].val().get_bits::<6>(s);
                self.n_own.next = 0_u64.into();
                self.n_opp.next = 0_u64.into();
                for j in 0..6 {
                    if self.wo.val().get_bit(j) {
                        self.n_own.next = self.n_own.val() + 1_u64;
                    }
                    if self.wp.val().get_bit(j) {
                        self.n_opp.next = self.n_opp.val() + 1_u64;
                    }
                }
                if !self.edge_p[d].val().get_bits::<6>(s).any() {
                    if (self.n_opp.val() == 0_u64) & (self.n_own.val() >= 4_u64) {
                        self.wl[4 * d + 3].next = self.wl[4 * d + 3].val().replace_bit(s, true);
                    }
                    if (self.n_own.val() == 0_u64) & (self.n_opp.val() >= 4_u64) {
                        self.wl[4 * d + 2].next = self.wl[4 * d + 2].val().replace_bit(s, true);
                    }
                    if (self.n_own.val() == 0_u64) & (self.n_opp.val() == 3_u64) {
                        self.wl[4 * d + 1].next = self.wl[4 * d + 1].val().replace_bit(s, true);
                    }
                    if (self.n_own.val() == 3_u64) & (self.n_opp.val() == 0_u64) {
                        self.wl[4 * d].next = self.wl[4 * d].val().replace_bit(s, true);
                    }
                }
            }
        }
        // Each empty point's key: its best level code and the windows at it.
        for d in 0..4 {
            for i in 0..13 {
                self.pl.next = 0_u64.into();
                self.pm.next = 0_u64.into();
                for k in 0..4 {
                    self.m.next = self.wl[4 * d + k].val() & self.k_in[i].val();
                    if self.m.val().any() {
                        self.pl.next = self.k_code[k + 1].val();
                        self.pm.next = self.m.val();
                    }
                }
                self.pc.next = 0_u64.into();
                for s in 0..8 {
                    if self.pm.val().get_bit(s) {
                        self.pc.next = self.pc.val() + 1_u64;
                    }
                }
                self.key[63 + 13 * d + i].next = 0_u64.into();
                if self.empty[d].val().get_bit(i) {
                    self.key[63 + 13 * d + i].next = (bit_cast::<6, 3>(self.pl.val()) << 3_u64)
                        | bit_cast::<6, 3>(self.pc.val());
                }
            }
        }
        for j in 52..64 {
            self.key[63 + j].next = 0_u64.into();
        }
        for j in 0..64 {
            self.pos[63 + j].next = self.k_pos[j].val();
        }
        // The tree, leaves up (node 62 down to 0); the left child keeps a tie.
        for m in 0..63 {
            self.key[62 - m].next = self.key[2 * (62 - m) + 1].val();
            self.pos[62 - m].next = self.pos[2 * (62 - m) + 1].val();
            if self.key[2 * (62 - m) + 2].val() > self.key[2 * (62 - m) + 1].val() {
                self.key[62 - m].next = self.key[2 * (62 - m) + 2].val();
                self.pos[62 - m].next = self.pos[2 * (62 - m) + 2].val();
            }
        }
        self.level.next = self.key[0].val().get_bits::<3>(3);
        self.count.next = self.key[0].val().get_bits::<3>(0);
        self.dir.next = self.pos[0].val().get_bits::<2>(4);
        self.index.next = self.pos[0].val().get_bits::<4>(0);
    }
}
