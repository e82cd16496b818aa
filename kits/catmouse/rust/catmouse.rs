// Cats & Mouse (Cod'INSA 2025 final) protocol code for the Rust starter
// kit: you should not need to change it. Write your strategy in bot.rs.
//
// It reads the referee's messages into typed state and speaks the protocol
// (docs/games/catmouse.md), so that your bot only writes one function, as
// the original SDK asked:
//
//     fn tick(state: &State, dbg: &mut Dbg) -> Orders
//
// dbg is the debug drawing pad: every call appends one DBG line, sent
// before your MOVE line and shown in the viewer (F5: the cats' drawings,
// F6: the mouse's).
//
// Directions, counter-clockwise from east: 0 E (+1,0), 1 NE (+1,-1),
// 2 NW (0,-1), 3 W (-1,0), 4 SW (-1,+1), 5 SE (0,+1). Coordinates are
// axial (q, r), q first, centre (0, 0).
#![allow(dead_code)]

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::io::{self, BufRead, Write};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub q: i32,
    pub r: i32,
}

const DQ: [i32; 6] = [1, 1, 0, -1, -1, 0];
const DR: [i32; 6] = [0, -1, -1, 0, 1, 1];

impl Cell {
    /// The neighbour in direction d.
    pub fn add(self, d: usize) -> Cell {
        Cell { q: self.q + DQ[d], r: self.r + DR[d] }
    }
}

/// Distance between two cells, ignoring terrain and walls.
pub fn hex_distance(a: Cell, b: Cell) -> i32 {
    let (q, r) = (a.q - b.q, a.r - b.r);
    q.abs().max(r.abs()).max((q + r).abs())
}

/// A legal step or dash: its direction(s) and the cell it ends on.
#[derive(Clone, Debug)]
pub struct Move {
    pub dirs: Vec<usize>, // one direction for a step, two for a dash
    pub to: Cell,
}

/// The map: terrain ('.' plain, '~' ocean, 'R' rock, 'M' mountain) and the
/// walls between cells.
#[derive(Debug, Default)]
pub struct Board {
    pub radius: i32,
    pub terrain: HashMap<Cell, char>,
    pub walls: HashSet<(Cell, Cell)>, // both ways
}

impl Board {
    pub fn plain(&self, c: Cell) -> bool {
        self.terrain.get(&c) == Some(&'.')
    }
    /// A step is legal onto a plain cell of the map with no wall between.
    pub fn can_step(&self, c: Cell, d: usize) -> bool {
        let n = c.add(d);
        self.plain(n) && !self.walls.contains(&(c, n))
    }
    /// Every legal step from c, by direction.
    pub fn neighbours(&self, c: Cell) -> Vec<Move> {
        (0..6).filter(|&d| self.can_step(c, d)).map(|d| Move { dirs: vec![d], to: c.add(d) }).collect()
    }
    /// Every legal dash from c (two steps, not coming back).
    pub fn dashes(&self, c: Cell) -> Vec<Move> {
        let mut out = Vec::new();
        for m1 in self.neighbours(c) {
            for m2 in self.neighbours(m1.to) {
                if m2.dirs[0] != (m1.dirs[0] + 3) % 6 {
                    out.push(Move { dirs: vec![m1.dirs[0], m2.dirs[0]], to: m2.to });
                }
            }
        }
        out
    }
    /// Legal steps from start to every reachable cell.
    pub fn distances(&self, start: Cell) -> HashMap<Cell, i32> {
        let mut dist = HashMap::new();
        dist.insert(start, 0);
        let mut queue = VecDeque::from(vec![start]);
        while let Some(c) = queue.pop_front() {
            let dc = dist[&c];
            for m in self.neighbours(c) {
                if !dist.contains_key(&m.to) {
                    dist.insert(m.to, dc + 1);
                    queue.push_back(m.to);
                }
            }
        }
        dist
    }
}

