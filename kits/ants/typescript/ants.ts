// Ants & Crystals protocol for the TypeScript starter kit: you should not
// need to change it. Write your strategy in bot.ts.
//
// It reads the whole input into typed state (a Game with its Cells: type,
// resources, neighbours, ants of both players, the bases, the scores and
// the all-pairs distances) and gives the actions as functions (beacon,
// line, wait, message) whose results are joined with ";" into the turn's
// answer. The protocol is in docs/games/ants.md of the Arena repository.
import * as readline from "readline";

export const EMPTY = 0;
export const EGG = 1;
export const CRYSTAL = 2;
export type CellType = typeof EMPTY | typeof EGG | typeof CRYSTAL;

/** One cell of the map. */
export class Cell {
  resources: number; // what is left, updated every turn
  myAnts = 0;
  oppAnts = 0;
  constructor(
    readonly index: number,
    readonly type: CellType, // never changes
    readonly initialResources: number,
    readonly neighbors: number[], // per direction 0..5, -1 when there is none
  ) {
    this.resources = initialResources;
  }
}

type Next = () => Promise<string>;
const numbers = (s: string): number[] => s.trim().split(/\s+/).map(Number);

/** The whole game as this player sees it. */
export class Game {
  cells: Cell[] = [];
  myBases: number[] = [];
  oppBases: number[] = [];
  turn = 0;
  myScore = 0;
  oppScore = 0;
  dist: number[][] = []; // all-pairs distances, -1: unreachable

  async readInit(next: Next): Promise<void> {
    const n = parseInt(await next(), 10);
    for (let i = 0; i < n; i++) {
      const f = numbers(await next());
      this.cells.push(new Cell(i, f[0] as CellType, f[1], f.slice(2, 8)));
    }
    await next(); // number of bases per player
    this.myBases = numbers(await next());
    this.oppBases = numbers(await next());
    this.dist = this.cells.map((c) => this.bfs(c.index));
  }

  // The score line is sent in league 4 (Silver+) only: it is the only line
  // with two numbers.
  async readTurn(next: Next): Promise<void> {
    this.turn++;
    let first = numbers(await next());
    if (first.length === 2) {
      [this.myScore, this.oppScore] = first;
      first = numbers(await next());
    }
    for (let i = 0; i < this.cells.length; i++) {
      const row = i === 0 ? first : numbers(await next());
      [this.cells[i].resources, this.cells[i].myAnts, this.cells[i].oppAnts] = row;
    }
  }

  bfs(src: number): number[] {
    const d: number[] = new Array(this.cells.length).fill(-1);
    d[src] = 0;
    const queue = [src];
    for (let q = 0; q < queue.length; q++) {
      const h = queue[q];
      for (const m of this.cells[h].neighbors) {
        if (m >= 0 && d[m] < 0) {
          d[m] = d[h] + 1;
          queue.push(m);
        }
      }
    }
    return d;
  }

  /** My base nearest to cell c (lowest index on ties). */
  nearestBase(c: number): number {
    const far = (b: number) => (this.dist[b][c] < 0 ? Infinity : this.dist[b][c]);
    let best = this.myBases[0];
    for (const b of this.myBases) {
      if (far(b) < far(best) || (far(b) === far(best) && b < best)) best = b;
    }
    return best;
  }

  myAntTotal(): number {
    return this.cells.reduce((s, c) => s + c.myAnts, 0);
  }

  oppAntTotal(): number {
    return this.cells.reduce((s, c) => s + c.oppAnts, 0);
  }
}

export const beacon = (cell: number, strength: number): string => `BEACON ${cell} ${strength}`;
export const line = (source: number, target: number, strength: number): string =>
  `LINE ${source} ${target} ${strength}`;
export const wait = (): string => "WAIT";
export const message = (text: string): string => `MESSAGE ${text.replace(/;/g, ",").replace(/\n/g, " ")}`;

/** Reads the game, then every turn calls play(game) and writes its actions. */
export async function run(play: (game: Game) => string[]): Promise<void> {
  const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const r = await lines.next();
    if (r.done) process.exit(0); // the match is over
    return r.value;
  };
  const game = new Game();
  await game.readInit(next);
  for (;;) {
    await game.readTurn(next);
    const actions = play(game);
    process.stdout.write((actions.length ? actions : [wait()]).join(";") + "\n");
  }
}
