//! The Connect6 modules against the golden model (`model::connect6::paper`), bit for bit, on
//! positions of seeded random play-outs and seeded baseline games (which reach the fours and
//! fives random play rarely does); and their emitted Verilog against their Rust simulation.

use gateware::connect6::board_overlay::STONES;
use gateware::connect6::checkmate_strategy_checker::CYCLES;
use gateware::connect6::game_record_manager::FETCH_CYCLES;
use gateware::connect6::template_matching::{terms, SCORE_BITS};
use gateware::connect6::{
    BoardOverlay, CheckmateStrategyChecker, ForcingSearch, GameRecordManager, LineScorer,
    NextMoveSelector, PairTester, Preparation, SkilfulLinePredictor, TemplateMatching,
    ThreatBlocker, ThreatPlayer, ThreatScanner, WinningPairSearch,
};
use model::connect6::blocker::{self, Blocked};
use model::connect6::forcing_search::{self, ForcingSearch as Forced};
use model::connect6::line_scan::{self, LineScan, SCORE_BITS as LINE_SCORE_BITS};
use model::connect6::pair_search::{self, Forcing, PairSearch};
use model::connect6::paper::checkmate::{check_cells, tactics_table, triangle_point};
use model::connect6::paper::selector::{decide_with_cycles, Module, PUT_CYCLES, SCAN_CYCLES};
use model::connect6::paper::skilful_line::{self, LEVELS, LINE};
use model::connect6::paper::templates;
use model::connect6::paper::{row_word, stone_code, Cell, Region};
use model::connect6::prepare::{self, Prepared};
use model::connect6::random::{baseline_game, random_game};
use model::connect6::threat::{self, CHIP_BUDGET};
use model::connect6::threat_scan::{self, SideThreats, ThreatScan, ThreatWindow};
use model::connect6::turn::{self, Step, Turn};
use model::connect6::{Board, Color, Game, Point, POINTS, SIZE};
use rand::{rngs::StdRng, Rng, SeedableRng};
use rust_hdl::prelude::*;
use sim::cosim::cosim;
use sim::harness::{busy_cycles, cycle, on_big_stack, settle};
use sim::vblock::{lockstep, Dut, Mirror};

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

/// Co-simulates a combinational block on the probes of 10 games of `seed`, one a cycle.
fn cosim_on_probes<B: Block>(name: &str, uut: &mut B, seed: u64, drive: fn(&mut B, &Probe)) {
    if !sim::tools::require("verilator", &format!("{name}_verilog")) {
        return;
    }
    let probes = probes(seed, 10);
    let rep = cosim(
        name,
        uut,
        probes.len(),
        None,
        |u, k| drive(u, &probes[k]),
        |_, _| {},
    )
    .unwrap();
    println!("{name}: {} probes co-simulated", rep.cycles);
    assert_eq!(rep.mismatches, 0);
}

#[test]
fn skilful_line_predictor_verilog() {
    cosim_on_probes(
        "skilful_line_predictor",
        &mut SkilfulLinePredictor::default(),
        SEED + 1_000,
        drive_lines,
    );
}

fn drive_window(u: &mut TemplateMatching, p: &Probe) {
    let region = Region::around(p.stone);
    u.window.next = cells_bits(templates::window_cells(&p.board, p.side, region, p.stone));
}

#[test]
fn template_matching_matches_model() {
    let mut uut = TemplateMatching::default();
    uut.connect_all();
    let probes = probes(SEED + 100, 60);
    let mut matched = 0;
    let mut best = 0;
    for (k, p) in probes.iter().enumerate() {
        drive_window(&mut uut, p);
        assert!(simulate(&mut uut, 100), "settles");
        let window = templates::window_cells(&p.board, p.side, Region::around(p.stone), p.stone);
        let want = templates::best_of(&templates::priorities_of(&window));
        let score = uut.score.val().index() as u16;
        let got = (score > 0).then(|| (score, uut.at.val().index()));
        assert_eq!(
            got,
            want,
            "probe {k}: stone {:?}\n{}",
            p.stone,
            p.board.diagram()
        );
        matched += got.is_some() as usize;
        best = best.max(score);
    }
    println!(
        "{} probes, {matched} with a match, best total {best} (at most {} in {SCORE_BITS} bits); {} terms",
        probes.len(),
        TemplateMatching::max_score(),
        terms().len()
    );
    assert!(matched > probes.len() / 2 && matched < probes.len());
}

#[test]
fn template_matching_verilog() {
    cosim_on_probes(
        "template_matching",
        &mut TemplateMatching::default(),
        SEED + 1_100,
        drive_window,
    );
}

fn region_bits(p: &Probe) -> Bits<450> {
    cells_bits(Region::around(p.stone).cells(&p.board, p.side))
}

/// One check: `start` with the region and the colour, then cycles until `done` with the
/// region's bits inverted and the other colour (the checker reads them at `start` only: the
/// selector fetches the next record while a check runs); the result as the model gives it
/// (worth, region index of each stone) and the cycles taken.
fn run_checker(
    u: &mut Dut<CheckmateStrategyChecker>,
    p: &Probe,
    colour: Cell,
) -> (Option<(u8, usize, usize)>, u32) {
    u.region.next = region_bits(p);
    u.colour.next = colour.code().into();
    u.start.next = true;
    u.cycle();
    u.start.next = false;
    u.region.next = !region_bits(p);
    u.colour.next = (3 - colour.code()).into();
    // The start cycle and the busy ones.
    let cycles = 1 + u.cycles_while(|u| !u.done.val(), 2 * CYCLES as u64, "the checker") as u32;
    let got = u.found.val().then(|| {
        (
            u.worth.val().index() as u8,
            u.a.val().index(),
            u.b.val().index(),
        )
    });
    (got, cycles)
}

#[test]
fn checkmate_strategy_checker_matches_model() {
    // Every probe on Verilator; every 30th in rust-hdl (a check is 425 clocked cycles of the
    // Rust simulation, about 5,000 cycles a second; every sixth before 2026-12-07).
    let mut sims = Sims::<CheckmateStrategyChecker>::new("checkmate_strategy_checker");
    let probes: Vec<Probe> = probes(SEED + 200, 60);
    let table = tactics_table();
    let mut found = [0usize; 2];
    for (k, p) in probes.iter().enumerate() {
        let cells = Region::around(p.stone).cells(&p.board, p.side);
        for (j, colour) in [Cell::Own, Cell::Opp].into_iter().enumerate() {
            let want = check_cells(&cells, colour).map(|(worth, t, n)| {
                let e = table[n];
                (
                    worth,
                    triangle_point(t, e.a as usize),
                    triangle_point(t, e.b as usize),
                )
            });
            sims.check(
                k % 30 == 0,
                &(want, CYCLES),
                |u| run_checker(u, p, colour),
                || {
                    format!(
                        "probe {k} {colour:?}: stone {:?}\n{}",
                        p.stone,
                        p.board.diagram()
                    )
                },
            );
            found[j] += want.is_some() as usize;
        }
    }
    println!(
        "{} probes, a pair found for the side to move {}, for the opponent {}; {CYCLES} cycles \
         each; {}",
        probes.len(),
        found[0],
        found[1],
        sims.summary()
    );
    assert!(
        found.iter().all(|&n| n > 0 && n < probes.len()),
        "{found:?}"
    );
}

#[test]
fn checkmate_strategy_checker_verilog() {
    if !sim::tools::require("verilator", "checkmate_strategy_checker_verilog") {
        return;
    }
    let probes = probes(SEED + 1_200, 2);
    let per = CYCLES as usize + 2;
    let compared = lockstep(
        "checkmate_strategy_checker",
        CheckmateStrategyChecker::default(),
        probes.len() * per,
        |u, k| {
            let p = &probes[k / per];
            u.start.next = k % per == 0;
            u.region.next = region_bits(p);
            u.colour.next = if (k / per).is_multiple_of(2) {
                Cell::Own
            } else {
                Cell::Opp
            }
            .code()
            .into();
        },
    )
    .unwrap();
    println!(
        "checkmate strategy checker: {} probes, {} cycles co-simulated ({compared} settles \
         and cycles compared)",
        probes.len(),
        probes.len() * per
    );
}

/// Loads `board` through the host's port, a row a cycle.
fn load_board(u: &mut GameRecordManager, board: &Board) {
    for r in 0..19 {
        u.load_en.next = true;
        u.load_row.next = (r as u64).into();
        u.load_data.next = row_word(board, r).into();
        cycle(u, |u| &mut u.clock).unwrap();
    }
    u.load_en.next = false;
}

/// A command (`set` raises its strobe), then cycles until the manager is idle; the cycles.
fn command(u: &mut GameRecordManager, set: fn(&mut GameRecordManager, bool)) -> u32 {
    set(u, true);
    cycle(u, |u| &mut u.clock).unwrap();
    set(u, false);
    1 + busy_cycles(u, |u| &mut u.clock, |u| u.busy.val(), 40, "the manager").unwrap() as u32
}

fn fetch(u: &mut GameRecordManager, stone: Point) -> u32 {
    u.col.next = (stone.col() as u64).into();
    u.row.next = (stone.row() as u64).into();
    command(u, |u, on| u.fetch.next = on)
}

