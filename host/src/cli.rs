//! What every `boardgate` subcommand shares: where the board is ([`Target`], [`open`]), the
//! bad-input error ([`Usage`], exit code 2), the `link` design's commands ([`LinkCmd`]), and
//! the time a run takes on each board ([`projected`], from the committed synthesis reports).

use crate::{Link, SerialTransport, SimTransport, Transport};
use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use gateware::Design;
use model::link::{self, job};
use sim::{BackendKind, SimBoard};

/// Where the board is, and how to print.
#[derive(Args, Clone, Debug)]
pub struct Target {
    /// Use the simulated board: `rust` (rust-hdl) or `verilator`; bare `--sim` picks verilator
    /// when this build has it, else rust.
    #[arg(long, value_name = "BACKEND", conflicts_with = "port")]
    pub sim: Option<String>,
    /// Serial port of a real board (e.g. /dev/ttyUSB1).
    #[arg(long, value_name = "PATH")]
    pub port: Option<String>,
    /// Baud rate of the real board's build (default: the design's, from the design table;
    /// with --port only).
    #[arg(long)]
    pub baud: Option<u32>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Simulated board: write its waveform (every signal, VCD, 10 ns per cycle) to FILE,
    /// for GTKWave.
    #[arg(long, value_name = "FILE")]
    pub vcd: Option<std::path::PathBuf>,
    /// First cycle of the waveform.
    #[arg(long, value_name = "CYCLE", default_value_t = 0, requires = "vcd")]
    pub vcd_from: u64,
    /// Cycles of waveform to write.
    #[arg(long, value_name = "CYCLES", default_value_t = sim::board::DEFAULT_VCD_CYCLES, requires = "vcd")]
    pub vcd_cycles: u64,
}

impl Target {
    /// Whether a board was named (`--sim` or `--port`): else the run is the model's.
    pub fn on_board(&self) -> bool {
        self.sim.is_some() || self.port.is_some()
    }
}

/// Bad user input: exit code 2 with the message.
#[derive(Debug)]
pub struct Usage(pub String);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// A run that ends with a documented exit code other than 1 or 2 (see [`EXIT_TIME_LIMIT`],
/// [`EXIT_INTERRUPTED`]).
#[derive(Debug)]
pub struct Exit {
    pub code: i32,
    pub message: String,
}

impl std::fmt::Display for Exit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Exit {}

/// Exit code when `--time-limit` stopped a job (the job was aborted on the board).
pub const EXIT_TIME_LIMIT: i32 = 3;
/// Exit code when Ctrl-C stopped a job (the job was aborted on the board): 128 + SIGINT.
pub const EXIT_INTERRUPTED: i32 = 130;
/// Default `--time-limit` on the simulated board, in seconds (a real board has none).
pub const SIM_TIME_LIMIT_S: f64 = 60.0;

/// How a job is bounded, and what to do with a job another session left running.
#[derive(Args, Clone, Debug)]
pub struct JobArgs {
    /// Abort the job after this many seconds (default: 60 on the simulated board, none on a
    /// real one; 0 = none). The job is aborted on the board and the run exits with code 3.
    /// Ctrl-C also aborts it (exit code 130).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Abort jobs found running on the board that this run did not start (left by a killed
    /// run or another host). Without it such a job is an error.
    #[arg(long)]
    pub abort_running: bool,
}

/// A `--time-limit` as given, checked: a finite number of seconds, 0 or more (0: none).
pub fn time_limit_seconds(limit: Option<f64>) -> Result<Option<f64>, Usage> {
    match limit {
        Some(s) if !(s >= 0.0 && s.is_finite()) => Err(Usage(format!(
            "--time-limit {s}: a number of seconds, 0 for none"
        ))),
        other => Ok(other),
    }
}

/// The instant `seconds` from now, or none for 0 (a checked `--time-limit`: no limit).
pub fn deadline_after(seconds: f64) -> Option<std::time::Instant> {
    (seconds > 0.0).then(|| std::time::Instant::now() + std::time::Duration::from_secs_f64(seconds))
}

static INTERRUPTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

