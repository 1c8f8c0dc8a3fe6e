//! The reference move generator: the pseudo-legal moves of a node in exactly the order the
//! chip's generator (`gateware/src/chess/generator.rs`) yields them, and the cycle on which
//! each one appears. Written square by square on the mailbox board, independent of the
//! gateware's bit planes, so that a block test compares two different descriptions.
//!
//! The chip runs the find-victim / find-aggressor loop of Belle (paper section 3.1) once per
//! class of section 2, each class with its own victim rule:
//!
//! | phase | victims (one find-victim cycle each) | aggressors (one find-aggressor cycle each) |
//! |---|---|---|
//! | A1 checks | pivot squares: empty or enemy squares where some own piece that can get there would attack the enemy king (find-pivot, section 3.2) | the own pieces that get there and check from there (queen versus bishop resolved per kind, section 4.2) |
//! | A1 discovered checks | (find-discoverer, one cycle each) the own pieces that stand alone between an own slider and the enemy king, least valuable first | (find-discovered, one cycle per move) the squares the discoverer moves to off its line, most valuable victim first, without its direct checks |
//! | A2 promotions | empty last-rank squares an own pawn pushes to (the find-victim-promotion cycle of section 4.5) | that pawn, once per promotion piece (Q, R, B, N) |
//! | A3 captures | enemy pieces an own piece attacks, most valuable first (the pawn that just made a double push counts, for en passant) | least valuable first, without the moves of A1; en passant from a pawn beside the victim |
//! | A4 quiet moves | empty squares an own piece moves to (pushes, double pushes, castling) | least valuable first, without the moves of A1 and A2 |
//!
//! A victim is taken, its aggressors are found one per cycle and masked; when none is left
//! the aggressor masks are cleared and the victim masked; when no victim is left the mask is
//! cleared and the next phase starts. Every move is yielded once. Ties go to the lower square
//! (the arbiter tree's left input wins ties).
//!
//! Beyond the paper, the arbiter's cycle also tells whether any other square bid: the cycle
//! that finds the last aggressor of a victim (the last promotion piece of a promoting pawn)
//! goes straight on to the next victim, and the find-victim that finds the last victim of a
//! phase marks it, so that its last aggressor goes straight on to the next phase. And the
//! find-victim cycles overlap the find-aggressor cycles: in every find-aggressor cycle a
//! look-ahead (the phase's victim bids with the current victim masked too, on a second
//! arbiter tree) finds the next victim, so a victim's first find-aggressor cycle follows its
//! predecessor's last one; a find-victim cycle is left only at the start of a phase. A cycle
//! that finds nothing remains only where the array has no bid at all (a phase without victims,
//! a victim whose every move was yielded in an earlier class). A node whose last cycle yielded
//! a move takes one more cycle to end (after which perft on chip pops the parent).
//!
//! A1 holds the checks of ordinary moves: first the direct checks (find-pivot, then
//! find-aggressor), then the discovered checks. A discoverer is an own piece that stands alone
//! between an own slider of its line's kind and the enemy king; each of its moves off that line
//! uncovers the slider. The discovered-check loop runs the other way round from Belle's: the
//! few discoverers are found first (least valuable first), each then radiates from its square
//! and the squares it reaches off its line bid as victims (most valuable first), one move per
//! cycle. It runs only when the node has a discoverer (the array sees that in the cycle that
//! ends the direct checks), so it costs nothing elsewhere. Checks by promotion, castling and en
//! passant stay in their own classes (A2-A4): `docs/chess.md` says why.

use super::movegen::attacked_by;
use super::{castle, Color, Kind, Move, Piece, Position};

/// The class a move is generated in (the paper's section 2 order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Class {
    Check,
    Promotion,
    Capture,
    Quiet,
}

impl Class {
    pub const ALL: [Class; 4] = [Class::Check, Class::Promotion, Class::Capture, Class::Quiet];