#[test]
fn game_record_manager_matches_model() {
    let mut uut = GameRecordManager::default();
    uut.connect_all();
    let probes = probes(SEED + 300, 20);
    let mut scans = 0;
    for (k, p) in probes.iter().enumerate() {
        load_board(&mut uut, &p.board);
        uut.side.next = stone_code(Some(p.side)).into();
        let cycles = fetch(&mut uut, p.stone);
        assert!(uut.ready.val());
        assert_eq!(cycles, FETCH_CYCLES, "probe {k}: cycles");
        let region = Region::around(p.stone);
        let lines = skilful_line::lines(&p.board, p.side, p.stone);
        let window = templates::window_cells(&p.board, p.side, region, p.stone);
        let at = |k| format!("probe {k}: stone {:?}\n{}", p.stone, p.board.diagram());
        assert_eq!(uut.region.val(), region_bits(p), "region, {}", at(k));
        assert_eq!(
            uut.lines.val(),
            cells_bits(lines.iter().flatten().copied()),
            "lines, {}",
            at(k)
        );
        assert_eq!(
            uut.window.val(),
            cells_bits::<50>(window),
            "window, {}",
            at(k)
        );
        let (wc, wr) = region.window(p.stone);
        assert_eq!(
            [
                uut.col0.val(),
                uut.row0.val(),
                uut.wcol0.val(),
                uut.wrow0.val()
            ]
            .map(|x| x.index()),
            [region.col0, region.row0, wc, wr],
            "origins, {}",
            at(k)
        );
        // A stone put on the probe's point (when empty) is in the next fetch's region.
        if p.board.is_empty(p.stone) && k % 4 == 0 {
            assert_eq!(command(&mut uut, |u, on| u.put.next = on), PUT_CYCLES);
            fetch(&mut uut, p.stone);
            let mut b = p.board.clone();
            b.set(p.stone, Some(p.side));
            let q = Probe {
                board: b,
                side: p.side,
                stone: p.stone,
            };
            assert_eq!(uut.region.val(), region_bits(&q), "after a put, {}", at(k));
        }
        // The first empty point of a board whose first rows are full.
        if k % 50 == 0 {
            let mut b = p.board.clone();
            let full = k / 50 % 19;
            for q in 0..19 * full {
                b.set(Point(q as u16), Some(Color::Black));
            }
            load_board(&mut uut, &b);
            let cycles = command(&mut uut, |u, on| u.scan.next = on);
            let first = b.empties().next();
            let got = uut.found.val().then(|| {
                Point::new(uut.first_col.val().index(), uut.first_row.val().index()).unwrap()
            });
            assert_eq!(got, first, "scan, {}", at(k));
            let row = first.map_or(19, |f| f.row() + 1);
            // The rows read up to the first empty one, the command's cycle, the last's.
            assert_eq!(cycles, row as u32 - 1 + SCAN_CYCLES, "scan cycles");
            scans += 1;
        }
    }
    println!("{} probes fetched, {scans} scans", probes.len());
}

#[test]
fn game_record_manager_verilog() {
    if !sim::tools::require("verilator", "game_record_manager_verilog") {
        return;
    }
    // Per probe: 19 row loads, a fetch and its 16 cycles, a put and 3, a scan and 20.
    let probes = probes(SEED + 1_300, 2);
    let per = 19 + 17 + 3 + 21;
    let rep = cosim(
        "game_record_manager",
        &mut GameRecordManager::default(),
        probes.len() * per,
        Some("clock"),
        |u, k| {
            let p = &probes[k / per];
            let t = k % per;
            u.load_en.next = t < 19;
            u.load_row.next = ((t % 19) as u64).into();
            u.load_data.next = row_word(&p.board, t % 19).into();
            u.side.next = stone_code(Some(p.side)).into();
            u.col.next = (p.stone.col() as u64).into();
            u.row.next = (p.stone.row() as u64).into();
            u.fetch.next = t == 19;
            u.put.next = t == 19 + 17;
            u.scan.next = t == 19 + 17 + 3;
        },
        |u, level| u.clock.next = Clock::from(level),
    )
    .unwrap();
    println!(
        "game record manager: {} probes, {} cycles co-simulated",
        probes.len(),
        rep.cycles
    );
    assert_eq!(rep.mismatches, 0);
}

/// The player's inputs for the decision of `game`'s side to move (its board loaded).
fn drive_decision(u: &mut NextMoveSelector, game: &Game) {
    u.side.next = stone_code(Some(game.to_move())).into();
    u.stones.next = (game.stones_this_turn() as u64).into();
    let last = game.turns().last().cloned().unwrap_or_default();
    u.last_n.next = (last.len() as u64).into();
    let at = |k: usize| {
        last.get(k)
            .map_or((0, 0), |p| (p.col() as u64, p.row() as u64))
    };
    u.last0_col.next = at(0).0.into();
    u.last0_row.next = at(0).1.into();
    u.last1_col.next = at(1).0.into();
    u.last1_row.next = at(1).1.into();
}

/// One decision on the simulated player: the board loaded, `start`, cycles until `done`; the
/// stones and modules, and the cycles from `start` to `done`.
fn run_player(u: &mut Dut<NextMoveSelector>, game: &Game) -> (Vec<(Point, Module)>, u32) {
    for r in 0..19 {
        u.load_en.next = true;
        u.load_row.next = (r as u64).into();
        u.load_data.next = row_word(game.board(), r).into();
        u.cycle();
    }
    u.load_en.next = false;
    drive_decision(u, game);
    u.start.next = true;
    u.cycle();
    u.start.next = false;
    let cycles = 1 + u.cycles_while(|u| !u.done.val(), 10_000, "the player's decision") as u32;
    let stone = |c: Bits<5>, r: Bits<5>, m: Bits<3>| {
        (
            Point::new(c.index(), r.index()).expect("on the board"),
            Module::ALL[m.index()],
        )
    };
    let mut out = vec![stone(
        u.stone0_col.val(),
        u.stone0_row.val(),
        u.stone0_module.val(),
    )];
    if u.placed.val().index() == 2 {
        out.push(stone(
            u.stone1_col.val(),
            u.stone1_row.val(),
            u.stone1_module.val(),
        ));
    }
    (out, cycles)
}

#[test]
fn next_move_selector_decides_as_the_model() {
    // Six games of 30 turns, of each kind by turns, on Verilator; in rust-hdl every fifth
    // decision of the first two (every decision of the two before 2026-12-07). (The Verilator
    // board's test decides in four more and a whole game against the baseline, each decision
    // against the model.)
    let mut sims = Sims::<NextMoveSelector>::new("next_move_selector");
    let mut modules = std::collections::BTreeMap::new();
    let (mut decisions, mut total, mut worst) = (0, 0u64, 0);
    for g in 0..6u64 {
        let seed = SEED + 400 + g;
        let game = if g % 2 == 0 {
            random_game(seed, 30)
        } else {
            baseline_game(seed, 3, 30)
        };
        let mut replay = Game::new();
        for turn in game.turns().iter().chain([&vec![]]) {
            if replay.outcome().is_some() {
                break;
            }
            let want = decide_with_cycles(&replay);
            sims.check(
                g < 2 && decisions % 5 == 0,
                &want,
                |u| run_player(u, &replay),
                || {
                    format!(
                        "seed {seed:#x} turn {}\n{}",
                        replay.turns().len(),
                        replay.board().diagram()
                    )
                },
            );
            let (got, cycles) = want;
            for (_, m) in &got {
                *modules.entry(format!("{m:?}")).or_insert(0) += 1;
            }
            decisions += 1;
            total += cycles as u64;
            worst = worst.max(cycles);
            if turn.is_empty() {
                break;
            }
            replay.play(turn).expect("a recorded game replays");
        }
    }
    println!(
        "{decisions} decisions; cycles mean {:.0}, worst {worst}; stones by module {modules:?}; \
         {}",
        total as f64 / decisions as f64,
        sims.summary()
    );
}

#[test]
fn next_move_selector_verilog() {
    if !sim::tools::require("verilator", "next_move_selector_verilog") {
        return;
    }
    // Decisions at a few turns of a baseline game and two of the random mode (its subspace
    // search, its scan): 19 row loads, a start, then the decision (its cycles, and idle ones
    // after it).
    let game = baseline_game(SEED + 1_400, 3, 24);
    let mut positions: Vec<Game> = [1, 6, 12, 20]
        .iter()
        .map(|&t| {
            let mut g = Game::new();
            for turn in &game.turns()[..t] {
                g.play(turn).unwrap();
            }
            g
        })
        .collect();
    positions.extend([
        random_mode_game(SEED + 1_500, true),
        random_mode_game(SEED + 1_501, false),
    ]);
    let per = 19 + 1 + 4_000;
    assert!(positions
        .iter()
        .all(|g| decide_with_cycles(g).1 as usize + 20 < per));
    let compared = lockstep(
        "next_move_selector",
        NextMoveSelector::default(),
        positions.len() * per,
        |u, k| {
            let g = &positions[k / per];
            let t = k % per;
            u.load_en.next = t < 19;
            u.load_row.next = ((t % 19) as u64).into();
            u.load_data.next = row_word(g.board(), t % 19).into();
            drive_decision(u, g);
            u.start.next = t == 19;
        },
    )
    .unwrap();
    println!(
        "next-move selector: {} decisions, {} cycles co-simulated ({compared} settles and \
         cycles compared)",
        positions.len(),
        positions.len() * per,
    );
}

