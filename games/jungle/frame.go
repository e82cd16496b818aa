package jungle

import "bytes"

// Viewer frames (documented in docs/games/jungle.md, "Viewer frames"). Each
// frame is the complete state after one tick, in the shape of the 2022
// viewer protocol's ViewerTick, plus the per-team steps of the tick and
// what the server logged; the initial frame adds the static map.

// appendEvent writes one event in the reference's key order.
func appendEvent(b []byte, e Event) []byte {
	b = append(b, `{"action":`...)
	b = appendStr(b, e.Action)
	if e.UnitID != "" {
		b = append(b, `,"unitId":`...)
		b = appendStr(b, e.UnitID)
	}
	switch e.Action {
	case "SUMMON":
		b = append(b, `,"summonEvent":{"diamondCurrentSummonLevel":`...)
		b = appendInt(b, e.Level)
		b = append(b, `,"diamondPoints":`...)
		b = appendInt(b, e.Points)
		b = append(b, '}')
	case "DROP":
		b = append(b, `,"dropEvent":{"diamondId":`...)
		b = appendStr(b, e.DiamondID)
		b = append(b, `,"dropPosition":`...)
		b = e.At.appendJSON(b)
		b = append(b, `,"pointsScored":`...)
		b = appendInt(b, e.Points)
		b = append(b, `,"diamondSummonLevel":`...)
		b = appendInt(b, e.Level)
		b = append(b, '}')
	case "VINE":
		b = append(b, `,"vineEvent":{"vineUnitId":`...)
		b = appendStr(b, e.Target)
		if e.HasDiamond {
			b = append(b, `,"diamondSummonLevel":`...)
			b = appendInt(b, e.Level)
			b = append(b, `,"diamondPoints":`...)
			b = appendInt(b, e.Points)
		} else {
			b = append(b, `,"diamondSummonLevel":null,"diamondPoints":null`...)
		}
		b = append(b, '}')
	case "ATTACK":
		b = append(b, `,"attackEvent":{"targetUnitId":`...)
		b = appendStr(b, e.Target)
		b = append(b, '}')
	}
	return append(b, '}')
}

// appendViewerTeams writes the teams as a ViewerTick does (see
// appendViewerTeam).
func (s *State) appendViewerTeams(b []byte, only int) []byte {
	b = append(b, '[')
	for i := range s.Teams {
		if i > 0 {
			b = append(b, ',')
		}
		b = s.appendViewerTeam(b, i, only)
	}
	return append(b, ']')
}

// appendViewerTeam writes team i as a ViewerTick does (id, isDead, name,
// score, errors, units, events, stats), plus deaths and pendingPoints.
// When only >= 0 and is not i, its events are left empty (the per-team
// messages of spec §5.7).
func (s *State) appendViewerTeam(b []byte, i, only int) []byte {
	t, tj := s.Teams[i], s.viewerTeam(i)
	b = append(b, `{"id":`...)
	b = append(b, tj.id...)
	b = append(b, `,"isDead":`...)
	b = appendBool(b, t.Dead)
	b = append(b, `,"name":`...)
	b = append(b, tj.name...)
	b = append(b, `,"score":`...)
	b = appendInt(b, t.Score)
	b = append(b, `,"errors":`...)
	b = s.appendViewerErrors(b, i)
	b = append(b, `,"units":`...)
	b = append(b, '[')
	for k, ui := range t.Units {
		if k > 0 {
			b = append(b, ',')
		}
		b = s.appendViewerUnit(b, ui)
	}
	b = append(b, ']')
	b = append(b, `,"events":[`...)
	if only < 0 || only == i {
		for k, e := range t.Events {
			if k > 0 {
				b = append(b, ',')
			}
			b = appendEvent(b, e)
		}
	}
	b = append(b, `],"stats":{"summonCount":`...)
	b = appendInt(b, t.Stats.Summons)
	b = append(b, `,"attackCount":`...)
	b = appendInt(b, t.Stats.Attacks)
	b = append(b, `,"dropCount":`...)
	b = appendInt(b, t.Stats.Drops)
	b = append(b, `,"vineCount":`...)
	b = appendInt(b, t.Stats.Vines)
	b = append(b, `},"deaths":`...)
	b = appendInt(b, t.Deaths)
	b = append(b, `,"pendingPoints":`...)
	b = appendInt(b, s.pending(i))
	return append(b, '}')
}

