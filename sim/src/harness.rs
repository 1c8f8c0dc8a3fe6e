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

/// The piece cover circuit (either schedule) on `board`: the board data loaded a rank a cycle,
/// a start, the busy cycles counted, the table read back. (The block tests and the shogi bench
/// share it.)
pub fn run_piece_cover(
    u: &mut gateware::shogi::PieceCoverCircuit,
    board: &model::shogi::piece_data::BoardData,
) -> Result<([u64; 81], u64)> {
    for r in 0..9 {
        u.wr_en.next = true;
        u.wr_rank.next = (r as u64).into();
        u.wr_data.next = bits_from_u128(board.rank_word(r));
        cycle(u, |u| &mut u.clock)?;
    }
    u.wr_en.next = false;
    u.start.next = true;
    cycle(u, |u| &mut u.clock)?;
    u.start.next = false;
    let mut cycles = 0;
    while u.busy.val() {
        cycles += 1;
        if cycles > 100 {
            bail!("the piece cover circuit does not finish");
        }
        cycle(u, |u| &mut u.clock)?;
    }
    let mut table = [0u64; 81];
    for r in 0..9 {
        u.rd_rank.next = (r as u64).into();
        settle(u)?;
        for f in 0..9 {
            table[r * 9 + f] = bits_slice::<360, 40>(&u.rd_covers.val(), 40 * f);
        }
    }
    Ok((table, cycles))
}
