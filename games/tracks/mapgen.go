package tracks

import (
	"math"
	"slices"
)

// Map generation (rules §2). Every draw goes through genRand in the order
// the rules list; where the reference picks from a hash set we pick from the
// same set sorted row-major (rules §2, DECISION).

// Generator constants (reference Game.java).
const (
	minHeight        = 14
	maxHeight        = 20
	minTownDistance  = 4
	tilesPerTown     = 50
	riverSplitProba  = 0.055
	riverRatio       = 0.07
	mountainRatio    = 0.04
	minMountains     = 2
	minRiverLength   = 3
	minTowns         = 4
	townRetries      = 100
	poiSideDistance  = 3
	preferredWeight  = 1.75
	oppositeWeight   = 0.25
	maxGenerateTries = 1000
)

// genReport records what the generator did, for the property tests.
type genReport struct {
	Attempts        int   // maps started (a map with fewer than 4 towns is discarded)
	MountainCount   int   // mountains drawn
	MountainSizes   []int // cells of each mountain when made (before rivers)
	MountainDrawn   []int // the size drawn for each mountain (2..7 cells of growth)
	RiverBudget     int   // B
	RiverSources    int   // rivers started
	LateCells       int   // river cells laid once B had reached 0 (arms already running)
	ArmsAtBudgetEnd int   // arms running when B reached 0
	RiverCellsMade  int   // river cells laid, including those after B ran out
	ShortRiverCells int   // cells reset to plains by the short-river rule
}

// generate makes the map of a match from its seed.
func generate(seed int64, sideQuest bool) (*Board, genReport) {
	r := newGenRand(seed)
	var rep genReport
	for {
		rep = genReport{Attempts: rep.Attempts + 1}
		g := &mapGen{r: r, rep: &rep}
		b := g.make(sideQuest)
		if b != nil || rep.Attempts >= maxGenerateTries {
			return b, rep
		}
	}
}

// roundHalfUp is Java's Math.round for positive values.
func roundHalfUp(v float64) int { return int(math.Floor(v + 0.5)) }

type mapGen struct {
	r           genRand
	rep         *genReport
	b           *Board
	w, h        int
	freeBorders []int
	freeCoords  []int
}

func (g *mapGen) edge(c int) bool {
	x, y := g.b.xy(c)
	return x == 0 || y == 0 || x == g.w-1 || y == g.h-1
}

func (g *mapGen) make(sideQuest bool) *Board {
	g.h = g.r.IntRange(minHeight, maxHeight+1)
	g.w = roundHalfUp(1.5 * float64(g.h))
	g.b = newBoard(g.w, g.h)
	for c := range g.w * g.h {
		x, y := g.b.xy(c)
		corner := (x == 0 || x == g.w-1) && (y == 0 || y == g.h-1)
		if g.edge(c) && !corner {
			g.freeBorders = append(g.freeBorders, c)
		}
		g.freeCoords = append(g.freeCoords, c)
	}
	shuffle(g.r, g.freeBorders)
	shuffle(g.r, g.freeCoords)
	g.mountains()
	g.rivers()
	avg := g.h / 2
	g.regions(max(1, g.w*g.h/avg))
	if !g.towns(max(minTowns, g.w*g.h/tilesPerTown), avg) {
		return nil
	}
	g.connections()
	if sideQuest {
		g.pois()
	}
	g.b.finish()
	return g.b
}

func remove(s []int, v int) []int {
	if i := slices.Index(s, v); i >= 0 {
		return slices.Delete(s, i, i+1)
	}
	return s
}

