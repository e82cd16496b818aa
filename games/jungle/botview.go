package jungle

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// The builtin bots read the TICK JSON exactly as a process bot would, into
// this view, and answer a COMMAND line.

type viewDiamond struct {
	ID          string `json:"id"`
	Position    Pos    `json:"position"`
	SummonLevel int    `json:"summonLevel"`
	Points      int    `json:"points"`
	OwnerID     string `json:"ownerId"`
}

type viewUnit struct {
	ID          string `json:"id"`
	TeamID      string `json:"teamId"`
	Position    *Pos   `json:"position"`
	HasDiamond  bool   `json:"hasDiamond"`
	HasSpawned  bool   `json:"hasSpawned"`
	IsSummoning bool   `json:"isSummoning"`
	DiamondID   string `json:"diamondId"`
}

type viewTeam struct {
	ID     string     `json:"id"`
	Name   string     `json:"name"`
	IsDead bool       `json:"isDead"`
	Score  int        `json:"score"`
	Units  []viewUnit `json:"units"`
	Errors []string   `json:"errors"`
}

type tickMsg struct {
	Type      string `json:"type"`
	Tick      int    `json:"tick"`
	TotalTick int    `json:"totalTick"`
	Map       struct {
		Tiles    json.RawMessage `json:"tiles"`
		Diamonds []viewDiamond   `json:"diamonds"`
	} `json:"map"`
	TeamID string     `json:"teamId"`
	Teams  []viewTeam `json:"teams"`
}

// view is a parsed TICK with the lookups the bots need.
type view struct {
	msg      tickMsg
	w, h     int
	tiles    []Tile
	occ      []*viewUnit // unit standing on each tile
	freeDia  []int       // free diamonds lying on each tile
	diamonds map[string]*viewDiamond
	mine     []*viewUnit
	enemies  []*viewUnit // alive units of other teams
	exits    []bool      // see hasExit
}

// tileCache keeps a bot's decoded map between ticks: the tiles never change
// during a game, so they are decoded again only if their text changes.
type tileCache struct {
	raw   []byte
	w, h  int
	tiles []Tile
}

func parseView(data []byte, cache *tileCache) (*view, error) {
	v := &view{}
	if err := json.Unmarshal(data, &v.msg); err != nil {
		return nil, err
	}
	if cache == nil {
		cache = &tileCache{}
	}
	if !bytes.Equal(cache.raw, v.msg.Map.Tiles) {
		var cols [][]string
		if err := json.Unmarshal(v.msg.Map.Tiles, &cols); err != nil {
			return nil, err
		}
		cache.raw = append(cache.raw[:0], v.msg.Map.Tiles...)
		cache.w, cache.h = len(cols), 0
		if cache.w > 0 {
			cache.h = len(cols[0])
		}
		cache.tiles = make([]Tile, cache.w*cache.h)
		for x, col := range cols {
			for y, t := range col {
				if y >= cache.h {
					break
				}
				switch t {
				case "EMPTY":
					cache.tiles[y*cache.w+x] = Empty
				case "WALL":
					cache.tiles[y*cache.w+x] = Wall
				case "SPAWN":
					cache.tiles[y*cache.w+x] = Spawn
				}
			}
		}
	}
	v.w, v.h, v.tiles = cache.w, cache.h, cache.tiles
	v.occ = make([]*viewUnit, v.w*v.h)
	v.freeDia = make([]int, v.w*v.h)
	v.diamonds = map[string]*viewDiamond{}
	for i := range v.msg.Map.Diamonds {
		d := &v.msg.Map.Diamonds[i]
		v.diamonds[d.ID] = d
		if d.OwnerID == "" && v.in(d.Position) {
			v.freeDia[v.idx(d.Position)]++
		}
	}
	for ti := range v.msg.Teams {
		t := &v.msg.Teams[ti]
		for ui := range t.Units {
			u := &t.Units[ui]
			if u.Position != nil && v.in(*u.Position) {
				v.occ[v.idx(*u.Position)] = u
			}
			if t.ID == v.msg.TeamID {
				v.mine = append(v.mine, u)
			} else if u.Position != nil {
				v.enemies = append(v.enemies, u)
			}
		}
	}
	return v, nil
}

func (v *view) in(p Pos) bool      { return p.X >= 0 && p.Y >= 0 && p.X < v.w && p.Y < v.h }
func (v *view) idx(p Pos) int      { return p.Y*v.w + p.X }
func (v *view) tile(p Pos) Tile    { return v.tiles[v.idx(p)] }
func (v *view) ticksLeft() int     { return v.msg.TotalTick - v.msg.Tick }
func (v *view) onSpawn(p Pos) bool { return v.in(p) && v.tile(p) == Spawn }

