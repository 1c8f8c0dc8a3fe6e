//! Connect6 golden model: the rules (19x19, Black opens with one stone, then two stones a
//! turn, six or more in a row wins, a full board is a draw), the Cloudict move notation, the
//! board's six-point windows that every line evaluation here is built on, a baseline opponent
//! of contest strength ([`baseline`]), seeded random play-outs ([`random`]), the threat
//! player ([`threat`]), and the reference of the circuits of `shared/papers/connect6-fpga.md`:
//! the paper's player module by module with its cycles ([`paper`]) and the `connect6`
//! design's link payloads ([`protocol`]).
//!
//! Points: `row * 19 + col`, both from 0. The Cloudict notation names a stone by two letters
//! A..S, the column first: `JJ` is the centre (col 9, row 9), `AS` is col 0, row 18.

pub mod baseline;
pub mod blocker;
pub mod defence;
pub mod forcing_search;
pub mod line_scan;
pub mod pair_search;
pub mod paper;
pub mod prepare;
pub mod protocol;
pub mod random;
pub mod threat;
pub mod threat_scan;
pub mod turn;

use thiserror::Error;

/// Lines on a side of the board.
pub const SIZE: usize = 19;
/// Points on the board.
pub const POINTS: usize = SIZE * SIZE;
/// Stones in a row that win (six or more: overlines win).
pub const WIN_LENGTH: usize = 6;
/// The centre, where Black's opening stone goes by custom (`JJ`).
pub const CENTRE: Point = Point((SIZE / 2 * SIZE + SIZE / 2) as u16);

/// A player's colour. Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    Black,
    White,
}

impl Color {
    pub fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `black` or `white`, as the Cloudict protocol spells it.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// A point of the board, `row * 19 + col`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(pub u16);

impl Point {
    pub fn new(col: usize, row: usize) -> Option<Point> {
        (col < SIZE && row < SIZE).then(|| Point((row * SIZE + col) as u16))
    }
    pub fn col(self) -> usize {
        self.0 as usize % SIZE
    }
    pub fn row(self) -> usize {
        self.0 as usize / SIZE
    }
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::fmt::Display for Point {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let l = |i: usize| (b'A' + i as u8) as char;
        write!(f, "{}{}", l(self.col()), l(self.row()))
    }
}

/// What is wrong with a move or with where it is played.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum MoveError {
    #[error("a move is two letters a stone (column, row, each A..S), not '{0}'")]
    Syntax(String),
    #[error("'{letter}' in '{text}' is not a line of the board (A..S)")]
    Letter { text: String, letter: char },
    #[error("{point} is played twice in one turn")]
    Repeated { point: Point },
    #[error("{point} is not empty")]
    Occupied { point: Point },
    #[error("{side} must place {want} stone(s) this turn, not {got}")]
    Count {
        side: &'static str,
        want: usize,
        got: usize,
    },
    #[error("the game is over")]
    Over,
}

/// One stone in the Cloudict notation (`JJ`).
pub fn parse_point(text: &str) -> Result<Point, MoveError> {
    let b = text.as_bytes();
    if b.len() != 2 {
        return Err(MoveError::Syntax(text.into()));
    }
    let line = |c: u8| {
        let u = c.to_ascii_uppercase();
        if (b'A'..b'A' + SIZE as u8).contains(&u) {
            Ok((u - b'A') as usize)
        } else {
            Err(MoveError::Letter {
                text: text.into(),
                letter: c as char,
            })
        }
    };
    let (col, row) = (line(b[0])?, line(b[1])?);
    Ok(Point::new(col, row).expect("in range"))
}

/// A turn's stones in the Cloudict notation: `JJ` (one) or `JKKJ` (two), upper or lower case.
pub fn parse_stones(text: &str) -> Result<Vec<Point>, MoveError> {
    let t = text.trim();
    if t.is_empty() || !t.len().is_multiple_of(2) || t.len() > 4 || !t.is_ascii() {
        return Err(MoveError::Syntax(t.into()));
    }
    let stones = (0..t.len())
        .step_by(2)
        .map(|i| parse_point(&t[i..i + 2]))
        .collect::<Result<Vec<_>, _>>()?;
    if stones.len() == 2 && stones[0] == stones[1] {
        return Err(MoveError::Repeated { point: stones[0] });
    }
    Ok(stones)
}

