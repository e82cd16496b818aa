// Jungle Blitz starter bot in TypeScript: start here. Write your strategy in
// getNextMove(); index.ts talks to the server and jungle.ts holds the state.
//
// This bot spawns each unit on the free spawn tile nearest to a free
// diamond, sends each unit without a diamond to the nearest free diamond it
// can reach that no other unit of its goes for (the server finds the path),
// and drops a diamond it holds next to itself to score its points. Ideas:
// SUMMON to raise a diamond's level before dropping it, VINE and ATTACK the
// other teams' carriers.
//
// Build: npm ci && npx tsc     Run: node dist/index.js
import { Action, EMPTY, Position, Tick, drop, key, move, none, spawn } from "./jungle";

const distance = (a: Position, b: Position): number => Math.abs(a.x - b.x) + Math.abs(a.y - b.y);

export class Bot {
  /** Returns this tick's actions, one per unit of yours (see jungle.ts). */
  getNextMove(t: Tick): Action[] {
    const taken = new Set(t.occupied().keys());
    const freeDiamonds = t.diamonds.filter((d) => !d.ownerId).map((d) => d.position);
    const targets = new Set<string>(); // the diamonds a unit of ours goes for
    const actions: Action[] = [];
    for (const unit of t.myTeam?.units ?? []) {
      if (!unit.hasSpawned || !unit.position) {
        if (unit.hasSpawned) continue; // dead: it waits to spawn again
        const spawns = t.spawns().filter((s) => !taken.has(key(s)));
        if (spawns.length > 0) {
          // The spawn tile nearest to a free diamond (the first one without diamonds).
          const near = (s: Position) =>
            freeDiamonds.reduce((m, d) => Math.min(m, distance(s, d)), freeDiamonds.length ? Infinity : 0);
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
        const target = reachable.reduce((b, d) => ((dist.get(key(d)) ?? 0) < (dist.get(key(b)) ?? 0) ? d : b));
        targets.add(key(target));
        actions.push(move(unit.id, target));
      } else {
        actions.push(none(unit.id));
      }
    }
    return actions;
  }
}
