//! Disc Flipper (paper section 3.2): the discs of `o` flipped when `p` plays the one-hot
//! square `m`.
//!
//! ```text
//!  p[64] ---->+-----------+
//!  o[64] ---->|  Flipper  |----> flips[64]
//!  m[64] ---->+-----------+      (one-hot move in; the caller forms the new board)
//! ```
//!
//! Combinational, 0 cycles (the paper's design took several cycles; its future-work section
//! asks for this fully combinational one). Per direction, the paper's three phases: the
//! forward signal runs from the new disc over opponent discs (`line`), the backward signal
//! exists when the square after the run holds an own disc, and the flip phase takes the run.
//! The move comes one-hot from the move selector, so no square decoder sits on the path.
//! Model: `model::othello::flips`.

use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct Flipper {
    pub p: Signal<In, Bits<64>>,
    pub o: Signal<In, Bits<64>>,
    pub m: Signal<In, Bits<64>>,
    pub flips: Signal<Out, Bits<64>>,
    x: Signal<Local, Bits<64>>,
    line: Signal<Local, Bits<64>>,
    acc: Signal<Local, Bits<64>>,
}

impl Logic for Flipper {
    #[hdl_gen]
    fn update(&mut self) {
        self.acc.next = 0_u64.into();
        // east: forward run of opponent discs, then the square after it must be own
        self.x.next = ((self.m.val() << 1_u64) & 0xFEFE_FEFE_FEFE_FEFE_u64) & self.o.val();
        self.line.next = self.x.val();
        for _i in 0..5 {
            self.x.next = ((self.x.val() << 1_u64) & 0xFEFE_FEFE_FEFE_FEFE_u64) & self.o.val();
            self.line.next = self.line.val() | self.x.val();
        }
        if (((self.line.val() << 1_u64) & 0xFEFE_FEFE_FEFE_FEFE_u64) & self.p.val()).any() {
            self.acc.next = self.acc.val() | self.line.val();
        }
        // west: forward run of opponent discs, then the square after it must be own
        self.x.next = ((self.m.val() >> 1_u64) & 0x7F7F_7F7F_7F7F_7F7F_u64) & self.o.val();
        self.line.next = self.x.val();
        for _i in 0..5 {
            self.x.next = ((self.x.val() >> 1_u64) & 0x7F7F_7F7F_7F7F_7F7F_u64) & self.o.val();
            self.line.next = self.line.val() | self.x.val();
        }
        if (((self.line.val() >> 1_u64) & 0x7F7F_7F7F_7F7F_7F7F_u64) & self.p.val()).any() {
            self.acc.next = self.acc.val() | self.line.val();
        }
        // north: forward run of opponent discs, then the square after it must be own
        self.x.next = (self.m.val() << 8_u64) & self.o.val();
        self.line.next = self.x.val();
        for _i in 0..5 {
            self.x.next = (self.x.val() << 8_u64) & self.o.val();
            self.line.next = self.line.val() | self.x.val();
        }
        if ((self.line.val() << 8_u64) & self.p.val()).any() {
            self.acc.next = self.acc.val() | self.line.val();
        }
        // south: forward run of opponent discs, then the square after it must be own
        self.x.next = (self.m.val() >> 8_u64) & self.o.val();
        self.line.next = self.x.val();
        for _i in 0..5 {
            self.x.next = (self.x.val() >> 8_u64) & self.o.val();
            self.line.next = self.line.val() | self.x.val();
        }
        if ((self.line.val() >> 8_u64) & self.p.val()).any() {
            self.acc.next = self.acc.val() | self.line.val();
        }
        // north-east: forward run of opponent discs, then the square after it must be own
        self.x.next = ((self.m.val() << 9_u64) & 0xFEFE_FEFE_FEFE_FEFE_u64) & self.o.val();
        self.line.next = self.x.val();
        for _i in 0..5 {
            self.x.next = ((self.x.val() << 9_u64) & 0xFEFE_FEFE_FEFE_FEFE_u64) & self.o.val();
            self.line.next = self.line.val() | self.x.val();
        }
        if (((self.line.val() << 9_u64) & 0xFEFE_FEFE_FEFE_FEFE_u64) & self.p.val()).any() {
            self.acc.next = self.acc.val() | self.line.val();
        }
        // north-west: forward run of opponent discs, then the square after it must be own
        self.x.next = ((self.m.val() << 7_u64) & 0x7F7F_7F7F_7F7F_7F7F_u64) & self.o.val();
        self.line.next = self.x.val();
        for _i in 0..5 {
            self.x.next = ((self.x.val() << 7_u64) & 0x7F7F_7F7F_7F7F_7F7F_u64) & self.o.val();
            self.line.next = self.line.val() | self.x.val();
        }
        if (((self.line.val() << 7_u64) & 0x7F7F_7F7F_7F7F_7F7F_u64) & self.p.val()).any() {
            self.acc.next = self.acc.val() | self.line.val();
        }
        // south-east: forward run of opponent discs, then the square after it must be own
        self.x.next = ((self.m.val() >> 7_u64) & 0xFEFE_FEFE_FEFE_FEFE_u64) & self.o.val();
        self.line.next = self.x.val();
        for _i in 0..5 {
            self.x.next = ((self.x.val() >> 7_u64) & 0xFEFE_FEFE_FEFE_FEFE_u64) & self.o.val();
            self.line.next = self.line.val() | self.x.val();
        }
        if (((self.line.val() >> 7_u64) & 0xFEFE_FEFE_FEFE_FEFE_u64) & self.p.val()).any() {
            self.acc.next = self.acc.val() | self.line.val();
        }
        // south-west: forward run of opponent discs, then the square after it must be own
        self.x.next = ((self.m.val() >> 9_u64) & 0x7F7F_7F7F_7F7F_7F7F_u64) & self.o.val();
        self.line.next = self.x.val();
        for _i in 0..5 {
            self.x.next = ((self.x.val() >> 9_u64) & 0x7F7F_7F7F_7F7F_7F7F_u64) & self.o.val();
            self.line.next = self.line.val() | self.x.val();
        }
        if (((self.line.val() >> 9_u64) & 0x7F7F_7F7F_7F7F_7F7F_u64) & self.p.val()).any() {
            self.acc.next = self.acc.val() | self.line.val();
        }
        self.flips.next = self.acc.val();
    }
}
