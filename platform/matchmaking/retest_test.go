package matchmaking_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/riverqueue/river/rivertype"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/league"
	"github.com/seed27749672/arena/platform/matchmaking"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
)

// A team not promoted takes its league's test again on the organiser's
// word: its earlier games stay recorded but count no more, and the sweep
// queues its next game (numbered after them); a team in the top league,
// or of another event, is refused.
func TestTheOrganiserLetsATeamRetakeItsTest(t *testing.T) {
	p, ev, invite := antsLeagueEvent(t)
	ctx := context.Background()
	teams, _ := platformtest.JoinReady(t, p, invite, "Owls", "Bats")
	owls, bats := teams[0], teams[1]
	if _, err := p.Store.SetLeague(ctx, owls.ID, 0, 1); err != nil {
		t.Fatal(err)
	}
	owls.League = 1
	for k := range 3 { // three losses to the boss: not promoted
		key := fmt.Sprintf("promotion-%d-1-%d", owls.Active, k)
		m := store.Match{EventID: ev.ID, Key: key, Kind: store.KindPromotion, League: 1, Teams: []int64{owls.ID, 0}, Submissions: []int64{owls.Active, 0}, Ranks: []int{2, 1}}
		if _, err := p.Store.RecordMatch(ctx, m, nil); err != nil {
			t.Fatal(err)
		}
	}
	if test, err := p.TeamTest(ctx, owls); err != nil || test.State != matchmaking.TestNotPromoted {
		t.Fatalf("Owls' test: %+v %v, want not promoted", test, err)
	}
	ts := platformtest.Server(t, p, nil)
	org := platformtest.OrganiserToken(t, p)
	retest := func(team int64) (int, []byte) {
		return platformtest.Call(t, ts, "POST", fmt.Sprintf("%sorganiser/events/%d/teams/%d/retest", api.Prefix, ev.ID, team), org, "application/json", []byte(`{}`))
	}
	code, b := retest(owls.ID)
	var got apitypes.PromotionRecord
	if code != 200 || json.Unmarshal(b, &got) != nil || got != (apitypes.PromotionRecord{League: 1, State: matchmaking.TestWaiting}) {
		t.Fatalf("retest: %d %s, want the test waiting again", code, b)
	}
	if _, err := p.SweepPromotions(ctx, ev, nil, nil); err != nil {
		t.Fatal(err)
	}
	jobs := platformtest.MatchJobs(t, p)
	want := fmt.Sprintf("promotion-%d-1-3", owls.Active)
	if !slices.ContainsFunc(jobs, func(j *rivertype.JobRow) bool {
		var a queue.Match
		return queue.Decode(j, &a) == nil && a.Key == want
	}) {
		t.Errorf("no game %s queued after the retest", want)
	}
	board, err := p.LeagueLeaderboard(ctx, ev.ID, 1)
	if err != nil || len(board) == 0 || board[0].Test == nil || board[0].Test.State != matchmaking.TestWaiting {
		t.Errorf("league 1's leaderboard after the retest: %+v %v", board, err)
	}
	g, _ := game.Lookup("ants")
	top, _ := league.Top(g.Info())
	if _, err := p.Store.SetLeague(ctx, bats.ID, 1, top.Number); err != nil { // the sweep put it in league 1
		t.Fatal(err)
	}
	if code, b := retest(bats.ID); code != 400 {
		t.Errorf("a team of the top league: %d %s", code, b)
	}
	if code, b := retest(999); code != 400 {
		t.Errorf("no such team: %d %s", code, b)
	}
}

// A team whose test failed takes it again by itself once its rated games
// put its conservative rating above the boss's, rated from the league's
// promotion games (here: three teams that beat the boss, three that lost
// to it); not while its rating is below, nor before its rated games.
func TestAFailedTestIsRetakenByRating(t *testing.T) {
	p, ev, invite := antsLeagueEvent(t)
	ctx := context.Background()
	names := []string{"Owls", "S1", "S2", "S3", "W1", "W2", "W3"}
	teams, _ := platformtest.JoinReady(t, p, invite, names...)
	owls := teams[0]
	record := func(key string, m store.Match, rs ...store.Rating) {
		t.Helper()
		m.EventID, m.Key = ev.ID, key
		if _, err := p.Store.RecordMatch(ctx, m, func(map[int64]store.Rating) []store.Rating { return rs }); err != nil {
			t.Fatal(err)
		}
	}
	for i, tm := range teams {
		if _, err := p.Store.SetLeague(ctx, tm.ID, 0, 1); err != nil {
			t.Fatal(err)
		}
		ranks, mu := []int{2, 1}, 15.0 // Owls and W*: beaten by the boss
		if i >= 1 && i <= 3 {
			ranks, mu = []int{1, 2}, 35.0 // S*: they beat it
		}
		for k := range 3 {
			record(fmt.Sprintf("promotion-%d-1-%d", tm.Active, k), store.Match{Kind: store.KindPromotion, League: 1,
				Teams: []int64{tm.ID, 0}, Submissions: []int64{tm.Active, 0}, Ranks: ranks})
		}
		if i > 0 {
			record(fmt.Sprintf("casual-%d", tm.ID), store.Match{Kind: store.KindCasual, League: 1, Teams: []int64{tm.ID, owls.ID},
				Submissions: []int64{tm.Active, owls.Active}, Ranks: []int{1, 1}}, store.Rating{TeamID: tm.ID, Mu: mu, Sigma: 2, Games: 30})
		}
	}
	owls.League = 1
	retaken := func() bool {
		t.Helper()
		if _, err := p.SweepPromotions(ctx, ev, nil, nil); err != nil {
			t.Fatal(err)
		}
		test, err := p.TeamTest(ctx, owls)
		if err != nil {
			t.Fatal(err)
		}
		return test.State == matchmaking.TestWaiting
	}
	rate := func(key string, mu float64, games int) {
		record(key, store.Match{Kind: store.KindCasual, League: 1, Teams: []int64{owls.ID, teams[1].ID}, Submissions: []int64{owls.Active, teams[1].Active}, Ranks: []int{1, 2}},
			store.Rating{TeamID: owls.ID, Mu: mu, Sigma: 2, Games: games})
	}
	for _, c := range []struct {
		mu    float64
		games int
		want  bool
		why   string
	}{
		{40, 10, false, "too few rated games"},
		{20, 25, false, "a rating below the boss's"},
		{40, 26, true, "a rating above the boss's"},
	} {
		rate(fmt.Sprintf("casual-owls-%d", c.games), c.mu, c.games)
		retaken() // the first sweep notes the test decided
		if got := retaken(); got != c.want {
			t.Errorf("%s: retaken %v", c.why, got)
		}
	}
}
