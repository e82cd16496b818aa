package territory

import "sort"

// Events is what happened during one turn, for the viewer and the tests.
type Events struct {
	Eliminations []Elimination `json:"eliminations"`
	Captures     []Capture     `json:"captures"`
	Explosions   []Explosion   `json:"explosions"`
	Frozen       []int         `json:"frozen"` // players whose head entered ice
	Decays       []DecayStart  `json:"decays"` // players whose head entered decay
}

// Elimination is one player removed during a turn.
type Elimination struct {
	Player int    `json:"player"`
	Reason Reason `json:"reason"`
	// At is the head's tile when it was eliminated (it may lie off the grid
	// for a head that left through a blasted outline).
	At [2]int `json:"at"`
}

// Capture is what one player gained by returning home (Phase D).
type Capture struct {
	Player int      `json:"player"`
	Tiles  [][2]int `json:"tiles"` // tiles that became its body (its neck included), map order
	// Taken counts the tiles taken from each other player, by id.
	Taken map[int]int `json:"taken,omitempty"`
	Grew  bool        `json:"grew"` // MaxMovement went up by one
	Steps int         `json:"steps"`
}

// Explosion is one bomb going off (Phase C rules 7-8).
type Explosion struct {
	At      [2]int   `json:"at"`
	Cleared [][2]int `json:"cleared"` // the orthogonal neighbours on the grid, emptied
}

// DecayStart is a decay countdown set on entering a decay tile.
type DecayStart struct {
	Player    int `json:"player"`
	Countdown int `json:"countdown"`
}

func xy(p Point) [2]int { return [2]int{p.X, p.Y} }

