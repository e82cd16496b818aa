// Territory (Ready AI Code 2020) protocol for the JavaScript starter kit: you
// should not need to change it. Write your strategy in bot.js.
//
// It reads the turn JSON into state (a Board: the tiles with their tokens,
// your head, neck and body, MaxMovement and MovementLeft) with a few
// questions about it (deadly, avoid, distanceHome, safe), and gives the
// moves as constants (UP, DOWN, LEFT, RIGHT, NONE). run() speaks
// stdin/stdout: one turn JSON line in, one move line out. The protocol is
// in docs/games/territory.md of the Arena repository.
"use strict";
const readline = require("readline");

const UP = "UP", DOWN = "DOWN", LEFT = "LEFT", RIGHT = "RIGHT", NONE = "NONE";
const MOVES = { UP: [0, 1], DOWN: [0, -1], LEFT: [-1, 0], RIGHT: [1, 0] }; // in this order
const TURN_RIGHT = { UP: RIGHT, RIGHT: DOWN, DOWN: LEFT, LEFT: UP };

/** A tile [x, y] as a key of Maps and Sets. */
const key = (t) => `${t[0]},${t[1]}`;

/**
 * The turn JSON, read into tiles. Y grows upwards; Map is row by row from
 * the top: element i is tile (i % N, N - 1 - floor(i / N)).
 */
class Board {
  constructor(state) {
    this.n = state.MapWidth;
    this.selfId = state.SelfId;
    this.turn = state.Turn || 0; // stdin/stdout mode only
    this.neckToken = "p" + this.selfId;
    // Each tile's token split on "-": "P<id>" body, "p<id>" neck, "P<id>*"
    // head, "W" wall, "B" bomb, "I" ice, "D" decay. Keyed by key([x, y]).
    this.tokens = new Map();
    state.Map.forEach((token, i) => {
      this.tokens.set(key([i % this.n, this.n - 1 - Math.floor(i / this.n)]), token ? token.split("-") : []);
    });
    const own = state.OccupiedTiles;
    this.head = own.Head.length ? [own.Head[0].X, own.Head[0].Y] : [-1, -1];
    this.body = new Set(own.Body.map((t) => key([t.X, t.Y])));
    this.bodyTiles = own.Body.map((t) => [t.X, t.Y]);
    this.neck = own.Neck.map((t) => [t.X, t.Y]); // oldest first
    this.neckKeys = new Set(this.neck.map(key));
    this.maxMovement = state.MaxMovement;
    this.movementLeft = state.MovementLeft;
  }

  atHome() {
    return this.body.has(key(this.head));
  }

  inBody(tile) {
    return this.body.has(key(tile));
  }

  step(move) {
    return [this.head[0] + MOVES[move][0], this.head[1] + MOVES[move][1]];
  }

  /** Tiles that kill us at once: off the map, walls, bombs, our neck (and
   * the tile we stand on, which becomes neck when we are out). */
  deadly(tile) {
    const parts = this.tokens.get(key(tile));
    if (parts === undefined || parts.includes("W") || parts.includes("B")) return true;
    if (this.neckKeys.has(key(tile)) || parts.includes(this.neckToken)) return true;
    return key(tile) === key(this.head) && !this.atHome();
  }

  /** Deadly tiles, plus ice (frozen 3 turns) and decay (a countdown). */
  avoid(tile) {
    if (this.deadly(tile)) return true;
    const parts = this.tokens.get(key(tile));
    return parts.includes("I") || parts.includes("D");
  }

  /** Fewest moves from each tile (by key) to our body, around what we avoid. */
  distanceHome() {
    const dist = new Map();
    const queue = [];
    for (const t of this.bodyTiles) {
      dist.set(key(t), 0);
      queue.push(t);
    }
    for (let q = 0; q < queue.length; q++) {
      const [x, y] = queue[q];
      for (const [dx, dy] of Object.values(MOVES)) {
        const t = [x + dx, y + dy];
        if (!dist.has(key(t)) && this.tokens.has(key(t)) && !this.avoid(t)) {
          dist.set(key(t), dist.get(key([x, y])) + 1);
          queue.push(t);
        }
      }
    }
    return dist;
  }

  /** Moving there keeps a way home within the movement left. */
  safe(tile, dist) {
    if (this.deadly(tile)) return false;
    if (this.inBody(tile)) return true;
    const left = this.movementLeft - 1; // a move that ends outside costs one
    const d = dist.get(key(tile));
    return d !== undefined && d >= 1 && d <= left;
  }
}

/** stdin/stdout mode: every turn line is read into a Board and play's move
 * is written; the final line ("Final": true) needs no answer. */
async function run(play) {
  for await (const line of readline.createInterface({ input: process.stdin })) {
    const state = JSON.parse(line);
    if (state.Final) {
      console.error(`final turn ${state.Turn}`);
      continue;
    }
    process.stdout.write(play(new Board(state)) + "\n");
  }
}

module.exports = { UP, DOWN, LEFT, RIGHT, NONE, MOVES, TURN_RIGHT, key, Board, run };
