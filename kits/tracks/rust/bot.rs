// Back Track King (tracks) starter bot in Rust: start here. Write your
// strategy in play(); tracks.rs reads the input and writes the answers.
//
// This bot AUTOPLACEs the nearest desired connection that is not active
// yet (the same answers as the other kits' starting bots). Ideas: DISRUPT
// the regions where the opponent's tracks pay it the most, avoid building
// in regions about to be inked, PLACE_TRACKS toward points of interest.
//
// Build: rustc -O --edition 2021 -o bot bot.rs
// Run:   arena play tracks --bot ./bot --bot builtin:boss3
// Debug with eprintln!: stderr is kept in the replay. Answer within 50 ms
// (1000 ms on the first turn).
mod tracks;

use tracks::*;

fn play(g: &Game) -> Vec<String> {
    // The nearest desired connection that is not active yet: the least
    // (distance, town, desired town).
    let mut best: Option<(i32, usize, usize)> = None;
    for t in &g.towns {
        for &u in &t.desired {
            if g.active(t.id, u) {
                continue;
            }
            let d = (t.x - g.towns[u].x).abs() + (t.y - g.towns[u].y).abs();
            if best.map_or(true, |b| (d, t.id, u) < b) {
                best = Some((d, t.id, u));
            }
        }
    }
    let mut actions = Vec::new();
    if let Some((_, t, u)) = best {
        let (t, u) = (&g.towns[t], &g.towns[u]);
        actions.push(autoplace(t.x, t.y, u.x, u.y));
    }
    actions // WAIT when there is no action
}

fn main() {
    run(play);
}
