#!/usr/bin/env python3
"""Starter bot for Arena's territory (Ready AI Code 2020), stdin/stdout mode.

Every turn Arena writes one line: the turn JSON (see docs/games/territory.md)
with "Turn" and "Final" appended. Answer one line: UP, DOWN, LEFT, RIGHT or
NONE (or {"X":dx,"Y":dy}). After the last turn a line with "Final": true
arrives; no answer is expected.

Run it: arena play territory --bot "python3 bot.py" --bot builtin:greedy \
        --bot builtin:random --bot builtin:hunter

The strategy is deliberately simple: walk a square loop out of the body and
come back before MovementLeft runs out; never step on a wall, a bomb or our
own neck. Debug output goes to stderr (Arena keeps it in the replay).
"""
import json
import sys
from collections import deque

MOVES = {"UP": (0, 1), "DOWN": (0, -1), "LEFT": (-1, 0), "RIGHT": (1, 0)}
TURN_RIGHT = {"UP": "RIGHT", "RIGHT": "DOWN", "DOWN": "LEFT", "LEFT": "UP"}


class Board:
    """The turn JSON, read into tiles. Y grows upwards; Map is row by row
    from the top: element i is tile (i % N, N - 1 - i // N)."""

    def __init__(self, state):
        self.n = state["MapWidth"]
        self.me = "P" + state["SelfId"]
        self.neck_token = "p" + state["SelfId"]
        self.tokens = {}
        for i, token in enumerate(state["Map"]):
            self.tokens[(i % self.n, self.n - 1 - i // self.n)] = token.split("-") if token else []
        own = state["OccupiedTiles"]
        self.head = (own["Head"][0]["X"], own["Head"][0]["Y"])
        self.body = {(t["X"], t["Y"]) for t in own["Body"]}
        self.neck = {(t["X"], t["Y"]) for t in own["Neck"]}
        self.max_movement = state["MaxMovement"]
        self.movement_left = state["MovementLeft"]

    def at_home(self):
        return self.head in self.body

    def deadly(self, tile):
        """Tiles that kill us at once: off the map, walls, bombs, our neck
        (and the tile we stand on, which becomes neck when we are out)."""
        parts = self.tokens.get(tile)
        if parts is None or "W" in parts or "B" in parts:
            return True
        if tile in self.neck or self.neck_token in parts:
            return True
        return tile == self.head and not self.at_home()

    def avoid(self, tile):
        """Deadly tiles, plus ice (frozen 3 turns) and decay (a countdown)."""
        return self.deadly(tile) or "I" in self.tokens[tile] or "D" in self.tokens[tile]

    def distance_home(self):
        """Fewest moves from each tile to our body, around what we avoid."""
        dist = {t: 0 for t in self.body}
        queue = deque(self.body)
        while queue:
            x, y = queue.popleft()
            for dx, dy in MOVES.values():
                t = (x + dx, y + dy)
                if t not in dist and t in self.tokens and not self.avoid(t):
                    dist[t] = dist[(x, y)] + 1
                    queue.append(t)
        return dist

    def safe(self, tile, dist):
        """Moving there keeps a way home within the movement left."""
        if self.deadly(tile):
            return False
        if tile in self.body:
            return True
        left = self.movement_left - 1  # a move that ends outside costs one
        return tile in dist and 1 <= dist[tile] <= left


class Bot:
    """Square loops out of the body, home before MovementLeft runs out."""

    def __init__(self):
        self.loops = 0
        self.legs = []  # the moves left in the current loop

    def plan(self, b):
        """A loop from the head: straight out of the body, across, and back.
        Its side grows with MaxMovement."""
        side = max(2, b.max_movement // 4)
        names = list(MOVES)
        best = None
        for k in range(4):
            d = names[(self.loops + k) % 4]
            dx, dy = MOVES[d]
            t, inside = b.head, 0
            while True:  # walk through our body to its edge
                t = (t[0] + dx, t[1] + dy)
                if t not in b.body:
                    break
                inside += 1
            if not b.avoid(t) and (best is None or inside < best[0]):
                best = (inside, d)
        if best is None:
            return []
        inside, d = best
        self.loops += 1
        across = TURN_RIGHT[d] if self.loops % 2 else TURN_RIGHT[TURN_RIGHT[TURN_RIGHT[d]]]
        back = TURN_RIGHT[TURN_RIGHT[d]]
        return [d] * (inside + side) + [across] * side + [back] * (side + inside)

    def play(self, state):
        b = Board(state)
        dist = b.distance_home()
        step = lambda m: (b.head[0] + MOVES[m][0], b.head[1] + MOVES[m][1])
        if b.at_home() and not self.legs:
            self.legs = self.plan(b)
        if self.legs:
            m = self.legs[0]
            t = step(m)
            if b.safe(t, dist) and not b.avoid(t):
                self.legs.pop(0)
                if not b.at_home() and t in b.body:
                    self.legs = []  # back home: the loop is closed
                return m
            self.legs = []
        # Head home by the shortest way, or anywhere safe.
        best = None
        for m in MOVES:
            t = step(m)
            if not b.safe(t, dist):
                continue
            d = 0 if t in b.body else dist.get(t, 99)
            if best is None or d < best[0]:
                best = (d, m)
        return best[1] if best else "NONE"


def main():
    bot = Bot()
    for line in sys.stdin:
        state = json.loads(line)
        if state.get("Final"):
            print("final turn %d" % state["Turn"], file=sys.stderr)
            continue
        print(bot.play(state), flush=True)


if __name__ == "__main__":
    main()
