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
    #[arg(long, num_args = 0..=1, default_missing_value = "auto", value_name = "BACKEND", conflicts_with = "port")]
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
    }
    Ok(())
}

fn main() {
    let cli = Cli::parse();
    if let Err(e) = run(cli) {
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}
