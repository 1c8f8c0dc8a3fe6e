//! The winning-pair search as the circuit runs it (`gateware::connect6::winning_pair_search`):
//! the threat player's inner step ([`super::threat`]: attack, and the counts its block, defence
//! and preparation compare), with its cycles.
//!
//! A *winning pair* of a side is two empty points after which its threats cannot all be hit
//! by two stones ([`super::threat::winning_pairs`]). The circuit finds the pairs the way the
//! model's search does, among the *candidates* (the empty points of windows holding two or
//! more of the side's stones and none of the other's, marked by a scan of the board), in board
//! order: `a` before `c`, then `c` after `a`.
//!
//! Most pairs make no threat at all, and a filter drops them untested: a threat after the
//! pair is a window of four of the side's stones, so either a window through one of the points
//! holds three already (the scanner marks such points, as it marks the candidates:
//! [`can_make_threat`]), or the two points are in one window (on one line, five apart at
//! most). The circuit gathers every candidate's lines of 11 points ([`lines_through`]) once,
//! in one pass over the board's rows, into a RAM; then for each `a` it takes the `c` the
//! filter keeps (as bits of the board) and streams those pairs, one a cycle, each `c`'s lines
//! read and the pair tester (`gateware::connect6::pair_tester`, a pipeline) behind the read.
//!
//! This model decides a pair independently of the tester's reference
//! (`threat::pair_wins`, the windows through the pair's lines): by scans of the board's
//! windows through the pair with stones put down, the way the circuit's first build scanned
//! the whole board (2026-12-04), and the schedule of
//! the circuit's issues and answers gives the cycles ([`search`]):
//!
//! 1. the pair put down: no threat of the side through it, no win (each scan here looks only
//!    at the windows through `a` or `c`: the threats the pair makes);
//! 2. else every blocking set holds an empty point `x` of the first threat in scan order (one
//!    or two: a threat has four or five of the side's stones and none of the other's): for
//!    each, `x` put down as the opponent's (it kills every window through it) and a scan; no
//!    threat left, the pair is blocked;
//! 3. else the second stone `y` is an empty point of the first threat left: for each, `y` put
//!    down as well and a scan; none left, the pair is blocked;
//! 4. no `x` and `y` block it: a winning pair.
//!
//! A side with a threat already is searched all the same ([`PairSearch::own_threat`] says so):
//! its pairs are judged by the threats they make, as `threat::winning_pairs` counts them. The
//! threat player's preparation counts the winning pairs after a pair of its that makes a
//! threat that way (2026-12-05; the search stopped after the candidate scan before: the
//! preparation ranked such a pair by its reply alone, and won 3 games in 200 fewer).

use super::threat::{forcing_on, open_window_empties, threat_candidates};
use super::threat_scan::{scan, threats_through_pair};
use super::{step, Board, Color, Point, DIRECTIONS, POINTS, WIN_LENGTH};

/// Cycles of one scan in the circuit: 19 rows read (a row a cycle, the word the cycle after its
/// address), the last in the scanner's registers, and the cycle that reads its answer and
/// chooses the next scan's stones.
pub const SCAN_CYCLES: u64 = 21;

/// Cycles from `start` to the gathering: the start cycle and the candidate scan (the side's
/// threat count and the candidates' marks).
pub const START_CYCLES: u64 = 1 + SCAN_CYCLES;

/// Row steps of the gathering, a cycle each besides its candidates: the 19 rows read into a
/// window of 11 rows, and five rows past the board, so that the window's middle row passes
/// every row. The candidates of the middle row take a cycle each (their lines from the window,
/// written to the lines RAM).
pub const GATHER_ROWS: u64 = 24;

/// Cycles of the pipeline behind a pair's issue (the lines RAM's read, the pair tester's
/// four): a pair issued in cycle `t` is answered in cycle `t + PIPE_CYCLES`. The search waits
/// as many cycles after the last cycle of its stream of pairs, and is done the cycle after (or
/// the cycle after the first winning answer, if only the first is asked for).
pub const PIPE_CYCLES: u64 = 5;

/// Most pairs a search may test: the circuit's budget is 20 bits.
pub const MAX_BUDGET: u64 = (1 << 20) - 1;

