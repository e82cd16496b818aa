package jungle

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
)

// uncached writes the teams and diamonds as a state that never wrote them
// before does, leaving s's own cache as it was.
func uncached(s *State, only int) []byte {
	saved := s.viewer
	s.viewer = viewerCache{}
	b := s.appendViewerTeams(nil, only)
	b = s.appendDiamonds(b)
	s.viewer = saved
	return b
}

// TestViewerCache: what the frames copy from the cache is what writing
// every unit, diamond and team again gives, through real games and
// through changes of every field a frame shows, made behind the cache's
// back.
func TestViewerCache(t *testing.T) {
	o := game.MustOptions(options, "map=canopy", "nb_units_per_team=3", "nb_ticks=120")
	ref, err := Game{}.New(game.Config{Seed: 5, Players: 4, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	r := ref.(*referee)
	s := r.st
	bots := make([]game.Bot, 4)
	for i, name := range []string{"greedy", "fighter", "fighter", "random"} {
		bt, _ := Game{}.Info().FindBuiltin(name)
		bots[i] = bt.New(int64(i))
	}
	rng := rand.New(rand.NewPCG(7, 7))
	check := func(what string) {
		t.Helper()
		for only := -1; only < len(s.Teams); only++ {
			cached := s.appendDiamonds(s.appendViewerTeams(nil, only))
			if fresh := uncached(s, only); !bytes.Equal(cached, fresh) {
				t.Fatalf("%s, tick %d, only %d: the cache writes\n%s\nwant\n%s", what, r.tick, only, cached, fresh)
			}
		}
		// Each entry is what the payload's writers write.
		for ui, u := range s.Units {
			tu := s.unitData(u, lastStateOf(u))
			if got, want := s.appendViewerUnit(nil, ui), appendUnit(nil, &tu); !bytes.Equal(got, want) {
				t.Fatalf("%s, tick %d: the cache writes unit %s as\n%s\nwant\n%s", what, r.tick, u.ID, got, want)
			}
		}
		for di, d := range s.Diamonds {
			td := s.diamondData(d)
			if got, want := s.appendViewerDiamond(nil, di), appendDiamond(nil, &td); !bytes.Equal(got, want) {
				t.Fatalf("%s, tick %d: the cache writes diamond %s as\n%s\nwant\n%s", what, r.tick, d.ID, got, want)
			}
		}
	}
	replies := make([]game.Reply, 4)
	for !r.Over() {
		for p := range bots {
			replies[p] = game.Reply{Status: game.NotAsked}
			if view, ask := r.PromptView(p); ask {
				out := bots[p].(game.ViewBot).RespondView(view)
				replies[p] = game.Reply{Status: game.Answered, Lines: []game.Line{{Text: string(out[:len(out)-1])}}, Time: time.Millisecond}
			}
		}
		r.Play(replies)
		check("after a tick")
		// Change one field of a unit, a diamond or a team directly, then
		// put it back before the game goes on.
		u := s.Units[rng.IntN(len(s.Units))]
		d := s.Diamonds[rng.IntN(len(s.Diamonds))]
		team := s.Teams[rng.IntN(len(s.Teams))]
		oldU, oldD, oldTeam := *u, *d, *team
		oldU.Path = append([]Pos(nil), u.Path...)
		p := Pos{rng.IntN(s.Map.W), rng.IntN(s.Map.H)}
		switch k := rng.IntN(17); k {
		case 0:
			u.Alive = !u.Alive
		case 1:
			u.Pos = p
		case 2:
			u.Path = append(u.Path, p)
		case 3:
			if len(u.Path) > 0 {
				u.Path[len(u.Path)-1] = p
			}
		case 4:
			u.Summoning = !u.Summoning
		case 5:
			u.summoned = !u.summoned
		case 6:
			u.vinedBy = strconv.Itoa(rng.IntN(12) + 1)
		case 7:
			u.attackedBy, u.diedAt = strconv.Itoa(rng.IntN(12)+1), p
		case 8:
			u.snapPos, u.snapped = p, !u.snapped
		case 9:
			u.Diamond = rng.IntN(len(s.Diamonds)+1) - 1
		case 10:
			d.Pos, d.Level, d.Points = p, 1+rng.IntN(5), rng.IntN(50)
		case 11:
			d.Owner = rng.IntN(len(s.Units)+1) - 1
		case 12:
			team.Score++
			team.Dead = !team.Dead
		case 13:
			// One error, then room, so that the next is added in place.
			team.Errors = append(team.Errors, "no path")
			check("after an error")
			team.Errors = slices.Grow(team.Errors, 1)
			check("after the errors' room grew")
			team.Errors = append(team.Errors, "error "+strconv.Itoa(r.tick))
		case 14:
			team.Events = append(team.Events, Event{Action: "ATTACK", UnitID: "1", Target: "2"})
		case 15:
			team.Stats.Vines++
			team.Deaths++
		case 16:
			if u.attackedBy == "" {
				u.attackedBy = "1"
				check("after an attack")
			}
			u.diedAt = p
		}
		check("after a change")
		*u, *d, *team = oldU, oldD, oldTeam
		check("after the change is undone")
	}
}

// TestAppendCoord: coordinates are written as strconv writes them.
func TestAppendCoord(t *testing.T) {
	for n := -1000; n <= 1000; n++ {
		if got, want := string(appendCoord([]byte("x"), n)), "x"+strconv.Itoa(n); got != want {
			t.Fatalf("appendCoord(%d) = %q, want %q", n, got, want)
		}
	}
	for _, n := range []int{1 << 40, -1 << 62, 1<<63 - 1} {
		if got := string(appendCoord(nil, n)); got != strconv.Itoa(n) {
			t.Fatalf("appendCoord(%d) = %q", n, got)
		}
	}
}

// TestPosTable: the positions the table holds are written as writeJSON
// writes them, and those beyond it too, with room for a whole entry after
// them or not.
func TestPosTable(t *testing.T) {
	for x := -2; x < posTableSide+2; x++ {
		for y := -2; y < posTableSide+2; y++ {
			for _, p := range []Pos{{x, y}, {x, y << 40}, {y << 40, x}} {
				want := `a{"x":` + strconv.Itoa(p.X) + `,"y":` + strconv.Itoa(p.Y) + `}`
				for _, room := range []int{0, 14, 15, 16, 64} {
					b := append(make([]byte, 0, 1+room), 'a')
					if got := string(p.appendJSON(b)); got != want {
						t.Fatalf("%v written with %d bytes of room as %s, want %s", p, room, got, want)
					}
				}
			}
		}
	}
}
