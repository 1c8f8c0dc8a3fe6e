//! Every `boardgate` subcommand (and each game's) is shown in the README.

use std::process::Command;

fn subcommands(args: &[&str]) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_boardgate"))
        .args(args)
        .arg("--help")
        .output()
        .unwrap();
    board_common::docs::help_subcommands(&String::from_utf8(out.stdout).unwrap())
}

#[test]
fn every_boardgate_command_is_in_the_readme() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md")).unwrap();
    let top = subcommands(&[]);
    assert!(top.contains(&"othello".to_string()), "{top:?}");
    for c in &top {
        let games = subcommands(&[c]);
        if games.is_empty() {
            assert!(
                readme.contains(&format!("-- {c} ")),
                "README.md does not show `boardgate {c}`"
            );
        }
        for g in games {
            assert!(
                readme.contains(&format!("-- {c} {g}")),
                "README.md does not show `boardgate {c} {g}`"
            );
        }
    }
}
