package web

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

// The page read from a replay file's own bytes is the page the decoded
// replay encodes to (the same object; the seed a string, exactly, above
// 2^53 too), for a plain and a gzip-compressed file.
func TestPageFromFile(t *testing.T) {
	dir := t.TempDir()
	for _, seed := range []int64{9, 2031584769121757972, -5} {
		rep := record(t, dir, "m", seed)
		for _, name := range []string{"p.json", "p.json.gz"} {
			path := filepath.Join(dir, name)
			if err := replay.Save(path, rep); err != nil {
				t.Fatal(err)
			}
			fast, ok, err := pageFromFile(path)
			if err != nil || !ok {
				t.Fatalf("%s, seed %d: the file's page was not read (ok %v, %v)", name, seed, ok, err)
			}
			slow, err := (pageReplay{rep}).MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			var a, b map[string]any
			if err := json.Unmarshal(fast, &a); err != nil {
				t.Fatalf("%s: the page is not JSON: %v", name, err)
			}
			if err := json.Unmarshal(slow, &b); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(a, b) {
				t.Errorf("%s, seed %d: the page from the file differs from the decoded replay's", name, seed)
			}
			if a["seed"] != strconv.FormatInt(seed, 10) {
				t.Errorf("%s: the page's seed is %#v, want the string %q", name, a["seed"], strconv.FormatInt(seed, 10))
			}
		}
	}
}

// A file that is not as Arena writes its replays is left to the decoder
// (which says what is wrong): another version, not JSON, fields in
// another order, a seed that is not a number.
func TestPageFromFileDeclines(t *testing.T) {
	dir := t.TempDir()
	rep := record(t, dir, "m", 9)
	good, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{
		"version":   strings.Replace(string(good), `"version":1`, `"version":2`, 1),
		"not JSON":  string(good[:len(good)/2]),
		"order":     `{"turns":[],` + strings.TrimPrefix(string(good), "{"),
		"seed type": strings.Replace(string(good), `"seed":9`, `"seed":"9"`, 1),
	}
	for name, text := range cases {
		path := filepath.Join(dir, "x.json")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, ok, err := pageFromFile(path); ok || err != nil {
			t.Errorf("%s: ok %v, err %v; want the decoder's way", name, ok, err)
		}
	}
	if _, _, err := pageFromFile(filepath.Join(dir, "missing.json")); err == nil {
		t.Error("a missing file gave no error")
	}
}

// BenchmarkPageFromFile: the page of a long replay file (a 1000-tick
// jungle match of 4 teams, about 20 MB), read from the file's bytes and
// through decoding it and encoding it again, as the cache did; compare
// the two in the same run.
func BenchmarkPageFromFile(b *testing.B) {
	path := longReplayFile(b)
	b.Run("bytes", func(b *testing.B) {
		for b.Loop() {
			if _, ok, err := pageFromFile(path); !ok || err != nil {
				b.Fatal(ok, err)
			}
		}
	})
	b.Run("decode+encode", func(b *testing.B) {
		for b.Loop() {
			r, err := replay.Load(path)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := (pageReplay{r}).MarshalJSON(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// longReplayFile records a 1000-tick jungle match of 4 teams (about 20 MB)
// for the benchmarks.
func longReplayFile(b *testing.B) string {
	b.Helper()
	seed := int64(5)
	m, err := match.Setup{Game: "jungle", Bots: []string{"builtin:greedy", "builtin:fighter", "builtin:random", "builtin:fighter"},
		Seed: &seed, Options: []string{"nb_ticks=1000", "tick_timeout_ms=0"}}.Build()
	if err != nil {
		b.Fatal(err)
	}
	rep, err := match.Run(context.Background(), m)
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "long.json")
	if err := replay.Save(path, rep); err != nil {
		b.Fatal(err)
	}
	return path
}
