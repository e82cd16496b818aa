package server

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is what the hosted server does; Parse reads it from the 2022
// server's flags and environment variables (spec §5.6).
type Config struct {
	NbTeams          int               // teams to wait for (--nbOfTeams, 4)
	Units            int               // units per team, 0: the map's table (--nbOfUnitsPerTeam)
	Map              string            // --mapName / --gameConfig; "": drawn from the seed
	MapsDir          string            // --mapsDir
	TickTimeoutMs    int               // --timePerTickMs (150; 0: no limit)
	DelayMs          int               // --delayBetweenTicksMs (10)
	Ticks            int               // --nbOfTicks (300)
	StartTimeoutMs   int               // --gameStartTimeoutMs (500000; 0: wait forever)
	FirstTicks       int               // --firstTicksCount (10)
	FirstExtraMs     int               // --firstTicksExtraMs (1000)
	LegacyLastState  bool              // --legacyLastState
	LegacyErrors     bool              // --legacyErrors
	RecordPath       string            // --recordPath: ViewerTicks of each game, JSON
	ResultsPath      string            // --resultsPath: [{teamName, rank, score}]
	TokenNames       map[string]string // --teamNamesByToken (JSON); nil: register by teamName
	KeepAlive        bool              // --keepAlive (true): a new game after each one
	Port             int               // --port (8765)
	ServeUI          bool              // --serveUi (true): the viewer on plain HTTP
	Seed             int64             // --seed; game k uses Seed+k
	SeedSet          bool
	Replays          string        // --replays: where games are saved for Arena's viewer ("": not saved)
	RegisterWithin   time.Duration // a connection must register within this (5 s)
	UnitsSet, MapSet bool
}

// flagKind is how a flag's value is read.
type flagKind int

const (
	kindInt      flagKind = iota // a non-zero positive integer
	kindIntOrNil                 // a positive integer (0 allowed)
	kindIntOrOff                 // 0 (off), or a non-zero positive integer
	kindString
	kindBool
	kindIgnored
)

type flagDef struct {
	names []string // camelCase first; every form is accepted
	kind  flagKind
	set   func(c *Config, s string, n int, b bool) error
}

var flagDefs = []flagDef{
	{[]string{"nbOfTeams", "nb_teams"}, kindInt, func(c *Config, _ string, n int, _ bool) error { c.NbTeams = n; return nil }},
	{[]string{"nbOfUnitsPerTeam", "nb_units_per_team"}, kindInt, func(c *Config, _ string, n int, _ bool) error { c.Units, c.UnitsSet = n, true; return nil }},
	{[]string{"mapName", "gameConfig", "map"}, kindString, func(c *Config, s string, _ int, _ bool) error { c.Map, c.MapSet = s, true; return nil }},
	{[]string{"mapsDir", "maps_dir"}, kindString, func(c *Config, s string, _ int, _ bool) error { c.MapsDir = s; return nil }},
	{[]string{"timePerTickMs", "tick_timeout_ms"}, kindIntOrNil, func(c *Config, _ string, n int, _ bool) error { c.TickTimeoutMs = n; return nil }},
	{[]string{"delayBetweenTicksMs", "delay_between_ticks_ms"}, kindIntOrNil, func(c *Config, _ string, n int, _ bool) error { c.DelayMs = n; return nil }},
	{[]string{"nbOfTicks", "nb_ticks"}, kindInt, func(c *Config, _ string, n int, _ bool) error { c.Ticks = n; return nil }},
	{[]string{"gameStartTimeoutMs", "game_start_timeout_ms"}, kindIntOrOff, func(c *Config, _ string, n int, _ bool) error { c.StartTimeoutMs = n; return nil }},
	{[]string{"firstTicksCount", "first_ticks_count"}, kindIntOrNil, func(c *Config, _ string, n int, _ bool) error { c.FirstTicks = n; return nil }},
	{[]string{"firstTicksExtraMs", "first_ticks_extra_ms"}, kindIntOrNil, func(c *Config, _ string, n int, _ bool) error { c.FirstExtraMs = n; return nil }},
	{[]string{"legacyLastState", "legacy_last_state"}, kindBool, func(c *Config, _ string, _ int, b bool) error { c.LegacyLastState = b; return nil }},
	{[]string{"legacyErrors", "legacy_errors"}, kindBool, func(c *Config, _ string, _ int, b bool) error { c.LegacyErrors = b; return nil }},
	{[]string{"recordPath", "record_path"}, kindString, func(c *Config, s string, _ int, _ bool) error { c.RecordPath = s; return nil }},
	{[]string{"resultsPath", "results_path"}, kindString, func(c *Config, s string, _ int, _ bool) error { c.ResultsPath = s; return nil }},
	{[]string{"teamNamesByToken", "team_names_by_token"}, kindString, func(c *Config, s string, _ int, _ bool) error {
		if s == "" {
			c.TokenNames = nil
			return nil
		}
		var m map[string]string
		if err := json.Unmarshal([]byte(s), &m); err != nil || m == nil {
			return fmt.Errorf("The argument 'teamNamesByToken' is invalid: the value %s needs to be a JSON object from token to team name.", s)
		}
		c.TokenNames = m
		return nil
	}},
	{[]string{"keepAlive", "keep_alive"}, kindBool, func(c *Config, _ string, _ int, b bool) error { c.KeepAlive = b; return nil }},
	{[]string{"port"}, kindIntOrNil, func(c *Config, _ string, n int, _ bool) error { c.Port = n; return nil }},
	{[]string{"serveUi", "serve_ui"}, kindBool, func(c *Config, _ string, _ int, b bool) error { c.ServeUI = b; return nil }},
	{[]string{"seed"}, kindString, func(c *Config, s string, _ int, _ bool) error {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return fmt.Errorf("The argument 'seed' is invalid: the value %s needs to be an integer.", s)
		}
		c.Seed, c.SeedSet = n, true
		return nil
	}},
	{[]string{"replays"}, kindString, func(c *Config, s string, _ int, _ bool) error { c.Replays = s; return nil }},
	{[]string{"s3Bucket"}, kindIgnored, nil},
	{[]string{"s3Path"}, kindIgnored, nil},
}