/// A game whose board is full but for a few points, in a pattern without a six and with both
/// colours on every four points in a line (`(col + 2 row) mod 4 < 2` is Black), and whose last
/// turn is two Black stones with full 5x5 windows: no module proposes, so the player's random
/// mode decides. `inside`: the empty points lie in the first last stone's region (the random
/// mode's subspace search); otherwise outside it (the scan for the first empty point).
fn random_mode_game(seed: u64, inside: bool) -> Game {
    let colour = |p: Point| {
        if (p.col() + 2 * p.row()) % 4 < 2 {
            Color::Black
        } else {
            Color::White
        }
    };
    let mut rng = StdRng::seed_from_u64(seed);
    let pick = |rng: &mut StdRng, lo: usize, hi: usize| loop {
        let p = Point::new(rng.gen_range(lo..hi), rng.gen_range(lo..hi)).unwrap();
        if colour(p) == Color::Black {
            return p;
        }
    };
    let last0 = pick(&mut rng, 2, SIZE - 2);
    let last1 = loop {
        let p = pick(&mut rng, 2, SIZE - 2);
        if p != last0 {
            break p;
        }
    };
    let region = Region::around(last0);
    let near =
        |p: Point, q: Point| p.col().abs_diff(q.col()) <= 2 && p.row().abs_diff(q.row()) <= 2;
    let may_empty = |p: Point| !near(p, last0) && !near(p, last1) && region.contains(p) == inside;
    let mut board = Board::default();
    for q in 0..POINTS as u16 {
        board.set(Point(q), Some(colour(Point(q))));
    }
    // A few empty points, then as many as make the counts a game's: Black one more than
    // White, Black odd.
    let empty = |board: &mut Board, rng: &mut StdRng, c: Option<Color>| loop {
        let p = Point(rng.gen_range(0..POINTS as u16));
        if may_empty(p) && board.get(p).is_some() && c.is_none_or(|c| board.get(p) == Some(c)) {
            board.set(p, None);
            return;
        }
    };
    for _ in 0..rng.gen_range(2..8) {
        empty(&mut board, &mut rng, None);
    }
    let count = |board: &Board, c| {
        (0..POINTS as u16)
            .filter(|&q| board.get(Point(q)) == Some(c))
            .count()
    };
    loop {
        let (b, w) = (count(&board, Color::Black), count(&board, Color::White));
        if b == w + 1 && b % 2 == 1 {
            break;
        }
        let c = if b > w { Color::Black } else { Color::White };
        empty(&mut board, &mut rng, Some(c));
    }
    // The turns: Black's opening, then White and Black two stones a turn, Black's last.
    let stones = |c| -> Vec<Point> {
        (0..POINTS as u16)
            .map(Point)
            .filter(|&p| board.get(p) == Some(c) && p != last0 && p != last1)
            .collect()
    };
    let (blacks, whites) = (stones(Color::Black), stones(Color::White));
    let mut game = Game::new();
    game.play(&blacks[..1]).unwrap();
    for (w, b) in whites
        .chunks(2)
        .zip(blacks[1..].chunks(2).map(Some).chain([None]))
    {
        game.play(w).unwrap();
        game.play(b.unwrap_or(&[last0, last1])).unwrap();
    }
    assert!(game.board() == &board, "the turns rebuild the board");
    game
}

#[test]
fn next_move_selector_random_mode_as_the_model() {
    // Forty games on Verilator, the first two in rust-hdl (twelve there before 2026-12-07).
    let mut sims = Sims::<NextMoveSelector>::new("next_move_selector");
    let mut random = [0usize; 2];
    for k in 0..40u64 {
        let inside = k % 2 == 0;
        let game = random_mode_game(SEED + 500 + k, inside);
        let want = decide_with_cycles(&game);
        sims.check(
            k < 2,
            &want,
            |u| run_player(u, &game),
            || format!("seed {:#x}\n{}", SEED + 500 + k, game.board().diagram()),
        );
        let want = want.0;
        if want[0].1 == Module::Random {
            random[usize::from(!inside)] += 1;
        }
    }
    println!(
        "first stones by the random mode: {} from a subspace, {} by the scan; {}",
        random[0],
        random[1],
        sims.summary()
    );
    assert!(random.iter().all(|&n| n > 0), "{random:?}");
}

/// One scan of `board` for `side` on the threat scanner: row 0 with `first`, then the rows in
/// order, with random idle cycles between them (`row_en` low); the answer the cycle after the
/// last row, checked against `done` before and after.
fn run_threat_scan(
    u: &mut ThreatScanner,
    board: &Board,
    side: Color,
    rng: &mut StdRng,
) -> ThreatScan {
    u.side.next = stone_code(Some(side)).into();
    for r in 0..SIZE {
        while rng.gen_ratio(1, 4) {
            u.row_en.next = false;
            u.first.next = false;
            cycle(u, |u| &mut u.clock).unwrap();
        }
        u.row_en.next = true;
        u.first.next = r == 0;
        u.row.next = row_word(board, r).into();
        cycle(u, |u| &mut u.clock).unwrap();
        assert_eq!(u.done.val(), r + 1 == SIZE, "done after row {r}");
    }
    u.row_en.next = false;
    u.first.next = false;
    let side_of =
        |found: bool, count: Bits<10>, dir: Bits<2>, col: Bits<5>, row: Bits<5>, e: Bits<6>| {
            SideThreats {
                count: count.index(),
                first: found.then(|| ThreatWindow {
                    dir: dir.index(),
                    first: Point::new(col.index(), row.index()).expect("a point on the board"),
                    empties: e.index() as u8,
                }),
            }
        };
    ThreatScan {
        own: side_of(
            u.own_found.val(),
            u.own_count.val(),
            u.own_dir.val(),
            u.own_col.val(),
            u.own_row.val(),
            u.own_empties.val(),
        ),
        opp: side_of(
            u.opp_found.val(),
            u.opp_count.val(),
            u.opp_dir.val(),
            u.opp_col.val(),
            u.opp_row.val(),
            u.opp_empties.val(),
        ),
    }
}

#[test]
fn threat_scanner_matches_model() {
    let mut uut = ThreatScanner::default();
    uut.connect_all();
    let mut rng = StdRng::seed_from_u64(SEED + 1_400);
    let probes = probes(SEED + 1_300, 60);
    let (mut scans, mut own, mut opp, mut many) = (0, 0, 0, 0);
    // Every position once (the probes repeat a position for each stone they centre on), for
    // the side to move and for the other.
    for (i, p) in probes.iter().enumerate() {
        if i > 0 && probes[i - 1].board == p.board {
            continue;
        }
        for side in [p.side, p.side.other()] {
            let want = threat_scan::scan(&p.board, side);
            let got = run_threat_scan(&mut uut, &p.board, side, &mut rng);
            assert_eq!(
                got,
                want,
                "probe {i}, {side:?} to move:\n{}",
                p.board.diagram()
            );
            scans += 1;
            own += usize::from(want.own.first.is_some());
            opp += usize::from(want.opp.first.is_some());
            many += usize::from(want.own.count + want.opp.count > 1);
        }
    }
    println!(
        "threat scanner: {scans} scans, {own} with a threat of the side scanned for, {opp} \
         of the other, {many} with two or more"
    );
    // The games must reach threats, or the test checks only the empty answer.
    assert!(
        own > 100 && opp > 100 && many > 100,
        "too few threats: {own}, {opp}, {many}"
    );
}

#[test]
fn threat_scanner_verilog() {
    if !sim::tools::require("verilator", "threat_scanner_verilog") {
        return;
    }
    let probes = probes(SEED + 1_500, 4);
    // A scan a probe: 19 rows and an idle cycle; the side alternates.
    let per = SIZE + 1;
    let rep = cosim(
        "threat_scanner",
        &mut ThreatScanner::default(),
        probes.len() * per,
        Some("clock"),
        |u, k| {
            let (p, r) = (&probes[k / per], k % per);
            u.side.next = stone_code(Some(if (k / per).is_multiple_of(2) {
                p.side
            } else {
                p.side.other()
            }))
            .into();
            u.row_en.next = r < SIZE;
            u.first.next = r == 0;
            u.row.next = row_word(&p.board, r.min(SIZE - 1)).into();
        },
        |u, level| u.clock.next = Clock::from(level),
    )
    .unwrap();
    println!(
        "threat scanner: {} probes, {} cycles co-simulated",
        probes.len(),
        rep.cycles
    );
    assert_eq!(rep.mismatches, 0);
}

/// One search on the winning-pair search block: `start` a cycle, then the board's read port
/// answered as a block RAM does (the word of the row asked the cycle before) until `done`;
/// the answer as the model gives it, the cycles from `start` to `done`.
fn run_pair_search(
    u: &mut Dut<WinningPairSearch>,
    board: &Board,
    side: Color,
    first_only: bool,
    budget: u64,
    focus: Option<[Point; 2]>,
) -> PairSearch {
    u.side.next = stone_code(Some(side)).into();
    u.first_only.next = first_only;
    u.budget.next = budget.into();
    set_focus(u, focus);
    u.start.next = true;
    let mut forcing = Vec::new();
    let cycles = drive_port(u, board, 1 << 22, "the search", |u| {
        if u.forcing_valid.val() {
            let at =
                |c: Bits<5>, r: Bits<5>| Point::new(c.index(), r.index()).expect("on the board");
            let (mask, pts) = (u.forcing_blocks.val(), u.forcing_pts.val());
            let pt = |i: usize, f: usize| {
                at(
                    pts.get_bits::<5>(20 * i + 10 * f),
                    pts.get_bits::<5>(20 * i + 10 * f + 5),
                )
            };
            let mut blocks: Vec<[Point; 2]> = (0..4)
                .filter(|&i| mask.get_bit(i))
                .map(|i| [pt(i, 0).min(pt(i, 1)), pt(i, 0).max(pt(i, 1))])
                .collect();
            blocks.sort();
            forcing.push(Forcing {
                pair: [
                    at(u.forcing_a_col.val(), u.forcing_a_row.val()),
                    at(u.forcing_c_col.val(), u.forcing_c_row.val()),
                ],
                blocks,
            });
        }
    });
    let point = point_of;
    PairSearch {
        own_threat: u.own_threat.val(),
        opp_threat: u.opp_threat.val(),
        first: u.found.val().then(|| {
            [
                point(u.a_col.val(), u.a_row.val()),
                point(u.c_col.val(), u.c_row.val()),
            ]
        }),
        wins: u.wins.val().index() as u64,
        tested: u.tested.val().index() as u64,
        exhausted: u.exhausted.val(),
        forcing,
        pairs: 0,
        gathers: 0,
        cycles,
    }
}

/// The search's focus inputs: on, with the two points (column, row << 5), or off.
fn set_focus(u: &mut WinningPairSearch, focus: Option<[Point; 2]>) {
    let code = |p: Point| (p.col() as u64 | (p.row() as u64) << 5).into();
    u.focus.next = focus.is_some();
    if let Some([a, c]) = focus {
        u.focus_a.next = code(a);
        u.focus_c.next = code(c);
    }
}

