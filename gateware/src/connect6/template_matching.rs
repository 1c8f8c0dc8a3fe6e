//! Template matching (§III-C of `shared/papers/connect6-fpga.md`): the twelve templates of
//! `model::connect6::paper::templates::TEMPLATES`, each in eight orientations, matched at
//! every anchor of the 5x5 scan window at once; every match adds its template's severity to
//! the points it marks, and the block names the point of highest total.
//!
//! ```text
//!  window[50] (25 cells x 2 bits, row by row)
//!    --> 1,268 match terms (a template, an orientation, an anchor where it fits: 2-4 cell tests)
//!    --> per point, a balanced adder tree over the severities of the terms that mark it
//!    --> a 5-level tree over the 25 totals (ties to the lower index) --> score, at
//! ```
//!
//! Combinational, 0 cycles: the consumer registers the result. The terms are wired by code
//! from the model's template table (every placement that stays inside the window: a template
//! point outside it matches nothing, as in the model), so the circuit has no anchor loop; a
//! point's total is a tree of only the terms that can mark it, not a chain. The
//! `#[hdl_gen]` subset cannot build trees of a per-point arity, so the Verilog is written
//! here (as `othello::DiscCounter`'s is), and the Rust simulation computes the same terms.
//! Model: `model::connect6::paper::templates::{priorities_of, best_of}`.

use model::connect6::paper::templates::{ORIENTATIONS, TEMPLATES};
use model::connect6::paper::{Cell, SUBSPACE};
use rust_hdl::prelude::*;
use std::fmt::Write;
use std::sync::OnceLock;

/// Points of the scan window.
pub const POINTS: usize = SUBSPACE * SUBSPACE;
/// Width of a point's total (the largest possible total is checked to fit in `Default`).
pub const SCORE_BITS: usize = 10;

/// One placement of a template: the window cells it tests, the points it marks, its severity.
#[derive(Clone, Debug)]
pub struct Term {
    pub tests: Vec<(usize, Cell)>,
    pub marks: Vec<usize>,
    pub severity: u16,
}

/// Every placement of every template, orientation by orientation, that fits the window.
pub fn terms() -> &'static [Term] {
    static TERMS: OnceLock<Vec<Term>> = OnceLock::new();
    TERMS.get_or_init(|| {
        let mut out = Vec::new();
        for t in &TEMPLATES {
            for &(dx, dy) in &ORIENTATIONS {
                // Along the orientation, and across it (turned 90 degrees).
                let (ex, ey) = (-dy, dx);
                for anchor in 0..POINTS as i32 {
                    let (ac, ar) = (anchor % 5, anchor / 5);
                    let mut term = Term {
                        tests: Vec::new(),
                        marks: Vec::new(),
                        severity: t.severity,
                    };
                    let mut fits = true;
                    for (j, row) in t.rows.iter().enumerate() {
                        for (i, ch) in row.chars().enumerate() {
                            let c = ac + i as i32 * dx + j as i32 * ex;
                            let r = ar + i as i32 * dy + j as i32 * ey;
                            if !(0..5).contains(&c) || !(0..5).contains(&r) {
                                fits = false;
                                continue;
                            }
                            let p = (r * 5 + c) as usize;
                            let want = match ch {
                                'o' => Cell::Opp,
                                'x' => Cell::Own,
                                _ => Cell::Empty,
                            };
                            term.tests.push((p, want));
                            if ch == '+' {
                                term.marks.push(p);
                            }
                        }
                    }
                    if fits {
                        out.push(term);
                    }
                }
            }
        }
        out
    })
}

/// For each point, the terms that mark it (a term's index once per mark).
fn marking() -> Vec<Vec<usize>> {
    let mut by_point = vec![Vec::new(); POINTS];
    for (k, t) in terms().iter().enumerate() {
        for &m in &t.marks {
            by_point[m].push(k);
        }
    }
    by_point
}

#[derive(LogicBlock, Default)]
pub struct TemplateMatching {
    /// The scan window's cells, point `row * 5 + col` in bits `2 p..`: [`Cell`] codes.
    pub window: Signal<In, Bits<50>>,
    /// The best point's total, 0 when no template matched.
    pub score: Signal<Out, Bits<SCORE_BITS>>,
    /// The best point (`row * 5 + col`; the first among equals).
    pub at: Signal<Out, Bits<5>>,
}

