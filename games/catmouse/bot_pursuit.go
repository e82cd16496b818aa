package catmouse

import (
	"fmt"
	"math/rand/v2"
)

// pressRoom is the room (cells the mouse reaches before every cat) below
// which builtin:pursuit stops containing the mouse and closes in. It also
// closes in when containing has stalled for staleTurns turns (a mouse that
// sits in the open: no move of the cats shrinks its room at once), and
// keeps closing in until the mouse breaks out (its room grows by more than
// breakOut cells over the smallest it had), then contains again.
const (
	pressRoom  = 6
	staleTurns = 4
	breakOut   = 8
)

// pursuitCats plays the cats of builtin:pursuit. It looks one turn ahead:
// for a joint move of the cats, the mouse answers with the move that leaves
// it the most room (the cells it reaches before every cat, dashes
// included), and the cats pick the joint move that leaves it the least.
// Shrinking that region is what cuts off the mouse's escape routes: the
// cats spread out and close the exits instead of all following it. Once
// the mouse is contained (room of at most pressRoom cells) they close in,
// still preferring the moves that keep it contained: a careful mouse in a
// pocket otherwise waits forever between two cats that dare not move. The
// joint move is found by improving one cat at a time (two passes), which
// keeps four cats cheap. It draws each cat's move and the mouse's room.
func pursuitCats(v *view, rng *rand.Rand) ([]Action, []string) {
	n := len(v.cats)
	opts := make([][]move, n)
	choice := make([]int, n)
	for i, c := range v.cats {
		opts[i] = v.catMoves(c)
		best := 0
		for k, m := range opts[i] {
			if v.d(m.to, v.mouse) < v.d(opts[i][best].to, v.mouse) {
				best = k
			}
		}
		choice[i] = best
	}
	mouseOpts := destinations(v.mouseMoves(v.mouse, v.cooldown == 0))
	press := v.pressing(v.room(v.mouse, v.nearest(v.cats, nil)))
	after := make([]int, n)
	var near []int16
	// score is what the cats minimise: the room the mouse's best answer
	// keeps (pressing: first the cats' distance to the mouse), then the
	// cats' distance to the mouse.
	score := func() (primary, secondary int) {
		spread := 0
		for i := range n {
			after[i] = opts[i][choice[i]].to
			spread += v.d(after[i], v.mouse)
		}
		near = v.nearest(after, near)
		room := -1 << 30
		for _, mm := range mouseOpts {
			val := -1000
			if !caughtBy(v, after, mm) {
				val = 8*v.room(mm.to, near) + int(near[mm.to])
			}
			room = max(room, val)
		}
		if press {
			return spread*1000 + room, 0
		}
		return room, spread
	}
	bestA, bestB := score()
	for range 2 {
		for i := range n {
			keep := choice[i]
			for k := range opts[i] {
				choice[i] = k
				a, b := score()
				if a < bestA || a == bestA && (b < bestB || b == bestB && rng.IntN(2) == 0) {
					bestA, bestB, keep = a, b, k
				}
			}
			choice[i] = keep
		}
	}
	acts := make([]Action, n)
	var dbg []string
	for i := range n {
		mv := opts[i][choice[i]]
		acts[i] = mv.act
		if mv.act.Steps > 0 {
			a, b := v.board.Cell(v.cats[i]), v.board.Cell(mv.to)
			dbg = append(dbg, fmt.Sprintf("DBG ARROW %d %d %d %d orange", a.Q, a.R, b.Q, b.R))
		}
		after[i] = mv.to
	}
	m := v.board.Cell(v.mouse)
	mode := "contain"
	if press {
		mode = "press"
	}
	dbg = append(dbg, fmt.Sprintf("DBG CIRCLE %d %d 0.6 #ff000080", m.Q, m.R),
		fmt.Sprintf("DBG TEXT %d %d white %s, room %d", m.Q, m.R, mode, v.room(v.mouse, v.nearest(after, near))))
	return acts, dbg
}

// pressing updates pursuit's memory with the mouse's room this turn and
// reports whether the cats should close in rather than contain.
func (v *view) pressing(room int) bool {
	switch {
	case v.turn <= 1 || room > v.bestRoom+breakOut:
		v.bestRoom, v.stale, v.closing = room, 0, false
	case room < v.bestRoom:
		v.bestRoom, v.stale = room, 0
	default:
		v.stale++
	}
	if room <= pressRoom || v.stale >= staleTurns {
		v.closing = true
	}
	return v.closing
}

// caughtBy reports whether the cats ending on after catch the mouse
// playing mm from v.mouse (§4.2 item 5).
func caughtBy(v *view, after []int, mm move) bool {
	for i, c := range after {
		if c == mm.to || v.cats[i] == mm.to && c == v.mouse && mm.to != v.mouse {
			return true
		}
	}
	return false
}

// destinations keeps one move per end cell (the first listed: stay and
// steps come before dashes): only the end cell matters to the bots'
// evaluations.
func destinations(ms []move) []move {
	seen := map[int]bool{}
	out := ms[:0:0]
	for _, m := range ms {
		if !seen[m.to] {
			seen[m.to] = true
			out = append(out, m)
		}
	}
	return out
}
