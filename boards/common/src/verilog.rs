//! Just enough Verilog reading for board tops: renaming the core's `module top`, and reading a
//! module's port list (ANSI `module top(input clk, output [7:0] led)` or the rust-hdl style
//! `module top(clock, leds); input wire clock; output reg [7:0] leds;`).
//!
//! This is not a Verilog parser: it tokenizes (skipping comments, attributes and strings), finds
//! `module <name>` and reads the port declarations. Ranges must be numeric (`[7:0]`).

use std::fmt;

/// Name the board crates give the design's core (the design's own `module top`).
pub const CORE_MODULE: &str = "boardgate_core";

/// Renames the design's `module top` to `module boardgate_core`, leaving every other module
/// (rust-hdl names submodules `top$...`) and every other occurrence of `top` alone. The
/// rust-hdl trailer comment `endmodule // top` is renamed along with it.
pub fn rename_core_module(core_v: &str) -> String {
    let mut out = String::with_capacity(core_v.len() + 64);
    let mut inside_top = false;
    for line in core_v.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let ending = &line[body.len()..];
        if let Some(rest) = module_decl_rest(body, "top") {
            let indent = &body[..body.len() - body.trim_start().len()];
            out.push_str(indent);
            out.push_str("module ");
            out.push_str(CORE_MODULE);
            out.push_str(rest);
            out.push_str(ending);
            inside_top = true;
            continue;
        }
        let trimmed = body.trim();
        if inside_top && trimmed.starts_with("endmodule") {
            inside_top = false;
            if trimmed == "endmodule // top" {
                let indent = &body[..body.len() - body.trim_start().len()];
                out.push_str(indent);
                out.push_str("endmodule // ");
                out.push_str(CORE_MODULE);
                out.push_str(ending);
                continue;
            }
        }
        out.push_str(line);
    }
    out
}

/// If `line` declares module `name` (`module name(`, `module name #(`, `module name;`, ...),
/// returns the text after the name.
fn module_decl_rest<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let rest = line.trim_start().strip_prefix("module")?;
    if !rest.starts_with(|c: char| c.is_whitespace()) {
        return None;
    }
    let rest = rest.trim_start().strip_prefix(name)?;
    match rest.chars().next() {
        Some(c) if is_ident_char(c) => None,
        _ => Some(rest),
    }
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '$'
}

/// Direction of a module port.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Input,
    Output,
    Inout,
}

impl Direction {
    fn from_keyword(word: &str) -> Option<Direction> {
        match word {
            "input" => Some(Direction::Input),
            "output" => Some(Direction::Output),
            "inout" => Some(Direction::Inout),
            _ => None,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Direction::Input => "input",
            Direction::Output => "output",
            Direction::Inout => "inout",
        })
    }
}

/// One port of a module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Port {
    pub name: String,
    pub dir: Direction,
    /// `[msb:lsb]` as written, `None` for a scalar.
    pub range: Option<(i64, i64)>,
}

impl Port {
    /// Number of bits.
    pub fn width(&self) -> u64 {
        match self.range {
            None => 1,
            Some((a, b)) => a.abs_diff(b) + 1,
        }
    }

    /// The names of the port's bits as constraint files write them: `clk` for a scalar,
    /// `led[0]`, `led[1]`, ... (lowest index first) for a bus.
    pub fn bits(&self) -> Vec<String> {
        match self.range {
            None => vec![self.name.clone()],
            Some((a, b)) => (a.min(b)..=a.max(b))
                .map(|i| format!("{}[{i}]", self.name))
                .collect(),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Num(String),
    Punct(char),
}

/// Splits Verilog source into identifiers, numbers and punctuation, dropping whitespace,
/// comments, attributes `(* ... *)` and string literals.
fn tokenize(src: &str) -> Vec<Tok> {
    let chars: Vec<char> = src.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                i += 1;
            }
            i += 2;
        } else if c == '(' && next == Some('*') && chars.get(i + 2) != Some(&')') {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&')')) {
                i += 1;
            }
            i += 2;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\\' {
            // Escaped identifier: up to the next whitespace.
            let start = i + 1;
            while i < chars.len() && !chars[i].is_whitespace() {
                i += 1;
            }
            toks.push(Tok::Ident(chars[start..i].iter().collect()));
        } else if c.is_ascii_alphabetic() || c == '_' || c == '$' {
            let start = i;
            while i < chars.len() && is_ident_char(chars[i]) {
                i += 1;
            }
            toks.push(Tok::Ident(chars[start..i].iter().collect()));
        } else if c.is_ascii_digit() || c == '\'' {
            let start = i;
            while i < chars.len() && (is_ident_char(chars[i]) || chars[i] == '\'') {
                i += 1;
            }
            toks.push(Tok::Num(chars[start..i].iter().collect()));
        } else {
            toks.push(Tok::Punct(c));
            i += 1;
        }
    }
    toks
}

