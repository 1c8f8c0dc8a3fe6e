fn main() {
    let text = std::fs::read_to_string("model/tests/fixtures/fforum-1-19.obf").unwrap();
    for (i, line) in text.lines().filter(|l| !l.starts_with('#')).enumerate() {
        let pos = model::othello::parse_position(line).unwrap();
        let t = std::time::Instant::now();
        let r =
            model::othello::search::solve(pos.p, pos.o, model::othello::search::MoveOrder::Paper);
        let r2 = model::othello::search::solve(
            pos.p,
            pos.o,
            model::othello::search::MoveOrder::FastestFirst,
        );
        println!(
            "#{} empties {} score {} want {} nodes paper {} ff {} {:.2}s",
            i + 1,
            pos.empties(),
            r.score,
            pos.scores[0].1,
            r.nodes,
            r2.nodes,
            t.elapsed().as_secs_f64()
        );
    }
}
