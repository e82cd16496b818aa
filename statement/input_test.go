package statement_test

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
)

// The input sections of a statement are checked against what the game's
// referee sends in that league, so that the statements cannot drift from
// the code: each turn's input must read exactly as the statement's code
// blocks say, line by line and token by token.
//
// A line of a block is one of:
//
//	name                 one line holding one integer, named for later lines
//	a b c                one line of three tokens
//	N lines: a b c       N lines of three tokens; N is a name or a product a*b
//	a[N] ...             a token written name[N] stands for N tokens

// inputBlocks are the statement's initialisation and turn input blocks.
func inputBlocks(t *testing.T, md string) (init, turn []string) {
	t.Helper()
	block := func(heading string) []string {
		_, after, ok := strings.Cut(md, heading+"\n")
		if !ok {
			t.Fatalf("no %q section", heading)
		}
		m := codeBlock.FindStringSubmatch(after)
		if m == nil {
			t.Fatalf("no code block after %q", heading)
		}
		return strings.Split(strings.TrimSuffix(m[1], "\n"), "\n")
	}
	return block("### Initialisation input"), block("### Input for one game turn")
}

// reader walks a prompt's lines while a spec is matched against them.
type reader struct {
	lines []string
	vars  map[string]int
}

func (r *reader) count(expr string) (int, error) {
	n := 1
	for _, f := range strings.Split(expr, "*") {
		v, ok := r.vars[f]
		if !ok {
			return 0, fmt.Errorf("%q is not a value read before", f)
		}
		n *= v
	}
	return n, nil
}

// match consumes the lines a spec describes.
func (r *reader) match(spec []string) error {
	for _, s := range spec {
		times, fields := 1, s
		if c, rest, ok := strings.Cut(s, " lines: "); ok {
			n, err := r.count(c)
			if err != nil {
				return err
			}
			times, fields = n, rest
		}
		names := strings.Fields(fields)
		for k := 0; k < times; k++ {
			if len(r.lines) == 0 {
				return fmt.Errorf("the input ends where the statement says %q", s)
			}
			line := r.lines[0]
			r.lines = r.lines[1:]
			tokens := strings.Split(line, " ")
			want := 0
			for _, name := range names {
				if _, c, ok := strings.Cut(name, "["); ok {
					n, err := r.count(strings.TrimSuffix(c, "]"))
					if err != nil {
						return err
					}
					want += n
				} else {
					want++
				}
			}
			if len(tokens) != want {
				return fmt.Errorf("line %q has %d tokens, the statement's %q says %d", line, len(tokens), s, want)
			}
			if len(names) == 1 && times == 1 && !strings.Contains(names[0], "[") {
				v, err := strconv.Atoi(tokens[0])
				if err != nil {
					return fmt.Errorf("%s: %q is not an integer", names[0], tokens[0])
				}
				r.vars[names[0]] = v
			}
		}
	}
	return nil
}

func promptLines(msg []byte) []string {
	s := string(msg)
	if !strings.HasSuffix(s, "\n") {
		return []string{"(no final newline)"}
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

func TestInputIsTheReferees(t *testing.T) {
	wait := game.Reply{Status: game.Answered, Lines: []game.Line{{Text: "WAIT"}}}
	for _, name := range []string{"ants", "tracks"} {
		g, _ := game.Lookup(name)
		info := g.Info()
		for _, l := range info.Leagues {
			init, turn := inputBlocks(t, statementOf(t, name, l.Number).Markdown)
			limits := constraints(t, statementOf(t, name, l.Number).Markdown)
			if len(limits) == 0 {
				t.Fatalf("%s league %d: no constraint on the input", name, l.Number)
			}
			for seed := int64(1); seed <= 40; seed++ {
				ref, err := g.New(game.Config{Seed: seed, Players: 2, League: l.Number, Options: game.MustOptions(info.Options)})
				if err != nil {
					t.Fatal(err)
				}
				readers := []*reader{{vars: map[string]int{}}, {vars: map[string]int{}}}
				for k := 1; k <= 3 && !ref.Over() && (k == 1 || seed <= 3); k++ {
					for p, r := range readers {
						msg, ask := ref.Prompt(p)
						if !ask {
							t.Fatalf("%s league %d: player %d not asked on turn %d", name, l.Number, p, k)
						}
						r.lines = promptLines(msg)
						spec := turn
						if k == 1 {
							spec = append(append([]string{}, init...), turn...)
						}
						if err := r.match(spec); err != nil {
							t.Errorf("%s league %d seed %d player %d turn %d: %v", name, l.Number, seed, p, k, err)
						} else if len(r.lines) > 0 {
							t.Errorf("%s league %d seed %d player %d turn %d: %d lines beyond what the statement says, from %q",
								name, l.Number, seed, p, k, len(r.lines), r.lines[0])
						}
					}
					if k == 1 {
						for _, c := range limits {
							if v, ok := readers[0].vars[c.name]; !ok || v < c.lo || v > c.hi {
								t.Errorf("%s league %d seed %d: %s = %d (read: %v), the statement says %d to %d",
									name, l.Number, seed, c.name, v, ok, c.lo, c.hi)
							}
						}
					}
					ref.Play([]game.Reply{wait, wait})
				}
			}
		}
	}
}

type limit struct {
	name   string
	lo, hi int
}

var (
	between = regexp.MustCompile("(?m)^(\\d+) ≤ `(\\w+)` ≤ (\\d+)$")
	below   = regexp.MustCompile("(?m)^`(\\w+)` < (\\d+)$")
	equal   = regexp.MustCompile("(?m)^`(\\w+)` = (\\d+)$")
)

// constraints are the bounds of the statement's Constraints section on
// values of the input.
func constraints(t *testing.T, md string) []limit {
	_, sec, ok := strings.Cut(md, "## Constraints\n")
	if !ok {
		t.Fatal("no Constraints section")
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	atoi := func(s string) int { n, _ := strconv.Atoi(s); return n }
	var out []limit
	for _, m := range between.FindAllStringSubmatch(sec, -1) {
		out = append(out, limit{m[2], atoi(m[1]), atoi(m[3])})
	}
	for _, m := range below.FindAllStringSubmatch(sec, -1) {
		out = append(out, limit{m[1], math.MinInt, atoi(m[2]) - 1})
	}
	for _, m := range equal.FindAllStringSubmatch(sec, -1) {
		out = append(out, limit{m[1], atoi(m[2]), atoi(m[2])})
	}
	return out
}
