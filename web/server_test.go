package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/game/gametest"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

func init() {
	gametest.Register()
	game.Register(picky{})
}

// picky is the sum game under another name, refusing fewer than 3 players
// when its referee is made, as games whose maps fit only some player counts
// do (territory's generated arenas).
type picky struct{ gametest.Sum }

func (picky) Info() game.Info {
	info := gametest.Sum{}.Info()
	info.Name = "picky"
	return info
}

func (p picky) New(cfg game.Config) (game.Referee, error) {
	if cfg.Players < 3 {
		return nil, fmt.Errorf("generated maps are for 3 players or more, not %d", cfg.Players)
	}
	return p.Sum.New(cfg)
}

// record plays a sum match and saves it in dir as id.json.
func record(t testing.TB, dir, id string, seed int64) *replay.Replay {
	t.Helper()
	m, err := match.Setup{Game: "sum", Bots: []string{"builtin:count", "builtin:seeded"}, Seed: &seed}.Build()
	if err != nil {
		t.Fatal(err)
	}
	rep, err := match.Run(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	if err := replay.Save(filepath.Join(dir, id+".json"), rep); err != nil {
		t.Fatal(err)
	}
	return rep
}

func newServer(t *testing.T, allow bool) (*Server, *httptest.Server) {
	t.Helper()
	s := &Server{Replays: t.TempDir(), AllowCommands: allow}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() { ts.Close(); s.Close() })
	return s, ts
}

func getJSON(t *testing.T, url string, v any) int {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if err := json.NewDecoder(res.Body).Decode(v); err != nil {
		t.Fatalf("%s: %v", url, err)
	}
	return res.StatusCode
}

func TestListAndGet(t *testing.T) {
	s, ts := newServer(t, false)
	record(t, s.Replays, "older", 1)
	time.Sleep(5 * time.Millisecond) // distinct start times
	rep := record(t, s.Replays, "newer", 2)
	os.WriteFile(filepath.Join(s.Replays, "notes.json"), []byte(`{"not":"a replay"}`), 0o644)

	var list []Summary
	getJSON(t, ts.URL+"/api/matches", &list)
	if len(list) != 2 || list[0].ID != "newer" || list[1].ID != "older" {
		t.Fatalf("list = %+v, want newer then older (and no notes.json)", list)
	}
	if list[0].Game != "sum" || len(list[0].Players) != 2 || list[0].Result[0].Rank == 0 {
		t.Fatalf("summary %+v", list[0])
	}
	var page pageReplay
	if code := getJSON(t, ts.URL+"/api/matches/newer", &page); code != 200 {
		t.Fatalf("status %d", code)
	}
	if page.Seed != rep.Seed || len(page.Turns) != len(rep.Turns) {
		t.Fatalf("page replay differs: seed %d turns %d", page.Seed, len(page.Turns))
	}
	var got replay.Replay // the download is the file format
	if code := getJSON(t, ts.URL+"/api/matches/newer?download=1", &got); code != 200 {
		t.Fatalf("status %d", code)
	}
	if got.Seed != rep.Seed || len(got.Turns) != len(rep.Turns) {
		t.Fatalf("served replay differs: seed %d turns %d", got.Seed, len(got.Turns))
	}
	if err := match.Verify(&got); err != nil {
		t.Fatalf("served replay does not verify: %v", err)
	}
	res, _ := http.Get(ts.URL + "/api/matches/newer?download=1")
	if cd := res.Header.Get("Content-Disposition"); !strings.Contains(cd, `filename="newer.json"`) {
		t.Errorf("download header %q", cd)
	}
	var e map[string]string
	if code := getJSON(t, ts.URL+"/api/matches/..%2fetc", &e); code != 404 {
		t.Errorf("path escape: status %d", code)
	}
}

func TestGamesAndPages(t *testing.T) {
	_, ts := newServer(t, false)
	var g struct {
		Games []GameInfo
	}
	getJSON(t, ts.URL+"/api/games", &g)
	found := false
	for _, gi := range g.Games {
		if gi.Name == "sum" && len(gi.Builtins) == 2 && len(gi.Options) > 0 {
			found = true
		}
	}
	if !found {
		t.Fatalf("games %+v", g.Games)
	}
	for _, path := range []string{"/", "/match/anything", "/player.js", "/games/generic.js", "/app.css", "/home.js"} {
		res, err := http.Get(ts.URL + path)
		if err != nil || res.StatusCode != 200 {
			t.Errorf("GET %s: %v %v", path, err, res.Status)
		}
	}
}

func post(t *testing.T, url string, body string) (int, map[string]string) {
	t.Helper()
	res, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]string
	json.NewDecoder(res.Body).Decode(&out)
	return res.StatusCode, out
}

