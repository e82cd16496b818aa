package matchmaking_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/matchmaking"

	"github.com/riverqueue/river"
	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/format/rounds"
	"github.com/seed27749672/arena/platform/format/sidequest"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/worker"
)

// countedReads is a store that counts the reads a scheduling pass and the
// results make.
type countedReads struct {
	store.Store
	mu                           sync.Mutex
	teams, ratings, wholeMatches int
	perSubmission                int // SubmissionMatches
	team                         int // Team: one team alone
	counts                       int // CountMatches and MatchCounts
}

func (c *countedReads) CountMatches(ctx context.Context, eventID int64, kind string) (int, int, error) {
	c.mu.Lock()
	c.counts++
	c.mu.Unlock()
	return c.Store.CountMatches(ctx, eventID, kind)
}

func (c *countedReads) MatchCounts(ctx context.Context, eventID int64) (store.MatchCounts, error) {
	c.mu.Lock()
	c.counts++
	c.mu.Unlock()
	return c.Store.MatchCounts(ctx, eventID)
}

func (c *countedReads) Team(ctx context.Context, id int64) (store.Team, error) {
	c.mu.Lock()
	c.team++
	c.mu.Unlock()
	return c.Store.Team(ctx, id)
}

func (c *countedReads) SubmissionMatches(ctx context.Context, subID int64, kind string) ([]store.Match, error) {
	c.mu.Lock()
	c.perSubmission++
	c.mu.Unlock()
	return c.Store.SubmissionMatches(ctx, subID, kind)
}

func (c *countedReads) Teams(ctx context.Context, eventID int64) ([]store.Team, error) {
	c.mu.Lock()
	c.teams++
	c.mu.Unlock()
	return c.Store.Teams(ctx, eventID)
}

func (c *countedReads) Ratings(ctx context.Context, eventID int64) (map[int64]store.Rating, error) {
	c.mu.Lock()
	c.ratings++
	c.mu.Unlock()
	return c.Store.Ratings(ctx, eventID)
}

func (c *countedReads) Matches(ctx context.Context, eventID int64, limit int) ([]store.Match, error) {
	if limit > api.RecentMatches {
		c.mu.Lock()
		c.wholeMatches++
		c.mu.Unlock()
	}
	return c.Store.Matches(ctx, eventID, limit)
}

func (c *countedReads) reset() (teams, ratings, whole int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	teams, ratings, whole = c.teams, c.ratings, c.wholeMatches
	c.teams, c.ratings, c.wholeMatches, c.perSubmission, c.team, c.counts = 0, 0, 0, 0, 0, 0
	return
}

// counted is how many times the event's matches were counted.
func (c *countedReads) counted() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.counts
}

// alone is how many times one team was read alone.
func (c *countedReads) alone() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.team
}

// sideQuestBoardPerTeam is the side-quest board (sidequest.ReadBoard) as
// it was: two reads per team
// (its active submission's casual and final games), each scanning the
// event's matches on SQLite. The benchmark's baseline, and the answer
// the new one must give.
func sideQuestBoardPerTeam(ctx context.Context, p *platform.Platform, eventID int64) ([]sidequest.Line, error) {
	main, err := p.EventStandings(ctx, eventID) // the overall order, as format.Host's Ranked gives it
	if err != nil {
		return nil, err
	}
	var out []sidequest.Line
	for _, s := range main {
		line := sidequest.Line{Team: s.Team}
		if s.Team.Active != 0 {
			for _, kind := range []string{store.KindCasual, store.KindFinal} {
				ms, err := p.Store.SubmissionMatches(ctx, s.Team.Active, kind)
				if err != nil {
					return nil, err
				}
				for _, m := range ms {
					seat := slices.Index(m.Submissions, s.Team.Active)
					if m.Error != "" || seat < 0 || seat >= len(m.Stats) {
						continue
					}
					line.Games++
					if m.Stats[seat]["sideQuestPoints"] >= 1 {
						line.Points++
					}
				}
			}
		}
		if line.Games > 0 {
			line.Average = float64(line.Points) / float64(line.Games)
		}
		out = append(out, line)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Average > out[j].Average })
	for i := range out {
		out[i].Rank = i + 1
	}
	return out, nil
}

