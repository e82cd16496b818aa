// Package jungle is Jungle Blitz, the game of Coveo Blitz 2022: up to four
// teams of units collect diamonds on a grid, summon them to raise the
// points they earn while held, drop them to score, and fight with attacks
// and vines. It follows shared/rules/jungle.md, is exact to the 2022
// reference server where the rules leave a choice to it, and speaks the
// 2022 WebSocket protocol, so the 2022 starter kits play unchanged.
//
// The rules live in state.go (the board), actions.go (the seven actions),
// path.go (the reference path search) and referee.go (one tick); the wire
// format in command.go (COMMAND) and payload.go (TICK); maps in gamemap.go,
// bmp.go, jmap.go, maps.go, generate.go and validate.go; viewer frames in
// frame.go (with what they last wrote in viewcache.go); the builtin bots
// in bot*.go.
package jungle

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/seed27749672/arena/game"
)

// Version is bumped whenever a change alters replays (a rule, or the
// frames: 3 writes a step's repeated teams as null).
const Version = "3"

// URLEnv is the environment variable that gives a bot started by Arena the
// WebSocket server's URL (the 2022 kits connect to ws://127.0.0.1:8765, which
// Arena serves when the port is free).
const URLEnv = "ARENA_WS_URL"

// Game is the jungle game; it registers itself as "jungle".
type Game struct{}

func init() { game.Register(Game{}) }

// Option names (spec §5.6); the arena host accepts the reference's flags
// and maps them to these.
const (
	OptMap             = "map"
	OptMapsDir         = "maps_dir"
	OptTeams           = "nb_teams"
	OptUnits           = "nb_units_per_team"
	OptTicks           = "nb_ticks"
	OptTickTimeout     = "tick_timeout_ms"
	OptFirstTicks      = "first_ticks_count"
	OptFirstExtra      = "first_ticks_extra_ms"
	OptDelay           = "delay_between_ticks_ms"
	OptLegacyLastState = "legacy_last_state"
	OptLegacyErrors    = "legacy_errors"
)

var options = []game.Option{
	game.FileOption(OptMap, "", "map: a built-in map name (arena maps jungle), a .jmap or .bmp file, or a name in maps_dir; empty: chosen from the seed"),
	game.FileOption(OptMapsDir, "", "extra directory where map names are looked up"),
	game.IntOption(OptTeams, 0, 0, 4, "expected team count for the map's units table (0: the number of bots)"),
	game.IntOption(OptUnits, 0, 0, 50, "units per team (0: the map's table, else 3)"),
	game.IntOption(OptTicks, 300, 1, 100000, "number of ticks"),
	game.IntOption(OptTickTimeout, 150, 0, 600000, "time to answer a TICK, ms (0: no limit)"),
	game.IntOption(OptFirstTicks, 10, 0, 100000, "number of first ticks with extra time"),
	game.IntOption(OptFirstExtra, 1000, 0, 600000, "extra time on those first ticks, ms"),
	game.IntOption(OptDelay, 0, 0, 60000, "pause after every tick, ms (the 2022 server and arena host: 10)"),
	game.BoolOption(OptLegacyLastState, false, "reference lastState: positionBefore = position, hasSummoned always false"),
	game.BoolOption(OptLegacyErrors, false, "reference errors: cleared only when a command is applied, so timeouts pile up, and a timeout gives the base tick_timeout_ms on every tick"),
}

// Info describes the game.
func (Game) Info() game.Info {
	return game.Info{
		Name:       "jungle",
		Title:      "Jungle Blitz (Coveo Blitz 2022)",
		Summary:    "collect, summon and drop diamonds in the jungle; vine and attack the other teams",
		Version:    Version,
		MinPlayers: 1,
		MaxPlayers: 4,
		Clock: game.Clock{First: 1150 * time.Millisecond, FirstTurns: 10, Turn: 150 * time.Millisecond,
			Policy: game.PolicyGame},
		Options:     options,
		TimeOptions: &game.TimeOptions{Turn: OptTickTimeout, First: OptFirstExtra, FirstIsExtra: true},
		MapNames:    BuiltinMapNames(),
		Transport:   "websocket",
		WebSocket: &game.WebSocketProtocol{Port: 8765, TokenEnv: "TOKEN", URLEnv: URLEnv,
			Register: transportRegister, Valid: json.Valid},
		Builtins: builtins,
		Formats:  []string{"blitz"}, // Coveo Blitz 2022's ranked rounds and final
	}
}

