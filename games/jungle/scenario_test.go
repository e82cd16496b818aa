package jungle

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
)

// The scenario checklist of spec §9, one test per item (the protocol items
// 1-4, 7 and 12 are tested on a real WebSocket in games/jungle/server and
// bot/; 5 and 6 also end to end in e2e_test.go).

var open5 = []string{".....", ".....", ".....", ".....", "....."}

// 5. An answer for the wrong tick is no answer.
func TestScenario05WrongTick(t *testing.T) {
	h := newHarness(t, []string{"S...S"})
	h.tick()
	h.tick(game.Reply{Status: game.Timeout, Time: 1150e6,
		Lines: []game.Line{{Text: `{"type":"COMMAND","tick":99,"actions":[]}`}}})
	h.wantErrors(0, "No command was received in time on tick 1. Timeout value : 1150")
	if !strings.Contains(strings.Join(h.r.log, "\n"), "Invalid tick number received: 99") {
		t.Errorf("log %q", h.r.log)
	}
}

// A COMMAND for the tick that completes after the time limit is a timeout;
// the log says it came late rather than calling its tick invalid.
func TestLateCommandLogged(t *testing.T) {
	h := newHarness(t, []string{"S...S"})
	h.tick(game.Reply{Status: game.Timeout, Time: 1150e6,
		Lines: []game.Line{{Text: `{"type":"COMMAND","tick":0,"actions":[]}`}}})
	h.wantErrors(0, "No command was received in time on tick 0. Timeout value : 1150")
	log := strings.Join(h.r.log, "\n")
	if !strings.Contains(log, "T0: COMMAND for tick 0 received after the time limit, ignored") || strings.Contains(log, "Invalid tick") {
		t.Errorf("log %q", h.r.log)
	}
}

// 6. A message that is not JSON: the team is dead from the next tick on,
// never asked again, and its unit stays on the board.
func TestScenario06NotJSON(t *testing.T) {
	h := newHarness(t, []string{"S...S"})
	h.tick(h.cmd(act("SPAWN", "1", 0, 0)))
	h.tick(h.raw("{not json"))
	if tp := h.payload(1); !tp.Teams[0].IsDead {
		t.Error("T0 is not isDead at tick 2")
	}
	if _, ask := h.r.Prompt(0); ask {
		t.Error("a dead team is still asked")
	}
	h.wantAt("1", 0, 0)
	h.tick(none)
	if res := h.r.Result(); res.Players[0].Status != game.Disqualified {
		t.Errorf("status %s", res.Players[0].Status)
	}
}

// 8. No actions: one error, and a summoning unit still progresses.
func TestScenario08NoActions(t *testing.T) {
	h := newHarness(t, []string{"S...S"})
	h.place("1", 2, 0)
	h.give("1", 1, 0)
	h.tick(h.cmd(act("SUMMON", "1")))
	h.tick(h.raw(fmt.Sprintf(`{"type":"COMMAND","tick":%d}`, h.r.tick)))
	h.wantErrors(0, "No actions received")
	if d := h.r.st.Diamonds[h.unit("1").Diamond]; d.Level != 2 {
		t.Errorf("level %d after the summon's second tick, want 2", d.Level)
	}
}

// 9. The errors of a command with several bad entries, in order.
func TestScenario09Errors(t *testing.T) {
	h := newHarness(t, []string{"S....", ".....", ".....", "....S"})
	h.place("1", 1, 1)
	h.tick(h.cmd(act("MOVE", "1", 2, 1), act("MOVE", "1", 3, 1), act("NONE", "2"), act("NONE", "7"), act("JUMP", "1")))
	h.wantErrors(0,
		`[object Object] Unit (id: 1|position: {"x":2,"y":1})) already received a command!`,
		`[object Object] Unit 2 doesn't exists!`,
		`[object Object] Unit 7 doesn't exists!`,
		`[object Object] Invalid action was sent {"type":"UNIT","action":"JUMP","unitId":"1"}`)
	h.wantAt("1", 2, 1)
}

// 10. SPAWN without a target.
func TestScenario10NoTarget(t *testing.T) {
	h := newHarness(t, []string{"S...S"})
	h.tick(h.cmd(act("SPAWN", "1")))
	h.wantErrors(0, `[object Object] Invalid target was sent {"type":"UNIT","action":"SPAWN","unitId":"1"}`)
}

// 11. NONE or MOVE for a dead unit.
func TestScenario11Dead(t *testing.T) {
	h := newHarness(t, []string{"S...S"})
	h.tick(h.cmd(act("NONE", "1")))
	h.wantErrors(0, "(id: 1|position: notSpawned)) Unit is dead!")
	h.tick(h.cmd(act("MOVE", "1", 2, 0)))
	h.wantErrors(0, "(id: 1|position: notSpawned)) Unit is dead!")
}

// 13. SPAWN on a free spawn.
func TestScenario13Spawn(t *testing.T) {
	h := newHarness(t, []string{"S...S"})
	h.tick(h.cmd(act("SPAWN", "1", 0, 0)))
	h.wantErrors(0)
	h.wantAt("1", 0, 0)
	if u := h.payload(0).unitJSON("1"); !strings.Contains(u, `"position":{"x":0,"y":0}`) || !strings.Contains(u, `"hasSpawned":true`) {
		t.Errorf("unit %s", u)
	}
}

