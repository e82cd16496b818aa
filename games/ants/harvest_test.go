package ants

import (
	"encoding/json"
	"slices"
	"testing"
)

// S19: LINE and BEACON together, index errors, strength 0.
func TestS19LinesAndBeacons(t *testing.T) {
	r := setup{board: ring6(), ants: [2]string{"0:10"}}.referee(t)
	r.playLines("BEACON 2 5;LINE 0 3 2;LINE 3 4 7;LINE 0 99 1;BEACON 77 3;BEACON 5 0;LINE 1 1 0", "WAIT")
	if got := nonZero(r.s.Beacons[0]); got != "0:2 1:1 2:5 3:7 4:7 5:1" {
		t.Errorf("beacons %s", got)
	}
	if !slices.Contains(r.summary, "$0: cannot find cell 99 + 1 other error") {
		t.Errorf("summary %q lacks the index errors", r.summary)
	}
	if !r.active(0) {
		t.Errorf("an index error must not disqualify")
	}
	if got := nonZero(r.s.Ants[0]); got != "0:1 1:5 5:4" {
		t.Errorf("ants after the move %s, want 0:1 1:5 5:4", got)
	}
}

// S20-S33: harvests. Both players WAIT unless stated.
func TestHarvestScenarios(t *testing.T) {
	cases := []struct {
		name   string
		su     setup
		points [2]int
		res    string // resources after the turn ("" = none left)
		ants   [2]string
		paths  [][]int // display paths of the crystal harvests, in order
		over   bool
		winner int
	}{
		{name: "S20", su: setup{board: line6(), ants: [2]string{"0:4 1:6 2:3"}, crystals: "2:20"},
			points: [2]int{3, 0}, res: "2:17", paths: [][]int{{2, 1, 0}}},
		{name: "S21", su: setup{board: line6(), ants: [2]string{"0:4 1:6"}, crystals: "2:20"},
			points: [2]int{0, 0}, res: "2:20"},
		{name: "S22", su: setup{board: ring6(), bases: [2][]int{{0}, {2}}, ants: [2]string{"0:10 1:5 2:2 3:4 4:3 5:3"}, crystals: "3:50"},
			points: [2]int{3, 0}, res: "3:47", paths: [][]int{{3, 4, 5, 0}}},
		{name: "S23", su: setup{board: line6(), ants: [2]string{"0:5 1:5 2:5"}, crystals: "2:2"},
			points: [2]int{2, 0}, res: "", over: true, winner: 0},
		{name: "S24", su: setup{board: line6(), ants: [2]string{"0:4 1:4 2:4", "2:4 3:4 4:4 5:4"}, crystals: "2:5"},
			points: [2]int{4, 4}, res: "", over: true, winner: 1},
		{name: "S25", su: setup{board: line6(), ants: [2]string{"0:4 1:4 2:4", "2:6 3:6 4:6 5:6"}, crystals: "2:5"},
			points: [2]int{0, 5}, res: "", over: true, winner: 1},
		{name: "S26", su: setup{board: line6(), league: 2, ants: [2]string{"0:4 1:4 2:4", "2:6 3:6 4:6 5:6"}, crystals: "2:5"},
			points: [2]int{4, 5}, res: "", over: true, winner: 1},
		{name: "S27", su: setup{board: hex7(), bases: [2][]int{{1}, {3}}, ants: [2]string{"1:6 0:6 4:6 6:2 5:2", "0:7 3:7"}, crystals: "4:50"},
			points: [2]int{2, 0}, res: "4:48", paths: [][]int{{4, 5, 6, 1}}},
		{name: "S28", su: setup{board: hex7(), bases: [2][]int{{1}, {3}}, ants: [2]string{"1:6 0:6 4:6 6:2 5:2", "0:6 3:6"}, crystals: "4:50"},
			points: [2]int{6, 0}, res: "4:44", paths: [][]int{{4, 0, 1}}},
		{name: "S29", su: setup{board: line6(), bases: [2][]int{{0, 5}, {3}}, ants: [2]string{"0:2 1:2 2:5 3:4 4:4 5:4"}, crystals: "2:20"},
			points: [2]int{4, 0}, res: "2:16", paths: [][]int{{2, 3, 4, 5}}},
		{name: "S30", su: setup{board: line6(), bases: [2][]int{{0, 5}, {4}}, ants: [2]string{"0:3 1:5"}, eggs: "1:10", crystals: "3:9"},
			points: [2]int{0, 0}, res: "1:7 3:9", ants: [2]string{"0:6 1:5 5:3"}},
		{name: "S31", su: setup{board: hex7(), bases: [2][]int{{0}, {2}}, ants: [2]string{"0:2 1:5 4:5"}, eggs: "1:10", crystals: "4:50"},
			points: [2]int{4, 0}, res: "1:8 4:46", ants: [2]string{"0:4 1:5 4:5"}},
		{name: "S31 spawn next turn", su: setup{board: hex7(), bases: [2][]int{{0}, {2}}, ants: [2]string{"0:2 1:5 4:5"}, eggs: "1:10", crystals: "4:50", opts: []string{"spawn_same_turn=false"}},
			points: [2]int{2, 0}, res: "1:8 4:48", ants: [2]string{"0:4 1:5 4:5"}},
		{name: "S32", su: setup{board: line6(), ants: [2]string{"0:4 1:4 2:4", "2:4 3:4 4:4 5:4"}, eggs: "2:5"},
			points: [2]int{0, 0}, res: "", ants: [2]string{"0:8 1:4 2:4", "2:4 3:4 4:4 5:8"}, over: true, winner: 1},
		{name: "S33", su: setup{board: line6(), ants: [2]string{"2:5", "2:2"}, crystals: "4:9", opts: []string{"fighting_ants_kill=true"}},
			points: [2]int{0, 0}, res: "4:9", ants: [2]string{"2:3", ""}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := c.su.referee(t)
			r.playLines("WAIT", "WAIT")
			if r.s.Points != c.points {
				t.Errorf("points %v, want %v", r.s.Points, c.points)
			}
			if got := nonZero(r.s.Res); got != c.res {
				t.Errorf("resources %q, want %q", got, c.res)
			}
			for p := range 2 {
				if c.ants[p] != "" || (p == 1 && c.ants[0] != "") {
					if got := nonZero(r.s.Ants[p]); got != c.ants[p] {
						t.Errorf("player %d ants %q, want %q", p, got, c.ants[p])
					}
				}
			}
			if c.paths != nil {
				var got [][]int
				for _, h := range r.events.Harvests {
					if h.Kind == Crystal {
						got = append(got, h.Path)
					}
				}
				if !slices.EqualFunc(got, c.paths, slices.Equal) {
					t.Errorf("display paths %v, want %v", got, c.paths)
				}
			}
			if r.Over() != c.over {
				t.Errorf("over = %v, want %v", r.Over(), c.over)
			}
			if c.over {
				if w := r.winner(); w != c.winner {
					t.Errorf("winner %d, want %d (%s)", w, c.winner, r.Result().Summary)
				}
			}
		})
	}
}

