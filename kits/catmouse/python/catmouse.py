"""Cats & Mouse (Cod'INSA 2025 final) protocol for the Python starter kit:
you should not need to change it. Write your strategy in bot.py.

This module reads the whole input into typed state (State, Board) and
speaks the protocol (docs/games/catmouse.md) so that your bot only writes
one function, as the original SDK asked:

    def tick(state, dbg):
        ...
        return {"C0": 3, "C1": None}      # or {"M": (0, 5)} for the mouse

state is the game as the referee sent it (State), dbg the debug drawing
pad (Dbg): every call appends one DBG line, sent before your MOVE line and
shown in the viewer (F5: the cats' drawings, F6: the mouse's).

Orders: a dict from piece ("C0", "C1", ..., "M") to an action: None or "S"
to stay, a direction 0..5 for one step, or a pair (d1, d2) for the mouse's
dash. Pieces you leave out stay. Directions, counter-clockwise from east:
0 E (+1,0), 1 NE (+1,-1), 2 NW (0,-1), 3 W (-1,0), 4 SW (-1,+1), 5 SE (0,+1).
Coordinates are axial (q, r), q first, centre (0, 0).
"""
import sys
from collections import deque

DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


def add(cell, d):
    """The neighbour of cell in direction d."""
    return (cell[0] + DIRS[d][0], cell[1] + DIRS[d][1])