/// A focus for a search of `side` on `board` (the block and the model filter alike wherever it
/// is): two of the side's candidates, by `k`.
fn focus_of(board: &Board, side: Color, k: usize) -> Option<[Point; 2]> {
    let cands = model::connect6::threat::threat_candidates(board, side);
    (cands.len() >= 2).then(|| [cands[k % cands.len()], cands[(3 * k + 1) % cands.len()]])
}

#[test]
fn winning_pair_search_matches_model() {
    // Every search on Verilator, every tenth in rust-hdl (all there before 2026-12-07).
    let mut sims = Sims::<WinningPairSearch>::new("winning_pair_search");
    let probes = probes(SEED + 1_600, 6);
    let (mut searches, mut wins, mut threat, mut cut, mut pairs, mut cycles) = (0, 0, 0, 0, 0, 0);
    let (mut forcing, mut focused, mut early) = (0, 0, 0);
    for (i, p) in probes.iter().enumerate() {
        if i > 0 && probes[i - 1].board == p.board {
            continue;
        }
        for (s, side) in [p.side, p.side.other()].into_iter().enumerate() {
            // All pairs where they are few and the side has no threat, else a budget (some
            // cut short; a side with a threat is searched whole by the model's tests and the
            // pair tester's); every third search stops at the first winning pair.
            let n = model::connect6::threat::threat_candidates(&p.board, side).len() as u64;
            let has_threat = !p.board.threats(side).is_empty();
            let budget = if n <= 16 && !has_threat {
                pair_search::MAX_BUDGET
            } else {
                30
            };
            let first_only = (i + s) % 3 == 0;
            // Every other search with a focus (two of the side's candidates).
            let focus = if (i + s) % 2 == 1 {
                focus_of(&p.board, side, i)
            } else {
                None
            };
            let mut want = pair_search::search_near(&p.board, side, first_only, budget, focus);
            want.pairs = 0;
            want.gathers = 0;
            sims.check(
                searches % 10 == 0,
                &want,
                |u| run_pair_search(u, &p.board, side, first_only, budget, focus),
                || {
                    format!(
                        "probe {i}, {side:?}, first only {first_only}, budget {budget}:\n{}",
                        p.board.diagram()
                    )
                },
            );
            searches += 1;
            wins += usize::from(want.wins > 0);
            threat += usize::from(want.own_threat);
            cut += usize::from(want.exhausted);
            pairs += want.tested;
            cycles += want.cycles;
            forcing += want.forcing.len();
            focused += usize::from(focus.is_some() && want.tested > 0);
            // Focused searches without a one-stone threat point, done after their scan.
            early += usize::from(focus.is_some() && want.cycles == pair_search::START_CYCLES);
        }
    }
    println!(
        "winning-pair search: {searches} searches, {wins} with a winning pair, {threat} of a \
         side with a threat, {cut} cut by the budget; {pairs} pairs tested in {cycles} cycles, \
         {forcing} forcing pairs streamed, {focused} focused searches testing pairs, {early} \
         focused searches done after their scan; {}",
        sims.summary()
    );
    // The games must reach winning pairs, threats, forcing pairs and long searches, or the
    // test checks only the empty answer.
    assert!(
        wins > 10 && threat > 20 && cut > 20 && forcing > 100 && focused > 50 && early > 5,
        "{wins}, {threat}, {cut}, {forcing}, {focused}, {early}"
    );
}

#[test]
fn winning_pair_search_verilog() {
    if !sim::tools::require("verilator", "winning_pair_search_verilog") {
        return;
    }
    // Positions where the filter keeps three pairs or more (tested within a budget of 12),
    // for the side to move and the other by turns, and one side with a threat; every other
    // search with a focus.
    let mut probes: Vec<(Board, Color)> = probes(SEED + 1_700, 4)
        .into_iter()
        .flat_map(|p| [(p.board.clone(), p.side), (p.board, p.side.other())])
        .filter(|(b, side)| {
            let s = pair_search::search(b, *side, false, 12);
            !s.own_threat && s.tested > 2
        })
        .step_by(3)
        .collect();
    assert!(probes.len() > 12, "{} probes", probes.len());
    let mut four = Board::default();
    for col in 3..7 {
        four.set(Point::new(col, 9).unwrap(), Some(Color::White));
    }
    probes.insert(1, (four, Color::White));
    // Searches back to back, each on the next probe with a budget of 12 pairs, every third
    // up to the first winning pair; the read port answered as a block RAM; one search cancelled.
    let next = cosim_port(
        "winning_pair_search",
        WinningPairSearch::default(),
        12_000,
        5_000,
        |u, next| {
            let (b, side) = &probes[next % probes.len()];
            u.side.next = stone_code(Some(*side)).into();
            u.first_only.next = next % 3 == 0;
            u.budget.next = 12_u64.into();
            // Every other search with a focus (two of the side's candidates).
            set_focus(u, focus_of(b, *side, next).filter(|_| next % 2 == 1));
            b.clone()
        },
    );
    assert!(next > 10, "{next} searches");
}

/// Drives one pair into the pair tester: a's and c's lines, the pair's points.
fn drive_pair(u: &mut PairTester, board: &Board, side: Color, a: Point, c: Point) {
    let (own_a, blocked_a) = pair_search::lines_through(board, side, a);
    let (own_c, blocked_c) = pair_search::lines_through(board, side, c);
    u.own_a.next = own_a.into();
    u.blocked_a.next = blocked_a.into();
    u.own_c.next = own_c.into();
    u.blocked_c.next = blocked_c.into();
    u.a_col.next = (a.col() as u64).into();
    u.a_row.next = (a.row() as u64).into();
    u.c_col.next = (c.col() as u64).into();
    u.c_row.next = (c.row() as u64).into();
}

/// The pairs of `board` the tester is checked on: every candidate pair the search's filter
/// scans, and every 7th of those it passes (which make no threat).
fn tester_pairs(board: &Board, side: Color) -> Vec<[Point; 2]> {
    let cands = model::connect6::threat::threat_candidates(board, side);
    let t3 = pair_search::threat_points(board, side);
    let mut out = Vec::new();
    let mut passed = 0;
    for (i, &a) in cands.iter().enumerate() {
        for &c in &cands[i + 1..] {
            if pair_search::can_make_threat(&t3, a, c) {
                out.push([a, c]);
            } else {
                passed += 1;
                if passed % 7 == 0 {
                    out.push([a, c]);
                }
            }
        }
    }
    out
}

#[test]
fn pair_tester_matches_model() {
    use gateware::connect6::pair_tester::CYCLES;
    let mut uut = PairTester::default();
    uut.connect_all();
    let probes = probes(SEED + 1_800, 4);
    let (mut positions, mut pairs, mut wins) = (0, 0, 0);
    let (mut forcing, mut many, mut block_pairs) = (0, 0, 0);
    // Sides with a threat too (the preparation's count after a pair that makes one): each
    // pair judged by the threats through it; a six (the threat completed) wins, its forcing
    // outputs are the search's to ignore.
    let (mut threat_pairs, mut sixes) = (0, 0);
    for (i, p) in probes.iter().enumerate() {
        if i > 0 && probes[i - 1].board == p.board {
            continue;
        }
        for side in [p.side, p.side.other()] {
            let has_threat = threat_scan::scan(&p.board, side).own.count > 0;
            positions += 1;
            // The pairs streamed, one a cycle with a gap every seventh cycle; each answer
            // [`CYCLES`] cycles after its start, with its points.
            let list: Vec<_> = tester_pairs(&p.board, side)
                .into_iter()
                .step_by(if has_threat { 12 } else { 3 })
                .collect();
            let slots: Vec<Option<[Point; 2]>> = list
                .iter()
                .enumerate()
                .flat_map(|(k, &pair)| {
                    let gap = (k % 7 == 6).then_some(None);
                    std::iter::once(Some(pair)).chain(gap)
                })
                .collect();
            let lag = CYCLES as usize - 1;
            for m in 0..slots.len() + lag {
                uut.start.next = false;
                if let Some(Some([a, c])) = slots.get(m) {
                    drive_pair(&mut uut, &p.board, side, *a, *c);
                    uut.start.next = true;
                }
                cycle(&mut uut, |u| &mut u.clock).unwrap();
                let Some(&pair) = m.checked_sub(lag).map(|k| &slots[k]) else {
                    continue;
                };
                assert_eq!(uut.done.val(), pair.is_some(), "slot {m}: done");
                let Some([a, c]) = pair else { continue };
                let point = |col: Bits<5>, row: Bits<5>| (col.index(), row.index());
                assert_eq!(
                    [
                        point(uut.done_a_col.val(), uut.done_a_row.val()),
                        point(uut.done_c_col.val(), uut.done_c_row.val())
                    ],
                    [(a.col(), a.row()), (c.col(), c.row())],
                    "slot {m}: the pair answered"
                );
                let want = model::connect6::threat::pair_wins(&p.board, side, a, c);
                assert_eq!(
                    uut.wins.val(),
                    want,
                    "probe {i}, {side:?}, pair {a} {c}:\n{}",
                    p.board.diagram()
                );
                if has_threat {
                    threat_pairs += 1;
                    let mut b = p.board.clone();
                    b.set(a, Some(side));
                    b.set(c, Some(side));
                    sixes += usize::from(b.winner() == Some(side));
                    if want {
                        wins += 1;
                        pairs += 1;
                        continue;
                    }
                }
                // Forcing, and the blocking pairs as a set (the model's in board order).
                let want_f = model::connect6::threat::forcing_blocks(&p.board, side, a, c);
                assert_eq!(
                    uut.forcing.val(),
                    want_f.is_some(),
                    "probe {i}, {side:?}, pair {a} {c}: forcing\n{}",
                    p.board.diagram()
                );
                let (mask, pts) = (uut.blocks.val(), uut.block_pts.val());
                let at = |i: usize, f: usize| pts.get_bits::<5>(20 * i + 5 * f).index();
                let mut got: Vec<[Point; 2]> = (0..4)
                    .filter(|&i| mask.get_bit(i))
                    .map(|i| {
                        let x = Point::new(at(i, 0), at(i, 1)).expect("x on the board");
                        let y = Point::new(at(i, 2), at(i, 3)).expect("y on the board");
                        [x.min(y), x.max(y)]
                    })
                    .collect();
                got.sort();
                assert_eq!(
                    got,
                    want_f.clone().unwrap_or_default(),
                    "probe {i}, {side:?}, pair {a} {c}: blocking pairs\n{}",
                    p.board.diagram()
                );
                pairs += 1;
                wins += usize::from(want);
                if let Some(blocks) = want_f {
                    forcing += usize::from(!blocks.is_empty());
                    block_pairs += blocks.len();
                    many += usize::from(blocks.len() > 1);
                }
            }
        }
    }
    println!(
        "pair tester: {positions} positions, {pairs} pairs, {wins} winning, {forcing} forcing \
         and not winning ({many} with two blocks or more; {block_pairs} blocking pairs); \
         {threat_pairs} pairs of a side with a threat, {sixes} making a six"
    );
    assert!(wins > 50 && pairs > 10_000, "{wins} of {pairs}");
    assert!(
        threat_pairs > 500 && sixes > 10,
        "{threat_pairs} pairs of a side with a threat, {sixes} sixes"
    );
    assert!(
        forcing > 50 && many > 10,
        "{forcing} forcing, {many} with two blocks or more"
    );
}

