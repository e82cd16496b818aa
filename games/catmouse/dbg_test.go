package catmouse

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseDBG(t *testing.T) {
	good := []struct{ line, want string }{
		{"DBG SEGMENT 0 0 1 -1 red", `{"color":"#ff0000","points":[[0,0],[1,-1]],"shape":"segment"}`},
		{"dbg line -1 0.5 .5 5. GREEN", `{"color":"#008000","points":[[-1,0.5],[0.5,5]],"shape":"line"}`},
		{"DBG ARROW 3 -3 2 -2 #ff000080", `{"color":"#ff000080","points":[[3,-3],[2,-2]],"shape":"arrow"}`},
		{"DBG POLYGON #ABCDEF 0 0 1 0 0 1", `{"color":"#abcdef","points":[[0,0],[1,0],[0,1]],"shape":"polygon"}`},
		{"DBG CIRCLE 0 0 50 blue fill", `{"color":"#0000ff","fill":true,"points":[[0,0]],"radius":50,"shape":"circle"}`},
		{"DBG CIRCLE 2e-3 -1E+2 0.5 gray", `{"color":"#808080","fill":false,"points":[[0.002,-100]],"radius":0.5,"shape":"circle"}`},
		{"DBG ARC 0 0 1 350 10 pink", `{"color":"#ffc0cb","end":370,"points":[[0,0]],"radius":1,"shape":"arc","start":350}`},
		{"DBG ARC 0 0 1 0 720 pink", `{"color":"#ffc0cb","end":360,"points":[[0,0]],"radius":1,"shape":"arc","start":0}`},
		{"DBG ARC 0 0 1 90 90 brown", `{"color":"#a52a2a","end":450,"points":[[0,0]],"radius":1,"shape":"arc","start":90}`},
		{"  DBG   TEXT\t1 1 white   Chase the Mouse!  ", `{"color":"#ffffff","points":[[1,1]],"shape":"text","text":"Chase the Mouse!"}`},
		{"DBG TEXT -3 0 yellow run", `{"color":"#ffff00","points":[[-3,0]],"shape":"text","text":"run"}`},
		{"DBG TEXT 0 0 black été ☺", `{"color":"#000000","points":[[0,0]],"shape":"text","text":"été ☺"}`},
		{"DBG SEGMENT -1000 1000 +1000 -0 orange", `{"color":"#ffa500","points":[[-1000,1000],[1000,0]],"shape":"segment"}`},
	}
	for _, c := range good {
		d, ok, _ := ParseDBG(c.line)
		if !ok {
			t.Errorf("%q refused", c.line)
			continue
		}
		b, _ := json.Marshal(d)
		if string(b) != c.want {
			t.Errorf("%q\n got %s\nwant %s", c.line, b, c.want)
		}
		var back Drawing
		if err := json.Unmarshal(b, &back); err != nil {
			t.Errorf("%s does not read back: %v", b, err)
		}
	}
	bad := []struct{ line, subject string }{
		{"DBG", "-"},
		{"DBG CIRCLE 0 0 -1 red", "CIRCLE"}, // scenario 40
		{"DBG CIRCLE 0 0 0 red", "CIRCLE"},
		{"DBG CIRCLE 0 0 50.5 red", "CIRCLE"},
		{"DBG CIRCLE 0 0 1 red FILLED", "CIRCLE"},
		{"DBG circle 0 0 1", "circle"},
		{"DBG SQUARE 0 0 1 red", "SQUARE"},
		{"DBG SEGMENT 0 0 1 1 redd", "SEGMENT"},
		{"DBG SEGMENT 0 0 1 1 #ff00", "SEGMENT"},
		{"DBG SEGMENT 0 0 1 1 #gg0000", "SEGMENT"},
		{"DBG SEGMENT 0 0 1 1 red extra", "SEGMENT"},
		{"DBG SEGMENT 0 0 1001 1 red", "SEGMENT"},
		{"DBG SEGMENT NaN 0 1 1 red", "SEGMENT"},
		{"DBG SEGMENT Inf 0 1 1 red", "SEGMENT"},
		{"DBG SEGMENT 0x1 0 1 1 red", "SEGMENT"},
		{"DBG SEGMENT 1_0 0 1 1 red", "SEGMENT"},
		{"DBG SEGMENT 1e999 0 1 1 red", "SEGMENT"},
		{"DBG SEGMENT . 0 1 1 red", "SEGMENT"},
		{"DBG SEGMENT 1e 0 1 1 red", "SEGMENT"},
		{"DBG POLYGON red 0 0 1 1", "POLYGON"},
		{"DBG POLYGON red 0 0 1 1 2", "POLYGON"},
		{"DBG POLYGON red " + strings.Repeat("1 1 ", 33), "POLYGON"},
		{"DBG ARC 0 0 1 0 red", "ARC"},
		{"DBG TEXT 0 0 red", "TEXT"},
		{"DBG TEXT 0 0 red " + strings.Repeat("a", 81), "TEXT"},
		{"DBG TEXT 0 0 red \xff\xfe", "TEXT"},
		// Case-insensitive is ASCII only (D23): the Kelvin sign lower-cases
		// to k in Unicode, but "blacK" is not a colour of §5.3.
		{"DBG CIRCLE 0 0 1 blac\u212a", "CIRCLE"},
		{"DBG CIRCLE 0 0 1 PIN\u212a", "CIRCLE"},
	}
	for _, c := range bad {
		if _, ok, subj := ParseDBG(c.line); ok || subj != c.subject {
			t.Errorf("%q: ok %v, subject %q, want refused with %q", c.line, ok, subj, c.subject)
		}
	}
	if _, ok, _ := ParseDBG("DBG POLYGON red " + strings.Repeat("1 1 ", 32)); !ok {
		t.Error("a 32-vertex polygon is valid")
	}
	if _, ok, _ := ParseDBG("DBG TEXT 0 0 red " + strings.Repeat("é", 40)); !ok {
		t.Error("80 bytes of text are valid")
	}
}

