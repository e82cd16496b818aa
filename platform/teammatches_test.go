package platform

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/seed27749672/arena/platform/store"
)

// A team's promotion games stay in its list of matches however many
// casual games followed them: with house bots, casual games come by the
// hundred a minute and pushed the test that decided its league out of the
// event's latest matches.
func TestTeamSeesItsPromotionGamesAfterManyCasualOnes(t *testing.T) {
	ctx := context.Background()
	p := openTest(t)
	ev, invite, err := p.CreateEvent(ctx, "tracks", "League Cup", nil)
	if err != nil {
		t.Fatal(err)
	}
	ts := server(t, p, &fakeClock{})
	tm, token := join(t, ts, invite, "Bats")
	s, err := p.Store.CreateSubmission(ctx, store.Submission{TeamID: tm.ID, Filename: "bot.py", Status: store.StatusQueued})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Store.FinishBuild(ctx, s.ID, store.StatusReady, "python", "", nil); err != nil {
		t.Fatal(err)
	}
	record := func(key, kind string) {
		m := store.Match{EventID: ev.ID, Key: key, Kind: kind, League: 1, Teams: []int64{tm.ID, 0},
			Submissions: []int64{s.ID, 0}, Ranks: []int{1, 2}}
		if _, err := p.Store.RecordMatch(ctx, m, nil); err != nil {
			t.Fatal(err)
		}
	}
	for k := range 3 {
		record(fmt.Sprintf("promotion-%d-1-%d", s.ID, k), store.KindPromotion)
	}
	for k := range recentMatches + 20 {
		record(fmt.Sprintf("casual-%d", k), store.KindCasual)
	}
	code, b := call(t, ts, "GET", APIPrefix+"matches", token, "", nil)
	if code != http.StatusOK {
		t.Fatalf("matches: %d %s", code, b)
	}
	var list []struct {
		ID   int64
		Kind string
	}
	if err := json.Unmarshal(b, &list); err != nil {
		t.Fatal(err)
	}
	promo := 0
	for i, m := range list {
		if i > 0 && list[i-1].ID <= m.ID {
			t.Fatalf("matches not newest first at %d: %d then %d", i, list[i-1].ID, m.ID)
		}
		if m.Kind == store.KindPromotion {
			promo++
		}
	}
	if promo != 3 || len(list) != recentMatches+3 {
		t.Fatalf("got %d matches with %d promotion games, want the %d latest and the 3 promotion games", len(list), promo, recentMatches)
	}
}
