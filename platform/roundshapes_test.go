package platform

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/format/rounds"
	"github.com/seed27749672/arena/platform/store"
)

// TestRoundShapeSet: territory's organiser sets a round's shape set (rules
// §8): a set is tried on the game when the round is set, a bad one refused
// then with the game's reason (an unknown or repeated shape, no shape the
// player count allows), a set partly allowed accepted; through the API
// too; the round's games are queued with the set as their shape option.
func TestRoundShapeSet(t *testing.T) {
	p := openTest(t)
	ctx := context.Background()
	ev, invite, err := p.CreateEvent(ctx, "territory", "Ready", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Ants", "Bees", "Cats", "Dogs"} {
		tm, _, err := p.Join(ctx, invite, name)
		if err != nil {
			t.Fatal(err)
		}
		s, err := p.Submit(ctx, tm, "bot.py", []byte("print(1)\n"))
		if err != nil {
			t.Fatal(err)
		}
		p.Store.FinishBuild(ctx, s.ID, store.StatusReady, "python", "", nil) // built, as a job would
	}
	hour := time.Now().Add(time.Hour)
	for _, c := range []struct {
		players int
		shape   string
		want    string
	}{
		{4, "square,hex", `unknown shape "hex"`},
		{4, "square,x,square", "the shape square is listed twice"},
		{4, "square,,x", "an empty shape"},
		{4, "random,x", "random cannot be part of a set"},
		{6, "x", "6-player round with these settings: the x shape is not used with 6 players"},
	} {
		if _, err := rounds.Start(ctx, p.FormatHost(), ev.ID, rounds.Round{Players: c.players, Shape: c.shape, At: hour}); !isUserError(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("a %d-player round of shapes %q: %v, want %q", c.players, c.shape, err, c.want)
		}
	}
	one, err := rounds.Start(ctx, p.FormatHost(), ev.ID, rounds.Round{Players: 4, Shape: "square,x", At: hour})
	if err != nil || one.Shape != "square,x" {
		t.Fatalf("a round of shapes square,x: %+v %v", one, err)
	}
	// x is left out of 6-player games: the set draws its other shapes
	if _, err := rounds.Start(ctx, p.FormatHost(), ev.ID, rounds.Round{Players: 6, Shape: "x,narrow", At: hour}); err != nil {
		t.Errorf("a 6-player round of shapes x,narrow: %v", err)
	}
	ts := server(t, p, &fakeClock{t: time.Now()})
	org, err := p.FirstOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	base := fmt.Sprintf("%sorganiser/events/%d/rounds", APIPrefix, ev.ID)
	if code, b := call(t, ts, "POST", base, org, "application/json", []byte(`{"players":6,"shape":"x","at":"2099-01-01T00:00:00Z"}`)); code != 400 || !strings.Contains(string(b), "x shape is not used with 6 players") {
		t.Errorf("POST a refused set: %d %s", code, b)
	}
	if code, b := call(t, ts, "POST", base+"/2", org, "application/json", []byte(`{"players":4,"shape":"cut,wide"}`)); code != 200 || !strings.Contains(string(b), `"shape":"cut,wide"`) {
		t.Errorf("change round 2 to shapes cut,wide: %d %s", code, b)
	}
	// round 1's time comes: its game is queued with the set
	rounds.Update(ctx, p.FormatHost(), ev.ID, func(rs []rounds.Round) ([]rounds.Round, error) {
		rs[0].At = time.Now().Add(-time.Second)
		return rs, nil
	})
	if err := (rounds.Format{}).Schedule(ctx, p.FormatHost(), ev, time.Now()); err != nil {
		t.Fatal(err)
	}
	games := 0
	for _, j := range matchJobs(t, p) {
		var a matchArgs
		if err := unmarshalArgs(j, &a); err != nil || a.MatchKind != store.KindRanked {
			continue
		}
		games++
		if a.Round != 1 || !slices.Contains(a.Options, "shape=square,x") {
			t.Errorf("a round game queued with %v (round %d)", a.Options, a.Round)
		}
	}
	if games != 1 {
		t.Errorf("%d games of round 1 queued, want 1 (4 teams, 4 players)", games)
	}
}
