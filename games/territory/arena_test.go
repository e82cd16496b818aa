package territory

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// All 28 size/shape/player-count combinations have fair start positions on
// the first try (§2.4): no shape wall within Chebyshev distance 1 of a
// block, blocks at distance >= 4 from each other, every head on its
// block's tile nearest the centre, and the whole set of blocks symmetric
// like the arena (both mirrors), so that no slot is favoured.
func TestStartPositionsFair(t *testing.T) {
	combos := 0
	for _, players := range []int{4, 6, 8} {
		for _, size := range Sizes {
			for _, shape := range Shapes {
				if !ShapeAllowed(shape, players) {
					continue
				}
				combos++
				n, err := ArenaSize(players, size)
				if err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("%d players %s %s (%d×%d)", players, size, shape, n, n)
				starts, tries, err := StartBlocks(n, players, shape)
				if err != nil || tries != 0 {
					t.Errorf("%s: %v after %d shrinks; the rules say all pass on the first try", name, err, tries)
					continue
				}
				if len(starts) != players {
					t.Errorf("%s: %d blocks", name, len(starts))
				}
				if !startsFit(n, shape, starts) {
					t.Errorf("%s: blocks too close to a wall or to each other", name)
				}
				blocks := map[Point]bool{}
				for _, s := range starts {
					blocks[s.Block[0]] = true
					if s.Head != headOf(s.Block, n) || !slices.Contains(s.Block[:], s.Head) {
						t.Errorf("%s: head %v is not the block tile nearest the centre", name, s.Head)
					}
				}
				for _, s := range starts {
					b := s.Block[0]
					// Mirrors map a block's bottom-left tile (x, y) to
					// (N-2-x, y) and (x, N-2-y).
					if !blocks[Point{n - 2 - b.X, b.Y}] || !blocks[Point{b.X, n - 2 - b.Y}] {
						t.Errorf("%s: block at %v has no mirror image", name, b)
					}
				}
			}
		}
	}
	if combos != 28 {
		t.Errorf("%d combinations, the rules count 28", combos)
	}
}

func TestArenaSizesAndObstacleCounts(t *testing.T) {
	want := map[int][2]int{4: {18, 20}, 6: {24, 26}, 8: {28, 30}}
	counts := map[int]int{18: 16, 20: 20, 24: 28, 26: 33, 28: 39, 30: 45}
	for players, sizes := range want {
		for k, size := range Sizes {
			n, err := ArenaSize(players, size)
			if err != nil || n != sizes[k] {
				t.Errorf("%d players %s: %d, %v; want %d", players, size, n, err, sizes[k])
			}
			if got := DefaultObstacles(n); got != counts[n] {
				t.Errorf("N=%d: %d obstacles, want %d", n, got, counts[n])
			}
		}
	}
	if _, err := ArenaSize(5, Small); err == nil {
		t.Errorf("5 players must need an arena file")
	}
	w, b, i, d := DefaultMix.counts(16)
	if w != 7 || b != 3 || i != 3 || d != 3 {
		t.Errorf("mix of 16: %d %d %d %d, want 7 3 3 3", w, b, i, d)
	}
}

func TestShapes(t *testing.T) {
	// Hand-checked outlines of the 18×18 arena: walls per row, top row first.
	for _, c := range []struct {
		shape Shape
		rows  []string // a few rows from the top, as # and .
	}{
		{Square, []string{"##################", "#................#"}},
		// cut (k = 2): corners u+v <= 3, notches where v = 1 and |2x-17| <= 3.
		{Cut, []string{"##################", "###....####....###", "##..............##", "#................#"}},
		{Wide, []string{"##################", "##################", "##################", "#................#"}},
		{Narrow, []string{"##################", "###............###"}},
		// x: triangles v + (|2x-17|-1)/2 <= 3 in the middle of each side.
		{XShape, []string{"##################", "#.....######.....#", "#......####......#", "#.......##.......#", "#................#"}},
	} {
		n := 18
		for r, want := range c.rows {
			y := n - 1 - r
			var got strings.Builder
			for x := 0; x < n; x++ {
				if shapeWall(c.shape, n, x, y) {
					got.WriteByte('#')
				} else {
					got.WriteByte('.')
				}
			}
			if got.String() != want {
				t.Errorf("%s row %d (y=%d):\n got %s\nwant %s", c.shape, r, y, got.String(), want)
			}
		}
	}
}

