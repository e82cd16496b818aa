package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/client"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/pgtest"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/web"
)

// late is a format registered after the API's package started, as a
// format's package may be: its init runs in whatever order the
// program's imports give.
type late struct{}

func (late) Name() string { return "late-test" }
func (late) Routes() []format.Route {
	return []format.Route{{Pattern: "GET late-test", Who: format.Anyone, Serve: func(c *format.Call) { c.JSON(http.StatusTeapot, "late") }}}
}
func (late) Results(context.Context, format.Host, store.Event) ([]*format.Section, error) {
	return nil, nil
}

// hostless is a platform whose formats are given no host: the late
// format's route needs none.
type hostless struct{ api.Platform }

func (hostless) FormatHost() format.Host { return nil }

// TestFormatsRegisteredLaterAreServed: the route table is read when a
// handler is made, so a format whose package starts after this one's
// still has its routes listed and served (a table made when the package
// started lacked them, in the order some programs initialise).
func TestFormatsRegisteredLaterAreServed(t *testing.T) {
	format.Register(late{})
	if !slices.Contains(api.Routes(), api.Route{Pattern: "GET " + api.Prefix + "late-test", Who: api.Anyone}) {
		t.Fatalf("the late format's route is not in the table: %v", api.Routes())
	}
	ts := httptest.NewServer(api.Handler(hostless{}, api.Options{}))
	defer ts.Close()
	resp, err := http.Get(ts.URL + api.Prefix + "late-test")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusTeapot {
		t.Errorf("GET late-test: %d, want the format's 418", resp.StatusCode)
	}
}

// oneGameRoutes serve only the events of one game.
var oneGameRoutes = map[string]bool{
	"GET " + api.Prefix + "spawns":                                true,
	"POST " + api.Prefix + "spawns":                               true,
	"POST " + api.Prefix + "spawns/vote":                          true,
	"GET " + api.Prefix + "organiser/events/{id}/spawns":          true,
	"POST " + api.Prefix + "organiser/events/{id}/spawns":         true,
	"POST " + api.Prefix + "organiser/events/{id}/spawns/close":   true,
	"GET " + api.Prefix + "organiser/events/{id}/codinsa":         true,
	"POST " + api.Prefix + "organiser/events/{id}/codinsa/final":  true,
	"GET " + api.Prefix + "blitz":                                 true,
	"GET " + api.Prefix + "codinsa":                               true,
	"GET " + api.Prefix + "organiser/events/{id}/blitz":           true,
	"POST " + api.Prefix + "organiser/events/{id}/blitz/schedule": true,
	"POST " + api.Prefix + "organiser/events/{id}/blitz/round":    true,
	"POST " + api.Prefix + "organiser/events/{id}/blitz/final":    true,

	// stopping the ranked rounds' schedule (TestBlitzScheduleStopped)
	"POST " + api.Prefix + "organiser/events/{id}/blitz/schedule/stop": true,
}

