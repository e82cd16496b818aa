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
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/client"
	"github.com/seed27749672/arena/platform/format/codinsa"
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
	for _, r := range api.Routes() {
		method, path, _ := strings.Cut(r.Pattern, " ")
		path = strings.NewReplacer("{id}", "1", "{lang}", "python", "{match}", "1", "{round}", "1").Replace(path)
		ct, body := "application/json", []byte(`{}`)
		if strings.HasSuffix(path, "submissions") && method == "POST" {
			ct, body = multipartFile("bot.py", []byte("print(2)\n"))
		}
		if b, ok := orgBodies[r.Pattern]; ok {
			body = []byte(b)
		}
		if r.Who == api.Anyone {
			continue // join: its own test below
		}
		clock.add(time.Minute) // wrong tokens are rate limited per address
		for _, c := range []struct {
			who, token string
			want       int
		}{{"no token", "", 401}, {"a forged token", forged, 401}, {"a forged organiser token", forgedOrg, 401}, {"an invitation", invite, 401}} {
			if code, b := call(t, ts, method, path, c.token, ct, body); code != c.want {
				t.Errorf("%s with %s: %d %s, want %d", r.Pattern, c.who, code, b, c.want)
			}
		}
		if r.Own {
			if code, b := call(t, ts, method, path, batsToken, ct, body); code != 404 {
				t.Errorf("%s with another team's token: %d %s, want 404", r.Pattern, code, b)
			}
		}
		right, wrong := owlsToken, orgToken
		if r.Who == api.Organiser {
			right, wrong = orgToken, owlsToken
		}
		if code, b := call(t, ts, method, path, wrong, ct, body); code != 403 {
			t.Errorf("%s with the other role's token: %d %s, want 403", r.Pattern, code, b)
		}
		code, b := call(t, ts, method, path, right, ct, body)
		if r.Pattern == "POST "+APIPrefix+"httpbot" && code == 400 && strings.Contains(string(b), "no HTTP bot URLs") {
			continue // the team passed; this tracks event takes no URLs (TestHTTPBotURLs)
		}
		if r.Pattern == "POST "+APIPrefix+"organiser/events/{id}/rounds" && code == 400 && strings.Contains(string(b), "at least 2 teams") {
			continue // the organiser passed; one team has a bot (TestRankedRounds plays rounds)
		}
		if strings.HasPrefix(r.Pattern, "POST "+APIPrefix+"organiser/events/{id}/rounds/") && code == 400 && strings.Contains(string(b), "no round 1") {
			continue // the organiser passed; this event has no round (TestCancelAndChangeRound changes and cancels some)
		}
		if r.Pattern == "POST "+APIPrefix+"organiser/events/{id}/final" && code == 400 && strings.Contains(string(b), "games per team must be") {
			continue // the organiser passed; a final here would freeze the submissions this test goes on with (TestOrganiserControls)
		}
		// a route of one game's events (the catmouse spawn vote) answers
		// this tracks event's team 400, once its token is checked
		if code >= 400 && !(oneGameRoutes[r.Pattern] && code == 400) {
			t.Errorf("%s with the right token: %d %s", r.Pattern, code, b)
		}
		if r.Pattern == "GET "+APIPrefix+"submissions" && !strings.Contains(string(b), `"bot.py"`) {
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

// The chosen set is not announced: two events where only the other teams'
// votes differ (set 2 wins in one, set 1 in the other) answer every GET
// route of a team byte for byte the same, ids and times aside.
func TestNoTeamRouteTellsTheChosenSet(t *testing.T) {
	answers := func(cats int) (map[string]string, int) {
		p, ts, ev, _, tokens := codinsaSetup(t, nil)
		ctx := context.Background()
		if err := codinsa.PublishSpawns(ctx, p.FormatHost(), ev.ID, "", testSet0, testSecret); err != nil {
			t.Fatal(err)
		}
		for i, tok := range tokens {
			if code, b := call(t, ts, "POST", APIPrefix+"spawns", tok, "text/plain", []byte(testTeamSets[i])); code != 201 {
				t.Fatalf("%d %s", code, b)
			}
		}
		vote(t, ts, tokens[0], 2)
		vote(t, ts, tokens[1], 3)
		vote(t, ts, tokens[2], cats)
		if err := codinsa.CloseSpawnVote(ctx, p.FormatHost(), ev.ID); err != nil {
			t.Fatal(err)
		}
		s, _ := codinsa.Spawns(ctx, p.FormatHost(), ev.ID)
		ch, _ := s.Choice()
		out := map[string]string{}
		noise := regexp.MustCompile(`"(created|played|built|id|event|team_id|active)":("[^"]*"|[0-9]+)`)
		for _, r := range api.Routes() {
			method, path, _ := strings.Cut(r.Pattern, " ")
			if method != "GET" || r.Who != api.Team || strings.Contains(path, "{") {
				continue
			}
			code, b := call(t, ts, method, path, tokens[0], "", nil)
			out[path] = fmt.Sprint(code, " ", noise.ReplaceAllString(string(b), ""))
		}
		return out, ch.ID
	}
	a, chosenA := answers(2)
	b, chosenB := answers(1)
	if chosenA != 2 || chosenB != 1 {
		t.Fatalf("the two votes chose %d and %d, want 2 and 1", chosenA, chosenB)
	}
	if len(a) < 5 || !strings.Contains(a[APIPrefix+"spawns"], "NAME Cats") {
		t.Fatalf("too few routes compared, or no spawns route: %v", a)
	}
	for path, ans := range a {
		if b[path] != ans {
			t.Errorf("%s tells the votes apart:\n%s\n%s", path, ans, b[path])
		}
		if strings.Contains(ans, "MOUSE 4 -2") {
			t.Errorf("%s shows the secret set: %s", path, ans)
		}
	}
}

// TestClientRoutesAreServed: every route the typed client (platform/client)
// calls is one of the API's routes, opened by the token the client sends
// there (the organiser's under organiser/, none to join, else a team's),
// so that the client and the route table cannot drift apart.
func TestClientRoutesAreServed(t *testing.T) {
	if client.Prefix != APIPrefix {
		t.Errorf("the client's prefix %q is not the API's %q", client.Prefix, APIPrefix)
	}
	served := map[string]api.Role{}
	for _, r := range api.Routes() {
		served[r.Pattern] = r.Who
	}
	for _, r := range client.Routes() {
		who, ok := served[r]
		if !ok {
			t.Errorf("the client calls %s, which is not in the route table", r)
			continue
		}
		_, path, _ := strings.Cut(r, " ")
		want := api.Team
		switch {
		case path == APIPrefix+"join":
			want = api.Anyone
		case strings.HasPrefix(path, APIPrefix+"organiser/"):
			want = api.Organiser
		}
		if who != want {
			t.Errorf("%s is served to role %d, the client calls it as role %d", r, who, want)
		}
	}
}

// slowBody sends n lines of a Python file, one every pause, as a slow
// link would.
func slowBody(n int, pause time.Duration) io.Reader {
	r, w := io.Pipe()
	go func() {
		w.Write([]byte("print(1)\n"))
		for range n {
			time.Sleep(pause)
			if _, err := w.Write([]byte("# a comment, to make the file longer\n")); err != nil {
				return
			}
		}
		w.Close()
	}()
	return r
}

// An upload gets the time of APIOptions.UploadTime to arrive, though the
// server's read timeout (arena serve's minute; here 300 ms) is shorter,
// which cut a 20 MiB zip over a slow link; other routes keep the server's.
func TestSlowUploadHasItsOwnDeadline(t *testing.T) {
	p := openTest(t)
	ws := &web.Server{Replays: t.TempDir(), Platform: p.Handler(APIOptions{UploadTime: time.Minute})}
	ts := httptest.NewUnstartedServer(ws.Handler())
	ts.Config.ReadTimeout = 300 * time.Millisecond
	ts.Start()
	t.Cleanup(func() { ts.Close(); ws.Close() })
	_, invite, _ := p.CreateEvent(context.Background(), "tracks", "Summer", nil)
	_, owls := join(t, ts, invite, "Owls")

	post := func(path, token, ctype string, body io.Reader) (int, string, error) {
		req, _ := http.NewRequest("POST", ts.URL+path, body)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		req.Header.Set("Content-Type", ctype)
		resp, err := ts.Client().Do(req)
		if err != nil {
			return 0, "", err
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b), nil
	}
	// 1.5 s at least, five times the server's read timeout.
	code, b, err := post(APIPrefix+"submissions?filename=bot.py", owls, "text/x-python", slowBody(10, 150*time.Millisecond))
	if err != nil || code != http.StatusAccepted {
		t.Fatalf("a slow upload: %d %s %v", code, b, err)
	}
	r, w := io.Pipe()
	go func() {
		w.Write([]byte(`{"invite":"` + invite + `",`))
		time.Sleep(1500 * time.Millisecond)
		w.Write([]byte(`"name":"Bats"}`))
		w.Close()
	}()
	if code, b, err := post(APIPrefix+"join", "", "application/json", r); err == nil && code == http.StatusCreated {
		t.Fatalf("a join whose body took 1.5 s was read whole (%d %s): the upload's deadline leaked to other routes", code, b)
	}
}

// A team's promotion games stay in its list of matches however many
// casual games followed them: with house bots, casual games come by the
// hundred a minute and pushed the test that decided its league out of the
// event's latest matches.
func TestTeamSeesItsPromotionGamesAfterManyCasualOnes(t *testing.T) {
	ctx := context.Background()
	p := openTest(t)
	ev, invite := newEvent(t, p, "tracks", "League Cup")
	ts := server(t, p, &fakeClock{})
	tm, token := join(t, ts, invite, "Bats")
	s, err := p.Store.CreateSubmission(ctx, store.Submission{TeamID: tm.ID, Filename: "bot.py", Status: store.StatusQueued})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Store.FinishBuild(ctx, s.ID, store.StatusReady, "python", "", nil); err != nil {
		t.Fatal(err)
	}
	record := func(key, kind string) {
		m := store.Match{EventID: ev.ID, Key: key, Kind: kind, League: 1, Teams: []int64{tm.ID, 0},
			Submissions: []int64{s.ID, 0}, Ranks: []int{1, 2}}
		if _, err := p.Store.RecordMatch(ctx, m, nil); err != nil {
			t.Fatal(err)
		}
	}
	for k := range 3 {
		record(fmt.Sprintf("promotion-%d-1-%d", s.ID, k), store.KindPromotion)
	}
	for k := range api.RecentMatches + 20 {
		record(fmt.Sprintf("casual-%d", k), store.KindCasual)
	}
	code, b := call(t, ts, "GET", APIPrefix+"matches", token, "", nil)
	if code != http.StatusOK {
		t.Fatalf("matches: %d %s", code, b)
	}
	var list []struct {
		ID   int64
		Kind string
	}
	if err := json.Unmarshal(b, &list); err != nil {
		t.Fatal(err)
	}
	promo := 0
	for i, m := range list {
		if i > 0 && list[i-1].ID <= m.ID {
			t.Fatalf("matches not newest first at %d: %d then %d", i, list[i-1].ID, m.ID)
		}
		if m.Kind == store.KindPromotion {
			promo++
		}
	}
	if promo != 3 || len(list) != api.RecentMatches+3 {
		t.Fatalf("got %d matches with %d promotion games, want the %d latest and the 3 promotion games", len(list), promo, api.RecentMatches)
	}
}
