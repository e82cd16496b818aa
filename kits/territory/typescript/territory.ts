// Territory (Ready AI Code 2020) protocol for the TypeScript starter kit: you
// should not need to change it. Write your strategy in bot.ts.
//
// It reads the turn JSON into typed state (a Board: the tiles with their
// tokens, your head, neck and body, MaxMovement and MovementLeft) with a few
// questions about it (deadly, avoid, distanceHome, safe), and gives the
// moves as constants (UP, DOWN, LEFT, RIGHT, NONE). run() speaks
// stdin/stdout: one turn JSON line in, one move line out. The protocol is
// in docs/games/territory.md of the Arena repository.
import * as readline from "readline";

export type Move = "UP" | "DOWN" | "LEFT" | "RIGHT";
export const UP: Move = "UP", DOWN: Move = "DOWN", LEFT: Move = "LEFT", RIGHT: Move = "RIGHT";
export const NONE = "NONE";
export type Tile = [number, number];
export const MOVES: Record<Move, Tile> = { UP: [0, 1], DOWN: [0, -1], LEFT: [-1, 0], RIGHT: [1, 0] };
export const MOVE_ORDER: Move[] = [UP, DOWN, LEFT, RIGHT];
export const TURN_RIGHT: Record<Move, Move> = { UP: RIGHT, RIGHT: DOWN, DOWN: LEFT, LEFT: UP };

/** The turn JSON as the game sends it. */
export interface TurnState {
  SelfId: string;
  Map: string[];
  MapWidth: number;
  MaxMovement: number;
  MovementLeft: number;
  OccupiedTiles: { Head: { X: number; Y: number }[]; Neck: { X: number; Y: number }[]; Body: { X: number; Y: number }[] };
  Turn?: number; // stdin/stdout mode only
  Final?: boolean;
}

/** A tile as a key of Maps and Sets. */
export const key = (t: Tile): string => `${t[0]},${t[1]}`;

/**
 * The turn JSON, read into tiles. Y grows upwards; Map is row by row from
 * the top: element i is tile (i % N, N - 1 - floor(i / N)).
 */
export class Board {
  readonly n: number;
  readonly selfId: string;
  readonly turn: number;
  readonly neckToken: string;
  // Each tile's token split on "-": "P<id>" body, "p<id>" neck, "P<id>*"
  // head, "W" wall, "B" bomb, "I" ice, "D" decay. Keyed by key(tile).
  readonly tokens = new Map<string, string[]>();
  readonly head: Tile;
  readonly body: Set<string>;
  readonly bodyTiles: Tile[];
  readonly neck: Tile[]; // oldest first
  readonly neckKeys: Set<string>;
  readonly maxMovement: number;
  readonly movementLeft: number;

  constructor(state: TurnState) {
    this.n = state.MapWidth;
    this.selfId = state.SelfId;
    this.turn = state.Turn ?? 0;
    this.neckToken = "p" + this.selfId;
    state.Map.forEach((token, i) => {
      this.tokens.set(key([i % this.n, this.n - 1 - Math.floor(i / this.n)]), token ? token.split("-") : []);
    });
    const own = state.OccupiedTiles;
    this.head = own.Head.length ? [own.Head[0].X, own.Head[0].Y] : [-1, -1];
    this.bodyTiles = own.Body.map((t): Tile => [t.X, t.Y]);
    this.body = new Set(this.bodyTiles.map(key));
    this.neck = own.Neck.map((t): Tile => [t.X, t.Y]);
    this.neckKeys = new Set(this.neck.map(key));
    this.maxMovement = state.MaxMovement;
    this.movementLeft = state.MovementLeft;
  }

  atHome(): boolean {
    return this.body.has(key(this.head));
  }

  inBody(tile: Tile): boolean {
    return this.body.has(key(tile));
  }

  step(move: Move): Tile {
    return [this.head[0] + MOVES[move][0], this.head[1] + MOVES[move][1]];
  }

  /** Tiles that kill us at once: off the map, walls, bombs, our neck (and
   * the tile we stand on, which becomes neck when we are out). */
  deadly(tile: Tile): boolean {
    const parts = this.tokens.get(key(tile));
    if (parts === undefined || parts.includes("W") || parts.includes("B")) return true;
    if (this.neckKeys.has(key(tile)) || parts.includes(this.neckToken)) return true;
    return key(tile) === key(this.head) && !this.atHome();
  }

  /** Deadly tiles, plus ice (frozen 3 turns) and decay (a countdown). */
  avoid(tile: Tile): boolean {
    if (this.deadly(tile)) return true;
    const parts = this.tokens.get(key(tile)) ?? [];
    return parts.includes("I") || parts.includes("D");
  }

  /** Fewest moves from each tile (by key) to our body, around what we avoid. */
  distanceHome(): Map<string, number> {
    const dist = new Map<string, number>();
    const queue: Tile[] = [];
    for (const t of this.bodyTiles) {
      dist.set(key(t), 0);
      queue.push(t);
    }
    for (let q = 0; q < queue.length; q++) {
      const [x, y] = queue[q];
      for (const m of MOVE_ORDER) {
        const t: Tile = [x + MOVES[m][0], y + MOVES[m][1]];
        if (!dist.has(key(t)) && this.tokens.has(key(t)) && !this.avoid(t)) {
          dist.set(key(t), (dist.get(key([x, y])) ?? 0) + 1);
          queue.push(t);
        }
      }
    }
    return dist;
  }

  /** Moving there keeps a way home within the movement left. */
  safe(tile: Tile, dist: Map<string, number>): boolean {
    if (this.deadly(tile)) return false;
    if (this.inBody(tile)) return true;
    const left = this.movementLeft - 1; // a move that ends outside costs one
    const d = dist.get(key(tile));
    return d !== undefined && d >= 1 && d <= left;
  }
}

/** stdin/stdout mode: every turn line is read into a Board and play's move
 * is written; the final line ("Final": true) needs no answer. */
export async function run(play: (board: Board) => string): Promise<void> {
  for await (const line of readline.createInterface({ input: process.stdin })) {
    const state = JSON.parse(line) as TurnState;
    if (state.Final) {
      console.error(`final turn ${state.Turn}`);
      continue;
    }
    process.stdout.write(play(new Board(state)) + "\n");
  }
}
