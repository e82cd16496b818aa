package jungle

// The TICK payload (spec §5.3), written in the 2022 server's key order.

const gameConfigJSON = `{"warmUpPeriod":0,"pointsPerDiamond":1,"maximumDiamondSummonLevel":5,"initialDiamondSummonLevel":1,"maximumUnitPerPosition":1}`

// lastState is what a payload says a unit went through during a tick.
type lastState struct {
	before   *Pos // position when that tick's TICK was built
	dying    *Pos // where it was killed, if it was
	vinedBy  string
	killedBy string
	summoned bool // its summon progress advanced
}

// lastStateOf describes what happened to u during the tick being played so
// far (it becomes the next TICK's lastState).
func lastStateOf(u *Unit) lastState {
	ls := lastState{before: u.snapPos, vinedBy: u.vinedBy, killedBy: u.attackedBy, summoned: u.summoned}
	if u.attackedBy != "" {
		p := u.diedAt
		ls.dying = &p
	}
	return ls
}

func (ls lastState) appendJSON(b []byte) []byte {
	b = append(b, `{"positionBefore":`...)
	b = appendPosPtr(b, ls.before)
	if ls.dying != nil {
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

// appendUnit writes one unit: id, teamId, position, path, hasDiamond,
// hasSpawned, isSummoning, lastState, then diamondId while it holds one.
func (s *State) appendUnit(b []byte, u *Unit, ls lastState) []byte {
	b = append(b, `{"id":`...)
	b = appendStr(b, u.ID)
	b = append(b, `,"teamId":`...)
	b = appendStr(b, s.Teams[u.Team].ID)
	b = append(b, `,"position":`...)
	if u.Alive {
		b = u.Pos.appendJSON(b)
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"path":`...)
	b = appendPath(b, u.Path)
	b = append(b, `,"hasDiamond":`...)
	b = appendBool(b, u.Diamond >= 0)
	b = append(b, `,"hasSpawned":`...)
	b = appendBool(b, u.Alive)
	b = append(b, `,"isSummoning":`...)
	b = appendBool(b, u.Summoning)
	b = append(b, `,"lastState":`...)
	b = ls.appendJSON(b)
	if u.Diamond >= 0 {
		b = append(b, `,"diamondId":`...)
		b = appendStr(b, s.Diamonds[u.Diamond].ID)
	}
	return append(b, '}')
}

// appendUnits writes team t's units with their lastState from ls.
func (s *State) appendUnits(b []byte, t int, ls func(*Unit) lastState) []byte {
	b = append(b, '[')
	for i, ui := range s.Teams[t].Units {
		if i > 0 {
			b = append(b, ',')
		}
		u := s.Units[ui]
		b = s.appendUnit(b, u, ls(u))
	}
	return append(b, ']')
}

// appendDiamonds writes map.diamonds: id, position, summonLevel, points,
// and ownerId only while held.
func (s *State) appendDiamonds(b []byte) []byte {
	b = append(b, '[')
	for i, d := range s.Diamonds {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"id":`...)
		b = appendStr(b, d.ID)
		b = append(b, `,"position":`...)
		b = s.DiamondPos(d).appendJSON(b)
		b = append(b, `,"summonLevel":`...)
		b = appendInt(b, d.Level)
		b = append(b, `,"points":`...)
		b = appendInt(b, d.Points)
		if d.Owner >= 0 {
			b = append(b, `,"ownerId":`...)
			b = appendStr(b, s.Units[d.Owner].ID)
		}
		b = append(b, '}')
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
func (s *State) appendOrderings(b []byte, orders [][]int, from, to int) []byte {
	b = append(b, '{')
	for t := from; t < to; t++ {
		if t > from {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = appendInt(b, t)
		b = append(b, `":[`...)
		for i, ti := range orders[t] {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendStr(b, s.Teams[ti].ID)
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// tickMessages builds every team's TICK for tick t (spec §5.3): the shared
// state, with teamId set to the recipient and the other teams' errors
// replaced by [].
func (s *State) tickMessages(t, total int, orders [][]int, tiles []byte, ls func(*Unit) lastState) [][]byte {
	var head []byte
	head = append(head, `{"type":"TICK","tick":`...)
	head = appendInt(head, t)
	head = append(head, `,"totalTick":`...)
	head = appendInt(head, total)
	head = append(head, `,"map":{"tiles":`...)
	head = append(head, tiles...)
	head = append(head, `,"diamonds":`...)
	head = s.appendDiamonds(head)
	head = append(head, `},"gameConfig":`...)
	head = append(head, gameConfigJSON...)
	head = append(head, `,"teamPlayOrderings":`...)
	head = s.appendOrderings(head, orders, t, min(total, t+5))
	head = append(head, `,"teamId":`...)

	// Each team twice: as its own team sees it (with its errors) and as
	// the others see it (errors []).
	own := make([][]byte, len(s.Teams))
	other := make([][]byte, len(s.Teams))
	for i, team := range s.Teams {
		var b []byte
		b = append(b, `{"isDead":`...)
		b = appendBool(b, team.Dead)
		b = append(b, `,"name":`...)
		b = appendStr(b, team.Name)
		b = append(b, `,"score":`...)
		b = appendInt(b, team.Score)
		b = append(b, `,"units":`...)
		b = s.appendUnits(b, i, ls)
		b = append(b, `,"id":`...)
		b = appendStr(b, team.ID)
		b = append(b, `,"errors":`...)
		n := len(b)
		b = appendStrs(b, team.Errors)
		b = append(b, '}')
		own[i] = b
		other[i] = append(append(append([]byte(nil), b[:n]...), "[]"...), '}')
	}
	msgs := make([][]byte, len(s.Teams))
	for r, team := range s.Teams {
		size := len(head) + 64
		for i := range s.Teams {
			size += len(own[i])
		}
		b := make([]byte, 0, size)
		b = append(b, head...)
		b = appendStr(b, team.ID)
		b = append(b, `,"teams":[`...)
		for i := range s.Teams {
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
