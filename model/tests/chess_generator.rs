//! The reference generator in the chip's order (`model::chess::generator`): the same move
//! set as the plain pseudo-legal generator, each move once, the classes and the MVV/LVA order
//! of the paper, and the standard position's order and cycles worked out by hand; the step
//! job (`model::chess::step`) walks exactly the legal tree.

use model::chess::generator::{generate, generate_entered, victim_priority, Class, Generated};
use model::chess::perft;
use model::chess::step::StepError;
use model::chess::{attacked_by, legal_moves, pseudo_legal_moves, random, Kind, Move, Position};
use std::collections::BTreeSet;

const SEED: u64 = 0xc4e5_0002;

#[test]
fn start_position_order_and_cycles_by_hand() {
    let g = generate(&Position::start());
    let order: Vec<String> = g.moves.iter().map(|m| m.mv.uci()).collect();
    // A1's find-pivot finds nothing (1 cycle: the started generator looks at the checks
    // first); A2 and A3 have no victim and cost no cycle; A4 takes the empty squares a3..h3,
    // a4..h4 in square order, pawns before knights on each: one find-victim cycle for a3,
    // then one cycle per move (the look-ahead names each next victim in its predecessor's
    // last find-aggressor cycle; the last aggressor and the last victim are known when found:
    // no cycle finds nothing); one cycle ends the node after its last move.
    let expected = [
        "a2a3", "b1a3", "b2b3", "c2c3", "b1c3", "d2d3", "e2e3", "f2f3", "g1f3", "g2g3", "h2h3",
        "g1h3", "a2a4", "b2b4", "c2c4", "d2d4", "e2e4", "f2f4", "g2g4", "h2h4",
    ];
    assert_eq!(order, expected);
    assert!(g.moves.iter().all(|m| m.class == Class::Quiet));
    assert_eq!(g.cycles, 1 + 1 + 20 + 1);
    // a3 is found on cycle 1, its pawn on 2, its knight on 3 (which also finds b3), b3's
    // pawn on 4.
    assert_eq!(g.moves[0].cycle, 2);
    assert_eq!(g.moves[1].cycle, 3);
    assert_eq!(g.moves[2].cycle, 4);
    // Entered by perft on chip, the node starts at A4's find-victim: A1 costs nothing either.
    let e = generate_entered(&Position::start());
    assert_eq!(
        e.moves,
        g.moves
            .iter()
            .map(|m| Generated {
                cycle: m.cycle - 1,
                ..*m
            })
            .collect::<Vec<_>>()
    );
    assert_eq!(e.cycles, g.cycles - 1);
}

/// Whether the move gives check (direct or discovered): the enemy king is attacked after it.
/// A king never gives check itself (a king next to the enemy king is not a legal move).
fn gives_check(pos: &Position, m: Move) -> bool {
    if pos.board[m.from as usize].unwrap().kind == Kind::King {
        return discovered(pos, m);
    }
    let next = pos.play(m);
    next.king(next.side)
        .is_some_and(|k| attacked_by(&next, k, pos.side))
}

/// Whether some piece other than the one that moved gives the check: the moved piece is
/// turned into a pawn of the checked side (it still blocks lines, it no longer attacks).
fn discovered(pos: &Position, m: Move) -> bool {
    let mut next = pos.play(m);
    if let Some(p) = next.board[m.to as usize].as_mut() {
        p.color = pos.side.other();
        p.kind = Kind::Pawn;
    }
    next.king(next.side)
        .is_some_and(|k| attacked_by(&next, k, pos.side))
}

/// Castling and en passant: their checks stay in their own class.
fn special(pos: &Position, m: Move) -> bool {
    let kind = pos.board[m.from as usize].unwrap().kind;
    (kind == Kind::King && m.from.abs_diff(m.to) == 2)
        || (kind == Kind::Pawn && pos.ep == Some(m.to))
}

