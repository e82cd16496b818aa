package tracks

import (
	"math"
	"slices"
)

// bossPlanner is a boss's planner with the plans it made. A board that has
// not changed since the last turn (the same view generation) is not
// planned again, and, with keep, a town's search is not made again while
// the board differs from the one it was made on only in cells it never
// read.
type bossPlanner struct {
	pl      planner
	keep    bool
	gen     int           // view generation of the board pl was reset on, 0 for none
	plans   []missingPlan // eachMissing's plans on that board
	planned bool          // plans holds them
	greedy  greedyChoice  // greedyPair's choice on that board
	chosen  bool          // greedy holds it

	towns       []townSearch // per town: its last search
	solid, ok   []bool       // the planner's view of the last board
	changed     []uint64     // cells whose solidity or access changed with the board
	initialised bool
}

// townSearch is a town's last search: its targets, its limit, what it
// found (found[i] for want[i], no steps when not found) and the cells it
// read; valid until the board changes in one of them.
type townSearch struct {
	valid bool
	want  []int
	limit int32
	found []missingPlan
	reads []uint64
	// stopped: the search stopped at its limit (not when it had found
	// all its targets or had nothing left to search).
	stopped bool
}

// greedyChoice is greedyPair's answer.
type greedyChoice struct {
	t, u int
	ok   bool
}

// missingPlan is the plan of a missing desired connection t→u.
type missingPlan struct {
	t, u  int
	steps []int
	cost  int
}

// on returns bp, its planner reset to board b of view generation gen
// unless it already plans on it; the towns' searches that read a cell
// whose solidity or access changed are dropped.
func (bp *bossPlanner) on(b *Board, gen int) *bossPlanner {
	if bp.gen == gen && bp.pl.b == b {
		return bp
	}
	p := &bp.pl
	p.track = bp.keep
	sameSize := bp.initialised && len(bp.solid) == b.W*b.H
	p.reset(b)
	bp.gen, bp.planned, bp.chosen = gen, false, false
	if len(bp.towns) != len(b.Towns) || !sameSize {
		bp.towns = make([]townSearch, len(b.Towns))
	}
	bp.changed = resize(bp.changed, len(p.reads))
	clear(bp.changed)
	if sameSize {
		for c := range p.solid {
			if p.solid[c] != bp.solid[c] || p.ok[c] != bp.ok[c] {
				bp.changed[c>>6] |= 1 << (c & 63)
			}
		}
		for t := range bp.towns {
			ts := &bp.towns[t]
			for w := 0; ts.valid && w < len(bp.changed); w++ {
				if ts.reads[w]&bp.changed[w] != 0 {
					ts.valid = false
					break
				}
			}
		}
	}
	bp.solid, bp.ok = append(bp.solid[:0], p.solid...), append(bp.ok[:0], p.ok...)
	bp.initialised = true
	return bp
}

// search returns the plans from town to the towns of want (x, y pairs in
// to), found[i] for want[i], those costing more than limit or without a
// plan without steps: the town's last search when it still holds. stopped
// tells whether the search stopped at limit (true too when a search with a
// higher limit is reused: it may have).
func (bp *bossPlanner) search(town Town, to, want []int, limit int32) (found []missingPlan, stopped bool) {
	ts := &bp.towns[town.ID]
	if ts.valid && ts.limit >= limit && slices.Equal(ts.want, want) {
		return ts.found, ts.stopped || ts.limit > limit
	}
	p := &bp.pl
	found = append(ts.found[:0], make([]missingPlan, len(want))...)
	p.planAll(town.X, town.Y, to, limit, func(i int, steps []int, cost int) {
		found[i] = missingPlan{town.ID, want[i], steps, cost}
	})
	*ts = townSearch{valid: bp.keep && !p.wide, want: append(ts.want[:0], want...), limit: limit,
		found: found, reads: append(ts.reads[:0], p.reads...), stopped: p.stopped}
	return found, p.stopped
}

// eachMissing calls f with the plan of every desired connection T→U that
// is not active, towns in id order and each town's desired towns in id
// order, skipping the pairs the planner cannot join. The plans are made
// once per board.
func eachMissing(v *view, bp *bossPlanner, f func(t, u int, steps []int, cost int)) {
	if !bp.planned {
		bp.plans, bp.planned = planMissing(v, bp, bp.plans[:0]), true
	}
	for _, m := range bp.plans {
		f(m.t, m.u, m.steps, m.cost)
	}
}

// planMissing appends to plans the plans of eachMissing.
func planMissing(v *view, bp *bossPlanner, plans []missingPlan) []missingPlan {
	var to, want []int
	for _, town := range v.b.Towns {
		// One search from the town plans all its missing connections.
		to, want = missingOf(v, town, to, want)
		if len(want) == 0 {
			continue
		}
		found, _ := bp.search(town, to, want, math.MaxInt32)
		for _, m := range found {
			if len(m.steps) > 0 {
				plans = append(plans, m)
			}
		}
	}
	return plans
}

// greedyPair returns the missing desired connection T→U whose plan is the
// cheapest (ties: lower T, then lower U), or ok=false: the first cheapest
// of eachMissing's order, chosen once per board.
func greedyPair(v *view, bp *bossPlanner) (t, u int, ok bool) {
	if !bp.chosen {
		bp.greedy, bp.chosen = cheapestMissing(v, bp), true
	}
	return bp.greedy.t, bp.greedy.u, bp.greedy.ok
}

// cheapestMissing finds greedyPair's choice. A town's search only looks
// for plans cheaper than the cheapest of the towns before it (a plan
// found at the same cost would lose the tie): planAll's limit. The first
// towns' searches are bounded too, by a limit that doubles until a plan
// is found, so that a town whose desired towns are far is not searched
// whole when another town has a cheap plan. A search made with a higher
// limit found the same plans up to this one's.
func cheapestMissing(v *view, bp *bossPlanner) greedyChoice {
	for limit := 8; ; limit *= 2 {
		choice, more := cheapestWithin(v, bp, limit)
		if choice.ok || !more {
			return choice
		}
	}
}

// cheapestWithin returns greedyPair's choice among the plans costing at
// most limit; more tells whether a search stopped at the limit (a plan
// costing more may exist).
func cheapestWithin(v *view, bp *bossPlanner, limit int) (choice greedyChoice, more bool) {
	var to, want []int
	best := limit + 1
	if limit >= math.MaxInt32/2 {
		best = math.MaxInt32
	}
	for _, town := range v.b.Towns {
		to, want = missingOf(v, town, to, want)
		if len(want) == 0 {
			continue
		}
		// Among the town's cheapest plans, the one of the lowest desired
		// index wins.
		townBest, townU := 0, -1
		found, stopped := bp.search(town, to, want, int32(best-1))
		more = more || stopped
		for i, m := range found {
			if len(m.steps) == 0 || m.cost > best-1 {
				continue
			}
			if townU < 0 || m.cost < townBest {
				townBest, townU = m.cost, i
			}
		}
		if townU >= 0 && townBest < best {
			best, choice = townBest, greedyChoice{town.ID, want[townU], true}
		}
	}
	return choice, more
}
