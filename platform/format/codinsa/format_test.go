package codinsa_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/format/codinsa"
	"github.com/seed27749672/arena/platform/format/codinsa/codinsatest"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
)

// A team reads no game of the Cod'INSA final before the organiser
// publishes the results: not in GET matches (its ranks and scores are the
// results the table keeps until then), not as a replay (game 2 plays the
// voted set and game 3 the secret set 9, which the spawn pack and the
// spawn option carry). Once published, the team's own games are listed
// and play back. The game is recorded as recordFinalMatch records it (no
// bot is played: the subject is the answer).
func TestCodinsaFinalGamesWaitForThePublication(t *testing.T) {
	p, ts, ev, teams, tokens := codinsatest.Setup(t, nil)
	ctx := context.Background()
	var subs []int64
	for _, tm := range teams[:2] {
		s, err := p.Submit(ctx, tm, "still.py", []byte("print('READY')\n"))
		if err != nil {
			t.Fatal(err)
		}
		subs = append(subs, s.ID)
	}
	key := fmt.Sprintf("final-%d-1-g3", ev.ID)
	rep := &replay.Replay{Format: replay.Format, Version: replay.Version, Game: "catmouse",
		Options: map[string]string{"spawn": "9:4,-2/-4,2/-3,-3", "spawns": codinsa.SpawnFile},
		Files:   map[string][]byte{codinsa.SpawnFile: []byte(codinsatest.Secret)}}
	if err := p.Replays.Put(key, rep); err != nil {
		t.Fatal(err)
	}
	rec := store.Match{EventID: ev.ID, Key: key, Kind: store.KindFinal, Round: 1, Seed: 5,
		Teams: []int64{teams[0].ID, teams[1].ID}, Submissions: subs, Ranks: []int{1, 2}, Scores: []float64{2, 0},
		Stats: []map[string]float64{{}, {}}}
	if _, err := p.Store.RecordMatch(ctx, rec, nil); err != nil {
		t.Fatal(err)
	}
	ms, err := p.Store.Matches(ctx, ev.ID, 10)
	if err != nil || len(ms) != 1 {
		t.Fatalf("%v %+v", err, ms)
	}
	replayPath := fmt.Sprintf("%smatches/%d/replay", api.Prefix, ms[0].ID)

	code, list := platformtest.Call(t, ts, "GET", api.Prefix+"matches", tokens[0], "", nil)
	if code != 200 || strings.Contains(string(list), key) || strings.Contains(string(list), `"final"`) {
		t.Errorf("GET matches before the publication lists a game of the final: %d %s", code, list)
	}
	if code, body := platformtest.Call(t, ts, "GET", replayPath, tokens[0], "", nil); code != 404 || strings.Contains(string(body), "ID 9") {
		t.Errorf("a game of the final before the publication: %d %.200s", code, body)
	}

	if _, err := p.Publish(ctx, ev.ID); err != nil {
		t.Fatal(err)
	}
	if code, list := platformtest.Call(t, ts, "GET", api.Prefix+"matches", tokens[0], "", nil); code != 200 || !strings.Contains(string(list), replayPath) {
		t.Errorf("GET matches once published: %d %s", code, list)
	}
	if code, body := platformtest.Call(t, ts, "GET", replayPath, tokens[0], "", nil); code != 200 {
		t.Errorf("the team's game of the final once published: %d %.200s", code, body)
	}
	if code, body := platformtest.Call(t, ts, "GET", replayPath, tokens[2], "", nil); code != 404 {
		t.Errorf("another team's game of the final: %d %.200s", code, body)
	}
}
