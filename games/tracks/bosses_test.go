package tracks

import (
	"strconv"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
)

// bossAnswer sets up a scenario board, plays one turn where both players
// WAIT (so that the connections of the board are in the input), and returns
// what the named builtin answers in seat p to the bytes a process bot would
// read: the init block and that turn's input.
func bossAnswer(t *testing.T, name string, p int, grid, regions []string, inst map[int]int, desired ...string) string {
	t.Helper()
	b, err := scenarioBoard(grid, regions, desired)
	if err != nil {
		t.Fatal(err)
	}
	for id, v := range inst {
		b.Regions[id].Instability = v
	}
	r := newReferee(b, settingsFrom(game.Config{Options: game.MustOptions(options)}), nil)
	r.Play([]game.Reply{answer("WAIT"), answer("WAIT")})
	if r.Over() {
		t.Fatalf("the board's game is over after one turn (%s)", r.end)
	}
	msg := append([]byte(strconv.Itoa(p)+"\n"), r.initTail...)
	turn, _ := r.Prompt(p)
	msg = append(msg, turn...)
	bi, err := Game{}.Info().FindBuiltin(name)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(string(bi.New(1).Respond(msg)), "\n")
}

// Rules §5, league 3: the cheapest missing desired connection, ties to the
// lower requesting town then the lower desired town; WAIT when none.
func TestGreedyBoss(t *testing.T) {
	cases := []struct {
		name    string
		grid    []string
		desired []string
		want    string
	}{
		{"cheapest pair", []string{"0 . . . 1", "~ . . . .", "2 . . . ."}, []string{"0>1", "2>0"}, "AUTOPLACE 0 2 0 0"},
		{"tie: lower requester", []string{"0 . 1", ". . .", "2 . ."}, []string{"2>0", "0>1"}, "AUTOPLACE 0 0 2 0"},
		{"tie: lower desired town", []string{"0 . 1", ". . .", "2 . ."}, []string{"0>2", "0>1"}, "AUTOPLACE 0 0 2 0"},
		{"active pairs are skipped", []string{"0 r 1", ". . .", "2 . ."}, []string{"0>1", "2>1"}, "AUTOPLACE 0 2 2 0"},
		{"nothing missing", []string{"0 r 1", "b . .", "2 . ."}, []string{"0>1", "2>0"}, "WAIT"},
	}
	for _, c := range cases {
		if got := bossAnswer(t, "boss3", 0, c.grid, nil, nil, c.desired...); got != c.want {
			t.Errorf("%s: boss3 answers %q, want %q", c.name, got, c.want)
		}
	}
}

// Rules §5, league 4: the greedy connector, plus a DISRUPT of the town-free,
// not inked region where the opponent's tracks on active paths outnumber
// the boss's own the most (ties: higher instability, then lower id), only
// when that advantage is positive.
func TestSaboteurBoss(t *testing.T) {
	row := []string{"0 r r b b 1", ". . . . . ."}
	regions := []string{"A B B C C D", "A B B C C D"}
	if got := bossAnswer(t, "boss4", 1, row, regions, nil, "0>1"); got != "DISRUPT 1" {
		t.Errorf("seat 1: %q, want DISRUPT 1 (two red tracks in region 1)", got)
	}
	if got := bossAnswer(t, "boss4", 0, row, regions, nil, "0>1"); got != "DISRUPT 2" {
		t.Errorf("seat 0: %q, want DISRUPT 2 (two blue tracks in region 2)", got)
	}
	tie := []string{"0 r r r r 1", ". . . . . ."}
	if got := bossAnswer(t, "boss4", 1, tie, regions, nil, "0>1"); got != "DISRUPT 1" {
		t.Errorf("tie: %q, want the lower id", got)
	}
	if got := bossAnswer(t, "boss4", 1, tie, regions, map[int]int{2: 1}, "0>1"); got != "DISRUPT 2" {
		t.Errorf("tie: %q, want the higher instability", got)
	}
	even := []string{"0 r b r b 1", ". . . . . ."}
	if got := bossAnswer(t, "boss4", 1, even, regions, nil, "0>1"); got != "WAIT" {
		t.Errorf("no positive advantage: %q, want WAIT", got)
	}
	// Tracks off the active paths do not count.
	idle := []string{"0 . . . . 1", ". r r r r ."}
	if got := bossAnswer(t, "boss4", 1, idle, regions, nil, "0>1"); !strings.HasPrefix(got, "AUTOPLACE ") || strings.Contains(got, "DISRUPT") {
		t.Errorf("tracks off the paths: %q, want only an AUTOPLACE", got)
	}
}

