//! The paper's player in the model: each module on positions whose answer is worked out by
//! hand, and the selector's stones legal on seeded random positions.

use model::connect6::paper::checkmate::{self, Candidate};
use model::connect6::paper::selector::{decide, Module};
use model::connect6::paper::skilful_line::{self, THREAT, WIN};
use model::connect6::paper::templates;
use model::connect6::paper::{Cell, Region};
use model::connect6::random::random_game;
use model::connect6::{parse_point, Board, Color, Game, Outcome, Point};

fn p(s: &str) -> Point {
    parse_point(s).unwrap()
}

fn board(black: &[&str], white: &[&str]) -> Board {
    let mut b = Board::default();
    for s in black {
        b.set(p(s), Some(Color::Black));
    }
    for s in white {
        b.set(p(s), Some(Color::White));
    }
    b
}

#[test]
fn regions_and_windows_shift_inside() {
    assert_eq!(Region::around(p("JJ")), Region { col0: 2, row0: 2 });
    assert_eq!(Region::around(p("AA")), Region { col0: 0, row0: 0 });
    assert_eq!(Region::around(p("SS")), Region { col0: 4, row0: 4 });
    assert_eq!(Region::around(p("CQ")), Region { col0: 0, row0: 4 });
    let r = Region::around(p("AA"));
    assert_eq!(r.window(p("AA")), (0, 0));
    assert_eq!(r.window(p("JJ")), (7, 7));
    assert_eq!(r.subspace(8), (10, 10));
}

#[test]
fn the_checker_finds_a_line_of_three_and_its_block() {
    // White (to move) has C, D, E on row A of the region around AA: subspace 0, rotation 0,
    // the triangle's row 0 (columns A..E). Its pair on that row makes five.
    let b = board(&["AA", "SS"], &["CA", "DA", "EA"]);
    let region = Region::around(p("AA"));
    // AA is Black's: row 0 is not open for White; column B..E of row A? Take it from row B.
    assert_eq!(checkmate::check(&b, Color::White, region, Cell::Own), None);
    // White's B, C, D on row A (the triangle's top row, five points): the pair A and E
    // makes five.
    let b = board(&["SS"], &["BA", "CA", "DA"]);
    let c = checkmate::check(&b, Color::White, region, Cell::Own).expect("a candidate");
    assert_eq!(
        c,
        Candidate {
            worth: 5,
            stones: [p("AA"), p("EA")]
        }
    );
    // Black sees the same pair as White's, to take.
    let d = checkmate::check(&b, Color::Black, region, Cell::Opp).expect("a defence");
    assert_eq!(d, c);
    // Three on row B (a line of four points in the triangle) are worth 4.
    let b = board(&["SS"], &["BB", "CB", "DB"]);
    let c = checkmate::check(&b, Color::White, region, Cell::Own).expect("a candidate");
    assert_eq!(c.worth, 4, "{c:?}");
    // A Black stone on row A closes it: no other line holds two White stones.
    let closed = board(&["SS", "EA"], &["BA", "CA", "DA"]);
    assert_eq!(
        checkmate::check(&closed, Color::White, region, Cell::Own),
        None
    );
}

#[test]
fn the_skilful_line_sees_wins_and_threats_on_13_points() {
    // Black's stone at JJ; White (to move) has four on row J to its right, beyond six points
    // of the 2-D window but within the 13-point line.
    let b = board(&["JJ"], &["LJ", "MJ", "NJ", "OJ"]);
    let (l, _, pt) = skilful_line::candidate(&b, Color::White, p("JJ")).unwrap();
    assert_eq!(l, WIN);
    assert!(pt == p("KJ") || pt == p("PJ"), "{pt}");
    // Black's four through the stone are White's threat.
    let b = board(&["GJ", "HJ", "IJ", "JJ"], &["SS"]);
    let (l, _, pt) = skilful_line::candidate(&b, Color::White, p("JJ")).unwrap();
    assert_eq!(l, THREAT);
    assert!(
        ["DJ", "EJ", "FJ", "KJ", "LJ", "MJ"].contains(&pt.to_string().as_str()),
        "{pt}"
    );
    // Beyond the edge no window counts: four at the board's end, with only one empty point
    // between them and the edge on one side, still leave windows inward.
    let b = board(&["AJ", "BJ", "CJ", "DJ"], &[]);
    let (l, _, _) = skilful_line::candidate(&b, Color::White, p("AJ")).unwrap();
    assert_eq!(l, THREAT);
}

#[test]
fn the_templates_around_a_lone_stone() {
    // One opponent stone in the middle of an empty window: "o+" marks its eight neighbours
    // (3 each), "o.+" the eight points two steps away on its lines (2 each); no other
    // template has what it needs.
    let b = board(&["JJ"], &[]);
    let region = Region::around(p("JJ"));
    let map = templates::priorities(&b, Color::White, region, p("JJ"));
    for (i, &v) in map.iter().enumerate() {
        let (dc, dr) = ((i % 5) as i32 - 2, (i / 5) as i32 - 2);
        let want = match (dc.abs(), dr.abs()) {
            (0, 0) => 0,
            (a, b) if a.max(b) == 1 => 3,
            (a, b) if a.max(b) == 2 && (a == 0 || b == 0 || a == b) => 2,
            _ => 0,
        };
        assert_eq!(v, want, "window point {i}");
    }
    assert_eq!(
        templates::candidate(&b, Color::White, region, p("JJ")),
        Some((3, p("II")))
    );
}

#[test]
fn the_selector_wins_blocks_and_plays_legal_stones() {
    // White to move with four on row J completes it: Black's last stone QJ puts the row on
    // the skilful-line predictor's lines (the paper's player sees nothing else).
    let g = Game::from_record("JJ LJMJ AAAB NJOJ QJAS").unwrap();
    assert_eq!(g.to_move(), Color::White);
    let mut g2 = g.clone();
    let stones: Vec<Point> = decide(&g).into_iter().map(|(p, _)| p).collect();
    assert_eq!(
        g2.play(&stones).unwrap(),
        Some(Outcome::Win(Color::White)),
        "{stones:?}"
    );
    // Legal on random positions, and every module gets to choose somewhere.
    let mut seen = std::collections::HashSet::new();
    for seed in 0..300 {
        let g = random_game(seed, (seed % 40) as usize);
        if g.outcome().is_some() {
            continue;
        }
        let d = decide(&g);
        let stones: Vec<Point> = d.iter().map(|&(p, _)| p).collect();
        g.clone()
            .play(&stones)
            .unwrap_or_else(|e| panic!("{}: {stones:?}: {e}", g.record()));
        seen.extend(d.iter().map(|&(_, m)| m));
    }
    for m in [
        Module::SkilfulLine,
        Module::CheckmateOffence,
        Module::CheckmateDefence,
        Module::Templates,
        Module::Random,
    ] {
        assert!(seen.contains(&m), "{m:?} never chose: {seen:?}");
    }
}
