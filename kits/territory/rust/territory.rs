// Territory (Ready AI Code 2020) protocol code for the Rust starter kit, in
// stdin/stdout mode: you should not need to change it. Write your strategy
// in bot.rs.
//
// Every turn Arena writes one line, the turn JSON (docs/games/territory.md)
// with "Turn" and "Final" appended; the kit reads it (with json.rs) into a
// Board and writes the move your bot returns. After the last turn a line
// with "Final": true arrives; no answer is expected.
#![allow(dead_code)]

use crate::json::Json;
use std::collections::{HashMap, HashSet, VecDeque};
use std::io::{self, BufRead, Write};

/// A tile of the arena: x grows to the right, y upwards, (0, 0) is the
/// bottom-left tile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile {
    pub x: i32,
    pub y: i32,
}

/// The answers: the four moves, or None to stay (six stays in a game, or
/// four in a row, eliminate).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Up,
    Down,
    Left,
    Right,
    None,
}

pub const MOVES: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

impl Move {
    pub fn name(self) -> &'static str {
        match self {
            Move::Up => "UP",
            Move::Down => "DOWN",
            Move::Left => "LEFT",
            Move::Right => "RIGHT",
            Move::None => "NONE",
        }
    }
    /// A quarter turn clockwise.
    pub fn turn_right(self) -> Move {
        match self {
            Move::Up => Move::Right,
            Move::Right => Move::Down,
            Move::Down => Move::Left,
            Move::Left => Move::Up,
            Move::None => Move::None,
        }
    }
}

impl Tile {
    /// The tile one move away.
    pub fn step(self, m: Move) -> Tile {
        let (dx, dy) = match m {
            Move::Up => (0, 1),
            Move::Down => (0, -1),
            Move::Left => (-1, 0),
            Move::Right => (1, 0),
            Move::None => (0, 0),
        };
        Tile { x: self.x + dx, y: self.y + dy }
    }
}

/// One turn's state, read into tiles.
#[derive(Debug, Default)]
pub struct Board {
    pub n: i32,              // the arena is n×n
    pub me: String,          // our body token, "P<id>"
    pub neck_token: String,  // our neck token, "p<id>"
    pub tokens: HashMap<Tile, Vec<String>>, // each tile's parts: body, neck, head, obstacle (W B I D)
    pub head: Tile,          // our head
    pub body: HashSet<Tile>, // our territory
    pub neck: HashSet<Tile>, // our trail
    pub max_movement: i32,   // L: the longest trip out of the body
    pub movement_left: i32,  // ML: moves left on this trip
    pub turn: i32,
}

fn tile(j: &Json) -> Tile {
    Tile { x: j.get("X").int() as i32, y: j.get("Y").int() as i32 }
}

impl Board {
    /// Reads the turn JSON. Map is row by row from the top: element i is
    /// tile (i mod n, n-1-i/n).
    pub fn new(m: &Json) -> Board {
        let n = m.get("MapWidth").int() as i32;
        let id = m.get("SelfId").str();
        let mut b = Board {
            n,
            me: format!("P{}", id),
            neck_token: format!("p{}", id),
            max_movement: m.get("MaxMovement").int() as i32,
            movement_left: m.get("MovementLeft").int() as i32,
            turn: m.get("Turn").int() as i32,
            ..Board::default()
        };
        for (i, tok) in m.get("Map").array().iter().enumerate() {
            let i = i as i32;
            let parts = if tok.str().is_empty() { Vec::new() } else { tok.str().split('-').map(String::from).collect() };
            b.tokens.insert(Tile { x: i % n, y: n - 1 - i / n }, parts);
        }
        let own = m.get("OccupiedTiles");
        if let Some(h) = own.get("Head").array().first() {
            b.head = tile(h);
        }
        b.body = own.get("Body").array().iter().map(tile).collect();
        b.neck = own.get("Neck").array().iter().map(tile).collect();
        b
    }

    pub fn inside(&self, t: Tile) -> bool {
        self.tokens.contains_key(&t)
    }
    pub fn has(&self, t: Tile, part: &str) -> bool {
        self.tokens.get(&t).map_or(false, |p| p.iter().any(|x| x == part))
    }
    pub fn at_home(&self) -> bool {
        self.body.contains(&self.head)
    }
    /// Tiles that kill us at once: off the grid, walls, bombs, our neck
    /// (and the tile we stand on, which becomes neck when we are out).
    pub fn deadly(&self, t: Tile) -> bool {
        if !self.inside(t) || self.has(t, "W") || self.has(t, "B") {
            return true;
        }
        if self.neck.contains(&t) || self.has(t, &self.neck_token) {
            return true;
        }
        t == self.head && !self.at_home()
    }
    /// Deadly tiles, plus ice (frozen 3 turns) and decay (a countdown).
    pub fn avoid(&self, t: Tile) -> bool {
        self.deadly(t) || self.has(t, "I") || self.has(t, "D")
    }
    /// The fewest moves from each tile to our body, around what we avoid.
    pub fn distance_home(&self) -> HashMap<Tile, i32> {
        let mut dist = HashMap::new();
        let mut queue = VecDeque::new();
        for &t in &self.body {
            dist.insert(t, 0);
            queue.push_back(t);
        }
        while let Some(c) = queue.pop_front() {
            let dc = dist[&c];
            for m in MOVES {
                let t = c.step(m);
                if !dist.contains_key(&t) && self.inside(t) && !self.avoid(t) {
                    dist.insert(t, dc + 1);
                    queue.push_back(t);
                }
            }
        }
        dist
    }
    /// Moving to t keeps a way home within the movement left.
    pub fn safe(&self, t: Tile, dist: &HashMap<Tile, i32>) -> bool {
        if self.deadly(t) {
            return false;
        }
        if self.body.contains(&t) {
            return true;
        }
        dist.get(&t).map_or(false, |&d| d >= 1 && d <= self.movement_left - 1)
    }
}

/// Plays the game: reads a turn JSON per line, calls play and writes its
/// move, flushed at once.
pub fn run<F: FnMut(&Board) -> Move>(mut play: F) {
    let stdin = io::stdin();
    let stdout = io::stdout();
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(l) => l,
            Err(_) => return,
        };
        let answer = match Json::parse(&line) {
            Ok(m) if m.get("Final").boolean() => {
                eprintln!("final turn {}", m.get("Turn").int());
                continue;
            }
            Ok(m) => play(&Board::new(&m)),
            Err(e) => {
                eprintln!("bad turn JSON: {}", e);
                Move::None
            }
        };
        let mut w = stdout.lock();
        if writeln!(w, "{}", answer.name()).and_then(|_| w.flush()).is_err() {
            return;
        }
    }
}
