//! What each step of the threat player buys: 100 games against the baseline (seeds 100..199,
//! colours alternating, as `cargo xtask bench connect6`'s match) for the full player and for
//! the smaller ones a circuit builds first (`threat::Steps`). Prints a line a player:
//! `cargo run --release -p model --example threat_steps [GAMES] [FIRST_SEED] [NAME_PART]`
//! (only the players whose name holds `NAME_PART`).

use model::connect6::random::against_baseline;
use model::connect6::threat::{decide_with, Steps};
use model::connect6::{Color, Outcome};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let mut number = |what: &str| -> u64 {
        match args.next() {
            None => 100,
            Some(a) => a.parse().unwrap_or_else(|_| {
                eprintln!("threat_steps: {what} must be a whole number, not {a:?}");
                std::process::exit(2)
            }),
        }
    };
    let games = number("GAMES");
    let first = number("FIRST_SEED");
    let only = args.next().unwrap_or_default();
    let full = Steps::FULL;
    let players = [
        ("full", full),
        ("forcing 1", Steps { forcing: 1, ..full }),
        (
            "forcing 1, no preparation",
            Steps {
                forcing: 1,
                prepare: false,
                ..full
            },
        ),
        (
            "forcing 1, no defence",
            Steps {
                forcing: 1,
                defend: false,
                ..full
            },
        ),
        (
            "forcing 1, baseline's block",
            Steps {
                forcing: 1,
                block_by_pairs: false,
                ..full
            },
        ),
        (
            "forcing 1, baseline's block, no defence",
            Steps {
                forcing: 1,
                block_by_pairs: false,
                defend: false,
                ..full
            },
        ),
        (
            "forcing 0, baseline's block, no defence",
            Steps {
                forcing: 0,
                block_by_pairs: false,
                defend: false,
                ..full
            },
        ),
        (
            "the chip's: forcing 2, the blocker, no defence",
            Steps::CHIP,
        ),
        (
            "the chip's and the circuit's defence",
            Steps {
                defend: true,
                ..Steps::CHIP
            },
        ),
        (
            "the chip's and the block by winning pairs",
            Steps {
                block_by_pairs: true,
                ..Steps::CHIP
            },
        ),
        (
            "the chip's, the circuit's defence and the block by winning pairs",
            Steps {
                block_by_pairs: true,
                defend: true,
                ..Steps::CHIP
            },
        ),
        (
            "forcing 2, baseline's block, no defence",
            Steps {
                forcing: 2,
                block_by_pairs: false,
                defend: false,
                ..full
            },
        ),
        (
            "forcing 1, baseline's block, no defence, no preparation",
            Steps {
                forcing: 1,
                block_by_pairs: false,
                defend: false,
                prepare: false,
                circuit: false,
            },
        ),
        (
            "forcing 0, baseline's block, no defence, no preparation",
            Steps {
                forcing: 0,
                block_by_pairs: false,
                defend: false,
                prepare: false,
                circuit: false,
            },
        ),
    ];
    for (name, steps) in players.into_iter().filter(|(n, _)| n.contains(&only)) {
        let (mut wins, mut losses, mut draws) = (0, 0, 0);
        let (mut moves, mut secs, mut slowest) = (0u64, 0f64, 0f64);
        for g in 0..games {
            let me = [Color::Black, Color::White][g as usize % 2];
            let game = against_baseline(first + g, me, |game| {
                let t = Instant::now();
                let stones = decide_with(game, steps);
                let s = t.elapsed().as_secs_f64();
                moves += 1;
                secs += s;
                slowest = f64::max(slowest, s);
                stones
            });
            match game.outcome() {
                Some(Outcome::Win(c)) if c == me => wins += 1,
                Some(Outcome::Win(_)) => losses += 1,
                _ => draws += 1,
            }
        }
        println!(
            "{name}: {wins} wins, {losses} losses, {draws} draws of {games}; {:.1} ms a move, {:.0} ms at most",
            secs * 1e3 / moves.max(1) as f64,
            slowest * 1e3
        );
    }
}
