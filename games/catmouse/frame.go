package catmouse

// Frames: the initial frame holds the board; every frame holds the whole
// state of its moment (no deltas) and what happened at the turn that led to
// it. docs/games/catmouse.md, "Viewer frames", documents every field.

// turnFrame is what the last Play did.
type turnFrame struct {
	sides  [2]sideEvents
	events []event
	moved  bool
	paths  []piecePath
}

type sideEvents struct {
	Reply    string
	Errors   []Problem
	Drawings []Drawing
}

// event is something the viewer flashes or lists; only the fields of its
// type are written.
type event struct {
	Type    string `json:"type"`           // late, dash, catch, escape, crash
	Seat    *int   `json:"seat,omitempty"` // late, crash: the AI's seat
	Request int    `json:"request,omitempty"`
	Uses    int64  `json:"uses,omitempty"`
	Ready   int64  `json:"ready,omitempty"`
	Cat     string `json:"cat,omitempty"`
	Swap    bool   `json:"swap,omitempty"`
	Q       *int   `json:"q,omitempty"` // catch: the cell
	R       *int   `json:"r,omitempty"`
	Reason  string `json:"reason,omitempty"`
}

// intp points at a copy of x: the optional fields of events.
func intp(x int) *int { return &x }

type piecePath struct {
	Piece  string   `json:"piece"`
	Action Action   `json:"action"`
	Path   [][2]int `json:"path"` // the cells visited, start first
}

type frameJSON struct {
	Board    *boardJSON  `json:"board,omitempty"`
	Teams    []string    `json:"teams"`
	Game     int         `json:"game"`
	Leg      int         `json:"leg"`
	Stage    string      `json:"stage"`
	Turn     int         `json:"turn"`
	MaxTurns int         `json:"maxTurns"`
	Realtime bool        `json:"realtime"`
	Roles    rolesJSON   `json:"roles"`
	Spawn    spawnJSON   `json:"spawn"`
	Cats     []pieceJSON `json:"cats"`
	Mouse    pieceJSON   `json:"mouse"`
	Dash     dashJSON    `json:"dash"`
	Last     []piecePath `json:"last"`
	Sides    [2]sideJSON `json:"sides"`
	Events   []event     `json:"events"`
	Legs     []LegResult `json:"legs"`
	Result   *resultJSON `json:"result,omitempty"`
}

type boardJSON struct {
	Name   string     `json:"name"`
	Radius int        `json:"radius"`
	Rows   []string   `json:"rows"`
	Cells  []cellJSON `json:"cells"`
	Walls  [][4]int   `json:"walls"`
}

type cellJSON struct {
	Q       int    `json:"q"`
	R       int    `json:"r"`
	Terrain string `json:"terrain"`
	Walls   []int  `json:"walls,omitempty"` // directions with a wall
}

type rolesJSON struct {
	Cats  int `json:"cats"`
	Mouse int `json:"mouse"`
}

type spawnJSON struct {
	ID    int      `json:"id"`
	Name  string   `json:"name"`
	Mouse [2]int   `json:"mouse"`
	Cats  [][2]int `json:"cats"`
}

type pieceJSON struct {
	ID string `json:"id"`
	Q  int    `json:"q"`
	R  int    `json:"r"`
}

type dashJSON struct {
	Cooldown int64 `json:"cooldown"`
	Uses     int64 `json:"uses"`
	Ready    int64 `json:"ready"`
}

type sideJSON struct {
	Seat     int       `json:"seat"`
	Name     string    `json:"name"`
	Role     string    `json:"role"`
	Reply    string    `json:"reply"`
	Ready    bool      `json:"ready"`
	Lagging  bool      `json:"lagging"`
	Since    int       `json:"since"`
	Errors   []Problem `json:"errors"`
	Drawings []Drawing `json:"drawings"`
}

type resultJSON struct {
	Own     [2]int `json:"own"`
	Winner  int    `json:"winner"`
	Forfeit bool   `json:"forfeit"`
	Summary string `json:"summary"`
}

