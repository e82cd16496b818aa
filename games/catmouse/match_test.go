package catmouse_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// Whole games and matches through the runner with the builtin bots, on a
// fake clock (testing/synctest): a loaded machine cannot make an
// in-process bot miss a deadline there, so the games are reproducible.

func TestBuiltinGamesDeterministic(t *testing.T) {
	t.Parallel()
	synctest.Test(t, testBuiltinGamesDeterministic)
}

func testBuiltinGamesDeterministic(t *testing.T) {
	for _, c := range []struct {
		bots []string
		opts []string
	}{
		{[]string{"builtin:pursuit", "builtin:evasive"}, nil},
		{[]string{"builtin:random", "builtin:pursuit"}, []string{"map=gen", "game=2"}},
		{[]string{"builtin:evasive", "builtin:random"}, []string{"map=gen:99", "game=3"}},
	} {
		a := run(t, c.bots, c.opts...)
		b := run(t, c.bots, c.opts...)
		a.StripTimings()
		b.StripTimings()
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if !bytes.Equal(ja, jb) {
			t.Fatalf("%v %v: two runs differ", c.bots, c.opts)
		}
		if len(a.Result.Players) != 2 || a.Result.Players[0].Status != game.OK || a.Result.Players[1].Status != game.OK {
			t.Errorf("%v: %+v", c.bots, a.Result.Players)
		}
		restarts := 0
		for _, tr := range a.Turns {
			if tr.Restart {
				restarts++
			}
		}
		if restarts != 1 {
			t.Errorf("%v: %d restarts, want 1 (two legs)", c.bots, restarts)
		}
	}
}

// TestMatchSeries plays the seed's match (3 games, sets 0, voted, 9) with
// the default map's spawn file, then with an organiser's file.
func TestMatchSeries(t *testing.T) {
	t.Parallel()
	synctest.Test(t, testMatchSeries)
}

func testMatchSeries(t *testing.T) {
	seed := int64(5)
	m, err := match.Setup{Game: "catmouse", Bots: []string{"builtin:pursuit", "builtin:evasive"}, Seed: &seed}.Build()
	if err != nil {
		t.Fatal(err)
	}
	var games []*replay.Replay
	sr, err := tournament.PlaySeries(context.Background(), m, func(i int, rep *replay.Replay) { games = append(games, rep) })
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 3 || len(sr.Games) != 3 {
		t.Fatalf("%d games", len(games))
	}
	for i, rep := range games {
		if err := match.Verify(rep); err != nil {
			t.Errorf("game %d: %v", i+1, err)
		}
		var first struct {
			Spawn struct{ ID int }
			Roles struct{ Cats int }
			Game  int
		}
		json.Unmarshal(rep.Initial, &first)
		if first.Game != i+1 || first.Spawn.ID != []int{0, 2, 9}[i] || first.Roles.Cats != []int{0, 1, 0}[i] {
			t.Errorf("game %d: %+v", i+1, first)
		}
	}
	res := sr.Result
	if len(res.Table) != 5 || !strings.Contains(strings.Join(res.Notes, "\n"), "game 2 plays set 2 (team-beta)") || res.Summary == "" {
		t.Errorf("table %v notes %v summary %q", res.Table, res.Notes, res.Summary)
	}
	wins := 0
	for _, p := range res.Players {
		wins += int(p.Score)
	}
	if wins > 3 || res.Players[0].Rank+res.Players[1].Rank < 2 {
		t.Errorf("players %+v", res.Players)
	}

	// An organiser's spawn file with votes, on a generated map.
	dir := t.TempDir()
	pack := filepath.Join(dir, "spawns.txt")
	os.WriteFile(pack, []byte(`CATMOUSE-SPAWN 1
ID 0
NAME organiser
MOUSE 0 0
CAT 0 -6
CAT 0 6
END
CATMOUSE-SPAWN 1
ID 4
NAME alpha
MOUSE 0 0
CAT 6 -6
CAT -6 6
CAT 6 0
END
CATMOUSE-SPAWN 1
ID 9
NAME secret
MOUSE 0 0
CAT -6 0
END
CATMOUSE-VOTES 1
VOTE beta 4
END
`), 0o644)
	m, err = match.Setup{Game: "catmouse", Bots: []string{"builtin:random", "builtin:pursuit"}, Seed: &seed,
		Options: []string{"map=open", "spawns=" + pack, "maxturns=40"}}.Build()
	if err != nil {
		t.Fatal(err)
	}
	sr, err = tournament.PlaySeries(context.Background(), m, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"0:0,0/0,-6/0,6", "4:0,0/6,-6/-6,6/6,0", "9:0,0/-6,0"} {
		if got := sr.Configs[i].Options.String("spawn"); got != want {
			t.Errorf("game %d plays %q, want %q", i+1, got, want)
		}
		if err := match.Verify(sr.Games[i]); err != nil {
			t.Errorf("game %d: %v", i+1, err)
		}
	}
}

