package sprt

import (
	"math"
	"strings"
	"testing"
)

// approx checks got against a published figure the way the figure's own
// test does: doctest::Approx(want).epsilon(0.01), a relative 1 %.
func approx(t *testing.T, name string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 0.01*math.Max(math.Abs(got), math.Abs(want)) {
		t.Errorf("%s = %.4f, want %.2f", name, got, want)
	}
}

// The figures of fastchess's tests/sprt_test.cpp (github.com/Disservin/
// fastchess), TEST_SUITE("SPRT"), the "logistic" model (fastchess's Stats
// takes wins, losses, draws; or the pentanomial counts LL, LD, WL, DD, WD, WW).
func TestLLRAgainstFastchess(t *testing.T) {
	tri := []struct {
		name             string
		w, l, d          int
		elo0, elo1, want float64
	}{
		{"logistic trinomial 1", 21404, 21184, 40708, 0.5, 2.5, -1.57},
		{"logistic trinomial 2", 57433, 57030, 106593, 0, 2, -2.59},
	}
	for _, c := range tri {
		test := Test{Elo0: c.elo0, Elo1: c.elo1, Alpha: 0.05, Beta: 0.05}
		approx(t, c.name, test.LLR(Trinomial(c.w, c.d, c.l)), c.want)
	}
	penta := []struct {
		name                   string
		ll, ld, wl, dd, wd, ww int
		elo0, elo1, want       float64
	}{
		{"logistic pentanomial 1", 223, 9863, 20279, 1000, 10037, 246, 0.5, 2.5, -3.07},
		{"logistic pentanomial 2", 871, 26175, 55003, 980, 26678, 821, 0, 2, -4.98},
	}
	for _, c := range penta {
		test := Test{Elo0: c.elo0, Elo1: c.elo1, Alpha: 0.05, Beta: 0.05}
		s := Pentanomial([5]int{c.ll, c.ld, c.wl + c.dd, c.wd, c.ww})
		approx(t, c.name, test.LLR(s), c.want)
	}
}

// The figures of fastchess's tests/elo_test.cpp, TEST_CASE("Elo
// calculation"), "Elo calculation 2" and "3": Elo(wins, losses, draws),
// getDiff and getError (the half width of the 95 % interval).
func TestEloAgainstFastchess(t *testing.T) {
	cases := []struct {
		w, l, d    int
		diff, errh float64
	}{
		{0, 36, 14, -315.34, 95.43},
		{859, 772, 1329, 10.21, 9.28},
		{1164, 1267, 3049, -6.53, 6.12},
	}
	for _, c := range cases {
		e := Trinomial(c.w, c.d, c.l).EloEstimate()
		approx(t, "diff", e.Elo, c.diff)
		approx(t, "error", e.Error(), c.errh)
	}
}

func TestBoundsAndVerdict(t *testing.T) {
	test := Test{Elo0: 0, Elo1: 20, Alpha: 0.05, Beta: 0.05}
	lo, hi := test.Bounds()
	// ln(0.05/0.95) = -2.944, the bounds every SPRT tool prints.
	approx(t, "lower", lo, -2.94)
	approx(t, "upper", hi, 2.94)
	if v := test.Verdict(Trinomial(300, 100, 100)); v != AcceptH1 {
		t.Errorf("300-100-100: %v", v)
	}
	if v := test.Verdict(Trinomial(100, 100, 300)); v != AcceptH0 {
		t.Errorf("100-100-300: %v", v)
	}
	if v := test.Verdict(Trinomial(5, 0, 4)); v != Continue {
		t.Errorf("5-0-4: %v", v)
	}
	// Only draws: the sample's mean is 1/2, between the hypotheses; H0 is
	// nearer, and a handful of draws decides nothing yet.
	if llr := test.LLR(Trinomial(0, 7, 0)); llr >= 0 || test.Verdict(Trinomial(0, 7, 0)) != Continue {
		t.Errorf("7 draws: LLR %v", llr)
	}
	// One pair won twice is little evidence of a 20 Elo edge (the normal
	// approximation, with no variance, would call it certain).
	one := Pentanomial([5]int{0, 0, 0, 0, 1})
	if llr := test.LLR(one); llr <= 0 || llr > 1 {
		t.Errorf("one pair won: LLR %v", llr)
	}
	// A bot that wins every pair is accepted all the same (after 53 pairs:
	// the test weighs 0 against 20 Elo, which all-wins hardly tells apart).
	pairs := 0
	for ; test.Verdict(Pentanomial([5]int{0, 0, 0, 0, pairs})) == Continue; pairs++ {
	}
	if pairs < 2 || pairs > 100 {
		t.Errorf("H1 accepted after %d pairs all won", pairs)
	}
}

func TestLOS(t *testing.T) {
	approx(t, "LOS equal", LOS(10, 10), 0.5)
	// 60 wins, 40 losses: 0.5 (1 + erf(20/sqrt(200))) = 0.97725.
	approx(t, "LOS 60-40", LOS(60, 40), 0.97725)
	if LOS(0, 0) != 0.5 {
		t.Error("no decisive game: 0.5")
	}
}

func TestParse(t *testing.T) {
	test, err := Parse("elo0=0,elo1=20")
	if err != nil || test.Elo1 != 20 || test.Alpha != 0.05 || test.Beta != 0.05 {
		t.Fatalf("%+v %v", test, err)
	}
	if test, err = Parse("elo0=-1.75, elo1=0.25, alpha=0.1,beta=0.2"); err != nil || test.Elo0 != -1.75 || test.Beta != 0.2 {
		t.Fatalf("%+v %v", test, err)
	}
	for _, bad := range []string{"", "elo0=0", "elo0=5,elo1=5", "elo0=x,elo1=2", "elo0=0,elo1=2,gamma=1", "elo0=0,elo1=2,alpha=0.7", "elo0=NaN,elo1=2"} {
		if _, err := Parse(bad); err == nil || !strings.Contains(err.Error(), "sprt") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"elo0=0,elo1=20", "elo0=-1,elo1=1,alpha=0.01,beta=0.1", "=", ",,", "elo0=1e308,elo1=Inf"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		test, err := Parse(s)
		if err == nil && (test.Elo0 >= test.Elo1 || test.Alpha <= 0 || test.Beta <= 0) {
			t.Errorf("%q accepted as %+v", s, test)
		}
	})
}
