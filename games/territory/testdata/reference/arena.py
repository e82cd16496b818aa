#!/usr/bin/env python3
"""An independent reading of shared/rules/territory.md §2.3-2.5 (shapes,
start blocks in exact arithmetic, the player shuffle and the obstacles),
written from the rules alone, to check the Go generator against.

Usage: arena.py SEED...
For each seed and each of the 28 player-count/size/shape combinations, it
prints a line "== PLAYERS SIZE SHAPE PERM" (PERM: the bot that gets each
id, comma-separated), then the arena's ROW lines in the arena file format.
"""
import math
import sys
from fractions import Fraction as F

SIZES = {4: (18, 20), 6: (24, 26), 8: (28, 30)}
SHAPES = ("square", "cut", "x", "wide", "narrow")
MASK = (1 << 64) - 1


def shape_wall(shape, n, x, y):
    """§2.3: is (x, y) a shape wall?"""
    u, v = min(x, n - 1 - x), min(y, n - 1 - y)
    if u == 0 or v == 0:
        return True
    a, b = abs(2 * x - (n - 1)), abs(2 * y - (n - 1))
    if shape == "cut":
        k = math.floor(F(n, 8) + F(1, 2))
        return u + v <= n // 5 or (v == 1 and a <= 2 * k - 1) or (u == 1 and b <= 2 * k - 1)
    if shape == "x":
        return v + F(a - 1, 2) <= n // 5 or u + F(b - 1, 2) <= n // 5
    if shape == "wide":
        return v <= n // 8
    if shape == "narrow":
        return u <= n // 8
    return False


def fractions(players, shape):
    """§2.4: the fraction pairs, slots in the order listed."""
    def grid(xs, ys):
        return [(x, y) for y in ys for x in xs]
    if players == 4:
        if shape == "wide":
            return grid([".25", ".75"], [".2", ".8"])
        if shape == "narrow":
            return grid([".2", ".8"], [".25", ".75"])
        return [(".25", ".25"), (".75", ".25"), (".25", ".75"), (".75", ".75")]
    if players == 6:
        if shape == "wide":
            return grid([".15", ".5", ".85"], [".25", ".75"])
        if shape == "narrow":
            return grid([".25", ".75"], [".15", ".5", ".85"])
        return [(".35", ".2"), (".65", ".2"), (".15", ".5"), (".85", ".5"), (".35", ".8"), (".65", ".8")]
    if shape == "wide":
        return grid([".12", ".37", ".63", ".88"], [".25", ".75"])
    if shape == "narrow":
        return grid([".25", ".75"], [".12", ".37", ".63", ".88"])
    if shape == "x":
        return [(".15", ".15"), (".85", ".15"), (".15", ".85"), (".85", ".85"),
                (".5", ".25"), (".75", ".5"), (".5", ".75"), (".25", ".5")]
    return [(".2", ".2"), (".5", ".12"), (".8", ".2"), (".88", ".5"),
            (".8", ".8"), (".5", ".88"), (".2", ".8"), (".12", ".5")]


def block_coord(f, lo, hi):
    w = hi - lo + 1
    if f <= F(1, 2):
        return lo + math.floor(f * (w - 2) + F(1, 2))
    return hi - 1 - math.floor((1 - f) * (w - 2) + F(1, 2))


def head_of(bx, by, n):
    """The block tile nearest the centre; ties: lowest X, then lowest Y."""
    c = F(n - 1, 2)
    tiles = [(bx, by), (bx + 1, by), (bx, by + 1), (bx + 1, by + 1)]
    return min(tiles, key=lambda t: ((t[0] - c) ** 2 + (t[1] - c) ** 2, t[0], t[1]))


def blocks_fit(n, shape, blocks):
    for i, (bx, by) in enumerate(blocks):
        for y in range(by - 1, by + 3):
            for x in range(bx - 1, bx + 3):
                if not (0 <= x < n and 0 <= y < n) or shape_wall(shape, n, x, y):
                    return False
        for cx, cy in blocks[:i]:
            if max(max(0, abs(bx - cx) - 1), max(0, abs(by - cy) - 1)) < 4:
                return False
    return True


