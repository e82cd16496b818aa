package web

import (
	"bytes"
	"encoding/json"
	"net/http"
	"path/filepath"
	"testing"

	"github.com/seed27749672/arena/replay"
)

// ?turns=N sends a long replay's header, initial frame and first N turns
// (and "more"), read from the file without the rest; a replay with at most
// N turns, or a small file, comes whole; a bad N is refused.
func TestReplayHead(t *testing.T) {
	old := headMinSize
	headMinSize = 0 // every file counts as long here
	t.Cleanup(func() { headMinSize = old })
	s, ts := newServer(t, false)
	rep := record(t, s.Replays, "m", 9)
	if len(rep.Turns) < 4 {
		t.Fatalf("the test match has %d turns", len(rep.Turns))
	}
	// The same match gzip-compressed on disk.
	if err := replay.Save(filepath.Join(s.Replays, "z.json.gz"), rep); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"m", "z"} {
		res, body := fetch(t, ts.URL+"/api/matches/"+id+"?turns=2", false)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d %s", id, res.StatusCode, body)
		}
		var got struct {
			pageReplay
			More bool `json:"more"`
		}
		if err := json.Unmarshal(body, &got.pageReplay); err != nil {
			t.Fatal(err)
		}
		json.Unmarshal(body, &struct {
			More *bool `json:"more"`
		}{&got.More})
		if len(got.Turns) != 2 || !got.More || got.Result != nil || got.Initial == nil || got.Seed != rep.Seed {
			t.Errorf("%s?turns=2: %d turns, more %v, result %v, seed %d", id, len(got.Turns), got.More, got.Result, got.Seed)
		}
		if !bytes.Equal(got.Turns[1].Frame, rep.Turns[1].Frame) {
			t.Errorf("%s: turn 2's frame differs from the file's", id)
		}
		// Asking for all the turns gives the whole replay, as without ?turns.
		_, whole := fetch(t, ts.URL+"/api/matches/"+id+"?turns=1000", false)
		_, plain := fetch(t, ts.URL+"/api/matches/"+id, false)
		var a, b any
		json.Unmarshal(whole, &a)
		json.Unmarshal(plain, &b)
		if ja, _ := json.Marshal(a); !bytes.Equal(ja, mustJSON(b)) {
			t.Errorf("%s?turns=1000 is not the whole replay", id)
		}
	}
	for _, q := range []string{"x", "-1", "1001", "1e3"} {
		if res, _ := fetch(t, ts.URL+"/api/matches/m?turns="+q, false); res.StatusCode != http.StatusBadRequest {
			t.Errorf("turns=%s: status %d", q, res.StatusCode)
		}
	}
	if res, _ := fetch(t, ts.URL+"/api/matches/nope?turns=2", false); res.StatusCode != http.StatusNotFound {
		t.Errorf("an unknown match: status %d", res.StatusCode)
	}
	// A small file is sent whole: one request is enough.
	headMinSize = 1 << 30
	_, body := fetch(t, ts.URL+"/api/matches/m?turns=2", false)
	var small pageReplay
	json.Unmarshal(body, &small)
	if len(small.Turns) != len(rep.Turns) || small.Result == nil {
		t.Errorf("a small file: %d of %d turns", len(small.Turns), len(rep.Turns))
	}
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// FuzzReplayHead: whatever a file holds and whatever the page asks, the
// head is read or refused without a panic, and what it gives is JSON with
// at most the turns asked.
func FuzzReplayHead(f *testing.F) {
	for _, s := range []string{
		`{"format":"arena-replay","version":1,"turns":[{"turn":1},{"turn":2}],"result":{}}`,
		`{"turns":null}`, `{"turns":{}}`, `{"turns":[1,2,`, `[]`, `{"a":1,"turns":[[],[]],"b":[`, `{`, ``,
	} {
		f.Add([]byte(s), "1")
	}
	f.Add([]byte(`{"turns":[]}`), "x")
	f.Fuzz(func(t *testing.T, file []byte, q string) {
		n, ok, err := headTurns(q)
		if err != nil || !ok {
			return
		}
		head, more, err := readHead(bytes.NewReader(file), n)
		if err != nil {
			return
		}
		var v struct {
			Turns []json.RawMessage `json:"turns"`
		}
		if err := json.Unmarshal(head, &v); err != nil {
			t.Fatalf("head of %q is not JSON: %v\n%s", file, err, head)
		}
		if len(v.Turns) > n || (more && len(v.Turns) != n) {
			t.Fatalf("%d turns for %d asked (more %v)", len(v.Turns), n, more)
		}
	})
}
