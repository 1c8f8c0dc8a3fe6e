//! The shared job control block (`gateware::common::JobControl`) against its reference model
//! (`model::job_control::JobControlModel`), command by command, on seeded random commands
//! (every job opcode and others; plain, indexed and wrong lengths; core indices in and past
//! range) and random core states (with the lower-priority flags and the bits past the last
//! core set at random, which must not matter). Then the same stimulus on the emitted Verilog.

use gateware::common::link_engine::{bits_to_bytes, bytes_to_bits};
use gateware::common::JobControl;
use model::job_control::{CoreView, JobAction, JobControlModel};
use model::link::{job, op, MAX_CORES, MAX_PAYLOAD};
use rand::{rngs::StdRng, Rng, SeedableRng};
use rust_hdl::prelude::*;
use sim::cosim::cosim;

const SEED: u64 = 0x10bc_0001;

/// One step of stimulus: a command and the cores' state.
#[derive(Clone, Debug)]
struct Step {
    valid: bool,
    opc: u8,
    payload: Vec<u8>,
    states: Vec<u8>,
    busy: u32,
    done: u32,
    aborted: u32,
    progress: u64,
    result: Vec<u8>,
    result_ok: bool,
    args_ok: bool,
}

fn step(r: &mut StdRng, cores: usize, start_len: usize) -> Step {
    let opc = match r.gen_range(0..12) {
        0..=2 => op::JOB_START,
        3 | 4 => op::JOB_POLL,
        5 | 6 => op::JOB_ABORT,
        7 | 8 => op::JOB_RESULT,
        9 => op::JOB_CORES,
        10 => op::ECHO,
        _ => r.gen(),
    };
    let plain = if opc == op::JOB_START { start_len } else { 0 };
    let len = match r.gen_range(0..6) {
        0 | 1 => plain,
        2..=4 => plain + 1,
        _ => r.gen_range(0..=MAX_PAYLOAD),
    };
    let mut payload: Vec<u8> = (0..len).map(|_| r.gen()).collect();
    if len == plain + 1 && r.gen_bool(0.9) {
        payload[0] = r.gen_range(0..cores as u8 + 2);
    }
    let states: Vec<u8> = (0..cores).map(|_| r.gen_range(0..4u8)).collect();
    // Flags: the state's own flag, lower-priority flags at random, garbage past the cores.
    let (mut busy, mut done, mut aborted) = (0u32, 0u32, 0u32);
    for (i, &s) in states.iter().enumerate() {
        let bit = 1u32 << i;
        match s {
            job::RUNNING => {
                busy |= bit;
                done |= bit * r.gen_range(0..2u32);
                aborted |= bit * r.gen_range(0..2u32);
            }
            job::DONE => {
                done |= bit;
                aborted |= bit * r.gen_range(0..2u32);
            }
            job::ABORTED => aborted |= bit,
            _ => {}
        }
    }
    let past = if cores < 32 { !0u32 << cores } else { 0 };
    busy |= r.gen::<u32>() & past;
    done |= r.gen::<u32>() & past;
    aborted |= r.gen::<u32>() & past;
    Step {
        valid: r.gen_bool(0.9),
        opc,
        payload,
        states,
        busy,
        done,
        aborted,
        progress: r.gen(),
        result: (0..MAX_PAYLOAD).map(|_| r.gen()).collect(),
        result_ok: r.gen_bool(0.7),
        args_ok: r.gen_bool(0.8),
    }
}

fn drive(u: &mut JobControl, s: &Step) {
    u.cmd_valid.next = s.valid;
    u.cmd_op.next = (s.opc as u64).into();
    u.cmd_len.next = (s.payload.len() as u64).into();
    u.cmd_payload.next = bytes_to_bits(&s.payload);
    u.busy.next = (s.busy as u64).into();
    u.done.next = (s.done as u64).into();
    u.aborted.next = (s.aborted as u64).into();
    u.sel_progress_lo.next = (s.progress & 0xFFFF_FFFF).into();
    u.sel_progress_hi.next = (s.progress >> 32).into();
    u.sel_result.next = bytes_to_bits(&s.result);
    u.sel_result_ok.next = s.result_ok;
    u.args_ok.next = s.args_ok;
}

