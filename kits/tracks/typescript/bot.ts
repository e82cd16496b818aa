// Back Track King (tracks) starter bot in TypeScript: start here. Write your
// strategy in play(); tracks.ts reads the input and writes the answers.
//
// This bot AUTOPLACEs the nearest desired connection that is not active yet
// (the same answers as the other kits' starting bots). Ideas: DISRUPT the
// regions where the opponent's tracks pay it the most, avoid building in
// regions about to be inked, PLACE_TRACKS toward points of interest.
//
// Build: npm ci && npx tsc     Run: node dist/bot.js
// Debug with console.error: stderr is kept in the replay (stdout is for the
// answers only, so no console.log). Answer within 50 ms (1000 ms on the
// first turn).
import { Game, autoplace, run } from "./tracks";

/** Returns this turn's actions (see tracks.ts); none means WAIT. */
function play(g: Game): string[] {
  // The nearest desired connection that is not active yet: the least
  // (distance, town, desired town).
  let best: { d: number; t: number; u: number } | null = null;
  for (const t of g.towns) {
    for (const u of t.desired) {
      if (g.active(t.id, u)) continue;
      const d = Math.abs(t.x - g.towns[u].x) + Math.abs(t.y - g.towns[u].y);
      if (!best || d < best.d || (d === best.d && (t.id < best.t || (t.id === best.t && u < best.u)))) {
        best = { d, t: t.id, u };
      }
    }
  }
  if (!best) return [];
  const t = g.towns[best.t], u = g.towns[best.u];
  return [autoplace(t.x, t.y, u.x, u.y)];
}

run(play);
