package jungle

import (
	"strings"
)

// unitPrefix is how the reference prints a unit in error messages:
// "(id: 1|position: {"x":2,"y":1}))" (sic: two closing brackets), with
// "notSpawned" for a unit that is not on the board.
func unitPrefix(u *Unit) string {
	if !u.Alive {
		return "(id: " + u.ID + "|position: notSpawned))"
	}
	return "(id: " + u.ID + "|position: " + string(u.Pos.appendJSON(nil)) + "))"
}

func (s *State) addError(t int, msg string) {
	s.Teams[t].Errors = append(s.Teams[t].Errors, msg)
}

// findUnit returns the index of team t's unit with that id (compared
// case-insensitively, as the reference does), or -1.
func (s *State) findUnit(t int, id string) int {
	lower := strings.ToLower(id)
	for _, u := range s.Teams[t].Units {
		if s.Units[u].ID == lower {
			return u
		}
	}
	return -1
}

// applyCommand applies team t's actions in array order, each against the
// live state (spec §4.2, §4.3). It does not advance summons.
func (s *State) applyCommand(t int, c Command) {
	if c.NoActions {
		s.addError(t, "No actions received")
		return
	}
	var received []int
	for _, a := range c.Actions {
		if a.Err != "" {
			s.addError(t, a.Err)
			continue
		}
		u := s.findUnit(t, a.UnitID)
		if u < 0 {
			s.addError(t, objPrefix+"Unit "+a.UnitID+" doesn't exists!")
			continue
		}
		unit := s.Units[u]
		if msg := s.unitCheck(unit, a.Kind); msg != "" {
			s.addError(t, unitPrefix(unit)+" "+msg)
			continue
		}
		dup := false
		for _, r := range received {
			dup = dup || r == u
		}
		if dup {
			s.addError(t, objPrefix+"Unit "+unitPrefix(unit)+" already received a command!")
			continue
		}
		received = append(received, u)
		if msg := s.do(u, a); msg != "" {
			s.addError(t, unitPrefix(unit)+" "+msg)
		}
	}
}

// unitCheck is step 8 of the validation: what the unit's condition forbids.
func (s *State) unitCheck(u *Unit, k ActionKind) string {
	switch {
	case !u.Alive && k != ActSpawn:
		return "Unit is dead!"
	case k != ActNone && k != ActMove && s.onSpawn(u):
		return "Invalid action, you cannot execute action '" + k.String() + "' on a spawn point"
	case u.Summoning && k != ActSummon && k != ActNone:
		return "Invalid action, you cannot execute action '" + k.String() + "' while summoning!"
	}
	return ""
}

// do carries out one validated action; it returns the error message
// (without the unit prefix), or "".
func (s *State) do(u int, a Action) string {
	switch a.Kind {
	case ActNone:
		s.pickUp(u)
		s.Units[u].Path = s.Units[u].Path[:0]
		return ""
	case ActSpawn:
		return s.spawn(u, a.Target)
	case ActMove:
		return s.move(u, a.Target)
	case ActSummon:
		return s.summon(u)
	case ActDrop:
		return s.drop(u, a.Target)
	case ActVine:
		return s.vine(u, a.Target)
	case ActAttack:
		return s.attack(u, a.Target)
	}
	return ""
}

// spawn puts a dead unit on a spawn tile, or on a free spawn neighbour of
// it chosen at random (spawn stream) when that tile is taken.
func (s *State) spawn(u int, target Pos) string {
	unit := s.Units[u]
	if unit.Alive {
		return "Unit has already spawned"
	}
	if s.Map.Tile(target) != Spawn {
		return "Target is not a spawn point: " + target.String()
	}
	if !s.walkable(target, true, false) {
		var cands []Pos
		for _, nb := range target.neighbours() {
			if s.Map.Tile(nb) == Spawn && s.walkable(nb, true, false) {
				cands = append(cands, nb)
			}
		}
		if len(cands) == 0 {
			return "A unit is already on that location: " + target.String() + ". No alternative spawn is available either!"
		}
		shuffle(s.spawnRng, cands)
		target = cands[0]
	}
	s.place(u, target)
	return ""
}

// move advances a unit one tile towards target (spec §4.3 MOVE).
func (s *State) move(u int, target Pos) string {
	unit := s.Units[u]
	if unit.vinedBy != "" || target == unit.Pos {
		unit.Path = unit.Path[:0]
		s.pickUp(u)
		return ""
	}
	if !s.walkableFor(target, unit) {
		unit.Path = unit.Path[:0]
		return "Target destination is not walkable: " + target.String()
	}
	if unit.Pos.Adjacent(target) {
		unit.Path = unit.Path[:0]
		s.place(u, target)
		s.pickUp(u)
		return ""
	}
	if n := len(unit.Path); n > 0 && unit.Path[n-1] == target && s.walkableFor(unit.Path[0], unit) {
		next := unit.Path[0]
		unit.Path = unit.Path[1:]
		s.place(u, next)
		s.pickUp(u)
		return ""
	}
	path := s.pathFor(unit, target)
	if path == nil {
		unit.Path = unit.Path[:0]
		return "No path to " + target.String()
	}
	unit.Path = append([]Pos(nil), path[2:]...)
	s.place(u, path[1])
	s.pickUp(u)
	return ""
}

// pathFor is the reference's path search for unit u to target (spec §4.4):
// u's walkability, judged at the tile it stands on, holds for the whole
// search. It returns the positions from u's tile to target, or nil; they
// are good until the next search.
func (s *State) pathFor(u *Unit, target Pos) []Pos {
	block := uint8(blkOff | blkUnit)
	if !s.onSpawnOrDead(u) {
		block |= blkSpawn
	}
	if u.Diamond >= 0 {
		block |= blkDiamond
	}
	return s.search.find(s.Map.W, s.Map.H, u.Pos, target, s.blk, block)
}

