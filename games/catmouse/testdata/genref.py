"""An independent reading of the map generator of shared/rules/catmouse.md
§2.4, written from the text alone, for TestGeneratorMatchesSpecReading.

    python3 genref.py SEED RADIUS DMIN DMAX WMIN WMAX

DMIN and DMAX are densities in thousandths (0.12 is 120). It writes the map
file of §2.3 with the walls in canonical order (D21).
"""
import sys

MASK = (1 << 64) - 1
DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


class SplitMix64:
    def __init__(self, seed):
        self.x = seed & MASK

    def next(self):
        self.x = (self.x + 0x9E3779B97F4A7C15) & MASK
        z = self.x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)


def generate(seed, R, dmin, dmax, wmin, wmax):
    rng = SplitMix64(seed)

    def below(k):
        return rng.next() % k

    cells = [(q, r) for r in range(-R, R + 1) for q in range(max(-R, -R - r), min(R, R - r) + 1)]
    index = {c: i for i, c in enumerate(cells)}
    C = len(cells)
    terrain = {c: "." for c in cells}
    walls = set()

    def add(c, d):
        return (c[0] + DIRS[d][0], c[1] + DIRS[d][1])

    def neg(c):
        return (-c[0], -c[1])

    def step(a, d):
        n = add(a, d)
        if n not in terrain or terrain[n] != "." or frozenset((a, n)) in walls:
            return None
        return n

    def valid():
        if terrain[(0, 0)] != ".":
            return False
        plain = [c for c in cells if terrain[c] == "."]
        seen, todo = {plain[0]}, [plain[0]]
        while todo:
            a = todo.pop()
            for d in range(6):
                n = step(a, d)
                if n and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if len(seen) != len(plain):
            return False
        return all(sum(1 for d in range(6) if step(c, d)) >= 2 for c in plain)

    lo, hi = -(-dmin * C // 1000), dmax * C // 1000
    target = (lo + below(hi - lo + 1)) & ~1
    count = 0
    for _ in range(5000):
        if count >= target:
            break
        c = cells[below(C)]
        if c == (0, 0) or terrain[c] != ".":
            continue
        size = 1 + below(3)
        if max(abs(c[0]), abs(c[1]), abs(c[0] + c[1])) == R:
            kind = "~"
        else:
            kind = "M" if below(2) == 0 else "R"
        blob = [c]
        for _ in range(size - 1):
            n = add(blob[below(len(blob))], below(6))
            if n not in terrain or n == (0, 0) or terrain[n] != "." or n in blob or neg(n) in blob:
                continue
            blob.append(n)
        if count + 2 * len(blob) > target:
            continue
        for b in blob:
            terrain[b] = terrain[neg(b)] = kind
        count += 2 * len(blob)
        if not valid():
            for b in blob:
                terrain[b] = terrain[neg(b)] = "."
            count -= 2 * len(blob)

    wall_target = (wmin + below(wmax - wmin + 1)) & ~1
    nwalls = 0
    for _ in range(5000):
        if nwalls >= wall_target:
            break
        c = cells[below(C)]
        n = add(c, below(6))
        if n not in terrain or terrain[c] != "." or terrain[n] != "." or frozenset((c, n)) in walls:
            continue
        pair = [frozenset((c, n)), frozenset((neg(c), neg(n)))]
        walls.update(pair)
        nwalls += 2
        if not valid():
            walls.difference_update(pair)
            nwalls -= 2

    out = ["CATMOUSE-MAP 1", "NAME gen-%d" % seed, "RADIUS %d" % R]
    for r in range(-R, R + 1):
        row = "".join(terrain[(q, r)] for q in range(max(-R, -R - r), min(R, R - r) + 1))
        out.append("ROW %d %s" % (r, row))
    ordered = sorted(sorted(w, key=index.get) for w in walls)
    ordered.sort(key=lambda w: (index[w[0]], index[w[1]]))
    for a, b in ordered:
        out.append("WALL %d %d %d %d" % (a[0], a[1], b[0], b[1]))
    out.append("END")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.stdout.write(generate(*(int(a) for a in sys.argv[1:7])))
