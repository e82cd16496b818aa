"""Territory (Ready AI Code 2020) starter bot in Python: start here. Write
your strategy in Bot.play(); territory.py reads the turn and writes the move.

This bot walks square loops out of its body, growing with MaxMovement, and
comes back before MovementLeft runs out; it never steps on a wall, a bomb
or its own neck. Ideas: cut the others' necks, loop around open ground,
keep away from heads that could cut yours.

Run it:  arena play territory --bot "python3 bot.py" --bot builtin:greedy
Debug with print(..., file=sys.stderr): stderr is kept in the replay.
"""
from territory import MOVES, NONE, TURN_RIGHT, Board, run


class Bot:
    """Square loops out of the body, home before MovementLeft runs out."""

    def __init__(self):
        self.loops = 0
        self.legs = []  # the moves left in the current loop

    def plan(self, b: Board):
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

    def play(self, b: Board) -> str:
        """Returns this turn's move: UP, DOWN, LEFT, RIGHT or NONE."""
        dist = b.distance_home()
        if b.at_home() and not self.legs:
            self.legs = self.plan(b)
        if self.legs:
            m = self.legs[0]
            t = b.step(m)
            if b.safe(t, dist) and not b.avoid(t):
                self.legs.pop(0)
                if not b.at_home() and t in b.body:
                    self.legs = []  # back home: the loop is closed
                return m
            self.legs = []
        # Head home by the shortest way, or anywhere safe.
        best = None
        for m in MOVES:
            t = b.step(m)
            if not b.safe(t, dist):
                continue
            d = 0 if t in b.body else dist.get(t, 99)
            if best is None or d < best[0]:
                best = (d, m)
        return best[1] if best else NONE


if __name__ == "__main__":
    run(Bot().play)
