package api_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
)

// TestOrganiserAPI: the organiser makes and changes an event, gives it a
// new invitation, stops its casual matches, sees every team (with its
// members) and every match with its whole replay; a new organiser token
// ends the old one.
func TestOrganiserAPI(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	clock := &platformtest.Clock{T: time.Unix(1e9, 0)}
	ts := platformtest.Server(t, p, clock)
	org, err := p.FirstOrganiserToken(ctx)
	if err != nil || !strings.HasPrefix(org, "org-") {
		t.Fatal(org, err)
	}
	if again, err := p.FirstOrganiserToken(ctx); again != "" || err != nil {
		t.Fatalf("a second start made another organiser token: %q %v", again, err)
	}
	post := func(path, body string) (int, map[string]any) {
		t.Helper()
		code, b := platformtest.Call(t, ts, "POST", api.Prefix+path, org, "application/json", []byte(body))
		var m map[string]any
		json.Unmarshal(b, &m)
		return code, m
	}
	for body, want := range map[string]string{
		`{"game":"chess","name":"x"}`:                           "unknown game",
		`{"game":"ants","name":""}`:                             "empty",
		`{"game":"ants","name":"x","settings":{"seats":[3]}}`:   "not 3",
		`{"game":"ants","name":"x","settings":{"seats":"two"}}`: "bad settings",
		`{"game":"tracks","name":"x","settings":{"turn_ms":5}}`: "cannot be changed",
		`{"game":"ants","name":"x","options":{"nosuch":"1"}}`:   "unknown option",
		`{"game":"ants","name":"x","extra":1}`:                  "unknown field",
	} {
		if code, m := post("organiser/events", body); code != 400 || !strings.Contains(m["error"].(string), want) {
			t.Errorf("%s: %d %v, want 400 with %q", body, code, m, want)
		}
	}
	code, m := post("organiser/events", `{"game":"jungle","name":"Blitz","settings":{"seats":[2,4],"maps":["canopy"],"memory_mib":256}}`)
	if code != 201 {
		t.Fatalf("create: %d %v", code, m)
	}
	invite := m["invite"].(string)
	if m["invite_path"] != "/platform/join#"+invite {
		t.Errorf("invite_path %v", m["invite_path"])
	}
	ev, _ := p.Store.Event(ctx, 1)
	if ev.Name != "Blitz" || len(ev.Settings.Seats) != 2 || ev.Settings.MemoryMiB != 256 || !ev.Settings.HouseBots {
		t.Fatalf("stored %+v", ev)
	}
	// a change keeps what it does not name
	if code, m := post("organiser/events/1", `{"name":"Blitz 2022","settings":{"turn_ms":300}}`); code != 200 {
		t.Fatalf("update: %d %v", code, m)
	}
	ev, _ = p.Store.Event(ctx, 1)
	if ev.Name != "Blitz 2022" || ev.Settings.TurnMS != 300 || ev.Settings.MemoryMiB != 256 || len(ev.Settings.Maps) != 1 {
		t.Fatalf("after the update %+v", ev)
	}
	if code, _ := post("organiser/events/1", `{"game":"ants"}`); code != 400 {
		t.Errorf("changing the game: %d", code)
	}
	if code, _ := post("organiser/events/9", `{"name":"x"}`); code != 404 {
		t.Errorf("no such event: %d", code)
	}
	// a new invitation: the old one no longer joins
	code, m = post("organiser/events/1/invite", `{}`)
	if code != 200 {
		t.Fatalf("invite: %d %v", code, m)
	}
	if _, _, err := p.Join(ctx, invite, "Late"); err == nil {
		t.Error("the old invitation still joins")
	}
	owls, _, err := p.Join(ctx, m["invite"].(string), "Owls", "Ada", "Bob")
	if err != nil {
		t.Fatal(err)
	}
	// casual matches stopped and started again
	if code, m := post("organiser/events/1/casual", `{"running":false}`); code != 200 || m["casual_stopped"] != true {
		t.Fatalf("stop: %d %v", code, m)
	}
	if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"organiser/events/1/controls", org, "", nil); code != 200 || !strings.Contains(string(b), `"casual_stopped":true`) {
		t.Fatalf("controls: %d %s", code, b)
	}
	if code, _ := post("organiser/events/1/casual", `{}`); code != 400 {
		t.Errorf("casual without running: %d", code)
	}
	// every team, with its members (unranked: no rated game yet); every match, every seat's log
	code, b := platformtest.Call(t, ts, "GET", api.Prefix+"organiser/events/1/teams", org, "", nil)
	if code != 200 || !strings.Contains(string(b), `"members":["Ada","Bob"]`) || !strings.Contains(string(b), `"rank":0`) {
		t.Errorf("teams: %d %s", code, b)
	}
	rep := &replay.Replay{Format: replay.Format, Version: replay.Version, Game: "jungle",
		Turns: []replay.Turn{{Replies: []replay.Reply{{Stderr: "owls-log"}, {Stderr: "house-log"}}}}}
	p.Replays.Put("k1", rep)
	p.Store.RecordMatch(ctx, store.Match{EventID: 1, Key: "k1", Seed: 1 << 60, Teams: []int64{owls.ID, 0}, Submissions: []int64{0, 0}, Ranks: []int{2, 1}}, nil)
	code, b = platformtest.Call(t, ts, "GET", api.Prefix+"organiser/events/1/matches", org, "", nil)
	if code != 200 || !strings.Contains(string(b), `"team_id":0`) || !strings.Contains(string(b), `"seed":"1152921504606846976"`) {
		t.Errorf("matches: %d %s", code, b)
	}
	code, b = platformtest.Call(t, ts, "GET", api.Prefix+"organiser/events/1/matches/1/replay", org, "", nil)
	if code != 200 || !strings.Contains(string(b), "owls-log") || !strings.Contains(string(b), "house-log") {
		t.Errorf("replay: %d %s", code, b)
	}
	// a new organiser token: the old one is refused
	fresh, err := p.NewOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if code, _ := platformtest.Call(t, ts, "GET", api.Prefix+"organiser/events", org, "", nil); code != 401 {
		t.Errorf("the old organiser token: %d", code)
	}
	if code, _ := platformtest.Call(t, ts, "GET", api.Prefix+"organiser/events", fresh, "", nil); code != 200 {
		t.Errorf("the new organiser token: %d", code)
	}
}

