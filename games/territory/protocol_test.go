package territory

import (
	"errors"
	"strings"
	"testing"
)

// Scenario 33: the §6.1 example, byte for byte.
func TestEncodingExample(t *testing.T) {
	sc := &scenario{board: []string{
		"#####",
		"#a0%#",
		"#~..#",
		"#1Bb#",
		"#####",
	}, home: map[int]bool{0: true}}
	st, err := sc.build()
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"SelfId":"1","Map":["W","W","W","W","W","W","P0","P0-P0*","D","W","W","I","","","W","W","P1*","p1","P1","W","W","W","W","W","W"],"MapWidth":5,"MaxMovement":10,"MovementLeft":8,"OccupiedTiles":{"Head":[{"X":1,"Y":1}],"Neck":[{"X":2,"Y":1}],"Body":[{"X":3,"Y":1}]}}`
	if len(want) != 264 {
		t.Fatalf("the example is %d bytes, the rules say 264", len(want))
	}
	msg := st.message(1, st.mapJSON(), 1, false)
	if !strings.HasSuffix(string(msg), `,"Turn":1,"Final":false}`) {
		t.Errorf("stdin/stdout form must end with Turn and Final: %s", msg)
	}
	body, final := httpBody(msg)
	if string(body) != want || final {
		t.Errorf("HTTP body (final %v):\n got %s\nwant %s", final, body, want)
	}
	toks := st.Tokens()
	if toks[7] != "P0-P0*" || toks[16] != "P1*" {
		t.Errorf("element 7 is %q (want P0-P0*), element 16 is %q (want P1*)", toks[7], toks[16])
	}
}

func TestTokenOrder(t *testing.T) {
	// Body, neck, head, obstacle (D13), on every combination the rules allow.
	sc := &scenario{board: []string{
		"#######",
		"#.....#",
		"#b1A..#",
		"#aA0~.#",
		"#aa...#",
		"#######",
	}, home: map[int]bool{1: true}, bodies: map[int][]Point{1: {{2, 2}, {3, 3}}}, necks: map[int][]Point{0: {{3, 3}, {2, 2}}}}
	st, err := sc.build()
	if err != nil {
		t.Fatal(err)
	}
	st.P[0].Head = Point{4, 2} // on the ice
	st.Neck[st.idx(Point{3, 2})] = -1
	st.Neck[st.idx(Point{3, 3})] = 0
	st.Neck[st.idx(Point{2, 2})] = 0
	heads := st.heads()
	for _, c := range []struct {
		p    Point
		want string
	}{{Point{2, 3}, "P1-P1*"}, {Point{4, 2}, "P0*-I"}, {Point{2, 2}, "P1-p0"}, {Point{1, 1}, "P0"}, {Point{0, 0}, "W"}, {Point{5, 3}, ""}} {
		if got := st.Token(st.idx(c.p), heads); got != c.want {
			t.Errorf("token of %v = %q, want %q", c.p, got, c.want)
		}
	}
}

func TestParseAnswer(t *testing.T) {
	valid := map[string]Move{
		"UP": Up, "down": Down, " Left ": Left, "\tRIGHT\r": Right, "none": None, "nOnE": None,
		`{"X":0,"Y":1}`: Up, ` {"X": -1, "Y": 0} `: Left, `{"Y":-1,"X":0}`: Down, `{"X":0,"Y":0}`: None,
		`{"X":1,"Y":0,"debug":[1,{"a":2}]}`: Right, `{"X":-0,"Y":1}`: Up,
	}
	for in, want := range valid {
		got, err := ParseAnswer(in)
		if err != nil || got != want {
			t.Errorf("ParseAnswer(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "JUMP", "UP LEFT", "U", "UPP", "0,1", "K", "ʞ", "\u212aeft",
		`{"X": 1, "Y": 1}`, `{"X":"1","Y":0}`, `{"x":1,"y":0}`, `{"X":1.0,"Y":0}`, `{"X":1e0,"Y":0}`,
		`{"X":1,"X":1,"Y":0}`, `{"X":1}`, `{"X":1,"Y":0}x`, `{"X":1,"Y":0} {}`, `[1,0]`, `{"X":2,"Y":0}`,
		`{"X":99999999999999999999,"Y":0}`, `{"X":null,"Y":0}`, `{"X":true,"Y":0}`, `{"X":1,"Y":0`,
		strings.Repeat(" ", MaxAnswer) + "UP"} {
		if m, err := ParseAnswer(in); err == nil {
			t.Errorf("ParseAnswer(%q) = %v, want an error", clip(in, 40), m)
		}
	}
}

// Scenario 34: HTTP replies that are NONE (and count as a stay).
func TestHTTPAnswers(t *testing.T) {
	cases := []struct {
		status int
		body   string
		err    error
		want   Move
		valid  bool
	}{
		{200, `{"X": 0, "Y": 1}`, nil, Up, true},
		{200, `{"X": -1, "Y": 0}`, nil, Left, true},
		{200, "{\n  \"X\": 1,\n  \"Y\": 0\n}\n", nil, Right, true},
		{200, `{"X": 1, "Y": 1}`, nil, None, false},
		{200, `{"X":"1","Y":0}`, nil, None, false},
		{200, `{"x":1,"y":0}`, nil, None, false},
		{200, `{"X":1.0,"Y":0}`, nil, None, false},
		{200, `UP`, nil, None, false},
		{500, `{"X": 0, "Y": 1}`, nil, None, false},
		{0, ``, errors.New("connection refused"), None, false},
	}
	for _, c := range cases {
		line, failed := httpAnswer(c.status, []byte(c.body), c.err)
		if (failed == nil) != c.valid {
			t.Errorf("status %d body %q: failure %v, want valid=%v", c.status, c.body, failed, c.valid)
			continue
		}
		if failed != nil {
			continue
		}
		if m, err := ParseAnswer(line); err != nil || m != c.want {
			t.Errorf("status %d body %q: line %q reads as %v (%v); want %v", c.status, c.body, line, m, err, c.want)
		}
	}
}

func TestHTTPBody(t *testing.T) {
	body, final := httpBody([]byte(`{"SelfId":"0","MapWidth":5,"Turn":12,"Final":true}` + "\n"))
	if string(body) != `{"SelfId":"0","MapWidth":5}` || !final {
		t.Errorf("got %s final=%v", body, final)
	}
	body, final = httpBody([]byte(`{"SelfId":"0","Turn":1,"Final":false}`))
	if string(body) != `{"SelfId":"0"}` || final {
		t.Errorf("got %s final=%v", body, final)
	}
}

// FuzzParseAnswer checks the stdin/stdout parser never panics, accepts
// only what it can say back, and reads JSON exactly as the HTTP parser.
func FuzzParseAnswer(f *testing.F) {
	for _, s := range []string{"UP", "down", " LEFT ", "right\r", "NONE", "", "JUMP", `{"X":0,"Y":1}`,
		`{"X": 1, "Y": 1}`, `{"X":"1","Y":0}`, `{"x":1,"y":0}`, `{"X":1.0,"Y":0}`, `{"X":1,"X":1,"Y":0}`,
		"\u212aeft", `{"X":-0,"Y":-1,"Z":{}}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseAnswer(s)
		if err != nil {
			if m != None {
				t.Fatalf("an error must come with None, got %v", m)
			}
			return
		}
		if m < None || m > Right {
			t.Fatalf("move %d out of range", m)
		}
		trimmed := strings.Trim(s, " \t\r\n\v\f")
		if strings.HasPrefix(trimmed, "{") {
			if r, err := ParseReply([]byte(trimmed)); err != nil || r != m {
				t.Fatalf("the JSON form reads differently over HTTP: %v %v", r, err)
			}
		} else if !strings.EqualFold(trimmed, m.String()) {
			t.Fatalf("%q read as %v", s, m)
		}
	})
}

