package territory

import "encoding/json"

// The viewer frame (docs/games/territory.md, "Viewer frames"). Every frame
// is complete: the whole map and every player's counters, so that any
// frame can be drawn alone; events say what happened during the turn.

type frame struct {
	Turn      int             `json:"turn"`
	Width     int             `json:"width"`
	Arena     *frameArena     `json:"arena,omitempty"` // the initial frame only
	Map       json.RawMessage `json:"map"`             // the protocol's Map array
	Players   []framePlayer   `json:"players"`
	Events    *Events         `json:"events,omitempty"` // absent from the initial frame
	Over      bool            `json:"over"`
	Positions []int           `json:"positions,omitempty"` // by id, once over
	Points    []int           `json:"points,omitempty"`    // by id, once over
}

type frameArena struct {
	Name   string      `json:"name"`
	Shape  string      `json:"shape,omitempty"`
	Size   string      `json:"size,omitempty"`
	Turns  int         `json:"turns"`
	Starts [][4][2]int `json:"starts"` // start block of each id
}

type framePlayer struct {
	ID           int        `json:"id"`
	Seat         int        `json:"seat"`
	Name         string     `json:"name"`
	Alive        bool       `json:"alive"`
	Territory    int        `json:"territory"`
	MaxMovement  int        `json:"maxMovement"`
	MovementLeft int        `json:"movementLeft"`
	Stays        int        `json:"stays"`
	StaysInRow   int        `json:"staysInRow"`
	Frozen       int        `json:"frozen"`
	Decay        *int       `json:"decay"`
	Head         *[2]int    `json:"head"`
	Neck         [][2]int   `json:"neck"`
	AtHome       bool       `json:"atHome"`
	Eliminated   *frameElim `json:"eliminated"`
	Answer       *Answer    `json:"answer,omitempty"`
}

type frameElim struct {
	Turn      int    `json:"turn"`
	Reason    Reason `json:"reason"`
	Territory int    `json:"territory"` // at the start of that turn (the ranking's tie-break)
}

// frame builds the viewer frame of the current state.
func (r *referee) frame() frame {
	st := r.st
	f := frame{Turn: st.Turn, Width: st.N, Map: r.mapJSON, Events: r.events, Over: r.Over()}
	if st.Turn == 0 {
		a := &frameArena{Name: r.arena.Name, Shape: string(r.arena.Shape), Size: string(r.arena.Size), Turns: r.maxTurns}
		for id := range st.P {
			var b [4][2]int
			for k, q := range r.arena.Starts[id].Block {
				b[k] = xy(q)
			}
			a.Starts = append(a.Starts, b)
		}
		f.Arena = a
	}
	for id, p := range st.P {
		fp := framePlayer{ID: id, Seat: r.seatOf[id], Name: r.name(id), Alive: p.Alive, Territory: p.Territory(),
			MaxMovement: p.L, MovementLeft: p.ML, Stays: p.Stays, StaysInRow: p.InRow, Frozen: p.Frozen,
			Neck: make([][2]int, 0, len(p.Neck))}
		if p.Alive {
			h := xy(p.Head)
			fp.Head = &h
			fp.AtHome = st.headHome(p)
			if p.Decay >= 0 {
				d := p.Decay
				fp.Decay = &d
			}
			for _, q := range p.Neck {
				fp.Neck = append(fp.Neck, xy(q))
			}
		} else {
			fp.MovementLeft = 0
			fp.Eliminated = &frameElim{Turn: p.ElimTurn, Reason: p.Reason, Territory: p.ElimTerritory}
		}
		if st.Turn > 0 {
			a := r.answers[id]
			fp.Answer = &a
		}
		f.Players = append(f.Players, fp)
	}
	if f.Over {
		f.Positions = st.Positions()
		for _, pos := range f.Positions {
			f.Points = append(f.Points, Points(pos, len(st.P), r.multiplier))
		}
	}
	return f
}
