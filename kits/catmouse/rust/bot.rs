// Cats & Mouse starter bot in Rust: start here. Write your strategy in
// tick(); catmouse.rs reads the referee's messages and writes the answers.
//
// The example's cats walk shortest paths to the mouse; its mouse runs away
// from the nearest cat and dashes when cornered; both draw what they think.
//
// Build: rustc -O --edition 2021 -o bot bot.rs
// Run:   arena play catmouse --bot ./bot --bot builtin:pursuit
// Debug with eprintln! (kept in the replay) or with dbg (drawn in the viewer).
mod catmouse;

use catmouse::*;
use std::collections::HashMap;

fn tick(state: &State, dbg: &mut Dbg) -> Orders {
    let board = &state.board;
    let mut orders = Orders::default();
    if state.role == "CATS" {
        // Every cat walks a shortest path to the mouse.
        let to_mouse = board.distances(state.mouse);
        for (i, &cat) in state.cats.iter().enumerate() {
            let mut best = None;
            let mut best_d = *to_mouse.get(&cat).unwrap_or(&(1 << 30));
            for m in board.neighbours(cat) {
                if let Some(&d) = to_mouse.get(&m.to) {
                    if d < best_d {
                        best = Some(m.dirs[0]);
                        best_d = d;
                    }
                }
            }
            if let Some(d) = best {
                orders.step(&format!("C{}", i), d);
                let n = cat.add(d);
                dbg.arrow(cat.q as f64, cat.r as f64, n.q as f64, n.r as f64, "orange");
            }
        }
        dbg.circle(state.mouse.q as f64, state.mouse.r as f64, 0.6, "#ff000080", false);
        return orders;
    }
    // The mouse goes where the nearest cat is farthest, and dashes only
    // when every step leaves a cat next to it.
    let from_cats: Vec<HashMap<Cell, i32>> = state.cats.iter().map(|&c| board.distances(c)).collect();
    let nearest_cat = |c: Cell| from_cats.iter().filter_map(|d| d.get(&c).copied()).min().unwrap_or(1 << 30);
    let mut best: Option<Vec<usize>> = None;
    let mut best_cell = state.mouse;
    for m in board.neighbours(state.mouse) {
        if nearest_cat(m.to) > nearest_cat(best_cell) {
            best = Some(m.dirs);
            best_cell = m.to;
        }
    }
    if nearest_cat(best_cell) <= 1 && state.dash_cooldown == 0 {
        for m in board.dashes(state.mouse) {
            if nearest_cat(m.to) > nearest_cat(best_cell) {
                best = Some(m.dirs);
                best_cell = m.to;
            }
        }
    }
    match best.as_deref() {
        Some(&[d1, d2]) => orders.dash(d1, d2),
        Some(&[d]) => orders.step("M", d),
        _ => {}
    }
    dbg.text(best_cell.q as f64, best_cell.r as f64, &format!("run ({})", nearest_cat(best_cell)), "yellow");
    orders
}

fn main() {
    run(tick);
}
