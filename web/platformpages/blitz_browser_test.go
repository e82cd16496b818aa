package platformpages_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// stillJungleBot is a jungle bot that never acts (its units never
// spawn): the smallest bot that plays a whole game.
const stillJungleBot = "import sys, json\nfor line in sys.stdin:\n    m = json.loads(line)\n    if m.get('type') == 'TICK':\n        print(json.dumps({'type': 'COMMAND', 'tick': m['tick'], 'actions': []}), flush=True)\n"

// TestPlatformBlitzBrowser runs web/e2e/blitz.mjs: the pages of a Coveo
// Blitz 2022 event (jungle) in a real headless Chromium. The Go side sets
// up what is not the subject: the event (the map clearing, 60 ticks) and
// four teams with small Python bots (two still, two of the kit) uploaded
// and built. In the browser the organiser sets the ranked rounds'
// schedule (a bad interval is refused in words), stops it (the card says
// so) and saves it again, runs a round now and
// sees its groups and who moved, starts the final, and the finals page
// draws the bracket filling up to the grand final's winner; a team sees
// its rank, the next round, its ranked game's line with its map, the way
// to play from its machine (its token hidden until asked), the finals
// page, and the results published after the ranked round as the ranking
// after the ranked rounds (not the casual ratings), then, the final over,
// as the final's places. Each page at 800x600, 1280x720 and 1920x1080. It skips as
// TestPlatformBrowser does without Chromium, node or the sandbox.
func TestPlatformBlitzBrowser(t *testing.T) {
	env := startPlatformPages(t)
	ctx := context.Background()
	settings := store.DefaultSettings()
	settings.Maps = []string{"clearing"}
	ev, invite, err := env.P.CreateEventWith(ctx, "jungle", "Blitz 2022", []string{"nb_ticks=60"}, settings)
	if err != nil {
		t.Fatal(err)
	}
	kit := filepath.Join(t.TempDir(), "jungle-python.zip")
	kitZipFile(t, "jungle", "python", kit, nil)
	kitZip, err := os.ReadFile(kit)
	if err != nil {
		t.Fatal(err)
	}
	var subs []int64
	var token string
	for i, name := range []string{"Owls", "Bats", "Foxes", "Lynx"} {
		tm, tok, err := env.P.Join(ctx, invite, name)
		if err != nil {
			t.Fatal(err)
		}
		file, upload := "still.py", []byte(stillJungleBot)
		if i%2 == 1 {
			file, upload = "kit.zip", kitZip
		}
		s, err := env.P.Submit(ctx, tm, file, upload)
		if err != nil {
			t.Fatal(err)
		}
		subs = append(subs, s.ID)
		if i == 0 {
			token = tok
		}
	}
	deadline := time.Now().Add(4 * time.Minute)
	for _, id := range subs {
		for {
			s, err := env.P.Store.Submission(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if s.Status == store.StatusReady {
				break
			}
			if s.Status == store.StatusFailed || time.Now().After(deadline) {
				log, _ := env.P.Store.BuildLog(ctx, id)
				t.Fatalf("submission %d: %s\n%s", id, s.Status, log)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	env.run(t, "e2e/blitz.mjs", token, "Owls", strconv.FormatInt(ev.ID, 10), finalDeals(t))
}

// finalDeal is a final as the server plays it (tournament.Elimination
// with the shape the blitz format gives it) on made-up results: the
// document the finals page reads while it is played (every game known,
// no rounds yet) and the server's rounds, which the page's own deal
// (blitz.js dealRound) must draw alike.
type finalDeal struct {
	Seeds  []string           `json:"seeds"`
	Size   int                `json:"size"`
	Games  []map[string]any   `json:"games"`
	Rounds []tournament.Round `json:"rounds"`
}

// finalDeals writes the server's finals of 2 to 17 teams, in games of 4
// and in duels, to a file for blitz.mjs, and gives its path.
func finalDeals(t *testing.T) string {
	var all []finalDeal
	for _, size := range []int{4, 2} {
		for n := 2; n <= 17; n++ {
			d := finalDeal{Size: size}
			var bots []string
			for i := range n {
				d.Seeds = append(d.Seeds, fmt.Sprintf("S%d", i+1))
				bots = append(bots, fmt.Sprintf("team%d=stdio:team", i+1))
			}
			known := func(j tournament.Job) (*replay.Result, bool) {
				r := rand.New(rand.NewPCG(uint64(j.Index), uint64(n*size)))
				res := &replay.Result{Players: make([]replay.PlayerResult, len(j.Seats))}
				var seats []map[string]any
				for i, k := range r.Perm(len(j.Seats)) {
					res.Players[i].Rank = k + 1
					seats = append(seats, map[string]any{"team": d.Seeds[j.Seats[i]], "rank": k + 1})
				}
				d.Games = append(d.Games, map[string]any{"game": j.Index + 1, "seats": seats})
				return res, true
			}
			build := func(tournament.Job) (match.Match, error) { return match.Match{}, errors.New("made-up results only") }
			o, err := tournament.Elimination{Setup: tournament.Setup{Game: "jungle", Bots: bots, Names: d.Seeds, Known: known, Match: build},
				Size: size, Advance: size / 2, Final: 2, BestOf: 1, FinalBestOf: 3}.Play(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			d.Rounds = o.Rounds
			all = append(all, d)
		}
	}
	doc, err := json.Marshal(all)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "final-deals.json")
	if err := os.WriteFile(path, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
