package catmouse

import (
	"os"
	"strings"
	"testing"
)

func TestMapFileRoundTrip(t *testing.T) {
	text, err := os.ReadFile("testdata/golden.map")
	if err != nil {
		t.Fatal(err)
	}
	b, err := ParseMap(string(text))
	if err != nil {
		t.Fatal(err)
	}
	if b.Name != "golden-r3" || b.Radius != 3 || b.Terrain(Hex{0, -1}) != Rock || b.Terrain(Hex{0, 3}) != Ocean || !b.Wall(Hex{0, 0}, East) || !b.Wall(Hex{0, 0}, West) {
		t.Errorf("golden map read wrong: %+v", b.Rows())
	}
	again, err := ParseMap(b.MapFile())
	if err != nil || again.MapFile() != b.MapFile() {
		t.Errorf("write/read round trip changed the map: %v\n%s", err, again.MapFile())
	}
	// The map is written with its walls in canonical order (D21), which
	// differs from the file's own order.
	if !strings.Contains(b.MapFile(), "WALL -1 0 0 0\nWALL 0 0 1 0\n") {
		t.Errorf("walls not in canonical order:\n%s", b.MapFile())
	}
}

func TestMapFileErrors(t *testing.T) {
	good := "CATMOUSE-MAP 1\nNAME t\nRADIUS 2\nROW -2 ...\nROW -1 ....\nROW 0 .....\nROW 1 ....\nROW 2 ...\nEND\n"
	if _, err := ParseMap(good); err != nil {
		t.Fatalf("good map refused: %v", err)
	}
	if _, err := ParseMap("# comment\n\n" + strings.ReplaceAll(good, "\n", "\r\n")); err != nil {
		t.Errorf("comments, blank lines and CR LF must be accepted: %v", err)
	}
	cases := []struct{ text, want string }{
		{"", "empty file"},
		{"CATMOUSE-MAP 2\n", `a map starts with "CATMOUSE-MAP 1"`},
		{strings.Replace(good, "RADIUS 2", "RADIUS 1", 1), "RADIUS must be an integer from 2 to 20"},
		{strings.Replace(good, "ROW 0 .....", "ROW 0 ....", 1), "ROW 0 has 4 cells, want 5"},
		{strings.Replace(good, "ROW 0 .....", "ROW 0 ..x..", 1), "is not a terrain"},
		{strings.Replace(good, "ROW 1 ....\n", "", 1), "expected ROW 1"},
		{strings.Replace(good, "ROW -1", "ROW 1", 1), "expected ROW -1"},
		{strings.Replace(good, "END", "WALL 0 0 2 0\nEND", 1), "not adjacent"},
		{strings.Replace(good, "END", "WALL 0 0 3 0\nEND", 1), "on the board"},
		{strings.Replace(good, "END", "WALL 0 0 1\nEND", 1), "WALL q1 r1 q2 r2"},
		{strings.Replace(good, "\nEND\n", "\n", 1), "missing END"},
		{good + "ROW 3 ...\n", "unexpected text after END"},
		{strings.NewReplacer("ROW -2 ...", "ROW -2 ~~~", "ROW -1 ....", "ROW -1 ~~~~", "ROW 0 .....", "ROW 0 ~~~~~", "ROW 1 ....", "ROW 1 ~~~~", "ROW 2 ...", "ROW 2 ~~~").Replace(good), "no plain cell"},
		// The corner (2,-2) cut off by a ring of rocks.
		{strings.NewReplacer("ROW -2 ...", "ROW -2 .R.", "ROW -1 ....", "ROW -1 ..RR").Replace(good), "not all connected"},
	}
	for _, c := range cases {
		_, err := ParseMap(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q, for\n%s", err, c.want, c.text)
		}
	}
}

// TestDefaultMapIsTheSpecExample checks the default map: the generator's
// map of seed 2025 with the spec's default parameters, whose first rows
// and walls are the ones the spec shows in its map-file example (§2.3).
func TestDefaultMapIsTheSpecExample(t *testing.T) {
	gen, err := Generate(DefaultGenOptions(2025))
	if err != nil {
		t.Fatal(err)
	}
	def := DefaultMap()
	if gen.MapFile() != def.MapFile() {
		t.Fatalf("maps/default.map is not the map of seed 2025:\n%s", gen.MapFile())
	}
	for _, line := range []string{"ROW -8 ~......R.\n", "ROW -7 ~......R..\n", "ROW 8 .R......~\n", "WALL -8 3 -7 3\n", "WALL -1 0 -1 1\n"} {
		if !strings.Contains(def.MapFile(), line) {
			t.Errorf("the spec's example line %q is not in the map of seed 2025", line)
		}
	}
	for _, id := range []int{0, 1, 2, 9} {
		if s := DefaultPack().Sets[id]; s == nil || s.Validate(def, true) != nil {
			t.Errorf("default set %d missing or invalid", id)
		}
	}
}
