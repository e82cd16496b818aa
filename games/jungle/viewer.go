package jungle

import (
	"encoding/json"
	"fmt"
)

// The 2022 server's viewer protocol (spec §5.7) and record file (§5.8) are
// built from Arena's frames, so that `arena host jungle` serves tools
// written for the 2022 server from the same engine run as any match.

type frameTeam struct {
	ID     string          `json:"id"`
	IsDead bool            `json:"isDead"`
	Name   string          `json:"name"`
	Score  int             `json:"score"`
	Errors json.RawMessage `json:"errors"`
	Units  json.RawMessage `json:"units"`
	Events json.RawMessage `json:"events"`
	Stats  json.RawMessage `json:"stats"`
}

type frameState struct {
	PlayingTeamID string          `json:"playingTeamId"`
	Accepted      bool            `json:"accepted"`
	Teams         []*frameTeam    `json:"teams"`    // nil: as in the previous step
	Diamonds      json.RawMessage `json:"diamonds"` // null: as in the previous step
}

type frameTick struct {
	Tick      int             `json:"tick"`
	TotalTick int             `json:"totalTick"`
	Order     []string        `json:"order"`
	Teams     []frameTeam     `json:"teams"`
	Diamonds  json.RawMessage `json:"diamonds"`
	Steps     []frameState    `json:"steps"`
	Map       *struct {
		ViewerTiles json.RawMessage `json:"viewerTiles"`
	} `json:"map"`
}

// ViewerMessages turns the frame of one tick into the viewer protocol's
// messages, {"type":"tick","tick":ViewerTick}: one after each team's turn
// (with playingTeamId; only that team's events), then one for the end of
// the tick, before the tick's accrual (spec §3.2 steps 6 and 8). record is
// what the 2022 server's record_path holds for the tick (§5.8): a
// ViewerTick after each accepted command, with the events of every team
// that has played so far in the tick (the 2022 recorder did not filter
// them), then the end of the tick after the accrual. initial is the game's
// initial frame (it has the map's viewerTiles).
func ViewerMessages(initial, frame []byte) (live, record [][]byte, err error) {
	var init, f frameTick
	if err := json.Unmarshal(initial, &init); err != nil || init.Map == nil {
		return nil, nil, fmt.Errorf("not a jungle initial frame: %v", err)
	}
	if err := json.Unmarshal(frame, &f); err != nil {
		return nil, nil, fmt.Errorf("not a jungle frame: %v", err)
	}
	if err := f.resolveSteps(); err != nil {
		return nil, nil, err
	}
	tiles := init.Map.ViewerTiles
	played := map[string]bool{} // teams whose turn has come in this tick
	turn := 0                   // index in f.Order of the next turn
	for _, s := range f.Steps {
		teams := values(s.Teams) // a copy: the record's events are written in
		live = append(live, wrapTick(viewerTick(teams, f.Tick, f.TotalTick, tiles, s.Diamonds, s.PlayingTeamID)))
		for ; turn < len(f.Order); turn++ {
			played[f.Order[turn]] = true
			if f.Order[turn] == s.PlayingTeamID {
				turn++
				break
			}
		}
		if s.Accepted {
			for i := range teams {
				if i < len(f.Teams) && played[teams[i].ID] {
					teams[i].Events = f.Teams[i].Events
				}
			}
			record = append(record, viewerTick(teams, f.Tick, f.TotalTick, tiles, s.Diamonds, s.PlayingTeamID))
		}
	}
	before, err := beforeAccrual(f.Diamonds)
	if err != nil {
		return nil, nil, err
	}
	live = append(live, wrapTick(viewerTick(f.Teams, f.Tick, f.TotalTick, tiles, before, "")))
	return live, append(record, viewerTick(f.Teams, f.Tick, f.TotalTick, tiles, f.Diamonds, "")), nil
}

