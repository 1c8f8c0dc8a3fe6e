//! The write bus (paper section 4.1): a piece word is sent to every square, and only the
//! squares picked by the select lines write it into their piece registers. Four write ports,
//! applied in order, make or unmake any move in one cycle: the two squares of the move, and
//! for the exceptional moves the en passant pawn's square or the castling rook's two squares.
//! Squares that no port selects keep their register, and no register is read here.
//!
//! Combinational, 0 cycles (the registers it feeds are clocked by the perft FSM). A word is
//! the 6-bit extended piece word `c o d k p n` (bit 0 colour .. bit 5 knight); the empty
//! square is 0. Model: `model::chess::Position::play` through the test bench's plane
//! conversion.

use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct WriteBus {
    pub col: Signal<In, Bits<64>>,
    pub orth: Signal<In, Bits<64>>,
    pub diag: Signal<In, Bits<64>>,
    pub king: Signal<In, Bits<64>>,
    pub pawn: Signal<In, Bits<64>>,
    pub knight: Signal<In, Bits<64>>,
    /// Port k writes `word_k` into square `sel_k` when `en_k`.
    pub sel0: Signal<In, Bits<6>>,
    pub word0: Signal<In, Bits<6>>,
    pub en0: Signal<In, Bit>,
    pub sel1: Signal<In, Bits<6>>,
    pub word1: Signal<In, Bits<6>>,
    pub en1: Signal<In, Bit>,
    pub sel2: Signal<In, Bits<6>>,
    pub word2: Signal<In, Bits<6>>,
    pub en2: Signal<In, Bit>,
    pub sel3: Signal<In, Bits<6>>,
    pub word3: Signal<In, Bits<6>>,
    pub en3: Signal<In, Bit>,
    pub new_col: Signal<Out, Bits<64>>,
    pub new_orth: Signal<Out, Bits<64>>,
    pub new_diag: Signal<Out, Bits<64>>,
    pub new_king: Signal<Out, Bits<64>>,
    pub new_pawn: Signal<Out, Bits<64>>,
    pub new_knight: Signal<Out, Bits<64>>,
    k_one: Constant<Bits<64>>,
    sel: [Signal<Local, Bits<64>>; 4],
    word: [Signal<Local, Bits<6>>; 4],
    plane: [Signal<Local, Bits<64>>; 6],
}

impl Default for WriteBus {
    fn default() -> Self {
        WriteBus {
            col: Default::default(),
            orth: Default::default(),
            diag: Default::default(),
            king: Default::default(),
            pawn: Default::default(),
            knight: Default::default(),
            sel0: Default::default(),
            word0: Default::default(),
            en0: Default::default(),
            sel1: Default::default(),
            word1: Default::default(),
            en1: Default::default(),
            sel2: Default::default(),
            word2: Default::default(),
            en2: Default::default(),
            sel3: Default::default(),
            word3: Default::default(),
            en3: Default::default(),
            new_col: Default::default(),
            new_orth: Default::default(),
            new_diag: Default::default(),
            new_king: Default::default(),
            new_pawn: Default::default(),
            new_knight: Default::default(),
            k_one: Constant::new(1_u64.into()),
            sel: Default::default(),
            word: Default::default(),
            plane: Default::default(),
        }
    }
}

impl Logic for WriteBus {
    #[hdl_gen]
    fn update(&mut self) {
        // The select lines, one-hot (0 when the port is off).
        self.sel[0].next = 0_u64.into();
        self.sel[1].next = 0_u64.into();
        self.sel[2].next = 0_u64.into();
        self.sel[3].next = 0_u64.into();
        if self.en0.val() {
            self.sel[0].next = self.k_one.val() << self.sel0.val();
        }
        if self.en1.val() {
            self.sel[1].next = self.k_one.val() << self.sel1.val();
        }
        if self.en2.val() {
            self.sel[2].next = self.k_one.val() << self.sel2.val();
        }
        if self.en3.val() {
            self.sel[3].next = self.k_one.val() << self.sel3.val();
        }
        self.word[0].next = self.word0.val();
        self.word[1].next = self.word1.val();
        self.word[2].next = self.word2.val();
        self.word[3].next = self.word3.val();
        self.plane[0].next = self.col.val();
        self.plane[1].next = self.orth.val();
        self.plane[2].next = self.diag.val();
        self.plane[3].next = self.king.val();
        self.plane[4].next = self.pawn.val();
        self.plane[5].next = self.knight.val();
        for k in 0..4 {
            for i in 0..6 {
                self.plane[i].next = self.plane[i].val() & !self.sel[k].val();
                if self.word[k].val().get_bit(i) {
                    self.plane[i].next = self.plane[i].val() | self.sel[k].val();
                }
            }
        }
        self.new_col.next = self.plane[0].val();
        self.new_orth.next = self.plane[1].val();
        self.new_diag.next = self.plane[2].val();
        self.new_king.next = self.plane[3].val();
        self.new_pawn.next = self.plane[4].val();
        self.new_knight.next = self.plane[5].val();
    }
}
