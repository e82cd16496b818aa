package jungle

import (
	"bytes"
	"testing"
)

// The generator's promises hold over 1,000 seeds: valid, symmetric, the
// exact diamond count, one zone per team, and the same map for the same seed.
func TestGeneratorProperties(t *testing.T) {
	sizes := [][2]int{{20, 14}, {17, 12}, {15, 11}, {19, 13}, {16, 11}}
	failures := 0
	for seed := uint64(0); seed < 1000; seed++ {
		sz := sizes[seed%uint64(len(sizes))]
		teams := 2 + 2*int(seed%2)
		d := 1 + int(seed%9)
		o := GenOptions{Seed: seed, W: sz[0], H: sz[1], Teams: teams, Diamonds: d}
		m, err := Generate(o)
		if err != nil {
			// Some counts cannot be symmetric on some sizes; that must be
			// reported as such, never as a failed search.
			if bytes.Contains([]byte(err.Error()), []byte("no valid")) {
				failures++
			}
			continue
		}
		if probs := m.Validate(); len(probs) > 0 {
			t.Fatalf("seed %d: %v\n%s", seed, probs, m.Text())
		}
		want := PointSymmetry
		if teams == 4 {
			want = MirrorBoth
		}
		if s := m.Symmetry(); s < want {
			t.Fatalf("seed %d: symmetry %v, want %v\n%s", seed, s, want, m.Text())
		}
		if len(m.Diamonds) != d || len(m.SpawnZones()) != teams || m.W != sz[0] || m.H != sz[1] {
			t.Fatalf("seed %d: %d diamonds, %d zones, %dx%d", seed, len(m.Diamonds), len(m.SpawnZones()), m.W, m.H)
		}
		for _, z := range m.SpawnZones() {
			for _, p := range z {
				if m.Tile(p) != Spawn {
					t.Fatal("zone tile is not a spawn")
				}
			}
		}
		if seed%50 == 0 {
			again, _ := Generate(o)
			if !bytes.Equal(again.Text(), m.Text()) {
				t.Fatalf("seed %d: not deterministic", seed)
			}
		}
	}
	if failures > 0 {
		t.Errorf("%d of 1000 seeds found no valid map", failures)
	}
}

func TestGeneratorErrors(t *testing.T) {
	for _, o := range []GenOptions{
		{W: 20, H: 14, Teams: 3, Diamonds: 4},
		{W: 20, H: 14, Teams: 4, Diamonds: 5},
		{W: 20, H: 14, Teams: 4, Diamonds: 2},
		{W: 20, H: 14, Teams: 2, Diamonds: 3},
		{W: 20, H: 14, Teams: 2, Diamonds: 0},
		{W: 4, H: 14, Teams: 2, Diamonds: 2},
		{W: 20, H: 14, Teams: 2, Diamonds: 2, Name: "Bad"},
	} {
		if _, err := Generate(o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}
