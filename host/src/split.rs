//! Jobs on the job cores of a multi-core design, for any game that implements [`JobGame`]:
//! independent jobs with [`run_jobs`] (chess perft subtrees: `crate::chess::ChessPerft`), and
//! one search split over the cores (young brothers wait) with [`solve_split`], for a game that
//! also implements [`SplitGame`] (Othello: `crate::othello::Othello`).
//!
//! The host searches the top of the tree itself and hands the rest to the cores as jobs. A
//! node within `depth` plies of the root bigger than `job_size` (Othello: empty squares) with
//! two moves or more is split: its moves are taken in the game's order (with
//! [`SplitConfig::table`], the host's transposition table's best move first, and a node its
//! bounds decide answered without a search), the eldest is
//! searched first (split in turn), and once its value is known the younger brothers are
//! spawned all at once, each as a split node or a job, and run in parallel on whichever cores
//! are free. Younger brothers are first probed with a null window `(a, a + 1)` (principal
//! variation search); one that fails high is searched again with the full window. A child
//! reaching `beta` cuts its parent off: the parent's queued jobs are dropped and its running
//! ones aborted.
//!
//! The result follows the fail-hard negamax semantics of a single core: exact inside the
//! window, `alpha` when every move fails low, `beta` on a cut-off. The score is the one a
//! single core finds; when two moves share the best score the move reported may be the other
//! one (the one whose job finished first).
//!
//! The algorithm runs against an [`Executor`]: the board over the link ([`LinkExecutor`]), or
//! a game's model executor (`crate::othello::ModelExecutor` runs each job on the golden model,
//! with the hardware's exact node and cycle counts). Either way [`SplitSolve::
//! elapsed_cycles`] is the board's time: the cores' cycles as they ran in parallel, plus the
//! link's time per job on the one shared link.

use crate::driver::{BatchAnswer, Link, LinkError};
use crate::transport::Transport;
use model::link::{self, err, job, op, Frame, JobStatus, PayloadError};
use std::collections::{HashMap, VecDeque};

/// A game whose jobs run on the job cores of its designs: the job payloads (`JOB_START`
/// arguments, `JOB_RESULT` answer). Independent jobs run with [`run_jobs`].
pub trait JobGame {
    /// A position with its side to move (and whatever else a job carries).
    type Pos: Copy + std::fmt::Debug;
    type Move: Copy + PartialEq + std::fmt::Debug;
    /// `JOB_START` argument length (without the core index) and `JOB_RESULT` answer length.
    const START_LEN: usize;
    const RESULT_LEN: usize;
    /// `JOB_START` arguments of a job.
    fn encode_job(job: &Job<Self::Pos>) -> Vec<u8>;
    /// The `JOB_RESULT` answer.
    fn decode_result(p: &[u8]) -> Result<JobResult<Self::Move>, PayloadError>;
    /// `JOB_LOAD`s a job sends its core before its `JOB_START`, and each one's payload length
    /// (with the core index): a game whose position does not fit a start's arguments loads it
    /// first (shogi: ten words). None by default.
    const LOADS: usize = 0;
    const LOAD_LEN: usize = 0;
    /// The `JOB_LOAD` payloads of `job` for `core` ([`Self::LOADS`] of [`Self::LOAD_LEN`]
    /// bytes).
    fn loads(_core: u8, _job: &Job<Self::Pos>) -> Vec<Vec<u8>> {
        Vec::new()
    }
}

/// A game whose search trees the host can split over job cores ([`solve_split`]): moves in
/// search order and the size of a subtree.
pub trait SplitGame: JobGame<Pos: std::hash::Hash + Eq> {
    /// How big the subtree under `pos` is (Othello: empty squares); nodes at most
    /// [`SplitConfig::job_size`] are one job.
    fn size(pos: &Self::Pos) -> u32;
    /// The moves of `pos` in the order the host searches them (best first); empty when the
    /// side to move cannot move (a pass or the end: such nodes are jobs).
    fn ordered_moves(pos: &Self::Pos) -> Vec<Self::Move>;
    /// The position after `m`, the other side to move.
    fn play(pos: &Self::Pos, m: Self::Move) -> Self::Pos;
}

/// One search job: a position and a fail-hard window (unused by games without a score).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job<P> {
    pub pos: P,
    pub alpha: i32,
    pub beta: i32,
}

/// What a core answers for a job.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct JobResult<M> {
    pub score: i32,
    pub best: Option<M>,
    pub nodes: u64,
    pub cycles: u64,
    /// Nodes the core expanded (generated the moves of), where the game counts them apart
    /// from `nodes` (shogi perft: the walker's moves jobs; `nodes` are its leaves); else 0.
    pub expanded: u64,
}

/// Cores found done, each with its job's result.
pub type Done<M> = Vec<(usize, JobResult<M>)>;

/// Runs search jobs of game `G` on a set of cores.
pub trait Executor<G: JobGame> {
    type Error;
    fn cores(&self) -> usize;
    /// Starts `job` on the idle core `core`.
    fn start(&mut self, core: usize, job: Job<G::Pos>) -> Result<(), Self::Error>;
    /// Waits until one of the running jobs is done; its core and result.
    fn wait_any(&mut self) -> Result<(usize, JobResult<G::Move>), Self::Error>;
    /// Starts `jobs` (core, job) on idle cores, together: a link sends their requests in one
    /// transfer.
    fn start_all(&mut self, jobs: &[(usize, Job<G::Pos>)]) -> Result<(), Self::Error> {
        for &(core, job) in jobs {
            self.start(core, job)?;
        }
        Ok(())
    }
    /// Waits until one running job or more is done and returns their cores and results (at
    /// least one), the i-th of them started with `next[i]` where there is one: a link reads
    /// the results of the cores one poll found done, and starts their next jobs, in one
    /// transfer (as many as the device's receive buffer takes: [`batch_len`]).
    fn wait_some_then_start(&mut self, next: &[Job<G::Pos>]) -> Result<Done<G::Move>, Self::Error> {
        let (core, res) = self.wait_any()?;
        if let Some(&job) = next.first() {
            self.start(core, job)?;
        }
        Ok(vec![(core, res)])
    }
    /// Stops the job running on `core`.
    fn abort(&mut self, core: usize) -> Result<(), Self::Error>;
    /// Nodes searched so far by the running jobs (for progress).
    fn running_nodes(&mut self) -> u64 {
        0
    }
}

/// How a solve is split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitConfig {
    /// Plies of the principal variation whose younger brothers run in parallel.
    pub depth: u32,
    /// The link's time, counted in [`SplitSolve::elapsed_cycles`] as the host spends it
    /// ([`HostClock`]; the default, all zero, counts none).
    pub link: JobsLink,
    /// Younger brothers are first probed with a null window (principal variation search).
    pub null_window: bool,
    /// Positions of this size or smaller ([`SplitGame::size`]; Othello: empty squares) are
    /// one job, never split.
    pub job_size: u32,
    /// Split null-window probes too (else each probe is one job: most of them are refuted
    /// at once, and a job costs the link's time).
    pub split_probes: bool,
    /// The host keeps a transposition table of its nodes' results (bounds and best moves,
    /// [`Bound`]): a node met again (a transposition, or a probe's re-search) whose bounds
    /// already decide its window is answered without a search, and otherwise its best move
    /// goes first. With an unlimited `depth` and split probes this is the host-FPGA hybrid:
    /// the host searches every node above `job_size` the way a CPU solver does, in parallel.
    pub table: bool,
}

impl Default for SplitConfig {
    fn default() -> Self {
        SplitConfig {
            depth: DEFAULT_SPLIT_DEPTH,
            link: JobsLink::default(),
            null_window: true,
            job_size: DEFAULT_JOB_SIZE,
            split_probes: false,
            table: false,
        }
    }
}

/// Default [`SplitConfig::depth`].
pub const DEFAULT_SPLIT_DEPTH: u32 = 3;
/// Default [`SplitConfig::job_size`] (Othello: 10 empty squares).
pub const DEFAULT_JOB_SIZE: u32 = 10;

