package rules

import (
	"errors"
	"net/http"
	"testing"

	"github.com/seed27749672/arena/game"
	_ "github.com/seed27749672/arena/games/all" // the games whose leagues are read
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/store"
)

func info(t *testing.T, name string) game.Info {
	t.Helper()
	g, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g.Info()
}

// A team reads the leagues up to its own; without a submission, the
// first; in an event without leagues, the game's default league alone.
func TestReadable(t *testing.T) {
	tracks := info(t, "tracks")
	on := store.Event{Game: "tracks", Settings: store.Settings{Leagues: true}}
	numbers := func(ls []game.League) (out []int) {
		for _, l := range ls {
			out = append(out, l.Number)
		}
		return out
	}
	if got := numbers(Readable(on, tracks, store.Team{League: 2})); len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Errorf("a team of league 2 reads %v, want [1 2]", got)
	}
	if got := numbers(Readable(on, tracks, store.Team{})); len(got) != 1 || got[0] != 1 {
		t.Errorf("a team without a submission reads %v, want [1]", got)
	}
	off := store.Event{Game: "tracks"}
	if got := numbers(Readable(off, tracks, store.Team{League: 2})); len(got) != 1 || got[0] != tracks.DefaultLeague {
		t.Errorf("an event without leagues reads %v, want [%d]", got, tracks.DefaultLeague)
	}
}

// A statement above the team's league is forbidden, an unknown league is
// not found, and a league that is no number is a bad request.
func TestStatementRefusals(t *testing.T) {
	tracks := info(t, "tracks")
	ev := store.Event{Game: "tracks", Settings: store.Settings{Leagues: true}}
	team := store.Team{League: 1}
	for query, want := range map[string]int{"2": http.StatusForbidden, "99": http.StatusNotFound, "two": http.StatusBadRequest} {
		_, err := Statement(ev, tracks, team, query)
		var refused *Error
		if !errors.As(err, &refused) || refused.Status != want {
			t.Errorf("league %q: %v, want status %d", query, err, want)
		}
	}
	doc, err := Statement(ev, tracks, team, "")
	if err != nil || doc["current"] != 1 || doc["markdown"] == "" {
		t.Errorf("the team's own statement: %v %v", doc["current"], err)
	}
	if _, err := Statement(store.Event{Game: "jungle"}, info(t, "jungle"), team, ""); !errors.As(err, new(*Error)) {
		t.Errorf("a game without statements: %v", err)
	}
}

// A league leaderboard needs an event with leagues and a league its game
// has: the team's fault otherwise.
func TestCheckLeague(t *testing.T) {
	tracks := info(t, "tracks")
	if err := CheckLeague(store.Event{Game: "tracks"}, tracks, 1); !fault.IsUser(err) {
		t.Errorf("an event without leagues: %v", err)
	}
	on := store.Event{Game: "tracks", Settings: store.Settings{Leagues: true}}
	if err := CheckLeague(on, tracks, 99); !fault.IsUser(err) {
		t.Errorf("league 99: %v", err)
	}
	if err := CheckLeague(on, tracks, 1); err != nil {
		t.Errorf("league 1: %v", err)
	}
}