/// A turn's stones in the Cloudict notation.
pub fn format_stones(stones: &[Point]) -> String {
    stones.iter().map(Point::to_string).collect()
}

/// The four line directions as (dcol, drow): along a row, down a column, the two diagonals.
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The point `k` steps from `p` along `d`, if on the board.
pub fn step(p: Point, d: (i32, i32), k: i32) -> Option<Point> {
    let c = p.col() as i32 + d.0 * k;
    let r = p.row() as i32 + d.1 * k;
    ((0..SIZE as i32).contains(&c) && (0..SIZE as i32).contains(&r))
        .then(|| Point((r as usize * SIZE + c as usize) as u16))
}

/// The board's six-point windows: 266 along rows, 266 down columns, 196 on each diagonal.
pub const WINDOWS: usize = 2 * SIZE * (SIZE + 1 - WIN_LENGTH) + 2 * (SIZE + 1 - WIN_LENGTH).pow(2);

/// Every six-point window of the board ([`WINDOWS`]), each as its six points in line order. A
/// player wins by filling one.
pub fn windows() -> &'static [[Point; WIN_LENGTH]] {
    static W: std::sync::OnceLock<Vec<[Point; WIN_LENGTH]>> = std::sync::OnceLock::new();
    W.get_or_init(|| {
        let mut out = Vec::new();
        for d in DIRECTIONS {
            for i in 0..POINTS {
                let p = Point(i as u16);
                let pts: Option<Vec<Point>> =
                    (0..WIN_LENGTH as i32).map(|k| step(p, d, k)).collect();
                if let Some(v) = pts {
                    out.push(v.try_into().expect("six"));
                }
            }
        }
        assert_eq!(out.len(), WINDOWS);
        out
    })
}

/// For each point, the indices (into [`windows`]) of the windows through it.
pub fn windows_through() -> &'static [Vec<u16>] {
    static T: std::sync::OnceLock<Vec<Vec<u16>>> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let mut t = vec![Vec::new(); POINTS];
        for (w, pts) in windows().iter().enumerate() {
            for p in pts {
                t[p.index()].push(w as u16);
            }
        }
        t
    })
}

/// The board: each point empty or holding a stone, and each window's stones of each colour
/// (kept by [`Board::set`], so that [`Board::window_counts`] does not count them: the threat
/// player asks for them millions of times a decision).
#[derive(Clone)]
pub struct Board {
    points: [Option<Color>; POINTS],
    counts: [[u8; 2]; WINDOWS],
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.points == other.points
    }
}

impl Eq for Board {}

impl Default for Board {
    fn default() -> Self {
        Board {
            points: [None; POINTS],
            counts: [[0; 2]; WINDOWS],
        }
    }
}

