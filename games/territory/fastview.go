package territory

import "bytes"

// fastView reads a turn message written exactly as Arena writes it
// (compact, keys in the order of §6.1) without building JSON values: the
// builtin bots read one per turn, and encoding/json would be most of a
// game's cost. ok is false for anything else (parseView then falls back
// to encoding/json).
func fastView(msg []byte) (v *view, ok bool) {
	p := &scan{b: msg}
	if !p.lit(`{"SelfId":"`) {
		return nil, false
	}
	self, okSelf := p.int()
	if !okSelf || !p.lit(`","Map":[`) {
		return nil, false
	}
	// The map comes before its width: find the width first.
	wi := bytes.Index(msg, []byte(`],"MapWidth":`))
	if wi < 0 {
		return nil, false
	}
	wp := &scan{b: msg, i: wi + len(`],"MapWidth":`)}
	n, okN := wp.int()
	if !okN || n <= 0 || n > 1000 {
		return nil, false
	}
	v = &view{self: self, n: n, owner: make([]int8, n*n), neckOf: make([]int8, n*n), headOf: make([]int8, n*n), obst: make([]Obstacle, n*n)}
	for k := 0; k < n*n; k++ {
		if k > 0 && !p.lit(",") {
			return nil, false
		}
		if !p.lit(`"`) {
			return nil, false
		}
		i := (n-1-k/n)*n + k%n
		v.owner[i], v.neckOf[i], v.headOf[i] = -1, -1, -1
		for p.i < len(p.b) && p.b[p.i] != '"' {
			if p.b[p.i] == '-' {
				if p.i == 0 || p.b[p.i-1] == '"' || p.b[p.i-1] == '-' || p.i+1 >= len(p.b) || p.b[p.i+1] == '"' {
					return nil, false // an empty part
				}
				p.i++
				continue
			}
			c := p.b[p.i]
			p.i++
			switch c {
			case 'W', 'B', 'I', 'D':
				v.obst[i] = Obstacle(c)
			case 'P', 'p':
				id, okID := p.int()
				if !okID || id > 7 {
					return nil, false
				}
				switch {
				case c == 'p':
					v.neckOf[i] = int8(id)
				case p.i < len(p.b) && p.b[p.i] == '*':
					p.i++
					v.headOf[i] = int8(id)
					if id != self {
						v.heads = append(v.heads, Point{k % n, n - 1 - k/n})
					}
				default:
					v.owner[i] = int8(id)
				}
			default:
				return nil, false
			}
			if p.i < len(p.b) && p.b[p.i] != '-' && p.b[p.i] != '"' {
				return nil, false // parts are separated by '-'
			}
		}
		if !p.lit(`"`) {
			return nil, false
		}
	}
	if p.i != wi || !p.lit(`],"MapWidth":`) {
		return nil, false
	}
	p.int()
	var okL, okML bool
	if !p.lit(`,"MaxMovement":`) {
		return nil, false
	}
	if v.L, okL = p.int(); !okL || !p.lit(`,"MovementLeft":`) {
		return nil, false
	}
	if v.ML, okML = p.int(); !okML || !p.lit(`,"OccupiedTiles":{"Head":[`) {
		return nil, false
	}
	heads, okH := p.points(nil)
	if !okH || len(heads) != 1 || !p.lit(`,"Neck":[`) {
		return nil, false
	}
	v.head = heads[0]
	var okNeck, okBody bool
	if v.neck, okNeck = p.points(nil); !okNeck || !p.lit(`,"Body":[`) {
		return nil, false
	}
	var body []Point
	if body, okBody = p.points(nil); !okBody || !p.lit(`},"Turn":`) {
		return nil, false
	}
	v.bodyCount = len(body)
	var okT bool
	if v.turn, okT = p.int(); !okT || !p.lit(`,"Final":`) {
		return nil, false
	}
	switch {
	case p.lit("true}"):
		v.final = true
	case p.lit("false}"):
	default:
		return nil, false
	}
	for p.i < len(p.b) && (p.b[p.i] == '\n' || p.b[p.i] == '\r') {
		p.i++
	}
	return v, p.i == len(p.b)
}

// scan reads a message from its start, byte by byte.
type scan struct {
	b []byte
	i int
}

// lit consumes s if the message continues with it.
func (p *scan) lit(s string) bool {
	if len(p.b)-p.i < len(s) || string(p.b[p.i:p.i+len(s)]) != s {
		return false
	}
	p.i += len(s)
	return true
}

// int consumes a non-negative decimal integer as JSON writes it (no
// leading zero).
func (p *scan) int() (int, bool) {
	start, v := p.i, 0
	for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' && p.i-start < 9 {
		v = v*10 + int(p.b[p.i]-'0')
		p.i++
	}
	return v, p.i > start && !(p.b[start] == '0' && p.i-start > 1)
}

// points consumes `{"X":x,"Y":y},...]`, the list's opening bracket read.
func (p *scan) points(out []Point) ([]Point, bool) {
	if p.lit("]") {
		return out, true
	}
	for {
		if !p.lit(`{"X":`) {
			return nil, false
		}
		x, okX := p.int()
		if !okX || !p.lit(`,"Y":`) {
			return nil, false
		}
		y, okY := p.int()
		if !okY || !p.lit("}") {
			return nil, false
		}
		out = append(out, Point{x, y})
		if p.lit("]") {
			return out, true
		}
		if !p.lit(",") {
			return nil, false
		}
	}
}
