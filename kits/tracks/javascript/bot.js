// Back Track King (tracks) starter bot in JavaScript: start here. Write your
// strategy in play(); tracks.js reads the input and writes the answers.
//
// This bot AUTOPLACEs the nearest desired connection that is not active yet
// (the same answers as the other kits' starting bots). Ideas: DISRUPT the
// regions where the opponent's tracks pay it the most, avoid building in
// regions about to be inked, PLACE_TRACKS toward points of interest.
//
// Run it:  arena play tracks --bot "node bot.js" --bot builtin:boss3
// Debug with console.error: stderr is kept in the replay (stdout is for the
// answers only, so no console.log). Answer within 50 ms (1000 ms on the
// first turn).
"use strict";
const { autoplace, run } = require("./tracks");

/** Returns this turn's actions (see tracks.js); none means WAIT. */
function play(g) {
  // The nearest desired connection that is not active yet: the least
  // (distance, town, desired town).
  let best = null;
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
