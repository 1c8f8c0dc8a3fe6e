//! Docs that cannot drift (in the style of rust-analyzer's `tidy`): the README's generated
//! tables are what the code and the committed reports say, and every `cargo xtask` and
//! `boardgate` subcommand is documented in the README. `UPDATE_DOCS=1` rewrites the tables.

use board_common::docs::{design_table, help_subcommands, replace_section, synth_table};
use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).unwrap()
}

#[test]
fn readme_tables_are_generated() {
    let path = root().join("README.md");
    let text = readme();
    let mut want = text.clone();
    for (name, body) in [("designs", design_table()), ("synth", synth_table())] {
        want = replace_section(&want, name, &body)
            .unwrap_or_else(|| panic!("README.md has no generated section `{name}`"));
    }
    if want != text {
        if std::env::var_os("UPDATE_DOCS").is_some() {
            std::fs::write(&path, &want).unwrap();
            return;
        }
        panic!(
            "README.md's generated tables differ from the code and docs/synth/; \
             run `UPDATE_DOCS=1 cargo test -p xtask --test tidy`. Expected:\n{}\n{}",
            design_table(),
            synth_table()
        );
    }
}

/// The subcommands a clap binary lists in its `--help`.
fn subcommands(exe: &str, args: &[&str]) -> Vec<String> {
    let out = Command::new(exe).args(args).arg("--help").output().unwrap();
    help_subcommands(&String::from_utf8(out.stdout).unwrap())
}

#[test]
fn every_xtask_command_is_in_the_readme() {
    let cmds = subcommands(env!("CARGO_BIN_EXE_xtask"), &[]);
    assert!(cmds.contains(&"test".to_string()), "{cmds:?}");
    let text = readme();
    for c in cmds {
        assert!(
            text.contains(&format!("cargo xtask {c}")),
            "README.md does not show `cargo xtask {c}`"
        );
    }
}

#[test]
fn design_source_says_no_durations() {
    // Durations belong to the committed reports (`seconds`), not to prose that drifts.
    let src = std::fs::read_to_string(root().join("gateware/src/design.rs")).unwrap();
    for stale in ["minutes", "over an hour"] {
        assert!(
            !src.contains(stale),
            "gateware/src/design.rs mentions `{stale}`"
        );
    }
}

/// Cycles per node in the project's unit (every node) and in the paper's (per searching tree
/// node), on FFO #1-#19 with the golden model (whose cycle counts are the hardware's), next to
/// what the paper's own Table 6 costs give on the same trees.
fn othello_units_table() -> String {
    use model::othello::search::{solve, MoveOrder};
    let text =
        std::fs::read_to_string(root().join("model/tests/fixtures/fforum-1-19.obf")).unwrap();
    let positions: Vec<_> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| model::othello::parse_position(l).unwrap())
        .collect();
    assert_eq!(positions.len(), 19);
    let mut s = String::from(
        "| move order | nodes | searching tree nodes | cycles | cycles / node | cycles / searching node | paper's Table 6 cycles / searching node, same tree |\n|---|---|---|---|---|---|---|\n",
    );
    for order in [MoveOrder::Paper, MoveOrder::FastestFirst] {
        let (mut nodes, mut searching, mut cycles, mut paper) = (0u64, 0u64, 0u64, 0u64);
        for p in &positions {
            let r = solve(p.p, p.o, order);
            nodes += r.nodes;
            searching += r.searching_nodes();
            cycles += r.cycles;
            paper += r.paper_table6_cycles();
        }
        s += &format!(
            "| {} | {nodes} | {searching} | {cycles} | {:.2} | {:.2} | {:.1} |\n",
            order.name(),
            cycles as f64 / nodes as f64,
            cycles as f64 / searching as f64,
            paper as f64 / searching as f64
        );
    }
    s
}

#[test]
fn othello_units_are_generated() {
    let path = root().join("docs/othello.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let body = othello_units_table();
    let want = replace_section(&text, "othello-units", &body)
        .expect("docs/othello.md has no generated section `othello-units`");
    if want != text {
        if std::env::var_os("UPDATE_DOCS").is_some() {
            std::fs::write(&path, &want).unwrap();
            return;
        }
        panic!("docs/othello.md's units table differs from the model; run `UPDATE_DOCS=1 cargo test -p xtask --test tidy`. Expected:\n{body}");
    }
}

/// Every opcode and error code of `model::link` is in `docs/protocol.md` with its number,
/// and so are the protocol's timing and size constants.
#[test]
fn protocol_doc_names_every_opcode_and_constant() {
    use model::link::{self, err, op};
    let doc = std::fs::read_to_string(root().join("docs/protocol.md")).unwrap();
    let mut missing = Vec::new();
    for code in 0..=255u8 {
        let name = op::name(code);
        if name != "unknown"
            && name != "ERROR"
            && !doc.contains(&format!("| {code:#04x} | {name} |"))
        {
            missing.push(format!("opcode row `| {code:#04x} | {name} |`"));
        }
        let errors = doc.split("Error codes:").nth(1).unwrap_or("");
        let errors = errors.split("\n\n").next().unwrap_or("");
        if err::name(code) != "unknown error" && !errors.contains(&format!("{code:#04x} ")) {
            missing.push(format!(
                "error code {code:#04x} in the `Error codes:` paragraph"
            ));
        }
    }
    for (what, value) in [
        ("RX_TIMEOUT_BIT_TIMES", link::RX_TIMEOUT_BIT_TIMES),
        ("CORE_ANSWER_CYCLES", link::CORE_ANSWER_CYCLES),
        ("RX_BUFFER_LEN", link::RX_BUFFER_LEN as u64),
        (
            "HOST_ANSWER_TIMEOUT_BIT_TIMES",
            link::HOST_ANSWER_TIMEOUT_BIT_TIMES,
        ),
        ("HOST_MAX_ATTEMPTS", link::HOST_MAX_ATTEMPTS as u64),
    ] {
        if !doc.contains(&format!("`{what}` ({value}"))
            && !doc.contains(&format!("{value} ({what})"))
        {
            missing.push(format!("`{what}` ({value} ...)"));
        }
    }
    assert!(missing.is_empty(), "docs/protocol.md lacks: {missing:#?}");
}
