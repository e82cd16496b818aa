package tournament

import (
	"context"
	"slices"
	"testing"
)

func TestPairRoundAvoidsRepeatsAndGivesOneByeEach(t *testing.T) {
	// 1-2 and 3-4 met already: the top pairs 1-3, then 2-4.
	met := map[[2]int]bool{{1, 2}: true, {3, 4}: true}
	pairs, bye := pairRound([]int{1, 2, 3, 4}, met, func(int) bool { return false })
	if bye != -1 || !slices.Equal(pairs, [][2]int{{1, 3}, {2, 4}}) {
		t.Errorf("pairs %v bye %d", pairs, bye)
	}
	// Backtracking: 1 may meet 2 or 4, but 1-2 leaves 3-4, already met.
	met = map[[2]int]bool{{1, 3}: true, {3, 4}: true}
	if pairs, _ = pairRound([]int{1, 2, 3, 4}, met, func(int) bool { return false }); !slices.Equal(pairs, [][2]int{{1, 4}, {2, 3}}) {
		t.Errorf("pairs %v", pairs)
	}
	// Every pair met: a repeat is unavoidable, and allowed.
	met = map[[2]int]bool{{0, 1}: true}
	if pairs, _ = pairRound([]int{0, 1}, met, func(int) bool { return false }); len(pairs) != 1 {
		t.Errorf("pairs %v", pairs)
	}
	// Odd: the lowest without a bye sits out.
	pairs, bye = pairRound([]int{0, 1, 2}, nil, func(b int) bool { return b == 2 })
	if bye != 1 || !slices.Equal(pairs, [][2]int{{0, 2}}) {
		t.Errorf("pairs %v bye %d", pairs, bye)
	}
}

// Five bots, three rounds: no pair twice, three different byes, and the
// strongest first.
func TestSwiss(t *testing.T) {
	sw := Swiss{Setup: Setup{Game: "strength", Bots: cs(1, 2, 3, 4, 5)}, Rounds: 3}
	o, err := sw.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	pairs := map[string]bool{}
	byes := map[string]bool{}
	for _, r := range o.Rounds {
		for _, m := range r.Matches {
			if m.Note == "bye" {
				if byes[m.Bots[0]] {
					t.Errorf("%s had two byes", m.Bots[0])
				}
				byes[m.Bots[0]] = true
				continue
			}
			k := min(m.Bots[0], m.Bots[1]) + "-" + max(m.Bots[0], m.Bots[1])
			if pairs[k] {
				t.Errorf("%s met twice", k)
			}
			pairs[k] = true
		}
	}
	if len(byes) != 3 || o.Finished != 12 {
		t.Errorf("%d byes, %d games", len(byes), o.Finished)
	}
	if o.Standings[0].Name != "c5" || o.Standings[0].Points != 6 {
		t.Errorf("standings %+v", o.Standings[0])
	}
}
