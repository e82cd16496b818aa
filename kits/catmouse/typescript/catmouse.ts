// Cats & Mouse (Cod'INSA 2025 final) protocol for the TypeScript starter
// kit: you should not need to change it. Write your strategy in bot.ts.
//
// It reads the whole input into typed state (State, Board) and speaks the
// protocol (docs/games/catmouse.md of the Arena repository) so that your
// bot only writes one function, as the original SDK asked:
//
//   function tick(state: State, dbg: Dbg): Orders { return { C0: 3, C1: null }; }  // or { M: [0, 5] }
//
// state is the game as the referee sent it, dbg the debug drawing pad:
// every call appends one DBG line, sent before your MOVE line and shown in
// the viewer (F5: the cats' drawings, F6: the mouse's).
//
// Orders: piece ("C0", "C1", ..., "M") to an action: null or "S" to stay, a
// direction 0..5 for one step, or a pair [d1, d2] for the mouse's dash.
// Pieces you leave out stay. Directions, counter-clockwise from east: 0 E
// (+1,0), 1 NE (+1,-1), 2 NW (0,-1), 3 W (-1,0), 4 SW (-1,+1), 5 SE (0,+1).
// Cells are axial [q, r], q first, centre [0, 0].
import * as readline from "readline";

export type Cell = [number, number];
export type Dir = number; // 0..5
export type Action = Dir | [Dir, Dir] | "S" | null;
export type Orders = Record<string, Action>;

export const DIRS: Cell[] = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];

/** A cell as a key of Maps and Sets. */
export const key = (c: Cell): string => `${c[0]},${c[1]}`;

/** The neighbour of cell in direction d. */
export const add = (cell: Cell, d: Dir): Cell => [cell[0] + DIRS[d][0], cell[1] + DIRS[d][1]];

/** Distance between two cells, ignoring terrain and walls. */
export function hexDistance(a: Cell, b: Cell): number {
  const dq = a[0] - b[0], dr = a[1] - b[1];
  return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
}

/** The map: terrain ('.' plain, '~' ocean, 'R' rock, 'M' mountain) and the
 * walls between cells. */
export class Board {
  readonly terrain = new Map<string, string>(); // key(cell) -> character
  private readonly cellList: Cell[] = [];
  private readonly walls = new Set<string>(); // "q1,r1|q2,r2" both ways

  constructor(readonly radius: number, rows: string[], walls: number[][]) {
    rows.forEach((row, k) => {
      const r = k - radius;
      const qmin = Math.max(-radius, -radius - r);
      [...row].forEach((c, j) => {
        this.terrain.set(key([qmin + j, r]), c);
        this.cellList.push([qmin + j, r]);
      });
    });
    for (const [q1, r1, q2, r2] of walls) {
      this.walls.add(`${q1},${r1}|${q2},${r2}`);
      this.walls.add(`${q2},${r2}|${q1},${r1}`);
    }
  }

  cells(): Cell[] {
    return this.cellList;
  }

  plain(cell: Cell): boolean {
    return this.terrain.get(key(cell)) === ".";
  }

  /** A step is legal onto a plain cell of the map with no wall between. */
  canStep(cell: Cell, d: Dir): boolean {
    const n = add(cell, d);
    return this.plain(n) && !this.walls.has(`${key(cell)}|${key(n)}`);
  }

  /** [direction, cell] for every legal step from cell. */
  neighbours(cell: Cell): [Dir, Cell][] {
    const out: [Dir, Cell][] = [];
    for (let d = 0; d < 6; d++) if (this.canStep(cell, d)) out.push([d, add(cell, d)]);
    return out;
  }

  /** [[d1, d2], cell] for every legal dash from cell (two legal steps that
   * do not come back). */
  dashes(cell: Cell): [[Dir, Dir], Cell][] {
    const out: [[Dir, Dir], Cell][] = [];
    for (const [d1, mid] of this.neighbours(cell)) {
      for (const [d2, end] of this.neighbours(mid)) {
        if (d2 !== (d1 + 3) % 6) out.push([[d1, d2], end]);
      }
    }
    return out;
  }

  /** key(cell) -> legal steps from start, for every reachable cell. */
  distances(start: Cell): Map<string, number> {
    const dist = new Map<string, number>([[key(start), 0]]);
    const todo: Cell[] = [start];
    for (let i = 0; i < todo.length; i++) {
      const c = todo[i];
      for (const [, n] of this.neighbours(c)) {
        if (!dist.has(key(n))) {
          dist.set(key(n), (dist.get(key(c)) ?? 0) + 1);
          todo.push(n);
        }
      }
    }
    return dist;
  }
}

/** What the referee told us. From INIT: role, game, leg, board, ncats,
 * maxTurns, timeoutMs. From each STATE: turn, cats (C0 first), mouse,
 * dashCooldown, dashUses, last (piece -> action applied at the previous
 * turn) and errors (the ERROR lines about our previous answer). */
export class State {
  role: "CATS" | "MOUSE" = "CATS";
  game = 1;
  leg = 1;
  board: Board = new Board(0, [], []);
  ncats = 0;
  maxTurns = 300;
  timeoutMs = 200;
  turn = 0;
  cats: Cell[] = [];
  mouse: Cell = [0, 0];
  dashCooldown = 0;
  dashUses = 0;
  last: Record<string, string> = {};
  errors: string[] = [];