impl JobArgs {
    /// Before starting jobs: deals with jobs left running, then bounds this run's waiting by
    /// the time limit and Ctrl-C.
    pub fn begin<T: Transport>(&self, t: &Target, l: &mut Link<T>) -> Result<()> {
        let limit = match time_limit_seconds(self.time_limit)? {
            Some(s) => s,
            None if t.sim.is_some() => SIM_TIME_LIMIT_S,
            None => 0.0,
        };
        let states = l.job_cores()?;
        let running: Vec<usize> = (0..states.len())
            .filter(|&c| states[c] == job::RUNNING)
            .collect();
        if !running.is_empty() {
            if !self.abort_running {
                anyhow::bail!(
                    "the board is running a job this run did not start (core {running:?}; \
                     left by a killed run or another host): rerun with --abort-running to abort it"
                );
            }
            let (n, _) = l.abort_running()?;
            eprintln!("aborted {n} job(s) left running on the board");
        }
        // Ctrl-C sets the flag; the handler can be installed once per process.
        let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, std::sync::atomic::Ordering::SeqCst));
        l.stop = crate::Stop {
            deadline: deadline_after(limit),
            interrupted: Some(&INTERRUPTED),
        };
        Ok(())
    }

    /// Turns an error of a bounded run into the run's end: a stopped job is aborted on the
    /// board and reported with its exit code; other errors pass through.
    pub fn end<T: Transport>(&self, l: &mut Link<T>, e: crate::LinkError) -> anyhow::Error {
        let crate::LinkError::Stopped(reason) = e else {
            return e.into();
        };
        let aborted = l.abort_running();
        let cycles = l
            .transport
            .board_cycles()
            .map(|c| format!(", {c} cycles on the simulated board"))
            .unwrap_or_default();
        let message = match aborted {
            Ok((n, nodes)) => format!(
                "stopped: {reason}; aborted {n} running job(s) on the board (progress {nodes}: nodes or cycles{cycles})"
            ),
            Err(e) => format!("stopped: {reason}; aborting the job on the board failed: {e}"),
        };
        Exit {
            code: match reason {
                crate::StopReason::TimeLimit => EXIT_TIME_LIMIT,
                crate::StopReason::Interrupted => EXIT_INTERRUPTED,
            },
            message,
        }
        .into()
    }
}

/// An engine front end's input: stdin's lines on a channel, read by a thread, so that a long
/// search can watch for `stop` while it runs. A byte that is not UTF-8 does not end the engine
/// (it is replaced, and the front end drops what it cannot use); end of input is `quit`.
pub fn stdin_lines() -> std::sync::mpsc::Receiver<String> {
    use std::io::BufRead;
    let (tx, lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut stdin = std::io::stdin().lock();
        let mut raw = Vec::new();
        loop {
            raw.clear();
            let line = match stdin.read_until(b'\n', &mut raw) {
                Ok(0) | Err(_) => "quit".to_string(),
                Ok(_) => String::from_utf8_lossy(&raw).into_owned(),
            };
            let quit = line.trim() == "quit";
            if tx.send(line).is_err() || quit {
                break;
            }
        }
    });
    lines
}

/// The design `--design NAME` names, if it is one of `game`'s (`is_game` tells its cores);
/// else a usage error listing the game's designs.
pub fn game_design(
    name: &str,
    game: &str,
    is_game: fn(gateware::CoreKind) -> bool,
) -> Result<Design, Usage> {
    match Design::from_name(name) {
        Ok(d) if is_game(d.core()) => Ok(d),
        _ => {
            let names: Vec<&str> = Design::ALL
                .iter()
                .filter(|d| is_game(d.core()))
                .map(|d| d.name())
                .collect();
            Err(Usage(format!(
                "--design {name}: not {game} design ({})",
                names.join(", ")
            )))
        }
    }
}

/// Opens the design named `name` of a game (`game` and `is_game` as [`game_design`]) on the
/// target and identifies it; with `idle`, jobs left running by an earlier session are
/// aborted. Returns the link and the design's name as the board reports it.
pub fn open_game(
    name: &str,
    game: &str,
    is_game: fn(gateware::CoreKind) -> bool,
    target: &Target,
    idle: bool,
) -> Result<(Link<Box<dyn Transport>>, String)> {
    let design = game_design(name, game, is_game)?;
    let mut l = open(target, design)?;
    let name = l.identify()?.name;
    if idle {
        l.abort_running()?;
    }
    Ok((l, name))
}

/// The simulation backend a `--sim` value names: `auto` is Verilator when this build has it.
pub fn resolve_backend(sim: &str) -> Result<BackendKind, Usage> {
    if sim == "auto" {
        Ok(BackendKind::default_available())
    } else {
        BackendKind::parse(sim).map_err(|e| Usage(format!("--sim: {e}")))
    }
}

