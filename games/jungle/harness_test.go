package jungle

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
)

// harness drives a referee tick by tick with hand-written replies, on a map
// drawn in ASCII ('.' empty, '#' wall, 'S' spawn, 'D' diamond).
type harness struct {
	t *testing.T
	r *referee
}

// setup: 2 teams T0 and T1 with 1 unit each ("1" and "2"), order [T0, T1]
// on every tick (spec §9 default); opts are game options (key=value).
func newHarness(t *testing.T, rows []string, opts ...string) *harness {
	t.Helper()
	return newHarnessTeams(t, 2, rows, opts...)
}

func newHarnessTeams(t *testing.T, teams int, rows []string, opts ...string) *harness {
	t.Helper()
	art := make([][]Art, len(rows))
	for y, row := range rows {
		art[y] = make([]Art, len(row))
		for x := range row {
			art[y][x] = map[byte]Art{'.': ArtFloor, '#': ArtStoneWall, 'S': ArtSpawn, 'D': ArtDiamond}[row[x]]
		}
	}
	m, err := newMap("test", art)
	if err != nil {
		t.Fatal(err)
	}
	o := game.MustOptions(options, append([]string{"nb_units_per_team=1"}, opts...)...)
	set := readSettings(o)
	names := []string{"T0", "T1", "T2", "T3"}[:teams]
	r := newReferee(set, m, 1, names, set.units)
	for i := range r.orders {
		for k := range r.orders[i] {
			r.orders[i][k] = k
		}
	}
	r.startTick()
	return &harness{t: t, r: r}
}

func (h *harness) unit(id string) *Unit {
	for _, u := range h.r.st.Units {
		if u.ID == id {
			return u
		}
	}
	h.t.Fatalf("no unit %s", id)
	return nil
}

func (h *harness) unitIndex(id string) int {
	for i, u := range h.r.st.Units {
		if u.ID == id {
			return i
		}
	}
	h.t.Fatalf("no unit %s", id)
	return -1
}

// place puts units on the board before the game starts (or between ticks)
// and retakes the current tick's snapshot.
func (h *harness) place(id string, x, y int) *harness {
	h.r.st.place(h.unitIndex(id), Pos{x, y})
	h.r.startTick()
	return h
}

// give makes a unit hold a new diamond with that level and points.
func (h *harness) give(id string, level, points int) *Diamond {
	st := h.r.st
	d := &Diamond{ID: fmt.Sprintf("00000000-0000-4000-8000-%012d", len(st.Diamonds)), Level: level, Points: points, Owner: -1}
	st.Diamonds = append(st.Diamonds, d)
	u := h.unitIndex(id)
	st.Units[u].Diamond = len(st.Diamonds) - 1
	d.Owner = u
	h.r.startTick()
	return d
}

// act writes one COMMAND entry; target is optional (x, y).
func act(action, unit string, target ...int) string {
	if len(target) == 2 {
		return fmt.Sprintf(`{"type":"UNIT","action":%q,"unitId":%q,"target":{"x":%d,"y":%d}}`, action, unit, target[0], target[1])
	}
	return fmt.Sprintf(`{"type":"UNIT","action":%q,"unitId":%q}`, action, unit)
}

// Reply shorthands for tick: a list of entries is an accepted COMMAND for
// the current tick; timeout and gone are the runner's statuses.
var (
	timeout = game.Reply{Status: game.Timeout, Time: 150 * time.Millisecond}
	gone    = game.Reply{Status: game.Gone, Error: "closed"}
	none    = game.Reply{Status: game.NotAsked}
)

// cmd is an accepted COMMAND for the current tick with those entries.
func (h *harness) cmd(entries ...string) game.Reply {
	return h.raw(fmt.Sprintf(`{"type":"COMMAND","tick":%d,"actions":[%s]}`, h.r.tick, strings.Join(entries, ",")))
}

// raw is an answer made of exactly these lines.
func (h *harness) raw(lines ...string) game.Reply {
	r := game.Reply{Status: game.Answered, Time: 3 * time.Millisecond}
	for _, l := range lines {
		r.Lines = append(r.Lines, game.Line{Text: l})
	}
	return r
}

// tick plays the current tick with one reply per team (missing: NONE-less
// empty command).
func (h *harness) tick(replies ...game.Reply) {
	h.t.Helper()
	for len(replies) < len(h.r.st.Teams) {
		replies = append(replies, h.cmd())
	}
	if h.r.over {
		h.t.Fatal("the game is over")
	}
	h.r.Play(replies)
}

// payload parses the TICK team p is sent now.
func (h *harness) payload(p int) tickPayload {
	h.t.Helper()
	var tp tickPayload
	if err := json.Unmarshal(h.r.msg(p), &tp); err != nil {
		h.t.Fatalf("TICK is not JSON: %v\n%s", err, h.r.msg(p))
	}
	return tp
}

// errors are the errors team p sees in its next TICK.
func (h *harness) errors(p int) []string { return h.payload(p).Teams[p].Errors }

func (h *harness) wantErrors(p int, want ...string) {
	h.t.Helper()
	got := h.errors(p)
	if len(want) == 0 {
		want = []string{}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		h.t.Errorf("T%d errors:\n  %q\nwant\n  %q", p, got, want)
	}
}

func (h *harness) wantAt(id string, x, y int) {
	h.t.Helper()
	u := h.unit(id)
	if !u.Alive || u.Pos != (Pos{x, y}) {
		h.t.Errorf("unit %s at %v (alive %v), want (%d,%d)", id, u.Pos, u.Alive, x, y)
	}
}

// tickPayload is the TICK as a 2022 kit reads it.
type tickPayload struct {
	Type              string              `json:"type"`
	Tick              int                 `json:"tick"`
	TotalTick         int                 `json:"totalTick"`
	TeamPlayOrderings map[string][]string `json:"teamPlayOrderings"`
	TeamID            string              `json:"teamId"`
	Map               struct {
		Tiles    [][]string        `json:"tiles"`
		Diamonds []json.RawMessage `json:"diamonds"`
	} `json:"map"`
	Teams []struct {
		ID     string            `json:"id"`
		IsDead bool              `json:"isDead"`
		Name   string            `json:"name"`
		Score  int               `json:"score"`
		Units  []json.RawMessage `json:"units"`
		Errors []string          `json:"errors"`
	} `json:"teams"`
}

// unitJSON returns the payload's unit object with that id, as raw JSON.
func (tp tickPayload) unitJSON(id string) string {
	for _, t := range tp.Teams {
		for _, u := range t.Units {
			var x struct {
				ID string `json:"id"`
			}
			json.Unmarshal(u, &x)
			if x.ID == id {
				return string(u)
			}
		}
	}
	return ""
}