/// The result of a split solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SplitSolve<M> {
    pub score: i32,
    pub best: Option<M>,
    /// Nodes and cycles summed over the jobs that finished (aborted jobs are not counted),
    /// plus one node per split node and per node the host's table answered.
    pub nodes: u64,
    pub cycles: u64,
    /// The board's time in core cycles from the first job's start until the host has the
    /// result and has stopped the cores still running, the link's time counted as the host
    /// spends it ([`HostClock`]).
    pub elapsed_cycles: u64,
    pub jobs: u32,
    pub aborted: u32,
    /// Nodes the host's table answered ([`SplitConfig::table`]).
    pub answered: u32,
}

/// Bytes on the link per job of a game with these payload lengths: `JOB_START` with the core
/// index and its answer, one `JOB_CORES` poll and its answer, `JOB_RESULT` with the core index
/// and its answer (frames of `model::link`; `cores` job cores).
pub const fn link_bytes_per_job(start_len: usize, result_len: usize, cores: usize) -> u64 {
    sum(start_bytes(start_len)) + sum(poll_bytes(cores)) + sum(result_bytes(result_len))
}

const FRAME_BYTES: u64 = (model::link::HEADER_LEN + model::link::CRC_LEN) as u64;

/// `JOB_START` with the core index, and its answer.
const fn start_bytes(start_len: usize) -> (u64, u64) {
    use model::link::{CORE_INDEX_LEN, JOB_STATUS_LEN};
    (
        FRAME_BYTES + (CORE_INDEX_LEN + start_len) as u64,
        FRAME_BYTES + JOB_STATUS_LEN as u64,
    )
}

/// `JOB_LOAD` of `load_len` bytes (with the core index), and its answer (empty).
const fn load_bytes(load_len: usize) -> (u64, u64) {
    (FRAME_BYTES + load_len as u64, FRAME_BYTES)
}

/// The requests' bytes that start a job: its `JOB_LOAD`s and its `JOB_START`.
pub const fn start_request_bytes(start_len: usize, loads: usize, load_len: usize) -> usize {
    (start_bytes(start_len).0 + loads as u64 * load_bytes(load_len).0) as usize
}

/// The requests' bytes that start a job of game `G` ([`start_request_bytes`]).
const fn job_request_bytes<G: JobGame>() -> usize {
    start_request_bytes(G::START_LEN, G::LOADS, G::LOAD_LEN)
}

/// `JOB_CORES`, and its answer (the number of cores and each one's state).
const fn poll_bytes(cores: usize) -> (u64, u64) {
    (FRAME_BYTES, FRAME_BYTES + 1 + cores as u64)
}

/// `JOB_RESULT` with the core index, and its answer.
const fn result_bytes(result_len: usize) -> (u64, u64) {
    (
        FRAME_BYTES + model::link::CORE_INDEX_LEN as u64,
        FRAME_BYTES + result_len as u64,
    )
}

/// `JOB_ABORT` with the core index, and its answer (the job's status).
const fn abort_bytes() -> (u64, u64) {
    (
        FRAME_BYTES + model::link::CORE_INDEX_LEN as u64,
        start_bytes(0).1,
    )
}

/// Both ways' bytes of an exchange.
const fn sum((request, answer): (u64, u64)) -> u64 {
    request + answer
}

/// Request-answer exchanges of one job on the link: `JOB_START`, one `JOB_CORES` poll that
/// finds it done, `JOB_RESULT` (the frames of [`link_bytes_per_job`]).
pub const EXCHANGES_PER_JOB: u64 = 3;

/// The USB round trip of one exchange, in seconds, counted on top of the bytes' time. Both
/// boards' UARTs sit behind FTDI bridges (the ULX3S's FT231X, the Alchitry Cu's FT2232H),
/// which hold the board's answer until their latency timer expires or a USB packet fills:
/// 1 ms is the shortest timer, and Linux's `ftdi_sio` sets it by default
/// (`/sys/bus/usb-serial/devices/ttyUSB*/latency_timer`; 16 ms elsewhere). A floor, then:
/// a host that polls again finds a job done up to one more round trip late.
pub const USB_ROUND_TRIP_S: f64 = 1e-3;

/// Link time of one job of game `G` in core cycles at `clock_hz` and `baud` (10 bit times
/// per byte) on a design with `cores` job cores: its bytes, and [`EXCHANGES_PER_JOB`] USB
/// round trips of [`USB_ROUND_TRIP_S`].
pub fn link_cycles_per_job<G: JobGame>(clock_hz: f64, baud: u32, cores: usize) -> u64 {
    let loads = G::LOADS as u64 * sum(load_bytes(G::LOAD_LEN));
    let bytes = link_bytes_per_job(G::START_LEN, G::RESULT_LEN, cores) + loads;
    let seconds = link_seconds(
        bytes as f64 * link::UART_BITS_PER_BYTE as f64,
        baud,
        EXCHANGES_PER_JOB,
    );
    seconds_to_cycles(seconds, clock_hz)
}

/// Whole cycles at `clock_hz` that `seconds` take, rounded up (a rounding error of the sum of
/// seconds does not add a cycle).
fn seconds_to_cycles(seconds: f64, clock_hz: f64) -> u64 {
    (seconds * clock_hz - 1e-6).ceil() as u64
}

/// Request-answer exchanges of one job of [`run_jobs`] alone, which batches its requests
/// (`Link::request_batch`): the `JOB_CORES` poll that finds the job done, and its `JOB_RESULT`
/// sent together with the next job's `JOB_START` on its core. The first jobs' starts go
/// together in one exchange more; jobs one poll finds done together share its two.
pub const BATCHED_EXCHANGES_PER_JOB: u64 = 2;

/// A `JOB_RESULT` request's bytes on the line.
const RESULT_REQUEST_BYTES: usize = result_bytes(0).0 as usize;

/// How many of `done` cores found done by one poll have their results read (and, the first
/// `starts` of them, their next job started) in one write: as many as the device's receive
/// buffer holds (`model::link::RX_BUFFER_LEN` bytes of requests, a `JOB_START` carrying
/// `start_request` bytes with its loads: [`start_request_bytes`]), and at least one when any
/// is done. The bound keeps the requests that arrive while the device sends the results'
/// long answers within its buffer; a first result and its next job go whole, however long
/// (loads, whose answers are shorter than they are, never pile up: shogi's 216 bytes).
pub const fn batch_len(done: usize, starts: usize, start_request: usize) -> usize {
    let (mut k, mut bytes) = (0, 0);
    while k < done {
        let add = RESULT_REQUEST_BYTES + if k < starts { start_request } else { 0 };
        if k > 0 && bytes + add > model::link::RX_BUFFER_LEN {
            break;
        }
        bytes += add;
        k += 1;
    }
    k
}

/// One request-answer exchange's bytes on the line, in core cycles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Exchange {
    pub request: u64,
    pub answer: u64,
}

/// The link's time of [`run_jobs`] in core cycles: each exchange's bytes at the baud rate, and
/// the USB round trip that each write of requests waits for its answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JobsLink {
    /// A job's `JOB_START`.
    pub start: Exchange,
    /// A `JOB_LOAD` (none for a game without), and how many a job sends before its start
    /// ([`JobGame::LOADS`]).
    pub load: Exchange,
    pub loads: usize,
    /// A `JOB_CORES` poll.
    pub poll: Exchange,
    /// A `JOB_RESULT`.
    pub result: Exchange,
    /// A `JOB_ABORT`.
    pub abort: Exchange,
    /// One USB round trip ([`USB_ROUND_TRIP_S`]).
    pub round_trip: u64,
    /// A job's start requests' bytes, its loads' with them ([`start_request_bytes`]: how
    /// many requests a write holds, [`batch_len`]).
    pub start_request: usize,
}

