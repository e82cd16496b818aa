"""Ants & Crystals protocol for the Python starter kit: you should not need
to change it. Write your strategy in bot.py.

It reads the whole input into typed state (Game with its Cells: type,
resources, neighbours, ants of both players, the bases, the scores and the
all-pairs distances) and gives the actions as functions (beacon, line,
wait, message) whose results are joined with ";" into the turn's answer.
The protocol is in docs/games/ants.md of the Arena repository.
"""
import sys
from collections import deque
from dataclasses import dataclass, field
from typing import Callable, List

EMPTY, EGG, CRYSTAL = 0, 1, 2


@dataclass
class Cell:
    index: int
    type: int  # EMPTY, EGG or CRYSTAL; never changes
    initial_resources: int
    neighbors: List[int]  # per direction 0..5, -1 when there is none
    resources: int = 0  # what is left, updated every turn
    my_ants: int = 0
    opp_ants: int = 0


@dataclass
class Game:
    cells: List[Cell] = field(default_factory=list)
    my_bases: List[int] = field(default_factory=list)
    opp_bases: List[int] = field(default_factory=list)
    turn: int = 0
    my_score: int = 0
    opp_score: int = 0
    dist: List[List[int]] = field(default_factory=list)  # all-pairs distances, -1: unreachable

    def read_init(self):
        n = int(read_line())
        for i in range(n):
            f = [int(x) for x in read_line().split()]
            self.cells.append(Cell(i, f[0], f[1], f[2:8], resources=f[1]))
        read_line()  # number of bases per player
        self.my_bases = [int(x) for x in read_line().split()]
        self.opp_bases = [int(x) for x in read_line().split()]
        self.dist = [self.bfs(i) for i in range(n)]

    def read_turn(self):
        """Reads one turn. The score line is sent in league 4 (Silver+) only:
        it is the only line with two numbers."""
        self.turn += 1
        first = read_line().split()
        if len(first) == 2:
            self.my_score, self.opp_score = int(first[0]), int(first[1])
            first = read_line().split()
        rows = [first] + [read_line().split() for _ in range(len(self.cells) - 1)]
        for cell, row in zip(self.cells, rows):
            cell.resources, cell.my_ants, cell.opp_ants = (int(x) for x in row)

    def bfs(self, src):
        d = [-1] * len(self.cells)
        d[src] = 0
        queue = deque([src])
        while queue:
            h = queue.popleft()
            for m in self.cells[h].neighbors:
                if m >= 0 and d[m] < 0:
                    d[m] = d[h] + 1
                    queue.append(m)
        return d

    def nearest_base(self, c):
        """My base nearest to cell c (lowest index on ties)."""
        return min(self.my_bases, key=lambda b: (self.dist[b][c] if self.dist[b][c] >= 0 else 10**9, b))

    def my_ant_total(self):
        return sum(c.my_ants for c in self.cells)

    def opp_ant_total(self):
        return sum(c.opp_ants for c in self.cells)


def beacon(cell: int, strength: int) -> str:
    return "BEACON %d %d" % (cell, strength)


def line(source: int, target: int, strength: int) -> str:
    return "LINE %d %d %d" % (source, target, strength)


def wait() -> str:
    return "WAIT"


def message(text: str) -> str:
    return "MESSAGE " + text.replace(";", ",").replace("\n", " ")


def read_line():
    line = sys.stdin.readline()
    if not line:  # the match is over
        sys.exit(0)
    return line


def run(play: Callable[[Game], List[str]]):
    """Reads the game, then every turn calls play and writes its actions."""
    g = Game()
    g.read_init()
    while True:
        g.read_turn()
        actions = play(g) or [wait()]
        print(";".join(actions), flush=True)
