#!/usr/bin/env python3
"""Starter bot for Arena's territory over HTTP, like the Ready AI Code 2020
seed (Python standard library only: http.server, no Flask).

The bot is an HTTP server; Arena is the client:
  GET  /Consciousness/GetStatus/    -> "true" once the bot is ready
  POST /Consciousness/OnNextMove/   <- the turn JSON; reply {"X": dx, "Y": dy}
  PUT  /Consciousness/PutFinalMap/  <- the final state; the reply is ignored

It listens on the port in $PORT (3000 when unset, like the 2020 seed).
Run it: arena play territory --bot "http:python3 bot.py" --bot builtin:greedy \
        --bot builtin:random --bot builtin:hunter
or start it yourself and give Arena its URL: --bot http://127.0.0.1:3000
"""
import json
import os
import sys
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MOVES = {"UP": (0, 1), "DOWN": (0, -1), "LEFT": (-1, 0), "RIGHT": (1, 0)}
TURN_RIGHT = {"UP": "RIGHT", "RIGHT": "DOWN", "DOWN": "LEFT", "LEFT": "UP"}


class Board:
    """The turn JSON, read into tiles. Y grows upwards; Map is row by row
    from the top: element i is tile (i % N, N - 1 - i // N)."""

    def __init__(self, state):
        self.n = state["MapWidth"]
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
        parts = self.tokens.get(tile)
        if parts is None or "W" in parts or "B" in parts:
            return True
        if tile in self.neck or self.neck_token in parts:
            return True
        return tile == self.head and not self.at_home()

    def avoid(self, tile):
        return self.deadly(tile) or "I" in self.tokens[tile] or "D" in self.tokens[tile]

    def distance_home(self):
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
        if self.deadly(tile):
            return False
        if tile in self.body:
            return True
        left = self.movement_left - 1
        return tile in dist and 1 <= dist[tile] <= left


class Brain:
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

    def next_move(self, state):
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


brain = Brain()


class Consciousness(BaseHTTPRequestHandler):
    """The routes of the 2020 seed's Flask server (trailing slashes kept)."""

    def reply(self, body, content_type="application/json"):
        data = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def read_json(self):
        length = int(self.headers.get("Content-Length", 0))
        return json.loads(self.rfile.read(length))

    def do_GET(self):
        if self.path == "/Consciousness/GetStatus/":
            self.reply("true", "text/plain")
        else:
            self.send_error(404)

    def do_POST(self):
        if self.path != "/Consciousness/OnNextMove/":
            self.send_error(404)
            return
        move = brain.next_move(self.read_json())
        dx, dy = MOVES.get(move, (0, 0))
        self.reply(json.dumps({"X": dx, "Y": dy}))

    def do_PUT(self):
        if self.path != "/Consciousness/PutFinalMap/":
            self.send_error(404)
            return
        final = self.read_json()
        print("final map received, %d body tiles" % len(final["OccupiedTiles"]["Body"]), file=sys.stderr)
        self.reply("")

    def log_message(self, fmt, *args):
        pass  # one line per request would drown the useful output


def main():
    port = int(os.environ.get("PORT", "3000"))
    server = ThreadingHTTPServer(("0.0.0.0", port), Consciousness)
    print("listening on port %d" % port, file=sys.stderr)
    server.serve_forever()


if __name__ == "__main__":
    main()
