//! What the engine front ends (`chess uci`, `shogi usi`) share while a search runs: the
//! limits that stop it, and the lines that arrive meanwhile.

use std::time::Instant;

/// What stops a search: a deadline, and `stop`/`quit` read while searching.
pub struct Limits<'a> {
    pub deadline: Option<Instant>,
    pub poll: &'a mut dyn FnMut() -> Option<String>,
    pub stopped: bool,
    pub quit: bool,
    /// `isready` seen while searching (answered at once by the caller's output).
    pub ready: u32,
    /// Other lines that arrived while searching, handled after it.
    pub later: Vec<String>,
}

impl<'a> Limits<'a> {
    /// Limits with an optional deadline; `poll` yields the lines that arrive while searching.
    pub fn new(deadline: Option<Instant>, poll: &'a mut dyn FnMut() -> Option<String>) -> Self {
        Limits {
            deadline,
            poll,
            stopped: false,
            quit: false,
            ready: 0,
            later: Vec::new(),
        }
    }

    /// Whether the search must stop now (reads the lines that arrived).
    pub fn check(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = true;
        }
        while let Some(line) = (self.poll)() {
            match line.trim() {
                "stop" => self.stopped = true,
                "quit" => {
                    self.stopped = true;
                    self.quit = true;
                }
                "isready" => self.ready += 1,
                _ => self.later.push(line),
            }
        }
        self.stopped
    }
}

/// An engine front end that reads protocol lines (`chess uci`, `shogi usi`).
pub trait LineEngine {
    /// A line that arrived during a search and waits to be handled.
    fn pending(&mut self) -> Option<String>;
    /// Handles one line; `poll` yields lines that arrive while a search runs (so `stop` is
    /// seen), `out` receives the reply lines. Returns false on `quit`.
    fn handle(
        &mut self,
        line: &str,
        poll: &mut dyn FnMut() -> Option<String>,
        out: &mut dyn FnMut(String),
    ) -> bool;
}

/// Runs `engine` on stdin and stdout until `quit` or the end of input.
pub fn run_stdio(engine: &mut dyn LineEngine) {
    use std::io::Write;
    let lines = crate::cli::stdin_lines();
    let mut stdout = std::io::stdout();
    let mut out = |l: String| {
        let _ = writeln!(stdout, "{l}");
        let _ = stdout.flush();
    };
    loop {
        let line = match engine.pending() {
            Some(l) => l,
            None => match lines.recv() {
                Ok(l) => l,
                Err(_) => break,
            },
        };
        let mut poll = || lines.try_recv().ok();
        if !engine.handle(&line, &mut poll, &mut out) {
            break;
        }
    }
}

/// Feeds the lines of `data` to `engine` for the fuzz harness: no reply may carry a control
/// character. Searches are stopped at their first check, `perft` deeper than `max_perft` is
/// skipped, so the fuzzer's time goes to the parsing.
pub fn fuzz_lines(engine: &mut dyn LineEngine, data: &[u8], max_perft: u32) {
    for line in String::from_utf8_lossy(data).split('\n') {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let Some(i) = words.iter().position(|w| w.contains("perft")) {
            if words
                .get(i + 1)
                .and_then(|d| d.parse::<u32>().ok())
                .is_none_or(|d| d > max_perft)
            {
                continue;
            }
        }
        let mut out = Vec::new();
        let mut stop = Some("stop".to_string());
        let go_on = engine.handle(line, &mut || stop.take(), &mut |l| out.push(l));
        for l in out {
            assert!(!l.chars().any(char::is_control), "reply {l:?}");
        }
        if !go_on {
            break;
        }
    }
}
