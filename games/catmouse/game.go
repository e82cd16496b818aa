package catmouse

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/seed27749672/arena/game"
)

// Version is bumped whenever a rule change alters replays.
const Version = "1"

// The clock of the seed (§4.1): 200 ms per turn, 2000 ms for the INIT/READY
// handshake (the runner's first turn of each leg), and late answers applied
// when they arrive (game.PolicyLate).
const (
	TurnLimit      = 200 * time.Millisecond
	HandshakeLimit = 2000 * time.Millisecond
	// CrashAfter: an AI with a request outstanding for strictly more than
	// this has crashed (D8).
	CrashAfter      = 10 * time.Second
	DefaultMaxTurns = 300
)

//go:embed maps/default.map
var defaultMapFile string

//go:embed maps/default.spawns
var defaultPackFile string

// DefaultMap returns the map Arena plays by default: one fixed map for
// every match, as the event had (D19), made by the generator.
func DefaultMap() *Board {
	b, err := ParseMap(defaultMapFile)
	if err != nil {
		panic("catmouse: the embedded default map is invalid: " + err.Error())
	}
	return b
}

// DefaultPack returns the spawn sets published with the default map.
func DefaultPack() *Pack {
	p, err := ParsePack(defaultPackFile)
	if err != nil {
		panic("catmouse: the embedded default spawn file is invalid: " + err.Error())
	}
	return p
}

var options = []game.Option{
	game.BoolOption("realtime", false, "real-time mode: every turn lasts its whole 200 ms (default: fast mode, a turn ends as soon as no answer is outstanding)"),
	game.IntOption("maxturns", DefaultMaxTurns, 1, 1_000_000, "turns per leg before the mouse has escaped"),
	game.FileOption("map", "default", "default (Arena's map), open[:R] (no obstacle), gen[:SEED] (generated; SEED defaults to the match seed) or a map file"),
	game.FileOption("spawn", "auto", "auto, a spawn file, or one line ID:MQ,MR/CQ,CR/... (mouse first, then 1 to 4 cats)"),
	game.FileOption("spawns", "", "a spawn pack (sets 0, 1-8, 9 and votes); the game option picks its set"),
	game.IntOption("game", 1, 1, 3, "game of the match: 1 plays set 0, 2 the voted set, 3 set 9; in game 2 the second bot plays the cats first"),
	game.BoolOption("no-spawn-check", false, "test option: accept spawn sets with cats closer than 5 steps to the mouse"),
}

type catmouse struct{}

func init() { game.Register(catmouse{}) }

// Info describes the game.
func (catmouse) Info() game.Info {
	return game.Info{
		Name:       "catmouse",
		Title:      "Cats & Mouse (Cod'INSA 2025 final)",
		Summary:    "cats chase a dashing mouse on a hex map; two legs with roles swapped",
		Version:    Version,
		MinPlayers: 2, MaxPlayers: 2,
		Clock:    game.Clock{First: HandshakeLimit, FirstTurns: 1, Turn: TurnLimit, Policy: game.PolicyLate},
		Options:  options,
		MapNames: []string{"default", "gen", "open"},
		MaxLine:  MaxLineBytes,
		Builtins: builtins,
		Formats:  []string{"codinsa"}, // the Cod'INSA 2025 spawn vote and final round robin
	}
}

// settings is everything a referee is created with.
type settings struct {
	board     *Board
	spawn     Spawn
	maxTurns  int
	gameNo    int
	catsFirst int // the seat playing the cats in leg 1 (D19)
	realtime  bool
	names     []string
	timeScale float64 // the match's --time-scale (0: 1), for CrashAfter
}

// crashAfter is CrashAfter scaled by the match's time scale.
func (s settings) crashAfter() time.Duration { return game.ScaleDuration(CrashAfter, s.timeScale) }

// New creates the referee of one game (two legs).
func (catmouse) New(cfg game.Config) (game.Referee, error) {
	if cfg.Players != 2 {
		return nil, fmt.Errorf("catmouse is played by 2 bots, not %d", cfg.Players)
	}
	set, err := configure(cfg)
	if err != nil {
		return nil, err
	}
	return newReferee(set), nil
}

