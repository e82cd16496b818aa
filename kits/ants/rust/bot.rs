// Ants & Crystals starter bot in Rust: start here. Write your strategy in
// play(); ants.rs reads the input and writes the answers.
//
// This bot places LINEs from its bases to the nearest resources, eggs first
// early on or while it has fewer ants than its opponent, as many targets as
// its ants can hold in a chain.
//
// Build: rustc -O --edition 2021 -o bot bot.rs
// Run:   arena play ants --bot ./bot --bot builtin:boss4
// Debug with eprintln!: stderr is kept in the replay.
mod ants;

use ants::*;

fn play(g: &Game) -> Vec<String> {
    let my_ants = g.my_ant_total();
    let want_eggs = g.turn <= 8 || my_ants < g.opp_ant_total();
    let mut targets = Vec::new(); // (eggs first, distance, index)
    for c in &g.cells {
        let d = g.dist[g.nearest_base(c.index)][c.index];
        if c.resources > 0 && d >= 0 && (c.kind == CellType::Crystal || want_eggs) {
            let group = if c.kind == CellType::Egg && want_eggs { 0 } else { 1 };
            targets.push((group, d, c.index));
        }
    }
    targets.sort();
    let mut actions = Vec::new();
    let (mut budget, mut chosen) = (my_ants / 2, 0);
    for &(_, d, c) in &targets {
        if d + 1 > budget && chosen > 0 {
            continue;
        }
        budget -= d + 1;
        actions.push(line(g.nearest_base(c), c, 1));
        chosen += 1;
    }
    actions.push(message(&format!("{} ants, {} targets", my_ants, chosen)));
    actions
}

fn main() {
    run(play);
}
