//! Every `boardgate` subcommand (and each game's) is shown in the README.

use std::process::Command;

fn subcommands(args: &[&str]) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_boardgate"))
        .args(args)
        .arg("--help")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect()
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
