package ants

import (
	"strconv"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
)

// The scenario maps of shared/rules/ants.md §8.

// line6: cells 0..5 at (k,-k,0).
func line6() *Board {
	var cs []Coord
	for k := range 6 {
		cs = append(cs, Coord{k, -k, 0})
	}
	return NewBoard(cs)
}

// ring6: cell i at Directions[i], no centre.
func ring6() *Board { return NewBoard(Directions[:]) }

// hex7: the centre and ring cell j at Directions[j-1].
func hex7() *Board { return NewBoard(append([]Coord{{}}, Directions[:]...)) }

// cells parses "0:4 1:6" into cell -> amount.
func cells(s string) map[int]int {
	m := map[int]int{}
	for _, f := range strings.Fields(s) {
		c, v, _ := strings.Cut(f, ":")
		ci, _ := strconv.Atoi(c)
		vi, _ := strconv.Atoi(v)
		m[ci] = vi
	}
	return m
}

// setup describes a scenario position.
type setup struct {
	board    *Board
	bases    [2][]int
	ants     [2]string // "cell:count ..."
	crystals string    // "cell:amount ..."
	eggs     string
	league   int
	opts     []string
}

// referee builds a referee on the scenario position. Unlisted ants,
// resources and beacons are 0; the default bases are LINE6's [0] and [5].
func (su setup) referee(t *testing.T) *referee {
	t.Helper()
	b := su.board
	n := b.Len()
	m := &Map{Board: b, Types: make([]CellType, n), Resources: make([]int, n), Bases: su.bases}
	if m.Bases[0] == nil {
		m.Bases = [2][]int{{0}, {n - 1}}
	}
	for c, v := range cells(su.crystals) {
		m.Types[c], m.Resources[c] = Crystal, v
	}
	for c, v := range cells(su.eggs) {
		m.Types[c], m.Resources[c] = Egg, v
	}
	league := su.league
	if league == 0 {
		league = 4
	}
	o, err := game.ParseOptions(options, su.opts)
	if err != nil {
		t.Fatal(err)
	}
	rules, err := rulesFrom(league, o)
	if err != nil {
		t.Fatal(err)
	}
	r := newReferee(m, rules, nil)
	for p := range 2 {
		for c, v := range cells(su.ants[p]) {
			r.s.Ants[p][c] = v
		}
	}
	return r
}

// playLines plays one turn with the two players' output lines; an empty
// output plays WAIT.
func (r *referee) playLines(out0, out1 string) {
	var replies []game.Reply
	for _, o := range []string{out0, out1} {
		if o == "" {
			o = "WAIT"
		}
		replies = append(replies, answer(o))
	}
	r.Play(replies)
}

func answer(s string) game.Reply {
	return game.Reply{Status: game.Answered, Lines: []game.Line{{Text: s}}}
}

// nonZero lists "cell:count" for the non-zero entries, in cell order.
func nonZero(xs []int) string {
	var parts []string
	for c, x := range xs {
		if x != 0 {
			parts = append(parts, strconv.Itoa(c)+":"+strconv.Itoa(x))
		}
	}
	return strings.Join(parts, " ")
}
