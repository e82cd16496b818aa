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
