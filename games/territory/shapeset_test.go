package territory

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
)

var update = flag.Bool("update", false, "rewrite testdata/shapes-golden.txt")

// drawnArena is the arena and player shuffle a match of these options
// starts from: everything the shape option decides.
func drawnArena(t testing.TB, seed int64, players int, opts ...string) (*Arena, []int) {
	t.Helper()
	o, err := game.ParseOptions(options, opts)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := Game{}.New(game.Config{Seed: seed, Players: players, Options: o, Files: game.NewFiles()})
	if err != nil {
		t.Fatal(err)
	}
	r := ref.(*referee)
	return r.arena, r.seatOf
}

// The arenas of `random` and of each single shape are those of the code
// before shape sets (testdata/shapes-golden.txt was written by it): per
// player count and shape option, the size and shape drawn for seeds 1 to
// 40 and a digest of the 40 arenas' tiles, start blocks and shuffles.
func TestShapeDrawUnchanged(t *testing.T) {
	const golden = "testdata/shapes-golden.txt"
	var got strings.Builder
	for _, players := range []int{4, 6, 8} {
		for _, shape := range []string{"random", "square", "cut", "x", "wide", "narrow"} {
			if !ShapeAllowed(Shape(shape), players) {
				continue
			}
			h := sha256.New()
			var drawn []string
			for seed := int64(1); seed <= 40; seed++ {
				a, perm := drawnArena(t, seed, players, "shape="+shape)
				drawn = append(drawn, fmt.Sprintf("%s/%s", a.Size, a.Shape))
				fmt.Fprintf(h, "%s\n%v\n", a.Text(), perm)
			}
			fmt.Fprintf(&got, "%d %s %x %s\n", players, shape, h.Sum(nil)[:12], strings.Join(drawn, " "))
		}
	}
	if *update {
		if err := os.WriteFile(golden, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test -run TestShapeDrawUnchanged -update writes it)", err)
	}
	g, w := strings.Split(got.String(), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(g), len(w)) {
		if i >= len(g) || i >= len(w) || g[i] != w[i] {
			t.Fatalf("line %d differs from %s:\n got %q\nwant %q", i+1, golden, at(g, i), at(w, i))
		}
	}
}
