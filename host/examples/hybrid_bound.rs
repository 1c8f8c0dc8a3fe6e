//! What the host-FPGA hybrid of issue 12 can gain, measured before it is built:
//! `hybrid_bound JOB_EMPTIES,... CLOCK_MHZ BAUD CORES,...`, e.g. `hybrid_bound 12,14,16 40
//! 2000000 4,8`. FFO #20-#39 unless `OBF` names another file; `POSITIONS=A-B` takes its
//! positions A to B (counted from 1: FFO #20 is the default file's 1).
//!
//! The host runs the CPU solver (`model::othello::fast`: PVS, transposition table,
//! fastest-first, stability cut-offs) and hands every subtree of at most JOB_EMPTIES empties
//! to a fastest-first core, here its cycle-exact model (`search::search`, the window the
//! host's search gives it: null windows mostly). Per position it prints the CPU solver alone
//! (time, nodes), the hybrid's host time (its own search: the wall clock less the time spent
//! in the core model), its jobs and their cycles, and `seq`; per job size, the totals and
//! all three projections:
//! - `seq`: one core, the host waiting for each job (what `host::othello::hybrid::
//!   solve_hybrid` does): host time, plus each job's cycles and its link time at CLOCK_MHZ
//!   (`split::link_cycles_per_job`: its start, one poll and its result, their bytes at BAUD
//!   and a USB round trip each; a job's cycles that pass during its start's answer are
//!   counted too, a long job's further polls not);
//! - `par N`: N cores as if every job ran in parallel with no wait (no dependence between
//!   jobs, the link's time overlapped with the cores'), each job with its own round trips
//!   (no batching): host time plus the larger of the jobs' cycles over N and the link's
//!   time for all jobs. Optimistic on the cores, pessimistic on the link;
//! - `queue N`: the same bound with the link carrying only the jobs' bytes, no USB round trip
//!   a job (as a job queue on chip that takes jobs in batches and returns results together
//!   would, at best).
//!
//! The ratio is the CPU solver's time over the projection: above 1 the hybrid wins. The
//! hybrid's score is checked against the CPU solver's (exit 1 if it differs).
use host::othello::hybrid::ModelLeaves;
use host::othello::Othello;
use host::split::{link_bytes_per_job, link_cycles_per_job, link_seconds, JobGame, JobsLink};
use model::othello::fast::Solver;
use std::time::Instant;

/// A bad input: a message naming it, exit code 2.
fn bad(msg: String) -> ! {
    eprintln!("hybrid_bound: {msg}");
    std::process::exit(2);
}