/// The search's answer, as the circuit gives it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PairSearch {
    /// The side has a threat already (the search runs all the same, each pair judged by the
    /// threats through it).
    pub own_threat: bool,
    /// The other side has a threat (the search runs all the same).
    pub opp_threat: bool,
    /// The first winning pair in candidate order, if any was found.
    pub first: Option<[Point; 2]>,
    /// Winning pairs found (one at most when only the first was asked for).
    pub wins: u64,
    /// Pairs tested: those the filter keeps, given to the pair tester.
    pub tested: u64,
    /// The budget ran out with pairs left to test.
    pub exhausted: bool,
    /// The tested pairs that are forcing and not winning, in the order their answers come
    /// (the forcing search's children: [`Forcing`]).
    pub forcing: Vec<Forcing>,
    /// The candidates' pairs.
    pub pairs: u64,
    /// The candidates whose lines were gathered (each once, into the lines RAM).
    pub gathers: u64,
    /// Cycles from `start` to the first cycle `done` is high.
    pub cycles: u64,
}

/// A forcing pair that does not win (`threat::forcing_blocks`): its threats need both of the
/// opponent's stones, and these pairs of points (in board order) are its only blocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forcing {
    pub pair: [Point; 2],
    pub blocks: Vec<[Point; 2]>,
}

/// The points where one more stone of `side` makes a threat: empty points of windows with
/// three or more of its stones and none of the other's.
pub fn threat_points(board: &Board, side: Color) -> Vec<bool> {
    let mut out = vec![false; POINTS];
    for p in open_window_empties(board, side, 3) {
        out[p.index()] = true;
    }
    out
}

/// The filter: whether the pair (`a` before `c` in board order) may make a threat of the side
/// whose one-stone threat points are `t3`: one of them is such a point, or they are on one line
/// at most five apart (in one window).
pub fn can_make_threat(t3: &[bool], a: Point, c: Point) -> bool {
    can_win(t3, a, c) || one_window(a, c)
}

/// The filter of a search that wants only the winning pairs (a focused one, [`search_near`]):
/// whether the pair `a`, `c` may win for the side whose one-stone threat points are `t3`: one
/// of them is such a point. With neither, a threat the pair makes is a window through both
/// (one through one point alone holds three at most), so it holds the two points, two more of
/// the side's stones and two empty points, and every point between the two. If one of those is
/// empty, a stone there blocks every threat; else each threat holds the empty point nearest
/// `a` on its far side or the one nearest `c` on its far side, and those two stones block them
/// all (`a_pair_without_a_threat_point_never_wins` checks every line there is). Such a pair
/// may still force both stones (the forcing stream's children: [`can_make_threat`] keeps it).
pub fn can_win(t3: &[bool], a: Point, c: Point) -> bool {
    t3[a.index()] || t3[c.index()]
}

/// Whether two points can be in one window: on one line, five apart at most.
pub fn one_window(a: Point, c: Point) -> bool {
    let drow = c.row().abs_diff(a.row());
    let dcol = c.col().abs_diff(a.col());
    drow <= 5 && dcol <= 5 && (drow == 0 || dcol == 0 || drow == dcol)
}

/// The focus filter: whether the pair `a`, `c` can win on a board whose side had no winning
/// pair before the stones of `focus` were put (the two stones a search is asked about: a
/// preparation's pair, a forcing search's last pair). A threat window that
/// holds neither focus stone holds what it held before, so a pair whose threats all avoid
/// them was blocked before and is blocked now (the opponent's stones since only kill
/// windows): a winning pair has a threat window through a focus stone and `a` or `c`, which
/// is then in one window with it.
pub fn near_focus(focus: [Point; 2], a: Point, c: Point) -> bool {
    focus.iter().any(|&f| one_window(f, a) || one_window(f, c))
}

/// Points on each side of a line's centre that the pair tester sees: a window through the
/// centre reaches five away.
pub const LINE_REACH: usize = WIN_LENGTH - 1;
/// Points of one line through a point: the point and five each way.
pub const LINE_POINTS: usize = 2 * LINE_REACH + 1;

