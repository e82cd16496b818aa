package api_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/news"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
)

// A team's build changing is told on that team's stream only; a worker's
// heartbeat that changes what the organiser's list of machines shows is
// told on the organiser's streams only, and a beat that changes nothing
// it shows (its time aside) on none. Each stream's changes are read up
// to a match recorded last, which every event stream tells: what came
// before it on a stream is all that stream was told.
func TestStreamsTellBuildsToTheirTeamAndWorkersToTheOrganiser(t *testing.T) {
	p := platformtest.Open(t)
	ts := publicServer(t, p, api.Options{})
	ev, teams, tokens := publicEvent(t, p)
	platformtest.ChangeSettings(t, p, ev.ID, func(s *store.Settings) { s.Public = true })
	org := platformtest.OrganiserToken(t, p)
	streams := []struct {
		name, path, token string
		want              []string // the changes told, in order
	}{
		{"team Owls", api.Prefix + "stream", tokens[0], []string{"build", "match"}},
		{"team Bats", api.Prefix + "stream", tokens[1], []string{"match"}},
		{"public", fmt.Sprintf("%spublic/events/%d/stream", api.Prefix, ev.ID), "", []string{"match"}},
		{"organiser", fmt.Sprintf("%sorganiser/events/%d/stream", api.Prefix, ev.ID), org, []string{"workers", "workers", "match"}},
		{"organiser, no event", api.Prefix + "organiser/stream", org, []string{"workers", "workers"}},
	}
	readers := make([]*bufio.Reader, len(streams))
	for i, s := range streams {
		code, r, c := openStream(t, ts, s.path, s.token, "127.0.0.1")
		defer c()
		if code != 200 {
			t.Fatalf("%s: %d", s.path, code)
		}
		readers[i] = r
	}
	ctx := context.Background()
	now := time.Now().UTC()
	w := store.Worker{ID: "far-1", Host: "far", Cores: 4, Slots: 2, Started: now, Seen: now, Every: 5 * time.Second}
	beat := func(running int, after time.Duration) {
		t.Helper()
		w.Running, w.Seen = running, now.Add(after)
		if err := p.Store.Heartbeat(ctx, w); err != nil {
			t.Fatal(err)
		}
	}
	beat(0, 0)             // a worker appears: told
	beat(0, 5*time.Second) // still there, nothing new: not told
	if err := p.Store.SetBuildStatus(ctx, teams[0].Active, store.StatusBuilding); err != nil {
		t.Fatal(err)
	}
	beat(1, 10*time.Second) // a match begun on it: told
	if err := p.PlayMatch(ctx, queue.Match{Event: ev.ID, Key: "casual-pub-2", Seed: 3, Teams: []int64{0, 0}, Submissions: []int64{0, 0}}); err != nil {
		t.Fatal(err)
	}
	for i, s := range streams {
		var got []string
		for range s.want {
			msg := readEvent(t, readers[i])
			data, ok := strings.CutPrefix(msg, "event: change\ndata: ")
			var c news.Change
			if !ok || json.Unmarshal([]byte(data), &c) != nil {
				t.Fatalf("%s: %q", s.name, msg)
			}
			got = append(got, c.What)
			switch {
			case c.What == news.Build && (c.Team != teams[0].ID || c.Event != ev.ID):
				t.Errorf("%s: a build's change of team %d, event %d; want team %d, event %d", s.name, c.Team, c.Event, teams[0].ID, ev.ID)
			case c.What == news.Workers && c.Event != news.Machines:
				t.Errorf("%s: a workers' change of event %d", s.name, c.Event)
			}
		}
		if strings.Join(got, " ") != strings.Join(s.want, " ") {
			t.Errorf("%s told %v, want %v", s.name, got, s.want)
		}
	}
}
