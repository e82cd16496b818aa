package territory

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// The scenarios of the rules' checklist (§10) are in testdata/scenarios.txt,
// one block per scenario:
//
//	== 12 title
//	board              the diagram, top row first, until "end"
//	...
//	end
//	home 0             players whose head tile is also their body tile
//	head 0 2,2         a head not drawn (it stands on a body letter)
//	body 0 3,2 4,2     extra body tiles under other drawings
//	neck 0 4,3 4,2     a neck in order, oldest first (otherwise it is
//	                   followed back from the head)
//	set 0 L=12 ML=3    counters (ML defaults to L - neck length - 1 outside,
//	                   L at home)
//	moves 0 R D . x    one answer per turn: U D L R, . for NONE, x invalid
//	expect 3 ML 0 6    a check after turn 3 (see check below)
//
// Diagram symbols: # wall, * bomb, ~ ice, % decay, . empty, a-h bodies,
// A-H necks, 0-7 heads. A board that is not square is padded with walls
// above and to the right, which changes nothing (walls never enclose).
// With one player the scenario runs in solo mode (§4 Phase E, D18).

type scenario struct {
	name    string
	line    int
	board   []string
	home    map[int]bool
	heads   map[int]Point
	bodies  map[int][]Point
	necks   map[int][]Point
	sets    map[int]map[string]int
	moves   map[int][]string
	expects []expectation
}

type expectation struct {
	turn int
	args []string
	line int
}

func loadScenarios(t *testing.T, path string) []*scenario {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []*scenario
	var cur *scenario
	inBoard := false
	for n, raw := range strings.Split(string(data), "\n") {
		line := strings.TrimSpace(raw)
		if inBoard {
			if line == "end" {
				inBoard = false
			} else {
				cur.board = append(cur.board, line)
			}
			continue
		}
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		if strings.HasPrefix(line, "== ") {
			cur = &scenario{name: strings.TrimPrefix(line, "== "), line: n + 1, home: map[int]bool{}, heads: map[int]Point{},
				bodies: map[int][]Point{}, necks: map[int][]Point{}, sets: map[int]map[string]int{}, moves: map[int][]string{}}
			out = append(out, cur)
			continue
		}
		f := strings.Fields(line)
		bad := func(why string) { t.Fatalf("%s:%d: %s: %q", path, n+1, why, line) }
		if cur == nil {
			bad("no scenario header before")
		}
		atoi := func(s string) int {
			v, err := strconv.Atoi(s)
			if err != nil {
				bad("not a number " + s)
			}
			return v
		}
		points := func(ss []string) []Point {
			var ps []Point
			for _, s := range ss {
				a, b, ok := strings.Cut(s, ",")
				if !ok {
					bad("not x,y: " + s)
				}
				ps = append(ps, Point{atoi(a), atoi(b)})
			}
			return ps
		}
		switch f[0] {
		case "board":
			inBoard = true
		case "home":
			for _, s := range f[1:] {
				cur.home[atoi(s)] = true
			}
		case "head":
			cur.heads[atoi(f[1])] = points(f[2:3])[0]
		case "body":
			cur.bodies[atoi(f[1])] = append(cur.bodies[atoi(f[1])], points(f[2:])...)
		case "neck":
			cur.necks[atoi(f[1])] = points(f[2:])
		case "set":
			m := map[string]int{}
			for _, kv := range f[2:] {
				k, v, _ := strings.Cut(kv, "=")
				m[k] = atoi(v)
			}
			cur.sets[atoi(f[1])] = m
		case "moves":
			cur.moves[atoi(f[1])] = f[2:]
		case "expect":
			cur.expects = append(cur.expects, expectation{turn: atoi(f[1]), args: f[2:], line: n + 1})
		default:
			bad("unknown directive")
		}
	}
	return out
}

