package platform

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/web"
)

// fakeClock is the API's clock in tests: the rate limits move only when
// the test says so.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	if c == nil { // a test that gives no clock: the real one
		return time.Now()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}
func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// server is the platform's API mounted in the viewer server, as arena
// serve --data mounts it.
func server(t *testing.T, p *Platform, clock *fakeClock) *httptest.Server {
	t.Helper()
	ws := &web.Server{Replays: t.TempDir(), Platform: p.Handler(APIOptions{Now: clock.now})}
	ts := httptest.NewServer(ws.Handler())
	t.Cleanup(func() { ts.Close(); ws.Close() })
	return ts
}

func call(t *testing.T, ts *httptest.Server, method, path, token, contentType string, body []byte) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest(method, ts.URL+path, bytes.NewReader(body))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func join(t *testing.T, ts *httptest.Server, invite, name string) (store.Team, string) {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"invite": invite, "name": name})
	code, b := call(t, ts, "POST", APIPrefix+"join", "", "application/json", body)
	if code != http.StatusCreated {
		t.Fatalf("join %s: %d %s", name, code, b)
	}
	var r struct {
		Team  struct{ ID, Event int64 }
		Token string
	}
	json.Unmarshal(b, &r)
	return store.Team{ID: r.Team.ID, EventID: r.Team.Event, Name: name}, r.Token
}

func multipartFile(name string, data []byte) (string, []byte) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	w, _ := mw.CreateFormFile("file", name)
	w.Write(data)
	mw.Close()
	return mw.FormDataContentType(), buf.Bytes()
}

// oneGameRoutes serve only the events of one game.
var oneGameRoutes = map[string]bool{
	"GET " + APIPrefix + "spawns":                                true,
	"POST " + APIPrefix + "spawns":                               true,
	"POST " + APIPrefix + "spawns/vote":                          true,
	"GET " + APIPrefix + "organiser/events/{id}/spawns":          true,
	"POST " + APIPrefix + "organiser/events/{id}/spawns":         true,
	"POST " + APIPrefix + "organiser/events/{id}/spawns/close":   true,
	"GET " + APIPrefix + "organiser/events/{id}/codinsa":         true,
	"POST " + APIPrefix + "organiser/events/{id}/codinsa/final":  true,
	"GET " + APIPrefix + "blitz":                                 true,
	"GET " + APIPrefix + "codinsa":                               true,
	"GET " + APIPrefix + "organiser/events/{id}/blitz":           true,
	"POST " + APIPrefix + "organiser/events/{id}/blitz/schedule": true,
	"POST " + APIPrefix + "organiser/events/{id}/blitz/round":    true,
	"POST " + APIPrefix + "organiser/events/{id}/blitz/final":    true,

	// stopping the ranked rounds' schedule (TestBlitzScheduleStopped)
	"POST " + APIPrefix + "organiser/events/{id}/blitz/schedule/stop": true,
}

