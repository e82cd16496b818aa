# A deterministic process bot for the golden game test: it copies every
# byte it reads to the file named by its first argument, and plays a simple
# fixed strategy (AUTOPLACE a missing desired connection, a DISRUPT every
# 7th turn, a MESSAGE every 10th turn) so that the game exercises every
# part of the input.
import sys

log = open(sys.argv[1], "wb")
inp = sys.stdin.buffer


def line():
    raw = inp.readline()
    if not raw:
        sys.exit(0)
    log.write(raw)
    return raw.decode().rstrip("\n")


me = int(line())
width = int(line())
height = int(line())
region_of = [int(line().split()[0]) for _ in range(width * height)]
regions = max(region_of) + 1
towns = []
for _ in range(int(line())):
    tid, x, y, desired = line().split()
    towns.append((int(x), int(y), [] if desired == "x" else [int(d) for d in desired.split(",")]))

turn = 0
while True:
    my_score = int(line())
    foe_score = int(line())
    cells = [line().split() for _ in range(width * height)]
    log.flush()
    turn += 1
    missing = []
    for t, (x, y, desired) in enumerate(towns):
        active = cells[y * width + x][3].split(",")
        for u in desired:
            if "%d-%d" % (t, u) not in active:
                missing.append((t, u))
    actions = []
    if missing:
        t, u = missing[(turn + me) % len(missing)]
        actions.append("AUTOPLACE %d %d %d %d" % (towns[t][0], towns[t][1], towns[u][0], towns[u][1]))
    if turn % 7 == me:
        actions.append("DISRUPT %d" % ((turn * 13 + me) % regions))
    if turn % 10 == 0:
        actions.append("MESSAGE turn %d score %d-%d" % (turn, my_score, foe_score))
    if not actions:
        actions.append("WAIT")
    print(";".join(actions), flush=True)