impl Board {
    pub fn get(&self, p: Point) -> Option<Color> {
        self.points[p.index()]
    }
    pub fn is_empty(&self, p: Point) -> bool {
        self.get(p).is_none()
    }
    pub fn set(&mut self, p: Point, c: Option<Color>) {
        let was = std::mem::replace(&mut self.points[p.index()], c);
        if was == c {
            return;
        }
        for &w in &windows_through()[p.index()] {
            let n = &mut self.counts[w as usize];
            if let Some(was) = was {
                n[was as usize] -= 1;
            }
            if let Some(c) = c {
                n[c as usize] += 1;
            }
        }
    }
    pub fn stones(&self) -> usize {
        self.points.iter().filter(|c| c.is_some()).count()
    }
    pub fn empties(&self) -> impl Iterator<Item = Point> + '_ {
        (0..POINTS as u16).map(Point).filter(|&p| self.is_empty(p))
    }

    /// The longest run of `p`'s colour through `p` (0 if `p` is empty).
    pub fn run_through(&self, p: Point) -> usize {
        let Some(c) = self.get(p) else { return 0 };
        DIRECTIONS
            .iter()
            .map(|&d| {
                let count = |sign: i32| {
                    (1..)
                        .take_while(|&k| {
                            step(p, d, sign * k).is_some_and(|q| self.get(q) == Some(c))
                        })
                        .count()
                };
                1 + count(1) + count(-1)
            })
            .max()
            .unwrap_or(1)
    }

    /// The colour with six or more in a row, if any.
    pub fn winner(&self) -> Option<Color> {
        windows().iter().find_map(|w| {
            let c = self.get(w[0])?;
            w.iter().all(|&p| self.get(p) == Some(c)).then_some(c)
        })
    }

    /// The windows of `side`'s threats: four or five of its stones and none of the other's,
    /// filled by its next two stones unless blocked.
    pub fn threats(&self, side: Color) -> Vec<usize> {
        (0..windows().len())
            .filter(|&w| {
                let (own, opp) = self.window_counts(w, side);
                opp == 0 && own + 2 >= WIN_LENGTH
            })
            .collect()
    }

    /// The empty points of windows `ws`, in board order, each once.
    pub fn empties_of(&self, ws: impl IntoIterator<Item = usize>) -> Vec<Point> {
        let mut pts: Vec<Point> = ws
            .into_iter()
            .flat_map(|w| windows()[w].iter().copied())
            .filter(|&p| self.is_empty(p))
            .collect();
        pts.sort();
        pts.dedup();
        pts
    }

    /// `(own, opponent)` stone counts of window `w` seen from `side`.
    pub fn window_counts(&self, w: usize, side: Color) -> (usize, usize) {
        let n = self.counts[w];
        (n[side as usize] as usize, n[side.other() as usize] as usize)
    }

    /// A diagram: `X` Black, `O` White, `.` empty, columns A..S left to right, row A on top.
    pub fn diagram(&self) -> String {
        let mut s = String::from("   ABCDEFGHIJKLMNOPQRS\n");
        for r in 0..SIZE {
            s.push_str(&format!(" {} ", (b'A' + r as u8) as char));
            for c in 0..SIZE {
                s.push(match self.get(Point::new(c, r).expect("on board")) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                });
            }
            s.push('\n');
        }
        s
    }
}

/// How a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Win(Color),
    Draw,
}

/// A game: the board, whose turn it is, the turns played and, once over, the outcome.
#[derive(Clone)]
pub struct Game {
    board: Board,
    turns: Vec<Vec<Point>>,
    outcome: Option<Outcome>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    pub fn new() -> Game {
        Game {
            board: Board::default(),
            turns: Vec::new(),
            outcome: None,
        }
    }

    /// A game from a record of turns in the Cloudict notation (`"JJ JKKJ ..."`), each turn
    /// checked by the rules.
    pub fn from_record(record: &str) -> Result<Game, MoveError> {
        let mut g = Game::new();
        for t in record.split_whitespace() {
            g.play(&parse_stones(t)?)?;
        }
        Ok(g)
    }

    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn turns(&self) -> &[Vec<Point>] {
        &self.turns
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whose turn it is: Black's first, then White's and Black's in turn.
    pub fn to_move(&self) -> Color {
        if self.turns.len().is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        }
    }

    /// Stones the side to move places: one on Black's opening turn, two after (the board's
    /// 360 points after the opening stone always leave two for a turn).
    pub fn stones_this_turn(&self) -> usize {
        if self.turns.is_empty() {
            1
        } else {
            2
        }
    }

    /// This turn's stones as a client sends them: [`parse_stones`], and Black's opening stone
    /// also doubled (`JJJJ`), as the ConnectMore GUI sends it.
    pub fn parse_turn(&self, text: &str) -> Result<Vec<Point>, MoveError> {
        let t = text.trim();
        if self.stones_this_turn() == 1 && t.len() == 4 && t.is_ascii() && t[..2] == t[2..] {
            return Ok(vec![parse_point(&t[..2])?]);
        }
        parse_stones(t)
    }