// mountains follows §2.2.
func (g *mapGen) mountains() {
	n := max(minMountains, roundHalfUp(g.r.Float()*mountainRatio*float64(g.w*g.h)))
	g.rep.MountainCount = n
	b := g.b
	for range n {
		size := g.r.IntRange(2, 8)
		if len(g.freeCoords) == 0 {
			return
		}
		g.rep.MountainDrawn = append(g.rep.MountainDrawn, size)
		base := g.freeCoords[0]
		g.freeCoords = g.freeCoords[1:]
		b.Terrain[base] = Mountain
		g.freeBorders = remove(g.freeBorders, base)
		cells := []int{base}
		for range size {
			cands := g.around(cells, func(c int) bool { return b.Terrain[c] == Plains })
			if len(cands) == 0 {
				break
			}
			m := cands[g.r.IntRange(0, len(cands))]
			b.Terrain[m] = Mountain
			cells = append(cells, m)
			g.freeBorders = remove(g.freeBorders, m)
			g.freeCoords = remove(g.freeCoords, m)
		}
		g.rep.MountainSizes = append(g.rep.MountainSizes, len(cells))
	}
}

// around returns the cells 4-adjacent to any of cells that satisfy ok,
// without repeats, sorted row-major.
func (g *mapGen) around(cells []int, ok func(int) bool) []int {
	var out []int
	for _, c := range cells {
		for _, n := range g.b.adj[c] {
			if n >= 0 && ok(int(n)) && !slices.Contains(out, int(n)) {
				out = append(out, int(n))
			}
		}
	}
	slices.Sort(out)
	return out
}

type riverArm struct {
	hist []int // source .. current
	pref int   // preferred direction, -1 none
}

func (g *mapGen) riverNear(c int, ignore ...int) bool {
	x, y := g.b.xy(c)
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			nx, ny := x+dx, y+dy
			if (dx == 0 && dy == 0) || !g.b.in(nx, ny) {
				continue
			}
			n := g.b.cell(nx, ny)
			if g.b.Terrain[n] == River && !slices.Contains(ignore, n) {
				return true
			}
		}
	}
	return false
}

func (g *mapGen) preferred(c int) int {
	x, y := g.b.xy(c)
	switch {
	case x == 0:
		return East
	case y == 0:
		return South
	case x == g.w-1:
		return West
	case y == g.h-1:
		return North
	}
	return -1
}

// rivers follows §2.3.
func (g *mapGen) rivers() {
	b := g.b
	budget := roundHalfUp(riverRatio * float64(g.w*g.h))
	g.rep.RiverBudget = budget
	cx, cy := g.w/2, g.h/2
	if !g.r.Coin() {
		cy++
	}
	sources := append([]int{b.cell(cx, cy)}, g.freeBorders...)
	firstStep := true
	var finished [][]int
	water := func(c int) {
		if budget <= 0 {
			g.rep.LateCells++
		}
		b.Terrain[c] = River
		budget--
		g.rep.RiverCellsMade++
	}
	for budget > 0 && len(sources) > 0 {
		s := sources[0]
		sources = sources[1:]
		if g.riverNear(s) {
			continue
		}
		g.rep.RiverSources++
		water(s)
		queue := []riverArm{{hist: []int{s}, pref: g.preferred(s)}}
		for len(queue) > 0 {
			arm := queue[0]
			queue = queue[1:]
			if budget <= 0 && g.rep.ArmsAtBudgetEnd == 0 {
				g.rep.ArmsAtBudgetEnd = len(queue) + 1
			}
			c := arm.hist[len(arm.hist)-1]
			if g.edge(c) && len(arm.hist) > 1 {
				finished = append(finished, arm.hist)
				continue
			}
			ignore := arm.hist[max(0, len(arm.hist)-2):]
			var cands, dirs []int
			for d, n := range b.adj[c] {
				if n < 0 {
					continue
				}
				n := int(n)
				if b.Terrain[n] == River || b.Terrain[n] == Mountain {
					continue
				}
				if len(arm.hist) == 1 && g.edge(n) {
					continue
				}
				if g.riverNear(n, ignore...) {
					continue
				}
				cands, dirs = append(cands, n), append(dirs, d)
			}
			if len(cands) == 0 {
				finished = append(finished, arm.hist)
				continue
			}
			split := budget > 0 && len(cands) >= 2 && g.r.Float() <= riverSplitProba
			if firstStep {
				split = true
			}
			firstStep = false
			weights := make([]float64, len(cands))
			sum := 0.0
			for i, d := range dirs {
				weights[i] = 1
				switch {
				case arm.pref < 0:
				case d == arm.pref:
					weights[i] = preferredWeight
				case d == (arm.pref+2)%4:
					weights[i] = oppositeWeight
				}
				sum += weights[i]
			}
			t := g.r.Float() * sum
			pick, run := 0, 0.0
			for i, wgt := range weights {
				run += wgt
				if t < run {
					pick = i
					break
				}
			}
			child := func(i, pref int) {
				hist := append(append(make([]int, 0, len(arm.hist)+1), arm.hist...), cands[i])
				water(cands[i])
				queue = append(queue, riverArm{hist: hist, pref: pref})
			}
			if split {
				child(pick, dirs[pick])
			} else {
				child(pick, arm.pref)
			}
			if !split {
				continue
			}
			var others []int
			for i := range cands {
				if i != pick {
					others = append(others, i)
				}
			}
			shuffle(g.r, others)
			if len(others) > 0 {
				child(others[0], dirs[others[0]])
			}
		}
	}
	for _, h := range finished {
		if len(h) < minRiverLength {
			for _, c := range h {
				if b.Terrain[c] == River {
					g.rep.ShortRiverCells++
				}
				b.Terrain[c] = Plains
			}
		}
	}
}

