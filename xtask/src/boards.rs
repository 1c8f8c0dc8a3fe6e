//! The board registry and the build directory layout shared by the commands.

use anyhow::{bail, Result};
use board_common::Board;
use std::path::PathBuf;

pub fn all() -> Vec<Box<dyn Board>> {
    vec![
        Box::new(board_alchitry_cu::AlchitryCu),
        Box::new(board_ulx3s::Ulx3s),
    ]
}

pub fn by_name(name: &str) -> Result<Box<dyn Board>> {
    let boards = all();
    let names: Vec<&str> = boards.iter().map(|b| b.name()).collect();
    match boards.into_iter().find(|b| b.name() == name) {
        Some(b) => Ok(b),
        None => bail!("unknown board '{name}' (known: {})", names.join(", ")),
    }
}

/// The workspace root (xtask's parent directory).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// `target/boardgate/<design>-<board>/`.
pub fn build_dir(design: &str, board: &str) -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"));
    target.join("boardgate").join(format!("{design}-{board}"))
}
