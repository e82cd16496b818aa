package tournament

import (
	"math"
	"testing"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/replay"
)

func result(ranks []int, statuses ...game.Status) *replay.Result {
	res := &replay.Result{}
	for i, r := range ranks {
		p := replay.PlayerResult{}
		p.Rank, p.Status = r, game.OK
		if i < len(statuses) {
			p.Status = statuses[i]
		}
		res.Players = append(res.Players, p)
	}
	return res
}

func TestTableCountsDisqualificationsAndShares(t *testing.T) {
	tb := NewTable([]string{"a", "b", "c", "d"})
	// A 4-player match: a first, b and c share second (places 2 and 3: 2/3
	// and 1/3, so 1/2 each), d last and disqualified.
	tb.Add(0, []int{0, 1, 2, 3}, result([]int{1, 2, 2, 4}, game.OK, game.OK, game.Crashed, game.Disqualified))
	// A 2-player draw between a and d.
	tb.Add(1, []int{3, 0}, result([]int{1, 1}))
	st := tb.Standings()
	by := map[string]Standing{}
	for _, s := range st {
		by[s.Name] = s
	}
	if a := by["a"]; a.Wins != 1 || a.Draws != 1 || math.Abs(a.Points-1.5) > 1e-9 || st[0].Name != "a" {
		t.Errorf("a: %+v (table %v)", a, st)
	}
	if b, c := by["b"], by["c"]; math.Abs(b.Points-0.5) > 1e-9 || c.Points != b.Points || c.Crashes != 1 || b.Losses != 1 {
		t.Errorf("b %+v c %+v", b, c)
	}
	if d := by["d"]; d.Disqualified != 1 || d.Draws != 1 || d.Played != 2 || math.Abs(d.Points-0.5) > 1e-9 {
		t.Errorf("d: %+v", d)
	}
}

// Ratings follow the schedule order whatever order the matches end in.
func TestTableRatesInScheduleOrder(t *testing.T) {
	inOrder, outOfOrder := NewTable([]string{"a", "b", "c"}), NewTable([]string{"a", "b", "c"})
	matches := []struct {
		seats []int
		res   *replay.Result
	}{
		{[]int{0, 1}, result([]int{1, 2})},
		{[]int{1, 2}, result([]int{1, 2})},
		{[]int{2, 0}, result([]int{1, 1})},
	}
	for k, m := range matches {
		inOrder.Add(k, m.seats, m.res)
	}
	for _, k := range []int{2, 0, 1} {
		outOfOrder.Add(k, matches[k].seats, matches[k].res)
	}
	a, b := inOrder.Standings(), outOfOrder.Standings()
	for i := range a {
		if a[i] != b[i] {
			t.Errorf("line %d: %+v in order, %+v out of order", i, a[i], b[i])
		}
	}
	// Every bot played twice: every rating moved.
	if a[0].Sigma >= 25.0/3 || a[0].Ordinal != a[0].Mu-3*a[0].Sigma {
		t.Errorf("ratings not updated: %+v", a)
	}
	// An interrupted run with a gap still rates what finished.
	gap := NewTable([]string{"a", "b", "c"})
	gap.Add(2, matches[2].seats, matches[2].res)
	for _, s := range gap.Standings() {
		if (s.Name == "b") != (s.Sigma > 8.3) {
			t.Errorf("after match 3 alone: %+v", s)
		}
	}
}
