//! The reference mate search (`model::shogi::mate`) against the published mate lengths of
//! `fixtures/shogi-tsume.txt` (from antma/tsumeshogi-check's tests; see its header). The search
//! counts every interposition (the plain rules), so a line's expected length is its
//! `plain_rules_min` where it has one and its `mate_in` otherwise (the two conventions agree
//! there); `plain_rules_min=>N` asks that no mate exists within N plies; `mate_in=none` that
//! none exists within the length the line's comment gives. Each mating line found is replayed
//! and checked independently of the search: every attacker move is legal and gives check, every
//! defender move is legal, and the last position leaves the defender no legal move. A problem
//! whose attacker is in check is refused (issue 10), and the file must list it as no mate.
//! Under the tsume convention (`Convention::Tsume`: futile interposing drops are no defences)
//! every line's expected length is its `mate_in`.

use model::shogi::mate::{defences, solve, solve_with, Convention, MateError, MateResult};
use model::shogi::random::TSUME_TABLE;
use model::shogi::{legal_moves, Position};

#[derive(Clone, Copy, Debug)]
enum Expect {
    MateIn(u32),
    NoneWithin(u32),
}

struct Problem {
    sfen: String,
    /// Under the plain rules (every interposition counts).
    expect: Expect,
    /// Under the tsume convention (futile interposing drops ignored): the file's `mate_in`.
    tsume: Expect,
    line: String,
}

fn field<'a>(parts: &'a [&str], name: &str) -> Option<&'a str> {
    parts
        .iter()
        .find_map(|p| p.trim().strip_prefix(name).map(str::trim))
}

/// The number at the start of `s` ("7 (df-pn PV 15)" -> 7).
fn leading_number(s: &str) -> u32 {
    let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("no number in '{s}'"))
}

fn problems() -> Vec<Problem> {
    TSUME_TABLE
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split(';').collect();
            let mate_in = field(&parts, "mate_in=").expect("mate_in field");
            let tsume = if mate_in == "none" {
                // "(no mate within N)" in the test field.
                let note = l.split("no mate within ").nth(1).expect("none's length");
                Expect::NoneWithin(leading_number(note))
            } else {
                Expect::MateIn(leading_number(mate_in))
            };
            let expect = match field(&parts, "plain_rules_min=") {
                Some(p) if p.starts_with('>') => Expect::NoneWithin(leading_number(&p[1..])),
                Some(p) => Expect::MateIn(leading_number(p)),
                None => tsume,
            };
            Problem {
                sfen: parts[0].trim().to_string(),
                expect,
                tsume,
                line: l.to_string(),
            }
        })
        .collect()
}

/// Replays a mating line and checks it move by move (the plain rules).
fn check_line(start: &Position, plies: u32, line: &[model::shogi::Move], what: &str) {
    check_line_with(start, plies, line, what, Convention::Plain);
}

/// Replays a mating line under `convention`: every move legal, every attacker move a check,
/// and at the end no defence left under the convention (under the tsume convention the
/// defender may still have futile drops, and they are checked to be drops only).
fn check_line_with(
    start: &Position,
    plies: u32,
    line: &[model::shogi::Move],
    what: &str,
    convention: Convention,
) {
    assert_eq!(line.len() as u32, plies, "{what}: line length");
    let mut pos = start.clone();
    for (i, &m) in line.iter().enumerate() {
        assert!(
            legal_moves(&pos).contains(&m),
            "{what}: move {i} ({}) illegal",
            m.usi()
        );
        pos = pos.play(m);
        if i % 2 == 0 {
            assert!(
                pos.in_check(),
                "{what}: attacker move {i} ({}) is no check",
                m.usi()
            );
        }
    }
    assert!(pos.in_check(), "{what}: the end is no check");
    assert!(
        defences(&pos, convention).is_empty(),
        "{what}: the defender can still move"
    );
    assert!(
        legal_moves(&pos)
            .iter()
            .all(|m| matches!(m, model::shogi::Move::Drop { .. })),
        "{what}: the defender has a board move left"
    );
}

#[test]
fn mate_lengths_match_the_data_file() {
    let problems = problems();
    assert!(problems.len() >= 40, "{} problems", problems.len());
    let (mut mates, mut nones, mut refused, mut nodes) = (0, 0, 0, 0);
    for p in &problems {
        let pos = Position::from_sfen(&p.sfen).unwrap_or_else(|e| panic!("{}: {e}", p.line));
        match p.expect {
            Expect::MateIn(n) => {
                // Two plies beyond the expected length: a shorter or longer answer fails.
                let MateResult {
                    mate,
                    nodes: n_nodes,
                    ..
                } = solve(&pos, n + 2).unwrap_or_else(|e| panic!("{}: {e}", p.line));
                nodes += n_nodes;
                let (plies, line) = mate.unwrap_or_else(|| panic!("{}: no mate found", p.line));
                assert_eq!(plies, n, "{}", p.line);
                check_line(&pos, plies, &line, &p.line);
                mates += 1;
            }
            Expect::NoneWithin(_) if pos.in_check() => {
                // The rule: a problem whose attacker is in check is refused (the file
                // lists it as no mate).
                assert_eq!(
                    solve(&pos, 1),
                    Err(MateError::AttackerInCheck),
                    "{}",
                    p.line
                );
                refused += 1;
            }
            Expect::NoneWithin(n) => {
                let r = solve(&pos, n).unwrap_or_else(|e| panic!("{}: {e}", p.line));
                nodes += r.nodes;
                assert_eq!(r.mate, None, "{}", p.line);
                nones += 1;
            }
        }
    }
    println!(
        "{mates} mates at their length, {nones} without a mate in the limit, {refused} refused \
         (attacker in check), {nodes} nodes"
    );
    assert!(mates >= 30 && nones >= 5, "{mates} mates, {nones} nones");
}

