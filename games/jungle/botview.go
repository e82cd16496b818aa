package jungle

import (
	"bytes"
	"encoding/json"
	"math/bits"
	"strconv"
)

// The builtin bots read a TICK as Go values (tickView, PromptView's value,
// under the match runner), or parse its JSON exactly as a process bot
// would (Respond) into the same values; both build this view and answer a
// COMMAND line.

// tickView is what one team is told on a tick: PromptView's value.
type tickView struct {
	*tickData
	me int // the recipient's team index
}

// The TICK's JSON, as far as the builtins read it.
type jsonDiamond struct {
	ID          string `json:"id"`
	Position    Pos    `json:"position"`
	SummonLevel int    `json:"summonLevel"`
	Points      int    `json:"points"`
	OwnerID     string `json:"ownerId"`
}

type jsonUnit struct {
	ID          string `json:"id"`
	TeamID      string `json:"teamId"`
	Position    *Pos   `json:"position"`
	HasSpawned  bool   `json:"hasSpawned"`
	IsSummoning bool   `json:"isSummoning"`
	DiamondID   string `json:"diamondId"`
}

type jsonTeam struct {
	ID     string     `json:"id"`
	Name   string     `json:"name"`
	IsDead bool       `json:"isDead"`
	Score  int        `json:"score"`
	Units  []jsonUnit `json:"units"`
	Errors []string   `json:"errors"`
}

type tickMsg struct {
	Type      string `json:"type"`
	Tick      int    `json:"tick"`
	TotalTick int    `json:"totalTick"`
	Map       struct {
		Tiles    json.RawMessage `json:"tiles"`
		Diamonds []jsonDiamond   `json:"diamonds"`
	} `json:"map"`
	TeamID string     `json:"teamId"`
	Teams  []jsonTeam `json:"teams"`
}

// tileCache keeps a bot's decoded map between ticks: the tiles never change
// during a game, so they are decoded again only if their text changes.
type tileCache struct {
	raw   []byte
	w, h  int
	tiles []Tile
}