// stepFrame is the state right after team ti's turn of the tick, written
// into r.stepBuf (the steps are copied into the tick's frame). A team, or
// the diamonds, written exactly as in the tick's previous step is written
// null instead: about half of a tick frame's teams with four teams, whose
// steps were four fifths of its bytes.
func (r *referee) stepFrame(ti int, accepted bool) []byte {
	b := r.stepBuf[len(r.stepBuf):]
	b = append(b, `{"playingTeamId":`...)
	b = append(b, r.st.viewerTeam(ti).id...)
	b = append(b, `,"accepted":`...)
	b = appendBool(b, accepted)
	b = append(b, `,"teams":[`...)
	for i := range r.st.Teams {
		if i > 0 {
			b = append(b, ',')
		}
		start := len(b)
		b = r.st.appendViewerTeam(b, i, ti)
		b, r.lastTeams[i] = r.unlessRepeated(b, start, r.lastTeams[i])
	}
	b = append(b, `],"diamonds":`...)
	start := len(b)
	b = r.st.appendDiamonds(b)
	b, r.lastDiamonds = r.unlessRepeated(b, start, r.lastDiamonds)
	b = append(b, '}')
	if len(r.stepBuf)+len(b) > cap(r.stepBuf) {
		// b grew out of stepBuf: a buffer for twice this tick's steps so
		// far takes it and the next ones (the earlier steps stay where
		// they are, in the old one).
		nb := append(make([]byte, 0, 2*(len(r.stepBuf)+len(b))), b...)
		r.stepBuf = nb
		return nb
	}
	r.stepBuf = r.stepBuf[:len(r.stepBuf)+len(b)]
	return b
}

// unlessRepeated replaces b[start:], just written, by null when it is the
// same as last, what the same field held in the tick's previous step, and
// returns what the field now holds. The bytes it returns are never written
// again in this tick: a step is only ever appended to, and a buffer that
// grows leaves its old memory as it was.
func (r *referee) unlessRepeated(b []byte, start int, last []byte) ([]byte, []byte) {
	if last != nil && !r.fullSteps && bytes.Equal(b[start:], last) {
		return append(b[:start], "null"...), last
	}
	return b, b[start:len(b):len(b)]
}

// appendCommon writes the fields every frame has.
func (r *referee) appendCommon(b []byte, tick int, order []int) []byte {
	b = r.appendHead(b, tick, order)
	for i, s := range r.steps {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, s...)
	}
	return r.appendTail(b)
}

// appendHead writes the fields of a frame before its steps' JSON.
func (r *referee) appendHead(b []byte, tick int, order []int) []byte {
	b = append(b, `"tick":`...)
	b = appendInt(b, tick)
	b = append(b, `,"totalTick":`...)
	b = appendInt(b, r.set.ticks)
	b = append(b, `,"order":[`...)
	for i, ti := range order {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, r.st.viewerTeam(ti).id...)
	}
	b = append(b, `],"teams":`...)
	b = r.st.appendViewerTeams(b, -1)
	b = append(b, `,"diamonds":`...)
	b = r.st.appendDiamonds(b)
	return append(b, `,"steps":[`...)
}

// appendTail writes the fields of a frame after its steps' JSON.
func (r *referee) appendTail(b []byte) []byte {
	b = append(b, `],"log":`...)
	b = appendStrs(b, r.log)
	b = append(b, `,"over":`...)
	return appendBool(b, r.over)
}

// buildFrame is the frame after tick t. Its fields around the steps are
// written in the referee's memory, used again every tick; then they and
// the steps are copied once, into memory of the frame's exact size that
// needs no clearing first (bytes.Join's).
func (r *referee) buildFrame(t int) []byte {
	b := append(r.frameBuf[:0], '{')
	b = r.appendHead(b, t, r.orders[t])
	head := len(b)
	b = r.appendTail(b)
	b = append(b, '}')
	r.frameBuf = b
	parts := append(r.frameParts[:0], b[:head])
	for i, s := range r.steps {
		if i > 0 {
			parts = append(parts, comma)
		}
		parts = append(parts, s)
	}
	parts = append(parts, b[head:])
	r.frameParts = parts
	return bytes.Join(parts, nil)
}

var comma = []byte{','}

// buildInitialFrame is the frame before tick 0: the static map, then the
// state with every unit unspawned.
func (r *referee) buildInitialFrame() []byte {
	m := r.st.Map
	b := []byte(`{"map":{"name":`)
	b = appendStr(b, m.Name)
	b = append(b, `,"width":`...)
	b = appendInt(b, m.W)
	b = append(b, `,"height":`...)
	b = appendInt(b, m.H)
	b = append(b, `,"tiles":`...)
	b = append(b, r.tiles...)
	b = append(b, `,"viewerTiles":`...)
	b = append(b, m.viewerTilesJSON()...)
	b = append(b, `,"spawnZones":[`...)
	for i, z := range m.SpawnZones() {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendPath(b, z)
	}
	b = append(b, `]},"gameConfig":`...)
	b = append(b, gameConfigJSON...)
	b = append(b, ',')
	var order []int
	if len(r.orders) > 0 {
		order = r.orders[0]
	}
	b = r.appendCommon(b, -1, order)
	return append(b, '}')
}
