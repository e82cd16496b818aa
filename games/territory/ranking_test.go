package territory

import (
	"slices"
	"testing"

	"github.com/seed27749672/arena/game"
)

const arena4 = `TERRITORY-ARENA 1
NAME four
SIZE 12
ROW ############
ROW #..........#
ROW #.aa....bb.#
ROW #.a0....1b.#
ROW #..........#
ROW #..........#
ROW #..........#
ROW #..........#
ROW #.cc....dd.#
ROW #.2c....3d.#
ROW #..........#
ROW ############
END
`

// newTestReferee makes a referee on an arena file, with the bots in seat
// order as ids (seed 0 shuffles 4 bots to some order: ids are mapped).
func newTestReferee(t *testing.T, arena string, players int, opts ...string) *referee {
	t.Helper()
	info := Game{}.Info()
	cfg := game.Config{Seed: 1, Players: players, Options: game.MustOptions(info.Options, append([]string{"arena=" + arena}, opts...)...)}
	for i := 0; i < players; i++ {
		cfg.Names = append(cfg.Names, string(rune('A'+i)))
	}
	ref, err := Game{}.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return ref.(*referee)
}

// Scenario 38: shared first place and the points of each position.
func TestRankingTiesAndPoints(t *testing.T) {
	r := newTestReferee(t, arena4, 4)
	st := r.st
	st.Turn = 200
	st.P[0].Body, st.P[1].Body = 120, 120
	st.P[2].Alive, st.P[2].ElimTurn, st.P[2].ElimTerritory = false, 150, 50
	st.P[3].Alive, st.P[3].ElimTurn, st.P[3].ElimTerritory = false, 30, 80
	if pos := st.Positions(); !slices.Equal(pos, []int{1, 1, 3, 4}) {
		t.Fatalf("positions %v, want 1 1 3 4", pos)
	}
	want := map[int]int{0: 15, 1: 15, 2: 5, 3: 0}
	res := r.Result()
	for seat, p := range res.Players {
		id := r.idOf[seat]
		if got := p.Stats["points"]; got != want[id] {
			t.Errorf("P%d: %v points, want %d", id, got, want[id])
		}
		if p.Rank != st.Positions()[id] {
			t.Errorf("P%d: rank %d", id, p.Rank)
		}
	}
	if !r.Over() {
		t.Errorf("turn 200 ends the game")
	}
	if Points(1, 8, 3) != 105 {
		t.Errorf("the round multiplier must scale points")
	}
}

// Scenario 39: eliminated players by turn, later first; same turn by
// territory at the start of that turn.
func TestRankingByEliminationTurn(t *testing.T) {
	r := newTestReferee(t, arena4, 4)
	st := r.st
	st.Turn = 40
	st.P[0].Body = 70
	st.P[1].Alive, st.P[1].ElimTurn, st.P[1].ElimTerritory = false, 12, 90
	st.P[2].Alive, st.P[2].ElimTurn, st.P[2].ElimTerritory = false, 40, 30
	st.P[3].Alive, st.P[3].ElimTurn, st.P[3].ElimTerritory = false, 40, 25
	if pos := st.Positions(); !slices.Equal(pos, []int{1, 4, 2, 3}) {
		t.Fatalf("positions %v, want 1 4 2 3", pos)
	}
	if !r.Over() {
		t.Errorf("one player left ends the game")
	}
	st.P[3].ElimTerritory = 30
	if pos := st.Positions(); !slices.Equal(pos, []int{1, 4, 2, 2}) {
		t.Errorf("exact tie: positions %v, want 1 4 2 2", pos)
	}
}

func TestSoloGoesOn(t *testing.T) {
	one := `TERRITORY-ARENA 1
SIZE 6
ROW ######
ROW #aa..#
ROW #a0..#
ROW #....#
ROW #....#
ROW ######
END
`
	if _, err := (Game{}).New(game.Config{Players: 1, Options: game.MustOptions(options, "arena="+one)}); err == nil {
		t.Fatal("one bot without solo must be refused")
	}
	r := newTestReferee(t, one, 1, "solo=true")
	if r.Over() {
		t.Fatal("a solo game with its player alive is not over")
	}
	r2 := newTestReferee(t, arena4, 4)
	for id := 1; id < 4; id++ {
		r2.st.P[id].Alive = false
	}
	r2.st.Solo = true
	if r2.Over() {
		t.Errorf("solo: one player left goes on")
	}
}