impl TemplateMatching {
    /// The largest total a point can reach (every term that marks it matching).
    pub fn max_score() -> u32 {
        marking()
            .iter()
            .map(|ks| ks.iter().map(|&k| terms()[k].severity as u32).sum())
            .max()
            .unwrap_or(0)
    }
}

impl Logic for TemplateMatching {
    fn update(&mut self) {
        let w = self.window.val();
        let cell = |p: usize| {
            Cell::from_code(w.get_bit(2 * p) as u64 | (w.get_bit(2 * p + 1) as u64) << 1)
        };
        let mut total = [0u32; POINTS];
        for t in terms() {
            if t.tests.iter().all(|&(p, want)| cell(p) == want) {
                for &m in &t.marks {
                    total[m] += t.severity as u32;
                }
            }
        }
        // The first point of the highest total.
        let mut at = 0;
        for p in 1..POINTS {
            if total[p] > total[at] {
                at = p;
            }
        }
        self.score.next = (total[at] as u64).into();
        self.at.next = (at as u64).into();
    }
    fn connect(&mut self) {
        self.score.connect();
        self.at.connect();
    }
    fn hdl(&self) -> Verilog {
        assert!(Self::max_score() < 1 << SCORE_BITS, "a total overflows");
        let mut v = String::new();
        let wb = SCORE_BITS;
        // The match terms.
        for (k, t) in terms().iter().enumerate() {
            let tests: Vec<String> = t
                .tests
                .iter()
                .map(|&(p, want)| {
                    format!("(window[{}:{}] == 2'd{})", 2 * p + 1, 2 * p, want.code())
                })
                .collect();
            writeln!(v, "wire m{k} = {};", tests.join(" & ")).unwrap();
        }
        // Each point's total: a balanced tree of its terms' severities.
        for (p, ks) in marking().iter().enumerate() {
            let mut level: Vec<String> = ks
                .iter()
                .map(|&k| format!("(m{k} ? {wb}'d{} : {wb}'d0)", terms()[k].severity))
                .collect();
            let mut depth = 0;
            while level.len() > 1 {
                let mut next = Vec::new();
                for (i, pair) in level.chunks(2).enumerate() {
                    let name = format!("s{p}_{depth}_{i}");
                    let sum = match pair {
                        [a, b] => format!("{a} + {b}"),
                        [a] => a.clone(),
                        _ => unreachable!(),
                    };
                    writeln!(v, "wire [{}:0] {name} = {sum};", wb - 1).unwrap();
                    next.push(name);
                }
                level = next;
                depth += 1;
            }
            let total = level.pop().unwrap_or_else(|| format!("{wb}'d0"));
            writeln!(v, "wire [{}:0] t{p} = {total};", wb - 1).unwrap();
        }
        // The best point: a tree whose left child keeps a tie (the lower index).
        let mut level: Vec<(String, String)> = (0..POINTS)
            .map(|p| (format!("t{p}"), format!("5'd{p}")))
            .collect();
        let mut depth = 0;
        while level.len() > 1 {
            let mut next = Vec::new();
            for (i, pair) in level.chunks(2).enumerate() {
                match pair {
                    [(a, ai), (b, bi)] => {
                        let (n, ni) = (format!("b{depth}_{i}"), format!("bi{depth}_{i}"));
                        writeln!(v, "wire [{}:0] {n} = ({b} > {a}) ? {b} : {a};", wb - 1).unwrap();
                        writeln!(v, "wire [4:0] {ni} = ({b} > {a}) ? {bi} : {ai};").unwrap();
                        next.push((n, ni));
                    }
                    [x] => next.push(x.clone()),
                    _ => unreachable!(),
                }
            }
            level = next;
            depth += 1;
        }
        let (best, at) = &level[0];
        writeln!(
            v,
            "always @(*) begin\n    score = {best};\n    at = {at};\nend"
        )
        .unwrap();
        Verilog::Custom(v)
    }
}