func (r *referee) frame() frameJSON {
	f := frameJSON{
		Teams:    r.set.names[:2],
		Game:     r.set.gameNo,
		Leg:      r.leg,
		Turn:     r.turn,
		MaxTurns: r.set.maxTurns,
		Realtime: r.set.realtime,
		Roles:    rolesJSON{Cats: r.catsSeat(r.leg), Mouse: 1 - r.catsSeat(r.leg)},
		Spawn:    spawnToJSON(r.set.spawn),
		Mouse:    pieceJSON{ID: "M", Q: r.pos.Mouse.Q, R: r.pos.Mouse.R},
		Dash:     dashJSON{Cooldown: r.pos.Cooldown(r.turn + 1), Uses: r.pos.Uses, Ready: r.pos.Ready},
		Events:   r.fr.events,
		Legs:     r.legs,
	}
	switch {
	case r.plays == 0:
		f.Stage = "start"
		f.Board = boardToJSON(r.set.board)
	case r.phase == phaseOver:
		f.Stage = "over"
	case r.phase == phaseLegOver:
		f.Stage = "legover"
	case r.turn == 0:
		f.Stage = "ready"
	default:
		f.Stage = "turn"
	}
	for i, c := range r.pos.Cats {
		f.Cats = append(f.Cats, pieceJSON{ID: pieceName(i), Q: c.Q, R: c.R})
	}
	f.Last = r.fr.paths
	if !r.fr.moved {
		f.Last = paths(&r.pos, make([]Action, len(r.pos.Cats)), Stay)
	}
	for p := range 2 {
		sd := r.sides[p]
		f.Sides[p] = sideJSON{
			Seat: p, Name: r.set.names[p], Role: roleName(r.role(p, r.leg)),
			Reply: r.fr.sides[p].Reply, Ready: !sd.awaitReady, Lagging: sd.lagging, Since: sd.since,
			Errors: r.fr.sides[p].Errors, Drawings: r.fr.sides[p].Drawings,
		}
		if f.Sides[p].Reply == "" {
			f.Sides[p].Reply = "none"
		}
		if f.Sides[p].Errors == nil {
			f.Sides[p].Errors = []Problem{}
		}
		if f.Sides[p].Drawings == nil {
			f.Sides[p].Drawings = []Drawing{}
		}
	}
	if f.Events == nil {
		f.Events = []event{}
	}
	if f.Legs == nil {
		f.Legs = []LegResult{}
	}
	if r.phase == phaseOver {
		g := ScoreGame(r.legs, r.set.maxTurns)
		f.Result = &resultJSON{Own: g.Own, Winner: g.Winner, Forfeit: g.Forfeit, Summary: r.summary(g)}
	}
	return f
}

func roleName(ro Role) string {
	if ro == Mouse {
		return "mouse"
	}
	return "cats"
}

// paths lists every piece's applied action and the cells it went through.
func paths(start *Position, cats []Action, mouse Action) []piecePath {
	walk := func(h Hex, a Action) [][2]int {
		out := [][2]int{{h.Q, h.R}}
		for k := range a.Steps {
			h = h.Add(a.Dirs[k])
			out = append(out, [2]int{h.Q, h.R})
		}
		return out
	}
	out := make([]piecePath, 0, len(cats)+1)
	for i, a := range cats {
		out = append(out, piecePath{Piece: pieceName(i), Action: a, Path: walk(start.Cats[i], a)})
	}
	return append(out, piecePath{Piece: "M", Action: mouse, Path: walk(start.Mouse, mouse)})
}

func spawnToJSON(s Spawn) spawnJSON {
	j := spawnJSON{ID: s.ID, Name: s.Name, Mouse: [2]int{s.Mouse.Q, s.Mouse.R}}
	for _, c := range s.Cats {
		j.Cats = append(j.Cats, [2]int{c.Q, c.R})
	}
	return j
}

func boardToJSON(b *Board) *boardJSON {
	j := &boardJSON{Name: b.Name, Radius: b.Radius, Rows: b.Rows(), Walls: [][4]int{}}
	for i, h := range b.cells {
		c := cellJSON{Q: h.Q, R: h.R, Terrain: b.terrain[i].String()}
		for d := range Dir(6) {
			if b.walls[i]&(1<<d) != 0 {
				c.Walls = append(c.Walls, int(d))
			}
		}
		j.Cells = append(j.Cells, c)
	}
	for _, w := range b.Walls() {
		j.Walls = append(j.Walls, [4]int{w[0].Q, w[0].R, w[1].Q, w[1].R})
	}
	return j
}