// 14. SPAWN off a spawn tile, or off the map.
func TestScenario14SpawnNotSpawn(t *testing.T) {
	h := newHarness(t, []string{"S...S"})
	h.tick(h.cmd(act("SPAWN", "1", 2, 0)))
	h.wantErrors(0, "(id: 1|position: notSpawned)) Target is not a spawn point: [x: 2, y: 0]")
	h.tick(h.cmd(act("SPAWN", "1", 9, 9)))
	h.wantErrors(0, "(id: 1|position: notSpawned)) Target is not a spawn point: [x: 9, y: 9]")
}

// 15. SPAWN on a taken spawn falls back on a free spawn neighbour, drawn
// from the seed when there are several.
func TestScenario15SpawnFallback(t *testing.T) {
	h := newHarness(t, []string{"SS..", "...."})
	h.place("2", 0, 0)
	h.tick(h.cmd(act("SPAWN", "1", 0, 0)))
	h.wantErrors(0)
	h.wantAt("1", 1, 0)

	seen := map[Pos]bool{}
	for seed := uint64(1); seed <= 40; seed++ {
		pick := func() Pos {
			h := newHarness(t, []string{"SS.", "S.."})
			h.r.st.spawnRng = newStream(seed, streamSpawn)
			h.place("2", 0, 0)
			h.tick(h.cmd(act("SPAWN", "1", 0, 0)))
			return h.unit("1").Pos
		}
		a, b := pick(), pick()
		if a != b {
			t.Fatalf("seed %d: %v then %v", seed, a, b)
		}
		seen[a] = true
	}
	if !seen[Pos{0, 1}] || !seen[Pos{1, 0}] || len(seen) != 2 {
		t.Errorf("fallbacks seen %v, want both (0,1) and (1,0)", seen)
	}
}

// 16. No free spawn neighbour.
func TestScenario16SpawnFull(t *testing.T) {
	h := newHarness(t, []string{"S...", "...S"})
	h.place("2", 0, 0)
	h.tick(h.cmd(act("SPAWN", "1", 0, 0)))
	h.wantErrors(0, "(id: 1|position: notSpawned)) A unit is already on that location: [x: 0, y: 0]. No alternative spawn is available either!")
}

// 17. SPAWN by an alive unit.
func TestScenario17AlreadySpawned(t *testing.T) {
	h := newHarness(t, []string{"S...", "....", "....", "...."})
	h.place("1", 3, 3)
	h.tick(h.cmd(act("SPAWN", "1", 0, 0)))
	h.wantErrors(0, `(id: 1|position: {"x":3,"y":3})) Unit has already spawned`)
	h = newHarness(t, []string{"S...", "...."})
	h.place("1", 0, 0)
	h.tick(h.cmd(act("SPAWN", "1", 0, 0)))
	h.wantErrors(0, `(id: 1|position: {"x":0,"y":0})) Invalid action, you cannot execute action 'SPAWN' on a spawn point`)
}

// 18. A unit killed earlier in the tick respawns in the same tick.
func TestScenario18RespawnSameTick(t *testing.T) {
	h := newHarness(t, []string{"S....", "....S"})
	h.place("1", 1, 0).place("2", 2, 0)
	h.tick(h.cmd(act("ATTACK", "1", 2, 0)), h.cmd(act("SPAWN", "2", 4, 1)))
	h.wantErrors(1)
	h.wantAt("2", 4, 1)
	if u := h.payload(1).unitJSON("2"); !strings.Contains(u, `"wasAttackedBy":"1"`) {
		t.Errorf("unit 2 %s", u)
	}
}

// 19. Two units heading for the same tile: the one playing later is refused.
func TestScenario19Race(t *testing.T) {
	h := newHarness(t, []string{"S.....S"})
	h.tick(h.cmd(act("SPAWN", "1", 0, 0)), h.cmd(act("SPAWN", "2", 6, 0)))
	for tick := 1; tick <= 5; tick++ {
		h.tick(h.cmd(act("MOVE", "1", 3, 0)), h.cmd(act("MOVE", "2", 3, 0)))
		if tick == 3 {
			h.wantAt("1", 3, 0)
		}
		if tick >= 3 {
			h.wantErrors(1, `(id: 2|position: {"x":4,"y":0})) Target destination is not walkable: [x: 3, y: 0]`)
		} else {
			h.wantErrors(1)
		}
	}
}

// 20. The reference's paths on an open map (and the spec's vectors).
func TestScenario20Paths(t *testing.T) {
	cases := []struct {
		from, to Pos
		block    *Pos
		want     string
	}{
		{Pos{0, 0}, Pos{4, 4}, nil, "(0,1) (0,2) (0,3) (1,3) (2,3) (3,3) (4,3) (4,4)"},
		{Pos{4, 4}, Pos{0, 0}, nil, "(4,3) (4,2) (4,1) (3,1) (2,1) (1,1) (0,1) (0,0)"},
		{Pos{2, 2}, Pos{0, 0}, nil, "(1,2) (1,1) (1,0) (0,0)"},
		{Pos{0, 0}, Pos{3, 1}, nil, "(1,0) (2,0) (3,0) (3,1)"},
		{Pos{0, 2}, Pos{4, 2}, &Pos{1, 2}, "(0,3) (1,3) (2,3) (3,3) (4,3) (4,2)"},
	}
	for _, c := range cases {
		h := newHarness(t, open5)
		h.place("1", c.from.X, c.from.Y)
		if c.block != nil {
			h.place("2", c.block.X, c.block.Y)
		}
		st := h.r.st
		path := st.search.findPath(5, 5, c.from, c.to, func(p Pos) bool { return st.walkable(p, false, false) })
		var parts []string
		for _, p := range path[1:] {
			parts = append(parts, fmt.Sprintf("(%d,%d)", p.X, p.Y))
		}
		if got := strings.Join(parts, " "); got != c.want {
			t.Errorf("%v -> %v: %s, want %s", c.from, c.to, got, c.want)
		}
	}
}