/// The tsume convention's lengths (futile interposing drops are no defences) against the
/// file's `mate_in`, which follows that convention: each at exactly its length (searched two
/// plies beyond it), its line replayed under the convention; and the lines whose plain length
/// differs (`plain_rules_min`) are the ones where the convention mates sooner.
#[test]
fn tsume_convention_lengths_match_mate_in() {
    let (mut mates, mut nones, mut sooner) = (0, 0, 0);
    for p in problems() {
        let pos = Position::from_sfen(&p.sfen).unwrap_or_else(|e| panic!("{}: {e}", p.line));
        if pos.in_check() {
            continue;
        }
        match p.tsume {
            Expect::MateIn(n) => {
                let r = solve_with(&pos, n + 2, None, Convention::Tsume)
                    .unwrap_or_else(|e| panic!("{}: {e}", p.line));
                let (plies, line) = r
                    .mate
                    .unwrap_or_else(|| panic!("{}: no mate found", p.line));
                assert_eq!(plies, n, "{}", p.line);
                check_line_with(&pos, plies, &line, &p.line, Convention::Tsume);
                mates += 1;
                if !matches!(p.expect, Expect::MateIn(m) if m == n) {
                    sooner += 1;
                }
            }
            Expect::NoneWithin(n) => {
                let r = solve_with(&pos, n, None, Convention::Tsume)
                    .unwrap_or_else(|e| panic!("{}: {e}", p.line));
                assert_eq!(r.mate, None, "{}", p.line);
                nones += 1;
            }
        }
    }
    println!("tsume convention: {mates} mates at mate_in ({sooner} sooner than under the plain rules), {nones} without a mate in the limit");
    assert!(mates >= 36 && sooner >= 6, "{mates} mates, {sooner} sooner");
}

/// The df-pn solver (the CPU baseline) on the same problems: every mate it proves replays as a
/// mate (its line follows the proof, the defender resisting as long as the proof allows) and
/// is no shorter than the reference's shortest; every problem with a mate is proven.
#[test]
fn dfpn_proves_the_data_files_mates() {
    use model::shogi::dfpn::{dfpn, Proof};
    let (mut proven, mut longer, mut disproven, mut nodes) = (0, 0, 0, 0);
    for p in problems() {
        let pos = Position::from_sfen(&p.sfen).unwrap_or_else(|e| panic!("{}: {e}", p.line));
        if pos.in_check() {
            assert_eq!(
                dfpn(&pos, 1, None),
                Err(MateError::AttackerInCheck),
                "{}",
                p.line
            );
            continue;
        }
        let r = dfpn(&pos, 2_000_000, None).unwrap_or_else(|e| panic!("{}: {e}", p.line));
        nodes += r.nodes;
        match (&p.expect, r.proof) {
            (Expect::MateIn(n), Proof::Mate(line)) => {
                check_line(&pos, line.len() as u32, &line, &p.line);
                assert!(
                    line.len() as u32 >= *n,
                    "{}: shorter than the shortest",
                    p.line
                );
                longer += (line.len() as u32 > *n) as usize;
                proven += 1;
            }
            (Expect::NoneWithin(n), Proof::Mate(line)) => {
                check_line(&pos, line.len() as u32, &line, &p.line);
                assert!(
                    line.len() as u32 > *n,
                    "{}: a mate within the limit",
                    p.line
                );
                proven += 1;
            }
            (Expect::NoneWithin(_), Proof::NoMate) => disproven += 1,
            (e, proof) => panic!("{}: expected {e:?}, df-pn says {proof:?}", p.line),
        }
    }
    println!("df-pn: {proven} mates proven ({longer} longer than the shortest), {disproven} disproven, {nodes} nodes");
    assert!(proven >= 36, "{proven} proven");
}

/// A df-pn search stopped by its deadline answers nothing.
#[test]
fn dfpn_stops_at_its_deadline() {
    use model::shogi::dfpn::{dfpn, Proof};
    let pos = Position::from_sfen("7pk/9/7K1/5+r3/9/9/9/1B7/R8 b b4g4s4n4l17p 1").unwrap();
    let r = dfpn(&pos, u64::MAX, Some(std::time::Instant::now())).unwrap();
    assert_eq!(r.proof, Proof::Unknown);
    assert!(r.nodes < 2_000, "{} nodes after the deadline", r.nodes);
}

