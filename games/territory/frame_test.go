package territory

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// The frames hold what docs/games/territory.md says, and agree with
// themselves: each alive head is on its tile's token, territories count
// the body tokens, the initial frame holds the arena.
func TestFrames(t *testing.T) {
	rep := runMatch(t, 9, []string{"builtin:greedy", "builtin:hunter", "builtin:random", "builtin:hunter"}, "shape=cut", "turns=120")
	var initial struct {
		Turn  int `json:"turn"`
		Width int `json:"width"`
		Arena *struct {
			Name   string      `json:"name"`
			Shape  string      `json:"shape"`
			Turns  int         `json:"turns"`
			Starts [][4][2]int `json:"starts"`
		} `json:"arena"`
		Map []string `json:"map"`
	}
	if err := json.Unmarshal(rep.Initial, &initial); err != nil {
		t.Fatal(err)
	}
	if initial.Turn != 0 || initial.Arena == nil || initial.Arena.Shape != "cut" || len(initial.Arena.Starts) != 4 ||
		len(initial.Map) != initial.Width*initial.Width || initial.Arena.Turns != 120 {
		t.Fatalf("initial frame: %+v", initial)
	}
	events := map[string]int{}
	for _, tr := range rep.Turns {
		var f struct {
			Turn    int      `json:"turn"`
			Width   int      `json:"width"`
			Map     []string `json:"map"`
			Players []struct {
				ID           int      `json:"id"`
				Seat         int      `json:"seat"`
				Alive        bool     `json:"alive"`
				Territory    int      `json:"territory"`
				MaxMovement  int      `json:"maxMovement"`
				MovementLeft int      `json:"movementLeft"`
				Head         *[2]int  `json:"head"`
				Neck         [][2]int `json:"neck"`
				AtHome       bool     `json:"atHome"`
				Decay        *int     `json:"decay"`
				Eliminated   *struct {
					Turn   int    `json:"turn"`
					Reason string `json:"reason"`
				} `json:"eliminated"`
				Answer *Answer `json:"answer"`
			} `json:"players"`
			Events    *Events `json:"events"`
			Over      bool    `json:"over"`
			Positions []int   `json:"positions"`
			Points    []int   `json:"points"`
		}
		if err := json.Unmarshal(tr.Frame, &f); err != nil {
			t.Fatal(err)
		}
		n := f.Width
		tile := func(p [2]int) string { return f.Map[(n-1-p[1])*n+p[0]] }
		if f.Turn != tr.Turn || len(f.Map) != n*n || len(f.Players) != 4 || f.Events == nil {
			t.Fatalf("turn %d: malformed frame", tr.Turn)
		}
		for _, p := range f.Players {
			if p.Answer == nil {
				t.Errorf("turn %d: P%d has no answer", f.Turn, p.ID)
			}
			if !p.Alive {
				if p.Eliminated == nil || p.Eliminated.Turn > f.Turn || p.Head != nil {
					t.Errorf("turn %d: eliminated P%d: %+v", f.Turn, p.ID, p.Eliminated)
				}
				continue
			}
			tok := "P" + fmt.Sprint(p.ID)
			if !strings.Contains(tile(*p.Head), tok+"*") {
				t.Errorf("turn %d: P%d's head %v is not on its tile (%q)", f.Turn, p.ID, *p.Head, tile(*p.Head))
			}
			if p.AtHome != strings.HasPrefix(tile(*p.Head), tok+"-") {
				t.Errorf("turn %d: P%d atHome=%v on %q", f.Turn, p.ID, p.AtHome, tile(*p.Head))
			}
			for _, q := range p.Neck {
				if !strings.Contains(tile(q), "p"+fmt.Sprint(p.ID)) {
					t.Errorf("turn %d: P%d's neck %v is not on the map (%q)", f.Turn, p.ID, q, tile(q))
				}
			}
			body := 0
			for _, s := range f.Map {
				for _, part := range strings.Split(s, "-") {
					if part == tok {
						body++
					}
				}
			}
			if body != p.Territory {
				t.Errorf("turn %d: P%d territory %d, %d body tokens", f.Turn, p.ID, p.Territory, body)
			}
		}
		events["eliminations"] += len(f.Events.Eliminations)
		events["captures"] += len(f.Events.Captures)
		for _, c := range f.Events.Captures {
			for _, q := range c.Tiles {
				if !strings.HasPrefix(tile(q), "P"+fmt.Sprint(c.Player)) {
					t.Errorf("turn %d: captured tile %v of P%d holds %q", f.Turn, q, c.Player, tile(q))
				}
			}
		}
		if f.Over != (tr.Turn == len(rep.Turns)) || (f.Over && (len(f.Positions) != 4 || len(f.Points) != 4)) {
			t.Errorf("turn %d: over=%v positions %v", f.Turn, f.Over, f.Positions)
		}
	}
	if events["captures"] == 0 || events["eliminations"] == 0 {
		t.Errorf("events over the game: %v", events)
	}
}