/// The four lines through `p` ([`DIRECTIONS`] order), as the pair tester takes them: line
/// `d`'s point `k` (0..11) is `k - 5` steps from `p` along direction `d`, in bit `11 d + k`
/// of `own` if it holds a stone of `side`, of `blocked` if it holds the other's or is off
/// the board (no window of `side` passes there).
pub fn lines_through(board: &Board, side: Color, p: Point) -> (u64, u64) {
    let (mut own, mut blocked) = (0u64, 0u64);
    for (d, &dir) in DIRECTIONS.iter().enumerate() {
        for k in 0..LINE_POINTS {
            let bit = 1u64 << (LINE_POINTS * d + k);
            match step(p, dir, k as i32 - LINE_REACH as i32).map(|q| board.get(q)) {
                Some(Some(c)) if c == side => own |= bit,
                Some(None) => {}
                _ => blocked |= bit,
            }
        }
    }
    (own, blocked)
}

/// Whether the pair `a`, `c` already on `b` wins for `side`, by scans of the windows through
/// it.
fn test_pair(b: &mut Board, side: Color, a: Point, c: Point) -> bool {
    let opp = side.other();
    let scan = |b: &Board| threats_through_pair(b, side, a, c);
    let Some(w0) = scan(b).first else {
        return false;
    };
    for x in w0.empty_points() {
        b.set(x, Some(opp));
        let blocked = match scan(b).first {
            None => true,
            Some(w1) => w1.empty_points().into_iter().any(|y| {
                b.set(y, Some(opp));
                let none = scan(b).count == 0;
                b.set(y, None);
                none
            }),
        };
        b.set(x, None);
        if blocked {
            return false;
        }
    }
    true
}

/// The search of `side`'s winning pairs on `board`, pair by pair as the circuit issues them:
/// all of them, or up to the first if `first_only`; at most `budget` pairs tested (the
/// circuit's budget register: at most [`MAX_BUDGET`]). Only the pairs the filter keeps
/// ([`can_make_threat`]) are tested: the others cannot win, and cost nothing.
///
/// The circuit's schedule: after the candidate scan ([`START_CYCLES`]) the gathering
/// ([`GATHER_ROWS`] and a cycle a candidate); then for each `a` a cycle to read its lines and
/// take the pairs the filter keeps, a cycle for each of them (the pair issued, counted against
/// the budget; the tester behind the read, [`PIPE_CYCLES`] to its answer), the last of them
/// moving `a` on; an `a` with no pair takes a cycle more to find none (until 2026-12-06 every
/// `a` took that cycle: the cycle of a's last pair now also finds no other). A pair due with the budget spent stops the issues; the
/// search waits for the answers in flight, or stops at the first winning answer if
/// `first_only` (pairs issued after it are counted, not answered).
pub fn search(board: &Board, side: Color, first_only: bool, budget: u64) -> PairSearch {
    search_near(board, side, first_only, budget, None)
}

