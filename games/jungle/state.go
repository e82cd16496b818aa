package jungle

import (
	"strconv"

	"github.com/seed27749672/arena/game"
)

// Unit is one unit of a team.
type Unit struct {
	ID    string // "1", "2", ... across all teams in registration order
	Team  int    // index of its team
	Alive bool   // on the board (the payload's hasSpawned)
	Pos   Pos    // meaningful when Alive
	// Path is the stored path: it excludes Pos and ends with the MOVE
	// target. Its memory is never written once made (a new path is new
	// memory, a step drops the first tile), so the TICK's values share
	// it (tickData).
	Path []Pos
	// Diamond is the index of the diamond it holds, -1 for none.
	Diamond   int
	Summoning bool
	Progress  int // ticks of summoning done towards the next level

	// What happened to it during the tick being played; cleared at the
	// start of every tick (spec §3.2 step 2) and shown in the next TICK's
	// lastState.
	vinedBy    string
	attackedBy string
	diedAt     Pos
	summoned   bool // its summon progress advanced
	// snapPos is where it stood when the last TICK was built, if snapped
	// (it was on the board).
	snapPos Pos
	snapped bool
}

// Diamond is one diamond of the map.
type Diamond struct {
	ID     string
	Pos    Pos // where it lies when free
	Level  int // summonLevel, 1 to 5
	Points int // pending points
	Owner  int // index of the unit holding it, -1 when free
}

// Team is one registered team.
type Team struct {
	ID     string
	Name   string
	Score  int
	Units  []int // indices into State.Units
	Errors []string
	Events []Event
	Stats  Stats
	Deaths int
	// Dead is the payload's isDead: disconnected (or removed for a message
	// that is not JSON); never asked again, its units stay on the board.
	Dead bool
}

// Stats counts a team's actions over the game (viewer "stats").
type Stats struct {
	Summons, Attacks, Drops, Vines int
}

// Event is one entry of a team's events in the viewer protocol.
type Event struct {
	Action string // SUMMON, DROP, VINE, ATTACK, COMMAND_TIMEOUT, DISCONNECT
	UnitID string
	// SUMMON: the diamond's level and points when the summon started.
	// DROP: points scored and the level before the drop.
	// VINE: the vined unit's diamond (HasDiamond false: null in JSON).
	Level, Points int
	HasDiamond    bool
	DiamondID     string // DROP
	At            Pos    // DROP: where it was dropped
	Target        string // VINE: vined unit id; ATTACK: killed unit id
}

// State is the board and everything on it. The rules are its methods.
type State struct {
	Map      *Map
	Teams    []*Team
	Units    []*Unit
	Diamonds []*Diamond

	tiles []Tile  // per tile: its type (the map's, which never changes)
	occ   []int   // per tile: index of the unit standing there + 1, 0 for none
	free  []uint8 // per tile: number of free diamonds lying there
	// blk is the same board for the path search, on a grid with a border
	// of one tile around the map (index (y+1)*(W+2)+x+1): per tile, the
	// blk bits of what it is and what is on it, kept up to date by place,
	// remove and addFree.
	blk      []uint8
	spawnRng *game.SplitMix64
	search   searcher
	viewer   viewerCache // the frames' JSON of units and diamonds
}

// newState places nothing on the board yet: every unit starts unspawned and
// every diamond free at its map position. Diamond ids are drawn first, then
// team ids, from the ids stream (spec §3.4).
func newState(m *Map, seed uint64, names []string, unitsPerTeam int) *State {
	s := &State{Map: m, tiles: m.grid(), occ: make([]int, m.W*m.H), free: make([]uint8, m.W*m.H),
		spawnRng: newStream(seed, streamSpawn)}
	s.blk = blockGrid(m.W, m.H, func(p Pos) uint8 {
		switch s.tiles[s.idx(p)] {
		case Empty:
			return 0
		case Spawn:
			return blkSpawn
		}
		return blkOff
	})
	ids := newStream(seed, streamIDs)
	for _, p := range m.Diamonds {
		s.Diamonds = append(s.Diamonds, &Diamond{ID: newUUID(ids), Pos: p, Level: 1, Owner: -1})
		s.addFree(p, 1)
	}
	for i, name := range names {
		t := &Team{ID: newUUID(ids), Name: name, Errors: []string{}}
		for k := 0; k < unitsPerTeam; k++ {
			t.Units = append(t.Units, len(s.Units))
			s.Units = append(s.Units, &Unit{ID: strconv.Itoa(len(s.Units) + 1), Team: i, Diamond: -1})
		}
		s.Teams = append(s.Teams, t)
	}
	return s
}

func (s *State) idx(p Pos) int { return p.Y*s.Map.W + p.X }

// blkIdx is p's index in s.blk.
func (s *State) blkIdx(p Pos) int { return (p.Y+1)*(s.Map.W+2) + p.X + 1 }

// setOcc records that unit index o+1 (0: none) stands at p.
func (s *State) setOcc(p Pos, o int) {
	s.occ[s.idx(p)] = o
	if o > 0 {
		s.blk[s.blkIdx(p)] |= blkUnit
	} else {
		s.blk[s.blkIdx(p)] &^= blkUnit
	}
}

// addFree adds n (1 or -1) to the free diamonds lying at p.
func (s *State) addFree(p Pos, n int) {
	i := s.idx(p)
	s.free[i] = uint8(int(s.free[i]) + n)
	if s.free[i] > 0 {
		s.blk[s.blkIdx(p)] |= blkDiamond
	} else {
		s.blk[s.blkIdx(p)] &^= blkDiamond
	}
}

