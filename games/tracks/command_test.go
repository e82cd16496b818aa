package tracks

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
)

func TestParseLine(t *testing.T) {
	cases := []struct {
		line string
		want string // canonical actions joined by ";", or "!" + the error
	}{
		{"WAIT", "WAIT"},
		{"place_tracks 1 0;Wait;dIsRuPt 0", "PLACE_TRACKS 1 0;WAIT;DISRUPT 0"},
		{"AUTOPLACE 1 2 3 4", "AUTOPLACE 1 2 3 4"},
		{"DISRUPT 3 4", "DISRUPT 3 4"},
		{"PLACE_TRACKS 007 0", "PLACE_TRACKS 7 0"},
		{"  WAIT ;  ", "WAIT"},
		{"WAIT;;", "WAIT"},
		{"MESSAGE hi;WAIT", "MESSAGE hi;WAIT"},
		{"MESSAGE a  b ", "MESSAGE a  b"},
		{"\x00WAIT\x1f", "WAIT"},
		{"PLACE_TRACKS 2147483647 0", "PLACE_TRACKS 2147483647 0"},
		{"PLACE_TRACKS 1  0", "!Invalid Input: Expected PLACE_TRACKS x y but got 'PLACE_TRACKS 1  0'"},
		{"PLACE_TRACKS -1 0", "!Invalid Input: Expected PLACE_TRACKS x y but got 'PLACE_TRACKS -1 0'"},
		{"PLACE_TRACKS 2147483648 0", "!Invalid Input: Expected PLACE_TRACKS x y but got 'PLACE_TRACKS 2147483648 0'"},
		{"PLACE_TRACKS\t1\t0", "!Invalid Input: Expected PLACE_TRACKS x y but got 'PLACE_TRACKS\t1\t0'"},
		{";WAIT", "!Invalid Input: Expected AUTOPLACE | PLACE_TRACKS | DISRUPT | MESSAGE | WAIT but got ''"},
		{"WAIT;;WAIT", "!Invalid Input: Expected AUTOPLACE | PLACE_TRACKS | DISRUPT | MESSAGE | WAIT but got ''"},
		{"", "!Invalid Input: Expected AUTOPLACE | PLACE_TRACKS | DISRUPT | MESSAGE | WAIT but got ''"},
		{";", "!Invalid Input: Expected AUTOPLACE | PLACE_TRACKS | DISRUPT | MESSAGE | WAIT but got ';'"},
		{"DISRUPT", "!Invalid Input: Expected DISRUPT regionId but got 'DISRUPT'"},
		{"DISRUPT 3 4 5", "!Invalid Input: Expected DISRUPT regionId but got 'DISRUPT 3 4 5'"},
		{"MESSAGE hello; world", "!Invalid Input: Expected AUTOPLACE | PLACE_TRACKS | DISRUPT | MESSAGE | WAIT but got 'world'"},
		{"MESSAGE", "!Invalid Input: Expected MESSAGE text but got 'MESSAGE'"},
		{"AUTOPLACE 1 2 3", "!Invalid Input: Expected AUTOPLACE x1 y1 x2 y2 but got 'AUTOPLACE 1 2 3'"},
		{"WAITING", "!Invalid Input: Expected WAIT but got 'WAITING'"},
		{"wait 1", "!Invalid Input: Expected AUTOPLACE | PLACE_TRACKS | DISRUPT | MESSAGE | WAIT but got 'wait 1'"},
		// ASCII-only case folding: the long s and the Kelvin sign are not letters of the keywords.
		{"DIſRUPT 1", "!Invalid Input: Expected AUTOPLACE | PLACE_TRACKS | DISRUPT | MESSAGE | WAIT but got 'DIſRUPT 1'"},
		{"PLACE_TRAC\u212aS 1 1", "!Invalid Input: Expected AUTOPLACE | PLACE_TRACKS | DISRUPT | MESSAGE | WAIT but got 'PLACE_TRAC\u212aS 1 1'"},
		{"PLACE_TRACK\u212a 1 1", "!Invalid Input: Expected PLACE_TRACKS x y but got 'PLACE_TRACK\u212a 1 1'"},
		// Non-ASCII digits are not digits.
		{"DISRUPT \u0661", "!Invalid Input: Expected DISRUPT regionId but got 'DISRUPT \u0661'"},
		// U+00A0 is not trimmed (Java's trim stops at U+0020).
		{"WAIT\u00a0", "!Invalid Input: Expected WAIT but got 'WAIT\u00a0'"},
	}
	for _, c := range cases {
		acts, err := ParseLine(c.line)
		got := ""
		if err != nil {
			got = "!" + err.Error()
		} else {
			var parts []string
			for _, a := range acts {
				parts = append(parts, a.String())
			}
			got = strings.Join(parts, ";")
		}
		if got != c.want {
			t.Errorf("ParseLine(%q)\n got %q\nwant %q", c.line, got, c.want)
		}
	}
}

