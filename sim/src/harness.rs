//! Direct-loop drivers for one block in rust-hdl's simulation (test benches share these).

use anyhow::{bail, Result};
use rust_hdl::prelude::*;

/// Settles combinational logic after inputs changed.
pub fn settle<B: Block>(uut: &mut B) -> Result<()> {
    if !simulate(uut, 100) {
        bail!("block did not settle within 100 passes");
    }
    Ok(())
}

/// One clock cycle (rising then falling edge) of the clock returned by `clk`.
pub fn cycle<B: Block>(uut: &mut B, clk: fn(&mut B) -> &mut Signal<In, Clock>) -> Result<()> {
    settle(uut)?;
    clk(uut).next = Clock::from(true);
    settle(uut)?;
    clk(uut).next = Clock::from(false);
    settle(uut)
}

/// Serial levels of one 8N1 byte: start, 8 data bits LSB first, stop.
pub fn uart_levels(byte: u8) -> [bool; 10] {
    let mut l = [true; 10];
    l[0] = false;
    for (k, level) in l.iter_mut().enumerate().skip(1).take(8) {
        *level = byte >> (k - 1) & 1 == 1;
    }
    l
}

/// The pin level at cycle `t` of a byte stream sent back to back with bits of `bit` cycles
/// (fractional: models a sender whose baud rate is off), or `None` once all bytes are sent.
pub fn serial_level(bytes: &[u8], bit: f64, t: u64) -> Option<bool> {
    let k = (t as f64 / bit) as usize;
    let (byte, pos) = (k / 10, k % 10);
    bytes.get(byte).map(|&b| uart_levels(b)[pos])
}

/// A wide input (a shogi rank word: 90 bits) from the model's `u128`; bits past `N` are dropped.
pub fn bits_from_u128<const N: usize>(w: u128) -> Bits<N> {
    (0..N.min(128))
        .filter(|&i| w >> i & 1 == 1)
        .fold(Bits::<N>::default(), |b, i| b.replace_bit(i, true))
}

/// `W` bits of a wide signal from bit `offset` on, as a `u64` (`W` <= 64).
pub fn bits_slice<const N: usize, const W: usize>(b: &Bits<N>, offset: usize) -> u64 {
    b.get_bits::<W>(offset).to_u64()
}

/// A wide input made of `width`-bit words (the shogi board data: nine 90-bit rank words make
/// 810 bits), word `i` from bit `i * width` on.
pub fn bits_from_words<const N: usize>(words: &[u128], width: usize) -> Bits<N> {
    let mut b = Bits::<N>::default();
    for (k, &w) in words.iter().enumerate() {
        for i in (0..width.min(128)).filter(|&i| w >> i & 1 == 1) {
            if k * width + i < N {
                b = b.replace_bit(k * width + i, true);
            }
        }
    }
    b
}

/// Up to 128 bits of a wide signal from bit `offset` on, as a `u128` (a shogi square set).
pub fn bits_to_u128<const N: usize>(b: &Bits<N>, offset: usize, width: usize) -> u128 {
    (0..width.min(128))
        .filter(|&i| offset + i < N && b.get_bit(offset + i))
        .fold(0, |w, i| w | 1 << i)
}
