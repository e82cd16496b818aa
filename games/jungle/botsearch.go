package jungle

import "math/bits"

// The builtins' searches over a view: the nearest goal of a unit (nearest,
// a breadth-first search, a whole row of tiles at a time on maps that fit
// a word, tile by tile on wider ones) and the spawn tile nearest to the
// goals (spawnNear).

// nearest is a breadth-first search from a unit's tile over the tiles it
// may step on. A goal is a tile with one of the bits of want and none of
// avoid; it returns the nearest goal tile other than the start (ties: the
// first in column-major order), found when a goal is. It stops once every
// tile as near as that goal is reached; when it finds none it has reached
// every tile it can, and reached tells which until the next search.
func (v *view) nearest(from Pos, spawnOK, carrier bool, want, avoid cell) (best Pos, found bool) {
	block := blocking(spawnOK, carrier)
	if v.rows != nil {
		return v.nearestRows(from, block, want, avoid)
	}
	return v.nearestTiles(from, block, want, avoid)
}

// reached says whether the last nearest, when it found no goal, reached
// tile p (its start aside).
func (v *view) reached(p Pos) bool {
	if !v.in(p) {
		return false
	}
	if v.rows != nil {
		rs := &v.sc.search
		if rs.ok && rs.lazy {
			v.fillReached()
		}
		return rs.ok && p != rs.from && rs.seen[p.Y]>>p.X&1 != 0
	}
	return v.sc.dist[v.cell(p)] > 0
}

// rowSearch is nearestRows' memory. Its rows have a zero row above and
// below the map, so that a row's neighbours need no check.
type rowSearch struct {
	ok bool // seen is the last search's, from from
	// lazy: the last search found no goal, and seen is yet to be filled
	// with what it reached (fillReached), from free for block.
	lazy             bool
	block            cell
	from             Pos
	free, goal, seen []uint64 // per map row (free is freeRows')
	spawnFree        []uint64 // spawnNearRows' free tiles, per map row
	frontier, ahead  []uint64 // per map row, with the two zero rows
}

// row is what tiles of row y have one of the bits of m.
func (v *view) row(m cell, y int) uint64 {
	var r uint64
	for ; m != 0; m &= m - 1 {
		r |= v.rows[bits.TrailingZeros8(uint8(m))][y]
	}
	return r
}

// nearestRows is nearest one distance at a time: the tiles at distance
// k+1 are the free tiles next to those at distance k not seen before,
// found for a whole row at once.
func (v *view) nearestRows(from Pos, block, want, avoid cell) (best Pos, found bool) {
	rs := &v.sc.search
	h := v.h
	rs.ok, rs.lazy, rs.from = false, false, from
	rs.free = v.freeRows(block)
	rs.goal, rs.seen = resize(rs.goal, h), resize(rs.seen, h)
	rs.frontier, rs.ahead = resize(rs.frontier, h+2), resize(rs.ahead, h+2)
	clear(rs.seen)
	clear(rs.frontier)
	clear(rs.ahead)
	if !v.in(from) {
		return best, false
	}
	rs.ok = true
	goal := rs.goal[:h]
	clear(goal)
	for m := want; m != 0; m &= m - 1 {
		for y, r := range v.rows[bits.TrailingZeros8(uint8(m))][:h] {
			goal[y] |= r
		}
	}
	for m := avoid; m != 0; m &= m - 1 {
		for y, r := range v.rows[bits.TrailingZeros8(uint8(m))][:h] {
			goal[y] &^= r
		}
	}
	free, seen := rs.free, rs.seen
	seen[from.Y] = 1 << from.X
	var goals uint64
	for y := range h {
		goals |= goal[y] & free[y]
	}
	if goals == 0 {
		// No goal anywhere (late in a game, every diamond is held): what
		// the search would reach is the start and the parts of the map
		// its free neighbours lie in, found when reached first asks.
		rs.lazy, rs.block = true, block
		return best, false
	}
	if !v.reachesGoal(from, block, free, goal) {
		// The goals lie where the search cannot go: it would reach
		// every tile it can before it gave up, the same tiles as above.
		rs.lazy, rs.block = true, block
		return best, false
	}
	cur, next := rs.frontier, rs.ahead
	cur[from.Y+1] = 1 << from.X
	// The frontier's rows are lo to hi; every other row of cur and next
	// is zero.
	lo, hi := from.Y, from.Y
	for {
		var hit uint64
		nlo, nhi := h, -1
		for y, end := max(lo-1, 0), min(hi+1, h-1); y <= end; y++ {
			f := cur[y+1]
			n := (f<<1 | f>>1 | cur[y] | cur[y+2]) & free[y] &^ seen[y]
			if n == 0 {
				continue
			}
			next[y+1] = n
			seen[y] |= n
			hit |= n & goal[y]
			if nhi < 0 {
				nlo = y
			}
			nhi = y
		}
		if hit != 0 {
			// The first goal in column-major order: the lowest column,
			// then in it the lowest row.
			bx := rowsMaxW
			for y := nlo; y <= nhi; y++ {
				if g := next[y+1] & goal[y]; g != 0 {
					if x := bits.TrailingZeros64(g); x < bx {
						best, bx = Pos{x, y}, x
					}
				}
			}
			return best, true
		}
		if nhi < 0 {
			return best, false
		}
		for y := lo + 1; y <= hi+1; y++ {
			cur[y] = 0 // a few rows: quicker than clear's call
		}
		cur, next, lo, hi = next, cur, nlo, nhi
	}
}

