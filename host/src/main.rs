//! `boardgate`: talk to a boardgate design on a real board or on the simulated board.

use anyhow::{bail, Context, Result};
use clap::{Args, Parser, Subcommand};
use gateware::Design;
use host::{Link, SerialTransport, SimTransport, Transport};
use model::link::{self, job};
use sim::{BackendKind, SimBoard};

#[derive(Parser)]
#[command(
    name = "boardgate",
    version,
    about = "Host driver for boardgate FPGA game-search accelerators"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Args, Clone)]
struct Target {
    /// Use the simulated board: `rust` (rust-hdl) or `verilator`; bare `--sim` picks verilator
    /// when this build has it, else rust.
    #[arg(long, value_name = "BACKEND", conflicts_with = "port")]
    sim: Option<String>,
    /// Serial port of a real board (e.g. /dev/ttyUSB1).
    #[arg(long, value_name = "PATH")]
    port: Option<String>,
    /// Baud rate of the real board's build.
    #[arg(long, default_value_t = link::DEFAULT_BAUD)]
    baud: u32,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Subcommand)]
enum Cmd {
    /// Print the design's name, version and clock.
    Identify(Target),
    /// Send bytes (hex) and check they come back.
    Echo {
        #[command(flatten)]
        target: Target,
        /// Payload as hex, e.g. 00ff55
        hex: String,
    },
    /// Read the free-running cycle counter.
    Counter(Target),
    /// Run the `link` design's wait job for N cycles, polling until done.
    Wait {
        #[command(flatten)]
        target: Target,
        cycles: u32,
    },
    /// Othello: solve endgames on the board, perft on the model.
    #[command(subcommand)]
    Othello(OthelloCmd),
}

#[derive(Subcommand)]
enum OthelloCmd {
    /// Solve a position exactly on the board (or with a window).
    Solve {
        #[command(flatten)]
        target: Target,
        /// OBF line, or 64 squares a1..h8 (X, O, -) then the side to move (X or O).
        #[arg(allow_hyphen_values = true)]
        position: String,
        /// Lower bound of the fail-hard window (default: exact solve).
        #[arg(long, default_value_t = -65, allow_hyphen_values = true)]
        alpha: i32,
        /// Upper bound of the window.
        #[arg(long, default_value_t = 65, allow_hyphen_values = true)]
        beta: i32,
        /// Find the exact score with null-window probes (bisection) instead of one full-window
        /// search.
        #[arg(long, conflicts_with_all = ["alpha", "beta"])]
        null_window: bool,
        /// Simulate the `othello-ff` design (fastest-first move ordering in hardware) instead
        /// of the paper's order (the same as `--design othello-ff`).
        #[arg(long, conflicts_with = "design")]
        fastest_first: bool,
        /// Design to simulate: othello, othello-ff or othello-x8 (eight solver cores). With
        /// --port, the flashed design decides.
        #[arg(long, default_value = "othello")]
        design: String,
        /// With several solver cores: plies from the root in which the host splits the search
        /// (young brothers wait); nodes with at most --job-empties empty squares are one job.
        #[arg(long, default_value_t = host::split::DEFAULT_SPLIT_DEPTH)]
        split_depth: u32,
        #[arg(long, default_value_t = host::split::DEFAULT_JOB_EMPTIES)]
        job_empties: u32,
    },
    /// Run as an engine speaking the NBoard protocol on stdin/stdout (for Othello GUIs).
    Nboard {
        #[command(flatten)]
        target: Target,
        /// Solve exactly on the board from this many empty squares on.
        #[arg(long, default_value_t = 20)]
        max_empties: u32,
    },
    /// Leaf counts from the start position (model).
    Perft {
        depth: u32,
        /// How passes and finished games count.
        #[arg(long, default_value = "aartbik")]
        pass_convention: String,
        #[arg(long)]
        json: bool,
    },
}

