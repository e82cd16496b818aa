// Ants & Crystals starter bot in JavaScript: start here. Write your strategy
// in play(); ants.js reads the input and writes the answers.
//
// This bot places LINEs from its bases to the nearest resources, eggs first
// early on or while it has fewer ants than its opponent, as many targets as
// its ants can hold in a chain.
//
// Run it:  arena play ants --bot "node bot.js" --bot builtin:boss4
// Debug with console.error: stderr is kept in the replay (stdout is for
// the answers only, so do not use console.log).
"use strict";
const { CRYSTAL, EGG, line, message, run } = require("./ants");

/** Returns this turn's actions (see ants.js: beacon, line, wait, message). */
function play(g) {
  const myAnts = g.myAntTotal();
  const wantEggs = g.turn <= 8 || myAnts < g.oppAntTotal();
  const targets = []; // [eggs first, distance, index]
  for (const c of g.cells) {
    const d = g.dist[g.nearestBase(c.index)][c.index];
    if (c.resources > 0 && d >= 0 && (c.type === CRYSTAL || wantEggs)) {
      targets.push([c.type === EGG && wantEggs ? 0 : 1, d, c.index]);
    }
  }
  targets.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  const actions = [];
  let budget = Math.floor(myAnts / 2);
  for (const [, d, c] of targets) {
    if (d + 1 > budget && actions.length > 0) continue;
    budget -= d + 1;
    actions.push(line(g.nearestBase(c), c, 1));
  }
  actions.push(message(`${myAnts} ants, ${actions.length} targets`));
  return actions;
}

run(play);
