package territory

// hunterBot chases other players' necks: when an enemy neck tile is within
// reach, with enough movement left to come home afterwards, it walks the
// shortest path there (cutting the neck eliminates its owner). Otherwise it
// loops like greedy.
type hunterBot struct{ greedyBot }

// Respond answers one turn.
func (b *hunterBot) Respond(msg []byte) []byte {
	v, err := parseView(msg)
	if err != nil || v.final {
		return nil
	}
	dist := v.homeDistances()
	if m, ok := hunt(v, dist); ok {
		b.plan = nil
		return answer(m)
	}
	return answer(b.move(v, dist))
}

// hunt finds the nearest enemy neck tile that can be reached with enough
// movement left to return home from it, and returns the first move there.
func hunt(v *view, dist []int) (Move, bool) {
	n := v.n
	from := make([]int8, n*n) // first move of the shortest path, +1
	depth := make([]int, n*n)
	for i := range depth {
		depth[i] = -1
	}
	type node struct {
		p    Point
		cost int // movement used so far
	}
	queue := []node{{v.head, 0}}
	depth[v.idx(v.head)] = 0
	home := v.atHome()
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, m := range Moves {
			q := step(cur.p, m)
			if !v.inside(q) || depth[v.idx(q)] >= 0 || !v.passable(q) {
				continue
			}
			i := v.idx(q)
			c := cur.cost + 1
			if home && cur.cost == 0 && v.mine(cur.p) && v.mine(q) {
				c = 0 // still walking inside the body
			}
			if c > v.ML {
				continue
			}
			depth[i] = depth[v.idx(cur.p)] + 1
			if cur.p == v.head {
				from[i] = int8(m)
			} else {
				from[i] = from[v.idx(cur.p)]
			}
			if o := v.neckOf[i]; o >= 0 && int(o) != v.self {
				back := dist[i]
				if v.mine(q) {
					back = 0
				}
				if back >= 0 && c+back <= v.ML {
					return Move(from[i]), true
				}
			}
			queue = append(queue, node{q, c})
		}
	}
	return None, false
}
