//! The board registry and the build directory layout shared by the commands.

use anyhow::Result;
use board_common::Board;
use gateware::BoardId;
use std::path::PathBuf;

/// The board crate of a board of the design table.
pub fn board(id: BoardId) -> Box<dyn Board> {
    match id {
        BoardId::AlchitryCu => Box::new(board_alchitry_cu::AlchitryCu),
        BoardId::Ulx3s => Box::new(board_ulx3s::Ulx3s),
    }
}

pub fn all() -> Vec<Box<dyn Board>> {
    BoardId::ALL.into_iter().map(board).collect()
}

pub fn by_name(name: &str) -> Result<Box<dyn Board>> {
    Ok(board(BoardId::from_name(name)?))
}

/// The workspace root (xtask's parent directory).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

pub use board_common::report::build_dir;