#[test]
fn same_moves_as_the_plain_generator_in_the_papers_order() {
    let positions = random::positions(SEED, 6000, 100);
    let mut seen = [0usize; 4];
    let mut seen_discovered = 0;
    for pos in &positions {
        let fen = pos.fen();
        let g = generate(pos);
        let ours: Vec<Move> = g.moves.iter().map(|m| m.mv).collect();
        let set: BTreeSet<Move> = ours.iter().copied().collect();
        assert_eq!(set.len(), ours.len(), "a move generated twice in {fen}");
        let plain: BTreeSet<Move> = pseudo_legal_moves(pos).into_iter().collect();
        assert_eq!(set, plain, "move set of {fen}");
        let legal: BTreeSet<Move> = legal_moves(pos).into_iter().collect();
        assert!(legal.is_subset(&set));
        // Classes in the order of the paper's section 2, cycles strictly increasing.
        for w in g.moves.windows(2) {
            assert!(w[0].class <= w[1].class, "class order in {fen}");
            assert!(w[0].cycle < w[1].cycle, "cycle order in {fen}");
        }
        assert!(g.moves.last().is_none_or(|m| m.cycle < g.cycles));
        for m in &g.moves {
            seen[m.class as usize] += 1;
            let victim = pos.board[m.mv.to as usize];
            match m.class {
                Class::Check => {
                    assert!(m.mv.promo.is_none() && !special(pos, m.mv));
                    assert!(gives_check(pos, m.mv), "{} checks in {fen}", m.mv.uci());
                    seen_discovered += usize::from(discovered(pos, m.mv));
                }
                Class::Promotion => assert!(m.mv.promo.is_some() && victim.is_none()),
                _ if m.mv.promo.is_none() && !special(pos, m.mv) => {
                    assert!(
                        !gives_check(pos, m.mv),
                        "{} is a check in {fen}",
                        m.mv.uci()
                    )
                }
                _ => {}
            }
            match m.class {
                Class::Capture => {
                    let ep = pos.ep == Some(m.mv.to)
                        && pos.board[m.mv.from as usize].unwrap().kind == Kind::Pawn;
                    assert!(victim.is_some() || ep, "{} captures in {fen}", m.mv.uci());
                }
                Class::Quiet => assert!(victim.is_none() && m.mv.promo.is_none()),
                _ => {}
            }
        }
        // MVV: the captures' victims never gain value (en passant counts as a pawn).
        let values: Vec<u8> = g
            .moves
            .iter()
            .filter(|m| m.class == Class::Capture)
            .map(|m| victim_priority(pos.board[m.mv.to as usize]).max(2))
            .collect();
        assert!(
            values.windows(2).all(|w| w[0] >= w[1]),
            "MVV order in {fen}"
        );
    }
    // The random positions exercise every class, and discovered checks.
    assert!(seen.iter().all(|&n| n > 100), "classes seen: {seen:?}");
    assert!(
        seen_discovered > 100,
        "discovered checks seen: {seen_discovered}"
    );
}

/// A node perft on chip enters yields the started generator's moves in the same order; it
/// saves the checks' empty find-pivot cycle when the position has no direct check (and a
/// discoverer's or nothing else to do), never more: the only phase the two treat apart is A1.
#[test]
fn an_entered_node_yields_the_same_moves_without_the_empty_phases() {
    let mut saved = 0;
    for pos in &random::positions(SEED ^ 7, 3000, 100) {
        let fen = pos.fen();
        let g = generate(pos);
        let e = generate_entered(pos);
        let moves = |g: &model::chess::generator::Generation| -> Vec<(Move, Class)> {
            g.moves.iter().map(|m| (m.mv, m.class)).collect()
        };
        assert_eq!(moves(&e), moves(&g), "{fen}");
        let direct = model::chess::generator::phase_has_victims(pos, Class::Check);
        let skip = u64::from(!(direct || g.moves.is_empty() && e.cycles == 1));
        assert_eq!(e.cycles + skip, g.cycles, "{fen}");
        saved += skip;
    }
    assert!(
        saved > 1000,
        "most random positions have no direct check: {saved}"
    );
}

#[test]
fn perft_on_chip_counts_the_published_leaves() {
    use model::chess::search::perft_on_chip;
    for pos in random::table_positions() {
        for depth in 1..=3 {
            let run = perft_on_chip(&pos, depth);
            assert_eq!(
                run.leaves,
                model::chess::perft(&pos, depth),
                "{}",
                pos.fen()
            );
            assert!(run.cycles > run.leaves);
        }
    }
}