// 21. The stored path is followed without a new search.
func TestScenario21StoredPath(t *testing.T) {
	h := newHarness(t, open5)
	h.place("1", 0, 0)
	h.tick(h.cmd(act("MOVE", "1", 4, 4)))
	h.wantAt("1", 0, 1)
	if u := h.payload(0).unitJSON("1"); !strings.Contains(u,
		`"path":[{"x":0,"y":2},{"x":0,"y":3},{"x":1,"y":3},{"x":2,"y":3},{"x":3,"y":3},{"x":4,"y":3},{"x":4,"y":4}]`) {
		t.Errorf("unit %s", u)
	}
	n := h.r.st.search.count
	h.tick(h.cmd(act("MOVE", "1", 4, 4)))
	h.wantAt("1", 0, 2)
	if h.r.st.search.count != n {
		t.Error("the second MOVE searched again")
	}
	if got := len(h.unit("1").Path); got != 6 {
		t.Errorf("stored path has %d steps, want 6", got)
	}
}

// 22. A carrier walks around diamonds; a non-carrier picks one up.
func TestScenario22CarrierPath(t *testing.T) {
	rows := []string{"SS...", "SS...", ".....", ".D..."}
	h := newHarness(t, rows)
	h.place("1", 0, 3)
	h.give("1", 1, 0)
	var got []Pos
	for i := 0; i < 4; i++ {
		h.tick(h.cmd(act("MOVE", "1", 2, 3)))
		got = append(got, h.unit("1").Pos)
	}
	if fmt.Sprintf("%v", got) != "[[x: 0, y: 2] [x: 1, y: 2] [x: 2, y: 2] [x: 2, y: 3]]" {
		t.Errorf("carrier went %v", got)
	}
	h = newHarness(t, rows)
	h.place("1", 0, 3)
	h.tick(h.cmd(act("MOVE", "1", 2, 3)))
	h.wantAt("1", 1, 3)
	if h.unit("1").Diamond < 0 {
		t.Error("no pick-up on the way")
	}
	h.tick(h.cmd(act("MOVE", "1", 2, 3)))
	h.wantAt("1", 2, 3)
}

// 23. Spawn tiles are walls once off spawn; from a spawn, anything goes.
func TestScenario23SpawnWalls(t *testing.T) {
	rows := []string{"SS...", "SS...", ".....", "....."}
	h := newHarness(t, rows)
	h.place("1", 2, 2)
	h.tick(h.cmd(act("MOVE", "1", 0, 1)))
	h.wantErrors(0, `(id: 1|position: {"x":2,"y":2})) Target destination is not walkable: [x: 0, y: 1]`)
	h = newHarness(t, rows)
	h.place("1", 0, 0)
	h.tick(h.cmd(act("MOVE", "1", 4, 0)))
	h.wantErrors(0)
	h.wantAt("1", 1, 0)
}

// 24. Teammates move in action order; a swap is refused both ways.
func TestScenario24Teammates(t *testing.T) {
	h := newHarness(t, open5, "nb_units_per_team=2")
	h.place("1", 2, 1).place("2", 3, 1)
	h.tick(h.cmd(act("MOVE", "1", 1, 1), act("MOVE", "2", 2, 1)))
	h.wantErrors(0)
	h.wantAt("1", 1, 1)
	h.wantAt("2", 2, 1)
	h = newHarness(t, open5, "nb_units_per_team=2")
	h.place("1", 2, 3).place("2", 3, 3)
	h.tick(h.cmd(act("MOVE", "1", 3, 3), act("MOVE", "2", 2, 3)))
	h.wantErrors(0,
		`(id: 1|position: {"x":2,"y":3})) Target destination is not walkable: [x: 3, y: 3]`,
		`(id: 2|position: {"x":3,"y":3})) Target destination is not walkable: [x: 2, y: 3]`)
}

// 25. An enclosed target: no path, and the stored path is cleared.
func TestScenario25NoPath(t *testing.T) {
	h := newHarness(t, []string{".....", "...#.", "..#.#", "...#.", "....."})
	h.place("1", 0, 0)
	h.tick(h.cmd(act("MOVE", "1", 4, 4)))
	if len(h.unit("1").Path) == 0 {
		t.Fatal("no stored path to start with")
	}
	h.tick(h.cmd(act("MOVE", "1", 3, 2)))
	h.wantErrors(0, `(id: 1|position: {"x":0,"y":1})) No path to [x: 3, y: 2]`)
	if len(h.unit("1").Path) != 0 {
		t.Error("the stored path was kept")
	}
}

// 26. MOVE to its own tile.
func TestScenario26MoveInPlace(t *testing.T) {
	h := newHarness(t, open5)
	h.place("1", 0, 0)
	h.tick(h.cmd(act("MOVE", "1", 4, 4)))
	h.tick(h.cmd(act("MOVE", "1", 0, 1)))
	h.wantErrors(0)
	if u := h.payload(0).unitJSON("1"); !strings.Contains(u, `"path":[]`) {
		t.Errorf("unit %s", u)
	}
}

