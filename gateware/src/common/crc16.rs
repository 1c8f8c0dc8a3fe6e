//! CRC-16/CCITT-FALSE over one byte, combinational (the 8 shift steps unrolled).
//!
//! `crc_out = model::link::crc16_update(crc_in, data)`; 0 cycles. Used by the link engine's
//! receiver and transmitter. Implements the CRC defined once in `model::link`.

use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct Crc16Byte {
    pub crc_in: Signal<In, Bits<16>>,
    pub data: Signal<In, Bits<8>>,
    pub crc_out: Signal<Out, Bits<16>>,
    c: Signal<Local, Bits<16>>,
}

impl Logic for Crc16Byte {
    #[hdl_gen]
    fn update(&mut self) {
        self.c.next = self.crc_in.val() ^ (bit_cast::<16, 8>(self.data.val()) << 8_u64);
        for _i in 0..8 {
            if self.c.val().get_bit(15) {
                self.c.next = (self.c.val() << 1_u64) ^ 0x1021_u64;
            } else {
                self.c.next = self.c.val() << 1_u64;
            }
        }
        self.crc_out.next = self.c.val();
    }
}