// settings are a game's options, read once.
type settings struct {
	mapArg, mapsDir          string
	teams, units, ticks      int
	timeoutMs                int
	firstTicks, firstExtraMs int
	delayMs                  int
	legacyLastState          bool
	legacyErrors             bool
	timeScale                float64 // --time-scale (0: 1), for the messages
}

func readSettings(o game.Options) settings {
	return settings{
		mapArg: o.String(OptMap), mapsDir: o.String(OptMapsDir),
		teams: o.Int(OptTeams), units: o.Int(OptUnits), ticks: o.Int(OptTicks),
		timeoutMs: o.Int(OptTickTimeout), firstTicks: o.Int(OptFirstTicks), firstExtraMs: o.Int(OptFirstExtra),
		delayMs:         o.Int(OptDelay),
		legacyLastState: o.Bool(OptLegacyLastState), legacyErrors: o.Bool(OptLegacyErrors),
	}
}

// scaledMs is ms multiplied by the match's time scale, as the runner
// scales the clock.
func (s settings) scaledMs(ms int) int {
	return int(game.ScaleDuration(time.Duration(ms)*time.Millisecond, s.timeScale).Milliseconds())
}

// noLimit stands for tick_timeout_ms=0: the server waits for the answer.
const noLimit = 24 * time.Hour

// clock is the time control these settings give (spec §1, §3.2 step 3).
func (s settings) clock() game.Clock {
	c := game.Clock{First: noLimit, Turn: noLimit, FirstTurns: s.firstTicks, Policy: game.PolicyGame,
		Pause: time.Duration(s.delayMs) * time.Millisecond}
	if s.timeoutMs > 0 {
		c.Turn = time.Duration(s.timeoutMs) * time.Millisecond
		c.First = c.Turn + time.Duration(s.firstExtraMs)*time.Millisecond
	}
	return c
}

// effectiveTimeoutMs is the time limit of tick t, extra time included, for
// the timeout message and the average response time (spec §3.2 step 5).
func (s settings) effectiveTimeoutMs(t int) int {
	if t < s.firstTicks {
		return s.scaledMs(s.timeoutMs + s.firstExtraMs)
	}
	return s.scaledMs(s.timeoutMs)
}

// printedTimeoutMs is the value the timeout message gives for tick t: the
// effective limit, or under legacy_errors the base tick_timeout_ms that the
// 2022 server printed whatever the tick (spec §8 #4).
func (s settings) printedTimeoutMs(t int) int {
	if s.legacyErrors {
		return s.scaledMs(s.timeoutMs)
	}
	return s.effectiveTimeoutMs(t)
}

// New creates the referee of one game.
func (Game) New(cfg game.Config) (game.Referee, error) {
	set := readSettings(cfg.Options)
	set.timeScale = cfg.TimeScale
	seed := uint64(cfg.Seed)
	m, err := chooseMap(cfg.Files, set.mapArg, set.mapsDir, seed)
	if err != nil {
		return nil, err
	}
	n := cfg.Players
	if n < 1 {
		return nil, fmt.Errorf("jungle needs at least one team")
	}
	units := set.units
	if units == 0 {
		expected := set.teams
		if expected == 0 {
			expected = n
		}
		units = m.UnitsPerTeam(expected)
	}
	names := make([]string, n)
	for i := range names {
		if i < len(cfg.Names) && cfg.Names[i] != "" {
			names[i] = cfg.Names[i]
		} else {
			names[i] = fmt.Sprintf("Team %d", i+1)
		}
	}
	return newReferee(set, m, seed, names, units), nil
}
