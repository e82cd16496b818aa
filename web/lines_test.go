package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// splitLines reads the line form back: the fields before the turns, the
// turns as their bytes, the fields after them.
func splitLines(t *testing.T, b []byte) (head map[string]any, turns []string, tail map[string]any) {
	t.Helper()
	if !bytes.HasSuffix(b, []byte("\n")) {
		t.Fatalf("the line form does not end in a newline")
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) < 2 {
		t.Fatalf("%d lines", len(lines))
	}
	if err := json.Unmarshal([]byte(lines[0]), &head); err != nil {
		t.Fatalf("first line: %v", err)
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &tail); err != nil {
		t.Fatalf("last line: %v", err)
	}
	return head, lines[1 : len(lines)-1], tail
}

// checkLines says whether b is the line form of the page format page: the
// same fields, and each turn the page's own bytes.
func checkLines(t *testing.T, b, page []byte) {
	t.Helper()
	head, turns, tail := splitLines(t, b)
	var whole map[string]json.RawMessage
	if err := json.Unmarshal(page, &whole); err != nil {
		t.Fatal(err)
	}
	var want []json.RawMessage
	if err := json.Unmarshal(whole["turns"], &want); err != nil {
		t.Fatal(err)
	}
	if len(turns) != len(want) {
		t.Fatalf("%d turn lines, want %d", len(turns), len(want))
	}
	for i := range want {
		var c bytes.Buffer
		json.Compact(&c, want[i])
		if turns[i] != c.String() {
			t.Fatalf("turn %d: %.80s, want %.80s", i, turns[i], c.String())
		}
	}
	if _, ok := head["result"]; ok {
		t.Error("the result is in the first line: it comes after the turns")
	}
	merged := map[string]any{}
	for k, v := range head {
		merged[k] = v
	}
	for k, v := range tail {
		merged[k] = v
	}
	var rest map[string]any
	json.Unmarshal(page, &rest)
	delete(rest, "turns")
	if !reflect.DeepEqual(merged, rest) {
		t.Errorf("the first and last lines hold %v, want %v", keys(merged), keys(rest))
	}
}

func keys(m map[string]any) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

