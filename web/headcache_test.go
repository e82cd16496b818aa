package web

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

// headSeed fetches ?turns=2 of match id (gzip-compressed if gz and the
// server finds it worth it) and returns the seed it holds.
func headSeed(url, id string, gz bool) (int64, error) {
	req, _ := http.NewRequest("GET", url+"/api/matches/"+id+"?turns=2", nil)
	if gz {
		req.Header.Set("Accept-Encoding", "gzip")
	}
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	var body io.Reader = res.Body
	if res.Header.Get("Content-Encoding") == "gzip" {
		if body, err = gzip.NewReader(res.Body); err != nil {
			return 0, err
		}
	}
	var got struct {
		Seed string `json:"seed"`
	}
	if err := json.NewDecoder(body).Decode(&got); err != nil || res.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("%s: status %d, %v", id, res.StatusCode, err)
	}
	var seed int64
	_, err = fmt.Sscan(got.Seed, &seed)
	return seed, err
}

// TestReplayHeadIsReadOnceWhileTheFileStays: pages asking for the same
// head get it from one reading of the file; a file saved again (renamed
// over), rewritten in place (another size) or touched (another time) is
// read again, never served stale; a file gone is not found.
func TestReplayHeadIsReadOnceWhileTheFileStays(t *testing.T) {
	old := headMinSize
	headMinSize = 0
	t.Cleanup(func() { headMinSize = old })
	s, ts := newServer(t, false)
	record(t, s.Replays, "m", 9)
	path := filepath.Join(s.Replays, "m.json")

	var wg sync.WaitGroup
	for k := 0; k < 8; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if seed, err := headSeed(ts.URL, "m", k%2 == 0); seed != 9 || err != nil {
				t.Errorf("seed %d: %v", seed, err)
			}
		}()
	}
	wg.Wait()
	if s.heads.loads != 1 {
		t.Fatalf("8 requests read the file %d times", s.heads.loads)
	}

	// Saved again: replay.Save renames a new file over the old one.
	record(t, s.Replays, "m", 10)
	if seed, err := headSeed(ts.URL, "m", false); seed != 10 || err != nil {
		t.Fatalf("after the file was saved again: seed %d, want 10 (%v)", seed, err)
	}
	// Rewritten in place, another size.
	rep, err := replay.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	rep.Seed = 123456789
	var buf []byte
	if buf, err = json.Marshal(rep); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	if seed, err := headSeed(ts.URL, "m", false); seed != 123456789 || err != nil {
		t.Fatalf("after the file was rewritten: seed %d (%v)", seed, err)
	}
	// Rewritten in place with the same size, at another time.
	rep.Seed = 987654321
	if buf, err = json.Marshal(rep); err != nil {
		t.Fatal(err)
	}
	info, _ := os.Stat(path)
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	later := info.ModTime().Add(time.Second)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
	if now, _ := os.Stat(path); now.Size() != info.Size() {
		t.Fatalf("the test's rewrite changed the size: %d, %d", now.Size(), info.Size())
	}
	if seed, err := headSeed(ts.URL, "m", false); seed != 987654321 || err != nil {
		t.Fatalf("after a rewrite of the same size: seed %d (%v)", seed, err)
	}
	loads := s.heads.loads
	headSeed(ts.URL, "m", false)
	if s.heads.loads != loads {
		t.Errorf("an unchanged file was read again")
	}
	os.Remove(path)
	if res, _ := fetch(t, ts.URL+"/api/matches/m?turns=2", false); res.StatusCode != http.StatusNotFound {
		t.Errorf("a removed file: status %d", res.StatusCode)
	}
}

// The cache keeps at most maxEntries heads and budget bytes, dropping the
// least recently used first.
func TestHeadCacheIsBounded(t *testing.T) {
	dir := t.TempDir()
	rep := record(t, dir, "m", 9)
	path := filepath.Join(dir, "m.json")
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	c := headCache{maxEntries: 3}
	for n := range len(rep.Turns) {
		if _, _, err := c.get(path, info, n); err != nil {
			t.Fatal(err)
		}
		if c.lru.Len() > 3 || len(c.entries) != c.lru.Len() {
			t.Fatalf("%d entries, %d in the list", len(c.entries), c.lru.Len())
		}
	}
	last := len(rep.Turns) - 1
	loads := c.loads
	c.get(path, info, last) // the most recent stays
	c.get(path, info, 0)    // the first went
	if c.loads != loads+1 {
		t.Errorf("%d reads, want 1 (the first head only)", c.loads-loads)
	}
	page, gz, _ := c.get(path, info, last)
	small := headCache{budget: int64(len(page)+len(gz)) + 1}
	small.get(path, info, last)
	small.get(path, info, last-1)
	if small.used > small.budget || small.lru.Len() != 1 {
		t.Errorf("%d bytes in %d entries for a budget of %d", small.used, small.lru.Len(), small.budget)
	}
	if c.used <= 0 || c.used != sumCounted(&c) {
		t.Errorf("used %d, entries hold %d", c.used, sumCounted(&c))
	}
}

func sumCounted(c *headCache) int64 {
	var n int64
	for _, e := range c.entries {
		n += e.counted
	}
	return n
}

// BenchmarkReplayHead: ?turns=50 (the page's first request) of a long
// jungle match, through the handler, with the head cache (one reading of
// the file, then copies) and without it (the file decompressed and parsed
// up to turn 50 each time), timed side by side in the same loop; the ratio
// is uncached/cached.
func BenchmarkReplayHead(b *testing.B) {
	old := headMinSize
	headMinSize = 0
	b.Cleanup(func() { headMinSize = old })
	seed := int64(5)
	m, err := match.Setup{Game: "jungle", Bots: []string{"builtin:greedy", "builtin:fighter", "builtin:random", "builtin:fighter"}, Seed: &seed}.Build()
	if err != nil {
		b.Fatal(err)
	}
	rep, err := match.Run(context.Background(), m)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	for _, name := range []string{"long.json", "long.json.gz"} {
		if err := replay.Save(filepath.Join(dir, name), rep); err != nil {
			b.Fatal(err)
		}
		info, _ := os.Stat(filepath.Join(dir, name))
		b.Run(fmt.Sprintf("%s-%dKB", name, info.Size()>>10), func(b *testing.B) {
			cached := &Server{Replays: dir}
			uncached := &Server{Replays: dir, heads: headCache{maxEntries: -1}}
			hc, hu := cached.Handler(), uncached.Handler()
			b.Cleanup(func() { cached.Close(); uncached.Close() })
			size := 0
			serve := func(h http.Handler) time.Duration {
				req := httptest.NewRequest("GET", "/api/matches/long?turns=50", nil)
				req.Host = "127.0.0.1"
				req.Header.Set("Accept-Encoding", "gzip")
				w := httptest.NewRecorder()
				start := time.Now()
				h.ServeHTTP(w, req)
				d := time.Since(start)
				if w.Code != http.StatusOK || w.Body.Len() == 0 {
					b.Fatalf("%d %s", w.Code, w.Body)
				}
				size = w.Body.Len()
				return d
			}
			serve(hc) // the cache's one reading, not counted
			var tc, tu time.Duration
			n := 0
			for b.Loop() {
				tu += serve(hu)
				tc += serve(hc)
				n++
			}
			b.ReportMetric(float64(tu.Nanoseconds())/float64(n), "uncached-ns/req")
			b.ReportMetric(float64(tc.Nanoseconds())/float64(n), "cached-ns/req")
			b.ReportMetric(float64(tu)/float64(tc), "uncached/cached")
			b.ReportMetric(float64(size), "head-bytes")
		})
	}
}
