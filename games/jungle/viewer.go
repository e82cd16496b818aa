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
	Teams         []frameTeam     `json:"teams"`
	Diamonds      json.RawMessage `json:"diamonds"`
}

type frameTick struct {
	Tick      int             `json:"tick"`
	TotalTick int             `json:"totalTick"`
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
// the tick (every team's events). record is what the 2022 server's
// record_path holds for the tick: a ViewerTick after each accepted command,
// then the end of the tick. initial is the game's initial frame (it has the
// map's viewerTiles).
//
// DECISION: the end-of-tick message is sent after the tick's accrual, as
// the record holds it (the 2022 server sent it just before), so that live
// and recorded views agree.
func ViewerMessages(initial, frame []byte) (live, record [][]byte, err error) {
	var init, f frameTick
	if err := json.Unmarshal(initial, &init); err != nil || init.Map == nil {
		return nil, nil, fmt.Errorf("not a jungle initial frame: %v", err)
	}
	if err := json.Unmarshal(frame, &f); err != nil {
		return nil, nil, fmt.Errorf("not a jungle frame: %v", err)
	}
	tiles := init.Map.ViewerTiles
	for _, s := range f.Steps {
		vt := viewerTick(s.Teams, f.Tick, f.TotalTick, tiles, s.Diamonds, s.PlayingTeamID)
		live = append(live, wrapTick(vt))
		if s.Accepted {
			record = append(record, vt)
		}
	}
	end := viewerTick(f.Teams, f.Tick, f.TotalTick, tiles, f.Diamonds, "")
	return append(live, wrapTick(end)), append(record, end), nil
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
