package ants

import (
	"cmp"
	"math"
	"slices"
)

// Allocation sends Count ants from cell Ant toward the beacon on cell Beacon.
type Allocation struct{ Ant, Beacon, Count int }

// Move is Count ants of Player stepping from one cell to a neighbour.
type Move struct {
	Player int `json:"player"`
	From   int `json:"from"`
	To     int `json:"to"`
	Count  int `json:"count"`
}

// Allocate splits a player's ants between its beacons (reference:
// AntAllocater). Each beacon gets a share proportional to its strength,
// computed in float64 exactly as the reference does (the rounding matters),
// then ants are handed out nearest first: pass 1 up to each beacon's floor
// share, pass 2 up to its ceiling. With no beacon, nothing moves.
func Allocate(b *Board, ants, beacons []int) []Allocation {
	var antCells, beaconCells []int
	var sumAnts, sumBeacons int64
	for c := range ants {
		if ants[c] > 0 {
			antCells = append(antCells, c)
			sumAnts += int64(ants[c])
		}
		if beacons[c] > 0 {
			beaconCells = append(beaconCells, c)
			sumBeacons += int64(beacons[c])
		}
	}
	if len(beaconCells) == 0 || len(antCells) == 0 {
		return nil
	}
	n := len(ants)
	scratch := make([]int64, 3*n)
	rem, limit, wiggle := scratch[:n], scratch[n:2*n], scratch[2*n:]
	for _, a := range antCells {
		rem[a] = int64(ants[a])
	}
	scale := float64(sumAnts) / float64(sumBeacons)
	for _, c := range beaconCells {
		v := float64(beacons[c]) * scale
		lo := int64(math.Trunc(v))
		hi := int64(math.Ceil(v))
		limit[c] = max(1, lo)
		wiggle[c] = hi - limit[c]
	}
	type pair struct{ a, b, d int }
	pairs := make([]pair, 0, len(antCells)*len(beaconCells))
	for _, a := range antCells {
		for _, c := range beaconCells {
			pairs = append(pairs, pair{a, c, b.Dist(a, c)})
		}
	}
	slices.SortFunc(pairs, func(x, y pair) int {
		if c := cmp.Compare(x.d, y.d); c != 0 {
			return c
		}
		if c := cmp.Compare(x.a, y.a); c != 0 {
			return c
		}
		return cmp.Compare(x.b, y.b)
	})
	var out []Allocation
	for _, p := range pairs {
		if m := min(rem[p.a], limit[p.b]); m > 0 {
			out = append(out, Allocation{p.a, p.b, int(m)})
			rem[p.a] -= m
			limit[p.b] -= m
		}
	}
	// The stragglers: ants left over once every beacon had its floor share.
	for _, p := range pairs {
		if rem[p.a] == 0 {
			continue
		}
		if m := min(rem[p.a], limit[p.b]+wiggle[p.b]); m > 0 {
			out = append(out, Allocation{p.a, p.b, int(m)})
			rem[p.a] -= m
			limit[p.b] -= m - wiggle[p.b]
			wiggle[p.b] = 0
		}
	}
	return out
}

// FirstStep is the cell an ant on a takes toward b (a != b): the first step
// of the reference's breadth-first search from a, which visits neighbours
// by the key (most own ants, strongest own beacon, lowest index).
//
// In a breadth-first search the cells of each depth are queued grouped by
// their depth-1 ancestor, in the order those ancestors were queued; so the
// first step toward b is the first neighbour of a, in key order, that lies
// on a shortest path to b. This avoids a search per allocation.
func FirstStep(b *Board, ants, beacons []int, a, to int) int {
	want := b.Dist(a, to) - 1
	best := -1
	for _, n := range b.byIndex[a] {
		if b.Dist(n, to) != want {
			continue
		}
		if best < 0 || ants[n] > ants[best] || (ants[n] == ants[best] && beacons[n] > beacons[best]) {
			best = n // byIndex is ascending, so ties keep the lowest index
		}
	}
	return best
}

// MoveAnts computes the moves of one player for this turn: every
// allocation away from its own cell takes one step, and steps with the same
// ends are summed. The moves are sorted by (from, to); the ant counts are
// not changed.
func MoveAnts(b *Board, player int, ants, beacons []int) []Move {
	var moves []Move
	for _, al := range Allocate(b, ants, beacons) {
		if al.Ant == al.Beacon {
			continue
		}
		to := FirstStep(b, ants, beacons, al.Ant, al.Beacon)
		moves = append(moves, Move{Player: player, From: al.Ant, To: to, Count: al.Count})
	}
	slices.SortFunc(moves, func(x, y Move) int {
		if c := cmp.Compare(x.From, y.From); c != 0 {
			return c
		}
		return cmp.Compare(x.To, y.To)
	})
	merged := moves[:0]
	for _, m := range moves {
		if k := len(merged) - 1; k >= 0 && merged[k].From == m.From && merged[k].To == m.To {
			merged[k].Count += m.Count
			continue
		}
		merged = append(merged, m)
	}
	return merged
}
