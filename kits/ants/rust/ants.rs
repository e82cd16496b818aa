// Ants & Crystals protocol code for the Rust starter kit: you should not
// need to change it. Write your strategy in bot.rs.
//
// It reads the whole input into typed state (the map once, then every turn)
// and gives the game's actions as functions. The rules and the protocol are
// in docs/games/ants.md.
#![allow(dead_code)]

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellType {
    Empty,
    Egg,
    Crystal,
}

#[derive(Clone, Debug)]
pub struct Cell {
    pub index: usize,
    pub kind: CellType, // never changes
    pub initial_resources: i32,
    pub neighbors: [i32; 6], // per direction (0 east, counter-clockwise), -1 when none
    pub resources: i32,      // what is left, updated every turn
    pub my_ants: i32,
    pub opp_ants: i32,
}

#[derive(Default, Debug)]
pub struct Game {
    pub cells: Vec<Cell>,
    pub my_bases: Vec<usize>,
    pub opp_bases: Vec<usize>,
    pub turn: i32,      // 1 on the first turn
    pub my_score: i32,  // sent in league 4 only (0 otherwise)
    pub opp_score: i32,
    pub dist: Vec<Vec<i32>>, // all-pairs distances in steps, -1 when unreachable
}

fn numbers(line: &str) -> Result<Vec<i64>, String> {
    line.split_whitespace()
        .map(|f| f.parse::<i64>().map_err(|_| format!("bad number {:?} in {:?}", f, line)))
        .collect()
}

/// Reads lines of numbers; None at the end of the input.
pub struct Input<R: BufRead> {
    reader: R,
}

impl<R: BufRead> Input<R> {
    pub fn new(reader: R) -> Self {
        Input { reader }
    }
    fn line(&mut self) -> Result<Option<Vec<i64>>, String> {
        let mut s = String::new();
        match self.reader.read_line(&mut s) {
            Ok(0) => Ok(None),
            Ok(_) => numbers(&s).map(Some),
            Err(e) => Err(e.to_string()),
        }
    }
    fn need(&mut self, k: usize) -> Result<Vec<i64>, String> {
        match self.line()? {
            Some(v) if v.len() >= k => Ok(v),
            Some(v) => Err(format!("want {} numbers, got {:?}", k, v)),
            None => Err("unexpected end of input".to_string()),
        }
    }
}

impl Game {
    /// Reads the initialisation block.
    pub fn read_init<R: BufRead>(input: &mut Input<R>) -> Result<Game, String> {
        let n = input.need(1)?[0] as usize;
        let mut g = Game::default();
        for i in 0..n {
            let v = input.need(8)?;
            let mut neighbors = [-1; 6];
            for d in 0..6 {
                neighbors[d] = v[2 + d] as i32;
            }
            let kind = match v[0] {
                1 => CellType::Egg,
                2 => CellType::Crystal,
                _ => CellType::Empty,
            };
            g.cells.push(Cell {
                index: i,
                kind,
                initial_resources: v[1] as i32,
                neighbors,
                resources: v[1] as i32,
                my_ants: 0,
                opp_ants: 0,
            });
        }
        let bases = input.need(1)?[0] as usize;
        g.my_bases = input.need(bases)?.iter().take(bases).map(|&x| x as usize).collect();
        g.opp_bases = input.need(bases)?.iter().take(bases).map(|&x| x as usize).collect();
        g.dist = (0..n).map(|i| g.bfs(i)).collect();
        Ok(g)
    }

    /// Reads one turn; Ok(false) at the end of the game. The score line is
    /// sent in league 4 only: it is the only line of two numbers.
    pub fn read_turn<R: BufRead>(&mut self, input: &mut Input<R>) -> Result<bool, String> {
        let mut v = match input.line()? {
            Some(v) => v,
            None => return Ok(false),
        };
        self.turn += 1;
        if v.len() == 2 {
            self.my_score = v[0] as i32;
            self.opp_score = v[1] as i32;
            v = input.need(3)?;
        }
        for i in 0..self.cells.len() {
            if i > 0 {
                v = input.need(3)?;
            }
            if v.len() < 3 {
                return Err(format!("want 3 numbers for cell {}, got {:?}", i, v));
            }
            let c = &mut self.cells[i];
            c.resources = v[0] as i32;
            c.my_ants = v[1] as i32;
            c.opp_ants = v[2] as i32;
        }
        Ok(true)
    }

    fn bfs(&self, src: usize) -> Vec<i32> {
        let mut d = vec![-1; self.cells.len()];
        d[src] = 0;
        let mut queue = VecDeque::from(vec![src]);
        while let Some(h) = queue.pop_front() {
            for &m in self.cells[h].neighbors.iter() {
                if m >= 0 && d[m as usize] < 0 {
                    d[m as usize] = d[h] + 1;
                    queue.push_back(m as usize);
                }
            }
        }
        d
    }

    pub fn my_ant_total(&self) -> i32 {
        self.cells.iter().map(|c| c.my_ants).sum()
    }

    pub fn opp_ant_total(&self) -> i32 {
        self.cells.iter().map(|c| c.opp_ants).sum()
    }

    /// The base of ours nearest to cell c.
    pub fn nearest_base(&self, c: usize) -> usize {
        let mut best = self.my_bases[0];
        for &b in &self.my_bases {
            let (db, dbest) = (self.dist[b][c], self.dist[best][c]);
            if db >= 0 && (dbest < 0 || db < dbest) {
                best = b;
            }
        }
        best
    }
}

// The actions; answer() joins them with ';'.
pub fn beacon(cell: usize, strength: i32) -> String {
    format!("BEACON {} {}", cell, strength)
}
pub fn line(from: usize, to: usize, strength: i32) -> String {
    format!("LINE {} {} {}", from, to, strength)
}
pub fn wait() -> String {
    "WAIT".to_string()
}
/// Shown in the viewer: one line, up to 46 characters.
pub fn message(text: &str) -> String {
    format!("MESSAGE {}", text)
}
/// A turn's actions joined with ';', WAIT when there is none.
pub fn answer(actions: &[String]) -> String {
    if actions.is_empty() {
        wait()
    } else {
        actions.join(";")
    }
}

/// Plays the game: reads the input, calls play every turn and writes its
/// answer, flushed at once.
pub fn run<F: FnMut(&Game) -> Vec<String>>(mut play: F) {
    let stdin = io::stdin();
    let mut input = Input::new(stdin.lock());
    let mut game = match Game::read_init(&mut input) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("reading the map: {}", e);
            return;
        }
    };
    let stdout = io::stdout();
    loop {
        match game.read_turn(&mut input) {
            Ok(true) => {}
            Ok(false) => return,
            Err(e) => {
                eprintln!("reading a turn: {}", e);
                return;
            }
        }
        let mut out = stdout.lock();
        if writeln!(out, "{}", answer(&play(&game))).and_then(|_| out.flush()).is_err() {
            return;
        }
    }
}
