package jungle

import (
	"math/rand/v2"
	"testing"
)

// randomView is a view of a random board w x h: tiles of every type (NoTile
// too, as a TICK with an unknown tile name gives), units, free diamonds,
// carriers among the enemies, and tiles claimed by teammates.
func randomView(r *rand.Rand, w, h int) *view {
	d := &tickData{tick: 3, total: 300, w: w, h: h, grid: make([]Tile, w*h), teams: make([]tickTeam, 2)}
	for i := range d.grid {
		d.grid[i] = []Tile{Empty, Empty, Empty, Wall, Spawn, NoTile}[r.IntN(6)]
	}
	randPos := func() Pos { return Pos{r.IntN(w), r.IntN(h)} }
	for range r.IntN(w*h/4 + 1) {
		d.diamonds = append(d.diamonds, tickDiamond{id: "d", pos: randPos()})
	}
	for ti := range d.teams {
		for k := range r.IntN(6) {
			u := tickUnit{id: string(rune('a' + 6*ti + k)), alive: r.IntN(4) > 0, pos: randPos()}
			if r.IntN(3) == 0 {
				u.diamond = "d"
			}
			d.teams[ti].units = append(d.teams[ti].units, u)
		}
	}
	v := newView(&tickView{tickData: d, me: 0}, &scratch{})
	for range r.IntN(4) {
		v.take(randPos())
	}
	return v
}

// TestSearchRowsMatchTiles: the row-at-a-time searches (maps up to 64
// wide) find what the tile-by-tile ones (wider maps) find, on random
// boards, with every blocking rule and goal the bots use.
func TestSearchRowsMatchTiles(t *testing.T) {
	r := rand.New(rand.NewPCG(36, 2))
	masks := []cell{cDiamond, cDiamond | cHunt, cEmpty, cHunt, cSpawn}
	for n := range 3000 {
		w, h := 1+r.IntN(rowsMaxW), 1+r.IntN(16)
		if n%10 == 0 {
			w = rowsMaxW
		}
		v := randomView(r, w, h)
		if v.rows == nil {
			t.Fatalf("%dx%d: no rows", w, h)
		}
		from := Pos{r.IntN(w), r.IntN(h)}
		spawnOK, carrier := r.IntN(2) == 0, r.IntN(2) == 0
		want, avoid := masks[r.IntN(len(masks))], []cell{0, cTaken}[r.IntN(2)]
		block := blocking(spawnOK, carrier)
		rp, rok := v.nearestRows(from, block, want, avoid)
		rs := v.sc.search
		tp, tok := v.nearestTiles(from, block, want, avoid)
		if rp != tp || rok != tok {
			t.Fatalf("%dx%d from %v: rows give %v %v, tiles %v %v", w, h, from, rp, rok, tp, tok)
		}
		if !rok {
			for y := range h {
				for x := range w {
					q := Pos{x, y}
					v.sc.search = rs
					inRows := v.reached(q)
					v.rows = nil
					inTiles := v.reached(q)
					v.rows = &v.sc.rows
					if inRows != inTiles {
						t.Fatalf("%dx%d from %v: %v reached %v by rows, %v by tiles", w, h, from, q, inRows, inTiles)
					}
				}
			}
		}
		goals := make([]Pos, r.IntN(4))
		for i := range goals {
			goals[i] = Pos{r.IntN(w+2) - 1, r.IntN(h+2) - 1} // some off the map
		}
		rp, rok = v.spawnNearRows(goals)
		tp, tok = v.spawnNearTiles(goals)
		if rp != tp || rok != tok {
			t.Fatalf("%dx%d goals %v: spawnNear by rows %v %v, by tiles %v %v", w, h, goals, rp, rok, tp, tok)
		}
	}
}

// TestSearchWideMap: a map wider than a word is searched tile by tile.
func TestSearchWideMap(t *testing.T) {
	v := randomView(rand.New(rand.NewPCG(1, 1)), rowsMaxW+1, 3)
	if v.rows != nil {
		t.Fatal("rows kept for a map wider than a word")
	}
	for x := range v.w {
		for y := range v.h {
			v.cells[v.cell(Pos{x, y})] = cEmpty
		}
	}
	v.cells[v.cell(Pos{rowsMaxW, 2})] |= cDiamond
	if p, ok := v.nearest(Pos{0, 0}, false, false, cDiamond, 0); !ok || p != (Pos{rowsMaxW, 2}) {
		t.Fatalf("nearest diamond %v %v, want %v", p, ok, Pos{rowsMaxW, 2})
	}
}

// TestFillRuns: fillRuns gives what spreading x a bit at a time through m
// gives.
func TestFillRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(36, 3))
	for range 20000 {
		m := r.Uint64() | r.Uint64() // mostly set, in runs of every length
		if r.IntN(4) == 0 {
			m = ^uint64(0) >> r.IntN(64)
		}
		x := m & r.Uint64() & r.Uint64() & r.Uint64()
		if r.IntN(2) == 0 {
			x = m & (1 << r.IntN(64)) // one bit, to spread the furthest
		}
		want := x
		for {
			n := want | (want<<1|want>>1)&m
			if n == want {
				break
			}
			want = n
		}
		if got := fillRuns(x, m); got != want {
			t.Fatalf("fillRuns(%#x, %#x) = %#x, want %#x", x, m, got, want)
		}
	}
}

// TestCommandBuilderReusesMemory: a builtin writes every COMMAND in the
// same memory (game.Bot lets its answer be overwritten by the next), so a
// warm one allocates none, and writes what it was asked to.
func TestCommandBuilderReusesMemory(t *testing.T) {
	var c commandBuilder
	p := Pos{3, 12}
	write := func() {
		c.start(42)
		c.add("MOVE", "7", &p)
		c.add("NONE", "8", nil)
		c.add("DROP", "9", &p)
	}
	write()
	if got, want := string(c.bytes()), `{"type":"COMMAND","tick":42,"actions":[{"type":"UNIT","action":"MOVE","unitId":"7","target":{"x":3,"y":12}},{"type":"UNIT","action":"NONE","unitId":"8"},{"type":"UNIT","action":"DROP","unitId":"9","target":{"x":3,"y":12}}]}`+"\n"; got != want {
		t.Fatalf("COMMAND %s, want %s", got, want)
	}
	if n := testing.AllocsPerRun(100, func() { write(); c.bytes() }); n != 0 {
		t.Fatalf("%v allocations a COMMAND, want none", n)
	}
}
