package territory

import "sort"

// Territory is a player's number of body tiles (0 once eliminated).
func (p *Player) Territory() int {
	if !p.Alive {
		return 0
	}
	return p.Body
}

// compareStanding orders two players for the final ranking (§5, D11):
// alive players by territory, descending; then eliminated players by
// elimination turn, later first, and on the same turn by territory at the
// start of that turn. 0 means an exact tie.
func compareStanding(a, b *Player) int {
	switch {
	case a.Alive != b.Alive:
		if a.Alive {
			return -1
		}
		return 1
	case a.Alive:
		return b.Body - a.Body
	case a.ElimTurn != b.ElimTurn:
		return b.ElimTurn - a.ElimTurn
	}
	return b.ElimTerritory - a.ElimTerritory
}

// Positions returns each player's position (1 is best), by id, with
// competition ranking for exact ties (1, 1, 3, ...).
func (s *State) Positions() []int {
	order := make([]*Player, len(s.P))
	copy(order, s.P)
	sort.SliceStable(order, func(i, j int) bool { return compareStanding(order[i], order[j]) < 0 })
	pos := make([]int, len(s.P))
	for k, p := range order {
		if k > 0 && compareStanding(order[k-1], p) == 0 {
			pos[p.ID] = pos[order[k-1].ID]
		} else {
			pos[p.ID] = k + 1
		}
	}
	return pos
}

// Points are the ladder points of a position in an n-player game:
// 5·(n-position), times the round's multiplier (src). Tied players both
// get the points of their shared position.
func Points(position, players, multiplier int) int {
	return 5 * (players - position) * multiplier
}
