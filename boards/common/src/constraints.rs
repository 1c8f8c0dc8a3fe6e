//! Checks a pin constraint file against the board top: every port bit of `module top` has a
//! pin, every name the file constrains is a port bit, and no pin is used twice.
//!
//! Two formats are read:
//! * iCE40 PCF (nextpnr-ice40): `set_io [-nowarn] [-pullup yes] <port> <pin>`, `set_frequency
//!   <net> <MHz>`, `#` comments.
//! * ECP5 LPF (nextpnr-ecp5): `LOCATE COMP "<port>" SITE "<pin>";`, `IOBUF PORT "<port>" ...;`,
//!   `FREQUENCY PORT "<port>" ...;` (also `FREQUENCY NET`, `BLOCK`, `SYSCONFIG`), `#` and `//`
//!   comments.
//!
//! A bus bit is written `led[3]`.

use std::collections::BTreeMap;

use crate::verilog::{module_ports, Port};

/// Format of a constraint file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConstraintKind {
    /// iCE40 `.pcf`.
    Pcf,
    /// ECP5 `.lpf`.
    Lpf,
}

impl ConstraintKind {
    /// The kind of a constraint file from its extension (`.pcf`, `.lpf`).
    pub fn from_file_name(name: &str) -> Option<ConstraintKind> {
        let ext = name.rsplit_once('.')?.1.to_ascii_lowercase();
        match ext.as_str() {
            "pcf" => Some(ConstraintKind::Pcf),
            "lpf" => Some(ConstraintKind::Lpf),
            _ => None,
        }
    }
}

/// What a constraint file says, as far as the checks go.
#[derive(Debug, Default)]
struct Constraints {
    /// `(port bit, pin, line)` of every pin assignment, in file order.
    locations: Vec<(String, String, usize)>,
    /// `(port bit, line)` of every other statement that names a port (I/O standard, frequency).
    other_refs: Vec<(String, usize)>,
}

fn parse_pcf(text: &str) -> Result<Constraints, Vec<String>> {
    let mut c = Constraints::default();
    let mut errors = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let n = n + 1;
        let line = line.split('#').next().unwrap_or("");
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = words.split_first() else {
            continue;
        };
        match cmd {
            "set_io" => {
                // Options: `-nowarn` stands alone, every other `-option` takes a value.
                let mut rest = Vec::new();
                let mut i = 0;
                while i < args.len() {
                    match args[i] {
                        "-nowarn" => i += 1,
                        opt if opt.starts_with('-') => i += 2,
                        word => {
                            rest.push(word);
                            i += 1;
                        }
                    }
                }
                match rest[..] {
                    [port, pin] => c.locations.push((port.into(), pin.to_ascii_uppercase(), n)),
                    _ => errors.push(format!("line {n}: expected `set_io <port> <pin>`")),
                }
            }
            "set_frequency" => {} // names a net, not necessarily a port
            other => errors.push(format!("line {n}: unknown PCF command `{other}`")),
        }
    }
    if errors.is_empty() {
        Ok(c)
    } else {
        Err(errors)
    }
}

/// Splits an LPF statement into words, keeping quoted strings (without quotes) as one word.
fn lpf_words(stmt: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut chars = stmt.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '"' {
            chars.next();
            words.push(chars.by_ref().take_while(|&c| c != '"').collect());
        } else {
            let mut w = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() || c == '"' {
                    break;
                }
                w.push(c);
                chars.next();
            }
            words.push(w);
        }
    }
    words
}

