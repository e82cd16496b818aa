package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	_ "github.com/seed27749672/arena/games/all"
	"github.com/seed27749672/arena/match"
)

func fetch(t *testing.T, url string, gz bool) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	if gz {
		req.Header.Set("Accept-Encoding", "gzip") // set by hand: the client then leaves the body compressed
	}
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, b
}

// A recorded replay is parsed once however many pages ask for it, and
// sent gzip-compressed to the clients that take it.
func TestReplayCacheAndGzip(t *testing.T) {
	s, ts := newServer(t, false)
	record(t, s.Replays, "m", 9)
	var wg sync.WaitGroup
	for k := 0; k < 20; k++ {
		wg.Go(func() { fetch(t, ts.URL+"/api/matches/m", k%2 == 0) })
	}
	wg.Wait()
	s.cache.mu.Lock()
	loads := s.cache.loads
	s.cache.mu.Unlock()
	if loads != 1 {
		t.Errorf("20 requests parsed the replay %d times", loads)
	}
	res, plain := fetch(t, ts.URL+"/api/matches/m", false)
	if res.Header.Get("Content-Encoding") != "" {
		t.Errorf("no gzip asked, got %q", res.Header.Get("Content-Encoding"))
	}
	res, zipped := fetch(t, ts.URL+"/api/matches/m", true)
	if res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("Vary") != "Accept-Encoding" {
		t.Fatalf("headers %v", res.Header)
	}
	zr, err := gzip.NewReader(bytes.NewReader(zipped))
	if err != nil {
		t.Fatal(err)
	}
	unzipped, _ := io.ReadAll(zr)
	if !bytes.Equal(unzipped, plain) || len(zipped) >= len(plain) {
		t.Errorf("gzip body: %d bytes, unzipped equal %v (plain %d)", len(zipped), bytes.Equal(unzipped, plain), len(plain))
	}
	// A changed file is read again.
	time.Sleep(10 * time.Millisecond)
	record(t, s.Replays, "m", 10)
	os.Chtimes(filepath.Join(s.Replays, "m.json"), time.Now(), time.Now().Add(time.Second))
	fetch(t, ts.URL+"/api/matches/m", false)
	if s.cache.loads != 2 {
		t.Errorf("a changed file was not read again (%d loads)", s.cache.loads)
	}
	// The download is the file itself.
	_, dl := fetch(t, ts.URL+"/api/matches/m?download=1", false)
	file, _ := os.ReadFile(filepath.Join(s.Replays, "m.json"))
	if !bytes.Equal(dl, file) {
		t.Error("the download differs from the file")
	}
}

// The cache keeps to its budget, least recently used out first.
func TestReplayCacheBudget(t *testing.T) {
	dir := t.TempDir()
	for _, id := range []string{"a", "b", "c"} {
		record(t, dir, id, 1)
	}
	c := replayCache{budget: 1}
	for _, id := range []string{"a", "b", "c", "a"} {
		p := filepath.Join(dir, id+".json")
		info, _ := os.Stat(p)
		if _, err := c.get(p, info); err != nil {
			t.Fatal(err)
		}
		if c.lru.Len() != 1 || len(c.entries) != 1 {
			t.Fatalf("after %s: %d entries, want 1 (over budget, the newest stays alone)", id, len(c.entries))
		}
	}
	if c.loads != 4 {
		t.Errorf("loads %d", c.loads)
	}
}

// The download's file name is the id's, whatever characters it holds.
func TestDownloadFileName(t *testing.T) {
	s, ts := newServer(t, false)
	id := `a "quoted"; name`
	record(t, s.Replays, id, 9)
	res, _ := fetch(t, ts.URL+"/api/matches/"+url.PathEscape(id)+"?download=1", false)
	_, params, err := mime.ParseMediaType(res.Header.Get("Content-Disposition"))
	if res.StatusCode != 200 || err != nil || params["filename"] != id+".json" {
		t.Errorf("%d, Content-Disposition %q: %v %q", res.StatusCode, res.Header.Get("Content-Disposition"), err, params["filename"])
	}
}

// BenchmarkPageEncoding: the page format of a long replay (a 300-tick
// jungle match of 4 teams) through json.Marshal, which checks and compacts
// the Marshaler's answer once more, and through MarshalJSON directly, as
// the cache and the live page do. Compare the two in the same run.
func BenchmarkPageEncoding(b *testing.B) {
	seed := int64(5)
	m, err := match.Setup{Game: "jungle", Bots: []string{"builtin:greedy", "builtin:fighter", "builtin:random", "builtin:fighter"}, Seed: &seed}.Build()
	if err != nil {
		b.Fatal(err)
	}
	rep, err := match.Run(context.Background(), m)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("json.Marshal", func(b *testing.B) {
		for b.Loop() {
			if _, err := json.Marshal(pageReplay{rep}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("MarshalJSON", func(b *testing.B) {
		for b.Loop() {
			if _, err := (pageReplay{rep}).MarshalJSON(); err != nil {
				b.Fatal(err)
			}
		}
	})
}
