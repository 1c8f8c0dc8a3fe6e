//! The Connect6 modules against the golden model (`model::connect6::paper`), bit for bit, on
//! positions of seeded random play-outs and seeded baseline games (which reach the fours and
//! fives random play rarely does); and their emitted Verilog against their Rust simulation.

use gateware::connect6::SkilfulLinePredictor;
use model::connect6::paper::skilful_line::{self, LEVELS, LINE};
use model::connect6::paper::Cell;
use model::connect6::random::{baseline_game, random_game};
use model::connect6::{Board, Color, Game, Point, POINTS};
use rand::{rngs::StdRng, Rng, SeedableRng};
use rust_hdl::prelude::*;
use sim::cosim::cosim;

const SEED: u64 = 0xc6_b10c;

/// A position and a stone the modules centre on.
struct Probe {
    board: Board,
    side: Color,
    stone: Point,
}

/// Every position of `games` seeded games (half random play-outs, half baseline games), each
/// with the side to move and, as the stones to centre on, the opponent's last stones and one
/// random point (anywhere: edges and corners too).
fn probes(seed: u64, games: usize) -> Vec<Probe> {
    println!("seed {seed:#x}");
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for g in 0..games as u64 {
        let game = if g % 2 == 0 {
            random_game(seed + g, 60)
        } else {
            baseline_game(seed + g, 3, 60)
        };
        let mut replay = Game::new();
        for turn in game.turns() {
            replay.play(turn).expect("a recorded game replays");
            let side = replay.to_move();
            let random = Point(rng.gen_range(0..POINTS as u16));
            for &stone in turn.iter().chain([&random]) {
                out.push(Probe {
                    board: replay.board().clone(),
                    side,
                    stone,
                });
            }
        }
    }
    out
}

fn cells_bits<const N: usize>(cells: impl IntoIterator<Item = Cell>) -> Bits<N> {
    cells
        .into_iter()
        .enumerate()
        .fold(Bits::<N>::default(), |b, (i, c)| {
            b.replace_bit(2 * i, c.code() & 1 == 1)
                .replace_bit(2 * i + 1, c.code() & 2 == 2)
        })
}

fn drive_lines(u: &mut SkilfulLinePredictor, p: &Probe) {
    let lines = skilful_line::lines(&p.board, p.side, p.stone);
    u.lines.next = cells_bits(lines.iter().flatten().copied());
}

#[test]
fn skilful_line_predictor_matches_model() {
    let mut uut = SkilfulLinePredictor::default();
    uut.connect_all();
    let probes = probes(SEED, 60);
    let mut levels = [0usize; 5];
    for (k, p) in probes.iter().enumerate() {
        drive_lines(&mut uut, p);
        assert!(simulate(&mut uut, 100), "settles");
        let lines = skilful_line::lines(&p.board, p.side, p.stone);
        let want = skilful_line::best_on_lines(&lines);
        let code = uut.level.val().index();
        levels[code] += 1;
        let got = (code > 0).then(|| {
            (
                LEVELS[code],
                uut.count.val().index() as u8,
                uut.dir.val().index(),
                uut.index.val().index(),
            )
        });
        assert_eq!(
            got,
            want,
            "probe {k}: stone {:?}\n{}",
            p.stone,
            p.board.diagram()
        );
        // The model's point is the one the circuit names.
        if let Some((_, _, d, i)) = got {
            assert!(d < 4 && i < LINE);
            assert_eq!(lines[d][i], Cell::Empty);
        }
    }
    println!("{} probes; best level codes 0..4: {levels:?}", probes.len());
    // Every level is met, so every branch of the circuit was compared.
    assert!(levels.iter().all(|&n| n > 0), "{levels:?}");
}

#[test]
fn skilful_line_predictor_verilog() {
    if !sim::tools::require("verilator", "skilful_line_predictor_verilog") {
        return;
    }
    let probes = probes(SEED + 1, 10);
    let rep = cosim(
        "skilful_line_predictor",
        &mut SkilfulLinePredictor::default(),
        probes.len(),
        None,
        |u, k| drive_lines(u, &probes[k]),
        |_, _| {},
    )
    .unwrap();
    println!("skilful-line predictor: {} probes co-simulated", rep.cycles);
    assert_eq!(rep.mismatches, 0);
}
