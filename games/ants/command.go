package ants

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/seed27749672/arena/game"
)

// Beacon is a BEACON command: a beacon of the given strength on a cell.
type Beacon struct{ Cell, Strength int }

// Line is a LINE command: beacons of the given strength on every cell of
// the path from From to To.
type Line struct{ From, To, Strength int }

// Commands is one player's output for a turn, as parsed.
type Commands struct {
	Lines   []Line   // in output order
	Beacons []Beacon // in output order
	// Message is the text of the last MESSAGE command (trimmed, cut to 49
	// characters); HasMessage is false when there was none.
	Message    string
	HasMessage bool
}

// InvalidInput is the error that disqualifies a player: its output line
// did not follow the grammar.
type InvalidInput struct {
	Expected string // what the command should have looked like
	Got      string // the offending command as written (untrimmed)
}

// Error is the message the reference shows and the result records.
func (e *InvalidInput) Error() string {
	return "Invalid Input: Expected " + e.Expected + " but got '" + e.Got + "'"
}

// Expected texts of the error message, chosen from the start of the bad
// command.
const (
	expectBeacon  = "BEACON <cell_index> <beacon_strength>"
	expectLine    = "LINE <from_index> <to_index> <beacon_strength>"
	expectMessage = "MESSAGE <text>"
	expectWait    = "WAIT"
	expectAny     = "BEACON | LINE | MESSAGE | WAIT"
)

// Message limits: a longer text keeps its first messageKeep characters
// followed by "...".
const (
	messageMax  = 48
	messageKeep = 46
)

// ParseCommands parses one output line the way the reference referee does:
// split on ';' (trailing empty commands dropped, as Java's String.split),
// each command trimmed (Java's trim) and matched in full against
//
//	BEACON (\d+) (\d+) | LINE (\d+) (\d+) (\d+) | MESSAGE (.*) | WAIT
//
// with numbers that fit in a Java int. At the first bad command parsing
// stops: the commands before it are returned with the error, and they are
// still applied on that turn.
func ParseCommands(line string) (Commands, *InvalidInput) {
	var cmds Commands
	line = decodeLikeJava(line)
	for _, raw := range javaSplit(line) {
		if err := cmds.add(raw); err != nil {
			return cmds, err
		}
	}
	return cmds, nil
}

// add parses one command (untrimmed, as split) into cmds.
func (cmds *Commands) add(raw string) *InvalidInput {
	c := game.JavaTrim(raw)
	bad := func(got string) *InvalidInput { return &InvalidInput{Expected: expectedFor(raw), Got: got} }
	switch {
	case c == "WAIT":
		return nil
	case strings.HasPrefix(c, "BEACON "):
		var v [2]int
		ok, overflow := numbers(c[len("BEACON "):], v[:])
		if !ok {
			return bad(raw)
		}
		if overflow != "" {
			return bad(numberFormat(overflow))
		}
		cmds.Beacons = append(cmds.Beacons, Beacon{Cell: v[0], Strength: v[1]})
		return nil
	case strings.HasPrefix(c, "LINE "):
		var v [3]int
		ok, overflow := numbers(c[len("LINE "):], v[:])
		if !ok {
			return bad(raw)
		}
		if overflow != "" {
			return bad(numberFormat(overflow))
		}
		cmds.Lines = append(cmds.Lines, Line{From: v[0], To: v[1], Strength: v[2]})
		return nil
	case strings.HasPrefix(c, "MESSAGE "):
		text := c[len("MESSAGE "):]
		if strings.ContainsFunc(text, isLineTerminator) {
			return bad(raw)
		}
		if text = game.JavaTrim(text); text != "" {
			cmds.Message, cmds.HasMessage = truncateMessage(text), true
		}
		return nil
	}
	return bad(raw)
}

// javaSplit splits on ';' like Java's String.split(";"): a line without ';'
// is one command (even when empty), and trailing empty commands are dropped.
func javaSplit(s string) []string {
	if !strings.Contains(s, ";") {
		return []string{s}
	}
	parts := strings.Split(s, ";")
	for len(parts) > 0 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	return parts
}

// numbers reads s as exactly len(v) runs of ASCII digits separated by
// single spaces, with nothing else (ok false otherwise), converting each as
// Java's Integer.parseInt does: leading zeros are fine, a value above
// 2147483647 fails; overflow is the first run that does not fit.
func numbers(s string, v []int) (ok bool, overflow string) {
	k := 0
	for i := 0; ; {
		start, n := i, 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			if n <= 2147483647 {
				n = n*10 + int(s[i]-'0')
			}
			i++
		}
		if i == start || k == len(v) {
			return false, ""
		}
		if n > 2147483647 && overflow == "" {
			overflow = s[start:i]
		}
		v[k] = n
		k++
		if i == len(s) {
			break
		}
		if s[i] != ' ' {
			return false, ""
		}
		i++
	}
	if k != len(v) {
		return false, ""
	}
	return true, overflow
}

