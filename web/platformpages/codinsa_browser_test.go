package platformpages_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/format/codinsa"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/store"
)

// The spawn sets of the Cod'INSA browser test, valid on catmouse's
// default map (those of platform/spawnvote's tests). The secret set 9 has
// a name the test looks for in everything a team's page receives.
const (
	codinsaSet0   = "CATMOUSE-SPAWN 1\nID 0\nNAME organiser\nMOUSE 0 0\nCAT 0 -5\nCAT 0 5\nEND\n"
	codinsaSecret = "CATMOUSE-SPAWN 1\nID 9\nNAME vault-nine\nMOUSE 4 -2\nCAT -4 2\nCAT -3 -3\nEND\n"
	// Bats' proposal, which the page reads from a file.
	codinsaBatsSet = "CATMOUSE-SPAWN 1\nID 1\nMOUSE 3 2\nCAT -4 4\nCAT -3 -2\nEND\n"
)

// codinsaStill is a catmouse bot that never moves.
const codinsaStill = "import sys\nready = False\nfor line in sys.stdin:\n    if line.strip() == 'END':\n        print('MOVE' if ready else 'READY', flush=True)\n        ready = True\n    elif line.startswith('INIT'):\n        ready = False\n"

// TestCodinsaBrowser runs web/e2e/codinsa.mjs: the Cod'INSA 2025 final
// (a catmouse event) through the organiser's and the teams' pages. The Go
// side makes what is not the subject: the event (12 turns a leg, casual
// games stopped), ten teams joined, three of them with a built bot (the
// Python kit for Owls, bots that never move for Bats and Cats), and the
// files the pages' file pickers read. In the browser the organiser
// publishes the map, set 0 and the secret set 9 (a set 9 with the wrong
// ID is refused, saying why); Owls' invalid proposal is refused with the
// reason; five teams propose sets 1 to 5; the ten teams vote as the rules'
// scenario 48 (sets 3 and 5 four votes each, set 1 two: set 3 is used),
// one team changing its vote; the organiser sees the tally, who voted and
// the chosen set, closes the vote, starts the final and watches its
// matches and table fill (Owls first with 6 points, Bats and Cats sharing
// second place); once the results are published a team sees the table
// as its event's results (its place; no provisional casual leaderboard).
// No team page shows or receives the secret set, the tally nor the
// chosen set. Each page state is checked at the three sizes.
func TestCodinsaBrowser(t *testing.T) {
	env := startPlatformPages(t)
	ctx := context.Background()
	p := env.P
	ev, invite, err := p.CreateEvent(ctx, "catmouse", "Cod'INSA 2025", []string{"maxturns=12"})
	if err != nil {
		t.Fatal(err)
	}
	// The final has the machine: no casual game between the teams.
	if _, err := p.SetCasual(ctx, ev.ID, false); err != nil {
		t.Fatal(err)
	}
	files := t.TempDir()
	kit := filepath.Join(files, "catmouse-python.zip")
	kitZipFile(t, "catmouse", "python", kit, nil)
	kitZip, err := os.ReadFile(kit)
	if err != nil {
		t.Fatal(err)
	}
	bots := map[string][]byte{"Owls": kitZip, "Bats": []byte(codinsaStill), "Cats": []byte(codinsaStill)}
	botNames := map[string]string{"Owls": "kit.zip", "Bats": "still.py", "Cats": "still.py"}
	type person struct {
		Name  string `json:"name"`
		Token string `json:"token"`
	}
	var people []person
	var subs []int64
	for _, name := range []string{"Owls", "Bats", "Cats", "Foxes", "Hares", "Moles", "Newts", "Pikes", "Rooks", "Seals"} {
		tm, tok, err := p.Join(ctx, invite, name)
		if err != nil {
			t.Fatal(err)
		}
		people = append(people, person{name, tok})
		if bots[name] == nil {
			continue
		}
		s, err := p.Submit(ctx, tm, botNames[name], bots[name])
		if err != nil {
			t.Fatal(err)
		}
		subs = append(subs, s.ID)
	}
	for _, id := range subs {
		if s := codinsaBuilt(t, p, id); s.Status != store.StatusReady {
			log, _ := p.Store.BuildLog(ctx, id)
			t.Fatalf("bot %d: %s\n%s", id, s.Status, log)
		}
	}
	paths := map[string]string{"set0.spawn": codinsaSet0, "set9.spawn": codinsaSecret, "bats.spawn": codinsaBatsSet}
	for name, body := range paths {
		if err := os.WriteFile(filepath.Join(files, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	teams, _ := json.Marshal(people)
	env.run(t, "e2e/codinsa.mjs", string(teams), filepath.Join(files, "set0.spawn"), filepath.Join(files, "set9.spawn"),
		filepath.Join(files, "bats.spawn"))
	// What the pages did is the platform's state now.
	f, err := codinsa.Standing(ctx, p.FormatHost(), ev.ID)
	if err != nil || f == nil || !f.Done || f.Set != 3 || len(f.Matches) != 3 {
		t.Errorf("the final after the pages: %+v %v", f, err)
	}
}

// codinsaBuilt waits for a submission's build to end.
func codinsaBuilt(t *testing.T, p *platform.Platform, id int64) store.Submission {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		s, err := p.Store.Submission(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if s.Status == store.StatusReady || s.Status == store.StatusFailed {
			return s
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("submission %d was not built in 3 minutes", id)
	return store.Submission{}
}
