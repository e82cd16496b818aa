package territory

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// view is a builtin bot's reading of one turn message: exactly what a
// process bot is told, parsed from the same bytes.
type view struct {
	self, n int
	L, ML   int
	turn    int
	final   bool
	head    Point
	neck    []Point
	// Per tile, indexed y*n+x.
	owner, neckOf, headOf []int8
	obst                  []Obstacle
	heads                 []Point // other players' heads
	bodyCount             int
}

type xyJSON struct{ X, Y int }

type turnJSON struct {
	SelfID        string   `json:"SelfId"`
	Map           []string `json:"Map"`
	MapWidth      int
	MaxMovement   int
	MovementLeft  int
	OccupiedTiles struct {
		Head, Neck, Body []xyJSON
	}
	Turn  int
	Final bool
}

// parseView reads a turn message: Arena's own compact form at once, any
// other valid JSON through encoding/json.
func parseView(msg []byte) (*view, error) {
	if v, ok := fastView(msg); ok {
		return v, nil
	}
	return slowView(msg)
}

// slowView reads any valid turn JSON through encoding/json.
func slowView(msg []byte) (*view, error) {
	var t turnJSON
	if err := json.Unmarshal(msg, &t); err != nil {
		return nil, err
	}
	n := t.MapWidth
	if n <= 0 || len(t.Map) != n*n {
		return nil, fmt.Errorf("map of %d tiles for width %d", len(t.Map), n)
	}
	self, err := strconv.Atoi(t.SelfID)
	if err != nil {
		return nil, err
	}
	v := &view{self: self, n: n, L: t.MaxMovement, ML: t.MovementLeft, turn: t.Turn, final: t.Final,
		owner: make([]int8, n*n), neckOf: make([]int8, n*n), headOf: make([]int8, n*n), obst: make([]Obstacle, n*n)}
	for k, tok := range t.Map {
		i := (n-1-k/n)*n + k%n
		v.owner[i], v.neckOf[i], v.headOf[i] = -1, -1, -1
		if tok == "" {
			continue
		}
		for _, part := range strings.Split(tok, "-") {
			switch {
			case part == "":
			case len(part) == 1:
				v.obst[i] = Obstacle(part[0])
			case part[0] == 'p':
				id, _ := strconv.Atoi(part[1:])
				v.neckOf[i] = int8(id)
			case strings.HasSuffix(part, "*"):
				id, _ := strconv.Atoi(part[1 : len(part)-1])
				v.headOf[i] = int8(id)
				if id != self {
					v.heads = append(v.heads, Point{k % n, n - 1 - k/n})
				}
			default:
				id, _ := strconv.Atoi(part[1:])
				v.owner[i] = int8(id)
			}
		}
	}
	if len(t.OccupiedTiles.Head) == 0 {
		return nil, fmt.Errorf("no head")
	}
	v.head = Point{t.OccupiedTiles.Head[0].X, t.OccupiedTiles.Head[0].Y}
	for _, q := range t.OccupiedTiles.Neck {
		v.neck = append(v.neck, Point(q))
	}
	v.bodyCount = len(t.OccupiedTiles.Body)
	return v, nil
}

func (v *view) idx(p Point) int { return p.Y*v.n + p.X }

func (v *view) inside(p Point) bool { return p.X >= 0 && p.Y >= 0 && p.X < v.n && p.Y < v.n }

func (v *view) mine(p Point) bool { return v.inside(p) && int(v.owner[v.idx(p)]) == v.self }

func (v *view) atHome() bool { return v.mine(v.head) }

func step(p Point, m Move) Point {
	dx, dy := m.Delta()
	return Point{p.X + dx, p.Y + dy}
}

// deadly reports whether moving onto p kills us for sure: off the grid, a
// wall, a bomb, or our own neck (the head's tile becomes neck when we are
// out).
func (v *view) deadly(p Point) bool {
	if !v.inside(p) {
		return true
	}
	i := v.idx(p)
	if o := v.obst[i]; o == Wall || o == Bomb {
		return true
	}
	if int(v.neckOf[i]) == v.self {
		return true
	}
	return p == v.head && !v.atHome()
}

// passable is where our plans go: not deadly, and not ice or decay.
func (v *view) passable(p Point) bool {
	if v.deadly(p) {
		return false
	}
	o := v.obst[v.idx(p)]
	return o != Ice && o != Decay
}

// homeDistances is, per tile, the fewest moves from it to our body through
// passable tiles (-1: no way). A breadth-first search from every body
// tile at once, on tile indices.
func (v *view) homeDistances() []int {
	n := v.n
	d := make([]int, n*n)
	queue := make([]int32, 0, n*n)
	open := make([]bool, n*n)
	self := int8(v.self)
	out := !v.atHome()
	hi := v.idx(v.head)
	for i := range d {
		d[i] = -1
		o := v.obst[i]
		open[i] = o == Empty && v.neckOf[i] != self && !(out && i == hi)
		if open[i] && v.owner[i] == self {
			d[i] = 0
			queue = append(queue, int32(i))
		}
	}
	for k := 0; k < len(queue); k++ {
		i := int(queue[k])
		x := i % n
		next := d[i] + 1
		visit := func(j int) {
			if d[j] < 0 && open[j] {
				d[j] = next
				queue = append(queue, int32(j))
			}
		}
		if x > 0 {
			visit(i - 1)
		}
		if x < n-1 {
			visit(i + 1)
		}
		if i >= n {
			visit(i - n)
		}
		if i < n*(n-1) {
			visit(i + n)
		}
	}
	return d
}

// cost is the movement a move from the head to q uses (Phase B).
func (v *view) cost(q Point) int {
	if v.atHome() && v.mine(q) {
		return 0
	}
	return 1
}

// safe reports whether moving onto q keeps a way home in time: we do not
// die there, and from q our body is within the movement left.
func (v *view) safe(q Point, dist []int) bool {
	if v.deadly(q) {
		return false
	}
	if v.mine(q) {
		return true
	}
	left := v.ML - v.cost(q)
	d := dist[v.idx(q)]
	return left >= 1 && d >= 0 && d <= left
}

// nearEnemy reports whether another head could reach q this turn.
func (v *view) nearEnemy(q Point) bool {
	for _, h := range v.heads {
		if abs(h.X-q.X)+abs(h.Y-q.Y) <= 1 {
			return true
		}
	}
	return false
}

// homeward returns the move that brings us closest to our body, or None.
func (v *view) homeward(dist []int) Move {
	best, bestD := None, -1
	for _, m := range Moves {
		q := step(v.head, m)
		if v.deadly(q) {
			continue
		}
		d := 0
		if !v.mine(q) {
			d = dist[v.idx(q)]
			if d < 0 {
				continue
			}
		}
		if bestD < 0 || d < bestD {
			best, bestD = m, d
		}
	}
	return best
}

// answer writes a move as a process bot would.
func answer(m Move) []byte { return []byte(m.String() + "\n") }
