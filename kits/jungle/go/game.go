package main

// The messages of the game (Coveo Blitz 2022 protocol). Positions are
// {x, y} with x the column from the left and y the row from the top;
// Map.Tiles is indexed [x][y].

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

// Command is your answer to a TICK.
type Command struct {
	Type    string   `json:"type"` // "COMMAND"
	Tick    int      `json:"tick"`
	Actions []Action `json:"actions"`
}
