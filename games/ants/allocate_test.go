package ants

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// S4-S17: allocation and movement (shared/rules/ants.md §8), with the
// reference's numbers. perBeacon lists the ants allocated to each beacon
// cell in ascending cell order; after is player 0's ants after the move.
func TestAllocationScenarios(t *testing.T) {
	cases := []struct {
		name      string
		su        setup
		out       string
		perBeacon string // "beacon:ants ..."
		pairs     []Allocation
		after     string
	}{
		{name: "S4", su: setup{board: line6(), ants: [2]string{"0:10"}}, out: "BEACON 1 2;BEACON 2 1;BEACON 3 2",
			perBeacon: "1:4 2:2 3:4", after: "1:10"},
		{name: "S5", su: setup{board: line6(), ants: [2]string{"0:10"}}, out: "BEACON 0 1;BEACON 1 1;BEACON 2 1",
			perBeacon: "0:4 1:3 2:3", after: "0:4 1:6",
			pairs: []Allocation{{0, 0, 3}, {0, 1, 3}, {0, 2, 3}, {0, 0, 1}}},
		{name: "S6", su: setup{board: line6(), ants: [2]string{"0:3"}}, out: "BEACON 1 1;BEACON 2 1;BEACON 3 1;BEACON 4 1;BEACON 5 1",
			perBeacon: "1:1 2:1 3:1", after: "1:3"},
		{name: "S7", su: setup{board: line6(), ants: [2]string{"0:10"}}, out: "BEACON 4 1;BEACON 1 100",
			perBeacon: "1:9 4:1", after: "1:10"},
		{name: "S8", su: setup{board: line6(), ants: [2]string{"0:7"}}, out: "BEACON 3 1;BEACON 4 1;BEACON 5 1",
			perBeacon: "3:3 4:2 5:2", after: "1:7"},
		{name: "S9", su: setup{board: line6(), ants: [2]string{"0:6"}}, out: "BEACON 1 0;BEACON 2 2",
			perBeacon: "1:2 2:4", after: "1:6"},
		{name: "S10", su: setup{board: line6(), ants: [2]string{"0:6 5:2"}}, out: "BEACON 1 1;BEACON 4 1",
			pairs: []Allocation{{0, 1, 4}, {5, 4, 2}, {0, 4, 2}}, after: "1:6 4:2"},
		{name: "S11", su: setup{board: line6(), ants: [2]string{"0:30"}}, out: "BEACON 1 1;BEACON 2 10;BEACON 3 11",
			perBeacon: "1:2 2:14 3:14", after: "1:30"},
		{name: "S12", su: setup{board: line6(), ants: [2]string{"0:5 5:5"}}, out: "BEACON 1 1;BEACON 2 1;BEACON 3 1",
			pairs: []Allocation{{0, 1, 3}, {0, 2, 2}, {5, 3, 3}, {5, 2, 1}, {5, 3, 1}}, after: "1:5 4:5"},
		{name: "S13", su: setup{board: line6(), ants: [2]string{"0:5 3:4"}}, out: "WAIT", after: "0:5 3:4"},
		{name: "S14", su: setup{board: ring6(), bases: [2][]int{{0}, {3}}, ants: [2]string{"0:10"}}, out: "BEACON 3 1",
			perBeacon: "3:10", after: "1:10"},
		{name: "S15", su: setup{board: ring6(), bases: [2][]int{{0}, {3}}, ants: [2]string{"0:10 5:1"}}, out: "BEACON 3 1",
			after: "4:1 5:10"},
		{name: "S16", su: setup{board: ring6(), bases: [2][]int{{0}, {3}}, ants: [2]string{"0:11"}}, out: "BEACON 3 10;BEACON 5 1",
			perBeacon: "3:10 5:1", after: "5:11"},
		{name: "S17", su: setup{board: ring6(), bases: [2][]int{{0}, {3}}, ants: [2]string{"0:10", "5:5"}}, out: "BEACON 3 1",
			after: "1:10"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := c.su.referee(t)
			cmds, err := ParseCommands(c.out)
			if err != nil {
				t.Fatal(err)
			}
			// The beacons as Resolve sets them, to check the allocation alone.
			beacons := make([]int, r.s.Board.Len())
			for _, b := range cmds.Beacons {
				beacons[b.Cell] = max(1, b.Strength)
			}
			allocs := Allocate(r.s.Board, r.s.Ants[0], beacons)
			if c.pairs != nil && !slices.Equal(allocs, c.pairs) {
				t.Errorf("allocations %v, want %v", allocs, c.pairs)
			}
			if c.perBeacon != "" {
				per := make([]int, r.s.Board.Len())
				for _, a := range allocs {
					per[a.Beacon] += a.Count
				}
				if got := nonZero(per); got != c.perBeacon {
					t.Errorf("per beacon %s, want %s", got, c.perBeacon)
				}
			}
			opp := slices.Clone(r.s.Ants[1])
			r.playLines(c.out, "WAIT")
			if got := nonZero(r.s.Ants[0]); got != c.after {
				t.Errorf("ants after the move %s, want %s", got, c.after)
			}
			if !slices.Equal(opp, r.s.Ants[1]) {
				t.Errorf("the waiting opponent's ants moved")
			}
		})
	}
}

