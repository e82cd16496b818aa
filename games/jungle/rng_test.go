package jungle

import (
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
)

func TestSplitMixVector(t *testing.T) {
	r := game.NewSplitMix64(0)
	for _, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := r.Uint64(); got != want {
			t.Fatalf("got %#x, want %#x", got, want)
		}
	}
}

// orderString renders orderings as letters: team 0 is A.
func orderString(orders [][]int, from, to int) []string {
	var out []string
	for t := from; t < to; t++ {
		var b strings.Builder
		for _, i := range orders[t] {
			b.WriteByte(byte('A' + i))
		}
		out = append(out, b.String())
	}
	return out
}

// Scenario 47 and the vectors of spec §3.4.
func TestPlayOrderVectors(t *testing.T) {
	got := orderString(playOrderings(1, 2, 300), 0, 9)
	want := "BA AB BA AB BA AB BA AB AB"
	if strings.Join(got, " ") != want {
		t.Errorf("seed 1, 2 teams: %v, want %s", got, want)
	}
	four := playOrderings(7, 4, 300)
	got = orderString(four, 0, 16)
	for i, o := range got {
		if w := []string{"ACBD", "CBDA", "BDAC", "DACB"}[i%4]; o != w {
			t.Errorf("seed 7, tick %d: %s, want %s", i, o, w)
		}
	}
	if o := orderString(four, 16, 17)[0]; o != "BCDA" {
		t.Errorf("seed 7, tick 16: %s, want BCDA", o)
	}
}

func TestUUIDShape(t *testing.T) {
	r := newStream(42, streamIDs)
	seen := map[string]bool{}
	for i := 0; i < 100; i++ {
		id := newUUID(r)
		if len(id) != 36 || id[14] != '4' || !strings.ContainsRune("89ab", rune(id[19])) || strings.ToLower(id) != id {
			t.Fatalf("bad uuid %q", id)
		}
		if seen[id] {
			t.Fatalf("repeated uuid %q", id)
		}
		seen[id] = true
	}
	// Two values, big-endian, first value first.
	r = game.NewSplitMix64(0)
	if id := newUUID(r); id != "e220a839-7b1d-4daf-ae78-9e6aa1b965f4" {
		t.Errorf("uuid from state 0: %s", id)
	}
}
