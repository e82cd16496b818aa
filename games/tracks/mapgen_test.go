package tracks

import (
	"slices"
	"testing"
)

// TestGeneratorProperties checks the generator's guarantees (rules §2 and
// checklist 50) over 1,000 seeds.
func TestGeneratorProperties(t *testing.T) {
	for seed := int64(0); seed < 1000; seed++ {
		b, rep := generate(seed, true)
		if b == nil {
			t.Fatalf("seed %d: no map", seed)
		}
		if err := checkMap(b, rep, true); err != "" {
			t.Fatalf("seed %d: %s", seed, err)
		}
	}
}

func TestGeneratorWithoutSideQuest(t *testing.T) {
	for seed := int64(0); seed < 200; seed++ {
		b, rep := generate(seed, false)
		if err := checkMap(b, rep, false); err != "" {
			t.Fatalf("seed %d: %s", seed, err)
		}
		for _, ter := range b.Terrain {
			if ter == POI {
				t.Fatalf("seed %d: a point of interest without the side quest", seed)
			}
		}
	}
}

func TestGeneratorDeterministic(t *testing.T) {
	for _, seed := range []int64{0, 1, -5, 1 << 40} {
		a, _ := generate(seed, true)
		b, _ := generate(seed, true)
		if string(encodeInit(a)) != string(encodeInit(b)) {
			t.Fatalf("seed %d: two different maps", seed)
		}
	}
	a, _ := generate(1, true)
	b, _ := generate(2, true)
	if string(encodeInit(a)) == string(encodeInit(b)) {
		t.Fatalf("seeds 1 and 2 give the same map")
	}
}

func TestGeneratorSizesCovered(t *testing.T) {
	seen := map[int]bool{}
	for seed := int64(0); seed < 300; seed++ {
		b, _ := generate(seed, true)
		seen[b.H] = true
	}
	for h := minHeight; h <= maxHeight; h++ {
		if !seen[h] {
			t.Errorf("height %d never drawn in 300 seeds", h)
		}
	}
}

