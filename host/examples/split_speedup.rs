//! Split speed-up from the model executor (exact hardware cycles):
//! `split_speedup ORDER CORES DEPTH,... JOB_EMPTIES,... CLOCK_MHZ BAUD`, the link's time
//! counted at that core clock and baud rate (`host::split::HostClock`),
//! e.g. `split_speedup paper 8 3,4 10,11 40 2000000`. FFO #1-#19 unless `OBF` names another
//! file; `POSITIONS=A-B` takes its positions A to B (counted from 1). Per configuration it
//! prints the split's board cycles and, for each position, one core's cycles beside them.
//! `SPLIT_PROBES=1` splits null-window probes too, `TABLE=1` gives the host a transposition
//! table (`SplitConfig::table`; with a deep split, the hybrid's parallel form).
//!
//! `QUEUE=N` measures a job queue on chip that the board does not have yet ([`QueueBoard`]):
//! the host keeps up to N jobs more than the cores in flight, the board's cores take them in
//! order, and each result comes back by itself, without polls.
use host::othello::{job_on_model, ModelExecutor, Othello};
use host::split::{solve_split, Executor, Job, JobResult, JobsLink, SplitConfig};
use model::othello::search::MoveOrder;
use std::time::Duration;

/// A board with a job queue on chip, timed on the model (each job's cycles the fastest-first
/// core's, `search::search`). The host writes jobs without waiting for an answer: a job is in
/// the board's queue once its `JOB_START`'s bytes are (the downlink serial), and the first
/// free core takes it. A finished job sends its result by itself (the uplink serial) and the
/// host has it a USB round trip after its bytes (the bridge's latency timer). An abort frees
/// the core when it comes in, if the job is the last its core took (else it runs out: the
/// count errs slow). The host's own time is not counted here (the tool measures it apart).
/// Slots are the cores the split sees: the board's cores and the queue's places.
struct QueueBoard {
    link: JobsLink,
    /// When each core of the board is free.
    free: Vec<u64>,
    /// Per slot: its job on the board.
    slots: Vec<Option<Queued>>,
    /// When the host has the latest result, when the lines are free.
    now: u64,
    down: u64,
    up: u64,
    model_time: Duration,
}

/// A job the board has: its core, when it starts and ends, its result.
#[derive(Clone, Copy)]
struct Queued {
    core: usize,
    begin: u64,
    end: u64,
    result: JobResult<u32>,
}

impl QueueBoard {
    fn new(cores: usize, queue: usize, link: JobsLink) -> Self {
        QueueBoard {
            link,
            free: vec![0; cores],
            slots: vec![None; cores + queue],
            now: 0,
            down: 0,
            up: 0,
            model_time: Duration::ZERO,
        }
    }
}

impl Executor<Othello> for QueueBoard {
    type Error = std::convert::Infallible;
    fn cores(&self) -> usize {
        self.slots.len()
    }
    fn start(&mut self, slot: usize, job: Job<(u64, u64)>) -> Result<(), Self::Error> {
        let r = job_on_model(&job, MoveOrder::FastestFirst, &mut self.model_time);
        self.down = self.down.max(self.now) + self.link.start.request;
        let (core, &free) = self
            .free
            .iter()
            .enumerate()
            .min_by_key(|&(_, f)| *f)
            .expect("a core");
        let begin = free.max(self.down);
        self.free[core] = begin + r.cycles;
        self.slots[slot] = Some(Queued {
            core,
            begin,
            end: begin + r.cycles,
            result: r,
        });
        Ok(())
    }
    fn wait_any(&mut self) -> Result<(usize, JobResult<u32>), Self::Error> {
        let (slot, q) = self
            .slots
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.map(|s| (i, s)))
            .min_by_key(|(_, s)| s.end)
            .expect("wait_any with no job");
        self.up = self.up.max(q.end) + self.link.result.answer;
        self.now = self.now.max(self.up + self.link.round_trip);
        self.slots[slot] = None;
        Ok((slot, q.result))
    }
    fn abort(&mut self, slot: usize) -> Result<(), Self::Error> {
        if let Some(q) = self.slots[slot].take() {
            self.down = self.down.max(self.now) + self.link.abort.request;
            if self.free[q.core] == q.end {
                self.free[q.core] = self.down.clamp(q.begin, q.end);
            }
        }
        Ok(())
    }
}

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
    let queue = std::env::var("QUEUE")
        .ok()
        .map(|q| match q.parse::<usize>() {
            Ok(n) if order == MoveOrder::FastestFirst => n,
            _ => bad(format!(
                "bad QUEUE '{q}' (expected a whole number, with ORDER ff)"
            )),
        });
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
                let b = model::othello::SCORE_BOUND;
                let t = std::time::Instant::now();
                let mut r;
                if let Some(depth) = queue {
                    let mut ex = QueueBoard::new(cores, depth, link);
                    r = solve_split::<Othello, _>(&mut ex, (q.p, q.o), -b, b, cfg, |_| {}).unwrap();
                    r.elapsed_cycles = ex.now;
                    host_s += (t.elapsed() - ex.model_time).as_secs_f64();
                } else {
                    let mut ex = ModelExecutor::new(cores, order, link);
                    r = solve_split::<Othello, _>(&mut ex, (q.p, q.o), -b, b, cfg, |_| {}).unwrap();
                    host_s += (t.elapsed() - ex.model_time).as_secs_f64();
                }
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
                "{order:?} {cores} cores{} depth {depth} job_empties {job_empties} at {mhz} MHz, {baud} baud: elapsed {el} cycles, nodes {nodes}, jobs {jobs}; one core {} cycles ({:.2}x); board {board_s:.3} s + host {host_s:.3} s; CPU solver {cpu_s:.3} s (CPU/hybrid {:.3})",
                queue.map(|n| format!(" (a queue of {n} on chip)")).unwrap_or_default(),
                alone.iter().sum::<u64>(),
                alone.iter().sum::<u64>() as f64 / el as f64,
                cpu_s / (board_s + host_s)
            );
        }
    }
}
