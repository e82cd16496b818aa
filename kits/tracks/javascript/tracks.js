// Back Track King (tracks) protocol for the JavaScript starter kit: you
// should not need to change it. Write your strategy in bot.js.
//
// It reads the whole input into state (the map and the towns once, then the
// board every turn) and gives the game's actions as functions (autoplace,
// placeTracks, disrupt, disruptAt, wait, message) whose results are joined
// with ";" into the turn's answer. The rules and the protocol are in
// docs/games/tracks.md of the Arena repository.
"use strict";
const readline = require("readline");

const PLAINS = 0, RIVER = 1, MOUNTAIN = 2, POI = 3; // terrains: costs 1, 2, 3, 3
const NO_TRACK = -1, NEUTRAL = 2; // track owners besides the player ids 0 and 1

class Cell {
  constructor(x, y, region, terrain) {
    this.x = x;
    this.y = y;
    this.region = region; // never changes
    this.terrain = terrain; // PLAINS, RIVER, MOUNTAIN or POI; never changes
    this.trackOwner = NO_TRACK; // -1 none, 0 or 1 a player, 2 neutral
    this.instability = 0; // of the cell's region
    this.inked = false;
    this.connections = []; // the active connections whose path holds the cell, "T-U"
  }
}

class Town {
  constructor(id, x, y, desired) {
    this.id = id;
    this.x = x;
    this.y = y;
    this.desired = desired; // the ids of the towns it wants to be connected to
  }
}

class Game {
  constructor() {
    this.myId = 0;
    this.width = 0;
    this.height = 0;
    this.cells = []; // row by row: cells[y * width + x]
    this.towns = []; // by id
    this.turn = 0; // 1 on the first turn
    this.myScore = 0;
    this.foeScore = 0;
  }

  at(x, y) {
    return this.cells[y * this.width + x];
  }

  inside(x, y) {
    return x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  townAt(x, y) {
    return this.towns.find((t) => t.x === x && t.y === y);
  }

  /** The connection t-u (t requesting) is active: it holds t's town cell. */
  active(t, u) {
    return this.at(this.towns[t].x, this.towns[t].y).connections.includes(`${t}-${u}`);
  }

  async readInit(next) {
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

  async readTurn(next) {
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

const autoplace = (fromX, fromY, toX, toY) => `AUTOPLACE ${fromX} ${fromY} ${toX} ${toY}`;
const placeTracks = (x, y) => `PLACE_TRACKS ${x} ${y}`;
const disrupt = (region) => `DISRUPT ${region}`;
const disruptAt = (x, y) => `DISRUPT ${x} ${y}`;
const wait = () => "WAIT";
const message = (text) => `MESSAGE ${String(text).replace(/;/g, ",").replace(/\n/g, " ")}`;

/** Reads the game, then every turn calls play(game) and writes its actions. */
async function run(play) {
  const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const next = async () => {
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

module.exports = {
  PLAINS, RIVER, MOUNTAIN, POI, NO_TRACK, NEUTRAL,
  Cell, Town, Game, autoplace, placeTracks, disrupt, disruptAt, wait, message, run,
};