// Defaults is the configuration with no flag and no environment variable.
func Defaults() Config {
	return Config{NbTeams: 4, TickTimeoutMs: 150, DelayMs: 10, Ticks: 300, StartTimeoutMs: 500000,
		FirstTicks: 10, FirstExtraMs: 1000, KeepAlive: true, Port: 8765, ServeUI: true,
		RegisterWithin: 5 * time.Second}
}

// norm folds a flag name: case, '-' and '_' do not matter.
func norm(s string) string {
	return strings.ToLower(strings.NewReplacer("-", "", "_", "").Replace(s))
}

// envName is yargs' environment name of a camelCase flag: NB_OF_TEAMS.
func envName(camel string) string {
	var b strings.Builder
	for i, r := range camel {
		if r >= 'A' && r <= 'Z' && i > 0 {
			b.WriteByte('_')
		}
		b.WriteRune(r)
	}
	return strings.ToUpper(b.String())
}

// findFlag returns the flag with that name in any of its forms, or nil.
func findFlag(name string) *flagDef {
	n := norm(name)
	for i := range flagDefs {
		for _, alias := range flagDefs[i].names {
			if norm(alias) == n {
				return &flagDefs[i]
			}
		}
	}
	return nil
}

// apply sets the flag to v in c, or says, as the 2022 server did, why v is
// not a valid value.
func (d *flagDef) apply(c *Config, v string) error {
	switch d.kind {
	case kindIgnored:
		return nil
	case kindString:
		return d.set(c, v, 0, false)
	case kindBool:
		b, err := strconv.ParseBool(v)
		if err != nil {
			return fmt.Errorf("The argument '%s' is invalid: the value %s needs to be true or false.", d.names[0], v)
		}
		return d.set(c, v, 0, b)
	}
	// The 2022 server named some flags after the game option they set
	// (expectedNumberOfTeams for nbOfTeams): the flag's own name is clearer.
	name := d.names[0]
	n, err := strconv.Atoi(strings.TrimSpace(v))
	switch {
	case (d.kind == kindInt && (err != nil || n <= 0)) || (d.kind == kindIntOrOff && (err != nil || n < 0)):
		return fmt.Errorf("The argument '%s' is invalid: the value %s needs to be a non-zero positive integer.", name, v)
	case d.kind == kindIntOrNil && (err != nil || n < 0):
		return fmt.Errorf("The argument '%s' is invalid: the value %s needs to be a positive integer.", name, v)
	}
	return d.set(c, v, n, false)
}

