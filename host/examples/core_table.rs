//! A transposition table on chip, measured on the model before it is built (issue 12):
//! `core_table BITS,.. MIN_EMPTIES,.. JOB_EMPTIES`.
//!
//! The fastest-first core (`model::othello::search`, the `othello-ff` solver's algorithm and
//! cycle model) with a direct-mapped table of 2^BITS entries in block RAM, each the whole
//! position (128 bits), a fail-hard bound pair and the best move: a node with at least
//! MIN_EMPTIES empty squares reads its entry (one cycle more: the block RAM's read), returns
//! at once when the bounds decide its window, else searches the entry's move first; a node
//! with moves writes its result when it returns (one cycle more), replacing what was there.
//! (The leaf after a node's last empty square is scored in the node's `Leaf` cycle and
//! never reads the table.)
//! The table lives as long as a solve (a generation tag would clear it for free).
//!
//! Per configuration, FFO #1-#19 unless `OBF` names another file (`POSITIONS=A-B` of it):
//! nodes and cycles of the core's whole solves, and of the hybrid's jobs from JOB_EMPTIES
//! (the CPU solver's search on the host, `model::othello::fast::Solver::solve_window_with`,
//! its subtrees on the core, one table for all the jobs of a position), against the same
//! without the table. Every score is checked against the plain core's.
use host::othello::hybrid::job_window;
use host::split::Bound;
use model::othello::fast::{Leaves, Solver, SCORE_MAX};
use model::othello::search::{search, MoveOrder, FF_EMPTIES_ABOVE};
use model::othello::{final_score, legal_moves, play, SCORE_BOUND};

/// A bad input: a message naming it, exit code 2.
fn bad(msg: String) -> ! {
    eprintln!("core_table: {msg}");
    std::process::exit(2);
}

fn list(s: &str, what: &str) -> Vec<u32> {
    let v: Vec<u32> = s.split(',').filter_map(|x| x.parse().ok()).collect();
    if v.is_empty() || v.len() != s.split(',').count() {
        bad(format!(
            "bad {what} '{s}' (expected whole numbers, comma-separated)"
        ));
    }
    v
}

/// A slot: the position it holds and what is known of it, as the host's table keeps it
/// (`host::split::Bound`); `None` when empty.
type Entry = Option<((u64, u64), Bound<u32>)>;

/// The core with its table, and what it did.
struct TableCore {
    bits: u32,
    min_empties: u32,
    table: Vec<Entry>,
    nodes: u64,
    cycles: u64,
    hits: u64,
}

impl TableCore {
    fn new(bits: u32, min_empties: u32) -> Self {
        TableCore {
            bits,
            min_empties,
            table: vec![None; 1 << bits],
            nodes: 0,
            cycles: 0,
            hits: 0,
        }
    }

    /// A new solve: the table empty, the counts zero.
    fn clear(&mut self) {
        self.table.iter_mut().for_each(|e| *e = None);
        (self.nodes, self.cycles, self.hits) = (0, 0, 0);
    }

    /// An XOR fold and a multiply: a few LUT levels in hardware.
    fn slot(&self, p: u64, o: u64) -> usize {
        ((p ^ o.rotate_left(23)).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - self.bits)) as usize
    }

    fn search(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        self.node(p, o, alpha, beta).0
    }

    /// `search::node`'s algorithm and cycles, with the table's read and write.
    fn node(&mut self, p: u64, o: u64, mut alpha: i32, beta: i32) -> (i32, Option<u32>) {
        self.nodes += 1;
        self.cycles += 1; // Enter
        let empties = 64 - (p | o).count_ones();
        let probe = empties >= self.min_empties;
        let mut first = None;
        let slot = self.slot(p, o);
        if probe {
            self.cycles += 1; // the block RAM's read
            if let Some((_, b)) = self.table[slot].filter(|&(key, _)| key == (p, o)) {
                if let Some(known) = b.answer(alpha, beta) {
                    self.hits += 1;
                    return known;
                }
                first = b.best;
            }
        }
        let moves = legal_moves(p, o);
        if moves == 0 {
            if legal_moves(o, p) == 0 {
                return (final_score(p, o), None);
            }
            let (v, _) = self.node(o, p, -beta, -alpha);
            self.cycles += 1; // Pop through the pass frame
            return (-v, None);
        }
        let alpha0 = alpha;
        let mut list: Vec<u32> = if empties > FF_EMPTIES_ABOVE {
            self.cycles += moves.count_ones() as u64 + model::othello::search::EVAL_LATENCY;
            model::othello::search::fastest_first_moves(p, o)
        } else {
            let mut v = Vec::new();
            let mut left = moves;
            while left != 0 {
                let m = model::othello::search::select(p, o, left, MoveOrder::Paper);
                left &= !(1u64 << m);
                v.push(m);
            }
            v
        };
        if let Some(k) = first.and_then(|m| list.iter().position(|&x| x == m)) {
            let m = list.remove(k);
            list.insert(0, m);
        }
        let mut best = None;
        let mut result = None;
        for m in list {
            let (np, no) = play(p, o, m);
            let v = if empties == 1 {
                self.nodes += 1;
                self.cycles += 2; // Select and Leaf: the last empty square
                -final_score(np, no)
            } else {
                let v = -self.node(np, no, -beta, -alpha).0;
                self.cycles += 2; // Select and Pop
                v
            };
            if v >= beta {
                result = Some((beta, Some(m)));
                break;
            }
            if v > alpha {
                alpha = v;
                best = Some(m);
            }
        }
        // The last child's Pop returns the value: no cycle for "search ended".
        let (score, best) = result.unwrap_or((alpha, best));
        if probe {
            self.cycles += 1; // the write
                              // A different position's entry is replaced.
            let mut b = self.table[slot]
                .filter(|&(key, _)| key == (p, o))
                .map_or(Bound::UNKNOWN, |(_, b)| b);
            b.learn(alpha0, beta, score, best);
            self.table[slot] = Some(((p, o), b));
        }
        (score, best)
    }
}

