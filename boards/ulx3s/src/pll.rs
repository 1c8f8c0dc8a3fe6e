//! ECP5 PLL (`EHXPLLL`, feedback from `CLKOP`) settings for a wanted output frequency.
//!
//! ```text
//! f_pfd = f_in / CLKI_DIV            >= 3.125 MHz (and <= 400 MHz)    CLKI_DIV  1..=128
//! f_out = f_pfd * CLKFB_DIV          3.125 .. 400 MHz                 CLKFB_DIV 1..=80
//! f_vco = f_out * CLKOP_DIV          400 .. 800 MHz                   CLKOP_DIV 1..=128
//! ```
//!
//! Limits from Lattice's ECP5 data sheet (sysCLOCK PLL timing) and the EHXPLLL divider
//! widths. `CLKOP_CPHASE = CLKOP_DIV - 1` is the 0° coarse phase (the value Lattice's tools
//! write for an unshifted output); `CLKOP_FPHASE` stays 0. Only exact settings are accepted:
//! the core's UART divisor and the clock the core reports are computed from the frequency
//! asked for.

use anyhow::{bail, Result};

const MHZ: u64 = 1_000_000;
/// Minimum PFD frequency, 3.125 MHz, as a fraction: 25/8 MHz.
const F_PFD_MIN_X8: u64 = 25 * MHZ;
const F_PFD_MAX: u64 = 400 * MHZ;
const F_VCO: (u64, u64) = (400 * MHZ, 800 * MHZ);
/// Output range: 3.125 MHz (as 25/8 MHz) .. 400 MHz.
const F_OUT_MIN_X8: u64 = 25 * MHZ;
const F_OUT_MAX: u64 = 400 * MHZ;
const CLKI_DIV_MAX: u64 = 128;
const CLKFB_DIV_MAX: u64 = 80;
const CLKOP_DIV_MAX: u64 = 128;
/// VCO frequency preferred among equivalent settings: the middle of its range.
const F_VCO_PREFERRED: u64 = 600 * MHZ;

/// Settings of an `EHXPLLL` with `FEEDBK_PATH = "CLKOP"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ecp5Pll {
    pub clki_div: u32,
    pub clkfb_div: u32,
    pub clkop_div: u32,
    pub clkop_cphase: u32,
    pub f_in_hz: u32,
    pub f_out_hz: u32,
}

impl Ecp5Pll {
    /// Phase-detector frequency.
    pub fn f_pfd_hz(&self) -> f64 {
        f64::from(self.f_in_hz) / f64::from(self.clki_div)
    }

    /// VCO frequency.
    pub fn f_vco_hz(&self) -> u64 {
        u64::from(self.f_out_hz) * u64::from(self.clkop_div)
    }
}

/// Exact `EHXPLLL` settings making `f_out_hz` from `f_in_hz`: the highest PFD frequency
/// (smallest `CLKI_DIV`), then the VCO nearest the middle of its range. Fails, naming the
/// frequency and the nearest reachable one, when no setting is exact.
pub fn ehxplll(f_in_hz: u32, f_out_hz: u32) -> Result<Ecp5Pll> {
    let (fin, fout) = (u64::from(f_in_hz), u64::from(f_out_hz));
    if fout * 8 < F_OUT_MIN_X8 || fout > F_OUT_MAX {
        bail!(
            "ECP5 PLL output {} MHz is outside 3.125..400 MHz",
            mhz(fout as f64)
        );
    }
    if fin * 8 < F_PFD_MIN_X8 {
        bail!(
            "ECP5 PLL input {} MHz is below the 3.125 MHz PFD minimum",
            mhz(fin as f64)
        );
    }
    // CLKOP_DIV only has to put the VCO in range; it does not change the output.
    let clkop_div = (1..=CLKOP_DIV_MAX)
        .filter(|d| (F_VCO.0..=F_VCO.1).contains(&(fout * d)))
        .min_by_key(|d| (fout * d).abs_diff(F_VCO_PREFERRED));
    let Some(clkop_div) = clkop_div else {
        bail!(
            "ECP5 PLL output {} MHz: no CLKOP_DIV puts the VCO in 400..800 MHz",
            mhz(fout as f64)
        );
    };
    // (error, frequency) of the nearest reachable output, for the message.
    let mut nearest: Option<(f64, f64)> = None;
    for clki_div in 1..=CLKI_DIV_MAX {
        // f_pfd = fin / clki_div in 3.125..400 MHz
        if fin * 8 < F_PFD_MIN_X8 * clki_div || fin > F_PFD_MAX * clki_div {
            continue;
        }
        for clkfb_div in 1..=CLKFB_DIV_MAX {
            if fin * clkfb_div == fout * clki_div {
                return Ok(Ecp5Pll {
                    clki_div: clki_div as u32,
                    clkfb_div: clkfb_div as u32,
                    clkop_div: clkop_div as u32,
                    clkop_cphase: clkop_div as u32 - 1,
                    f_in_hz,
                    f_out_hz,
                });
            }
            let f = (fin * clkfb_div) as f64 / clki_div as f64;
            let err = (f - fout as f64).abs();
            let reachable = f * 8.0 >= F_OUT_MIN_X8 as f64
                && f <= F_OUT_MAX as f64
                && (1..=CLKOP_DIV_MAX)
                    .any(|d| (F_VCO.0 as f64..=F_VCO.1 as f64).contains(&(f * d as f64)));
            if reachable && nearest.is_none_or(|(e, _)| err < e) {
                nearest = Some((err, f));
            }
        }
    }
    match nearest {
        Some((_, f)) => bail!(
            "the ECP5 PLL cannot make {} MHz exactly from {} MHz (nearest: {} MHz)",
            mhz(fout as f64),
            mhz(fin as f64),
            mhz(f)
        ),
        None => bail!(
            "the ECP5 PLL cannot make {} MHz from {} MHz",
            mhz(fout as f64),
            mhz(fin as f64)
        ),
    }
}

