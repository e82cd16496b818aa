package ladder

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/seed27749672/arena/games/ants"
	"github.com/seed27749672/arena/tournament/openskill"
)

func TestStoreKeepsBotsAndGames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "l.db")
	s, err := Open(path, "ants")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range []string{"a", "b", "c"} {
		if err := s.Add(b, "builtin:wait"); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Add("a", "builtin:boss1"); err == nil {
		t.Error("a second bot a accepted")
	}
	ctx := context.Background()
	if err := s.Record(ctx, Outcome{Seed: 1, Bots: []string{"a", "b"}, Ranks: []int{1, 2}, Timeouts: []int{0, 3}, Crashed: []bool{false, true}}); err != nil {
		t.Fatal(err)
	}
	// An arena failure is written but not rated.
	if err := s.Record(ctx, Outcome{Seed: 2, Bots: []string{"a", "c"}, Err: errors.New("no such map")}); err != nil {
		t.Fatal(err)
	}
	if err := s.Remove("c"); err != nil {
		t.Fatal(err)
	}
	if err := s.Remove("c"); err == nil {
		t.Error("removing c twice accepted")
	}
	s.Close()

	s, err = Open(path, "ants")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	bots, err := s.Bots()
	if err != nil {
		t.Fatal(err)
	}
	if len(bots) != 2 || bots[0].Name != "a" || bots[0].Wins != 1 || bots[0].Games != 1 || bots[1].Timeouts != 3 || bots[1].Crashes != 1 {
		t.Fatalf("bots %+v", bots)
	}
	want, _ := openskill.Default().RateFFA([]openskill.Rating{openskill.Default().New(), openskill.Default().New()}, []int{1, 2})
	if bots[0].Rating != want[0] || bots[1].Rating != want[1] {
		t.Errorf("ratings %+v, want %+v", bots, want)
	}
	if n, _ := s.Games(); n != 2 {
		t.Errorf("%d games in the file", n)
	}
	if _, err := Open(path, "tracks"); err == nil {
		t.Error("an ants ladder opened as tracks")
	}
	// A removed bot comes back with its rating.
	if err := s.Add("c", "builtin:boss2"); err != nil {
		t.Fatal(err)
	}
}

// New bots lead the groups; their opponents are the closest ratings.
func TestChoose(t *testing.T) {
	m := openskill.Default()
	bots := []Bot{
		{Name: "old1", Rating: openskill.Rating{Mu: 30, Sigma: 2}, Games: 50},
		{Name: "old2", Rating: openskill.Rating{Mu: 20, Sigma: 2}, Games: 50},
		{Name: "old3", Rating: openskill.Rating{Mu: 26, Sigma: 3}, Games: 40},
		{Name: "new", Rating: m.New()},
	}
	groups := Choose(bots, 2, 3)
	if groups[0][0] != 3 || groups[0][1] != 2 {
		t.Errorf("first group %v: the new bot against the closest mean (old3)", groups[0])
	}
	if groups[1][0] != 3 {
		t.Errorf("second group %v: the new bot's sigma halved is still the largest", groups[1])
	}
	for _, g := range groups {
		if len(g) != 2 || g[0] == g[1] {
			t.Errorf("group %v", g)
		}
	}
}

func TestRunPlaysAndWrites(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "l.db"), "ants")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for name, spec := range map[string]string{"boss4": "builtin:boss4", "wait": "builtin:wait", "boss1": "builtin:boss1"} {
		s.Add(name, spec)
	}
	seen := 0
	n, err := Runner{Store: s, Games: 7, OnGame: func(Outcome) { seen++ }}.Run(context.Background())
	if err != nil || n != 7 || seen != 7 {
		t.Fatalf("%d games (%d seen): %v", n, seen, err)
	}
	bots, _ := s.Bots()
	total := 0
	for _, b := range bots {
		total += b.Games
	}
	if total != 14 {
		t.Errorf("%d bot-games for 7 games", total)
	}
	if bots[len(bots)-1].Name != "wait" {
		t.Errorf("leaderboard %+v: wait should be last", bots)
	}
	// The count is written as every command writes it ("2", not "2 to 2").
	if _, err := (Runner{Store: s, Size: 3}).Run(context.Background()); err == nil || !strings.Contains(err.Error(), "ants games have 2 players, not 3") {
		t.Errorf("3-bot ants games: %v", err)
	}
}
