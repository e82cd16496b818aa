package platform

import (
	"encoding/json"
	"path/filepath"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/replay"
)

// playedMap names the map a match was played on, for its listing (the
// Blitz game page's "Map: inter-4_14x20_3D.bmp"): the map option's file
// name when the event or the round set one, else the name the game put in
// its first frame ({"map": {"name": ...}}, jungle's map drawn from the
// seed); "" when neither says.
func playedMap(info game.Info, m match.Match, rep *replay.Replay) string {
	if opt := event.MapOption(info); opt != "" && m.Config.Options.IsSet(opt) {
		if v := m.Config.Options.String(opt); v != "" {
			return filepath.Base(v)
		}
	}
	var frame struct {
		Map struct {
			Name string `json:"name"`
		} `json:"map"`
	}
	if rep != nil && json.Unmarshal(rep.Initial, &frame) == nil {
		return frame.Map.Name
	}
	return ""
}
