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