func TestJoinWithMembers(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	clock := &platformtest.Clock{T: time.Unix(1e9, 0)}
	ts := platformtest.Server(t, p, clock)
	_, invite, _ := p.CreateEvent(ctx, "tracks", "Summer", nil)
	for _, c := range []struct{ members, want string }{
		{`["Ada", " Bob"]`, "member 2"},
		{`["Ada", "Ada"]`, "twice"},
		{`["a\u0007"]`, "control"},
		{`[""]`, "empty"},
		{`["` + strings.Repeat("x", 65) + `"]`, "64"},
		{`[` + strings.Repeat(`"m",`, 20) + `"m"]`, "at most 20"},
	} {
		body := `{"invite":"` + invite + `","name":"Owls","members":` + c.members + `}`
		code, b := platformtest.Call(t, ts, "POST", api.Prefix+"join", "", "application/json", []byte(body))
		if code != 400 || !strings.Contains(string(b), c.want) {
			t.Errorf("members %s: %d %s, want 400 with %q", c.members, code, b, c.want)
		}
	}
	code, b := platformtest.Call(t, ts, "POST", api.Prefix+"join", "", "application/json", []byte(`{"invite":"`+invite+`","name":"Owls","members":["Ada","Émile"]}`))
	if code != 201 || !strings.Contains(string(b), `"members":["Ada","Émile"]`) {
		t.Fatalf("join: %d %s", code, b)
	}
	var r struct{ Token string }
	json.Unmarshal(b, &r)
	if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"team", r.Token, "", nil); code != 200 || !strings.Contains(string(b), `"members":["Ada","Émile"]`) {
		t.Fatalf("team: %d %s", code, b)
	}
}

// TestEventJSONCarriesFormats: an event's JSON (the organiser's, the
// team's) names the formats its game's metadata names, an empty list for
// a game that names none, so that the pages choose the formats' cards by
// them and never by the game's name.
func TestEventJSONCarriesFormats(t *testing.T) {
	for _, g := range game.All() {
		info := g.Info()
		var want []string
		for _, f := range format.All() {
			if slices.Contains(info.Formats, f.Name()) {
				want = append(want, f.Name())
			}
		}
		got, ok := api.EventJSON(store.Event{Game: info.Name})["formats"].([]string)
		if !ok || got == nil || !slices.Equal(got, want) {
			t.Errorf("%s: formats %#v, want %q (its metadata's %q)", info.Name, got, want, info.Formats)
		}
	}
	for _, name := range []string{"jungle", "catmouse", "territory"} {
		if g, err := game.Lookup(name); err != nil || len(g.Info().Formats) == 0 {
			t.Fatalf("%s names no format (%v): the check above checked nothing of it", name, err)
		}
	}

	p := platformtest.Open(t)
	ctx := context.Background()
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Unix(1e9, 0)})
	org, err := p.FirstOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	type event struct {
		Game    string
		Formats []string
	}
	for _, c := range []struct {
		game string
		want []string
	}{{"jungle", []string{"blitz"}}, {"catmouse", []string{"codinsa"}}, {"territory", []string{"rounds"}}, {"ants", []string{}}} {
		code, b := platformtest.Call(t, ts, "POST", api.Prefix+"organiser/events", org, "application/json", []byte(`{"game":"`+c.game+`","name":"`+c.game+`"}`))
		var created struct {
			Event  event
			Invite string
		}
		if err := json.Unmarshal(b, &created); code != 201 || err != nil {
			t.Fatalf("create %s: %d %s", c.game, code, b)
		}
		if created.Event.Formats == nil || !slices.Equal(created.Event.Formats, c.want) {
			t.Errorf("%s created: formats %q, want %q", c.game, created.Event.Formats, c.want)
		}
		_, tok := platformtest.Join(t, ts, created.Invite, "Owls")
		code, b = platformtest.Call(t, ts, "GET", api.Prefix+"team", tok, "", nil)
		var mine struct{ Event event }
		if err := json.Unmarshal(b, &mine); code != 200 || err != nil || mine.Event.Formats == nil || !slices.Equal(mine.Event.Formats, c.want) {
			t.Errorf("%s team's event: %d %s, want formats %q", c.game, code, b, c.want)
		}
	}
	code, b := platformtest.Call(t, ts, "GET", api.Prefix+"organiser/events", org, "", nil)
	var list []event
	if err := json.Unmarshal(b, &list); code != 200 || err != nil || len(list) != 4 {
		t.Fatalf("events: %d %s", code, b)
	}
	for _, e := range list {
		if e.Formats == nil || !slices.Equal(e.Formats, api.EventFormats(e.Game)) {
			t.Errorf("listed %s: formats %q", e.Game, e.Formats)
		}
	}
}
