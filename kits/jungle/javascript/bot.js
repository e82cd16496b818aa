// Jungle Blitz starter bot in JavaScript: start here. Write your strategy in
// getNextMove(); index.js talks to the server and jungle.js holds the state.
//
// This bot spawns each unit on the free spawn tile nearest to a free
// diamond, sends each unit without a diamond to the nearest free diamond it
// can reach that no other unit of its goes for (the server finds the path),
// and drops a diamond it holds next to itself to score its points. Ideas:
// SUMMON to raise a diamond's level before dropping it, VINE and ATTACK the
// other teams' carriers.
//
// Run it:  arena play jungle --bot "node index.js" --bot builtin:greedy
"use strict";
const { EMPTY, key, drop, move, none, spawn } = require("./jungle");

const distance = (a, b) => Math.abs(a.x - b.x) + Math.abs(a.y - b.y);

class Bot {
  constructor() {
    console.log("Initializing your super mega duper bot");
  }

  /** Returns this tick's actions, one per unit of yours (see jungle.js). */
  getNextMove(t) {
    const taken = new Set(t.occupied().keys());
    const freeDiamonds = t.diamonds.filter((d) => !d.ownerId).map((d) => d.position);
    const targets = new Set(); // the diamonds a unit of ours goes for
    const actions = [];
    for (const unit of t.myTeam.units) {
      if (!unit.hasSpawned) {
        const spawns = t.spawns().filter((s) => !taken.has(key(s)));
        if (spawns.length > 0) {
          // The spawn tile nearest to a free diamond (the first one without diamonds).
          const near = (s) => freeDiamonds.reduce((m, d) => Math.min(m, distance(s, d)), freeDiamonds.length ? Infinity : 0);
          const best = spawns.reduce((b, s) => (near(s) < near(b) ? s : b));
          taken.add(key(best));
          actions.push(spawn(unit.id, best));
        }
        continue;
      }
      const p = unit.position;
      if (unit.hasDiamond && !unit.isSummoning && t.tile(p) === EMPTY) {
        const around = [{ x: p.x, y: p.y - 1 }, { x: p.x, y: p.y + 1 }, { x: p.x - 1, y: p.y }, { x: p.x + 1, y: p.y }];
        const free = around.find((q) => t.tile(q) === EMPTY && !taken.has(key(q)));
        actions.push(free ? drop(unit.id, free) : none(unit.id));
        continue;
      }
      const blocked = new Set(taken);
      blocked.delete(key(p));
      const dist = t.distances(p, blocked);
      const reachable = freeDiamonds.filter((d) => dist.has(key(d)) && !targets.has(key(d)));
      if (reachable.length > 0) {
        const target = reachable.reduce((b, d) => (dist.get(key(d)) < dist.get(key(b)) ? d : b));
        targets.add(key(target));
        actions.push(move(unit.id, target));
      } else {
        actions.push(none(unit.id));
      }
    }
    return actions;
  }
}

module.exports = { Bot };