// regions follows §2.4.
func (g *mapGen) regions(n int) {
	b := g.b
	cols := int(math.Ceil(math.Sqrt(float64(n))))
	rows := int(math.Ceil(float64(n) / float64(cols)))
	cellH := float64(g.h) / float64(rows)
	for i := range b.Region {
		b.Region[i] = -1
	}
	b.Regions = make([]Region, n)
	for i := range n {
		row, col := i/cols, i%cols
		cellW := float64(g.w) / float64(cols)
		if row == rows-1 && n%cols != 0 {
			cellW = float64(g.w) / float64(n%cols)
		}
		x := int((float64(col) + 0.5) * cellW)
		y := int((float64(row) + 0.5) * cellH)
		c := b.cell(x, y)
		b.Region[c] = i
		b.Regions[i] = Region{ID: i, Cells: []int{c}, Town: -1}
	}
	blocked := make([]bool, n)
	nBlocked := 0
	for id := 0; ; id = (id + 1) % n {
		if blocked[id] {
			continue
		}
		cands := g.around(b.Regions[id].Cells, func(c int) bool { return b.Region[c] < 0 })
		if len(cands) == 0 {
			blocked[id] = true
			if nBlocked++; nBlocked == n {
				break
			}
			continue
		}
		c := cands[g.r.IntRange(0, len(cands))]
		b.Region[c] = id
		b.Regions[id].Cells = append(b.Regions[id].Cells, c)
	}
	b.finish()
}