// diamondJSON returns the payload's diamond object at index i.
func (h *harness) diamondJSON(p, i int) string { return string(h.payload(p).Map.Diamonds[i]) }

// 27. Picking up a diamond.
func TestScenario27PickUp(t *testing.T) {
	h := newHarness(t, []string{"S....", ".D...", "....S"})
	h.place("1", 1, 0)
	h.tick()
	h.tick()
	h.tick(h.cmd(act("MOVE", "1", 1, 1)))
	if u := h.payload(0).unitJSON("1"); !strings.Contains(u, `"hasDiamond":true`) {
		t.Errorf("unit %s", u)
	}
	d := h.diamondJSON(0, 0)
	if !strings.Contains(d, `"points":1`) || !strings.Contains(d, `"ownerId":"1"`) || !strings.Contains(d, `"position":{"x":1,"y":1}`) {
		t.Errorf("diamond %s", d)
	}
}

// points returns the held diamond's points and level, and isSummoning as
// the TICK shows them.
func (h *harness) held(id string) (points, level int, summoning bool) {
	u := h.unit(id)
	d := h.r.st.Diamonds[u.Diamond]
	return d.Points, d.Level, strings.Contains(h.payload(0).unitJSON(id), `"isSummoning":true`)
}

// 28 and 29. Summon timing and points.
func TestScenario28And29Summon(t *testing.T) {
	h := newHarness(t, []string{"S....", ".D...", "....S"})
	h.place("1", 1, 0)
	h.tick()
	h.tick()
	h.tick(h.cmd(act("MOVE", "1", 1, 1))) // tick 2: picked up
	h.tick(h.cmd(act("SUMMON", "1")))     // tick 3
	var got []string
	record := func() {
		p, l, s := h.held("1")
		got = append(got, fmt.Sprintf("t%d:%d/L%d/%v", h.r.tick, p, l, s))
	}
	record() // TICK 4
	h.tick()
	record() // TICK 5
	h.tick()
	record() // TICK 6
	if strings.Join(got, " ") != "t4:2/L1/true t5:4/L2/false t6:6/L2/false" {
		t.Errorf("28: %v", got)
	}
	h.tick(h.cmd(act("SUMMON", "1"))) // tick 6
	h.tick(h.cmd(act("MOVE", "1", 2, 1)))
	h.wantErrors(0, `(id: 1|position: {"x":1,"y":1})) Invalid action, you cannot execute action 'MOVE' while summoning!`)
	got = nil
	h.tick() // tick 8: level 3 at its end
	record()
	h.tick()
	record()
	if strings.Join(got, " ") != "t9:13/L3/false t10:16/L3/false" {
		t.Errorf("29: %v", got)
	}
}

// 30. A summon stalls on ticks that time out.
func TestScenario30SummonStalls(t *testing.T) {
	h := newHarness(t, []string{"S....", ".....", "....S"})
	h.place("1", 1, 1)
	h.give("1", 1, 0)
	var pts []int
	h.tick(h.cmd(act("SUMMON", "1")))
	pts = append(pts, h.r.st.Diamonds[0].Points)
	h.tick(timeout)
	pts = append(pts, h.r.st.Diamonds[0].Points)
	h.tick(timeout)
	pts = append(pts, h.r.st.Diamonds[0].Points)
	if h.r.st.Diamonds[0].Level != 1 {
		t.Error("level 2 too early")
	}
	h.tick(h.cmd(act("NONE", "1")))
	pts = append(pts, h.r.st.Diamonds[0].Points)
	if h.r.st.Diamonds[0].Level != 2 {
		t.Error("not level 2 at the end of tick 3")
	}
	h.tick()
	pts = append(pts, h.r.st.Diamonds[0].Points)
	if fmt.Sprint(pts) != "[1 2 3 5 7]" {
		t.Errorf("points at ticks 1..5: %v, want [1 2 3 5 7]", pts)
	}
}

// 31. No summon past level 5.
func TestScenario31MaxLevel(t *testing.T) {
	h := newHarness(t, []string{"S....", ".....", "....S"})
	h.place("1", 1, 1)
	d := h.give("1", 5, 0)
	h.tick(h.cmd(act("SUMMON", "1")))
	h.wantErrors(0, `(id: 1|position: {"x":1,"y":1})) Diamond with id '`+d.ID+` is already at the maximum summon level!`)
}

// 32. A scoring drop.
func TestScenario32Drop(t *testing.T) {
	h := newHarness(t, []string{"S....", ".....", "....S"})
	h.place("1", 1, 1)
	h.give("1", 3, 16)
	h.tick(h.cmd(act("DROP", "1", 2, 1)))
	tp := h.payload(0)
	if tp.Teams[0].Score != 16 {
		t.Errorf("score %d", tp.Teams[0].Score)
	}
	if d := h.diamondJSON(0, 0); d != `{"id":"00000000-0000-4000-8000-000000000000","position":{"x":2,"y":1},"summonLevel":1,"points":0}` {
		t.Errorf("diamond %s", d)
	}
}

