package jungle

import (
	"reflect"
	"strings"
	"testing"
)

func TestActionValidation(t *testing.T) {
	cases := []struct{ entry, err string }{
		{`null`, "null Empty action was sent"},
		{`false`, "false Empty action was sent"},
		{`0`, "0 Empty action was sent"},
		{`-0.0`, "0 Empty action was sent"},
		{`""`, " Empty action was sent"},
		{`true`, "[object Object] Action type undefined is invalid!"},
		{`"MOVE"`, "[object Object] Action type undefined is invalid!"},
		{`[1,2]`, "[object Object] Action type undefined is invalid!"},
		{`{}`, "[object Object] Action type undefined is invalid!"},
		{`{"type":"unit"}`, "[object Object] Action type unit is invalid!"},
		{`{"type":5}`, "[object Object] Action type 5 is invalid!"},
		{`{"type":null}`, "[object Object] Action type null is invalid!"},
		{`{"type":[1,null,"a"]}`, "[object Object] Action type 1,,a is invalid!"},
		{`{"type":{"a":1}}`, "[object Object] Action type [object Object] is invalid!"},
		{`{"TYPE":"UNIT","action":"NONE","unitId":"1"}`, "[object Object] Action type undefined is invalid!"},
		{`{"type":"UNIT","action":"move","unitId":"1"}`, `[object Object] Invalid action was sent {"type":"UNIT","action":"move","unitId":"1"}`},
		{`{ "type" : "UNIT", "action" : "FLY" }`, `[object Object] Invalid action was sent {"type":"UNIT","action":"FLY"}`},
		{`{"type":"UNIT","action":"MOVE","unitId":"1","target":{"x":1}}`, `[object Object] Invalid target was sent {"type":"UNIT","action":"MOVE","unitId":"1","target":{"x":1}}`},
		{`{"type":"UNIT","action":"MOVE","unitId":"1","target":{"x":1.5,"y":2}}`, "Invalid target was sent"},
		{`{"type":"UNIT","action":"MOVE","unitId":"1","target":{"x":"1","y":2}}`, "Invalid target was sent"},
		{`{"type":"UNIT","action":"MOVE","unitId":"1","target":null}`, "Invalid target was sent"},
		// Integers are targets however far off the map (JavaScript prints
		// them exactly up to 2^53); beyond, a coordinate counts as missing.
		{`{"type":"UNIT","action":"DROP","unitId":"1","target":{"x":1e12,"y":2}}`, ""},
		{`{"type":"UNIT","action":"DROP","unitId":"1","target":{"x":-9007199254740991,"y":2}}`, ""},
		{`{"type":"UNIT","action":"DROP","unitId":"1","target":{"x":1e16,"y":2}}`, "Invalid target was sent"},
		{`{"type":"UNIT","action":"NONE"}`, `[object Object] No unitId was sent {"type":"UNIT","action":"NONE"}`},
		{`{"type":"UNIT","action":"NONE","unitId":""}`, "No unitId was sent"},
		{`{"type":"UNIT","action":"NONE","unitId":1}`, "No unitId was sent"},
		{`{"type":"UNIT","action":"SUMMON","unitId":"1","target":"anything"}`, ""},
		{`{"type":"UNIT","action":"MOVE","unitId":"1","target":{"x":2.0,"y":-1},"extra":true}`, ""},
	}
	for _, c := range cases {
		a := parseAction([]byte(c.entry))
		if c.err == "" && a.Err != "" || c.err != "" && !strings.Contains(a.Err, c.err) {
			t.Errorf("%s: error %q, want %q", c.entry, a.Err, c.err)
		}

	}
	a := parseAction([]byte(`{"type":"UNIT","action":"MOVE","unitId":"1","target":{"x":2.0,"y":-1}}`))
	if a.Kind != ActMove || a.UnitID != "1" || a.Target != (Pos{2, -1}) {
		t.Errorf("parsed %+v", a)
	}
}