// TestEveryRouteChecksItsRole walks the route table: with no token, a
// wrong token, another team's token and the right one.
func TestEveryRouteChecksItsRole(t *testing.T) {
	p := openTest(t)
	ctx := context.Background()
	clock := &fakeClock{t: time.Unix(1e9, 0)}
	ts := server(t, p, clock)
	_, invite, _ := p.CreateEvent(ctx, "tracks", "Summer", nil)
	owls, owlsToken := join(t, ts, invite, "Owls")
	_, batsToken := join(t, ts, invite, "Bats")
	sub, err := p.Submit(ctx, owls, "bot.py", []byte("print(1)\n"))
	if err != nil {
		t.Fatal(err)
	}
	// built as a job would (this test is about access, not builds)
	if err := p.Store.FinishBuild(ctx, sub.ID, store.StatusReady, "python", "", []byte("built\n")); err != nil {
		t.Fatal(err)
	}
	// a match Owls played against the house bot, with both seats' stderr
	rep := &replay.Replay{Format: replay.Format, Version: replay.Version, Game: "tracks",
		Turns: []replay.Turn{{Replies: []replay.Reply{{Stderr: "owls-log"}, {Stderr: "house-log"}}}}}
	if err := p.Replays.Put("casual-test-1", rep); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Store.RecordMatch(ctx, store.Match{EventID: owls.EventID, Key: "casual-test-1", Teams: []int64{owls.ID, 0},
		Submissions: []int64{sub.ID, 0}, Ranks: []int{1, 2}}, nil); err != nil {
		t.Fatal(err)
	}
	forged := owlsToken[:len(owlsToken)-4] + "abcd"
	orgToken, err := p.FirstOrganiserToken(ctx)
	if err != nil || orgToken == "" {
		t.Fatal(orgToken, err)
	}
	forgedOrg := orgToken[:len(orgToken)-4] + "abcd"
	// the bodies the organiser's routes need to succeed
	orgBodies := map[string]string{
		"POST " + APIPrefix + "organiser/events":                     `{"game":"ants","name":"Spring","options":{"max_turns":"50"},"settings":{"turn_ms":80}}`,
		"POST " + APIPrefix + "organiser/events/{id}":                `{"settings":{"house_bots":false}}`,
		"POST " + APIPrefix + "organiser/events/{id}/casual":         `{"running":true}`,
		"POST " + APIPrefix + "organiser/events/{id}/freeze":         `{"frozen":false}`,
		"POST " + APIPrefix + "organiser/events/{id}/rounds":         `{"players":2}`,
		"POST " + APIPrefix + "organiser/events/{id}/rounds/{round}": `{"players":2}`,
		"POST " + APIPrefix + "organiser/events/{id}/final":          `{"games":0}`,
	}
	for _, r := range routes {
		method, path, _ := strings.Cut(r.pattern, " ")
		path = strings.NewReplacer("{id}", "1", "{lang}", "python", "{match}", "1", "{round}", "1").Replace(path)
		ct, body := "application/json", []byte(`{}`)
		if strings.HasSuffix(path, "submissions") && method == "POST" {
			ct, body = multipartFile("bot.py", []byte("print(2)\n"))
		}
		if b, ok := orgBodies[r.pattern]; ok {
			body = []byte(b)
		}
		if r.who == anyone {
			continue // join: its own test below
		}
		clock.add(time.Minute) // wrong tokens are rate limited per address
		for _, c := range []struct {
			who, token string
			want       int
		}{{"no token", "", 401}, {"a forged token", forged, 401}, {"a forged organiser token", forgedOrg, 401}, {"an invitation", invite, 401}} {
			if code, b := call(t, ts, method, path, c.token, ct, body); code != c.want {
				t.Errorf("%s with %s: %d %s, want %d", r.pattern, c.who, code, b, c.want)
			}
		}
		if r.own {
			if code, b := call(t, ts, method, path, batsToken, ct, body); code != 404 {
				t.Errorf("%s with another team's token: %d %s, want 404", r.pattern, code, b)
			}
		}
		right, wrong := owlsToken, orgToken
		if r.who == organiser {
			right, wrong = orgToken, owlsToken
		}
		if code, b := call(t, ts, method, path, wrong, ct, body); code != 403 {
			t.Errorf("%s with the other role's token: %d %s, want 403", r.pattern, code, b)
		}
		code, b := call(t, ts, method, path, right, ct, body)
		if r.pattern == "POST "+APIPrefix+"httpbot" && code == 400 && strings.Contains(string(b), "no HTTP bot URLs") {
			continue // the team passed; this tracks event takes no URLs (TestHTTPBotURLs)
		}
		if r.pattern == "POST "+APIPrefix+"organiser/events/{id}/rounds" && code == 400 && strings.Contains(string(b), "at least 2 teams") {
			continue // the organiser passed; one team has a bot (TestRankedRounds plays rounds)
		}
		if strings.HasPrefix(r.pattern, "POST "+APIPrefix+"organiser/events/{id}/rounds/") && code == 400 && strings.Contains(string(b), "no round 1") {
			continue // the organiser passed; this event has no round (TestCancelAndChangeRound changes and cancels some)
		}
		if r.pattern == "POST "+APIPrefix+"organiser/events/{id}/final" && code == 400 && strings.Contains(string(b), "games per team must be") {
			continue // the organiser passed; a final here would freeze the submissions this test goes on with (TestOrganiserControls)
		}
		// a route of one game's events (the catmouse spawn vote) answers
		// this tracks event's team 400, once its token is checked
		if code >= 400 && !(oneGameRoutes[r.pattern] && code == 400) {
			t.Errorf("%s with the right token: %d %s", r.pattern, code, b)
		}
		if r.pattern == "GET "+APIPrefix+"submissions" && !strings.Contains(string(b), `"bot.py"`) {
			t.Errorf("the team's submissions lack its own: %s", b)
		}
	}
	// another team's list is its own, empty
	if code, b := call(t, ts, "GET", APIPrefix+"submissions", batsToken, "", nil); code != 200 || string(bytes.TrimSpace(b)) != "[]" {
		t.Errorf("another team sees: %d %s", code, b)
	}
	if code, b := call(t, ts, "GET", APIPrefix+"submissions/1/log", owlsToken, "", nil); code != 200 || string(b) != "built\n" {
		t.Errorf("own log: %d %q", code, b)
	}
	if code, b := call(t, ts, "GET", APIPrefix+"submissions", owlsToken, "", nil); code != 200 || !strings.Contains(string(b), `"active":true`) {
		t.Errorf("the ready submission is not shown active: %s", b)
	}
	// the kits of the event's game, as zips that build when uploaded back
	if code, b := call(t, ts, "GET", APIPrefix+"kits", owlsToken, "", nil); code != 200 || !strings.Contains(string(b), `"cpp"`) {
		t.Errorf("kits: %d %s", code, b)
	}
	code, z := call(t, ts, "GET", APIPrefix+"kits/cpp", owlsToken, "", nil)
	if code != 200 || !isZip(z) {
		t.Fatalf("kits/cpp: %d", code)
	}
	dir := t.TempDir()
	if lang, root, err := prepare("tracks", "tracks-cpp.zip", z, dir); err != nil || lang != "" {
		t.Fatalf("the kit's zip does not unpack: %v", err)
	} else if m, err := build.Detect("tracks", root); err != nil || m.Language != "cpp" {
		t.Fatalf("the kit's zip is not found a cpp kit: %+v %v", m, err)
	}
	for _, bad := range []string{"cobol", "..", "%2e%2e", "python%2F..%2F..%2Fants"} {
		if code, b := call(t, ts, "GET", APIPrefix+"kits/"+bad, owlsToken, "", nil); code != 404 {
			t.Errorf("kits/%s: %d %s", bad, code, b)
		}
	}
	// the team's matches and its replays, with its own log only
	if code, b := call(t, ts, "GET", APIPrefix+"matches", owlsToken, "", nil); code != 200 || !strings.Contains(string(b), `"house"`) || !strings.Contains(string(b), "matches/1/replay") {
		t.Errorf("matches: %d %s", code, b)
	} else {
		// each seat names its team by id too (the pages find their own
		// seats so, whatever the teams' names)
		var ms []struct{ Seats []map[string]any }
		json.Unmarshal(b, &ms)
		if len(ms) != 1 || len(ms[0].Seats) != 2 || ms[0].Seats[0]["team_id"] != float64(owls.ID) || ms[0].Seats[1]["team_id"] != float64(0) {
			t.Errorf("matches' seats: %s", b)
		}
	}
	if code, b := call(t, ts, "GET", APIPrefix+"matches", batsToken, "", nil); code != 200 || string(bytes.TrimSpace(b)) != "[]" {
		t.Errorf("another team's matches: %d %s", code, b)
	}
	if code, b := call(t, ts, "GET", APIPrefix+"matches/1/replay", owlsToken, "", nil); code != 200 || !strings.Contains(string(b), "owls-log") || strings.Contains(string(b), "house-log") {
		t.Errorf("replay: %d %s", code, b)
	}
	// a build that is not ready cannot be made active
	queued, _ := p.Submit(ctx, owls, "bot.py", []byte("print(3)\n"))
	if code, b := call(t, ts, "POST", fmt.Sprintf("%ssubmissions/%d/activate", APIPrefix, queued.ID), owlsToken, "application/json", nil); code != 409 {
		t.Errorf("activating a queued build: %d %s", code, b)
	}
	if code, _ := call(t, ts, "GET", APIPrefix+"submissions/x/log", owlsToken, "", nil); code != 404 {
		t.Errorf("a bad id: %d", code)
	}
	if code, b := call(t, ts, "GET", APIPrefix+"submissions/"+fmt.Sprint(sub.ID), owlsToken, "", nil); code != 200 || !strings.Contains(string(b), `"ready"`) {
		t.Errorf("own submission: %d %s", code, b)
	}
}

