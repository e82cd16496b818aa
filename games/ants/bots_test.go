package ants

import (
	"strings"
	"testing"
)

// view parses player 0's first prompt of a scenario position, as a builtin
// bot would.
func (su setup) view(t *testing.T) *View {
	t.Helper()
	r := su.referee(t)
	msg, _ := r.Prompt(0)
	var v View
	if err := v.Read(msg); err != nil {
		t.Fatal(err)
	}
	return &v
}

func TestBossStrategies(t *testing.T) {
	boss2 := greedyTree(5, 8, false, false)
	boss3 := greedyTree(4, 12, true, false)
	boss4 := greedyTree(3, 15, true, true)
	cases := []struct {
		name string
		su   setup
		turn int
		play func(*View) string
		want string
	}{
		{name: "NearestLine", su: setup{board: line6(), ants: [2]string{"0:5"}, crystals: "3:10 4:10"}, play: nearestLine, want: "LINE 0 3 1"},
		{name: "NearestLine tie to the lowest index", su: setup{board: hex7(), bases: [2][]int{{1}, {4}}, ants: [2]string{"1:5"}, crystals: "6:10 2:10"}, play: nearestLine, want: "LINE 1 2 1"},
		{name: "NearestLine without crystal", su: setup{board: line6(), ants: [2]string{"0:5"}, eggs: "3:10"}, play: nearestLine, want: "WAIT"},
		{name: "GreedyTree over budget plays NearestLine", su: setup{board: line6(), ants: [2]string{"0:10"}, crystals: "2:10", eggs: "4:10"}, play: boss2, want: "LINE 0 2 1"},
		{name: "GreedyTree crystal within budget", su: setup{board: line6(), ants: [2]string{"0:20"}, crystals: "2:10", eggs: "4:10"}, play: boss2, want: "BEACON 0 1;BEACON 1 1;BEACON 2 1"},
		{name: "GreedyTree eggs first", su: setup{board: line6(), ants: [2]string{"0:25"}, crystals: "2:10", eggs: "4:10"}, play: boss2, want: "BEACON 0 1;BEACON 1 1;BEACON 2 1;BEACON 3 1;BEACON 4 1"},
		{name: "GreedyTree no eggs after the egg phase", su: setup{board: line6(), ants: [2]string{"0:25"}, crystals: "1:10", eggs: "4:10"}, turn: 9, play: boss2, want: "BEACON 0 1;BEACON 1 1"},
		{name: "avoid the opponent's crystals", su: setup{board: line6(), ants: [2]string{"0:30"}, crystals: "1:10 4:10"}, play: boss3, want: "BEACON 0 1;BEACON 1 1"},
		{name: "no avoidance when no crystal would be left", su: setup{board: line6(), ants: [2]string{"0:30"}, crystals: "4:10"}, play: boss3, want: "BEACON 0 1;BEACON 1 1;BEACON 2 1;BEACON 3 1;BEACON 4 1"},
		{name: "boss4 takes eggs while outnumbered", su: setup{board: line6(), ants: [2]string{"0:20", "5:40"}, crystals: "1:10", eggs: "2:10"}, turn: 30, play: boss4, want: "BEACON 0 1;BEACON 1 1;BEACON 2 1"},
		{name: "boss4 not outnumbered", su: setup{board: line6(), ants: [2]string{"0:20", "5:10"}, crystals: "1:10", eggs: "2:10"}, turn: 30, play: boss4, want: "BEACON 0 1;BEACON 1 1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := c.su.view(t)
			if c.turn != 0 {
				v.Turn = c.turn
			}
			if got := c.play(v); got != c.want {
				t.Errorf("%q, want %q", got, c.want)
			}
		})
	}
}

func TestViewReadsInput(t *testing.T) {
	r := setup{board: hex7(), bases: [2][]int{{1}, {4}}, ants: [2]string{"1:5", "4:7"}, crystals: "0:30", eggs: "3:12 6:12"}.referee(t)
	msg, _ := r.Prompt(1)
	var v View
	if err := v.Read(msg); err != nil {
		t.Fatal(err)
	}
	if v.Cells != 7 || v.MyBases[0] != 4 || v.OppBases[0] != 1 || !v.HasScores || v.MyAnts[4] != 7 || v.OppAnts[1] != 5 ||
		v.Types[0] != Crystal || v.Types[3] != Egg || v.Res[6] != 12 || v.Neighbors[1] != [6]int{-1, -1, 2, 0, 6, -1} || v.Turn != 1 {
		t.Errorf("view %+v", v)
	}
	if v.Dist(1, 4) != 2 {
		t.Errorf("distance 1-4 = %d", v.Dist(1, 4))
	}
	r.playLines("WAIT", "WAIT")
	msg, _ = r.Prompt(1)
	if err := v.Read(msg); err != nil || v.Turn != 2 {
		t.Errorf("turn 2: %v, turn %d", err, v.Turn)
	}
	for _, bad := range []string{"", "x\n", "2\n0 0 1 -1 -1 -1 -1 -1\n", "1\n0 0 -1 -1 -1 -1 -1 -1\n1\n0\n0\n1 2\n"} {
		var w View
		if err := w.Read([]byte(bad)); err == nil {
			t.Errorf("%q: read without error", bad)
		}
	}
}

// A builtin that cannot read its input fails like a crashing process
// (bot.InProcess turns the panic into an exit), never silently.
func TestBuiltinPanicsOnBadInput(t *testing.T) {
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "cannot read the input") {
			t.Errorf("recovered %v", r)
		}
	}()
	b, _ := Game{}.Info().FindBuiltin("boss4")
	b.New(1).Respond([]byte("garbage\n"))
}
