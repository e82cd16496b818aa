package api_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/news"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
)

// A public event's game is shown live with no seat's stderr and no
// team's URL, and its pages are told it started and ended; a private
// event's game is not shown at all.
func TestLiveGamesShowNothingPrivate(t *testing.T) {
	p := platformtest.Open(t)
	ev, teams, _ := publicEvent(t, p)
	var shownID string
	var seen []any
	p.ShowLive(func(id string, m *match.Match) func(*replay.Replay, error) {
		shownID = id
		m.OnStart = func(r *replay.Replay) { seen = append(seen, r) }
		m.OnTurn = func(t replay.Turn) { seen = append(seen, t) }
		return func(r *replay.Replay, _ error) { seen = append(seen, r) }
	})
	a := queue.Match{Event: ev.ID, Key: "casual-live", Teams: []int64{teams[0].ID, teams[1].ID}}
	var m match.Match
	if done := p.Player.Watch(ev, a, &m); done != nil || shownID != "" {
		t.Fatal("a private event's game is shown live")
	}
	ev = platformtest.ChangeSettings(t, p, ev.ID, func(s *store.Settings) { s.Public = true })
	changes, cancel := p.News.Subscribe(ev.ID)
	defer cancel()
	done := p.Player.Watch(ev, a, &m)
	if done == nil {
		t.Fatal("a public event's game is not shown")
	}
	url := "http://10.1.2.3:8000/"
	// The match names its bots by seat; the live copy by their teams.
	players := []replay.Player{{Name: "team1", Spec: "url:" + url}, {Name: "team2", Spec: "build:python"}}
	turn := replay.Turn{Replies: []replay.Reply{{Stderr: "owls-secret"}, {Stderr: "bats-secret"}}}
	turn.Replies[0].Error = "cannot reach " + url
	m.OnStart(&replay.Replay{Game: "tracks", Players: players})
	m.OnTurn(turn)
	if live := p.News.LiveOf(ev.ID); len(live) != 1 || live[0].ID != shownID {
		t.Errorf("live games %+v, want %s", live, shownID)
	}
	done(&replay.Replay{Game: "tracks", Players: players, Turns: []replay.Turn{turn}}, nil)
	b, _ := json.Marshal(seen)
	for _, secret := range []string{"owls-secret", "bats-secret", "10.1.2.3"} {
		if strings.Contains(string(b), secret) {
			t.Errorf("the live copy holds %q: %s", secret, b)
		}
	}
	for _, part := range []any{seen[0], seen[len(seen)-1]} {
		r := part.(*replay.Replay)
		if got := []string{r.Players[0].Name, r.Players[1].Name}; got[0] != teams[0].Name || got[1] != teams[1].Name {
			t.Errorf("the live copy names its seats %v, want the teams %s and %s", got, teams[0].Name, teams[1].Name)
		}
	}
	if players[0].Name != "team1" {
		t.Error("the live copy renamed the match's own players")
	}
	if len(seen) != 3 || len(p.News.LiveOf(ev.ID)) != 0 {
		t.Errorf("shown %d parts, live %+v", len(seen), p.News.LiveOf(ev.ID))
	}
	for _, want := range []string{news.LiveStart, news.LiveEnd} {
		if c := <-changes; c.What != want || c.Live != shownID {
			t.Errorf("change %+v, want %s of %s", c, want, shownID)
		}
	}
}
