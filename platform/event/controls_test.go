package event_test

import (
	"context"
	"testing"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
)

// leagueEvent is an event of game with leagues on, whose teams (one per
// name) have a ready bot, each moved to its league of leagues.
func leagueEvent(t *testing.T, game string, leagues ...int) (*platform.Platform, store.Event) {
	t.Helper()
	ctx := context.Background()
	p := platformtest.Open(t)
	ev, invite := platformtest.Event(t, p, game, "Leagues")
	ev.Settings.Leagues = true
	if err := p.Store.UpdateEvent(ctx, ev); err != nil {
		t.Fatal(err)
	}
	names := []string{"Owls", "Bats", "Cats", "Dogs", "Eels"}[:len(leagues)]
	teams, _ := platformtest.JoinReady(t, p, invite, names...)
	for i, tm := range teams {
		if _, err := p.Store.SetLeague(ctx, tm.ID, 0, leagues[i]); err != nil {
			t.Fatal(err)
		}
	}
	return p, ev
}

// A final settles every league with rated games and a team, though no
// team reached the top league: each league gets its share of the games.
func TestTheFinalSettlesEveryLeague(t *testing.T) {
	p, ev := leagueEvent(t, "ants", 1, 1, 1, 2)
	c, err := p.StartFinal(context.Background(), ev.ID, 4)
	if err != nil {
		t.Fatalf("a final with the top league empty: %v", err)
	}
	want := []apitypes.FinalLeague{{League: 1, Games: 6}, {League: 2, Games: 2}}
	if f := c.Final; f == nil || f.Games != 8 || len(f.Leagues) != 2 || f.Leagues[0] != want[0] || f.Leagues[1] != want[1] {
		t.Fatalf("final %+v, want 8 games: %+v", c.Final, want)
	}
	// the games are taken league by league, the league furthest behind
	// its share first
	var got []int
	for range 8 {
		f, ok, err := p.TakeFinalGame(context.Background(), ev.ID)
		if err != nil || !ok {
			t.Fatalf("final game %d: %v %v", len(got)+1, ok, err)
		}
		got = append(got, f.League)
	}
	count := map[int]int{}
	for _, l := range got {
		count[l]++
	}
	if count[1] != 6 || count[2] != 2 || got[0] == got[1] {
		t.Errorf("final games by league %v (%v): want 6 in league 1 and 2 in league 2, interleaved", count, got)
	}
	if _, ok, _ := p.TakeFinalGame(context.Background(), ev.ID); ok {
		t.Error("a ninth final game")
	}
}

// With only boss-only leagues to settle (tracks' leagues 1 and 2, ranked
// by their tests), the final has no game and is over at once.
func TestAFinalOfBossOnlyLeaguesIsOverAtOnce(t *testing.T) {
	p, ev := leagueEvent(t, "tracks", 1, 2)
	c, err := p.StartFinal(context.Background(), ev.ID, 4)
	if err != nil || c.Final == nil || c.Final.Games != 0 {
		t.Fatalf("final %+v %v", c.Final, err)
	}
	if done, err := p.FinalDone(context.Background(), ev.ID); !done || err != nil {
		t.Errorf("done %v %v", done, err)
	}
}

// Giving back a final game of an event whose final has not started (a
// scheduler pass that raced the controls) changes nothing.
func TestGiveBackWithoutAFinal(t *testing.T) {
	p := platformtest.Open(t)
	ev, _ := platformtest.Event(t, p, "tracks", "Summer")
	if err := p.GiveBackFinalGame(context.Background(), ev.ID, 1); err != nil {
		t.Fatal(err)
	}
	if c, err := p.EventControls(context.Background(), ev.ID); err != nil || c.Final != nil {
		t.Errorf("controls %+v %v", c, err)
	}
}
