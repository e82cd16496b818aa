package jungle

import (
	"encoding/json"
	"strings"
	"testing"
)

// The viewer protocol from frames: per-team messages with only the playing
// team's events, then the end of the tick with every event.
func TestViewerMessages(t *testing.T) {
	h := newHarness(t, []string{"S.....", "......", "......", ".....S"})
	h.place("1", 1, 1).place("2", 4, 1)
	h.tick(h.cmd(act("VINE", "1", 4, 1)), timeout)
	live, record, err := ViewerMessages(h.r.init, h.r.frame)
	if err != nil {
		t.Fatal(err)
	}
	if len(live) != 3 || len(record) != 2 {
		t.Fatalf("%d live messages, %d record entries", len(live), len(record))
	}
	type vt struct {
		Type string `json:"type"`
		Tick struct {
			Teams []struct {
				ID     string            `json:"id"`
				Events []json.RawMessage `json:"events"`
			} `json:"teams"`
			Tick          int    `json:"tick"`
			PlayingTeamID string `json:"playingTeamId"`
			Map           struct {
				ViewerTiles [][]int `json:"viewerTiles"`
			} `json:"map"`
		} `json:"tick"`
	}
	var msgs []vt
	for _, m := range live {
		var v vt
		if err := json.Unmarshal(m, &v); err != nil {
			t.Fatalf("%v: %s", err, m)
		}
		msgs = append(msgs, v)
	}
	t0, t1 := h.r.st.Teams[0].ID, h.r.st.Teams[1].ID
	if msgs[0].Tick.PlayingTeamID != t0 || len(msgs[0].Tick.Teams[0].Events) != 1 || len(msgs[0].Tick.Teams[1].Events) != 0 {
		t.Errorf("first message: %s", live[0])
	}
	if msgs[1].Tick.PlayingTeamID != t1 || len(msgs[1].Tick.Teams[0].Events) != 0 || len(msgs[1].Tick.Teams[1].Events) != 1 {
		t.Errorf("second message: %s", live[1])
	}
	end := msgs[2]
	if end.Tick.PlayingTeamID != "" || len(end.Tick.Teams[0].Events) != 1 || len(end.Tick.Teams[1].Events) != 1 || end.Tick.Map.ViewerTiles[0][0] != 1 {
		t.Errorf("end message: %s", live[2])
	}
	if !strings.HasPrefix(string(live[0]), `{"type":"tick","tick":{"teams":[{"id":"`) ||
		!strings.Contains(string(live[2]), `"gameConfig":{"warmUpPeriod":0,`) {
		t.Errorf("shape: %s", live[0])
	}
	if strings.Contains(string(record[0]), `"type"`) || !strings.Contains(string(record[0]), `"playingTeamId":"`+t0) {
		t.Errorf("record entry: %s", record[0])
	}
}
