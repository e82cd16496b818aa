package tracks

import (
	"fmt"
	"strings"

	"github.com/seed27749672/arena/game"
)

// ActionKind is the kind of one action of a bot's line.
type ActionKind uint8

// Action kinds, in the order the output grammar lists them (rules §4.3).
const (
	Autoplace     ActionKind = iota // AUTOPLACE fromX fromY toX toY
	PlaceTracks                     // PLACE_TRACKS x y
	DisruptRegion                   // DISRUPT regionId
	DisruptCell                     // DISRUPT x y
	Message                         // MESSAGE text
	Wait                            // WAIT
)

var actionNames = [...]string{"AUTOPLACE", "PLACE_TRACKS", "DISRUPT", "DISRUPT", "MESSAGE", "WAIT"}

// String is the action's keyword.
func (k ActionKind) String() string {
	if int(k) < len(actionNames) {
		return actionNames[k]
	}
	return "ACTION?"
}

// Action is one parsed action. Generated marks a PLACE_TRACKS step that an
// AUTOPLACE expanded to.
type Action struct {
	Kind      ActionKind
	X, Y      int // PLACE_TRACKS and DISRUPT x y; AUTOPLACE from
	ToX, ToY  int // AUTOPLACE to
	Region    int // DISRUPT regionId
	Text      string
	Generated bool
}

// String writes the action back in the grammar's canonical form.
func (a Action) String() string {
	switch a.Kind {
	case Autoplace:
		return fmt.Sprintf("AUTOPLACE %d %d %d %d", a.X, a.Y, a.ToX, a.ToY)
	case PlaceTracks:
		return fmt.Sprintf("PLACE_TRACKS %d %d", a.X, a.Y)
	case DisruptRegion:
		return fmt.Sprintf("DISRUPT %d", a.Region)
	case DisruptCell:
		return fmt.Sprintf("DISRUPT %d %d", a.X, a.Y)
	case Message:
		return "MESSAGE " + a.Text
	}
	return "WAIT"
}

// InvalidInput is the error of a line that disqualifies its player.
type InvalidInput struct {
	Expected string // the hint: the syntax the field was closest to
	Got      string // the offending field, trimmed
}

// Error is the line the game summary shows.
func (e *InvalidInput) Error() string {
	return fmt.Sprintf("Invalid Input: Expected %s but got '%s'", e.Expected, e.Got)
}

// anyAction is the hint for a field that starts with no keyword.
const anyAction = "AUTOPLACE | PLACE_TRACKS | DISRUPT | MESSAGE | WAIT"

// expected names the syntax a bad field was closest to, by its
// case-sensitive prefix (reference Game.getExpected).
func expected(field string) string {
	switch {
	case strings.HasPrefix(field, "AUTOPLACE"):
		return "AUTOPLACE x1 y1 x2 y2"
	case strings.HasPrefix(field, "PLACE_TRACK"):
		return "PLACE_TRACKS x y"
	case strings.HasPrefix(field, "DISRUPT"):
		return "DISRUPT regionId"
	case strings.HasPrefix(field, "MESSAGE"):
		return "MESSAGE text"
	case strings.HasPrefix(field, "WAIT"):
		return "WAIT"
	}
	return anyAction
}

// ParseLine parses one line of a bot's output (rules §4.3). The line is
// trimmed the Java way and split on ";" with trailing empty fields dropped;
// every field must match one action exactly, keywords in any ASCII case,
// tokens separated by exactly one space. The first field that matches
// nothing makes the whole line invalid; a line with no field at all (";")
// is invalid too.
func ParseLine(line string) ([]Action, error) {
	fields := javaSplit(game.JavaTrim(line))
	if len(fields) == 0 {
		return nil, &InvalidInput{Expected: anyAction, Got: game.JavaTrim(line)}
	}
	acts := make([]Action, 0, len(fields))
	for _, f := range fields {
		f = game.JavaTrim(f)
		a, ok := parseField(f)
		if !ok {
			return nil, &InvalidInput{Expected: expected(f), Got: f}
		}
		acts = append(acts, a)
	}
	return acts, nil
}

// javaSplit is Java's String.split(";"): a string without ";" comes back
// whole (so "" gives one empty field), and trailing empty fields are dropped.
func javaSplit(s string) []string {
	parts := strings.Split(s, ";")
	if len(parts) == 1 {
		return parts
	}
	n := len(parts)
	for n > 0 && parts[n-1] == "" {
		n--
	}
	return parts[:n]
}

// parseField matches one trimmed field against the grammar.
func parseField(f string) (Action, bool) {
	if len(f) >= len("MESSAGE ") && asciiEqualFold(f[:len("MESSAGE ")], "MESSAGE ") {
		return Action{Kind: Message, Text: f[len("MESSAGE "):]}, true
	}
	toks := strings.Split(f, " ")
	nums := make([]int, 0, 4)
	for _, t := range toks[1:] {
		n, ok := parseNumber(t)
		if !ok {
			return Action{}, false
		}
		nums = append(nums, n)
	}
	kw := toks[0]
	switch {
	case asciiEqualFold(kw, "AUTOPLACE") && len(nums) == 4:
		return Action{Kind: Autoplace, X: nums[0], Y: nums[1], ToX: nums[2], ToY: nums[3]}, true
	case asciiEqualFold(kw, "PLACE_TRACKS") && len(nums) == 2:
		return Action{Kind: PlaceTracks, X: nums[0], Y: nums[1]}, true
	case asciiEqualFold(kw, "DISRUPT") && len(nums) == 1:
		return Action{Kind: DisruptRegion, Region: nums[0]}, true
	case asciiEqualFold(kw, "DISRUPT") && len(nums) == 2:
		return Action{Kind: DisruptCell, X: nums[0], Y: nums[1]}, true
	case asciiEqualFold(kw, "WAIT") && len(nums) == 0:
		return Action{Kind: Wait}, true
	}
	return Action{}, false
}

// parseNumber accepts one or more ASCII digits whose value fits a signed
// 32-bit integer (Java's Integer.parseInt of a \d+ match).
func parseNumber(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
		if n > 1<<31-1 {
			return 0, false
		}
	}
	return n, true
}

// asciiEqualFold compares with ASCII-only case folding: unlike
// strings.EqualFold it does not take "ſ" for "s" or the Kelvin sign for "K".
func asciiEqualFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'a' <= x && x <= 'z' {
			x -= 'a' - 'A'
		}
		if 'a' <= y && y <= 'z' {
			y -= 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
