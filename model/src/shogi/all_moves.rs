//! The all-move generator the hardware's way (the shogi processor paper, section 7: "the data
//! collected by [the piece cover circuit] is the same as the data that is needed to generate
//! all legal moves"; the tsume paper's stage 3). The legal moves of a position come from its
//! piece cover table and a walk from the own king, never from making a move and looking at the
//! king, which is how [`super::legal_moves`] (the reference, checked against cshogi) decides.
//! The two are compared on random positions: this is the specification of the gateware's
//! generator.
//!
//! What the hardware has: the board data, the piece cover table `T` (`T[s]`: the identities
//! that move to `s`, own and opponent pieces alike, rays up to and including the first
//! occupied square), the hands (identity masks), the side to move. From the board it derives
//! the own and opponent identity masks `O`, `P`, and where each identity stands (the paper's
//! piece info table). The **king rays** ([`king_rays`]): from the own king, eight walkers step
//! outwards, one square a cycle, until the second piece or the edge; each reports
//! * a *slider check*: the first piece is an opponent slider that moves back along the walk:
//!   the squares between it and the king, and the square behind the king on that line (the
//!   king's own square hides it from `T`);
//! * a *pin*: the first piece is the side's own and the second an opponent slider that moves
//!   back along the walk: the pinned square and its line (the squares walked, the pinner's
//!   included).
//!
//! The checkers are `T[king] & P`. A candidate is legal when:
//! * a king move: `T[to] & P` is empty and `to` is behind no slider check;
//! * any other move: fewer than two checkers; with one, it captures the checker or (a board
//!   move or a drop) lands between a slider checker and the king; a pinned piece stays on its
//!   line;
//! * a drop: not on a dead-end rank, no second unpromoted pawn on the file (nifu), and a pawn
//!   dropped in front of the opponent king must leave the opponent a legal move (no pawn-drop
//!   mate, uchifuzume). Only that one square can hold such a drop; the generator decides it on
//!   the position after the drop (a second pass of the same generator over its board moves:
//!   the opponent, checked by an adjacent pawn, cannot answer with a drop).
//!
//! Order (the generator's output order): ranks 1 to 9 (the top-down scan's order), in a rank
//! files 9 to 1 (left to right on a diagram: the tsume paper's left-priority stacking),
//! on a square the board moves by the moving piece's identity (without promotion, then with),
//! then the drops in hand order (rook, bishop, gold, silver, knight, lance, pawn).

use super::movegen::{dead_end, offset, oriented, rays, KING_STEPS};
use super::piece_data::{cover_table, BoardData, CoverTable, PieceData, PIECES};
use super::{Color, Kind, Move, SQUARES};

/// The eight walk directions from the king `(rank delta, file delta)`: the king's steps.
pub const WALKS: [(i8, i8); 8] = KING_STEPS;

/// A set of squares, bit `s` for square `s`.
pub type SquareSet = u128;

/// What the walkers from the own king found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KingRays {
    /// The own king's square.
    pub king: u8,
    /// Identities checking the king: `T[king] & P`.
    pub checkers: u64,
    /// Squares between a slider checker and the king (empty without one).
    pub between: SquareSet,
    /// Squares behind the king on a slider check's line.
    pub behind: SquareSet,
    /// The walks (bit `i` for `WALKS[i]`) that found a slider check.
    pub slider_checks: u8,
    /// Per walk, a pinned square with its line (the squares walked, the pinner's included).
    pub pins: [Option<(u8, SquareSet)>; 8],
    /// Per walk, the squares walked up to and including its first piece (to the edge without
    /// one): walked from the defender's king, the king's rays of the tsume circuit's check
    /// mask generator (mask A of the sliders, `mate_masks::CheckMasks`).
    pub first_rays: [SquareSet; 8],
    /// Cycles: the longest walk's squares (a walker sees in the cycle it visits a square
    /// whether its walk ends there, at a piece or at the edge).
    pub cycles: u64,
}

/// Whether `d` (a board-frame step) is a direction `q` slides along.
fn slides(q: PieceData, d: (i8, i8)) -> bool {
    rays(q.kind(), q.promoted())
        .iter()
        .any(|&r| oriented(q.color(), r) == d)
}

/// The walks from the king of `side` (None when `side` has no king, as an attacker in tsume).
pub fn king_rays(board: &BoardData, table: &CoverTable, side: Color) -> Option<KingRays> {
    let king = king_of(board, side)?;
    let mut k = walks(board, king, side, false);
    k.checkers = table.0[king as usize] & side_mask(board, side.other());
    Some(k)
}