// towns follows §2.5; it reports false when fewer than 4 towns fit.
func (g *mapGen) towns(target, avg int) bool {
	b := g.b
	n := len(b.Regions)
	step := max(1, tilesPerTown/avg)
	retries := townRetries
	black := make([]bool, n)
	var towns []int // cells
	far := func(c int) bool {
		x, y := b.xy(c)
		for _, t := range towns {
			tx, ty := b.xy(t)
			if abs(x-tx)+abs(y-ty) < minTownDistance {
				return false
			}
		}
		return true
	}
	try := func(z int) bool {
		cells := slices.Clone(b.Regions[z].Cells)
		shuffle(g.r, cells)
		for _, c := range cells {
			if b.Terrain[c] == Plains && !g.edge(c) && far(c) {
				towns = append(towns, c)
				black[z] = true
				for _, o := range b.Regions[z].Neighbours {
					black[o] = true
				}
				return true
			}
		}
		return false
	}
	for i := 0; i < target; i++ {
		z := g.r.IntRange(i*step, (i+1)*step) % n
		found := !black[z] && try(z)
		if !found && retries > 0 {
			retries--
			i--
		}
	}
	// Fallback (DECISION §2.5): the remaining regions, shuffled, under the
	// same constraints.
	var avail []int
	for z := range n {
		if !black[z] {
			avail = append(avail, z)
		}
	}
	shuffle(g.r, avail)
	for missing := target - len(towns); missing > 0 && len(avail) > 0; {
		z := avail[0]
		avail = avail[1:]
		if black[z] {
			continue
		}
		try(z)
		missing--
	}
	if len(towns) < minTowns {
		return false
	}
	b.Towns = make([]Town, len(towns))
	for id, c := range towns {
		x, y := b.xy(c)
		b.Towns[id] = Town{ID: id, X: x, Y: y, Cell: c}
		b.TownAt[c] = id
		b.Regions[b.Region[c]].Town = id
	}
	return true
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// connections follows §2.6, with the repair that makes every town wanted.
func (g *mapGen) connections() {
	ts := g.b.Towns
	n := len(ts)
	for i := range ts {
		var others []int
		for j := range ts {
			if j != i {
				others = append(others, j)
			}
		}
		shuffle(g.r, others)
		lo := min(3, n-1)
		hi := max(lo, n-1-4)
		k := g.r.IntRange(lo, hi+1)
		ts[i].Desired = slices.Clone(others[:k])
		slices.Sort(ts[i].Desired)
	}
	for i := range ts {
		var kept []int
		for _, u := range ts[i].Desired {
			if !slices.Contains(ts[u].Desired, i) {
				kept = append(kept, u)
			}
		}
		ts[i].Desired = kept
	}
	incoming := func(t int) int {
		k := 0
		for u := range ts {
			if slices.Contains(ts[u].Desired, t) {
				k++
			}
		}
		return k
	}
	for t := range ts {
		if incoming(t) > 0 {
			continue
		}
		var a []int
		for u := range ts {
			if u != t && !slices.Contains(ts[t].Desired, u) {
				a = append(a, u)
			}
		}
		if len(a) > 0 {
			u := a[g.r.IntRange(0, len(a))]
			ts[u].Desired = insertSorted(ts[u].Desired, t)
			continue
		}
		var bs []int
		for _, u := range ts[t].Desired {
			if incoming(u) >= 2 {
				bs = append(bs, u)
			}
		}
		if len(bs) == 0 {
			continue // impossible for n >= 4 (rules §2.6)
		}
		u := bs[g.r.IntRange(0, len(bs))]
		ts[t].Desired = remove(ts[t].Desired, u)
		ts[u].Desired = insertSorted(ts[u].Desired, t)
	}
}

func insertSorted(s []int, v int) []int {
	i, found := slices.BinarySearch(s, v)
	if found {
		return s
	}
	return slices.Insert(s, i, v)
}

// pois follows §2.7 (side quest only).
func (g *mapGen) pois() {
	b := g.b
	n := g.r.IntRange(0, 3) + 2
	var cands []int
	for c := range b.W * b.H {
		x, y := b.xy(c)
		side := x < poiSideDistance || y < poiSideDistance || x > b.W-1-poiSideDistance || y > b.H-1-poiSideDistance
		if !side || b.Terrain[c] == River {
			continue
		}
		ok := true
		for _, t := range b.Towns {
			if abs(x-t.X)+abs(y-t.Y) < minTownDistance {
				ok = false
				break
			}
		}
		if ok {
			cands = append(cands, c)
		}
	}
	shuffle(g.r, cands)
	for i := 0; i < n && i < len(cands); i++ {
		b.Terrain[cands[i]] = POI
	}
}