/// Index of the token closing the bracket opened at `open`.
fn matching_close(toks: &[Tok], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, t) in toks.iter().enumerate().skip(open) {
        match t {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Splits tokens at commas outside brackets.
fn split_commas(toks: &[Tok]) -> Vec<&[Tok]> {
    let mut parts = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (i, t) in toks.iter().enumerate() {
        match t {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') => depth = depth.saturating_sub(1),
            Tok::Punct(',') if depth == 0 => {
                parts.push(&toks[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < toks.len() {
        parts.push(&toks[start..]);
    }
    parts
}

fn parse_int(tok: &Tok) -> Option<i64> {
    match tok {
        Tok::Num(s) => s.replace('_', "").parse().ok(),
        _ => None,
    }
}

/// One declaration item: `[dir] [net type...] [range] name`.
struct Decl {
    dir: Option<Direction>,
    range: Option<(i64, i64)>,
    name: String,
}

fn parse_decl(toks: &[Tok]) -> Result<Decl, String> {
    let text = || {
        toks.iter()
            .map(|t| match t {
                Tok::Ident(s) | Tok::Num(s) => s.clone(),
                Tok::Punct(c) => c.to_string(),
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut dir = None;
    let mut range = None;
    let mut name = None;
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            Tok::Ident(w) if Direction::from_keyword(w).is_some() && name.is_none() => {
                dir = Direction::from_keyword(w);
            }
            Tok::Ident(w)
                if name.is_none()
                    && matches!(
                        w.as_str(),
                        "wire" | "reg" | "logic" | "signed" | "unsigned" | "tri" | "var"
                    ) => {}
            Tok::Punct('[') if name.is_none() => {
                let close = matching_close(toks, i)
                    .ok_or_else(|| format!("unclosed range in `{}`", text()))?;
                let inner = &toks[i + 1..close];
                let bounds = match inner {
                    [a, Tok::Punct(':'), b] => parse_int(a).zip(parse_int(b)),
                    _ => None,
                };
                match bounds {
                    Some(r) => range = Some(r),
                    None => return Err(format!("non-numeric range in `{}`", text())),
                }
                i = close;
            }
            Tok::Ident(w) if name.is_none() => name = Some(w.clone()),
            _ => return Err(format!("cannot read port declaration `{}`", text())),
        }
        i += 1;
    }
    let name = name.ok_or_else(|| format!("port declaration without a name: `{}`", text()))?;
    Ok(Decl { dir, range, name })
}

/// Reads the ports of module `module` from Verilog source, in declaration order.
pub fn module_ports(src: &str, module: &str) -> Result<Vec<Port>, String> {
    let toks = tokenize(src);
    let start = toks
        .windows(2)
        .position(|w| w[0] == Tok::Ident("module".into()) && w[1] == Tok::Ident(module.to_string()))
        .ok_or_else(|| format!("no `module {module}` in the Verilog source"))?;
    let mut i = start + 2;
    // Parameter list `#( ... )`.
    if toks.get(i) == Some(&Tok::Punct('#')) && toks.get(i + 1) == Some(&Tok::Punct('(')) {
        i = matching_close(&toks, i + 1)
            .ok_or_else(|| format!("unclosed parameter list of module {module}"))?
            + 1;
    }
    let port_toks: &[Tok] = match toks.get(i) {
        Some(Tok::Punct('(')) => {
            let close = matching_close(&toks, i)
                .ok_or_else(|| format!("unclosed port list of module {module}"))?;
            let list = &toks[i + 1..close];
            i = close + 1;
            list
        }
        Some(Tok::Punct(';')) => &[],
        _ => return Err(format!("cannot read the header of module {module}")),
    };
    let end = toks[i..]
        .iter()
        .position(|t| *t == Tok::Ident("endmodule".into()))
        .map(|p| i + p)
        .ok_or_else(|| format!("module {module} has no endmodule"))?;
    let body = &toks[i..end];

    let decls = split_commas(port_toks)
        .into_iter()
        .map(parse_decl)
        .collect::<Result<Vec<_>, _>>()?;
    if decls.iter().any(|d| d.dir.is_some()) {
        // ANSI style: a declaration without direction continues the previous one.
        let mut ports: Vec<Port> = Vec::new();
        for d in decls {
            let (dir, range) = match (d.dir, ports.last()) {
                (Some(dir), _) => (dir, d.range),
                (None, Some(prev)) => (prev.dir, d.range.or(prev.range)),
                (None, None) => {
                    return Err(format!(
                        "port `{}` of module {module} has no direction",
                        d.name
                    ))
                }
            };
            ports.push(Port {
                name: d.name,
                dir,
                range,
            });
        }
        Ok(ports)
    } else {
        // Port names in the header, declarations in the body.
        let mut declared: Vec<Port> = Vec::new();
        for stmt in body.split(|t| *t == Tok::Punct(';')) {
            let Some(Tok::Ident(first)) = stmt.first() else {
                continue;
            };
            if Direction::from_keyword(first).is_none() {
                continue;
            }
            let mut prev: Option<(Direction, Option<(i64, i64)>)> = None;
            for part in split_commas(stmt) {
                let d = parse_decl(part)?;
                let (dir, range) = match (d.dir, prev) {
                    (Some(dir), _) => (dir, d.range),
                    (None, Some((dir, range))) => (dir, d.range.or(range)),
                    (None, None) => unreachable!("statement starts with a direction"),
                };
                prev = Some((dir, range));
                declared.push(Port {
                    name: d.name,
                    dir,
                    range,
                });
            }
        }
        decls
            .into_iter()
            .map(|d| {
                declared
                    .iter()
                    .find(|p| p.name == d.name)
                    .cloned()
                    .ok_or_else(|| {
                        format!(
                            "port `{}` of module {module} has no input/output declaration",
                            d.name
                        )
                    })
            })
            .collect()
    }
}

/// Checks that `core_v` defines module [`CORE_MODULE`] with exactly the board-core ports
/// `clock` (in), `uart_rx` (in), `uart_tx` (out), `leds` (out, 8 bits).
pub fn check_core_ports(core_v: &str) -> Result<(), String> {
    let ports = module_ports(core_v, CORE_MODULE)?;
    let expected = [
        ("clock", Direction::Input, 1),
        ("uart_rx", Direction::Input, 1),
        ("uart_tx", Direction::Output, 1),
        ("leds", Direction::Output, 8),
    ];
    let describe = |ports: &[(String, Direction, u64)]| {
        ports
            .iter()
            .map(|(n, d, w)| format!("{d} {n}[{w}]"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let found: Vec<_> = ports
        .iter()
        .map(|p| (p.name.clone(), p.dir, p.width()))
        .collect();
    let wanted: Vec<_> = expected
        .iter()
        .map(|(n, d, w)| (n.to_string(), *d, *w))
        .collect();
    let mut sorted_found = found.clone();
    sorted_found.sort_by(|a, b| a.0.cmp(&b.0));
    let mut sorted_wanted = wanted.clone();
    sorted_wanted.sort_by(|a, b| a.0.cmp(&b.0));
    if sorted_found != sorted_wanted {
        return Err(format!(
            "module {CORE_MODULE} has ports ({}), a board core needs ({})",
            describe(&found),
            describe(&wanted)
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const RUST_HDL_STYLE: &str = "\n\nmodule top(clock,uart_rx,uart_tx,leds);\n    \n    // Module arguments\n    input wire  clock;\n    input wire  uart_rx;\n    output reg  uart_tx;\n    output reg  [7:0] leds;\n    always @(*) begin\n        uart_tx = uart_rx;\n    end\n    top$tx tx(.clock(clock));\nendmodule // top\n\n\nmodule top$tx(clock);\n    input wire  clock;\nendmodule // top$tx\n";

    #[test]
    fn rename_only_touches_module_top() {
        let out = rename_core_module(RUST_HDL_STYLE);
        assert!(out.contains("module boardgate_core(clock,uart_rx,uart_tx,leds);"));
        assert!(out.contains("endmodule // boardgate_core\n"));
        assert!(out.contains("module top$tx(clock);"));
        assert!(out.contains("top$tx tx(.clock(clock));"));
        assert!(out.contains("endmodule // top$tx\n"));
        assert!(!out.contains("module top("));
        assert_eq!(
            out.len(),
            RUST_HDL_STYLE.len() + 2 * (CORE_MODULE.len() - 3)
        );
    }

    #[test]
    fn rename_handles_space_and_parameters() {
        assert_eq!(
            rename_core_module("module top (a);\nendmodule\nmodule topx(b);\nendmodule\n"),
            "module boardgate_core (a);\nendmodule\nmodule topx(b);\nendmodule\n"
        );
        assert_eq!(
            rename_core_module("  module top #(parameter W = 1) (a);"),
            "  module boardgate_core #(parameter W = 1) (a);"
        );
    }

    #[test]
    fn reads_non_ansi_ports() {
        let ports = module_ports(RUST_HDL_STYLE, "top").unwrap();
        let names: Vec<_> = ports.iter().map(|p| (p.name.as_str(), p.dir)).collect();
        assert_eq!(
            names,
            [
                ("clock", Direction::Input),
                ("uart_rx", Direction::Input),
                ("uart_tx", Direction::Output),
                ("leds", Direction::Output)
            ]
        );
        assert_eq!(ports[3].range, Some((7, 0)));
        assert_eq!(ports[3].bits()[3], "leds[3]");
        assert_eq!(ports[0].bits(), ["clock"]);
        assert!(module_ports(RUST_HDL_STYLE, "top$tx").is_ok());
    }

    #[test]
    fn reads_ansi_ports_with_comments_and_attributes() {
        let src = "// module top(input nope);\nmodule top(\n  (* keep *) input clk, // the clock\n  input [1:0] a, b,\n  output reg /* x */ [0:3] led,\n  inout wire io);\nendmodule";
        let ports = module_ports(src, "top").unwrap();
        assert_eq!(ports.len(), 5);
        assert_eq!(ports[0].name, "clk");
        assert_eq!(ports[2].range, Some((1, 0)));
        assert_eq!(ports[2].dir, Direction::Input);
        assert_eq!(ports[3].bits(), ["led[0]", "led[1]", "led[2]", "led[3]"]);
        assert_eq!(ports[4].dir, Direction::Inout);
    }

    #[test]
    fn port_errors_are_reported() {
        assert!(module_ports("module foo(a); endmodule", "top")
            .unwrap_err()
            .contains("no `module top`"));
        assert!(module_ports("module top(a); input b; endmodule", "top")
            .unwrap_err()
            .contains("`a`"));
        assert!(
            module_ports("module top(input [W-1:0] a); endmodule", "top")
                .unwrap_err()
                .contains("non-numeric")
        );
    }

    #[test]
    fn core_ports_are_checked() {
        let core = rename_core_module(RUST_HDL_STYLE);
        check_core_ports(&core).unwrap();
        let wrong = core.replace("[7:0] leds", "[6:0] leds");
        assert!(check_core_ports(&wrong).unwrap_err().contains("leds"));
        assert!(check_core_ports(RUST_HDL_STYLE).is_err());
    }
}