impl JobsLink {
    /// The link's time of game `G`'s jobs at `clock_hz` and `baud` with `cores` job cores.
    pub fn of<G: JobGame>(clock_hz: f64, baud: u32, cores: usize) -> JobsLink {
        let cycles = |b: u64| {
            seconds_to_cycles(
                link_seconds(b as f64 * link::UART_BITS_PER_BYTE as f64, baud, 0),
                clock_hz,
            )
        };
        let exchange = |(request, answer): (u64, u64)| Exchange {
            request: cycles(request),
            answer: cycles(answer),
        };
        JobsLink {
            start: exchange(start_bytes(G::START_LEN)),
            load: if G::LOADS > 0 {
                exchange(load_bytes(G::LOAD_LEN))
            } else {
                Exchange::default()
            },
            loads: G::LOADS,
            poll: exchange(poll_bytes(cores)),
            result: exchange(result_bytes(G::RESULT_LEN)),
            abort: exchange(abort_bytes()),
            round_trip: seconds_to_cycles(USB_ROUND_TRIP_S, clock_hz),
            start_request: job_request_bytes::<G>(),
        }
    }
    /// On the board that answered `id`, in the job's cycles (as [`board_link_cycles_per_job`]).
    pub fn of_board<G: JobGame>(id: &model::link::Identity, cores: usize) -> JobsLink {
        let (clock_hz, baud) = link_rate(id);
        let threads = gateware::Design::from_name(&id.name).map_or(1, |d| d.threads());
        JobsLink::of::<G>(clock_hz / f64::from(threads), baud, cores)
    }
    /// A poll's time: its request, its answer and a round trip.
    fn poll_period(&self) -> u64 {
        self.poll.request + self.poll.answer + self.round_trip
    }
    /// The link's time of a job alone beyond its cycles: its loads' requests (each answered
    /// while the next comes in) and its start's request (its answer and round trip pass
    /// while it runs), the poll that finds it done, and its result, with
    /// [`BATCHED_EXCHANGES_PER_JOB`] round trips; a poll comes up to a poll's time late on
    /// top.
    pub fn per_job(&self) -> u64 {
        let result = self.result.request + self.result.answer;
        let loads = self.loads as u64 * self.load.request;
        loads + self.start.request + self.poll_period() + result + self.round_trip
    }
    /// One write from `at`: `results` `JOB_RESULT`s, the first `starts` of them each followed
    /// by a job's loads and its `JOB_START` (any starts beyond the results after them). A
    /// request reaches the board after the bytes before it, its answer follows its request
    /// and the answer before it. When each start's request is in (its job starts), and when
    /// the host has the answers, a round trip after the last.
    fn write(&self, at: u64, results: usize, starts: usize) -> (Vec<u64>, u64) {
        let (mut sent, mut answered) = (at, at);
        let mut started = Vec::with_capacity(starts);
        for i in 0..results.max(starts) {
            if i < results {
                sent += self.result.request;
                answered = answered.max(sent) + self.result.answer;
            }
            if i < starts {
                for _ in 0..self.loads {
                    sent += self.load.request;
                    answered = answered.max(sent) + self.load.answer;
                }
                sent += self.start.request;
                started.push(sent);
                answered = answered.max(sent) + self.start.answer;
            }
        }
        (started, answered + self.round_trip)
    }
    /// The polls the host sends from `from` (the link free), one a period, until one sees a
    /// job that ends at `end`: when that poll comes in to the board, and when its answer is
    /// back (the link free again). A link that takes no time sees the end at once.
    fn poll_until(&self, from: u64, end: u64) -> (u64, u64) {
        let period = self.poll_period();
        if period == 0 {
            let t = end.max(from);
            return (t, t);
        }
        let polls = end
            .saturating_sub(from + self.poll.request)
            .div_ceil(period);
        (
            from + polls * period + self.poll.request,
            from + (polls + 1) * period,
        )
    }
    /// The board's time, in core cycles, of jobs of `cycles` each (in the order they start) on
    /// `cores` cores as [`run_jobs`] runs them, until the host has every result. A write's
    /// requests reach the board after their bytes, and its answers reach the host a round
    /// trip after theirs (the bridge holds them: [`USB_ROUND_TRIP_S`]); the link is free
    /// again then. The first jobs start in one write, each once its start is in. Then the
    /// host polls whenever the link is free, and a poll sees the jobs that ended before it
    /// came in; their results are read in writes of [`batch_len`] requests, each write
    /// starting the next jobs on the cores it read. The jobs run whole on whichever core is
    /// free; the time does not depend on which.
    pub fn elapsed(&self, cycles: &[u64], cores: usize) -> u64 {
        if cycles.is_empty() {
            return 0;
        }
        let first = cores.max(1).min(cycles.len());
        let mut queue = cycles.iter().copied();
        let (started, mut now) = self.write(0, 0, first);
        let mut ends: Vec<u64> = started.iter().zip(&mut queue).map(|(t, c)| t + c).collect();
        let mut waiting = cycles.len() - first;
        let mut found = 0;
        while found > 0 || !ends.is_empty() {
            if found == 0 {
                // The first poll that sees a job ended.
                let earliest = ends.iter().copied().fold(u64::MAX, u64::min);
                let (seen, free) = self.poll_until(now, earliest);
                let running = ends.len();
                ends.retain(|&e| e > seen);
                found = running - ends.len();
                now = free;
            }
            let k = batch_len(found, found.min(waiting), self.start_request);
            let starts = k.min(waiting);
            let (started, free) = self.write(now, k, starts);
            ends.extend(started.iter().zip(&mut queue).map(|(t, c)| t + c));
            now = free;
            found -= k;
            waiting -= starts;
        }
        now
    }
}

/// The link's time in seconds: `bit_times` at `baud`, and `requests` exchanges, each waiting
/// one USB round trip of [`USB_ROUND_TRIP_S`].
pub fn link_seconds(bit_times: f64, baud: u32, requests: u64) -> f64 {
    bit_times / baud as f64 + requests as f64 * USB_ROUND_TRIP_S
}

/// The core clock (Hz) and baud rate at which a board's link time is counted: a real board's,
/// as its `IDENTIFY` answer gives them. The simulated board answers with its nominal clock and
/// short bit times (`gateware::CoreParams::sim`, a baud rate no build can have); it stands for
/// the design's ULX3S build (else its first board's), so its link time is counted at that
/// build's core clock and the design's baud rate, as the projections are.
pub fn link_rate(id: &model::link::Identity) -> (f64, u32) {
    let sim = gateware::CoreParams::sim();
    let real = (
        f64::from(id.clock_hz),
        id.clock_hz / u32::from(id.divisor.max(1)),
    );
    if id.clock_hz != sim.clock_hz || u32::from(id.divisor) != sim.divisor {
        return real;
    }
    let Ok(design) = gateware::Design::from_name(&id.name) else {
        return real;
    };
    let board = design
        .boards()
        .find(|&b| b == gateware::BoardId::Ulx3s)
        .or_else(|| design.boards().next());
    match board.and_then(|b| design.core_clock_hz(b).ok()) {
        Some(hz) => (f64::from(hz), design.default_baud()),
        None => real,
    }
}

/// Link time of one job of game `G` on the board that answered `id`, in the job's cycles: at
/// the board's clock and baud rate ([`link_rate`]), a job's cycle being a thread's where the
/// design's cores are threads of a C-slow unit (`gateware::Design::threads`: chess).
pub fn board_link_cycles_per_job<G: JobGame>(id: &model::link::Identity, cores: usize) -> u64 {
    let (clock_hz, baud) = link_rate(id);
    let threads = gateware::Design::from_name(&id.name).map_or(1, |d| d.threads());
    link_cycles_per_job::<G>(clock_hz / f64::from(threads), baud, cores)
}

/// The board's time as the host spends it running [`solve_split`] over the link one request
/// at a time, as [`LinkExecutor`] does, in core cycles ([`JobsLink`]): every request waits its
/// bytes and a USB round trip; a job starts once its `JOB_START` is in; the host waiting for a
/// job polls `JOB_CORES` whenever the link is free, and a poll sees the jobs that had ended
/// when it came in (a core that an earlier poll saw done is taken without one); a result is
/// one more request, and so is an abort. The jobs that go to idle cores together start in one
/// write ([`Executor::start_all`]). Driven by the jobs' ends as they come
/// ([`HostClock::done`]), it counts the same time for the board over the link and for a model
/// executor, which picks the core the link would find done first
/// ([`HostClock::first_found`]).
#[derive(Clone, Debug)]
pub struct HostClock {
    link: JobsLink,
    /// When the link is free again (the last request's answer back at the host).
    pub now: u64,
    /// When each core's job started.
    started: Vec<u64>,
    /// When the last poll came in to the board.
    last_seen: u64,
}

