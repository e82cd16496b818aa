package jungle

import "slices"

// A tick's frame writes every unit and diamond five times with four teams
// (once in each team's step, once in the frame), and most are unchanged
// since the last time they were written. viewerCache keeps what each one
// was last written as, with the values it was written from, so that an
// unchanged one is copied rather than written again: the bytes are the
// same, only cheaper to get.
type viewerCache struct {
	units    []unitJSON
	diamonds []diamondJSON
	teams    []teamJSON
}

// unitKey is everything appendUnit writes of a unit in a frame (its
// lastState is lastStateOf's), bar its path and what never changes (its
// id, its team's id).
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
	if u.snapped {
		k.hasBefore, k.before = true, u.snapPos
	}
	if u.attackedBy != "" {
		k.dying = u.diedAt
	}
	return k
}

// is reports whether k is unitKeyOf(u), field by field, the likeliest to
// differ first, without making u's key.
func (k *unitKey) is(u *Unit) bool {
	if k.pos != u.Pos || k.alive != u.Alive || k.summoning != u.Summoning || k.summoned != u.summoned ||
		k.diamond != u.Diamond || k.hasBefore != u.snapped || k.vinedBy != u.vinedBy || k.attackedBy != u.attackedBy {
		return false
	}
	if u.snapped && k.before != u.snapPos || !u.snapped && k.before != (Pos{}) {
		return false
	}
	return u.attackedBy == "" && k.dying == (Pos{}) || u.attackedBy != "" && k.dying == u.diedAt
}

type unitJSON struct {
	written bool
	key     unitKey
	path    []Pos
	b       []byte
	head    []byte // appendUnitHead's, the same all game
	id      []byte // the unit's id as a JSON string (a diamond's ownerId)
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
	head    []byte // {"id": and the id, the same all game
	id      []byte // the id as a JSON string (a unit's diamondId)
}

// teamJSON is a team's id and name as JSON strings (neither changes), and
// its errors as last written. Errors are only ever appended to, or
// replaced by a new slice (startTick, legacy_errors), so the same first
// element and length are the same errors.
type teamJSON struct {
	id, name []byte
	errsOf   *string
	errsN    int
	errs     []byte
}

// appendViewerUnit writes unit ui as a frame shows it, with lastStateOf.
func (s *State) appendViewerUnit(b []byte, ui int) []byte {
	c := &s.viewer
	c.size(s)
	u, e := s.Units[ui], &c.units[ui]
	if !e.written || !e.key.is(u) || !slices.Equal(e.path, u.Path) {
		tu := s.unitData(u, lastStateOf(u))
		e.written, e.key = true, unitKeyOf(u)
		e.path = append(e.path[:0], u.Path...)
		e.b = appendUnitBody(append(e.b[:0], e.head...), &tu)
		if u.Diamond >= 0 {
			e.b = append(e.b, `,"diamondId":`...)
			e.b = append(e.b, c.diamonds[u.Diamond].id...)
		}
		e.b = append(e.b, '}')
	}
	return append(b, e.b...)
}

// size makes the cache's entries for s's units and diamonds, with what
// never changes of them written.
func (c *viewerCache) size(s *State) {
	if len(c.units) == len(s.Units) && len(c.diamonds) == len(s.Diamonds) {
		return
	}
	c.units = make([]unitJSON, len(s.Units))
	for i, u := range s.Units {
		c.units[i].head = appendUnitHead(nil, u.ID, s.Teams[u.Team].ID)
		c.units[i].id = appendStr(nil, u.ID)
	}
	c.diamonds = make([]diamondJSON, len(s.Diamonds))
	for i, d := range s.Diamonds {
		c.diamonds[i].id = appendStr(nil, d.ID)
		c.diamonds[i].head = append([]byte(`{"id":`), c.diamonds[i].id...)
	}
}

// appendViewerDiamond writes diamond di as map.diamonds shows it.
func (s *State) appendViewerDiamond(b []byte, di int) []byte {
	c := &s.viewer
	c.size(s)
	d, e := s.Diamonds[di], &c.diamonds[di]
	k := diamondKey{pos: s.DiamondPos(d), level: d.Level, points: d.Points, owner: d.Owner}
	if !e.written || e.key != k {
		td := s.diamondData(d)
		e.written, e.key = true, k
		e.b = appendDiamondBody(append(e.b[:0], e.head...), &td)
		if d.Owner >= 0 {
			e.b = append(e.b, `,"ownerId":`...)
			e.b = append(e.b, c.units[d.Owner].id...)
		}
		e.b = append(e.b, '}')
	}
	return append(b, e.b...)
}

// viewerTeam is team t's id and name as JSON strings.
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

// appendViewerErrors writes team t's errors.
func (s *State) appendViewerErrors(b []byte, t int) []byte {
	errs, tj := s.Teams[t].Errors, s.viewerTeam(t)
	var first *string
	if len(errs) > 0 {
		first = &errs[0]
	}
	if tj.errs == nil || tj.errsOf != first || tj.errsN != len(errs) {
		tj.errsOf, tj.errsN = first, len(errs)
		tj.errs = appendStrs(tj.errs[:0], errs)
	}
	return append(b, tj.errs...)
}