// reachesGoal says whether a tile of goal other than from lies in a part
// of the map (of the tiles free for block) that holds a free neighbour of
// from: whether nearestRows' search from there finds one. The parts are
// kept for the view's other searches (component), so that a search with
// no goal in reach, the most costly, costs the parts' few sweeps once.
func (v *view) reachesGoal(from Pos, block cell, free, goal []uint64) bool {
	for _, q := range from.neighbours() {
		if !v.in(q) || free[q.Y]>>q.X&1 == 0 {
			continue
		}
		for y, r := range v.component(block, free, q) {
			g := goal[y]
			if y == from.Y {
				g &^= 1 << from.X
			}
			if r&g != 0 {
				return true
			}
		}
	}
	return false
}

// freeRows is, per map row, the tiles free for block; kept for the view's
// other searches, as nothing a view's searches mark (cTaken) blocks.
func (v *view) freeRows(block cell) []uint64 {
	sc := v.sc
	for _, f := range sc.frees {
		if f.block == block {
			return f.rows
		}
	}
	var rows []uint64
	if len(sc.frees) < cap(sc.frees) {
		rows = sc.frees[:len(sc.frees)+1][len(sc.frees)].rows
	}
	rows = resize(rows, v.h)
	inside := ^uint64(0) >> (rowsMaxW - v.w) // the map's columns
	for y := range rows {
		rows[y] = inside &^ v.row(block, y)
	}
	sc.frees = append(sc.frees, viewComps{block: block, rows: rows})
	return rows
}

// fillReached completes a search that found no goal: it reached the
// start and the parts of the map in which its free neighbours lie (the
// start's own part, were it free, holds them or only the start).
func (v *view) fillReached() {
	rs := &v.sc.search
	rs.lazy = false
	free, seen := rs.free, rs.seen
	for _, q := range rs.from.neighbours() {
		if !v.in(q) || free[q.Y]>>q.X&1 == 0 {
			continue
		}
		for y, r := range v.component(rs.block, free, q) {
			seen[y] |= r
		}
	}
}