#[test]
fn pair_tester_verilog() {
    if !sim::tools::require("verilator", "pair_tester_verilog") {
        return;
    }
    // Of the pairs a few positions' searches scan, the winning ones and every 40th of the
    // others, back to back.
    let mut pairs: Vec<(Board, Color, [Point; 2])> = Vec::new();
    let mut wins = 0;
    for p in probes(SEED + 1_900, 6) {
        for side in [p.side, p.side.other()] {
            if threat_scan::scan(&p.board, side).own.count == 0 {
                for (k, [a, c]) in tester_pairs(&p.board, side).into_iter().enumerate() {
                    let win = model::connect6::threat::pair_wins(&p.board, side, a, c);
                    if (win || k % 40 == 0) && pairs.len() < 2_000 {
                        pairs.push((p.board.clone(), side, [a, c]));
                        wins += usize::from(win);
                    }
                }
            }
        }
    }
    // A pair a cycle, a gap every fifth cycle, and the pipeline drained at the end.
    let n = pairs.len();
    let rep = cosim(
        "pair_tester",
        &mut PairTester::default(),
        n + 8,
        Some("clock"),
        |u, k| {
            let (b, side, [a, c]) = &pairs[k.min(n - 1)];
            drive_pair(u, b, *side, *a, *c);
            u.start.next = k < n && k % 5 != 4;
        },
        |u, level| u.clock.next = Clock::from(level),
    )
    .unwrap();
    println!(
        "pair tester: {n} pairs ({wins} winning), {} cycles co-simulated",
        rep.cycles
    );
    assert!(wins > 10, "{wins} winning pairs");
    assert_eq!(rep.mismatches, 0);
}

/// The point of a block's column and row outputs.
fn point_of(c: Bits<5>, r: Bits<5>) -> Point {
    Point::new(c.index(), r.index()).expect("on the board")
}

/// A block behind the board's read port (the searches past the paper): its port and flags.
trait PortBlock: Block {
    fn rd_addr(&self) -> usize;
    fn set_rd_data(&mut self, word: u64);
    fn start(&mut self, on: bool);
    fn cancel(&mut self, on: bool);
    fn cancelling(&self) -> bool;
    fn done(&self) -> bool;
    fn busy(&self) -> bool;
}

macro_rules! port_block {
    ($($t:ty),*) => {$(
        impl PortBlock for $t {
            fn rd_addr(&self) -> usize {
                self.rd_addr.val().index()
            }
            fn set_rd_data(&mut self, word: u64) {
                self.rd_data.next = word.into();
            }
            fn start(&mut self, on: bool) {
                self.start.next = on;
            }
            fn cancel(&mut self, on: bool) {
                self.cancel.next = on;
            }
            fn cancelling(&self) -> bool {
                self.cancel.val()
            }
            fn done(&self) -> bool {
                self.done.val()
            }
            fn busy(&self) -> bool {
                self.busy.val()
            }
        }
    )*};
}
port_block!(
    WinningPairSearch,
    LineScorer,
    ForcingSearch,
    ThreatBlocker,
    Preparation,
    ThreatPlayer
);

/// The simulations a test's cases run on: the block's emitted Verilog on Verilator every case,
/// its Rust simulation the cases the test says (rust-hdl runs the searches a few hundred
/// cycles a second, Verilator thousands); the two are compared cycle for cycle by the
/// block's `_verilog` co-simulation. Without Verilator (outside CI, which installs it) the
/// Verilator cases skip with a printed reason and only the rust-hdl ones run.
struct Sims<B: Mirror> {
    verilog: Option<Dut<B>>,
    rust: Dut<B>,
    cases: usize,
    on_rust: usize,
    /// Seconds on Verilator and in rust-hdl.
    secs: [f64; 2],
}

impl<B: Mirror + Default> Sims<B> {
    fn new(name: &str) -> Sims<B> {
        let verilog = sim::tools::require("verilator", &format!("{name} on Verilator"))
            .then(|| Dut::verilog(name, B::default()).unwrap());
        Sims {
            verilog,
            rust: Dut::rust(B::default()),
            cases: 0,
            on_rust: 0,
            secs: [0.0; 2],
        }
    }

    /// One case: `run` on Verilator, and in rust-hdl if `rust`; each answer equal to `want`.
    fn check<T: PartialEq + std::fmt::Debug>(
        &mut self,
        rust: bool,
        want: &T,
        mut run: impl FnMut(&mut Dut<B>) -> T,
        what: impl Fn() -> String,
    ) {
        if let Some(v) = &mut self.verilog {
            let t = std::time::Instant::now();
            assert_eq!(&run(v), want, "on Verilator: {}", what());
            self.secs[0] += t.elapsed().as_secs_f64();
        }
        if rust {
            let t = std::time::Instant::now();
            assert_eq!(&run(&mut self.rust), want, "in rust-hdl: {}", what());
            self.secs[1] += t.elapsed().as_secs_f64();
            self.on_rust += 1;
        }
        self.cases += 1;
    }

    /// `f` on each simulation (Verilator's first).
    fn each(&mut self, mut f: impl FnMut(&mut Dut<B>)) {
        if let Some(v) = &mut self.verilog {
            f(v);
        }
        f(&mut self.rust);
    }

    /// What ran where, for the test's output.
    fn summary(&self) -> String {
        format!(
            "{} cases on Verilator ({:.1} s), {} in rust-hdl ({:.1} s)",
            if self.verilog.is_some() {
                self.cases
            } else {
                0
            },
            self.secs[0],
            self.on_rust,
            self.secs[1]
        )
    }
}

/// Runs a started block to its `done`: a cycle at a time, the read port answered as a block
/// RAM does (the word of the row asked the cycle before), `each` after every cycle; the
/// cycles (at most `limit`, busy until done).
fn drive_port<U: PortBlock + Mirror>(
    u: &mut Dut<U>,
    board: &Board,
    limit: u64,
    what: &str,
    mut each: impl FnMut(&Dut<U>),
) -> u64 {
    let mut cycles = 0u64;
    loop {
        port_cycle(u, board);
        cycles += 1;
        each(u);
        if u.done() {
            return cycles;
        }
        assert!(u.busy(), "{what} is busy until done");
        assert!(cycles < limit, "{what} does not finish");
    }
}

/// One cycle of a started block, its read port answered as a block RAM does (the word of the
/// row asked the cycle before); its start dropped.
fn port_cycle<U: PortBlock + Mirror>(u: &mut Dut<U>, board: &Board) {
    let addr = u.rd_addr();
    u.cycle();
    u.start(false);
    u.set_rd_data(row_word(board, addr.min(SIZE - 1)));
}

/// Co-simulates a read-port block on jobs back to back: the read port answered as a block RAM;
/// whenever the block is idle or done, `job(u, n)` sets job `n`'s inputs and gives its board
/// and the job starts; the job running at cycle `cancel_at` cancelled. Its Rust simulation and
/// its Verilog in lockstep (the Verilator model the block's `_matches_model` test runs,
/// built once). The jobs started.
fn cosim_port<U: PortBlock + Mirror>(
    name: &str,
    uut: U,
    cycles: usize,
    cancel_at: usize,
    mut job: impl FnMut(&mut U, usize) -> Board,
) -> usize {
    let (mut next, mut prev_addr) = (0usize, 0usize);
    let mut board = Board::default();
    let t = std::time::Instant::now();
    let mut u = Dut::cosim(name, uut).unwrap();
    let built = t.elapsed().as_secs_f64();
    for k in 0..cycles {
        u.set_rd_data(row_word(&board, prev_addr.min(SIZE - 1)));
        u.start(false);
        if !u.busy() && !u.cancelling() {
            board = job(&mut *u, next);
            u.start(true);
            next += 1;
        }
        u.cancel(k == cancel_at);
        prev_addr = u.rd_addr();
        u.cycle();
    }
    println!(
        "{name}: {next} jobs, {cycles} cycles co-simulated ({} settles and cycles compared; \
         model ready in {built:.1} s, run {:.1} s)",
        u.compared(),
        t.elapsed().as_secs_f64() - built
    );
    next
}

