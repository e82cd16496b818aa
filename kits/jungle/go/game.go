// Jungle Blitz (Coveo Blitz 2022) messages for the Go starter kit: you
// should not need to change it. Write your bot in bot.go.
//
// The TICK is read into typed state (GameMessage) and the actions are
// built by functions (Spawn, MoveTo, ...). Positions are {x, y} with x the
// column from the left and y the row from the top; Map.Tiles is indexed
// [x][y]. The protocol is in docs/games/jungle.md.
package main

// Position is a tile of the map.
type Position struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Diamond is a diamond on the map; OwnerID is the id of the unit holding
// it, "" when it lies free on the ground.
type Diamond struct {
	ID          string   `json:"id"`
	Position    Position `json:"position"`
	SummonLevel int      `json:"summonLevel"`
	Points      int      `json:"points"`
	OwnerID     string   `json:"ownerId,omitempty"`
}

// Unit is one unit; Position is nil while it is not on the board.
type Unit struct {
	ID          string     `json:"id"`
	TeamID      string     `json:"teamId"`
	Position    *Position  `json:"position"`
	Path        []Position `json:"path"`
	HasDiamond  bool       `json:"hasDiamond"`
	DiamondID   string     `json:"diamondId,omitempty"`
	HasSpawned  bool       `json:"hasSpawned"`
	IsSummoning bool       `json:"isSummoning"`
	LastState   struct {
		PositionBefore      *Position `json:"positionBefore"`
		PositionBeforeDying *Position `json:"positionBeforeDying"`
		WasVinedBy          string    `json:"wasVinedBy"`
		WasAttackedBy       string    `json:"wasAttackedBy"`
		HasSummoned         bool      `json:"hasSummoned"`
	} `json:"lastState"`
}

// Team is one team; Errors are your last command's errors (empty for the
// other teams).
type Team struct {
	ID     string   `json:"id"`
	Name   string   `json:"name"`
	IsDead bool     `json:"isDead"`
	Score  int      `json:"score"`
	Units  []Unit   `json:"units"`
	Errors []string `json:"errors"`
}

// GameMessage is the TICK the server sends before every tick.
type GameMessage struct {
	Type      string `json:"type"`
	Tick      int    `json:"tick"`
	TotalTick int    `json:"totalTick"`
	Map       struct {
		Tiles    [][]string `json:"tiles"` // "EMPTY", "WALL" or "SPAWN", [x][y]
		Diamonds []Diamond  `json:"diamonds"`
	} `json:"map"`
	GameConfig struct {
		PointsPerDiamond          int `json:"pointsPerDiamond"`
		MaximumDiamondSummonLevel int `json:"maximumDiamondSummonLevel"`
		InitialDiamondSummonLevel int `json:"initialDiamondSummonLevel"`
		MaximumUnitPerPosition    int `json:"maximumUnitPerPosition"`
		WarmUpPeriod              int `json:"warmUpPeriod"`
	} `json:"gameConfig"`
	// TeamPlayOrderings gives, for this tick and the next four, the order
	// in which the teams' commands are applied.
	TeamPlayOrderings map[string][]string `json:"teamPlayOrderings"`
	TeamID            string              `json:"teamId"`
	Teams             []Team              `json:"teams"`
}

// MyTeam is your team.
func (m *GameMessage) MyTeam() *Team {
	for i := range m.Teams {
		if m.Teams[i].ID == m.TeamID {
			return &m.Teams[i]
		}
	}
	return nil
}

// Width and Height of the map.
func (m *GameMessage) Width() int { return len(m.Map.Tiles) }

// Height of the map.
func (m *GameMessage) Height() int {
	if len(m.Map.Tiles) == 0 {
		return 0
	}
	return len(m.Map.Tiles[0])
}

// TileAt is the tile type at p ("" outside the map).
func (m *GameMessage) TileAt(p Position) string {
	if p.X < 0 || p.Y < 0 || p.X >= m.Width() || p.Y >= m.Height() {
		return ""
	}
	return m.Map.Tiles[p.X][p.Y]
}

// Action is one unit's action: SPAWN, MOVE, SUMMON, DROP, VINE, ATTACK or
// NONE. Target is the spawn tile, the MOVE destination, the adjacent drop
// tile, or the position of the unit to vine or attack.
type Action struct {
	Type   string    `json:"type"` // always "UNIT"
	Action string    `json:"action"`
	UnitID string    `json:"unitId"`
	Target *Position `json:"target,omitempty"`
}

// Spawn puts a unit that is off the board on a SPAWN tile.
func Spawn(unit string, p Position) Action { return Action{"UNIT", "SPAWN", unit, &p} }

// MoveTo moves a unit one tile toward p along the server's path.
func MoveTo(unit string, p Position) Action { return Action{"UNIT", "MOVE", unit, &p} }

// Summon raises the level of the unit's diamond (the unit is locked for
// level+1 ticks).
func Summon(unit string) Action { return Action{"UNIT", "SUMMON", unit, nil} }

// Drop puts the unit's diamond on the adjacent tile p: on an empty tile
// it scores the diamond's points; onto a unit it hands the diamond over.
func Drop(unit string, p Position) Action { return Action{"UNIT", "DROP", unit, &p} }

// Attack kills the unit on the adjacent tile p (not on a spawn tile).
func Attack(unit string, p Position) Action { return Action{"UNIT", "ATTACK", unit, &p} }

// Vine pulls the unit at p (same row or column, nothing between) next to
// this one.
func Vine(unit string, p Position) Action { return Action{"UNIT", "VINE", unit, &p} }

// Stay does nothing (and picks up a diamond lying under the unit).
func Stay(unit string) Action { return Action{Type: "UNIT", Action: "NONE", UnitID: unit} }

// Neighbours are the four tiles next to p (some may be off the map).
func (p Position) Neighbours() []Position {
	return []Position{{p.X, p.Y - 1}, {p.X + 1, p.Y}, {p.X, p.Y + 1}, {p.X - 1, p.Y}}
}

// Distance is the Manhattan distance between two tiles.
func Distance(a, b Position) int { return abs(a.X-b.X) + abs(a.Y-b.Y) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Occupied tells which tiles hold a unit.
func (m *GameMessage) Occupied() map[Position]bool {
	taken := map[Position]bool{}
	for _, t := range m.Teams {
		for _, u := range t.Units {
			if u.Position != nil {
				taken[*u.Position] = true
			}
		}
	}
	return taken
}

// Tiles lists the positions of every tile of a type ("SPAWN", ...), by x
// then y.
func (m *GameMessage) Tiles(kind string) []Position {
	var out []Position
	for x := range m.Width() {
		for y := range m.Height() {
			if m.Map.Tiles[x][y] == kind {
				out = append(out, Position{x, y})
			}
		}
	}
	return out
}

// Enemies lists the other teams' units on the board.
func (m *GameMessage) Enemies() []Unit {
	var out []Unit
	for _, t := range m.Teams {
		if t.ID == m.TeamID {
			continue
		}
		for _, u := range t.Units {
			if u.Position != nil {
				out = append(out, u)
			}
		}
	}
	return out
}

// Diamond is the diamond with this id, nil when there is none.
func (m *GameMessage) Diamond(id string) *Diamond {
	for i := range m.Map.Diamonds {
		if m.Map.Diamonds[i].ID == id {
			return &m.Map.Diamonds[i]
		}
	}
	return nil
}

// Command is your answer to a TICK.
type Command struct {
	Type    string   `json:"type"` // "COMMAND"
	Tick    int      `json:"tick"`
	Actions []Action `json:"actions"`
}