fn open(t: &Target, design: Design) -> Result<Link<Box<dyn Transport>>> {
    let transport: Box<dyn Transport> = match (&t.sim, &t.port) {
        (Some(kind), None) => {
            let kind = if kind == "auto" {
                let k = BackendKind::default_available();
                eprintln!(
                    "simulated board: {} backend{}",
                    k.name(),
                    if k == BackendKind::Rust {
                        " (this build has no Verilator model)"
                    } else {
                        ""
                    }
                );
                k
            } else {
                BackendKind::parse(kind)?
            };
            Box::new(SimTransport::new(SimBoard::open(design, kind)?))
        }
        (None, Some(port)) => {
            if t.baud == 0 || t.baud > link::MAX_BAUD {
                bail!(
                    "--baud {} is not supported (1..={})",
                    t.baud,
                    link::MAX_BAUD
                );
            }
            Box::new(SerialTransport::open(port, t.baud)?)
        }
        _ => bail!("say where the board is: --sim [rust|verilator] or --port PATH"),
    };
    Ok(Link::new(transport))
}

fn parse_hex(s: &str) -> Result<Vec<u8>> {
    let s = s.trim();
    if !s.len().is_multiple_of(2) {
        bail!("hex payload '{s}' has an odd number of digits");
    }
    (0..s.len())
        .step_by(2)
        .map(|i| {
            u8::from_str_radix(&s[i..i + 2], 16).with_context(|| {
                format!(
                    "'{}' at offset {i} of the payload is not a hex byte",
                    &s[i..i + 2]
                )
            })
        })
        .collect()
}

fn run(cli: Cli) -> Result<()> {
    match cli.cmd {
        Cmd::Identify(t) => {
            let mut l = open(&t, Design::Link)?;
            let id = l.identify()?;
            if t.json {
                println!("{}", serde_json::to_string(&id)?);
            } else {
                println!(
                    "{} v{}.{}.{} clock {:.3} MHz, UART {} baud (divisor {}), max payload {} bytes [{}]",
                    id.name,
                    id.version.0,
                    id.version.1,
                    id.version.2,
                    id.clock_hz as f64 / 1e6,
                    id.baud(),
                    id.divisor,
                    id.max_payload,
                    l.transport.describe()
                );
            }
        }
        Cmd::Echo { target, hex } => {
            let payload = parse_hex(&hex)?;
            if payload.len() > link::MAX_PAYLOAD {
                bail!(
                    "payload of {} bytes is longer than the link's {} bytes",
                    payload.len(),
                    link::MAX_PAYLOAD
                );
            }
            let mut l = open(&target, Design::Link)?;
            let got = l.echo(&payload)?;
            if target.json {
                println!(
                    "{}",
                    serde_json::json!({ "echo": hex.to_lowercase(), "ok": got == payload })
                );
            } else {
                println!("echo ok: {} bytes", got.len());
            }
        }
        Cmd::Counter(t) => {
            let mut l = open(&t, Design::Link)?;
            let c = l.counter()?;
            if t.json {
                println!("{}", serde_json::json!({ "cycles": c }));
            } else {
                println!("cycle counter: {c}");
            }
        }
        Cmd::Wait { target, cycles } => {
            let mut l = open(&target, Design::Link)?;
            let start = l.job_start(&cycles.to_le_bytes())?;
            let mut st = start;
            let mut polls = 0;
            while st.state == job::RUNNING {
                st = l.job_poll()?;
                polls += 1;
                if !target.json {
                    eprint!("\rwaiting: {} / {cycles} cycles", st.progress);
                }
            }
            if !target.json {
                eprintln!();
            }
            if st.state != job::DONE {
                bail!("job ended in state {}", job::name(st.state));
            }
            let r = l.job_result()?;
            let elapsed = u64::from_le_bytes(
                r.as_slice()
                    .try_into()
                    .context("JOB_RESULT answer is not 8 bytes")?,
            );
            if target.json {
                println!(
                    "{}",
                    serde_json::json!({ "cycles": elapsed, "polls": polls })
                );
            } else {
                println!("job done: {elapsed} cycles, {polls} polls");
            }
        }
        Cmd::Othello(c) => othello(c)?,
    }
    Ok(())
}

/// Bad user input: exit code 2 with the message.
#[derive(Debug)]
struct Usage(String);
impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for Usage {}

