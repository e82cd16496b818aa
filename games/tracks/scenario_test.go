package tracks

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
)

// The scenario checklist of the rules (§8) lives in testdata/scenarios/*.txt
// as ASCII boards, turns and expectations. The format:
//
//	=== NAME                 starts a scenario
//	grid                     board rows follow, tokens separated by spaces:
//	                         . plains  ~ river  ^ mountain  * POI  digits: town id
//	                         r b n: a track of player 0, player 1, neutral on plains;
//	                         a terrain sign then r/b/n (~r, *n): a track on that terrain
//	regions                  rows of letters, region A=0, B=1... (default: all A)
//	desired 0>1 0>2          desired connections
//	instability B=2          initial instability
//	inked B                  initially inked regions
//	options k=v ...          game options; league N: the league (default 5)
//	turn                     lines "0 ACTIONS" / "1 ACTIONS" follow (missing: WAIT);
//	                         ACTIONS may be a Go-quoted string, or !timeout / !gone
//	wait N                   N turns where both players WAIT
//	expect tracks            board rows follow (same tokens as grid)
//	expect summary           the exact game summary lines of the last turn follow
//	expect score A B         scores;  expect paint A B: paint left
//	expect cell X Y LINE     the cell's line in the next turn's input
//	expect input P N TEXT    line N (from 1) of player P's next input
//	expect over yes|no       expect status P STATUS     expect result A B
//	expect sidequest A B     side-quest points
//	expect message P TEXT    the MESSAGE of player P this turn
//	expect instability R N   expect inked R yes|no
//	expect plan FX FY TX TY  the AUTOPLACE plan on the current board; the cells,
//	                         "(x,y) (x,y)..." or "none", on the next line
//
// Blocks end at a blank line. Lines starting with # are comments.

type scenario struct {
	name  string
	file  string
	line  int
	steps []scenStep
}

type scenStep struct {
	line  int
	verb  string
	args  []string
	block []string
}

func loadScenarios(t *testing.T) []scenario {
	t.Helper()
	files, err := filepath.Glob("testdata/scenarios/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files: %v", err)
	}
	var out []scenario
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		var cur *scenario
		var step *scenStep
		n := 0
		for sc.Scan() {
			n++
			line := strings.TrimRight(sc.Text(), " \t")
			switch {
			case strings.HasPrefix(line, "#"):
				continue
			case line == "":
				step = nil
				continue
			case strings.HasPrefix(line, "=== "):
				out = append(out, scenario{name: strings.TrimPrefix(line, "=== "), file: f, line: n})
				cur, step = &out[len(out)-1], nil
				continue
			}
			if cur == nil {
				t.Fatalf("%s:%d: text before the first ===", f, n)
			}
			if step != nil {
				step.block = append(step.block, line)
				continue
			}
			fields := strings.Fields(line)
			verb := fields[0]
			args := fields[1:]
			if verb == "expect" && len(args) > 0 {
				verb, args = "expect "+args[0], args[1:]
			}
			cur.steps = append(cur.steps, scenStep{line: n, verb: verb, args: args})
			s := &cur.steps[len(cur.steps)-1]
			switch verb {
			case "grid", "regions", "turn", "expect tracks", "expect summary", "expect plan":
				step = s
			case "expect cell", "expect input", "expect message":
				// Keep the rest of the line verbatim (it may hold spaces).
				k := 3
				if verb == "expect message" {
					k = 2
				}
				parts := strings.SplitN(line, " ", k+2)
				if len(parts) < k+1 {
					t.Fatalf("%s:%d: %s needs more arguments", f, n, verb)
				}
				s.args = parts[2 : k+1]
				if len(parts) == k+2 {
					s.args = append(s.args, parts[k+1])
				} else {
					s.args = append(s.args, "")
				}
			}
		}
		fh.Close()
	}
	return out
}

