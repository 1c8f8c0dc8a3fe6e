//! The fastest-first core's tree under other ordering keys: nodes and cycles (the cycle
//! model of `model::othello::search`) of full-window solves, every score checked against
//! the file's. How `model::othello::order::ff_key` was chosen (docs/othello.md).
//!
//! `cargo run --release -p model --example order_keys -- FILE.obf FIRST-LAST SPEC...`, each
//! SPEC a comma-separated list of `name=value`: `mob` (weight of a reply, 1), `cmob` (more
//! weight of a corner reply, 0), `corner` and `par` (bonus for a corner move, for a move
//! into a quadrant with an odd number of empties, 0), `pot` (weight of a potential reply,
//! `fast::potential_moves`: an empty square next to the mover's discs, 0), `thr` (sort
//! above this many empties, 4), `parlow` (1: below it, odd quadrants first), `pvs` (1: younger brothers searched with a null window first, 2026-12-07: no fewer nodes
//! on FFO #1-#19 and 3% more cycles). `mob=1,cmob=1` is `ff_key`; `mob=1` the plain count
//! of before.
use model::othello::order::paper_order;
use model::othello::rules::{final_score, legal_moves, play};

use model::othello::fast::potential_moves;
use model::othello::order::{odd_quadrants, CORNERS};
use model::othello::search::{EVAL_LATENCY, FF_EMPTIES_ABOVE};
use model::othello::SCORE_BOUND;
#[derive(Clone, Copy)]
struct V {
    w_cmob: i32,
    w_corner: i32,
    w_par: i32,
    par_low: bool,
    thr: u32,
    w_mob: i32,
    w_pot: i32,
    pvs: bool,
}
struct R {
    nodes: u64,
    cycles: u64,
}

fn node(p: u64, o: u64, mut alpha: i32, beta: i32, v: V, r: &mut R) -> i32 {
    r.nodes += 1;
    r.cycles += 1;
    let moves = legal_moves(p, o);
    if moves == 0 {
        if legal_moves(o, p) == 0 {
            return final_score(p, o);
        }
        let x = node(o, p, -beta, -alpha, v, r);
        r.cycles += 1;
        return -x;
    }
    let empties = 64 - (p | o).count_ones();
    let sorted = empties > v.thr;
    let odd = odd_quadrants(!(p | o));
    // On the stack: this runs at every node of hundreds of millions.
    let mut list = [(0u32, 0i32); 64];
    let mut n = 0;
    for s in paper_order() {
        let s = s as u32;
        if moves >> s & 1 == 0 {
            continue;
        }
        let key = if sorted {
            let (np, no) = play(p, o, s);
            let rep = legal_moves(np, no);
            let mut k =
                v.w_mob * rep.count_ones() as i32 + v.w_cmob * (rep & CORNERS).count_ones() as i32;
            if v.w_pot != 0 {
                // The replies the opponent might get later, as the CPU solver counts them.
                k += v.w_pot * potential_moves(no, np).count_ones() as i32;
            }
            if 1u64 << s & CORNERS != 0 {
                k -= v.w_corner;
            }
            if 1u64 << s & odd != 0 {
                k -= v.w_par;
            }
            k
        } else if v.par_low && 1u64 << s & odd != 0 {
            0
        } else if v.par_low {
            1
        } else {
            0
        };
        list[n] = (s, key);
        n += 1;
    }
    if sorted {
        r.cycles += n as u64 + EVAL_LATENCY;
    }
    let list = &mut list[..n];
    list.sort_by_key(|&(_, k)| k);
    for (k, &(m, _)) in list.iter().enumerate() {
        let (np, no) = play(p, o, m);
        let x = if empties == 1 {
            r.nodes += 1;
            r.cycles += 2;
            -final_score(np, no)
        } else {
            r.cycles += 2;
            if v.pvs && k > 0 && beta - alpha > 1 {
                // A younger brother: a null window first, the full one if it fails high.
                let x = -node(np, no, -alpha - 1, -alpha, v, r);
                if x > alpha && x < beta {
                    r.cycles += 2;
                    -node(np, no, -beta, -alpha, v, r)
                } else {
                    x
                }
            } else {
                -node(np, no, -beta, -alpha, v, r)
            }
        };
        if x >= beta {
            return beta;
        }
        if x > alpha {
            alpha = x;
        }
    }
    alpha
}

fn fail(msg: String) -> ! {
    eprintln!("order_keys: {msg}");
    std::process::exit(2)
}

fn parse_spec(spec: &str) -> V {
    let mut v = V {
        w_cmob: 0,
        w_corner: 0,
        w_par: 0,
        par_low: false,
        thr: FF_EMPTIES_ABOVE,
        w_mob: 1,
        w_pot: 0,
        pvs: false,
    };
    for kv in spec.split(',') {
        let Some((k, x)) = kv.split_once('=') else {
            fail(format!("'{kv}' in '{spec}' is not name=value"))
        };
        let Ok(x) = x.parse::<i32>() else {
            fail(format!("'{x}' in '{spec}' is not a whole number"))
        };
        if !(-1000..=1000).contains(&x) {
            fail(format!(
                "'{kv}' in '{spec}': values are within -1000..=1000"
            ));
        }
        match k {
            "mob" => v.w_mob = x,
            "cmob" => v.w_cmob = x,
            "corner" => v.w_corner = x,
            "par" => v.w_par = x,
            "parlow" => v.par_low = x != 0,
            "thr" => v.thr = x.clamp(0, 64) as u32,
            "pot" => v.w_pot = x,
            "pvs" => v.pvs = x != 0,
            _ => fail(format!(
                "unknown name '{k}' in '{spec}' (mob, cmob, corner, par, parlow, thr, pot, pvs)"
            )),
        }
    }
    v
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    if a.len() < 4 {
        fail("usage: order_keys FILE.obf FIRST-LAST SPEC...".into());
    }
    let text = std::fs::read_to_string(&a[1]).unwrap_or_else(|e| fail(format!("{}: {e}", a[1])));
    let pos = model::othello::parse_obf(&text).unwrap_or_else(|e| fail(format!("{}: {e}", a[1])));
    let range = model::othello::obf::position_range(&a[2], pos.len())
        .unwrap_or_else(|e| fail(e.to_string()));
    for spec in &a[3..] {
        let v = parse_spec(spec);
        let t = std::time::Instant::now();
        let mut r = R {
            nodes: 0,
            cycles: 0,
        };
        for ps in &pos[*range.start() - 1..*range.end()] {
            let s = node(ps.p, ps.o, -SCORE_BOUND, SCORE_BOUND, v, &mut r);
            if let Some(&(_, want)) = ps.scores.first() {
                if s != want {
                    fail(format!(
                        "{spec}: {} scored {s}, the file says {want}",
                        ps.to_obf()
                    ));
                }
            }
        }
        println!(
            "{spec:28} nodes {:>14} cycles {:>14} {:.1}s",
            r.nodes,
            r.cycles,
            t.elapsed().as_secs_f64()
        );
    }
}
