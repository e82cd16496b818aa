package tournament

import (
	"context"
	"slices"
	"testing"

	_ "github.com/seed27749672/arena/games/jungle"
)

// Groups of 2: the winners move up, the losers down, except at the top
// and the bottom.
func TestGroupsOfTwoMoves(t *testing.T) {
	g := Groups{Setup: Setup{Game: "strength", Bots: cs(1, 2, 3, 4, 5, 6)}, Size: 2}
	o, err := g.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// {c1,c2} {c3,c4} {c5,c6}: c2 stays on top, c4 and c6 go up, c1 and c3
	// go down, c5 stays at the bottom.
	if ns, _ := names(o); !slices.Equal(ns, []string{"c2", "c4", "c1", "c6", "c3", "c5"}) {
		t.Errorf("after one round: %v", ns)
	}
	// After enough rounds the strongest is on top and the weakest at the
	// bottom (between them, bots of neighbouring groups keep swapping).
	g.Rounds = 6
	if o, err = g.Play(context.Background()); err != nil {
		t.Fatal(err)
	}
	if ns, _ := names(o); ns[0] != "c6" || ns[5] != "c1" {
		t.Errorf("after six rounds: %v", ns)
	}
}

// Groups of 4: first up, last down, the others stay; a bot alone in the
// last group sits out and keeps its place.
func TestGroupsOfFourMoves(t *testing.T) {
	g := Groups{Setup: Setup{Game: "strength", Bots: cs(1, 2, 3, 4, 5, 6, 7, 8, 9)}, Size: 4}
	o, err := g.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// {c1..c4}: c4 stays (top), c1 down; {c5..c8}: c8 up, c5 stays (the
	// bottom group's last); c9, alone, sits out and keeps its place.
	if ns, _ := names(o); !slices.Equal(ns, []string{"c4", "c3", "c2", "c8", "c1", "c7", "c6", "c5", "c9"}) {
		t.Errorf("after one round: %v", ns)
	}
	if m := o.Rounds[0].Matches; len(m) != 3 || m[2].Note != SitsOut || !slices.Equal(m[2].Bots, []string{"c9"}) || o.Finished != 2 {
		t.Errorf("round %+v, %d games", m, o.Finished)
	}
	if _, err := (Groups{Setup: Setup{Game: "strength", Bots: cs(1, 2, 3)}, Size: 3}).Play(context.Background()); err == nil {
		t.Error("groups of 3 accepted")
	}
}

// Groups of 2 with an odd field: only a game moves a bot. The bot that
// sits a round out keeps its place, and the next round another sits out
// (the lowest-ranked that did not), so that none sits out round after
// round.
func TestGroupsOddFieldSitterKeepsItsPlace(t *testing.T) {
	g := Groups{Setup: Setup{Game: "strength", Bots: cs(1, 2, 3, 4, 5)}, Size: 2}
	o, err := g.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// {c1,c2} {c3,c4}, c5 sits out: c2 stays on top, c4 up, c1 down, c3
	// stays (the bottom group's loser), c5 keeps its fifth place.
	if ns, _ := names(o); !slices.Equal(ns, []string{"c2", "c4", "c1", "c3", "c5"}) {
		t.Errorf("after one round: %v", ns)
	}
	if m := o.Rounds[0].Matches; len(m) != 3 || m[2].Note != SitsOut || !slices.Equal(m[2].Bots, []string{"c5"}) || o.Finished != 2 {
		t.Errorf("round 1 %+v, %d games", m, o.Finished)
	}
	// Round 2 from [c2 c4 c1 c3 c5]: c5 sat out, so c3 does (keeping its
	// fourth place), and c5 plays c1: {c2,c4} {c1,c5}; c4 and c5 win, the
	// bottom group's winner going up and its loser staying.
	g.Rounds = 2
	if o, err = g.Play(context.Background()); err != nil {
		t.Fatal(err)
	}
	if ns, _ := names(o); !slices.Equal(ns, []string{"c4", "c5", "c2", "c3", "c1"}) {
		t.Errorf("after two rounds: %v", ns)
	}
	if m := o.Rounds[1].Matches; len(m) != 3 || !slices.Equal(m[2].Bots, []string{"c3"}) || !slices.Equal(m[1].Bots, []string{"c1", "c5"}) {
		t.Errorf("round 2 %+v", m)
	}
	// Told who sat out the round before (ranked rounds played one at a
	// time), the first round rests them.
	g = Groups{Setup: Setup{Game: "strength", Bots: cs(1, 2, 3)}, Size: 2, Rested: []int{2}}
	if o, err = g.Play(context.Background()); err != nil {
		t.Fatal(err)
	}
	if m := o.Rounds[0].Matches; len(m) != 2 || !slices.Equal(m[1].Bots, []string{"c2"}) || !slices.Equal(m[0].Bots, []string{"c1", "c3"}) {
		t.Errorf("rested c3: %+v", m)
	}
}

// The Blitz 2022 event end to end with jungle's builtin bots: 4-team
// ranked rounds, then the final seeded by their ranking (4-team sudden
// death, top 2 on, best-of-three grand final).
func TestJungleBlitzEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("plays about 12 jungle games")
	}
	bots := []string{"builtin:random", "builtin:greedy", "builtin:fighter", "builtin:random", "builtin:greedy", "builtin:fighter", "builtin:random", "builtin:greedy"}
	g := Groups{Setup: Setup{Game: "jungle", Bots: bots, Seed: 3}, Size: 4, Rounds: 2,
		Final: &Elimination{Size: 4, Advance: 2, FinalBestOf: 3}}
	o, err := g.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Standings) != 8 || o.Standings[0].Place != 1 || o.Standings[1].Place != 2 {
		t.Fatalf("standings %+v", o.Standings)
	}
	if o.Standings[0].Name == "random" || o.Standings[0].Name == "random#2" || o.Standings[0].Name == "random#3" {
		t.Errorf("a random bot won the final: %+v", o.Standings[0])
	}
	last := o.Rounds[len(o.Rounds)-1]
	if last.Name != "grand final" || last.Matches[0].Games < 2 || last.Matches[0].Games > 3 || len(last.Matches[0].Bots) != 2 {
		t.Errorf("grand final %+v", last)
	}
	if o.Rounds[0].Name != "ranked round 1" || len(o.Rounds[0].Matches) != 2 || len(o.Rounds[0].Matches[0].Bots) != 4 {
		t.Errorf("ranked round %+v", o.Rounds[0])
	}
	// 2 ranked rounds of 2 games, the final's round of 2, the grand final.
	if o.Finished < 2+2+2+2 {
		t.Errorf("%d games", o.Finished)
	}
}