// parseToken reads one board token: terrain, town id, track owner.
func parseToken(tok string) (ter Terrain, town int, owner int8, err error) {
	town, owner = -1, NoTrack
	if n, e := strconv.Atoi(tok); e == nil {
		return Plains, n, NoTrack, nil
	}
	signs := map[byte]Terrain{'.': Plains, '~': River, '^': Mountain, '*': POI}
	owners := map[byte]int8{'r': 0, 'b': 1, 'n': Neutral}
	switch len(tok) {
	case 1:
		if t, ok := signs[tok[0]]; ok {
			return t, -1, NoTrack, nil
		}
		if o, ok := owners[tok[0]]; ok {
			return Plains, -1, o, nil
		}
	case 2:
		t, ok1 := signs[tok[0]]
		o, ok2 := owners[tok[1]]
		if ok1 && ok2 {
			return t, -1, o, nil
		}
	}
	return 0, 0, 0, fmt.Errorf("bad board token %q", tok)
}

func renderToken(b *Board, c int) string {
	if t := b.TownAt[c]; t >= 0 {
		return strconv.Itoa(t)
	}
	signs := [...]string{".", "~", "^", "*"}
	owners := map[int8]string{0: "r", 1: "b", Neutral: "n"}
	o := b.Track[c]
	switch {
	case o == NoTrack:
		return signs[b.Terrain[c]]
	case b.Terrain[c] == Plains:
		return owners[o]
	}
	return signs[b.Terrain[c]] + owners[o]
}

func renderBoard(b *Board) []string {
	var rows []string
	for y := 0; y < b.H; y++ {
		var toks []string
		for x := 0; x < b.W; x++ {
			toks = append(toks, renderToken(b, b.cell(x, y)))
		}
		rows = append(rows, strings.Join(toks, " "))
	}
	return rows
}

// scenarioBoard builds the board of a scenario's setup steps.
func scenarioBoard(grid, regions []string, desired []string) (*Board, error) {
	var rows [][]string
	for _, g := range grid {
		rows = append(rows, strings.Fields(g))
	}
	h, w := len(rows), len(rows[0])
	b := newBoard(w, h)
	var towns []Town
	for y, row := range rows {
		if len(row) != w {
			return nil, fmt.Errorf("grid row %d has %d cells, want %d", y, len(row), w)
		}
		for x, tok := range row {
			ter, town, owner, err := parseToken(tok)
			if err != nil {
				return nil, err
			}
			c := b.cell(x, y)
			b.Terrain[c], b.Track[c] = ter, owner
			if town >= 0 {
				b.TownAt[c] = town
				towns = append(towns, Town{ID: town, X: x, Y: y, Cell: c})
			}
		}
	}
	slices.SortFunc(towns, func(a, b Town) int { return a.ID - b.ID })
	for i, t := range towns {
		if t.ID != i {
			return nil, fmt.Errorf("town ids must be 0..%d", len(towns)-1)
		}
	}
	b.Towns = towns
	nreg := 1
	if regions != nil {
		if len(regions) != h {
			return nil, fmt.Errorf("regions have %d rows, want %d", len(regions), h)
		}
		for y, row := range regions {
			toks := strings.Fields(row)
			if len(toks) != w {
				return nil, fmt.Errorf("regions row %d has %d cells", y, len(toks))
			}
			for x, tok := range toks {
				id := int(tok[0] - 'A')
				b.Region[b.cell(x, y)] = id
				nreg = max(nreg, id+1)
			}
		}
	}
	b.Regions = make([]Region, nreg)
	for c, id := range b.Region {
		b.Regions[id].Cells = append(b.Regions[id].Cells, c)
	}
	for _, d := range desired {
		a, z, ok := strings.Cut(d, ">")
		t, e1 := strconv.Atoi(a)
		u, e2 := strconv.Atoi(z)
		if !ok || e1 != nil || e2 != nil || t >= len(towns) || u >= len(towns) {
			return nil, fmt.Errorf("bad desired %q", d)
		}
		b.Towns[t].Desired = insertSorted(b.Towns[t].Desired, u)
	}
	b.finish()
	return b, nil
}

func regionID(s string) int { return int(s[0] - 'A') }

func unquote(s string) string {
	if strings.HasPrefix(s, `"`) {
		if u, err := strconv.Unquote(s); err == nil {
			return u
		}
	}
	return s
}

