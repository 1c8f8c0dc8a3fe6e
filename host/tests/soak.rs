//! A short link soak in the test suite (`cargo xtask soak` runs long ones): the host against
//! the simulated board over the fault injector with host restarts; no wrong answer accepted,
//! no request unanswered, no hang, and more than 10% of the frames corrupted.

use host::soak::{soak, SoakConfig};
use sim::BackendKind;

const SEED: u64 = 0x50a4_0001;

#[test]
fn short_soak_has_no_wrong_unanswered_or_hung_request() {
    if !sim::tools::require_verilator_backend("short_soak_has_no_wrong_unanswered_or_hung_request")
    {
        return;
    }
    println!("seed {SEED:#x}");
    let r = soak(
        SoakConfig {
            frames: 3000,
            fault: 0.0025,
            fault_to_host: 0.0005,
            restart: 0.02,
            seed: SEED,
            backend: BackendKind::Verilator,
        },
        |_| {},
    )
    .unwrap();
    println!("{}", serde_json::to_string_pretty(&r).unwrap());
    assert!(r.frames_sent >= 3000);
    assert!(
        r.frames_faulted * 10 > r.frames_sent,
        "fewer than 10% of the frames corrupted: {} of {}",
        r.frames_faulted,
        r.frames_sent
    );
    assert!(r.restarts > 0 && r.retries > 0);
    assert_eq!((r.wrong_answers, r.unanswered, r.hangs), (0, 0, 0));
}