/// The shares of a perft (the split on chip) count its leaves between them, each once: their
/// sum is the perft, each share's leaves are the leaves under its own moves at the share's ply
/// (counted here with the plain perft, not the chip's walk), and every share walks the plies
/// above whole (its cycles are at least those of the shallower perft's walk).
#[test]
fn the_shares_of_a_perft_count_its_leaves_once() {
    use model::chess::search::{perft_on_chip, perft_share_on_chip, Share};
    use model::chess::{legal_moves, Position};
    // The legal positions at `ply`, in the chip's walk order (the generator's order).
    fn at_ply(pos: &Position, ply: u32, out: &mut Vec<Position>) {
        if ply == 0 {
            out.push(pos.clone());
            return;
        }
        let legal = legal_moves(pos);
        for m in model::chess::generator::generate(pos).moves {
            if legal.contains(&m.mv) {
                at_ply(&pos.play(m.mv), ply - 1, out);
            }
        }
    }
    let table = random::table_positions();
    let mut checked = 0;
    for (i, pos) in table.iter().enumerate() {
        for (depth, ply, stride) in [(3, 1, 4), (3, 2, 4), (4, 2, 7), (2, 1, 2), (3, 2, 1)] {
            // Small trees, and depth 4 of the start position (197,281 leaves).
            if !(i == 0 || model::chess::perft(pos, depth) < 20_000) {
                continue;
            }
            let share = |offset| Share {
                ply,
                stride,
                offset,
            };
            let mut below = Vec::new();
            at_ply(pos, ply, &mut below);
            let whole = perft_on_chip(pos, depth);
            let top = perft_on_chip(pos, ply).cycles;
            let mut sum = 0;
            for t in 0..stride {
                let r = perft_share_on_chip(pos, depth, share(t));
                let want: u64 = below
                    .iter()
                    .skip(t as usize)
                    .step_by(stride as usize)
                    .map(|p| model::chess::perft(p, depth - ply))
                    .sum();
                assert_eq!(
                    r.leaves,
                    want,
                    "share {t}/{stride} at ply {ply} of {}",
                    pos.fen()
                );
                assert!(r.cycles >= top, "share {t}: {} cycles", r.cycles);
                sum += r.leaves;
                checked += 1;
            }
            assert_eq!(sum, whole.leaves, "{}", pos.fen());
            if stride == 1 {
                assert_eq!(perft_share_on_chip(pos, depth, share(0)), whole);
            }
        }
    }
    assert!(checked > 100, "{checked} shares");
}

/// Walks the whole tree below the step job's current node to `depth` with down / next / up;
/// returns its leaves, checking each node's moves against the legal moves.
fn step_walk(s: &mut model::chess::step::Stepper, depth: u32) -> u64 {
    use model::chess::step::Step;
    let pos = s.position().clone();
    let mut seen = Vec::new();
    let mut leaves = 0;
    let mut st = s.state();
    while let Some(g) = st.made {
        seen.push(g.mv);
        if depth == 1 {
            leaves += 1;
            st = s.step(Step::Next).unwrap();
        } else {
            s.step(Step::Down).unwrap();
            leaves += step_walk(s, depth - 1);
            st = s.step(Step::Up).unwrap();
        }
    }
    assert_eq!(
        seen.iter()
            .copied()
            .collect::<std::collections::HashSet<_>>(),
        legal_moves(&pos).into_iter().collect(),
        "the step job's moves at {}",
        pos.fen()
    );
    // A node with nothing made refuses next and down.
    assert_eq!(s.step(Step::Next), Err(StepError::NoMove));
    assert_eq!(s.step(Step::Down), Err(StepError::NoMove));
    leaves
}

#[test]
fn step_jobs_walk_the_legal_tree() {
    use model::chess::step::{Step, Stepper};
    for (i, pos) in random::table_positions().iter().enumerate() {
        let mut s = Stepper::start(pos);
        assert_eq!(step_walk(&mut s, 3), perft(pos, 3), "position {}", i + 1);
        assert_eq!(s.step(Step::Up), Err(StepError::AtRoot));
    }
    // The stack ends at ply 15.
    let mut s = Stepper::start(&Position::start());
    for _ in 0..15 {
        s.step(Step::Down).unwrap();
    }
    assert_eq!(s.state().ply, 15);
    assert_eq!(s.step(Step::Down), Err(StepError::StackFull));
}
