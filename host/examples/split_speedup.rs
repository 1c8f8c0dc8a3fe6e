//! Split speed-up from the model executor (exact hardware cycles):
//! `split_speedup ORDER CORES DEPTH,... JOB_EMPTIES,... CLOCK_MHZ BAUD`, the link's time
//! counted at that core clock and baud rate (`host::split::HostClock`),
//! e.g. `split_speedup paper 8 3,4 10,11 40 2000000`. FFO #1-#19 unless `OBF` names another
//! file; `POSITIONS=A-B` takes its positions A to B (counted from 1). Per configuration it
//! prints the split's board cycles and, for each position, one core's cycles beside them.
use host::othello::{ModelExecutor, Othello};
use host::split::{solve_split, JobsLink, SplitConfig};
use model::othello::parse_obf;
use model::othello::search::MoveOrder;

fn list<T: std::str::FromStr>(s: &str) -> Vec<T> {
    s.split(',').filter_map(|x| x.parse().ok()).collect()
}

fn main() {
    let text = match std::env::var("OBF") {
        Ok(path) => std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}")),
        Err(_) => include_str!("../../model/tests/fixtures/fforum-1-19.obf").to_string(),
    };
    let mut pos = parse_obf(&text).unwrap();
    if let Ok(range) = std::env::var("POSITIONS") {
        let (a, b) = range.split_once('-').expect("POSITIONS=A-B");
        let (a, b): (usize, usize) = (a.parse().unwrap(), b.parse().unwrap());
        pos = pos[a - 1..b].to_vec();
    }
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 7 {
        eprintln!("usage: split_speedup paper|ff CORES DEPTH,.. JOB_EMPTIES,.. CLOCK_MHZ BAUD");
        std::process::exit(2);
    }
    let order = if args[1] == "ff" {
        MoveOrder::FastestFirst
    } else {
        MoveOrder::Paper
    };
    let cores: usize = args[2].parse().unwrap();
    let (mhz, baud): (f64, u32) = (args[5].parse().unwrap(), args[6].parse().unwrap());
    let link = JobsLink::of::<Othello>(mhz * 1e6, baud, cores);
    for depth in list::<u32>(&args[3]) {
        for job_empties in list::<u32>(&args[4]) {
            let cfg = SplitConfig {
                depth,
                job_size: job_empties,
                link,
                split_probes: std::env::var("SPLIT_PROBES").is_ok(),
                ..Default::default()
            };
            let (mut el, mut nodes, mut jobs, mut alone) = (0u64, 0u64, 0u32, 0u64);
            for (i, q) in pos.iter().enumerate() {
                let mut ex = ModelExecutor::new(cores, order, link);
                let b = model::othello::SCORE_BOUND;
                let r = solve_split::<Othello, _>(&mut ex, (q.p, q.o), -b, b, cfg, |_| {}).unwrap();
                let one = model::othello::search::solve(q.p, q.o, order).cycles;
                println!(
                    "  position {}: split {} cycles, {} jobs; one core {} cycles ({:.2}x)",
                    i + 1,
                    r.elapsed_cycles,
                    r.jobs,
                    one,
                    one as f64 / r.elapsed_cycles as f64
                );
                el += r.elapsed_cycles;
                nodes += r.nodes;
                jobs += r.jobs;
                alone += one;
            }
            println!(
                "{order:?} {cores} cores depth {depth} job_empties {job_empties} at {mhz} MHz, {baud} baud: elapsed {el} cycles, nodes {nodes}, jobs {jobs}; one core {alone} cycles ({:.2}x)",
                alone as f64 / el as f64
            );
        }
    }
}
