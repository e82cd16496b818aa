// Jungle Blitz starter bot in JavaScript: start here. Write your strategy in
// getNextMove(); index.js talks to the server and jungle.js holds the state.
//
// This bot spawns each unit on the free spawn tile nearest to a free
// diamond, drops a diamond it holds next to itself to score its points,
// attacks an enemy carrier next to it (the diamond passes to the attacker),
// and otherwise sends each unit to the nearest free diamond it can reach, or
// else next to the nearest enemy carrier, never two units to one place (the
// server finds the path). Ideas: SUMMON to raise a diamond's level before
// dropping it, VINE carriers in line of sight, run from attackers.
//
// Run it:  arena play jungle --bot "node index.js" --bot builtin:greedy
"use strict";
const { EMPTY, SPAWN, key, attack, drop, move, none, spawn } = require("./jungle");

const distance = (a, b) => Math.abs(a.x - b.x) + Math.abs(a.y - b.y);

/** The four neighbours of p: up, down, left, right. */
const around = (p) => [{ x: p.x, y: p.y - 1 }, { x: p.x, y: p.y + 1 }, { x: p.x - 1, y: p.y }, { x: p.x + 1, y: p.y }];

class Bot {
  constructor() {
    console.log("Initializing your super mega duper bot");
  }

  /** Returns this tick's actions, one per unit of yours (see jungle.js). */
  getNextMove(t) {
    const taken = new Set(t.occupied().keys());
    const freeDiamonds = t.diamonds.filter((d) => !d.ownerId).map((d) => d.position);
    // The other teams' carriers that can be attacked (not on a spawn tile).
    const carriers = [];
    for (const team of t.teams) {
      if (team.id === t.teamId) continue;
      for (const u of team.units) if (u.hasDiamond && u.position && t.tile(u.position) !== SPAWN) carriers.push(u.position);
    }
    const targets = new Set(); // where our units go
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
        const free = around(p).find((q) => t.tile(q) === EMPTY && !taken.has(key(q)));
        actions.push(free ? drop(unit.id, free) : none(unit.id));
        continue;
      }
      const near = carriers.filter((c) => distance(c, p) === 1);
      if (near.length > 0 && !unit.hasDiamond && t.tile(p) !== SPAWN) {
        actions.push(attack(unit.id, near[0]));
        continue;
      }
      const blocked = new Set(taken);
      blocked.delete(key(p));
      const dist = t.distances(p, blocked);
      let reachable = freeDiamonds.filter((d) => dist.has(key(d)) && !targets.has(key(d)));
      if (reachable.length === 0) {
        // No free diamond: a tile next to an enemy carrier.
        reachable = carriers.flatMap(around).filter((q) => dist.has(key(q)) && key(q) !== key(p) && !targets.has(key(q)));
      }
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
