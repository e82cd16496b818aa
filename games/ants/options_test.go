package ants

import (
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
)

func TestOptionValidation(t *testing.T) {
	cases := []struct {
		setup match.Setup
		want  string
	}{
		{match.Setup{Options: []string{"map_ring_count_max=8"}}, `option map_ring_count_max: "8" is not auto or an integer from 4 to 7`},
		{match.Setup{Options: []string{"map_ring_count_max=3"}}, `is not auto or an integer from 4 to 7`},
		{match.Setup{Options: []string{"scores_in_input=yes"}}, `option scores_in_input: "yes" is not one of auto, true, false`},
		{match.Setup{Options: []string{"end_rule=first"}}, `option end_rule: "first" is not one of half, reference`},
		{match.Setup{Options: []string{"ruleset=java"}}, `option ruleset: "java" is not one of seed, reference`},
		{match.Setup{Options: []string{"max_turns=0"}}, "option max_turns: 0 is not between 1 and 1000"},
		{match.Setup{Options: []string{"turn_timeout_ms=fast"}}, `option turn_timeout_ms: "fast" is not an integer`},
		{match.Setup{Options: []string{"seed=3"}}, `unknown option "seed"`},
		{match.Setup{League: 5}, "ants has leagues 1 to 4, not 5"},
		{match.Setup{Bots: []string{"builtin:boss4"}}, "ants is played by 2 bots; 1 given"},
		{match.Setup{Bots: []string{"builtin:boss4", "builtin:boss9"}}, `ants has no builtin bot "boss9" (available: boss1, boss2, boss3, boss4, random, wait)`},
	}
	for _, c := range cases {
		c.setup.Game = "ants"
		if c.setup.Bots == nil {
			c.setup.Bots = []string{"builtin:wait", "builtin:wait"}
		}
		_, err := c.setup.Build()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want %q", c.setup, err, c.want)
		}
	}
}

func TestRulesFromOptions(t *testing.T) {
	cases := []struct {
		league int
		opts   []string
		want   Rules
	}{
		{1, nil, Rules{League: 1, SpawnSameTurn: true, RingMax: 4, MaxTurns: 100}},
		{2, nil, Rules{League: 2, SpawnSameTurn: true, RingMax: 5, MaxTurns: 100}},
		{3, nil, Rules{League: 3, SpawnSameTurn: true, RingMax: 5, AttackChains: true, MaxTurns: 100}},
		{4, nil, Rules{League: 4, SpawnSameTurn: true, RingMax: 5, AttackChains: true, ScoresInInput: true, MaxTurns: 100}},
		{0, nil, Rules{League: 4, SpawnSameTurn: true, RingMax: 5, AttackChains: true, ScoresInInput: true, MaxTurns: 100}},
		{1, []string{"ruleset=reference"}, Rules{League: 1, SpawnSameTurn: true, EndRule: EndReference, AntScores: true, RingMax: 4, MaxTurns: 100}},
		{2, []string{"ruleset=reference"}, Rules{League: 2, SpawnSameTurn: true, EndRule: EndReference, AntScores: true, RingMax: 5, MaxTurns: 100}},
		{3, []string{"ruleset=reference"}, Rules{League: 3, SpawnSameTurn: true, EndRule: EndReference, AntScores: true, RingMax: 7, AttackChains: true, MaxTurns: 100}},
		{4, []string{"ruleset=reference", "map_ring_count_max=5", "end_rule=half", "tie_score=points"}, Rules{League: 4, SpawnSameTurn: true, RingMax: 5, AttackChains: true, ScoresInInput: true, MaxTurns: 100}},
		// An explicit auto wins over the preset too: the league's default size.
		{4, []string{"ruleset=reference", "map_ring_count_max=auto"}, Rules{League: 4, SpawnSameTurn: true, EndRule: EndReference, AntScores: true, RingMax: 5, AttackChains: true, ScoresInInput: true, MaxTurns: 100}},
		{1, []string{"map_ring_count_max=auto", "ruleset=reference"}, Rules{League: 1, SpawnSameTurn: true, EndRule: EndReference, AntScores: true, RingMax: 4, MaxTurns: 100}},
		{2, []string{"tie_score=ants"}, Rules{League: 2, SpawnSameTurn: true, AntScores: true, RingMax: 5, MaxTurns: 100}},
		{1, []string{"scores_in_input=true", "losing_ants_cant_carry=true", "fighting_ants_kill=true", "spawn_same_turn=false", "max_turns=7", "map_ring_count_max=6"},
			Rules{League: 1, ScoresInInput: true, AttackChains: true, FightingAntsKill: true, RingMax: 6, MaxTurns: 7}},
		{4, []string{"scores_in_input=false", "losing_ants_cant_carry=false"}, Rules{League: 4, SpawnSameTurn: true, RingMax: 5, MaxTurns: 100}},
	}
	for _, c := range cases {
		o := game.MustOptions(options, c.opts...)
		got, err := rulesFrom(c.league, o)
		if err != nil {
			t.Fatal(err)
		}
		want := c.want
		want.FirstTurnTimeout, want.TurnTimeout = time.Second, 100*time.Millisecond
		if got != want {
			t.Errorf("league %d %v:\n got %+v\nwant %+v", c.league, c.opts, got, want)
		}
	}
}