/// The same walks in discover mode (the tsume circuit's mask B, `gateware::shogi::KingRays`
/// with `discover`): from the opponent king of `attacker`, a "pin" is an attacker's piece
/// alone between that king and an attacker's slider moving back along the walk: a
/// discoverer, whose move off the line checks. The walks and their cycles are the pin
/// search's with `attacker` as the side (a first piece of the king's own side ends a walk);
/// `between`, `behind` and `slider_checks` are what the walkers report in passing (an
/// attacker to move never finds one in a legal position). None without an opponent king.
pub fn discover_walks(board: &BoardData, attacker: Color) -> Option<KingRays> {
    Some(walks(
        board,
        king_of(board, attacker.other())?,
        attacker,
        true,
    ))
}

fn king_of(board: &BoardData, side: Color) -> Option<u8> {
    board
        .squares
        .iter()
        .position(|d| {
            d.piece()
                .is_some_and(|p| p.kind == Kind::King && p.color == side)
        })
        .map(|s| s as u8)
}

/// Eight walkers from `king`, `side`'s pieces counted as its own: a pin is an own first
/// piece and, behind it, a slider of the other side (of `side` itself when `discover`).
fn walks(board: &BoardData, king: u8, side: Color, discover: bool) -> KingRays {
    let mut k = KingRays {
        king,
        ..Default::default()
    };
    for (i, d) in WALKS.into_iter().enumerate() {
        let back = (-d.0, -d.1);
        let (mut s, mut walked, mut first, mut steps) = (king, 0 as SquareSet, None, 0);
        while let Some(t) = offset(s, d) {
            steps += 1;
            walked |= 1 << t;
            if first.is_none() {
                k.first_rays[i] = walked;
            }
            s = t;
            let q = board.squares[t as usize];
            if q.is_empty() {
                continue;
            }
            match first {
                None if q.color() != side => {
                    if slides(q, back) {
                        k.slider_checks |= 1 << i;
                        k.between |= walked & !(1 << t);
                        if let Some(b) = offset(king, back) {
                            k.behind |= 1 << b;
                        }
                    }
                    break;
                }
                None => first = Some(t),
                Some(p) => {
                    if (q.color() == side) == discover && slides(q, back) {
                        k.pins[i] = Some((p, walked));
                    }
                    break;
                }
            }
        }
        k.cycles = k.cycles.max(steps);
    }
    k
}

/// The identities of `color`'s pieces on the board.
pub fn side_mask(board: &BoardData, color: Color) -> u64 {
    board
        .squares
        .iter()
        .filter_map(|d| d.id().filter(|_| d.color() == color))
        .fold(0, |m, id| m | 1 << id)
}

/// Cycles of the piece info pass ([`piece_info`]): one rank of board data a cycle.
pub const PIECE_INFO_CYCLES: u64 = 9;
/// Cycles of the candidate pass ([`candidates`]): one rank of destination squares a cycle.
pub const GENERATOR_CYCLES: u64 = 9;

/// Cycles of a moves job of the sequenced generator (`gateware::shogi::AllMovesUnit`) on
/// `board`: the cover table and the piece info table at once (9), a cycle to see them done,
/// the king's walks (the longest walk's squares, none without an own king) and a cycle, the
/// candidate pass (9) and a cycle. A probe adds two cycles to write the pawn and start, the
/// same three stages for the opponent on the position after the drop, two cycles to write
/// the square back and start, and the table computed again (9) and a cycle.
pub fn moves_job_cycles(board: &BoardData) -> u64 {
    job_cycles(board, false, false)
}

/// Cycles of a moves job whose owner names the kings' squares at its start (`kings_known`:
/// the perft walker below its root, from its square table): the walks (the discover walk
/// first when `discover`) start in the scan's first cycle, beside the cover table and the
/// piece info table, not after them. The candidate pass starts when both are over, and with
/// an own king not before the cycle after the scan's end (the table's king rank read for
/// the checkers): `max(1 + walks, 10 + own king)` where the sequenced job takes
/// `10 + walks`.
/// At a mate walk's attacker node (`discover`) the job's first pass walks from the defender's
/// king in discover mode ([`discover_walks`]: the longest walk's squares and a cycle) before
/// its own king's walks.
/// A probe in such a job ends with the square written back (a cycle): the table is not
/// computed again, as no owner below a walk's root reads it (the unit leaves the probe
/// board's table: [`job_table`]).
pub fn walk_job_cycles(board: &BoardData, discover: bool, kings_known: bool) -> u64 {
    job_cycles(board, discover, kings_known)
}

