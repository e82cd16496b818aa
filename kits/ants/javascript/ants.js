// Ants & Crystals protocol for the JavaScript starter kit: you should not
// need to change it. Write your strategy in bot.js.
//
// It reads the whole input into state (a Game with its Cells: type,
// resources, neighbours, ants of both players, the bases, the scores and
// the all-pairs distances) and gives the actions as functions (beacon,
// line, wait, message) whose results are joined with ";" into the turn's
// answer. The protocol is in docs/games/ants.md of the Arena repository.
"use strict";
const readline = require("readline");

const EMPTY = 0;
const EGG = 1;
const CRYSTAL = 2;

/** One cell of the map. */
class Cell {
  constructor(index, type, initialResources, neighbors) {
    this.index = index;
    this.type = type; // EMPTY, EGG or CRYSTAL; never changes
    this.initialResources = initialResources;
    this.neighbors = neighbors; // per direction 0..5, -1 when there is none
    this.resources = initialResources; // what is left, updated every turn
    this.myAnts = 0;
    this.oppAnts = 0;
  }
}

/** The whole game as this player sees it. */
class Game {
  constructor() {
    this.cells = [];
    this.myBases = [];
    this.oppBases = [];
    this.turn = 0;
    this.myScore = 0;
    this.oppScore = 0;
    this.dist = []; // all-pairs distances, -1: unreachable
  }

  async readInit(next) {
    const n = parseInt(await next(), 10);
    for (let i = 0; i < n; i++) {
      const f = (await next()).trim().split(/\s+/).map(Number);
      this.cells.push(new Cell(i, f[0], f[1], f.slice(2, 8)));
    }
    await next(); // number of bases per player
    this.myBases = (await next()).trim().split(/\s+/).map(Number);
    this.oppBases = (await next()).trim().split(/\s+/).map(Number);
    this.dist = this.cells.map((c) => this.bfs(c.index));
  }

  // The score line is sent in league 4 (Silver+) only: it is the only line
  // with two numbers.
  async readTurn(next) {
    this.turn++;
    let first = (await next()).trim().split(/\s+/).map(Number);
    if (first.length === 2) {
      [this.myScore, this.oppScore] = first;
      first = (await next()).trim().split(/\s+/).map(Number);
    }
    for (let i = 0; i < this.cells.length; i++) {
      const row = i === 0 ? first : (await next()).trim().split(/\s+/).map(Number);
      [this.cells[i].resources, this.cells[i].myAnts, this.cells[i].oppAnts] = row;
    }
  }

  bfs(src) {
    const d = new Array(this.cells.length).fill(-1);
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
  nearestBase(c) {
    let best = this.myBases[0];
    const far = (b) => (this.dist[b][c] < 0 ? Infinity : this.dist[b][c]);
    for (const b of this.myBases) {
      if (far(b) < far(best) || (far(b) === far(best) && b < best)) best = b;
    }
    return best;
  }

  myAntTotal() {
    return this.cells.reduce((s, c) => s + c.myAnts, 0);
  }

  oppAntTotal() {
    return this.cells.reduce((s, c) => s + c.oppAnts, 0);
  }
}

const beacon = (cell, strength) => `BEACON ${cell} ${strength}`;
const line = (source, target, strength) => `LINE ${source} ${target} ${strength}`;
const wait = () => "WAIT";
const message = (text) => `MESSAGE ${String(text).replace(/;/g, ",").replace(/\n/g, " ")}`;

/** Reads the game, then every turn calls play(game) and writes its actions. */
async function run(play) {
  const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const next = async () => {
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

module.exports = { EMPTY, EGG, CRYSTAL, Cell, Game, beacon, line, wait, message, run };