  readInit(lines: string[]): void {
    const rows: string[] = [], walls: number[][] = [];
    let radius = 0;
    for (const line of lines) {
      const w = line.trim().split(/\s+/);
      if (w[0] === "ROLE") this.role = w[1] as "CATS" | "MOUSE";
      else if (w[0] === "GAME") [this.game, this.leg] = [Number(w[1]), Number(w[3])];
      else if (w[0] === "RADIUS") radius = Number(w[1]);
      else if (w[0] === "ROW") rows.push(w[2]);
      else if (w[0] === "WALL") walls.push(w.slice(1, 5).map(Number));
      else if (w[0] === "CATS") this.ncats = Number(w[1]);
      else if (w[0] === "MAXTURNS") this.maxTurns = Number(w[1]);
      else if (w[0] === "TIMEOUT") this.timeoutMs = Number(w[1]);
    }
    this.board = new Board(radius, rows, walls);
  }

  readState(lines: string[]): void {
    this.cats = [];
    this.errors = [];
    for (const line of lines) {
      const w = line.trim().split(/\s+/);
      if (w[0] === "STATE") this.turn = Number(w[1]);
      else if (w[0] === "CAT") this.cats.push([Number(w[2]), Number(w[3])]);
      else if (w[0] === "MOUSE") this.mouse = [Number(w[1]), Number(w[2])];
      else if (w[0] === "DASH") [this.dashCooldown, this.dashUses] = [Number(w[1]), Number(w[2])];
      else if (w[0] === "LAST") this.last = Object.fromEntries(w.slice(1).map((x) => x.split(":")));
      else if (w[0] === "ERROR") this.errors.push(line);
    }
  }
}

const num = (x: number): string => String(Number(x.toPrecision(6)));

/** Debug drawings, in fractional axial coordinates (a cell's centre is its
 * [q, r]); lengths in cell-to-cell units; angles in degrees,
 * counter-clockwise from east. Colours: "#RRGGBB", "#RRGGBBAA" or red green
 * blue yellow orange purple cyan magenta white black gray pink brown. At
 * most 500 drawings per turn. */
export class Dbg {
  readonly lines: string[] = [];
  segment(q1: number, r1: number, q2: number, r2: number, color = "white"): void {
    this.lines.push(`DBG SEGMENT ${num(q1)} ${num(r1)} ${num(q2)} ${num(r2)} ${color}`);
  }
  /** An infinite line through both points. */
  line(q1: number, r1: number, q2: number, r2: number, color = "white"): void {
    this.lines.push(`DBG LINE ${num(q1)} ${num(r1)} ${num(q2)} ${num(r2)} ${color}`);
  }
  /** An arrow from (q1, r1), its head at (q2, r2). */
  arrow(q1: number, r1: number, q2: number, r2: number, color = "white"): void {
    this.lines.push(`DBG ARROW ${num(q1)} ${num(r1)} ${num(q2)} ${num(r2)} ${color}`);
  }
  /** A filled polygon of 3 to 32 [q, r] vertices. */
  polygon(points: [number, number][], color = "white"): void {
    this.lines.push(`DBG POLYGON ${color} ${points.map(([q, r]) => `${num(q)} ${num(r)}`).join(" ")}`);
  }
  /** A circle of radius 0 < radius <= 50, filled if fill. */
  circle(q: number, r: number, radius: number, color = "white", fill = false): void {
    this.lines.push(`DBG CIRCLE ${num(q)} ${num(r)} ${num(radius)} ${color}${fill ? " FILL" : ""}`);
  }
  /** An arc drawn counter-clockwise from angle start to angle end. */
  arc(q: number, r: number, radius: number, start: number, end: number, color = "white"): void {
    this.lines.push(`DBG ARC ${num(q)} ${num(r)} ${num(radius)} ${num(start)} ${num(end)} ${color}`);
  }
  /** Up to 80 bytes of text at (q, r). */
  text(q: number, r: number, text: string, color = "white"): void {
    this.lines.push(`DBG TEXT ${num(q)} ${num(r)} ${color} ${text}`);
  }
}

function action(a: Action | undefined): string {
  if (a === null || a === undefined || a === "S") return "S";
  if (typeof a === "number") return String(a);
  return `${a[0]}${a[1]}`;
}

/** Plays one leg: answers INIT with READY, every STATE with tick's drawings
 * and orders, and stops at GAMEOVER. */
export async function run(tick: (state: State, dbg: Dbg) => Orders): Promise<void> {
  const state = new State();
  let block: string[] = [];
  for await (const line of readline.createInterface({ input: process.stdin })) {
    if (line.startsWith("GAMEOVER")) {
      console.error(line);
      process.exit(0);
    }
    block.push(line);
    if (line.trim() !== "END") continue;
    let out: string[];
    if (block[0].startsWith("INIT")) {
      state.readInit(block);
      out = ["READY"];
    } else {
      state.readState(block);
      for (const e of state.errors) console.error(`turn ${state.turn}: ${e}`);
      const dbg = new Dbg();
      const orders = tick(state, dbg) || {};
      const moves = Object.keys(orders).sort().map((p) => `${p}:${action(orders[p])}`);
      out = [...dbg.lines, ["MOVE", ...moves].join(" ")];
    }
    process.stdout.write(out.join("\n") + "\n");
    block = [];
  }
}
