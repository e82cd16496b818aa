package jungle

import "slices"

// The TICK payload (spec §5.3), written in the 2022 server's key order.

const gameConfigJSON = `{"warmUpPeriod":0,"pointsPerDiamond":1,"maximumDiamondSummonLevel":5,"initialDiamondSummonLevel":1,"maximumUnitPerPosition":1}`

// lastState is what a payload says a unit went through during a tick.
// (The fields of lastState and tickUnit are in an order that leaves the
// least padding: a tick's units fit a smaller block of memory.)
type lastState struct {
	before    Pos // position when that tick's TICK was built, if hasBefore
	dying     Pos // where it was killed, if hasDying
	vinedBy   string
	killedBy  string
	hasBefore bool
	hasDying  bool
	summoned  bool // its summon progress advanced
}

// lastStateOf describes what happened to u during the tick being played so
// far (it becomes the next TICK's lastState).
func lastStateOf(u *Unit) lastState {
	ls := lastState{before: u.snapPos, hasBefore: u.snapped, vinedBy: u.vinedBy, killedBy: u.attackedBy, summoned: u.summoned}
	if u.attackedBy != "" {
		ls.dying, ls.hasDying = u.diedAt, true
	}
	return ls
}

func (ls lastState) appendJSON(b []byte) []byte {
	b = append(b, `{"positionBefore":`...)
	if ls.hasBefore {
		b = ls.before.appendJSON(b)
	} else {
		b = append(b, "null"...)
	}
	if ls.hasDying {
		b = append(b, `,"positionBeforeDying":`...)
		b = ls.dying.appendJSON(b)
	}
	if ls.vinedBy != "" {
		b = append(b, `,"wasVinedBy":`...)
		b = appendStr(b, ls.vinedBy)
	}
	if ls.killedBy != "" {
		b = append(b, `,"wasAttackedBy":`...)
		b = appendStr(b, ls.killedBy)
	}
	b = append(b, `,"hasSummoned":`...)
	b = appendBool(b, ls.summoned)
	return append(b, '}')
}

// tickData is one tick's TICK payload as Go values (spec §5.3), taken
// when the tick starts: every team's JSON is written from it (Prompt), and
// the builtin bots read it as it is (PromptView). Nothing changes it once
// taken, so a bot may read it while the referee goes on.
type tickData struct {
	tick, total int
	w, h        int
	grid        []Tile  // map.tiles, index y*w+x (shared: the map never changes)
	tiles       []byte  // map.tiles as JSON (shared)
	orders      [][]int // every tick's play order (shared, never changed)
	diamonds    []tickDiamond
	teams       []tickTeam
	views       []tickView // PromptView's values, one a team
}

type tickDiamond struct {
	id            string
	pos           Pos
	level, points int
	owner         string // the id of the unit holding it, "" when free
}

type tickTeam struct {
	id, name string
	dead     bool
	score    int
	units    []tickUnit
	errors   []string
}

type tickUnit struct {
	id, team  string // the unit's id, its team's id
	pos       Pos
	path      []Pos
	diamond   string // the id of the diamond it holds, "" for none
	last      lastState
	alive     bool // hasSpawned; position is null when false
	summoning bool
}

// unitData is unit u as a payload shows it, with ls as its lastState; its
// path is u's own, which is never written (Unit.Path).
func (s *State) unitData(u *Unit, ls lastState) tickUnit {
	tu := tickUnit{id: u.ID, team: s.Teams[u.Team].ID, alive: u.Alive, pos: u.Pos, path: u.Path,
		summoning: u.Summoning, last: ls}
	if u.Diamond >= 0 {
		tu.diamond = s.Diamonds[u.Diamond].ID
	}
	return tu
}

func (s *State) diamondData(d *Diamond) tickDiamond {
	td := tickDiamond{id: d.ID, pos: s.DiamondPos(d), level: d.Level, points: d.Points}
	if d.Owner >= 0 {
		td.owner = s.Units[d.Owner].ID
	}
	return td
}