impl HostClock {
    pub fn new(cores: usize, link: JobsLink) -> Self {
        HostClock {
            link,
            now: 0,
            started: vec![0; cores.max(1)],
            last_seen: 0,
        }
    }

    /// `JOB_START` on each of `cores`, in one write (`JobsLink::write`).
    pub fn start_all(&mut self, cores: impl IntoIterator<Item = usize>) {
        let cores: Vec<usize> = cores.into_iter().collect();
        let (started, free) = self.link.write(self.now, 0, cores.len());
        for (&core, t) in cores.iter().zip(started) {
            self.started[core] = t;
        }
        self.now = free;
    }

    /// When the job on `core` of `cycles` ends.
    pub fn end(&self, core: usize, cycles: u64) -> u64 {
        self.started[core] + cycles
    }

    /// The polls that first see a job ending at `end` (`JobsLink::poll_until`): when the
    /// last comes in and when the link is free again; none when the last poll saw it.
    fn polls(&self, end: u64) -> Option<(u64, u64)> {
        (end > self.last_seen).then(|| self.link.poll_until(self.now, end))
    }

    /// Of the running jobs (core, end), the core the host takes next: the lowest one that
    /// the first poll seeing any job ended finds done.
    pub fn first_found(&self, ends: impl Iterator<Item = (usize, u64)> + Clone) -> Option<usize> {
        let earliest = ends.clone().map(|(_, e)| e).min()?;
        let seen = self
            .polls(earliest)
            .map_or(self.last_seen, |(seen, _)| seen);
        ends.filter(|&(_, e)| e <= seen).map(|(c, _)| c).min()
    }

    /// The host has the result of the job of `cycles` on `core`: the polls until one sees it
    /// ended, then its `JOB_RESULT`.
    pub fn done(&mut self, core: usize, cycles: u64) {
        if let Some((seen, free)) = self.polls(self.end(core, cycles)) {
            self.last_seen = seen;
            self.now = free;
        }
        self.now = self.link.write(self.now, 1, 0).1;
    }

    /// `JOB_ABORT` on a core.
    pub fn abort(&mut self) {
        let x = self.link.abort;
        self.now += x.request + x.answer + self.link.round_trip;
    }
}

/// Independent jobs run on the executor's cores ([`run_jobs`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct JobsRun<M> {
    /// The results in the order of the jobs.
    pub results: Vec<JobResult<M>>,
    /// Cycles summed over the jobs, and the board's time as in [`SplitSolve::elapsed_cycles`].
    pub cycles: u64,
    pub elapsed_cycles: u64,
}

/// Runs independent jobs (a perft split into subtrees) on the executor's cores: the first
/// jobs start together, and each job after them goes to a core that is done, started with
/// the results of the cores found done with it ([`Executor::wait_some_then_start`]). The
/// board's time is counted as [`JobsLink::elapsed`] says. `progress(nodes)` is called after
/// every batch of finished jobs.
pub fn run_jobs<G: JobGame, E: Executor<G>>(
    ex: &mut E,
    jobs: &[Job<G::Pos>],
    link: JobsLink,
    mut progress: impl FnMut(u64),
) -> Result<JobsRun<G::Move>, E::Error> {
    let cores = ex.cores().max(1);
    let mut results: Vec<Option<JobResult<G::Move>>> = vec![None; jobs.len()];
    let mut running: Vec<Option<usize>> = vec![None; cores];
    let first: Vec<(usize, Job<G::Pos>)> = jobs.iter().copied().take(cores).enumerate().collect();
    ex.start_all(&first)?;
    for &(core, _) in &first {
        running[core] = Some(core);
    }
    let (mut next, mut cycles, mut nodes) = (first.len(), 0, 0);
    while running.iter().any(Option::is_some) {
        let waiting = &jobs[next..];
        let done = ex.wait_some_then_start(waiting)?;
        let started = done.len().min(waiting.len());
        for (i, (core, res)) in done.into_iter().enumerate() {
            let id = running[core]
                .take()
                .expect("a result from a core without a job");
            if i < started {
                running[core] = Some(next + i);
            }
            cycles += res.cycles;
            nodes += res.nodes;
            results[id] = Some(res);
        }
        next += started;
        progress(nodes + ex.running_nodes());
    }
    let results: Vec<JobResult<G::Move>> = results.into_iter().flatten().collect();
    let job_cycles: Vec<u64> = results.iter().map(|r| r.cycles).collect();
    Ok(JobsRun {
        elapsed_cycles: link.elapsed(&job_cycles, cores),
        results,
        cycles,
    })
}

/// Searches `pos` with the fail-hard window (alpha, beta) on the executor's cores (see the
/// module header). `progress(nodes)` is called after every finished job.
pub fn solve_split<G: SplitGame, E: Executor<G>>(
    ex: &mut E,
    pos: G::Pos,
    alpha: i32,
    beta: i32,
    cfg: SplitConfig,
    mut progress: impl FnMut(u64),
) -> Result<SplitSolve<G::Move>, E::Error> {
    let cores = ex.cores().max(1);
    let mut t = Tree::<G> {
        cfg: SplitConfig {
            depth: if cores == 1 { 0 } else { cfg.depth },
            ..cfg
        },
        nodes: Vec::new(),
        queue: VecDeque::new(),
        known: Vec::new(),
        table: HashMap::new(),
        r: SplitSolve {
            score: 0,
            best: None,
            nodes: 0,
            cycles: 0,
            elapsed_cycles: 0,
            jobs: 0,
            aborted: 0,
            answered: 0,
        },
    };
    let mut clock = HostClock::new(cores, cfg.link);
    let mut running: Vec<Option<usize>> = vec![None; cores];
    t.spawn(None, pos, alpha, beta, 0, true);
    t.settle();
    let mut to_abort = Vec::new();
    while t.nodes[0].result.is_none() {
        // The queued jobs go to the idle cores, started in one write.
        let mut starts = Vec::new();
        while let Some(core) = running.iter().position(|c| c.is_none()) {
            let Some(id) = t.queue.pop_front() else { break };
            if !t.nodes[id].alive {
                continue;
            }
            let n = &t.nodes[id];
            let job = Job {
                pos: n.pos,
                alpha: n.alpha,
                beta: n.beta,
            };
            starts.push((core, job));
            running[core] = Some(id);
        }
        if !starts.is_empty() {
            ex.start_all(&starts)?;
            clock.start_all(starts.iter().map(|&(core, _)| core));
        }
        let (core, res) = ex.wait_any()?;
        let id = running[core]
            .take()
            .expect("a result from a core without a job");
        clock.done(core, res.cycles);
        t.r.jobs += 1;
        t.r.nodes += res.nodes;
        t.r.cycles += res.cycles;
        progress(t.r.nodes + ex.running_nodes());
        t.finish(id, res.score, res.best);
        t.settle();
        // Jobs of subtrees that were cut off.
        for (c, slot) in running.iter_mut().enumerate() {
            if slot.is_some_and(|id| !t.nodes[id].alive) {
                *slot = None;
                to_abort.push(c);
            }
        }
        for c in to_abort.drain(..) {
            ex.abort(c)?;
            clock.abort();
            t.r.aborted += 1;
        }
    }
    for (c, slot) in running.iter().enumerate() {
        if slot.is_some() {
            ex.abort(c)?;
            clock.abort();
            t.r.aborted += 1;
        }
    }
    let (score, best) = t.nodes[0].result.unwrap();
    t.r.score = score;
    t.r.best = best;
    t.r.elapsed_cycles = clock.now;
    Ok(t.r)
}

/// A node of the split tree: searched on the host (its children spawned) or as one job.
struct Node<G: SplitGame> {
    pos: G::Pos,
    /// The window it was spawned with.
    alpha: i32,
    beta: i32,
    /// Best value so far and its move (split nodes).
    a: i32,
    best: Option<G::Move>,
    /// Moves in search order, and how many have been spawned.
    moves: Vec<G::Move>,
    spawned: usize,
    /// Children spawned and not finished.
    outstanding: usize,
    children: Vec<usize>,
    /// Parent, the move leading here, whether this is a null-window probe, and the parent's
    /// alpha when it was spawned.
    parent: Option<(usize, G::Move, bool, i32)>,
    depth: u32,
    alive: bool,
    result: Option<(i32, Option<G::Move>)>,
}

