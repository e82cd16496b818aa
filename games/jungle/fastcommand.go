package jungle

import "strings"

// The builtin bots (and most others) write their COMMAND in one exact
// shape: no spaces, keys in this order, unit ids of plain characters,
// integer coordinates, a target exactly for the actions that take one:
//
//	{"type":"COMMAND","tick":N,"actions":[{"type":"UNIT","action":"MOVE","unitId":"3","target":{"x":1,"y":2}},...]}
//
// fastCommand reads that shape without encoding/json, which takes most of
// a match's time between builtins otherwise. Anything else, down to one
// space, is left to parseMessage's general reading (ok false); on what it
// accepts it gives what parseMessage gives (FuzzFastCommand checks it).
func fastCommand(text string) (m message, ok bool) { return fastCommandInto(text, nil) }

// fastCommandInto is fastCommand reading the actions into c's memory (the
// message's cmd is then c), or into new memory if c is nil.
func fastCommandInto(text string, c *Command) (m message, ok bool) {
	r := scan{s: text}
	if !r.lit(`{"type":"COMMAND","tick":`) {
		return message{}, false
	}
	digits := r.s
	tick, ok := r.int(false)
	if !ok {
		return message{}, false
	}
	// The tick's digits, as they have no sign nor leading zero, are what
	// strconv.Itoa would write.
	digits = digits[:len(digits)-len(r.s)]
	if !r.lit(`,"actions":[`) {
		return message{}, false
	}
	if c == nil {
		c = &Command{Actions: make([]Action, 0, strings.Count(r.s, `{"type":"UNIT"`))}
	}
	*c = Command{Actions: c.Actions[:0]}
	for first := true; !r.lit("]}"); first = false {
		if !first && !r.lit(",") {
			return message{}, false
		}
		a, ok := r.action()
		if !ok {
			return message{}, false
		}
		c.Actions = append(c.Actions, a)
	}
	if r.s != "" {
		return message{}, false
	}
	return message{kind: msgCommand, typ: "COMMAND", tick: float64(tick), hasTick: true,
		tickStr: digits, cmd: c}, true
}

// scan walks a message left to right.
type scan struct{ s string }

// lit consumes p if the text goes on with it.
func (r *scan) lit(p string) bool {
	if len(r.s) < len(p) || r.s[:len(p)] != p {
		return false
	}
	r.s = r.s[len(p):]
	return true
}

// int reads a JSON integer of at most 9 digits (a minus sign only when
// neg, and never "-0").
func (r *scan) int(neg bool) (int, bool) {
	i, sign := 0, 1
	if neg && len(r.s) > 0 && r.s[0] == '-' {
		i, sign = 1, -1
	}
	start := i
	n := 0
	for i < len(r.s) && r.s[i] >= '0' && r.s[i] <= '9' && i-start < 10 {
		n = n*10 + int(r.s[i]-'0')
		i++
	}
	digits := i - start
	if digits == 0 || digits > 9 || (digits > 1 && r.s[start] == '0') || (sign < 0 && n == 0) {
		return 0, false
	}
	r.s = r.s[i:]
	return sign * n, true
}

// str reads a non-empty JSON string of printable ASCII without escapes.
func (r *scan) str() (string, bool) {
	if len(r.s) == 0 || r.s[0] != '"' {
		return "", false
	}
	for i := 1; i < len(r.s); i++ {
		switch c := r.s[i]; {
		case c == '"':
			if i == 1 {
				return "", false
			}
			s := r.s[1:i]
			r.s = r.s[i+1:]
			return s, true
		case c < 0x20 || c > 0x7e || c == '\\':
			return "", false
		}
	}
	return "", false
}

// action reads one entry.
func (r *scan) action() (Action, bool) {
	var a Action
	if !r.lit(`{"type":"UNIT","action":`) {
		return a, false
	}
	name, ok := r.str()
	if !ok {
		return a, false
	}
	found := false
	for k, n := range actionNames {
		if name == n {
			a.Kind, found = ActionKind(k), true
		}
	}
	if !found || !r.lit(`,"unitId":`) {
		return a, false
	}
	if a.UnitID, ok = r.str(); !ok {
		return a, false
	}
	if a.Kind.needsTarget() {
		if !r.lit(`,"target":{"x":`) {
			return a, false
		}
		if a.Target.X, ok = r.int(true); !ok || !r.lit(`,"y":`) {
			return a, false
		}
		if a.Target.Y, ok = r.int(true); !ok || !r.lit("}") {
			return a, false
		}
	}
	return a, r.lit("}")
}
