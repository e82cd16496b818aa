package catmouse

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/seed27749672/arena/game"
)

// legResult plays leg 1 of a game whose cats and mouse both use the given
// strategies, on one of 12 maps (default, open, gen:2..11).
func legResult(t *testing.T, i int, c catsFunc, m mouseFunc) (result int, dashes int64) {
	t.Helper()
	mo := fmt.Sprintf("map=gen:%d", i)
	switch i {
	case 0:
		mo = "map=default"
	case 1:
		mo = "map=open"
	}
	d := newDirect(t, []string{mo}, func() game.Bot { return newBuiltin(int64(i), c, m) }, func() game.Bot { return newBuiltin(int64(i)+1, c, m) })
	for len(d.ref.legs) == 0 {
		d.step()
		for p := range 2 {
			if errs := d.ref.fr.sides[p].Errors; len(errs) > 0 {
				t.Fatalf("map %d: a builtin made errors: %v", i, errs)
			}
		}
	}
	return d.ref.legs[0].Result, d.ref.pos.Uses
}

type strength struct {
	caught, sum int
	dashes      int64
}

func measure(t *testing.T, c catsFunc, m mouseFunc) strength {
	var s strength
	for i := range 12 {
		r, d := legResult(t, i, c, m)
		if r <= DefaultMaxTurns {
			s.caught++
		}
		s.sum += r
		s.dashes += d
	}
	return s
}

// TestBuiltinStrength keeps the builtins meaningful, on 12 maps: pursuit's
// cats catch a random mouse every time and a plain mouse more often than
// plain cats do; evasive's mouse outlives the plain mouse against
// pursuit's cats, escapes plain cats most of the time, and dashes.
func TestBuiltinStrength(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 72 legs")
	}
	pursuitRandom := measure(t, pursuitCats, randomMouse)
	pursuitPlain := measure(t, pursuitCats, plainMouse)
	plainPlain := measure(t, plainCats, plainMouse)
	pursuitEvasive := measure(t, pursuitCats, evasiveMouse)
	plainEvasive := measure(t, plainCats, evasiveMouse)
	randomRandom := measure(t, randomCats, randomMouse)
	t.Logf("caught/12, mean: pursuit-random %d %d, pursuit-plain %d %d, plain-plain %d %d, pursuit-evasive %d %d, plain-evasive %d %d, random-random %d %d",
		pursuitRandom.caught, pursuitRandom.sum/12, pursuitPlain.caught, pursuitPlain.sum/12, plainPlain.caught, plainPlain.sum/12,
		pursuitEvasive.caught, pursuitEvasive.sum/12, plainEvasive.caught, plainEvasive.sum/12, randomRandom.caught, randomRandom.sum/12)
	if pursuitRandom.caught != 12 {
		t.Errorf("pursuit's cats caught the random mouse %d times in 12", pursuitRandom.caught)
	}
	if pursuitPlain.caught < 9 || pursuitPlain.sum >= plainPlain.sum {
		t.Errorf("pursuit's cats must beat plain cats against the plain mouse: %+v vs %+v", pursuitPlain, plainPlain)
	}
	if pursuitEvasive.sum <= pursuitPlain.sum {
		t.Errorf("evasive's mouse must outlive the plain mouse against pursuit's cats: %+v vs %+v", pursuitEvasive, pursuitPlain)
	}
	if plainEvasive.caught > 3 || pursuitEvasive.dashes == 0 {
		t.Errorf("evasive's mouse: caught %d times by plain cats, %d dashes against pursuit", plainEvasive.caught, pursuitEvasive.dashes)
	}
}

// TestBuiltinsPlayBothRoles: every builtin plays a whole game, both legs,
// on every kind of map, without a single ERROR.
func TestBuiltinsPlayBothRoles(t *testing.T) {
	for _, a := range builtins {
		for _, b := range builtins {
			for _, mo := range []string{"map=default", "map=gen:3", "map=open:5", "spawn=0:0,0/0,-5/5,0/-5,5/3,-8"} {
				d := newDirect(t, []string{mo, "maxturns=60"}, builtinNamed(a.Name, 1), builtinNamed(b.Name, 2))
				for !d.ref.Over() {
					d.step()
					for p := range 2 {
						if errs := d.ref.fr.sides[p].Errors; len(errs) > 0 {
							t.Fatalf("%s vs %s on %s: errors %v", a.Name, b.Name, mo, errs)
						}
					}
				}
				if len(d.ref.legs) != 2 {
					t.Errorf("%s vs %s: legs %+v", a.Name, b.Name, d.ref.legs)
				}
			}
		}
	}
}

// A mouse that never moves, in the open at the centre, is caught: pursuit's
// cats close in once containing it stops shrinking its room.
func TestPursuitCatchesAStillMouse(t *testing.T) {
	still := func(*view, *rand.Rand) (Action, []string) { return Action{}, nil }
	for i := range 4 {
		r, _ := legResult(t, i, pursuitCats, still)
		if r > 60 {
			t.Errorf("map %d: a mouse standing still was caught at %d (301: never)", i, r)
		}
	}
}