// A far-off integral target is refused by the action's own rule, with the
// coordinates printed in full, as the 2022 server did.
func TestFarTargets(t *testing.T) {
	h := newHarness(t, []string{"S....", ".....", "....S"})
	h.place("1", 1, 1)
	h.tick(h.cmd(act("MOVE", "1", 3000000000, 0)))
	h.wantErrors(0, `(id: 1|position: {"x":1,"y":1})) Target destination is not walkable: [x: 3000000000, y: 0]`)
	h.tick(h.cmd(`{"type":"UNIT","action":"VINE","unitId":"1","target":{"x":1e12,"y":-1e12}}`))
	h.wantErrors(0, `(id: 1|position: {"x":1,"y":1})) There is no unit on position : [x: 1, y: 1]`)
	h.tick(h.cmd(`{"type":"UNIT","action":"ATTACK","unitId":"1","target":{"x":-9007199254740991,"y":1}}`))
	h.wantErrors(0, `(id: 1|position: {"x":1,"y":1})) There is no unit on position : [x: -9007199254740991, y: 1]`)
	h.tick(h.cmd(), h.cmd(`{"type":"UNIT","action":"SPAWN","unitId":"2","target":{"x":4,"y":20000000000}}`))
	h.wantErrors(1, `(id: 2|position: notSpawned)) Target is not a spawn point: [x: 4, y: 20000000000]`)
}

func TestMessageRouting(t *testing.T) {
	cases := []struct {
		text    string
		kind    msgKind
		forTick int
		ok      bool
	}{
		{`{"type":"COMMAND","tick":3,"actions":[]}`, msgCommand, 3, true},
		{`{"type":"COMMAND","tick":3.0,"actions":[]}`, msgCommand, 3, true},
		{`{"type":"COMMAND","tick":"3","actions":[]}`, msgCommand, 3, false},
		{`{"type":"COMMAND","tick":4}`, msgCommand, 3, false},
		{`{"type":"COMMAND"}`, msgCommand, 0, false},
		{`{"Type":"COMMAND","tick":3}`, msgOther, 3, false},
		{`{"type":"REGISTER","teamName":"x"}`, msgOther, 0, false},
		{`[1,2]`, msgOther, 0, false},
		{`null`, msgOther, 0, false},
		{`{not json`, msgInvalid, 0, false},
		{``, msgInvalid, 0, false},
	}
	for _, c := range cases {
		m := parseMessage(c.text)
		if m.kind != c.kind || m.isCommandFor(c.forTick) != c.ok {
			t.Errorf("%q: kind %d for-tick %v", c.text, m.kind, m.isCommandFor(c.forTick))
		}
	}
	if m := parseMessage(`{"type":"COMMAND","tick":1,"actions":{}}`); m.kind != msgCommand || !m.command().NoActions {
		t.Errorf("actions as an object: kind %d, %+v", m.kind, m.command())
	}
}

func TestJSString(t *testing.T) {
	for raw, want := range map[string]string{
		`1e21`: "1e+21", `1.5e-7`: "1.5e-7", `0.000001`: "0.000001", `123456789012`: "123456789012",
		`-2.50`: "-2.5", `"a\"b"`: `a"b`, `true`: "true", `[]`: "", `[[1,2],3]`: "1,2,3",
	} {
		if got := jsString([]byte(raw)); got != want {
			t.Errorf("jsString(%s) = %q, want %q", raw, got, want)
		}
	}
}