/// One scan on the line scorer: `start` a cycle, then the read port answered as a block RAM
/// does until `done`; the scores streamed (a row a cycle in order, each point's: `None` where
/// the block marks the point occupied) and the answer as the model gives it.
fn run_line_scan(
    u: &mut Dut<LineScorer>,
    board: &Board,
    side: Color,
) -> (Vec<Option<u32>>, LineScan) {
    u.side.next = stone_code(Some(side)).into();
    u.start.next = true;
    let mut scores = Vec::new();
    let cycles = drive_port(u, board, 1 << 12, "the scorer", |u| {
        if u.score_valid.val() {
            assert_eq!(
                u.score_row.val().index(),
                scores.len() / SIZE,
                "the rows' order"
            );
            let (row, empties) = (u.scores.val(), u.empties.val());
            for x in 0..SIZE {
                let score = row.get_bits::<LINE_SCORE_BITS>(LINE_SCORE_BITS * x).index() as u32;
                scores.push(empties.get_bit(x).then_some(score));
                if !empties.get_bit(x) {
                    assert_eq!(score, 0, "an occupied point scores 0");
                }
            }
        }
    });
    let best = u.found.val().then(|| {
        let p = Point::new(u.best_col.val().index(), u.best_row.val().index());
        (p.expect("on the board"), u.best_score.val().index() as u32)
    });
    (scores, LineScan { best, cycles })
}

/// Boards the line scorer is checked on: the probes' positions, an empty board, a full one
/// (no empty point) and one with a single empty point in a corner.
fn line_boards(seed: u64, games: usize) -> Vec<(Board, Color)> {
    let mut out: Vec<(Board, Color)> = Vec::new();
    for p in probes(seed, games) {
        if out.last().is_none_or(|(b, _)| *b != p.board) {
            out.push((p.board, p.side));
        }
    }
    let mut full = Board::default();
    for q in 0..POINTS as u16 {
        let colour = [Color::Black, Color::White][(q as usize * 7 / 3) % 2];
        full.set(Point(q), Some(colour));
    }
    let mut corner = full.clone();
    corner.set(Point::new(18, 18).unwrap(), None);
    out.extend([
        (Board::default(), Color::Black),
        (full, Color::White),
        (corner, Color::Black),
    ]);
    out
}

#[test]
fn line_scorer_matches_model() {
    let mut uut = Dut::rust(LineScorer::default());
    let (mut scans, mut points, mut none) = (0, 0, 0);
    let mut last = Board::default();
    for (i, (board, side)) in line_boards(SEED + 1_800, 6).into_iter().enumerate() {
        // The side to move and the other by turns.
        let side = if i % 2 == 0 { side } else { side.other() };
        // Every fifth scan follows one of the board before, cancelled while its rows' scores
        // are in the pipeline (nothing of it may reach this one).
        if i % 5 == 4 {
            uut.side.next = stone_code(Some(side)).into();
            uut.start.next = true;
            for k in 0..6 + i % 20 {
                let addr = uut.rd_addr.val().index();
                uut.cycle();
                uut.start.next = false;
                uut.cancel.next = k == 5 + i % 20;
                uut.rd_data.next = row_word(&last, addr.min(SIZE - 1)).into();
            }
            uut.cycle();
            uut.cancel.next = false;
            assert!(!uut.busy.val(), "a cancelled scan is idle");
        }
        last = board.clone();
        let (got_scores, got) = run_line_scan(&mut uut, &board, side);
        let want = line_scan::scan(&board, side);
        assert_eq!(
            got_scores,
            line_scan::scores(&board, side),
            "scan {i}, {side:?}:\n{}",
            board.diagram()
        );
        assert_eq!(got, want, "scan {i}, {side:?}:\n{}", board.diagram());
        scans += 1;
        points += got_scores.iter().flatten().count();
        none += usize::from(got.best.is_none());
    }
    println!("line scorer: {scans} scans, {points} empty points scored");
    assert!(
        scans > 100 && none == 1,
        "{scans} scans, {none} without a best point"
    );
}

#[test]
fn line_scorer_verilog() {
    if !sim::tools::require("verilator", "line_scorer_verilog") {
        return;
    }
    // Scans back to back on the boards in turn, Black and White by turns; one cancelled.
    let boards = line_boards(SEED + 1_900, 2);
    let next = cosim_port(
        "line_scorer",
        LineScorer::default(),
        3_000,
        2_000,
        |u, next| {
            let (b, side) = &boards[next % boards.len()];
            let side = if next % 2 == 0 { *side } else { side.other() };
            u.side.next = stone_code(Some(side)).into();
            b.clone()
        },
    );
    assert!(next > 90, "{next} scans");
}

/// The board overlay's model: the stack's stones (at most [`STONES`]) set on the board in
/// order, the row's word.
fn overlay_word(board: &Board, stack: &[(Point, Color)], row: usize) -> u64 {
    let mut b = board.clone();
    for &(p, c) in stack {
        b.set(p, Some(c));
    }
    row_word(&b, row)
}

/// One cycle's inputs of the board overlay, the model's stack kept alike: a push (anywhere,
/// either colour, also on stones and past a full stack), a pop (also of an empty stack), a
/// clear (with a pop asked at times) or nothing; a random row asked (returned).
fn drive_overlay(u: &mut BoardOverlay, rng: &mut StdRng, stack: &mut Vec<(Point, Color)>) -> usize {
    u.push.next = false;
    u.pop.next = false;
    u.clear.next = false;
    match rng.gen_range(0..10) {
        0..=3 => {
            let p = Point(rng.gen_range(0..POINTS as u16));
            let c = [Color::Black, Color::White][rng.gen_range(0..2)];
            u.push.next = true;
            u.push_col.next = (p.col() as u64).into();
            u.push_row.next = (p.row() as u64).into();
            u.push_code.next = stone_code(Some(c)).into();
            if stack.len() < STONES {
                stack.push((p, c));
            }
        }
        4..=6 => {
            u.pop.next = true;
            stack.pop();
        }
        7 => {
            // Clear wins over a pop asked with it.
            u.clear.next = true;
            u.pop.next = rng.gen();
            stack.clear();
        }
        _ => {}
    }
    let row = rng.gen_range(0..SIZE);
    u.addr.next = (row as u64).into();
    row
}

#[test]
fn board_overlay_matches_model() {
    let mut uut = BoardOverlay::default();
    uut.connect_all();
    let mut rng = StdRng::seed_from_u64(SEED + 2_000);
    let (mut reads, mut changed, mut deepest) = (0, 0, 0);
    for (i, (board, _)) in line_boards(SEED + 2_100, 2).into_iter().enumerate() {
        let mut stack = Vec::new();
        uut.clear.next = true;
        cycle(&mut uut, |u| &mut u.clock).unwrap();
        for _ in 0..200 {
            drive_overlay(&mut uut, &mut rng, &mut stack);
            cycle(&mut uut, |u| &mut u.clock).unwrap();
            // The RAM answers the row asked in the cycle before.
            let row = uut.ram_addr.val().index();
            uut.ram_data.next = row_word(&board, row).into();
            settle(&mut uut).unwrap();
            let want = overlay_word(&board, &stack, row);
            assert_eq!(
                uut.data.val(),
                Bits::<38>::from(want),
                "board {i}, row {row}, stack {stack:?}"
            );
            assert_eq!(uut.depth.val().index(), stack.len(), "board {i}: depth");
            reads += 1;
            changed += usize::from(want != row_word(&board, row));
            deepest = deepest.max(stack.len());
        }
    }
    println!("board overlay: {reads} rows read, {changed} with stones put on them");
    assert!(
        changed > 1_000 && deepest == STONES,
        "{changed}, deepest {deepest}"
    );
}

#[test]
fn board_overlay_verilog() {
    if !sim::tools::require("verilator", "board_overlay_verilog") {
        return;
    }
    // Random pushes, pops, clears and rows, the RAM answering the row asked the cycle before;
    // a new board every 300 cycles.
    let boards = line_boards(SEED + 2_200, 1);
    let mut rng = StdRng::seed_from_u64(SEED + 2_300);
    let (mut stack, mut prev_addr) = (Vec::new(), 0usize);
    let rep = cosim(
        "board_overlay",
        &mut BoardOverlay::default(),
        3_000,
        Some("clock"),
        |u, k| {
            let board = &boards[(k / 300) % boards.len()].0;
            u.ram_data.next = row_word(board, prev_addr).into();
            prev_addr = drive_overlay(u, &mut rng, &mut stack);
        },
        |u, level| u.clock.next = Clock::from(level),
    )
    .unwrap();
    println!("board overlay: {} cycles co-simulated", rep.cycles);
    assert_eq!(rep.mismatches, 0);
}

/// One search on the forcing search, `turns` forcing turns deep: `start` a cycle, then the read
/// port answered as a block RAM does until `done`; the answer as the model gives it.
fn run_forcing_search(
    u: &mut Dut<ForcingSearch>,
    board: &Board,
    side: Color,
    turns: u32,
    budget: u64,
) -> Forced {
    u.side.next = stone_code(Some(side)).into();
    u.turns.next = u64::from(turns).into();
    u.budget.next = budget.into();
    u.start.next = true;
    let cycles = drive_port(u, board, 1 << 22, "the search", |_| {});
    let point = point_of;
    Forced {
        own_threat: u.own_threat.val(),
        first: u.found.val().then(|| {
            [
                point(u.a_col.val(), u.a_row.val()),
                point(u.c_col.val(), u.c_row.val()),
            ]
        }),
        forced: u.forced.val(),
        exhausted: u.exhausted.val(),
        dropped: u.dropped.val(),
        searches: u.searches.val().index() as u64,
        tested: u.tested.val().index() as u64,
        cycles,
    }
}

/// Positions for the forcing search: of seeded games, both sides, those where the side has
/// forcing pairs (the model's root search streams some) and no winning pair, then every
/// `step`-th.
fn forcing_positions(seed: u64, games: usize, step: usize) -> Vec<(Board, Color)> {
    let mut out: Vec<(Board, Color)> = Vec::new();
    for p in probes(seed, games) {
        if out.iter().any(|(b, _)| *b == p.board) {
            continue;
        }
        for side in [p.side, p.side.other()] {
            let root = pair_search::search(&p.board, side, true, pair_search::MAX_BUDGET);
            if !root.own_threat && root.first.is_none() && !root.forcing.is_empty() {
                out.push((p.board.clone(), side));
            }
        }
    }
    out.into_iter().step_by(step).collect()
}