/// Checks the block's outputs for one step against the model; returns the answer's kind.
fn check(u: &JobControl, jc: &JobControlModel, result_len: usize, s: &Step, k: usize) -> bool {
    let view = |i: usize| CoreView {
        state: s.states[i],
        progress: s.progress,
        result: s.result_ok.then(|| s.result[..result_len].to_vec()),
    };
    let (answer, action) = jc.command(s.opc, &s.payload, view, |_| s.args_ok);
    let ctx = format!("step {k}: {s:?} (seed {SEED:#x}, {} cores)", jc.cores);
    match &answer {
        Ok(p) => {
            assert!(
                !u.rsp_error.val(),
                "{ctx}: error {:?}, model {p:02x?}",
                u.rsp_code.val()
            );
            assert_eq!(u.rsp_len.val().index(), p.len(), "{ctx}");
            assert_eq!(&bits_to_bytes(u.rsp_payload.val(), p.len()), p, "{ctx}");
        }
        Err(code) => {
            assert!(u.rsp_error.val(), "{ctx}: no error, model {code:#x}");
            assert_eq!(u.rsp_code.val().index() as u8, *code, "{ctx}");
        }
    }
    let pulse = |core: usize| if s.valid { 1u64 << core } else { 0 };
    let (start, cancel) = match &action {
        JobAction::Start { core, args } => {
            assert_eq!(&bits_to_bytes(u.args.val(), args.len()), args, "{ctx}");
            assert_eq!(u.sel_hot.val().to_u64(), 1 << core, "{ctx}");
            (pulse(*core), 0)
        }
        JobAction::Abort { core } => (0, pulse(*core)),
        JobAction::None => (0, 0),
    };
    assert_eq!(u.start.val().to_u64(), start, "{ctx}: start");
    assert_eq!(u.cancel.val().to_u64(), cancel, "{ctx}: cancel");
    let running = s.states.contains(&job::RUNNING);
    assert_eq!(u.any_busy.val(), running, "{ctx}: any_busy");
    answer.is_ok()
}

/// (cores, start_len, result_len) of the designs and the edges.
const SHAPES: [(usize, usize, usize); 5] = [
    (1, 4, 8),
    (1, 18, 18),
    (8, 18, 18),
    (3, 0, 1),
    (MAX_CORES, MAX_PAYLOAD - 1, MAX_PAYLOAD),
];

#[test]
fn job_control_matches_model() {
    println!("seed {SEED:#x}");
    for (n, &(cores, start_len, result_len)) in SHAPES.iter().enumerate() {
        let mut r = StdRng::seed_from_u64(SEED + n as u64);
        let jc = JobControlModel::new(cores, start_len);
        let mut u = JobControl::new(cores, start_len, result_len);
        u.connect_all();
        check_all(&u).unwrap();
        let (mut ok, mut errors) = (0, 0);
        for k in 0..4000 {
            let s = step(&mut r, cores, start_len);
            drive(&mut u, &s);
            assert!(simulate(&mut u, 100), "did not settle");
            if check(&u, &jc, result_len, &s, k) {
                ok += 1;
            } else {
                errors += 1;
            }
        }
        println!("{cores} cores, start {start_len} bytes: {ok} answers, {errors} errors");
        assert!(ok > 1000 && errors > 500);
    }
}

#[test]
fn job_control_verilog() {
    if !sim::tools::require("verilator", "job_control_verilog") {
        return;
    }
    for (n, &(cores, start_len, result_len)) in SHAPES.iter().enumerate() {
        let mut r = StdRng::seed_from_u64(SEED + 100 + n as u64);
        let steps: Vec<Step> = (0..3000).map(|_| step(&mut r, cores, start_len)).collect();
        let rep = cosim(
            &format!("job_control_{n}"),
            &mut JobControl::new(cores, start_len, result_len),
            steps.len(),
            None,
            |u, k| drive(u, &steps[k]),
            |_, _| {},
        )
        .unwrap();
        println!("job_control ({cores} cores): {} cycles", rep.cycles);
    }
}