// checkMap returns what is wrong with a generated map, or "".
func checkMap(b *Board, rep genReport, sideQuest bool) string {
	if b.H < minHeight || b.H > maxHeight {
		return "height out of range"
	}
	if b.W != (3*b.H+1)/2 {
		return "width is not round(1.5 h)"
	}
	area := b.W * b.H
	avg := b.H / 2
	if len(b.Regions) != area/avg {
		return "region count is not wh/avg"
	}
	// Mountains (§2.2).
	limit := max(minMountains, roundHalfUp(mountainRatio*float64(area)))
	if rep.MountainCount < minMountains || rep.MountainCount > limit {
		return "mountain count out of its budget"
	}
	for i, s := range rep.MountainSizes {
		// A mountain grows by its drawn size (2..7 cells around its base)
		// unless it is walled in.
		if d := rep.MountainDrawn[i]; d < 2 || d > 7 || s < 1 || s > d+1 {
			return "a mountain larger than its base and its drawn growth"
		}
	}
	// Rivers (§2.3): cells laid while the budget lasted never exceed it;
	// once it is spent only the running arms continue.
	if rep.RiverBudget != roundHalfUp(riverRatio*float64(area)) {
		return "river budget is not round(0.07 wh)"
	}
	early := rep.RiverCellsMade - rep.LateCells
	if early > rep.RiverBudget || (rep.LateCells > 0 && early != rep.RiverBudget) {
		return "river cells beyond the budget"
	}
	if rep.LateCells > 0 && rep.ArmsAtBudgetEnd == 0 {
		return "river cells after the budget without a running arm"
	}
	rivers := 0
	for _, ter := range b.Terrain {
		if ter == River {
			rivers++
		}
	}
	if rivers > rep.RiverCellsMade-rep.ShortRiverCells {
		return "more river cells than laid"
	}
	// Regions (§2.4): every cell in one region, every region 4-connected.
	counted := 0
	for id, reg := range b.Regions {
		counted += len(reg.Cells)
		for _, c := range reg.Cells {
			if b.Region[c] != id {
				return "a region lists a cell of another region"
			}
		}
		if !connected(b, reg.Cells) {
			return "a region is not 4-connected"
		}
	}
	if counted != area {
		return "regions do not partition the grid"
	}
	// Towns (§2.5).
	n := len(b.Towns)
	if n < minTowns || n > max(minTowns, area/tilesPerTown) {
		return "town count out of range"
	}
	for i, t := range b.Towns {
		if t.ID != i || b.TownAt[t.Cell] != i || t.Cell != b.cell(t.X, t.Y) {
			return "town ids or cells inconsistent"
		}
		if b.Terrain[t.Cell] != Plains {
			return "a town off the plains"
		}
		if t.X == 0 || t.Y == 0 || t.X == b.W-1 || t.Y == b.H-1 {
			return "a town on the edge"
		}
		for _, u := range b.Towns[:i] {
			if abs(t.X-u.X)+abs(t.Y-u.Y) < minTownDistance {
				return "two towns closer than 4"
			}
			rt, ru := b.Region[t.Cell], b.Region[u.Cell]
			if rt == ru {
				return "two towns in one region"
			}
			if slices.Contains(b.Regions[rt].Neighbours, ru) {
				return "towns in neighbouring regions"
			}
		}
		if b.Regions[b.Region[t.Cell]].Town != i {
			return "region does not know its town"
		}
	}
	// Desired connections (§2.6).
	wanted := make([]int, n)
	for _, t := range b.Towns {
		if !slices.IsSorted(t.Desired) {
			return "desired list not sorted"
		}
		for k, u := range t.Desired {
			if u == t.ID || u < 0 || u >= n || (k > 0 && t.Desired[k-1] == u) {
				return "bad desired town"
			}
			if slices.Contains(b.Towns[u].Desired, t.ID) {
				return "mutual desire"
			}
			wanted[u]++
		}
	}
	for _, w := range wanted {
		if w == 0 {
			return "a town nobody wants"
		}
	}
	// Points of interest (§2.7).
	pois := 0
	for c, ter := range b.Terrain {
		if ter != POI {
			continue
		}
		pois++
		x, y := b.xy(c)
		if !(x < 3 || y < 3 || x > b.W-4 || y > b.H-4) {
			return "a POI far from the sides"
		}
		for _, t := range b.Towns {
			if abs(x-t.X)+abs(y-t.Y) < minTownDistance {
				return "a POI near a town"
			}
		}
	}
	if sideQuest && (pois < 2 || pois > 4) {
		return "POI count outside 2..4"
	}
	return ""
}

func connected(b *Board, cells []int) bool {
	if len(cells) == 0 {
		return false
	}
	in := map[int]bool{}
	for _, c := range cells {
		in[c] = true
	}
	seen := map[int]bool{cells[0]: true}
	q := []int{cells[0]}
	for len(q) > 0 {
		c := q[0]
		q = q[1:]
		for _, n := range b.adj[c] {
			if n >= 0 && in[int(n)] && !seen[int(n)] {
				seen[int(n)] = true
				q = append(q, int(n))
			}
		}
	}
	return len(seen) == len(cells)
}

// TestRegionSeedsDistinct: the seed cells of §2.4 never collide for the
// sizes the generator draws (the reference would share such a cell).
func TestRegionSeedsDistinct(t *testing.T) {
	for h := minHeight; h <= maxHeight; h++ {
		w := roundHalfUp(1.5 * float64(h))
		g := &mapGen{r: newGenRand(1), rep: &genReport{}, b: newBoard(w, h), w: w, h: h}
		g.regions(w * h / (h / 2))
		for id, reg := range g.b.Regions {
			if g.b.Region[reg.Cells[0]] != id {
				t.Errorf("h=%d: the seed of region %d belongs to region %d", h, id, g.b.Region[reg.Cells[0]])
			}
		}
	}
}
