//! Legal Move Checker (paper section 3.1): all legal moves of `p` against `o`, a 64-bit mask.
//!
//! ```text
//!  p[64] ---->+-------------+
//!  o[64] ---->| LegalMoves  |----> moves[64]
//!             +-------------+
//! ```
//!
//! Combinational, 0 cycles. The paper writes each square's legality as a sum of products over
//! the runs "opponent discs then own disc" in 8 directions (its length-8 checker, Table 2).
//! The same function is built here per direction for all squares at once: the run of
//! opponent discs adjacent to own discs is grown 6 steps along the direction, and one more
//! step onto an empty square is a legal move. Model: `model::othello::legal_moves`.

use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct LegalMoves {
    pub p: Signal<In, Bits<64>>,
    pub o: Signal<In, Bits<64>>,
    pub moves: Signal<Out, Bits<64>>,
    empty: Signal<Local, Bits<64>>,
    t: Signal<Local, Bits<64>>,
    acc: Signal<Local, Bits<64>>,
}

impl Logic for LegalMoves {
    #[hdl_gen]
    fn update(&mut self) {
        self.empty.next = !(self.p.val() | self.o.val());
        self.acc.next = 0_u64.into();
        // east (+1), masked off column a after the shift
        self.t.next = (self.p.val() << 1_u64) & 0xFEFE_FEFE_FEFE_FEFE_u64 & self.o.val();
        for _i in 0..5 {
            self.t.next =
                self.t.val() | ((self.t.val() << 1_u64) & 0xFEFE_FEFE_FEFE_FEFE_u64 & self.o.val());
        }
        self.acc.next = self.acc.val()
            | ((self.t.val() << 1_u64) & 0xFEFE_FEFE_FEFE_FEFE_u64 & self.empty.val());
        // west (-1), masked off column h
        self.t.next = (self.p.val() >> 1_u64) & 0x7F7F_7F7F_7F7F_7F7F_u64 & self.o.val();
        for _i in 0..5 {
            self.t.next =
                self.t.val() | ((self.t.val() >> 1_u64) & 0x7F7F_7F7F_7F7F_7F7F_u64 & self.o.val());
        }
        self.acc.next = self.acc.val()
            | ((self.t.val() >> 1_u64) & 0x7F7F_7F7F_7F7F_7F7F_u64 & self.empty.val());
        // north (+8)
        self.t.next = (self.p.val() << 8_u64) & self.o.val();
        for _i in 0..5 {
            self.t.next = self.t.val() | ((self.t.val() << 8_u64) & self.o.val());
        }
        self.acc.next = self.acc.val() | ((self.t.val() << 8_u64) & self.empty.val());
        // south (-8)
        self.t.next = (self.p.val() >> 8_u64) & self.o.val();
        for _i in 0..5 {
            self.t.next = self.t.val() | ((self.t.val() >> 8_u64) & self.o.val());
        }
        self.acc.next = self.acc.val() | ((self.t.val() >> 8_u64) & self.empty.val());
        // north-east (+9)
        self.t.next = (self.p.val() << 9_u64) & 0xFEFE_FEFE_FEFE_FEFE_u64 & self.o.val();
        for _i in 0..5 {
            self.t.next =
                self.t.val() | ((self.t.val() << 9_u64) & 0xFEFE_FEFE_FEFE_FEFE_u64 & self.o.val());
        }
        self.acc.next = self.acc.val()
            | ((self.t.val() << 9_u64) & 0xFEFE_FEFE_FEFE_FEFE_u64 & self.empty.val());
        // north-west (+7)
        self.t.next = (self.p.val() << 7_u64) & 0x7F7F_7F7F_7F7F_7F7F_u64 & self.o.val();
        for _i in 0..5 {
            self.t.next =
                self.t.val() | ((self.t.val() << 7_u64) & 0x7F7F_7F7F_7F7F_7F7F_u64 & self.o.val());
        }
        self.acc.next = self.acc.val()
            | ((self.t.val() << 7_u64) & 0x7F7F_7F7F_7F7F_7F7F_u64 & self.empty.val());
        // south-east (-7)
        self.t.next = (self.p.val() >> 7_u64) & 0xFEFE_FEFE_FEFE_FEFE_u64 & self.o.val();
        for _i in 0..5 {
            self.t.next =
                self.t.val() | ((self.t.val() >> 7_u64) & 0xFEFE_FEFE_FEFE_FEFE_u64 & self.o.val());
        }
        self.acc.next = self.acc.val()
            | ((self.t.val() >> 7_u64) & 0xFEFE_FEFE_FEFE_FEFE_u64 & self.empty.val());
        // south-west (-9)
        self.t.next = (self.p.val() >> 9_u64) & 0x7F7F_7F7F_7F7F_7F7F_u64 & self.o.val();
        for _i in 0..5 {
            self.t.next =
                self.t.val() | ((self.t.val() >> 9_u64) & 0x7F7F_7F7F_7F7F_7F7F_u64 & self.o.val());
        }
        self.acc.next = self.acc.val()
            | ((self.t.val() >> 9_u64) & 0x7F7F_7F7F_7F7F_7F7F_u64 & self.empty.val());
        self.moves.next = self.acc.val();
    }
}
