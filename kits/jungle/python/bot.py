"""Jungle Blitz starter bot in Python: start here. Write your strategy in
play(); jungle.py reads the TICKs and writes the COMMANDs.

This bot spawns each unit on the free spawn tile nearest to a free diamond,
sends each unit without a diamond to the nearest free diamond it can reach
that no other unit of its goes for (the server finds the path), and drops a
diamond it holds next to itself to score its points. Ideas: SUMMON to raise a diamond's level before dropping it, VINE
and ATTACK the other teams' carriers.

Run it:  arena play jungle --bot "python3 bot.py" --bot builtin:greedy
(over WebSocket, as the 2022 kits; or start `arena host jungle` and then
`python3 bot.py`). Debug with print(): stdout and stderr are kept in the
replay. With --stdio the kit speaks stdin/stdout instead, where stdout is
for the COMMANDs only: print(..., file=sys.stderr) then.
"""
from jungle import EMPTY, SPAWN, Position, Tick, attack, drop, move, none, run, spawn


def distance(a: Position, b: Position) -> int:
    return abs(a.x - b.x) + abs(a.y - b.y)


def around(p: Position):
    """The four neighbours of p: up, down, left, right."""
    return [Position(p.x, p.y - 1), Position(p.x, p.y + 1), Position(p.x - 1, p.y), Position(p.x + 1, p.y)]


def play(t: Tick):
    """Returns this tick's actions, one per unit of yours (see jungle.py)."""
    taken = set(t.occupied())
    free_diamonds = [d.position for d in t.diamonds if d.owner_id is None]
    # The other teams' carriers that can be attacked (not on a spawn tile).
    carriers = [u.position for team in t.teams if team.id != t.team_id for u in team.units
                if u.has_diamond and u.position and t.tile(u.position) != SPAWN]
    targets = set()  # where our units go
    actions = []
    for unit in t.my_team.units:
        if not unit.has_spawned:
            spawns = [s for s in t.spawns() if s not in taken]
            if spawns:
                # The spawn tile nearest to a free diamond (the first one without diamonds).
                best = min(spawns, key=lambda s: min((distance(s, d) for d in free_diamonds), default=0))
                taken.add(best)
                actions.append(spawn(unit.id, best))
            continue
        p = unit.position
        if unit.has_diamond and not unit.is_summoning and t.tile(p) == EMPTY:
            free = [q for q in around(p) if t.tile(q) == EMPTY and q not in taken]
            actions.append(drop(unit.id, free[0]) if free else none(unit.id))
            continue
        near = [c for c in carriers if distance(c, p) == 1]
        if near and not unit.has_diamond and t.tile(p) != SPAWN:
            actions.append(attack(unit.id, near[0]))
            continue
        dist = t.distances(p, taken - {p})
        reachable = [d for d in free_diamonds if d in dist and d not in targets]
        if not reachable:  # no free diamond: a tile next to an enemy carrier
            reachable = [q for c in carriers for q in around(c) if q in dist and q != p and q not in targets]
        if reachable:
            target = min(reachable, key=lambda d: dist[d])
            targets.add(target)
            actions.append(move(unit.id, target))
        else:
            actions.append(none(unit.id))
    return actions


if __name__ == "__main__":
    run(play)
