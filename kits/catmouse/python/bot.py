"""Cats & Mouse starter bot in Python: start here. Write your strategy in
tick(); catmouse.py reads the input and writes the answers.

Its cats walk shortest paths to the mouse; its mouse runs where the nearest
cat is farthest and dashes when every step is dangerous; both draw what
they think (F5/F6 in the viewer).

Run it:  arena play catmouse --bot "python3 bot.py" --bot builtin:pursuit
Debug with print(..., file=sys.stderr): stderr is kept in the replay.
"""
from catmouse import add, run


def tick(state, dbg):
    """Returns this turn's orders; state is the game, dbg the drawing pad."""
    board = state.board
    if state.role == "CATS":
        # Every cat walks a shortest path to the mouse.
        to_mouse = board.distances(state.mouse)
        orders = {}
        for i, cat in enumerate(state.cats):
            best, best_d = None, to_mouse.get(cat, 10**9)
            for d, n in board.neighbours(cat):
                if to_mouse.get(n, 10**9) < best_d:
                    best, best_d = d, to_mouse[n]
            orders["C%d" % i] = best
            if best is not None:
                n = add(cat, best)
                dbg.arrow(cat[0], cat[1], n[0], n[1], "orange")
        dbg.circle(state.mouse[0], state.mouse[1], 0.6, "#ff000080")
        return orders

    # The mouse goes where the nearest cat is farthest, never next to a cat
    # if it can help it, and dashes only when every step is dangerous.
    from_cats = [board.distances(c) for c in state.cats]

    def nearest_cat(cell):
        return min(d.get(cell, 10**9) for d in from_cats)

    def best(options):
        return max(options, key=lambda o: nearest_cat(o[1]), default=None)

    steps = [(None, state.mouse)] + board.neighbours(state.mouse)
    choice = best(steps)
    if nearest_cat(choice[1]) <= 1 and state.dash_cooldown == 0:
        dash = best(board.dashes(state.mouse))
        if dash is not None and nearest_cat(dash[1]) > nearest_cat(choice[1]):
            choice = dash
    q, r = choice[1]
    dbg.text(q, r, "run (%d)" % nearest_cat(choice[1]), "yellow")
    return {"M": choice[0]}


if __name__ == "__main__":
    run(tick)