// The game stream is SplitMix64(seed); with seed 0 its first output is
// 0xE220A8397B1DCDAF (odd), so two bots keep their order (§6.4).
func TestStream(t *testing.T) {
	s := newStream(0)
	if v := s.sm.Uint64(); v != 0xE220A8397B1DCDAF {
		t.Fatalf("first output %#x", v)
	}
	if p := newStream(0).shuffle(2); !slices.Equal(p, []int{0, 1}) {
		t.Errorf("seed 0 shuffles two bots to %v", p)
	}
}

// Generated arenas over 1,000 seeds: deterministic, connected, with the
// obstacle mix of D4 away from the starts, and a permutation of the bots.
func TestGeneratedArenas(t *testing.T) {
	for seed := int64(0); seed < 1000; seed++ {
		players := []int{4, 6, 8}[seed%3]
		size := Sizes[seed/3%2]
		shape := Shapes[seed/6%5]
		if !ShapeAllowed(shape, players) {
			shape = Square
		}
		a, perm, err := GenerateArena(seed, players, size, shape, -1, DefaultMix)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		b, perm2, _ := GenerateArena(seed, players, size, shape, -1, DefaultMix)
		if !slices.Equal(a.Tiles, b.Tiles) || !slices.Equal(perm, perm2) {
			t.Fatalf("seed %d: not deterministic", seed)
		}
		sorted := slices.Clone(perm)
		slices.Sort(sorted)
		for k, v := range sorted {
			if k != v {
				t.Fatalf("seed %d: %v is not a permutation", seed, perm)
			}
		}
		n := a.N
		var count [256]int
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				o := a.Tiles[y*n+x]
				if shapeWall(shape, n, x, y) {
					if o != Wall {
						t.Fatalf("seed %d: shape wall (%d,%d) holds %q", seed, x, y, o)
					}
					continue
				}
				count[o]++
				if o != Empty && a.nearStart(Point{x, y}) {
					t.Fatalf("seed %d: obstacle %c at (%d,%d) within 2 tiles of a start", seed, o, x, y)
				}
			}
		}
		w, bb, i, d := DefaultMix.counts(DefaultObstacles(n))
		if count[Wall] != w || count[Bomb] != bb || count[Ice] != i || count[Decay] != d {
			t.Fatalf("seed %d (%s %s %d): W%d B%d I%d D%d, want %d %d %d %d", seed, size, shape, players,
				count[Wall], count[Bomb], count[Ice], count[Decay], w, bb, i, d)
		}
		if err := a.validate(); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		// The text form reads back the same.
		back, err := ParseArena(a.Text(), players)
		if err != nil || !slices.Equal(back.Tiles, a.Tiles) || !slices.Equal(back.Starts, a.Starts) {
			t.Fatalf("seed %d: the arena file does not read back: %v", seed, err)
		}
	}
}