// Step plays one turn (§4): actions[id] is player id's answer (None for a
// missing, late or invalid one); frozen players' answers are ignored.
func (s *State) Step(actions []Move) *Events {
	ev := &Events{Eliminations: []Elimination{}, Captures: []Capture{}, Explosions: []Explosion{},
		Frozen: []int{}, Decays: []DecayStart{}}
	s.Turn++
	n := len(s.P)
	for _, p := range s.P {
		if p.Alive {
			p.startTerritory = p.Body
		}
	}

	// Phase A: answers, stays, inactivity.
	frozen := make([]bool, n)
	act := make([]Move, n)
	for _, p := range s.P {
		if !p.Alive {
			continue
		}
		if p.Frozen > 0 {
			p.Frozen--
			frozen[p.ID] = true
			continue
		}
		if a := actions[p.ID]; a == None {
			p.Stays++
			p.InRow++
		} else {
			act[p.ID] = a
			p.InRow = 0
		}
		if p.Stays > MaxStays || p.InRow > MaxStaysInRow {
			s.eliminate(p, Inactive, ev)
		}
	}

	// Phase B: movement.
	moved := make([]bool, n)
	for _, p := range s.P {
		if !p.Alive || act[p.ID] == None {
			continue
		}
		id := int8(p.ID)
		h := p.Head
		hi := s.idx(h)
		dx, dy := act[p.ID].Delta()
		to := Point{h.X + dx, h.Y + dy}
		fromHome := s.Body[hi] == id
		if !fromHome {
			p.Neck = append(p.Neck, h)
			s.Neck[hi] = id
		}
		in := s.inside(to)
		toHome := in && s.Body[s.idx(to)] == id
		if !fromHome || !toHome {
			p.ML--
		}
		p.Head, p.HeadOut = to, !in
		moved[p.ID] = true
	}

	// Phase C: movement deaths, every rule on every player alive now (D20).
	reason := make([]Reason, n)
	kill := func(id int, r Reason) {
		if reason[id] == "" {
			reason[id] = r
		}
	}
	var alive []*Player
	for _, p := range s.P {
		if p.Alive {
			alive = append(alive, p)
		}
	}
	// entered reports whether p's head moved this turn onto a tile of the
	// grid (rules 2, 3 and 7 are about the tile a head enters).
	entered := func(p *Player) bool { return moved[p.ID] && !p.HeadOut }
	for _, p := range alive { // 1. wall
		if moved[p.ID] && (p.HeadOut || s.Obst[s.idx(p.Head)] == Wall) {
			kill(p.ID, HitWall)
		}
	}
	for _, p := range alive { // 2. own neck
		if entered(p) && int(s.Neck[s.idx(p.Head)]) == p.ID {
			kill(p.ID, OwnNeck)
		}
	}
	for _, p := range alive { // 3. neck cut
		if entered(p) {
			if q := int(s.Neck[s.idx(p.Head)]); q >= 0 && q != p.ID {
				kill(q, NeckCut)
			}
		}
	}
	for i, p := range alive { // 4. collision
		if p.HeadOut {
			continue
		}
		group := []*Player{p}
		for j, q := range alive {
			if j < i && !q.HeadOut && q.Head == p.Head {
				group = nil // handled with the first head on this tile
				break
			}
			if j > i && !q.HeadOut && q.Head == p.Head {
				group = append(group, q)
			}
		}
		if len(group) < 2 {
			continue
		}
		tile := s.Body[s.idx(p.Head)]
		var home *Player
		homes := 0
		for _, q := range group {
			if int(tile) == q.ID {
				home, homes = q, homes+1
			}
		}
		for _, q := range group {
			if homes != 1 || q != home {
				kill(q.ID, Collision)
			}
		}
	}
	for _, p := range alive { // 5. steps
		if moved[p.ID] && !s.headHome(p) && p.ML <= 0 {
			kill(p.ID, Steps)
		}
	}
	for _, p := range alive { // 6. decay
		if p.Decay < 0 || frozen[p.ID] {
			continue
		}
		if s.headHome(p) {
			p.Decay = -1
			continue
		}
		p.Decay--
		if p.Decay <= 0 {
			kill(p.ID, Decayed)
		}
	}
	var bombs []int
	for _, p := range alive { // 7. obstacles entered
		if !entered(p) {
			continue
		}
		i := s.idx(p.Head)
		switch s.Obst[i] {
		case Bomb:
			kill(p.ID, Bombed)
			dup := false
			for _, b := range bombs {
				dup = dup || b == i
			}
			if !dup {
				bombs = append(bombs, i)
			}
		case Ice:
			p.Frozen = FreezeTurns
			ev.Frozen = append(ev.Frozen, p.ID)
		case Decay:
			p.Decay = s.distanceToBody(p)
			ev.Decays = append(ev.Decays, DecayStart{p.ID, p.Decay})
		}
	}
	sort.Ints(bombs)
	for _, b := range bombs { // 8. explosions
		s.Obst[b] = Empty
		x := Explosion{At: xy(s.pt(b))}
		c := s.pt(b)
		for _, m := range Moves {
			dx, dy := m.Delta()
			q := Point{c.X + dx, c.Y + dy}
			if !s.inside(q) {
				continue
			}
			i := s.idx(q)
			x.Cleared = append(x.Cleared, xy(q))
			if s.Body[i] >= 0 {
				s.setBody(i, -1)
			}
			if o := s.Neck[i]; o >= 0 {
				kill(int(o), Blast)
			}
			for _, p := range alive {
				if !p.HeadOut && p.Head == q {
					kill(p.ID, Blast)
				}
			}
			s.Obst[i] = Empty
		}
		ev.Explosions = append(ev.Explosions, x)
	}
	for _, p := range alive { // 9. the dead are removed
		if reason[p.ID] != "" {
			s.eliminate(p, reason[p.ID], ev)
		}
	}

	s.captures(ev)

	// Phase E is Over.
	return ev
}

// headHome reports whether p's head is on its own body tile.
func (s *State) headHome(p *Player) bool {
	return !p.HeadOut && int(s.Body[s.idx(p.Head)]) == p.ID
}

// distanceToBody is the Manhattan distance from p's head to its nearest
// body tile (D7); 0 when it has none (it is about to die of that).
func (s *State) distanceToBody(p *Player) int {
	best := -1
	for i, o := range s.Body {
		if int(o) != p.ID {
			continue
		}
		q := s.pt(i)
		if d := abs(q.X-p.Head.X) + abs(q.Y-p.Head.Y); best < 0 || d < best {
			best = d
		}
	}
	return max(best, 0)
}

