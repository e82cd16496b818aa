// Jungle Blitz (Coveo Blitz 2022) game state for the JavaScript starter kit:
// you should not need to change this file. Write your bot in bot.js.
//
// readTick() turns a TICK message into the state below (the 2022 fields,
// with the map's width and height, your team and a few helpers), and the
// actions are functions: spawn, move, summon, drop, vine, attack, none.
// The protocol is in docs/games/jungle.md of the Arena repository.
"use strict";

const EMPTY = "EMPTY", WALL = "WALL", SPAWN = "SPAWN";

/**
 * @typedef {{x: number, y: number}} Position
 * @typedef {{id: string, position: Position, summonLevel: number, points: number, ownerId?: string}} Diamond
 *   position is its holder's when held; ownerId only while held
 * @typedef {{id: string, teamId: string, position: Position|null, path: Position[], hasDiamond: boolean,
 *   hasSpawned: boolean, isSummoning: boolean, diamondId?: string, lastState: object}} Unit
 *   position is null when the unit is not on the board
 * @typedef {{id: string, name: string, score: number, isDead: boolean, units: Unit[], errors: string[]}} Team
 * @typedef {{type: "UNIT", action: string, unitId: string, target?: Position}} Action
 */

const key = (p) => `${p.x},${p.y}`;

/** A TICK, with its map's size, your team and helpers. */
class Tick {
  constructor(m) {
    this.tick = m.tick;
    this.totalTick = m.totalTick;
    /** @type {string[][]} tiles[x][y]: EMPTY, WALL or SPAWN */
    this.tiles = m.map.tiles;
    /** @type {Diamond[]} */
    this.diamonds = m.map.diamonds;
    /** @type {Team[]} */
    this.teams = m.teams;
    this.teamId = m.teamId; // yours
    this.gameConfig = m.gameConfig || {};
    this.teamPlayOrderings = m.teamPlayOrderings || {};
    this.width = this.tiles.length;
    this.height = this.width > 0 ? this.tiles[0].length : 0;
    /** @type {Team|undefined} */
    this.myTeam = this.teams.find((t) => t.id === this.teamId);
  }

  /** The tile at p, undefined off the map. */
  tile(p) {
    return p.x >= 0 && p.y >= 0 && p.x < this.width && p.y < this.height ? this.tiles[p.x][p.y] : undefined;
  }

  /** @returns {Position[]} the spawn tiles, x then y */
  spawns() {
    const out = [];
    for (let x = 0; x < this.width; x++) {
      for (let y = 0; y < this.height; y++) if (this.tiles[x][y] === SPAWN) out.push({ x, y });
    }
    return out;
  }

  /** @returns {Map<string, Unit>} the units on the board, by key(position) */
  occupied() {
    const out = new Map();
    for (const t of this.teams) for (const u of t.units) if (u.position) out.set(key(u.position), u);
    return out;
  }

  /**
   * Steps from start to every tile a unit there can walk to, as the
   * server's paths go: never through walls or the tiles in blocked (a Set of
   * keys: the other units, say); spawn tiles only from spawn tiles (off
   * spawn they are walls).
   * @returns {Map<string, number>} by key(position)
   */
  distances(start, blocked = new Set()) {
    const dist = new Map([[key(start), 0]]);
    const queue = [start];
    for (let i = 0; i < queue.length; i++) {
      const p = queue[i];
      for (const q of [{ x: p.x, y: p.y - 1 }, { x: p.x, y: p.y + 1 }, { x: p.x - 1, y: p.y }, { x: p.x + 1, y: p.y }]) {
        const t = this.tile(q);
        if (dist.has(key(q)) || blocked.has(key(q)) || t === undefined || t === WALL) continue;
        if (t === SPAWN && this.tile(p) !== SPAWN) continue;
        dist.set(key(q), dist.get(key(p)) + 1);
        queue.push(q);
      }
    }
    return dist;
  }
}

const readTick = (message) => new Tick(message);

/** @returns {Action} */
function action(kind, unitId, target) {
  const a = { type: "UNIT", action: kind, unitId };
  if (target) a.target = { x: target.x, y: target.y };
  return a;
}

const spawn = (unitId, target) => action("SPAWN", unitId, target);
const move = (unitId, target) => action("MOVE", unitId, target);
const summon = (unitId) => action("SUMMON", unitId);
const drop = (unitId, target) => action("DROP", unitId, target);
const vine = (unitId, target) => action("VINE", unitId, target);
const attack = (unitId, target) => action("ATTACK", unitId, target);
const none = (unitId) => action("NONE", unitId);

module.exports = { EMPTY, WALL, SPAWN, key, Tick, readTick, spawn, move, summon, drop, vine, attack, none };