// The options reach the match: the clock, the score line, the map size,
// the number of turns.
func TestOptionsTakeEffect(t *testing.T) {
	ref, err := Game{}.New(game.Config{Seed: 1, Players: 2, League: 1,
		Options: game.MustOptions(options, "first_turn_timeout_ms=1500", "turn_timeout_ms=70", "scores_in_input=true", "max_turns=3")})
	if err != nil {
		t.Fatal(err)
	}
	c := ref.(game.Clocked).Clock()
	if c.First != 1500*time.Millisecond || c.Turn != 70*time.Millisecond || c.FirstTurns != 1 || c.Policy != game.PolicyDisqualify {
		t.Errorf("clock %+v", c)
	}
	r := ref.(*referee)
	msg, _ := r.Prompt(0)
	lines := strings.Split(string(msg), "\n")
	if n := r.m.Board.Len(); lines[n+4] != "0 0" {
		t.Errorf("league 1 with scores_in_input=true: first turn line %q", lines[n+4])
	}
	for !r.Over() {
		r.playLines("WAIT", "WAIT")
	}
	if r.turn != 3 {
		t.Errorf("max_turns=3 ended after %d turns", r.turn)
	}

	big := 0
	for seed := range int64(40) {
		ref, _ := Game{}.New(game.Config{Seed: seed, League: 4, Options: game.MustOptions(options, "ruleset=reference")})
		big = max(big, ref.(*referee).m.Board.Len())
	}
	if big < 50 {
		t.Errorf("ruleset=reference in league 4 should draw maps of 6-7 rings; largest %d cells", big)
	}
	// A Config without options gets the defaults.
	ref, err = Game{}.New(game.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := rulesFrom(4, game.MustOptions(options)); ref.(*referee).rules != want {
		t.Errorf("rules without options %+v, want %+v", ref.(*referee).rules, want)
	}
}

// The first prompt is the init block followed by the turn block; later
// prompts hold only the turn block.
func TestPrompts(t *testing.T) {
	ref, _ := Game{}.New(game.Config{Seed: 8, Players: 2, League: 4})
	r := ref.(*referee)
	n := r.m.Board.Len()
	for p := range 2 {
		msg, ask := r.Prompt(p)
		lines := strings.Split(strings.TrimSuffix(string(msg), "\n"), "\n")
		if !ask || len(lines) != 1+n+3+1+n {
			t.Fatalf("player %d: %d lines on turn 1, want %d", p, len(lines), 1+n+3+1+n)
		}
		my, opp := lines[n+2], lines[n+3]
		if my != joinInts(r.m.Bases[p], " ") || opp != joinInts(r.m.Bases[1-p], " ") {
			t.Errorf("player %d bases %q / %q", p, my, opp)
		}
		base := r.m.Bases[p][0]
		if got, want := lines[n+5+base], strings.Fields(lines[n+5+base]); len(want) != 3 || want[1] == "0" {
			t.Errorf("player %d: its base line %q should show its own ants second", p, got)
		}
	}
	r.playLines("WAIT", "WAIT")
	msg, _ := r.Prompt(0)
	if lines := strings.Split(strings.TrimSuffix(string(msg), "\n"), "\n"); len(lines) != n+1 {
		t.Errorf("turn 2 prompt has %d lines, want %d", len(lines), n+1)
	}
	if !strings.HasSuffix(string(msg), "\n") {
		t.Errorf("prompt does not end with a newline")
	}
}
