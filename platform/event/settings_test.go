package event_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/pgtest"
)

func TestEventSettingsAreCheckedAgainstTheGame(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	os.MkdirAll(p.MapsDir(), 0o755)
	os.WriteFile(filepath.Join(p.MapsDir(), "mine.jmap"), []byte("not a map"), 0o644)
	with := func(f func(*store.Settings)) store.Settings {
		s := store.DefaultSettings()
		f(&s)
		return s
	}
	now := time.Now()
	for _, bad := range []struct {
		game string
		opts []string
		s    store.Settings
		want string
	}{
		{"ants", nil, with(func(s *store.Settings) { s.Seats = []int{3} }), "2 players, not 3"},
		{"jungle", nil, with(func(s *store.Settings) { s.Seats = []int{1} }), "2 to 4 players, not 1"},
		{"jungle", nil, with(func(s *store.Settings) { s.Seats = []int{2, 2} }), "twice"},
		{"territory", nil, with(func(s *store.Settings) { s.Seats = []int{4, 5} }), "5 players"},
		{"tracks", nil, with(func(s *store.Settings) { s.Maps = []string{"canopy"} }), "no map option"},
		{"jungle", nil, with(func(s *store.Settings) { s.Maps = []string{"../arena.db"} }), "not a map"},
		{"jungle", nil, with(func(s *store.Settings) { s.Maps = []string{"/etc/passwd"} }), "not a map"},
		{"jungle", nil, with(func(s *store.Settings) { s.Maps = []string{"nosuch"} }), "canopy"},
		{"jungle", nil, with(func(s *store.Settings) { s.Maps = []string{"canopy", "canopy"} }), "twice"},
		{"jungle", nil, with(func(s *store.Settings) { s.Maps = []string{"mine.jmap"} }), "map mine.jmap"},
		{"jungle", []string{"map=canopy"}, with(func(s *store.Settings) { s.Maps = []string{"swamp"} }), "given twice"},
		{"jungle", []string{"map=/etc/passwd"}, store.DefaultSettings(), "option map"},
		{"territory", []string{"arena=../arena.db"}, store.DefaultSettings(), "option arena"},
		{"tracks", nil, with(func(s *store.Settings) { s.TurnMS = 100 }), "cannot be changed"},
		{"ants", nil, with(func(s *store.Settings) { s.TurnMS = -1 }), "1 to 60000"},
		{"ants", []string{"turn_timeout_ms=50"}, with(func(s *store.Settings) { s.TurnMS = 60 }), "given twice"},
		{"jungle", nil, with(func(s *store.Settings) { s.TurnMS, s.FirstTurnMS = 200, 100 }), "shorter"},
		{"ants", nil, with(func(s *store.Settings) { s.MemoryMiB = -5 }), "memory limit"},
		{"ants", nil, with(func(s *store.Settings) { s.MemoryMiB = 1 << 20 }), "memory limit"},
		{"ants", nil, with(func(s *store.Settings) { s.Start, s.End = now, now.Add(-time.Hour) }), "before it starts"},
		{"catmouse", nil, with(func(s *store.Settings) { s.Leagues = true }), "no leagues"},
		{"ants", nil, with(func(s *store.Settings) { s.HTTPBots = true }), "HTTP"},
		{"ants", nil, with(func(s *store.Settings) { s.BuildNetwork = "internet" }), "registries"},
		{"ants", []string{"max_turns"}, store.DefaultSettings(), "key=value"},
		{"ants", []string{"max_turns=1", "max_turns=2"}, store.DefaultSettings(), "twice"},
	} {
		_, _, err := p.CreateEventWith(ctx, bad.game, "x", bad.opts, bad.s)
		if err == nil || !strings.Contains(err.Error(), bad.want) || !fault.IsUser(err) {
			t.Errorf("%s %v %+v: %v, want a user error with %q", bad.game, bad.opts, bad.s, err, bad.want)
		}
	}
	if evs, _ := p.Store.Events(ctx); len(evs) != 0 {
		t.Fatalf("refused events were stored: %+v", evs)
	}

	// defaults: the smallest seat count that plays, 512 MiB, house bots
	for game, seats := range map[string]int{"ants": 2, "jungle": 2, "territory": 4} {
		ev, _, err := p.CreateEvent(ctx, game, "d-"+game, nil)
		if err != nil || !slices.Equal(ev.Settings.Seats, []int{seats}) || ev.Settings.MemoryMiB != 512 || !ev.Settings.HouseBots {
			t.Errorf("%s defaults: %+v %v", game, ev.Settings, err)
		}
	}
	good := store.Settings{Seats: []int{4, 2}, Maps: []string{"canopy", "swamp"}, TurnMS: 200, FirstTurnMS: 1500,
		MemoryMiB: 256, BuildNetwork: store.BuildNetworkRegistries, Start: now.Add(-time.Hour).UTC().Truncate(time.Second), End: now.Add(time.Hour).UTC().Truncate(time.Second)}
	ev, _, err := p.CreateEventWith(ctx, "jungle", "Blitz", []string{"nb_ticks=50"}, good)
	if err != nil {
		t.Fatal(err)
	}
	got, err := p.Store.Event(ctx, ev.ID)
	good.Seats = []int{2, 4}
	if err != nil || !equalSettings(got.Settings, good) || got.Options["nb_ticks"] != "50" {
		t.Fatalf("stored %+v %v, want %+v", got.Settings, err, good)
	}
}