// The grammar of rules §4.3 as regular expressions, ASCII letters folded
// explicitly: the oracle of the fuzz test.
var grammar = []*regexp.Regexp{
	regexp.MustCompile(`^[Aa][Uu][Tt][Oo][Pp][Ll][Aa][Cc][Ee] ([0-9]+) ([0-9]+) ([0-9]+) ([0-9]+)$`),
	regexp.MustCompile(`^[Pp][Ll][Aa][Cc][Ee]_[Tt][Rr][Aa][Cc][Kk][Ss] ([0-9]+) ([0-9]+)$`),
	regexp.MustCompile(`^[Dd][Ii][Ss][Rr][Uu][Pp][Tt] ([0-9]+)$`),
	regexp.MustCompile(`^[Dd][Ii][Ss][Rr][Uu][Pp][Tt] ([0-9]+) ([0-9]+)$`),
	regexp.MustCompile(`(?s)^[Mm][Ee][Ss][Ss][Aa][Gg][Ee] ([^;]*)$`),
	regexp.MustCompile(`^[Ww][Aa][Ii][Tt]$`),
}

// oracleField is the regexp reading of one trimmed field.
func oracleField(f string) (Action, bool) {
	for k, re := range grammar {
		m := re.FindStringSubmatch(f)
		if m == nil {
			continue
		}
		var nums []int
		if ActionKind(k) != Message {
			for _, s := range m[1:] {
				n, err := strconv.ParseInt(s, 10, 32)
				if err != nil {
					return Action{}, false
				}
				nums = append(nums, int(n))
			}
		}
		a := Action{Kind: ActionKind(k)}
		switch a.Kind {
		case Autoplace:
			a.X, a.Y, a.ToX, a.ToY = nums[0], nums[1], nums[2], nums[3]
		case PlaceTracks, DisruptCell:
			a.X, a.Y = nums[0], nums[1]
		case DisruptRegion:
			a.Region = nums[0]
		case Message:
			a.Text = m[1]
		}
		return a, true
	}
	return Action{}, false
}

func FuzzParseLine(f *testing.F) {
	for _, s := range []string{"WAIT", "place_tracks 1 0;Wait;dIsRuPt 0", "AUTOPLACE 1 2 3 4;PLACE_TRACKS 5 6",
		"DISRUPT 3 4", "MESSAGE hi;WAIT", " WAIT ; ", "WAIT;;", ";", "", "PLACE_TRACKS 1  0", "DIſRUPT 1",
		"PLACE_TRACKS 2147483648 0", "MESSAGE a;b", "DISRUPT 00000000000000000000001", "\tWAIT\r"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		acts, err := ParseLine(line)
		// The oracle: Java's trim, split on ";" dropping trailing empty
		// fields, every trimmed field matching the grammar.
		fields := strings.Split(game.JavaTrim(line), ";")
		if len(fields) > 1 {
			for len(fields) > 0 && fields[len(fields)-1] == "" {
				fields = fields[:len(fields)-1]
			}
		}
		var want []Action
		valid := len(fields) > 0
		for _, fl := range fields {
			a, ok := oracleField(game.JavaTrim(fl))
			if !ok {
				valid = false
				break
			}
			want = append(want, a)
		}
		if valid != (err == nil) {
			t.Fatalf("ParseLine(%q): error %v, oracle says valid=%v", line, err, valid)
		}
		if err != nil {
			var inv *InvalidInput
			if !errors.As(err, &inv) || !strings.HasPrefix(err.Error(), "Invalid Input: Expected ") {
				t.Fatalf("ParseLine(%q): error %v is not an InvalidInput", line, err)
			}
			return
		}
		if len(acts) != len(want) {
			t.Fatalf("ParseLine(%q): %d actions, oracle %d", line, len(acts), len(want))
		}
		for i := range acts {
			if acts[i] != want[i] {
				t.Fatalf("ParseLine(%q): action %d is %+v, oracle %+v", line, i, acts[i], want[i])
			}
			// The canonical form parses back to the same action.
			again, err := ParseLine(acts[i].String())
			if acts[i].Kind != Message && (err != nil || len(again) != 1 || again[0] != acts[i]) {
				t.Fatalf("%q does not parse back: %v %v", acts[i].String(), again, err)
			}
		}
	})
}