// build sets up the engine state a scenario draws.
func (sc *scenario) build() (*State, error) {
	h := len(sc.board)
	w := 0
	for _, r := range sc.board {
		w = max(w, len(r))
	}
	n := max(w, h)
	st := &State{N: n, Obst: make([]Obstacle, n*n), Body: make([]int8, n*n), Neck: make([]int8, n*n)}
	for i := range st.Body {
		st.Body[i], st.Neck[i] = -1, -1
		st.Obst[i] = Wall // padding
	}
	players := 0
	heads := map[int]Point{}
	neckTiles := map[int]map[Point]bool{}
	for r, row := range sc.board {
		y := h - 1 - r
		for x := 0; x < n; x++ {
			c := byte('#')
			if x < len(row) {
				c = row[x]
			}
			i := y*n + x
			st.Obst[i] = Empty
			switch {
			case c == '#':
				st.Obst[i] = Wall
			case c == '*':
				st.Obst[i] = Bomb
			case c == '~':
				st.Obst[i] = Ice
			case c == '%':
				st.Obst[i] = Decay
			case c == '.':
			case c >= 'a' && c <= 'h':
				st.Body[i] = int8(c - 'a')
				players = max(players, int(c-'a')+1)
			case c >= 'A' && c <= 'H':
				id := int(c - 'A')
				st.Neck[i] = int8(id)
				if neckTiles[id] == nil {
					neckTiles[id] = map[Point]bool{}
				}
				neckTiles[id][Point{x, y}] = true
				players = max(players, id+1)
			case c >= '0' && c <= '7':
				heads[int(c-'0')] = Point{x, y}
				players = max(players, int(c-'0')+1)
			default:
				return nil, fmt.Errorf("unknown board character %q", c)
			}
		}
	}
	for id, p := range sc.heads {
		heads[id] = p
		players = max(players, id+1)
	}
	for id := 0; id < players; id++ {
		st.P = append(st.P, &Player{ID: id, Alive: true, L: StartMovement, Decay: -1})
	}
	for id, ps := range sc.bodies {
		for _, p := range ps {
			st.Body[st.idx(p)] = int8(id)
		}
	}
	for id := range sc.home {
		st.Body[st.idx(heads[id])] = int8(id)
	}
	for _, o := range st.Body {
		if o >= 0 {
			st.P[o].Body++
		}
	}
	for id, p := range st.P {
		hp, ok := heads[id]
		if !ok {
			return nil, fmt.Errorf("player %d has no head", id)
		}
		p.Head = hp
		if order, ok := sc.necks[id]; ok {
			p.Neck = order
			for _, q := range order {
				st.Neck[st.idx(q)] = int8(id)
			}
		} else {
			// Follow the neck back from the head: each tile's predecessor
			// is its only unvisited neck neighbour.
			left := neckTiles[id]
			cur := hp
			var rev []Point
			for len(left) > 0 {
				var next []Point
				for _, m := range Moves {
					if q := step(cur, m); left[q] {
						next = append(next, q)
					}
				}
				if len(next) != 1 {
					return nil, fmt.Errorf("player %d: the neck cannot be followed from %v; give it with \"neck\"", id, cur)
				}
				cur = next[0]
				delete(left, cur)
				rev = append(rev, cur)
			}
			for k := len(rev) - 1; k >= 0; k-- {
				p.Neck = append(p.Neck, rev[k])
			}
		}
		p.ML = p.L
		if !st.headHome(p) {
			p.ML = p.L - len(p.Neck) - 1
		}
		for k, v := range sc.sets[id] {
			switch k {
			case "L":
				p.L = v
				if _, ml := sc.sets[id]["ML"]; !ml {
					p.ML = v
					if !st.headHome(p) {
						p.ML = v - len(p.Neck) - 1
					}
				}
			case "ML":
				p.ML = v
			case "frozen":
				p.Frozen = v
			case "decay":
				p.Decay = v
			case "stays":
				p.Stays = v
			default:
				return nil, fmt.Errorf("unknown counter %q", k)
			}
		}
	}
	st.Solo = players == 1
	return st, nil
}

