package territory

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/replay"
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

func TestParseShapes(t *testing.T) {
	for in, want := range map[string][]Shape{
		"random":                   Shapes,
		" random ":                 Shapes,
		"square":                   {Square},
		"x":                        {XShape},
		"square,x":                 {Square, XShape},
		"x,square":                 {Square, XShape},
		"narrow, cut ,wide":        {Cut, Wide, Narrow},
		"narrow,wide,x,cut,square": Shapes,
		"square,cut,x,wide,narrow": Shapes,
	} {
		got, err := ParseShapes(in)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("ParseShapes(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for in, want := range map[string]string{
		"":              "no shape: give random, one shape or a comma-separated set of square, cut, x, wide, narrow",
		" ":             "no shape: give random, one shape or a comma-separated set of square, cut, x, wide, narrow",
		"round":         `unknown shape "round" (the shapes are square, cut, x, wide, narrow, or random)`,
		"square,Cut":    `unknown shape "Cut" (the shapes are square, cut, x, wide, narrow, or random)`,
		"square,,x":     `"square,,x" has an empty shape between its commas`,
		"square,":       `"square," has an empty shape between its commas`,
		",":             `"," has an empty shape between its commas`,
		"square,square": `the shape square is listed twice in "square,square"`,
		"x,cut, x":      `the shape x is listed twice in "x,cut, x"`,
		"random,square": "random cannot be part of a set (it already draws from every shape): give random alone, or the shapes",
	} {
		if got, err := ParseShapes(in); err == nil || err.Error() != want {
			t.Errorf("ParseShapes(%q) = %v, %v; want the error %q", in, got, err, want)
		}
	}
}

// The option takes a set, and refuses a bad one naming the option.
func TestShapeOption(t *testing.T) {
	o, err := game.ParseOptions(options, []string{"shape=square,x"})
	if err != nil || o.String("shape") != "square,x" {
		t.Fatalf("shape=square,x: %v", err)
	}
	if _, err := game.ParseOptions(options, []string{"shape=square,hex"}); err == nil ||
		err.Error() != `option shape: unknown shape "hex" (the shapes are square, cut, x, wide, narrow, or random)` {
		t.Fatalf("shape=square,hex: %v", err)
	}
}

// A set no shape of which is used with the player count is refused by the
// game (as a round's settings are tried on it); a set partly allowed draws
// among the allowed shapes.
func TestShapeSetPlayers(t *testing.T) {
	for _, c := range []struct {
		shape string
		want  string
	}{
		{"x", "the x shape is not used with 6 players"},
		{"x,x", "the shape x is listed twice in \"x,x\""},
	} {
		o, err := game.ParseOptions(options, nil)
		if err != nil {
			t.Fatal(err)
		}
		o.Set("shape", c.shape) // as a preset would, past the option's check
		_, err = Game{}.New(game.Config{Seed: 1, Players: 6, Options: o, Files: game.NewFiles()})
		if err == nil || err.Error() != c.want {
			t.Errorf("shape=%s with 6 players: %v, want %q", c.shape, err, c.want)
		}
	}
	for seed := int64(1); seed <= 30; seed++ {
		if a, _ := drawnArena(t, seed, 6, "shape=x,narrow"); a.Shape != Narrow {
			t.Fatalf("seed %d: x,narrow with 6 players drew %s", seed, a.Shape)
		}
	}
	if _, err := allowedShapes([]Shape{XShape}, 6); err == nil {
		t.Fatal("{x} with 6 players must be refused")
	}
	if _, err := allowedShapes([]Shape{XShape, XShape}, 6); err == nil || err.Error() != "none of the shapes x,x is used with 6 players" {
		t.Fatalf("a set of no allowed shape: %v", err)
	}
}

// Each game draws its shape from the set only, every shape of the set
// comes up over many seeds, and the set draws as random does: the full set
// gives random's arenas, a set written in any order the same arenas.
func TestShapeSetDraw(t *testing.T) {
	for _, players := range []int{4, 6, 8} {
		for _, set := range [][]Shape{{Square, XShape}, {Cut, Wide, Narrow}, {Wide, Narrow}, {Square, Cut, XShape, Wide}} {
			allowed, _ := allowedShapes(set, players)
			seen := map[Shape]int{}
			for seed := int64(1); seed <= 200; seed++ {
				a, _ := drawnArena(t, seed, players, "shape="+joinShapes(set))
				if !slices.Contains(allowed, a.Shape) {
					t.Fatalf("%d players, set %s, seed %d: drew %s", players, joinShapes(set), seed, a.Shape)
				}
				seen[a.Shape]++
			}
			if len(seen) != len(allowed) {
				t.Errorf("%d players, set %s: 200 seeds drew only %v", players, joinShapes(set), seen)
			}
		}
		for seed := int64(1); seed <= 40; seed++ {
			ra, rp := drawnArena(t, seed, players, "shape=random")
			fa, fp := drawnArena(t, seed, players, "shape=narrow,wide,x,cut,square")
			if ra.Text() != fa.Text() || !slices.Equal(rp, fp) {
				t.Fatalf("%d players, seed %d: the full set drew %s, random %s", players, seed, fa.Name, ra.Name)
			}
			a, ap := drawnArena(t, seed, players, "shape=cut,square")
			b, bp := drawnArena(t, seed, players, "shape=square, cut")
			if a.Text() != b.Text() || !slices.Equal(ap, bp) {
				t.Fatalf("%d players, seed %d: cut,square drew %s, square, cut %s", players, seed, a.Name, b.Name)
			}
		}
	}
}

// A whole match with a set, through the runner: same seed, same replay.
func TestShapeSetMatch(t *testing.T) {
	t.Parallel()
	bots := []string{"builtin:greedy", "builtin:hunter", "builtin:random", "builtin:greedy"}
	a := runMatch(t, 5, bots, "shape=wide,x", "turns=40")
	b := runMatch(t, 5, bots, "shape=wide,x", "turns=40")
	a.StripTimings()
	b.StripTimings()
	var ja, jb strings.Builder
	replay.Write(&ja, a)
	replay.Write(&jb, b)
	if ja.String() != jb.String() {
		t.Fatal("two runs of the same match with a shape set differ")
	}
	if !strings.Contains(ja.String(), `"shape":"wide"`) && !strings.Contains(ja.String(), `"shape":"x"`) {
		t.Fatal("the replay's arena is neither wide nor x")
	}
}

func FuzzParseShapes(f *testing.F) {
	for _, s := range []string{"random", "square", "square,x", "x, square", "", ",", "square,,x", "random,x", "x,x", "narrow,wide,x,cut,square", "Square", " cut ", "\x00", "squareé,x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		set, err := ParseShapes(v)
		if err != nil {
			if set != nil {
				t.Fatalf("%q: refused with a set %v", v, set)
			}
			return
		}
		if len(set) == 0 {
			t.Fatalf("%q: accepted an empty set", v)
		}
		// a subsequence of Shapes: known, distinct, in order
		k := 0
		for _, s := range set {
			for k < len(Shapes) && Shapes[k] != s {
				k++
			}
			if k == len(Shapes) {
				t.Fatalf("%q: %v is not a subset of the shapes in their order", v, set)
			}
			k++
		}
		again, err := ParseShapes(joinShapes(set))
		if err != nil || !slices.Equal(again, set) {
			t.Fatalf("%q: its set %v written back reads %v, %v", v, set, again, err)
		}
	})
}
