//! iCE40 PLL (`SB_PLL40_*`, feedback path `SIMPLE`) settings for a wanted output frequency.
//!
//! ```text
//! f_pfd = f_in / (DIVR + 1)            10 .. 133 MHz
//! f_vco = f_pfd * (DIVF + 1)          533 .. 1066 MHz
//! f_out = f_vco / 2^DIVQ               16 .. 275 MHz      (DIVQ 1..=6)
//! ```
//!
//! Limits from Lattice's iCE40 sysCLOCK PLL design guide; `FILTER_RANGE` follows from the PFD
//! frequency. Only exact settings are accepted: the core's UART divisor and the clock the
//! core reports are computed from the frequency asked for.

use anyhow::{bail, Result};

const MHZ: u64 = 1_000_000;
/// Reference clock and phase-detector input range (Hz).
const F_PFD: (u64, u64) = (10 * MHZ, 133 * MHZ);
/// VCO range (Hz).
const F_VCO: (u64, u64) = (533 * MHZ, 1066 * MHZ);
/// Output range (Hz).
const F_OUT: (u64, u64) = (16 * MHZ, 275 * MHZ);
const DIVR_MAX: u64 = 15;
const DIVF_MAX: u64 = 127;
const DIVQ: std::ops::RangeInclusive<u32> = 1..=6;
/// VCO frequency preferred among equivalent settings: the middle of its range.
const F_VCO_PREFERRED: u64 = 800 * MHZ;

/// Settings of an `SB_PLL40_PAD` / `SB_PLL40_CORE` in `SIMPLE` feedback mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ice40Pll {
    pub divr: u8,
    pub divf: u8,
    pub divq: u8,
    pub filter_range: u8,
    pub f_in_hz: u32,
    pub f_out_hz: u32,
}

impl Ice40Pll {
    /// Phase-detector frequency.
    pub fn f_pfd_hz(&self) -> f64 {
        self.f_in_hz as f64 / (u64::from(self.divr) + 1) as f64
    }

    /// VCO frequency (exact: the output times `2^DIVQ`).
    pub fn f_vco_hz(&self) -> u64 {
        u64::from(self.f_out_hz) << self.divq
    }
}

/// Loop filter setting for a PFD frequency.
fn filter_range(f_pfd_hz: f64) -> u8 {
    let mhz = f_pfd_hz / 1e6;
    match mhz {
        m if m < 17.0 => 1,
        m if m < 26.0 => 2,
        m if m < 44.0 => 3,
        m if m < 66.0 => 4,
        m if m < 101.0 => 5,
        _ => 6,
    }
}