// resolveSteps writes out the teams and diamonds a step leaves null
// because they are as in the previous step (already resolved).
func (f *frameTick) resolveSteps() error {
	for k := range f.Steps {
		s := &f.Steps[k]
		var prev *frameState
		if k > 0 {
			prev = &f.Steps[k-1]
		}
		if string(s.Diamonds) == "null" {
			if prev == nil {
				return fmt.Errorf("not a jungle frame: step %d repeats a step it does not follow", k)
			}
			s.Diamonds = prev.Diamonds
		}
		for i, t := range s.Teams {
			if t != nil {
				continue
			}
			if prev == nil || i >= len(prev.Teams) {
				return fmt.Errorf("not a jungle frame: step %d repeats a step it does not follow", k)
			}
			s.Teams[i] = prev.Teams[i]
		}
	}
	return nil
}

// values copies the teams a step points to.
func values(ts []*frameTeam) []frameTeam {
	vs := make([]frameTeam, len(ts))
	for i, t := range ts {
		vs[i] = *t
	}
	return vs
}

// beforeAccrual rewrites a tick frame's diamonds as they were before the
// tick's accrual: every held diamond had summonLevel points fewer.
func beforeAccrual(diamonds json.RawMessage) (json.RawMessage, error) {
	var ds []struct {
		ID          string          `json:"id"`
		Position    json.RawMessage `json:"position"`
		SummonLevel int             `json:"summonLevel"`
		Points      int             `json:"points"`
		OwnerID     *string         `json:"ownerId"`
	}
	if err := json.Unmarshal(diamonds, &ds); err != nil {
		return nil, fmt.Errorf("not a jungle frame: diamonds: %v", err)
	}
	b := []byte{'['}
	for i, d := range ds {
		if i > 0 {
			b = append(b, ',')
		}
		points := d.Points
		if d.OwnerID != nil {
			points -= d.SummonLevel
		}
		b = append(b, `{"id":`...)
		b = appendStr(b, d.ID)
		b = append(b, `,"position":`...)
		b = append(b, d.Position...)
		b = append(b, `,"summonLevel":`...)
		b = appendInt(b, d.SummonLevel)
		b = append(b, `,"points":`...)
		b = appendInt(b, points)
		if d.OwnerID != nil {
			b = append(b, `,"ownerId":`...)
			b = appendStr(b, *d.OwnerID)
		}
		b = append(b, '}')
	}
	return append(b, ']'), nil
}

func wrapTick(vt []byte) []byte {
	b := append([]byte(`{"type":"tick","tick":`), vt...)
	return append(b, '}')
}

// viewerTick writes a ViewerTick in the 2022 server's key order.
func viewerTick(teams []frameTeam, tick, total int, tiles, diamonds json.RawMessage, playing string) []byte {
	b := []byte(`{"teams":[`)
	for i, t := range teams {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"id":`...)
		b = appendStr(b, t.ID)
		b = append(b, `,"isDead":`...)
		b = appendBool(b, t.IsDead)
		b = append(b, `,"name":`...)
		b = appendStr(b, t.Name)
		b = append(b, `,"score":`...)
		b = appendInt(b, t.Score)
		b = append(b, `,"errors":`...)
		b = append(b, t.Errors...)
		b = append(b, `,"units":`...)
		b = append(b, t.Units...)
		b = append(b, `,"events":`...)
		b = append(b, t.Events...)
		b = append(b, `,"stats":`...)
		b = append(b, t.Stats...)
		b = append(b, '}')
	}
	b = append(b, `],"tick":`...)
	b = appendInt(b, tick)
	b = append(b, `,"totalTick":`...)
	b = appendInt(b, total)
	b = append(b, `,"map":{"viewerTiles":`...)
	b = append(b, tiles...)
	b = append(b, `,"diamonds":`...)
	b = append(b, diamonds...)
	b = append(b, `},"gameConfig":`...)
	b = append(b, gameConfigJSON...)
	if playing != "" {
		b = append(b, `,"playingTeamId":`...)
		b = appendStr(b, playing)
	}
	return append(b, '}')
}
