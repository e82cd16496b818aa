package ants

import (
	"fmt"
	"strconv"
	"time"

	"github.com/seed27749672/arena/game"
)

// EndRule chooses the early-end rule.
type EndRule int

// End rules.
const (
	// EndHalf (the seed's rule, default): the game ends when a player holds
	// more than half of the initial crystal, or when no crystal is left.
	EndHalf EndRule = iota
	// EndReference (the reference referee's code): the game ends when no
	// crystal is left, or when a player's lead is at least what is left.
	EndReference
)

// String is the option value of the rule.
func (e EndRule) String() string {
	if e == EndReference {
		return "reference"
	}
	return "half"
}

// Rules are the settings of one match, resolved from the league and the
// options.
type Rules struct {
	League           int // 1 Wood 2, 2 Wood 1, 3 Bronze, 4 Silver+
	SpawnSameTurn    bool
	EndRule          EndRule
	AntScores        bool // tie_score=ants: tied points make each score the player's ant count
	RingMax          int  // map_ring_count_max, 4..7
	ScoresInInput    bool // the score line of the turn input
	AttackChains     bool // losing_ants_cant_carry
	FightingAntsKill bool
	MaxTurns         int
	FirstTurnTimeout time.Duration
	TurnTimeout      time.Duration
}

// referenceRings is map_ring_count_max under ruleset=reference.
func referenceRings(league int) int {
	switch league {
	case 1:
		return 4
	case 2:
		return 5
	}
	return 7
}

const auto = "auto"

// options are the --opt keys. Those whose default depends on the league
// take "auto".
var options = []game.Option{
	game.EnumOption("ruleset", "preset: seed (the French statement) or reference (end_rule=reference, tie_score=ants and the reference's map sizes: 4 rings in league 1, 5 in league 2, 7 in leagues 3-4); explicit options win over the preset", "seed", "reference"),
	game.BoolOption("spawn_same_turn", true, "ants hatched from eggs appear before the crystal harvest of the same turn (false: after it, as at the start of the next turn)"),
	game.EnumOption("end_rule", "early end: half (a player holds more than half the initial crystal, or none is left) or reference (none left, or a lead at least what is left)", "half", "reference"),
	game.EnumOption("tie_score", "the final scores when the points tie and the ants decide: points (each score stays the points) or ants (each score becomes the player's ant count, as the reference reports it); the ranking is the same", "points", "ants"),
	{Name: "map_ring_count_max", Default: auto, Help: "largest ring count of the map shape, 4 to 7 (auto: 4 in league 1, 5 otherwise; 7 rings give up to 104 cells)",
		Check: func(v string) error {
			if v == auto {
				return nil
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 4 || n > 7 {
				return fmt.Errorf("%q is not auto or an integer from 4 to 7", v)
			}
			return nil
		}},
	{Name: "scores_in_input", Default: auto, Values: []string{auto, "true", "false"}, Help: "send the score line at the start of every turn's input (auto: league 4 only)"},
	{Name: "losing_ants_cant_carry", Default: auto, Values: []string{auto, "true", "false"}, Help: "attack chains: a contested cell where the opponent's attack value is higher breaks your chains (auto: leagues 3-4)"},
	game.BoolOption("fighting_ants_kill", false, "after moving, each player loses up to 3 ants per cell, one per opponent ant there (no league uses it)"),
	game.IntOption("max_turns", 100, 1, 1000, "number of turns"),
	game.IntOption("first_turn_timeout_ms", 1000, 1, 600000, "time limit of the first answer, in milliseconds"),
	game.IntOption("turn_timeout_ms", 100, 1, 600000, "time limit of every later answer, in milliseconds"),
}

// rulesFrom resolves the rules of a match. league 0 means the default (4).
// o must hold every option (game.ParseOptions fills in the defaults). An
// option given explicitly, "auto" included, wins over the ruleset preset.
func rulesFrom(league int, o game.Options) (Rules, error) {
	if league == 0 {
		league = 4
	}
	if league < 1 || league > 4 {
		return Rules{}, fmt.Errorf("ants has leagues 1 to 4, not %d", league)
	}
	ref := o.String("ruleset") == "reference"
	r := Rules{
		League:           league,
		SpawnSameTurn:    o.Bool("spawn_same_turn"),
		EndRule:          EndHalf,
		RingMax:          5,
		ScoresInInput:    league >= 4,
		AttackChains:     league >= 3,
		FightingAntsKill: o.Bool("fighting_ants_kill"),
		MaxTurns:         o.Int("max_turns"),
		FirstTurnTimeout: time.Duration(o.Int("first_turn_timeout_ms")) * time.Millisecond,
		TurnTimeout:      time.Duration(o.Int("turn_timeout_ms")) * time.Millisecond,
	}
	if league == 1 {
		r.RingMax = 4
	}
	if o.String("end_rule") == "reference" || (ref && !o.IsSet("end_rule")) {
		r.EndRule = EndReference
	}
	if o.String("tie_score") == "ants" || (ref && !o.IsSet("tie_score")) {
		r.AntScores = true
	}
	if v := o.String("map_ring_count_max"); v != auto {
		r.RingMax, _ = strconv.Atoi(v) // validated by the option's Check
	} else if ref && !o.IsSet("map_ring_count_max") {
		r.RingMax = referenceRings(league)
	}
	if v := o.String("scores_in_input"); v != auto {
		r.ScoresInInput = v == "true"
	}
	if v := o.String("losing_ants_cant_carry"); v != auto {
		r.AttackChains = v == "true"
	}
	return r, nil
}
