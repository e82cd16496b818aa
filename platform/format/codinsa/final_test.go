package codinsa_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/format/codinsa"
	"github.com/seed27749672/arena/platform/format/codinsa/codinsatest"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/worker"
	"github.com/seed27749672/arena/replay"
)

// seatName is the name a match job gives a team's bot (team21).
var seatName = regexp.MustCompile(`\bteam[0-9]+\b`)

// The Cod'INSA final end to end: three teams' bots, built and sandboxed,
// play the round robin of three-game matches on the voted set; the final
// records every game with its replay, resumes without replaying, and
// ranks by match points (a kit bot beats two bots that never move, whose
// drawn match leaves them sharing second place).
func TestCodinsaFinalEndToEnd(t *testing.T) {
	platformtest.NeedSandbox(t)
	p, ts, ev, teams, tokens := codinsatest.Setup(t, []string{"maxturns=12"})
	ctx := context.Background()
	if err := p.StartJobs(ctx, worker.Options{PollInterval: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	still := codinsatest.StillBot
	uploads := [][]byte{platformtest.KitZip(t, "catmouse", "python", nil), []byte(still), []byte(still)}
	names := []string{"kit.zip", "still.py", "still.py"}
	for i, tm := range teams {
		s, err := p.Submit(ctx, tm, names[i], uploads[i])
		if err != nil {
			t.Fatal(err)
		}
		if b := platformtest.WaitBuilt(t, p, s.ID); b.Status != store.StatusReady {
			log, _ := p.Store.BuildLog(ctx, s.ID)
			t.Fatalf("%+v\n%s", b, log)
		}
	}
	if _, err := codinsa.PlayFinal(ctx, p.FormatHost(), ev.ID, codinsa.FinalOptions{}); err == nil || !strings.Contains(err.Error(), "close the spawn vote") {
		t.Fatalf("a final before the vote closed: %v", err)
	}
	if err := codinsa.PublishSpawns(ctx, p.FormatHost(), ev.ID, "", codinsatest.Set0, codinsatest.Secret); err != nil {
		t.Fatal(err)
	}
	for i, tok := range tokens {
		platformtest.Call(t, ts, "POST", api.Prefix+"spawns", tok, "text/plain", []byte(codinsatest.TeamSets[i]))
	}
	codinsatest.Vote(t, ts, tokens[0], 3)
	codinsatest.Vote(t, ts, tokens[1], 3)
	codinsatest.Vote(t, ts, tokens[2], 1)
	if err := codinsa.CloseSpawnVote(ctx, p.FormatHost(), ev.ID); err != nil {
		t.Fatal(err)
	}
	// the time limits scaled: the subject is the final, and a busy machine
	// timing a bot out once changes the turn difference that ranks
	f, err := codinsa.PlayFinal(ctx, p.FormatHost(), ev.ID, codinsa.FinalOptions{Seed: 7, Cores: 2, Bots: &build.Options{}, TimeScale: 10})
	if err != nil {
		t.Fatal(err)
	}
	if !f.Done || f.Set != 3 || len(f.Matches) != 3 || len(f.Standings) != 3 {
		t.Fatalf("final %+v", f)
	}
	var order []string
	var places []int
	for _, s := range f.Standings {
		order, places = append(order, s.Name), append(places, s.Place)
	}
	if order[0] != "Owls" || f.Standings[0].MatchPoints != 6 || !slices.Equal(places, []int{1, 2, 2}) || f.Standings[1].MatchPoints != 1 {
		t.Errorf("standings %v places %v: %+v", order, places, f.Standings)
	}
	// the pairings: the team registered first is first (D19); the
	// matches' summaries and tables name the teams, not their bots' seats
	// (team21)
	for _, m := range f.Matches {
		if m.Teams[0] > m.Teams[1] || len(m.Games) != 3 {
			t.Errorf("match %+v", m)
		}
		owls := m.Teams[0] == teams[0].ID
		if sum := m.Result.Summary; (owls && !strings.HasPrefix(sum, "Owls wins the match")) || seatName.MatchString(sum) || seatName.MatchString(fmt.Sprint(m.Result.Players)) {
			t.Errorf("match %d: summary %q, players %+v", m.Index+1, sum, m.Result.Players)
		}
	}
	ms, _ := p.Store.Matches(ctx, ev.ID, 100)
	if len(ms) != 9 {
		t.Fatalf("%d games recorded, want 9", len(ms))
	}
	for _, m := range ms {
		if m.Kind != store.KindFinal || m.Error != "" || len(m.Stats) != 2 {
			t.Errorf("game %+v", m)
		}
		rep, err := p.Replays.Get(m.Key)
		if err != nil {
			t.Fatal(err)
		}
		// game 2 of every match plays the voted set 3 (Cats'), its
		// proposal's positions
		if strings.HasSuffix(m.Key, "-g2") && rep.Options["spawn"] != "3:0,0/5,-5/-5,5" {
			t.Errorf("game 2 %s options %v", m.Key, rep.Options)
		}
	}
	// The teams see the table once the organiser publishes the results.
	if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"codinsa", tokens[1], "", nil); code != 200 || !strings.Contains(string(b), "not published") {
		t.Errorf("the table before publication: %d %s", code, b)
	}
	if _, err := p.Publish(ctx, ev.ID); err != nil {
		t.Fatal(err)
	}
	code, b := platformtest.Call(t, ts, "GET", api.Prefix+"codinsa", tokens[1], "", nil)
	var table struct {
		Done  bool
		Table []struct {
			Place  int
			Team   string
			Points int
		}
		Matches []map[string]any
	}
	if json.Unmarshal(b, &table); code != 200 || !table.Done || len(table.Table) != 3 || table.Table[0].Team != "Owls" || table.Table[0].Points != 6 ||
		len(table.Matches) != 3 || table.Matches[0]["winner"] != "Owls" || strings.Contains(string(b), `"set"`) {
		t.Errorf("the published table: %d %s", code, b)
	}
	// A team's copy of a final game's replay holds the set that game
	// played, not the spawn pack with the secret set 9 (nor the voted
	// set); the organiser's copy keeps it, and both verify.
	for _, m := range ms {
		if !slices.Contains(m.Teams, teams[1].ID) {
			continue
		}
		org, err := p.Replays.Get(m.Key)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(org.Files[codinsa.SpawnFile]), "MOUSE 4 -2") {
			t.Errorf("the organiser's copy of %s has no secret set: %v", m.Key, slices.Collect(maps.Keys(org.Files)))
		}
		if err := match.Verify(org); err != nil {
			t.Errorf("the organiser's copy of %s: %v", m.Key, err)
		}
		code, b := platformtest.Call(t, ts, "GET", fmt.Sprintf("%smatches/%d/replay", api.Prefix, m.ID), tokens[1], "", nil)
		var mine replay.Replay
		if err := json.Unmarshal(b, &mine); code != 200 || err != nil {
			t.Fatalf("the team's copy of %s: %d %v", m.Key, code, err)
		}
		for file, text := range mine.Files {
			if strings.Contains(string(text), "MOUSE 4 -2") || strings.Contains(string(text), "CAT 5 -5") {
				t.Errorf("the team's copy of %s reveals a set in %s:\n%s", m.Key, file, text)
			}
		}
		if secret := strings.Contains(mine.Options["spawn"], "4,-2"); secret != strings.HasSuffix(m.Key, "-g3") {
			t.Errorf("the team's copy of %s plays %q", m.Key, mine.Options["spawn"])
		}
		if err := match.Verify(&mine); err != nil {
			t.Errorf("the team's copy of %s: %v", m.Key, err)
		}
	}
	// Played again, the final is over: nothing more is played.
	again, err := codinsa.PlayFinal(ctx, p.FormatHost(), ev.ID, codinsa.FinalOptions{})
	if err != nil || !again.Done {
		t.Fatal(err)
	}
	if ms2, _ := p.Store.Matches(ctx, ev.ID, 100); len(ms2) != 9 {
		t.Errorf("%d games after a second call", len(ms2))
	}
}
