package game

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestParseOptions(t *testing.T) {
	decls := []Option{
		IntOption("turns", 100, 1, 200, "turns"),
		BoolOption("fast", false, "fast"),
		EnumOption("rule", "rule", "seed", "reference"),
		StringOption("map", "", "map"),
	}
	o, err := ParseOptions(decls, []string{"turns=50", "rule=reference", "turns=60"})
	if err != nil {
		t.Fatal(err)
	}
	if o.Int("turns") != 60 || o.Bool("fast") || o.String("rule") != "reference" || o.String("map") != "" {
		t.Fatalf("values: %v", o.values)
	}
	if !o.IsSet("turns") || o.IsSet("fast") {
		t.Fatal("IsSet must tell explicit values from defaults")
	}
	if got := strings.Join(o.Pairs(), " "); got != "rule=reference turns=60" {
		t.Fatalf("Pairs() = %q", got)
	}
	for in, want := range map[string]string{
		"colour=red": `unknown option "colour" (known options: fast, map, rule, turns)`,
		"turns=0":    "option turns: 0 is not between 1 and 200",
		"turns=x":    `option turns: "x" is not an integer`,
		"fast=yes":   `option fast: "yes" is not one of true, false`,
		"turns":      `option "turns" must be written key=value`,
	} {
		if _, err := ParseOptions(decls, []string{in}); err == nil || err.Error() != want {
			t.Errorf("%s: error %v, want %q", in, err, want)
		}
	}
}

func TestRankBy(t *testing.T) {
	ps := []PlayerResult{{Score: 3}, {Score: 7}, {Score: 3}, {Score: -1}}
	RankByScore(ps)
	var ranks []int
	for _, p := range ps {
		ranks = append(ranks, p.Rank)
	}
	if got := ranks; got[0] != 2 || got[1] != 1 || got[2] != 2 || got[3] != 4 {
		t.Fatalf("ranks %v, want [2 1 2 4] (competition ranking)", ranks)
	}
}

func TestClock(t *testing.T) {
	c := Clock{First: time.Second, FirstTurns: 1, Turn: 100 * time.Millisecond}
	if c.Limit(1) != time.Second || c.Limit(2) != 100*time.Millisecond {
		t.Fatal("first-turn allowance")
	}
	if c.String() != "1000/100 ms" {
		t.Fatalf("String() = %q", c.String())
	}
	j := Clock{First: 1150 * time.Millisecond, FirstTurns: 10, Turn: 150 * time.Millisecond}
	if j.Limit(10) != 1150*time.Millisecond || j.Limit(11) != 150*time.Millisecond {
		t.Fatal("the first ten turns get the allowance")
	}
	var p Policy
	if err := p.UnmarshalText([]byte("late")); err != nil || p != PolicyLate || p.String() != "late" {
		t.Fatalf("policy %v %v", p, err)
	}
	if err := p.UnmarshalText([]byte("never")); err == nil {
		t.Fatal("unknown policy accepted")
	}
}

func TestSplitMix64Vector(t *testing.T) {
	// The published vector for state 0 (shared/rules/jungle.md §3.4).
	s := NewSplitMix64(0)
	for _, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := s.Uint64(); got != want {
			t.Fatalf("got %#x, want %#x", got, want)
		}
	}
	if a, b := BotSeed(7, 0), BotSeed(7, 0); BotSeed(7, 0) == BotSeed(7, 1) || a != b || BotSeed(7, 1) < 0 {
		t.Fatal("bot seeds must differ by seat, repeat, and be non-negative")
	}
}

func TestJavaTrim(t *testing.T) {
	for in, want := range map[string]string{
		"  WAIT \t":       "WAIT",
		"\x00\x1fa b\x7f": "a b\x7f",
		"\u00a0x\u0085":   "\u00a0x\u0085", // Java keeps these; TrimSpace would not
		"":                "",
	} {
		if got := JavaTrim(in); got != want {
			t.Errorf("JavaTrim(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLeagues(t *testing.T) {
	info := Info{Name: "g", Leagues: []League{{Number: 1}, {Number: 2}}, DefaultLeague: 2}
	if l, err := info.CheckLeague(0); err != nil || l != 2 {
		t.Fatalf("default league %d %v", l, err)
	}
	if _, err := info.CheckLeague(3); err == nil || !strings.Contains(err.Error(), "leagues 1 to 2") {
		t.Fatalf("league 3: %v", err)
	}
	if _, err := (Info{Name: "g"}).CheckLeague(1); err == nil {
		t.Fatal("a game without leagues refuses one")
	}
}

// An option with both Values and Check offers the values (help, forms) and
// lets Check decide: territory's shape takes one shape or a set of them.
func TestCheckDecidesOverValues(t *testing.T) {
	decls := []Option{{Name: "shape", Default: "a", Values: []string{"a", "b"},
		Check: func(v string) error {
			for _, s := range strings.Split(v, ",") {
				if s != "a" && s != "b" {
					return errors.New("not a set of a and b")
				}
			}
			return nil
		}}}
	if o, err := ParseOptions(decls, []string{"shape=a,b"}); err != nil || o.String("shape") != "a,b" {
		t.Fatalf("a set: %v %v", o.values, err)
	}
	if _, err := ParseOptions(decls, []string{"shape=c"}); err == nil || err.Error() != "option shape: not a set of a and b" {
		t.Fatalf("Check's refusal: %v", err)
	}
}
