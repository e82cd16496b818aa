// Back Track King (tracks) protocol for the TypeScript starter kit: you
// should not need to change it. Write your strategy in bot.ts.
//
// It reads the whole input into typed state (the map and the towns once,
// then the board every turn) and gives the game's actions as functions
// (autoplace, placeTracks, disrupt, disruptAt, wait, message) whose results
// are joined with ";" into the turn's answer. The rules and the protocol
// are in docs/games/tracks.md of the Arena repository.
import * as readline from "readline";

export const PLAINS = 0, RIVER = 1, MOUNTAIN = 2, POI = 3; // terrains: costs 1, 2, 3, 3
export const NO_TRACK = -1, NEUTRAL = 2; // track owners besides the player ids 0 and 1

export class Cell {
  trackOwner = NO_TRACK; // -1 none, 0 or 1 a player, 2 neutral
  instability = 0; // of the cell's region
  inked = false;
  connections: string[] = []; // the active connections whose path holds the cell, "T-U"
  constructor(
    readonly x: number,
    readonly y: number,
    readonly region: number, // never changes
    readonly terrain: number, // PLAINS, RIVER, MOUNTAIN or POI; never changes
  ) {}
}

export class Town {
  constructor(
    readonly id: number,
    readonly x: number,
    readonly y: number,
    readonly desired: number[], // the ids of the towns it wants to be connected to
  ) {}
}

type Next = () => Promise<string>;

export class Game {
  myId = 0;
  width = 0;
  height = 0;
  cells: Cell[] = []; // row by row: cells[y * width + x]
  towns: Town[] = []; // by id
  turn = 0; // 1 on the first turn
  myScore = 0;
  foeScore = 0;

  at(x: number, y: number): Cell {
    return this.cells[y * this.width + x];
  }

  inside(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  townAt(x: number, y: number): Town | undefined {
    return this.towns.find((t) => t.x === x && t.y === y);
  }

  /** The connection t-u (t requesting) is active: it holds t's town cell. */
  active(t: number, u: number): boolean {
    return this.at(this.towns[t].x, this.towns[t].y).connections.includes(`${t}-${u}`);
  }

  async readInit(next: Next): Promise<void> {
    this.myId = parseInt(await next(), 10);
    this.width = parseInt(await next(), 10);
    this.height = parseInt(await next(), 10);
    for (let i = 0; i < this.width * this.height; i++) {
      const [region, terrain] = (await next()).split(" ").map(Number);
      this.cells.push(new Cell(i % this.width, Math.floor(i / this.width), region, terrain));
    }
    const n = parseInt(await next(), 10);
    for (let i = 0; i < n; i++) {
      const [id, x, y, desired] = (await next()).split(" ");
      const wants = desired === "x" ? [] : desired.split(",").map(Number);
      this.towns.push(new Town(Number(id), Number(x), Number(y), wants));
    }
  }

  async readTurn(next: Next): Promise<void> {
    this.turn++;
    this.myScore = parseInt(await next(), 10);
    this.foeScore = parseInt(await next(), 10);
    for (const c of this.cells) {
      const [owner, inst, ink, conns] = (await next()).split(" ");
      c.trackOwner = Number(owner);
      c.instability = Number(inst);
      c.inked = ink === "1";
      c.connections = conns === "x" ? [] : conns.split(",");
    }
  }
}

export const autoplace = (fromX: number, fromY: number, toX: number, toY: number): string =>
  `AUTOPLACE ${fromX} ${fromY} ${toX} ${toY}`;
export const placeTracks = (x: number, y: number): string => `PLACE_TRACKS ${x} ${y}`;
export const disrupt = (region: number): string => `DISRUPT ${region}`;
export const disruptAt = (x: number, y: number): string => `DISRUPT ${x} ${y}`;
export const wait = (): string => "WAIT";
export const message = (text: string): string => `MESSAGE ${text.replace(/;/g, ",").replace(/\n/g, " ")}`;

/** Reads the game, then every turn calls play(game) and writes its actions. */
export async function run(play: (game: Game) => string[]): Promise<void> {
  const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const r = await lines.next();
    if (r.done) process.exit(0); // the game is over
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