fn othello(c: OthelloCmd) -> Result<()> {
    use model::othello::{self as oth, perft::PassConvention};
    match c {
        OthelloCmd::Perft {
            depth,
            pass_convention,
            json,
        } => {
            let conv = match pass_convention.as_str() {
                "aartbik" => PassConvention::Aartbik,
                "edax" => PassConvention::Edax,
                other => {
                    return Err(Usage(format!(
                        "unknown pass convention '{other}' (aartbik or edax)"
                    ))
                    .into())
                }
            };
            if depth > 14 {
                return Err(Usage(format!(
                    "depth {depth} is too deep for the model's perft (at most 14)"
                ))
                .into());
            }
            let (p, o) = oth::rules::start();
            let t = std::time::Instant::now();
            let n = oth::perft::perft(p, o, depth, conv);
            if json {
                println!(
                    "{}",
                    serde_json::json!({"depth": depth, "pass_convention": pass_convention, "leaves": n})
                );
            } else {
                println!(
                    "perft({depth}) = {n} ({pass_convention} convention, {:.2} s)",
                    t.elapsed().as_secs_f64()
                );
            }
        }
        OthelloCmd::Nboard {
            target,
            max_empties,
        } => {
            use std::io::{BufRead, Write};
            struct Board(Link<Box<dyn Transport>>);
            impl host::nboard::EndgameSolver for Board {
                fn solve(&mut self, p: u64, o: u64) -> Result<(i32, Option<u32>)> {
                    let r = host::othello::solve(&mut self.0, p, o, -65, 65, |_| {})?;
                    Ok((r.score, r.best))
                }
            }
            let mut nb =
                host::nboard::NBoard::new(Board(open(&target, Design::Othello)?), max_empties);
            let stdin = std::io::stdin();
            let mut stdout = std::io::stdout();
            for line in stdin.lock().lines() {
                let Some(out) = nb.handle(&line?) else { break };
                for l in out {
                    writeln!(stdout, "{l}")?;
                }
                stdout.flush()?;
            }
        }
        OthelloCmd::Solve {
            target,
            position,
            alpha,
            beta,
            null_window,
            fastest_first,
            design,
            split_depth,
            job_empties,
        } => {
            let design = if fastest_first {
                Design::OthelloFf
            } else {
                match Design::from_name(&design) {
                    Ok(d) if matches!(d.core(), gateware::CoreKind::Othello { .. }) => d,
                    _ => {
                        return Err(Usage(format!(
                            "--design {design}: not an othello design (othello, othello-ff, othello-x8)"
                        ))
                        .into())
                    }
                }
            };
            let pos =
                oth::parse_position(&position).map_err(|e| Usage(format!("bad position: {e}")))?;
            if !(-65..=65).contains(&alpha) || !(-65..=65).contains(&beta) || alpha >= beta {
                return Err(Usage(format!(
                    "bad window ({alpha}, {beta}): need -65 <= alpha < beta <= 65"
                ))
                .into());
            }
            let mut l = open(&target, design)?;
            let name = l.identify()?.name;
            let cores = l.job_cores()?.len();
            if null_window && cores > 1 {
                return Err(Usage(format!(
                    "--null-window runs on one core; {name} has {cores} (leave it out to split the solve)"
                ))
                .into());
            }
            let t = std::time::Instant::now();
            let show = !target.json && std::io::IsTerminal::is_terminal(&std::io::stderr());
            let mut probes = 1;
            let mut split = None;
            let mut on_progress = |n| {
                if show {
                    eprint!("\rsolving: {n} nodes");
                }
            };
            let r = if null_window {
                let r = host::othello::solve_null_window(&mut l, pos.p, pos.o, &mut on_progress)?;
                probes = r.probes;
                model::othello::protocol::SolveResult {
                    score: r.score,
                    best: r.best,
                    nodes: r.nodes,
                    cycles: r.cycles,
                }
            } else if cores > 1 {
                let cfg = host::split::SplitConfig {
                    depth: split_depth,
                    job_empties,
                    ..Default::default()
                };
                let (r, _) = host::othello::solve_cores(
                    &mut l,
                    pos.p,
                    pos.o,
                    alpha as i8,
                    beta as i8,
                    cfg,
                    &mut on_progress,
                )?;
                split = Some(r);
                model::othello::protocol::SolveResult {
                    score: r.score,
                    best: r.best,
                    nodes: r.nodes,
                    cycles: r.cycles,
                }
            } else {
                host::othello::solve(
                    &mut l,
                    pos.p,
                    pos.o,
                    alpha as i8,
                    beta as i8,
                    &mut on_progress,
                )?
            };
            if show {
                eprintln!();
            }
            let best = r
                .best
                .map(oth::square_name)
                .unwrap_or_else(|| "none".into());
            // The board's time: with several cores, their cycles as they ran in parallel.
            let elapsed = split.map(|s| s.elapsed_cycles).unwrap_or(r.cycles);
            let boards = projected(&name, elapsed);
            if target.json {
                let proj: Vec<_> = boards
                    .iter()
                    .map(|(b, f, s)| serde_json::json!({"board": b, "fmax_mhz": f, "seconds": s}))
                    .collect();
                println!(
                    "{}",
                    serde_json::json!({
                        "position": pos.to_obf(), "alpha": alpha, "beta": beta,
                        "best_move": best, "score": r.score, "nodes": r.nodes, "cycles": r.cycles,
                        "cycles_per_node": r.cycles as f64 / r.nodes.max(1) as f64,
                        "projected": proj, "wall_seconds": t.elapsed().as_secs_f64(),
                        "target": l.transport.describe(), "probes": probes,
                        "design": name, "cores": cores, "elapsed_cycles": elapsed,
                        "jobs": split.map(|s| s.jobs).unwrap_or(probes),
                    })
                );
            } else {
                println!(
                    "best move {best}, score {:+}{}, {} nodes, {} cycles ({:.2} cycles/node) [{}]",
                    r.score,
                    if null_window {
                        format!(" ({probes} null-window probes)")
                    } else {
                        String::new()
                    },
                    r.nodes,
                    r.cycles,
                    r.cycles as f64 / r.nodes.max(1) as f64,
                    l.transport.describe()
                );
                if let Some(sp) = split {
                    println!(
                        "split over {cores} cores of {name}: {} jobs ({} aborted), {} cycles on the board ({:.2}x the cores' total)",
                        sp.jobs,
                        sp.aborted,
                        sp.elapsed_cycles,
                        sp.cycles as f64 / sp.elapsed_cycles.max(1) as f64
                    );
                }
                for (b, f, s) in boards {
                    println!(
                        "  on {b} at {f:.1} MHz: {:.6} s, {:.2} M nodes/s",
                        s,
                        r.nodes as f64 / s / 1e6
                    );
                }
            }
        }
    }
    Ok(())
}

