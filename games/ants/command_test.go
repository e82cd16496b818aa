package ants

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

const (
	dqBeacon  = "Invalid Input: Expected BEACON <cell_index> <beacon_strength> but got "
	dqLine    = "Invalid Input: Expected LINE <from_index> <to_index> <beacon_strength> but got "
	dqMessage = "Invalid Input: Expected MESSAGE <text> but got "
	dqWait    = "Invalid Input: Expected WAIT but got "
	dqAny     = "Invalid Input: Expected BEACON | LINE | MESSAGE | WAIT but got "
)

// S38-S46: the output grammar and its messages.
func TestParseCommands(t *testing.T) {
	cases := []struct {
		name string
		line string
		want Commands
		err  string // the whole disqualification message, "" when valid
	}{
		{name: "S38 WAIT;", line: "WAIT;"},
		{name: "S38 WAIT;;", line: "WAIT;;"},
		{name: "S38 ;", line: ";"},
		{name: "S38 ;;;", line: ";;;"},
		{name: "S38 trailing ;", line: "BEACON 1 2;", want: Commands{Beacons: []Beacon{{1, 2}}}},
		{name: "S38 spaces", line: "  WAIT  ;  BEACON 1 2 ", want: Commands{Beacons: []Beacon{{1, 2}}}},
		{name: "S39 empty", line: "", err: dqAny + "''"},
		{name: "S39 WAIT; space", line: "WAIT; ", err: dqAny + "' '"},
		{name: "S39 ;WAIT", line: ";WAIT", err: dqAny + "''"},
		{name: "S39 WAIT;;BEACON", line: "WAIT;;BEACON 1 2", err: dqAny + "''"},
		{name: "S40 wait", line: "wait", err: dqWait + "'wait'"},
		{name: "S40 WAITING", line: "WAITING", err: dqWait + "'WAITING'"},
		{name: "S40 space wait", line: " wait", err: dqAny + "' wait'"},
		{name: "S41 three numbers", line: "BEACON 1 2 3", err: dqBeacon + "'BEACON 1 2 3'"},
		{name: "S41 two spaces", line: "BEACON  1 2", err: dqBeacon + "'BEACON  1 2'"},
		{name: "S41 negative", line: "BEACON 1 -2", err: dqBeacon + "'BEACON 1 -2'"},
		{name: "S41 lower case", line: "Beacon 1 2", err: dqBeacon + "'Beacon 1 2'"},
		{name: "S42 LINE two numbers", line: "LINE 1 2", err: dqLine + "'LINE 1 2'"},
		{name: "S42 LINE plus", line: "LINE 0 3 +1", err: dqLine + "'LINE 0 3 +1'"},
		{name: "S43 MESSAGE", line: "MESSAGE", err: dqMessage + "'MESSAGE'"},
		{name: "S43 MESSAGE space", line: "MESSAGE ", err: dqMessage + "'MESSAGE '"},
		{name: "S43 MESSAGEhello", line: "MESSAGEhello", err: dqMessage + "'MESSAGEhello'"},
		{name: "S43 line separator", line: "MESSAGE a\u2028b", err: dqMessage + "'MESSAGE a\u2028b'"},
		{name: "S43 next line", line: "MESSAGE a\u0085b", err: dqMessage + "'MESSAGE a\u0085b'"},
		{name: "S43 carriage return", line: "MESSAGE a\rb", err: dqMessage + "'MESSAGE a\rb'"},
		{name: "S44 overflow", line: "BEACON 1 99999999999", err: dqBeacon + `'java.lang.NumberFormatException: For input string: "99999999999"'`},
		{name: "S44 overflow in LINE", line: "LINE 1 2147483648 3", err: dqLine + `'java.lang.NumberFormatException: For input string: "2147483648"'`},
		{name: "S44 int max", line: "BEACON 2147483647 2147483647", want: Commands{Beacons: []Beacon{{2147483647, 2147483647}}}},
		{name: "S45 leading zeros", line: "BEACON 01 007", want: Commands{Beacons: []Beacon{{1, 7}}}},
		{name: "leading zeros do not overflow", line: "BEACON 000000000000000000001 2", want: Commands{Beacons: []Beacon{{1, 2}}}},
		{name: "S46 49 characters", line: "MESSAGE " + strings.Repeat("x", 49),
			want: Commands{Message: strings.Repeat("x", 46) + "...", HasMessage: true}},
		{name: "S46 48 characters", line: "MESSAGE " + strings.Repeat("x", 48),
			want: Commands{Message: strings.Repeat("x", 48), HasMessage: true}},
		{name: "S46 code points", line: "MESSAGE " + strings.Repeat("é", 49),
			want: Commands{Message: strings.Repeat("é", 46) + "...", HasMessage: true}},
		{name: "S46 trimmed", line: "MESSAGE   spaced   out  ", want: Commands{Message: "spaced   out", HasMessage: true}},
		{name: "S46 last wins", line: "MESSAGE a;MESSAGE b", want: Commands{Message: "b", HasMessage: true}},
		{name: "tab is part of a message", line: "MESSAGE a\tb", want: Commands{Message: "a\tb", HasMessage: true}},
		{name: "LINE", line: "LINE 0 3 2;BEACON 4 1;LINE 5 6 0",
			want: Commands{Lines: []Line{{0, 3, 2}, {5, 6, 0}}, Beacons: []Beacon{{4, 1}}}},
		{name: "Java trim keeps U+00A0", line: "WAIT\u00a0", err: dqWait + "'WAIT\u00a0'"},
		{name: "Java trim removes control characters", line: "\x01WAIT\x1f", want: Commands{}},
		{name: "Java upper case of ß", line: "meßage", err: dqMessage + "'meßage'"},
		{name: "Java upper case of dotless i", line: "lıne", err: dqLine + "'lıne'"},
		// Java upper-cases ẗ to T and a combining diaeresis (SpecialCasing),
		// so "WAIẗ" starts with WAIT once upper-cased.
		{name: "Java upper case of t with diaeresis", line: "WAI\u1e97", err: dqWait + "'WAI\u1e97'"},
		{name: "Java upper case of w with ring", line: "\u1e98AIT", err: dqAny + "'\u1e98AIT'"},
		{name: "partial commands kept", line: "BEACON 4 1;MESSAGE hello;FOO;BEACON 3 1",
			want: Commands{Beacons: []Beacon{{4, 1}}, Message: "hello", HasMessage: true}, err: dqAny + "'FOO'"},
		{name: "invalid UTF-8", line: "MESSAGE a\xffb", want: Commands{Message: "a\ufffdb", HasMessage: true}},
		// Malformed UTF-8 decodes as the JDK's decoder does (checked against
		// Java 17 on 300,000 random lines): one U+FFFD per malformed
		// sequence, by the JDK's rules for its length.
		{name: "truncated sequence", line: "MESSAGE a\xe2\x80b", want: Commands{Message: "a\ufffdb", HasMessage: true}},
		{name: "surrogate", line: "\xed\xa0\x80", err: dqAny + "'\ufffd'"},
		{name: "overlong", line: "\xc0\x80", err: dqAny + "'\ufffd\ufffd'"},
		{name: "truncated at the end", line: "MESSAGE \xf0\x9f\x98", want: Commands{Message: "\ufffd", HasMessage: true}},
		{name: "above U+10FFFF", line: "MESSAGE \xf4\x90\x80\x80", want: Commands{Message: "\ufffd\ufffd\ufffd\ufffd", HasMessage: true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := ParseCommands(c.line)
			msg := ""
			if err != nil {
				msg = err.Error()
			}
			if msg != c.err {
				t.Errorf("%q: error %q, want %q", c.line, msg, c.err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("%q: commands %+v, want %+v", c.line, got, c.want)
			}
		})
	}
}

// S44: a valid command on a cell that does not exist is only an index error.
func TestS44IndexOutOfRange(t *testing.T) {
	r := setup{board: line6(), ants: [2]string{"0:3", "5:3"}, crystals: "2:10"}.referee(t)
	r.playLines("BEACON 2147483647 2147483647", "WAIT")
	if !r.active(0) || len(r.events.IndexErrors[0]) != 1 || r.events.IndexErrors[0][0] != "cannot find cell 2147483647" {
		t.Errorf("active %v, errors %q", r.active(0), r.events.IndexErrors[0])
	}
	if r.summary[0] != "$0: cannot find cell 2147483647" {
		t.Errorf("summary %q", r.summary)
	}
}

// FuzzParseCommands: the parser never panics, and its outcome is either
// commands, or a disqualification message of the reference's shape.
func FuzzParseCommands(f *testing.F) {
	for _, s := range []string{"", "WAIT", "WAIT;", ";", "BEACON 1 2", "LINE 0 3 1;BEACON 2 2", "MESSAGE hi",
		"MESSAGE " + strings.Repeat("é", 60), "BEACON 1 99999999999", "beacon 1 2", " wait", "FOO;WAIT",
		"LINE 01 002 0003", "MESSAGE a\u2028b", "\xff\xfe", "WAIT;;WAIT", "BEACON 2147483647 2147483648"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		cmds, err := ParseCommands(line)
		if err != nil {
			msg := err.Error()
			ok := false
			for _, prefix := range []string{dqBeacon, dqLine, dqMessage, dqWait, dqAny} {
				if strings.HasPrefix(msg, prefix+"'") && strings.HasSuffix(msg, "'") {
					ok = true
				}
			}
			if !ok || !utf8.ValidString(msg) {
				t.Fatalf("%q: malformed error %q", line, msg)
			}
		}
		for _, b := range cmds.Beacons {
			if b.Cell < 0 || b.Strength < 0 || b.Cell > 2147483647 || b.Strength > 2147483647 {
				t.Fatalf("%q: beacon %+v out of int32 range", line, b)
			}
		}
		for _, l := range cmds.Lines {
			if l.From < 0 || l.To < 0 || l.Strength < 0 || l.From > 2147483647 || l.To > 2147483647 || l.Strength > 2147483647 {
				t.Fatalf("%q: line %+v out of int32 range", line, l)
			}
		}
		if cmds.HasMessage {
			if n := utf8.RuneCountInString(cmds.Message); n == 0 || n > 49 || !utf8.ValidString(cmds.Message) {
				t.Fatalf("%q: message %q", line, cmds.Message)
			}
		}
		if err == nil && !cmds.HasMessage && len(cmds.Beacons) == 0 && len(cmds.Lines) == 0 {
			// Only WAITs and empty trailing commands: every command was WAIT.
			for _, c := range javaSplit(decodeLikeJava(line)) {
				if strings.TrimFunc(c, func(r rune) bool { return r <= ' ' }) != "WAIT" {
					t.Fatalf("%q accepted as a no-op, but %q is not WAIT", line, c)
				}
			}
		}
	})
}
