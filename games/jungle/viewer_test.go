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

// The live end-of-tick message comes before the tick's accrual, as the
// 2022 server sent it (spec §3.2 steps 6 and 8); the record's end-of-tick
// entry after it (§5.8). A record entry after a team's command holds the
// events of every team that has played so far in the tick (the 2022
// recorder did not filter them); a live message only the playing team's.
func TestViewerAccrualAndRecordEvents(t *testing.T) {
	h := newHarness(t, []string{"S.....", "......", "......", ".....S"})
	h.place("1", 1, 1).place("2", 4, 1)
	d := h.give("1", 2, 5)
	h.tick(h.cmd(act("SUMMON", "1")), h.cmd(act("NONE", "2")))
	if d.Points != 7 {
		t.Fatalf("points after the tick %d, want 7", d.Points)
	}
	live, record, err := ViewerMessages(h.r.init, h.r.frame)
	if err != nil {
		t.Fatal(err)
	}
	if len(live) != 3 || len(record) != 3 {
		t.Fatalf("%d live messages, %d record entries", len(live), len(record))
	}
	type viewerTick struct {
		Teams []struct {
			Events []json.RawMessage `json:"events"`
		} `json:"teams"`
		Map struct {
			Diamonds []struct {
				Points int `json:"points"`
			} `json:"diamonds"`
		} `json:"map"`
	}
	parse := func(b []byte, wrapped bool) viewerTick {
		t.Helper()
		var v viewerTick
		if wrapped {
			var w struct{ Tick json.RawMessage }
			if err := json.Unmarshal(b, &w); err != nil {
				t.Fatal(err)
			}
			b = w.Tick
		}
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	events := func(v viewerTick) [2]int { return [2]int{len(v.Teams[0].Events), len(v.Teams[1].Events)} }
	points := func(v viewerTick) int { return v.Map.Diamonds[0].Points }

	if got := points(parse(live[2], true)); got != 5 {
		t.Errorf("live end of tick: points %d, want 5 (before the accrual)", got)
	}
	if got := points(parse(record[2], false)); got != 7 {
		t.Errorf("record end of tick: points %d, want 7 (after the accrual)", got)
	}
	if got := events(parse(live[1], true)); got != [2]int{0, 0} {
		t.Errorf("live message after T1's turn: events %v, want only T1's (none)", got)
	}
	if got := events(parse(record[1], false)); got != [2]int{1, 0} {
		t.Errorf("record entry after T1's turn: events %v, want T0's SUMMON kept", got)
	}
	if got := events(parse(record[0], false)); got != [2]int{1, 0} {
		t.Errorf("record entry after T0's turn: events %v", got)
	}
}