/// What the referee told us: from INIT the role ("CATS" or "MOUSE", a new
/// process plays each leg), the board and the settings; from each STATE
/// the pieces, the dash counters, what each piece did at the previous turn
/// and the errors of our previous answer.
#[derive(Debug, Default)]
pub struct State {
    pub role: String,
    pub game: i32,
    pub leg: i32,
    pub ncats: i32,
    pub max_turns: i32,
    pub timeout_ms: i32,
    pub board: Board,
    pub turn: i32,
    pub cats: Vec<Cell>, // C0, C1, ...
    pub mouse: Cell,
    pub dash_cooldown: i64, // a dash is allowed when it is 0
    pub dash_uses: i64,
    pub last: BTreeMap<String, String>,
    pub errors: Vec<String>,
}

/// Orders of one turn: piece ("C0", "C1", ..., "M") to action: "S" to stay,
/// "3" for one step, "05" for a dash. Pieces left out stay.
#[derive(Debug, Default)]
pub struct Orders {
    pub actions: BTreeMap<String, String>,
}

impl Orders {
    pub fn stay(&mut self, piece: &str) {
        self.actions.insert(piece.to_string(), "S".to_string());
    }
    pub fn step(&mut self, piece: &str, d: usize) {
        self.actions.insert(piece.to_string(), d.to_string());
    }
    pub fn dash(&mut self, d1: usize, d2: usize) {
        self.actions.insert("M".to_string(), format!("{}{}", d1, d2));
    }
}

/// Debug drawings, in fractional axial coordinates (a cell's centre is its
/// (q, r)); lengths in cell-to-cell units; angles in degrees,
/// counter-clockwise from east. Colours: "#RRGGBB", "#RRGGBBAA" or red
/// green blue yellow orange purple cyan magenta white black gray pink
/// brown. At most 500 drawings per turn.
#[derive(Debug, Default)]
pub struct Dbg {
    pub lines: Vec<String>,
}

fn num(x: f64) -> String {
    // Plain decimals, trailing zeros trimmed (the referee reads any decimal).
    let s = format!("{:.4}", x);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".to_string() } else { s.to_string() }
}

impl Dbg {
    fn add(&mut self, shape: &str, v: &[f64], color: &str) {
        let nums: Vec<String> = v.iter().map(|&x| num(x)).collect();
        self.lines.push(format!("DBG {} {} {}", shape, nums.join(" "), color));
    }
    pub fn segment(&mut self, q1: f64, r1: f64, q2: f64, r2: f64, color: &str) {
        self.add("SEGMENT", &[q1, r1, q2, r2], color);
    }
    /// An infinite line through both points.
    pub fn line(&mut self, q1: f64, r1: f64, q2: f64, r2: f64, color: &str) {
        self.add("LINE", &[q1, r1, q2, r2], color);
    }
    /// An arrow from (q1, r1), its head at (q2, r2).
    pub fn arrow(&mut self, q1: f64, r1: f64, q2: f64, r2: f64, color: &str) {
        self.add("ARROW", &[q1, r1, q2, r2], color);
    }
    /// A filled polygon of 3 to 32 vertices.
    pub fn polygon(&mut self, points: &[(f64, f64)], color: &str) {
        let mut s = format!("DBG POLYGON {}", color);
        for &(q, r) in points {
            s += &format!(" {} {}", num(q), num(r));
        }
        self.lines.push(s);
    }
    /// A circle of radius 0 < radius <= 50, filled if fill.
    pub fn circle(&mut self, q: f64, r: f64, radius: f64, color: &str, fill: bool) {
        let f = if fill { " FILL" } else { "" };
        self.lines.push(format!("DBG CIRCLE {} {} {} {}{}", num(q), num(r), num(radius), color, f));
    }
    /// An arc drawn counter-clockwise from angle start to angle end.
    pub fn arc(&mut self, q: f64, r: f64, radius: f64, start: f64, end: f64, color: &str) {
        self.lines.push(format!("DBG ARC {} {} {} {} {} {}", num(q), num(r), num(radius), num(start), num(end), color));
    }
    /// Up to 80 bytes of text at (q, r).
    pub fn text(&mut self, q: f64, r: f64, text: &str, color: &str) {
        self.lines.push(format!("DBG TEXT {} {} {} {}", num(q), num(r), color, text));
    }
}