    pub fn name(self) -> &'static str {
        match self {
            Class::Check => "check",
            Class::Promotion => "promotion",
            Class::Capture => "capture",
            Class::Quiet => "quiet",
        }
    }
}

/// One generated move and the generator cycle (counted from 0) on which it appeared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Generated {
    pub mv: Move,
    pub class: Class,
    pub cycle: u64,
}

/// A node's moves in the chip's order, and the cycles it spent (find cycles, including the
/// ones that found nothing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generation {
    pub moves: Vec<Generated>,
    pub cycles: u64,
}

impl Generation {
    /// The node's end cycle comes right after a cycle that yielded a move.
    pub fn end_follows_move(&self) -> bool {
        self.moves
            .last()
            .is_some_and(|m| m.cycle + 2 == self.cycles)
    }
}

/// The promotion pieces in the order the chip yields them.
pub const PROMOTION_ORDER: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

/// Arbitration priority of a victim (0 = no request): queen highest, empty squares lowest.
pub fn victim_priority(p: Option<Piece>) -> u8 {
    match p.map(|p| p.kind) {
        None => 1,
        Some(Kind::Pawn) => 2,
        Some(Kind::Knight) => 3,
        Some(Kind::Bishop) => 4,
        Some(Kind::Rook) => 5,
        Some(Kind::Queen) => 6,
        Some(Kind::King) => 0,
    }
}

/// Arbitration priority of an aggressor: pawn highest, king lowest.
pub fn aggressor_priority(k: Kind) -> u8 {
    match k {
        Kind::Pawn => 6,
        Kind::Knight => 5,
        Kind::Bishop => 4,
        Kind::Rook => 3,
        Kind::Queen => 2,
        Kind::King => 1,
    }
}

fn file(s: u8) -> i8 {
    (s % 8) as i8
}

fn rank(s: u8) -> i8 {
    (s / 8) as i8
}

/// Whether `k` standing on `from` attacks `to` on this board (sliders stop at the first
/// piece). Pawns of colour `c` attack diagonally forward.
fn attacks(pos: &Position, k: Kind, c: Color, from: u8, to: u8) -> bool {
    let (df, dr) = (file(to) - file(from), rank(to) - rank(from));
    if df == 0 && dr == 0 {
        return false;
    }
    let line = |ok: bool| {
        if !ok {
            return false;
        }
        let (sf, sr) = (df.signum(), dr.signum());
        let mut s = from as i8 + sr * 8 + sf;
        while s != to as i8 {
            if pos.board[s as usize].is_some() {
                return false;
            }
            s += sr * 8 + sf;
        }
        true
    };
    let fw = if c == Color::White { 1 } else { -1 };
    match k {
        Kind::Pawn => dr == fw && df.abs() == 1,
        Kind::Knight => (df.abs(), dr.abs()) == (1, 2) || (df.abs(), dr.abs()) == (2, 1),
        Kind::King => df.abs() <= 1 && dr.abs() <= 1,
        Kind::Bishop => line(df.abs() == dr.abs()),
        Kind::Rook => line(df == 0 || dr == 0),
        Kind::Queen => line(df.abs() == dr.abs() || df == 0 || dr == 0),
    }
}

/// Node facts the generator derives once.
struct Node<'a> {
    pos: &'a Position,
    us: Color,
    enemy_king: Option<u8>,
    /// The square of the pawn that just made a double push (the en passant victim).
    ep_victim: Option<u8>,
    /// Discoverers: for an own piece that stands alone between an own slider of the line's
    /// kind and the enemy king, the direction (file step, rank step) from that king to it.
    disc: [Option<(i8, i8)>; 64],
}

/// The eight line directions (file step, rank step).
fn lines() -> impl Iterator<Item = (i8, i8)> {
    (-1..=1i8)
        .flat_map(|df| (-1..=1i8).map(move |dr| (df, dr)))
        .filter(|&d| d != (0, 0))
}

/// The square one step along `(df, dr)` from `s`, if on the board.
fn step(s: u8, (df, dr): (i8, i8)) -> Option<u8> {
    let (f, r) = (file(s) + df, rank(s) + dr);
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as u8)
}

