// Cats & Mouse starter bot in TypeScript: start here. Write your strategy in
// tick(); catmouse.ts reads the input and writes the answers.
//
// Its cats walk shortest paths to the mouse; its mouse runs where the
// nearest cat is farthest and dashes when every step is dangerous; both
// draw what they think (F5/F6 in the viewer).
//
// Build: npm ci && npx tsc     Run: node dist/bot.js
// Debug with console.error: stderr is kept in the replay (stdout is for the
// answers only, so no console.log).
import { Action, Cell, Dbg, Orders, State, add, key, run } from "./catmouse";

const FAR = 1e9;

/** Returns this turn's orders; state is the game, dbg the drawing pad. */
function tick(state: State, dbg: Dbg): Orders {
  const board = state.board;
  if (state.role === "CATS") {
    // Every cat walks a shortest path to the mouse.
    const toMouse = board.distances(state.mouse);
    const dist = (c: Cell) => toMouse.get(key(c)) ?? FAR;
    const orders: Orders = {};
    state.cats.forEach((cat, i) => {
      let best: number | null = null, bestD = dist(cat);
      for (const [d, n] of board.neighbours(cat)) {
        if (dist(n) < bestD) [best, bestD] = [d, dist(n)];
      }
      orders[`C${i}`] = best;
      if (best !== null) {
        const n = add(cat, best);
        dbg.arrow(cat[0], cat[1], n[0], n[1], "orange");
      }
    });
    dbg.circle(state.mouse[0], state.mouse[1], 0.6, "#ff000080");
    return orders;
  }

  // The mouse goes where the nearest cat is farthest, never next to a cat
  // if it can help it, and dashes only when every step is dangerous.
  const fromCats = state.cats.map((c) => board.distances(c));
  const nearestCat = (cell: Cell) => Math.min(...fromCats.map((d) => d.get(key(cell)) ?? FAR));
  const best = (options: [Action, Cell][]): [Action, Cell] | null => {
    let b: [Action, Cell] | null = null;
    for (const o of options) if (b === null || nearestCat(o[1]) > nearestCat(b[1])) b = o;
    return b;
  };
  let choice = best([[null, state.mouse], ...board.neighbours(state.mouse)])!;
  if (nearestCat(choice[1]) <= 1 && state.dashCooldown === 0) {
    const dash = best(board.dashes(state.mouse));
    if (dash !== null && nearestCat(dash[1]) > nearestCat(choice[1])) choice = dash;
  }
  const [q, r] = choice[1];
  dbg.text(q, r, `run (${nearestCat(choice[1])})`, "yellow");
  return { M: choice[0] };
}

run(tick);