func TestSeriesRefusesOneSpawn(t *testing.T) {
	seed := int64(1)
	m, _ := match.Setup{Game: "catmouse", Bots: []string{"builtin:random", "builtin:random"}, Seed: &seed,
		Options: []string{"spawn=0:0,0/0,-5/0,5"}}.Build()
	if _, err := tournament.PlaySeries(context.Background(), m, nil); err == nil || !strings.Contains(err.Error(), "--spawns") {
		t.Errorf("error %v", err)
	}
}

// TestFrames checks what the viewer gets: the board in the initial frame
// only, and the whole state in every frame.
func TestFrames(t *testing.T) {
	t.Parallel()
	synctest.Test(t, testFrames)
}

func testFrames(t *testing.T) {
	rep := run(t, []string{"builtin:pursuit", "builtin:evasive"}, "maxturns=30")
	type frame struct {
		Board *struct {
			Radius int
			Rows   []string
			Cells  []struct {
				Q, R    int
				Terrain string
			}
			Walls [][4]int
		}
		Teams  []string
		Game   int
		Leg    int
		Stage  string
		Turn   int
		Roles  struct{ Cats, Mouse int }
		Cats   []struct{ ID string }
		Mouse  struct{ Q, R int }
		Dash   *struct{ Cooldown, Uses, Ready int64 }
		Last   []struct{ Piece, Action string }
		Sides  []struct{ Role, Reply string }
		Events []struct{ Type string }
		Legs   []struct{ Leg, Result int }
		Result *struct{ Own [2]int }
	}
	var f0 frame
	if err := json.Unmarshal(rep.Initial, &f0); err != nil {
		t.Fatal(err)
	}
	if f0.Board == nil || f0.Board.Radius != 8 || len(f0.Board.Cells) != 217 || len(f0.Board.Rows) != 17 || len(f0.Board.Walls) != 12 ||
		f0.Stage != "start" || len(f0.Cats) != 2 || f0.Dash == nil || f0.Dash.Cooldown != 1 || len(f0.Last) != 3 {
		t.Fatalf("initial frame %+v", f0)
	}
	stages := map[string]int{}
	legs := map[int]bool{}
	for i, tr := range rep.Turns {
		var f frame
		if err := json.Unmarshal(tr.Frame, &f); err != nil {
			t.Fatal(err)
		}
		if f.Board != nil || len(f.Teams) != 2 || len(f.Sides) != 2 || f.Dash == nil || len(f.Last) != 3 || f.Game != 1 {
			t.Fatalf("frame %d: %+v", i+1, f)
		}
		if f.Roles.Cats == f.Roles.Mouse || f.Sides[f.Roles.Cats].Role != "cats" {
			t.Fatalf("frame %d roles %+v sides %+v", i+1, f.Roles, f.Sides)
		}
		stages[f.Stage]++
		legs[f.Leg] = true
		if f.Stage == "over" && (f.Result == nil || len(f.Legs) != 2) {
			t.Errorf("final frame %+v", f)
		}
	}
	if stages["ready"] != 2 || stages["legover"] != 1 || stages["over"] != 1 || !legs[1] || !legs[2] {
		t.Errorf("stages %v legs %v", stages, legs)
	}
}
