package catmouse

import (
	"strings"

	"github.com/seed27749672/arena/game"
)

// token is a run of bytes other than space and tab in an AI line, with its
// place in the line (D23: tokens are separated by any run of spaces and
// tabs; leading and trailing blanks are ignored).
type token struct {
	text       string
	start, end int
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' }

// tokens splits an AI line.
func tokens(line string) []token {
	var out []token
	for i := 0; i < len(line); {
		for i < len(line) && isBlank(line[i]) {
			i++
		}
		if i == len(line) {
			break
		}
		j := i
		for j < len(line) && !isBlank(line[j]) {
			j++
		}
		out = append(out, token{text: line[i:j], start: i, end: j})
		i = j
	}
	return out
}

// Line kinds of the AI protocol (§5.2).
const (
	kindBlank   = ""
	kindTooLong = "toolong"
	kindReady   = "READY"
	kindDbg     = "DBG"
	kindMove    = "MOVE"
	kindOther   = "other"
)

// lineKind classifies an AI line by its first token, in any case (D23).
func lineKind(l game.Line) string {
	if l.TooLong {
		return kindTooLong
	}
	t := strings.TrimLeft(l.Text, " \t")
	if t == "" {
		return kindBlank
	}
	end := strings.IndexAny(t, " \t")
	if end < 0 {
		end = len(t)
	}
	switch w := t[:end]; {
	case strings.EqualFold(w, kindReady):
		return kindReady
	case strings.EqualFold(w, kindDbg):
		return kindDbg
	case strings.EqualFold(w, kindMove):
		return kindMove
	}
	return kindOther
}

// firstToken is the first token of a line as the AI wrote it.
func firstToken(line string) string {
	if ts := tokens(line); len(ts) > 0 {
		return ts[0].text
	}
	return ""
}