// FirstStep must agree with the reference's full breadth-first search over
// random maps, ant counts and beacons.
func TestFirstStepMatchesSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for seed := range int64(60) {
		m := Generate(seed, 4, 7)
		b := m.Board
		n := b.Len()
		ants, beacons := make([]int, n), make([]int, n)
		for c := range n {
			if rng.IntN(3) == 0 {
				ants[c] = rng.IntN(4)
			}
			if rng.IntN(4) == 0 {
				beacons[c] = rng.IntN(3)
			}
		}
		for range 200 {
			a, to := rng.IntN(n), rng.IntN(n)
			if a == to {
				continue
			}
			want := searchFirstStep(b, ants, beacons, a, to)
			if got := FirstStep(b, ants, beacons, a, to); got != want {
				t.Fatalf("seed %d, %d->%d: first step %d, the search gives %d", seed, a, to, got, want)
			}
		}
	}
}

// searchFirstStep is the reference's movement search, written out: a
// breadth-first search from a whose neighbours are visited by (most ants,
// strongest beacon, lowest index), then the path walked back from to.
func searchFirstStep(b *Board, ants, beacons []int, a, to int) int {
	prev := map[int]int{a: -1}
	queue := []int{a}
	for len(queue) > 0 {
		if _, ok := prev[to]; ok {
			break
		}
		h := queue[0]
		queue = queue[1:]
		nb := slices.Clone(b.byIndex[h])
		slices.SortStableFunc(nb, func(x, y int) int {
			if ants[x] != ants[y] {
				return ants[y] - ants[x]
			}
			if beacons[x] != beacons[y] {
				return beacons[y] - beacons[x]
			}
			return x - y
		})
		for _, m := range nb {
			if _, ok := prev[m]; !ok {
				prev[m] = h
				queue = append(queue, m)
			}
		}
	}
	c := to
	for prev[c] != a {
		c = prev[c]
	}
	return c
}

// On a connected map every ant is allocated (pass 2 is enough).
func TestAllocationUsesEveryAnt(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for seed := range int64(200) {
		m := Generate(seed, 3, 5)
		n := m.Board.Len()
		ants, beacons := make([]int, n), make([]int, n)
		total := 0
		for c := range n {
			if rng.IntN(4) == 0 {
				ants[c] = rng.IntN(50)
				total += ants[c]
			}
			if rng.IntN(5) == 0 {
				beacons[c] = 1 + rng.IntN(1000)
			}
		}
		got := 0
		for _, a := range Allocate(m.Board, ants, beacons) {
			got += a.Count
		}
		if slices.Max(beacons) > 0 && got != total {
			t.Fatalf("seed %d: %d of %d ants allocated (%s)", seed, got, total, fmt.Sprint(beacons))
		}
	}
}