func equalSettings(a, b store.Settings) bool {
	return slices.Equal(a.Seats, b.Seats) && slices.Equal(a.Maps, b.Maps) && a.TurnMS == b.TurnMS && a.FirstTurnMS == b.FirstTurnMS &&
		a.MemoryMiB == b.MemoryMiB && a.Start.Equal(b.Start) && a.End.Equal(b.End) && a.Leagues == b.Leagues &&
		a.HTTPBots == b.HTTPBots && a.HouseBots == b.HouseBots
}

func TestSubmissionsOnlyWhileTheEventRuns(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	for _, c := range []struct {
		start, end time.Duration
		want       string
	}{{time.Hour, 2 * time.Hour, "starts at"}, {-2 * time.Hour, -time.Hour, "ended at"}} {
		ev, invite, err := p.CreateEventWith(ctx, "tracks", "e"+c.want, nil, store.DefaultSettings())
		if err != nil {
			t.Fatal(err)
		}
		team, _, err := p.Join(ctx, invite, "Owls") // while it runs: an ended event takes no more teams
		if err != nil {
			t.Fatal(err)
		}
		platformtest.ChangeSettings(t, p, ev.ID, func(s *store.Settings) {
			s.Start, s.End = time.Now().Add(c.start), time.Now().Add(c.end)
		})
		_, err = p.Submit(ctx, team, "bot.py", []byte("print('WAIT')\n"))
		if err == nil || !fault.IsUser(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("submission %s: %v", c.want, err)
		}
		if subs, _ := p.Store.Submissions(ctx, team.ID); len(subs) != 0 {
			t.Errorf("a refused submission was stored: %+v", subs)
		}
	}
}

func TestUpdateEventChecksAndKeeps(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	ev, invite, err := p.CreateEventWith(ctx, "ants", "Spring", []string{"max_turns=50"}, store.DefaultSettings())
	if err != nil {
		t.Fatal(err)
	}
	s := ev.Settings
	s.TurnMS, s.HouseBots = 80, false
	up, err := p.UpdateEvent(ctx, ev.ID, "Spring Cup", nil, s)
	if err != nil || up.Name != "Spring Cup" || up.Options["max_turns"] != "50" || up.Settings.TurnMS != 80 || up.Settings.HouseBots {
		t.Fatalf("%+v %v", up, err)
	}
	s.Seats = []int{3}
	if _, err := p.UpdateEvent(ctx, ev.ID, "Spring Cup", nil, s); err == nil || !fault.IsUser(err) {
		t.Fatalf("3 seats for ants: %v", err)
	}
	if _, err := p.UpdateEvent(ctx, 99, "x", nil, store.DefaultSettings()); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("no such event: %v", err)
	}
	got, _ := p.Store.Event(ctx, ev.ID)
	if got.Settings.TurnMS != 80 || !slices.Equal(got.Settings.Seats, []int{2}) {
		t.Fatalf("a refused update changed the event: %+v", got.Settings)
	}
	if _, _, err := p.Join(ctx, invite, "Owls"); err != nil {
		t.Fatalf("the invitation changed: %v", err)
	}
}

// TestFlowsOnPostgres runs again, on PostgreSQL, the tests that open their
// platform with platformtest.Open: the same flows on both drivers.
func TestFlowsOnPostgres(t *testing.T) {
	platformtest.OnPostgres(t, map[string]func(*testing.T){
		"EventSettingsAreCheckedAgainstTheGame": TestEventSettingsAreCheckedAgainstTheGame,
		"SubmissionsOnlyWhileTheEventRuns":      TestSubmissionsOnlyWhileTheEventRuns,
		"UpdateEventChecksAndKeeps":             TestUpdateEventChecksAndKeeps,
	})
}

func TestMain(m *testing.M) { pgtest.Main(m) }