func TestStartRules(t *testing.T) {
	_, ts := newServer(t, false)
	cases := []struct {
		body string
		code int
		want string
	}{
		{`{"game":"sum","bots":["builtin:count","python3 bot.py"]}`, 403, "--allow-commands"},
		{`{"game":"nope","bots":["builtin:count"]}`, 400, "unknown game"},
		{`{"game":"sum","bots":["builtin:count"],"options":["x=1"]}`, 400, "unknown option"},
		{`not json`, 400, "must be JSON"},
		{`{"game":"picky","bots":["builtin:count","builtin:count"]}`, 400, "picky: generated maps are for 3 players or more, not 2"},
	}
	for _, c := range cases {
		code, out := post(t, ts.URL+"/api/matches", c.body)
		if code != c.code || !strings.Contains(out["error"], c.want) {
			t.Errorf("%s: %d %q, want %d %q", c.body, code, out["error"], c.code, c.want)
		}
	}
}

// A match started from the page streams to a viewer that joins mid-match:
// the viewer catches up, then receives every turn and the end, and the
// replay is saved in the directory.
func TestStartAndLiveStream(t *testing.T) {
	s, ts := newServer(t, true)
	code, out := post(t, ts.URL+"/api/matches",
		`{"game":"sum","seed":5,"bots":["builtin:count","builtin:seeded"],"options":["turns=12","realtime=true","turn_ms=30","first_ms=30"]}`)
	if code != 201 {
		t.Fatalf("start: %d %v", code, out)
	}
	id := out["id"]
	time.Sleep(120 * time.Millisecond) // join while it plays
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/api/matches/"+id+"/live", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 24)
	var turns []int
	var first streamMsg
	for {
		_, b, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("stream ended without an end message: %v", err)
		}
		var m streamMsg
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		if m.Type == "replay" {
			first = m
			for _, raw := range m.Turns { // a live catch-up sends the turns beside the header
				var tr replay.Turn
				if err := json.Unmarshal(raw, &tr); err != nil {
					t.Fatal(err)
				}
				turns = append(turns, tr.Turn)
			}
			continue
		}
		if m.Type == "turn" {
			turns = append(turns, m.Turn.Turn)
			continue
		}
		if m.Type != "end" || m.Result == nil {
			t.Fatalf("unexpected message %s", b)
		}
		break
	}
	if first.Replay == nil || first.Replay.Initial == nil || len(first.Turns) == 0 || len(first.Turns) == 12 {
		t.Errorf("catch-up should hold the turns played so far (got %d)", len(first.Turns))
	}
	for k, n := range turns {
		if n != k+1 {
			t.Fatalf("turns received %v: want 1..12 in order, no gap", turns)
		}
	}
	if len(turns) != 12 {
		t.Fatalf("received %d turns", len(turns))
	}
	// The finished match is listed and saved.
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, err := os.Stat(filepath.Join(s.Replays, id+".json.gz")); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the replay was not saved")
		}
		time.Sleep(10 * time.Millisecond)
	}
	var list []Summary
	getJSON(t, ts.URL+"/api/matches", &list)
	if len(list) != 1 || list[0].ID != id || list[0].Live {
		t.Fatalf("list %+v", list)
	}
	// A recorded match can be streamed too: it comes whole, then closes.
	c2, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/api/matches/"+id+"/live", nil)
	if err != nil {
		t.Fatal(err)
	}
	c2.SetReadLimit(1 << 24)
	_, b, err := c2.Read(ctx)
	if err != nil || !strings.Contains(string(b), `"type":"replay"`) {
		t.Fatalf("recorded stream: %v %.100s", err, b)
	}
	if _, _, err := c2.Read(ctx); websocket.CloseStatus(err) != websocket.StatusNormalClosure {
		t.Fatalf("recorded stream should close normally, got %v", err)
	}
}

func TestExportHTML(t *testing.T) {
	dir := t.TempDir()
	rep := record(t, dir, "m", 3)
	// A name that would close the replay's block if it were written raw.
	rep.Players[0].Name = "</script><script>alert(1)</script>"
	var b strings.Builder
	if err := ExportHTML(&b, rep); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	for _, want := range []string{"<title>Arena replay: sum, seed 3</title>", "window.ARENA_EMBED", "class Player", "export default function create"} {
		if !strings.Contains(html, want) {
			t.Errorf("export lacks %q", want)
		}
	}
	if strings.Count(html, "</script>") != 4 {
		t.Errorf("the page must hold exactly four script elements (renderer, replay, player, the replay's rest)")
	}
	if strings.Contains(html, "<script src") || strings.Contains(html, "<link") {
		t.Errorf("the page must not load anything")
	}
	// Its policy lets its own script and style run, by hash, and nothing
	// else inline; the replay is data, not script.
	inner := func(open, close string) string {
		i := strings.Index(html, open)
		j := strings.Index(html[i:], close)
		return html[i+len(open) : i+j]
	}
	policy := inner(`<meta http-equiv="Content-Security-Policy" content="`, `">`)
	for _, el := range []string{inner(`<script type="module" async>`, `</script>`), inner(`<style>`, `</style>`)} {
		if !strings.Contains(policy, cspHash(el)) {
			t.Errorf("the policy %q does not allow an element of the page", policy)
		}
	}
	if strings.Contains(policy, "unsafe") || !strings.Contains(policy, "default-src 'none'") {
		t.Errorf("policy %q", policy)
	}
	if !strings.Contains(html, `<script type="application/json" id="arena-embed">`) || !strings.Contains(html, `<script type="text/plain" id="arena-replay">`) {
		t.Error("the renderer and the replay are not data blocks")
	}
	// The replay's block holds its line form (the page keeps each turn as
	// text until it is shown), whole for a short match.
	var lines bytes.Buffer
	page, _ := json.Marshal(pageReplay{rep})
	writeLines(&lines, page)
	if got := inner(`<script type="text/plain" id="arena-replay">`, `</script>`); got != lines.String() {
		t.Errorf("the replay's block holds %.200q, want its lines", got)
	}
	if got := inner(`<script type="text/plain" id="arena-replay-rest">`, `</script>`); got != "" {
		t.Errorf("a short match's rest block holds %.200q", got)
	}
}

