package jungle

import (
	"fmt"
	"math/rand/v2"

	"github.com/seed27749672/arena/game"
)

// GenOptions are the inputs of the map generator (spec §2.3).
type GenOptions struct {
	Seed     uint64
	W, H     int // 15..20 x 11..14 for the official size classes; 7..50 accepted
	Teams    int // 2: 180° point symmetry; 4: both mirror axes (fair for 2 and 4)
	Diamonds int // 1..9
	Name     string
}

// Generate makes a fair map: symmetric, one spawn zone per team placed
// symmetrically, enough spawn tiles, one connected floor, every diamond
// reachable from every zone. The same options always give the same map.
func Generate(o GenOptions) (*Map, error) {
	if o.Teams != 2 && o.Teams != 4 {
		return nil, fmt.Errorf("teams must be 2 or 4, not %d", o.Teams)
	}
	if o.W < 7 || o.H < 7 || o.W > 50 || o.H > 50 {
		return nil, fmt.Errorf("size %dx%d: width and height must be 7 to 50", o.W, o.H)
	}
	if o.Diamonds < 1 || o.Diamonds > 9 {
		return nil, fmt.Errorf("diamonds must be 1 to 9, not %d", o.Diamonds)
	}
	if o.Name == "" {
		o.Name = fmt.Sprintf("gen-%d-%dx%d-%dt-%dd", o.Seed, o.W, o.H, o.Teams, o.Diamonds)
	}
	if !mapName.MatchString(o.Name) {
		return nil, fmt.Errorf("the name %q must use only a-z, 0-9, '_' and '-'", o.Name)
	}
	g := &generator{o: o, r: rand.New(game.NewSplitMix64(o.Seed))}
	if err := g.diamondOrbits(); err != nil {
		return nil, err
	}
	for try := 0; try < 2000; try++ {
		if m := g.attempt(); m != nil {
			return m, nil
		}
	}
	return nil, fmt.Errorf("no valid %dx%d map found for seed %d; try another seed or fewer diamonds", o.W, o.H, o.Seed)
}

type generator struct {
	o   GenOptions
	r   *rand.Rand
	art [][]Art
	// orbit sizes of the diamonds to place: 4, 2 or 1
	orbits []int
}

// images returns the tiles symmetric to p (p included, no repeats).
func (g *generator) images(p Pos) []Pos {
	w, h := g.o.W, g.o.H
	var cands []Pos
	if g.o.Teams == 4 {
		cands = []Pos{p, {w - 1 - p.X, p.Y}, {p.X, h - 1 - p.Y}, {w - 1 - p.X, h - 1 - p.Y}}
	} else {
		cands = []Pos{p, {w - 1 - p.X, h - 1 - p.Y}}
	}
	var out []Pos
	for _, c := range cands {
		dup := false
		for _, q := range out {
			dup = dup || q == c
		}
		if !dup {
			out = append(out, c)
		}
	}
	return out
}

func (g *generator) set(p Pos, a Art) {
	for _, q := range g.images(p) {
		g.art[q.Y][q.X] = a
	}
}

func (g *generator) at(p Pos) Art { return g.art[p.Y][p.X] }

func (g *generator) in(p Pos) bool { return p.X >= 0 && p.Y >= 0 && p.X < g.o.W && p.Y < g.o.H }

// diamondOrbits splits the diamond count into symmetric groups.
func (g *generator) diamondOrbits() error {
	k := g.o.Diamonds
	oddW, oddH := g.o.W%2 == 1, g.o.H%2 == 1
	center := oddW && oddH
	if g.o.Teams == 2 {
		if k%2 == 1 && !center {
			return fmt.Errorf("with 180° symmetry a %dx%d map holds an even number of diamonds; use odd width and height for %d", g.o.W, g.o.H, k)
		}
		for ; k >= 2; k -= 2 {
			g.orbits = append(g.orbits, 2)
		}
	} else {
		axis := oddW || oddH
		if k%2 == 1 && !center {
			return fmt.Errorf("with both mirror axes a %dx%d map holds an even number of diamonds; use odd width and height for %d", g.o.W, g.o.H, k)
		}
		if k%4 >= 2 && !axis {
			return fmt.Errorf("with both mirror axes a %dx%d map holds 4 or 8 diamonds; use an odd width or height for %d", g.o.W, g.o.H, k)
		}
		for ; k >= 4; k -= 4 {
			g.orbits = append(g.orbits, 4)
		}
		if k >= 2 {
			g.orbits = append(g.orbits, 2)
			k -= 2
		}
	}
	if k == 1 {
		g.orbits = append(g.orbits, 1)
	}
	return nil
}

