//! Tsume shogi (mate problems) on the CPU: the reference mate search of issue 10's golden
//! model, which the mate circuit of `shared/papers/tsume-shogi-fpga-ja.md` will be checked
//! against, and which checks the lengths of `shared/data/shogi/tsume.txt` meanwhile.
//!
//! The attacker (the side to move) must give check with every move; the defender answers with
//! any legal move; the attacker wins when the defender has no legal move. The rules are the
//! plain rules of the game (`legal_moves`: no move leaves the own king attacked, nifu, no
//! pawn-drop mate), and **every interposition counts**: a futile interposing drop (muda-ai),
//! which the tsume convention ignores, is a defence like any other. The length reported is the
//! shortest forced mate under these rules: the data file's `plain_rules_min` where it gives
//! one, its `mate_in` where the two conventions agree.
//!
//! [`Convention::Tsume`] gives the tsume convention's length beside it (the data file's
//! `mate_in`): futile interposing drops are not defences. Which drops are futile has no
//! single objective definition; this is the rule of the checker the data file comes from
//! (antma/tsumeshogi-check), in its terms and written here from its description. It applies
//! when the defender's only legal moves are drops (no king move, no capture of the checker,
//! no board move onto the check line), which leaves one sliding checker at a distance. The
//! line's squares are taken from the king outwards; each within two king steps of the king on
//! which the defender can drop is tried (none may be): a piece dropped there, the checker
//! captures it (not promoting when it may choose); the drop is futile when that capture is
//! legal and leaves the defending king no legal move. When every square tried is futile, no
//! drop is a defence (the farther squares' drops neither: they are captured the same way,
//! later), and the defender is mated. Only the checker's capture and the king's escape are
//! looked at, as in that checker: a recapture by another defender cannot exist there, since
//! no board move reached the line before. The line is the mate circuit's mask E
//! ([`super::mate_masks::DefenceMasks`]).
//!
//! The search: iterative deepening over odd lengths (1, 3, 5, ...), each an AND/OR search to
//! that length with a table of what is known per position (the longest length proven not to
//! mate, the shortest proven to mate), so that a deeper iteration skips what a shallower one
//! settled. Nodes count every position the search expands.

use super::mate_masks::DefenceMasks;
use super::movegen::legal_moves;
use super::{Move, Position, SQUARES};
use std::collections::HashMap;
use std::time::Instant;

/// Why a mate search is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MateError {
    #[error("the side to move (the attacker) is in check: a mate problem starts with the defender to move out of check")]
    AttackerInCheck,
    #[error("the side not to move (the defender) has no king")]
    NoDefenderKing,
    #[error("the length limit must be odd (the attacker moves last), got {0}")]
    EvenLimit(u32),
}

/// The result of a mate search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MateResult {
    /// The mate's length in plies and a mating line (the defender resisting longest), or
    /// `None`: no mate within the limit.
    pub mate: Option<(u32, Vec<Move>)>,
    /// Positions expanded.
    pub nodes: u64,
    /// The deadline passed before the search ended (then `mate` is `None`: nothing is known).
    pub timed_out: bool,
}

/// Which interpositions count as defences.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Convention {
    /// Every legal move is a defence (the plain rules; the mate circuit's).
    #[default]
    Plain,
    /// Futile interposing drops (muda-ai) are not defences (see the module header).
    Tsume,
}

/// The defender's replies (the defender to move, in check) under `convention`.
pub fn defences(pos: &Position, convention: Convention) -> Vec<Move> {
    let mut moves = legal_moves(pos);
    if convention == Convention::Tsume && futile_drops(pos, &moves) {
        moves.clear();
    }
    moves
}

/// Whether every legal move is a drop and the drops are futile (see the module header).
fn futile_drops(pos: &Position, moves: &[Move]) -> bool {
    if moves.is_empty() || moves.iter().any(|m| matches!(m, Move::Board { .. })) {
        return false;
    }
    // The check line (mask E of the mate circuit: the squares between the one sliding checker
    // and the king), from the king outwards.
    let Some(masks) = DefenceMasks::of(pos) else {
        return false;
    };
    if masks.checkers.count_ones() != 1 {
        return false;
    }
    let checker = masks.checkers.trailing_zeros() as u8;
    let king = masks.king;
    let distance = |t: u8| {
        ((t / 9) as i8 - (king / 9) as i8)
            .abs()
            .max(((t % 9) as i8 - (king % 9) as i8).abs())
    };
    let mut line: Vec<u8> = (0..SQUARES as u8)
        .filter(|&t| (masks.between >> t) & 1 != 0)
        .collect();
    line.sort_by_key(|&t| distance(t));
    for &t in line.iter().take_while(|&&t| distance(t) <= 2) {
        let Some(&drop) = moves.iter().find(|m| m.to() == t) else {
            continue;
        };
        let after = pos.play(drop);
        let captures: Vec<Move> = legal_moves(&after)
            .into_iter()
            .filter(|m| matches!(m, Move::Board { from, to, .. } if *from == checker && *to == t))
            .collect();
        let Some(&capture) = captures
            .iter()
            .find(|m| matches!(m, Move::Board { promote: false, .. }))
            .or(captures.first())
        else {
            return false;
        };
        let escapes = legal_moves(&after.play(capture))
            .into_iter()
            .any(|m| matches!(m, Move::Board { from, .. } if from == king));
        if escapes {
            return false;
        }
    }
    true
}

