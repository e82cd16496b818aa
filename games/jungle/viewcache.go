package jungle

import "slices"

// A tick's frame writes every team, unit and diamond five times with four
// teams (once in each team's step, once in the frame), and most are
// unchanged since the last time they were written. viewerCache keeps what
// each one was last written as, with the values it was written from, so
// that an unchanged one is copied rather than written again: the bytes
// are the same, only cheaper to get.
type viewerCache struct {
	units    []unitJSON
	diamonds []diamondJSON
	teams    []teamJSON
}

// unitKey is everything a frame writes of a unit (its lastState is
// lastStateOf's), bar its path and what never changes (its id, its team's
// id).
type unitKey struct {
	alive, summoning, summoned bool
	hasBefore                  bool
	pos, before, dying         Pos
	diamond                    int
	vinedBy, attackedBy        string
}

func unitKeyOf(u *Unit) unitKey {
	k := unitKey{alive: u.Alive, summoning: u.Summoning, summoned: u.summoned, pos: u.Pos,
		diamond: u.Diamond, vinedBy: u.vinedBy, attackedBy: u.attackedBy}
	if u.snapPos != nil {
		k.hasBefore, k.before = true, *u.snapPos
	}
	if u.attackedBy != "" {
		k.dying = u.diedAt
	}
	return k
}

type unitJSON struct {
	ver  uint32 // bumped whenever b is written again; 0: never written
	key  unitKey
	path []Pos
	b    []byte
}

// diamondKey is everything appendDiamond writes of a diamond bar its id.
type diamondKey struct {
	pos                  Pos
	level, points, owner int
}

type diamondJSON struct {
	written bool
	key     diamondKey
	b       []byte
}

// teamJSON is a team's id and name as JSON strings (neither changes), and
// the team as last written, with its events ([1]) and without ([0]).
type teamJSON struct {
	id, name []byte
	blocks   [2]teamBlock
}

// teamKey is everything a frame writes of a team bar its units and what
// never changes. Errors and events are only ever appended to, or replaced
// by a new slice (startTick, legacy_errors), so the same first element and
// length are the same list.
type teamKey struct {
	dead           bool
	score          int
	errsOf         *string
	errsN          int
	eventsOf       *Event
	eventsN        int
	stats          Stats
	deaths, points int
}

type teamBlock struct {
	written bool
	key     teamKey
	units   []uint32 // the versions of the units' JSON it was written with
	b       []byte
}

// viewerUnit is unit ui's JSON as a frame shows it (lastStateOf's
// lastState), written again if the unit changed since.
func (s *State) viewerUnit(ui int) *unitJSON {
	c := &s.viewer
	if len(c.units) != len(s.Units) {
		c.units = make([]unitJSON, len(s.Units))
	}
	u, e := s.Units[ui], &c.units[ui]
	k := unitKeyOf(u)
	if e.ver == 0 || e.key != k || !slices.Equal(e.path, u.Path) {
		tu := s.unitData(u, lastStateOf(u))
		e.ver++
		e.key = k
		e.path = append(e.path[:0], u.Path...)
		e.b = appendUnit(e.b[:0], &tu)
	}
	return e
}

// appendViewerTeam writes team i as a frame shows it, with its events or
// not (writeViewerTeam), copied when neither the team nor its units
// changed since it was last written so.
func (s *State) appendViewerTeam(b []byte, i int, events bool) []byte {
	t := s.Teams[i]
	k := teamKey{dead: t.Dead, score: t.Score, errsN: len(t.Errors), stats: t.Stats, deaths: t.Deaths, points: s.pending(i)}
	if len(t.Errors) > 0 {
		k.errsOf = &t.Errors[0]
	}
	if events {
		if k.eventsN = len(t.Events); k.eventsN > 0 {
			k.eventsOf = &t.Events[0]
		}
	}
	blk := &s.viewerTeam(i).blocks[b2i(events)]
	same := blk.written && blk.key == k && len(blk.units) == len(t.Units)
	for n, ui := range t.Units {
		if v := s.viewerUnit(ui).ver; !same || blk.units[n] != v {
			same = false
		}
	}
	if !same {
		blk.written, blk.key = true, k
		blk.units = blk.units[:0]
		for _, ui := range t.Units {
			blk.units = append(blk.units, s.viewerUnit(ui).ver)
		}
		blk.b = s.writeViewerTeam(blk.b[:0], i, events)
	}
	return append(b, blk.b...)
}

func b2i(v bool) int {
	if v {
		return 1
	}
	return 0
}

// appendViewerDiamond writes diamond di as map.diamonds shows it.
func (s *State) appendViewerDiamond(b []byte, di int) []byte {
	c := &s.viewer
	if len(c.diamonds) != len(s.Diamonds) {
		c.diamonds = make([]diamondJSON, len(s.Diamonds))
	}
	d, e := s.Diamonds[di], &c.diamonds[di]
	k := diamondKey{pos: s.DiamondPos(d), level: d.Level, points: d.Points, owner: d.Owner}
	if !e.written || e.key != k {
		td := s.diamondData(d)
		e.written, e.key = true, k
		e.b = appendDiamond(e.b[:0], &td)
	}
	return append(b, e.b...)
}

// viewerTeam is team t's cache.
func (s *State) viewerTeam(t int) *teamJSON {
	c := &s.viewer
	if len(c.teams) != len(s.Teams) {
		c.teams = make([]teamJSON, len(s.Teams))
		for i, team := range s.Teams {
			c.teams[i] = teamJSON{id: appendStr(nil, team.ID), name: appendStr(nil, team.Name)}
		}
	}
	return &c.teams[t]
}