func TestJoinOverHTTP(t *testing.T) {
	p := openTest(t)
	clock := &fakeClock{t: time.Unix(1e9, 0)}
	ts := server(t, p, clock)
	_, invite, _ := p.CreateEvent(context.Background(), "tracks", "Summer", nil)
	_, token := join(t, ts, invite, "Owls")
	if !strings.HasPrefix(token, "team-") {
		t.Fatalf("token %q", token)
	}
	for _, c := range []struct {
		body string
		ct   string
		want int
	}{
		{`{"invite":"` + invite + `","name":"Owls"}`, "application/json", 400}, // taken
		{`{"invite":"` + invite + `","name":""}`, "application/json", 400},
		{`{"invite":"invite-0000000000000000-00000000000000000000000000000000","name":"Bats"}`, "application/json", 403},
		{`{"invite":"` + invite + `","name":"Bats","admin":true}`, "application/json", 400},
		{`not json`, "application/json", 400},
	} {
		if code, b := call(t, ts, "POST", APIPrefix+"join", "", c.ct, []byte(c.body)); code != c.want {
			t.Errorf("%s: %d %s, want %d", c.body, code, b, c.want)
		}
	}
	// a cross-site form post is refused by the viewer's guard
	req, _ := http.NewRequest("POST", ts.URL+APIPrefix+"join", strings.NewReader(`{"invite":"`+invite+`","name":"Evil"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "http://evil.example")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	if resp, err := ts.Client().Do(req); err != nil || resp.StatusCode != 403 {
		t.Fatalf("cross-site join: %v %v", resp.StatusCode, err)
	}
	// joins are rate limited per address: 10 a minute
	limited := false
	for range 20 {
		code, _ := call(t, ts, "POST", APIPrefix+"join", "", "application/json", []byte(`{}`))
		if code == 429 {
			limited = true
			break
		}
	}
	if !limited {
		t.Fatal("20 joins in the same instant were all allowed")
	}
	clock.add(time.Minute)
	if code, b := call(t, ts, "POST", APIPrefix+"join", "", "application/json", []byte(`{"invite":"`+invite+`","name":"Bats"}`)); code != 201 {
		t.Fatalf("a join a minute later: %d %s", code, b)
	}
}

func TestSubmitIsRateLimitedPerTeam(t *testing.T) {
	p := openTest(t)
	clock := &fakeClock{t: time.Unix(1e9, 0)}
	ts := server(t, p, clock)
	_, invite, _ := p.CreateEvent(context.Background(), "tracks", "Summer", nil)
	_, owls := join(t, ts, invite, "Owls")
	_, bats := join(t, ts, invite, "Bats")
	if code, b := call(t, ts, "POST", APIPrefix+"submissions?filename=bot.py", owls, "text/x-python", []byte("print(1)")); code != 202 {
		t.Fatalf("%d %s", code, b)
	}
	if code, _ := call(t, ts, "POST", APIPrefix+"submissions?filename=bot.py", owls, "text/x-python", []byte("print(1)")); code != 429 {
		t.Fatalf("a second submission in the same minute: %d", code)
	}
	if code, _ := call(t, ts, "POST", APIPrefix+"submissions?filename=bot.py", bats, "text/x-python", []byte("print(1)")); code != 202 {
		t.Fatalf("another team's submission: %d", code)
	}
	clock.add(time.Minute)
	if code, _ := call(t, ts, "POST", APIPrefix+"submissions?filename=bot.py", owls, "text/x-python", []byte("print(1)")); code != 202 {
		t.Fatalf("a submission a minute later: %d", code)
	}
	// a refused upload does not use the team's submission
	clock.add(time.Minute)
	if code, _ := call(t, ts, "POST", APIPrefix+"submissions?filename=bot.pl", owls, "text/plain", []byte("print 1")); code != 400 {
		t.Fatalf("a Perl file: %d", code)
	}
	ct, body := multipartFile("bot.py", []byte("print(3)"))
	if code, b := call(t, ts, "POST", APIPrefix+"submissions", owls, ct, body); code != 202 {
		t.Fatalf("multipart after a refused upload: %d %s", code, b)
	}
}

// FuzzAPIBodies: whatever a client sends to the routes that read a body,
// the answer is a clean 4xx or a success, never a 500 or a panic.
func FuzzAPIBodies(f *testing.F) {
	ct, body := multipartFile("bot.py", []byte("print(1)"))
	f.Add("submissions", ct, body)
	f.Add("submissions", "multipart/form-data; boundary=x", []byte("--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"../a.py\"\r\n\r\nx\r\n--x--"))
	f.Add("submissions", "application/zip", []byte("PK\x03\x04garbage"))
	f.Add("join", "application/json", []byte(`{"invite":"invite-0123456789abcdef-0123456789abcdef0123456789abcdef","name":"x"}`))
	f.Add("join", "application/json", []byte(`{"name":"\u0000"}`))
	f.Fuzz(func(t *testing.T, route, contentType string, body []byte) {
		p, err := Open(context.Background(), t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		_, invite, _ := p.CreateEvent(context.Background(), "tracks", "x", nil)
		team, token, _ := p.Join(context.Background(), invite, "Owls")
		_ = team
		h := p.Handler(APIOptions{SubmitBurst: 1 << 20})
		path := APIPrefix + "submissions"
		if route == "join" {
			path = APIPrefix + "join"
		}
		req := httptest.NewRequest("POST", path, bytes.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		req.Header.Set("Authorization", "Bearer "+token)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%s %q: %d %s", path, contentType, rec.Code, rec.Body)
		}
	})
}
