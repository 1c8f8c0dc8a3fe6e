//! The host driver over a faulty line to the simulated board: flipped bits, dropped,
//! duplicated and garbage bytes, truncated frames in both directions. No corrupted frame is
//! accepted (every answer is checked against what it must be), every request gets its answer
//! through retries, commands run exactly once, and the device never hangs.

use gateware::Design;
use host::split::{run_jobs, Job, JobGame, JobResult, JobsLink, LinkExecutor};
use host::transport::FaultConfig;
use host::{FaultyTransport, Link, SimTransport};
use model::link::{self, job};
use model::link_device;
use rand::{rngs::StdRng, Rng, SeedableRng};
use sim::{BackendKind, SimBoard};

const SEED: u64 = 0xfa17_0001;

/// The simulated `link` design behind a line that corrupts each byte with probability `p`
/// per kind of fault, both ways, the faults and the host's sequence numbers and nonces seeded
/// (a run repeats byte for byte).
fn faulty_link(kind: BackendKind, p: f64, seed: u64) -> Link<FaultyTransport<SimTransport>> {
    let board = SimBoard::open(Design::Link, kind).unwrap();
    Link::new(FaultyTransport::new(
        SimTransport::new(board),
        FaultConfig::uniform(p),
        FaultConfig::uniform(p),
        seed,
    ))
    .with_seed(seed)
}

fn run(kind: BackendKind, requests: usize, p: f64) {
    println!(
        "seed {SEED:#x}, backend {}, fault probability {p} per byte and kind",
        kind.name()
    );
    let mut l = faulty_link(kind, p, SEED);
    let mut r = StdRng::seed_from_u64(SEED + 1);
    let mut wrong = 0u64;
    let mut job_starts = 0u64;
    for i in 0..requests {
        match r.gen_range(0..4) {
            0 => {
                let id = l.identify().unwrap_or_else(|e| panic!("request {i}: {e}"));
                if id.name != "link" || u32::from(id.divisor) != gateware::design::SIM_DIVISOR {
                    wrong += 1;
                }
            }
            1 | 2 => {
                let n = r.gen_range(0..=link::MAX_PAYLOAD);
                let payload: Vec<u8> = (0..n).map(|_| r.gen()).collect();
                let got = l
                    .call(link::op::ECHO, &payload)
                    .unwrap_or_else(|e| panic!("request {i}: {e}"));
                if got != payload {
                    wrong += 1;
                }
            }
            _ => {
                // Exactly once: a started job answers RUNNING; had a retry run the command a
                // second time, the device would have answered BUSY.
                let st = l
                    .job_start(&1_000_000u32.to_le_bytes())
                    .unwrap_or_else(|e| panic!("request {i}: {e}"));
                job_starts += 1;
                if st.state != job::RUNNING || st.progress != 0 {
                    wrong += 1;
                }
                let st = l.job_abort().unwrap_or_else(|e| panic!("request {i}: {e}"));
                if st.state != job::ABORTED {
                    wrong += 1;
                }
            }
        }
    }
    let s = l.stats;
    let f = l.transport.counts;
    println!(
        "{}: requests {} frames sent {} faults injected {} ({f:?}) retries {} timeouts {} bad-CRC replies {} rejected frames {} ignored frames {} job starts {job_starts} wrong answers {wrong}",
        kind.name(),
        s.requests,
        s.frames_sent,
        f.total(),
        s.retries,
        s.timeouts,
        s.bad_crc_replies,
        s.rejected_frames,
        s.ignored_frames
    );
    assert_eq!(wrong, 0, "wrong answers accepted (seed {SEED:#x})");
    assert!(
        f.total() > 0 && s.retries > 0,
        "the test injected no faults"
    );
    // The device is not hung: on a clean line it answers at the first attempt.
    l.transport.to_device = FaultConfig::NONE;
    l.transport.to_host = FaultConfig::NONE;
    let before = l.stats.frames_sent;
    assert_eq!(l.identify().unwrap().name, "link");
    assert_eq!(
        l.stats.frames_sent,
        before + 1,
        "the device needed a retry on a clean line"
    );
}

#[test]
fn faults_verilator() {
    if !sim::tools::require_verilator_backend("faults_verilator") {
        return;
    }
    run(BackendKind::Verilator, 2000, 0.002);
}