// unitAt returns the index of the unit standing at p, or -1.
func (s *State) unitAt(p Pos) int {
	if !s.Map.In(p) {
		return -1
	}
	return s.occ[s.idx(p)] - 1
}

// place puts unit u (alive) at p.
func (s *State) place(u int, p Pos) {
	unit := s.Units[u]
	if unit.Alive {
		s.setOcc(unit.Pos, 0)
	}
	unit.Alive, unit.Pos = true, p
	s.setOcc(p, u+1)
}

// remove takes unit u off the board.
func (s *State) remove(u int) {
	unit := s.Units[u]
	if unit.Alive {
		s.setOcc(unit.Pos, 0)
	}
	unit.Alive = false
}

// onSpawnOrDead: the unit has no position or stands on a SPAWN tile.
func (s *State) onSpawnOrDead(u *Unit) bool {
	return !u.Alive || s.Map.Tile(u.Pos) == Spawn
}

// onSpawn: the unit is alive and stands on a SPAWN tile.
func (s *State) onSpawn(u *Unit) bool { return u.Alive && s.Map.Tile(u.Pos) == Spawn }

// diamondAt: a free diamond lies at p, or a unit holding a diamond stands there.
func (s *State) diamondAt(p Pos) bool {
	if !s.Map.In(p) {
		return false
	}
	i := s.idx(p)
	if s.free[i] > 0 {
		return true
	}
	if o := s.occ[i]; o > 0 && s.Units[o-1].Diamond >= 0 {
		return true
	}
	return false
}

// walkable is the reference's single walkability predicate (spec §4.1) for
// a unit that is on spawn or dead (spawnOK) and holds a diamond or not.
func (s *State) walkable(p Pos, spawnOK, carrier bool) bool {
	switch s.Map.Tile(p) {
	case NoTile, Wall:
		return false
	case Spawn:
		if !spawnOK {
			return false
		}
	}
	if carrier && s.diamondAt(p) {
		return false
	}
	return s.occ[s.idx(p)] == 0
}

// walkableFor is walkable judged for unit u as it is now.
func (s *State) walkableFor(p Pos, u *Unit) bool {
	return s.walkable(p, s.onSpawnOrDead(u), u.Diamond >= 0)
}

// pickUp: an alive unit without a diamond takes the free diamond on its
// tile with the most points, the earliest in the diamond list on a tie.
func (s *State) pickUp(u int) {
	unit := s.Units[u]
	if !unit.Alive || unit.Diamond >= 0 || s.free[s.idx(unit.Pos)] == 0 {
		return
	}
	best := -1
	for i, d := range s.Diamonds {
		if d.Owner < 0 && d.Pos == unit.Pos && (best < 0 || d.Points > s.Diamonds[best].Points) {
			best = i
		}
	}
	s.take(u, best)
}

// take gives diamond d to unit u, from the ground or from another unit.
func (s *State) take(u, d int) {
	dia := s.Diamonds[d]
	if dia.Owner < 0 {
		s.addFree(dia.Pos, -1)
	} else {
		s.Units[dia.Owner].Diamond = -1
	}
	dia.Owner = u
	s.Units[u].Diamond = d
}

// release puts diamond d on the ground at p, free.
func (s *State) release(d int, p Pos) {
	dia := s.Diamonds[d]
	if dia.Owner >= 0 {
		s.Units[dia.Owner].Diamond = -1
	}
	dia.Owner = -1
	dia.Pos = p
	s.addFree(p, 1)
}

// DiamondPos is where diamond d is: its holder's position when held.
func (s *State) DiamondPos(d *Diamond) Pos {
	if d.Owner >= 0 {
		return s.Units[d.Owner].Pos
	}
	return d.Pos
}

// pending is the sum of the points of the diamonds team t's units hold.
func (s *State) pending(t int) int {
	n := 0
	for _, u := range s.Teams[t].Units {
		if d := s.Units[u].Diamond; d >= 0 {
			n += s.Diamonds[d].Points
		}
	}
	return n
}

// accrue adds each held diamond's level to its points (spec §3.2 step 8).
func (s *State) accrue() {
	for _, d := range s.Diamonds {
		if d.Owner >= 0 {
			d.Points += d.Level
		}
	}
}

// advanceSummons moves on the summon of every summoning unit of team t,
// after that team's accepted command (spec §4.5).
func (s *State) advanceSummons(t int) {
	for _, ui := range s.Teams[t].Units {
		u := s.Units[ui]
		if !u.Summoning {
			continue
		}
		u.summoned = true
		u.Progress++
		d := s.Diamonds[u.Diamond]
		if u.Progress >= d.Level+1 {
			if d.Level < maxLevel {
				d.Level++
			}
			u.Progress = 0
			u.Summoning = false
		}
	}
}

const maxLevel = 5

// pushEvent records an event of team t and counts it in the team's stats.
func (s *State) pushEvent(t int, e Event) {
	team := s.Teams[t]
	switch e.Action {
	case "SUMMON":
		team.Stats.Summons++
	case "DROP":
		team.Stats.Drops++
	case "VINE":
		team.Stats.Vines++
	case "ATTACK":
		team.Stats.Attacks++
	}
	team.Events = append(team.Events, e)
}
