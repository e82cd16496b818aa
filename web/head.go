package web

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/seed27749672/arena/replay"
)

// maxHeadTurns bounds the turns a page may ask for ahead of the rest.
const maxHeadTurns = 1000

// headMinSize is the size of replay file (on disk, gzip-compressed or not)
// from which ?turns=N sends the first turns alone; a smaller one is sent
// whole at once. (A variable: the tests lower it.)
var headMinSize int64 = 4 << 20

// headTurns reads the page's ?turns=N: how many turns to send ahead of
// the rest of a replay. ok is false when the query does not ask for a head.
func headTurns(q string) (n int, ok bool, err error) {
	if q == "" {
		return 0, false, nil
	}
	n, err = strconv.Atoi(q)
	if err != nil || n < 0 || n > maxHeadTurns {
		return 0, false, fmt.Errorf("turns=%q: a number of turns from 0 to %d", clip(q), maxHeadTurns)
	}
	return n, true, nil
}

// replayHead reads the start of a replay file: everything before its turns
// (the header and the initial frame) and its first n turns, in the page's
// format, with "more": true when the file holds more turns. It reads no
// further than that, so that a page shows the first turns of a long match
// (33 MB of replay) at once, while the rest is parsed and sent. A file
// with at most n turns is read whole (its result included).
func replayHead(path string, n int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rd io.Reader = bufio.NewReader(f)
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(rd)
		if err != nil {
			return nil, err
		}
		defer zr.Close()
		rd = zr
	}
	head, more, err := readHead(rd, n)
	if err != nil {
		return nil, err
	}
	rep, err := replay.Read(bytes.NewReader(head))
	if err != nil {
		return nil, err
	}
	page, err := json.Marshal(pageReplay{rep})
	if err != nil {
		return nil, err
	}
	if more {
		// pageReplay's own encoding, with one key more.
		page = append(page[:len(page)-1], `,"more":true}`...)
	}
	return page, nil
}

var errNotObject = errors.New("not a JSON object")

// readHead copies a replay's JSON object from rd up to its n-th turn: the
// keys before "turns" as they are, then the first n turns; more tells
// whether turns were left out (then the keys after the turns, the result,
// are too).
func readHead(rd io.Reader, n int) (head []byte, more bool, err error) {
	dec := json.NewDecoder(rd)
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, false, errNotObject
	}
	var buf bytes.Buffer
	buf.WriteByte('{')
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, false, err
		}
		key, _ := tok.(string)
		if buf.Len() > 1 {
			buf.WriteByte(',')
		}
		kj, _ := json.Marshal(key)
		buf.Write(kj)
		buf.WriteByte(':')
		if key != "turns" {
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				return nil, false, err
			}
			buf.Write(raw)
			continue
		}
		tok, err = dec.Token()
		if err != nil {
			return nil, false, err
		}
		if tok == nil {
			buf.WriteString("null")
			continue
		}
		if tok != json.Delim('[') {
			return nil, false, fmt.Errorf("turns: %v is not a list", tok)
		}
		buf.WriteByte('[')
		for k := 0; dec.More(); k++ {
			if k == n {
				buf.WriteString("]}")
				return buf.Bytes(), true, nil
			}
			if k > 0 {
				buf.WriteByte(',')
			}
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				return nil, false, err
			}
			buf.Write(raw)
		}
		if _, err := dec.Token(); err != nil { // ]
			return nil, false, err
		}
		buf.WriteByte(']')
	}
	buf.WriteByte('}')
	return buf.Bytes(), false, nil
}
