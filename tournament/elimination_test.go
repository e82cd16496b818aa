package tournament

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/seed27749672/arena/replay"
)

// Five bots in 2-bot matches: the field is brought to 4 by a play-in
// duel between the lowest seeds (6 against 5) while the top three have a
// bye; then 1 meets 4 and 2 meets 3. The losers of a round share a place.
func TestEliminationSeedingAndByes(t *testing.T) {
	e := Elimination{Setup: Setup{Game: "strength", Bots: cs(9, 8, 7, 6, 5), Seed: 1}}
	o, err := e.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ns, ps := names(o)
	if !slices.Equal(ns, []string{"c9", "c8", "c7", "c6", "c5"}) || !slices.Equal(ps, []int{1, 2, 3, 3, 5}) {
		t.Errorf("standings %v places %v", ns, ps)
	}
	r1 := o.Rounds[0].Matches
	if len(r1) != 2 || r1[0].Note != "bye" || !slices.Equal(r1[0].Bots, []string{"c9", "c8", "c7"}) ||
		!slices.Equal(r1[1].Bots, []string{"c6", "c5"}) {
		t.Errorf("round 1: %+v", r1)
	}
	if r2 := o.Rounds[1].Matches; len(r2) != 2 || !slices.Equal(r2[0].Bots, []string{"c9", "c6"}) || !slices.Equal(r2[1].Bots, []string{"c8", "c7"}) {
		t.Errorf("round 2: %+v", r2)
	}
	if last := o.Rounds[len(o.Rounds)-1]; last.Name != "grand final" || !slices.Equal(last.Matches[0].Ranking, []string{"c9", "c8"}) {
		t.Errorf("final: %+v", last)
	}
	if o.Finished != 4 {
		t.Errorf("%d matches played, want 4 (1 + 2 + the final)", o.Finished)
	}
}

// A best-of-3 stops when a bot has won 2; the seats turn each game and a
// seating pair shares a seed.
func TestEliminationBestOfStopsEarly(t *testing.T) {
	var seen []string
	e := Elimination{Setup: Setup{Game: "strength", Bots: cs(3, 7), Seed: 5, OnMatch: func(p Played) {
		seen = append(seen, fmt.Sprintf("%v@%d", p.Seats, p.Seed))
	}}, BestOf: 3}
	o, err := e.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	m := o.Rounds[0].Matches[0]
	if m.Games != 2 || !slices.Equal(m.Wins, []int{0, 2}) || o.Standings[0].Name != "c7" {
		t.Errorf("match %+v", m)
	}
	if !slices.Equal(seen, []string{"[0 1]@5", "[1 0]@5"}) {
		t.Errorf("games %v: both seats on one seed", seen)
	}
	// Draws all the way: three games, and the higher seed goes on.
	e = Elimination{Setup: Setup{Game: "strength", Bots: []string{"a=builtin:c4", "b=builtin:c4"}}, BestOf: 3}
	if o, err = e.Play(context.Background()); err != nil {
		t.Fatal(err)
	}
	if m := o.Rounds[0].Matches[0]; m.Games != 3 || o.Standings[0].Name != "a" {
		t.Errorf("drawn match %+v: the top seed wins it", m)
	}
}

// The Blitz final's shape: 4-bot sudden-death matches, top 2 on, then a
// 2-bot best-of-three grand final.
func TestEliminationBlitzShape(t *testing.T) {
	e := Elimination{Setup: Setup{Game: "strength", Bots: cs(1, 2, 3, 4, 5, 6, 7, 8)}, Size: 4, Advance: 2, FinalBestOf: 3}
	o, err := e.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	r1 := o.Rounds[0].Matches
	// Snake: seeds 1, 4, 5, 8 against 2, 3, 6, 7.
	if !slices.Equal(r1[0].Bots, []string{"c1", "c4", "c5", "c8"}) || !slices.Equal(r1[0].Advanced, []string{"c8", "c5"}) {
		t.Errorf("round 1: %+v", r1)
	}
	ns, ps := names(o)
	if ns[0] != "c8" || ns[1] != "c7" || !slices.Equal(ps, []int{1, 2, 3, 3, 5, 5, 5, 5}) {
		t.Errorf("standings %v %v", ns, ps)
	}
	final := o.Rounds[len(o.Rounds)-1].Matches[0]
	if final.Games != 2 || len(final.Bots) != 2 {
		t.Errorf("grand final %+v", final)
	}
}

// The Blitz final's deal over every field of 2 to 33 teams, in games of
// 4 (the top 2 on) and in duels, on made-up results (any game may go any
// way, ties included): every game has 2 or Size teams, never 3; every
// team plays; a bye, only in the first round, goes to the top seeds (seed
// 1 never plays that round while another team sits it out); the rounds
// are a play-in when the field is not 2^k, then the full rounds, then the
// 2-team grand final, best of three.
func TestEliminationBlitzDealEveryField(t *testing.T) {
	for _, size := range []int{4, 2} {
		for n := 2; n <= 33; n++ {
			t.Run(fmt.Sprintf("size%d/n%d", size, n), func(t *testing.T) {
				checkBlitzDeal(t, size, n)
			})
		}
	}
}