// 33. A drop onto a unit without a diamond hands it over.
func TestScenario33HandOver(t *testing.T) {
	h := newHarness(t, []string{"S....", ".....", "....S"})
	h.place("1", 1, 1).place("2", 2, 1)
	h.give("1", 2, 9)
	h.tick(h.cmd(act("DROP", "1", 2, 1)))
	if h.unit("2").Diamond != 0 || h.unit("1").Diamond != -1 {
		t.Error("no hand-over")
	}
	if d := h.r.st.Diamonds[0]; d.Level != 2 || d.Points != 9+2 || h.r.st.Teams[0].Score != 0 {
		t.Errorf("diamond %+v, score %d", d, h.r.st.Teams[0].Score)
	}
}

// 34. Drop errors.
func TestScenario34DropErrors(t *testing.T) {
	h := newHarness(t, []string{"S....", "..#..", "....S"}, "nb_units_per_team=2")
	h.place("1", 1, 1).place("3", 1, 2)
	h.give("1", 1, 0)
	h.give("3", 1, 0)
	h.tick(h.cmd(act("DROP", "1", 1, 2)))
	h.wantErrors(0, `(id: 1|position: {"x":1,"y":1})) Cannot drop a diamond on a user that has a diamond : [x: 1, y: 2]`)
	h.tick(h.cmd(act("DROP", "1", 3, 1)))
	h.wantErrors(0, `(id: 1|position: {"x":1,"y":1})) Target is not adjacent : [x: 3, y: 1]`)
	h.tick(h.cmd(act("DROP", "1", 2, 1)))
	h.wantErrors(0, `(id: 1|position: {"x":1,"y":1})) Can only drop on empty tile : [x: 2, y: 1]`)
	h.place("1", 1, 0)
	h.tick(h.cmd(act("DROP", "1", 0, 0)))
	h.wantErrors(0, `(id: 1|position: {"x":1,"y":0})) Can only drop on empty tile : [x: 0, y: 0]`)
}

// 35. On a tile with several free diamonds, the most points; then list order.
func TestScenario35PickBest(t *testing.T) {
	h := newHarness(t, []string{"S....", ".....", "....S"})
	h.place("1", 1, 1)
	st := h.r.st
	for _, pts := range []int{0, 7} {
		st.Diamonds = append(st.Diamonds, &Diamond{ID: fmt.Sprint(pts), Pos: Pos{2, 1}, Level: 1, Points: pts, Owner: -1})
		st.addFree(Pos{2, 1}, 1)
	}
	h.tick(h.cmd(act("MOVE", "1", 2, 1)))
	if st.Diamonds[h.unit("1").Diamond].ID != "7" {
		t.Error("did not take the diamond with 7 points")
	}
	h = newHarness(t, []string{"S....", ".....", "....S"})
	h.place("1", 1, 1)
	st = h.r.st
	for _, id := range []string{"first", "second"} {
		st.Diamonds = append(st.Diamonds, &Diamond{ID: id, Pos: Pos{2, 1}, Level: 1, Points: 3, Owner: -1})
		st.addFree(Pos{2, 1}, 1)
	}
	h.tick(h.cmd(act("MOVE", "1", 2, 1)))
	if st.Diamonds[h.unit("1").Diamond].ID != "first" {
		t.Error("on equal points, did not take the earlier diamond")
	}
}

// 36. The last tick: a drop scores, held diamonds only break ties.
func TestScenario36LastTick(t *testing.T) {
	h := newHarness(t, []string{"S....", ".....", "....S"}, "nb_ticks=2")
	h.place("1", 1, 1).place("2", 3, 1)
	h.give("1", 1, 4)
	h.give("2", 1, 4)
	h.tick()
	h.tick(h.cmd(act("DROP", "1", 1, 0)))
	if !h.r.over {
		t.Fatal("not over after nb_ticks")
	}
	res := h.r.Result()
	if res.Players[0].Score != 5 || res.Players[1].Score != 0 || res.Players[1].Stats["pendingPoints"] != 6 {
		t.Errorf("result %+v", res.Players)
	}
}

// 37. A carrier cannot attack; attacking a carrier kills it and takes the diamond.
func TestScenario37Attack(t *testing.T) {
	h := newHarness(t, []string{"S....", ".....", ".....", "....S"})
	h.place("1", 3, 2).place("2", 4, 2)
	d := h.give("2", 2, 5)
	h.r.orders[0] = []int{1, 0}
	h.tick(h.cmd(act("ATTACK", "1", 4, 2)), h.cmd(act("ATTACK", "2", 3, 2)))
	h.wantErrors(1, `(id: 2|position: {"x":4,"y":2})) Unit has a diamond and cannot do this action!`)
	u := h.payload(1).unitJSON("2")
	for _, want := range []string{`"position":null`, `"wasAttackedBy":"1"`, `"positionBeforeDying":{"x":4,"y":2}`} {
		if !strings.Contains(u, want) {
			t.Errorf("unit 2 %s lacks %s", u, want)
		}
	}
	if h.unit("1").Diamond < 0 || d.Level != 2 || d.Points != 5+2 {
		t.Errorf("attacker diamond %d, %+v", h.unit("1").Diamond, d)
	}
	if h.r.st.Teams[1].Deaths != 1 {
		t.Error("deaths not counted")
	}
}