// readyTeams joins n teams, each with a ready Python submission stored
// countedPlatform opens a platform whose store counts its reads, with an
// event of game and n teams whose bots are built, and starts its jobs
// (builds only: no match worker, no scheduler). The reads are counted from
// its return; the jobs stop with the test.
func countedPlatform(t *testing.T, game, name string, n int) (*platform.Platform, store.Event, []store.Team, *countedReads) {
	t.Helper()
	ctx := context.Background()
	p := platformtest.Open(t)
	ev, invite := platformtest.Event(t, p, game, name)
	teams := readyTeams(t, p, invite, n)
	reads := &countedReads{Store: p.Store}
	p.Store = reads
	if err := p.StartJobs(ctx, worker.Options{Build: build.Options{Unsafe: true}}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.StopJobs(ctx) })
	reads.reset()
	return p, ev, teams, reads
}

// as a finished build would leave it (no build job).
func readyTeams(tb testing.TB, p *platform.Platform, invite string, n int) []store.Team {
	tb.Helper()
	ctx := context.Background()
	var out []store.Team
	for i := range n {
		tm, _, err := p.Join(ctx, invite, fmt.Sprintf("team %d", i))
		if err != nil {
			tb.Fatal(err)
		}
		s, err := p.Store.CreateSubmission(ctx, store.Submission{TeamID: tm.ID, Filename: "bot.py", Status: store.StatusQueued})
		if err != nil {
			tb.Fatal(err)
		}
		if err := p.Store.FinishBuild(ctx, s.ID, store.StatusReady, "python", "", nil); err != nil {
			tb.Fatal(err)
		}
		tm.Active = s.ID
		out = append(out, tm)
	}
	return out
}

// TestASchedulingPassReadsTheEventOnce: a scheduler tick that fills four
// free places of an event reads its teams and ratings once, and counts its
// matches once, not once per match, and spreads its matches over the teams: each of 8 new teams plays
// as often as the others, where every place of a tick took the same
// teams (their ratings do not move before a match ends).
func TestASchedulingPassReadsTheEventOnce(t *testing.T) {
	ctx := context.Background()
	// no match worker and no scheduler of its own: the test ticks
	p, ev, teams, reads := countedPlatform(t, "ants", "Spring", 8)
	if n, err := p.Schedule(ctx, 4); n != 4 || err != nil {
		t.Fatalf("%d queued: %v", n, err)
	}
	alone, counted := reads.alone(), reads.counted()
	if tr, rr, _ := reads.reset(); tr != 1 || rr != 1 || alone != 0 {
		t.Errorf("one tick of 4 matches read the teams %d times, the ratings %d times, and a team alone %d times; want once, once and never", tr, rr, alone)
	}
	if counted != 1 { // the fit's key and its read of the new matches share one count
		t.Errorf("one tick of 4 matches counted the event's matches %d times; want once", counted)
	}
	res, err := p.Jobs.Running().JobList(ctx, river.NewJobListParams().Kinds("match").First(100))
	if err != nil || len(res.Jobs) != 4 {
		t.Fatalf("%d jobs: %v", len(res.Jobs), err)
	}
	plays := map[int64]int{}
	for _, j := range res.Jobs {
		var a queue.Match
		if err := queue.Decode(j, &a); err != nil || a.Event != ev.ID {
			t.Fatalf("%+v %v", a, err)
		}
		for _, tm := range a.Teams {
			if tm != 0 {
				plays[tm]++
			}
		}
	}
	least, most := 1<<30, 0
	for _, tm := range teams {
		least, most = min(least, plays[tm.ID]), max(most, plays[tm.ID])
	}
	if most-least > 1 {
		t.Errorf("games per team in one tick: %v (from %d to %d)", plays, least, most)
	}
	if n, err := p.Schedule(ctx, 4); n != 0 || err != nil {
		t.Fatalf("a tick with no free place queued %d: %v", n, err)
	}
	if tr, rr, _ := reads.reset(); tr != 0 || rr != 0 {
		t.Errorf("a tick with no free place read the teams %d times and the ratings %d times", tr, rr)
	}
}

