package spawnvote

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/seed27749672/arena/games/catmouse"
)

// set writes a spawn file (id, mouse, cats) for the default map.
func set(id int, mouse [2]int, cats ...[2]int) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "CATMOUSE-SPAWN 1\nID %d\nMOUSE %d %d\n", id, mouse[0], mouse[1])
	for _, c := range cats {
		fmt.Fprintf(&sb, "CAT %d %d\n", c[0], c[1])
	}
	sb.WriteString("END\n")
	return sb.String()
}

// Valid sets on the default map (its own sets, and their point mirrors:
// the generated map is point-symmetric, D1).
var (
	set0     = set(0, [2]int{0, 0}, [2]int{0, -5}, [2]int{0, 5})
	secret   = set(9, [2]int{4, -2}, [2]int{-4, 2}, [2]int{-3, -3})
	teamSets = []string{
		set(1, [2]int{-3, -2}, [2]int{4, -4}, [2]int{3, 2}),
		set(1, [2]int{3, 2}, [2]int{-4, 4}, [2]int{-3, -2}),
		set(1, [2]int{3, 0}, [2]int{-5, 0}, [2]int{-2, -4}, [2]int{3, -6}),
		set(1, [2]int{-3, 0}, [2]int{5, 0}, [2]int{2, 4}, [2]int{-3, 6}),
		set(1, [2]int{-4, 2}, [2]int{4, -2}, [2]int{3, 3}),
		set(1, [2]int{4, -2}, [2]int{-4, 2}, [2]int{-3, -3}),
		set(1, [2]int{0, 0}, [2]int{0, 5}, [2]int{0, -5}),
		set(1, [2]int{0, 0}, [2]int{5, -5}, [2]int{-5, 5}),
		set(1, [2]int{0, 0}, [2]int{-5, 0}, [2]int{5, 0}),
	}
)

func published(t *testing.T) *State {
	t.Helper()
	s := &State{}
	if err := s.Publish("", set0, secret); err != nil {
		t.Fatal(err)
	}
	return s
}

// propose has teams 1..n propose sets 1..n.
func propose(t *testing.T, s *State, n int) {
	t.Helper()
	for i := range n {
		id, err := s.Propose(int64(i+1), fmt.Sprintf("Team %d", i+1), teamSets[i])
		if err != nil || id != i+1 {
			t.Fatalf("team %d's set: id %d, %v", i+1, id, err)
		}
	}
}

// Rules scenario 48: sets 3 and 5 both get 4 votes, set 1 gets 2: set 3
// is used (ties go to the lowest id).
func TestScenario48TieGoesToTheLowestID(t *testing.T) {
	s := published(t)
	propose(t, s, 5)
	// teams 6..15 vote: 4 for set 3, 4 for set 5, 2 for set 1
	votes := []int{3, 5, 3, 5, 1, 3, 5, 1, 3, 5}
	for i, id := range votes {
		if err := s.Vote(int64(6+i), id); err != nil {
			t.Fatal(err)
		}
	}
	ch, err := s.Choice()
	if err != nil || ch.ID != 3 || ch.Tally[3] != 4 || ch.Tally[5] != 4 || ch.Tally[1] != 2 {
		t.Fatalf("choice %+v, %v", ch, err)
	}
	// the same tie with set 5's votes cast first: the id decides, not the
	// order of the votes
	mirror := published(t)
	propose(t, mirror, 5)
	for i, id := range []int{5, 3, 5, 3, 1, 5, 3, 1, 5, 3} {
		if err := mirror.Vote(int64(6+i), id); err != nil {
			t.Fatal(err)
		}
	}
	if ch, err := mirror.Choice(); err != nil || ch.ID != 3 || ch.Tally[3] != 4 || ch.Tally[5] != 4 {
		t.Fatalf("votes for set 5 first: choice %+v, %v", ch, err)
	}
	pack, ch2, err := s.MatchPack()
	if err != nil || ch2.ID != 3 {
		t.Fatalf("%v %+v", err, ch2)
	}
	// The matches' pack holds sets 0, 3 and 9 only, no vote, and the game
	// picks set 3 from it.
	p, err := catmouse.ParsePack(pack)
	if err != nil {
		t.Fatal(err)
	}
	sets, got, err := p.MatchSets(catmouse.DefaultMap(), true)
	if err != nil || got.ID != 3 || sets[1].ID != 3 || len(p.Votes) != 0 || p.Sets[1] != nil || p.Sets[5] != nil {
		t.Fatalf("match pack %q: %+v %v", pack, got, err)
	}
}

