//! Link engine: the device side of the link protocol (`model::link`, `docs/protocol.md`).
//!
//! ```text
//!                 +--------------+
//!  rx_data[8] --->|              |---> tx_data[8], tx_start      to UartTx (tx_ready back)
//!  rx_valid ----->|  LinkEngine  |
//!                 |              |---> cmd_valid (strobe), cmd_op[8], cmd_len[8], cmd_payload[256]
//!                 |              |<--- rsp_valid (strobe), rsp_error, rsp_code[8],
//!                 |              |     rsp_len[8], rsp_payload[256]            from the core
//!                 +--------------+---> frames[8]  count of good frames (for LEDs)
//! ```
//!
//! Every received byte goes into a receive buffer (block RAM, `RX_BUFFER_LEN` bytes) and the
//! decoder reads it from there, one byte every two cycles, keeping the current candidate
//! frame's bytes from its SOF on. So it can restart one byte after a candidate that fails
//! (impossible LEN, bad CRC, or incomplete when the line goes quiet for
//! `RX_TIMEOUT_BIT_TIMES`): a garbage SOF never hides the real frame behind it. Bytes arriving
//! while an answer is sent wait in the buffer. The decoding rules, in order, are those of the
//! reference model `model::link_device`. A good frame whose (SEQ, CRC) equals the last
//! executed request's is answered from the answer cache without reaching the core (a host
//! retry never runs a command twice; a new host session's `SESSION` nonce makes its requests
//! differ from an older session's). `IDENTIFY` and `SESSION` are answered here; every other
//! command goes to the core, which must strobe `rsp_valid` within `CORE_ANSWER_CYCLES` of
//! `cmd_valid` (else `CORE_TIMEOUT`; a later strobe is ignored). A bad CRC is answered with an
//! error frame that is not cached. Payload bytes are little-endian packed: byte i is bits
//! `8i+7..8i`.
//!
//! Cycles: a command reaches the core 5 cycles after the last CRC byte's `rx_valid` (buffer
//! write, read, decode, check, strobe); the core's answer is registered, and the answer's
//! first byte starts 2 cycles after the core's `rsp_valid`.

use super::Crc16Byte;
use model::link::{self, err, op, PAYLOAD_BITS};

/// Address bits of the receive buffer.
const RX_BUFFER_BITS: usize = 7;
const _: () = assert!(1 << RX_BUFFER_BITS == link::RX_BUFFER_LEN);
use rust_hdl::prelude::*;

#[derive(Copy, Clone, PartialEq, Debug, LogicState)]
pub enum LinkState {
    Hunt,
    Len,
    Seq,
    Op,
    Payload,
    CrcHi,
    CrcLo,
    Check,
    WaitCore,
    Send,
}

/// Packs bytes little-endian into a payload-wide bit vector.
pub fn bytes_to_bits(bytes: &[u8]) -> Bits<PAYLOAD_BITS> {
    let mut b = Bits::<PAYLOAD_BITS>::default();
    for (i, byte) in bytes.iter().enumerate().take(PAYLOAD_BITS / 8) {
        for k in 0..8 {
            b = b.replace_bit(i * 8 + k, byte & (1 << k) != 0);
        }
    }
    b
}

/// Unpacks the first `len` bytes of a payload-wide bit vector.
pub fn bits_to_bytes(b: Bits<PAYLOAD_BITS>, len: usize) -> Vec<u8> {
    (0..len.min(PAYLOAD_BITS / 8))
        .map(|i| (0..8).fold(0u8, |acc, k| acc | ((b.get_bit(i * 8 + k) as u8) << k)))
        .collect()
}

