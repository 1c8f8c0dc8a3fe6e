//! Split speed-up on FFO #1-#19 from the model executor (exact hardware cycles):
//! `split_speedup ORDER CORES DEPTH,... JOB_EMPTIES,... CLOCK_MHZ BAUD`, the link's time
//! counted at that core clock and baud rate (`host::split::HostClock`),
//! e.g. `split_speedup paper 8 3,4 10,11 40 2000000`.
use host::othello::{ModelExecutor, Othello};
use host::split::{solve_split, JobsLink, SplitConfig};
use model::othello::parse_obf;
use model::othello::search::MoveOrder;

fn list<T: std::str::FromStr>(s: &str) -> Vec<T> {
    s.split(',').filter_map(|x| x.parse().ok()).collect()
}

fn main() {
    let text = include_str!("../../model/tests/fixtures/fforum-1-19.obf");
    let pos = parse_obf(text).unwrap();
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
            let (mut el, mut nodes, mut jobs) = (0u64, 0u64, 0u32);
            for q in &pos {
                let mut ex = ModelExecutor::new(cores, order, link);
                let b = model::othello::SCORE_BOUND;
                let r = solve_split::<Othello, _>(&mut ex, (q.p, q.o), -b, b, cfg, |_| {}).unwrap();
                el += r.elapsed_cycles;
                nodes += r.nodes;
                jobs += r.jobs;
            }
            println!(
                "{order:?} {cores} cores depth {depth} job_empties {job_empties} at {mhz} MHz, {baud} baud: elapsed {el} cycles, nodes {nodes}, jobs {jobs}"
            );
        }
    }
}