// FuzzDBG checks that any DBG line is either refused with a subject, or
// gives a drawing within the limits of §5.3.
func FuzzDBG(f *testing.F) {
	for _, s := range []string{"DBG SEGMENT 0 0 1 -1 red", "DBG POLYGON #ABCDEF 0 0 1 0 0 1", "DBG CIRCLE 0 0 50 blue FILL",
		"DBG ARC 0 0 1 350 10 pink", "DBG TEXT 1 1 white chase", "DBG ARC 1 1 3 -1000 1000 #ffffff00", "DBG", "DBG TEXT 0 0 red \xff",
		"DBG LINE 1e3 -1e3 .5 5. cyan", "DBG CIRCLE 0 0 -1 red"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		d, ok, subj := ParseDBG(line)
		if !ok {
			if subj == "" {
				t.Fatalf("%q refused without a subject", line)
			}
			return
		}
		if len(d.Points) == 0 || len(d.Points) > MaxPolygon || !strings.HasPrefix(d.Color, "#") {
			t.Fatalf("%q: %+v", line, d)
		}
		for _, p := range d.Points {
			for _, v := range p {
				if math.IsNaN(v) || math.Abs(v) > MaxCoordinate {
					t.Fatalf("%q: coordinate %v", line, v)
				}
			}
		}
		switch d.Shape {
		case "circle", "arc":
			if d.Radius <= 0 || d.Radius > MaxRadiusDraw {
				t.Fatalf("%q: radius %v", line, d.Radius)
			}
			if d.Shape == "arc" && (d.End <= d.Start || d.End-d.Start > 360) {
				t.Fatalf("%q: arc %v..%v", line, d.Start, d.End)
			}
		case "text":
			if d.Text == "" || len(d.Text) > MaxTextBytes || !utf8.ValidString(d.Text) {
				t.Fatalf("%q: text %q", line, d.Text)
			}
		case "polygon":
			if len(d.Points) < MinPolygon {
				t.Fatalf("%q: %d vertices", line, len(d.Points))
			}
		}
		if _, err := json.Marshal(d); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
	})
}
