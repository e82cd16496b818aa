// Jungle Blitz (Coveo Blitz 2022) protocol code for the Rust starter kit:
// you should not need to change it. Write your bot in bot.rs.
//
// It speaks WebSocket as the 2022 kits did (websocket.rs, standard library
// only): it connects to ARENA_WS_URL (or ws://127.0.0.1:8765), registers
// with TOKEN when it is set (by team name otherwise) and answers every
// TICK with a COMMAND. With --stdio it speaks Arena's stdin/stdout mode
// instead: one TICK (a JSON object) per line on stdin, one COMMAND per
// line on stdout. The kit reads every TICK into typed state (GameMessage,
// with json.rs) and writes the actions your bot returns. Positions are
// (x, y) with x the column from the left and y the row from the top; tiles
// are indexed [x][y]. The protocol is in docs/games/jungle.md.
#![allow(dead_code)]

use crate::json::{quote, Json};
use crate::websocket::WebSocket;
use std::collections::{BTreeMap, HashSet};
use std::io::{self, BufRead, Write};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    pub x: i32,
    pub y: i32,
}

impl Position {
    /// The four tiles next to this one (some may be off the map).
    pub fn neighbours(self) -> [Position; 4] {
        let (x, y) = (self.x, self.y);
        [Position { x, y: y - 1 }, Position { x: x + 1, y }, Position { x, y: y + 1 }, Position { x: x - 1, y }]
    }
    fn json(self) -> String {
        format!("{{\"x\":{},\"y\":{}}}", self.x, self.y)
    }
}

/// The Manhattan distance between two tiles.
pub fn distance(a: Position, b: Position) -> i32 {
    (a.x - b.x).abs() + (a.y - b.y).abs()
}

fn position(j: &Json) -> Option<Position> {
    match j {
        Json::Object(_) => Some(Position { x: j.get("x").int() as i32, y: j.get("y").int() as i32 }),
        _ => None,
    }
}

fn string(j: &Json) -> Option<String> {
    match j {
        Json::Str(s) => Some(s.clone()),
        _ => None,
    }
}

/// A diamond; owner_id is the id of the unit holding it, None when it lies
/// free on the ground.
#[derive(Clone, Debug, Default)]
pub struct Diamond {
    pub id: String,
    pub owner_id: Option<String>,
    pub position: Position,
    pub summon_level: i32,
    pub points: i32,
}

/// What happened to a unit during the previous tick.
#[derive(Clone, Debug, Default)]
pub struct LastState {
    pub position_before: Option<Position>,
    pub position_before_dying: Option<Position>,
    pub was_vined_by: Option<String>,
    pub was_attacked_by: Option<String>,
    pub has_summoned: bool,
}

/// A unit; position is None while it is not on the board.
#[derive(Clone, Debug, Default)]
pub struct Unit {
    pub id: String,
    pub team_id: String,
    pub diamond_id: Option<String>,
    pub position: Option<Position>,
    pub path: Vec<Position>,
    pub has_diamond: bool,
    pub has_spawned: bool,
    pub is_summoning: bool,
    pub last_state: LastState,
}

/// A team; errors are your last command's errors (empty for the others).
#[derive(Clone, Debug, Default)]
pub struct Team {
    pub id: String,
    pub name: String,
    pub is_dead: bool,
    pub score: i64,
    pub units: Vec<Unit>,
    pub errors: Vec<String>,
}

/// The TICK the server sends before every tick.
#[derive(Clone, Debug, Default)]
pub struct GameMessage {
    pub kind: String,
    pub tick: i32,
    pub total_tick: i32,
    pub tiles: Vec<Vec<String>>, // "EMPTY", "WALL" or "SPAWN", [x][y]
    pub diamonds: Vec<Diamond>,
    pub maximum_diamond_summon_level: i32,
    pub initial_diamond_summon_level: i32,
    pub points_per_diamond: i32,
    /// For this tick and the next four, the order in which the teams'
    /// commands are applied.
    pub team_play_orderings: BTreeMap<String, Vec<String>>,
    pub team_id: String,
    pub teams: Vec<Team>,
}

