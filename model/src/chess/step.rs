//! The reference for the step commands of the chess cores (the paper's section 5: "one read of
//! the card unmakes the stored move, generates the next one, returns it and makes it on the
//! hardware board"), move for move and cycle for cycle, so that a host search driving the
//! board's generator can be run on the model and on the circuit alike.
//!
//! A step job (`JOB_START` with [`super::protocol::FLAG_STEP`]) loads the position and stops
//! at its first legal move, made on the board. From then on the core waits, and each
//! `JOB_STEP` ([`Step`]) runs the board to its next wait:
//! * [`Step::Next`]: unmake the current move, find the node's next legal move, make it;
//! * [`Step::Down`]: keep the current move, enter the position after it, find and make its
//!   first legal move (the stack grows by one ply; at most [`MAX_STEP_PLY`]);
//! * [`Step::Up`]: unmake the current move if any, leave the node, unmake the parent's move
//!   and find and make the parent's next legal move.
//!
//! When a node has no legal move left the core waits with no move made (then only `Up`, or at
//! the root nothing, is allowed). Illegal pseudo-legal moves never reach the host: each made
//! move costs a make cycle and a look cycle (`king_capturable`), as above the last ply of perft
//! on chip.
//!
//! Cycles (counted while the core works, not while it waits): the generator's cycles as in
//! [`super::generator::generate_entered`] (the root and each node entered by `Down`), two cycles per move made (the make, the look), one cycle
//! for each step command, and for `Up` two more cycles (the node's end, the pop).

use super::generator::{generate_entered, Generated, Generation};
use super::search::illegal;
use super::Position;

/// The deepest ply a step job reaches (the stack holds one frame per ply above it).
pub const MAX_STEP_PLY: u32 = 15;

/// A step command (`JOB_STEP`'s step byte).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Next = 1,
    Down = 2,
    Up = 3,
}

impl Step {
    pub fn from_code(c: u8) -> Option<Step> {
        match c {
            1 => Some(Step::Next),
            2 => Some(Step::Down),
            3 => Some(Step::Up),
            _ => None,
        }
    }
}

/// Why a step is refused (the chip answers BAD_ARGUMENT).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    #[error("no move is made at this node (it has no legal move left)")]
    NoMove,
    #[error("the stack is full (ply {MAX_STEP_PLY})")]
    StackFull,
    #[error("the root has no parent")]
    AtRoot,
}

/// Where the board waits: the move made at the current node (if any), the node's ply and the
/// cycles spent since the job started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepState {
    pub made: Option<Generated>,
    pub ply: u32,
    pub cycles: u64,
}

struct Node {
    pos: Position,
    gen: Generation,
    /// Index of the next generated move to look at.
    next: usize,
    /// Generator cycles this node has spent.
    used: u64,
    made: Option<Generated>,
}

impl Node {
    fn new(pos: Position) -> Node {
        Node {
            gen: generate_entered(&pos),
            pos,
            next: 0,
            used: 0,
            made: None,
        }
    }
}

/// A step job on the model.
pub struct Stepper {
    nodes: Vec<Node>,
    cycles: u64,
}

impl Stepper {
    /// Load `pos` and run to its first legal move.
    pub fn start(pos: &Position) -> Stepper {
        let mut s = Stepper {
            nodes: vec![Node::new(pos.clone())],
            cycles: 0,
        };
        s.advance();
        s
    }

    fn top(&mut self) -> &mut Node {
        self.nodes
            .last_mut()
            .expect("a step job always has its root")
    }

    /// Run the top node's generator to its next legal move (made) or its end.
    fn advance(&mut self) {
        let mut cycles = 0;
        let node = self.top();
        node.made = None;
        while let Some(&g) = node.gen.moves.get(node.next) {
            node.next += 1;
            // Its find cycles, the make, the look.
            cycles += g.cycle + 1 - node.used + 2;
            node.used = g.cycle + 1;
            if !illegal(&node.pos.play(g.mv)) {
                node.made = Some(g);
                break;
            }
        }
        if node.made.is_none() {
            cycles += node.gen.cycles - node.used;
            node.used = node.gen.cycles;
        }
        self.cycles += cycles;
    }

    /// Run one step command.
    pub fn step(&mut self, step: Step) -> Result<StepState, StepError> {
        let made = self.top().made;
        match step {
            Step::Next => {
                made.ok_or(StepError::NoMove)?;
                self.cycles += 1;
            }
            Step::Down => {
                let m = made.ok_or(StepError::NoMove)?;
                if self.ply() >= MAX_STEP_PLY {
                    return Err(StepError::StackFull);
                }
                self.cycles += 1;
                let child = self.top().pos.play(m.mv);
                self.nodes.push(Node::new(child));
            }
            Step::Up => {
                if self.nodes.len() == 1 {
                    return Err(StepError::AtRoot);
                }
                self.cycles += 3;
                self.nodes.pop();
            }
        }
        self.advance();
        Ok(self.state())
    }

    pub fn ply(&self) -> u32 {
        self.nodes.len() as u32 - 1
    }

    pub fn state(&self) -> StepState {
        StepState {
            made: self.nodes.last().and_then(|n| n.made),
            ply: self.ply(),
            cycles: self.cycles,
        }
    }

    /// The current node's position (before its made move).
    pub fn position(&self) -> &Position {
        &self
            .nodes
            .last()
            .expect("a step job always has its root")
            .pos
    }
}