// FuzzParseReply checks the HTTP reply parser, and that what the transport
// hands the referee for a reply reads as the same move.
func FuzzParseReply(f *testing.F) {
	for _, s := range []string{`{"X": 0, "Y": 1}`, `{"X":1,"Y":0}`, `{"X": 1, "Y": 1}`, `{"X":"1","Y":0}`,
		`{"x":1,"y":0}`, `{"X":1.0,"Y":0}`, `{"X":1e0,"Y":0}`, `{"X":0,"Y":0,"X":0}`, `[]`, `{}`, `null`,
		`{"X":0,"Y":-1} x`, `{"Y":0,"X":-1,"more":[{"X":5}]}`, "{\"X\":\"\\u0031\",\"Y\":0}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		m, err := ParseReply(body)
		line, failed := httpAnswer(200, body, nil)
		if err != nil {
			if m != None || failed == nil {
				t.Fatalf("invalid reply %q: move %v, line %q, failure %v", body, m, line, failed)
			}
			return
		}
		if failed != nil {
			t.Fatalf("valid reply %q (%v) failed: %v", body, m, failed)
		}
		if got, lerr := ParseAnswer(line); lerr != nil || got != m {
			t.Fatalf("valid reply %q (%v) became line %q = %v (%v)", body, m, line, got, lerr)
		}
	})
}