/// The hybrid's jobs on the table core, each checked against the plain core.
struct TableLeaves<'a> {
    core: &'a mut TableCore,
    empties: u32,
    plain_nodes: u64,
    plain_cycles: u64,
    jobs: u64,
}

impl Leaves for TableLeaves<'_> {
    fn empties(&self) -> u32 {
        self.empties
    }
    fn solve(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        let (a, b) = job_window(alpha, beta);
        let plain = search(p, o, a, b, MoveOrder::FastestFirst);
        let v = self.core.search(p, o, a, b);
        assert_eq!(v, plain.score, "p {p:#x} o {o:#x} ({a}, {b})");
        self.plain_nodes += plain.nodes;
        self.plain_cycles += plain.cycles;
        self.jobs += 1;
        v
    }
}

/// `x` beside the plain core's `plain`.
fn share(x: u64, plain: u64) -> String {
    format!(
        "{x} ({:.3} of the plain core's {plain})",
        x as f64 / plain as f64
    )
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 4 {
        bad("usage: core_table BITS,.. MIN_EMPTIES,.. JOB_EMPTIES".into());
    }
    let (pos, _) = host::othello::positions_from_env(include_str!(
        "../../model/tests/fixtures/fforum-1-19.obf"
    ))
    .unwrap_or_else(|e| bad(e));
    let bits = list(&args[1], "BITS");
    if bits.iter().any(|&b| !(4..=24).contains(&b)) {
        bad(format!("bad BITS '{}' (expected 4 to 24)", args[1]));
    }
    let mins = list(&args[2], "MIN_EMPTIES");
    let job = list(&args[3], "JOB_EMPTIES")[0];
    if job != 0 && job < model::othello::fast::SHALLOW_EMPTIES {
        bad(format!("bad JOB_EMPTIES {job} (0 or at least 6)"));
    }
    let plain: Vec<_> = pos
        .iter()
        .map(|q| model::othello::search::solve(q.p, q.o, MoveOrder::FastestFirst))
        .collect();
    let (pn, pc): (u64, u64) = (
        plain.iter().map(|r| r.nodes).sum(),
        plain.iter().map(|r| r.cycles).sum(),
    );
    println!(
        "the plain core: {pn} nodes, {pc} cycles ({} positions)",
        pos.len()
    );
    let mut solver = Solver::new();
    for &b in &bits {
        for &min in &mins {
            let mut core = TableCore::new(b, min);
            let (mut n, mut c, mut hits) = (0, 0, 0);
            for (q, want) in pos.iter().zip(&plain) {
                core.clear();
                let v = core.search(q.p, q.o, -SCORE_BOUND, SCORE_BOUND);
                assert_eq!(v, want.score, "{}", q.to_obf());
                n += core.nodes;
                c += core.cycles;
                hits += core.hits;
            }
            println!(
                "2^{b} entries from {min} empties: solves {} nodes, {} cycles, {hits} hits",
                share(n, pn),
                share(c, pc)
            );
            if job == 0 {
                continue;
            }
            let (mut jn, mut jc, mut pjn, mut pjc, mut jobs) = (0, 0, 0, 0, 0);
            for q in &pos {
                core.clear();
                let mut leaves = TableLeaves {
                    core: &mut core,
                    empties: job,
                    plain_nodes: 0,
                    plain_cycles: 0,
                    jobs: 0,
                };
                let bb = SCORE_MAX + 1;
                solver.solve_window_with(q.p, q.o, -bb, bb, &mut leaves);
                (pjn, pjc, jobs) = (
                    pjn + leaves.plain_nodes,
                    pjc + leaves.plain_cycles,
                    jobs + leaves.jobs,
                );
                jn += core.nodes;
                jc += core.cycles;
            }
            println!(
                "  the hybrid's {jobs} jobs from {job} empties: {} nodes, {} cycles",
                share(jn, pjn),
                share(jc, pjc)
            );
        }
    }
}