#[derive(LogicBlock)]
pub struct LinkEngine {
    pub clock: Signal<In, Clock>,
    pub rx_data: Signal<In, Bits<8>>,
    pub rx_valid: Signal<In, Bit>,
    pub tx_data: Signal<Out, Bits<8>>,
    pub tx_start: Signal<Out, Bit>,
    pub tx_ready: Signal<In, Bit>,
    pub cmd_valid: Signal<Out, Bit>,
    pub cmd_op: Signal<Out, Bits<8>>,
    pub cmd_len: Signal<Out, Bits<8>>,
    pub cmd_payload: Signal<Out, Bits<PAYLOAD_BITS>>,
    pub rsp_valid: Signal<In, Bit>,
    pub rsp_error: Signal<In, Bit>,
    pub rsp_code: Signal<In, Bits<8>>,
    pub rsp_len: Signal<In, Bits<8>>,
    pub rsp_payload: Signal<In, Bits<PAYLOAD_BITS>>,
    pub frames: Signal<Out, Bits<8>>,
    // Protocol constants, all taken from model::link.
    k_sof: Constant<Bits<8>>,
    k_max_len: Constant<Bits<8>>,
    k_response: Constant<Bits<8>>,
    k_op_identify: Constant<Bits<8>>,
    k_op_session: Constant<Bits<8>>,
    k_session_len: Constant<Bits<8>>,
    k_op_error: Constant<Bits<8>>,
    k_err_bad_crc: Constant<Bits<8>>,
    k_err_bad_length: Constant<Bits<8>>,
    k_err_core_timeout: Constant<Bits<8>>,
    k_crc_init: Constant<Bits<16>>,
    k_rx_timeout: Constant<Bits<32>>,
    k_core_timeout: Constant<Bits<16>>,
    k_identity: Constant<Bits<PAYLOAD_BITS>>,
    k_identity_len: Constant<Bits<8>>,
    rx_buf: RAM<Bits<8>, RX_BUFFER_BITS>,
    rx_crc: Crc16Byte,
    tx_crc_calc: Crc16Byte,
    state: DFF<LinkState>,
    wp: DFF<Bits<RX_BUFFER_BITS>>,
    rp: DFF<Bits<RX_BUFFER_BITS>>,
    base: DFF<Bits<RX_BUFFER_BITS>>,
    fetch: DFF<Bit>,
    fetch_at: DFF<Bits<RX_BUFFER_BITS>>,
    flush: DFF<Bit>,
    len: DFF<Bits<8>>,
    seq: DFF<Bits<8>>,
    opc: DFF<Bits<8>>,
    idx: DFF<Bits<8>>,
    crc: DFF<Bits<16>>,
    crc_hi: DFF<Bits<8>>,
    good: DFF<Bit>,
    rxbuf: DFF<Bits<PAYLOAD_BITS>>,
    timer: DFF<Bits<32>>,
    core_wait: DFF<Bits<16>>,
    cmd_strobe: DFF<Bit>,
    cache_valid: DFF<Bit>,
    cache_seq: DFF<Bits<8>>,
    cache_crc: DFF<Bits<16>>,
    rsp_valid_q: DFF<Bit>,
    rsp_error_q: DFF<Bit>,
    rsp_code_q: DFF<Bits<8>>,
    rsp_len_q: DFF<Bits<8>>,
    rsp_payload_q: DFF<Bits<PAYLOAD_BITS>>,
    cache_op: DFF<Bits<8>>,
    cache_len: DFF<Bits<8>>,
    cache_payload: DFF<Bits<PAYLOAD_BITS>>,
    tx_seq: DFF<Bits<8>>,
    tx_op: DFF<Bits<8>>,
    tx_len: DFF<Bits<8>>,
    txbuf: DFF<Bits<PAYLOAD_BITS>>,
    tx_pos: DFF<Bits<8>>,
    tx_crc: DFF<Bits<16>>,
    nframes: DFF<Bits<8>>,
    // Combinational temporaries.
    in_valid: Signal<Local, Bit>,
    in_data: Signal<Local, Bits<8>>,
    receiving: Signal<Local, Bit>,
    mid_frame: Signal<Local, Bit>,
    rescan: Signal<Local, Bit>,
    ans_go: Signal<Local, Bit>,
    ans_cache: Signal<Local, Bit>,
    ans_op: Signal<Local, Bits<8>>,
    ans_len: Signal<Local, Bits<8>>,
    ans_payload: Signal<Local, Bits<PAYLOAD_BITS>>,
    tb: Signal<Local, Bits<8>>,
}

