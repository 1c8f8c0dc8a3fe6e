//! A df-pn mate solver (depth-first proof-number search, Nagai 2002) with a transposition
//! table: issue 10's CPU baseline, the strong software solver the mate circuit is measured
//! against. It proves that the attacker (the side to move) mates by checks under the plain
//! rules of [`super::mate`] (every interposition counts), or that it cannot, without a length
//! bound. The mate it finds is a mate, not necessarily the shortest (the reference search
//! [`super::mate::solve`] gives the shortest): each proven position keeps the length of its
//! proof (the attacker's quickest proven check, the defender's longest proven reply), and the
//! line read back follows those lengths, so its length is the proof's.
//!
//! Proof numbers: at the attacker's nodes (OR) the proof number is the least of the children's
//! and the disproof number their sum; at the defender's nodes (AND) the other way round. A
//! node is expanded while both stay under the thresholds its parent gave it (the parent's
//! second-best child bounds the best one's). A position repeated on the current path counts
//! as no mate for the attacker there (a perpetual check loses in shogi) and is not remembered,
//! so that the table holds no result that depends on the path.

use super::mate::{checks, key, Budget, MateError};
use super::movegen::legal_moves;
use super::{Move, Position};
use std::collections::{HashMap, HashSet};
use std::time::Instant;

/// An infinite proof or disproof number.
const INF: u64 = u64::MAX / 4;

/// The longest mating line read back out of the table.
const MAX_LINE: usize = 255;

/// What the df-pn solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proof {
    /// The attacker mates: a mating line read from the table (the defender resisting as long
    /// as the proof allows; its length is the proof's, at least the shortest mate's).
    Mate(Vec<Move>),
    /// The attacker cannot force mate (at any length).
    NoMate,
    /// The node budget or the deadline ran out first.
    Unknown,
}

/// The result of a df-pn search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DfpnResult {
    pub proof: Proof,
    /// Nodes expanded.
    pub nodes: u64,
    /// The deadline passed before the search ended (the proof is then `Unknown`).
    pub timed_out: bool,
}

struct Dfpn<'a> {
    /// Per position: proof and disproof numbers, and a proven position's proof length.
    table: HashMap<Position, (u64, u64, u32)>,
    path: HashSet<Position>,
    budget: Budget<'a>,
}

impl Dfpn<'_> {
    /// A child's (proof, disproof) numbers: from the table, 1 and 1 when unknown, no mate
    /// when it repeats a position of the path.
    fn look(&self, child: &Position) -> (u64, u64) {
        let k = key(child);
        if self.path.contains(&k) {
            return (INF, 0);
        }
        self.table.get(&k).map_or((1, 1), |e| (e.0, e.1))
    }

    /// A proven child's proof length.
    fn length(&self, child: &Position) -> Option<u32> {
        self.table
            .get(&key(child))
            .filter(|e| e.0 == 0)
            .map(|e| e.2)
    }

    /// Expands `pos` (attacker to move when `or`) until its numbers reach the thresholds.
    fn mid(&mut self, pos: &Position, or: bool, th_pn: u64, th_dn: u64) -> (u64, u64) {
        self.budget.expand();
        let moves = if or { checks(pos) } else { legal_moves(pos) };
        let k = key(pos);
        if moves.is_empty() {
            // No check: the attacker fails here. No reply: the defender is mated.
            let n = if or { (INF, 0) } else { (0, INF) };
            self.table.insert(k, (n.0, n.1, 0));
            return n;
        }
        let children: Vec<Position> = moves.iter().map(|&m| pos.play(m)).collect();
        self.path.insert(k.clone());
        let result = loop {
            // The node's numbers, its best child and the runner-up's bound.
            let (mut pn, mut dn) = if or { (INF, 0) } else { (0, INF) };
            let (mut best, mut best_n, mut second) = (0, (INF, INF), INF);
            for (i, c) in children.iter().enumerate() {
                let (cp, cd) = self.look(c);
                // `own` is the number this node minimises over its children.
                let own = if or { cp } else { cd };
                if or {
                    pn = pn.min(cp);
                    dn = (dn + cd).min(INF);
                } else {
                    pn = (pn + cp).min(INF);
                    dn = dn.min(cd);
                }
                let best_own = if or { best_n.0 } else { best_n.1 };
                if own < best_own {
                    second = best_own;
                    best = i;
                    best_n = (cp, cd);
                } else if own < second {
                    second = own;
                }
            }
            if pn >= th_pn || dn >= th_dn || self.budget.stopped {
                break (pn, dn);
            }
            let (c_pn, c_dn) = if or {
                (th_pn.min(second.saturating_add(1)), th_dn - dn + best_n.1)
            } else {
                (th_pn - pn + best_n.0, th_dn.min(second.saturating_add(1)))
            };
            self.mid(&children[best], !or, c_pn, c_dn);
        };
        self.path.remove(&k);
        if !self.budget.stopped {
            // A proof's length: the quickest proven check, or the longest reply (all proven).
            let lengths = children.iter().filter_map(|c| self.length(c));
            let len = if result.0 != 0 {
                0
            } else if or {
                lengths.min().map_or(0, |l| l + 1)
            } else {
                lengths.max().map_or(0, |l| l + 1)
            };
            self.table.insert(k, (result.0, result.1, len));
        }
        result
    }

    /// A mating line out of the table: the attacker's proven check of the shortest proof, the
    /// defender's reply of the longest.
    fn line(&self, pos: &Position) -> Vec<Move> {
        let mut line = Vec::new();
        let mut pos = pos.clone();
        let mut or = true;
        while line.len() < MAX_LINE {
            let moves = if or { checks(&pos) } else { legal_moves(&pos) };
            let proven = moves
                .into_iter()
                .filter_map(|m| self.length(&pos.play(m)).map(|l| (l, m)));
            let Some((_, m)) = (if or {
                proven.min_by_key(|x| x.0)
            } else {
                proven.max_by_key(|x| x.0)
            }) else {
                break;
            };
            line.push(m);
            pos = pos.play(m);
            or = !or;
        }
        line
    }
}

/// Proves or disproves a mate from `pos` (attacker to move) within `max_nodes` expansions and
/// before `deadline`.
pub fn dfpn(
    pos: &Position,
    max_nodes: u64,
    deadline: Option<Instant>,
) -> Result<DfpnResult, MateError> {
    dfpn_until(pos, max_nodes, deadline, &mut || false)
}

/// [`dfpn`], also stopped when `stop` says so (asked every 1,024 nodes, with the deadline):
/// then `timed_out`, and the proof is `Unknown`.
pub fn dfpn_until(
    pos: &Position,
    max_nodes: u64,
    deadline: Option<Instant>,
    stop: &mut dyn FnMut() -> bool,
) -> Result<DfpnResult, MateError> {
    super::mate::check_problem(pos)?;
    let mut budget = Budget::new(max_nodes, deadline);
    budget.stop = Some(stop);
    let mut s = Dfpn {
        table: HashMap::new(),
        path: HashSet::new(),
        budget,
    };
    let (pn, dn) = s.mid(pos, true, INF - 1, INF - 1);
    let proof = if pn == 0 {
        Proof::Mate(s.line(pos))
    } else if dn == 0 && !s.budget.stopped {
        Proof::NoMate
    } else {
        Proof::Unknown
    };
    Ok(DfpnResult {
        proof,
        nodes: s.budget.nodes,
        timed_out: s.budget.timed_out,
    })
}