// FuzzCommand: parsing any message never panics, a COMMAND always yields
// one action per entry, and applying it to a board never breaks the board.
func FuzzCommand(f *testing.F) {
	for _, s := range []string{
		`{"type":"COMMAND","tick":0,"actions":[{"type":"UNIT","action":"SPAWN","unitId":"1","target":{"x":0,"y":0}}]}`,
		`{"type":"COMMAND","tick":0,"actions":[{"type":"UNIT","action":"MOVE","unitId":"1","target":{"x":4,"y":2}},{"type":"UNIT","action":"NONE","unitId":"2"}]}`,
		`{"type":"COMMAND","tick":0,"actions":[null,false,0,"",true,[],{},{"type":"UNIT"}]}`,
		`{"type":"COMMAND","tick":0,"actions":[{"type":"UNIT","action":"VINE","unitId":"1","target":{"x":-5,"y":99}}]}`,
		`{"type":"COMMAND","tick":0,"actions":[{"type":"UNIT","action":"DROP","unitId":"1","target":{"x":1,"y":1}},{"type":"UNIT","action":"ATTACK","unitId":"1","target":{"x":1,"y":0}}]}`,
		`{"type":"COMMAND","tick":0}`, `{"type":"COMMAND","tick":0,"actions":"x"}`, `{not json`, `[]`, `"COMMAND"`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m := parseMessage(text)
		if m.kind != msgCommand {
			return
		}
		c := m.command()
		for _, a := range c.Actions {
			if a.Err == "" && (a.UnitID == "" || int(a.Kind) >= len(actionNames)) {
				t.Fatalf("accepted a malformed entry: %+v", a)
			}
		}
		mp, err := ParseText([]byte("jungle-map 1\nname: f\n---\nSS..D\n.....\n..#..\n.....\nD...S\n"))
		if err != nil {
			t.Fatal(err)
		}
		s := newState(mp, 1, []string{"a", "b"}, 2)
		s.place(0, Pos{0, 0})
		s.place(2, Pos{2, 1})
		s.applyCommand(0, c)
		s.applyCommand(1, c)
		occupied := 0
		for i, u := range s.Units {
			if u.Alive {
				occupied++
				if s.unitAt(u.Pos) != i {
					t.Fatalf("unit %s not where the board says", u.ID)
				}
			}
		}
		n := 0
		for _, o := range s.occ {
			if o > 0 {
				n++
			}
		}
		if n != occupied {
			t.Fatalf("%d tiles occupied for %d alive units", n, occupied)
		}
	})
}

// FuzzFastCommand: whatever fastCommand accepts, the general reading of
// parseMessage (encoding/json) reads the same way.
func FuzzFastCommand(f *testing.F) {
	for _, s := range []string{
		`{"type":"COMMAND","tick":0,"actions":[]}`,
		`{"type":"COMMAND","tick":12,"actions":[{"type":"UNIT","action":"SPAWN","unitId":"1","target":{"x":0,"y":0}}]}`,
		`{"type":"COMMAND","tick":299,"actions":[{"type":"UNIT","action":"MOVE","unitId":"1","target":{"x":-4,"y":2}},{"type":"UNIT","action":"NONE","unitId":"2"},{"type":"UNIT","action":"SUMMON","unitId":"3"}]}`,
		`{"type":"COMMAND","tick":7,"actions":[{"type":"UNIT","action":"VINE","unitId":"a b","target":{"x":123456789,"y":99}}]}`,
		`{"type":"COMMAND","tick":7,"actions":[{"type":"UNIT","action":"NONE","unitId":"2","target":{"x":1,"y":1}}]}`,
		`{"type":"COMMAND","tick":07,"actions":[]}`, `{"type":"COMMAND","tick":-0,"actions":[]}`,
		`{"type":"COMMAND","tick":1,"actions":[{"type":"UNIT","action":"DROP","unitId":"","target":{"x":1,"y":1}}]}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		fast, ok := fastCommand(text)
		if !ok {
			return
		}
		fast.cmd = nil
		slow := parseJSONMessage(text)
		if slow.kind != fast.kind || slow.typ != fast.typ || slow.tick != fast.tick || slow.hasTick != fast.hasTick || slow.tickStr != fast.tickStr {
			t.Fatalf("fast %+v, general %+v", fast, slow)
		}
		fc, _ := fastCommand(text)
		if got, want := fc.command(), slow.command(); !reflect.DeepEqual(got, want) {
			t.Fatalf("fast command %+v, general %+v", got, want)
		}
	})
}