/// The first occupied square from `s` (not counting `s`) along `dir`.
fn first_piece(pos: &Position, s: u8, dir: (i8, i8)) -> Option<u8> {
    let mut s = step(s, dir)?;
    while pos.board[s as usize].is_none() {
        s = step(s, dir)?;
    }
    Some(s)
}

/// The discoverers of the side to move (see [`Node::disc`]).
fn discoverers(pos: &Position, us: Color, enemy_king: Option<u8>) -> [Option<(i8, i8)>; 64] {
    let mut disc = [None; 64];
    let Some(ek) = enemy_king else { return disc };
    for dir in lines() {
        let orthogonal = dir.0 == 0 || dir.1 == 0;
        let Some(b) = first_piece(pos, ek, dir) else {
            continue;
        };
        let Some(s) = first_piece(pos, b, dir) else {
            continue;
        };
        let (pb, ps) = (
            pos.board[b as usize].unwrap(),
            pos.board[s as usize].unwrap(),
        );
        let slides = match ps.kind {
            Kind::Queen => true,
            Kind::Rook => orthogonal,
            Kind::Bishop => !orthogonal,
            _ => false,
        };
        if pb.color == us && ps.color == us && slides {
            disc[b as usize] = Some(dir);
        }
    }
    disc
}

impl Node<'_> {
    fn own(&self, s: u8) -> Option<Kind> {
        self.pos.board[s as usize]
            .filter(|p| p.color == self.us)
            .map(|p| p.kind)
    }

    fn last_rank(&self, s: u8) -> bool {
        rank(s) == if self.us == Color::White { 7 } else { 0 }
    }

    /// Whether the own piece on `a` moves to `t` by an ordinary move: a capture when `t`
    /// holds an enemy piece, else a quiet move (pawn pushes, double pushes, castling).
    fn reaches(&self, a: u8, t: u8) -> bool {
        let Some(k) = self.own(a) else { return false };
        let target = self.pos.board[t as usize];
        if target.is_some_and(|p| p.color == self.us) {
            return false;
        }
        if k != Kind::Pawn {
            return attacks(self.pos, k, self.us, a, t) || (k == Kind::King && self.castles(a, t));
        }
        if target.is_some() {
            return attacks(self.pos, k, self.us, a, t);
        }
        let fw: i8 = if self.us == Color::White { 8 } else { -8 };
        let one = a as i8 + fw;
        let start = if self.us == Color::White { 1 } else { 6 };
        one == t as i8
            || (rank(a) == start && one + fw == t as i8 && self.pos.board[one as usize].is_none())
    }

    /// Castling from `a` to `t`: the right, the rook on its corner, the squares between
    /// empty, and the king's square, the one it crosses and the one it reaches not attacked.
    fn castles(&self, a: u8, t: u8) -> bool {
        let (home, kbit, qbit) = match self.us {
            Color::White => (0u8, castle::WHITE_KING, castle::WHITE_QUEEN),
            Color::Black => (56u8, castle::BLACK_KING, castle::BLACK_QUEEN),
        };
        if a != home + 4 {
            return false;
        }
        let them = self.us.other();
        let rook = |s: u8| self.own(s) == Some(Kind::Rook);
        let free = |s: &[u8]| s.iter().all(|&s| self.pos.board[s as usize].is_none());
        let safe = |s: &[u8]| s.iter().all(|&s| !attacked_by(self.pos, s, them));
        (t == home + 6
            && self.pos.castling & kbit != 0
            && rook(home + 7)
            && free(&[home + 5, home + 6])
            && safe(&[home + 4, home + 5, home + 6]))
            || (t == home + 2
                && self.pos.castling & qbit != 0
                && rook(home)
                && free(&[home + 1, home + 2, home + 3])
                && safe(&[home + 4, home + 3, home + 2]))
    }

    /// En passant: the own pawn on `a` stands beside the pawn on `t` that just made a
    /// double push (the paper's horizontal pawn output).
    fn en_passant(&self, a: u8, t: u8) -> bool {
        self.ep_victim == Some(t)
            && self.own(a) == Some(Kind::Pawn)
            && rank(a) == rank(t)
            && (file(a) - file(t)).abs() == 1
    }

    /// Whether an own `k` standing on `t` would attack the enemy king (a direct check), on
    /// the board as it is. A pawn on the last rank promotes, so it checks as nothing here.
    fn checks_from(&self, t: u8, k: Kind) -> bool {
        let Some(ek) = self.enemy_king else {
            return false;
        };
        if k == Kind::Pawn && self.last_rank(t) {
            return false;
        }
        k != Kind::King && attacks(self.pos, k, self.us, t, ek)
    }

    /// Whether square `t` bids in the find-victim cycle of `phase`.
    fn victim(&self, phase: Class, t: u8) -> bool {
        let sq = self.pos.board[t as usize];
        if sq.is_some_and(|p| p.color == self.us || p.kind == Kind::King) {
            return false;
        }
        (0..64u8).any(|a| match phase {
            Class::Check => {
                self.reaches(a, t)
                    && !self.promotes(a, t)
                    && self.checks_from(t, self.own(a).unwrap())
            }
            Class::Promotion => sq.is_none() && self.reaches(a, t) && self.promotes(a, t),
            Class::Capture => sq.is_some() && (self.reaches(a, t) || self.en_passant(a, t)),
            Class::Quiet => sq.is_none() && self.reaches(a, t) && !self.promotes(a, t),
        })
    }

    fn promotes(&self, a: u8, t: u8) -> bool {
        self.own(a) == Some(Kind::Pawn) && self.last_rank(t)
    }

    /// Whether the own piece on `a` gives a discovered check by its ordinary move to `t`: it
    /// is a discoverer and leaves its line (promotions and castling stay in their classes).
    fn discovers(&self, a: u8, t: u8) -> bool {
        let (Some((sf, sr)), Some(ek)) = (self.disc[a as usize], self.enemy_king) else {
            return false;
        };
        let castling = self.own(a) == Some(Kind::King) && (file(t) - file(a)).abs() == 2;
        let on_line = (file(t) - file(ek)) * sr == (rank(t) - rank(ek)) * sf;
        self.reaches(a, t) && !self.promotes(a, t) && !castling && !on_line
    }

    /// Whether the own piece on `a` bids in the find-aggressor cycle for victim `t`.
    fn aggressor(&self, phase: Class, a: u8, t: u8) -> bool {
        let Some(k) = self.own(a) else { return false };
        let check = self.checks_from(t, k);
        match phase {
            Class::Check => self.reaches(a, t) && check && !self.promotes(a, t),
            Class::Promotion => self.reaches(a, t) && self.promotes(a, t),
            Class::Capture => {
                (self.reaches(a, t) && !check && !self.discovers(a, t)) || self.en_passant(a, t)
            }
            Class::Quiet => {
                self.reaches(a, t) && !check && !self.discovers(a, t) && !self.promotes(a, t)
            }
        }
    }
}