// The line form of a replay file holds its turns as the file has them,
// with the seed a string, whether the file is compact (as Arena writes
// it), indented, or in another order (read through the page format).
func TestLinesOfAReplayFile(t *testing.T) {
	dir := t.TempDir()
	record(t, dir, "m", 3)
	file, err := os.ReadFile(filepath.Join(dir, "m.json"))
	if err != nil {
		t.Fatal(err)
	}
	page, ok, err := pageFromFile(filepath.Join(dir, "m.json"))
	if !ok || err != nil {
		t.Fatal(ok, err)
	}
	var b bytes.Buffer
	if err := writeLines(&b, file); err != nil {
		t.Fatal(err)
	}
	checkLines(t, b.Bytes(), page)
	if head, _, _ := splitLines(t, b.Bytes()); head["seed"] != "3" {
		t.Errorf("seed %v, want the string \"3\"", head["seed"])
	}

	var indented bytes.Buffer
	json.Indent(&indented, file, "", "  ")
	b.Reset()
	if err := writeLines(&b, indented.Bytes()); err != nil {
		t.Fatal(err)
	}
	checkLines(t, b.Bytes(), page)

	// A file whose header is not first: refused before anything is
	// written, then served through the page format all the same.
	var fields map[string]json.RawMessage
	json.Unmarshal(file, &fields)
	other := []byte(`{"turns":` + string(fields["turns"]))
	for k, v := range fields {
		if k != "turns" {
			kq, _ := json.Marshal(k)
			other = append(append(append(append(other, ','), kq...), ':'), v...)
		}
	}
	other = append(other, '}')
	b.Reset()
	if err := writeLines(&b, other); !errors.Is(err, errNotLines) || b.Len() != 0 {
		t.Fatalf("a file with its turns first: %v, %d bytes written", err, b.Len())
	}
	os.WriteFile(filepath.Join(dir, "other.json"), other, 0o644)
	e := &cacheEntry{path: filepath.Join(dir, "other.json"), lines: true}
	e.load(nil)
	if e.err != nil {
		t.Fatal(e.err)
	}
	zr, _ := gzip.NewReader(bytes.NewReader(e.gz))
	got, _ := io.ReadAll(zr)
	checkLines(t, got, page)

	for _, bad := range []string{``, `[]`, `{"format":"arena-replay","version":1}`, `{"format":"other","version":1,"turns":[]}`,
		`{"format":"arena-replay","version":1,"seed":1e3,"turns":[]}`, `{"format":"arena-replay","version":1,"turns":[{]}`} {
		b.Reset()
		if err := writeLines(&b, []byte(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// GET ?lines=1 serves the line form, gzip-compressed or not; the clients
// that ask while the cache is filled all get the whole of it, and the file
// is read once.
func TestLinesServed(t *testing.T) {
	s, ts := newServer(t, false)
	record(t, s.Replays, "m", 3)
	page, _, _ := pageFromFile(filepath.Join(s.Replays, "m.json"))
	var wg sync.WaitGroup
	bodies := make([][]byte, 6)
	for i := range bodies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, b := fetch(t, ts.URL+"/api/matches/m?lines=1", i%2 == 0)
			if res.StatusCode != 200 {
				t.Errorf("status %d: %s", res.StatusCode, b)
				return
			}
			if res.Header.Get("Content-Encoding") == "gzip" {
				zr, err := gzip.NewReader(bytes.NewReader(b))
				if err != nil {
					t.Error(err)
					return
				}
				b, _ = io.ReadAll(zr)
			} else if i%2 == 0 {
				t.Error("a client that takes gzip got the lines uncompressed")
			}
			bodies[i] = b
		}()
	}
	wg.Wait()
	for _, b := range bodies {
		checkLines(t, b, page)
	}
	if s.cache.loads != 1 {
		t.Errorf("the file was read %d times", s.cache.loads)
	}
	if res, _ := fetch(t, ts.URL+"/api/matches/nothing?lines=1", true); res.StatusCode != 404 {
		t.Errorf("a missing match: %d", res.StatusCode)
	}
	os.WriteFile(filepath.Join(s.Replays, "junk.json"), []byte("not a replay"), 0o644)
	if res, b := fetch(t, ts.URL+"/api/matches/junk?lines=1", true); res.StatusCode != 404 || res.Header.Get("Content-Encoding") != "" {
		t.Errorf("a file that is no replay: %d %q %s", res.StatusCode, res.Header.Get("Content-Encoding"), b)
	}
}

// writeLines reads files from the replay directory, which anything may
// have written: whatever they hold, it returns an error or lines that are
// each one JSON value.
func FuzzWriteLines(f *testing.F) {
	f.Add([]byte(`{"format":"arena-replay","version":1,"seed":5,"turns":[{"turn":1},{"turn":2}],"result":{}}`))
	f.Add([]byte(`{"format":"arena-replay","version":1,"seed":"5","initial":{},"turns":[],"outcome":null}`))
	f.Add([]byte(`{"format":"arena-replay", "version":1,"turns":[ {"a" : [1, 2]}
]}`))
	f.Fuzz(func(t *testing.T, src []byte) {
		var b bytes.Buffer
		if err := writeLines(&b, src); err != nil {
			return
		}
		out := b.String()
		if !strings.HasSuffix(out, "\n") {
			t.Fatal("no final newline")
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) < 2 {
			t.Fatalf("%d lines", len(lines))
		}
		for _, l := range lines {
			if !json.Valid([]byte(l)) {
				t.Fatalf("line %q is not JSON", l)
			}
		}
	})
}

// BenchmarkWriteLines: what a cold server does before a long replay (a
// 1000-tick jungle match of 4 teams, about 20 MB) is all with the page,
// compressed as it is served: cut into lines from the file's bytes
// ("lines"), against the whole page format the page used to parse at once
// ("page", pageFromFile), in the same run.
func BenchmarkWriteLines(b *testing.B) {
	path := longReplayFile(b)
	b.Run("lines", func(b *testing.B) {
		for b.Loop() {
			zw, _ := gzip.NewWriterLevel(io.Discard, gzip.BestSpeed)
			src, err := readReplayFile(path)
			if err != nil {
				b.Fatal(err)
			}
			if err := writeLines(zw, src); err != nil {
				b.Fatal(err)
			}
			zw.Close()
		}
	})
	b.Run("page", func(b *testing.B) {
		for b.Loop() {
			zw, _ := gzip.NewWriterLevel(io.Discard, gzip.BestSpeed)
			page, ok, err := pageFromFile(path)
			if !ok || err != nil {
				b.Fatal(ok, err)
			}
			zw.Write(page)
			zw.Close()
		}
	})
}