struct Tree<G: SplitGame> {
    cfg: SplitConfig,
    nodes: Vec<Node<G>>,
    /// Job nodes waiting for a core.
    queue: VecDeque<usize>,
    /// Nodes the table answered, with their values, to finish ([`Tree::settle`]).
    known: Vec<(usize, i32, Option<G::Move>)>,
    /// The host's transposition table ([`SplitConfig::table`]).
    table: HashMap<G::Pos, Bound<G::Move>>,
    r: SplitSolve<G::Move>,
}

/// What the host's table knows of a position: its value lies in `lower..=upper`; `best`
/// reached `lower` (or the exact value).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound<M> {
    pub lower: i32,
    pub upper: i32,
    pub best: Option<M>,
}

impl<M: Copy> Bound<M> {
    /// Nothing known yet.
    pub const UNKNOWN: Bound<M> = Bound {
        lower: i32::MIN,
        upper: i32::MAX,
        best: None,
    };

    /// The fail-hard value of a search with window (alpha, beta), when the bounds decide it.
    pub fn answer(&self, alpha: i32, beta: i32) -> Option<(i32, Option<M>)> {
        if self.lower >= beta {
            Some((beta, self.best))
        } else if self.upper <= alpha {
            Some((alpha, None))
        } else if self.lower == self.upper {
            Some((self.lower, self.best))
        } else {
            None
        }
    }

    /// Learns a fail-hard search's `score` with window (alpha, beta): alpha is an upper
    /// bound, beta a lower one, anything between exact.
    pub fn learn(&mut self, alpha: i32, beta: i32, score: i32, best: Option<M>) {
        if score <= alpha {
            self.upper = self.upper.min(alpha);
        } else if score >= beta {
            // The move that reached the highest lower bound stays.
            if beta > self.lower {
                self.lower = beta;
                self.best = best.or(self.best);
            }
        } else {
            (self.lower, self.upper) = (score, score);
            self.best = best.or(self.best);
        }
    }
}

impl<G: SplitGame> Tree<G> {
    /// A node for `pos` with window (alpha, beta): split (its eldest child spawned at once)
    /// or a job (queued; `urgent` ones first).
    fn spawn(
        &mut self,
        parent: Option<(usize, G::Move, bool, i32)>,
        pos: G::Pos,
        alpha: i32,
        beta: i32,
        depth: u32,
        urgent: bool,
    ) -> usize {
        let id = self.nodes.len();
        let probe = parent.is_some_and(|(_, _, null, _)| null);
        let seen = if self.cfg.table {
            self.table.get(&pos).copied()
        } else {
            None
        };
        let known = seen.and_then(|b| b.answer(alpha, beta));
        let mut moves = if known.is_none()
            && depth < self.cfg.depth
            && (self.cfg.split_probes || !probe)
            && G::size(&pos) > self.cfg.job_size
        {
            G::ordered_moves(&pos)
        } else {
            Vec::new()
        };
        if let Some(k) = seen
            .and_then(|b| b.best)
            .and_then(|m| moves.iter().position(|&x| x == m))
        {
            // The table's best move first, the others in the game's order.
            let m = moves.remove(k);
            moves.insert(0, m);
        }
        let split = moves.len() >= 2;
        self.nodes.push(Node {
            pos,
            alpha,
            beta,
            a: alpha,
            best: None,
            moves: if split { moves } else { Vec::new() },
            spawned: 0,
            outstanding: 0,
            children: Vec::new(),
            parent,
            depth,
            alive: true,
            result: None,
        });
        if let Some((pid, ..)) = parent {
            self.nodes[pid].children.push(id);
            self.nodes[pid].outstanding += 1;
        }
        if let Some((score, best)) = known {
            self.r.nodes += 1;
            self.r.answered += 1;
            self.known.push((id, score, best));
        } else if split {
            self.r.nodes += 1;
            self.spawn_child(id, 0, true);
        } else if urgent {
            self.queue.push_front(id);
        } else {
            self.queue.push_back(id);
        }
        id
    }

    /// Spawns move `k` of split node `id`: the full window, or a null window probe.
    fn spawn_child(&mut self, id: usize, k: usize, full: bool) {
        let n = &self.nodes[id];
        let m = n.moves[k];
        let (a, beta) = (n.a, n.beta);
        let child = G::play(&n.pos, m);
        let null = !full && self.cfg.null_window && a + 1 < beta;
        let child_alpha = if null { -(a + 1) } else { -beta };
        let depth = n.depth + 1;
        // The eldest and re-searches are on the critical path: first in the queue.
        let urgent = k == 0 || full;
        self.spawn(
            Some((id, m, null, a)),
            child,
            child_alpha,
            -a,
            depth,
            urgent,
        );
    }

    /// Node `id` has its value `score` (and move): tell its parent.
    fn finish(&mut self, id: usize, score: i32, best: Option<G::Move>) {
        self.nodes[id].result = Some((score, best));
        self.nodes[id].alive = false;
        if self.cfg.table {
            let n = &self.nodes[id];
            self.table
                .entry(n.pos)
                .or_insert(Bound::UNKNOWN)
                .learn(n.alpha, n.beta, score, best);
        }
        let Some((pid, m, null, a0)) = self.nodes[id].parent else {
            return;
        };
        if !self.nodes[pid].alive {
            return;
        }
        let v = -score;
        let parent = &mut self.nodes[pid];
        parent.outstanding -= 1;
        if v >= parent.beta {
            let beta = parent.beta;
            self.cancel(pid);
            self.finish(pid, beta, Some(m));
            return;
        }
        let eldest = parent.spawned == 0;
        if eldest {
            parent.spawned = 1;
        }
        if v > parent.a {
            parent.a = v;
            parent.best = Some(m);
        }
        if null && v > a0 {
            // The probe failed high: only a lower bound. Search the move again, fully.
            let k = parent.moves.iter().position(|&x| x == m).unwrap();
            self.spawn_child(pid, k, true);
        }
        if eldest {
            // Young brothers wait: the others start once the eldest is known.
            let n = self.nodes[pid].moves.len();
            for k in 1..n {
                self.spawn_child(pid, k, !self.cfg.null_window);
            }
            self.nodes[pid].spawned = n;
        }
        let parent = &self.nodes[pid];
        if parent.outstanding == 0 {
            let (a, best) = (parent.a, parent.best);
            self.finish(pid, a, best);
        }
    }

    /// Finishes the nodes the table answered, and those their values answer in turn.
    fn settle(&mut self) {
        while let Some((id, score, best)) = self.known.pop() {
            if self.nodes[id].alive {
                self.finish(id, score, best);
            }
        }
    }

    /// Node `id` is cut off: its subtree is dropped (queued jobs skipped, running ones aborted
    /// by the caller).
    fn cancel(&mut self, id: usize) {
        let mut stack = std::mem::take(&mut self.nodes[id].children);
        while let Some(c) = stack.pop() {
            if self.nodes[c].alive {
                self.nodes[c].alive = false;
                stack.extend(std::mem::take(&mut self.nodes[c].children));
            }
        }
    }
}

/// The job cores of the design behind a link, as an [`Executor`] for [`solve_split`] and
/// [`run_jobs`]: jobs
/// go to their core by index, and finished ones are found with `JOB_CORES`.
pub struct LinkExecutor<'a, G: JobGame, T: Transport> {
    link: &'a mut Link<T>,
    running: Vec<bool>,
    /// The job each core runs or ran last (run again when its result is lost).
    jobs: Vec<Option<Job<G::Pos>>>,
    /// Jobs run a second time because their result was lost on the line (see
    /// [`LinkExecutor::rerun`]).
    pub reruns: u64,
    /// Jobs loaded and started again because a load's answer was lost on the line (see
    /// [`LinkExecutor::job_started`]).
    pub reloads: u64,
    /// The cores' states at the last `JOB_CORES` poll (a core started since counts as
    /// running).
    states: Vec<u8>,
}