/// Opens the link to the board of `t`; on the simulated board, `design` is simulated (a real
/// board runs whatever was flashed).
pub fn open(t: &Target, design: Design) -> Result<Link<Box<dyn Transport>>> {
    let transport: Box<dyn Transport> = match (&t.sim, &t.port) {
        (Some(kind), None) => {
            if let Some(baud) = t.baud {
                return Err(Usage(format!(
                    "--baud {baud} is for a real board (--port); the simulated board's UART \
                     runs at {} cycles per bit",
                    gateware::design::SIM_DIVISOR
                ))
                .into());
            }
            let auto = kind == "auto";
            let kind = resolve_backend(kind)?;
            if auto {
                eprintln!(
                    "simulated board: {} backend{}",
                    kind.name(),
                    if kind == BackendKind::Rust {
                        " (this build has no Verilator model)"
                    } else {
                        ""
                    }
                );
            }
            let mut board = SimBoard::open(design, kind)?;
            if let Some(path) = &t.vcd {
                board.trace(path.clone(), t.vcd_from, t.vcd_cycles)?;
            }
            Box::new(SimTransport::new(board))
        }
        (None, Some(_)) if t.vcd.is_some() => {
            return Err(Usage(
                "--vcd writes the simulated board's waveform: use it with --sim".into(),
            )
            .into())
        }
        (None, Some(port)) => {
            let baud = t.baud.unwrap_or(design.default_baud());
            if baud == 0 || baud > link::MAX_BAUD {
                return Err(Usage(format!(
                    "--baud {baud} is not supported (1..={})",
                    link::MAX_BAUD
                ))
                .into());
            }
            // A path that names nothing is the user's mistake (exit 2); a port that exists
            // but cannot be opened (busy, no permission) is the system's (exit 1).
            if !std::path::Path::new(port).exists() {
                return Err(Usage(format!("--port {port}: no such serial port")).into());
            }
            Box::new(SerialTransport::open(port, baud)?)
        }
        _ => {
            return Err(Usage(
                "say where the board is: --sim [rust|verilator] or --port PATH".into(),
            )
            .into())
        }
    };
    Ok(Link::new(transport))
}

/// The time a run of `cycles` takes on one board.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Projection {
    pub board: String,
    pub fmax_mhz: f64,
    pub seconds: f64,
}

/// Time `cycles` of `design` take on each board it is built for, at the core clock of its
/// committed synthesis report (`docs/synth/`) when that report met timing (a job's cycle is
/// `Design::threads` clocks).
pub fn projected(design: &str, cycles: u64) -> Vec<Projection> {
    let Ok(d) = Design::from_name(design) else {
        return Vec::new();
    };
    d.boards()
        .filter_map(|b| {
            let path = board_common::report::committed_path(design, b.name());
            let r = board_common::SynthReport::read(&path).ok()?;
            let f = Some(r.target_mhz).filter(|f| r.passed() && *f > 0.0)?;
            Some(Projection {
                board: b.name().to_string(),
                fmax_mhz: f,
                seconds: cycles as f64 * f64::from(d.threads()) / (f * 1e6),
            })
        })
        .collect()
}

/// The `link` design's commands.
#[derive(Subcommand, Debug)]
pub enum LinkCmd {
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
        #[command(flatten)]
        job: JobArgs,
        cycles: u32,
    },
}

/// Hex digits to bytes; the error names the first bad pair (any character, not only ASCII).
fn parse_hex(s: &str) -> Result<Vec<u8>, Usage> {
    let chars: Vec<char> = s.trim().chars().collect();
    if !chars.len().is_multiple_of(2) {
        return Err(Usage(format!(
            "hex payload '{s}' has an odd number of digits"
        )));
    }
    chars
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            let text: String = pair.iter().collect();
            u8::from_str_radix(&text, 16)
                .ok()
                .filter(|_| pair.iter().all(char::is_ascii_hexdigit))
                .ok_or_else(|| {
                    Usage(format!(
                        "'{text}' at byte {i} of the payload is not a hex byte"
                    ))
                })
        })
        .collect()
}

impl LinkCmd {
    pub fn run(self) -> Result<()> {
        match self {
            LinkCmd::Identify(t) => {
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
            LinkCmd::Echo { target, hex } => {
                let payload = parse_hex(&hex)?;
                if payload.len() > link::MAX_PAYLOAD {
                    return Err(Usage(format!(
                        "payload of {} bytes is longer than the link's {} bytes",
                        payload.len(),
                        link::MAX_PAYLOAD
                    ))
                    .into());
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
            LinkCmd::Counter(t) => {
                let mut l = open(&t, Design::Link)?;
                let c = l.counter()?;
                if t.json {
                    println!("{}", serde_json::json!({ "cycles": c }));
                } else {
                    println!("cycle counter: {c}");
                }
            }
            LinkCmd::Wait {
                target,
                job: bounds,
                cycles,
            } => {
                let mut l = open(&target, Design::Link)?;
                bounds.begin(&target, &mut l)?;
                let mut polls = 0;
                let show = !target.json && std::io::IsTerminal::is_terminal(&std::io::stderr());
                let st = (|| {
                    let mut st = l.job_start(&cycles.to_le_bytes())?;
                    while st.state == job::RUNNING {
                        st = l.job_poll()?;
                        polls += 1;
                        if show {
                            eprint!("\rwaiting: {} / {cycles} cycles", st.progress);
                        }
                    }
                    Ok(st)
                })();
                if show {
                    eprintln!();
                }
                let st = st.map_err(|e| bounds.end(&mut l, e))?;
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
}

/// The keys of a `--json` object that `doc` (a Markdown text) does not name in backquotes.
/// Every machine-readable key is documented: the games' tests and the benches' tests fail on
/// the keys this returns, so that a doc cannot drift from its code.
pub fn undocumented_keys<'a>(doc: &str, keys: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    keys.into_iter()
        .filter(|k| !doc.contains(&format!("`{k}`")))
        .map(str::to_string)
        .collect()
}
