package jungle

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// ActionKind is the action of a COMMAND entry.
type ActionKind uint8

// The seven actions, case-sensitive on the wire.
const (
	ActSpawn ActionKind = iota
	ActMove
	ActSummon
	ActDrop
	ActVine
	ActAttack
	ActNone
)

var actionNames = [...]string{"SPAWN", "MOVE", "SUMMON", "DROP", "VINE", "ATTACK", "NONE"}

// String is the action as written on the wire: "MOVE".
func (k ActionKind) String() string { return actionNames[k] }

// needsTarget: SPAWN, MOVE, DROP, VINE and ATTACK need target.x and target.y.
func (k ActionKind) needsTarget() bool { return k != ActSummon && k != ActNone }

// Action is one entry of a COMMAND's actions, checked as far as it can be
// without the game state (spec §4.2 steps 2 to 6).
type Action struct {
	Kind   ActionKind
	UnitID string
	Target Pos
	// Err is the error of the first failed check, or "" when the entry is
	// well-formed; an entry with an error is skipped.
	Err string
}

// Command is a parsed COMMAND message.
type Command struct {
	// NoActions: "actions" is missing or not an array (one error,
	// "No actions received", for the whole command).
	NoActions bool
	Actions   []Action
}

// msgKind classifies a message from a team.
type msgKind uint8

const (
	msgInvalid msgKind = iota // not JSON: the socket is closed
	msgCommand                // {"type":"COMMAND",...}
	msgOther                  // JSON of another type, or not an object
)

// message is a team's message as far as routing goes: what it is and, for
// a COMMAND, its tick.
type message struct {
	kind    msgKind
	typ     string // the "type" as JavaScript prints it
	tick    float64
	hasTick bool   // "tick" is a JSON number
	tickStr string // the "tick" as JavaScript prints it
	fields  map[string]json.RawMessage
	cmd     *Command // the COMMAND read by fastCommand (fields is nil then)
}

// parseMessage reads one message from a team. Keys are matched exactly, as
// JavaScript does (encoding/json's struct decoding would ignore case).
func parseMessage(text string) message { return parseMessageInto(text, nil) }

// parseMessageInto is parseMessage reading a COMMAND of fastCommand's shape
// into c's memory (see fastCommandInto).
func parseMessageInto(text string, c *Command) message {
	if m, ok := fastCommandInto(text, c); ok {
		return m
	}
	return parseJSONMessage(text)
}

