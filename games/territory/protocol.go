package territory

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/seed27749672/arena/game"
)

// Token returns the protocol token of tile i (§6.1, D13): body `P<id>`,
// neck `p<id>`, head `P<id>*` and obstacle, in that order, joined by `-`;
// "" for an empty tile. headAt is the state's heads().
func (s *State) Token(i int, headAt []int8) string {
	return string(s.appendToken(nil, i, headAt))
}

// appendToken appends the token of tile i (see Token) to b.
func (s *State) appendToken(b []byte, i int, headAt []int8) []byte {
	start := len(b)
	sep := func() {
		if len(b) > start {
			b = append(b, '-')
		}
	}
	if o := s.Body[i]; o >= 0 {
		b = append(b, 'P')
		b = strconv.AppendInt(b, int64(o), 10)
	}
	if o := s.Neck[i]; o >= 0 {
		sep()
		b = append(b, 'p')
		b = strconv.AppendInt(b, int64(o), 10)
	}
	if o := headAt[i]; o >= 0 {
		sep()
		b = append(b, 'P')
		b = strconv.AppendInt(b, int64(o), 10)
		b = append(b, '*')
	}
	if o := s.Obst[i]; o != Empty {
		sep()
		b = append(b, byte(o))
	}
	return b
}

// heads returns, per tile, the id of the head on it (-1: none).
func (s *State) heads() []int8 {
	h := make([]int8, s.N*s.N)
	for i := range h {
		h[i] = -1
	}
	for _, p := range s.P {
		if p.Alive && !p.HeadOut {
			h[s.idx(p.Head)] = int8(p.ID)
		}
	}
	return h
}

// Tokens returns the protocol's Map: every tile's token in map order (the
// top row first, each row from the left).
func (s *State) Tokens() []string {
	headAt := s.heads()
	out := make([]string, 0, s.N*s.N)
	for y := s.N - 1; y >= 0; y-- {
		for x := 0; x < s.N; x++ {
			out = append(out, s.Token(y*s.N+x, headAt))
		}
	}
	return out
}

// mapJSON encodes the Map array: `["W","P0",...]`. Tokens never need an
// escape.
func (s *State) mapJSON() []byte {
	headAt := s.heads()
	b := make([]byte, 0, s.N*s.N*6+2)
	b = append(b, '[')
	for y := s.N - 1; y >= 0; y-- {
		for x := 0; x < s.N; x++ {
			if len(b) > 1 {
				b = append(b, ',')
			}
			b = append(b, '"')
			b = s.appendToken(b, y*s.N+x, headAt)
			b = append(b, '"')
		}
	}
	return append(b, ']')
}

// message writes the turn JSON of player id (§6.1) in the stdin/stdout
// form: the keys of the 2020 protocol, then "Turn" and "Final". mapJSON is
// the state's encoded Map. An eliminated player (final message only) gets
// empty lists and MovementLeft 0 (D14).
func (s *State) message(id int, mapJSON []byte, turn int, final bool) []byte {
	p := s.P[id]
	b := make([]byte, 0, len(mapJSON)+256+16*p.Body)
	b = append(b, `{"SelfId":"`...)
	b = strconv.AppendInt(b, int64(id), 10)
	b = append(b, `","Map":`...)
	b = append(b, mapJSON...)
	b = append(b, `,"MapWidth":`...)
	b = strconv.AppendInt(b, int64(s.N), 10)
	b = append(b, `,"MaxMovement":`...)
	b = strconv.AppendInt(b, int64(p.L), 10)
	ml := 0
	if p.Alive {
		ml = p.ML
	}
	b = append(b, `,"MovementLeft":`...)
	b = strconv.AppendInt(b, int64(ml), 10)
	b = append(b, `,"OccupiedTiles":{"Head":[`...)
	point := func(b []byte, q Point) []byte {
		b = append(b, `{"X":`...)
		b = strconv.AppendInt(b, int64(q.X), 10)
		b = append(b, `,"Y":`...)
		b = strconv.AppendInt(b, int64(q.Y), 10)
		return append(b, '}')
	}
	if p.Alive {
		b = point(b, p.Head)
	}
	b = append(b, `],"Neck":[`...)
	for k, q := range p.Neck {
		if k > 0 {
			b = append(b, ',')
		}
		b = point(b, q)
	}
	b = append(b, `],"Body":[`...)
	first := true
	if p.Alive {
		for y := s.N - 1; y >= 0; y-- {
			for x := 0; x < s.N; x++ {
				if int(s.Body[y*s.N+x]) == id {
					if !first {
						b = append(b, ',')
					}
					first = false
					b = point(b, Point{x, y})
				}
			}
		}
	}
	b = append(b, `]},"Turn":`...)
	b = strconv.AppendInt(b, int64(turn), 10)
	b = append(b, `,"Final":`...)
	b = strconv.AppendBool(b, final)
	return append(b, '}')
}

// MaxAnswer is the longest answer line, in bytes, of the stdin/stdout mode
// (§6.3); a longer line is invalid.
const MaxAnswer = 4096

