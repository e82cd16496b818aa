package platform

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/format/rounds"
	"github.com/seed27749672/arena/platform/store"
)

// ladderEvent is a territory event of n teams with casual recorded
// casual matches (1% failed) and rounds ranked rounds of 4-player games,
// drawn and each game recorded (one failed in each round, so that a
// round counts both): what GET ladder reads. It returns the event and
// the first team's token.
func ladderEvent(tb testing.TB, p *Platform, n, casual, rs int) (store.Event, string) {
	tb.Helper()
	ctx := context.Background()
	ev, invite, err := p.CreateEvent(ctx, "territory", "Ready", nil)
	if err != nil {
		tb.Fatal(err)
	}
	var token string
	var teams []store.Team
	for i := range n {
		tm, tok, err := p.Join(ctx, invite, fmt.Sprintf("team %d", i))
		if err != nil {
			tb.Fatal(err)
		}
		if i == 0 {
			token = tok
		}
		s, err := p.Store.CreateSubmission(ctx, store.Submission{TeamID: tm.ID, Filename: "bot.py", Status: store.StatusQueued})
		if err != nil {
			tb.Fatal(err)
		}
		if err := p.Store.FinishBuild(ctx, s.ID, store.StatusReady, "python", "", nil); err != nil {
			tb.Fatal(err)
		}
		tm.Active = s.ID
		teams = append(teams, tm)
	}
	record := func(m store.Match) {
		if _, err := p.Store.RecordMatch(ctx, m, nil); err != nil {
			tb.Fatal(err)
		}
	}
	for i := range casual {
		m := store.Match{EventID: ev.ID, Key: fmt.Sprintf("casual-%d", i), Kind: store.KindCasual, Seed: int64(i), Ranks: []int{1, 2, 3, 4},
			Scores: []float64{40, 30, 20, 10}, Stats: []map[string]float64{{"cells": 40}, {"cells": 30}, {"cells": 20}, {"cells": 10}}}
		if i%100 == 1 {
			m.Error = "a bot could not start"
		}
		for k := range 4 {
			tm := teams[(i*4+k)%len(teams)]
			m.Teams, m.Submissions = append(m.Teams, tm.ID), append(m.Submissions, tm.Active)
		}
		record(m)
	}
	// the rounds, drawn as the scheduler draws them when their time comes
	for range rs {
		if _, err := rounds.Start(ctx, p.FormatHost(), ev.ID, rounds.Round{Players: 4, At: time.Now().Add(time.Hour)}); err != nil {
			tb.Fatal(err)
		}
	}
	rounds.Update(ctx, p.FormatHost(), ev.ID, func(rs []rounds.Round) ([]rounds.Round, error) {
		for i := range rs {
			rs[i].At = time.Now().Add(-time.Second)
		}
		return rs, nil
	})
	if err := (rounds.Format{}).Schedule(ctx, p.FormatHost(), ev, time.Now()); err != nil {
		tb.Fatal(err)
	}
	all, err := rounds.List(ctx, p.FormatHost(), ev.ID)
	if err != nil {
		tb.Fatal(err)
	}
	for _, r := range all {
		for g, grp := range r.Groups {
			m := store.Match{EventID: ev.ID, Key: fmt.Sprintf("ranked-%d-%d-%d", ev.ID, r.Number, g), Kind: store.KindRanked, Round: int64(r.Number),
				Ranks: []int{1, 2, 3, 4}, Scores: []float64{40, 30, 20, 10}}
			if g == 1 {
				m.Error = "a bot could not start"
			}
			for _, k := range grp {
				m.Teams, m.Submissions = append(m.Teams, r.Teams[k]), append(m.Submissions, r.Submissions[k])
			}
			record(m)
		}
	}
	return ev, token
}

// TestLadderGamesOldestFirst: a team's games in each round (GET ladder's
// mine) come oldest first, as documented, though the store lists the
// ranked matches newest first.
func TestLadderGamesOldestFirst(t *testing.T) {
	p := openTest(t)
	ev, token := ladderEvent(t, p, 6, 10, 2)
	team, err := p.Authenticate(context.Background(), token)
	if err != nil {
		t.Fatal(err)
	}
	l, err := rounds.ReadBoard(context.Background(), p.FormatHost(), ev.ID)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(l.Games); i++ {
		if l.Games[i].ID < l.Games[i-1].ID {
			t.Fatalf("the rounds' games are not oldest first: %d after %d", l.Games[i].ID, l.Games[i-1].ID)
		}
	}
	for _, r := range l.Rounds {
		mine := l.TeamGames(team.ID, r.Number)
		if len(mine) != 2 { // 6 teams, games of 4: each plays 4/gcd(6,4) = 2
			t.Errorf("round %d: %d games of the team, want 2: %+v", r.Number, len(mine), mine)
		}
		for i := 1; i < len(mine); i++ {
			if mine[i].Match < mine[i-1].Match {
				t.Errorf("round %d: the team's games are not oldest first: %+v", r.Number, mine)
			}
		}
	}
}

// BenchmarkGetLadder: one GET ladder (the team's, with its games in each
// round, and the organiser's, polled every 2 s by its page while a round
// plays) of an event of 100 teams with 20,000 casual matches and 3 ranked
// rounds (75 games), through the HTTP handler. Each loop times, side by
// side, the ladder read by kind in the database (now) and picked from every
// match of the event (before: loadEveryMatch, the read GET ladder made
// before Store.MatchesOfKind), and checks both answer the same bytes.
// It reports before-ms, now-ms and before/now for each.
func BenchmarkGetLadder(b *testing.B) {
	ctx := context.Background()
	p, err := Open(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	ev, token := ladderEvent(b, p, 100, 20000, 3)
	org, err := p.FirstOrganiserToken(ctx)
	if err != nil {
		b.Fatal(err)
	}
	ts := httptest.NewServer(p.Handler(APIOptions{}))
	defer ts.Close()
	get := func(path, tok string) []byte {
		req, _ := http.NewRequest("GET", ts.URL+path, nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		if err != nil || res.StatusCode != 200 {
			b.Fatalf("GET %s: %d %s %v", path, res.StatusCode, body, err)
		}
		return body
	}
	now, before := p.Store, loadEveryMatch{p.Store}
	gets := []struct {
		name, path, token string
		before, now       time.Duration
	}{
		{name: "team", path: APIPrefix + "ladder", token: token},
		{name: "organiser", path: fmt.Sprintf("%sorganiser/events/%d/ladder", APIPrefix, ev.ID), token: org},
	}
	n := 0
	for b.Loop() {
		for i := range gets {
			g := &gets[i]
			p.Store = before
			start := time.Now()
			old := get(g.path, g.token)
			g.before += time.Since(start)
			p.Store = now
			start = time.Now()
			got := get(g.path, g.token)
			g.now += time.Since(start)
			if !bytes.Equal(old, got) || !bytes.Contains(got, []byte(`"played":24`)) {
				b.Fatalf("GET %s: the answers differ or lack the rounds:\n%.300s\n%.300s", g.name, old, got)
			}
		}
		n++
	}
	for _, g := range gets {
		b.ReportMetric(float64(g.before.Microseconds())/1000/float64(n), g.name+"-before-ms")
		b.ReportMetric(float64(g.now.Microseconds())/1000/float64(n), g.name+"-now-ms")
		b.ReportMetric(float64(g.before)/float64(g.now), g.name+"-before/now")
	}
}