// Parse reads the server's flags (--flag=value, --flag value, --no-flag for
// booleans, any of a flag's names) over its environment variables (NB_OF_TEAMS,
// ...; getenv is os.Getenv in the command). It returns the positional
// arguments (a subcommand such as list-maps).
func Parse(args []string, getenv func(string) string) (Config, []string, error) {
	c := Defaults()
	for _, d := range flagDefs {
		for _, name := range d.names {
			if strings.Contains(name, "_") || name == "map" || name == "replays" {
				continue // the environment knows the camelCase names only
			}
			env := envName(name)
			if v := getenv(env); v != "" {
				if err := d.apply(&c, v); err != nil {
					return c, nil, err
				}
				break
			}
		}
	}
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "--") || a == "--" {
			rest = append(rest, a)
			continue
		}
		name, val, hasVal := strings.Cut(a[2:], "=")
		d := findFlag(name)
		if d == nil && strings.HasPrefix(name, "no-") && !hasVal {
			if nd := findFlag(name[3:]); nd != nil && nd.kind == kindBool {
				if err := nd.apply(&c, "false"); err != nil {
					return c, nil, err
				}
				continue
			}
		}
		if d == nil {
			return c, nil, fmt.Errorf("unknown option %s (see: arena host jungle --help)", a)
		}
		if !hasVal {
			next := ""
			if i+1 < len(args) && !strings.HasPrefix(args[i+1], "--") {
				next = args[i+1]
			}
			switch {
			case d.kind == kindBool && next != "true" && next != "false":
				val = "true"
			case next == "" && d.kind != kindBool:
				return c, nil, fmt.Errorf("option %s needs a value", a)
			default:
				val = next
				i++
			}
		}
		if err := d.apply(&c, val); err != nil {
			return c, nil, err
		}
	}
	return c, rest, nil
}

// Usage describes the flags.
const Usage = `Usage: arena host jungle [list-maps | gen-map | validate-maps] [options]

The Coveo Blitz 2022 game server: bots connect to ws://HOST:PORT and register
({"type":"REGISTER","teamName":NAME} or {"type":"REGISTER","token":TOKEN});
the game starts when --nbOfTeams have registered. Viewers connect with
{"type":"VIEWER"}; a browser on http://localhost:PORT gets Arena's viewer.
Every option is also read from its environment variable (NB_OF_TEAMS, ...).

Options (the 2022 server's, then Arena's):
  --nbOfTeams N             teams to wait for (default 4)
  --nbOfUnitsPerTeam N      units per team (default: the map's table, else 3)
  --mapName NAME            a built-in map (list-maps), a .jmap or official .bmp file,
                            or a name in --mapsDir (alias --gameConfig; default: drawn from the seed)
  --timePerTickMs N         time to answer a tick, ms (default 150; 0: no limit)
  --delayBetweenTicksMs N   pause between ticks, ms (default 10)
  --nbOfTicks N             ticks per game (default 300)
  --gameStartTimeoutMs N    start with the teams registered after N ms (default 500000; 0: never)
  --recordPath FILE         write each game's viewer ticks (JSON array)
  --teamNamesByToken JSON   {"token":"team name",...}: register by token only
  --keepAlive / --no-keepAlive   play another game after each one (default true)
  --port N                  port (default 8765)
  --serveUi BOOL            serve the viewer on plain HTTP (default true)
  --s3Bucket, --s3Path      accepted and ignored
  --seed N                  seed of the first game; game k uses seed+k (default: random, logged)
  --mapsDir DIR             extra directory of maps
  --firstTicksCount N       ticks with extra time (default 10)
  --firstTicksExtraMs N     extra time on those ticks, ms (default 1000)
  --legacyLastState         the 2022 server's lastState (positionBefore = position)
  --legacyErrors            the 2022 server's errors (timeouts pile up and give the base tick limit)
  --resultsPath FILE        write [{teamName, rank, score}] after each game
  --replays DIR             save each game's Arena replay there (default: a temporary directory)
  --help, --version

Subcommands:
  list-maps                 the built-in maps
  gen-map --seed N --width W --height H --teams 2|4 --diamonds D [--name NAME]
                            print a generated fair map (.jmap)
  validate-maps [FILE...]   check the built-in maps, or these files
`

// Getenv is os.Getenv, for the command.
var Getenv = os.Getenv