// TestEveryRouteChecksItsRole walks the route table: with no token, a
// wrong token, another team's token and the right one.
func TestEveryRouteChecksItsRole(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	clock := &platformtest.Clock{T: time.Unix(1e9, 0)}
	ts := platformtest.Server(t, p, clock)
	_, invite, _ := p.CreateEvent(ctx, "tracks", "Summer", nil)
	owls, owlsToken := platformtest.Join(t, ts, invite, "Owls")
	_, batsToken := platformtest.Join(t, ts, invite, "Bats")
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
		"POST " + api.Prefix + "organiser/events":                     `{"game":"ants","name":"Spring","options":{"max_turns":"50"},"settings":{"turn_ms":80}}`,
		"POST " + api.Prefix + "organiser/events/{id}":                `{"settings":{"house_bots":false}}`,
		"POST " + api.Prefix + "organiser/events/{id}/casual":         `{"running":true}`,
		"POST " + api.Prefix + "organiser/events/{id}/freeze":         `{"frozen":false}`,
		"POST " + api.Prefix + "organiser/events/{id}/rounds":         `{"players":2}`,
		"POST " + api.Prefix + "organiser/events/{id}/rounds/{round}": `{"players":2}`,
		"POST " + api.Prefix + "organiser/events/{id}/final":          `{"games":0}`,
		"POST " + api.Prefix + "submissions/{id}/edit":                `{"path":"bot.py","text":"print(3)\n","draft":true}`,
		// (let back: the routes after it go on with Owls' token)
		"POST " + api.Prefix + "organiser/events/{id}/teams/{team}/suspend": `{"suspended":false}`,
	}
	for _, r := range api.Routes() {
		method, path, _ := strings.Cut(r.Pattern, " ")
		path = strings.NewReplacer("{id}", "1", "{lang}", "python", "{match}", "1", "{round}", "1", "{team}", "1").Replace(path)
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
		clock.Add(time.Minute) // wrong tokens are rate limited per address
		for _, c := range []struct {
			who, token string
			want       int
		}{{"no token", "", 401}, {"a forged token", forged, 401}, {"a forged organiser token", forgedOrg, 401}, {"an invitation", invite, 401}} {
			if code, b := platformtest.Call(t, ts, method, path, c.token, ct, body); code != c.want {
				t.Errorf("%s with %s: %d %s, want %d", r.Pattern, c.who, code, b, c.want)
			}
		}
		if r.Own {
			if code, b := platformtest.Call(t, ts, method, path, batsToken, ct, body); code != 404 {
				t.Errorf("%s with another team's token: %d %s, want 404", r.Pattern, code, b)
			}
		}
		right, wrong := owlsToken, orgToken
		if r.Who == api.Organiser {
			right, wrong = orgToken, owlsToken
		}
		if code, b := platformtest.Call(t, ts, method, path, wrong, ct, body); code != 403 {
			t.Errorf("%s with the other role's token: %d %s, want 403", r.Pattern, code, b)
		}
		if strings.HasSuffix(r.Pattern, "stream") {
			continue // a stream answers as long as it is open (TestStreamsTellOfRecordedMatches)
		}
		code, b := platformtest.Call(t, ts, method, path, right, ct, body)
		if r.Pattern == "POST "+api.Prefix+"httpbot" && code == 400 && strings.Contains(string(b), "no HTTP bot URLs") {
			continue // the team passed; this tracks event takes no URLs (TestHTTPBotURLs)
		}
		if r.Pattern == "POST "+api.Prefix+"organiser/events/{id}/rounds" && code == 400 && strings.Contains(string(b), "at least 2 teams") {
			continue // the organiser passed; one team has a bot (TestRankedRounds plays rounds)
		}
		if strings.HasPrefix(r.Pattern, "POST "+api.Prefix+"organiser/events/{id}/rounds/") && code == 400 && strings.Contains(string(b), "no round 1") {
			continue // the organiser passed; this event has no round (TestCancelAndChangeRound changes and cancels some)
		}
		if r.Pattern == "POST "+api.Prefix+"organiser/events/{id}/final" && code == 400 && strings.Contains(string(b), "games per team must be") {
			continue // the organiser passed; a final here would freeze the submissions this test goes on with (TestOrganiserControls)
		}
		if r.Pattern == "POST "+api.Prefix+"organiser/events/{id}/teams/{team}/retest" && code == 400 && strings.Contains(string(b), "no promotion test") {
			continue // the organiser passed; this event has no leagues (TestTheOrganiserLetsATeamRetakeItsTest)
		}
		if r.Pattern == "GET "+api.Prefix+"tests/{id}/replay" && code == 404 && strings.Contains(string(b), "is queued") {
			continue // the team passed; its test game is not played here (TestTestGames plays some)
		}
		// a route of one game's events (the catmouse spawn vote) answers
		// this tracks event's team 400, once its token is checked
		if code >= 400 && !(oneGameRoutes[r.Pattern] && code == 400) {
			t.Errorf("%s with the right token: %d %s", r.Pattern, code, b)
		}
		if r.Pattern == "GET "+api.Prefix+"submissions" && !strings.Contains(string(b), `"bot.py"`) {
			t.Errorf("the team's submissions lack its own: %s", b)
		}
	}
	// another team's list is its own, empty
	if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"submissions", batsToken, "", nil); code != 200 || string(bytes.TrimSpace(b)) != "[]" {
		t.Errorf("another team sees: %d %s", code, b)
	}
	if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"submissions/1/log", owlsToken, "", nil); code != 200 || string(b) != "built\n" {
		t.Errorf("own log: %d %q", code, b)
	}
	if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"submissions", owlsToken, "", nil); code != 200 || !strings.Contains(string(b), `"active":true`) {
		t.Errorf("the ready submission is not shown active: %s", b)
	}
	// the kits of the event's game, as zips that build when uploaded back
	if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"kits", owlsToken, "", nil); code != 200 || !strings.Contains(string(b), `"cpp"`) {
		t.Errorf("kits: %d %s", code, b)
	}
	code, z := platformtest.Call(t, ts, "GET", api.Prefix+"kits/cpp", owlsToken, "", nil)
	if code != 200 || !bytes.HasPrefix(z, []byte("PK\x03\x04")) {
		t.Fatalf("kits/cpp: %d", code)
	}
	src := t.TempDir()
	if err := build.Unpack(z, src, build.DefaultLimits); err != nil {
		t.Fatalf("the kit's zip does not unpack: %v", err)
	} else if m, err := build.Detect("tracks", build.KitRoot(src)); err != nil || m.Language != "cpp" {
		t.Fatalf("the kit's zip is not found a cpp kit: %+v %v", m, err)
	}
	for _, bad := range []string{"cobol", "..", "%2e%2e", "python%2F..%2F..%2Fants"} {
		if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"kits/"+bad, owlsToken, "", nil); code != 404 {
			t.Errorf("kits/%s: %d %s", bad, code, b)
		}
	}
	// the team's matches and its replays, with its own log only
	if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"matches", owlsToken, "", nil); code != 200 || !strings.Contains(string(b), `"house"`) || !strings.Contains(string(b), "matches/1/replay") {
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
	if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"matches", batsToken, "", nil); code != 200 || string(bytes.TrimSpace(b)) != "[]" {
		t.Errorf("another team's matches: %d %s", code, b)
	}
	if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"matches/1/replay", owlsToken, "", nil); code != 200 || !strings.Contains(string(b), "owls-log") || strings.Contains(string(b), "house-log") {
		t.Errorf("replay: %d %s", code, b)
	}
	// a build that is not ready cannot be made active
	queued, _ := p.Submit(ctx, owls, "bot.py", []byte("print(3)\n"))
	if code, b := platformtest.Call(t, ts, "POST", fmt.Sprintf("%ssubmissions/%d/activate", api.Prefix, queued.ID), owlsToken, "application/json", nil); code != 409 {
		t.Errorf("activating a queued build: %d %s", code, b)
	}
	if code, _ := platformtest.Call(t, ts, "GET", api.Prefix+"submissions/x/log", owlsToken, "", nil); code != 404 {
		t.Errorf("a bad id: %d", code)
	}
	if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"submissions/"+fmt.Sprint(sub.ID), owlsToken, "", nil); code != 200 || !strings.Contains(string(b), `"ready"`) {
		t.Errorf("own submission: %d %s", code, b)
	}
}

