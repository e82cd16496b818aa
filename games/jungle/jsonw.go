package jungle

import (
	"strconv"
	"unicode/utf8"
)

// The payloads are written by hand: key order is part of the 2022 wire
// format (JavaScript objects keep insertion order), and the TICK message is
// built for every team on every tick, so it is worth being fast.

const hexDigits = "0123456789abcdef"

// appendStr writes s as a JSON string the way JavaScript's JSON.stringify
// does: only '"', '\\' and control characters are escaped (no HTML
// escaping); invalid UTF-8 becomes U+FFFD.
func appendStr(b []byte, s string) []byte {
	b = append(b, '"')
	// Most strings (ids, names) need no escape: they are copied whole.
	i := 0
	for i < len(s) && plainJSON[s[i]] {
		i++
	}
	if i == len(s) {
		b = append(b, s...)
		return append(b, '"')
	}
	return appendEscaped(b, s, i)
}

// appendEscaped is appendStr after its opening quote, from s[i] on: the
// bytes before it are plain.
func appendEscaped(b []byte, s string, i int) []byte {
	start := 0
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, "\ufffd"...)
			i++
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// plainJSON tells the bytes that appendStr writes as they are: ASCII but
// control characters, '"' and '\\'.
var plainJSON = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendInt is strconv.AppendInt, quicker for the small numbers most are
// (appendCoord's).
func appendInt(b []byte, n int) []byte { return appendCoord(b, n) }

func appendBool(b []byte, v bool) []byte { return strconv.AppendBool(b, v) }

func appendStrs(b []byte, ss []string) []byte {
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendStr(b, s)
	}
	return append(b, ']')
}

func appendPath(b []byte, path []Pos) []byte {
	b = append(b, '[')
	for i, p := range path {
		if i > 0 {
			b = append(b, ',')
		}
		b = p.appendJSON(b)
	}
	return append(b, ']')
}