// ParseAnswer reads an answer line of the stdin/stdout mode (§6.3): UP,
// DOWN, LEFT, RIGHT or NONE in any case with blanks around, or a JSON
// object {"X":dx,"Y":dy} read as ParseReply does. Anything else is an
// error (the player stays, D16).
func ParseAnswer(line string) (Move, error) {
	s := strings.Trim(line, " \t\r\n\v\f")
	if len(line) > MaxAnswer {
		return None, fmt.Errorf("the line is longer than %d bytes", MaxAnswer)
	}
	if strings.HasPrefix(s, "{") {
		return ParseReply([]byte(s))
	}
	for m, w := range moveNames {
		if asciiEqualFold(s, w) {
			return Move(m), nil
		}
	}
	return None, fmt.Errorf("%q is not UP, DOWN, LEFT, RIGHT, NONE or {\"X\":dx,\"Y\":dy}", clip(s, 40))
}

// asciiEqualFold compares s with an upper-case ASCII word, ignoring the
// case of ASCII letters only (Unicode folds such as the Kelvin sign do not
// count).
func asciiEqualFold(s, upper string) bool {
	if len(s) != len(upper) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		if c != upper[i] {
			return false
		}
	}
	return true
}

// ParseReply reads an HTTP reply body (§6.2, D16): one JSON object holding
// the keys X and Y (exact case; other keys ignored; a repeated X or Y is
// invalid), each a JSON number written as an integer (no fraction, no
// exponent), forming one of the five vectors of §2.1.
func ParseReply(body []byte) (Move, error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return None, fmt.Errorf("not JSON: %v", err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return None, errors.New("not a JSON object")
	}
	var v [2]int
	var seen [2]bool
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return None, fmt.Errorf("not JSON: %v", err)
		}
		key, _ := tok.(string)
		var k int
		switch key {
		case "X":
			k = 0
		case "Y":
			k = 1
		default: // other keys are ignored, whatever their value
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return None, fmt.Errorf("not JSON: %v", err)
			}
			continue
		}
		if seen[k] {
			return None, fmt.Errorf("the key %s is repeated", key)
		}
		seen[k] = true
		tok, err = dec.Token()
		if err != nil {
			return None, fmt.Errorf("not JSON: %v", err)
		}
		num, ok := tok.(json.Number)
		if !ok || strings.ContainsAny(string(num), ".eE") {
			return None, fmt.Errorf("%s must be an integer", key)
		}
		n, err := strconv.Atoi(string(num))
		if err != nil || n < -1 || n > 1 {
			return None, fmt.Errorf("%s = %s is not -1, 0 or 1", key, num)
		}
		v[k] = n
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return None, fmt.Errorf("not JSON: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return None, errors.New("text after the JSON object")
	}
	if !seen[0] || !seen[1] {
		return None, errors.New(`the object needs both "X" and "Y"`)
	}
	m, ok := moveOf(v[0], v[1])
	if !ok {
		return None, fmt.Errorf("(%d,%d) is not a move (UP (0,1), DOWN (0,-1), RIGHT (1,0), LEFT (-1,0) or (0,0))", v[0], v[1])
	}
	return m, nil
}

// clip cuts s to n bytes for messages, marking the cut.
func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// The 2020 HTTP protocol (§6.2): the routes of the seed's Flask server.
const (
	StatusPath = "/Consciousness/GetStatus/"
	MovePath   = "/Consciousness/OnNextMove/"
	FinalPath  = "/Consciousness/PutFinalMap/"
)

// HTTP is the game's HTTP protocol for the "http" transport. Requests
// carry the turn JSON without the stdin/stdout keys "Turn" and "Final"; a
// message whose "Final" is true is the farewell (PUT). A reply becomes the
// answer line the referee reads: its vector in canonical form when it is
// valid, otherwise a line the transport marks Failed, holding why (a stay,
// reported as the HTTP error).
var HTTP = game.HTTPProtocol{
	StatusPath:  StatusPath,
	ReadyBody:   "true",
	Poll:        250 * time.Millisecond,
	Within:      30 * time.Second,
	MovePath:    MovePath,
	FinalPath:   FinalPath,
	ContentType: "application/json",
	Request:     httpBody,
	Answer:      httpAnswer,
}

// httpBody removes the stdin/stdout keys from a turn message:
// `{...,"Turn":2,"Final":true}` becomes `{...}`.
func httpBody(msg []byte) (body []byte, final bool) {
	msg = bytes.TrimRight(msg, "\r\n")
	final = bytes.HasSuffix(msg, []byte(`"Final":true}`))
	if i := bytes.LastIndex(msg, []byte(`,"Turn":`)); i >= 0 {
		body = append(append(make([]byte, 0, i+1), msg[:i]...), '}')
		return body, final
	}
	return msg, final
}

// httpAnswer turns the outcome of an OnNextMove request into the answer
// line the referee reads (§6.2, D16): the move in its canonical JSON form
// when the reply is a 200 holding a valid vector, otherwise the failure
// (an error status, no reply, a body that is no move), which the transport
// hands the referee as a Failed line: a stay, reported as that error.
func httpAnswer(status int, body []byte, err error) (string, error) {
	switch {
	case err != nil:
		return "", fmt.Errorf("no HTTP reply: %w", err)
	case status != http.StatusOK:
		return "", fmt.Errorf("HTTP error: status %d %s: %s", status, http.StatusText(status), strconv.Quote(clip(string(body), 200)))
	}
	m, perr := ParseReply(body)
	if perr != nil {
		return "", fmt.Errorf("invalid HTTP reply %s: %w", strconv.Quote(clip(string(body), 200)), perr)
	}
	dx, dy := m.Delta()
	return fmt.Sprintf(`{"X":%d,"Y":%d}`, dx, dy), nil
}