// S24's ranking in detail: points tie 4-4, ants 12 against 16.
func TestS24TieBreakByAnts(t *testing.T) {
	r := setup{board: line6(), ants: [2]string{"0:4 1:4 2:4", "2:4 3:4 4:4 5:4"}, crystals: "2:5"}.referee(t)
	r.playLines("WAIT", "WAIT")
	res := r.Result()
	if res.Players[1].Rank != 1 || res.Players[0].Rank != 2 {
		t.Fatalf("ranks %d, %d; want player 1 first", res.Players[0].Rank, res.Players[1].Rank)
	}
	if res.Players[0].Score != 4 || res.Players[1].Score != 4 {
		t.Errorf("scores %v, %v; want the points, 4 each", res.Players[0].Score, res.Players[1].Score)
	}
	if res.Players[0].Message != "4 points and 12 ants" || res.Players[1].Message != "4 points and 16 ants" {
		t.Errorf("messages %q, %q", res.Players[0].Message, res.Players[1].Message)
	}
	if res.Players[1].Stats["ants"] != 16 || res.Players[0].Stats["points"] != 4 {
		t.Errorf("stats %v %v", res.Players[0].Stats, res.Players[1].Stats)
	}
}

// S24 under ruleset=reference (tie_score=ants): the scores are the ant
// counts, as the reference's setScore(antTotal) reports them; the ranking,
// the texts and the points in the stats are the same as by default.
func TestS24TieScoreAnts(t *testing.T) {
	for _, opts := range [][]string{{"ruleset=reference"}, {"tie_score=ants"}} {
		r := setup{board: line6(), ants: [2]string{"0:4 1:4 2:4", "2:4 3:4 4:4 5:4"}, crystals: "2:5", opts: opts}.referee(t)
		r.playLines("WAIT", "WAIT")
		res := r.Result()
		if res.Players[1].Rank != 1 || res.Players[0].Rank != 2 {
			t.Fatalf("%v: ranks %d, %d; want player 1 first", opts, res.Players[0].Rank, res.Players[1].Rank)
		}
		if res.Players[0].Score != 12 || res.Players[1].Score != 16 {
			t.Errorf("%v: scores %v, %v; want the ants, 12 and 16", opts, res.Players[0].Score, res.Players[1].Score)
		}
		if res.Players[0].Message != "4 points and 12 ants" || res.Players[1].Message != "4 points and 16 ants" {
			t.Errorf("%v: messages %q, %q", opts, res.Players[0].Message, res.Players[1].Message)
		}
		if res.Players[0].Stats["points"] != 4 || res.Players[1].Stats["points"] != 4 {
			t.Errorf("%v: stats %v %v; the points must stay", opts, res.Players[0].Stats, res.Players[1].Stats)
		}
		var f frame
		if err := json.Unmarshal(r.Frame(), &f); err != nil {
			t.Fatal(err)
		}
		if f.End == nil || f.End.Scores != [2]int{12, 16} || f.Scores != [2]int{4, 4} || f.End.Texts[1] != "4 points and 16 ants" {
			t.Errorf("%v: frame scores %v, end %+v", opts, f.Scores, f.End)
		}
	}
	// Points that do not tie stay the scores, and so does -1.
	r := setup{board: line6(), ants: [2]string{"0:4 1:4 2:4", "3:4 4:4 5:4"}, crystals: "2:5", opts: []string{"ruleset=reference"}}.referee(t)
	r.playLines("WAIT", "WAIT")
	if res := r.Result(); res.Players[0].Score != 4 || res.Players[1].Score != 0 {
		t.Errorf("no tie: scores %v, %v; want the points 4 and 0", res.Players[0].Score, res.Players[1].Score)
	}
}

