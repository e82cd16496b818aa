"""Ants & Crystals starter bot in Python: start here. Write your strategy in
play(); ants.py reads the input and writes the answers.

This bot places LINEs from its bases to the nearest resources, eggs first
early on or while it has fewer ants than its opponent, as many targets as
its ants can hold in a chain.

Run it:  arena play ants --bot "python3 bot.py" --bot builtin:boss4
Debug with print(..., file=sys.stderr): stderr is kept in the replay.
"""
from ants import CRYSTAL, EGG, Game, line, message, run


def play(g: Game):
    """Returns this turn's actions (see ants.py: beacon, line, wait, message)."""
    my_ants = g.my_ant_total()
    want_eggs = g.turn <= 8 or my_ants < g.opp_ant_total()
    targets = []  # (eggs first, distance, index)
    for c in g.cells:
        d = g.dist[g.nearest_base(c.index)][c.index]
        if c.resources > 0 and d >= 0 and (c.type == CRYSTAL or want_eggs):
            targets.append((0 if c.type == EGG and want_eggs else 1, d, c.index))
    targets.sort()
    actions, budget = [], my_ants // 2
    for _, d, c in targets:
        if d + 1 > budget and actions:
            continue
        budget -= d + 1
        actions.append(line(g.nearest_base(c), c, 1))
    actions.append(message("%d ants, %d targets" % (my_ants, len(actions))))
    return actions


if __name__ == "__main__":
    run(play)
