use model::link::{op, Decoder, Frame};
use sim::{BackendKind, SimBoard};

#[test]
fn smoke() {
    for kind in [BackendKind::Rust, BackendKind::Verilator] {
        let mut b = SimBoard::open(gateware::Design::Link, kind).unwrap();
        b.run(100).unwrap();
        b.write(&Frame::new(1, op::IDENTIFY, &[]).unwrap().encode());
        let t = std::time::Instant::now();
        b.run(2000).unwrap();
        let bytes = b.read();
        println!("{kind:?} {bytes:x?} {:?}", t.elapsed());
        let f = Decoder::new().push(&bytes);
        println!("{f:?}");
        let t = std::time::Instant::now();
        b.run(200_000).unwrap();
        println!("{kind:?} 200k cycles {:?}", t.elapsed());
    }
}