// 38. Two attacks on each other: the team playing first wins.
func TestScenario38MutualAttack(t *testing.T) {
	h := newHarness(t, []string{"S....", ".....", "....S"})
	h.place("1", 1, 1).place("2", 2, 1)
	h.r.orders[0] = []int{1, 0}
	h.tick(h.cmd(act("ATTACK", "1", 2, 1)), h.cmd(act("ATTACK", "2", 1, 1)))
	h.wantErrors(0, "(id: 1|position: notSpawned)) Unit is dead!")
	h.wantAt("2", 2, 1)
}

// 39. Friendly fire.
func TestScenario39FriendlyFire(t *testing.T) {
	h := newHarness(t, []string{"S....", ".....", "....S"}, "nb_units_per_team=2")
	h.place("1", 1, 1).place("2", 2, 1)
	h.tick(h.cmd(act("ATTACK", "1", 2, 1)))
	if h.unit("2").Alive || h.r.st.Teams[0].Deaths != 1 {
		t.Error("the teammate survived")
	}
}

// 40. Attack errors.
func TestScenario40AttackErrors(t *testing.T) {
	h := newHarness(t, []string{"S....", ".S...", ".....", "....."}, "nb_units_per_team=2")
	h.place("1", 2, 1).place("3", 1, 1)
	h.tick(h.cmd(act("ATTACK", "1", 1, 1)))
	h.wantErrors(0, `(id: 1|position: {"x":2,"y":1})) Target is on a spawn point, impossible to kill : [x: 1, y: 1]`)
	h.tick(h.cmd(), h.cmd(act("ATTACK", "3", 2, 1)))
	h.wantErrors(1, `(id: 3|position: {"x":1,"y":1})) Invalid action, you cannot execute action 'ATTACK' on a spawn point`)
	h.tick(h.cmd(act("ATTACK", "1", 3, 1)))
	h.wantErrors(0, `(id: 1|position: {"x":2,"y":1})) There is no unit on position : [x: 3, y: 1]`)
	h.place("4", 2, 3)
	h.tick(h.cmd(act("ATTACK", "1", 2, 3)))
	h.wantErrors(0, `(id: 1|position: {"x":2,"y":1})) Enemy is not reachable for an attack : [x: 2, y: 3]`)
}

// 41. Vining an enemy carrier drops its diamond where it stood.
func TestScenario41Vine(t *testing.T) {
	h := newHarness(t, []string{"S.....", "......", "......", ".....S"})
	h.place("1", 0, 2).place("2", 4, 2)
	d := h.give("2", 1, 2)
	h.tick(h.cmd(act("VINE", "1", 4, 2)), h.cmd(act("MOVE", "2", 4, 0)))
	h.wantErrors(1)
	h.wantAt("2", 1, 2)
	if !strings.Contains(h.payload(1).unitJSON("2"), `"wasVinedBy":"1"`) {
		t.Error("no wasVinedBy")
	}
	if d.Owner != -1 || d.Pos != (Pos{4, 2}) || d.Points != 2 || d.Level != 1 {
		t.Errorf("diamond %+v", d)
	}
	ev := h.r.st.Teams[0].Events
	if len(ev) != 0 {
		t.Error("events not reset for the next tick")
	}
	if !strings.Contains(string(h.r.frame), `"vineEvent":{"vineUnitId":"2","diamondSummonLevel":1,"diamondPoints":2}`) {
		t.Errorf("frame lacks the vine event: %s", h.r.frame)
	}
}

// 42. The target moved away first.
func TestScenario42VineMissed(t *testing.T) {
	h := newHarness(t, []string{"S.....", "......", "......", "......", ".....S"})
	h.place("1", 0, 2).place("2", 4, 2)
	h.r.orders[0] = []int{1, 0}
	h.tick(h.cmd(act("VINE", "1", 4, 2)), h.cmd(act("MOVE", "2", 4, 3)))
	h.wantErrors(0, `(id: 1|position: {"x":0,"y":2})) There is no unit on position : [x: 0, y: 2]`)
}

// 43 and 44. Where a vined unit lands.
func TestScenario43And44VineLanding(t *testing.T) {
	h := newHarness(t, []string{"S.....", "......", "......", "......", "......", ".....S"}, "nb_units_per_team=2")
	h.place("1", 0, 4).place("2", 1, 4).place("3", 5, 4)
	h.tick(h.cmd(act("VINE", "1", 5, 4)))
	h.wantAt("3", 2, 4)

	rows := []string{"S.....", "......", ".D....", "......", ".....S"}
	h = newHarness(t, rows)
	h.place("1", 0, 2).place("2", 5, 2)
	h.tick(h.cmd(act("VINE", "1", 5, 2)))
	h.wantAt("2", 1, 2)
	if h.unit("2").Diamond != 0 {
		t.Error("the vined unit did not pick up the diamond where it landed")
	}
	h = newHarness(t, rows)
	h.place("1", 0, 2).place("2", 5, 2)
	h.give("2", 1, 0)
	h.tick(h.cmd(act("VINE", "1", 5, 2)))
	h.wantAt("2", 2, 2)
}

// 45. Vine errors (they print the viner's position).
func TestScenario45VineErrors(t *testing.T) {
	h := newHarness(t, []string{"S.....", "......", "......", "...S..", "......"})
	h.place("1", 3, 0).place("2", 3, 4)
	h.tick(h.cmd(act("VINE", "1", 3, 4)))
	h.wantErrors(0, `(id: 1|position: {"x":3,"y":0})) Target is not in your line of sight, impossible to vine : [x: 3, y: 0]`)
	h.place("2", 3, 1)
	h.tick(h.cmd(act("VINE", "1", 3, 1)))
	h.wantErrors(0, `(id: 1|position: {"x":3,"y":0})) Cannot vine on an adjacent position`)
	h.tick(h.cmd(act("VINE", "1", 3, 0)))
	h.wantErrors(0, `(id: 1|position: {"x":3,"y":0})) Cannot vine a unit on your position`)
}