fn list<T: std::str::FromStr>(s: &str, what: &str) -> Vec<T> {
    let v: Vec<T> = s.split(',').filter_map(|x| x.parse().ok()).collect();
    if v.is_empty() || v.len() != s.split(',').count() {
        bad(format!(
            "bad {what} '{s}' (expected numbers separated by commas)"
        ));
    }
    v
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 5 {
        bad("usage: hybrid_bound JOB_EMPTIES,.. CLOCK_MHZ BAUD CORES,..".into());
    }
    let (pos, first) = host::othello::positions_from_env(include_str!(
        "../../model/tests/fixtures/fforum-20-39.obf"
    ))
    .unwrap_or_else(|e| bad(e));
    if pos.is_empty() {
        bad("the OBF file holds no position".into());
    }
    let job_empties: Vec<u32> = list(&args[1], "JOB_EMPTIES");
    let least = model::othello::fast::SHALLOW_EMPTIES;
    if let Some(e) = job_empties.iter().find(|&&e| e < least) {
        bad(format!(
            "bad JOB_EMPTIES {e} (at least {least}: the CPU solver's shallow search below)"
        ));
    }
    let mhz = match args[2].parse::<f64>() {
        Ok(x) if x > 0.0 && x.is_finite() => x,
        _ => bad(format!("bad CLOCK_MHZ '{}' (a positive number)", args[2])),
    };
    let baud = match args[3].parse::<u32>() {
        Ok(x) if x > 0 => x,
        _ => bad(format!("bad BAUD '{}' (a whole number from 1)", args[3])),
    };
    let cores: Vec<usize> = list(&args[4], "CORES");
    if cores.contains(&0) {
        bad("bad CORES 0 (at least 1)".into());
    }
    // A job's link time waited for alone (seq), and with the jobs' requests batched (par).
    let per_job_alone = link_cycles_per_job::<Othello>(mhz * 1e6, baud, 1) as f64 / (mhz * 1e6);
    let per_job = JobsLink::of::<Othello>(mhz * 1e6, baud, 1).per_job() as f64 / (mhz * 1e6);
    let bytes = link_bytes_per_job(Othello::START_LEN, Othello::RESULT_LEN, 1);
    let per_job_bytes = link_seconds((bytes * model::link::UART_BITS_PER_BYTE) as f64, baud, 0);
    println!(
        "link per job {:.3} ms alone, {:.3} ms batched, at {baud} baud; its {bytes} bytes {:.3} ms",
        per_job_alone * 1e3,
        per_job * 1e3,
        per_job_bytes * 1e3
    );
    let mut solver = Solver::new();
    // The CPU solver alone, each position once (its node count never changes).
    let alone: Vec<(f64, i32, u64)> = pos
        .iter()
        .map(|q| {
            let t = Instant::now();
            let r = solver.solve(q.p, q.o);
            (t.elapsed().as_secs_f64(), r.score, r.nodes)
        })
        .collect();
    let cpu_total: f64 = alone.iter().map(|a| a.0).sum();
    println!(
        "CPU solver alone: {} positions, {:.3} s, {:.2}M nodes",
        pos.len(),
        cpu_total,
        alone.iter().map(|a| a.2).sum::<u64>() as f64 / 1e6
    );
    for &e in &job_empties {
        let (mut host_s, mut seq_s) = (0.0, 0.0);
        let (mut par_s, mut queue_s) = (vec![0.0; cores.len()], vec![0.0; cores.len()]);
        let (mut jobs, mut board_nodes, mut host_nodes) = (0u64, 0u64, 0u64);
        for (i, q) in pos.iter().enumerate() {
            let mut board = ModelLeaves {
                empties: e,
                ..Default::default()
            };
            let b = model::othello::fast::SCORE_MAX + 1;
            let t = Instant::now();
            let r = solver.solve_window_with(q.p, q.o, -b, b, &mut board);
            let host = (t.elapsed() - board.model_time).as_secs_f64();
            if r.score != alone[i].1 {
                eprintln!(
                    "hybrid_bound: position {}: the hybrid scored {}, the CPU solver {}",
                    first + i,
                    r.score,
                    alone[i].1
                );
                std::process::exit(1);
            }
            let board_s = board.done.cycles as f64 / (mhz * 1e6);
            let link_s = board.done.jobs as f64 * per_job;
            let seq = host + board_s + board.done.jobs as f64 * per_job_alone;
            host_s += host;
            seq_s += seq;
            for (k, &n) in cores.iter().enumerate() {
                par_s[k] += host + (board_s / n as f64).max(link_s);
                queue_s[k] +=
                    host + (board_s / n as f64).max(board.done.jobs as f64 * per_job_bytes);
            }
            jobs += board.done.jobs;
            board_nodes += board.done.nodes;
            host_nodes += r.nodes;
            println!(
                "  {:<3} {:>2} empties, jobs from {e}: CPU {:.3} s {:.2}M nodes | host {:.3} s {:.2}M nodes, {} jobs, {:.2}M board nodes, {:.1}M cycles | seq {:.3} s ({:.3})",
                first + i,
                64 - (q.p | q.o).count_ones(),
                alone[i].0,
                alone[i].2 as f64 / 1e6,
                host,
                r.nodes as f64 / 1e6,
                board.done.jobs,
                board.done.nodes as f64 / 1e6,
                board.done.cycles as f64 / 1e6,
                seq,
                alone[i].0 / seq
            );
        }
        let bound = |what: &str, secs: &[f64]| -> Vec<String> {
            cores
                .iter()
                .zip(secs)
                .map(|(n, s)| format!("{what} {n} {s:.3} s ({:.3})", cpu_total / s))
                .collect()
        };
        let mut par = bound("par", &par_s);
        par.extend(bound("queue", &queue_s));
        println!(
            "jobs from {e} empties: host {host_s:.3} s, {:.2}M host nodes, {jobs} jobs, {:.2}M board nodes; seq {seq_s:.3} s ({:.3}); {}",
            host_nodes as f64 / 1e6,
            board_nodes as f64 / 1e6,
            cpu_total / seq_s,
            par.join("; ")
        );
    }
}