// attempt draws one candidate map; nil when it fails the checks.
func (g *generator) attempt() *Map {
	o, r := g.o, g.r
	g.art = make([][]Art, o.H)
	for y := range g.art {
		g.art[y] = make([]Art, o.W)
	}
	// The domain: the quarter (4 teams) or left half (2 teams) whose
	// images cover the map.
	dw, dh := o.W/2, o.H
	if o.Teams == 4 {
		dh = o.H / 2
	}
	// Spawn zone: a rectangle in the domain, away from the axes.
	need := 8 // 2 teams x 4 units x 2 / 2 zones
	if o.Teams == 4 {
		need = 4 // 2 x 4 teams x 2 units / 4 zones, and 2 x 2 x 4 / 4
	}
	zw, zh := 2, (need+1)/2
	if r.IntN(2) == 0 {
		zw, zh = zh, zw
	}
	if zw+2 > dw || zh+2 > dh {
		return nil
	}
	zx, zy := r.IntN(dw-zw), r.IntN(dh-zh)
	if o.Teams == 2 {
		zx = r.IntN(max(1, dw/2-zw+1))
	}
	protect := map[Pos]bool{}
	for x := zx - 1; x <= zx+zw; x++ {
		for y := zy - 1; y <= zy+zh; y++ {
			for _, q := range g.images(Pos{x, y}) {
				protect[q] = true
			}
		}
	}
	// Walls: symmetric blobs, stone or water.
	blobs := (o.W * o.H) / 14
	for b := 0; b < blobs; b++ {
		kind := ArtStoneWall
		if r.IntN(3) == 0 {
			kind = ArtWaterWall
		}
		p := Pos{r.IntN(o.W), r.IntN(o.H)}
		for n := 1 + r.IntN(5); n > 0; n-- {
			if g.in(p) && !protect[p] {
				g.set(p, kind)
			}
			p = p.neighbours()[r.IntN(4)]
		}
	}
	for x := zx; x < zx+zw; x++ {
		for y := zy; y < zy+zh; y++ {
			g.set(Pos{x, y}, ArtSpawn)
		}
	}
	// Diamonds on floor tiles, away from the spawn zones when possible.
	dist := g.spawnDistance()
	for _, size := range g.orbits {
		var cands []Pos
		for x := 0; x < o.W; x++ {
			for y := 0; y < o.H; y++ {
				p := Pos{x, y}
				if g.at(p) == ArtFloor && len(g.images(p)) == size && dist[y*o.W+x] >= 3 && !g.nearDiamond(p) {
					cands = append(cands, p)
				}
			}
		}
		if len(cands) == 0 {
			return nil
		}
		g.set(cands[r.IntN(len(cands))], ArtDiamond)
	}
	// A little decoration: traps on the floor.
	for n := r.IntN(3); n > 0; n-- {
		p := Pos{r.IntN(o.W), r.IntN(o.H)}
		if g.at(p) == ArtFloor && !protect[p] {
			g.set(p, ArtTrap)
		}
	}
	m, err := newMap(o.Name, g.art)
	if err != nil {
		return nil
	}
	if o.Teams == 4 {
		m.Units = map[int]int{2: 4, 4: 2}
	} else {
		m.Units = map[int]int{2: 4}
	}
	if len(m.Diamonds) != o.Diamonds || len(m.Validate()) > 0 || len(m.SpawnZones()) != o.Teams {
		return nil
	}
	return m
}

// nearDiamond: a diamond already lies within 2 tiles of p.
func (g *generator) nearDiamond(p Pos) bool {
	for dx := -2; dx <= 2; dx++ {
		for dy := -2; dy <= 2; dy++ {
			q := Pos{p.X + dx, p.Y + dy}
			if g.in(q) && g.at(q) == ArtDiamond {
				return true
			}
		}
	}
	return false
}

// spawnDistance is each tile's distance to the nearest spawn tile through
// non-wall tiles (a large value when unreachable).
func (g *generator) spawnDistance() []int {
	w, h := g.o.W, g.o.H
	d := make([]int, w*h)
	var queue []Pos
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			d[y*w+x] = 1 << 20
			if g.art[y][x] == ArtSpawn {
				d[y*w+x] = 0
				queue = append(queue, Pos{x, y})
			}
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, q := range p.neighbours() {
			if g.in(q) && g.at(q).Tile() != Wall && d[q.Y*w+q.X] > d[p.Y*w+p.X]+1 {
				d[q.Y*w+q.X] = d[p.Y*w+p.X] + 1
				queue = append(queue, q)
			}
		}
	}
	return d
}
