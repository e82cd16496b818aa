// Package tracks is "Back Track King", the CodinGame Summer Challenge 2026
// railway game, following shared/rules/tracks.md and the French statement.
//
// Two players paint railway tracks on a magic map to connect towns to the
// towns they desire; every turn each active connection pays each player one
// point per track it owns on the connection's path. Players may disrupt
// regions, which are inked (wiped and closed to building) when their
// instability reaches a threshold.
//
// The package holds the whole game: the map generator (mapgen.go), the
// output parser (command.go), the AUTOPLACE planner (autoplace.go), the
// connection searches (connections.go), the turn resolution (turn.go), the
// protocol (protocol.go), the viewer frames (frame.go), the leagues
// (league.go) and the built-in bots (bots.go, bosses.go).
package tracks

import (
	"fmt"
	"time"

	"github.com/seed27749672/arena/game"
)

// Game constants (rules §1).
const (
	maxTurns        = 100
	paintIncome     = 3
	disruptIncome   = 1
	seedInkLevel    = 3
	refInkLevel     = 4
	defaultLeague   = 5
	timeoutLine     = "has not provided 1 lines in time"
	interruptAny    = "any_failure"
	interruptPaint  = "paint_only"
	rulesetSeed     = "seed"
	rulesetRef      = "reference"
	optInkThreshold = "ink_threshold"
	optSideQuest    = "side_quest"
	optInterrupt    = "autoplace_interrupt"
	optRuleset      = "ruleset"
)

// statSideQuest is the stat of a player's result that holds its
// side-quest point (0 or 1), which the side-quest leaderboard counts.
const statSideQuest = "sideQuestPoints"

// Version is bumped whenever a rule change alters replays.
const Version = "2"

// Game is the tracks game; it registers itself as "tracks".
type Game struct{}

func init() { game.Register(Game{}) }

var options = []game.Option{
	game.IntOption(optInkThreshold, seedInkLevel, 1, 1000,
		"instability at which a region is inked (seed 3, reference 4)"),
	game.BoolOption(optSideQuest, true,
		"points of interest (terrain 3, cost 3) and the side-quest point"),
	game.EnumOption(optInterrupt,
		"which rejected AUTOPLACE step stops the remaining generated steps: any rejection (seed) or only a lack of paint (reference)",
		interruptAny, interruptPaint),
	game.EnumOption(optRuleset,
		"preset: seed (the French statement) or reference (the CodinGame referee: ink_threshold=4 side_quest=false autoplace_interrupt=paint_only); explicit options override it",
		rulesetSeed, rulesetRef),
}

// Info describes the game.
func (Game) Info() game.Info {
	return game.Info{
		Name:       "tracks",
		Title:      "Back Track King (CodinGame Summer Challenge 2026)",
		Summary:    "paint railway tracks between towns, disrupt and ink your opponent's regions",
		Version:    Version,
		MinPlayers: 2, MaxPlayers: 2,
		Leagues:       leagues,
		DefaultLeague: defaultLeague,
		Clock: game.Clock{First: 1000 * time.Millisecond, FirstTurns: 1, Turn: 50 * time.Millisecond,
			Policy: game.PolicyDisqualify},
		Options:  options,
		Builtins: builtins,
		// CodinGame Summer Challenge 2026's side-quest leaderboard
		Formats:       []string{"sidequest"},
		SideQuestStat: statSideQuest,
	}
}

// settings are a match's rule choices once the preset is applied.
type settings struct {
	inkThreshold int
	sideQuest    bool
	interruptAny bool // any rejected generated step interrupts (seed)
	league       int
}

// settingsFrom applies the ruleset preset, then the options set
// explicitly, then the default league.
func settingsFrom(cfg game.Config) settings {
	o := cfg.Options
	s := settings{inkThreshold: seedInkLevel, sideQuest: true, interruptAny: true, league: cfg.League}
	if o.String(optRuleset) == rulesetRef {
		s.inkThreshold, s.sideQuest, s.interruptAny = refInkLevel, false, false
	}
	if o.IsSet(optInkThreshold) {
		s.inkThreshold = o.Int(optInkThreshold)
	}
	if o.IsSet(optSideQuest) {
		s.sideQuest = o.Bool(optSideQuest)
	}
	if o.IsSet(optInterrupt) {
		s.interruptAny = o.String(optInterrupt) == interruptAny
	}
	if s.league == 0 {
		s.league = defaultLeague
	}
	return s
}

// New creates the referee of one match: it generates the map from the seed.
func (Game) New(cfg game.Config) (game.Referee, error) {
	if cfg.Players != 2 {
		return nil, fmt.Errorf("tracks is played by 2 bots, not %d", cfg.Players)
	}
	if cfg.League < 0 || cfg.League > len(leagues) {
		return nil, fmt.Errorf("tracks has leagues 1 to %d, not %d", len(leagues), cfg.League)
	}
	s := settingsFrom(cfg)
	b, _ := generate(cfg.Seed, s.sideQuest)
	if b == nil {
		return nil, fmt.Errorf("seed %d: no map with %d towns could be generated", cfg.Seed, minTowns)
	}
	return newReferee(b, s, cfg.Names), nil
}
