//! Split speed-up from the model executor (exact hardware cycles):
//! `split_speedup ORDER CORES DEPTH,... JOB_EMPTIES,... CLOCK_MHZ BAUD`, the link's time
//! counted at that core clock and baud rate (`host::split::HostClock`),
//! e.g. `split_speedup paper 8 3,4 10,11 40 2000000`. FFO #1-#19 unless `OBF` names another
//! file; `POSITIONS=A-B` takes its positions A to B (counted from 1). Per configuration it
//! prints the split's board cycles and, for each position, one core's cycles beside them.
//! `SPLIT_PROBES=1` splits null-window probes too, `TABLE=1` gives the host a transposition
//! table (`SplitConfig::table`; with a deep split, the hybrid's parallel form).
use host::othello::{ModelExecutor, Othello};
use host::split::{solve_split, JobsLink, SplitConfig};
use model::othello::search::MoveOrder;

fn list<T: std::str::FromStr>(s: &str) -> Vec<T> {
    s.split(',').filter_map(|x| x.parse().ok()).collect()
}

/// A bad input: a message naming it, exit code 2.
fn bad(msg: String) -> ! {
    eprintln!("split_speedup: {msg}");
    std::process::exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 7 {
        bad("usage: split_speedup paper|ff CORES DEPTH,.. JOB_EMPTIES,.. CLOCK_MHZ BAUD".into());
    }
    let (pos, _) = host::othello::positions_from_env(include_str!(
        "../../model/tests/fixtures/fforum-1-19.obf"
    ))
    .unwrap_or_else(|e| bad(e));
    let order = match args[1].as_str() {
        "ff" => MoveOrder::FastestFirst,
        "paper" => MoveOrder::Paper,
        o => bad(format!("bad ORDER '{o}' (expected paper or ff)")),
    };
    let number = |i: usize, what: &str| -> f64 {
        match args[i].parse::<f64>() {
            Ok(x) if x > 0.0 => x,
            _ => bad(format!(
                "bad {what} '{}' (expected a positive number)",
                args[i]
            )),
        }
    };
    let cores = match args[2].parse::<usize>() {
        Ok(n) if n > 0 => n,
        _ => bad(format!(
            "bad CORES '{}' (expected a whole number from 1)",
            args[2]
        )),
    };
    let (mhz, baud) = (number(5, "CLOCK_MHZ"), number(6, "BAUD") as u32);
    let link = JobsLink::of::<Othello>(mhz * 1e6, baud, cores);
    // One core's cycles per position, the same for every configuration below; the CPU
    // solver's time on each.
    let alone: Vec<u64> = pos
        .iter()
        .map(|q| model::othello::search::solve(q.p, q.o, order).cycles)
        .collect();
    let mut cpu = model::othello::fast::Solver::new();
    let cpu_s: f64 = pos
        .iter()
        .map(|q| {
            let t = std::time::Instant::now();
            cpu.solve(q.p, q.o);
            t.elapsed().as_secs_f64()
        })
        .sum();
    for depth in list::<u32>(&args[3]) {
        for job_empties in list::<u32>(&args[4]) {
            let cfg = SplitConfig {
                depth,
                job_size: job_empties,
                link,
                split_probes: std::env::var("SPLIT_PROBES").is_ok(),
                table: std::env::var("TABLE").is_ok(),
                ..Default::default()
            };
            let (mut el, mut nodes, mut jobs, mut host_s) = (0u64, 0u64, 0u32, 0f64);
            for (i, q) in pos.iter().enumerate() {
                let mut ex = ModelExecutor::new(cores, order, link);
                let b = model::othello::SCORE_BOUND;
                let t = std::time::Instant::now();
                let r = solve_split::<Othello, _>(&mut ex, (q.p, q.o), -b, b, cfg, |_| {}).unwrap();
                host_s += (t.elapsed() - ex.model_time).as_secs_f64();
                let one = alone[i];
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
            }
            // The host's own time (its nodes, the split's bookkeeping) on top of the board's.
            let board_s = el as f64 / (mhz * 1e6);
            println!(
                "{order:?} {cores} cores depth {depth} job_empties {job_empties} at {mhz} MHz, {baud} baud: elapsed {el} cycles, nodes {nodes}, jobs {jobs}; one core {} cycles ({:.2}x); board {board_s:.3} s + host {host_s:.3} s; CPU solver {cpu_s:.3} s (CPU/hybrid {:.3})",
                alone.iter().sum::<u64>(),
                alone.iter().sum::<u64>() as f64 / el as f64,
                cpu_s / (board_s + host_s)
            );
        }
    }
}
