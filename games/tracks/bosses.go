package tracks

import (
	"math/rand/v2"
	"strconv"
)

// The bosses of leagues 3 to 5 (rules §5). They plan with the game's own
// AUTOPLACE planner on the board rebuilt from their input.

// missingOf returns in to (x, y pairs) and want (town ids) the desired
// connections of town that are not active, in the order of its desired
// towns, in the memory of to and want.
func missingOf(v *view, town Town, to, want []int) ([]int, []int) {
	to, want = to[:0], want[:0]
	for _, d := range town.Desired {
		if !v.active(town.ID, d) {
			u := v.b.Towns[d]
			to, want = append(to, u.X, u.Y), append(want, d)
		}
	}
	return to, want
}

// greedyMove is the league 3 boss (Greedy connector).
func greedyMove(v *view, _ *rand.Rand) []string {
	if t, u, ok := greedyPair(v, v.planner()); ok {
		return []string{autoplace(v, t, u)}
	}
	return nil
}

// advantage returns, per region, E(R) of rules §5: the opponent's tracks
// on active paths in R minus the bot's own tracks on active paths in R;
// regions that are inked or hold a town cannot be disrupted (ok false).
// The slices are the view's, computed once per board.
func advantage(v *view) (e []int, ok []bool) {
	if v.advGen == v.gen {
		return v.adv, v.advOK
	}
	b := v.b
	e, ok = resize(v.adv, len(b.Regions)), resize(v.advOK, len(b.Regions))
	v.adv, v.advOK, v.advGen = e, ok, v.gen
	clear(e)
	for id, reg := range b.Regions {
		ok[id] = !reg.Inked && reg.Town < 0
	}
	for c, o := range b.Track {
		if v.conns[c] == "x" || o == NoTrack || o == Neutral {
			continue
		}
		if int(o) == v.me {
			e[b.Region[c]]--
		} else {
			e[b.Region[c]]++
		}
	}
	return e, ok
}

// bestDisrupt returns the eligible region with the highest E that passes
// keep (ties: higher instability, then lower id), or -1.
func bestDisrupt(v *view, keep func(id, e int) bool) int {
	e, ok := advantage(v)
	best := -1
	for id := range e {
		if !ok[id] || !keep(id, e[id]) {
			continue
		}
		if best < 0 || e[id] > e[best] ||
			(e[id] == e[best] && v.b.Regions[id].Instability > v.b.Regions[best].Instability) {
			best = id
		}
	}
	return best
}

// saboteurMove is the league 4 boss: the greedy connector, plus a DISRUPT
// of the region where the opponent has the biggest advantage on active
// paths, when it is positive.
func saboteurMove(v *view, rng *rand.Rand) []string {
	acts := greedyMove(v, rng)
	if r := bestDisrupt(v, func(_, e int) bool { return e > 0 }); r >= 0 {
		acts = append(acts, "DISRUPT "+strconv.Itoa(r))
	}
	return acts
}

// inkThresholdGuess infers the ink threshold, which the input does not
// give: the seed's 3, unless a region without a town stands at that level
// uninked (then the threshold is above it: the reference's 4, or more).
func inkThresholdGuess(v *view) int {
	thr := seedInkLevel
	for _, reg := range v.b.Regions {
		if !reg.Inked && reg.Town < 0 && reg.Instability >= thr {
			thr = reg.Instability + 1
		}
	}
	return thr
}

// plannerMove is the league 5 boss (Planner). It values each missing
// desired connection as (new tracks of the plan × turns left) / turns of
// paint the plan needs, never builds in a region one disruption away from
// inking, and builds the plan's first steps itself (so that the engine's
// own AUTOPLACE cannot route through those regions). It disrupts a region
// one step from inking where the opponent has any advantage, otherwise a
// region where the opponent's advantage is at least 2.
func plannerMove(v *view, _ *rand.Rand) []string {
	b := v.b
	thr := inkThresholdGuess(v)
	if v.safePl.gen != v.gen {
		// The board without the regions one disruption from inking.
		safe := v.safeBoard()
		for id := range safe.Regions {
			if reg := &safe.Regions[id]; reg.Town < 0 && reg.Instability >= thr-1 {
				reg.Inked = true
			}
		}
		v.safePl.on(safe, v.gen)
	}
	pl := &v.safePl
	turnsLeft := maxTurns - v.turn + 1
	var plan []int
	bestValue := -1.0
	eachMissing(v, pl, func(_, _ int, steps []int, cost int) {
		value := float64(len(steps)*turnsLeft) / float64(max(1, (cost+paintIncome-1)/paintIncome))
		if value > bestValue {
			bestValue, plan = value, steps
		}
	})
	var acts []string
	paint := paintIncome
	for _, c := range plan {
		cost := b.Terrain[c].Cost()
		if cost > paint {
			break
		}
		paint -= cost
		x, y := b.xy(c)
		acts = append(acts, "PLACE_TRACKS "+strconv.Itoa(x)+" "+strconv.Itoa(y))
	}
	r := bestDisrupt(v, func(id, e int) bool { return e >= 1 && b.Regions[id].Instability == thr-1 })
	if r < 0 {
		r = bestDisrupt(v, func(_, e int) bool { return e >= 2 })
	}
	if r >= 0 {
		acts = append(acts, "DISRUPT "+strconv.Itoa(r))
	}
	return acts
}

// planner returns the bot's planner on the board of this turn. It keeps
// the towns' searches: about one in nine outlives its board in the greedy
// bosses' games. The planner boss's safe board changes in nearly every
// search's cells (the networks' frontiers, the regions turning unsafe):
// its planner keeps none (3 in 1500), which spares it the recording.
func (v *view) planner() *bossPlanner {
	v.pl.keep = true
	return v.pl.on(v.b, v.gen)
}

// safeBoard returns a copy of this turn's board (b.clone), in the memory
// of the last turn's copy.
func (v *view) safeBoard() *Board {
	if v.safe == nil {
		v.safe = v.b.clone()
		return v.safe
	}
	tr, rg := v.safe.Track, v.safe.Regions
	*v.safe = *v.b
	v.safe.Track = append(tr[:0], v.b.Track...)
	v.safe.Regions = append(rg[:0], v.b.Regions...)
	return v.safe
}
