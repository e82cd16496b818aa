"""Jungle Blitz (Coveo Blitz 2022) protocol for the Python starter kit: you
should not need to change it. Write your bot in bot.py.

It reads every TICK into typed state (Tick: the map's tiles and diamonds,
the teams and their units, your team; distances() walks the map as the
server's paths do) and gives the unit actions as
functions (spawn, move, summon, drop, vine, attack, none). run() speaks
WebSocket as the 2022 kits did (the websockets library): it connects to
ARENA_WS_URL (or ws://127.0.0.1:8765), registers with TOKEN when it is set
(by team name otherwise), and answers every TICK with a COMMAND. With
--stdio it speaks Arena's stdin/stdout mode instead: one TICK (a JSON
object) per line in, one COMMAND per line out. The protocol is in
docs/games/jungle.md of the Arena repository.
"""
import asyncio
import json
import os
import sys
from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional

EMPTY, WALL, SPAWN = "EMPTY", "WALL", "SPAWN"


@dataclass(frozen=True)
class Position:
    x: int
    y: int

    @staticmethod
    def read(p) -> Optional["Position"]:
        return Position(p["x"], p["y"]) if p else None

    def json(self):
        return {"x": self.x, "y": self.y}


@dataclass
class Diamond:
    id: str
    position: Position  # its holder's when held
    summon_level: int
    points: int
    owner_id: Optional[str]  # the unit holding it, None when it lies on the map


@dataclass
class Unit:
    id: str
    team_id: str
    position: Optional[Position]  # None when not on the board
    path: List[Position]  # the server's path of its current MOVE target
    has_diamond: bool
    has_spawned: bool
    is_summoning: bool
    diamond_id: Optional[str]
    last_state: dict  # what happened to it in the previous tick (docs/games/jungle.md)


@dataclass
class Team:
    id: str
    name: str
    score: int
    is_dead: bool
    units: List[Unit]
    errors: List[str]  # your rejected actions of the previous tick (yours only)


@dataclass
class Tick:
    tick: int
    total_tick: int
    tiles: List[List[str]]  # tiles[x][y]: EMPTY, WALL or SPAWN
    diamonds: List[Diamond]
    teams: List[Team]
    team_id: str  # yours
    game_config: Dict[str, int]
    width: int = 0
    height: int = 0
    my_team: Optional[Team] = None

    @staticmethod
    def read(m) -> "Tick":
        t = Tick(
            tick=m["tick"],
            total_tick=m["totalTick"],
            tiles=m["map"]["tiles"],
            diamonds=[Diamond(d["id"], Position.read(d["position"]), d["summonLevel"], d["points"], d.get("ownerId"))
                      for d in m["map"]["diamonds"]],
            teams=[Team(t["id"], t["name"], t["score"], t["isDead"],
                        [Unit(u["id"], u["teamId"], Position.read(u["position"]),
                              [Position.read(p) for p in u["path"]], u["hasDiamond"], u["hasSpawned"],
                              u["isSummoning"], u.get("diamondId"), u.get("lastState") or {})
                         for u in t["units"]], t["errors"])
                   for t in m["teams"]],
            team_id=m["teamId"],
            game_config=m.get("gameConfig", {}),
        )
        t.width = len(t.tiles)
        t.height = len(t.tiles[0]) if t.tiles else 0
        t.my_team = next((team for team in t.teams if team.id == t.team_id), None)
        return t

    def tile(self, p: Position) -> Optional[str]:
        """The tile at p, None off the map."""
        if 0 <= p.x < self.width and 0 <= p.y < self.height:
            return self.tiles[p.x][p.y]
        return None

    def spawns(self) -> List[Position]:
        return [Position(x, y) for x in range(self.width) for y in range(self.height) if self.tiles[x][y] == SPAWN]

    def occupied(self) -> Dict[Position, Unit]:
        """The units on the board, by position."""
        return {u.position: u for t in self.teams for u in t.units if u.position}

    def distances(self, start: Position, blocked=()) -> Dict[Position, int]:
        """Steps from start to every tile a unit there can walk to, as the
        server's paths go: never through walls or the tiles in blocked (the
        other units, say); spawn tiles only from spawn tiles (off spawn they
        are walls)."""
        dist = {start: 0}
        queue = deque([start])
        while queue:
            p = queue.popleft()
            for q in (Position(p.x, p.y - 1), Position(p.x, p.y + 1), Position(p.x - 1, p.y), Position(p.x + 1, p.y)):
                t = self.tile(q)
                if q in dist or q in blocked or t is None or t == WALL or (t == SPAWN and self.tile(p) != SPAWN):
                    continue
                dist[q] = dist[p] + 1
                queue.append(q)
        return dist


def _action(kind, unit_id, target=None):
    a = {"type": "UNIT", "action": kind, "unitId": unit_id}
    if target is not None:
        a["target"] = target.json()
    return a


def spawn(unit_id, target: Position):
    return _action("SPAWN", unit_id, target)


def move(unit_id, target: Position):
    return _action("MOVE", unit_id, target)


def summon(unit_id):
    return _action("SUMMON", unit_id)


def drop(unit_id, target: Position):
    return _action("DROP", unit_id, target)


def vine(unit_id, target: Position):
    return _action("VINE", unit_id, target)


def attack(unit_id, target: Position):
    return _action("ATTACK", unit_id, target)


def none(unit_id):
    return _action("NONE", unit_id)


def command(play: Callable[[Tick], list], message: dict) -> str:
    """The COMMAND answering one TICK message, logging the team's errors."""
    tick = Tick.read(message)
    if tick.my_team:
        for error in tick.my_team.errors:
            print("Bot command error: %s" % error, file=sys.stderr)
    return json.dumps({"type": "COMMAND", "tick": tick.tick, "actions": play(tick)}, separators=(",", ":"))


def run_stdio(play: Callable[[Tick], list]):
    """stdin/stdout mode: every TICK line is read into a Tick, and play's
    actions are written as the COMMAND of that tick."""
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        message = json.loads(line)
        if message.get("type") != "TICK":
            continue
        sys.stdout.write(command(play, message) + "\n")
        sys.stdout.flush()


async def run_websocket(play: Callable[[Tick], list], team_name: str):
    """WebSocket mode, as the 2022 kits: register, then answer every TICK
    until the server closes the connection at the end of the game."""
    import websockets  # Debian: python3-websockets; elsewhere: pip install websockets

    uri = os.environ.get("ARENA_WS_URL") or "ws://127.0.0.1:8765"
    # A TICK of a large map is over websockets' 1 MiB default.
    async with websockets.connect(uri, max_size=16 << 20) as websocket:
        token = os.environ.get("TOKEN")
        register = {"type": "REGISTER", "token": token} if token else {"type": "REGISTER", "teamName": team_name}
        await websocket.send(json.dumps(register))
        while True:
            try:
                message = json.loads(await websocket.recv())
            except websockets.exceptions.ConnectionClosed:
                print("The game is over: the server closed the connection.", file=sys.stderr)
                return
            if message.get("type") == "TICK":
                await websocket.send(command(play, message))


def run(play: Callable[[Tick], list], team_name: str = "MyBot Python"):
    """Plays the game over WebSocket, or over stdin/stdout with --stdio."""
    if "--stdio" in sys.argv[1:]:
        run_stdio(play)
    else:
        asyncio.run(run_websocket(play, team_name))