fn job_cycles(board: &BoardData, discover: bool, kings_known: bool) -> u64 {
    let stages = |b: &BoardData, discover: bool| {
        let own = king_rays(b, &cover_table(b), b.side);
        let walks = own.as_ref().map_or(0, |k| k.cycles + 1);
        let disc = discover_walks(b, b.side)
            .filter(|_| discover)
            .map_or(0, |k| k.cycles + 1);
        let scanned = PIECE_INFO_CYCLES + 1;
        let first = if kings_known { 1 } else { scanned };
        (first + disc + walks).max(scanned + own.is_some() as u64) + GENERATOR_CYCLES + 1
    };
    let g = generate(board);
    stages(board, discover)
        + g.candidates.probe.map_or(0, |to| {
            let after = probe_board(board, to);
            let rescan = if kings_known {
                0
            } else {
                1 + super::cover_scan::FAST_CYCLES + 1
            };
            2 + stages(&after, false) + 1 + rescan
        })
}

/// The piece cover table the unit holds after a moves job on `board`: the position's, but
/// after a probe in a job with `kings_known` (below a walk's root) the probe board's (the
/// pawn dropped, the opponent to move), which the unit does not compute again.
pub fn job_table(board: &BoardData, kings_known: bool) -> CoverTable {
    match generate(board).candidates.probe {
        Some(to) if kings_known => cover_table(&probe_board(board, to)),
        _ => cover_table(board),
    }
}

/// The probe's board: a pawn of the side to move dropped on `to`, the opponent to move.
fn probe_board(board: &BoardData, to: u8) -> BoardData {
    board.play(Move::Drop {
        kind: Kind::Pawn,
        to,
    })
}

/// The piece info table: what the generator needs to know of each identity, gathered from
/// the board data one rank a cycle (independent of the side to move). Masks have bit `id`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceInfo {
    /// The identities on the board by owner (Black, White: [`Color::index`]).
    pub owned: [u64; 2],
    /// The promoted identities on the board.
    pub promoted: u64,
    /// The identities standing in their owner's promotion zone (a move from there may promote).
    pub zone: u64,
    /// Per owner, the files (bit `file`) with an unpromoted pawn of theirs (nifu).
    pub pawn_files: [u16; 2],
    /// Per owner, the king's square.
    pub kings: [Option<u8>; 2],
    /// Where each identity on the board stands (the perft walker's square table starts from
    /// these; an identity in hand has none).
    pub squares: [Option<u8>; PIECES],
}

impl Default for PieceInfo {
    fn default() -> Self {
        PieceInfo {
            owned: [0; 2],
            promoted: 0,
            zone: 0,
            pawn_files: [0; 2],
            kings: [None; 2],
            squares: [None; PIECES],
        }
    }
}

/// The piece info table of `board`.
pub fn piece_info(board: &BoardData) -> PieceInfo {
    let mut info = PieceInfo::default();
    for (s, d) in board.squares.iter().enumerate() {
        let (Some(id), Some(p)) = (d.id(), d.piece()) else {
            continue;
        };
        let c = p.color.index();
        info.owned[c] |= 1 << id;
        info.squares[id as usize] = Some(s as u8);
        if p.promoted {
            info.promoted |= 1 << id;
        }
        if super::movegen::in_zone(p.color, s as u8) {
            info.zone |= 1 << id;
        }
        match (p.kind, p.promoted) {
            (Kind::Pawn, false) => info.pawn_files[c] |= 1 << (s % 9),
            (Kind::King, _) => info.kings[c] = Some(s as u8),
            _ => {}
        }
    }
    info
}

/// The candidates of one destination square: legal moves all, bit `id` for a board move of
/// identity `id`, bit `i` of `drops` for a drop of `Kind::HAND[i]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SquareMoves {
    pub board: u64,
    pub promote: u64,
    pub drops: u8,
}

/// What the candidate pass gives for a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidates {
    /// Per destination square.
    pub squares: Vec<SquareMoves>,
    /// The square in front of the opponent king when a pawn drop there is among the
    /// candidates: legal unless it mates (uchifuzume), which the candidates cannot tell.
    pub probe: Option<u8>,
    /// The candidates' number (the probe's drop included): a perft leaf count.
    pub count: u32,
}

