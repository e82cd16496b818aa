package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/platformtest"
)

// TestTheOrganiserSuspendsATeam: the organiser suspends a team with a
// reason and lets it back through the API; a team's token, a cross-site
// request, another event's team and a bad or oversized body are refused.
// While suspended, the team's uploads, URLs and test games are refused
// with the reason, its page says so, and the tables still list it,
// marked (the reason only for the team and the organiser).
func TestTheOrganiserSuspendsATeam(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	clock := &platformtest.Clock{T: time.Unix(1e9, 0)}
	ts := platformtest.Server(t, p, clock)
	org := platformtest.OrganiserToken(t, p)
	ev, invite := platformtest.Event(t, p, "tracks", "Summer")
	_, otherInvite := platformtest.Event(t, p, "tracks", "Autumn")
	teams, tokens := platformtest.JoinReady(t, p, invite, "Owls", "Bats")
	owls, owlsToken, batsToken := teams[0], tokens[0], tokens[1]
	crows, _ := platformtest.JoinReady(t, p, otherInvite, "Crows")
	route := func(evID, team int64) string {
		return fmt.Sprintf("%sorganiser/events/%d/teams/%d/suspend", api.Prefix, evID, team)
	}
	call := func(token, path, body string) (int, map[string]any) {
		t.Helper()
		code, b := platformtest.Call(t, ts, "POST", path, token, "application/json", []byte(body))
		var m map[string]any
		json.Unmarshal(b, &m)
		return code, m
	}
	suspend := `{"suspended":true,"reason":"forks busy loops"}`
	if code, m := call(owlsToken, route(ev.ID, owls.ID), suspend); code != 403 {
		t.Errorf("a team's token: %d %v, want 403", code, m)
	}
	if code, _ := call("", route(ev.ID, owls.ID), suspend); code != 401 {
		t.Errorf("no token: %d, want 401", code)
	}
	req, _ := http.NewRequest("POST", ts.URL+route(ev.ID, owls.ID), strings.NewReader(suspend))
	req.Header.Set("Authorization", "Bearer "+org)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "http://evil.example")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	if resp, err := ts.Client().Do(req); err != nil || resp.StatusCode != 403 {
		t.Fatalf("a cross-site request with the organiser's token: %v %v", resp.StatusCode, err)
	}
	if code, m := call(org, route(ev.ID, crows[0].ID), suspend); code != 404 {
		t.Errorf("another event's team: %d %v, want 404", code, m)
	}
	for body, want := range map[string]int{
		`{}`:                           400, // suspended or not?
		`{"suspended":true,"extra":1}`: 400,
		`{"suspended":true,"reason":"a\u0007bell"}`:                         400,
		`{"suspended":true,"reason":"a\u202eb"}`:                            400,
		`{"suspended":true,"reason":"` + strings.Repeat("x", 301) + `"}`:    400,
		`{"suspended":true,"reason":"` + strings.Repeat("x", 70<<10) + `"}`: 400, // over the body's limit
	} {
		if code, m := call(org, route(ev.ID, owls.ID), body); code != want {
			t.Errorf("%.60s: %d %v, want %d", body, code, m, want)
		}
	}
	if tm, _ := p.Store.Team(ctx, owls.ID); tm.Suspended || tm.ID != owls.ID {
		t.Fatalf("a refused request suspended the team: %+v", tm)
	}
	code, m := call(org, route(ev.ID, owls.ID), suspend)
	if code != 200 || m["suspended"] != true || m["reason"] != "forks busy loops" || m["name"] != "Owls" {
		t.Fatalf("suspend: %d %v", code, m)
	}
	if tm, _ := p.Store.Team(ctx, crows[0].ID); tm.Suspended {
		t.Fatal("the other event's team is suspended")
	}

	// the team is told, on its page and at each upload
	code, b := platformtest.Call(t, ts, "GET", api.Prefix+"team", owlsToken, "", nil)
	if code != 200 || !strings.Contains(string(b), `"suspended":true`) || !strings.Contains(string(b), `"reason":"forks busy loops"`) {
		t.Errorf("the team's page: %d %s", code, b)
	}
	ct, upload := multipartFile("bot.py", []byte("print(2)\n"))
	for _, c := range []struct{ path, ct, body string }{
		{"submissions", ct, string(upload)},
		{"httpbot", "application/json", `{"url":"http://127.0.0.1:9/"}`},
		{"tests", "application/json", `{"vs":"house"}`},
		{fmt.Sprintf("submissions/%d/activate", owls.Active), "application/json", `{}`},
		{fmt.Sprintf("submissions/%d/edit", owls.Active), "application/json", `{"path":"bot.py","text":"print(3)\n","draft":true}`},
	} {
		code, b := platformtest.Call(t, ts, "POST", api.Prefix+c.path, owlsToken, c.ct, []byte(c.body))
		if code != 403 || !strings.Contains(string(b), "suspended") || !strings.Contains(string(b), "forks busy loops") {
			t.Errorf("POST %s while suspended: %d %s, want 403 with the reason", c.path, code, b)
		}
	}
	// the tables keep it, marked; the reason is not the other teams'
	code, b = platformtest.Call(t, ts, "GET", api.Prefix+"leaderboard", batsToken, "", nil)
	var board []map[string]any
	json.Unmarshal(b, &board)
	marked := map[string]bool{}
	for _, line := range board {
		marked[line["team"].(string)] = line["suspended"] == true
	}
	if code != 200 || len(board) != 2 || !marked["Owls"] || marked["Bats"] || strings.Contains(string(b), "forks busy loops") {
		t.Errorf("the leaderboard: %d %s", code, b)
	}
	code, b = platformtest.Call(t, ts, "GET", fmt.Sprintf("%sorganiser/events/%d/teams", api.Prefix, ev.ID), org, "", nil)
	if code != 200 || strings.Count(string(b), `"suspended":true`) != 1 || !strings.Contains(string(b), "forks busy loops") {
		t.Errorf("the organiser's teams: %d %s", code, b)
	}

	// let back: it uploads again
	code, m = call(org, route(ev.ID, owls.ID), `{"suspended":false}`)
	if code != 200 || m["suspended"] != nil || m["reason"] != nil {
		t.Fatalf("resume: %d %v", code, m)
	}
	if code, b := platformtest.Call(t, ts, "POST", api.Prefix+"submissions", owlsToken, ct, upload); code != 202 {
		t.Errorf("an upload once let back: %d %s", code, b)
	}
}