    /// Plays a turn for the side to move. Six or more in a row with either stone wins; the
    /// last empty point filled without a six is a draw.
    pub fn play(&mut self, stones: &[Point]) -> Result<Option<Outcome>, MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::Over);
        }
        let side = self.to_move();
        let want = self.stones_this_turn();
        if stones.len() != want {
            return Err(MoveError::Count {
                side: side.name(),
                want,
                got: stones.len(),
            });
        }
        for (i, &p) in stones.iter().enumerate() {
            if !self.board.is_empty(p) {
                return Err(MoveError::Occupied { point: p });
            }
            if stones[..i].contains(&p) {
                return Err(MoveError::Repeated { point: p });
            }
        }
        for &p in stones {
            self.board.set(p, Some(side));
        }
        self.turns.push(stones.to_vec());
        if stones
            .iter()
            .any(|&p| self.board.run_through(p) >= WIN_LENGTH)
        {
            self.outcome = Some(Outcome::Win(side));
        } else if self.board.stones() == POINTS {
            self.outcome = Some(Outcome::Draw);
        }
        Ok(self.outcome)
    }

    /// The record in the Cloudict notation, a turn a word.
    pub fn record(&self) -> String {
        self.turns
            .iter()
            .map(|t| format_stones(t))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_rejects() {
        assert_eq!(CENTRE.to_string(), "JJ");
        assert_eq!(
            parse_stones("JKKJ").unwrap(),
            [Point::new(9, 10).unwrap(), Point::new(10, 9).unwrap()]
        );
        assert_eq!(parse_stones("as").unwrap(), [Point::new(0, 18).unwrap()]);
        for p in 0..POINTS as u16 {
            assert_eq!(parse_point(&Point(p).to_string()), Ok(Point(p)));
        }
        assert!(matches!(
            parse_stones("JT"),
            Err(MoveError::Letter { letter: 'T', .. })
        ));
        assert!(matches!(parse_stones("JJK"), Err(MoveError::Syntax(_))));
        assert!(matches!(parse_stones(""), Err(MoveError::Syntax(_))));
        assert!(matches!(
            parse_stones("JJJJ"),
            Err(MoveError::Repeated { .. })
        ));
        assert!(matches!(parse_stones("AABBCC"), Err(MoveError::Syntax(_))));
    }

    #[test]
    fn window_count_is_the_geometry() {
        // 19 rows of 14 windows, 19 columns of 14, and 14 x 14 on each diagonal direction.
        assert_eq!(windows().len(), 2 * 19 * 14 + 2 * 14 * 14);
        // A corner point is in one window a direction, the centre in six.
        assert_eq!(windows_through()[0].len(), 3);
        assert_eq!(windows_through()[CENTRE.index()].len(), 24);
    }

    #[test]
    fn turns_are_checked_and_six_wins() {
        let mut g = Game::new();
        assert!(matches!(
            g.play(&parse_stones("JJKK").unwrap()),
            Err(MoveError::Count {
                want: 1,
                got: 2,
                ..
            })
        ));
        g.play(&parse_stones("JJ").unwrap()).unwrap();
        assert_eq!(g.to_move(), Color::White);
        assert!(matches!(
            g.play(&parse_stones("JJKK").unwrap()),
            Err(MoveError::Occupied { .. })
        ));
        assert!(matches!(
            g.play(&parse_stones("KK").unwrap()),
            Err(MoveError::Count {
                want: 2,
                got: 1,
                ..
            })
        ));
        // Black builds row J from column D; White plays along row A with gaps.
        let g = Game::from_record("JJ AACA DJEJ EAGA FJGJ IAKA").unwrap();
        assert_eq!(g.outcome(), None);
        // C..H (columns 2..7) is exactly six.
        let mut g2 = g.clone();
        assert_eq!(
            g2.play(&parse_stones("CJHJ").unwrap()).unwrap(),
            Some(Outcome::Win(Color::Black))
        );
        assert_eq!(g2.board().winner(), Some(Color::Black));
        assert!(matches!(
            g2.play(&parse_stones("RSSR").unwrap()),
            Err(MoveError::Over)
        ));
        // Five (D..H) and a gap before J do not win.
        let mut g3 = g.clone();
        assert_eq!(g3.play(&parse_stones("HJSS").unwrap()).unwrap(), None);
        assert_eq!(g3.board().winner(), None);
        // Filling the gap makes seven (D..J): an overline wins.
        assert_eq!(g3.play(&parse_stones("QQRR").unwrap()).unwrap(), None);
        assert_eq!(
            g3.play(&parse_stones("IJSA").unwrap()).unwrap(),
            Some(Outcome::Win(Color::Black))
        );
        assert_eq!(g3.board().run_through(Point::new(8, 9).unwrap()), 7);
    }
}