/// Time `cycles` of `design` take on each board it is built for, at the core clock of its
/// latest passing synth report (target/boardgate/<design>-<board>/report.json). Boards
/// without one are left out.
fn projected(design: &str, cycles: u64) -> Vec<(String, f64, f64)> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let boards: Vec<&str> = Design::from_name(design)
        .map(|d| d.boards().map(|b| b.name()).collect())
        .unwrap_or_default();
    boards
        .iter()
        .filter_map(|b| {
            let path = root.join(format!("target/boardgate/{design}-{b}/report.json"));
            let f = std::fs::read_to_string(path)
                .ok()
                .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
                .filter(|v| v["timing_met"].as_bool() == Some(true))
                .and_then(|v| v["target_mhz"].as_f64())
                .filter(|f| *f > 0.0)?;
            Some((b.to_string(), f, cycles as f64 / (f * 1e6)))
        })
        .collect()
}

/// `--sim` takes an optional backend; a bare `--sim` followed by another argument (e.g. a
/// position starting with '-') must not swallow it, so it becomes `--sim auto` here.
fn normalize_args(args: Vec<String>) -> Vec<String> {
    let mut out = Vec::with_capacity(args.len() + 1);
    let mut it = args.into_iter().peekable();
    while let Some(a) = it.next() {
        let bare = a == "--sim";
        out.push(a);
        if bare
            && !matches!(
                it.peek().map(String::as_str),
                Some("rust" | "verilator" | "auto")
            )
        {
            out.push("auto".into());
        }
    }
    out
}

fn main() {
    let cli = Cli::parse_from(normalize_args(std::env::args().collect()));
    if let Err(e) = run(cli) {
        eprintln!("error: {e:#}");
        let code = if e.downcast_ref::<Usage>().is_some() {
            2
        } else {
            1
        };
        std::process::exit(code);
    }
}
