//! `boardgate`: talk to a boardgate design on a real board or on the simulated board. Each
//! game's subcommands live in its module (`host::othello::cli`); the `link` design's in
//! `host::cli`.

use clap::{Parser, Subcommand};
use host::chess::cli::ChessCmd;
use host::cli::{Exit, LinkCmd, Usage};
use host::connect6::cli::Connect6Cmd;
use host::othello::cli::OthelloCmd;
use host::shogi::cli::ShogiCmd;

#[derive(Parser)]
#[command(
    name = "boardgate",
    version,
    about = "Host driver for boardgate FPGA game-search accelerators"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    #[command(flatten)]
    Link(LinkCmd),
    /// Othello: solve endgames on the board, perft on the model.
    #[command(subcommand)]
    Othello(OthelloCmd),
    /// Chess: perft on the model or counted on chip, legal moves, a UCI engine.
    #[command(subcommand)]
    Chess(ChessCmd),
    /// Shogi: perft, legal moves and the piece cover table on the model, a USI engine.
    #[command(subcommand)]
    Shogi(ShogiCmd),
    /// Connect6: a Cloudict-protocol engine (the model's baseline player so far) and a
    /// referee that plays engines against each other.
    #[command(subcommand)]
    Connect6(Connect6Cmd),
}

/// `--sim` takes an optional backend; a bare `--sim` followed by another argument (e.g. a
/// position starting with '-') must not swallow it, so it becomes `--sim auto` here.
fn normalize_args(args: Vec<String>) -> Vec<String> {
    let mut out = Vec::with_capacity(args.len() + 1);
    let mut it = args.into_iter().peekable();
    while let Some(a) = it.next() {
        let bare = a == "--sim";
        out.push(a);
        // A backend is a lowercase word; anything else (a position, another option) is not.
        let backend_next = it
            .peek()
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_lowercase()));
        if bare && !backend_next {
            out.push("auto".into());
        }
    }
    out
}

fn main() {
    // A reader that closes stdout early (`boardgate shogi moves | head -c 10`) ends the program
    // as it ends other Unix tools, by SIGPIPE, instead of a panic in `println!` (Rust ignores
    // SIGPIPE by default).
    #[cfg(unix)]
    // SAFETY: restores the default disposition of one signal before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse_from(normalize_args(std::env::args().collect()));
    let r = match cli.cmd {
        Cmd::Link(c) => c.run(),
        Cmd::Othello(c) => c.run(),
        Cmd::Chess(c) => c.run(),
        Cmd::Shogi(c) => c.run(),
        Cmd::Connect6(c) => c.run(),
    };
    if let Err(e) = r {
        eprintln!("error: {e:#}");
        let code = if e.downcast_ref::<Usage>().is_some() {
            2
        } else if let Some(x) = e.downcast_ref::<Exit>() {
            x.code
        } else {
            1
        };
        std::process::exit(code);
    }
}
