package ants

import (
	"encoding/json"
	"fmt"
)

// Player colours of the reference viewer.
var colors = [2]string{"#22a1e4", "#ff1d5c"}

// frame is what the viewer draws for one turn (docs/games/ants.md, "Viewer
// frames"). Every frame holds the complete state; the initial frame (turn
// 0) also holds the static map in Setup.
type frame struct {
	Turn          int            `json:"turn"`
	Setup         *setupFrame    `json:"setup,omitempty"`
	Resources     []int          `json:"resources"`
	Ants          [2][]int       `json:"ants"`
	Beacons       [2][]int       `json:"beacons"`
	Moves         []Move         `json:"moves"`
	Harvests      []harvestFrame `json:"harvests"`
	Spawned       [2][]int       `json:"spawned"`
	HarvestedFrom [2][]int       `json:"harvestedFrom"`
	Scores        [2]int         `json:"scores"`
	AntTotals     [2]int         `json:"antTotals"`
	Messages      [2]string      `json:"messages"`
	Players       [2]playerFrame `json:"players"`
	Summary       []string       `json:"summary"`
	Over          bool           `json:"over"`
	End           *endFrame      `json:"end,omitempty"`
}

type setupFrame struct {
	League         int            `json:"league"`
	MaxTurns       int            `json:"maxTurns"`
	Players        [2]setupPlayer `json:"players"`
	Cells          []cellFrame    `json:"cells"`
	Bases          [2][]int       `json:"bases"`
	InitialCrystal int            `json:"initialCrystal"`
	StartAnts      int            `json:"startAnts"`
	Rings          int            `json:"rings"`
	Food           string         `json:"food"`
	Layouts        string         `json:"layouts"`
}

type setupPlayer struct {
	Name  string `json:"name"`
	Color string `json:"color"`
}

type cellFrame struct {
	Index     int    `json:"index"`
	Q         int    `json:"q"`
	R         int    `json:"r"`
	Type      int    `json:"type"`
	Resources int    `json:"resources"`
	Neighbors [6]int `json:"neighbors"`
	Owner     int    `json:"owner"` // player whose base this is, -1 for none
}

type harvestFrame struct {
	Player int    `json:"player"`
	Kind   string `json:"kind"`
	Cell   int    `json:"cell"`
	Amount int    `json:"amount"`
	Path   []int  `json:"path"`
}

type playerFrame struct {
	Status  string   `json:"status"` // active, disqualified, timeout, crashed
	Error   string   `json:"error,omitempty"`
	Errors  []string `json:"errors"`
	Summary []string `json:"summary"`
}

type endFrame struct {
	Scores   [2]int    `json:"scores"` // final scores: points, or -1 when deactivated; the ants on a tie-break under tie_score=ants
	TieBreak bool      `json:"tieBreak"`
	Ants     [2]int    `json:"ants"`
	Winner   int       `json:"winner"` // 0, 1, or -1 for a draw
	Texts    [2]string `json:"texts"`  // end-screen text per player
}

// Frame is the current turn as the viewer draws it.
func (r *referee) Frame() json.RawMessage {
	s := r.s
	n := s.Board.Len()
	f := frame{
		Turn:      r.turn,
		Resources: s.Res,
		Ants:      s.Ants,
		Beacons:   s.Beacons,
		Moves:     r.events.Moves,
		Scores:    s.Points,
		Messages:  r.messages,
		Summary:   r.summary,
		Over:      r.over,
	}
	if f.Moves == nil {
		f.Moves = []Move{}
	}
	if f.Summary == nil {
		f.Summary = []string{}
	}
	f.Harvests = make([]harvestFrame, 0, len(r.events.Harvests))
	for _, h := range r.events.Harvests {
		f.Harvests = append(f.Harvests, harvestFrame{Player: h.Player, Kind: h.Kind.String(), Cell: h.Cell, Amount: h.Amount, Path: h.Path})
	}
	for p := range 2 {
		f.AntTotals[p] = s.TotalAnts(p)
		f.Spawned[p] = r.events.Spawned[p]
		if f.Spawned[p] == nil {
			f.Spawned[p] = make([]int, n)
		}
		f.HarvestedFrom[p] = []int{}
		for _, h := range r.events.Harvests {
			if h.Player == p {
				f.HarvestedFrom[p] = append(f.HarvestedFrom[p], h.Cell)
			}
		}
		pf := playerFrame{Status: "active", Error: r.reason[p], Errors: r.events.IndexErrors[p]}
		if !r.active(p) {
			pf.Status = string(r.status[p])
		}
		if pf.Errors == nil {
			pf.Errors = []string{}
		}
		pf.Summary = r.notes[p]
		if pf.Summary == nil {
			pf.Summary = []string{}
		}
		f.Players[p] = pf
	}
	if r.turn == 0 {
		f.Setup = r.setup()
	}
	if r.over {
		sc := r.finalScores()
		e := &endFrame{Scores: r.reportedScores(), TieBreak: r.tieBreak(), Winner: r.winner()}
		for p := range 2 {
			e.Ants[p] = s.TotalAnts(p)
			e.Texts[p] = fmt.Sprint(sc[p])
			if e.TieBreak {
				e.Texts[p] = r.pointsAndAnts(p)
			}
		}
		f.End = e
	}
	b, err := json.Marshal(f)
	if err != nil {
		panic(err) // only plain values: cannot happen
	}
	return b
}

// setup is the static part of the initial frame: the map and the players.
func (r *referee) setup() *setupFrame {
	m := r.m
	st := &setupFrame{
		League:         r.rules.League,
		MaxTurns:       r.rules.MaxTurns,
		Bases:          m.Bases,
		InitialCrystal: r.s.InitialCrystal,
		StartAnts:      m.StartAnts,
		Rings:          m.Rings,
		Food:           m.Food,
		Layouts:        m.Layouts,
	}
	for p := range 2 {
		st.Players[p] = setupPlayer{Name: r.names[p], Color: colors[p]}
	}
	owner := make([]int, m.Board.Len())
	for i := range owner {
		owner[i] = -1
	}
	for p := range 2 {
		for _, b := range m.Bases[p] {
			owner[b] = p
		}
	}
	for c, co := range m.Board.Coords {
		st.Cells = append(st.Cells, cellFrame{Index: c, Q: co.Q(), R: co.R(), Type: int(m.Types[c]),
			Resources: m.Resources[c], Neighbors: m.Board.Neighbors[c], Owner: owner[c]})
	}
	return st
}