// 46. Vining a summoning teammate keeps its diamond and its summon.
func TestScenario46VineTeammate(t *testing.T) {
	h := newHarness(t, []string{"S.....", "......", "......", "......", ".....S"}, "nb_units_per_team=2")
	h.place("1", 0, 1).place("2", 0, 3)
	d := h.give("2", 1, 0)
	h.tick(h.cmd(act("SUMMON", "2")))
	h.tick(h.cmd(act("VINE", "1", 0, 3)))
	h.wantAt("2", 0, 2)
	if h.unit("2").Diamond < 0 || d.Level != 2 {
		t.Errorf("teammate diamond %d, level %d", h.unit("2").Diamond, d.Level)
	}
}

// 47. The orderings horizon: five ticks, fewer at the end.
func TestScenario47Horizon(t *testing.T) {
	h := newHarness(t, []string{"S...S"})
	if keys := len(h.payload(0).TeamPlayOrderings); keys != 5 {
		t.Errorf("tick 0: %d ticks of orderings", keys)
	}
	for h.r.tick < 296 {
		h.tick()
	}
	tp := h.payload(0)
	for _, k := range []string{"296", "297", "298", "299"} {
		if _, ok := tp.TeamPlayOrderings[k]; !ok {
			t.Errorf("tick 296 lacks ordering %s", k)
		}
	}
	if len(tp.TeamPlayOrderings) != 4 {
		t.Errorf("tick 296 has %d orderings", len(tp.TeamPlayOrderings))
	}
	// Keys in ascending numeric order ("98" before "100").
	h2 := newHarness(t, []string{"S...S"})
	for h2.r.tick < 98 {
		h2.tick()
	}
	raw := string(h2.r.msg(0))
	if i, j := strings.Index(raw, `"99":`), strings.Index(raw, `"100":`); i < 0 || j < 0 || i > j {
		t.Error("orderings keys not in numeric order")
	}
}

// 48. Ranking tie-breakers.
func TestScenario48Ranking(t *testing.T) {
	h := newHarness(t, []string{"S....", ".....", "....S"}, "nb_ticks=1")
	h.place("1", 1, 1).place("2", 3, 1)
	h.give("2", 1, 3)
	h.tick()
	if res := h.r.Result(); res.Players[1].Rank != 1 {
		t.Errorf("more pending points should rank first: %+v", res.Players)
	}
	h = newHarness(t, []string{"S....", ".....", "....S"}, "nb_ticks=1")
	h.r.st.Teams[0].Deaths = 2
	h.tick()
	if res := h.r.Result(); res.Players[1].Rank != 1 {
		t.Errorf("fewer deaths should rank first: %+v", res.Players)
	}
	h = newHarness(t, []string{"S....", ".....", "....S"}, "nb_ticks=1")
	slow := h.cmd()
	slow.Time = 40e6
	h.tick(slow, h.cmd())
	if res := h.r.Result(); res.Players[1].Rank != 1 || res.Players[0].Rank != 2 {
		t.Errorf("faster answers should rank first: %+v", res.Players)
	}
	h = newHarness(t, []string{"S....", ".....", "....S"}, "nb_ticks=1")
	h.tick()
	if res := h.r.Result(); res.Players[0].Rank != 1 {
		t.Errorf("on a full tie the earlier team ranks first: %+v", res.Players)
	}
	// A team that never answered has no average response time: it ties on
	// that count (the 2022 server's average of nothing was NaN), it does
	// not win it.
	h = newHarness(t, []string{"S....", ".....", "....S"}, "nb_ticks=1")
	h.tick(slow, gone)
	if res := h.r.Result(); res.Players[0].Rank != 1 || res.Players[1].Rank != 2 {
		t.Errorf("a team with no answer should not rank first on response time: %+v", res.Players)
	}
}

// lastState (spec §5.3): positionBefore is the position at the previous
// snapshot, hasSummoned whether the summon advanced; legacy restores the
// reference's values.
func TestLastState(t *testing.T) {
	h := newHarness(t, []string{"S....", ".....", "....S"})
	if u := h.payload(0).unitJSON("1"); !strings.Contains(u, `"lastState":{"positionBefore":null,"hasSummoned":false}`) {
		t.Errorf("tick 0: %s", u)
	}
	h.tick(h.cmd(act("SPAWN", "1", 0, 0)))
	h.tick(h.cmd(act("MOVE", "1", 1, 0)))
	if u := h.payload(0).unitJSON("1"); !strings.Contains(u, `"position":{"x":1,"y":0}`) || !strings.Contains(u, `"positionBefore":{"x":0,"y":0}`) {
		t.Errorf("tick 2: %s", u)
	}
	h = newHarness(t, []string{"S....", ".....", "....S"}, "legacy_last_state=true")
	h.tick(h.cmd(act("SPAWN", "1", 0, 0)))
	h.tick(h.cmd(act("MOVE", "1", 1, 0)))
	if u := h.payload(0).unitJSON("1"); !strings.Contains(u, `"positionBefore":{"x":1,"y":0}`) {
		t.Errorf("legacy tick 2: %s", u)
	}
	h = newHarness(t, []string{"S....", ".....", "....S"})
	h.place("1", 1, 1)
	h.give("1", 1, 0)
	h.tick(h.cmd(act("SUMMON", "1")))
	if u := h.payload(0).unitJSON("1"); !strings.Contains(u, `"hasSummoned":true`) {
		t.Errorf("after a summon tick: %s", u)
	}
}