/// The mate walk (the on-chip mate search's specification, `model::shogi::walk::mate_walk`)
/// against the data file within its depth: a problem that mates in `n` plies mates in the
/// walk of `n` and not of `n - 2`, and every defence to the walk's first move still mates in
/// `n - 2` by the reference search; a problem without a mate has none in the walk.
#[test]
fn the_mate_walk_agrees_with_the_data_file() {
    use model::shogi::piece_data::BoardData;
    use model::shogi::walk::{mate_walk, MATE_MAX_PLIES};
    let (mut mates, mut nones, mut nodes, mut cycles) = (0, 0, 0, 0);
    for p in problems() {
        let pos = Position::from_sfen(&p.sfen).unwrap_or_else(|e| panic!("{}: {e}", p.line));
        if pos.in_check() {
            continue;
        }
        let board = BoardData::from_position(&pos);
        match p.expect {
            Expect::MateIn(n) if n <= MATE_MAX_PLIES => {
                let r = mate_walk(&board, n);
                (nodes, cycles) = (nodes + r.nodes, cycles + r.cycles);
                assert!(r.mate, "{}: no mate in the walk of {n}", p.line);
                let first = r.first.expect("the mating check");
                let after = pos.play(first);
                assert!(
                    legal_moves(&pos).contains(&first) && after.in_check(),
                    "{}: {} is no legal check",
                    p.line,
                    first.usi()
                );
                for reply in legal_moves(&after) {
                    let r = solve(&after.play(reply), n.max(3) - 2).expect("a mate search");
                    assert!(r.mate.is_some(), "{}: {} escapes", p.line, reply.usi());
                }
                if n >= 3 {
                    let r = mate_walk(&board, n - 2);
                    assert!(!r.mate, "{}: a mate in the walk of {}", p.line, n - 2);
                    assert_eq!(r.first, None);
                }
                mates += 1;
            }
            Expect::NoneWithin(n) => {
                // The walk's longest odd length within the limit.
                let plies = (n.min(MATE_MAX_PLIES) - 1) | 1;
                let r = mate_walk(&board, plies);
                (nodes, cycles) = (nodes + r.nodes, cycles + r.cycles);
                assert!(!r.mate, "{}: a mate in the walk of {plies}", p.line);
                nones += 1;
            }
            Expect::MateIn(_) => {}
        }
    }
    println!("mate walk: {mates} mates, {nones} without, {nodes} nodes, {cycles} cycles");
    assert!(mates >= 20 && nones >= 3, "{mates} mates, {nones} nones");
}

/// The mate walk and the reference search agree on random positions at lengths 1 and 3.
#[test]
fn the_mate_walk_agrees_with_the_reference_search() {
    use model::shogi::piece_data::BoardData;
    use model::shogi::walk::mate_walk;
    let (mut checked, mut mates) = (0, 0);
    for pos in model::shogi::random::positions(0x6d_7761, 400, 40) {
        if pos.in_check() || pos.king(pos.side.other()).is_none() {
            continue;
        }
        let board = BoardData::from_position(&pos);
        for plies in [1, 3] {
            let want = solve(&pos, plies).expect("a mate search").mate.is_some();
            assert_eq!(
                mate_walk(&board, plies).mate,
                want,
                "{} in {plies}",
                pos.sfen()
            );
            mates += want as usize;
            checked += 1;
        }
    }
    println!("mate walk: {checked} searches, {mates} mates");
    assert!(
        checked >= 400 && mates >= 5,
        "{checked} searches, {mates} mates"
    );
}

/// The walker's sixteen frames: the data file's problem whose plain-rules mate is longer than
/// 7 plies (`plain_rules_min=>7`, df-pn's line 15) mates in the walk of 13 plies and not of
/// 11; its mating check is a legal check, and df-pn (`model::shogi::dfpn`, independent of the
/// walk) proves the mate.
#[test]
fn the_mate_walk_reaches_past_seven_plies() {
    use model::shogi::dfpn::{dfpn, Proof};
    use model::shogi::piece_data::BoardData;
    use model::shogi::walk::mate_walk;
    // `mate_walk` refuses plies past `walk::MATE_MAX_PLIES` (7 with the walker's 8 frames).
    let pos = Position::from_sfen("k8/9/1K7/9/9/9/8B/8B/9 b 2r4g4s4n4l18p 1").unwrap();
    let board = BoardData::from_position(&pos);
    let r = mate_walk(&board, 13);
    assert!(r.mate, "no mate in the walk of 13");
    let first = r.first.expect("the mating check");
    assert!(legal_moves(&pos).contains(&first) && pos.play(first).in_check());
    let proof = dfpn(&pos, 2_000_000, None).unwrap().proof;
    assert!(matches!(proof, Proof::Mate(_)), "df-pn: {proof:?}");
    assert!(!mate_walk(&board, 11).mate, "a mate in the walk of 11");
    println!(
        "the walk of 13: {} moves jobs, {} cycles",
        r.nodes, r.cycles
    );
}