def hex_distance(a, b):
    """Distance between two cells, ignoring terrain and walls."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


class Board:
    """The map: terrain ('.' plain, '~' ocean, 'R' rock, 'M' mountain) and
    the walls between cells."""

    def __init__(self, radius, rows, walls):
        self.radius = radius
        self.terrain = {}
        for k, row in enumerate(rows):
            r = k - radius
            qmin = max(-radius, -radius - r)
            for j, c in enumerate(row):
                self.terrain[(qmin + j, r)] = c
        self.walls = set()
        for q1, r1, q2, r2 in walls:
            self.walls.add(((q1, r1), (q2, r2)))
            self.walls.add(((q2, r2), (q1, r1)))

    def cells(self):
        return list(self.terrain)

    def plain(self, cell):
        return self.terrain.get(cell) == "."

    def can_step(self, cell, d):
        """A step is legal onto a plain cell of the map with no wall between."""
        n = add(cell, d)
        return self.plain(n) and (cell, n) not in self.walls

    def neighbours(self, cell):
        """[(direction, cell)] for every legal step from cell."""
        return [(d, add(cell, d)) for d in range(6) if self.can_step(cell, d)]

    def dashes(self, cell):
        """[((d1, d2), cell)] for every legal dash from cell (two legal
        steps that do not come back)."""
        out = []
        for d1, mid in self.neighbours(cell):
            for d2, end in self.neighbours(mid):
                if d2 != (d1 + 3) % 6:
                    out.append(((d1, d2), end))
        return out

    def distances(self, start):
        """{cell: legal steps from start} for every reachable cell."""
        dist = {start: 0}
        todo = deque([start])
        while todo:
            c = todo.popleft()
            for _, n in self.neighbours(c):
                if n not in dist:
                    dist[n] = dist[c] + 1
                    todo.append(n)
        return dist


class State:
    """What the referee told us. From INIT: role ('CATS' or 'MOUSE'), game,
    leg, board, ncats, max_turns, timeout_ms. From each STATE: turn, cats
    (list of cells, C0 first), mouse, dash_cooldown, dash_uses, last (dict
    piece -> action applied at the previous turn) and errors (the ERROR
    lines about our previous answer)."""

    def __init__(self):
        self.role, self.game, self.leg = None, 1, 1
        self.board, self.ncats, self.max_turns, self.timeout_ms = None, 0, 300, 200
        self.turn, self.cats, self.mouse = 0, [], None
        self.dash_cooldown, self.dash_uses, self.last, self.errors = 0, 0, {}, []

    def read_init(self, lines):
        rows, walls, radius = [], [], 0
        for line in lines:
            w = line.split()
            if w[0] == "ROLE":
                self.role = w[1]
            elif w[0] == "GAME":
                self.game, self.leg = int(w[1]), int(w[3])
            elif w[0] == "RADIUS":
                radius = int(w[1])
            elif w[0] == "ROW":
                rows.append(w[2])
            elif w[0] == "WALL":
                walls.append(tuple(int(x) for x in w[1:5]))
            elif w[0] == "CATS":
                self.ncats = int(w[1])
            elif w[0] == "MAXTURNS":
                self.max_turns = int(w[1])
            elif w[0] == "TIMEOUT":
                self.timeout_ms = int(w[1])
        self.board = Board(radius, rows, walls)

    def read_state(self, lines):
        self.cats, self.errors = [], []
        for line in lines:
            w = line.split()
            if w[0] == "STATE":
                self.turn = int(w[1])
            elif w[0] == "CAT":
                self.cats.append((int(w[2]), int(w[3])))
            elif w[0] == "MOUSE":
                self.mouse = (int(w[1]), int(w[2]))
            elif w[0] == "DASH":
                self.dash_cooldown, self.dash_uses = int(w[1]), int(w[2])
            elif w[0] == "LAST":
                self.last = dict(x.split(":") for x in w[1:])
            elif w[0] == "ERROR":
                self.errors.append(line)


def _num(x):
    return format(float(x), ".6g")


class Dbg:
    """Debug drawings, in fractional axial coordinates (a cell's centre is
    its (q, r)); lengths in cell-to-cell units; angles in degrees,
    counter-clockwise from east. Colours: '#RRGGBB', '#RRGGBBAA' or red
    green blue yellow orange purple cyan magenta white black gray pink
    brown. At most 500 drawings per turn."""

    def __init__(self):
        self.lines = []

    def segment(self, q1, r1, q2, r2, color="white"):
        self.lines.append("DBG SEGMENT %s %s %s %s %s" % (_num(q1), _num(r1), _num(q2), _num(r2), color))

    def line(self, q1, r1, q2, r2, color="white"):
        """An infinite line through both points."""
        self.lines.append("DBG LINE %s %s %s %s %s" % (_num(q1), _num(r1), _num(q2), _num(r2), color))

    def arrow(self, q1, r1, q2, r2, color="white"):
        """An arrow from (q1, r1), its head at (q2, r2)."""
        self.lines.append("DBG ARROW %s %s %s %s %s" % (_num(q1), _num(r1), _num(q2), _num(r2), color))

    def polygon(self, points, color="white"):
        """A filled polygon of 3 to 32 (q, r) vertices."""
        coords = " ".join("%s %s" % (_num(q), _num(r)) for q, r in points)
        self.lines.append("DBG POLYGON %s %s" % (color, coords))

    def circle(self, q, r, radius, color="white", fill=False):
        """A circle of radius 0 < radius <= 50, filled if fill."""
        self.lines.append("DBG CIRCLE %s %s %s %s%s" % (_num(q), _num(r), _num(radius), color, " FILL" if fill else ""))

    def arc(self, q, r, radius, start, end, color="white"):
        """An arc drawn counter-clockwise from angle start to angle end."""
        self.lines.append("DBG ARC %s %s %s %s %s %s" % (_num(q), _num(r), _num(radius), _num(start), _num(end), color))

    def text(self, q, r, text, color="white"):
        """Up to 80 bytes of text at (q, r)."""
        self.lines.append("DBG TEXT %s %s %s %s" % (_num(q), _num(r), color, text))


def _action(a):
    if a is None or a == "S":
        return "S"
    if isinstance(a, int):
        return str(a)
    return "%d%d" % (a[0], a[1])


def run(tick):
    """Plays one leg: answers INIT with READY, every STATE with tick's
    drawings and orders, and stops at GAMEOVER."""
    state = State()
    block = []
    for raw in sys.stdin:
        line = raw.rstrip("\n")
        if line.startswith("GAMEOVER"):
            print(line, file=sys.stderr)
            return
        block.append(line)
        if line != "END":
            continue
        if block[0].startswith("INIT"):
            state.read_init(block)
            out = ["READY"]
        else:
            state.read_state(block)
            for e in state.errors:
                print("turn %d: %s" % (state.turn, e), file=sys.stderr)
            dbg = Dbg()
            orders = tick(state, dbg) or {}
            out = dbg.lines + ["MOVE " + " ".join("%s:%s" % (p, _action(a)) for p, a in sorted(orders.items()))]
        sys.stdout.write("\n".join(out) + "\n")
        sys.stdout.flush()
        block = []