/// The highest bid, the lower square on ties (the arbiter tree). Bids of 0 do not count.
pub fn arbitrate(bids: &[u8; 64]) -> Option<u8> {
    let mut best: Option<(u8, u8)> = None;
    for (s, &p) in bids.iter().enumerate() {
        if p > 0 && best.is_none_or(|(_, bp)| p > bp) {
            best = Some((s as u8, p));
        }
    }
    best.map(|(s, _)| s)
}

fn node(pos: &Position) -> Node<'_> {
    let fw: i8 = if pos.side == Color::White { 8 } else { -8 };
    let enemy_king = pos.king(pos.side.other());
    Node {
        pos,
        us: pos.side,
        enemy_king,
        ep_victim: pos.ep.map(|e| (e as i8 - fw) as u8),
        disc: discoverers(pos, pos.side, enemy_king),
    }
}

/// Every square's bid in the find-victim cycle of `phase` (the square array's receivers).
pub fn victim_bids(pos: &Position, phase: Class, mask: &[bool; 64]) -> [u8; 64] {
    let node = node(pos);
    std::array::from_fn(|t| {
        if !mask[t] && node.victim(phase, t as u8) {
            victim_priority(pos.board[t])
        } else {
            0
        }
    })
}

/// Every square's bid in the find-aggressor cycle of `phase` for the victim `target`.
pub fn aggressor_bids(pos: &Position, phase: Class, target: u8, mask: &[bool; 64]) -> [u8; 64] {
    let node = node(pos);
    std::array::from_fn(|a| {
        if !mask[a] && node.aggressor(phase, a as u8, target) {
            aggressor_priority(node.own(a as u8).unwrap())
        } else {
            0
        }
    })
}