impl<'a, G: JobGame, T: Transport> LinkExecutor<'a, G, T> {
    /// Asks the design how many cores it has; fails if one of them is busy.
    pub fn new(link: &'a mut Link<T>) -> Result<Self, LinkError> {
        let states = link.job_cores()?;
        if let Some(c) = states.iter().position(|&s| s == job::RUNNING) {
            return Err(LinkError::Malformed {
                op: "JOB_CORES",
                why: format!("core {c} is already running a job"),
            });
        }
        Ok(LinkExecutor {
            running: vec![false; states.len()],
            jobs: vec![None; states.len()],
            link,
            reruns: 0,
            reloads: 0,
            states: vec![job::RUNNING; states.len()],
        })
    }

    /// `JOB_START`'s arguments for `job` on `core`.
    fn start_arg(core: usize, job: &Job<G::Pos>) -> Vec<u8> {
        let mut arg = vec![core as u8];
        arg.extend(G::encode_job(job));
        arg
    }

    /// The `JOB_LOAD` requests of `job` on `core` ([`JobGame::loads`]).
    fn load_requests(core: usize, job: &Job<G::Pos>) -> Vec<(u8, Vec<u8>)> {
        let loads = G::loads(core as u8, job).into_iter();
        loads.map(|l| (op::JOB_LOAD, l)).collect()
    }

    /// The requests that start `job` on `core`: its loads, then its `JOB_START`.
    fn start_requests(core: usize, job: &Job<G::Pos>) -> Vec<(u8, Vec<u8>)> {
        let mut r = Self::load_requests(core, job);
        r.push((op::JOB_START, Self::start_arg(core, job)));
        r
    }

    /// A `JOB_LOAD` answer: the word is in.
    fn loaded(f: &Frame) -> Result<(), LinkError> {
        match f.error() {
            None => Ok(()),
            Some((code, _)) => Err(LinkError::Device {
                op: "JOB_LOAD",
                code,
            }),
        }
    }

    /// A batch's requests, borrowed for `Link::request_batch`.
    fn borrowed(owned: &[(u8, Vec<u8>)]) -> Vec<(u8, &[u8])> {
        owned.iter().map(|(o, a)| (*o, a.as_slice())).collect()
    }

    /// The answers to the requests that started `job` on `core` ([`Self::start_requests`]),
    /// taken from a batch's. A load whose answer came only to a retry was sent again after
    /// the job's start (refused: the core runs) or ran twice, and the job may have started on
    /// a word of the position before: the job is aborted, loaded and started again alone.
    fn job_started(
        &mut self,
        core: usize,
        job: Job<G::Pos>,
        answers: &mut impl Iterator<Item = BatchAnswer>,
    ) -> Result<(), LinkError> {
        let mut next = || answers.next().expect("a batch answers every request");
        let loads: Vec<BatchAnswer> = (0..G::LOADS).map(|_| next()).collect();
        let start = next();
        if loads.iter().any(|a| a.retried) {
            self.link.core_abort(core as u8)?;
            self.load(core, &job)?;
            self.link.job_start(&Self::start_arg(core, &job))?;
            self.mark_started(core, job);
            self.reloads += 1;
            return Ok(());
        }
        for a in &loads {
            Self::loaded(&a.frame)?;
        }
        self.started(core, job, &start.frame)
    }

    /// Sends `job`'s loads to `core` in one write, and checks their answers.
    fn load(&mut self, core: usize, job: &Job<G::Pos>) -> Result<(), LinkError> {
        let requests = Self::load_requests(core, job);
        if requests.is_empty() {
            return Ok(());
        }
        for a in self.link.request_batch(&Self::borrowed(&requests))? {
            Self::loaded(&a.frame)?;
        }
        Ok(())
    }

    /// A batch's `JOB_START` answer: the job runs. `BUSY` means the same: the core was idle
    /// before the batch (the executor starts every job), so a `BUSY` is a retry of the batch's
    /// start that ran and found its own job running (`Link::request_batch`).
    fn started(&mut self, core: usize, job: Job<G::Pos>, f: &Frame) -> Result<(), LinkError> {
        match f.error() {
            None => {
                JobStatus::decode(&f.payload)?;
            }
            Some((err::BUSY, _)) => {}
            Some((code, _)) => {
                return Err(LinkError::Device {
                    op: "JOB_START",
                    code,
                })
            }
        }
        self.mark_started(core, job);
        Ok(())
    }

    fn mark_started(&mut self, core: usize, job: Job<G::Pos>) {
        self.running[core] = true;
        self.jobs[core] = Some(job);
        self.states[core] = job::RUNNING;
    }

    /// A running core that the last poll found done (none if every running core was still
    /// running then).
    fn found_done(&self) -> Result<Option<usize>, LinkError> {
        for (c, &st) in self.states.iter().enumerate() {
            if !self.running.get(c).copied().unwrap_or(false) || st == job::RUNNING {
                continue;
            }
            if st != job::DONE {
                return Err(LinkError::Malformed {
                    op: "JOB_CORES",
                    why: format!("core {c} stopped in state {}", job::name(st)),
                });
            }
            return Ok(Some(c));
        }
        Ok(None)
    }

    /// Polls until a running core is done; that core, taken. A poll shows every core: the
    /// cores it found done besides the one taken are taken from it later, without a poll (a
    /// round trip) of their own.
    fn wait_done(&mut self) -> Result<usize, LinkError> {
        let mut poll = false;
        loop {
            if poll {
                self.states = self.link.job_cores()?;
            }
            poll = true;
            if let Some(c) = self.found_done()? {
                self.running[c] = false;
                return Ok(c);
            }
            if !self.running.iter().any(|&r| r) {
                return Err(LinkError::Malformed {
                    op: "JOB_CORES",
                    why: "waiting with no job running".into(),
                });
            }
        }
    }

    /// The answer to the `JOB_RESULT` of the job that ended on `core` was lost on the line,
    /// and its retry came after `next` had started (or loaded) there: `next` is aborted, the
    /// ended job loaded and run again alone and its result read, then `next` loaded and
    /// started again. Jobs are deterministic, so the second run gives the first one's result.
    fn rerun(
        &mut self,
        core: usize,
        ended: Job<G::Pos>,
        next: Job<G::Pos>,
    ) -> Result<JobResult<G::Move>, LinkError> {
        self.link.core_abort(core as u8)?;
        self.load(core, &ended)?;
        let r = self.link.run_job_on(
            Some(core as u8),
            &G::encode_job(&ended),
            "a job run again",
            |_| {},
        )?;
        let res = G::decode_result(&r)?;
        self.load(core, &next)?;
        self.link.job_start(&Self::start_arg(core, &next))?;
        self.mark_started(core, next);
        self.reruns += 1;
        Ok(res)
    }
}

