package platform

import (
	"context"
	"slices"
	"testing"

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
