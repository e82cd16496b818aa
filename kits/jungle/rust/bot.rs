// Jungle Blitz starter bot in Rust: start here. Write your strategy in
// next_move(); jungle.rs reads the TICKs and writes the COMMANDs (over
// WebSocket, as the 2022 kits; over stdin/stdout with --stdio).
//
// This bot spawns its units on the spawn tiles nearest to the free
// diamonds and sends each unit to the nearest free diamond no other of its
// units is after. A carrier SUMMONs its diamond up to the highest level
// while no enemy is near, and drops it to score its points when an enemy
// comes within 2 tiles or the game is about to end (then picks it up
// again). Ideas: ATTACK and VINE enemy carriers, flee from enemies, keep
// units off the enemies' paths.
//
// Build: rustc -O --edition 2021 -o bot bot.rs
// Run:   arena play jungle --bot ./bot --bot builtin:greedy
//        (or start `arena host jungle`, then ./bot)
// Debug with eprintln!: stderr is kept in the replay.
mod json;
mod jungle;
mod websocket;

use jungle::*;
use std::collections::HashSet;

/// How near (in tiles) an enemy makes a carrier drop its diamond.
const DANGER: i32 = 2;

/// The free diamond nearest to from, among those not taken.
fn nearest(free: &[Position], from: Position, taken: &HashSet<Position>) -> Option<Position> {
    let mut best: Option<Position> = None;
    for &p in free {
        if !taken.contains(&p) && best.map_or(true, |b| distance(from, p) < distance(from, b)) {
            best = Some(p);
        }
    }
    best
}

fn next_move(msg: &GameMessage) -> Vec<Action> {
    let mut actions = Vec::new();
    let team = match msg.my_team() {
        Some(t) => t,
        None => return actions,
    };
    let occupied = msg.occupied();
    let free: Vec<Position> = msg.diamonds.iter().filter(|d| d.owner_id.is_none()).map(|d| d.position).collect();
    let on_ground: HashSet<Position> = free.iter().copied().collect();
    let (mut targeted, mut spawned) = (HashSet::new(), HashSet::new());
    for u in &team.units {
        match u.position {
            None if !u.has_spawned => {
                // The free spawn tile nearest to a free diamond.
                let mut best: Option<(Position, i32)> = None;
                for s in msg.tiles_of("SPAWN") {
                    if occupied.contains(&s) || spawned.contains(&s) {
                        continue;
                    }
                    let d = nearest(&free, s, &HashSet::new()).map_or(1 << 30, |p| distance(s, p));
                    if best.map_or(true, |(_, bd)| d < bd) {
                        best = Some((s, d));
                    }
                }
                if let Some((s, _)) = best {
                    spawned.insert(s);
                    actions.push(spawn(&u.id, s));
                }
            }
            None => {} // dead
            Some(_) if u.is_summoning => {} // locked while it summons
            Some(here) if u.has_diamond => {
                let d = match u.diamond_id.as_deref().and_then(|id| msg.diamond(id)) {
                    Some(d) => d,
                    None => continue,
                };
                let threatened = msg.enemies().iter().any(|e| e.position.map_or(false, |p| distance(p, here) <= DANGER));
                if threatened || msg.tick >= msg.total_tick - 3 {
                    if let Some(p) = here
                        .neighbours()
                        .into_iter()
                        .find(|&p| msg.tile_at(p) == "EMPTY" && !occupied.contains(&p) && !on_ground.contains(&p))
                    {
                        actions.push(drop_at(&u.id, p));
                    }
                } else if d.summon_level < msg.maximum_diamond_summon_level && msg.tick + d.summon_level + 1 < msg.total_tick - 3 {
                    actions.push(summon(&u.id));
                }
            }
            Some(here) => {
                if let Some(p) = nearest(&free, here, &targeted) {
                    targeted.insert(p);
                    actions.push(move_to(&u.id, p));
                }
            }
        }
    }
    actions
}

fn main() {
    run(next_move);
}
