package territory

import "math/rand/v2"

// greedyBot leaves its body for rectangular loops: from home it weighs
// every rectangle that fits its MaxMovement (less one move of margin) by
// the tiles it would enclose, follows the best one, and heads straight
// home whenever the plan is blocked or no longer safe. As MaxMovement
// grows with long loops, so do its loops.
type greedyBot struct {
	rng  *rand.Rand
	plan []Point // tiles to walk, ending on our body
}

// Respond answers one turn.
func (b *greedyBot) Respond(msg []byte) []byte {
	v, err := parseView(msg)
	if err != nil || v.final {
		return nil
	}
	return answer(b.move(v, v.homeDistances()))
}

// move plans a loop when at home, follows the plan while it is safe, and
// otherwise heads home (or wanders inside the body).
func (b *greedyBot) move(v *view, dist []int) Move {
	if v.atHome() {
		b.plan = bestLoop(v)
	}
	if m, ok := b.follow(v, dist); ok {
		return m
	}
	b.plan = nil
	if v.atHome() {
		return wander(v, dist, b.rng)
	}
	if m := v.homeward(dist); m != None {
		return m
	}
	return randomSafe(v, dist, b.rng)
}

// follow returns the next move of the plan when it is still safe.
func (b *greedyBot) follow(v *view, dist []int) (Move, bool) {
	next := -1
	if len(b.plan) > 0 && v.atHome() {
		next = 0
	}
	for k, q := range b.plan {
		if q == v.head {
			next = k + 1
		}
	}
	if next < 0 || next >= len(b.plan) {
		return None, false
	}
	q := b.plan[next]
	// Safe: the rest of the plan still ends on our body (which others may
	// have taken meanwhile) within the movement left, or home is near.
	left := v.ML - v.cost(q)
	rest := len(b.plan) - 1 - next
	planOK := v.mine(b.plan[len(b.plan)-1]) && left >= rest
	if v.deadly(q) || (!v.mine(q) && !planOK && !v.safe(q, dist)) {
		return None, false
	}
	for _, m := range Moves {
		if step(v.head, m) == q {
			return m, true
		}
	}
	return None, false
}

// wander moves inside the body towards its edge (a free move), or anywhere
// safe.
func wander(v *view, dist []int, rng *rand.Rand) Move {
	var in []Move
	for _, m := range Moves {
		if q := step(v.head, m); v.mine(q) && !v.deadly(q) {
			in = append(in, m)
		}
	}
	if len(in) > 0 {
		return in[rng.IntN(len(in))]
	}
	return randomSafe(v, dist, rng)
}

// bestLoop plans the best rectangle from the head (on our body): out a
// tiles one way, b tiles across, and back, until the path re-enters the
// body. It returns nil when no loop gains a tile.
func bestLoop(v *view) []Point {
	budget := v.L - 1
	var best []Point
	bestScore := 0
	var path []Point
	seen := make(map[Point]bool)
	for _, d1 := range Moves {
		for _, d2 := range Moves {
			if d1 == d2 || d1 == opposite(d2) {
				continue
			}
			for a := 1; a <= budget/2; a++ {
				for w := 1; 2*a+w <= budget; w++ {
					path = path[:0]
					clear(seen)
					ok := false
					p := v.head
					legs := []struct {
						m Move
						k int
					}{{d1, a}, {d2, w}, {opposite(d1), a}, {opposite(d2), w}}
				walk:
					for _, leg := range legs {
						for range leg.k {
							p = step(p, leg.m)
							if v.mine(p) {
								ok = len(path) > 0
								path = append(path, p)
								break walk
							}
							if !v.passable(p) || seen[p] || v.headOf[v.idx(p)] >= 0 {
								break walk
							}
							seen[p] = true
							path = append(path, p)
							if len(path) >= budget {
								break walk
							}
						}
					}
					if !ok {
						continue
					}
					gain := loopGain(v, path[:len(path)-1])
					score := 4*gain - len(path)
					if len(path) >= v.L/2 {
						score += 6 // MaxMovement grows
					}
					for _, q := range path {
						if v.nearEnemy(q) {
							score -= 8
						}
					}
					if gain > 0 && (best == nil || score > bestScore) {
						best, bestScore = append([]Point(nil), path...), score
					}
				}
			}
		}
	}
	return best
}

func opposite(m Move) Move {
	switch m {
	case Up:
		return Down
	case Down:
		return Up
	case Left:
		return Right
	case Right:
		return Left
	}
	return None
}

// loopGain counts the tiles a capture with this neck would add to our
// body: the neck and what it encloses, obstacles excepted. The flood runs
// on the bounding box of body and neck, with a ring around it.
func loopGain(v *view, neck []Point) int {
	x0, y0, x1, y1 := v.n, v.n, -1, -1
	grow := func(p Point) {
		x0, y0, x1, y1 = min(x0, p.X), min(y0, p.Y), max(x1, p.X), max(y1, p.Y)
	}
	for _, p := range neck {
		grow(p)
	}
	// Only the body near the loop can close it; the rest stays outside the box.
	for y := max(0, y0-v.L); y <= min(v.n-1, y1+v.L); y++ {
		for x := max(0, x0-v.L); x <= min(v.n-1, x1+v.L); x++ {
			if int(v.owner[y*v.n+x]) == v.self {
				grow(Point{x, y})
			}
		}
	}
	x0, y0, x1, y1 = x0-1, y0-1, x1+1, y1+1
	w, h := x1-x0+1, y1-y0+1
	wall := make([]bool, w*h) // ours: body or neck
	for _, p := range neck {
		wall[(p.Y-y0)*w+p.X-x0] = true
	}
	for y := max(0, y0); y <= min(v.n-1, y1); y++ {
		for x := max(0, x0); x <= min(v.n-1, x1); x++ {
			if int(v.owner[y*v.n+x]) == v.self {
				wall[(y-y0)*w+x-x0] = true
			}
		}
	}
	reached := make([]bool, w*h)
	var stack []int
	push := func(i int) {
		if !reached[i] && !wall[i] {
			reached[i] = true
			stack = append(stack, i)
		}
	}
	for x := 0; x < w; x++ {
		push(x)
		push((h-1)*w + x)
	}
	for y := 0; y < h; y++ {
		push(y * w)
		push(y*w + w - 1)
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := i%w, i/w
		if x > 0 {
			push(i - 1)
		}
		if x < w-1 {
			push(i + 1)
		}
		if y > 0 {
			push(i - w)
		}
		if y < h-1 {
			push(i + w)
		}
	}
	gain := 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			gx, gy := x+x0, y+y0
			if reached[y*w+x] || gx < 0 || gy < 0 || gx >= v.n || gy >= v.n {
				continue
			}
			i := gy*v.n + gx
			if int(v.owner[i]) != v.self && v.obst[i] == Empty {
				gain++
			}
		}
	}
	return gain
}
