package platform

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/store"
)

// queuedMatchArgs are the match jobs queued, not yet played (no worker
// runs in the tests that read them).
func queuedMatchArgs(t *testing.T, p *Platform) []matchArgs {
	t.Helper()
	res, err := p.river.JobList(context.Background(), river.NewJobListParams().Kinds("match").First(1000))
	if err != nil {
		t.Fatal(err)
	}
	var out []matchArgs
	for _, j := range res.Jobs {
		var a matchArgs
		if err := unmarshalArgs(j, &a); err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	return out
}

// leaguesEvent is an event of game with its leagues on and n teams whose
// bots are built.
func leaguesEvent(t *testing.T, p *Platform, game string, n int) (store.Event, []store.Team) {
	t.Helper()
	ctx := context.Background()
	ev, invite, err := p.CreateEvent(ctx, game, "Leagues", nil)
	if err != nil {
		t.Fatal(err)
	}
	ev.Settings.Leagues = true
	if err := p.Store.UpdateEvent(ctx, ev); err != nil {
		t.Fatal(err)
	}
	return ev, readyTeams(t, p, invite, n)
}

// TestBossOnlyLeaguesQueueOnlyPromotionGames: in tracks' leagues 1 and 2
// (objective leagues, whose goal is seat 0's) a team plays only its
// promotion test against the boss: the scheduler queues the tests' games
// and no casual game there, with the house bot or between teams; once two
// teams are in league 3, casual games are queued there, between them (or
// with league 3's boss), never with a team of league 1. Ants' lower leagues
// are won on points: their teams play each other.
func TestBossOnlyLeaguesQueueOnlyPromotionGames(t *testing.T) {
	p := openTest(t)
	ctx := context.Background()
	_, teams := leaguesEvent(t, p, "tracks", 4)
	// the job queue without workers: the games stay queued
	if err := p.StartJobs(ctx, JobOptions{Build: build.Options{Unsafe: true}}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	for tick := range 2 {
		if _, err := p.schedule(ctx, 4); err != nil {
			t.Fatal(err)
		}
		jobs := queuedMatchArgs(t, p)
		if len(jobs) != len(teams) {
			t.Errorf("tick %d: %d games queued, want each team's first promotion game", tick, len(jobs))
		}
		for _, a := range jobs {
			if a.MatchKind != store.KindPromotion || a.League != 1 {
				t.Errorf("tick %d: a %q game in league %d between %v, while every team is in league 1", tick, a.MatchKind, a.League, a.Teams)
			}
		}
	}
	// two teams reach league 3 (as a promotion moves them)
	upper := []int64{teams[2].ID, teams[3].ID}
	for _, id := range upper {
		if _, err := p.Store.SetLeague(ctx, id, 1, 3); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := p.schedule(ctx, 4); err != nil {
		t.Fatal(err)
	}
	casual := 0
	for _, a := range queuedMatchArgs(t, p) {
		if a.MatchKind == store.KindPromotion {
			continue
		}
		casual++
		if a.League != 3 || a.MatchKind != "" && a.MatchKind != store.KindCasual {
			t.Errorf("a %q game in league %d", a.MatchKind, a.League)
		}
		for _, id := range a.Teams {
			if id != 0 && !slices.Contains(upper, id) {
				t.Errorf("casual game %v: team %d is in league 1", a.Teams, id)
			}
		}
	}
	if casual != 4 {
		t.Errorf("%d casual games queued in league 3, want 4", casual)
	}
}

// TestPointsLeaguesPlayCasualGames: ants' leagues are won on points (none
// is boss-only): two teams of league 1 play casual games there besides
// their tests.
func TestPointsLeaguesPlayCasualGames(t *testing.T) {
	p := openTest(t)
	ctx := context.Background()
	_, teams := leaguesEvent(t, p, "ants", 2)
	if err := p.StartJobs(ctx, JobOptions{Build: build.Options{Unsafe: true}}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	if _, err := p.schedule(ctx, 2); err != nil {
		t.Fatal(err)
	}
	var promotion, casual int
	for _, a := range queuedMatchArgs(t, p) {
		switch {
		case a.MatchKind == store.KindPromotion:
			promotion++
		case a.League == 1 && (slices.Contains(a.Teams, teams[0].ID) || slices.Contains(a.Teams, teams[1].ID)):
			casual++
		default:
			t.Errorf("a %q game in league %d between %v", a.MatchKind, a.League, a.Teams)
		}
	}
	if promotion != 2 || casual != 2 {
		t.Errorf("%d promotion and %d casual games queued, want 2 and 2", promotion, casual)
	}
}

// TestBossOnlyLeaderboard: a boss-only league ranks its teams by their
// promotion tests (most wins, then fewest games; the same record shares
// a rank), each line with its test and boss_only; a team's own league
// says boss_only and its test; the organiser's teams are every league's,
// the top first; a team whose bot failed its test submits again, and the
// new submission takes the test from its first game.
func TestBossOnlyLeaderboard(t *testing.T) {
	p := openTest(t)
	ctx := context.Background()
	ev, invite, err := p.CreateEvent(ctx, "tracks", "Summer", nil)
	if err != nil {
		t.Fatal(err)
	}
	ev.Settings.Leagues = true
	if err := p.Store.UpdateEvent(ctx, ev); err != nil {
		t.Fatal(err)
	}
	names := []string{"Ants", "Bees", "Cats", "Dogs", "Eels", "Fish"}
	var teams []store.Team
	var tokens []string
	for _, n := range names {
		tm, token, err := p.Join(ctx, invite, n)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := p.Store.CreateSubmission(ctx, store.Submission{TeamID: tm.ID, Filename: "bot.py", Status: store.StatusQueued})
		if err := p.Store.FinishBuild(ctx, s.ID, store.StatusReady, "python", "", nil); err != nil {
			t.Fatal(err)
		}
		tm.Active = s.ID
		teams = append(teams, tm)
		tokens = append(tokens, token)
	}
	if err := p.StartJobs(ctx, JobOptions{Build: build.Options{Unsafe: true}}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	if _, err := p.schedule(ctx, 4); err != nil { // every team in league 1, its first game queued
		t.Fatal(err)
	}
	// Fish is in league 3 (rated games, its test against boss3)
	if _, err := p.Store.SetLeague(ctx, teams[5].ID, 1, 3); err != nil {
		t.Fatal(err)
	}
	// the tests so far, as the games recorded them ('w' won, 'l' lost)
	played := map[int]string{0: "ww", 1: "wl", 2: "lll", 4: "lw"}
	for i, games := range played {
		for k, g := range games {
			ranks := []int{2, 1}
			if g == 'w' {
				ranks = []int{1, 2}
			}
			key := fmt.Sprintf("promotion-%d-1-%d", teams[i].Active, k)
			if _, err := p.Store.RecordMatch(ctx, store.Match{EventID: ev.ID, Key: key, Kind: store.KindPromotion, League: 1,
				Teams: []int64{teams[i].ID, 0}, Submissions: []int64{teams[i].Active, 0}, Ranks: ranks}, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	type line struct {
		Rank      int
		Team      string
		League    int
		BossOnly  bool             `json:"boss_only"`
		Promotion *PromotionRecord `json:"promotion"`
	}
	ts := server(t, p, &fakeClock{t: time.Now()})
	board := func(q string) []line {
		t.Helper()
		code, b := call(t, ts, "GET", APIPrefix+"leaderboard"+q, tokens[0], "", nil)
		var out []line
		if code != 200 || json.Unmarshal(b, &out) != nil {
			t.Fatalf("leaderboard%s: %d %s", q, code, b)
		}
		return out
	}
	want := []line{
		{1, "Ants", 1, true, &PromotionRecord{League: 1, Played: 2, Wins: 2, State: TestPlaying}},
		{2, "Bees", 1, true, &PromotionRecord{League: 1, Played: 2, Wins: 1, State: TestPlaying}},
		{2, "Eels", 1, true, &PromotionRecord{League: 1, Played: 2, Wins: 1, State: TestPlaying}},
		{4, "Dogs", 1, true, &PromotionRecord{League: 1, Played: 0, Wins: 0, State: TestWaiting}},
		{5, "Cats", 1, true, &PromotionRecord{League: 1, Played: 3, Wins: 0, State: TestNotPromoted}},
	}
	if got := board("?league=1"); !reflect.DeepEqual(got, want) {
		t.Errorf("league 1:\n got %s\nwant %s", show(got), show(want))
	}
	if got := board("?league=3"); len(got) != 1 || got[0].Team != "Fish" || got[0].BossOnly || got[0].Promotion == nil ||
		*got[0].Promotion != (PromotionRecord{League: 3, Played: 0, Wins: 0, State: TestWaiting}) {
		t.Errorf("league 3: %s", show(got))
	}
	// the team's own league
	code, b := call(t, ts, "GET", APIPrefix+"team", tokens[2], "", nil)
	var team struct {
		League struct {
			BossOnly bool `json:"boss_only"`
			Test     PromotionRecord
		}
	}
	if code != 200 || json.Unmarshal(b, &team) != nil || !team.League.BossOnly || team.League.Test != (PromotionRecord{League: 1, Played: 3, Wins: 0, State: TestNotPromoted}) {
		t.Errorf("Cats' team: %d %s", code, b)
	}
	// the organiser's teams: league 3 first, then league 1 by the tests
	org, err := p.NewOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	code, b = call(t, ts, "GET", fmt.Sprintf("%sorganiser/events/%d/teams", APIPrefix, ev.ID), org, "", nil)
	var orgTeams []struct {
		Rank   int
		Name   string
		League int
	}
	if code != 200 || json.Unmarshal(b, &orgTeams) != nil {
		t.Fatalf("organiser teams: %d %s", code, b)
	}
	var order []string
	for _, l := range orgTeams {
		order = append(order, fmt.Sprintf("%d:%d:%s", l.League, l.Rank, l.Name))
	}
	if got := strings.Join(order, " "); got != "3:1:Fish 1:1:Ants 1:2:Bees 1:2:Eels 1:4:Dogs 1:5:Cats" {
		t.Errorf("organiser teams: %s", got)
	}
	// the exported results: the same order and ranks, with the tests
	res, err := p.EventResults(ctx, ev.ID)
	if err != nil {
		t.Fatal(err)
	}
	order = nil
	for _, l := range res.Standings {
		order = append(order, fmt.Sprintf("%d:%d:%s:%v:%v", l.League, l.Rank, l.Team, l.BossOnly, l.Promotion != nil))
	}
	if got := strings.Join(order, " "); got != "3:1:Fish:false:true 1:1:Ants:true:true 1:2:Bees:true:true 1:2:Eels:true:true 1:4:Dogs:true:true 1:5:Cats:true:true" {
		t.Errorf("results: %s", got)
	}
	// Cats submits again: its new bot takes league 1's test from game 1
	s, _ := p.Store.CreateSubmission(ctx, store.Submission{TeamID: teams[2].ID, Filename: "bot.py", Status: store.StatusQueued})
	if err := p.Store.FinishBuild(ctx, s.ID, store.StatusReady, "python", "", nil); err != nil {
		t.Fatal(err)
	}
	if got := board("?league=1"); got[3].Team != "Cats" || *got[3].Promotion != (PromotionRecord{League: 1, Played: 0, Wins: 0, State: TestWaiting}) {
		t.Errorf("after Cats' new submission: %s", show(got))
	}
	// (the old bot's first game is still queued here, no worker plays it:
	// the sweep is told no game is pending)
	if _, err := p.sweepPromotions(ctx, ev, nil, nil); err != nil {
		t.Fatal(err)
	}
	key := fmt.Sprintf("promotion-%d-1-0", s.ID)
	if !slices.ContainsFunc(queuedMatchArgs(t, p), func(a matchArgs) bool { return a.Key == key && a.Teams[0] == teams[2].ID }) {
		t.Errorf("Cats' new submission: no game %s queued", key)
	}
}

// show is a leaderboard's lines for a test's message.
func show(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestPromotionStartsTheRatingAgain: a rating is a team's standing among
// its league's teams. A team of ants' league 1 with rated games there,
// promoted by its test, enters league 2 without a rating (its games and
// record start again); a game of league 1 that ends after the team moved
// up does not rate it, and rates its opponent as it played.
func TestPromotionStartsTheRatingAgain(t *testing.T) {
	p := openTest(t)
	ctx := context.Background()
	ev, teams := leaguesEvent(t, p, "ants", 2)
	owls, bats := teams[0], teams[1]
	for _, tm := range teams {
		if _, err := p.Store.SetLeague(ctx, tm.ID, 0, 1); err != nil {
			t.Fatal(err)
		}
	}
	casual := func(key string) store.Match {
		return store.Match{EventID: ev.ID, Key: key, Kind: store.KindCasual, League: 1, Teams: []int64{owls.ID, bats.ID},
			Submissions: []int64{owls.Active, bats.Active}, Ranks: []int{1, 2}}
	}
	if _, err := p.Store.RecordMatch(ctx, casual("c-1"), func(cur map[int64]store.Rating) []store.Rating {
		return rateMatch(casual("c-1"), cur)
	}); err != nil {
		t.Fatal(err)
	}
	for k := range 3 { // Owls' bot wins league 1's test
		m := store.Match{EventID: ev.ID, Key: fmt.Sprintf("promotion-%d-1-%d", owls.Active, k), Kind: store.KindPromotion, League: 1,
			Teams: []int64{owls.ID, 0}, Submissions: []int64{owls.Active, 0}, Ranks: []int{1, 2}}
		if k == 1 {
			m.Teams, m.Submissions, m.Ranks = []int64{0, owls.ID}, []int64{0, owls.Active}, []int{2, 1}
		}
		if _, err := p.Store.RecordMatch(ctx, m, nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.StartJobs(ctx, JobOptions{Build: build.Options{Unsafe: true}}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	if _, err := p.sweepPromotions(ctx, ev, nil, nil); err != nil {
		t.Fatal(err)
	}
	if tm, _ := p.Store.Team(ctx, owls.ID); tm.League != 2 {
		t.Fatalf("Owls in league %d, want 2", tm.League)
	}
	ratings, _ := p.Store.Ratings(ctx, ev.ID)
	if r, ok := ratings[owls.ID]; ok {
		t.Errorf("Owls entered league 2 with league 1's rating: %+v", r)
	}
	if ratings[bats.ID].Games != 1 {
		t.Errorf("Bats, still in league 1: %+v", ratings[bats.ID])
	}
	two, _ := p.LeagueLeaderboard(ctx, ev.ID, 2)
	if len(two) != 1 || two[0].Rating.Games != 0 || two[0].Score() != 0 {
		t.Errorf("league 2: %+v", two)
	}
	// a league 1 game played while Owls moved up: Bats only is rated
	a := matchArgs{Event: ev.ID, League: 1, Teams: []int64{owls.ID, bats.ID}}
	left, err := p.leftLeague(ctx, a)
	if err != nil || !left[owls.ID] || left[bats.ID] {
		t.Fatalf("left league 1: %v %v", left, err)
	}
	late := casual("c-2")
	if _, err := p.Store.RecordMatch(ctx, late, func(cur map[int64]store.Rating) []store.Rating {
		return rateInLeague(late, cur, left)
	}); err != nil {
		t.Fatal(err)
	}
	ratings, _ = p.Store.Ratings(ctx, ev.ID)
	if _, ok := ratings[owls.ID]; ok || ratings[bats.ID].Games != 2 || ratings[bats.ID].Losses != 2 {
		t.Errorf("after a late league 1 game: %+v", ratings)
	}
}