// tickData takes the payload of tick t (spec §5.3) with ls as the units'
// lastState; grid, tiles and orders are shared.
func (s *State) tickData(t, total int, grid []Tile, tiles []byte, orders [][]int, ls func(*Unit) lastState) *tickData {
	d := &tickData{tick: t, total: total, w: s.Map.W, h: s.Map.H, grid: grid, tiles: tiles, orders: orders,
		diamonds: make([]tickDiamond, len(s.Diamonds)), teams: make([]tickTeam, len(s.Teams))}
	for i, dm := range s.Diamonds {
		d.diamonds[i] = s.diamondData(dm)
	}
	units := make([]tickUnit, len(s.Units))
	n := 0
	for i, team := range s.Teams {
		tt := &d.teams[i]
		tt.id, tt.name, tt.dead, tt.score = team.ID, team.Name, team.Dead, team.Score
		// Errors are only appended to, or replaced by a new slice: the
		// ones there now stay as they are.
		tt.errors = team.Errors[:len(team.Errors):len(team.Errors)]
		tt.units = units[n : n+len(team.Units) : n+len(team.Units)]
		for k, ui := range team.Units {
			u := s.Units[ui]
			tu := s.unitData(u, ls(u))
			// The unit's path as it is now: its memory is never
			// written again (Unit.Path), and nothing can append to it.
			tu.path = slices.Clip(tu.path)
			tt.units[k] = tu
		}
		n += len(team.Units)
	}
	d.views = make([]tickView, len(s.Teams))
	for i := range d.views {
		d.views[i] = tickView{tickData: d, me: i}
	}
	return d
}

// grid returns the map's tiles as a TICK gives them, index y*W+x.
func (m *Map) grid() []Tile {
	g := make([]Tile, m.W*m.H)
	for i, a := range m.art {
		g[i] = a.Tile()
	}
	return g
}

// appendUnit writes one unit: id, teamId, position, path, hasDiamond,
// hasSpawned, isSummoning, lastState, then diamondId while it holds one.
func appendUnit(b []byte, u *tickUnit) []byte {
	b = appendUnitHead(b, u.id, u.team)
	b = appendUnitBody(b, u)
	if u.diamond != "" {
		b = append(b, `,"diamondId":`...)
		b = appendStr(b, u.diamond)
	}
	return append(b, '}')
}

// appendUnitHead is appendUnit's start, up to the team id (what never
// changes of a unit).
func appendUnitHead(b []byte, id, team string) []byte {
	b = append(b, `{"id":`...)
	b = appendStr(b, id)
	b = append(b, `,"teamId":`...)
	return appendStr(b, team)
}