impl LinkEngine {
    /// `identity`: the `IDENTIFY` answer; `rx_timeout_cycles`: idle cycles before a half frame
    /// is dropped (`CoreParams::rx_timeout_cycles`).
    pub fn new(identity: &link::Identity, rx_timeout_cycles: u64) -> Self {
        let id = identity.encode();
        let k8 = |v: u8| Constant::new((v as u64).into());
        Self {
            clock: Default::default(),
            rx_data: Default::default(),
            rx_valid: Default::default(),
            tx_data: Default::default(),
            tx_start: Default::default(),
            tx_ready: Default::default(),
            cmd_valid: Default::default(),
            cmd_op: Default::default(),
            cmd_len: Default::default(),
            cmd_payload: Default::default(),
            rsp_valid: Default::default(),
            rsp_error: Default::default(),
            rsp_code: Default::default(),
            rsp_len: Default::default(),
            rsp_payload: Default::default(),
            frames: Default::default(),
            k_sof: k8(link::SOF),
            k_max_len: k8(link::MAX_PAYLOAD as u8),
            k_response: k8(link::RESPONSE),
            k_op_identify: k8(op::IDENTIFY),
            k_op_session: k8(op::SESSION),
            k_session_len: k8(link::SESSION_NONCE_LEN as u8),
            k_op_error: k8(op::ERROR),
            k_err_bad_crc: k8(err::BAD_CRC),
            k_err_bad_length: k8(err::BAD_LENGTH),
            k_err_core_timeout: k8(err::CORE_TIMEOUT),
            k_crc_init: Constant::new((link::CRC_INIT as u64).into()),
            k_rx_timeout: Constant::new(rx_timeout_cycles.min(u32::MAX as u64).into()),
            // The core's answer is registered: seen one cycle after its strobe.
            k_core_timeout: Constant::new((link::CORE_ANSWER_CYCLES + 1).into()),
            k_identity: Constant::new(bytes_to_bits(&id)),
            k_identity_len: k8(id.len() as u8),
            rx_buf: Default::default(),
            rx_crc: Default::default(),
            tx_crc_calc: Default::default(),
            state: Default::default(),
            wp: Default::default(),
            rp: Default::default(),
            base: Default::default(),
            fetch: Default::default(),
            fetch_at: Default::default(),
            flush: Default::default(),
            len: Default::default(),
            seq: Default::default(),
            opc: Default::default(),
            idx: Default::default(),
            crc: Default::default(),
            crc_hi: Default::default(),
            good: Default::default(),
            rxbuf: Default::default(),
            timer: Default::default(),
            core_wait: Default::default(),
            cmd_strobe: Default::default(),
            cache_valid: Default::default(),
            cache_seq: Default::default(),
            cache_crc: Default::default(),
            rsp_valid_q: Default::default(),
            rsp_error_q: Default::default(),
            rsp_code_q: Default::default(),
            rsp_len_q: Default::default(),
            rsp_payload_q: Default::default(),
            cache_op: Default::default(),
            cache_len: Default::default(),
            cache_payload: Default::default(),
            tx_seq: Default::default(),
            tx_op: Default::default(),
            tx_len: Default::default(),
            txbuf: Default::default(),
            tx_pos: Default::default(),
            tx_crc: Default::default(),
            nframes: Default::default(),
            in_valid: Default::default(),
            in_data: Default::default(),
            receiving: Default::default(),
            mid_frame: Default::default(),
            rescan: Default::default(),
            ans_go: Default::default(),
            ans_cache: Default::default(),
            ans_op: Default::default(),
            ans_len: Default::default(),
            ans_payload: Default::default(),
            tb: Default::default(),
        }
    }
}

