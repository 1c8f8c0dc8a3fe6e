//! Tables of the README generated from the code: the design table (`gateware::DESIGNS`) and the
//! committed synthesis reports (`docs/synth/`). A tidy test (`xtask/tests/tidy.rs`) fails when
//! the README's copy differs, and rewrites it with `UPDATE_DOCS=1`.

use crate::report::committed_path;
use crate::SynthReport;
use gateware::Design;

/// Marker lines around a generated section of a Markdown file.
pub fn markers(name: &str) -> (String, String) {
    (
        format!(
            "<!-- generated: {name} (cargo test -p xtask --test tidy; UPDATE_DOCS=1 rewrites) -->"
        ),
        format!("<!-- end: {name} -->"),
    )
}

/// The designs: name, what it is, boards with core clocks, baud rate, CI synthesis.
pub fn design_table() -> String {
    let mut s = String::from(
        "| design | what | core clock per board | baud | CI synthesizes |\n|---|---|---|---|---|\n",
    );
    for d in Design::ALL {
        let spec = d.spec();
        let clocks: Vec<String> = spec
            .clocks
            .iter()
            .map(|c| format!("{} {} MHz", c.board.name(), c.core_clock_hz as f64 / 1e6))
            .collect();
        // A design built for no board yet is simulated only (its row says why).
        let (clocks, synth) = if clocks.is_empty() {
            ("none yet: simulation only".to_string(), "no (no board)")
        } else if !spec.built {
            (
                format!("{} asked; not built (does not route)", clocks.join(", ")),
                "no (not built)",
            )
        } else if spec.ci_synth {
            (clocks.join(", "), "yes")
        } else {
            (clocks.join(", "), "no (hash check)")
        };
        s += &format!(
            "| `{}` | {} | {} | {} | {} |\n",
            spec.name, spec.summary, clocks, spec.baud, synth
        );
    }
    s
}

/// The committed synthesis figures of every design on every board.
pub fn synth_table() -> String {
    let mut s = String::from(
        "| design | board | LUTs | FFs | BRAMs | Fmax | core clock | synthesis time |\n|---|---|---|---|---|---|---|---|\n",
    );
    for d in Design::ALL {
        for b in d.boards() {
            if !d.built() {
                s += &format!(
                    "| `{}` | {} | not built: does not route (its row in the design table) | | | | | |\n",
                    d.name(),
                    b.name()
                );
                continue;
            }
            let path = committed_path(d.name(), b.name());
            match SynthReport::read(&path) {
                Ok(r) => {
                    let share = 100.0 * r.luts as f64 / r.luts_available.max(1) as f64;
                    s += &format!(
                        "| `{}` | {} | {} / {} ({share:.0}%) | {} | {} | {:.1} MHz | {} MHz | {:.0} s |\n",
                        r.design,
                        r.board,
                        r.luts,
                        r.luts_available,
                        r.ffs,
                        r.brams,
                        r.fmax_mhz,
                        r.target_mhz,
                        r.seconds
                    );
                }
                Err(_) => {
                    s += &format!("| `{}` | {} | no report | | | | | |\n", d.name(), b.name())
                }
            }
        }
    }
    s
}

/// Replaces the generated section `name` of `text` with `body`; `None` when the markers are
/// missing.
pub fn replace_section(text: &str, name: &str, body: &str) -> Option<String> {
    let (begin, end) = markers(name);
    let a = text.find(&begin)? + begin.len();
    let b = text[a..].find(&end)? + a;
    Some(format!("{}\n{}{}", &text[..a], body, &text[b..]))
}

/// The subcommands a clap program lists in the `Commands:` section of its `--help` text
/// (without `help`).
pub fn help_subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect()
}
