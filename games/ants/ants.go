// Package ants is Ants & Crystals, the game of the CodinGame Spring
// Challenge 2023: two players place beacons on a hexagonal map to lead
// their ants into harvest chains between their bases and the eggs and
// crystals of the map. It follows shared/rules/ants.md byte for byte: bots
// written for the contest read the same input and are judged the same way.
//
// The files follow the game's concepts: hex.go and board.go (geometry),
// generate.go (maps), rules.go (leagues and options), command.go (the
// output grammar), allocate.go (ant allocation and movement), harvest.go
// (chains), state.go (a turn), protocol.go (the input), referee.go (the
// match), frame.go (what the viewer draws), input.go and bots.go (the
// builtin bots). docs/games/ants.md is the user's documentation.
package ants

import (
	"fmt"
	"time"

	"github.com/seed27749672/arena/game"
)

// Game is the ants game; it registers itself as "ants".
type Game struct{}

func init() { game.Register(Game{}) }

// maxLine is the longest output line read whole.
const maxLine = 1 << 20

// Version changes whenever a rule change alters replays.
const Version = "3"

// Info describes the game.
func (Game) Info() game.Info {
	return game.Info{
		Name:       "ants",
		Title:      "Ants & Crystals (CodinGame Spring Challenge 2023)",
		Summary:    "lead ants with beacons into harvest chains of eggs and crystals",
		Version:    Version,
		MinPlayers: 2, MaxPlayers: 2,
		Leagues: []game.League{
			{Number: 1, Name: "Wood 2", Boss: "boss1"},
			{Number: 2, Name: "Wood 1", Boss: "boss2"},
			{Number: 3, Name: "Bronze", Boss: "boss3"},
			{Number: 4, Name: "Silver+", Boss: "boss4"},
		},
		DefaultLeague: 4,
		Clock:         game.Clock{First: 1000 * time.Millisecond, FirstTurns: 1, Turn: 100 * time.Millisecond, Policy: game.PolicyDisqualify},
		Options:       options,
		TimeOptions:   &game.TimeOptions{Turn: "turn_timeout_ms", First: "first_turn_timeout_ms"},
		MaxLine:       maxLine,
		Builtins:      builtins,
	}
}

// New creates the referee of one match.
func (Game) New(cfg game.Config) (game.Referee, error) {
	if cfg.Players != 0 && cfg.Players != 2 {
		return nil, fmt.Errorf("ants is played by 2 players, not %d", cfg.Players)
	}
	opts := cfg.Options
	if opts.String("ruleset") == "" { // a Config built by hand, without options
		opts = game.MustOptions(options)
	}
	rules, err := rulesFrom(cfg.League, opts)
	if err != nil {
		return nil, err
	}
	m := Generate(cfg.Seed, rules.League, rules.RingMax)
	return newReferee(m, rules, cfg.Names), nil
}