/// Every square's bid in a find-discoverer cycle: the unmasked discoverers, least valuable
/// first (the aggressor priorities).
pub fn discoverer_bids(pos: &Position, mask: &[bool; 64]) -> [u8; 64] {
    let node = node(pos);
    std::array::from_fn(|b| {
        if !mask[b] && node.disc[b].is_some() {
            aggressor_priority(node.own(b as u8).unwrap())
        } else {
            0
        }
    })
}

/// Every square's bid in a find-discovered cycle for the discoverer on `b`: the squares it
/// reaches off its line with a move that is not a direct check (those were yielded before),
/// most valuable victim first.
pub fn discovered_bids(pos: &Position, b: u8, mask: &[bool; 64]) -> [u8; 64] {
    let node = node(pos);
    std::array::from_fn(|t| {
        let discovered = node
            .own(b)
            .is_some_and(|k| node.discovers(b, t as u8) && !node.checks_from(t as u8, k));
        if !mask[t] && discovered {
            victim_priority(pos.board[t])
        } else {
            0
        }
    })
}

/// Whether more than one square bids (the generator's "another one is left" look).
fn several(bids: &[u8; 64]) -> bool {
    bids.iter().filter(|&&b| b > 0).count() > 1
}

/// The discovered checks (after the direct ones): a find-discoverer cycle per discoverer, then
/// a find-discovered cycle per move; the masks as in Belle's loop with the roles of the own and
/// the other squares swapped.
fn discovered_checks(
    pos: &Position,
    moves: &mut Vec<Generated>,
    cycle: &mut u64,
    ended: &mut bool,
) {
    let own = |s: usize| pos.board[s].is_some_and(|p| p.color == pos.side);
    let mut mask = [false; 64];
    loop {
        let bids = discoverer_bids(pos, &mask);
        let b = arbitrate(&bids);
        *cycle += 1;
        *ended = false;
        let Some(b) = b else { break };
        let last = !several(&bids);
        loop {
            let bids = discovered_bids(pos, b, &mask);
            let t = arbitrate(&bids);
            let this = *cycle;
            *cycle += 1;
            *ended = false;
            let Some(t) = t else { break };
            moves.push(Generated {
                mv: Move {
                    from: b,
                    to: t,
                    promo: None,
                },
                class: Class::Check,
                cycle: this,
            });
            *ended = true;
            mask[t as usize] = true;
            if !several(&bids) {
                break;
            }
        }
        for (s, m) in mask.iter_mut().enumerate() {
            if !own(s) {
                *m = false;
            }
        }
        mask[b as usize] = true;
        if last {
            break;
        }
    }
}

/// Whether any square bids as a victim of `phase` with no mask (the array's `victims_any`):
/// the generator spends no cycle on a phase without.
pub fn phase_has_victims(pos: &Position, phase: Class) -> bool {
    victim_bids(pos, phase, &[false; 64]).iter().any(|&b| b > 0)
}