// parseTick reads a TICK's JSON into the values PromptView gives; nil
// without an error for a message of another type.
func parseTick(data []byte, cache *tileCache) (*tickView, error) {
	var msg tickMsg
	if err := json.Unmarshal(data, &msg); err != nil {
		return nil, err
	}
	if msg.Type != "TICK" {
		return nil, nil
	}
	if !bytes.Equal(cache.raw, msg.Map.Tiles) {
		var cols [][]string
		if err := json.Unmarshal(msg.Map.Tiles, &cols); err != nil {
			return nil, err
		}
		cache.raw = append(cache.raw[:0], msg.Map.Tiles...)
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
	d := &tickData{tick: msg.Tick, total: msg.TotalTick, w: cache.w, h: cache.h, grid: cache.tiles,
		diamonds: make([]tickDiamond, len(msg.Map.Diamonds)), teams: make([]tickTeam, len(msg.Teams))}
	for i, jd := range msg.Map.Diamonds {
		d.diamonds[i] = tickDiamond{id: jd.ID, pos: jd.Position, level: jd.SummonLevel, points: jd.Points, owner: jd.OwnerID}
	}
	tv := &tickView{tickData: d, me: -1}
	for i, jt := range msg.Teams {
		t := &d.teams[i]
		t.id, t.name, t.dead, t.score, t.errors = jt.ID, jt.Name, jt.IsDead, jt.Score, jt.Errors
		t.units = make([]tickUnit, len(jt.Units))
		for k, ju := range jt.Units {
			u := tickUnit{id: ju.ID, team: ju.TeamID, alive: ju.Position != nil, diamond: ju.DiamondID, summoning: ju.IsSummoning}
			if ju.Position != nil {
				u.pos = *ju.Position
			}
			t.units[k] = u
		}
		if jt.ID == msg.TeamID && tv.me < 0 {
			tv.me = i
		}
	}
	return tv, nil
}

// view is a TICK with the lookups the bots need. Its grid has a border of
// walls around the map, so that a search steps from a tile to its
// neighbours without checking the map's edges. On a map at most 64 tiles
// wide, each cell bit is also kept as one word per row (rows), for the
// searches that go a whole row at a time.
type view struct {
	d       *tickData
	w, h    int
	stride  int // w+2: a grid row
	tiles   []Tile
	cells   []cell // the grid, index (y+1)*stride + x+1
	rows    *[cellBits][]uint64
	mine    []*tickUnit
	enemies []*tickUnit // alive units of other teams
	sc      *scratch
}

// cell says what is on a tile of the grid, one bit for each fact.
type cell uint8

const (
	cEmpty   cell = 1 << iota
	cWall         // a wall, or the border around the map
	cSpawn        // (a tile of another type, NoTile, has none of these three)
	cUnit         // a unit stands there
	cDiamond      // a free diamond lies there
	cHunt         // next to an enemy carrier off spawn: a fighter's goal
	cTaken        // a teammate claimed it this tick (a spawn tile or a goal)
	cellBits = iota
)

// rowsMaxW is the widest map whose rows fit a word.
const rowsMaxW = 64

// viewComps is a part of the map in which the tiles free for block
// connect, or all the tiles free for block, as rows.
type viewComps struct {
	block cell
	rows  []uint64
}

// scratch is a bot's memory for its views, used again every tick: a view
// lives until the bot has answered.
type scratch struct {
	v            view
	cells        []cell
	rows         [cellBits][]uint64
	dist, spawnD []int32
	queue        []int32
	goals        []Pos
	search       rowSearch
	// The parts of the map for the view's searches (component), and
	// their memory.
	comps []viewComps
	frees []viewComps // freeRows'

	// The map's own cells, rows and hasExit, for the tiles of gridOf:
	// they depend on the tiles alone, which never change during a game.
	gridOf     *Tile
	static     []cell
	staticRows [cellBits][]uint64
	exits      []bool
	exitRows   []uint64 // exits, as rows
}

func newView(tv *tickView, sc *scratch) *view {
	d := tv.tickData
	v := &sc.v
	// The view is set field by field, and a pointer only when it
	// changes: every pointer stored in the heap while the garbage
	// collector marks is one it has to record.
	v.d, v.w, v.h, v.stride = d, d.w, d.h, d.w+2
	if v.sc != sc || len(v.tiles) != len(d.grid) || len(d.grid) > 0 && &v.tiles[0] != &d.grid[0] {
		v.tiles, v.sc = d.grid, sc
	}
	v.setStatic()
	sc.comps, sc.frees = sc.comps[:0], sc.frees[:0]
	// The last search was another view's: its free rows are those just
	// dropped.
	sc.search.ok, sc.search.lazy = false, false
	v.resetCells()
	v.markPieces(tv.me)
	return v
}

// resetCells starts the view's cells (and rows, on a map narrow enough)
// from the map's own, in the scratch's memory.
func (v *view) resetCells() {
	sc := v.sc
	copyInto(&sc.cells, sc.static)
	if len(v.cells) != len(sc.cells) || len(v.cells) > 0 && &v.cells[0] != &sc.cells[0] {
		v.cells = sc.cells
	}
	var rows *[cellBits][]uint64
	if v.w <= rowsMaxW {
		for b := range sc.rows {
			copyInto(&sc.rows[b], sc.staticRows[b])
		}
		rows = &sc.rows
	}
	if v.rows != rows {
		v.rows = rows
	}
}

// markPieces marks the free diamonds, the live units and the tiles next
// to an enemy that carries a diamond off its spawn, and lists team me's
// units and the live enemies.
func (v *view) markPieces(me int) {
	d := v.d
	for i := range d.diamonds {
		dm := &d.diamonds[i]
		if dm.owner == "" && v.in(dm.pos) {
			v.mark(dm.pos, cDiamond)
		}
	}
	mine, enemies := v.mine[:0], v.enemies[:0]
	for ti := range d.teams {
		t := &d.teams[ti]
		for ui := range t.units {
			u := &t.units[ui]
			if u.alive && v.in(u.pos) {
				v.mark(u.pos, cUnit)
			}
			if ti == me {
				mine = append(mine, u)
			} else if u.alive {
				enemies = append(enemies, u)
			}
		}
	}
	v.mine, v.enemies = mine, enemies
	for _, e := range v.enemies {
		if e.diamond != "" && !v.onSpawn(e.pos) {
			for _, q := range e.pos.neighbours() {
				if v.in(q) {
					v.mark(q, cHunt)
				}
			}
		}
	}
}

// mark adds the bits c to tile p, which must be on the map.
func (v *view) mark(p Pos, c cell) {
	v.cells[v.cell(p)] |= c
	if v.rows != nil {
		for m := c; m != 0; m &= m - 1 {
			v.rows[bits.TrailingZeros8(uint8(m))][p.Y] |= 1 << p.X
		}
	}
}

// setStatic makes the map's cells (tile types and border) and hasExit's
// table when the tiles are not those of the last view.
func (v *view) setStatic() {
	sc := v.sc
	n := v.stride * (v.h + 2)
	if len(v.tiles) > 0 && sc.gridOf == &v.tiles[0] && len(sc.static) == n {
		return
	}
	sc.gridOf = nil
	if len(v.tiles) > 0 {
		sc.gridOf = &v.tiles[0]
	}
	sc.static = make([]cell, n)
	for i := range sc.static {
		sc.static[i] = cWall
	}
	for b := range sc.staticRows {
		sc.staticRows[b] = make([]uint64, v.h)
	}
	for y := 0; y < v.h; y++ {
		for x := 0; x < v.w; x++ {
			p := Pos{x, y}
			var c cell
			switch v.tile(p) {
			case Empty:
				c = cEmpty
			case Wall:
				c = cWall
			case Spawn:
				c = cSpawn
			}
			sc.static[v.cell(p)] = c
			for b := range cellBits {
				if c&(1<<b) != 0 && x < rowsMaxW {
					sc.staticRows[b][y] |= 1 << x
				}
			}
		}
	}
	sc.exits = v.exitsMap()
	sc.exitRows = make([]uint64, v.h)
	for y := 0; y < v.h; y++ {
		for x := 0; x < min(v.w, rowsMaxW); x++ {
			if sc.exits[v.idx(Pos{x, y})] {
				sc.exitRows[y] |= 1 << x
			}
		}
	}
}

// diamond returns the diamond with that id, nil for none.
func (v *view) diamond(id string) *tickDiamond {
	for i := range v.d.diamonds {
		if v.d.diamonds[i].id == id {
			return &v.d.diamonds[i]
		}
	}
	return nil
}

func (v *view) in(p Pos) bool      { return p.X >= 0 && p.Y >= 0 && p.X < v.w && p.Y < v.h }
func (v *view) idx(p Pos) int      { return p.Y*v.w + p.X }
func (v *view) cell(p Pos) int     { return (p.Y+1)*v.stride + p.X + 1 }
func (v *view) tile(p Pos) Tile    { return v.tiles[v.idx(p)] }
func (v *view) ticksLeft() int     { return v.d.total - v.d.tick }
func (v *view) onSpawn(p Pos) bool { return v.in(p) && v.tile(p) == Spawn }

// at is what is on tile p, which must be on the map.
func (v *view) at(p Pos) cell { return v.cells[v.cell(p)] }

// take marks tile p as claimed by a teammate this tick.
func (v *view) take(p Pos) { v.mark(p, cTaken) }

// blocking is what keeps a unit off a tile, as the server judges it: a
// wall, a unit, a spawn tile unless spawnOK, a free diamond for a carrier.
func blocking(spawnOK, carrier bool) cell {
	b := cWall | cUnit
	if !spawnOK {
		b |= cSpawn
	}
	if carrier {
		b |= cDiamond
	}
	return b
}

// passable says whether a unit may step on p, as the server judges it.
func (v *view) passable(p Pos, spawnOK, carrier bool) bool {
	return v.in(p) && v.at(p)&blocking(spawnOK, carrier) == 0
}

// copyInto makes *dst a copy of src, in *dst's memory when it has src's
// length (without storing *dst again: see newView).
func copyInto[T any](dst *[]T, src []T) {
	if len(*dst) == len(src) {
		copy(*dst, src)
		return
	}
	*dst = append((*dst)[:0], src...)
}

// resize returns s with length n, in its own memory when it is large
// enough.
func resize[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}

// freeDiamonds lists where free diamonds lie (in the view's memory: good
// until the next call).
func (v *view) freeDiamonds() []Pos {
	out := v.sc.goals[:0]
	for _, d := range v.d.diamonds {
		if d.owner == "" {
			out = append(out, d.pos)
		}
	}
	v.sc.goals = out
	return out
}

// nearestEnemy is the distance (Manhattan) to the closest alive enemy unit
// that is off spawn.
func (v *view) nearestEnemy(p Pos) int {
	best := 1 << 30
	for _, e := range v.enemies {
		if v.onSpawn(e.pos) {
			continue
		}
		d := abs(e.pos.X-p.X) + abs(e.pos.Y-p.Y)
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

// commandBuilder writes a COMMAND line, in memory it uses again for every
// COMMAND: the line is the bot's answer, which game.Bot lets it reuse once
// its caller asks again.
type commandBuilder struct{ b []byte }

// start begins the COMMAND of a tick.
func (c *commandBuilder) start(tick int) {
	b := append(c.b[:0], `{"type":"COMMAND","tick":`...)
	b = strconv.AppendInt(b, int64(tick), 10)
	c.b = append(b, `,"actions":[`...)
}

func (c *commandBuilder) add(action, unit string, target *Pos) {
	// Written in a local slice and stored once: every store of c.b is a
	// pointer written to the heap, which the garbage collector, when it
	// is marking, has to record.
	b := c.b
	if b[len(b)-1] != '[' {
		b = append(b, ',')
	}
	b = append(b, `{"type":"UNIT","action":"`...)
	b = append(b, action...)
	b = append(b, `","unitId":`...)
	b = appendStr(b, unit)
	if target != nil {
		b = append(b, `,"target":`...)
		b = target.appendJSON(b)
	}
	c.b = append(b, '}')
}

func (c *commandBuilder) bytes() []byte {
	c.b = append(c.b, "]}\n"...)
	return c.b
}
