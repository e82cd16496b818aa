"""Back Track King (tracks) starter bot in Python: start here. Write your
strategy in play(); tracks.py reads the input and writes the answers.

This bot AUTOPLACEs the nearest desired connection that is not active yet
(the same answers as the other kits' starting bots). Ideas: DISRUPT the
regions where the opponent's tracks pay it the most, avoid building in
regions about to be inked, PLACE_TRACKS toward points of interest.

Run it:  arena play tracks --bot "python3 bot.py" --bot builtin:boss3
Debug with print(..., file=sys.stderr): stderr is kept in the replay.
Answer within 50 ms (1000 ms on the first turn).
"""
from tracks import Game, autoplace, run


def play(g: Game):
    """Returns this turn's actions (see tracks.py); none means WAIT."""
    # The nearest desired connection that is not active yet: the least
    # (distance, town, desired town).
    missing = []
    for t in g.towns:
        for u in t.desired:
            if not g.active(t.id, u):
                v = g.towns[u]
                missing.append((abs(t.x - v.x) + abs(t.y - v.y), t.id, u))
    if not missing:
        return []
    _, t, u = min(missing)
    return [autoplace(g.towns[t].x, g.towns[t].y, g.towns[u].x, g.towns[u].y)]


if __name__ == "__main__":
    run(play)