// parseJSONMessage is parseMessage's general reading, with encoding/json.
func parseJSONMessage(text string) message {
	data := []byte(text)
	if !json.Valid(data) {
		return message{kind: msgInvalid}
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(data, &fields) != nil || fields == nil {
		return message{kind: msgOther, typ: jsString(data)}
	}
	m := message{kind: msgOther, fields: fields}
	if t, ok := fields["type"]; ok {
		m.typ = jsString(t)
		if string(t) == `"COMMAND"` || isJSONString(t, "COMMAND") {
			m.kind = msgCommand
		}
	} else {
		m.typ = "undefined"
	}
	if t, ok := fields["tick"]; ok {
		m.tickStr = jsString(t)
		var f float64
		if len(t) > 0 && (t[0] == '-' || (t[0] >= '0' && t[0] <= '9')) && json.Unmarshal(t, &f) == nil {
			m.tick, m.hasTick = f, true
		}
	} else {
		m.tickStr = "undefined"
	}
	return m
}

// isCommandFor reports whether the message is a COMMAND for tick t (the
// tick is compared as a JSON number, as the reference's !== does).
func (m message) isCommandFor(t int) bool {
	return m.kind == msgCommand && m.hasTick && m.tick == float64(t)
}

func isJSONString(raw json.RawMessage, want string) bool {
	var s string
	return len(raw) > 0 && raw[0] == '"' && json.Unmarshal(raw, &s) == nil && s == want
}

// command parses the actions of a COMMAND message.
func (m message) command() Command {
	if m.cmd != nil {
		return *m.cmd
	}
	raw, ok := m.fields["actions"]
	var entries []json.RawMessage
	if !ok || len(raw) == 0 || raw[0] != '[' || json.Unmarshal(raw, &entries) != nil {
		return Command{NoActions: true}
	}
	c := Command{Actions: make([]Action, len(entries))}
	for i, e := range entries {
		c.Actions[i] = parseAction(e)
	}
	return c
}

const objPrefix = "[object Object] "

// parseAction runs the static checks of spec §4.2 on one entry.
func parseAction(raw json.RawMessage) Action {
	switch string(raw) {
	case "null", "false", `""`:
		return Action{Err: jsString(raw) + " Empty action was sent"}
	}
	if raw[0] == '-' || (raw[0] >= '0' && raw[0] <= '9') {
		if f, err := strconv.ParseFloat(string(raw), 64); err == nil && f == 0 {
			return Action{Err: "0 Empty action was sent"}
		}
	}
	if raw[0] != '{' {
		return Action{Err: objPrefix + "Action type undefined is invalid!"}
	}
	var f map[string]json.RawMessage
	if json.Unmarshal(raw, &f) != nil {
		return Action{Err: objPrefix + "Action type undefined is invalid!"}
	}
	typ, ok := f["type"]
	if !ok || !isJSONString(typ, "UNIT") {
		t := "undefined"
		if ok {
			t = jsString(typ)
		}
		return Action{Err: objPrefix + "Action type " + t + " is invalid!"}
	}
	var a Action
	act, ok := f["action"]
	name := ""
	if ok && len(act) > 0 && act[0] == '"' {
		json.Unmarshal(act, &name)
	}
	found := false
	for k, n := range actionNames {
		if name == n {
			a.Kind, found = ActionKind(k), true
		}
	}
	if !found {
		return Action{Err: objPrefix + "Invalid action was sent " + compact(raw)}
	}
	if a.Kind.needsTarget() {
		var ok bool
		a.Target, ok = parseTarget(f["target"])
		if !ok {
			return Action{Err: objPrefix + "Invalid target was sent " + compact(raw)}
		}
	}
	var id string
	if u, ok := f["unitId"]; ok && len(u) > 0 && u[0] == '"' {
		json.Unmarshal(u, &id)
	}
	if id == "" {
		return Action{Err: objPrefix + "No unitId was sent " + compact(raw)}
	}
	a.UnitID = id
	return a
}

// parseTarget reads {"x":X,"y":Y}; a missing or non-integer coordinate
// makes the target invalid (DECISION in spec §4.2 step 5). Any other
// integer is a target, on the map or not: the action's own rules refuse
// it, printing it in full.
func parseTarget(raw json.RawMessage) (Pos, bool) {
	if len(raw) == 0 || raw[0] != '{' {
		return Pos{}, false
	}
	var f map[string]json.RawMessage
	if json.Unmarshal(raw, &f) != nil {
		return Pos{}, false
	}
	x, ok1 := jsonInt(f["x"])
	y, ok2 := jsonInt(f["y"])
	return Pos{x, y}, ok1 && ok2
}

// maxSafeInt is JavaScript's Number.MAX_SAFE_INTEGER (2^53-1): up to it,
// the 2022 server printed an integer as its digits, as Go does. Beyond, it
// printed rounded digits or an exponent; such a coordinate counts as
// missing here.
const maxSafeInt = 1<<53 - 1

// jsonInt reads an integral JSON number of at most maxSafeInt in magnitude.
func jsonInt(raw json.RawMessage) (int, bool) {
	if len(raw) == 0 || !(raw[0] == '-' || (raw[0] >= '0' && raw[0] <= '9')) {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > maxSafeInt || math.Abs(f) > math.MaxInt {
		return 0, false
	}
	return int(f), true
}

// compact writes an entry back without whitespace, keys in received
// order: our approximation of JavaScript's JSON.stringify (spec §4.2).
func compact(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

// jsString formats a JSON value as JavaScript's `${value}` does.
func jsString(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "undefined"
	}
	switch raw[0] {
	case '"':
		var s string
		json.Unmarshal(raw, &s)
		return s
	case '{':
		return "[object Object]"
	case '[':
		var items []json.RawMessage
		json.Unmarshal(raw, &items)
		parts := make([]string, len(items))
		for i, it := range items {
			if s := string(bytes.TrimSpace(it)); s != "null" {
				parts[i] = jsString(it)
			}
		}
		return strings.Join(parts, ",")
	case 't', 'f', 'n':
		return string(raw)
	}
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil {
		return string(raw)
	}
	return jsNumber(f)
}

// jsNumber formats a number as JavaScript's Number.prototype.toString.
func jsNumber(f float64) string {
	if f == 0 {
		return "0"
	}
	a := math.Abs(f)
	if a >= 1e21 || a < 1e-6 {
		s := strconv.FormatFloat(f, 'e', -1, 64)
		mant, exp, _ := strings.Cut(s, "e")
		sign := exp[0]
		exp = strings.TrimLeft(exp[1:], "0")
		return mant + "e" + string(sign) + exp
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}
