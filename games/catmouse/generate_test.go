package catmouse

import (
	"fmt"
	"os/exec"
	"strconv"
	"testing"
)

// TestGeneratorProperties checks §2.4 on 1,000 seeds: the map is valid
// for generation (centre plain, plain cells connected, no dead end),
// point-symmetric in terrain and walls, within its obstacle and wall
// bounds with even counts, reproducible, and written in a form that reads
// back identically with its walls in canonical order.
func TestGeneratorProperties(t *testing.T) {
	const seeds = 1000
	o := DefaultGenOptions(0)
	cells := CellCount(o.Radius)
	hi := o.DensityMax * cells / 1000
	reached := 0
	for s := uint64(0); s < seeds; s++ {
		o.Seed = s
		b, err := Generate(o)
		if err != nil {
			t.Fatalf("seed %d: %v", s, err)
		}
		if b.Name != fmt.Sprintf("gen-%d", s) {
			t.Fatalf("seed %d: name %q", s, b.Name)
		}
		if !b.Terrain(Hex{}).Passable() || !b.Connected() || len(b.DeadEnds()) != 0 {
			t.Fatalf("seed %d: not valid for generation (dead ends %v)", s, b.DeadEnds())
		}
		obstacles := 0
		for i := range b.Len() {
			h := b.Cell(i)
			if b.Terrain(h) != b.Terrain(h.Neg()) {
				t.Fatalf("seed %d: %v is %v but its mirror is %v", s, h, b.Terrain(h), b.Terrain(h.Neg()))
			}
			if !b.Terrain(h).Passable() {
				obstacles++
			}
		}
		for _, w := range b.Walls() {
			d, _ := dirBetween(w[0], w[1])
			if !b.Wall(w[0].Neg(), d.Opposite()) {
				t.Fatalf("seed %d: wall %v-%v has no mirror", s, w[0], w[1])
			}
		}
		if obstacles%2 != 0 || obstacles > hi {
			t.Fatalf("seed %d: %d obstacles (even, at most %d)", s, obstacles, hi)
		}
		if obstacles >= (o.DensityMin*cells+999)/1000-1 {
			reached++
		}
		if n := len(b.Walls()); n%2 != 0 || n > o.WallsMax {
			t.Fatalf("seed %d: %d walls (even, at most %d)", s, n, o.WallsMax)
		}
		again, err := Generate(o)
		if err != nil || again.MapFile() != b.MapFile() {
			t.Fatalf("seed %d: the generator is not reproducible", s)
		}
		read, err := ParseMap(b.MapFile())
		if err != nil || read.MapFile() != b.MapFile() {
			t.Fatalf("seed %d: the map file does not read back: %v", s, err)
		}
		if _, err := AutoSpawn(b, 0, s); err != nil {
			t.Fatalf("seed %d: %v", s, err)
		}
	}
	// The blobs are rarely refused: nearly every map reaches its target
	// (at least the lower bound rounded down to even).
	if reached < seeds*9/10 {
		t.Errorf("only %d of %d maps reach the obstacle density's lower bound", reached, seeds)
	}
}

func TestGeneratorOptions(t *testing.T) {
	for r := MinRadius; r <= MaxRadius; r++ {
		o := DefaultGenOptions(uint64(r))
		o.Radius = r
		o.DensityMin, o.DensityMax = 0, 300
		b, err := Generate(o)
		if err != nil {
			t.Fatalf("radius %d: %v", r, err)
		}
		if b.Validate() != nil || !b.Terrain(Hex{}).Passable() || len(b.DeadEnds()) > 0 {
			t.Errorf("radius %d: invalid map", r)
		}
	}
	for _, c := range []struct {
		s      string
		lo, hi int
		ok     bool
	}{{"0.12:0.20", 120, 200, true}, {".5:1", 500, 1000, true}, {"0:0.125", 0, 125, true},
		{"0.1234:0.2", 0, 0, false}, {"0.3:0.2", 0, 0, false}, {"-0.1:0.2", 0, 0, false}, {"1.5:2", 0, 0, false}, {"0.1", 0, 0, false}} {
		lo, hi, err := ParseDensity(c.s)
		if (err == nil) != c.ok || c.ok && (lo != c.lo || hi != c.hi) {
			t.Errorf("ParseDensity(%q) = %d, %d, %v", c.s, lo, hi, err)
		}
	}
	if _, err := Generate(GenOptions{Seed: 1, Radius: 8, DensityMin: 10, DensityMax: 11, WallsMin: 0, WallsMax: 0}); err == nil {
		t.Error("densities with no whole number of obstacles between them must be refused")
	}
}

// TestGeneratorMatchesSpecReading compares the generator, byte for byte,
// with testdata/genref.py, an independent Python reading of §2.4 written
// from the rules alone (the spec wants the same map in any language): the
// default map's seed, extreme seeds, and other radii, densities and wall
// counts.
func TestGeneratorMatchesSpecReading(t *testing.T) {
	t.Parallel()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	for _, o := range []GenOptions{
		DefaultGenOptions(2025),
		DefaultGenOptions(0),
		DefaultGenOptions(1<<64 - 1),
		{Seed: 3, Radius: 3, DensityMin: 0, DensityMax: 300, WallsMin: 0, WallsMax: 40},
		{Seed: 11, Radius: 20, DensityMin: 100, DensityMax: 250, WallsMin: 30, WallsMax: 60},
		{Seed: 5, Radius: 2, DensityMin: 0, DensityMax: 500, WallsMin: 0, WallsMax: 10},
	} {
		b, err := Generate(o)
		if err != nil {
			t.Fatal(err)
		}
		args := []string{"testdata/genref.py", strconv.FormatUint(o.Seed, 10)}
		for _, n := range []int{o.Radius, o.DensityMin, o.DensityMax, o.WallsMin, o.WallsMax} {
			args = append(args, strconv.Itoa(n))
		}
		want, err := exec.Command(py, args...).Output()
		if err != nil {
			t.Fatalf("genref.py %v: %v", args[1:], err)
		}
		if got := b.MapFile(); got != string(want) {
			t.Errorf("%+v: the generator and the spec's reading differ:\n%s\nwant\n%s", o, got, want)
		}
	}
}