fn int<T: std::str::FromStr + Default>(f: &[&str], i: usize) -> T {
    f.get(i).and_then(|s| s.parse().ok()).unwrap_or_default()
}

fn read_init(s: &mut State, block: &[String]) {
    let mut rows = Vec::new();
    for line in block {
        let f: Vec<&str> = line.split_whitespace().collect();
        match f.first().copied() {
            Some("ROLE") => s.role = f.get(1).unwrap_or(&"").to_string(),
            Some("GAME") => {
                s.game = int(&f, 1);
                s.leg = int(&f, 3);
            }
            Some("RADIUS") => s.board.radius = int(&f, 1),
            Some("ROW") => rows.push(f.get(2).unwrap_or(&"").to_string()),
            Some("WALL") => {
                let a = Cell { q: int(&f, 1), r: int(&f, 2) };
                let b = Cell { q: int(&f, 3), r: int(&f, 4) };
                s.board.walls.insert((a, b));
                s.board.walls.insert((b, a));
            }
            Some("CATS") => s.ncats = int(&f, 1),
            Some("MAXTURNS") => s.max_turns = int(&f, 1),
            Some("TIMEOUT") => s.timeout_ms = int(&f, 1),
            _ => {}
        }
    }
    let rad = s.board.radius;
    for (k, row) in rows.iter().enumerate() {
        let r = k as i32 - rad;
        let qmin = (-rad).max(-rad - r);
        for (j, ch) in row.chars().enumerate() {
            s.board.terrain.insert(Cell { q: qmin + j as i32, r }, ch);
        }
    }
}

fn read_state(s: &mut State, block: &[String]) {
    s.cats.clear();
    s.errors.clear();
    s.last.clear();
    for line in block {
        let f: Vec<&str> = line.split_whitespace().collect();
        match f.first().copied() {
            Some("STATE") => s.turn = int(&f, 1),
            Some("CAT") => s.cats.push(Cell { q: int(&f, 2), r: int(&f, 3) }),
            Some("MOUSE") => s.mouse = Cell { q: int(&f, 1), r: int(&f, 2) },
            Some("DASH") => {
                s.dash_cooldown = int(&f, 1);
                s.dash_uses = int(&f, 2);
            }
            Some("LAST") => {
                for tok in &f[1..] {
                    if let Some((piece, action)) = tok.split_once(':') {
                        s.last.insert(piece.to_string(), action.to_string());
                    }
                }
            }
            Some("ERROR") => s.errors.push(line.clone()),
            _ => {}
        }
    }
}

/// Plays one leg: answers INIT with READY, every STATE with tick's
/// drawings and orders, and stops at GAMEOVER.
pub fn run<F: FnMut(&State, &mut Dbg) -> Orders>(mut tick: F) {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut state = State::default();
    let mut block: Vec<String> = Vec::new();
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(l) => l.trim_end_matches('\r').to_string(),
            Err(_) => return,
        };
        if line.starts_with("GAMEOVER") {
            eprintln!("{}", line);
            return;
        }
        let end = line.trim() == "END";
        block.push(line);
        if !end {
            continue;
        }
        let answer = if block[0].starts_with("INIT") {
            read_init(&mut state, &block);
            "READY".to_string()
        } else {
            read_state(&mut state, &block);
            for e in &state.errors {
                eprintln!("turn {}: {}", state.turn, e);
            }
            let mut dbg = Dbg::default();
            let orders = tick(&state, &mut dbg);
            let mut out = String::new();
            for l in &dbg.lines {
                out += l;
                out += "\n";
            }
            out += "MOVE";
            for (piece, action) in &orders.actions {
                out += &format!(" {}:{}", piece, action);
            }
            out
        };
        block.clear();
        let mut w = stdout.lock();
        if writeln!(w, "{}", answer).and_then(|_| w.flush()).is_err() {
            return;
        }
    }
}