impl GameMessage {
    pub fn width(&self) -> i32 {
        self.tiles.len() as i32
    }
    pub fn height(&self) -> i32 {
        self.tiles.first().map_or(0, |c| c.len() as i32)
    }
    /// The tile type at p ("" outside the map).
    pub fn tile_at(&self, p: Position) -> &str {
        if p.x < 0 || p.y < 0 || p.x >= self.width() || p.y >= self.height() {
            return "";
        }
        &self.tiles[p.x as usize][p.y as usize]
    }
    pub fn my_team(&self) -> Option<&Team> {
        self.teams.iter().find(|t| t.id == self.team_id)
    }
    /// The other teams' units on the board.
    pub fn enemies(&self) -> Vec<&Unit> {
        self.teams.iter().filter(|t| t.id != self.team_id).flat_map(|t| t.units.iter()).filter(|u| u.position.is_some()).collect()
    }
    /// The tiles that hold a unit.
    pub fn occupied(&self) -> HashSet<Position> {
        self.teams.iter().flat_map(|t| t.units.iter()).filter_map(|u| u.position).collect()
    }
    /// Every tile of a type ("SPAWN", ...), by x then y.
    pub fn tiles_of(&self, kind: &str) -> Vec<Position> {
        let mut out = Vec::new();
        for (x, col) in self.tiles.iter().enumerate() {
            for (y, t) in col.iter().enumerate() {
                if t == kind {
                    out.push(Position { x: x as i32, y: y as i32 });
                }
            }
        }
        out
    }
    pub fn diamond(&self, id: &str) -> Option<&Diamond> {
        self.diamonds.iter().find(|d| d.id == id)
    }

    pub fn parse(j: &Json) -> GameMessage {
        let map = j.get("map");
        let config = j.get("gameConfig");
        let level = |key: &str, default: i32| if config.get(key).is_null() { default } else { config.get(key).int() as i32 };
        let mut m = GameMessage {
            kind: j.get("type").str().to_string(),
            tick: j.get("tick").int() as i32,
            total_tick: j.get("totalTick").int() as i32,
            tiles: map.get("tiles").array().iter().map(|c| c.array().iter().map(|t| t.str().to_string()).collect()).collect(),
            maximum_diamond_summon_level: level("maximumDiamondSummonLevel", 5),
            initial_diamond_summon_level: level("initialDiamondSummonLevel", 1),
            points_per_diamond: level("pointsPerDiamond", 1),
            team_id: j.get("teamId").str().to_string(),
            ..GameMessage::default()
        };
        for d in map.get("diamonds").array() {
            m.diamonds.push(Diamond {
                id: d.get("id").str().to_string(),
                owner_id: string(d.get("ownerId")),
                position: position(d.get("position")).unwrap_or_default(),
                summon_level: d.get("summonLevel").int() as i32,
                points: d.get("points").int() as i32,
            });
        }
        if let Json::Object(members) = j.get("teamPlayOrderings") {
            for (tick, ids) in members {
                m.team_play_orderings.insert(tick.clone(), ids.array().iter().map(|i| i.str().to_string()).collect());
            }
        }
        for t in j.get("teams").array() {
            let units = t
                .get("units")
                .array()
                .iter()
                .map(|u| {
                    let last = u.get("lastState");
                    Unit {
                        id: u.get("id").str().to_string(),
                        team_id: u.get("teamId").str().to_string(),
                        diamond_id: string(u.get("diamondId")),
                        position: position(u.get("position")),
                        path: u.get("path").array().iter().filter_map(position).collect(),
                        has_diamond: u.get("hasDiamond").boolean(),
                        has_spawned: u.get("hasSpawned").boolean(),
                        is_summoning: u.get("isSummoning").boolean(),
                        last_state: LastState {
                            position_before: position(last.get("positionBefore")),
                            position_before_dying: position(last.get("positionBeforeDying")),
                            was_vined_by: string(last.get("wasVinedBy")),
                            was_attacked_by: string(last.get("wasAttackedBy")),
                            has_summoned: last.get("hasSummoned").boolean(),
                        },
                    }
                })
                .collect();
            m.teams.push(Team {
                id: t.get("id").str().to_string(),
                name: t.get("name").str().to_string(),
                is_dead: t.get("isDead").boolean(),
                score: t.get("score").int(),
                units,
                errors: t.get("errors").array().iter().map(|e| e.str().to_string()).collect(),
            });
        }
        m
    }
}

/// One unit's action, built by the functions below.
#[derive(Clone, Debug)]
pub struct Action {
    pub kind: &'static str,
    pub unit_id: String,
    pub target: Option<Position>,
}

impl Action {
    fn json(&self) -> String {
        let mut s = format!(
            "{{\"type\":\"UNIT\",\"action\":\"{}\",\"unitId\":{}",
            self.kind,
            Json::Str(self.unit_id.clone()).to_string()
        );
        if let Some(t) = self.target {
            s += &format!(",\"target\":{}", t.json());
        }
        s + "}"
    }
}

