"""A test bot: it copies every byte it reads to the file named by its first
argument, and plays a fixed legal strategy (LINEs from its first base to the
nearest resources, as many as its second argument says), so that a match
with two of them is reproducible."""
import sys
from collections import deque

log = open(sys.argv[1], "w", newline="")
targets = int(sys.argv[2])


def read():
    line = sys.stdin.readline()
    if not line:
        log.close()
        sys.exit(0)
    log.write(line)
    return line


n = int(read())
types, neigh = [], []
for _ in range(n):
    f = [int(x) for x in read().split()]
    types.append(f[0])
    neigh.append([x for x in f[2:] if x >= 0])
read()
my_bases = [int(x) for x in read().split()]
read()


def distances(src):
    d = [-1] * n
    d[src] = 0
    q = deque([src])
    while q:
        h = q.popleft()
        for m in neigh[h]:
            if d[m] < 0:
                d[m] = d[h] + 1
                q.append(m)
    return d


dist = distances(my_bases[0])
turn = 0
while True:
    turn += 1
    first = read().split()
    if len(first) == 2:  # the score line (league 4)
        first = read().split()
    rows = [first] + [read().split() for _ in range(n - 1)]
    res = [int(r[0]) for r in rows]
    cands = [c for c in range(n) if res[c] > 0 and (types[c] == 2 or turn <= 4 * targets)]
    cands.sort(key=lambda c: (types[c] == 2, dist[c], c))
    cmds = ["LINE %d %d %d" % (my_bases[0], c, 1 + i) for i, c in enumerate(cands[:targets])]
    if turn % 10 == 1:
        cmds.append("MESSAGE turn %d" % turn)
    # The log is complete before the answer: a bot is killed as soon as the
    # match is over, without time to write anything after its last answer.
    log.flush()
    print(";".join(cmds) or "WAIT", flush=True)
