# Back Track King (tracks) starter bot for Arena, Python 3, standard library only.
#
# Run it:  arena play tracks --bot "python3 kits/tracks/python/bot.py" --bot builtin:boss3
#
# Protocol (docs/games/tracks.md): on the first turn the init block comes
# first, then every turn the turn block. Answer ONE line per turn within
# 50 ms (1000 ms on the first turn). Print debug output to stderr only.
import sys


def read_line():
    line = sys.stdin.readline()
    if not line:  # the game is over
        sys.exit(0)
    return line.rstrip("\n")


# --- init block ---
my_id = int(read_line())
width = int(read_line())
height = int(read_line())
region_of = []  # region id of each cell, row-major: index y * width + x
terrain = []  # 0 plains (cost 1), 1 river (2), 2 mountain (3), 3 point of interest (3)
for _ in range(width * height):
    region_id, cell_type = map(int, read_line().split())
    region_of.append(region_id)
    terrain.append(cell_type)
towns = []  # (x, y, desired town ids)
for _ in range(int(read_line())):
    town_id, x, y, desired = read_line().split()
    towns.append((int(x), int(y), [] if desired == "x" else [int(d) for d in desired.split(",")]))

# --- game loop ---
while True:
    my_score = int(read_line())
    foe_score = int(read_line())
    track_owner = []  # -1 none, 0 / 1 a player's track, 2 neutral
    instability = []  # instability of the cell's region
    inked = []  # 1 if the cell's region is inked (no more building there)
    connections = []  # active connections through the cell, e.g. ["0-1", "2-3"]
    for _ in range(width * height):
        owner, inst, ink, conns = read_line().split()
        track_owner.append(int(owner))
        instability.append(int(inst))
        inked.append(ink == "1")
        connections.append([] if conns == "x" else conns.split(","))

    # A desired connection T-U is active when T's cell lists "T-U".
    missing = []
    for t, (tx, ty, desired) in enumerate(towns):
        for u in desired:
            if "%d-%d" % (t, u) not in connections[ty * width + tx]:
                ux, uy, _ = towns[u]
                missing.append((abs(tx - ux) + abs(ty - uy), t, u))

    actions = []
    if missing:
        # The nearest missing connection: AUTOPLACE builds the cheapest
        # path with this turn's 3 paint and stops; it goes on next turn.
        _, t, u = min(missing)
        actions.append("AUTOPLACE %d %d %d %d" % (towns[t][0], towns[t][1], towns[u][0], towns[u][1]))
    # Other actions: PLACE_TRACKS x y, DISRUPT regionId (or DISRUPT x y),
    # MESSAGE text, WAIT. Separate them with ";".
    if not actions:
        actions.append("WAIT")
    print(";".join(actions), flush=True)