// TestResultsCountInTheDatabase: the final's progress, the ladder and
// the results count and read an event's matches by kind in the database,
// never loading all of them; their numbers are those of the matches. The
// side-quest board reads the event's rated games once, not each team's
// apart, and gives what it gave.
func TestResultsCountInTheDatabase(t *testing.T) {
	ctx := context.Background()
	p := platformtest.Open(t)
	ev, invite := platformtest.Event(t, p, "territory", "Ready")
	teams := readyTeams(t, p, invite, 4)
	if _, err := rounds.Start(ctx, p.FormatHost(), ev.ID, rounds.Round{Players: 4, At: time.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	ids := []int64{teams[0].ID, teams[1].ID, teams[2].ID, teams[3].ID}
	for i, c := range []struct {
		kind, failure string
		round         int64
	}{{store.KindCasual, "", 0}, {store.KindCasual, "", 0}, {store.KindCasual, "crashed", 0}, {store.KindRanked, "", 1}, {store.KindRanked, "timeout", 1}, {store.KindFinal, "", 0}} {
		m := store.Match{EventID: ev.ID, Key: fmt.Sprintf("m-%d", i), Kind: c.kind, Round: c.round, Teams: ids, Submissions: []int64{1, 2, 3, 4},
			Ranks: []int{1, 2, 3, 4}, Scores: []float64{40, 30, 20, 10}, Error: c.failure,
			Stats: []map[string]float64{{"sideQuestPoints": 1}, {"sideQuestPoints": float64(i % 2)}, {}, {}}}
		if _, err := p.Store.RecordMatch(ctx, m, nil); err != nil {
			t.Fatal(err)
		}
	}
	// the leaderboard's fit reads the rated matches once, then again only
	// when they change (fit.go): read it before counting
	if _, err := p.Leaderboard(ctx, ev.ID); err != nil {
		t.Fatal(err)
	}
	reads := &countedReads{Store: p.Store}
	p.Store = reads
	if n, _, err := p.Store.CountMatches(ctx, ev.ID, store.KindFinal); n != 1 || err != nil {
		t.Errorf("final games: %d %v", n, err)
	}
	l, err := rounds.ReadBoard(ctx, p.FormatHost(), ev.ID)
	if err != nil || len(l.Games) != 2 || len(l.Rounds) != 1 || l.Rounds[0].Played != 1 || l.Rounds[0].Failed != 1 {
		t.Errorf("the ladder: %d games, rounds %+v: %v", len(l.Games), l.Rounds, err)
	}
	res, err := p.EventResults(ctx, ev.ID)
	if err != nil || res.Matches != 4 || len(platformtest.SectionOf[rounds.LadderLine](res, "ladder")) != 4 {
		t.Errorf("the results: %d matches played, %d ladder lines: %v", res.Matches, len(platformtest.SectionOf[rounds.LadderLine](res, "ladder")), err)
	}
	if _, _, whole := reads.reset(); whole != 0 {
		t.Errorf("%d reads of every match of the event", whole)
	}
	board, err := sidequest.ReadBoard(ctx, p.FormatHost(), ev.ID, "sideQuestPoints")
	if err != nil || len(board) != 4 || board[0].Games != 3 || board[0].Points != 3 || board[0].Team.ID != teams[0].ID || board[1].Points != 2 {
		t.Errorf("the side-quest board: %+v %v", board, err)
	}
	if reads.perSubmission != 0 {
		t.Errorf("the side-quest board read each team's games apart: %d reads", reads.perSubmission)
	}
	if old, _ := sideQuestBoardPerTeam(ctx, p, ev.ID); !reflect.DeepEqual(board, old) {
		t.Errorf("the side-quest board changed:\n%+v\n%+v", board, old)
	}
}

// BenchmarkSchedulerReads: an event of 100 teams and 20,000 recorded
// matches (19,875 casual, 1% of them failed, and 125 ranked in 5 rounds).
// Each loop times, side by side:
//   - tick: one scheduler tick of the event with 16 free places (16
//     match jobs queued), its teams and ratings read once (now) or once
//     per match (before, RereadEachMatch);
//   - ladder: GET ladder's read (rounds.ReadBoard), the ranked games read
//     by kind (now) or picked from every match (before, platformtest.LoadEveryMatch);
//   - results: EventResults (arena event export's results.json), counts
//     in the database (now) or every match loaded (before);
//   - sidequest: tracks' side-quest board (GET sidequest, and the
//     results of a tracks event), the event's rated games read once (now)
//     or each team's read apart (before, sideQuestBoardPerTeam).
//
// Each reports before-ms, now-ms and before/now.
func BenchmarkSchedulerReads(b *testing.B) {
	ctx := context.Background()
	p, err := platform.Open(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	ev, invite, err := p.CreateEvent(ctx, "territory", "Ready", nil)
	if err != nil {
		b.Fatal(err)
	}
	teams := readyTeams(b, p, invite, 100)
	for range 5 {
		if _, err := rounds.Start(ctx, p.FormatHost(), ev.ID, rounds.Round{Players: 4, At: time.Now().Add(time.Hour)}); err != nil {
			b.Fatal(err)
		}
	}
	for i := range 20000 {
		m := store.Match{EventID: ev.ID, Key: fmt.Sprintf("m-%d", i), Kind: store.KindCasual, Seed: int64(i), Ranks: []int{1, 2, 3, 4},
			Scores: []float64{40, 30, 20, 10}, Stats: []map[string]float64{{"cells": 40}, {"cells": 30}, {"cells": 20}, {"cells": 10}}}
		if i%160 == 0 {
			m.Kind, m.Round = store.KindRanked, int64(1+(i/160)%5)
		} else if i%100 == 1 {
			m.Error = "a bot could not start"
		}
		for k := range 4 {
			tm := teams[(i*4+k)%len(teams)]
			m.Teams, m.Submissions = append(m.Teams, tm.ID), append(m.Submissions, tm.Active)
		}
		if _, err := p.Store.RecordMatch(ctx, m, func(cur map[int64]store.Rating) []store.Rating { return matchmaking.RateMatch(m, cur) }); err != nil {
			b.Fatal(err)
		}
	}
	if err := p.StartJobs(ctx, worker.Options{Build: build.Options{Unsafe: true}}); err != nil {
		b.Fatal(err)
	}
	defer p.StopJobs(ctx)
	now, before := p.Store, platformtest.LoadEveryMatch{Store: p.Store}

	type timing struct{ before, now time.Duration }
	if a, err := sidequest.ReadBoard(ctx, p.FormatHost(), ev.ID, "sideQuestPoints"); err != nil {
		b.Fatal(err)
	} else if c, _ := sideQuestBoardPerTeam(ctx, p, ev.ID); !reflect.DeepEqual(a, c) || a[0].Games == 0 {
		b.Fatalf("the side-quest boards differ:\n%+v\n%+v", a[:3], c[:3])
	}
	var tick, ladder, results, sq timing
	measure := func(into *time.Duration, f func() error) {
		start := time.Now()
		if err := f(); err != nil {
			b.Fatal(err)
		}
		*into += time.Since(start)
	}
	var ranked, played int
	n := 0
	for b.Loop() {
		p.RereadEachMatch = true
		measure(&tick.before, func() error { _, err := p.ScheduleEvent(ctx, ev, 16, 0, nil); return err })
		p.RereadEachMatch = false
		measure(&tick.now, func() error { _, err := p.ScheduleEvent(ctx, ev, 16, 0, nil); return err })
		measure(&sq.before, func() error { _, err := sideQuestBoardPerTeam(ctx, p, ev.ID); return err })
		measure(&sq.now, func() error { _, err := sidequest.ReadBoard(ctx, p.FormatHost(), ev.ID, "sideQuestPoints"); return err })
		p.Store = before
		measure(&ladder.before, func() error { _, err := rounds.ReadBoard(ctx, p.FormatHost(), ev.ID); return err })
		measure(&results.before, func() error { _, err := p.EventResults(ctx, ev.ID); return err })
		p.Store = now
		measure(&ladder.now, func() error {
			l, err := rounds.ReadBoard(ctx, p.FormatHost(), ev.ID)
			ranked = len(l.Games)
			return err
		})
		measure(&results.now, func() error { r, err := p.EventResults(ctx, ev.ID); played = r.Matches; return err })
		n++
	}
	if ranked != 125 || played != 20000-200 {
		b.Fatalf("%d ranked games, %d played", ranked, played)
	}
	for _, r := range []struct {
		name string
		t    timing
	}{{"tick", tick}, {"ladder", ladder}, {"results", results}, {"sidequest", sq}} {
		b.ReportMetric(float64(r.t.before.Microseconds())/1000/float64(n), r.name+"-before-ms")
		b.ReportMetric(float64(r.t.now.Microseconds())/1000/float64(n), r.name+"-now-ms")
		b.ReportMetric(float64(r.t.before)/float64(r.t.now), r.name+"-before/now")
	}
}

// ladderEvent is a territory event of n teams with casual recorded
// casual matches (1% failed) and rounds ranked rounds of 4-player games,
// drawn and each game recorded (one failed in each round, so that a
// round counts both): what GET ladder reads. It returns the event and
// the first team's token.
func ladderEvent(tb testing.TB, p *platform.Platform, n, casual, rs int) (store.Event, string) {
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
	p := platformtest.Open(t)
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
// match of the event (before: platformtest.LoadEveryMatch, the read GET ladder made
// before Store.MatchesOfKind), and checks both answer the same bytes.
// It reports before-ms, now-ms and before/now for each.
func BenchmarkGetLadder(b *testing.B) {
	ctx := context.Background()
	p, err := platform.Open(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	ev, token := ladderEvent(b, p, 100, 20000, 3)
	org, err := p.FirstOrganiserToken(ctx)
	if err != nil {
		b.Fatal(err)
	}
	ts := httptest.NewServer(p.Handler(api.Options{}))
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
	now, before := p.Store, platformtest.LoadEveryMatch{Store: p.Store}
	gets := []struct {
		name, path, token string
		before, now       time.Duration
	}{
		{name: "team", path: api.Prefix + "ladder", token: token},
		{name: "organiser", path: fmt.Sprintf("%sorganiser/events/%d/ladder", api.Prefix, ev.ID), token: org},
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

// TestAMatchReadsItsTeamsTwice: a casual match job reads each of its
// teams before it plays (is it suspended? its bot's spec comes from the
// same read) and after (did it leave its league, or change its bot,
// meanwhile?), not a third time for its bot.
func TestAMatchReadsItsTeamsTwice(t *testing.T) {
	ctx := context.Background()
	p, ev, teams, reads := countedPlatform(t, "tracks", "Summer", 2)
	a := queue.Match{Event: ev.ID, Key: "casual-reads", Seed: 1, Teams: []int64{teams[0].ID, teams[1].ID}, Submissions: []int64{teams[0].Active, teams[1].Active}}
	if err := p.PlayMatch(ctx, a); err != nil {
		t.Fatal(err)
	}
	if ms, err := p.Store.Matches(ctx, ev.ID, 1); err != nil || len(ms) != 1 || ms[0].Key != a.Key {
		t.Fatalf("the match not recorded: %+v %v", ms, err)
	}
	if n := reads.alone(); n != 4 {
		t.Errorf("a match of 2 teams read a team alone %d times; want 4 (each before and after it plays)", n)
	}
}