// summon starts raising the held diamond's level (spec §4.3 SUMMON).
func (s *State) summon(u int) string {
	unit := s.Units[u]
	if unit.Diamond < 0 {
		return "Unit does not have diamond!"
	}
	unit.Path = unit.Path[:0]
	d := s.Diamonds[unit.Diamond]
	if d.Level == maxLevel {
		return "Diamond with id '" + d.ID + " is already at the maximum summon level!"
	}
	if !unit.Summoning {
		s.pushEvent(unit.Team, Event{Action: "SUMMON", UnitID: unit.ID, Level: d.Level, Points: d.Points})
	}
	unit.Summoning = true
	return ""
}

// drop puts the held diamond on an adjacent tile: scoring on an empty
// tile, a hand-over onto a unit without a diamond (spec §4.3 DROP).
func (s *State) drop(u int, target Pos) string {
	unit := s.Units[u]
	if unit.Diamond < 0 {
		return "Unit does not have diamond!"
	}
	unit.Path = unit.Path[:0]
	if !unit.Pos.Adjacent(target) {
		return "Target is not adjacent : " + target.String()
	}
	if s.Map.Tile(target) != Empty {
		return "Can only drop on empty tile : " + target.String()
	}
	di := unit.Diamond
	d := s.Diamonds[di]
	if o := s.unitAt(target); o >= 0 {
		if s.Units[o].Diamond >= 0 {
			return "Cannot drop a diamond on a user that has a diamond : " + target.String()
		}
		s.take(o, di)
		return ""
	}
	s.pushEvent(unit.Team, Event{Action: "DROP", UnitID: unit.ID, DiamondID: d.ID, At: target, Points: d.Points, Level: d.Level})
	s.Teams[unit.Team].Score += d.Points
	s.release(di, target)
	d.Points, d.Level = 0, 1
	return ""
}

// attack kills the unit on an adjacent tile and takes its diamond
// (spec §4.3 ATTACK). Friendly fire is allowed.
func (s *State) attack(u int, target Pos) string {
	unit := s.Units[u]
	if unit.Diamond >= 0 {
		return "Unit has a diamond and cannot do this action!"
	}
	unit.Path = unit.Path[:0]
	v := s.unitAt(target)
	if v < 0 {
		return "There is no unit on position : " + target.String()
	}
	victim := s.Units[v]
	if !unit.Pos.Adjacent(victim.Pos) {
		return "Enemy is not reachable for an attack : " + target.String()
	}
	if s.onSpawn(victim) {
		return "Target is on a spawn point, impossible to kill : " + target.String()
	}
	if victim.Diamond >= 0 {
		s.take(u, victim.Diamond)
	}
	victim.attackedBy = unit.ID
	victim.diedAt = victim.Pos
	victim.Summoning, victim.Progress = false, 0
	victim.Path = victim.Path[:0]
	s.remove(v)
	s.Teams[victim.Team].Deaths++
	s.pushEvent(unit.Team, Event{Action: "ATTACK", UnitID: unit.ID, Target: victim.ID})
	return ""
}

// vine pulls a unit in line of sight next to the viner (spec §4.3 VINE).
// The reference prints the viner's position in these messages.
func (s *State) vine(u int, target Pos) string {
	unit := s.Units[u]
	if unit.Diamond >= 0 {
		return "Unit has a diamond and cannot do this action!"
	}
	unit.Path = unit.Path[:0]
	me := unit.Pos
	v := s.unitAt(target)
	if v < 0 {
		return "There is no unit on position : " + me.String()
	}
	victim := s.Units[v]
	switch {
	case victim.Pos == me:
		return "Cannot vine a unit on your position"
	case me.Adjacent(victim.Pos):
		return "Cannot vine on an adjacent position"
	case s.onSpawn(victim):
		return "Target is on a spawn point, impossible to vine : " + me.String()
	}
	line := spacesBetween(me, victim.Pos)
	blocked := len(line) == 0
	for _, p := range line {
		if t := s.Map.Tile(p); t == Wall || t == Spawn || t == NoTile {
			blocked = true
		}
	}
	if blocked {
		return "Target is not in your line of sight, impossible to vine : " + me.String()
	}
	landing, found := Pos{}, false
	for _, p := range line {
		if s.walkableFor(p, victim) {
			landing, found = p, true
			break
		}
	}
	if !found {
		return "Could not find any suitable vine location, impossible to vine: " + me.String()
	}
	ev := Event{Action: "VINE", UnitID: unit.ID, Target: victim.ID}
	if victim.Diamond >= 0 {
		d := s.Diamonds[victim.Diamond]
		ev.HasDiamond, ev.Level, ev.Points = true, d.Level, d.Points
		if victim.Team != unit.Team {
			s.release(victim.Diamond, victim.Pos)
			victim.Summoning, victim.Progress = false, 0
		}
	}
	victim.vinedBy = unit.ID
	s.place(v, landing)
	victim.Path = victim.Path[:0]
	s.pickUp(v)
	s.pushEvent(unit.Team, ev)
	return ""
}

// spacesBetween lists the tiles from a (excluded) to b (included) when they
// share a row or a column, nearest to a first; nil otherwise.
func spacesBetween(a, b Pos) []Pos {
	if a.X != b.X && a.Y != b.Y {
		return nil
	}
	var out []Pos
	dx, dy := sign(b.X-a.X), sign(b.Y-a.Y)
	for p := a; p != b; {
		p = Pos{p.X + dx, p.Y + dy}
		out = append(out, p)
	}
	return out
}

func sign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}