def start_blocks(n, players, shape):
    open_tiles = [(x, y) for y in range(n) for x in range(n) if not shape_wall(shape, n, x, y)]
    x0, x1 = min(x for x, _ in open_tiles), max(x for x, _ in open_tiles)
    y0, y1 = min(y for _, y in open_tiles), max(y for _, y in open_tiles)
    fs = [(F(a), F(b)) for a, b in fractions(players, shape)]
    for _ in range(41):
        blocks = [(block_coord(fx, x0, x1), block_coord(fy, y0, y1)) for fx, fy in fs]
        if blocks_fit(n, shape, blocks):
            return blocks
        fs = [(F(1, 2) + F(95, 100) * (fx - F(1, 2)), F(1, 2) + F(95, 100) * (fy - F(1, 2))) for fx, fy in fs]
    raise SystemExit("no fair start positions")


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def below(self, k):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return (z ^ (z >> 31)) % k


def connected(n, tiles):
    open_tiles = [i for i in range(n * n) if tiles[i] != "#"]
    seen, stack = {open_tiles[0]}, [open_tiles[0]]
    while stack:
        i = stack.pop()
        x, y = i % n, i // n
        for nx, ny in ((x, y + 1), (x, y - 1), (x + 1, y), (x - 1, y)):
            j = ny * n + nx
            if 0 <= nx < n and 0 <= ny < n and j not in seen and tiles[j] != "#":
                seen.add(j)
                stack.append(j)
    return len(seen) == len(open_tiles)


def generate(seed, players, size, shape):
    n = SIZES[players][size == "large"]
    blocks = start_blocks(n, players, shape)
    tiles = ["#" if shape_wall(shape, n, i % n, i // n) else "." for i in range(n * n)]
    rng = SplitMix64(seed)
    perm = list(range(players))
    for i in range(players - 1, 0, -1):
        j = rng.below(i + 1)
        perm[i], perm[j] = perm[j], perm[i]
    start_tiles = [(bx + dx, by + dy) for bx, by in blocks for dx in (0, 1) for dy in (0, 1)]
    candidates = [y * n + x for y in range(n - 1, -1, -1) for x in range(n)
                  if tiles[y * n + x] == "." and
                  all(max(abs(x - sx), abs(y - sy)) >= 3 for sx, sy in start_tiles)]
    for i in range(len(candidates) - 1, 0, -1):
        j = rng.below(i + 1)
        candidates[i], candidates[j] = candidates[j], candidates[i]
    count = n * n // 20
    fifth = count // 5
    cursor, walls = 0, 0
    while walls < count - 3 * fifth and cursor < len(candidates):
        t = candidates[cursor]
        cursor += 1
        tiles[t] = "#"
        if connected(n, tiles):
            walls += 1
        else:
            tiles[t] = "."
    for symbol in "*~%":
        for _ in range(fifth):
            if cursor < len(candidates):
                tiles[candidates[cursor]] = symbol
                cursor += 1
    for k, (bx, by) in enumerate(blocks):
        for x, y in ((bx, by), (bx + 1, by), (bx, by + 1), (bx + 1, by + 1)):
            tiles[y * n + x] = chr(ord("a") + k)
        hx, hy = head_of(bx, by, n)
        tiles[hy * n + hx] = chr(ord("0") + k)
    print("== %d %s %s %s" % (players, size, shape, ",".join(map(str, perm))))
    for y in range(n - 1, -1, -1):
        print("ROW " + "".join(tiles[y * n:(y + 1) * n]))


for seed in map(int, sys.argv[1:]):
    for players in (4, 6, 8):
        for size in ("small", "large"):
            for shape in SHAPES:
                if not (shape == "x" and players == 6):
                    generate(seed, players, size, shape)
