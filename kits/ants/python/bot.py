"""Starter kit for Ants & Crystals (CodinGame Spring Challenge 2023) on Arena.

It reads the whole input into typed state (the map once, then every turn)
and plays a simple legal strategy: LINEs from its bases to the nearest
resources, eggs first while it has fewer ants than its opponent or early in
the game, as many targets as its ants can hold in a chain.

Run it:  arena play ants --bot "python3 kits/ants/python/bot.py" --bot builtin:boss4
Debug with print(..., file=sys.stderr): stderr is kept in the replay.
"""
import sys
from collections import deque
from dataclasses import dataclass, field
from typing import List

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
    dist: List[List[int]] = field(default_factory=list)  # all-pairs distances

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
        return min(self.my_bases, key=lambda b: (self.dist[b][c], b))


def read_line():
    line = sys.stdin.readline()
    if not line:  # the match is over
        sys.exit(0)
    return line


def play(g: Game) -> str:
    my_ants = sum(c.my_ants for c in g.cells)
    opp_ants = sum(c.opp_ants for c in g.cells)
    want_eggs = g.turn <= 8 or my_ants < opp_ants
    targets = [c for c in g.cells if c.resources > 0 and (c.type == CRYSTAL or want_eggs)]
    # Eggs first when we want them, then the nearest.
    targets.sort(key=lambda c: (not (c.type == EGG and want_eggs), g.dist[g.nearest_base(c.index)][c.index], c.index))
    actions, budget = [], my_ants // 2
    for c in targets:
        length = g.dist[g.nearest_base(c.index)][c.index] + 1
        if length > budget:
            continue
        budget -= length
        actions.append("LINE %d %d 1" % (g.nearest_base(c.index), c.index))
    if not actions and targets:
        c = targets[0]
        actions.append("LINE %d %d 1" % (g.nearest_base(c.index), c.index))
    actions.append("MESSAGE %d ants, %d targets" % (my_ants, len(actions)))
    return ";".join(actions)


def main():
    g = Game()
    g.read_init()
    while True:
        g.read_turn()
        print(play(g), flush=True)


if __name__ == "__main__":
    main()