// The widest-path values against a brute force over simple paths.
func TestWidestMatchesBruteForce(t *testing.T) {
	b := hex7()
	n := b.Len()
	done := make([]bool, n)
	out := make([]int, n)
	for mask := range 4096 {
		w := make([]int, n)
		x := mask
		for c := range n {
			if c == 6 {
				w[c] = 1 + mask%5
				break
			}
			w[c] = x % 4
			x /= 4
		}
		widest(b, w, []int{1, 4}, out, done)
		for c := range n {
			want := 0
			for _, base := range []int{1, 4} {
				want = max(want, bruteBottleneck(b, w, c, base))
			}
			if out[c] != want {
				t.Fatalf("weights %v: cell %d value %d, want %d", w, c, out[c], want)
			}
		}
	}
}

func bruteBottleneck(b *Board, w []int, from, to int) int {
	best := 0
	seen := make([]bool, b.Len())
	var walk func(c, bottleneck int)
	walk = func(c, bottleneck int) {
		if w[c] <= 0 {
			return
		}
		bottleneck = min(bottleneck, w[c])
		if c == to {
			best = max(best, bottleneck)
			return
		}
		seen[c] = true
		for _, m := range b.byIndex[c] {
			if !seen[m] {
				walk(m, bottleneck)
			}
		}
		seen[c] = false
	}
	walk(from, 1<<30)
	return best
}
