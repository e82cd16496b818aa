package league

import (
	"testing"

	"github.com/seed27749672/arena/game"
	_ "github.com/seed27749672/arena/games/ants"
	_ "github.com/seed27749672/arena/games/tracks"
)

func TestDecide(t *testing.T) {
	W, L, D := Win, Loss, Draw
	for _, c := range []struct {
		name  string
		games []Outcome
		want  Test
	}{
		{"none yet", nil, Test{}},
		{"two wins: not yet", []Outcome{W, W}, Test{Played: 2, Wins: 2}},
		{"three straight wins", []Outcome{W, W, W}, Test{Played: 3, Wins: 3, Decided: true, Promoted: true}},
		{"three of five", []Outcome{L, W, L, W, W}, Test{Played: 5, Wins: 3, Decided: true, Promoted: true}},
		{"draws are not wins", []Outcome{W, D, W, D, D}, Test{Played: 5, Wins: 2, Decided: true}},
		{"three losses end it", []Outcome{L, L, L}, Test{Played: 3, Decided: true}},
		{"two of five", []Outcome{W, L, W, L, L}, Test{Played: 5, Wins: 2, Decided: true}},
		{"games past the decision count nothing", []Outcome{W, W, W, L, L}, Test{Played: 3, Wins: 3, Decided: true, Promoted: true}},
	} {
		if got := Decide(c.games); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

func TestOutcomeOf(t *testing.T) {
	for _, c := range []struct {
		ranks []int
		seat  int
		want  Outcome
	}{
		{[]int{1, 2}, 0, Win}, {[]int{1, 2}, 1, Loss}, {[]int{2, 1}, 1, Win}, {[]int{1, 1}, 0, Draw},
		{nil, 0, Loss}, {[]int{1, 2}, 2, Loss},
	} {
		if got := OutcomeOf(c.ranks, c.seat); got != c.want {
			t.Errorf("ranks %v seat %d: %v, want %v", c.ranks, c.seat, got, c.want)
		}
	}
}

func TestSeatsAndLadder(t *testing.T) {
	tr, _ := game.Lookup("tracks")
	an, _ := game.Lookup("ants")
	wood, _ := Find(tr.Info(), 1)
	bronze, _ := Find(tr.Info(), 3)
	for k := range PromotionGames {
		if Seat(wood, k) != 0 {
			t.Errorf("tracks league 1 game %d: seat %d (objective leagues keep the candidate in seat 0)", k+1, Seat(wood, k))
		}
		if want := k % 2; Seat(bronze, k) != want {
			t.Errorf("tracks league 3 game %d: seat %d, want %d", k+1, Seat(bronze, k), want)
		}
	}
	if f, ok := First(an.Info()); !ok || f.Number != 1 || f.Boss == "" {
		t.Errorf("ants' first league %+v", f)
	}
	if top, _ := Top(tr.Info()); top.Number != 5 {
		t.Errorf("tracks' top league %d", top.Number)
	}
	if n, ok := Next(an.Info(), 3); !ok || n.Number != 4 {
		t.Errorf("after ants league 3: %+v %v", n, ok)
	}
	if _, ok := Next(an.Info(), 4); ok {
		t.Error("a bot is promoted from ants' top league")
	}
	if _, err := Find(an.Info(), 7); err == nil {
		t.Error("ants has a league 7")
	}
}