fn parse_lpf(text: &str) -> Result<Constraints, Vec<String>> {
    // Drop comments line by line, remembering where each statement starts.
    let mut clean = String::new();
    let mut line_of_offset = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        let line = line.split("//").next().unwrap_or("");
        for ch in line.chars().chain(std::iter::once('\n')) {
            clean.push(ch);
            line_of_offset.resize(clean.len(), n + 1);
        }
    }
    let mut c = Constraints::default();
    let mut errors = Vec::new();
    let mut offset = 0;
    for stmt in clean.split(';') {
        let lead = stmt.len() - stmt.trim_start().len();
        let n = line_of_offset
            .get(offset + lead)
            .copied()
            .unwrap_or(line_of_offset.last().copied().unwrap_or(1));
        offset += stmt.len() + 1;
        let words = lpf_words(stmt);
        if words.is_empty() {
            continue;
        }
        let upper: Vec<String> = words.iter().map(|w| w.to_ascii_uppercase()).collect();
        let kw: Vec<&str> = upper.iter().map(String::as_str).collect();
        match kw[..] {
            ["LOCATE", "COMP", _, "SITE", _] => {
                c.locations
                    .push((words[2].clone(), words[4].to_ascii_uppercase(), n));
            }
            ["LOCATE", ..] => errors.push(format!(
                "line {n}: expected `LOCATE COMP \"<port>\" SITE \"<pin>\";`"
            )),
            ["IOBUF", "PORT", _, ..] | ["FREQUENCY", "PORT", _, ..] => {
                c.other_refs.push((words[2].clone(), n));
            }
            ["FREQUENCY", "NET", ..] | ["BLOCK", ..] | ["SYSCONFIG", ..] => {}
            _ => errors.push(format!("line {n}: unknown LPF statement `{}`", words[0])),
        }
    }
    if errors.is_empty() {
        Ok(c)
    } else {
        Err(errors)
    }
}

