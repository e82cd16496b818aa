// Jungle Blitz (Coveo Blitz 2022) game state for the TypeScript starter kit:
// you should not need to change this file. Write your bot in bot.ts.
//
// The TICK message's types (the 2022 fields), a Tick class with the map's
// size, your team and a few helpers, and the actions as functions: spawn,
// move, summon, drop, vine, attack, none. The protocol is in
// docs/games/jungle.md of the Arena repository.

export type TileType = "EMPTY" | "WALL" | "SPAWN";
export const EMPTY: TileType = "EMPTY", WALL: TileType = "WALL", SPAWN: TileType = "SPAWN";

export interface Position {
  x: number;
  y: number;
}

export interface Diamond {
  id: string;
  position: Position; // its holder's when held
  summonLevel: number;
  points: number;
  ownerId?: string; // only while held
}

export interface LastState {
  positionBefore?: Position | null;
  positionBeforeDying?: Position;
  wasAttackedBy?: string;
  wasVinedBy?: string;
  hasSummoned?: boolean;
}

export interface Unit {
  id: string;
  teamId: string;
  position: Position | null; // null when not on the board
  path: Position[];
  hasDiamond: boolean;
  hasSpawned: boolean;
  isSummoning: boolean;
  diamondId?: string;
  lastState: LastState;
}

export interface Team {
  id: string;
  name: string;
  score: number;
  isDead: boolean;
  units: Unit[];
  errors: string[]; // yours only: your rejected actions of the previous tick
}

export interface TickMessage {
  type: "TICK";
  tick: number;
  totalTick: number;
  map: { tiles: TileType[][]; diamonds: Diamond[] };
  gameConfig: Record<string, number>;
  teamPlayOrderings: Record<string, string[]>;
  teamId: string;
  teams: Team[];
}

export type ActionType = "SPAWN" | "MOVE" | "SUMMON" | "DROP" | "VINE" | "ATTACK" | "NONE";

export interface Action {
  type: "UNIT";
  action: ActionType;
  unitId: string;
  target?: Position;
}

export const key = (p: Position): string => `${p.x},${p.y}`;

/** A TICK, with its map's size, your team and helpers. */
export class Tick {
  readonly tick: number;
  readonly totalTick: number;
  readonly tiles: TileType[][]; // tiles[x][y]
  readonly diamonds: Diamond[];
  readonly teams: Team[];
  readonly teamId: string; // yours
  readonly gameConfig: Record<string, number>;
  readonly teamPlayOrderings: Record<string, string[]>;
  readonly width: number;
  readonly height: number;
  readonly myTeam: Team | undefined;

  constructor(m: TickMessage) {
    this.tick = m.tick;
    this.totalTick = m.totalTick;
    this.tiles = m.map.tiles;
    this.diamonds = m.map.diamonds;
    this.teams = m.teams;
    this.teamId = m.teamId;
    this.gameConfig = m.gameConfig ?? {};
    this.teamPlayOrderings = m.teamPlayOrderings ?? {};
    this.width = this.tiles.length;
    this.height = this.width > 0 ? this.tiles[0].length : 0;
    this.myTeam = this.teams.find((t) => t.id === this.teamId);
  }

  /** The tile at p, undefined off the map. */
  tile(p: Position): TileType | undefined {
    return p.x >= 0 && p.y >= 0 && p.x < this.width && p.y < this.height ? this.tiles[p.x][p.y] : undefined;
  }

  /** The spawn tiles, x then y. */
  spawns(): Position[] {
    const out: Position[] = [];
    for (let x = 0; x < this.width; x++) {
      for (let y = 0; y < this.height; y++) if (this.tiles[x][y] === SPAWN) out.push({ x, y });
    }
    return out;
  }

  /** The units on the board, by key(position). */
  occupied(): Map<string, Unit> {
    const out = new Map<string, Unit>();
    for (const t of this.teams) for (const u of t.units) if (u.position) out.set(key(u.position), u);
    return out;
  }

  /**
   * Steps from start to every tile a unit there can walk to (by key), as the
   * server's paths go: never through walls or the tiles in blocked (keys:
   * the other units, say); spawn tiles only from spawn tiles (off spawn they
   * are walls).
   */
  distances(start: Position, blocked: Set<string> = new Set()): Map<string, number> {
    const dist = new Map<string, number>([[key(start), 0]]);
    const queue: Position[] = [start];
    for (let i = 0; i < queue.length; i++) {
      const p = queue[i];
      for (const q of [{ x: p.x, y: p.y - 1 }, { x: p.x, y: p.y + 1 }, { x: p.x - 1, y: p.y }, { x: p.x + 1, y: p.y }]) {
        const t = this.tile(q);
        if (dist.has(key(q)) || blocked.has(key(q)) || t === undefined || t === WALL) continue;
        if (t === SPAWN && this.tile(p) !== SPAWN) continue;
        dist.set(key(q), (dist.get(key(p)) ?? 0) + 1);
        queue.push(q);
      }
    }
    return dist;
  }
}

function action(kind: ActionType, unitId: string, target?: Position): Action {
  const a: Action = { type: "UNIT", action: kind, unitId };
  if (target) a.target = { x: target.x, y: target.y };
  return a;
}

export const spawn = (unitId: string, target: Position): Action => action("SPAWN", unitId, target);
export const move = (unitId: string, target: Position): Action => action("MOVE", unitId, target);
export const summon = (unitId: string): Action => action("SUMMON", unitId);
export const drop = (unitId: string, target: Position): Action => action("DROP", unitId, target);
export const vine = (unitId: string, target: Position): Action => action("VINE", unitId, target);
export const attack = (unitId: string, target: Position): Action => action("ATTACK", unitId, target);
export const none = (unitId: string): Action => action("NONE", unitId);