// D3: no valid vote picks the lowest team set; no team set replays set 0;
// a team's vote may change until the vote closes.
func TestNoVoteNoSetAndChangedVotes(t *testing.T) {
	s := published(t)
	if ch, _ := s.Choice(); ch.ID != 0 {
		t.Errorf("no team set: %+v", ch)
	}
	if _, _, err := s.MatchPack(); err != nil {
		t.Errorf("no team set: %v", err)
	}
	propose(t, s, 3)
	if ch, _ := s.Choice(); ch.ID != 1 {
		t.Errorf("no vote: %+v", ch)
	}
	must(t, s.Vote(1, 2))
	must(t, s.Vote(3, 2))
	must(t, s.Vote(1, 3)) // team 1 changes its mind
	if ch, _ := s.Choice(); ch.ID != 2 || ch.Tally[2] != 1 || ch.Tally[3] != 1 {
		t.Errorf("a changed vote: %+v", ch)
	}
	must(t, s.Close())
	if err := s.Vote(2, 1); !errors.Is(err, ErrClosed) {
		t.Errorf("a vote after the close: %v", err)
	}
	if _, err := s.Propose(9, "Late", teamSets[5]); !errors.Is(err, ErrClosed) {
		t.Errorf("a proposal after the close: %v", err)
	}
	if err := s.Publish("", set0, secret); !errors.Is(err, ErrClosed) {
		t.Errorf("publishing after the close: %v", err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// Refusals say why: own set, unknown set, a second proposal, a ninth,
// an invalid set (D4), a proposal before the map.
func TestRefusals(t *testing.T) {
	if _, err := (&State{}).Propose(1, "A", teamSets[0]); err == nil || !strings.Contains(err.Error(), "not published") {
		t.Errorf("before the map: %v", err)
	}
	s := published(t)
	propose(t, s, 8)
	cases := map[string]error{
		"your team's own": s.Vote(2, 2),
		"no team set 9":   s.Vote(2, 9),
		"already proposed set 1": func() error {
			_, err := s.Propose(1, "Team 1", teamSets[8])
			return err
		}(),
		"no more proposals": func() error {
			_, err := s.Propose(9, "Team 9", teamSets[8])
			return err
		}(),
	}
	for want, err := range cases {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("want %q, got %v", want, err)
		}
	}
	s = published(t)
	bad := map[string]string{
		"is off the map":          set(1, [2]int{0, 0}, [2]int{0, -5}, [2]int{20, 0}),
		"at least 5 are required": set(1, [2]int{0, 0}, [2]int{0, -2}),
		"exactly one MOUSE":       "CATMOUSE-SPAWN 1\nID 1\nCAT 0 5\nEND\n",
		"starts with":             "hello",
	}
	for want, file := range bad {
		if _, err := s.Propose(1, "A", file); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: want %q, got %v", file, want, err)
		}
	}
	if len(s.Proposals) != 0 {
		t.Errorf("refused sets were kept: %+v", s.Proposals)
	}
	if err := (&State{}).Publish("", set(3, [2]int{0, 0}, [2]int{0, 5}), secret); err == nil {
		t.Error("a set 0 with ID 3 was published")
	}
}

// A team sees the map, set 0 and the team sets, its own set and vote;
// never set 9, the others' votes or the chosen set.
func TestTeamView(t *testing.T) {
	s := published(t)
	propose(t, s, 3)
	must(t, s.Vote(1, 2))
	must(t, s.Vote(2, 3))
	v := s.View(1)
	if v.Own != 1 || v.Vote != 2 || len(v.Sets) != 3 || v.Set0 == "" {
		t.Fatalf("%+v", v)
	}
	if strings.Contains(fmt.Sprintf("%+v", v), "4 -2") {
		t.Errorf("the view shows the secret set's mouse: %+v", v)
	}
	if v2 := s.View(2); v2.Vote != 3 || v2.Own != 2 {
		t.Errorf("%+v", v2)
	}
}

// FuzzPropose: any uploaded text is either refused with an error or
// accepted as a set valid on the map, and never panics.
func FuzzPropose(f *testing.F) {
	for _, s := range append([]string{"", "CATMOUSE-SPAWN 1\n", "CATMOUSE-SPAWN 1\nID 99\nEND", "\x00\r\n#"}, teamSets...) {
		f.Add(s)
	}
	base := &State{}
	if err := base.Publish("", set0, secret); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, file string) {
		s := *base
		id, err := s.Propose(1, "Fuzz", file)
		if err != nil {
			return
		}
		sp, err := catmouse.ParseSpawn(s.Proposals[0].Set)
		if err != nil || id != 1 || sp.ID != 1 || sp.Validate(catmouse.DefaultMap(), true) != nil {
			t.Fatalf("accepted %q as %q: %v", file, s.Proposals[0].Set, err)
		}
	})
}