/// A unit that is off the board appears on a SPAWN tile.
pub fn spawn(unit: &str, p: Position) -> Action {
    Action { kind: "SPAWN", unit_id: unit.to_string(), target: Some(p) }
}
/// One tile toward p along the server's path.
pub fn move_to(unit: &str, p: Position) -> Action {
    Action { kind: "MOVE", unit_id: unit.to_string(), target: Some(p) }
}
/// Raises the level of the unit's diamond (the unit is locked for level+1 ticks).
pub fn summon(unit: &str) -> Action {
    Action { kind: "SUMMON", unit_id: unit.to_string(), target: None }
}
/// The diamond onto the adjacent tile p: on an empty tile it scores; onto a unit it hands it over.
pub fn drop_at(unit: &str, p: Position) -> Action {
    Action { kind: "DROP", unit_id: unit.to_string(), target: Some(p) }
}
/// Kills the unit on the adjacent tile p (not on a spawn tile).
pub fn attack(unit: &str, p: Position) -> Action {
    Action { kind: "ATTACK", unit_id: unit.to_string(), target: Some(p) }
}
/// Pulls the unit at p (same row or column, nothing between) next to this one.
pub fn vine(unit: &str, p: Position) -> Action {
    Action { kind: "VINE", unit_id: unit.to_string(), target: Some(p) }
}
/// Nothing (picks up a diamond lying under the unit).
pub fn none(unit: &str) -> Action {
    Action { kind: "NONE", unit_id: unit.to_string(), target: None }
}

/// The COMMAND answering one message, None when it is not a TICK; the
/// team's rejected actions of the previous tick are logged.
fn answer<F: FnMut(&GameMessage) -> Vec<Action>>(next_move: &mut F, text: &str) -> Option<String> {
    let msg = match Json::parse(text) {
        Ok(j) => GameMessage::parse(&j),
        Err(e) => {
            eprintln!("not a game message: {}", e);
            return None;
        }
    };
    if msg.kind != "TICK" {
        return None;
    }
    if let Some(me) = msg.my_team() {
        for e in &me.errors {
            eprintln!("command error: {}", e);
        }
    }
    let actions: Vec<String> = next_move(&msg).iter().map(|a| a.json()).collect();
    Some(format!("{{\"type\":\"COMMAND\",\"tick\":{},\"actions\":[{}]}}", msg.tick, actions.join(",")))
}

/// stdin/stdout mode: reads a TICK per line, calls next_move and writes
/// the COMMAND, flushed at once.
pub fn run_stdio<F: FnMut(&GameMessage) -> Vec<Action>>(mut next_move: F) {
    let stdin = io::stdin();
    let stdout = io::stdout();
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(l) => l,
            Err(_) => return,
        };
        if line.trim().is_empty() {
            continue;
        }
        if let Some(command) = answer(&mut next_move, &line) {
            let mut w = stdout.lock();
            if writeln!(w, "{}", command).and_then(|_| w.flush()).is_err() {
                return;
            }
        }
    }
}

/// WebSocket mode, as the 2022 kits: registers, then answers every TICK
/// until the server closes the connection at the end of the game.
pub fn run_websocket<F: FnMut(&GameMessage) -> Vec<Action>>(mut next_move: F, team_name: &str) -> Result<(), String> {
    let url = std::env::var("ARENA_WS_URL").ok().filter(|u| !u.is_empty()).unwrap_or_else(|| "ws://127.0.0.1:8765".into());
    let mut ws = WebSocket::connect(&url).map_err(|e| format!("cannot connect to {}: {}", url, e))?;
    let register = match std::env::var("TOKEN") {
        Ok(token) if !token.is_empty() => format!("{{\"type\":\"REGISTER\",\"token\":{}}}", quote(&token)),
        _ => format!("{{\"type\":\"REGISTER\",\"teamName\":{}}}", quote(team_name)),
    };
    ws.send(&register).map_err(|e| format!("cannot register: {}", e))?;
    loop {
        match ws.read() {
            Ok(Some(text)) => {
                if let Some(command) = answer(&mut next_move, &text) {
                    ws.send(&command).map_err(|e| format!("cannot send the command: {}", e))?;
                }
            }
            Ok(None) => {
                eprintln!("The game is over: the server closed the connection.");
                return Ok(());
            }
            Err(e) => return Err(format!("connection lost: {}", e)),
        }
    }
}

/// Plays the game over WebSocket, or over stdin/stdout with --stdio.
pub fn run<F: FnMut(&GameMessage) -> Vec<Action>>(next_move: F) {
    if std::env::args().skip(1).any(|a| a == "--stdio") {
        run_stdio(next_move);
    } else if let Err(e) = run_websocket(next_move, "MyBot Rust") {
        eprintln!("{}", e);
        std::process::exit(1);
    }
}