/// Hz as MHz for messages, without trailing zeros.
fn mhz(hz: f64) -> String {
    let s = format!("{:.6}", hz / 1e6);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(p: &Ecp5Pll) {
        let (fin, fout) = (u64::from(p.f_in_hz), u64::from(p.f_out_hz));
        assert!(p.f_pfd_hz() >= 3.125e6 && p.f_pfd_hz() <= 400e6, "{p:?}");
        assert_eq!(
            fin * u64::from(p.clkfb_div),
            fout * u64::from(p.clki_div),
            "{p:?}"
        );
        assert!((400_000_000..=800_000_000).contains(&p.f_vco_hz()), "{p:?}");
        assert!((1..=128).contains(&p.clki_div) && (1..=80).contains(&p.clkfb_div));
        assert!((1..=128).contains(&p.clkop_div));
        assert_eq!(p.clkop_cphase, p.clkop_div - 1);
    }

    #[test]
    fn known_settings() {
        // Dividers as `ecppll -i 25 -o 50` chooses them (its CPHASE convention differs).
        let p = ehxplll(25_000_000, 50_000_000).unwrap();
        assert_eq!(
            (p.clki_div, p.clkfb_div, p.clkop_div, p.clkop_cphase),
            (1, 2, 12, 11)
        );
        assert_eq!(p.f_vco_hz(), 600_000_000);
        check(&p);
        let p = ehxplll(25_000_000, 100_000_000).unwrap();
        assert_eq!((p.clki_div, p.clkfb_div, p.clkop_div), (1, 4, 6));
        check(&p);
        let p = ehxplll(25_000_000, 60_000_000).unwrap();
        assert_eq!((p.clki_div, p.clkfb_div, p.clkop_div), (5, 12, 10));
        check(&p);
    }

    #[test]
    fn every_setting_found_is_valid() {
        // With a PFD of at least 3.125 MHz, CLKI_DIV <= 8: from 25 MHz the whole-MHz outputs
        // are exactly the multiples of 5 MHz (CLKI_DIV 5).
        for mhz in 4..=400 {
            match ehxplll(25_000_000, mhz * 1_000_000) {
                Ok(p) => check(&p),
                Err(e) => assert!(mhz % 5 != 0, "{mhz} MHz: {e}"),
            }
            assert_eq!(ehxplll(25_000_000, mhz * 1_000_000).is_ok(), mhz % 5 == 0);
        }
        check(&ehxplll(25_000_000, 3_125_000).unwrap());
    }

    #[test]
    fn unreachable_frequencies_are_named() {
        let e = ehxplll(25_000_000, 33_333_333).unwrap_err().to_string();
        assert!(
            e.contains("cannot make 33.333333 MHz exactly from 25 MHz (nearest: "),
            "{e}"
        );
        let e = ehxplll(25_000_000, 401_000_000).unwrap_err().to_string();
        assert!(
            e.contains("output 401 MHz is outside 3.125..400 MHz"),
            "{e}"
        );
        let e = ehxplll(25_000_000, 3_000_000).unwrap_err().to_string();
        assert!(e.contains("output 3 MHz is outside"), "{e}");
        let e = ehxplll(1_000_000, 50_000_000).unwrap_err().to_string();
        assert!(e.contains("input 1 MHz is below"), "{e}");
    }
}
