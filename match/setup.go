package match

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"strconv"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/lang"
	"github.com/seed27749672/arena/sandbox"
)

// Setup is a match as users describe it: a game name, bot specs, and
// optional seed, league and options. The command line and the web server
// both build their matches from it.
type Setup struct {
	Game    string
	Bots    []string // --bot specs, see bot.ParseSpec
	Seed    *int64   // nil: a fresh random seed
	League  int      // 0: the game's default
	Options []string // key=value
	// TimeScale multiplies every time limit of the match (--time-scale),
	// start-up turns included; 0 means 1.
	TimeScale float64
	// Sandbox, when not nil, runs every bot that is a command contained,
	// with these limits (package sandbox).
	Sandbox *sandbox.Limits
	// Sources, when not nil, builds the bots given as a source file
	// (--bot mybot.kt: lang.IsSource); they then run from the directory
	// of their build. When nil, such a bot is a command like any other.
	Sources Sources
}

// Sources builds a source file into a bot: the directory it runs in, and
// its command line there (compile.Builds).
type Sources interface {
	Build(path string) (dir, run string, err error)
}

// Build validates a Setup and turns it into a Match.
func (s Setup) Build() (Match, error) {
	g, err := game.Lookup(s.Game)
	if err != nil {
		return Match{}, err
	}
	info := g.Info()
	opts, err := game.ParseOptions(info.Options, s.Options)
	if err != nil {
		return Match{}, fmt.Errorf("%s: %w", info.Name, err)
	}
	league, err := info.CheckLeague(s.League)
	if err != nil {
		return Match{}, err
	}
	if n := len(s.Bots); n < info.MinPlayers || n > info.MaxPlayers {
		return Match{}, fmt.Errorf("%s is played by %s bots; %d given (use --bot once per bot)", info.Name, info.Players(), n)
	}
	if s.TimeScale != 0 {
		if err := game.CheckTimeScale(s.TimeScale); err != nil {
			return Match{}, fmt.Errorf("--time-scale: %w", err)
		}
	}
	seed := RandomSeed()
	if s.Seed != nil {
		seed = *s.Seed
	}
	m := Match{Game: g, Config: game.Config{Seed: seed, League: league, Options: opts, Files: game.NewFiles(), TimeScale: s.TimeScale}}
	seen := map[string]int{}
	for i, raw := range s.Bots {
		spec, err := bot.ParseSpec(raw)
		if err != nil {
			return Match{}, err
		}
		spec.Sandbox = s.Sandbox
		if err := s.buildSource(&spec); err != nil {
			return Match{}, err
		}
		open, err := bot.Open(info, spec, i, game.BotSeed(seed, i))
		if err != nil {
			return Match{}, err
		}
		seen[spec.Name]++
		name := spec.Name
		if n := seen[spec.Name]; n > 1 {
			name += "#" + strconv.Itoa(n)
		}
		m.Players = append(m.Players, Player{Name: name, Spec: raw, Open: open})
	}
	return m, nil
}

// buildSource turns a bot given as a source file into its build's
// command, run from the build's directory.
func (s Setup) buildSource(spec *bot.Spec) error {
	if s.Sources == nil || spec.Kind == "builtin" || spec.Kind == "url" || !lang.IsSource(spec.Target) {
		return nil
	}
	dir, run, err := s.Sources.Build(spec.Target)
	if err != nil {
		return err
	}
	spec.Target, spec.Dir = run, dir
	return nil
}

// RandomSeed returns a fresh non-negative seed.
func RandomSeed() int64 {
	var b [8]byte
	rand.Read(b[:])
	return int64(binary.LittleEndian.Uint64(b[:]) >> 1)
}