// A long match's offline page gives its first turns in the block before
// the script, the others after it; together they are its lines.
func TestExportLinesOfALongMatch(t *testing.T) {
	rep := record(t, t.TempDir(), "m", 3)
	for len(rep.Turns) <= exportHead {
		rep.Turns = append(rep.Turns, rep.Turns...)
	}
	page, _ := json.Marshal(pageReplay{rep})
	var lines bytes.Buffer
	writeLines(&lines, page)
	first, rest, err := exportLines(page)
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Split(strings.TrimSuffix(lines.String(), "\n"), "\n")
	want1 := strings.Join(all[:1+exportHead], "\n") + "\n" + `{"more":true}` + "\n"
	want2 := "{}\n" + strings.Join(all[1+exportHead:], "\n") + "\n"
	if string(first) != want1 || string(rest) != want2 {
		t.Errorf("blocks %.100q ... and %.100q", first, rest)
	}
}

// A match the caller runs itself is shown through Watch: listed as live
// while it plays, then saved and listed from the directory. A read-only
// server refuses to start matches.
func TestWatchAndReadOnly(t *testing.T) {
	s := &Server{Replays: t.TempDir(), ReadOnly: true}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	defer s.Close()
	if code, out := post(t, ts.URL+"/api/matches", `{"game":"sum","bots":["builtin:count"]}`); code != 403 {
		t.Fatalf("read-only start: %d %v", code, out)
	}
	var games struct{ ReadOnly bool }
	if getJSON(t, ts.URL+"/api/games", &games); !games.ReadOnly {
		t.Error("/api/games does not tell the page that the server is read-only")
	}
	seed := int64(4)
	m, err := match.Setup{Game: "sum", Bots: []string{"builtin:count"}, Seed: &seed,
		Options: []string{"turns=6", "realtime=true", "turn_ms=40", "first_ms=40"}}.Build()
	if err != nil {
		t.Fatal(err)
	}
	turns := 0
	m.OnTurn = func(replay.Turn) { turns++ } // hooks already set are kept
	finish := s.Watch("20990101-000000-sum-watch", &m)
	done := make(chan struct{})
	go func() {
		finish(match.Run(context.Background(), m))
		close(done)
	}()
	time.Sleep(60 * time.Millisecond)
	if id, ok := s.Live(); !ok || id != "20990101-000000-sum-watch" {
		t.Fatalf("Live() = %q %v during the match", id, ok)
	}
	var list []Summary
	getJSON(t, ts.URL+"/api/matches", &list)
	if len(list) != 1 || !list[0].Live {
		t.Fatalf("list during the match: %+v", list)
	}
	<-done
	if turns != 6 {
		t.Errorf("the caller's own OnTurn saw %d turns", turns)
	}
	if _, ok := s.Live(); ok {
		t.Error("no match is live after the end")
	}
	if _, err := os.Stat(filepath.Join(s.Replays, "20990101-000000-sum-watch.json.gz")); err != nil {
		t.Errorf("not saved: %v", err)
	}
}

// A match that needs more cores than the server has runs alone on all of
// them (as in a tournament), rather than being refused as busy forever.
func TestStartMatchBiggerThanTheCores(t *testing.T) {
	s := &Server{Replays: t.TempDir(), AllowCommands: true, Cores: 1}
	defer s.Close()
	echo := `sh -c 'while read l; do echo 1; done'`
	id, err := s.Start(StartRequest{Game: "sum", Bots: []string{echo, echo}, Options: []string{"turns=2", "realtime=true", "turn_ms=200"}})
	if err != nil {
		t.Fatalf("a 2-core match on a 1-core server: %v", err)
	}
	if _, err := s.Start(StartRequest{Game: "sum", Bots: []string{"builtin:count"}}); !errors.Is(err, errBusy) {
		t.Errorf("a second match while the first takes every core: %v, want busy", err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(filepath.Join(s.Replays, id+".json.gz")); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the match was not played")
		}
	}
}