func TestScenarios(t *testing.T) {
	for _, sc := range loadScenarios(t, "testdata/scenarios.txt") {
		t.Run(sc.name, func(t *testing.T) {
			st, err := sc.build()
			if err != nil {
				t.Fatalf("line %d: %v", sc.line, err)
			}
			last := 0
			for _, ms := range sc.moves {
				last = max(last, len(ms))
			}
			for _, e := range sc.expects {
				last = max(last, e.turn)
			}
			var log []*Events
			for turn := 1; turn <= last; turn++ {
				if st.Over(DefaultTurns) {
					t.Fatalf("the game ended after turn %d, before turn %d", turn-1, turn)
				}
				acts := make([]Move, len(st.P))
				for id := range st.P {
					if ms := sc.moves[id]; turn <= len(ms) {
						acts[id] = parseScenarioMove(t, ms[turn-1])
					}
				}
				log = append(log, st.Step(acts))
				for _, e := range sc.expects {
					if e.turn == turn {
						if err := check(st, log, e.args); err != nil {
							t.Errorf("line %d, after turn %d: %s: %v", e.line, turn, strings.Join(e.args, " "), err)
						}
					}
				}
			}
		})
	}
}

func parseScenarioMove(t *testing.T, s string) Move {
	switch s {
	case "U":
		return Up
	case "D":
		return Down
	case "L":
		return Left
	case "R":
		return Right
	case ".", "x":
		return None
	}
	t.Fatalf("unknown move %q", s)
	return None
}

// check evaluates one expectation:
//
//	body K n | L K n | ML K n | stays K n | frozen K n | neck K n
//	decay K n|none | head K x y | alive K | dead K reason (this turn)
//	tile x y TOKEN|empty | owner x y K|none | over | notover | rank K pos
func check(st *State, log []*Events, a []string) error {
	num := func(i int) int {
		v, err := strconv.Atoi(a[i])
		if err != nil {
			panic(fmt.Sprintf("check %v: %q is not a number", a, a[i]))
		}
		return v
	}
	player := func() *Player { return st.P[num(1)] }
	eq := func(what string, got, want int) error {
		if got != want {
			return fmt.Errorf("%s is %d, want %d", what, got, want)
		}
		return nil
	}
	switch a[0] {
	case "body":
		return eq("territory", player().Territory(), num(2))
	case "L":
		return eq("MaxMovement", player().L, num(2))
	case "ML":
		return eq("MovementLeft", player().ML, num(2))
	case "stays":
		return eq("stays", player().Stays, num(2))
	case "frozen":
		return eq("frozen turns", player().Frozen, num(2))
	case "neck":
		return eq("neck length", len(player().Neck), num(2))
	case "decay":
		want := -1
		if a[2] != "none" {
			want = num(2)
		}
		return eq("decay countdown", player().Decay, want)
	case "head":
		if got, want := player().Head, (Point{num(2), num(3)}); got != want {
			return fmt.Errorf("head on %v, want %v", got, want)
		}
	case "alive":
		if p := player(); !p.Alive {
			return fmt.Errorf("eliminated at turn %d (%s)", p.ElimTurn, p.Reason)
		}
	case "dead":
		p := player()
		if p.Alive || p.ElimTurn != st.Turn || string(p.Reason) != a[2] {
			return fmt.Errorf("alive=%v, eliminated at turn %d (%q)", p.Alive, p.ElimTurn, p.Reason)
		}
	case "tile":
		want := a[3]
		if want == "empty" {
			want = ""
		}
		if got := st.Token(st.idx(Point{num(1), num(2)}), st.heads()); got != want {
			return fmt.Errorf("token %q, want %q", got, want)
		}
	case "owner":
		want := -1
		if a[3] != "none" {
			want = num(3)
		}
		return eq("owner", int(st.Body[st.idx(Point{num(1), num(2)})]), want)
	case "over":
		if !st.Over(DefaultTurns) {
			return fmt.Errorf("the game is not over")
		}
	case "notover":
		if st.Over(DefaultTurns) {
			return fmt.Errorf("the game is over")
		}
	case "rank":
		return eq("position", st.Positions()[num(1)], num(2))
	case "explosions":
		return eq("explosions this turn", len(log[len(log)-1].Explosions), num(1))
	default:
		panic(fmt.Sprintf("unknown check %q", a[0]))
	}
	return nil
}