/// Checks that `constraints` (of format `kind`) matches the ports of `module top` in `top_v`:
/// every port bit has exactly one pin, every constrained name is a port bit, and no pin is used
/// twice. The error lists every problem found, one per line, naming the port or pin.
pub fn check_constraints(
    top_v: &str,
    constraints: &str,
    kind: ConstraintKind,
) -> Result<(), String> {
    let ports = module_ports(top_v, "top")?;
    let parsed = match kind {
        ConstraintKind::Pcf => parse_pcf(constraints),
        ConstraintKind::Lpf => parse_lpf(constraints),
    }
    .map_err(|e| e.join("\n"))?;

    // Every bit of every port, with its port.
    let mut bits: BTreeMap<String, &Port> = BTreeMap::new();
    for p in &ports {
        for b in p.bits() {
            bits.insert(b, p);
        }
    }
    let not_a_port = |name: &str| -> String {
        match ports.iter().find(|p| p.name == name) {
            Some(p) if p.range.is_some() => {
                let b = p.bits();
                format!(
                    "`{name}` is a {}-bit bus: constrain its bits `{}` .. `{}`",
                    p.width(),
                    b[0],
                    b[b.len() - 1]
                )
            }
            _ => format!("`{name}` is not a port of module top"),
        }
    };

    let mut errors = Vec::new();
    let mut pin_of: BTreeMap<&str, (&str, usize)> = BTreeMap::new();
    let mut port_at: BTreeMap<&str, (&str, usize)> = BTreeMap::new();
    for (name, pin, line) in &parsed.locations {
        if !bits.contains_key(name) {
            errors.push(format!("line {line}: {}", not_a_port(name)));
        }
        if let Some((other_pin, other_line)) = pin_of.insert(name, (pin, *line)) {
            errors.push(format!(
                "line {line}: port `{name}` is assigned twice (pin {other_pin} on line \
                 {other_line}, pin {pin} here)"
            ));
        }
        if let Some((other, other_line)) = port_at.insert(pin, (name, *line)) {
            errors.push(format!(
                "line {line}: pin {pin} is used twice (`{other}` on line {other_line}, \
                 `{name}` here)"
            ));
        }
    }
    for (name, line) in &parsed.other_refs {
        if !bits.contains_key(name) {
            errors.push(format!("line {line}: {}", not_a_port(name)));
        }
    }
    for p in &ports {
        for b in p.bits() {
            if !pin_of.contains_key(b.as_str()) {
                errors.push(format!("port `{b}` ({} of module top) has no pin", p.dir));
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOP: &str = "module boardgate_core(clock); input wire clock; endmodule\n\
        module top(input clk, input rx, output tx, output [2:0] led);\nendmodule\n";

    const PCF: &str = "# test\nset_io clk P7\nset_io -nowarn -pullup yes rx P14  # comment\n\
        set_io tx M9\nset_io led[0] J11\nset_io led[1] K11\nset_io led[2] K12\n\
        set_frequency clk 100\n";

    const LPF: &str = "# test\nLOCATE COMP \"clk\" SITE \"G2\";\n\
        IOBUF PORT \"clk\" IO_TYPE=LVCMOS33;\nFREQUENCY PORT \"clk\" 25 MHZ;\n\
        LOCATE COMP \"rx\" SITE \"M1\"; // comment\nLOCATE COMP \"tx\" SITE \"L4\";\n\
        LOCATE COMP \"led[0]\" SITE \"B2\";\nLOCATE COMP \"led[1]\" SITE \"C2\";\n\
        LOCATE COMP \"led[2]\"\n    SITE \"C1\";\nIOBUF PORT \"led[2]\" IO_TYPE=LVCMOS33 DRIVE=4;\n\
        SYSCONFIG CONFIG_IOVOLTAGE=3.3;\n";

    #[test]
    fn good_files_pass() {
        check_constraints(TOP, PCF, ConstraintKind::Pcf).unwrap();
        check_constraints(TOP, LPF, ConstraintKind::Lpf).unwrap();
    }

    #[test]
    fn missing_bit_is_named() {
        let pcf = PCF.replace("set_io led[1] K11\n", "");
        let e = check_constraints(TOP, &pcf, ConstraintKind::Pcf).unwrap_err();
        assert!(
            e.contains("port `led[1]` (output of module top) has no pin"),
            "{e}"
        );
        let lpf = LPF.replace("LOCATE COMP \"clk\" SITE \"G2\";", "");
        let e = check_constraints(TOP, &lpf, ConstraintKind::Lpf).unwrap_err();
        assert!(
            e.contains("port `clk` (input of module top) has no pin"),
            "{e}"
        );
    }

    #[test]
    fn unknown_names_are_named() {
        let pcf = format!("{PCF}set_io led[3] N14\n");
        let e = check_constraints(TOP, &pcf, ConstraintKind::Pcf).unwrap_err();
        assert!(
            e.contains("line 9: `led[3]` is not a port of module top"),
            "{e}"
        );
        let lpf = LPF.replace("IOBUF PORT \"clk\"", "IOBUF PORT \"clock\"");
        let e = check_constraints(TOP, &lpf, ConstraintKind::Lpf).unwrap_err();
        assert!(e.contains("line 3: `clock` is not a port"), "{e}");
    }

    #[test]
    fn bus_without_index_is_explained() {
        let pcf = PCF
            .replace("set_io led[0] J11\n", "set_io led J11\n")
            .replace("set_io led[1] K11\nset_io led[2] K12\n", "");
        let e = check_constraints(TOP, &pcf, ConstraintKind::Pcf).unwrap_err();
        assert!(e.contains("`led` is a 3-bit bus: constrain its bits `led[0]` .. `led[2]`"));
    }

    #[test]
    fn duplicate_pins_and_ports_are_named() {
        let pcf = PCF.replace("set_io led[1] K11", "set_io led[1] j11");
        let e = check_constraints(TOP, &pcf, ConstraintKind::Pcf).unwrap_err();
        assert!(
            e.contains("pin J11 is used twice (`led[0]` on line 5, `led[1]` here)"),
            "{e}"
        );
        let lpf = format!("{LPF}LOCATE COMP \"tx\" SITE \"A1\";\n");
        let e = check_constraints(TOP, &lpf, ConstraintKind::Lpf).unwrap_err();
        assert!(e.contains("port `tx` is assigned twice (pin L4"), "{e}");
    }

    #[test]
    fn syntax_errors_are_reported() {
        let e = check_constraints(TOP, "set_io clk\n", ConstraintKind::Pcf).unwrap_err();
        assert!(e.contains("line 1: expected `set_io <port> <pin>`"), "{e}");
        let e = check_constraints(TOP, "set_pin clk P7\n", ConstraintKind::Pcf).unwrap_err();
        assert!(e.contains("unknown PCF command `set_pin`"), "{e}");
        let e = check_constraints(TOP, "LOCATE \"clk\" G2;", ConstraintKind::Lpf).unwrap_err();
        assert!(e.contains("expected `LOCATE COMP"), "{e}");
        let e = check_constraints("module x; endmodule", PCF, ConstraintKind::Pcf).unwrap_err();
        assert!(e.contains("no `module top`"), "{e}");
    }

    #[test]
    fn kind_from_file_name() {
        assert_eq!(
            ConstraintKind::from_file_name("alchitry-cu.pcf"),
            Some(ConstraintKind::Pcf)
        );
        assert_eq!(
            ConstraintKind::from_file_name("ulx3s.LPF"),
            Some(ConstraintKind::Lpf)
        );
        assert_eq!(ConstraintKind::from_file_name("top.v"), None);
    }
}
