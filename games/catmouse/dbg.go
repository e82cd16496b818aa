package catmouse

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Drawing is one valid DBG command (§5.3, D15). Coordinates are fractional
// axial (q, r): a cell's centre is its integer coordinates; lengths are in
// centre-to-centre units; angles in degrees, counter-clockwise from east.
type Drawing struct {
	// Shape is segment, line, arrow, polygon, circle, arc or text.
	Shape string
	// Points: segment, line, arrow: the two ends (an arrow's head is the
	// second; a line is infinite through both); polygon: 3 to 32
	// vertices; circle, arc, text: the centre or anchor.
	Points [][2]float64
	Radius float64 // circle, arc
	// Start and End of an arc, normalised: Start < End <= Start+360, drawn
	// counter-clockwise from Start to End.
	Start, End float64
	Color      string // "#rrggbb" or "#rrggbbaa", lower case
	Fill       bool   // circle
	Text       string // text: 1 to 80 bytes of UTF-8, case kept
}

// MarshalJSON writes only the fields of the drawing's shape.
func (d Drawing) MarshalJSON() ([]byte, error) {
	m := map[string]any{"shape": d.Shape, "points": d.Points, "color": d.Color}
	switch d.Shape {
	case "circle":
		m["radius"] = d.Radius
		m["fill"] = d.Fill
	case "arc":
		m["radius"], m["start"], m["end"] = d.Radius, d.Start, d.End
	case "text":
		m["text"] = d.Text
	}
	return json.Marshal(m)
}

// UnmarshalJSON reads what MarshalJSON writes.
func (d *Drawing) UnmarshalJSON(b []byte) error {
	var m struct {
		Shape  string       `json:"shape"`
		Points [][2]float64 `json:"points"`
		Color  string       `json:"color"`
		Radius float64      `json:"radius"`
		Fill   bool         `json:"fill"`
		Start  float64      `json:"start"`
		End    float64      `json:"end"`
		Text   string       `json:"text"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*d = Drawing{Shape: m.Shape, Points: m.Points, Color: m.Color, Radius: m.Radius, Fill: m.Fill,
		Start: m.Start, End: m.End, Text: m.Text}
	return nil
}

// Limits of drawings (§5.3, D15).
const (
	MaxCoordinate = 1000
	MaxRadiusDraw = 50
	MinPolygon    = 3
	MaxPolygon    = 32
	MaxTextBytes  = 80
)

// namedColors maps the colour names of §5.3 to the CSS colours of the
// same names, so that frames only carry hex colours.
var namedColors = map[string]string{
	"red": "#ff0000", "green": "#008000", "blue": "#0000ff", "yellow": "#ffff00",
	"orange": "#ffa500", "purple": "#800080", "cyan": "#00ffff", "magenta": "#ff00ff",
	"white": "#ffffff", "black": "#000000", "gray": "#808080", "pink": "#ffc0cb",
	"brown": "#a52a2a",
}

// ParseDBG reads one DBG line (§5.3). ok is false for an invalid line,
// and subject is then what the dbg ERROR names: the shape word as written,
// or "-" when there is none.
func ParseDBG(line string) (d Drawing, ok bool, subject string) {
	ts := tokens(line)
	if len(ts) < 2 {
		return Drawing{}, false, "-"
	}
	subject = ts[1].text
	args := make([]string, len(ts)-2)
	for i, t := range ts[2:] {
		args[i] = t.text
	}
	d.Shape = asciiLower(ts[1].text)
	switch d.Shape {
	case "segment", "line", "arrow":
		if len(args) != 5 {
			return Drawing{}, false, subject
		}
		p, ok1 := points(args[:4])
		c, ok2 := color(args[4])
		if !ok1 || !ok2 {
			return Drawing{}, false, subject
		}
		d.Points, d.Color = p, c
	case "polygon":
		n := len(args) - 1
		if n < 2*MinPolygon || n > 2*MaxPolygon || n%2 != 0 {
			return Drawing{}, false, subject
		}
		c, ok1 := color(args[0])
		p, ok2 := points(args[1:])
		if !ok1 || !ok2 {
			return Drawing{}, false, subject
		}
		d.Points, d.Color = p, c
	case "circle":
		if len(args) != 4 && len(args) != 5 {
			return Drawing{}, false, subject
		}
		p, ok1 := points(args[:2])
		r, ok2 := radius(args[2])
		c, ok3 := color(args[3])
		if !ok1 || !ok2 || !ok3 {
			return Drawing{}, false, subject
		}
		if len(args) == 5 {
			if !strings.EqualFold(args[4], "FILL") {
				return Drawing{}, false, subject
			}
			d.Fill = true
		}
		d.Points, d.Radius, d.Color = p, r, c
	case "arc":
		if len(args) != 6 {
			return Drawing{}, false, subject
		}
		p, ok1 := points(args[:2])
		r, ok2 := radius(args[2])
		start, ok3 := number(args[3])
		end, ok4 := number(args[4])
		c, ok5 := color(args[5])
		if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 {
			return Drawing{}, false, subject
		}
		for end <= start {
			end += 360
		}
		if end-start > 360 {
			end = start + 360
		}
		d.Points, d.Radius, d.Start, d.End, d.Color = p, r, start, end, c
	case "text":
		if len(args) < 4 {
			return Drawing{}, false, subject
		}
		p, ok1 := points(args[:2])
		c, ok2 := color(args[2])
		text := strings.TrimRight(strings.TrimLeft(line[ts[4].end:], " \t"), " \t")
		if !ok1 || !ok2 || len(text) < 1 || len(text) > MaxTextBytes || !utf8.ValidString(text) {
			return Drawing{}, false, subject
		}
		d.Points, d.Color, d.Text = p, c, text
	default:
		return Drawing{}, false, subject
	}
	return d, true, ""
}

// points reads pairs of coordinates.
func points(args []string) ([][2]float64, bool) {
	out := make([][2]float64, len(args)/2)
	for i, a := range args {
		v, ok := number(a)
		if !ok {
			return nil, false
		}
		out[i/2][i%2] = v
	}
	return out, true
}

func radius(s string) (float64, bool) {
	r, ok := number(s)
	return r, ok && r > 0 && r <= MaxRadiusDraw
}

// number reads a DBG number: exactly [+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?
// with an absolute value of at most 1000.
func number(s string) (float64, bool) {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := func() int {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - j
	}
	whole := digits()
	frac := 0
	if i < len(s) && s[i] == '.' {
		i++
		frac = digits()
	}
	if whole == 0 && frac == 0 {
		return 0, false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return 0, false
		}
	}
	if i != len(s) {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if (err != nil && !math.IsInf(v, 0)) || math.IsNaN(v) || math.Abs(v) > MaxCoordinate {
		return 0, false
	}
	if v == 0 {
		v = 0 // no negative zero in frames
	}
	return v, true
}

// color reads a DBG colour: #RRGGBB, #RRGGBBAA (any case) or one of the
// names of §5.3 (any case); the result is lower-case hex.
func color(s string) (string, bool) {
	if c, ok := namedColors[asciiLower(s)]; ok {
		return c, true
	}
	if len(s) != 7 && len(s) != 9 || s[0] != '#' {
		return "", false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return "", false
		}
	}
	return asciiLower(s), true
}

// asciiLower lower-cases the ASCII letters of s only: the protocol's words
// are ASCII and case-insensitive (D23), while strings.ToLower would also
// turn a non-ASCII letter into an ASCII one (the Kelvin sign into k).
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
