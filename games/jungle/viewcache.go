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

type unitJSON struct {
	written bool
	key     unitKey
	path    []Pos
	b       []byte
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
	if len(c.units) != len(s.Units) {
		c.units = make([]unitJSON, len(s.Units))
	}
	u, e := s.Units[ui], &c.units[ui]
	k := unitKeyOf(u)
	if !e.written || e.key != k || !slices.Equal(e.path, u.Path) {
		tu := s.unitData(u, lastStateOf(u))
		e.written, e.key = true, k
		e.path = append(e.path[:0], u.Path...)
		e.b = appendUnit(e.b[:0], &tu)
	}
	return append(b, e.b...)
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
