"""Back Track King (tracks) protocol for the Python starter kit: you should
not need to change it. Write your strategy in bot.py.

It reads the whole input into typed state (the map and the towns once, then
the board every turn) and gives the game's actions as functions (autoplace,
place_tracks, disrupt, disrupt_at, wait, message) whose results are joined
with ";" into the turn's answer. The rules and the protocol are in
docs/games/tracks.md of the Arena repository.
"""
import sys
from dataclasses import dataclass, field
from typing import Callable, List, Optional

PLAINS, RIVER, MOUNTAIN, POI = 0, 1, 2, 3  # terrains: costs 1, 2, 3, 3
NO_TRACK, NEUTRAL = -1, 2  # track owners besides the player ids 0 and 1


@dataclass
class Cell:
    x: int
    y: int
    region: int  # never changes
    terrain: int  # PLAINS, RIVER, MOUNTAIN or POI; never changes
    track_owner: int = NO_TRACK  # -1 none, 0 or 1 a player, 2 neutral
    instability: int = 0  # of the cell's region
    inked: bool = False
    connections: List[str] = field(default_factory=list)  # active connections through the cell, "T-U"


@dataclass
class Town:
    id: int
    x: int
    y: int
    desired: List[int]  # the ids of the towns it wants to be connected to


@dataclass
class Game:
    my_id: int = 0
    width: int = 0
    height: int = 0
    cells: List[Cell] = field(default_factory=list)  # row by row: cells[y * width + x]
    towns: List[Town] = field(default_factory=list)  # by id
    turn: int = 0  # 1 on the first turn
    my_score: int = 0
    foe_score: int = 0

    def at(self, x, y) -> Cell:
        return self.cells[y * self.width + x]

    def inside(self, x, y) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def town_at(self, x, y) -> Optional[Town]:
        return next((t for t in self.towns if t.x == x and t.y == y), None)

    def active(self, t, u) -> bool:
        """The connection t-u (t requesting) is active: it holds t's town cell."""
        return "%d-%d" % (t, u) in self.at(self.towns[t].x, self.towns[t].y).connections

    def read_init(self):
        self.my_id = int(read_line())
        self.width = int(read_line())
        self.height = int(read_line())
        for i in range(self.width * self.height):
            region, terrain = map(int, read_line().split())
            self.cells.append(Cell(i % self.width, i // self.width, region, terrain))
        for _ in range(int(read_line())):
            town_id, x, y, desired = read_line().split()
            wants = [] if desired == "x" else [int(d) for d in desired.split(",")]
            self.towns.append(Town(int(town_id), int(x), int(y), wants))

    def read_turn(self):
        self.turn += 1
        self.my_score = int(read_line())
        self.foe_score = int(read_line())
        for c in self.cells:
            owner, inst, ink, conns = read_line().split()
            c.track_owner, c.instability, c.inked = int(owner), int(inst), ink == "1"
            c.connections = [] if conns == "x" else conns.split(",")


def autoplace(from_x, from_y, to_x, to_y) -> str:
    return "AUTOPLACE %d %d %d %d" % (from_x, from_y, to_x, to_y)


def place_tracks(x, y) -> str:
    return "PLACE_TRACKS %d %d" % (x, y)


def disrupt(region) -> str:
    return "DISRUPT %d" % region


def disrupt_at(x, y) -> str:
    return "DISRUPT %d %d" % (x, y)


def wait() -> str:
    return "WAIT"


def message(text) -> str:
    return "MESSAGE " + str(text).replace(";", ",").replace("\n", " ")


def read_line():
    line = sys.stdin.readline()
    if not line:  # the game is over
        sys.exit(0)
    return line.rstrip("\n")


def run(play: Callable[[Game], List[str]]):
    """Reads the game, then every turn calls play and writes its actions."""
    g = Game()
    g.read_init()
    while True:
        g.read_turn()
        print(";".join(play(g) or [wait()]), flush=True)
