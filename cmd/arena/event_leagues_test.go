package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/store"
)

// TestEventTeamsByLeague: arena event teams of a tracks event with
// leagues lists every league's teams, the top one first: league 3's with
// its rating and its promotion test, league 1's (boss only: no rating)
// ranked by their tests; --json adds the league, the test and boss_only.
// A team's arena leaderboard --league N shows that league's, with the
// tests, and no rating in a boss-only league.
func TestEventTeamsByLeague(t *testing.T) {
	ctx := context.Background()
	data := filepath.Join(t.TempDir(), "data")
	p, err := platform.Open(ctx, data)
	if err != nil {
		t.Fatal(err)
	}
	ev, invite, err := p.CreateEvent(ctx, "tracks", "Summer", nil)
	if err != nil {
		t.Fatal(err)
	}
	ev.Settings.Leagues = true
	if err := p.Store.UpdateEvent(ctx, ev); err != nil {
		t.Fatal(err)
	}
	var token string
	for i, n := range []string{"Owls", "Bats", "Cats"} {
		tm, tok, err := p.Join(ctx, invite, n)
		token = tok
		if err != nil {
			t.Fatal(err)
		}
		s, _ := p.Store.CreateSubmission(ctx, store.Submission{TeamID: tm.ID, Filename: "bot.py", Status: store.StatusQueued})
		if err := p.Store.FinishBuild(ctx, s.ID, store.StatusReady, "python", "", nil); err != nil {
			t.Fatal(err)
		}
		league := []int{1, 1, 3}[i]
		if _, err := p.Store.SetLeague(ctx, tm.ID, 0, league); err != nil {
			t.Fatal(err)
		}
		if n == "Bats" { // one game of its test won
			if _, err := p.Store.RecordMatch(ctx, store.Match{EventID: ev.ID, Key: fmt.Sprintf("promotion-%d-1-0", s.ID), Kind: store.KindPromotion,
				League: 1, Teams: []int64{tm.ID, 0}, Submissions: []int64{s.ID, 0}, Ranks: []int{1, 2}}, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	p.Close()
	out, stderr, code := run(t, "event", "teams", "1", "--data", data)
	if code != 0 {
		t.Fatalf("%d %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 || !strings.Contains(lines[0], "LEAGUE") || !strings.Contains(lines[0], "PROMOTION TEST") {
		t.Fatalf("event teams:\n%s", out)
	}
	for i, want := range [][]string{
		{"3 ", "Cats", "0.00", "0 of 0 won, waiting"},
		{"1 (boss only)", "Bats", " - ", "1 of 1 won, playing"},
		{"1 (boss only)", "Owls", " - ", "0 of 0 won, waiting"},
	} {
		for _, w := range want {
			if !strings.Contains(lines[i+1], w) {
				t.Errorf("line %d lacks %q:\n%s", i+1, w, out)
			}
		}
	}
	out, _, code = run(t, "event", "teams", "1", "--data", data, "--json")
	if code != 0 || !strings.Contains(out, `"boss_only": true`) || !strings.Contains(out, `"state": "playing"`) || !strings.Contains(out, `"league": 3`) {
		t.Errorf("event teams --json:\n%s", out)
	}
	// the leaderboards, through the server (its scheduler may play the
	// tests on: the lines say how they stand, whatever they are)
	url := startPlatform(t, data, "--unsafe-no-sandbox", "--casual-matches", "0")
	team := []string{"leaderboard", "--server", url, "--token", token}
	out, stderr, code = run(t, append(team, "--league", "1")...)
	if code != 0 || !strings.Contains(out, "only the promotion tests") || !strings.Contains(out, "RANK  TEAM  PROMOTION TEST") ||
		strings.Contains(out, "RATING") || strings.Count(out, " won, ") != 2 {
		t.Errorf("leaderboard --league 1: %d %s%s", code, out, stderr)
	}
	out, stderr, code = run(t, append(team, "--league", "3")...)
	if code != 0 || !strings.Contains(out, "RATING") || !strings.Contains(out, "PROMOTION TEST") || !strings.Contains(out, "Cats") || strings.Contains(out, "Owls") {
		t.Errorf("leaderboard --league 3: %d %s%s", code, out, stderr)
	}
	out, stderr, code = run(t, team...) // the team's own league's: league 3's
	if code != 0 || !strings.Contains(out, "PROMOTION TEST") || !strings.Contains(out, "Cats") || strings.Contains(out, "Owls") {
		t.Errorf("leaderboard: %d %s%s", code, out, stderr)
	}
	out, stderr, code = run(t, append(team, "--all")...) // every league's, the event's one ranking
	if code != 0 || !strings.Contains(out, "LEAGUE") || !strings.Contains(out, "Cats") || !strings.Contains(out, "Owls") {
		t.Errorf("leaderboard --all: %d %s%s", code, out, stderr)
	}
}