func configure(cfg game.Config) (settings, error) {
	o := cfg.Options
	set := settings{
		maxTurns:  o.Int("maxturns"),
		gameNo:    o.Int("game"),
		realtime:  o.Bool("realtime"),
		names:     cfg.Names,
		timeScale: cfg.TimeScale,
	}
	if set.maxTurns == 0 {
		set.maxTurns = DefaultMaxTurns
	}
	if set.gameNo == 0 {
		set.gameNo = 1
	}
	if set.gameNo == 2 {
		set.catsFirst = 1
	}
	for len(set.names) < 2 {
		set.names = append(set.names, fmt.Sprintf("bot%d", len(set.names)+1))
	}
	mapOpt := o.String("map")
	if mapOpt == "" {
		mapOpt = "default"
	}
	b, err := loadMap(cfg.Files, mapOpt, cfg.Seed)
	if err != nil {
		return settings{}, fmt.Errorf("map option: %w", err)
	}
	set.board = b
	check := !o.Bool("no-spawn-check")
	set.spawn, err = chooseSpawn(cfg.Files, o.String("spawn"), o.String("spawns"), mapOpt, b, set.gameNo, cfg.Seed, check)
	if err != nil {
		return settings{}, err
	}
	if err := set.spawn.Validate(b, check); err != nil {
		return settings{}, fmt.Errorf("spawn: %w", err)
	}
	return set, nil
}

// loadMap resolves the map option: "default", "open" or "open:R", "gen" or
// "gen:SEED" (the match seed when SEED is omitted), or a map file, read
// through files.
func loadMap(files *game.Files, opt string, seed int64) (*Board, error) {
	switch {
	case opt == "default":
		return DefaultMap(), nil
	case opt == "open" || strings.HasPrefix(opt, "open:"):
		r := DefaultRadius
		if s, ok := strings.CutPrefix(opt, "open:"); ok {
			n, err := strconv.Atoi(s)
			if err != nil {
				return nil, fmt.Errorf("%q: write open:R with R from %d to %d", opt, MinRadius, MaxRadius)
			}
			r = n
		}
		b, err := NewBoard(r)
		if err != nil {
			return nil, err
		}
		b.Name = "open-" + strconv.Itoa(r)
		return b, nil
	case opt == "gen" || strings.HasPrefix(opt, "gen:"):
		s := uint64(seed)
		if v, ok := strings.CutPrefix(opt, "gen:"); ok {
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("%q: write gen:SEED with SEED a non-negative integer", opt)
			}
			s = n
		}
		return Generate(DefaultGenOptions(s))
	}
	text, err := files.ReadFile(opt)
	if err != nil {
		return nil, fmt.Errorf("cannot read the map file %q (%v); use default, open[:R], gen[:SEED] or a map file", opt, err)
	}
	return ParseMap(string(text))
}

// chooseSpawn resolves the spawn options for game g.
func chooseSpawn(files *game.Files, spawn, pack, mapOpt string, b *Board, g int, seed int64, check bool) (Spawn, error) {
	switch {
	case spawn != "" && spawn != "auto":
		if strings.Contains(spawn, ",") && !strings.ContainsAny(spawn, `\.`) && !files.IsFile(spawn) {
			return ParseInline(spawn)
		}
		text, err := files.ReadFile(spawn)
		if err != nil {
			return Spawn{}, fmt.Errorf("spawn option: cannot read %q (%v); give a spawn file or a line such as 0:0,0/0,-5/0,5", spawn, err)
		}
		return ParseSpawn(string(text))
	case pack != "":
		text, err := files.ReadFile(pack)
		if err != nil {
			return Spawn{}, fmt.Errorf("spawns option: cannot read %q: %v", pack, err)
		}
		p, err := ParsePack(string(text))
		if err != nil {
			return Spawn{}, err
		}
		sets, _, err := p.MatchSets(b, check)
		if err != nil {
			return Spawn{}, err
		}
		return sets[g-1], nil
	case mapOpt == "default":
		sets, _, err := DefaultPack().MatchSets(b, check)
		if err != nil {
			return Spawn{}, err
		}
		return sets[g-1], nil
	}
	return autoSpawnFor(b, g, seed)
}

// autoSpawnFor gives generated and other maps without spawn sets a fair
// set per game: set 0 for games 1 and 2 (no team set), set 9 for game 3.
func autoSpawnFor(b *Board, g int, seed int64) (Spawn, error) {
	if g == 3 {
		return AutoSpawn(b, SecretSpawn, uint64(seed)^0x9E3779B97F4A7C15)
	}
	return AutoSpawn(b, OrganiserSpawn, uint64(seed))
}