func TestScenarios(t *testing.T) {
	for _, sc := range loadScenarios(t) {
		t.Run(sc.name, func(t *testing.T) { runScenario(t, sc) })
	}
}

func runScenario(t *testing.T, sc scenario) {
	var grid, regions, desired, opts []string
	inst := map[int]int{}
	var inked []int
	league := 0
	var r *referee
	where := func(s scenStep) string { return fmt.Sprintf("%s:%d", filepath.Base(sc.file), s.line) }
	setup := func(s scenStep) {
		if r != nil {
			return
		}
		b, err := scenarioBoard(grid, regions, desired)
		if err != nil {
			t.Fatalf("%s: %v", where(s), err)
		}
		for id, v := range inst {
			b.Regions[id].Instability = v
		}
		for _, id := range inked {
			b.Regions[id].Inked = true
		}
		o, err := game.ParseOptions(options, opts)
		if err != nil {
			t.Fatalf("%s: %v", where(s), err)
		}
		r = newReferee(b, settingsFrom(game.Config{League: league, Options: o}), nil)
	}
	play := func(s scenStep, lines [2]string) {
		if r.Over() {
			t.Fatalf("%s: the game is already over (%s)", where(s), r.end)
		}
		var reps []game.Reply
		for p := range 2 {
			if _, ask := r.Prompt(p); !ask {
				reps = append(reps, game.Reply{Status: game.NotAsked})
				continue
			}
			switch lines[p] {
			case "!timeout":
				reps = append(reps, game.Reply{Status: game.Timeout})
			case "!gone":
				reps = append(reps, game.Reply{Status: game.Gone, Error: "exited with status 1"})
			default:
				reps = append(reps, game.Reply{Status: game.Answered, Lines: []game.Line{{Text: lines[p]}}})
			}
		}
		r.Play(reps)
		r.Frame() // must not panic, must not change anything
	}
	for _, s := range sc.steps {
		switch s.verb {
		case "grid":
			grid = s.block
		case "regions":
			regions = s.block
		case "desired":
			desired = s.args
		case "instability":
			for _, a := range s.args {
				k, v, _ := strings.Cut(a, "=")
				n, _ := strconv.Atoi(v)
				inst[regionID(k)] = n
			}
		case "inked":
			for _, a := range s.args {
				inked = append(inked, regionID(a))
			}
		case "options":
			opts = s.args
		case "league":
			league, _ = strconv.Atoi(s.args[0])
		case "turn":
			setup(s)
			lines := [2]string{"WAIT", "WAIT"}
			for _, l := range s.block {
				p, rest, ok := strings.Cut(l, " ")
				if !ok {
					rest = ""
				}
				n, err := strconv.Atoi(p)
				if err != nil || n < 0 || n > 1 {
					t.Fatalf("%s: turn lines start with 0 or 1: %q", where(s), l)
				}
				lines[n] = unquote(rest)
			}
			play(s, lines)
		case "wait":
			setup(s)
			n, _ := strconv.Atoi(s.args[0])
			for range n {
				play(s, [2]string{"WAIT", "WAIT"})
			}
		default:
			setup(s)
			if !strings.HasPrefix(s.verb, "expect ") {
				t.Fatalf("%s: unknown directive %q", where(s), s.verb)
			}
			check(t, where(s), r, s)
		}
	}
}

func yes(s string) bool { return s == "yes" }

