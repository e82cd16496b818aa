package web

import (
	"encoding/json"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
)

// FuzzStartRequest: whatever a page sends, the match request decodes or
// is refused without a panic; a seed reads back as it was written; and a
// file option never reaches the game with a path outside the maps
// directory (or anything but its default when there is none).
func FuzzStartRequest(f *testing.F) {
	for _, seed := range []string{
		`{"game":"sum","bots":["builtin:count"],"seed":"2031584769121757972","options":["map=a.map"]}`,
		`{"game":"sum","seed":-9223372036854775808,"pauseMs":5000}`,
		`{"seed":1e3}`, `{"seed":"x"}`, `{"options":["map=../../etc/passwd","arena=/etc/shadow","map=."]}`,
		`{"options":["map=a.map/../../x","map=.hidden","map=a.map\u0000"]}`, `[]`, `null`, `{"bots":null}`,
	} {
		f.Add([]byte(seed))
	}
	maps := f.TempDir()
	os.WriteFile(filepath.Join(maps, "a.map"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(maps, ".hidden"), []byte("x"), 0o644)
	s := &Server{Replays: f.TempDir(), Maps: maps}
	s.init()
	decls := []game.Option{game.FileOption("map", "default", ""), game.FileOption("arena", "", ""), game.StringOption("name", "", "")}
	f.Fuzz(func(t *testing.T, body []byte) {
		var req StartRequest
		if json.Unmarshal(body, &req) != nil {
			return
		}
		if req.Seed != nil {
			b, _ := json.Marshal(*req.Seed)
			var back Seed
			if err := json.Unmarshal(b, &back); err != nil || back != *req.Seed {
				t.Fatalf("seed %d came back as %d (%v)", *req.Seed, back, err)
			}
		}
		out, err := s.resolveFiles(decls, req.Options)
		if err != nil {
			return
		}
		for _, kv := range out {
			k, v, _ := strings.Cut(kv, "=")
			if k != "map" && k != "arena" {
				continue
			}
			if v == "default" && k == "map" || v == "" && k == "arena" {
				continue
			}
			if filepath.Dir(v) != s.Maps || strings.HasPrefix(filepath.Base(v), ".") {
				t.Fatalf("%s reaches the game as %q, outside the maps", kv, v)
			}
		}
	})
}

// FuzzMatchID: any id in the address gives a replay of the directory or a
// 404, never a file outside it, never a panic.
func FuzzMatchID(f *testing.F) {
	for _, id := range []string{"m", "../m", "..", ".", "m.json", "/etc/passwd", `..\m`, "%2e%2e", "m\x00", "", strings.Repeat("a", 300), "<img src=x>"} {
		f.Add(id)
	}
	dir := f.TempDir()
	replays := filepath.Join(dir, "replays")
	os.Mkdir(replays, 0o755)
	record(f, replays, "m", 1)
	os.WriteFile(filepath.Join(dir, "outside.json"), []byte(`{"format":"arena-replay","version":1}`), 0o644)
	s := &Server{Replays: replays}
	h := s.Handler()
	f.Fuzz(func(t *testing.T, id string) {
		if p, err := s.lib.path(id); err == nil && filepath.Dir(p) != replays {
			t.Fatalf("id %q names %s, outside the replays", id, p)
		}
		for _, suffix := range []string{"", "/live", "?download=1"} {
			r := httptest.NewRequest("GET", "/api/matches/"+url.PathEscape(id)+suffix, nil)
			r.Host = "localhost"
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != 200 && w.Code != 404 && w.Code != 301 && w.Code != 307 && w.Code != 400 && w.Code != 426 {
				t.Fatalf("id %q%s: status %d %s", id, suffix, w.Code, w.Body)
			}
			if w.Code == 200 && id != "m" {
				t.Fatalf("id %q%s served something", id, suffix)
			}
		}
	})
}