/// Whether identity `id` (a board piece of kind by `ID_BASE`, `promoted` or not) may move to
/// `to` without promoting, and with promoting, for the side `side`.
fn promotion_choices(side: Color, id: u8, promoted: bool, from_zone: bool, to: u8) -> (bool, bool) {
    let kind = PieceData::of_id(id, false, side).kind();
    let plain = promoted || !dead_end(side, kind, to);
    let promote =
        kind.promotable() && !promoted && (from_zone || super::movegen::in_zone(side, to));
    (plain, promote)
}

/// The candidate pass: for each destination square, the legal moves there, decided from the
/// cover table, the piece info table and the king's walks (the pawn drop in front of the
/// opponent king left as a probe). `drops` false leaves drops out (the uchifuzume pass).
pub fn candidates(
    board: &BoardData,
    table: &CoverTable,
    info: &PieceInfo,
    rays: Option<&KingRays>,
    drops: bool,
) -> Candidates {
    let side = board.side;
    let (own, opp) = (info.owned[side.index()], info.owned[side.other().index()]);
    let checkers = rays.map_or(0, |k| k.checkers);
    let (one_check, no_check) = (checkers.count_ones() == 1, checkers == 0);
    // The identities pinned, with their lines.
    let pins: Vec<(u64, SquareSet)> = rays.map_or(Vec::new(), |k| {
        k.pins
            .iter()
            .flatten()
            .filter_map(|&(sq, line)| board.squares[sq as usize].id().map(|id| (1 << id, line)))
            .collect()
    });
    let hand = if drops {
        hand_kinds(board.hands[side.index()])
    } else {
        0
    };
    let probe_square = info.kings[side.other().index()]
        .and_then(|k| offset(k, oriented(side, (1, 0))))
        .filter(|_| hand >> 6 & 1 == 1);
    let mut out = Candidates {
        squares: vec![SquareMoves::default(); SQUARES],
        probe: None,
        count: 0,
    };
    for to in 0..SQUARES as u8 {
        let at = to as usize;
        let target = board.squares[at];
        let sq = &mut out.squares[at];
        if !target.is_empty() && target.color() == side {
            continue;
        }
        let t = table.0[at];
        let (ok_king, ok_other) = match rays {
            None => (true, true),
            Some(k) => {
                let captures_checker = target.id().is_some_and(|id| checkers >> id & 1 == 1);
                (
                    t & opp == 0 && k.behind >> to & 1 == 0,
                    no_check || (one_check && (captures_checker || k.between >> to & 1 == 1)),
                )
            }
        };
        let unpinned = pins
            .iter()
            .filter(|(_, line)| line >> to & 1 == 0)
            .fold(0, |m, (id, _)| m | id);
        let movers = t & own & !unpinned & if ok_other { !0 } else { 0b11 };
        for id in (0..PIECES as u8).filter(|&id| movers >> id & 1 == 1) {
            if id < 2 && !ok_king {
                continue;
            }
            let (plain, promote) = promotion_choices(
                side,
                id,
                info.promoted >> id & 1 == 1,
                info.zone >> id & 1 == 1,
                to,
            );
            sq.board |= u64::from(plain) << id;
            sq.promote |= u64::from(promote) << id;
        }
        let interposes = match rays {
            None => true,
            Some(k) => no_check || (one_check && k.between >> to & 1 == 1),
        };
        if target.is_empty() && interposes {
            for (i, kind) in Kind::HAND.into_iter().enumerate() {
                let nifu = kind == Kind::Pawn && info.pawn_files[side.index()] >> (to % 9) & 1 == 1;
                if hand >> i & 1 == 1 && !dead_end(side, kind, to) && !nifu {
                    sq.drops |= 1 << i;
                }
            }
            if probe_square == Some(to) && sq.drops >> 6 & 1 == 1 {
                out.probe = Some(to);
            }
        }
        out.count += sq.board.count_ones() + sq.promote.count_ones() + sq.drops.count_ones();
    }
    out
}

/// The generator's output for a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The legal moves in the generator's order.
    pub moves: Vec<Move>,
    /// The king rays (None without an own king).
    pub rays: Option<KingRays>,
    /// The candidate pass's output.
    pub candidates: Candidates,
    /// Whether the probe's pawn drop mates (and is therefore not among `moves`).
    pub probe_mates: bool,
}