/// [`search`] with the focus filter ([`near_focus`]) when `focus` is given: the pairs the
/// filter drops are not tested and cost nothing. The caller vouches that the side had no
/// winning pair on the board without the focus stones (and the opponent's stones put since).
/// A focused search answers the winning pairs only (its callers, the preparation's counts and
/// the forcing search's last-turn children, take no forcing stream): it also drops the pairs
/// that cannot win ([`can_win`]), so its forcing stream leaves out the pairs with neither
/// point a one-stone threat point; with no such point among its candidates it ends after the
/// candidate scan ([`START_CYCLES`]), nothing gathered.
pub fn search_near(
    board: &Board,
    side: Color,
    first_only: bool,
    budget: u64,
    focus: Option<[Point; 2]>,
) -> PairSearch {
    assert!(
        budget <= MAX_BUDGET,
        "a budget of {budget} pairs: the circuit counts 20 bits"
    );
    let mut out = PairSearch {
        cycles: START_CYCLES,
        ..PairSearch::default()
    };
    let threats = scan(board, side);
    out.opp_threat = threats.opp.count > 0;
    out.own_threat = threats.own.count > 0;
    let cands = threat_candidates(board, side);
    let t3 = threat_points(board, side);
    let k = cands.len();
    out.gathers = k as u64;
    out.pairs = (k * k.saturating_sub(1) / 2) as u64;
    // A focused search whose candidates hold no one-stone threat point has no pair that can
    // win ([`can_win`]): it ends with the candidate scan, not gathered.
    if focus.is_some() && !cands.iter().any(|p| t3[p.index()]) {
        out.gathers = 0;
        out.cycles = START_CYCLES;
        return out;
    }
    // `now`: the cycle of the state the loop is in (an a's read, a pair's issue, the cycle
    // that finds none).
    let mut now = START_CYCLES + GATHER_ROWS + k as u64;
    if k == 0 {
        out.cycles = now;
        return out;
    }
    let mut b = board.clone();
    let mut left = budget;
    // The cycle `done` rises, once it is known: the first winning answer's, if first only.
    let mut done_at: Option<u64> = None;
    'pairs: for (i, &a) in cands.iter().enumerate() {
        now += 1;
        b.set(a, Some(side));
        let mut issued = false;
        for &c in cands[i + 1..]
            .iter()
            .filter(|&&c| can_make_threat(&t3, a, c))
            .filter(|&&c| focus.is_none_or(|f| near_focus(f, a, c) && can_win(&t3, a, c)))
        {
            if done_at.is_some_and(|d| now >= d) {
                break 'pairs;
            }
            if left == 0 {
                out.exhausted = true;
                let drained = now + 1 + PIPE_CYCLES;
                done_at = Some(done_at.map_or(drained, |d| d.min(drained)));
                break 'pairs;
            }
            left -= 1;
            out.tested += 1;
            issued = true;
            // Answers after the first winning one (first only) are not taken.
            if done_at.is_none() {
                b.set(c, Some(side));
                let wins = test_pair(&mut b, side, a, c);
                if !wins {
                    if let Some(blocks) = forcing_on(&b, side, a, c) {
                        out.forcing.push(Forcing {
                            pair: [a, c],
                            blocks,
                        });
                    }
                }
                b.set(c, None);
                if wins {
                    out.wins += 1;
                    out.first.get_or_insert([a, c]);
                    if first_only {
                        done_at = Some(now + 1 + PIPE_CYCLES);
                    }
                }
            }
            now += 1;
        }
        if done_at.is_some_and(|d| now >= d) {
            break;
        }
        // a's last pair's issue moves a on; an a with none takes a cycle to find none.
        if !issued {
            now += 1;
        }
        b.set(a, None);
    }
    // After the last a's last cycle (`now` is the cycle after it): the answers, then done.
    out.cycles = done_at.unwrap_or(now + PIPE_CYCLES);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect6::random::{baseline_game, random_game};
    use crate::connect6::threat::{threats, winning_pairs};
    use crate::connect6::Game;

    /// Positions of seeded games (random play-outs and baseline games), each with both sides,
    /// where the side has no threat.
    fn positions(seed: u64, games: u64) -> Vec<(Board, Color)> {
        let mut out = Vec::new();
        for g in 0..games {
            let game = if g % 2 == 0 {
                random_game(seed + g, 40)
            } else {
                baseline_game(seed + g, 3, 40)
            };
            let mut replay = Game::new();
            for turn in game.turns() {
                replay.play(turn).expect("a recorded game replays");
                for side in [Color::Black, Color::White] {
                    if threats(replay.board(), side).is_empty() {
                        out.push((replay.board().clone(), side));
                    }
                }
            }
        }
        out
    }

    #[test]
    fn the_scans_find_the_model_s_winning_pairs() {
        let (mut with, mut pairs, mut tested, mut worst) = (0, 0, 0, 0);
        let positions = positions(0x9a1_5ea, 6);
        for (board, side) in &positions {
            let (board, side) = (board, *side);
            let want = winning_pairs(board, side);
            let got = search(board, side, false, MAX_BUDGET);
            assert!(!got.own_threat && !got.exhausted);
            assert_eq!(got.wins, want.len() as u64, "{side:?}\n{}", board.diagram());
            assert_eq!(got.first, want.first().copied());
            // Every pair counted, the filter's kept ones tested (the filter is exact: the wins
            // above are all of them).
            let cands = threat_candidates(board, side);
            let t3 = threat_points(board, side);
            let n = cands.len() as u64;
            assert_eq!(got.pairs, n * n.saturating_sub(1) / 2);
            let kept = (0..cands.len())
                .flat_map(|i| (i + 1..cands.len()).map(move |j| (i, j)))
                .filter(|&(i, j)| can_make_threat(&t3, cands[i], cands[j]))
                .count() as u64;
            assert_eq!(got.tested, kept);
            // First only: the same first pair, fewer or as many pairs tested.
            let one = search(board, side, true, MAX_BUDGET);
            assert_eq!(one.first, got.first);
            assert!(one.tested <= got.tested && one.wins == u64::from(got.first.is_some()));
            with += usize::from(!want.is_empty());
            pairs += got.pairs;
            tested += got.tested;
            worst = worst.max(got.cycles);
        }
        println!(
            "{} positions, {with} with a winning pair; {pairs} pairs, {tested} to the tester; the \
             longest search {worst} cycles",
            positions.len()
        );
        // The games must reach winning pairs, or this checks only the empty answer.
        assert!(with > 20, "{with} positions with a winning pair");
        assert!(tested > 10_000, "{tested} pairs tested");
    }

    #[test]
    fn a_side_with_threats_counts_the_model_s_winning_pairs() {
        // Positions of seeded games where the side has a threat (the preparation's pairs that
        // make one): the count and the first pair are `winning_pairs`', which judges a pair by
        // `threats_through` alone, not by these scans.
        // Every such side has winning pairs (the pairs that complete its threat to six);
        // `beyond` counts the sides with one that does not.
        let (mut positions, mut with, mut beyond) = (0, 0, 0);
        for g in 0..6 {
            let game = if g % 2 == 0 {
                random_game(0x9a1_5ec + g, 40)
            } else {
                baseline_game(0x9a1_5ec + g, 3, 40)
            };
            let mut replay = Game::new();
            for turn in game.turns() {
                replay.play(turn).expect("a recorded game replays");
                for side in [Color::Black, Color::White] {
                    let board = replay.board();
                    if threats(board, side).is_empty() {
                        continue;
                    }
                    let want = winning_pairs(board, side);
                    let got = search(board, side, false, MAX_BUDGET);
                    assert!(got.own_threat && !got.exhausted);
                    assert_eq!(got.wins, want.len() as u64, "{side:?}\n{}", board.diagram());
                    assert_eq!(got.first, want.first().copied());
                    positions += 1;
                    with += usize::from(!want.is_empty());
                    beyond += usize::from(want.iter().any(|&[a, c]| {
                        let mut b = board.clone();
                        b.set(a, Some(side));
                        b.set(c, Some(side));
                        b.winner().is_none()
                    }));
                }
            }
        }
        println!(
            "{positions} positions of a side with a threat, {with} with a winning pair, \
             {beyond} with one that makes no six"
        );
        assert!(
            positions > 20 && beyond > 5,
            "{positions} positions, {beyond} with a pair that makes no six"
        );
    }

    #[test]
    fn the_budget_stops_the_search_where_the_model_s_does() {
        for (board, side) in positions(0x9a1_5eb, 4).into_iter().step_by(3) {
            let all = search(&board, side, false, MAX_BUDGET);
            for budget in [0, 1, all.tested / 2, all.tested] {
                let got = search(&board, side, false, budget);
                assert_eq!(got.tested, budget.min(all.tested));
                assert_eq!(got.exhausted, budget < all.tested);
                let want = winning_pairs(&board, side);
                assert!(got.wins as usize <= want.len());
                assert_eq!(got.first.is_some(), got.wins > 0);
            }
        }
    }

    #[test]
    fn a_pair_without_a_threat_point_never_wins() {
        // Every line around a pair five apart at most (along a row, and along a diagonal
        // whose windows may run off the board): each other point of the windows through
        // both empty, the side's or the other's. Where neither point of the pair is a
        // one-stone threat point, the pair never wins (`threat::pair_wins`, the tester's
        // reference); some such pairs need both stones to block (they are forcing).
        let side = Color::Black;
        let (mut lines, mut forcing) = (0u64, 0u64);
        let layouts: [(Point, (i32, i32)); 2] = [
            (Point::new(9, 9).unwrap(), (1, 0)),
            (Point::new(3, 3).unwrap(), (1, 1)),
        ];
        for (a, dir) in layouts {
            for gap in 1..=5i32 {
                let c = step(a, dir, gap).unwrap();
                // The points off the board are left out: each line is counted once.
                let others: Vec<Point> = (gap - 5..=5)
                    .filter(|&k| k != 0 && k != gap)
                    .filter_map(|k| step(a, dir, k))
                    .collect();
                for code in 0..3u32.pow(others.len() as u32) {
                    let mut b = Board::default();
                    let mut x = code;
                    for &p in &others {
                        b.set(p, [None, Some(side), Some(side.other())][(x % 3) as usize]);
                        x /= 3;
                    }
                    let t3 = threat_points(&b, side);
                    if can_win(&t3, a, c) {
                        continue;
                    }
                    lines += 1;
                    assert!(
                        !crate::connect6::threat::pair_wins(&b, side, a, c),
                        "{a:?} {c:?}\n{}",
                        b.diagram()
                    );
                    let mut after = b.clone();
                    after.set(a, Some(side));
                    after.set(c, Some(side));
                    forcing += u64::from(forcing_on(&after, side, a, c).is_some());
                }
            }
        }
        eprintln!("{lines} lines without a threat point, {forcing} of them forcing");
        assert!(
            lines > 10_000 && forcing > 50,
            "{lines} lines, {forcing} forcing"
        );
    }

    #[test]
    fn the_focus_filter_keeps_every_winning_pair() {
        // Positions where the side has no winning pair (`winning_pairs`, the threat player's
        // own); two of its best line-score points put (the focus), then, every other time, the
        // opponent's best point: the winning pairs the focused search finds are all of them,
        // in fewer pairs tested.
        let (mut cases, mut with, mut saved) = (0, 0, 0);
        for (board, side) in positions(0xf0c05, 6).iter().step_by(2) {
            let side = *side;
            if !winning_pairs(board, side).is_empty() {
                continue;
            }
            let top = crate::connect6::prepare::top_points(board, side);
            for (k, pair) in top.windows(2).take(4).enumerate() {
                let focus = [pair[0], pair[1]];
                let mut b = board.clone();
                focus.iter().for_each(|&p| b.set(p, Some(side)));
                if k % 2 == 1 {
                    let opp = side.other();
                    if let Some(x) = crate::connect6::threat::best_point(&b, opp, b.empties()) {
                        b.set(x, Some(opp));
                    }
                }
                let want = winning_pairs(&b, side);
                let got = search_near(&b, side, false, MAX_BUDGET, Some(focus));
                let all = search(&b, side, false, MAX_BUDGET);
                assert_eq!(got.wins, want.len() as u64, "{focus:?}\n{}", b.diagram());
                assert_eq!(got.first, want.first().copied());
                assert!(got.tested <= all.tested && got.cycles <= all.cycles);
                cases += 1;
                with += usize::from(!want.is_empty());
                saved += all.tested - got.tested;
            }
        }
        eprintln!("focus: {cases} cases, {with} with winning pairs, {saved} pairs saved");
        assert!(
            cases > 400 && with > 150 && saved > 15_000,
            "{cases} cases, {with} with winning pairs, {saved} pairs saved"
        );
    }

    #[test]
    fn a_side_with_a_threat_is_searched_by_the_threats_its_pairs_make() {
        // A four on row 9 (a threat) and a three up column 14: searched all the same, each pair
        // judged by the threats through it, as `winning_pairs` judges it.
        let mut b = Board::default();
        for col in 3..7 {
            b.set(Point::new(col, 9).unwrap(), Some(Color::Black));
        }
        for row in 3..6 {
            b.set(Point::new(14, row).unwrap(), Some(Color::Black));
        }
        let got = search(&b, Color::Black, false, MAX_BUDGET);
        let want = winning_pairs(&b, Color::Black);
        assert!(got.own_threat && got.tested > 0 && got.cycles > START_CYCLES);
        assert_eq!(got.wins, want.len() as u64);
        assert_eq!(got.first, want.first().copied());
        // The four made a three: no threat; two threes far apart, a stone that makes each an
        // open four wins (each four needs two stones to block).
        b.set(Point::new(3, 9).unwrap(), None);
        let got = search(&b, Color::Black, false, MAX_BUDGET);
        assert!(!got.own_threat && got.wins > 0);
        assert!(got.first.is_some() && got.tested > 0);
        assert_eq!(
            got.gathers,
            threat_candidates(&b, Color::Black).len() as u64
        );
        assert_eq!(got.wins, winning_pairs(&b, Color::Black).len() as u64);
    }
}