#[test]
fn forcing_search_matches_model() {
    // Every position on Verilator, every 50th in rust-hdl (every fourth in rust-hdl alone
    // before 2026-12-07).
    let mut sims = Sims::<ForcingSearch>::new("forcing_search");
    let positions = forcing_positions(SEED + 2_400, 6, 1);
    // One turn deep on every other position, two on the others (`deep`: their answers that
    // needed the second turn); every fourth with a budget it may exhaust.
    let (mut forced, mut cut, mut deep, mut searches, mut cycles) = (0, 0, 0, 0, 0);
    let runs: Vec<(usize, u32, u64, Forced)> = positions
        .iter()
        .enumerate()
        .map(|(i, (board, side))| {
            let turns = 1 + (i % 2) as u32;
            let budget = [20_000, 8_000, 300, 400][i % 4];
            (
                i,
                turns,
                budget,
                forcing_search::search_forced(board, *side, turns, budget),
            )
        })
        .collect();
    println!(
        "forcing search: {} cycles to simulate",
        runs.iter().map(|r| r.3.cycles).sum::<u64>()
    );
    for (i, turns, budget, want) in runs {
        let (board, side) = &positions[i];
        sims.check(
            i % 50 == 0,
            &want,
            |u| run_forcing_search(u, board, *side, turns, budget),
            || {
                format!(
                    "position {i}, {side:?}, {turns} turns, budget {budget}:\n{}",
                    board.diagram()
                )
            },
        );
        forced += usize::from(want.forced);
        cut += usize::from(want.exhausted);
        deep += usize::from(
            turns == 2
                && want.first.is_some()
                && forcing_search::search_forced(board, *side, 1, budget)
                    .first
                    .is_none(),
        );
        searches += want.searches;
        cycles += want.cycles;
    }
    println!(
        "forcing search: {} positions with forcing pairs, {forced} forced wins found ({deep} \
         two turns deep), {cut} cut by the budget; {searches} searches in {cycles} cycles; {}",
        positions.len(),
        sims.summary()
    );
    assert!(
        forced > 2 && deep > 0 && cut > 2,
        "{forced} forced, {deep} deep, {cut} cut"
    );
}

#[test]
fn forcing_search_verilog() {
    if !sim::tools::require("verilator", "forcing_search_verilog") {
        return;
    }
    // Searches back to back on positions with forcing pairs (a budget of 400 pairs keeps
    // each short), the read port answered as a block RAM; one search cancelled.
    let positions = forcing_positions(SEED + 2_500, 3, 2);
    assert!(positions.len() > 8, "{} positions", positions.len());
    let next = cosim_port(
        "forcing_search",
        ForcingSearch::default(),
        12_000,
        6_000,
        |u, next| {
            let (b, side) = &positions[next % positions.len()];
            u.side.next = stone_code(Some(*side)).into();
            u.turns.next = (1 + next as u64 % 2).into();
            u.budget.next = 400_u64.into();
            b.clone()
        },
    );
    assert!(next > 5, "{next} searches");
}

/// One block on the threat blocker: `start` a cycle, then the read port answered as a block
/// RAM does until `done`; the answer as the model gives it.
fn run_blocker(u: &mut Dut<ThreatBlocker>, board: &Board, side: Color) -> Blocked {
    u.side.next = stone_code(Some(side)).into();
    u.start.next = true;
    let cycles = drive_port(u, board, 10_000, "the blocker", |_| {});
    let point = point_of;
    let a = point(u.a_col.val(), u.a_row.val());
    let c = point(u.c_col.val(), u.c_row.val());
    Blocked {
        threats: u.threats.val().index(),
        all: u.all.val(),
        set: [a, c][..u.stones.val().index()].to_vec(),
        scans: u.scans.val().index() as u64,
        scored: u.scored.val(),
        cycles,
    }
}

/// Positions where a side faces threats: of seeded games, both sides, every `step`-th.
fn threatened_positions(seed: u64, games: usize, step: usize) -> Vec<(Board, Color)> {
    let mut out: Vec<(Board, Color)> = Vec::new();
    for p in probes(seed, games) {
        if out.iter().any(|(b, _)| *b == p.board) || p.board.winner().is_some() {
            continue;
        }
        for side in [p.side, p.side.other()] {
            if !p.board.threats(side.other()).is_empty() {
                out.push((p.board.clone(), side));
            }
        }
    }
    out.into_iter().step_by(step).collect()
}

#[test]
fn threat_blocker_matches_model() {
    // Every position of eight games on the Verilog, every fourth in rust-hdl (every other
    // position in rust-hdl alone before 2026-12-07).
    let mut sims = Sims::<ThreatBlocker>::new("threat_blocker");
    let mut positions = threatened_positions(SEED + 2_600, 8, 1);
    // And positions without a threat to block.
    positions.extend(forcing_positions(SEED + 2_700, 2, 8));
    let (mut pairs, mut scored, mut lost, mut none, mut cycles) = (0, 0, 0, 0, 0);
    for (i, (board, side)) in positions.iter().enumerate() {
        let want = blocker::block(board, *side);
        sims.check(
            i % 4 == 0,
            &want,
            |u| run_blocker(u, board, *side),
            || format!("position {i}, {side:?}:\n{}", board.diagram()),
        );
        pairs += usize::from(want.set.len() == 2);
        scored += usize::from(want.scored);
        lost += usize::from(!want.all);
        none += usize::from(want.threats == 0);
        cycles += want.cycles;
    }
    println!(
        "threat blocker: {} positions, {pairs} blocked by pairs, {scored} scored, {lost} lost, \
         {none} without a threat; {cycles} cycles; {}",
        positions.len(),
        sims.summary()
    );
    assert!(
        pairs > 10 && scored > 10 && lost > 5 && none > 2,
        "{pairs} pairs, {scored} scored, {lost} lost, {none} without a threat"
    );
}

#[test]
fn threat_blocker_verilog() {
    if !sim::tools::require("verilator", "threat_blocker_verilog") {
        return;
    }
    // Blocks back to back, the read port answered as a block RAM; one cancelled.
    let positions = threatened_positions(SEED + 2_800, 4, 3);
    assert!(positions.len() > 8, "{} positions", positions.len());
    let next = cosim_port(
        "threat_blocker",
        ThreatBlocker::default(),
        6_000,
        3_000,
        |u, next| {
            let (b, side) = &positions[next % positions.len()];
            u.side.next = stone_code(Some(*side)).into();
            b.clone()
        },
    );
    assert!(next > 10, "{next} blocks");
}

/// One preparation: `start` a cycle, then the read port answered as a block RAM does until
/// `done`; the answer as the model gives it (the candidates, which the circuit keeps inside,
/// copied from `want`: they are seen through the pair and key chosen).
fn run_prepare(
    u: &mut Dut<Preparation>,
    board: &Board,
    side: Color,
    budget: u64,
    want: &Prepared,
) -> Prepared {
    u.side.next = stone_code(Some(side)).into();
    u.budget.next = budget.into();
    u.start.next = true;
    let cycles = drive_port(u, board, 1 << 24, "the preparation", |_| {});
    let point = point_of;
    let pair = u.found.val().then(|| {
        [
            point(u.a_col.val(), u.a_row.val()),
            point(u.c_col.val(), u.c_row.val()),
        ]
    });
    Prepared {
        top: want.top.clone(),
        pair,
        unblockable: u.unblockable.val(),
        survive: u.survive.val().index() as u64,
        wins: u.wins.val().index() as u64,
        pairs: u.pairs.val().index() as u64,
        replies: u.replies.val().index() as u64,
        searches: u.searches.val().index() as u64,
        tested: u.tested.val().index() as u64,
        exhausted: u.exhausted.val(),
        cycles,
    }
}

/// Positions for the preparation: of seeded games, the side to move, neither side with a
/// threat, every `step`-th.
fn quiet_positions(seed: u64, games: usize, step: usize) -> Vec<(Board, Color)> {
    let mut out: Vec<(Board, Color)> = Vec::new();
    for p in probes(seed, games) {
        if out.iter().any(|(b, _)| *b == p.board)
            || !p.board.threats(p.side).is_empty()
            || !p.board.threats(p.side.other()).is_empty()
        {
            continue;
        }
        out.push((p.board.clone(), p.side));
    }
    out.into_iter().step_by(step).collect()
}

#[test]
fn preparation_matches_model() {
    on_big_stack(preparation_matches_model_run);
}

fn preparation_matches_model_run() {
    // Of seeded positions, the first ones the model prepares in at most 26,000 cycles, one
    // without a pair, one whose pair makes a threat (its winning pairs counted by the threats
    // through them), one with winning pairs and no threat; and a longer one with a budget it
    // exhausts: each on Verilator (some thousands of cycles a second for this block), the
    // first in rust-hdl too (a thousand; all four there before 2026-12-07).
    let mut sims = Sims::<Preparation>::new("preparation");
    let mut runs: Vec<(Board, Color, u64, Prepared)> = Vec::new();
    let mut kinds = [0; 3];
    let mut cut = false;
    for (board, side) in quiet_positions(SEED + 2_900, 4, 1) {
        if (kinds, cut) == ([1, 1, 1], true) {
            break;
        }
        let want = prepare::prepare(&board, side, pair_search::MAX_BUDGET);
        let kind = match want.pair {
            None => 0,
            Some(pair) if prepare::makes_threat(&board, side, pair) => 1,
            Some(_) => 2,
        };
        if want.cycles <= 26_000 && kinds[kind] < 1 {
            kinds[kind] += 1;
            runs.push((board, side, pair_search::MAX_BUDGET, want));
        } else if want.cycles > 40_000 && !cut {
            cut = true;
            let want = prepare::prepare(&board, side, 1_500);
            runs.push((board, side, 1_500, want));
        }
    }
    assert_eq!((kinds, cut), ([1, 1, 1], true), "the positions wanted");
    let (mut replies, mut cycles) = (0, 0);
    for (i, (board, side, budget, want)) in runs.iter().enumerate() {
        sims.check(
            i == 0,
            want,
            |u| run_prepare(u, board, *side, *budget, want),
            || format!("position {i}, {side:?}:\n{}", board.diagram()),
        );
        replies += want.replies;
        cycles += want.cycles;
    }
    assert!(runs.iter().any(|r| r.3.exhausted));
    println!(
        "preparation: {} positions ({kinds:?}: none, making a threat, with winning pairs; one \
         cut by the budget), {replies} replies; {cycles} cycles; {}",
        runs.len(),
        sims.summary()
    );
}