// component is the part of the map in which the tiles free for block
// connect that holds tile q (free), as rows (h words), kept for the view's
// other searches with the same block.
func (v *view) component(block cell, free []uint64, q Pos) []uint64 {
	sc, h := v.sc, v.h
	for _, c := range sc.comps {
		if c.block == block && c.rows[q.Y]>>q.X&1 != 0 {
			return c.rows
		}
	}
	var comp []uint64
	if len(sc.comps) < cap(sc.comps) {
		comp = sc.comps[:len(sc.comps)+1][len(sc.comps)].rows
	}
	comp = resize(comp, h)
	clear(comp)
	free = free[:h]
	comp[q.Y] = fillRuns(1<<q.X, free[q.Y])
	// Every row of comp is whole runs of free tiles; sweeps down and up
	// add the runs that touch the rows next to them, until an up sweep
	// adds none: after a down sweep no row gains from the row above it,
	// so an up sweep that changes nothing leaves nothing to add.
	for grew := true; grew; {
		for y := 1; y < h; y++ {
			if n := comp[y-1] & free[y] &^ comp[y]; n != 0 {
				comp[y] = fillRuns(comp[y]|n, free[y])
			}
		}
		grew = false
		for y := h - 2; y >= 0; y-- {
			if n := comp[y+1] & free[y] &^ comp[y]; n != 0 {
				comp[y] = fillRuns(comp[y]|n, free[y])
				grew = true
			}
		}
	}
	sc.comps = append(sc.comps, viewComps{block: block, rows: comp})
	return comp
}

// fillRuns is the runs of consecutive bits of m that hold a bit of x (a
// subset of m): one row's tiles that connect to x's along the row.
func fillRuns(x, m uint64) uint64 {
	// Up (towards the high bits): the carry of m+x runs from a run's
	// lowest bit of x to the run's end (flipping its other bits of x,
	// which the spread down holds).
	up := ((m + x) ^ m) & m
	// Down: x spread a distance of 1, 2, 4... more, through bits of m.
	g, p := x, m
	g |= p & (g >> 1)
	p &= p >> 1
	g |= p & (g >> 2)
	p &= p >> 2
	g |= p & (g >> 4)
	p &= p >> 4
	g |= p & (g >> 8)
	p &= p >> 8
	g |= p & (g >> 16)
	p &= p >> 16
	g |= p & (g >> 32)
	return up | g
}

// nearestTiles is nearest one tile at a time, for maps wider than a word.
func (v *view) nearestTiles(from Pos, block, want, avoid cell) (best Pos, found bool) {
	d := resize(v.sc.dist, len(v.cells))
	v.sc.dist = d
	for i := range d {
		d[i] = -1
	}
	if !v.in(from) {
		return best, false
	}
	cells := v.cells
	steps := [4]int{-v.stride, v.stride, -1, 1} // up, down, left, right
	start := v.cell(from)
	d[start] = 0
	queue := append(v.sc.queue[:0], int32(start))
	stop := int32(-1) // the distance of the nearest goal tile found
	for k := 0; k < len(queue); k++ {
		i := int(queue[k])
		next := d[i] + 1
		if stop >= 0 && next > stop {
			break // every tile at distance stop has been reached
		}
		for _, s := range steps {
			j := i + s
			c := cells[j]
			if c&block != 0 || d[j] >= 0 {
				continue
			}
			d[j] = next
			queue = append(queue, int32(j))
			if c&want != 0 && c&avoid == 0 {
				stop = next
				q := Pos{j%v.stride - 1, j/v.stride - 1}
				if !found || q.X < best.X || q.X == best.X && q.Y < best.Y {
					best, found = q, true
				}
			}
		}
	}
	v.sc.queue = queue[:0]
	return best, found
}

// spawnNear picks the free spawn tile closest (through any non-wall tile)
// to one of the goals, not taken by a teammate; ties go to the first in
// column-major order, and when none is reached the first such tile is.
func (v *view) spawnNear(goals []Pos) (Pos, bool) {
	if v.rows != nil {
		return v.spawnNearRows(goals)
	}
	return v.spawnNearTiles(goals)
}