impl Generated {
    /// The square of the probe's pawn drop when it mates (left out of the moves).
    pub fn mating_probe(&self) -> Option<u8> {
        self.candidates.probe.filter(|_| self.probe_mates)
    }
}

/// The kinds a hand holds (bit `i` for `Kind::HAND[i]`), from its identity mask.
fn hand_kinds(hand: u64) -> u8 {
    Kind::HAND
        .into_iter()
        .enumerate()
        .filter(|&(_, k)| {
            let base = super::piece_data::ID_BASE[k as usize];
            (base..base + k.count() as u8).any(|id| hand >> id & 1 == 1)
        })
        .fold(0, |m, (i, _)| m | 1 << i)
}

/// The stages of the generator on `board`: the cover table, the piece info table, the king's
/// walks and the candidate pass.
fn stages(board: &BoardData, drops: bool) -> (Option<KingRays>, Candidates) {
    let table = cover_table(board);
    let info = piece_info(board);
    let rays = king_rays(board, &table, board.side);
    let cands = candidates(board, &table, &info, rays.as_ref(), drops);
    (rays, cands)
}

/// The legal moves of `board` the generator's way, in its order: destination ranks 1 to 9,
/// files 9 to 1, on a square the board moves by identity (without promotion, then with), then
/// the drops in hand order; the probe's pawn drop unless it mates.
pub fn generate(board: &BoardData) -> Generated {
    let (rays, cands) = stages(board, true);
    let probe_mates = cands.probe.is_some_and(|to| pawn_drop_mates(board, to));
    let mating = cands.probe.filter(|_| probe_mates);
    let moves = ordered_moves(board, &cands.squares, mating);
    Generated {
        moves,
        rays,
        candidates: cands,
        probe_mates,
    }
}

/// The moves of per-square candidates (`squares`, as [`candidates`] gives them or the board
/// reads them back) in the generator's order, less the pawn drop on `mating_probe`.
pub fn ordered_moves(
    board: &BoardData,
    squares: &[SquareMoves],
    mating_probe: Option<u8>,
) -> Vec<Move> {
    let mut moves = Vec::new();
    for rank in 0..9u8 {
        for file in (0..9u8).rev() {
            let to = rank * 9 + file;
            let Some(sq) = squares.get(to as usize) else {
                continue;
            };
            for id in 0..PIECES as u8 {
                for (mask, promote) in [(sq.board, false), (sq.promote, true)] {
                    if mask >> id & 1 == 1 {
                        if let Some(from) = board.square_of(id) {
                            moves.push(Move::Board { from, to, promote });
                        }
                    }
                }
            }
            for (i, kind) in Kind::HAND.into_iter().enumerate() {
                if sq.drops >> i & 1 == 1 && !(mating_probe == Some(to) && i == 6) {
                    moves.push(Move::Drop { kind, to });
                }
            }
        }
    }
    moves
}

/// Whether dropping a pawn on `to` leaves the opponent without a legal move: the candidate
/// pass without drops on the position after the drop finds none (a check by an adjacent pawn
/// cannot be blocked).
pub fn pawn_drop_mates(board: &BoardData, to: u8) -> bool {
    stages(&probe_board(board, to), false).1.count == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::{legal_moves, random, Position};
    use std::collections::HashSet;

    fn check(pos: &Position) -> usize {
        let g = generate(&BoardData::from_position(pos));
        let want: HashSet<Move> = legal_moves(pos).into_iter().collect();
        let got: HashSet<Move> = g.moves.iter().copied().collect();
        assert_eq!(got.len(), g.moves.len(), "a move twice: {}", pos.sfen());
        assert_eq!(
            g.candidates.count - u32::from(g.probe_mates),
            g.moves.len() as u32,
            "the count: {}",
            pos.sfen()
        );
        let extra: Vec<String> = got.difference(&want).map(|m| m.usi()).collect();
        let missing: Vec<String> = want.difference(&got).map(|m| m.usi()).collect();
        assert!(
            extra.is_empty() && missing.is_empty(),
            "{}: extra {extra:?}, missing {missing:?}",
            pos.sfen()
        );
        g.moves.len()
    }

    #[test]
    fn the_tables_positions() {
        for pos in random::table_positions() {
            check(&pos);
        }
    }

    #[test]
    fn equals_the_reference_on_random_positions() {
        let mut moves = 0;
        for pos in random::positions(0xa11_0001, 3000, 160) {
            moves += check(&pos);
        }
        assert!(moves > 100_000, "{moves}");
    }
}