/// The attacker's candidate moves: its legal moves that give check.
pub fn checks(pos: &Position) -> Vec<Move> {
    legal_moves(pos)
        .into_iter()
        .filter(|&m| pos.play(m).in_check())
        .collect()
}

/// What the table knows of a position (keyed without its move number).
#[derive(Clone, Copy, Default)]
struct Known {
    /// The longest length proven not to mate (0: none proven).
    no_mate_within: u32,
    /// The shortest length proven to mate.
    mate_within: Option<u32>,
}

/// A search's node count and its bounds (a node budget, a deadline), looked at every 1,024
/// nodes; the mate searches share it.
pub(crate) struct Budget<'a> {
    pub(crate) nodes: u64,
    max_nodes: u64,
    pub(crate) deadline: Option<Instant>,
    /// Asked with the deadline: true stops the search as the deadline does (a USI `stop`).
    pub(crate) stop: Option<&'a mut dyn FnMut() -> bool>,
    /// The node count at which the bounds are looked at next.
    next_look: u64,
    /// A bound passed: every answer from then on is unknown, and none is remembered.
    pub(crate) stopped: bool,
    /// The bound passed was the deadline.
    pub(crate) timed_out: bool,
}

impl<'a> Budget<'a> {
    pub(crate) fn new(max_nodes: u64, deadline: Option<Instant>) -> Budget<'a> {
        Budget {
            nodes: 0,
            max_nodes,
            deadline,
            stop: None,
            next_look: 0,
            stopped: false,
            timed_out: false,
        }
    }

    /// Counts a node expanded; whether the search must stop.
    pub(crate) fn expand(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_look {
            self.next_look = self.nodes + 1024;
            self.timed_out |= self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.stop.as_mut().is_some_and(|stop| stop());
            self.stopped |= self.timed_out || self.nodes >= self.max_nodes;
        }
        self.stopped
    }
}

struct Search {
    /// Attacker-to-move positions.
    table: HashMap<Position, Known>,
    budget: Budget<'static>,
    convention: Convention,
}

/// A position as the tables key it: without its move number.
pub(crate) fn key(pos: &Position) -> Position {
    let mut k = pos.clone();
    k.ply = 0;
    k
}

impl Search {
    /// Whether the attacker (to move in `pos`) mates within `depth` plies (odd).
    fn attacker_mates(&mut self, pos: &Position, depth: u32) -> bool {
        let k = key(pos);
        if let Some(known) = self.table.get(&k) {
            if known.mate_within.is_some_and(|d| d <= depth) {
                return true;
            }
            if known.no_mate_within >= depth {
                return false;
            }
        }
        if self.budget.expand() {
            return false;
        }
        let mates = checks(pos)
            .into_iter()
            .any(|m| self.defender_mated(&pos.play(m), depth - 1));
        if self.budget.stopped {
            return false;
        }
        let known = self.table.entry(k).or_default();
        if mates {
            known.mate_within = Some(known.mate_within.map_or(depth, |d| d.min(depth)));
        } else {
            known.no_mate_within = known.no_mate_within.max(depth);
        }
        mates
    }

    /// Whether the defender (to move in `pos`, in check) is mated within `depth` plies (even).
    fn defender_mated(&mut self, pos: &Position, depth: u32) -> bool {
        self.budget.nodes += 1;
        let replies = defences(pos, self.convention);
        if replies.is_empty() {
            return true;
        }
        depth > 0
            && replies
                .into_iter()
                .all(|m| self.attacker_mates(&pos.play(m), depth - 1))
    }

    /// The shortest length (odd, at most `limit`) at which the attacker mates, if any.
    fn shortest(&mut self, pos: &Position, limit: u32) -> Option<u32> {
        (1..=limit)
            .step_by(2)
            .find(|&d| self.attacker_mates(pos, d))
    }

