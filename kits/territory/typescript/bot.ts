// Territory (Ready AI Code 2020) starter bot in TypeScript: start here. Write
// your strategy in Bot.play(); territory.ts reads the turn and writes the move.
//
// This bot walks square loops out of its body, growing with MaxMovement, and
// comes back before MovementLeft runs out; it never steps on a wall, a bomb
// or its own neck. Ideas: cut the others' necks, loop around open ground,
// keep away from heads that could cut yours.
//
// Build: npm ci && npx tsc     Run: node dist/bot.js
// Debug with console.error: stderr is kept in the replay (stdout is for the
// moves only, so no console.log).
import { Board, MOVES, MOVE_ORDER, Move, NONE, TURN_RIGHT, Tile, key, run } from "./territory";

/** Square loops out of the body, home before MovementLeft runs out. */
class Bot {
  loops = 0;
  legs: Move[] = []; // the moves left in the current loop

  /** A loop from the head: straight out of the body, across, and back. Its
   * side grows with MaxMovement. */
  plan(b: Board): Move[] {
    const side = Math.max(2, Math.floor(b.maxMovement / 4));
    let best: { inside: number; d: Move } | null = null;
    for (let k = 0; k < 4; k++) {
      const d = MOVE_ORDER[(this.loops + k) % 4];
      const [dx, dy] = MOVES[d];
      let t: Tile = b.head;
      let inside = 0;
      for (;;) { // walk through our body to its edge
        t = [t[0] + dx, t[1] + dy];
        if (!b.inBody(t)) break;
        inside++;
      }
      if (!b.avoid(t) && (best === null || inside < best.inside)) best = { inside, d };
    }
    if (best === null) return [];
    const { inside, d } = best;
    this.loops++;
    const across = this.loops % 2 ? TURN_RIGHT[d] : TURN_RIGHT[TURN_RIGHT[TURN_RIGHT[d]]];
    const back = TURN_RIGHT[TURN_RIGHT[d]];
    return [...Array(inside + side).fill(d), ...Array(side).fill(across), ...Array(side + inside).fill(back)];
  }

  /** Returns this turn's move: UP, DOWN, LEFT, RIGHT or NONE. */
  play(b: Board): string {
    const dist = b.distanceHome();
    if (b.atHome() && this.legs.length === 0) this.legs = this.plan(b);
    if (this.legs.length > 0) {
      const m = this.legs[0];
      const t = b.step(m);
      if (b.safe(t, dist) && !b.avoid(t)) {
        this.legs.shift();
        if (!b.atHome() && b.inBody(t)) this.legs = []; // back home: the loop is closed
        return m;
      }
      this.legs = [];
    }
    // Head home by the shortest way, or anywhere safe.
    let best: { d: number; m: Move } | null = null;
    for (const m of MOVE_ORDER) {
      const t = b.step(m);
      if (!b.safe(t, dist)) continue;
      const d = b.inBody(t) ? 0 : dist.get(key(t)) ?? 99;
      if (best === null || d < best.d) best = { d, m };
    }
    return best ? best.m : NONE;
  }
}

const bot = new Bot();
run((board) => bot.play(board));