// spawnNearRows is spawnNear one distance at a time, a row at once.
func (v *view) spawnNearRows(goals []Pos) (Pos, bool) {
	rs := &v.sc.search
	h := v.h
	rs.ok, rs.lazy = false, false // reached is nearest's
	rs.spawnFree, rs.goal, rs.seen = resize(rs.spawnFree, h), resize(rs.goal, h), resize(rs.seen, h)
	rs.frontier, rs.ahead = resize(rs.frontier, h+2), resize(rs.ahead, h+2)
	clear(rs.frontier)
	clear(rs.ahead)
	inside := ^uint64(0) >> (rowsMaxW - v.w)
	free, cands, seen := rs.spawnFree, rs.goal, rs.seen
	cur, next := rs.frontier, rs.ahead
	for y := range h {
		free[y] = inside &^ v.row(cWall, y)
		cands[y] = v.row(cSpawn, y) &^ v.row(cUnit|cTaken, y) & v.sc.exitRows[y]
		seen[y] = 0
	}
	for _, g := range goals {
		if v.in(g) {
			cur[g.Y+1] |= 1 << g.X
			seen[g.Y] |= 1 << g.X
		}
	}
	for {
		var hit, any uint64
		for y := range h {
			hit |= cur[y+1] & cands[y]
			any |= cur[y+1]
		}
		if hit != 0 || any == 0 {
			// The first candidate in column-major order among the
			// nearest, or among all when none is reached.
			best, bx := Pos{}, rowsMaxW
			for y := range h {
				c := cands[y]
				if hit != 0 {
					c &= cur[y+1]
				}
				if x := bits.TrailingZeros64(c); c != 0 && x < bx {
					best, bx = Pos{x, y}, x
				}
			}
			return best, bx < rowsMaxW
		}
		for y := range h {
			f := cur[y+1]
			n := (f<<1 | f>>1 | cur[y] | cur[y+2]) & free[y] &^ seen[y]
			next[y+1] = n
			seen[y] |= n
		}
		cur, next = next, cur
	}
}

// spawnNearTiles is spawnNear one tile at a time, for maps wider than a
// word.
func (v *view) spawnNearTiles(goals []Pos) (Pos, bool) {
	d := resize(v.sc.spawnD, len(v.cells))
	v.sc.spawnD = d
	for i := range d {
		d[i] = -1
	}
	queue := v.sc.queue[:0]
	for _, g := range goals {
		if v.in(g) && d[v.cell(g)] < 0 {
			d[v.cell(g)] = 0
			queue = append(queue, int32(v.cell(g)))
		}
	}
	steps := [4]int{-v.stride, v.stride, -1, 1}
	for k := 0; k < len(queue); k++ {
		i := int(queue[k])
		for _, s := range steps {
			if j := i + s; v.cells[j]&cWall == 0 && d[j] < 0 {
				d[j] = d[i] + 1
				queue = append(queue, int32(j))
			}
		}
	}
	v.sc.queue = queue[:0]
	best, bestD, found := Pos{}, int32(-1), false
	for x := 0; x < v.w; x++ {
		for y := 0; y < v.h; y++ {
			p := Pos{x, y}
			if v.at(p)&(cSpawn|cUnit|cTaken) != cSpawn || !v.hasExit(p) {
				continue
			}
			if dp := d[v.cell(p)]; !found || (dp >= 0 && (bestD < 0 || dp < bestD)) {
				best, bestD, found = p, dp, true
			}
		}
	}
	return best, found
}

// hasExit: from spawn tile p some EMPTY tile can be reached over non-wall
// tiles (units aside): the spawn is not a closed room.
func (v *view) hasExit(p Pos) bool { return v.sc.exits[v.idx(p)] }

// exitsMap computes hasExit for every tile.
func (v *view) exitsMap() []bool {
	exits := make([]bool, v.w*v.h)
	comp := make([]int, v.w*v.h)
	n := 0
	for i := range v.tiles {
		if v.tiles[i] == Wall || comp[i] != 0 {
			continue
		}
		n++
		members := []int{i}
		comp[i] = n
		empty := false
		for k := 0; k < len(members); k++ {
			q := Pos{members[k] % v.w, members[k] / v.w}
			empty = empty || v.tiles[members[k]] == Empty
			for _, r := range q.neighbours() {
				if v.in(r) && v.tile(r) != Wall && comp[v.idx(r)] == 0 {
					comp[v.idx(r)] = n
					members = append(members, v.idx(r))
				}
			}
		}
		for _, m := range members {
			exits[m] = empty
		}
	}
	return exits
}