impl Logic for LinkEngine {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            state,
            wp,
            rp,
            base,
            fetch,
            fetch_at,
            flush,
            len,
            seq,
            opc,
            idx,
            crc,
            crc_hi,
            good,
            rxbuf,
            timer,
            core_wait,
            cmd_strobe,
            cache_valid,
            cache_seq,
            cache_crc,
            rsp_valid_q,
            rsp_error_q,
            rsp_code_q,
            rsp_len_q,
            rsp_payload_q,
            cache_op,
            cache_len,
            cache_payload,
            tx_seq,
            tx_op,
            tx_len,
            txbuf,
            tx_pos,
            tx_crc,
            nframes
        );
        // Defaults.
        self.cmd_strobe.d.next = false;
        self.tx_start.next = false;
        self.ans_go.next = false;
        self.ans_cache.next = false;
        self.ans_op.next = self.k_op_error.val();
        self.ans_len.next = 2_u64.into();
        self.ans_payload.next = bit_cast::<PAYLOAD_BITS, 8>(self.k_err_core_timeout.val())
            | (bit_cast::<PAYLOAD_BITS, 8>(self.opc.q.val()) << 8_u64);
        self.frames.next = self.nframes.q.val();
        self.cmd_valid.next = self.cmd_strobe.q.val();
        self.cmd_op.next = self.opc.q.val();
        self.cmd_len.next = self.len.q.val();
        self.cmd_payload.next = self.rxbuf.q.val();
        self.rescan.next = false;
        // The core's answer, registered (it is a long combinational path from cmd_* through
        // the core; the engine answers one cycle later and nothing else changes).
        self.rsp_valid_q.d.next = self.rsp_valid.val();
        self.rsp_error_q.d.next = self.rsp_error.val();
        self.rsp_code_q.d.next = self.rsp_code.val();
        self.rsp_len_q.d.next = self.rsp_len.val();
        self.rsp_payload_q.d.next = self.rsp_payload.val();

        // --- Receive buffer: every UART byte is written at wp unless the buffer is full (the
        // oldest byte still needed is at base). A new byte ends a flush (see the timeout).
        self.rx_buf.write_clock.next = self.clock.val();
        self.rx_buf.read_clock.next = self.clock.val();
        self.rx_buf.write_address.next = self.wp.q.val();
        self.rx_buf.write_data.next = self.rx_data.val();
        self.rx_buf.write_enable.next = false;
        if self.rx_valid.val() & ((self.wp.q.val() + 1_u64) != self.base.q.val()) {
            self.rx_buf.write_enable.next = true;
            self.wp.d.next = self.wp.q.val() + 1_u64;
            self.flush.d.next = false;
        }
        // The decoder's input: the byte at rp, read the cycle before (one byte per two cycles,
        // so a restart needs no read in flight to be cancelled).
        self.receiving.next = (self.state.q.val() == LinkState::Hunt)
            | (self.state.q.val() == LinkState::Len)
            | (self.state.q.val() == LinkState::Seq)
            | (self.state.q.val() == LinkState::Op)
            | (self.state.q.val() == LinkState::Payload)
            | (self.state.q.val() == LinkState::CrcHi)
            | (self.state.q.val() == LinkState::CrcLo);
        self.mid_frame.next = self.receiving.val() & (self.state.q.val() != LinkState::Hunt);
        self.rx_buf.read_address.next = self.rp.q.val();
        self.fetch.d.next = false;
        if self.receiving.val() & !self.fetch.q.val() & (self.rp.q.val() != self.wp.q.val()) {
            self.fetch.d.next = true;
            self.fetch_at.d.next = self.rp.q.val();
            self.rp.d.next = self.rp.q.val() + 1_u64;
        }
        self.in_valid.next = self.fetch.q.val();
        self.in_data.next = self.rx_buf.read_data.val();
        self.rx_crc.crc_in.next = self.crc.q.val();
        self.rx_crc.data.next = self.in_data.val();

        // --- Receive timeout: when a candidate waits for bytes and the line has been quiet for
        // k_rx_timeout cycles, drop it and decode again from the byte after its SOF; until the
        // next byte arrives (flush), every candidate that runs out of bytes is dropped at once.
        self.timer.d.next = 0_u64.into();
        if self.mid_frame.val()
            & !self.fetch.q.val()
            & (self.rp.q.val() == self.wp.q.val())
            & !self.rx_valid.val()
        {
            self.timer.d.next = self.timer.q.val() + 1_u64;
            if self.flush.q.val() {
                self.rescan.next = true;
            } else if self.timer.q.val() == self.k_rx_timeout.val() {
                self.rescan.next = true;
                self.flush.d.next = true;
            }
        }

        // Byte to send in state Send (also the input of the transmit CRC).
        if self.tx_pos.q.val() == 0_u64 {
            self.tb.next = self.k_sof.val();
        } else if self.tx_pos.q.val() == 1_u64 {
            self.tb.next = self.tx_len.q.val();
        } else if self.tx_pos.q.val() == 2_u64 {
            self.tb.next = self.tx_seq.q.val();
        } else if self.tx_pos.q.val() == 3_u64 {
            self.tb.next = self.tx_op.q.val();
        } else if self.tx_pos.q.val() < (self.tx_len.q.val() + 4_u64) {
            self.tb.next = self.txbuf.q.val().get_bits::<8>(0);
        } else if self.tx_pos.q.val() == (self.tx_len.q.val() + 4_u64) {
            self.tb.next = self.tx_crc.q.val().get_bits::<8>(8);
        } else {
            self.tb.next = self.tx_crc.q.val().get_bits::<8>(0);
        }
        self.tx_data.next = self.tb.val();
        self.tx_crc_calc.crc_in.next = self.tx_crc.q.val();
        self.tx_crc_calc.data.next = self.tb.val();

        match self.state.q.val() {
            LinkState::Hunt => {
                if self.in_valid.val() {
                    if self.in_data.val() == self.k_sof.val() {
                        self.base.d.next = self.fetch_at.q.val();
                        self.crc.d.next = self.k_crc_init.val();
                        self.state.d.next = LinkState::Len;
                    } else {
                        self.base.d.next = self.fetch_at.q.val() + 1_u64;
                    }
                }
            }
            LinkState::Len => {
                if self.in_valid.val() {
                    if self.in_data.val() > self.k_max_len.val() {
                        // Not a frame's SOF: decode again from the byte after it.
                        self.rescan.next = true;
                    } else {
                        self.len.d.next = self.in_data.val();
                        self.crc.d.next = self.rx_crc.crc_out.val();
                        self.state.d.next = LinkState::Seq;
                    }
                }
            }
            LinkState::Seq => {
                if self.in_valid.val() {
                    self.seq.d.next = self.in_data.val();
                    self.crc.d.next = self.rx_crc.crc_out.val();
                    self.state.d.next = LinkState::Op;
                }
            }
            LinkState::Op => {
                if self.in_valid.val() {
                    self.opc.d.next = self.in_data.val();
                    self.crc.d.next = self.rx_crc.crc_out.val();
                    self.idx.d.next = 0_u64.into();
                    self.rxbuf.d.next = 0_u64.into();
                    if self.len.q.val() == 0_u64 {
                        self.state.d.next = LinkState::CrcHi;
                    } else {
                        self.state.d.next = LinkState::Payload;
                    }
                }
            }
            LinkState::Payload => {
                if self.in_valid.val() {
                    self.rxbuf.d.next = self.rxbuf.q.val()
                        | (bit_cast::<PAYLOAD_BITS, 8>(self.in_data.val())
                            << (bit_cast::<16, 8>(self.idx.q.val()) << 3_u64));
                    self.crc.d.next = self.rx_crc.crc_out.val();
                    self.idx.d.next = self.idx.q.val() + 1_u64;
                    if (self.idx.q.val() + 1_u64) == self.len.q.val() {
                        self.state.d.next = LinkState::CrcHi;
                    }
                }
            }
            LinkState::CrcHi => {
                if self.in_valid.val() {
                    self.crc_hi.d.next = self.in_data.val();
                    self.state.d.next = LinkState::CrcLo;
                }
            }
            LinkState::CrcLo => {
                if self.in_valid.val() {
                    self.good.d.next = (self.crc_hi.q.val() == self.crc.q.val().get_bits::<8>(8))
                        & (self.in_data.val() == self.crc.q.val().get_bits::<8>(0));
                    self.state.d.next = LinkState::Check;
                }
            }
            LinkState::Check => {
                if !self.good.q.val() {
                    // Bad CRC: error frame, not cached; decode again from the byte after SOF.
                    self.ans_go.next = true;
                    self.ans_payload.next = bit_cast::<PAYLOAD_BITS, 8>(self.k_err_bad_crc.val())
                        | (bit_cast::<PAYLOAD_BITS, 8>(self.opc.q.val()) << 8_u64);
                    self.rescan.next = true;
                } else {
                    // The frame's bytes are used up.
                    self.base.d.next = self.rp.q.val();
                    self.nframes.d.next = self.nframes.q.val() + 1_u64;
                    if self.cache_valid.q.val()
                        & (self.cache_seq.q.val() == self.seq.q.val())
                        & (self.cache_crc.q.val() == self.crc.q.val())
                    {
                        // Repeated SEQ: the cached answer again (cache regs feed ans_* below).
                        self.ans_go.next = true;
                        self.ans_op.next = self.cache_op.q.val();
                        self.ans_len.next = self.cache_len.q.val();
                        self.ans_payload.next = self.cache_payload.q.val();
                    } else if (self.opc.q.val() == self.k_op_identify.val())
                        | (self.opc.q.val() == self.k_op_session.val())
                    {
                        // Answered here: the identity, or the session nonce echoed.
                        self.ans_go.next = true;
                        self.ans_cache.next = true;
                        self.ans_op.next = self.opc.q.val() | self.k_response.val();
                        if (self.opc.q.val() == self.k_op_identify.val())
                            & (self.len.q.val() == 0_u64)
                        {
                            self.ans_len.next = self.k_identity_len.val();
                            self.ans_payload.next = self.k_identity.val();
                        } else if (self.opc.q.val() == self.k_op_session.val())
                            & (self.len.q.val() == self.k_session_len.val())
                        {
                            self.ans_len.next = self.k_session_len.val();
                            self.ans_payload.next = self.rxbuf.q.val();
                        } else {
                            self.ans_op.next = self.k_op_error.val();
                            self.ans_payload.next =
                                bit_cast::<PAYLOAD_BITS, 8>(self.k_err_bad_length.val())
                                    | (bit_cast::<PAYLOAD_BITS, 8>(self.opc.q.val()) << 8_u64);
                        }
                    } else {
                        self.cmd_strobe.d.next = true;
                        self.core_wait.d.next = 0_u64.into();
                        self.state.d.next = LinkState::WaitCore;
                    }
                }
            }
            LinkState::WaitCore => {
                self.core_wait.d.next = self.core_wait.q.val() + 1_u64;
                if self.rsp_valid_q.q.val() {
                    self.ans_go.next = true;
                    self.ans_cache.next = true;
                    if self.rsp_error_q.q.val() {
                        self.ans_payload.next =
                            bit_cast::<PAYLOAD_BITS, 8>(self.rsp_code_q.q.val())
                                | (bit_cast::<PAYLOAD_BITS, 8>(self.opc.q.val()) << 8_u64);
                    } else {
                        self.ans_op.next = self.opc.q.val() | self.k_response.val();
                        self.ans_len.next = self.rsp_len_q.q.val();
                        self.ans_payload.next = self.rsp_payload_q.q.val();
                    }
                } else if self.core_wait.q.val() == self.k_core_timeout.val() {
                    // ans_* defaults are the CORE_TIMEOUT error frame.
                    self.ans_go.next = true;
                    self.ans_cache.next = true;
                }
            }
            LinkState::Send => {
                if self.tx_ready.val() {
                    self.tx_start.next = true;
                    self.tx_pos.d.next = self.tx_pos.q.val() + 1_u64;
                    // The CRC covers LEN, SEQ, OP and the payload.
                    if (self.tx_pos.q.val() != 0_u64)
                        & (self.tx_pos.q.val() < (self.tx_len.q.val() + 4_u64))
                    {
                        self.tx_crc.d.next = self.tx_crc_calc.crc_out.val();
                    }
                    if (self.tx_pos.q.val() >= 4_u64)
                        & (self.tx_pos.q.val() < (self.tx_len.q.val() + 4_u64))
                    {
                        self.txbuf.d.next = self.txbuf.q.val() >> 8_u64;
                    }
                    if self.tx_pos.q.val() == (self.tx_len.q.val() + 5_u64) {
                        self.state.d.next = LinkState::Hunt;
                    }
                }
            }
            _ => {
                self.state.d.next = LinkState::Hunt;
            }
        }

        // Decode again from the byte after the current candidate's SOF.
        if self.rescan.val() {
            self.base.d.next = self.base.q.val() + 1_u64;
            self.rp.d.next = self.base.q.val() + 1_u64;
            self.fetch.d.next = false;
            self.state.d.next = LinkState::Hunt;
        }

        // Start sending an answer (and remember it when it answers a new request).
        if self.ans_go.val() {
            self.tx_seq.d.next = self.seq.q.val();
            self.tx_op.d.next = self.ans_op.val();
            self.tx_len.d.next = self.ans_len.val();
            self.txbuf.d.next = self.ans_payload.val();
            self.tx_pos.d.next = 0_u64.into();
            self.tx_crc.d.next = self.k_crc_init.val();
            self.state.d.next = LinkState::Send;
        }
        if self.ans_cache.val() {
            self.cache_valid.d.next = true;
            self.cache_seq.d.next = self.seq.q.val();
            self.cache_crc.d.next = self.crc.q.val();
            self.cache_op.d.next = self.ans_op.val();
            self.cache_len.d.next = self.ans_len.val();
            self.cache_payload.d.next = self.ans_payload.val();
        }
    }
}
