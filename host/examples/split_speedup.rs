use host::split::{solve_split, ModelExecutor};
use model::othello::parse_position;
use model::othello::search::MoveOrder;
fn main() {
    let text = include_str!("../../model/tests/fixtures/fforum-1-19.obf");
    let pos: Vec<_> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| parse_position(l).unwrap())
        .collect();
    let args: Vec<String> = std::env::args().collect();
    let order = if args[1] == "ff" {
        MoveOrder::FastestFirst
    } else {
        MoveOrder::Paper
    };
    if args.len() > 4 && args[4] == "probes" {
        for cores in args[2].split(',').map(|s| s.parse::<usize>().unwrap()) {
            probes(order, cores, &pos);
        }
        return;
    }
    for cores in args[2].split(',').map(|s| s.parse::<usize>().unwrap()) {
        for depth in args[3].split(',').map(|s| s.parse::<u32>().unwrap()) {
            let (mut el, mut nodes) = (0u64, 0u64);
            for q in &pos {
                let mut ex = ModelExecutor::new(cores, order, 0);
                let r = solve_split(
                    &mut ex,
                    q.p,
                    q.o,
                    -65,
                    65,
                    host::split::SplitConfig {
                        depth,
                        overhead_cycles: 0,
                        null_window: args[4] == "nw",
                        job_empties: args[5].parse().unwrap(),
                    },
                    |_| {},
                )
                .unwrap();
                el += r.elapsed_cycles;
                nodes += r.nodes;
            }
            println!(
                "{:?} cores {cores} depth {depth}: elapsed {el} cycles, nodes {nodes}",
                order
            );
        }
    }
}

#[allow(dead_code)]
pub fn probes(order: MoveOrder, cores: usize, pos: &[model::othello::Position]) {
    use model::othello::search::search;
    let (mut el, mut nodes) = (0u64, 0u64);
    for q in pos {
        let (mut lo, mut hi) = (-64i32, 64i32);
        while lo < hi {
            let width = hi - lo; // candidates b in lo+1..=hi
            let k = (cores as i32).min(width);
            let bs: Vec<i32> = (1..=k)
                .map(|j| lo + (j * width + k) / (k + 1))
                .map(|b| b.max(lo + 1).min(hi))
                .collect();
            let mut round = 0;
            let (mut nlo, mut nhi) = (lo, hi);
            for &b in &bs {
                let r = search(q.p, q.o, b - 1, b, order);
                round = round.max(r.cycles);
                nodes += r.nodes;
                if r.score >= b {
                    nlo = nlo.max(b.min(r.score));
                    if r.score > b {
                        nlo = nlo.max(r.score);
                        nhi = nhi.min(r.score);
                    }
                } else {
                    nhi = nhi.min(b - 1);
                    if r.score < b - 1 {
                        nlo = r.score;
                        nhi = r.score;
                    }
                }
            }
            lo = nlo;
            hi = nhi;
            el += round;
        }
    }
    println!("{order:?} probes cores {cores}: elapsed {el} cycles, nodes {nodes}");
}