func TestJoinOverHTTP(t *testing.T) {
	p := platformtest.Open(t)
	clock := &platformtest.Clock{T: time.Unix(1e9, 0)}
	ts := platformtest.Server(t, p, clock)
	_, invite, _ := p.CreateEvent(context.Background(), "tracks", "Summer", nil)
	_, token := platformtest.Join(t, ts, invite, "Owls")
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
		if code, b := platformtest.Call(t, ts, "POST", api.Prefix+"join", "", c.ct, []byte(c.body)); code != c.want {
			t.Errorf("%s: %d %s, want %d", c.body, code, b, c.want)
		}
	}
	// a cross-site form post is refused by the viewer's guard
	req, _ := http.NewRequest("POST", ts.URL+api.Prefix+"join", strings.NewReader(`{"invite":"`+invite+`","name":"Evil"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "http://evil.example")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	if resp, err := ts.Client().Do(req); err != nil || resp.StatusCode != 403 {
		t.Fatalf("cross-site join: %v %v", resp.StatusCode, err)
	}
	// joins are rate limited per address: 10 a minute
	limited := false
	for range 20 {
		code, _ := platformtest.Call(t, ts, "POST", api.Prefix+"join", "", "application/json", []byte(`{}`))
		if code == 429 {
			limited = true
			break
		}
	}
	if !limited {
		t.Fatal("20 joins in the same instant were all allowed")
	}
	clock.Add(time.Minute)
	if code, b := platformtest.Call(t, ts, "POST", api.Prefix+"join", "", "application/json", []byte(`{"invite":"`+invite+`","name":"Bats"}`)); code != 201 {
		t.Fatalf("a join a minute later: %d %s", code, b)
	}
}

func TestSubmitIsRateLimitedPerTeam(t *testing.T) {
	p := platformtest.Open(t)
	clock := &platformtest.Clock{T: time.Unix(1e9, 0)}
	ts := platformtest.Server(t, p, clock)
	_, invite, _ := p.CreateEvent(context.Background(), "tracks", "Summer", nil)
	_, owls := platformtest.Join(t, ts, invite, "Owls")
	_, bats := platformtest.Join(t, ts, invite, "Bats")
	if code, b := platformtest.Call(t, ts, "POST", api.Prefix+"submissions?filename=bot.py", owls, "text/x-python", []byte("print(1)")); code != 202 {
		t.Fatalf("%d %s", code, b)
	}
	if code, _ := platformtest.Call(t, ts, "POST", api.Prefix+"submissions?filename=bot.py", owls, "text/x-python", []byte("print(1)")); code != 429 {
		t.Fatalf("a second submission in the same minute: %d", code)
	}
	if code, _ := platformtest.Call(t, ts, "POST", api.Prefix+"submissions?filename=bot.py", bats, "text/x-python", []byte("print(1)")); code != 202 {
		t.Fatalf("another team's submission: %d", code)
	}
	clock.Add(time.Minute)
	if code, _ := platformtest.Call(t, ts, "POST", api.Prefix+"submissions?filename=bot.py", owls, "text/x-python", []byte("print(1)")); code != 202 {
		t.Fatalf("a submission a minute later: %d", code)
	}
	// a refused upload does not use the team's submission
	clock.Add(time.Minute)
	if code, _ := platformtest.Call(t, ts, "POST", api.Prefix+"submissions?filename=bot.xyz", owls, "text/plain", []byte("print 1")); code != 400 {
		t.Fatalf("a file of no language: %d", code)
	}
	ct, body := multipartFile("bot.py", []byte("print(3)"))
	if code, b := platformtest.Call(t, ts, "POST", api.Prefix+"submissions", owls, ct, body); code != 202 {
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
		p, err := platform.Open(context.Background(), t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		_, invite, _ := p.CreateEvent(context.Background(), "tracks", "x", nil)
		team, token, _ := p.Join(context.Background(), invite, "Owls")
		_ = team
		h := p.Handler(api.Options{SubmitBurst: 1 << 20})
		path := api.Prefix + "submissions"
		if route == "join" {
			path = api.Prefix + "join"
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

// TestClientRoutesAreServed: every route the typed client (platform/client)
// calls is one of the API's routes, opened by the token the client sends
// there (the organiser's under organiser/, none to join, else a team's),
// so that the client and the route table cannot drift apart.
func TestClientRoutesAreServed(t *testing.T) {
	if client.Prefix != api.Prefix {
		t.Errorf("the client's prefix %q is not the API's %q", client.Prefix, api.Prefix)
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
		case path == api.Prefix+"join":
			want = api.Anyone
		case strings.HasPrefix(path, api.Prefix+"organiser/"):
			want = api.Organiser
		}
		if who != want {
			t.Errorf("%s is served to role %d, the client calls it as role %d", r, who, want)
		}
	}
}

// An upload gets the time of api.Options.UploadTime to arrive, though the
// server's read timeout (arena serve's minute; here 300 ms) is shorter,
// which cut a 20 MiB zip over a slow link; other routes keep the server's.
func TestSlowUploadHasItsOwnDeadline(t *testing.T) {
	p := platformtest.Open(t)
	ws := &web.Server{Replays: t.TempDir(), Platform: p.Handler(api.Options{UploadTime: time.Minute})}
	ts := httptest.NewUnstartedServer(ws.Handler())
	ts.Config.ReadTimeout = 300 * time.Millisecond
	ts.Start()
	t.Cleanup(func() { ts.Close(); ws.Close() })
	_, invite, _ := p.CreateEvent(context.Background(), "tracks", "Summer", nil)
	_, owls := platformtest.Join(t, ts, invite, "Owls")

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
	code, b, err := post(api.Prefix+"submissions?filename=bot.py", owls, "text/x-python", slowBody(10, 150*time.Millisecond))
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
	if code, b, err := post(api.Prefix+"join", "", "application/json", r); err == nil && code == http.StatusCreated {
		t.Fatalf("a join whose body took 1.5 s was read whole (%d %s): the upload's deadline leaked to other routes", code, b)
	}
}

// A team's promotion games stay in its list of matches however many
// casual games followed them: with house bots, casual games come by the
// hundred a minute and pushed the test that decided its league out of the
// event's latest matches.
func TestTeamSeesItsPromotionGamesAfterManyCasualOnes(t *testing.T) {
	ctx := context.Background()
	p := platformtest.Open(t)
	ev, invite := platformtest.Event(t, p, "tracks", "League Cup")
	ts := platformtest.Server(t, p, &platformtest.Clock{})
	tm, token := platformtest.Join(t, ts, invite, "Bats")
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
	code, b := platformtest.Call(t, ts, "GET", api.Prefix+"matches", token, "", nil)
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

// multipartFile is a multipart form with one file, as a browser sends
// an upload.
func multipartFile(name string, data []byte) (string, []byte) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	w, _ := mw.CreateFormFile("file", name)
	w.Write(data)
	mw.Close()
	return mw.FormDataContentType(), buf.Bytes()
}

func TestMain(m *testing.M) { pgtest.Main(m) }

// TestFlowsOnPostgres runs the API's flows again on PostgreSQL: the same
// routes on both drivers.
func TestFlowsOnPostgres(t *testing.T) {
	platformtest.OnPostgres(t, map[string]func(*testing.T){
		"EveryRouteChecksItsRole":    TestEveryRouteChecksItsRole,
		"JoinOverHTTP":               TestJoinOverHTTP,
		"JoinWithMembers":            TestJoinWithMembers,
		"OrganiserAPI":               TestOrganiserAPI,
		"SubmitIsRateLimitedPerTeam": TestSubmitIsRateLimitedPerTeam,
		"TestGames":                  TestTestGames,
	})
}