// Errors are cleared every tick; legacy_errors lets timeouts pile up.
func TestErrorClearing(t *testing.T) {
	for _, legacy := range []bool{false, true} {
		h := newHarness(t, []string{"S...S"}, fmt.Sprintf("legacy_errors=%v", legacy))
		h.tick(timeout)
		h.tick(timeout)
		n := len(h.errors(0))
		if want := map[bool]int{false: 1, true: 2}[legacy]; n != want {
			t.Errorf("legacy=%v: %d errors after two timeouts, want %d", legacy, n, want)
		}
		h.tick(h.cmd())
		h.wantErrors(0)
	}
}

// The TICK payload's keys and order, checked on the spec's §5.3 example
// shape, and other teams' errors hidden.
func TestPayloadShape(t *testing.T) {
	h := newHarness(t, []string{"S...D", ".....", "D...S"}, "nb_units_per_team=2")
	h.place("1", 4, 0)
	h.tick(h.cmd(act("NONE", "9"), act("NONE", "1")), h.cmd())
	raw := string(h.r.msg(0))
	keys := []string{`{"type":"TICK","tick":1,"totalTick":300,"map":{"tiles":[["SPAWN","EMPTY","EMPTY"],`,
		`"gameConfig":{"warmUpPeriod":0,"pointsPerDiamond":1,"maximumDiamondSummonLevel":5,"initialDiamondSummonLevel":1,"maximumUnitPerPosition":1},"teamPlayOrderings":{"1":[`,
		`"teamId":"` + h.r.st.Teams[0].ID + `","teams":[{"isDead":false,"name":"T0","score":0,"units":[{"id":"1","teamId":"`,
		`"errors":["[object Object] Unit 9 doesn't exists!"]},{"isDead":false,"name":"T1"`,
		`"errors":[]}]}`}
	for _, k := range keys {
		if !strings.Contains(raw, k) {
			t.Errorf("TICK lacks %s\n%s", k, raw)
		}
	}
	if strings.Contains(string(h.r.msg(1)), "doesn't exists") {
		t.Error("T1 sees T0's errors")
	}
	var v map[string]any
	if err := json.Unmarshal(h.r.msg(0), &v); err != nil {
		t.Fatal(err)
	}
	// A diamond held by unit 1 (it stood on it at tick 0 and did NONE).
	if !strings.Contains(raw, `"diamondId":"`) || !strings.Contains(raw, `"ownerId":"1"`) {
		t.Errorf("no held diamond in %s", raw)
	}
}

// A disconnected team: DISCONNECT, isDead, skipped without a timeout error,
// its units stay and keep accruing.
func TestDisconnect(t *testing.T) {
	h := newHarness(t, []string{"S...D", ".....", "D...S"})
	h.place("1", 3, 1)
	h.give("1", 1, 0)
	h.tick(gone)
	h.wantErrors(0)
	if !h.payload(1).Teams[0].IsDead || !strings.Contains(string(h.r.frame), `{"action":"DISCONNECT"}`) {
		t.Error("no isDead or DISCONNECT")
	}
	p := h.r.st.Diamonds[h.unit("1").Diamond].Points
	h.tick(gone)
	if h.r.st.Diamonds[h.unit("1").Diamond].Points != p+1 {
		t.Error("a dead team's diamond stopped accruing")
	}
	h.tick(gone, gone)
	if !h.r.over {
		t.Error("the game goes on with every team dead")
	}
	if res := h.r.Result(); res.Players[0].Status != game.Crashed {
		t.Errorf("status %s", res.Players[0].Status)
	}
}

// A timeout in the first ticks prints the effective limit (150 + 1000 ms
// by default); legacy_errors prints the 2022 server's text, which gives the
// base tick_timeout_ms whatever the tick (spec §8 #4).
func TestTimeoutValuePrinted(t *testing.T) {
	for _, c := range []struct {
		opts []string
		want string
	}{
		{nil, "No command was received in time on tick 0. Timeout value : 1150"},
		{[]string{"legacy_errors=true"}, "No command was received in time on tick 0. Timeout value : 150"},
		{[]string{"legacy_errors=true", "tick_timeout_ms=1000"}, "No command was received in time on tick 0. Timeout value : 1000"},
	} {
		h := newHarness(t, []string{"S...S"}, c.opts...)
		h.tick(timeout)
		h.wantErrors(0, c.want)
	}
}

// Under --time-scale the runner scales the tick limits: the timeout
// message and the response time of a timed-out tick give the scaled one.
func TestTimeoutValueScaled(t *testing.T) {
	h := newHarness(t, []string{"S...S"})
	h.r.set.timeScale = 2
	h.tick(timeout)
	h.wantErrors(0, "No command was received in time on tick 0. Timeout value : 2300")
	if s := h.r.seats[0]; s.respMs != 2300 || s.respN != 1 {
		t.Errorf("response time %d ms over %d ticks, want the scaled limit, 2300 over 1", s.respMs, s.respN)
	}
}
