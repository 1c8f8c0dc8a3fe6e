//! The shogi model's legal moves against a third-party generator, PyPI `cshogi` (Apery's
//! move generator, in the venv `cargo xtask test` installs: $BOARDGATE_PYTHON, else
//! /opt/boardgate-py/bin), on 10,000 seeded random positions (random play from the perft
//! table's positions and the tsume problems'): the same legal move set (drops, promotions
//! with and without, nifu, the pawn-drop mate rule), the same "in check", the same position
//! after a random legal move; and the all-move generator (`model::shogi::all_moves`, the
//! hardware's way) gives the same set. And the model's mate search (`model::shogi::mate`) on
//! 400 positions (the tsume problems, random plies from them): every mate cshogi's `mate_move`
//! finds within 3 or 5 plies, ours finds as short or shorter, and each of our mating lines is
//! replayed on cshogi's board. Skips with a printed reason when the venv is missing, except
//! under CI=true.

use model::shogi::all_moves::generate;
use model::shogi::mate::solve;
use model::shogi::piece_data::BoardData;
use model::shogi::{legal_moves, random, Position};
use rand::{rngs::StdRng, Rng, SeedableRng};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The venv's python with cshogi; `None` (the test skips, saying why) when it is missing,
/// which fails under CI=true.
fn python() -> Option<PathBuf> {
    let dir = std::env::var_os("BOARDGATE_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/opt/boardgate-py/bin"));
    let py = dir.join("python");
    let ok = Command::new(&py)
        .args(["-c", "import cshogi"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        let why = "cshogi venv missing (cargo xtask test installs it)";
        assert!(std::env::var("CI").as_deref() != Ok("true"), "{why}");
        println!("skipped: {why}");
    }
    ok.then_some(py)
}

/// Runs the client script `name` (in `tests/clients/`) on `input`; its standard output.
fn run_client(py: &PathBuf, name: &str, input: String) -> String {
    let script = format!("{}/tests/clients/{name}", env!("CARGO_MANIFEST_DIR"));
    let mut child = Command::new(py)
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(
        out.status.success(),
        "cshogi failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The board part and the hands of an SFEN (move numbers are counted differently).
fn board_and_hands(sfen: &str) -> String {
    sfen.split(' ').take(3).collect::<Vec<_>>().join(" ")
}

#[test]
fn legal_moves_equal_cshogis_on_random_positions() {
    let Some(py) = python() else {
        return;
    };
    // Random play ends early in a mate now and then (the tsume positions' defenders have
    // little): keep the first 10,000 positions with a move.
    let positions: Vec<Position> = random::positions(2026, 12_000, 160)
        .into_iter()
        .filter(|p| !legal_moves(p).is_empty())
        .take(10_000)
        .collect();
    assert_eq!(positions.len(), 10_000, "positions with moves");
    let mut r = StdRng::seed_from_u64(9);
    let picks: Vec<_> = positions
        .iter()
        .map(|p| {
            let moves = legal_moves(p);
            moves[r.gen_range(0..moves.len())]
        })
        .collect();
    let mut input = String::new();
    for (p, m) in positions.iter().zip(&picks) {
        input.push_str(&format!("{}|{}\n", p.sfen(), m.usi()));
    }
    let out = run_client(&py, "cshogi_moves.py", input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), positions.len());
    let (mut moves, mut drops, mut checks) = (0, 0, 0);
    for ((p, m), line) in positions.iter().zip(&picks).zip(lines) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let theirs: Vec<&str> = v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        let mut ours: Vec<String> = legal_moves(p).iter().map(|m| m.usi()).collect();
        ours.sort();
        assert_eq!(ours, theirs, "legal moves of {}", p.sfen());
        // The all-move generator (legality from the cover table and the king's walks).
        let mut generated: Vec<String> = generate(&BoardData::from_position(p))
            .moves
            .iter()
            .map(|m| m.usi())
            .collect();
        generated.sort();
        assert_eq!(generated, theirs, "generated moves of {}", p.sfen());
        assert_eq!(p.in_check(), v["check"].as_bool().unwrap(), "{}", p.sfen());
        assert_eq!(
            board_and_hands(&p.play(*m).sfen()),
            board_and_hands(v["after"].as_str().unwrap()),
            "{} after {}",
            p.sfen(),
            m.usi()
        );
        moves += ours.len();
        drops += ours.iter().filter(|m| m.contains('*')).count();
        checks += p.in_check() as usize;
    }
    println!(
        "{} positions, {moves} legal moves ({drops} drops), {checks} in check: equal to cshogi's",
        positions.len()
    );
    assert!(drops > 0 && checks > 0);
}

#[test]
fn mates_agree_with_cshogi() {
    let Some(py) = python() else {
        return;
    };
    // The tsume problems and positions a few random plies from them, where a mate problem
    // stands: the side to move is not in check and the other side has a king.
    let positions: Vec<Position> = random::tsume_sfens()
        .iter()
        .map(|s| Position::from_sfen(s).unwrap())
        .chain(random::positions(77, 3_000, 4))
        .filter(|p| !p.in_check() && p.king(p.side.other()).is_some())
        .take(400)
        .collect();
    assert_eq!(positions.len(), 400, "positions");
    let ours: Vec<Option<(u32, Vec<String>)>> = positions
        .iter()
        .map(|p| {
            let r = solve(p, 5).unwrap();
            r.mate
                .map(|(n, line)| (n, line.iter().map(|m| m.usi()).collect()))
        })
        .collect();
    let input: String = positions
        .iter()
        .zip(&ours)
        .map(|(p, o)| {
            let line = o.as_ref().map(|(_, l)| l.join(" ")).unwrap_or_default();
            format!("{}|{line}\n", p.sfen())
        })
        .collect();
    let out = run_client(&py, "cshogi_mate.py", input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), positions.len());
    let (mut mates, mut only_ours) = (0, 0);
    for ((p, o), line) in positions.iter().zip(&ours).zip(lines) {
        let f: Vec<&str> = line.split(' ').collect();
        let plies = o.as_ref().map(|(n, _)| *n);
        // cshogi's mates are sound: where it finds one, ours is at most as long.
        for (k, theirs) in [(3, f[0]), (5, f[1])] {
            if theirs != "-" {
                assert!(
                    plies.is_some_and(|n| n <= k),
                    "{}: cshogi mates within {k} ({theirs}), ours {plies:?}",
                    p.sfen()
                );
            }
        }
        // Ours are checked move by move on cshogi's board.
        let want = if o.is_some() { "ok" } else { "none" };
        assert_eq!(f[2], want, "{}: our line {o:?}", p.sfen());
        if let Some(n) = plies {
            mates += 1;
            // cshogi's odd-ply search is not complete (its last ply is its one-ply mate
            // detector, which misses some mates): count the mates it does not see.
            only_ours += (f[if n <= 3 { 0 } else { 1 }] == "-") as usize;
        }
    }
    println!(
        "{} positions: {mates} mates within 5 plies, every line confirmed on cshogi's board; \
         {only_ours} of them beyond cshogi's own mate search",
        positions.len()
    );
    assert!(mates >= 30, "{mates} mates");
}
