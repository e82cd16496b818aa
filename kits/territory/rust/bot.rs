// Territory starter bot in Rust: start here. Write your strategy in
// Bot::play; territory.rs reads the turn JSON and writes the moves.
//
// The strategy is deliberately simple (the Python kit's, move for move):
// walk a square loop out of the body and come back before MovementLeft
// runs out; never step on a wall, a bomb or our own neck.
//
// Build: rustc -O --edition 2021 -o bot bot.rs
// Run:   arena play territory --bot ./bot --bot builtin:greedy --bot builtin:random --bot builtin:hunter
// Debug with eprintln!: stderr is kept in the replay.
mod json;
mod territory;

use std::collections::VecDeque;
use territory::*;

#[derive(Default)]
struct Bot {
    loops: usize,
    legs: VecDeque<Move>, // the moves left in the current loop
}

impl Bot {
    /// A loop from the head: straight out of the body, across, and back.
    /// Its side grows with MaxMovement.
    fn plan(&mut self, b: &Board) -> VecDeque<Move> {
        let side = (b.max_movement / 4).max(2) as usize;
        let mut best: Option<(usize, Move)> = None;
        for k in 0..4 {
            let d = MOVES[(self.loops + k) % 4];
            let (mut t, mut inside) = (b.head, 0);
            loop {
                // walk through our body to its edge
                t = t.step(d);
                if !b.body.contains(&t) {
                    break;
                }
                inside += 1;
            }
            if !b.avoid(t) && best.map_or(true, |(i, _)| inside < i) {
                best = Some((inside, d));
            }
        }
        let (inside, d) = match best {
            Some(b) => b,
            None => return VecDeque::new(),
        };
        self.loops += 1;
        let across = if self.loops % 2 == 1 { d.turn_right() } else { d.turn_right().turn_right().turn_right() };
        let back = d.turn_right().turn_right();
        let mut legs = VecDeque::new();
        legs.extend(std::iter::repeat(d).take(inside + side));
        legs.extend(std::iter::repeat(across).take(side));
        legs.extend(std::iter::repeat(back).take(side + inside));
        legs
    }

    fn play(&mut self, b: &Board) -> Move {
        let dist = b.distance_home();
        if b.at_home() && self.legs.is_empty() {
            self.legs = self.plan(b);
        }
        if let Some(&m) = self.legs.front() {
            let t = b.head.step(m);
            if b.safe(t, &dist) && !b.avoid(t) {
                self.legs.pop_front();
                if !b.at_home() && b.body.contains(&t) {
                    self.legs.clear(); // back home: the loop is closed
                }
                return m;
            }
            self.legs.clear();
        }
        // Head home by the shortest way, or anywhere safe.
        let mut best: Option<(i32, Move)> = None;
        for m in MOVES {
            let t = b.head.step(m);
            if !b.safe(t, &dist) {
                continue;
            }
            let d = if b.body.contains(&t) { 0 } else { *dist.get(&t).unwrap_or(&99) };
            if best.map_or(true, |(bd, _)| d < bd) {
                best = Some((d, m));
            }
        }
        best.map_or(Move::None, |(_, m)| m)
    }
}

fn main() {
    let mut bot = Bot::default();
    run(|b| bot.play(b));
}