// numberFormat is the text the reference shows for a number that does not
// fit in an int: the Java exception's toString.
func numberFormat(digits string) string {
	return `java.lang.NumberFormatException: For input string: "` + digits + `"`
}

// isLineTerminator reports the characters Java's regex '.' does not match.
func isLineTerminator(r rune) bool {
	switch r {
	case '\n', '\r', '\u0085', '\u2028', '\u2029':
		return true
	}
	return false
}

// expectedFor chooses the expected text from the start of the untrimmed
// command, upper-cased as Java's toUpperCase would.
func expectedFor(raw string) string {
	up := javaUpper(raw)
	switch {
	case strings.HasPrefix(up, "BEACON"):
		return expectBeacon
	case strings.HasPrefix(up, "LINE"):
		return expectLine
	case strings.HasPrefix(up, "MESSAGE"):
		return expectMessage
	case strings.HasPrefix(up, "WAIT"):
		return expectWait
	}
	return expectAny
}

// javaUpper upper-cases like Java's String.toUpperCase in an English
// locale, as far as it matters for the prefixes above: the single-rune
// mappings, plus every special case whose expansion starts with an ASCII
// letter (checked against Java 17 over all code points; the others start
// with a non-ASCII letter and cannot begin or continue a prefix).
func javaUpper(s string) string {
	var b strings.Builder
	for _, r := range s {
		if x, ok := javaUpperSpecial[r]; ok {
			b.WriteString(x)
			continue
		}
		b.WriteRune(unicode.ToUpper(r))
	}
	return b.String()
}

// javaUpperSpecial are the expansions of Unicode's SpecialCasing.txt that
// Java applies and that start with an ASCII letter. Only ẗ can change an
// expected text ("WAIẗ" upper-cases to "WAIT" and a combining diaeresis);
// the rest are listed so that the table is the whole rule, not a guess at
// which entries matter.
var javaUpperSpecial = map[rune]string{
	'ß': "SS",
	'ǰ': "J\u030c",
	'ẖ': "H\u0331",
	'ẗ': "T\u0308",
	'ẘ': "W\u030a",
	'ẙ': "Y\u030a",
	'ẚ': "A\u02be",
	'ﬀ': "FF",
	'ﬁ': "FI",
	'ﬂ': "FL",
	'ﬃ': "FFI",
	'ﬄ': "FFL",
	'ﬅ': "ST",
	'ﬆ': "ST",
}

// truncateMessage cuts a text longer than 48 characters (code points) to
// its first 46 followed by "...".
func truncateMessage(s string) string {
	if utf8.RuneCountInString(s) <= messageMax {
		return s
	}
	n := 0
	for i := range s {
		if n == messageKeep {
			return s[:i] + "..."
		}
		n++
	}
	return s
}

// decodeLikeJava decodes a line as a Java UTF-8 reader does (the JDK's
// decoder with replacement, the line followed by its newline): every
// malformed sequence becomes one U+FFFD, where the JDK's rules for the
// length of a malformed sequence differ from Go's one-per-byte. Messages
// and error texts are then valid text, the same as the reference's.
func decodeLikeJava(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	b := append([]byte(s), '\n') // the newline ends every line read
	cont := func(x byte) bool { return x&0xc0 == 0x80 }
	var out strings.Builder
	for i := 0; i < len(s); {
		b1 := b[i]
		n := 1 // bytes taken by a malformed sequence
		switch {
		case b1 < 0x80:
			out.WriteByte(b1)
			i++
			continue
		case b1 >= 0xc2 && b1 <= 0xdf:
			if cont(b[i+1]) {
				out.Write(b[i : i+2])
				i += 2
				continue
			}
		case b1 >= 0xe0 && b1 <= 0xef:
			b2 := b[i+1]
			if !cont(b2) || (b1 == 0xe0 && b2 < 0xa0) {
				break
			}
			if !cont(b[i+2]) {
				n = 2
				break
			}
			n = 3
			if b1 == 0xed && b2 >= 0xa0 { // a surrogate
				break
			}
			out.Write(b[i : i+3])
			i += 3
			continue
		case b1 >= 0xf0 && b1 <= 0xf4:
			b2 := b[i+1]
			if !cont(b2) || (b1 == 0xf0 && b2 < 0x90) || (b1 == 0xf4 && b2 > 0x8f) {
				break
			}
			if !cont(b[i+2]) {
				n = 2
				break
			}
			if !cont(b[i+3]) {
				n = 3
				break
			}
			out.Write(b[i : i+4])
			i += 4
			continue
		}
		out.WriteRune(utf8.RuneError)
		i += n
	}
	return out.String()
}
