package web

import (
	"bytes"
	"errors"
	"io"
	"strconv"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/seed27749672/arena/replay"
)

// The line form of a replay (?lines=1, and the offline page) is the page
// format cut into lines that the page can take one at a time: first the
// replay's fields that come before its turns (header, players, initial
// frame) as one object, then each turn, one a line, then the fields that
// come after the turns (result, outcome) as one object. Nothing is
// re-encoded: each turn is the file's own bytes (compacted when the file
// was written with indents), so the frames the page shows are the ones
// `arena replay verify` checks.
//
// Why: a page that parses a long replay whole (the 3000-tick jungle match
// is 62 MB of JSON) waits seconds for JSON.parse and its garbage collection
// before any late turn can be shown. Lines let it keep each turn as text
// and parse it only when it is shown (a fraction of a millisecond), and
// let the server send the first lines while it is still reading the rest.
//
// The file is read with jsontext (the streaming tokenizer of what became
// encoding/json/v2), which checks the JSON in the same single pass that
// cuts it, so that the first lines go out at once; cutting and compressing
// the whole costs about what checking and compressing the whole page did
// (BenchmarkWriteLines). encoding/json's Decoder took 2 to 2.5 times
// longer to cut it.

// errNotLines: the replay is not as writeLines reads it (not JSON, another
// format or version, its header after its turns, no turns). Nothing has
// been written when it is returned; the caller then decodes the replay and
// encodes it again (pageReplay), which writeLines reads.
var errNotLines = errors.New("the replay is not as Arena writes it")

// writeLines writes src, a replay file's JSON or a replay in the page
// format, in the line form to w, each line ending in '\n'; a seed written
// as a number is made a string, as the page format has it.
func writeLines(w io.Writer, src []byte) error {
	dec := jsontext.NewDecoder(bytes.NewBuffer(src))
	if t, err := dec.ReadToken(); err != nil || t.Kind() != '{' {
		return errNotLines
	}
	var head, tail bytes.Buffer
	seenFormat, seenVersion, seenTurns := false, false, false
	for dec.PeekKind() != '}' {
		t, err := dec.ReadToken()
		if err != nil {
			return lineError(err, seenTurns)
		}
		key := t.String()
		if key == "turns" && !seenTurns {
			if !seenFormat || !seenVersion {
				return errNotLines
			}
			seenTurns = true
			if err := writeObjectLine(w, &head); err != nil {
				return err
			}
			if err := writeTurns(w, dec); err != nil {
				return err
			}
			continue
		}
		v, err := dec.ReadValue()
		if err != nil {
			return lineError(err, seenTurns)
		}
		switch key {
		case "format":
			seenFormat = v.Kind() == '"' && string(v) == strconv.Quote(replay.Format)
			if !seenFormat {
				return lineError(errNotLines, seenTurns)
			}
		case "version":
			seenVersion = string(v) == strconv.Itoa(replay.Version)
			if !seenVersion {
				return lineError(errNotLines, seenTurns)
			}
		case "seed":
			// A seed is 64 bits, a JavaScript number 53: the page's is a string.
			if v.Kind() == '0' {
				if !seedLiteral.Match(v) {
					return lineError(errNotLines, seenTurns)
				}
				v = jsontext.Value(strconv.Quote(string(v)))
			}
		}
		fields := &head
		if seenTurns {
			fields = &tail
		}
		if err := addField(fields, key, v); err != nil {
			return err
		}
	}
	if !seenTurns {
		return errNotLines
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	return writeObjectLine(w, &tail)
}

// lineError is err, or errNotLines while nothing has been written (the
// caller may then read the replay another way).
func lineError(err error, written bool) error {
	if written {
		return err
	}
	return errNotLines
}

// writeTurns copies the turns array the decoder stands at, one turn a line.
func writeTurns(w io.Writer, dec *jsontext.Decoder) error {
	if t, err := dec.ReadToken(); err != nil || t.Kind() != '[' {
		return errNotLines
	}
	var line []byte
	for dec.PeekKind() != ']' {
		v, err := dec.ReadValue()
		if err != nil {
			return err
		}
		// v is the decoder's until the next read: copied, with the newline.
		line = append(append(line[:0], v...), '\n')
		// Arena writes replays compact; in a file written with indents,
		// newlines stand only between tokens (a JSON string holds none).
		if bytes.IndexByte(line[:len(line)-1], '\n') >= 0 {
			c := jsontext.Value(line[:len(line)-1])
			if err := c.Compact(); err != nil {
				return err
			}
			line = append(c, '\n')
		}
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	_, err := dec.ReadToken() // ']'
	return err
}

// addField appends "name":value, compacted, to an object being built in b
// (without its braces).
func addField(b *bytes.Buffer, name string, v jsontext.Value) error {
	if b.Len() > 0 {
		b.WriteByte(',')
	}
	q, err := jsontext.AppendQuote(nil, name)
	if err != nil {
		return err
	}
	b.Write(q)
	b.WriteByte(':')
	c := bytes.Clone(v)
	if err := (*jsontext.Value)(&c).Compact(); err != nil {
		return err
	}
	b.Write(c)
	return nil
}

func writeObjectLine(w io.Writer, fields *bytes.Buffer) error {
	line := make([]byte, 0, fields.Len()+3)
	line = append(line, '{')
	line = append(line, fields.Bytes()...)
	line = append(line, '}', '\n')
	_, err := w.Write(line)
	return err
}