// Rules §5, league 5: the best value pair, never building in a region one
// disruption away from inking; a region at that level with an opponent
// advantage is disrupted first, otherwise a region where the advantage is
// at least 2.
func TestPlannerBoss(t *testing.T) {
	// 0>1 builds three plains (3 new tracks for one turn of paint), 2>0 one
	// river (1 track): the planner prefers 0>1 where the greedy boss takes
	// the cheaper 2>0.
	value := []string{"0 . . . 1", "~ . . . .", "2 . . . ."}
	if got := bossAnswer(t, "boss5", 0, value, nil, nil, "0>1", "2>0"); got != "PLACE_TRACKS 1 0;PLACE_TRACKS 2 0;PLACE_TRACKS 3 0" {
		t.Errorf("value: %q", got)
	}
	unstable := []string{"0 . . . 1", ". . . . ."}
	regions := []string{"A B B B C", "A D D D C"}
	if got := bossAnswer(t, "boss5", 0, unstable, regions, map[int]int{1: 2}, "0>1"); got != "PLACE_TRACKS 0 1;PLACE_TRACKS 1 1;PLACE_TRACKS 2 1" {
		t.Errorf("unstable region: %q, want the detour through row 1", got)
	}
	blue := []string{"0 b b b 1", ". . . . ."}
	regions = []string{"A B B D C", "A B B D C"}
	if got := bossAnswer(t, "boss5", 0, blue, regions, map[int]int{3: 2}, "0>1"); got != "DISRUPT 3" {
		t.Errorf("one step from inking: %q, want DISRUPT 3", got)
	}
	if got := bossAnswer(t, "boss5", 0, blue, regions, nil, "0>1"); got != "DISRUPT 1" {
		t.Errorf("advantage of 2: %q, want DISRUPT 1", got)
	}
	single := []string{"0 b r b 1", ". . . . ."}
	regions = []string{"A B D E C", "A B D E C"}
	if got := bossAnswer(t, "boss5", 0, single, regions, nil, "0>1"); got != "WAIT" {
		t.Errorf("advantages of 1 only: %q, want WAIT", got)
	}
}

// Rules §5, league 2: AUTOPLACE between two different towns, drawn from the
// bot's seed.
func TestRandomBuilderBoss(t *testing.T) {
	b, _ := generate(4, true)
	r := newReferee(b, settingsFrom(game.Config{Options: game.MustOptions(options)}), nil)
	bi, _ := Game{}.Info().FindBuiltin("boss2")
	towns := map[string]bool{}
	for _, town := range b.Towns {
		towns[strconv.Itoa(town.X)+" "+strconv.Itoa(town.Y)] = true
	}
	answers := func(seed int64) []string {
		bot := bi.New(seed)
		var out []string
		first, _ := r.Prompt(0)
		for turn := range 30 {
			msg := first
			if turn > 0 {
				msg = first[len(first)-len(r.body)-len("0\n0\n"):]
			}
			out = append(out, strings.TrimSuffix(string(bot.Respond(msg)), "\n"))
		}
		return out
	}
	a := answers(5)
	for _, s := range a {
		f := strings.Fields(s)
		if len(f) != 5 || f[0] != "AUTOPLACE" {
			t.Fatalf("boss2 answered %q", s)
		}
		from, to := f[1]+" "+f[2], f[3]+" "+f[4]
		if !towns[from] || !towns[to] || from == to {
			t.Fatalf("boss2 answered %q: not two different towns", s)
		}
	}
	if strings.Join(a, "|") != strings.Join(answers(5), "|") {
		t.Fatal("boss2 is not reproducible from its seed")
	}
	if strings.Join(a, "|") == strings.Join(answers(6), "|") {
		t.Fatal("boss2 ignores its seed")
	}
}