#[test]
fn faults_rust() {
    run(BackendKind::Rust, 60, 0.002);
}

#[test]
fn wait_job_polls_aborts_and_reports() {
    let board = SimBoard::open(Design::Link, BackendKind::default_available()).unwrap();
    let mut l = Link::new(SimTransport::new(board));
    assert!(matches!(
        l.job_result(),
        Err(host::LinkError::Device {
            code: link::err::NO_RESULT,
            ..
        })
    ));
    let st = l.job_start(&20_000u32.to_le_bytes()).unwrap();
    assert_eq!(st.state, job::RUNNING);
    assert!(matches!(
        l.job_start(&5u32.to_le_bytes()),
        Err(host::LinkError::Device {
            code: link::err::BUSY,
            ..
        })
    ));
    let mut last = 0;
    let mut polls = 0;
    loop {
        let st = l.job_poll().unwrap();
        assert!(st.progress >= last, "progress went backwards");
        last = st.progress;
        polls += 1;
        if st.state == job::DONE {
            break;
        }
        assert_eq!(st.state, job::RUNNING);
    }
    assert!(polls > 2, "job finished before it could be polled");
    let r = l.job_result().unwrap();
    assert_eq!(u64::from_le_bytes(r.try_into().unwrap()), 20_000);
    let c1 = l.counter().unwrap();
    let c2 = l.counter().unwrap();
    assert!(c2 > c1, "cycle counter is not running: {c1} then {c2}");
    assert!(matches!(
        l.job_start(&[1, 2]),
        Err(host::LinkError::Device {
            code: link::err::BAD_LENGTH,
            ..
        })
    ));
}

/// The `link` core's wait job as a job of the generic scheduler: the job is a number of
/// cycles, its result the cycles waited.
struct Wait;

impl JobGame for Wait {
    type Pos = u32;
    type Move = ();
    const START_LEN: usize = link_device::WAIT_JOB_ARG_LEN;
    const RESULT_LEN: usize = link_device::WAIT_JOB_RESULT_LEN;
    fn encode_job(job: &Job<u32>) -> Vec<u8> {
        job.pos.to_le_bytes().to_vec()
    }
    fn decode_result(p: &[u8]) -> Result<JobResult<()>, link::PayloadError> {
        let waited = u64::from_le_bytes(p.try_into().map_err(|_| link::PayloadError::Length {
            what: "wait JOB_RESULT",
            expected: Self::RESULT_LEN,
            got: p.len(),
        })?);
        Ok(JobResult {
            score: 0,
            best: None,
            nodes: waited,
            cycles: waited,
            expanded: 0,
        })
    }
}

/// `run_jobs` batches its requests (a result with the next start, `Link::request_batch`):
/// over a faulty line every job's result is its own (each job waits a different number of
/// cycles), including results lost after the next start ran, which the executor gets by
/// running the job again.
#[test]
fn batched_jobs_over_a_faulty_line() {
    let seed = SEED + 2;
    let p = 0.004;
    println!("seed {seed:#x}, fault probability {p} per byte and kind");
    let mut l = faulty_link(BackendKind::Rust, p, seed);
    let jobs: Vec<Job<u32>> = (0..40u32)
        .map(|i| Job {
            pos: 50 + 7 * i,
            alpha: 0,
            beta: 0,
        })
        .collect();
    let mut ex = LinkExecutor::<Wait, _>::new(&mut l).unwrap();
    let run = run_jobs(&mut ex, &jobs, JobsLink::default(), |_| {}).unwrap();
    let reruns = ex.reruns;
    let waited: Vec<u64> = run.results.iter().map(|r| r.nodes).collect();
    let asked: Vec<u64> = jobs.iter().map(|j| u64::from(j.pos)).collect();
    assert_eq!(
        waited, asked,
        "a job's result is another's (seed {seed:#x})"
    );
    assert_eq!(run.cycles, asked.iter().sum::<u64>());
    let (s, f) = (l.stats, l.transport.counts);
    println!(
        "requests {} frames sent {} faults injected {} retries {} reruns {reruns}",
        s.requests,
        s.frames_sent,
        f.total(),
        s.retries
    );
    assert!(s.retries > 0, "the test injected no faults");
    assert!(reruns > 0, "no result was lost after its core's next start");
}