/// The moves of the side to move in the chip's order, with the chip's cycles, the generator
/// started (`start`: the checks' find-victim cycle comes first, whatever the position).
pub fn generate(pos: &Position) -> Generation {
    generate_from(pos, false)
}

/// The same for a node perft on chip enters (the generator loaded with the node's entry, which
/// the array names from the position in the cycle before: the first phase with victims, the
/// discovered checks if the direct ones have none, the node's end if nothing bids at all).
pub fn generate_entered(pos: &Position) -> Generation {
    generate_from(pos, true)
}

fn generate_from(pos: &Position, entered: bool) -> Generation {
    let node = node(pos);
    let fw: i8 = if pos.side == Color::White { 8 } else { -8 };
    let mut moves = Vec::new();
    let mut cycle = 0u64;
    // Whether the node's last cycle yielded a move (then one cycle ends the node).
    let mut ended_on_move = false;
    for phase in Class::ALL {
        // A phase without victims costs no cycle: the cycle that ends the one before goes on
        // to the next phase with victims (only the started generator's first phase is looked
        // at whatever it holds).
        let first_looked_at = phase == Class::Check && !entered;
        if !first_looked_at && !phase_has_victims(pos, phase) {
            if phase == Class::Check && node.disc.iter().any(Option::is_some) {
                discovered_checks(pos, &mut moves, &mut cycle, &mut ended_on_move);
            }
            continue;
        }
        let mut mask = [false; 64];
        // The next victim, found by the look-ahead during the last find-aggressor cycle of
        // the one before it (no find-victim cycle of its own).
        let mut next: Option<(u8, bool)> = None;
        loop {
            let (v, last_victim) = match next.take() {
                Some(found) => found,
                None => {
                    let bids = victim_bids(pos, phase, &mask);
                    let v = arbitrate(&bids);
                    cycle += 1;
                    ended_on_move = false;
                    let Some(v) = v else { break };
                    (v, !several(&bids))
                }
            };
            // Find-aggressor, once per move (four times for a promoting pawn).
            let mut promo = 0;
            loop {
                let bids = aggressor_bids(pos, phase, v, &mask);
                let a = arbitrate(&bids);
                let this = cycle;
                cycle += 1;
                ended_on_move = false;
                let Some(a) = a else { break };
                let to = if node.en_passant(a, v) && phase == Class::Capture {
                    (v as i8 + fw) as u8
                } else {
                    v
                };
                let promotes = node.promotes(a, v);
                moves.push(Generated {
                    mv: Move {
                        from: a,
                        to,
                        promo: promotes.then(|| PROMOTION_ORDER[promo]),
                    },
                    class: phase,
                    cycle: this,
                });
                ended_on_move = true;
                if promotes && promo < 3 {
                    promo += 1;
                } else {
                    promo = 0;
                    mask[a as usize] = true;
                    if !several(&bids) {
                        // The last aggressor: no cycle looks for another.
                        break;
                    }
                }
            }
            for s in 0..64u8 {
                if node.own(s).is_some() {
                    mask[s as usize] = false;
                }
            }
            mask[v as usize] = true;
            if last_victim {
                // The last victim: no cycle looks for another.
                break;
            }
            // Not the last: the look-ahead (this phase's victims with `v` masked too, bid in
            // the victim's last find-aggressor cycle) saw another victim. Own squares never
            // bid as victims, so the mask as it stands now gives the same bids.
            let ahead = victim_bids(pos, phase, &mask);
            next = arbitrate(&ahead).map(|nv| (nv, !several(&ahead)));
            debug_assert!(
                next.is_some(),
                "a victim that is not the last has a successor"
            );
        }
        if phase == Class::Check && node.disc.iter().any(Option::is_some) {
            discovered_checks(pos, &mut moves, &mut cycle, &mut ended_on_move);
        }
    }
    if ended_on_move || cycle == 0 {
        // The node's end: after its last move, or the only cycle of an entered node without
        // a move (nothing bids, no discoverer).
        cycle += 1;
    }
    Generation {
        moves,
        cycles: cycle,
    }
}