/// Exact PLL settings making `f_out_hz` from `f_in_hz`: the highest PFD frequency (least
/// jitter), then the VCO nearest the middle of its range. Fails, naming the frequency and
/// the nearest reachable one, when no setting is exact.
pub fn sb_pll40(f_in_hz: u32, f_out_hz: u32) -> Result<Ice40Pll> {
    let (fin, fout) = (u64::from(f_in_hz), u64::from(f_out_hz));
    if !(F_PFD.0..=F_PFD.1).contains(&fin) {
        bail!(
            "iCE40 PLL input {} MHz is outside {}..{} MHz",
            mhz(fin as f64),
            F_PFD.0 / MHZ,
            F_PFD.1 / MHZ
        );
    }
    if !(F_OUT.0..=F_OUT.1).contains(&fout) {
        bail!(
            "iCE40 PLL output {} MHz is outside {}..{} MHz",
            mhz(fout as f64),
            F_OUT.0 / MHZ,
            F_OUT.1 / MHZ
        );
    }
    let mut best: Option<(Ice40Pll, u64)> = None;
    // (error in Hz, frequency) of the nearest valid setting, for the message.
    let mut nearest: Option<(f64, f64)> = None;
    for divr in 0..=DIVR_MAX {
        let pfd_ok = fin >= F_PFD.0 * (divr + 1) && fin <= F_PFD.1 * (divr + 1);
        if !pfd_ok {
            continue;
        }
        for divq in DIVQ {
            for divf in 0..=DIVF_MAX {
                // f_vco = fin * (divf + 1) / (divr + 1)
                let num = fin * (divf + 1);
                if num < F_VCO.0 * (divr + 1) || num > F_VCO.1 * (divr + 1) {
                    continue;
                }
                let f = num as f64 / ((divr + 1) << divq) as f64;
                if !(F_OUT.0 as f64..=F_OUT.1 as f64).contains(&f) {
                    continue;
                }
                let err = (f - fout as f64).abs();
                if nearest.is_none_or(|(e, _)| err < e) {
                    nearest = Some((err, f));
                }
                if num != fout * ((divr + 1) << divq) {
                    continue;
                }
                let pll = Ice40Pll {
                    divr: divr as u8,
                    divf: divf as u8,
                    divq: divq as u8,
                    filter_range: filter_range(fin as f64 / (divr + 1) as f64),
                    f_in_hz,
                    f_out_hz,
                };
                let distance = pll.f_vco_hz().abs_diff(F_VCO_PREFERRED);
                // Lower DIVR comes first, so only a better VCO with the same DIVR wins.
                let better = match best {
                    None => true,
                    Some((b, d)) => b.divr == pll.divr && distance < d,
                };
                if better {
                    best = Some((pll, distance));
                }
            }
        }
    }
    match (best, nearest) {
        (Some((pll, _)), _) => Ok(pll),
        (None, Some((_, f))) => bail!(
            "the iCE40 PLL cannot make {} MHz exactly from {} MHz (nearest: {} MHz)",
            mhz(fout as f64),
            mhz(fin as f64),
            mhz(f)
        ),
        (None, None) => bail!(
            "the iCE40 PLL cannot make {} MHz from {} MHz",
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

    fn check(p: &Ice40Pll) {
        let fin = u64::from(p.f_in_hz);
        let pfd = p.f_pfd_hz();
        assert!((10e6..=133e6).contains(&pfd), "{p:?}");
        let vco = fin * (u64::from(p.divf) + 1) / (u64::from(p.divr) + 1);
        assert_eq!(vco, p.f_vco_hz(), "{p:?}");
        assert!((533_000_000..=1_066_000_000).contains(&vco), "{p:?}");
        assert!((1..=6).contains(&p.divq) && p.divr <= 15 && p.divf <= 127);
        assert_eq!(vco >> p.divq, u64::from(p.f_out_hz));
        assert_eq!(p.filter_range, filter_range(pfd));
    }

    #[test]
    fn known_settings() {
        // Same as `icepll -i 100 -o 60`.
        let p = sb_pll40(100_000_000, 60_000_000).unwrap();
        assert_eq!((p.divr, p.divf, p.divq, p.filter_range), (4, 47, 4, 2));
        check(&p);
        let p = sb_pll40(100_000_000, 50_000_000).unwrap();
        assert_eq!((p.divr, p.divf, p.divq, p.filter_range), (0, 7, 4, 5));
        check(&p);
        let p = sb_pll40(12_000_000, 48_000_000).unwrap();
        assert_eq!(p.f_vco_hz(), 768_000_000);
        check(&p);
    }

    #[test]
    fn every_setting_found_is_valid() {
        for mhz in 16..=275 {
            if let Ok(p) = sb_pll40(100_000_000, mhz * 1_000_000) {
                check(&p);
            }
        }
        for mhz in [25, 40, 50, 60, 75, 80, 100] {
            check(&sb_pll40(100_000_000, mhz * 1_000_000).unwrap());
        }
    }

    #[test]
    fn unreachable_frequencies_are_named() {
        let e = sb_pll40(100_000_000, 61_234_567).unwrap_err().to_string();
        assert!(
            e.contains("cannot make 61.234567 MHz exactly from 100 MHz (nearest: "),
            "{e}"
        );
        // Same verdict as `icepll -i 100 -o 48` (47.917 MHz achieved).
        let e = sb_pll40(100_000_000, 48_000_000).unwrap_err().to_string();
        assert!(e.contains("cannot make 48 MHz exactly from 100 MHz (nearest: 47.916667 MHz)"));
        let e = sb_pll40(100_000_000, 300_000_000).unwrap_err().to_string();
        assert!(e.contains("output 300 MHz is outside 16..275 MHz"), "{e}");
        let e = sb_pll40(5_000_000, 60_000_000).unwrap_err().to_string();
        assert!(e.contains("input 5 MHz is outside"), "{e}");
    }
}