// passable says whether a unit may step on p, as the server judges it.
func (v *view) passable(p Pos, spawnOK, carrier bool) bool {
	if !v.in(p) {
		return false
	}
	switch v.tile(p) {
	case Wall:
		return false
	case Spawn:
		if !spawnOK {
			return false
		}
	}
	if v.occ[v.idx(p)] != nil {
		return false
	}
	if carrier && v.freeDia[v.idx(p)] > 0 {
		return false
	}
	return true
}

// distances is a breadth-first search from a unit's tile; -1 is unreachable.
func (v *view) distances(from Pos, spawnOK, carrier bool) []int {
	d := make([]int, v.w*v.h)
	for i := range d {
		d[i] = -1
	}
	d[v.idx(from)] = 0
	queue := []Pos{from}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, q := range p.neighbours() {
			if v.passable(q, spawnOK, carrier) && d[v.idx(q)] < 0 {
				d[v.idx(q)] = d[v.idx(p)] + 1
				queue = append(queue, q)
			}
		}
	}
	return d
}

// spawnNear picks the free spawn tile closest (through any non-wall tile)
// to one of the goals; ties go to the first in column-major order.
func (v *view) spawnNear(goals []Pos, taken map[Pos]bool) (Pos, bool) {
	d := make([]int, v.w*v.h)
	for i := range d {
		d[i] = -1
	}
	var queue []Pos
	for _, g := range goals {
		if v.in(g) && d[v.idx(g)] < 0 {
			d[v.idx(g)] = 0
			queue = append(queue, g)
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, q := range p.neighbours() {
			if v.in(q) && v.tile(q) != Wall && d[v.idx(q)] < 0 {
				d[v.idx(q)] = d[v.idx(p)] + 1
				queue = append(queue, q)
			}
		}
	}
	best, found := Pos{}, false
	for x := 0; x < v.w; x++ {
		for y := 0; y < v.h; y++ {
			p := Pos{x, y}
			if v.tile(p) != Spawn || v.occ[v.idx(p)] != nil || taken[p] || !v.hasExit(p) {
				continue
			}
			if !found || (d[v.idx(p)] >= 0 && (d[v.idx(best)] < 0 || d[v.idx(p)] < d[v.idx(best)])) {
				best, found = p, true
			}
		}
	}
	return best, found
}

// hasExit: from spawn tile p some EMPTY tile can be reached over non-wall
// tiles (units aside): the spawn is not a closed room.
func (v *view) hasExit(p Pos) bool {
	if v.exits == nil {
		v.exits = make([]bool, v.w*v.h)
		comp := make([]int, v.w*v.h)
		n := 0
		for i := range v.tiles {
			if v.tiles[i] == Wall || comp[i] != 0 {
				continue
			}
			n++
			members := []int{i}
			comp[i] = n
			empty := false
			for k := 0; k < len(members); k++ {
				q := Pos{members[k] % v.w, members[k] / v.w}
				empty = empty || v.tiles[members[k]] == Empty
				for _, r := range q.neighbours() {
					if v.in(r) && v.tile(r) != Wall && comp[v.idx(r)] == 0 {
						comp[v.idx(r)] = n
						members = append(members, v.idx(r))
					}
				}
			}
			for _, m := range members {
				v.exits[m] = empty
			}
		}
	}
	return v.exits[v.idx(p)]
}

// freeDiamonds lists where free diamonds lie.
func (v *view) freeDiamonds() []Pos {
	var out []Pos
	for _, d := range v.msg.Map.Diamonds {
		if d.OwnerID == "" {
			out = append(out, d.Position)
		}
	}
	return out
}

// nearestEnemy is the distance (Manhattan) to the closest alive enemy unit
// that is off spawn.
func (v *view) nearestEnemy(p Pos) int {
	best := 1 << 30
	for _, e := range v.enemies {
		if v.onSpawn(*e.Position) {
			continue
		}
		d := abs(e.Position.X-p.X) + abs(e.Position.Y-p.Y)
		best = min(best, d)
	}
	return best
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// commandBuilder writes a COMMAND line.
type commandBuilder struct{ b []byte }

func newCommand(tick int) *commandBuilder {
	return &commandBuilder{b: append([]byte(`{"type":"COMMAND","tick":`), strconv.Itoa(tick)+`,"actions":[`...)}
}

func (c *commandBuilder) add(action, unit string, target *Pos) {
	if c.b[len(c.b)-1] != '[' {
		c.b = append(c.b, ',')
	}
	c.b = append(c.b, `{"type":"UNIT","action":"`+action+`","unitId":`...)
	c.b = appendStr(c.b, unit)
	if target != nil {
		c.b = append(c.b, `,"target":`...)
		c.b = target.appendJSON(c.b)
	}
	c.b = append(c.b, '}')
}

func (c *commandBuilder) bytes() []byte { return append(c.b, "]}\n"...) }
