package api_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
)

type rulesReply struct {
	Game    string
	League  struct{ Number int }
	Current int
	Leagues []struct {
		Number int
		Name   string
	}
	Markdown string
	Doc      []struct{ K string }
	Error    string
}

func getRules(t *testing.T, call func(query string) (int, rulesReply), query string, want int) rulesReply {
	t.Helper()
	code, r := call(query)
	if code != want {
		t.Fatalf("rules%s: %d %+v, want %d", query, code, r, want)
	}
	return r
}

// TestRulesAreTheTeamsLeagues: a team reads its league's statement and
// those of the leagues below, never one above; an event without leagues
// shows its default league's; a game without statements says where its
// rules are.
func TestRulesAreTheTeamsLeagues(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Unix(1e9, 0)})
	s := store.DefaultSettings()
	s.Leagues = true
	_, invite, err := p.CreateEventWith(ctx, "tracks", "Summer", []string{"ink_threshold=4"}, s)
	if err != nil {
		t.Fatal(err)
	}
	owls, token := platformtest.Join(t, ts, invite, "Owls")
	rules := func(token string) func(string) (int, rulesReply) {
		return func(q string) (int, rulesReply) {
			code, b := platformtest.Call(t, ts, "GET", api.Prefix+"rules"+q, token, "", nil)
			var r rulesReply
			if err := json.Unmarshal(b, &r); err != nil {
				t.Fatalf("%s: %v", b, err)
			}
			return code, r
		}
	}
	owlsRules := rules(token)

	// a new team (no submission yet) reads the first league's
	r := getRules(t, owlsRules, "", 200)
	if r.Game != "tracks" || r.League.Number != 1 || r.Current != 1 || len(r.Leagues) != 1 || r.Leagues[0].Name != "Wood 2" {
		t.Errorf("a new team's rules: %+v", r)
	}
	if strings.Contains(r.Markdown, "DISRUPT") || !strings.Contains(r.Markdown, "league 1, Wood 2") {
		t.Errorf("league 1's statement:\n%s", r.Markdown)
	}
	if !strings.Contains(r.Markdown, "`ink_threshold=4`") {
		t.Errorf("the event's option is not listed:\n%s", r.Markdown)
	}
	if len(r.Doc) == 0 || r.Doc[0].K != "h1" {
		t.Errorf("the statement's tree: %+v", r.Doc)
	}
	for q, want := range map[string]int{"?league=2": 403, "?league=5": 403, "?league=9": 404, "?league=x": 400, "?league=1": 200} {
		if code, r := owlsRules(q); code != want {
			t.Errorf("rules%s for a league 1 team: %d %+v, want %d", q, code, r, want)
		}
	}
	if _, r := owlsRules("?league=2"); !strings.Contains(r.Error, "when your team reaches it") {
		t.Errorf("the refusal says: %q", r.Error)
	}

	// promoted to league 3: leagues 1 to 3, not 4
	if _, err := p.Store.SetLeague(ctx, owls.ID, 0, 3); err != nil {
		t.Fatal(err)
	}
	r = getRules(t, owlsRules, "", 200)
	if r.League.Number != 3 || r.Current != 3 || len(r.Leagues) != 3 || !strings.Contains(r.Markdown, "`DISRUPT regionId`") {
		t.Errorf("league 3's rules: %+v", r.League)
	}
	r = getRules(t, owlsRules, "?league=1", 200)
	if r.League.Number != 1 || r.Current != 3 || strings.Contains(r.Markdown, "DISRUPT") {
		t.Errorf("league 1's rules read from league 3: %+v", r.League)
	}
	getRules(t, owlsRules, "?league=4", 403)

	// an event without leagues plays the default (top) league
	_, invite, err = p.CreateEvent(ctx, "ants", "Spring", nil)
	if err != nil {
		t.Fatal(err)
	}
	_, antsToken := platformtest.Join(t, ts, invite, "Ants")
	r = getRules(t, rules(antsToken), "", 200)
	if r.League.Number != 4 || len(r.Leagues) != 1 || !strings.Contains(r.Markdown, "myScore oppScore") || strings.Contains(r.Markdown, "event's settings") {
		t.Errorf("ants without leagues: %+v\n%s", r.League, r.Markdown)
	}
	getRules(t, rules(antsToken), "?league=1", 403)

	// a game without league statements
	_, invite, err = p.CreateEvent(ctx, "catmouse", "Cod'INSA", nil)
	if err != nil {
		t.Fatal(err)
	}
	_, catToken := platformtest.Join(t, ts, invite, "Cats")
	if r := getRules(t, rules(catToken), "", 404); !strings.Contains(r.Error, "docs/games/catmouse.md") {
		t.Errorf("catmouse's rules: %q", r.Error)
	}
}