func TestObstaclesNeverDisconnect(t *testing.T) {
	// So many walls that most candidates must be refused.
	a, _, err := GenerateArena(7, 4, Small, Cut, 400, Mix{1, 0, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	walls := 0
	for _, o := range a.Tiles {
		if o == Wall {
			walls++
		}
	}
	if !connected(a.N, func(i int) bool { return a.Tiles[i] != Wall }) {
		t.Fatal("walls disconnected the arena")
	}
	t.Logf("%d walls on 18×18", walls)
}

func TestParseArenaFile(t *testing.T) {
	text, err := os.ReadFile("testdata/golden-6.arena")
	if err != nil {
		t.Fatal(err)
	}
	a, err := ParseArena(string(text), 2)
	if err != nil {
		t.Fatal(err)
	}
	if a.Name != "golden-6" || a.N != 6 || len(a.Starts) != 2 {
		t.Fatalf("%+v", a)
	}
	if a.Starts[0].Head != (Point{2, 3}) || a.Starts[1].Head != (Point{4, 2}) || a.Tiles[1*6+1] != Ice {
		t.Errorf("starts %+v, tile (1,1) %q", a.Starts, a.Tiles[7])
	}
	if a.Text() != string(text) {
		t.Errorf("Text:\n%s\nwant\n%s", a.Text(), text)
	}
	head := "TERRITORY-ARENA 1\nSIZE 5\n"
	// Each bad file is refused, for its own reason.
	bad := map[string]struct{ text, why string }{
		"no header":      {"SIZE 5\nEND\n", "must start with"},
		"size too small": {"TERRITORY-ARENA 1\nSIZE 4\nEND\n", "SIZE must be"},
		"size too large": {"TERRITORY-ARENA 1\nSIZE 41\nEND\n", "SIZE must be"},
		"short row":      {head + "ROW #####\nROW #aa#\nROW #0a.#\nROW #...#\nROW #####\nEND\n", "exactly 5 characters"},
		"missing row":    {head + "ROW #####\nROW #aa.#\nROW #0a.#\nROW #####\nEND\n", "4 ROW lines"},
		"no end":         {head + "ROW #####\nROW #aa.#\nROW #0a.#\nROW #...#\nROW #####\n", "missing END"},
		"open border":    {head + "ROW #####\nROW #aa..\nROW #0a.#\nROW #...#\nROW #####\nEND\n", "border"},
		"no head":        {head + "ROW #####\nROW #aa.#\nROW #aa.#\nROW #...#\nROW #####\nEND\n", "exactly one head"},
		"two heads":      {head + "ROW #####\nROW #a0.#\nROW #0a.#\nROW #...#\nROW #####\nEND\n", "exactly one head"},
		"not a block":    {head + "ROW #####\nROW #aa.#\nROW #.0a#\nROW #...#\nROW #####\nEND\n", "2×2 block"},
		"missing slot":   {head + "ROW #####\nROW #bb.#\nROW #b1.#\nROW #...#\nROW #####\nEND\n", "slot 0 has no tile"},
		"unknown char":   {head + "ROW #####\nROW #aa.#\nROW #a0?#\nROW #...#\nROW #####\nEND\n", "unknown character"},
		"disconnected":   {"TERRITORY-ARENA 1\nSIZE 7\nROW #######\nROW #aa#..#\nROW #a0#..#\nROW ####..#\nROW #.....#\nROW #.....#\nROW #######\nEND\n", "not all connected"},
		"players":        {head + "ROW #####\nROW #aa.#\nROW #a0.#\nROW #...#\nROW #####\nEND\n", "1 start blocks for 2 bots"},
		"after end":      {head + "ROW #####\nROW #aa.#\nROW #a0.#\nROW #...#\nROW #####\nEND\nROW x\n", "nothing may follow END"},
	}
	for name, c := range bad {
		players := 1
		if name == "players" {
			players = 2
		}
		if _, err := ParseArena(c.text, players); err == nil || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s: %v, want an error saying %q", name, err, c.why)
		}
	}
}

// The generator against an independent reading of §2.3-2.5 written from
// the rules alone (testdata/reference/arena.py, exact fractions in Python):
// the same outlines, start blocks and heads, player shuffle and obstacles,
// tile for tile, for every combination on a few seeds.
func TestGeneratedArenasMatchReference(t *testing.T) {
	seeds := []int64{0, 12345, -7}
	args := []string{"testdata/reference/arena.py"}
	for _, s := range seeds {
		args = append(args, fmt.Sprint(s))
	}
	out, err := exec.Command("python3", args...).Output()
	if err != nil {
		t.Fatalf("the reference generator: %v", err)
	}
	var want strings.Builder
	for _, seed := range seeds {
		for _, players := range []int{4, 6, 8} {
			for _, size := range Sizes {
				for _, shape := range Shapes {
					if !ShapeAllowed(shape, players) {
						continue
					}
					a, perm, err := GenerateArena(seed, players, size, shape, -1, DefaultMix)
					if err != nil {
						t.Fatal(err)
					}
					ids := make([]string, len(perm))
					for k, v := range perm {
						ids[k] = fmt.Sprint(v)
					}
					fmt.Fprintf(&want, "== %d %s %s %s\n", players, size, shape, strings.Join(ids, ","))
					for _, l := range strings.Split(a.Text(), "\n") {
						if strings.HasPrefix(l, "ROW ") {
							want.WriteString(l + "\n")
						}
					}
				}
			}
		}
	}
	got := strings.Split(string(out), "\n")
	for i, w := range strings.Split(want.String(), "\n") {
		if i >= len(got) || got[i] != w {
			t.Fatalf("line %d: the reference says\n%q\nthe generator\n%q", i+1, at(got, i), w)
		}
	}
}

func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "(nothing)"
}
