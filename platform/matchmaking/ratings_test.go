package matchmaking

import (
	"testing"

	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/tournament/openskill"
)

func TestRateMatch(t *testing.T) {
	d := openskill.Default().New()
	m := store.Match{Teams: []int64{1, 0, 2}, Ranks: []int{1, 2, 1}}
	out := RateMatch(m, map[int64]store.Rating{2: {TeamID: 2, Mu: 30, Sigma: 5, Games: 4, Wins: 4}})
	if len(out) != 2 {
		t.Fatalf("the house bot was rated: %+v", out)
	}
	one, two := out[0], out[1]
	if one.TeamID != 1 || one.Games != 1 || one.Draws != 1 || one.Mu <= d.Mu || one.Sigma >= d.Sigma {
		t.Errorf("team 1 (first, tied): %+v", one)
	}
	if two.TeamID != 2 || two.Games != 5 || two.Wins != 4 || two.Draws != 1 {
		t.Errorf("team 2 (first, tied, had 4 wins): %+v", two)
	}
	lost := RateMatch(store.Match{Teams: []int64{1, 2}, Ranks: []int{2, 1}}, nil)
	if lost[0].Losses != 1 || lost[0].Mu >= d.Mu || lost[1].Wins != 1 || lost[1].Mu <= d.Mu {
		t.Errorf("a plain win: %+v", lost)
	}
}
