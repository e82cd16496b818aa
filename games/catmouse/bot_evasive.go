package catmouse

import "math/rand/v2"

// evasiveMouse plays the mouse of builtin:evasive. For each of its moves it
// assumes the cats answer with the joint move that leaves it the least room
// (the cells it reaches before every cat; the reply is found one cat at a
// time), and keeps the move that leaves the most. It never ends its move
// where a cat can reach it. The dash is precious, since every use doubles
// the cooldown: the mouse dashes when no step is safe, or when a dash gains
// much more room than the best step: 6 cells more for its first dash, 12
// more for each dash already used.
func evasiveMouse(v *view, rng *rand.Rand) (Action, []string) {
	stepAct, stepVal := bestEscape(v, v.mouseMoves(v.mouse, false), rng)
	if v.cooldown > 0 {
		return stepAct, nil
	}
	var dashes []move
	for _, m := range v.mouseMoves(v.mouse, true) {
		if m.act.Steps == 2 {
			dashes = append(dashes, m)
		}
	}
	dashAct, dashVal := bestEscape(v, destinations(dashes), rng)
	bar := 8 * (6 + 12*int(min(v.uses, 20)))
	if stepVal < 0 && dashVal >= 0 || dashVal >= stepVal+bar {
		return dashAct, nil
	}
	return stepAct, nil
}

// bestEscape returns the move whose worst case leaves the most room; a
// negative value means every move can be caught.
func bestEscape(v *view, ms []move, rng *rand.Rand) (Action, int) {
	best, bestVal := Stay, -1<<30
	ties := 0
	near := v.nearest(v.cats, nil)
	var buf []int16
	for _, m := range ms {
		val := -1000 + int(near[m.to])
		if !v.threatened(m.to, v.cats) {
			var room int
			room, buf = worstRoom(v, m.to, buf)
			val = 8*room + int(near[m.to])
		}
		switch {
		case val > bestVal:
			best, bestVal, ties = m.act, val, 1
		case val == bestVal:
			ties++
			if rng.IntN(ties) == 0 {
				best = m.act
			}
		}
	}
	return best, bestVal
}

// worstRoom is the room the mouse on m keeps after the cats' reply that
// leaves it the least, each cat improving the reply in turn.
func worstRoom(v *view, m int, buf []int16) (int, []int16) {
	n := len(v.cats)
	pos := append([]int(nil), v.cats...)
	buf = v.nearest(pos, buf)
	best := v.room(m, buf)
	for i := range n {
		keep := pos[i]
		for _, cm := range v.catMoves(v.cats[i]) {
			pos[i] = cm.to
			buf = v.nearest(pos, buf)
			if s := v.room(m, buf); s < best {
				best, keep = s, cm.to
			}
		}
		pos[i] = keep
	}
	return best, buf
}