// captures is Phase D (D10): every capture is computed on one snapshot.
func (s *State) captures(ev *Events) {
	var capturers []*Player
	for _, p := range s.P {
		if p.Alive && len(p.Neck) > 0 && s.headHome(p) {
			capturers = append(capturers, p)
		}
	}
	if len(capturers) > 0 {
		encl := make([][]bool, len(capturers))
		for k, p := range capturers {
			encl[k] = s.enclosed(p, nil)
		}
		// D2: heads and necks enclosed by someone else.
		var dead []*Player
		for _, q := range s.P {
			if !q.Alive {
				continue
			}
			for k, p := range capturers {
				if p == q {
					continue
				}
				if s.caught(q, encl[k]) {
					dead = append(dead, q)
					break
				}
			}
		}
		for _, q := range dead {
			s.eliminate(q, Enclosed, ev)
		}
		// D3: tiles enclosed by exactly one surviving capturer.
		var live []int
		for k, p := range capturers {
			if p.Alive {
				live = append(live, k)
			}
		}
		gained := make([]Capture, len(capturers))
		for k, p := range capturers {
			gained[k].Player = p.ID
		}
		for i := range s.Body {
			owner, count := -1, 0
			for _, k := range live {
				if encl[k][i] {
					owner, count = k, count+1
				}
			}
			if count != 1 || s.Obst[i] != Empty {
				continue
			}
			g := &gained[owner]
			if old := s.Body[i]; old >= 0 {
				if g.Taken == nil {
					g.Taken = map[int]int{}
				}
				g.Taken[int(old)]++
			}
			s.setBody(i, capturers[owner].ID)
		}
		// D4: growth and reset.
		for _, k := range live {
			p := capturers[k]
			g := &gained[k]
			g.Steps = p.L - p.ML
			if g.Steps >= p.L/2 {
				p.L++
				g.Grew = true
			}
			p.ML = p.L
			for _, q := range p.Neck {
				if i := s.idx(q); int(s.Neck[i]) == p.ID {
					s.Neck[i] = -1
				}
			}
			p.Neck = nil
			p.Decay = -1
			g.Tiles = s.mapOrder(encl[k], func(i int) bool { return int(s.Body[i]) == p.ID })
			ev.Captures = append(ev.Captures, *g)
		}
	}
	// D5: no body left.
	for _, p := range s.P {
		if p.Alive && p.Body == 0 {
			s.eliminate(p, NoBody, ev)
		}
	}
}

// caught reports whether q's head or a tile of its neck is in the set.
func (s *State) caught(q *Player, set []bool) bool {
	if !q.HeadOut && set[s.idx(q.Head)] {
		return true
	}
	for _, t := range q.Neck {
		if set[s.idx(t)] {
			return true
		}
	}
	return false
}

// mapOrder lists the tiles of a set that pass keep, in map order.
func (s *State) mapOrder(set []bool, keep func(i int) bool) [][2]int {
	var out [][2]int
	for y := s.N - 1; y >= 0; y-- {
		for x := 0; x < s.N; x++ {
			if i := y*s.N + x; set[i] && keep(i) {
				out = append(out, [2]int{x, y})
			}
		}
	}
	return out
}

// eliminate removes p from the game at the current turn.
func (s *State) eliminate(p *Player, r Reason, ev *Events) {
	p.ElimTurn, p.Reason, p.ElimTerritory = s.Turn, r, p.startTerritory
	ev.Eliminations = append(ev.Eliminations, Elimination{Player: p.ID, Reason: r, At: xy(p.Head)})
	s.clear(p)
}

// Over reports whether the game has ended after maxTurns turns at most
// (Phase E): at most one player left (none with Solo), or the last turn.
func (s *State) Over(maxTurns int) bool {
	if s.Turn >= maxTurns {
		return true
	}
	if s.Solo {
		return s.Alive() == 0
	}
	return s.Alive() <= 1
}
