"""Territory (Ready AI Code 2020) protocol for the Python starter kit: you
should not need to change it. Write your strategy in bot.py.

It reads the turn JSON into typed state (Board: the tiles with their tokens,
your head, neck and body, MaxMovement and MovementLeft) with a few
questions about it (deadly, avoid, distance_home, safe), and gives the moves
as constants (UP, DOWN, LEFT, RIGHT, NONE). run() speaks stdin/stdout: one
turn JSON line in, one move line out; serve() speaks HTTP on $PORT with the
2020 routes. The protocol is in docs/games/territory.md of the Arena
repository.
"""
import json
import os
import sys
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable, Dict, List, Set, Tuple

Tile = Tuple[int, int]
UP, DOWN, LEFT, RIGHT, NONE = "UP", "DOWN", "LEFT", "RIGHT", "NONE"
MOVES: Dict[str, Tile] = {UP: (0, 1), DOWN: (0, -1), LEFT: (-1, 0), RIGHT: (1, 0)}
TURN_RIGHT = {UP: RIGHT, RIGHT: DOWN, DOWN: LEFT, LEFT: UP}


class Board:
    """The turn JSON, read into tiles. Y grows upwards; Map is row by row
    from the top: element i is tile (i % N, N - 1 - i // N)."""

    def __init__(self, state):
        self.n: int = state["MapWidth"]
        self.self_id: str = state["SelfId"]
        self.turn: int = state.get("Turn", 0)  # stdin/stdout mode only
        self.neck_token = "p" + self.self_id
        # Each tile's token split on "-": "P<id>" body, "p<id>" neck,
        # "P<id>*" head, "W" wall, "B" bomb, "I" ice, "D" decay.
        self.tokens: Dict[Tile, List[str]] = {}
        for i, token in enumerate(state["Map"]):
            self.tokens[(i % self.n, self.n - 1 - i // self.n)] = token.split("-") if token else []
        own = state["OccupiedTiles"]
        self.head: Tile = (own["Head"][0]["X"], own["Head"][0]["Y"]) if own["Head"] else (-1, -1)
        self.body: Set[Tile] = {(t["X"], t["Y"]) for t in own["Body"]}
        self.neck: List[Tile] = [(t["X"], t["Y"]) for t in own["Neck"]]  # oldest first
        self.max_movement: int = state["MaxMovement"]
        self.movement_left: int = state["MovementLeft"]

    def at_home(self) -> bool:
        return self.head in self.body

    def step(self, move) -> Tile:
        dx, dy = MOVES[move]
        return (self.head[0] + dx, self.head[1] + dy)

    def deadly(self, tile) -> bool:
        """Tiles that kill us at once: off the map, walls, bombs, our neck
        (and the tile we stand on, which becomes neck when we are out)."""
        parts = self.tokens.get(tile)
        if parts is None or "W" in parts or "B" in parts:
            return True
        if tile in self.neck or self.neck_token in parts:
            return True
        return tile == self.head and not self.at_home()

    def avoid(self, tile) -> bool:
        """Deadly tiles, plus ice (frozen 3 turns) and decay (a countdown)."""
        return self.deadly(tile) or "I" in self.tokens[tile] or "D" in self.tokens[tile]

    def distance_home(self) -> Dict[Tile, int]:
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

    def safe(self, tile, dist) -> bool:
        """Moving there keeps a way home within the movement left."""
        if self.deadly(tile):
            return False
        if tile in self.body:
            return True
        left = self.movement_left - 1  # a move that ends outside costs one
        return tile in dist and 1 <= dist[tile] <= left


def run(play: Callable[[Board], str]):
    """stdin/stdout mode: every turn line is read into a Board and play's
    move is written; the final line ("Final": true) needs no answer."""
    for line in sys.stdin:
        state = json.loads(line)
        if state.get("Final"):
            print("final turn %d" % state["Turn"], file=sys.stderr)
            continue
        print(play(Board(state)), flush=True)


def serve(play: Callable[[Board], str]):
    """HTTP mode (the 2020 seed's routes), on the port in $PORT (3000 when
    unset, like the seed):
      GET  /Consciousness/GetStatus/    -> "true" once the bot is ready
      POST /Consciousness/OnNextMove/   <- the turn JSON; reply {"X": dx, "Y": dy}
      PUT  /Consciousness/PutFinalMap/  <- the final state; the reply is ignored
    """

    class Consciousness(BaseHTTPRequestHandler):
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
            dx, dy = MOVES.get(play(Board(self.read_json())), (0, 0))
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

    port = int(os.environ.get("PORT", "3000"))
    server = ThreadingHTTPServer(("0.0.0.0", port), Consciousness)
    print("listening on port %d" % port, file=sys.stderr)
    server.serve_forever()