// appendUnitBody is appendUnit from the position to the lastState.
func appendUnitBody(b []byte, u *tickUnit) []byte {
	b = append(b, `,"position":`...)
	if u.alive {
		b = u.pos.appendJSON(b)
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"path":`...)
	b = appendPath(b, u.path)
	b = append(b, `,"hasDiamond":`...)
	b = appendBool(b, u.diamond != "")
	b = append(b, `,"hasSpawned":`...)
	b = appendBool(b, u.alive)
	b = append(b, `,"isSummoning":`...)
	b = appendBool(b, u.summoning)
	b = append(b, `,"lastState":`...)
	return u.last.appendJSON(b)
}

// appendDiamond writes one diamond: id, position, summonLevel, points, and
// ownerId only while held.
func appendDiamond(b []byte, d *tickDiamond) []byte {
	b = append(b, `{"id":`...)
	b = appendStr(b, d.id)
	b = appendDiamondBody(b, d)
	if d.owner != "" {
		b = append(b, `,"ownerId":`...)
		b = appendStr(b, d.owner)
	}
	return append(b, '}')
}

// appendDiamondBody is appendDiamond from the position to the points.
func appendDiamondBody(b []byte, d *tickDiamond) []byte {
	b = append(b, `,"position":`...)
	b = d.pos.appendJSON(b)
	b = append(b, `,"summonLevel":`...)
	b = appendInt(b, d.level)
	b = append(b, `,"points":`...)
	return appendInt(b, d.points)
}

// appendDiamonds writes map.diamonds, as a frame shows them.
func (s *State) appendDiamonds(b []byte) []byte {
	b = append(b, '[')
	for i := range s.Diamonds {
		if i > 0 {
			b = append(b, ',')
		}
		b = s.appendViewerDiamond(b, i)
	}
	return append(b, ']')
}

// tilesJSON writes map.tiles, indexed [x][y].
func (m *Map) tilesJSON() []byte {
	return m.gridJSON(func(b []byte, p Pos) []byte {
		b = append(b, '"')
		b = append(b, m.Tile(p).String()...)
		return append(b, '"')
	})
}

// viewerTilesJSON writes map.viewerTiles (codes of spec §2.2), indexed [x][y].
func (m *Map) viewerTilesJSON() []byte {
	return m.gridJSON(func(b []byte, p Pos) []byte { return appendInt(b, int(m.Art(p))) })
}

// gridJSON writes one JSON value per tile, as an array of columns
// (indexed [x][y], as the 2022 payloads are).
func (m *Map) gridJSON(cell func(b []byte, p Pos) []byte) []byte {
	b := []byte{'['}
	for x := 0; x < m.W; x++ {
		if x > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for y := 0; y < m.H; y++ {
			if y > 0 {
				b = append(b, ',')
			}
			b = cell(b, Pos{x, y})
		}
		b = append(b, ']')
	}
	return append(b, ']')
}

// appendOrderings writes teamPlayOrderings for ticks from..to-1, keys in
// ascending numeric order.
func (d *tickData) appendOrderings(b []byte, from, to int) []byte {
	b = append(b, '{')
	for t := from; t < to; t++ {
		if t > from {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = appendInt(b, t)
		b = append(b, `":[`...)
		for i, ti := range d.orders[t] {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendStr(b, d.teams[ti].id)
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// messages writes every team's TICK (spec §5.3): the shared state, with
// teamId set to the recipient and the other teams' errors replaced by [].
func (d *tickData) messages() [][]byte {
	var head []byte
	head = append(head, `{"type":"TICK","tick":`...)
	head = appendInt(head, d.tick)
	head = append(head, `,"totalTick":`...)
	head = appendInt(head, d.total)
	head = append(head, `,"map":{"tiles":`...)
	head = append(head, d.tiles...)
	head = append(head, `,"diamonds":[`...)
	for i := range d.diamonds {
		if i > 0 {
			head = append(head, ',')
		}
		head = appendDiamond(head, &d.diamonds[i])
	}
	head = append(head, `]},"gameConfig":`...)
	head = append(head, gameConfigJSON...)
	head = append(head, `,"teamPlayOrderings":`...)
	head = d.appendOrderings(head, d.tick, min(d.total, d.tick+5))
	head = append(head, `,"teamId":`...)

	// Each team twice: as its own team sees it (with its errors) and as
	// the others see it (errors []).
	own := make([][]byte, len(d.teams))
	other := make([][]byte, len(d.teams))
	for i := range d.teams {
		team := &d.teams[i]
		var b []byte
		b = append(b, `{"isDead":`...)
		b = appendBool(b, team.dead)
		b = append(b, `,"name":`...)
		b = appendStr(b, team.name)
		b = append(b, `,"score":`...)
		b = appendInt(b, team.score)
		b = append(b, `,"units":[`...)
		for k := range team.units {
			if k > 0 {
				b = append(b, ',')
			}
			b = appendUnit(b, &team.units[k])
		}
		b = append(b, `],"id":`...)
		b = appendStr(b, team.id)
		b = append(b, `,"errors":`...)
		n := len(b)
		b = appendStrs(b, team.errors)
		b = append(b, '}')
		own[i] = b
		other[i] = append(append(append([]byte(nil), b[:n]...), "[]"...), '}')
	}
	msgs := make([][]byte, len(d.teams))
	for r := range d.teams {
		size := len(head) + 64
		for i := range d.teams {
			size += len(own[i])
		}
		b := make([]byte, 0, size)
		b = append(b, head...)
		b = appendStr(b, d.teams[r].id)
		b = append(b, `,"teams":[`...)
		for i := range d.teams {
			if i > 0 {
				b = append(b, ',')
			}
			if i == r {
				b = append(b, own[i]...)
			} else {
				b = append(b, other[i]...)
			}
		}
		b = append(b, "]}"...)
		msgs[r] = b
	}
	return msgs
}