#[test]
fn preparation_verilog() {
    if !sim::tools::require("verilator", "preparation_verilog") {
        return;
    }
    // (On a big stack: the Rust simulation's state and the Verilog's beside it.)
    on_big_stack(preparation_verilog_run);
}

fn preparation_verilog_run() {
    // Preparations back to back (a budget of 300 pairs keeps each short), the read port
    // answered as a block RAM; one cancelled. (12,000 cycles since 2026-12-07, 20,000
    // before: the Rust simulation runs a few hundred cycles a second.)
    let positions = quiet_positions(SEED + 3_000, 2, 7);
    assert!(positions.len() > 4, "{} positions", positions.len());
    let next = cosim_port(
        "preparation",
        Preparation::default(),
        12_000,
        6_000,
        |u, next| {
            let (b, side) = &positions[next % positions.len()];
            u.side.next = stone_code(Some(*side)).into();
            u.budget.next = 300_u64.into();
            b.clone()
        },
    );
    assert!(next > 3, "{next} preparations");
}

/// One turn on the threat player within `budget` pairs: `start` a cycle, then the read port
/// answered as a block RAM does until `done`; the answer as the model gives it.
fn run_turn(u: &mut Dut<ThreatPlayer>, board: &Board, side: Color, budget: u64) -> Turn {
    u.side.next = stone_code(Some(side)).into();
    u.budget.next = budget.into();
    u.start.next = true;
    let cycles = drive_port(u, board, 1 << 24, "the threat player", |_| {});
    let point = point_of;
    Turn {
        stones: vec![
            point(u.a_col.val(), u.a_row.val()),
            point(u.c_col.val(), u.c_row.val()),
        ],
        step: Step::of_code(u.step.val().index() as u64).expect("a step code of the five"),
        cycles,
    }
}

/// Turns of seeded games (baseline games and random play-outs, which leave threats
/// unblocked), a stone down and the game on, with the model's turn; the first ones of each
/// kind the model takes in at most `most` cycles, `per_kind[k]` of kind `k`: a win with one
/// empty point, with two; a block of one stone, of two; an attack, a preparation, a line
/// score.
fn player_turns(seed: u64, most: u64, per_kind: [usize; 7]) -> Vec<(Board, Color, Turn)> {
    let mut out = Vec::new();
    let mut kinds = [0; 7];
    for p in probes(seed, 6) {
        if p.board.stones() == 0
            || p.board.winner().is_some()
            || p.board.empties().count() < 2
            || out
                .iter()
                .any(|(b, _, _): &(Board, Color, Turn)| *b == p.board)
        {
            continue;
        }
        let want = turn::turn(&p.board, p.side);
        let k = match want.step {
            Step::Win => {
                let own = threat_scan::scan(&p.board, p.side).own.first;
                usize::from(own.expect("a threat").empty_points().len() == 2)
            }
            Step::Block => 2 + usize::from(blocker::block(&p.board, p.side).set.len() == 2),
            Step::Attack => 4,
            Step::Prepare => 5,
            Step::LineScore => 6,
        };
        if want.cycles <= most && kinds[k] < per_kind[k] {
            kinds[k] += 1;
            out.push((p.board, p.side, want));
            if kinds == per_kind {
                break;
            }
        }
    }
    assert_eq!(
        kinds, per_kind,
        "the turns wanted (wins of one and two, blocks of one and two, attack, prepare, line)"
    );
    out
}

/// Wins with one empty point (the seeded games' threats hold two): a side's five against an
/// edge (so that the first threat in scan order is the one with one empty point) with the
/// rest of a game around it, along the last row and up a rising diagonal from the top
/// edge, the second stone a line score.
fn five_wins() -> Vec<(Board, Color, Turn)> {
    let base = probes(SEED + 3_300, 1)
        .into_iter()
        .find(|p| {
            p.board.stones() >= 8
                && p.board.threats(Color::Black).is_empty()
                && p.board.threats(Color::White).is_empty()
                && [(0, 18), (5, 18), (6, 18), (12, 5), (11, 6), (17, 0)]
                    .iter()
                    .all(|&(c, r)| p.board.is_empty(Point::new(c, r).expect("on the board")))
        })
        .expect("a position")
        .board;
    let mut out = Vec::new();
    for (side, five) in [
        (Color::Black, [(0, 18), (1, 18), (2, 18), (3, 18), (4, 18)]),
        (Color::White, [(13, 4), (14, 3), (15, 2), (16, 1), (17, 0)]),
    ] {
        let mut board = base.clone();
        for (col, row) in five {
            board.set(Point::new(col, row).expect("on the board"), Some(side));
        }
        let want = turn::turn(&board, side);
        assert_eq!(want.step, Step::Win);
        assert_eq!(
            threat_scan::scan(&board, side)
                .own
                .first
                .map(|w| w.empty_points().len()),
            Some(1)
        );
        out.push((board, side, want));
    }
    out
}

/// Pairs a turn with the default budget tests in all: its forcing search's, or its forcing
/// search's and preparation's.
fn tested_in_turn(board: &Board, side: Color) -> u64 {
    let turns = threat::Steps::CHIP.forcing.min(forcing_search::MAX_TURNS);
    let attack = forcing_search::search_forced(board, side, turns, CHIP_BUDGET);
    if attack.first.is_some() {
        return attack.tested;
    }
    attack.tested + prepare::prepare(board, side, CHIP_BUDGET).tested
}

#[test]
fn threat_player_matches_model() {
    on_big_stack(threat_player_matches_model_run);
}

fn threat_player_matches_model_run() {
    // Turns of each step on Verilator, every third in rust-hdl (under a thousand cycles a
    // second with every block inside).
    let mut sims = Sims::<ThreatPlayer>::new("threat_player");
    let mut turns = player_turns(SEED + 3_100, 25_000, [0, 2, 2, 2, 2, 1, 1]);
    turns.extend(five_wins());
    // First a preparation cancelled two thirds of the way (a shared block running, driven
    // from the preparation's ports): the turns after it are still the model's.
    let (board, side, want) = turns
        .iter()
        .find(|(_, _, t)| t.step == Step::Prepare)
        .expect("a preparation");
    sims.each(|u| {
        u.side.next = stone_code(Some(*side)).into();
        u.budget.next = CHIP_BUDGET.into();
        u.start.next = true;
        for _ in 0..want.cycles * 2 / 3 {
            port_cycle(u, board);
            assert!(u.busy.val(), "the preparation runs");
        }
        u.cancel.next = true;
        u.cycle();
        u.cancel.next = false;
        assert!(!u.busy.val(), "a cancelled turn is idle");
    });
    let mut cycles = 0;
    for (i, (board, side, want)) in turns.iter().enumerate() {
        sims.check(
            i % 3 == 0,
            want,
            |u| run_turn(u, board, *side, CHIP_BUDGET),
            || format!("turn {i}, {side:?}:\n{}", board.diagram()),
        );
        cycles += want.cycles;
    }
    // The host's budget: the attacks and preparations again within budgets that cut their
    // searches (a pair, 7, half what the turn tests in all), the model's turn within each; in
    // rust-hdl the budget of a pair.
    let mut cut = 0;
    for (i, (board, side, full)) in turns.iter().enumerate() {
        if !matches!(full.step, Step::Attack | Step::Prepare) {
            continue;
        }
        for budget in [1, 7, tested_in_turn(board, *side) / 2] {
            let want = turn::turn_within(board, *side, budget);
            sims.check(
                budget == 1,
                &want,
                |u| run_turn(u, board, *side, budget),
                || format!("turn {i}, budget {budget}:\n{}", board.diagram()),
            );
            cut += u64::from(want != *full);
            cycles += want.cycles;
        }
    }
    assert!(cut >= 3, "{cut} turns changed by their budget");
    println!(
        "threat player: {} turns, {cut} changed by a smaller budget, {cycles} cycles; {}",
        turns.len(),
        sims.summary()
    );
}

#[test]
fn threat_player_verilog() {
    if !sim::tools::require("verilator", "threat_player_verilog") {
        return;
    }
    on_big_stack(threat_player_verilog_run);
}

fn threat_player_verilog_run() {
    // Turns back to back, the read port answered as a block RAM: first a preparation
    // cancelled two thirds of the way (a shared block running: the shared line scorer, pair
    // search and blocker driven from the preparation's ports) and a line score, then wins,
    // blocks and attacks. (Whole preparations run in the Rust simulation's test and on the
    // `connect6-threat` Verilator board against the model.)
    let mut turns = player_turns(SEED + 3_100, 25_000, [0, 0, 0, 0, 0, 1, 1]);
    turns.sort_by_key(|(_, _, t)| t.step != Step::Prepare);
    let cut = turns[0].2.cycles as usize * 2 / 3;
    let prepared: usize = turns.iter().map(|(_, _, t)| t.cycles as usize).sum();
    turns.extend(player_turns(SEED + 3_200, 6_000, [0, 2, 1, 2, 2, 0, 0]));
    turns.extend(five_wins());
    let next = cosim_port(
        "threat_player",
        ThreatPlayer::default(),
        // (12,000 cycles after the cancelled preparation and the line score since
        // 2026-12-07, 20,000 before: the test run's time.)
        prepared + 12_000,
        cut,
        |u, next| {
            let (b, side, _) = &turns[next % turns.len()];
            u.side.next = stone_code(Some(*side)).into();
            // Every third turn within a budget that cuts its searches.
            u.budget.next = if next % 3 == 2 { 5 } else { CHIP_BUDGET }.into();
            b.clone()
        },
    );
    assert!(next > 8, "{next} turns");
}
