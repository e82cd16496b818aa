// Back Track King (tracks) protocol code for the Rust starter kit: you
// should not need to change it. Write your strategy in bot.rs.
//
// It reads the whole input into typed state (the map and the towns once,
// then the board every turn) and gives the game's actions as functions.
// The rules and the protocol are in docs/games/tracks.md.
#![allow(dead_code)]

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terrain {
    Plains,          // track cost 1
    River,           // 2
    Mountain,        // 3
    PointOfInterest, // 3
}

// Track owners besides the player ids 0 and 1.
pub const NO_TRACK: i32 = -1;
pub const NEUTRAL: i32 = 2;

#[derive(Clone, Debug)]
pub struct Cell {
    pub x: i32,
    pub y: i32,
    pub region: i32,
    pub terrain: Terrain,
    pub track_owner: i32, // NO_TRACK, 0 or 1 (a player), or NEUTRAL
    pub instability: i32, // of the cell's region
    pub inked: bool,
    pub connections: Vec<String>, // the active connections whose path holds the cell, "T-U"
}

#[derive(Clone, Debug, Default)]
pub struct Town {
    pub id: usize,
    pub x: i32,
    pub y: i32,
    pub desired: Vec<usize>, // the towns it wants to be connected to
}

#[derive(Debug, Default)]
pub struct Game {
    pub my_id: i32,
    pub width: i32,
    pub height: i32,
    pub cells: Vec<Cell>, // row by row, x fastest: cells[y * width + x]
    pub towns: Vec<Town>, // by id
    pub turn: i32,        // 1 on the first turn
    pub my_score: i32,
    pub foe_score: i32,
}

/// Reads the input word by word; None at its end.
pub struct Words<R: BufRead> {
    reader: R,
    words: VecDeque<String>,
}

impl<R: BufRead> Words<R> {
    pub fn new(reader: R) -> Self {
        Words { reader, words: VecDeque::new() }
    }
    pub fn word(&mut self) -> Result<Option<String>, String> {
        while self.words.is_empty() {
            let mut line = String::new();
            match self.reader.read_line(&mut line) {
                Ok(0) => return Ok(None),
                Ok(_) => self.words.extend(line.split_whitespace().map(String::from)),
                Err(e) => return Err(e.to_string()),
            }
        }
        Ok(self.words.pop_front())
    }
    fn need(&mut self) -> Result<String, String> {
        self.word()?.ok_or_else(|| "unexpected end of input".to_string())
    }
    fn int(&mut self) -> Result<i32, String> {
        let w = self.need()?;
        w.parse().map_err(|_| format!("bad number {:?}", w))
    }
}

impl Game {
    pub fn at(&self, x: i32, y: i32) -> &Cell {
        &self.cells[(y * self.width + x) as usize]
    }
    pub fn inside(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && x < self.width && y < self.height
    }
    /// The connection t-u (t requesting) is active: it holds t's town cell.
    pub fn active(&self, t: usize, u: usize) -> bool {
        let name = format!("{}-{}", t, u);
        let town = &self.towns[t];
        self.at(town.x, town.y).connections.iter().any(|c| *c == name)
    }

    /// Reads the initialisation block.
    pub fn read_init<R: BufRead>(w: &mut Words<R>) -> Result<Game, String> {
        let mut g = Game { my_id: w.int()?, width: w.int()?, height: w.int()?, ..Game::default() };
        for i in 0..g.width * g.height {
            let region = w.int()?;
            let terrain = match w.int()? {
                1 => Terrain::River,
                2 => Terrain::Mountain,
                3 => Terrain::PointOfInterest,
                _ => Terrain::Plains,
            };
            g.cells.push(Cell {
                x: i % g.width,
                y: i / g.width,
                region,
                terrain,
                track_owner: NO_TRACK,
                instability: 0,
                inked: false,
                connections: Vec::new(),
            });
        }
        let n = w.int()? as usize;
        g.towns = vec![Town::default(); n];
        for _ in 0..n {
            let (id, x, y) = (w.int()? as usize, w.int()?, w.int()?);
            let list = w.need()?;
            let desired = if list == "x" {
                Vec::new()
            } else {
                list.split(',')
                    .map(|f| f.parse().map_err(|_| format!("bad town list {:?}", list)))
                    .collect::<Result<Vec<usize>, String>>()?
            };
            if id >= n {
                return Err(format!("bad town id {}", id));
            }
            g.towns[id] = Town { id, x, y, desired };
        }
        Ok(g)
    }

    /// Reads one turn; Ok(false) at the end of the game.
    pub fn read_turn<R: BufRead>(&mut self, w: &mut Words<R>) -> Result<bool, String> {
        let first = match w.word()? {
            Some(s) => s,
            None => return Ok(false),
        };
        self.my_score = first.parse().map_err(|_| format!("bad score {:?}", first))?;
        self.foe_score = w.int()?;
        self.turn += 1;
        for c in self.cells.iter_mut() {
            c.track_owner = w.int()?;
            c.instability = w.int()?;
            c.inked = w.int()? != 0;
            let conns = w.need()?;
            c.connections = if conns == "x" { Vec::new() } else { conns.split(',').map(String::from).collect() };
        }
        Ok(true)
    }
}

// The actions; answer() joins them with ';'.
pub fn autoplace(from_x: i32, from_y: i32, to_x: i32, to_y: i32) -> String {
    format!("AUTOPLACE {} {} {} {}", from_x, from_y, to_x, to_y)
}
pub fn place_tracks(x: i32, y: i32) -> String {
    format!("PLACE_TRACKS {} {}", x, y)
}
pub fn disrupt(region: i32) -> String {
    format!("DISRUPT {}", region)
}
pub fn disrupt_at(x: i32, y: i32) -> String {
    format!("DISRUPT {} {}", x, y)
}
pub fn wait() -> String {
    "WAIT".to_string()
}
/// Shown in the viewer (one line).
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
    let mut words = Words::new(stdin.lock());
    let mut game = match Game::read_init(&mut words) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("reading the map: {}", e);
            return;
        }
    };
    let stdout = io::stdout();
    loop {
        match game.read_turn(&mut words) {
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