func checkBlitzDeal(t *testing.T, size, n int) {
	var jobs []Job
	known := func(j Job) (*replay.Result, bool) {
		jobs = append(jobs, j)
		return madeUpResult(j, n), true
	}
	bots, seeds := make([]string, n), make([]string, n)
	for i := range bots {
		bots[i], seeds[i] = "builtin:c0", fmt.Sprintf("S%d", i+1)
	}
	e := Elimination{Setup: Setup{Game: "strength", Bots: bots, Names: seeds, Seed: int64(n), Known: known},
		Size: size, Advance: size / 2, Final: 2, BestOf: 1, FinalBestOf: 3}
	o, err := e.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	played := map[int]bool{}
	for _, j := range jobs {
		if len(j.Seats) != 2 && len(j.Seats) != size {
			t.Errorf("game %d has %d teams: %v", j.Index, len(j.Seats), j.Seats)
		}
		for _, b := range j.Seats {
			played[b] = true
		}
	}
	if len(played) != n {
		t.Errorf("%d of %d teams played a game", len(played), n)
	}
	full := 2
	for 2*full <= n {
		full *= 2
	}
	rounds := 1 // the grand final
	for k := full; k > 2; k /= 2 {
		rounds++
	}
	if n > full {
		rounds++ // the play-in
	}
	if len(o.Rounds) != rounds {
		t.Fatalf("%d rounds, want %d: %+v", len(o.Rounds), rounds, o.Rounds)
	}
	for i, rd := range o.Rounds {
		for k, m := range rd.Matches {
			switch {
			case m.Note == "bye" && (i > 0 || k > 0):
				t.Errorf("%s: a bye after the play-in's first entry: %+v", rd.Name, m)
			case m.Note == "bye":
				if !slices.Equal(m.Bots, seeds[:len(m.Bots)]) || len(m.Bots) != 2*full-n {
					t.Errorf("round 1's byes %v, want the top %d seeds", m.Bots, 2*full-n)
				}
			case i == 0 && n > full:
				if len(m.Bots) != 2 || len(m.Advanced) != 1 {
					t.Errorf("play-in match %+v: a duel, one on", m)
				}
			case rd.Name != "grand final" && len(m.Advanced) != len(m.Bots)/2:
				t.Errorf("%s: %+v sends %d on", rd.Name, m, len(m.Advanced))
			}
		}
	}
	if n > full && o.Rounds[0].Matches[0].Note != "bye" {
		t.Errorf("a play-in without byes: %+v", o.Rounds[0])
	}
	last := o.Rounds[len(o.Rounds)-1]
	if last.Name != "grand final" || len(last.Matches) != 1 {
		t.Fatalf("the last round %+v", last)
	}
	g := last.Matches[0]
	if len(g.Bots) != 2 || g.Games < 2 || g.Games > 3 || (g.Games == 2 && !slices.Contains(g.Wins, 2)) {
		t.Errorf("grand final %+v: 2 teams, best of three", g)
	}
	if len(o.Standings) != n {
		t.Errorf("%d standings for %d teams", len(o.Standings), n)
	}
}

// madeUpResult ranks a game's seats at random from its index (a tie for
// one place now and then), so that upsets happen.
func madeUpResult(j Job, n int) *replay.Result {
	r := rand.New(rand.NewPCG(uint64(j.Index), uint64(n)))
	ps := make([]replay.PlayerResult, len(j.Seats))
	for i, k := range r.Perm(len(ps)) {
		ps[i].Rank = k + 1
	}
	if len(ps) > 2 && r.IntN(4) == 0 { // the last two tie
		for i := range ps {
			if ps[i].Rank == len(ps) {
				ps[i].Rank--
			}
		}
	}
	return &replay.Result{Players: ps}
}

// The deal of a few fields exactly: seeds are 1-based, games of 4.
func TestEliminationBlitzDealExamples(t *testing.T) {
	for _, c := range []struct {
		n       int
		matches [][]int
		byes    []int
	}{
		{3, [][]int{{2, 3}}, []int{1}},
		{4, [][]int{{1, 2, 3, 4}}, nil},
		{5, [][]int{{4, 5}}, []int{1, 2, 3}},
		{6, [][]int{{3, 6}, {4, 5}}, []int{1, 2}},
		{7, [][]int{{2, 7}, {3, 6}, {4, 5}}, []int{1}},
		{8, [][]int{{1, 4, 5, 8}, {2, 3, 6, 7}}, nil},
		{12, [][]int{{5, 12}, {6, 11}, {7, 10}, {8, 9}}, []int{1, 2, 3, 4}},
		{16, [][]int{{1, 8, 9, 16}, {2, 7, 10, 15}, {3, 6, 11, 14}, {4, 5, 12, 13}}, nil},
	} {
		e := Elimination{Size: 4, Advance: 2, Final: 2}
		alive := make([]int, c.n)
		for i := range alive {
			alive[i] = i + 1
		}
		ms, byes := e.dealRound(alive)
		if !slices.EqualFunc(ms, c.matches, slices.Equal) || !slices.Equal(byes, c.byes) {
			t.Errorf("%d teams: matches %v byes %v, want %v and %v", c.n, ms, byes, c.matches, c.byes)
		}
	}
}

func TestEliminationRefusals(t *testing.T) {
	for _, e := range []Elimination{
		{Setup: Setup{Game: "strength", Bots: cs(1)}},
		{Setup: Setup{Game: "strength", Bots: cs(1, 2, 3)}, Size: 2, Advance: 2},
		{Setup: Setup{Game: "strength", Bots: cs(1, 2, 3)}, BestOf: -1},
		{Setup: Setup{Game: "ants", Bots: []string{"builtin:wait", "builtin:wait", "builtin:wait"}}, Size: 3},
	} {
		if _, err := e.Play(context.Background()); err == nil {
			t.Errorf("%+v accepted", e)
		}
	}
}