impl<G: JobGame, T: Transport> Executor<G> for LinkExecutor<'_, G, T> {
    type Error = LinkError;
    fn cores(&self) -> usize {
        self.running.len()
    }
    fn start(&mut self, core: usize, j: Job<G::Pos>) -> Result<(), LinkError> {
        self.start_all(&[(core, j)])
    }
    fn start_all(&mut self, jobs: &[(usize, Job<G::Pos>)]) -> Result<(), LinkError> {
        let owned: Vec<(u8, Vec<u8>)> = jobs
            .iter()
            .flat_map(|(c, j)| Self::start_requests(*c, j))
            .collect();
        let mut answers = self
            .link
            .request_batch(&Self::borrowed(&owned))?
            .into_iter();
        for &(core, job) in jobs {
            self.job_started(core, job, &mut answers)?;
        }
        Ok(())
    }
    fn wait_any(&mut self) -> Result<(usize, JobResult<G::Move>), LinkError> {
        let core = self.wait_done()?;
        let r = self.link.core_result(core as u8)?;
        Ok((core, G::decode_result(&r)?))
    }
    fn wait_some_then_start(&mut self, next: &[Job<G::Pos>]) -> Result<Done<G::Move>, LinkError> {
        // The cores the poll found done, as many as one write holds.
        let mut done = vec![self.wait_done()?];
        loop {
            let Some(c) = self.found_done()? else { break };
            let starts = next.len().min(done.len() + 1);
            if batch_len(done.len() + 1, starts, job_request_bytes::<G>()) <= done.len() {
                break;
            }
            self.running[c] = false;
            done.push(c);
        }
        // Each core's result, then its next job's loads and start: a load makes a finished
        // core idle, so the result is read first.
        let owned: Vec<(u8, Vec<u8>)> = done
            .iter()
            .enumerate()
            .flat_map(|(i, &c)| {
                let result = (op::JOB_RESULT, vec![c as u8]);
                let starts = next.get(i).map(|j| Self::start_requests(c, j));
                std::iter::once(result).chain(starts.into_iter().flatten())
            })
            .collect();
        let mut answers = self
            .link
            .request_batch(&Self::borrowed(&owned))?
            .into_iter();
        let mut out = Vec::with_capacity(done.len());
        for (i, &core) in done.iter().enumerate() {
            let result = answers.next().expect("a batch answers every request");
            let ended = self.jobs[core].expect("a core that ended a job ran one");
            let res = match next.get(i) {
                Some(&job) => {
                    self.job_started(core, job, &mut answers)?;
                    if result.retried {
                        // The retry came after the next job's start: it read that job, not
                        // the ended one.
                        out.push((core, self.rerun(core, ended, job)?));
                        continue;
                    }
                    result.frame
                }
                None => result.frame,
            };
            match res.error() {
                None => out.push((core, G::decode_result(&res.payload)?)),
                Some((code, _)) => {
                    return Err(LinkError::Device {
                        op: "JOB_RESULT",
                        code,
                    })
                }
            }
        }
        Ok(out)
    }
    fn abort(&mut self, core: usize) -> Result<(), LinkError> {
        self.link.core_abort(core as u8)?;
        self.running[core] = false;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gateware::{BoardId, Design};
    use model::link::Identity;

    /// The table's bounds answer a window only when they decide it, fail-hard, and every
    /// search's result narrows them the way its window says.
    #[test]
    fn a_bound_answers_only_what_it_knows() {
        let mut b = Bound::<u32>::UNKNOWN;
        assert_eq!(b.answer(-5, 5), None);
        // Failed low at (2, 3): the value is at most 2.
        b.learn(2, 3, 2, None);
        assert_eq!((b.lower, b.upper), (i32::MIN, 2));
        assert_eq!(b.answer(2, 3), Some((2, None)));
        assert_eq!(b.answer(4, 9), Some((4, None)));
        assert_eq!(b.answer(1, 9), None);
        // Failed high at (-3, -2) with move 7: at least -2.
        b.learn(-3, -2, -2, Some(7));
        assert_eq!((b.lower, b.upper, b.best), (-2, 2, Some(7)));
        assert_eq!(b.answer(-9, -2), Some((-2, Some(7))));
        assert_eq!(b.answer(-9, -1), None);
        // A lower fail-high keeps the move of the higher one.
        b.learn(-6, -5, -5, Some(3));
        assert_eq!((b.lower, b.upper, b.best), (-2, 2, Some(7)));
        // Exact inside its window: answers any window, clamped the fail-hard way.
        b.learn(-10, 10, 1, Some(9));
        assert_eq!((b.lower, b.upper, b.best), (1, 1, Some(9)));
        assert_eq!(b.answer(-10, 10), Some((1, Some(9))));
        assert_eq!(b.answer(1, 10), Some((1, None)));
        assert_eq!(b.answer(-10, 1), Some((1, Some(9))));
        assert_eq!(b.answer(3, 10), Some((3, None)));
    }

    fn identity(name: &str, clock_hz: u32, divisor: u16) -> Identity {
        Identity {
            name: name.into(),
            version: (0, 0, 0),
            max_payload: 32,
            clock_hz,
            divisor,
        }
    }

    /// The simulated board's link time is counted at the design's ULX3S build; a real board's
    /// at what it reports; a name no design has keeps what it reports.
    #[test]
    fn link_rate_of_the_simulated_and_of_a_real_board() {
        let sim = gateware::CoreParams::sim();
        for d in [Design::ChessX2, Design::OthelloX8, Design::Link] {
            let got = link_rate(&identity(d.name(), sim.clock_hz, sim.divisor as u16));
            let hz = d.core_clock_hz(BoardId::Ulx3s).unwrap();
            assert_eq!(got, (f64::from(hz), d.default_baud()), "{}", d.name());
        }
        assert_eq!(
            link_rate(&identity("chess-x2", 30_000_000, 10)),
            (30e6, 3_000_000)
        );
        assert_eq!(
            link_rate(&identity("no-such", sim.clock_hz, sim.divisor as u16)),
            (f64::from(sim.clock_hz), sim.clock_hz / sim.divisor)
        );
    }

    /// A job's link time is its bytes at the baud rate and its USB round trips: Othello's on
    /// `othello-x8` (eight cores, 2 Mbaud, 40 MHz), 92 bytes (18,400 cycles) and 3 ms
    /// (120,000 cycles).
    #[test]
    fn an_othello_job_on_the_link() {
        type G = crate::othello::Othello;
        assert_eq!(link_bytes_per_job(G::START_LEN, G::RESULT_LEN, 8), 92);
        assert_eq!(link_cycles_per_job::<G>(40e6, 2_000_000, 8), 138_400);
        // A faster link saves only the bytes' time.
        assert_eq!(link_cycles_per_job::<G>(40e6, 3_000_000, 8), 132_267);
    }

    /// On the simulated `chess-x2`: the ULX3S build's clock and baud rate, in a thread's cycles
    /// (four clocks), eight cores.
    #[test]
    fn a_chess_job_on_the_simulated_board_in_thread_cycles() {
        type G = crate::chess::ChessPerft;
        let sim = gateware::CoreParams::sim();
        let id = identity("chess-x2", sim.clock_hz, sim.divisor as u16);
        let x2 = Design::ChessX2;
        let thread_hz = f64::from(x2.core_clock_hz(BoardId::Ulx3s).unwrap()) / 4.0;
        let baud = x2.default_baud();
        assert_eq!(
            board_link_cycles_per_job::<G>(&id, 8),
            link_cycles_per_job::<G>(thread_hz, baud, 8)
        );
        let batched = JobsLink::of_board::<G>(&id, 8);
        assert_eq!(batched, JobsLink::of::<G>(thread_hz, baud, 8));
        // A job batched: two round trips of 1 ms instead of three, and its start's answer
        // while it runs (a cycle of rounding apart).
        let saved = link_cycles_per_job::<G>(thread_hz, baud, 8) - batched.per_job();
        let round_trip = thread_hz * USB_ROUND_TRIP_S;
        let start_answer = batched.start.answer as f64;
        assert!(
            (saved as f64 - round_trip - start_answer).abs() <= 2.0,
            "{saved} cycles saved"
        );
        assert_eq!(batched.round_trip, round_trip.ceil() as u64);
    }

    /// Round figures: a start's request 8 cycles and its answer 2, a poll's 1 and 2, a
    /// result's 1 and 4, a round trip 100: a poll takes 103.
    const LINK: JobsLink = JobsLink {
        start: Exchange {
            request: 8,
            answer: 2,
        },
        poll: Exchange {
            request: 1,
            answer: 2,
        },
        result: Exchange {
            request: 1,
            answer: 4,
        },
        abort: Exchange {
            request: 1,
            answer: 2,
        },
        round_trip: 100,
        load: Exchange {
            request: 0,
            answer: 0,
        },
        loads: 0,
        start_request: 37,
    };

    /// The split's host, one request at a time: a job starts once its request is in; the
    /// host polls from when the link is free, one poll a period (103), until a poll sees a job
    /// ended; a core the last poll saw done costs no poll; results and aborts are one
    /// exchange each.
    #[test]
    fn the_board_time_of_a_split_on_the_link() {
        let mut c = HostClock::new(2, LINK);
        c.start_all([0]);
        assert_eq!((c.end(0, 50), c.now), (58, 110));
        c.start_all([1]);
        assert_eq!((c.end(1, 400), c.now), (518, 220));
        // The first poll comes in at 221: core 0 had ended at 58, core 1 runs to 518.
        assert_eq!(c.first_found([(0, 58), (1, 518)].into_iter()), Some(0));
        c.done(0, 50);
        assert_eq!(c.now, 220 + 103 + 105);
        c.start_all([0]);
        assert_eq!((c.end(0, 10), c.now), (446, 538));
        // The poll that comes in at 539 sees both ended: the lower core first, then core 1
        // without a poll of its own.
        assert_eq!(c.first_found([(0, 446), (1, 518)].into_iter()), Some(0));
        assert_eq!(c.first_found([(1, 518), (0, 446)].into_iter()), Some(0));
        c.done(0, 10);
        assert_eq!(c.now, 538 + 103 + 105);
        c.done(1, 400);
        assert_eq!(c.now, 746 + 105);
        c.abort();
        assert_eq!(c.now, 851 + 103);
        // A long job: polls at 1065, 1168, ..., the tenth (1992) sees it ended at 1962.
        c.start_all([1]);
        assert_eq!((c.end(1, 1_000), c.now), (1_962, 1_064));
        c.done(1, 1_000);
        assert_eq!(c.now, 1_064 + 10 * 103 + 105);
        assert_eq!(c.first_found(std::iter::empty()), None);
        // Two starts in one write: the second job starts after both requests' bytes are
        // in, and the answers come back together, a round trip after the last.
        c.start_all([0, 1]);
        assert_eq!((c.end(0, 0), c.end(1, 0)), (2_199 + 8, 2_199 + 16));
        assert_eq!(c.now, 2_199 + 16 + 2 + 100);
    }

    /// Jobs that end together share one poll and one write of results; jobs that end apart
    /// each cost a poll and a result; polls go out one after another whether or not a job
    /// has ended.
    #[test]
    fn the_board_time_of_jobs_batched_on_the_link() {
        assert_eq!(LINK.elapsed(&[], 4), 0);
        assert_eq!(LINK.per_job(), 8 + 103 + 5 + 100);
        // One job: it runs from 8 (its start is in) to 1008; the start's answer is back at
        // 110, and polls go out at 110, 213, ...: the tenth (110 + 9 * 103) sees it ended,
        // its answer is back at 1140, the result's at 1245 (the job alone, `per_job`, and
        // the poll's 29 cycles late).
        assert_eq!(LINK.elapsed(&[1000], 4), 1110 + 30 + 105);
        assert_eq!(LINK.elapsed(&[1000], 4), 1000 + LINK.per_job() + 29);
        // Four jobs started one after another (in at 8, 16, 24 and 32, the answers back at
        // 134) that end together at 1032: the poll at 1061 sees them all (its answer back at
        // 1164), one write of four results (the answers one after another: 1181, then 1281).
        assert_eq!(
            LINK.elapsed(&[1024, 1016, 1008, 1000], 4),
            1164 + 1 + 4 * 4 + 100
        );
        // Far apart: each its own poll and result.
        let apart = LINK.elapsed(&[1000, 5000], 2);
        assert!(apart >= 16 + 5000 + LINK.per_job(), "{apart}");
        assert!(apart <= 16 + 5000 + LINK.per_job() + 103, "{apart}");
        // More jobs than cores: a write of results starts as many jobs as it read. Two cores,
        // three jobs: the first two end at 1008 and 1016, the poll at 1047 sees both (its
        // answer back at 1148); one write reads both and starts the third with the first
        // result (in at 1157, it ends at 1457; the answers back at 1263); the third is seen
        // by the poll at 1470 (1263 + 2 * 103 + 1), its result back at 1677.
        assert_eq!(
            LINK.elapsed(&[1000, 1000, 300], 2),
            1263 + 3 * 103 + 5 + 100
        );
        // Three results with starts take two writes (the device's receive buffer: two
        // result-start pairs of 44 bytes a write), the second without a poll of its own.
        let one_write = LINK.elapsed(&[1000, 1000, 100, 100], 2);
        let two_writes = LINK.elapsed(&[1000, 1000, 1000, 100, 100, 100], 3);
        assert!(
            two_writes >= one_write + 8 + 105,
            "{two_writes} {one_write}"
        );
    }

    /// Job cores (the reference device model's job control) whose jobs end after a number of
    /// `JOB_CORES` polls, each job's result its tag.
    struct PollCores {
        jobs: model::job_control::JobControlModel,
        /// Per core: its state, polls left, tag.
        cores: Vec<(u8, u8, u8)>,
    }

    impl model::link_device::CoreModel for PollCores {
        fn command(&mut self, opc: u8, p: &[u8]) -> model::link_device::CoreAnswer {
            use model::job_control::{CoreView, JobAction};
            if opc == op::JOB_CORES {
                for (state, left, _) in self.cores.iter_mut().filter(|c| c.0 == job::RUNNING) {
                    *left = left.saturating_sub(1);
                    if *left == 0 {
                        *state = job::DONE;
                    }
                }
            }
            let cores = self.cores.clone();
            let view = |i: usize| CoreView {
                state: cores[i].0,
                progress: 0,
                result: Some(u64::from(cores[i].2).to_le_bytes().to_vec()),
            };
            let (answer, action) = self.jobs.command(opc, p, view, |_| true);
            if let JobAction::Start { core, args } = action {
                self.cores[core] = (job::RUNNING, args[0], args[1]);
            }
            answer
        }
    }

    /// A job of [`PollCores`]: (polls, tag), in the longest `JOB_START` the link carries.
    struct Polls;

    impl JobGame for Polls {
        type Pos = (u8, u8);
        type Move = ();
        const START_LEN: usize = model::link::MAX_PAYLOAD - model::link::CORE_INDEX_LEN;
        const RESULT_LEN: usize = 8;
        fn encode_job(job: &Job<(u8, u8)>) -> Vec<u8> {
            let mut p = vec![0; Self::START_LEN];
            (p[0], p[1]) = job.pos;
            p
        }
        fn decode_result(p: &[u8]) -> Result<JobResult<()>, PayloadError> {
            let tag = u64::from_le_bytes(p.try_into().map_err(|_| PayloadError::Length {
                what: "JOB_RESULT",
                expected: Self::RESULT_LEN,
                got: p.len(),
            })?);
            Ok(JobResult {
                score: 0,
                best: None,
                nodes: tag,
                cycles: 1,
                expanded: 0,
            })
        }
    }

    /// The cores one poll finds done have their results read, and their next jobs started, in
    /// one write, as many as the device's receive buffer takes. Eight jobs on four cores, each
    /// done at the second poll after its start: the starts (one write), two polls, the four
    /// results with the next four starts in two writes (two pairs of 38 and 7 bytes a write),
    /// then two polls and one write of four results: eight writes (one a result, thirteen).
    #[test]
    fn results_found_done_together_are_read_together() {
        let jobs = model::job_control::JobControlModel::new(4, Polls::START_LEN);
        let device = model::link_device::LinkDevice::new(
            identity("polls", 1_000_000, 10),
            PollCores {
                jobs,
                cores: vec![(job::IDLE, 0, 0); 4],
            },
        );
        let mut l = Link::new(crate::transport::ModelTransport::new(device));
        let mut ex = LinkExecutor::<Polls, _>::new(&mut l).unwrap();
        let list: Vec<Job<(u8, u8)>> = (0..8u8)
            .map(|tag| Job {
                pos: (2, tag),
                alpha: 0,
                beta: 0,
            })
            .collect();
        let before = ex.link.stats.writes;
        let run = run_jobs(&mut ex, &list, JobsLink::default(), |_| {}).unwrap();
        let tags: Vec<u64> = run.results.iter().map(|r| r.nodes).collect();
        assert_eq!(tags, (0..8).collect::<Vec<u64>>());
        assert_eq!(ex.link.stats.writes - before, 8);
        assert_eq!(ex.reruns, 0);
    }

    /// A write holds as many requests as the device's receive buffer: results (seven bytes
    /// each) with the next jobs' starts (the chess start's 37 bytes) two by two, results
    /// alone eighteen by eighteen; always one.
    #[test]
    fn how_many_results_a_write_reads() {
        type C = crate::chess::ChessPerft;
        assert_eq!(RESULT_REQUEST_BYTES, 7);
        let start = start_request_bytes(C::START_LEN, 0, 0);
        assert_eq!(start, 37);
        assert_eq!(batch_len(8, 8, start), 2);
        assert_eq!(batch_len(8, 1, start), 8);
        assert_eq!(batch_len(30, 0, start), 128 / 7);
        assert_eq!(batch_len(1, 1, 500), 1);
        assert_eq!(batch_len(0, 0, 0), 0);
    }
}