    /// A mating line of `depth` plies from `pos` (attacker to move, mate in `depth` known):
    /// the attacker's first move that mates in time, the defender's reply that delays the mate
    /// longest.
    fn line(&mut self, pos: &Position, depth: u32) -> Vec<Move> {
        let mut line = Vec::new();
        let mut pos = pos.clone();
        let mut left = depth;
        loop {
            let Some(m) = checks(&pos)
                .into_iter()
                .find(|&m| self.defender_mated(&pos.play(m), left - 1))
            else {
                return line;
            };
            line.push(m);
            pos = pos.play(m);
            let mut longest: Option<(u32, Move)> = None;
            for r in defences(&pos, self.convention) {
                let after = pos.play(r);
                let d = self
                    .shortest(&after, left - 2)
                    .expect("every reply is mated in time");
                if longest.is_none_or(|(l, _)| d > l) {
                    longest = Some((d, r));
                }
            }
            let Some((d, r)) = longest else {
                return line;
            };
            line.push(r);
            pos = pos.play(r);
            left = d;
        }
    }
}

/// Whether `pos` is a mate problem: the defender (not to move) has a king, the attacker (to
/// move) is not in check.
pub fn check_problem(pos: &Position) -> Result<(), MateError> {
    if pos.king(pos.side.other()).is_none() {
        return Err(MateError::NoDefenderKing);
    }
    if pos.in_check() {
        return Err(MateError::AttackerInCheck);
    }
    Ok(())
}

/// The shortest forced mate within `max_plies` (odd) under the plain rules, with a mating line.
pub fn solve(pos: &Position, max_plies: u32) -> Result<MateResult, MateError> {
    solve_until(pos, max_plies, None)
}

/// [`solve`], stopped at `deadline` (then `timed_out`, and no answer).
pub fn solve_until(
    pos: &Position,
    max_plies: u32,
    deadline: Option<Instant>,
) -> Result<MateResult, MateError> {
    solve_with(pos, max_plies, deadline, Convention::Plain)
}

/// The shortest forced mate within `max_plies` (odd) under `convention`, stopped at
/// `deadline`; the line's defender moves are defences under the same convention.
pub fn solve_with(
    pos: &Position,
    max_plies: u32,
    deadline: Option<Instant>,
    convention: Convention,
) -> Result<MateResult, MateError> {
    if max_plies.is_multiple_of(2) {
        return Err(MateError::EvenLimit(max_plies));
    }
    check_problem(pos)?;
    let mut s = Search {
        table: HashMap::new(),
        budget: Budget::new(u64::MAX, deadline),
        convention,
    };
    let found = s.shortest(pos, max_plies);
    if s.budget.stopped {
        return Ok(MateResult {
            mate: None,
            nodes: s.budget.nodes,
            timed_out: s.budget.timed_out,
        });
    }
    // The line is read from the table without a deadline: every length it asks is settled.
    s.budget.deadline = None;
    let nodes = s.budget.nodes;
    let mate = found.map(|d| (d, s.line(pos, d)));
    Ok(MateResult {
        mate,
        nodes,
        timed_out: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(sfen: &str) -> Position {
        Position::from_sfen(sfen).unwrap()
    }

    #[test]
    fn refuses_bad_problems() {
        // White's rook on 5h checks Black's king on 5i, and Black is to move.
        let p = pos("4k4/9/9/9/9/9/9/4r4/4K4 b - 1");
        assert_eq!(solve(&p, 1), Err(MateError::AttackerInCheck));
        let p = pos("9/9/9/9/9/9/9/9/4K4 b G 1");
        assert_eq!(solve(&p, 1), Err(MateError::NoDefenderKing));
        assert_eq!(solve(&Position::start(), 2), Err(MateError::EvenLimit(2)));
    }

    #[test]
    fn head_mate_by_a_gold_drop() {
        // Gold drop on 5b, guarded by the pawn on 5c: mate in 1.
        let p = pos("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
        let r = solve(&p, 3).unwrap();
        let (plies, line) = r.mate.expect("mate");
        assert_eq!(plies, 1);
        assert_eq!(line.len(), 1);
        assert_eq!(line[0].usi(), "G*5b");
        assert!(r.nodes > 0);
    }

    #[test]
    fn a_passed_deadline_stops_the_search() {
        // A problem with no mate within 7 under the plain rules: a few thousand nodes.
        let p = pos("k8/9/1K7/9/9/9/8B/8B/9 b 2r4g4s4n4l18p 1");
        let full = solve(&p, 7).unwrap();
        assert!(!full.timed_out && full.mate.is_none() && full.nodes > 1024);
        let r = solve_until(&p, 7, Some(Instant::now())).unwrap();
        assert!(r.timed_out && r.mate.is_none());
        assert!(r.nodes <= 1024, "{} nodes", r.nodes);
    }

    #[test]
    fn no_mate_without_material() {
        let p = pos("4k4/9/9/9/9/9/9/9/4K4 b - 1");
        assert_eq!(solve(&p, 3).unwrap().mate, None);
    }
}
