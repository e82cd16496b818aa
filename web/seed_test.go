package web

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

// bigSeed is above 2^53: a JavaScript number would read it as
// 2031584769121758000 (the page showed that seed, which is another match).
const bigSeed = "2031584769121757972"

// Seeds travel as strings: a start request gives it as a string or as an
// exact JSON number, the list, the replay and the stream give it back as
// the same string, and replaying that seed gives the same match.
func TestSeedsAreStrings(t *testing.T) {
	s, ts := newServer(t, false)
	for _, seedJSON := range []string{`"` + bigSeed + `"`, bigSeed} {
		code, out := post(t, ts.URL+"/api/matches", `{"game":"sum","seed":`+seedJSON+`,"bots":["builtin:count","builtin:seeded"],"options":["turns=5"]}`)
		if code != 201 {
			t.Fatalf("start with seed %s: %d %v", seedJSON, code, out)
		}
		id := out["id"]
		waitSaved(t, s, id)
		raw := getRaw(t, ts.URL+"/api/matches/"+id)
		if !strings.Contains(raw, `"seed":"`+bigSeed+`"`) {
			t.Fatalf("the page's replay does not hold the seed as the string %s: %.300s", bigSeed, raw)
		}
		if list := getRaw(t, ts.URL+"/api/matches"); !strings.Contains(list, `"seed":"`+bigSeed+`"`) {
			t.Fatalf("the list does not hold the seed as a string: %.300s", list)
		}
		// The file format keeps its number, exactly.
		var file replay.Replay
		getJSON(t, ts.URL+"/api/matches/"+id+"?download=1", &file)
		if want := int64(2031584769121757972); file.Seed != want {
			t.Fatalf("downloaded seed %d, want %d", file.Seed, want)
		}
		// The seed shown replays the same match.
		var page pageReplay
		getJSON(t, ts.URL+"/api/matches/"+id, &page)
		again := playSum(t, page.Seed, "turns=5")
		file.StripTimings()
		again.StripTimings()
		if !reflect.DeepEqual(file.Turns, again.Turns) || !reflect.DeepEqual(file.Outcome, again.Outcome) {
			t.Fatal("replaying the shown seed gave another match")
		}
	}
}

func TestSeedJSON(t *testing.T) {
	good := map[string]int64{`"42"`: 42, `42`: 42, `" -7 "`: -7, `"9223372036854775807"`: 9223372036854775807,
		`-9223372036854775808`: -9223372036854775808, bigSeed: 2031584769121757972}
	for in, want := range good {
		var s Seed
		if err := json.Unmarshal([]byte(in), &s); err != nil || int64(s) != want {
			t.Errorf("%s: %d %v, want %d", in, s, err, want)
		}
	}
	for _, in := range []string{`"x"`, `1.5`, `1e3`, `"9223372036854775808"`, `true`, `""`, `[1]`} {
		var s Seed
		if err := json.Unmarshal([]byte(in), &s); err == nil {
			t.Errorf("%s: accepted as %d", in, s)
		}
	}
	b, _ := json.Marshal(Seed(-3))
	if string(b) != `"-3"` {
		t.Errorf("marshal: %s", b)
	}
}

func playSum(t *testing.T, seed int64, opts ...string) *replay.Replay {
	t.Helper()
	m, err := match.Setup{Game: "sum", Bots: []string{"builtin:count", "builtin:seeded"}, Seed: &seed, Options: opts}.Build()
	if err != nil {
		t.Fatal(err)
	}
	rep, err := match.Run(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func waitSaved(t *testing.T, s *Server, id string) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(filepath.Join(s.Replays, id+".json.gz")); err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("match %s was not saved", id)
		}
	}
}

func getRaw(t *testing.T, url string) string {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return string(b)
}
