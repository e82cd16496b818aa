package ants

import (
	"fmt"
	"slices"
)

// State is the dynamic state of a match between turns.
type State struct {
	Board          *Board
	Types          []CellType
	Res            []int    // resources left per cell
	Ants           [2][]int // per player, per cell
	Beacons        [2][]int // this turn's beacons, per player, per cell
	Bases          [2][]int
	Points         [2]int
	InitialCrystal int

	scr *scratch // working memory of the harvest phases
}

// NewState is the state at the start of a match on m.
func NewState(m *Map) *State {
	n := m.Board.Len()
	s := &State{
		Board:          m.Board,
		Types:          m.Types,
		Res:            slices.Clone(m.Resources),
		Bases:          m.Bases,
		InitialCrystal: m.InitialCrystal(),
	}
	for p := range 2 {
		s.Ants[p] = make([]int, n)
		s.Beacons[p] = make([]int, n)
		for _, b := range m.Bases[p] {
			s.Ants[p][b] += m.StartAnts
		}
	}
	return s
}

// Events is what happened during one turn, for the viewer and the summary.
type Events struct {
	Moves       []Move      // player 0's then player 1's, each by (from, to)
	Harvests    []Harvest   // eggs (player 0, player 1), then crystals
	Spawned     [2][]int    // ants hatched on each cell this turn
	IndexErrors [2][]string // "cannot find cell N", in the order met
}

// RemainingCrystal is the sum of the resources left on crystal cells.
func (s *State) RemainingCrystal() int { return crystalTotal(s.Types, s.Res) }

// TotalAnts is the number of ants player p has on the board.
func (s *State) TotalAnts(p int) int {
	total := 0
	for _, a := range s.Ants[p] {
		total += a
	}
	return total
}

// Resolve plays one turn with both players' commands (§3.1 phases 2 to 8):
// LINEs, BEACONs, movement, fights, egg harvest, crystal harvest, late
// spawns. The end checks belong to the caller.
func (s *State) Resolve(cmds [2]Commands, r Rules) Events {
	n := s.Board.Len()
	var ev Events
	for p := range 2 {
		clear(s.Beacons[p])
		ev.Spawned[p] = make([]int, n)
	}
	valid := func(p, c int) bool {
		if c < n {
			return true
		}
		ev.IndexErrors[p] = append(ev.IndexErrors[p], fmt.Sprintf("cannot find cell %d", c))
		return false
	}
	for p := range 2 {
		for _, l := range cmds[p].Lines {
			if !valid(p, l.From) || !valid(p, l.To) {
				continue
			}
			for _, c := range s.Board.LinePath(l.From, l.To) {
				s.Beacons[p][c] = max(1, l.Strength)
			}
		}
	}
	for p := range 2 {
		for _, b := range cmds[p].Beacons {
			if valid(p, b.Cell) {
				s.Beacons[p][b.Cell] = max(1, b.Strength)
			}
		}
	}
	for p := range 2 {
		moves := MoveAnts(s.Board, p, s.Ants[p], s.Beacons[p])
		for _, m := range moves {
			s.Ants[p][m.From] -= m.Count
			s.Ants[p][m.To] += m.Count
		}
		ev.Moves = append(ev.Moves, moves...)
	}
	if r.FightingAntsKill {
		for c := range n {
			a0, a1 := s.Ants[0][c], s.Ants[1][c]
			s.Ants[0][c] = max(0, a0-min(3, a1))
			s.Ants[1][c] = max(0, a1-min(3, a0))
		}
	}
	var queued [2]int
	eggs := s.harvests(Egg, r.AttackChains)
	for _, h := range eggs {
		for _, b := range s.Bases[h.Player] {
			ev.Spawned[h.Player][b] += h.Amount
			if r.SpawnSameTurn {
				s.Ants[h.Player][b] += h.Amount
			}
		}
		if !r.SpawnSameTurn {
			queued[h.Player] += h.Amount
		}
		s.Res[h.Cell] -= min(h.Amount, s.Res[h.Cell])
	}
	crystals := s.harvests(Crystal, r.AttackChains)
	for _, h := range crystals {
		s.Points[h.Player] += h.Amount
		s.Res[h.Cell] -= min(h.Amount, s.Res[h.Cell])
	}
	for p := range 2 {
		for _, b := range s.Bases[p] {
			s.Ants[p][b] += queued[p]
		}
	}
	ev.Harvests = append(eggs, crystals...)
	return ev
}
