package territory

// Reason is why a player was eliminated (§4).
type Reason string

// Elimination reasons, in the words of the rules.
const (
	Inactive  Reason = "inactive"  // Phase A: a sixth stay, or a fourth in a row
	HitWall   Reason = "wall"      // rule C1: moved into a wall or off the grid
	OwnNeck   Reason = "own-neck"  // rule C2
	NeckCut   Reason = "neck-cut"  // rule C3: another head moved onto its neck
	Collision Reason = "collision" // rule C4
	Steps     Reason = "steps"     // rule C5: no movement left outside its body
	Decayed   Reason = "decay"     // rule C6
	Bombed    Reason = "bomb"      // rule C7: entered a bomb
	Blast     Reason = "blast"     // rule C8: its neck or head was next to an exploding bomb
	Enclosed  Reason = "enclosed"  // Phase D2
	NoBody    Reason = "no-body"   // Phase D5
)

// Rules' constants.
const (
	StartMovement = 10  // L at the start (src)
	MaxStays      = 5   // stays allowed per game; the sixth eliminates
	MaxStaysInRow = 3   // stays allowed in a row; the fourth eliminates
	FreezeTurns   = 3   // turns an ice tile holds a head
	DefaultTurns  = 200 // turns of a game
)

// Player is one player's state (§3).
type Player struct {
	ID    int
	Alive bool
	// Head is the head's tile; HeadOut is set when the head left the grid
	// (after a bomb removed part of the outline), which kills it.
	Head    Point
	HeadOut bool
	Neck    []Point // oldest first
	Body    int     // number of body tiles
	L, ML   int     // MaxMovement, MovementLeft
	Stays   int     // NONE actions this game (frozen turns excluded)
	InRow   int     // NONE actions in a row
	Frozen  int     // turns left frozen by ice
	Decay   int     // decay countdown; -1 when none

	// Elimination: the turn (0 while alive), the reason, and the territory
	// at the start of that turn (the ranking's tie-break, D11).
	ElimTurn      int
	Reason        Reason
	ElimTerritory int

	startTerritory int // territory at the start of the current turn
}

// State is the whole game state: the tiles and the players.
type State struct {
	N    int
	Turn int // turns played
	Solo bool
	// Per tile, indexed y*N+x: obstacle, body owner, neck owner (-1: none).
	Obst []Obstacle
	Body []int8
	Neck []int8
	P    []*Player

	scratch floodScratch
}

// NewState places the players of an arena: player k starts on slot k.
func NewState(a *Arena, players int) *State {
	n := a.N
	s := &State{N: n, Obst: append([]Obstacle(nil), a.Tiles...), Body: make([]int8, n*n), Neck: make([]int8, n*n)}
	for i := range s.Body {
		s.Body[i], s.Neck[i] = -1, -1
	}
	for k := 0; k < players; k++ {
		st := a.Starts[k]
		s.P = append(s.P, &Player{ID: k, Alive: true, Head: st.Head, L: StartMovement, ML: StartMovement, Decay: -1})
		for _, b := range st.Block {
			s.setBody(s.idx(b), k)
		}
	}
	return s
}

// idx is the index of tile p in the per-tile slices; pt is its inverse.
func (s *State) idx(p Point) int { return p.Y*s.N + p.X }

func (s *State) pt(i int) Point { return Point{i % s.N, i / s.N} }

func (s *State) inside(p Point) bool { return p.X >= 0 && p.Y >= 0 && p.X < s.N && p.Y < s.N }

// setBody gives tile i to player id (-1: nobody), keeping body counts.
func (s *State) setBody(i, id int) {
	if old := s.Body[i]; old >= 0 {
		s.P[old].Body--
	}
	s.Body[i] = int8(id)
	if id >= 0 {
		s.P[id].Body++
	}
}

// Alive returns the number of players alive.
func (s *State) Alive() int {
	n := 0
	for _, p := range s.P {
		if p.Alive {
			n++
		}
	}
	return n
}

// clear removes every tile of an eliminated player from the map (D9).
func (s *State) clear(p *Player) {
	for i := range s.Body {
		if int(s.Body[i]) == p.ID {
			s.setBody(i, -1)
		}
	}
	for _, q := range p.Neck {
		if i := s.idx(q); int(s.Neck[i]) == p.ID {
			s.Neck[i] = -1
		}
	}
	p.Neck = nil
	p.Alive = false
}