func check(t *testing.T, at string, r *referee, s scenStep) {
	t.Helper()
	a := s.args
	ints := func(k int) []int {
		if len(a) < k {
			t.Fatalf("%s: %s needs %d numbers", at, s.verb, k)
		}
		out := make([]int, k)
		for i := range k {
			n, err := strconv.Atoi(a[i])
			if err != nil {
				t.Fatalf("%s: %q is not a number", at, a[i])
			}
			out[i] = n
		}
		return out
	}
	switch s.verb {
	case "expect tracks":
		if got := renderBoard(r.b); !slices.Equal(got, s.block) {
			t.Errorf("%s: board\n%s\nwant\n%s", at, strings.Join(got, "\n"), strings.Join(s.block, "\n"))
		}
	case "expect summary":
		var want []string
		for _, l := range s.block {
			want = append(want, unquote(l))
		}
		if got := r.ev.summary; !slices.Equal(got, want) {
			t.Errorf("%s: summary\n%q\nwant\n%q", at, got, want)
		}
	case "expect score":
		n := ints(2)
		if got := [2]int{r.pl[0].score, r.pl[1].score}; got != [2]int{n[0], n[1]} {
			t.Errorf("%s: scores %v, want %v", at, got, n)
		}
	case "expect paint":
		n := ints(2)
		if got := [2]int{r.pl[0].paint, r.pl[1].paint}; got != [2]int{n[0], n[1]} {
			t.Errorf("%s: paint left %v, want %v", at, got, n)
		}
	case "expect cell":
		n := ints(2)
		c := r.b.cell(n[0], n[1])
		lines := strings.Split(string(r.body), "\n")
		if got := lines[c]; got != a[2] {
			t.Errorf("%s: cell (%d, %d) input %q, want %q", at, n[0], n[1], got, a[2])
		}
	case "expect input":
		n := ints(2)
		msg, ask := r.Prompt(n[0])
		if !ask {
			t.Fatalf("%s: player %d is not asked", at, n[0])
		}
		lines := strings.Split(string(msg), "\n")
		if got := lines[n[1]-1]; got != a[2] {
			t.Errorf("%s: input line %d of player %d is %q, want %q", at, n[1], n[0], got, a[2])
		}
	case "expect over":
		if r.Over() != yes(a[0]) {
			t.Errorf("%s: over = %v (%s), want %s", at, r.Over(), r.end, a[0])
		}
	case "expect status":
		n := ints(1)
		if got := r.Result().Players[n[0]].Status; string(got) != a[1] {
			t.Errorf("%s: status of %d is %s, want %s", at, n[0], got, a[1])
		}
	case "expect result":
		n := ints(2)
		res := r.Result()
		got := [2]int{int(res.Players[0].Score), int(res.Players[1].Score)}
		if got != [2]int{n[0], n[1]} {
			t.Errorf("%s: final scores %v, want %v", at, got, n)
		}
		wantRanks := [2]int{1, 1}
		if n[0] > n[1] {
			wantRanks[1] = 2
		} else if n[0] < n[1] {
			wantRanks[0] = 2
		}
		if ranks := [2]int{res.Players[0].Rank, res.Players[1].Rank}; ranks != wantRanks {
			t.Errorf("%s: ranks %v, want %v", at, ranks, wantRanks)
		}
	case "expect sidequest":
		n := ints(2)
		res := r.Result()
		got := [2]int{res.Players[0].Stats["sideQuestPoints"].(int), res.Players[1].Stats["sideQuestPoints"].(int)}
		if got != [2]int{n[0], n[1]} {
			t.Errorf("%s: side-quest points %v, want %v", at, got, n)
		}
	case "expect message":
		n := ints(1)
		if got := r.pl[n[0]].message; got != a[1] {
			t.Errorf("%s: message of %d is %q, want %q", at, n[0], got, a[1])
		}
	case "expect instability":
		n, _ := strconv.Atoi(a[1])
		if got := r.b.Regions[regionID(a[0])].Instability; got != n {
			t.Errorf("%s: instability of %s is %d, want %d", at, a[0], got, n)
		}
	case "expect inked":
		if got := r.b.Regions[regionID(a[0])].Inked; got != yes(a[1]) {
			t.Errorf("%s: region %s inked = %v, want %s", at, a[0], got, a[1])
		}
	case "expect plan":
		n := ints(4)
		steps, _ := newPlanner(r.b).plan(n[0], n[1], n[2], n[3])
		var got []string
		for _, c := range steps {
			x, y := r.b.xy(c)
			got = append(got, fmt.Sprintf("(%d,%d)", x, y))
		}
		want := strings.Join(s.block, " ")
		if g := strings.Join(got, " "); g != want && !(want == "none" && g == "") {
			t.Errorf("%s: plan %s, want %s", at, g, want)
		}
	default:
		t.Fatalf("%s: unknown expectation %q", at, s.verb)
	}
}
