package catmouse

import (
	"os"
	"strings"
	"testing"
)

func TestSpawnFile(t *testing.T) {
	text, _ := os.ReadFile("testdata/golden.spawn")
	s, err := ParseSpawn(string(text))
	if err != nil {
		t.Fatal(err)
	}
	if s.ID != 0 || s.Name != "golden" || s.Mouse != (Hex{-3, 0}) || len(s.Cats) != 2 || s.Cats[1] != (Hex{1, 1}) {
		t.Errorf("read %+v", s)
	}
	if again, err := ParseSpawn(s.File()); err != nil || again.File() != s.File() {
		t.Errorf("round trip: %v", err)
	}
	in, err := ParseInline(s.Inline())
	if err != nil || in.Mouse != s.Mouse || len(in.Cats) != 2 || in.Cats[0] != s.Cats[0] || in.Inline() != "0:-3,0/3,-3/1,1" {
		t.Errorf("inline %q -> %+v %v", s.Inline(), in, err)
	}
	for _, bad := range []string{"", "0,0", "0:0,0", "0:0,0/1", "x:0,0/1,1", "0:0,0/1,1/2,2/3,3/4,4/5,5", "12:0,0/1,1"} {
		if _, err := ParseInline(bad); err == nil {
			t.Errorf("inline spawn %q accepted", bad)
		}
	}
	bads := []struct{ text, want string }{
		{"CATMOUSE-SPAWN 1\nID 0\nMOUSE 0 0\nEND\n", "1 to 4 CAT lines"},
		{"CATMOUSE-SPAWN 1\nID 0\nCAT 0 5\nEND\n", "exactly one MOUSE"},
		{"CATMOUSE-SPAWN 1\nID 0\nMOUSE 0 0\nMOUSE 1 0\nCAT 0 5\nEND\n", "exactly one MOUSE"},
		{"CATMOUSE-SPAWN 1\nMOUSE 0 0\nCAT 0 5\nEND\n", "no ID"},
		{"CATMOUSE-SPAWN 1\nID 10\nMOUSE 0 0\nCAT 0 5\nEND\n", "ID must be 0"},
		{"CATMOUSE-SPAWN 1\nID 0\nMOUSE 0 0\nCAT 0 5\nCAT 1 5\nCAT 2 4\nCAT 3 3\nCAT 4 2\nEND\n", "1 to 4 CAT lines"},
		{"CATMOUSE-SPAWN 1\nID 0\nMOUSE 0 0\nCAT 0 5\nDOG 1 1\nEND\n", "unknown statement"},
		{"CATMOUSE-SPAWN 1\nID 0\nMOUSE 0 x\nCAT 0 5\nEND\n", "not an integer"},
	}
	for _, c := range bads {
		if _, err := ParseSpawn(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
}

// TestScenario39SpawnValidity: a cat on ocean, or a cat 4 legal steps from
// the mouse, and the spawn file is rejected at load (D4).
func TestScenario39SpawnValidity(t *testing.T) {
	b, _ := NewBoard(8)
	b.SetTerrain(Hex{0, 5}, Ocean)
	ok := Spawn{Mouse: Hex{}, Cats: []Hex{{0, -5}, {5, 0}}}
	if err := ok.Validate(b, true); err != nil {
		t.Fatalf("valid set refused: %v", err)
	}
	cases := []struct {
		s    Spawn
		want string
	}{
		{Spawn{Mouse: Hex{}, Cats: []Hex{{0, -5}, {0, 5}}}, "on ocean"},
		{Spawn{Mouse: Hex{}, Cats: []Hex{{0, -5}, {4, 0}}}, "C1 on (4,0) is 4 steps from the mouse; at least 5"},
		{Spawn{Mouse: Hex{}, Cats: []Hex{{0, -5}, {0, -5}}}, "both start on (0,-5)"},
		{Spawn{Mouse: Hex{}, Cats: []Hex{{0, -9}}}, "off the map"},
		{Spawn{Mouse: Hex{}, Cats: nil}, "1 to 4 cats"},
	}
	for _, c := range cases {
		if err := c.s.Validate(b, true); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.s, err, c.want)
		}
	}
	// Legal steps count, not hexes: behind three walls a cat 1 hex away
	// is 3 steps away, still too close. The test option no-spawn-check
	// waives the distance only.
	b2, _ := NewBoard(8)
	for _, d := range []Dir{East, NorthEast, SouthEast} {
		b2.AddWall(Hex{}, Hex{}.Add(d))
	}
	near := Spawn{Mouse: Hex{}, Cats: []Hex{{1, 0}, {0, -6}}}
	if err := near.Validate(b2, true); err == nil {
		t.Error("a cat 1 hex away behind a wall is 3 steps away: it must be refused")
	}
	if err := near.Validate(b2, false); err != nil {
		t.Errorf("no-spawn-check must accept close cats: %v", err)
	}
	if err := (Spawn{Mouse: Hex{}, Cats: []Hex{{0, 5}}}).Validate(b, false); err == nil {
		t.Error("no-spawn-check must still refuse a cat on ocean")
	}
	// Through the game options: the same checks at load.
	for _, c := range []struct {
		opts []string
		ok   bool
	}{
		{[]string{"map=open", "spawn=0:0,0/0,-4/0,5"}, false},
		{[]string{"map=open", "spawn=0:0,0/0,-4/0,5", "no-spawn-check=true"}, true},
		{[]string{"map=open", "spawn=0:0,0/0,-5/0,5"}, true},
	} {
		_, err := configure(testConfig(c.opts...))
		if (err == nil) != c.ok {
			t.Errorf("%v: %v", c.opts, err)
		}
	}
}

func TestAutoSpawnIsFairAndValid(t *testing.T) {
	for s := uint64(0); s < 50; s++ {
		b, _ := Generate(DefaultGenOptions(s))
		sp, err := AutoSpawn(b, 0, s)
		if err != nil {
			t.Fatal(err)
		}
		if err := sp.Validate(b, true); err != nil {
			t.Fatalf("seed %d: %v", s, err)
		}
		// Mirror cells through the mouse on a point-symmetric map: the cats
		// are equally placed.
		d := b.Distances(sp.Mouse)
		if sp.Mouse != (Hex{}) || sp.Cats[0].Neg() != sp.Cats[1] || d[b.Index(sp.Cats[0])] != d[b.Index(sp.Cats[1])] {
			t.Fatalf("seed %d: unfair auto spawn %+v", s, sp)
		}
	}
}
