// Package territory is the game of Ready AI Code 2020 (PolyHx): a
// Paper.io-like arena for 4, 6 or 8 bots. Each player is a head, a neck (its
// trail outside its territory, which others can cut) and a body (its
// territory); coming back home turns the neck and everything it encloses
// into body. The largest territory after 200 turns wins.
//
// The rules are shared/rules/territory.md; the code follows its sections:
// shape.go and start.go (§2.3-2.4), obstacles.go (§2.5), arenafile.go
// (§2.6), state.go and turn.go (§3-4), capture.go (Phase D's flood fill),
// ranking.go (§5), protocol.go (§6), referee.go (the Arena referee),
// frame.go (viewer frames) and bots*.go (builtin bots).
package territory

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/seed27749672/arena/game"
)

func init() { game.Register(Game{}) }

// Game is the territory game.
type Game struct{}

// Version changes whenever a rule change alters replays.
const Version = "2"

// Options of the game (--opt key=value).
var options = []game.Option{
	game.EnumOption("size", "arena size class: small or large (18/20, 24/26, 28/30 for 4/6/8 players); random draws one from the seed", "random", "small", "large"),
	{Name: "shape", Default: "random", Values: []string{"random", "square", "cut", "x", "wide", "narrow"},
		Help:  "arena outline: random (any shape), one shape, or a comma-separated set such as square,x that each game draws from; shapes the player count does not allow are left out (x is not used with 6 players)",
		Check: func(v string) error { _, err := ParseShapes(v); return err }},
	game.FileOption("arena", "", "an arena file (a path, or the file's text itself) instead of a generated arena; it fixes size, shape and obstacles"),
	{Name: "obstacles", Default: "auto", Help: "random obstacles besides the outline: auto (5% of N², floor(N²/20)) or a count",
		Check: func(v string) error {
			if v == "auto" {
				return nil
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 1600 {
				return fmt.Errorf("%q is neither auto nor a count from 0 to 1600", v)
			}
			return nil
		}},
	{Name: "mix", Default: "2:1:1:1", Help: "weights W:B:I:D of walls, bombs, ice and decay among the random obstacles",
		Check: func(v string) error { _, err := ParseMix(v); return err }},
	game.IntOption("turns", DefaultTurns, 1, 10000, "number of turns"),
	game.IntOption("turn_ms", 1000, 1, 60000, "time per turn, in milliseconds"),
	game.IntOption("first_ms", 3000, 1, 120000, "time for turn 1 of stdin/stdout bots (includes start-up; HTTP bots, ready before turn 1, get turn_ms), in milliseconds"),
	game.BoolOption("solo", false, "test mode: the game goes on while one player is left (a single bot may play)"),
	game.IntOption("multiplier", 1, 0, 1000, "ladder points multiplier of the round (points = 5·(n-position)·multiplier)"),
}

// Info describes the game.
func (Game) Info() game.Info {
	return game.Info{
		Name:    "territory",
		Title:   "Territory (Ready AI Code 2020)",
		Summary: "Paper.io-like: leave your body, loop, come back home to capture; cut the others' necks",
		Version: Version,
		// Official games have 4, 6 or 8 players on generated arenas; arena
		// files allow 2 to 8, and one player with solo=true (D18).
		MinPlayers:   1,
		MaxPlayers:   8,
		PlayerCounts: "4, 6 or 8 (2 to 8 with an arena file)",
		Clock:        game.Clock{First: 3 * time.Second, FirstTurns: 1, Turn: time.Second, Policy: game.PolicyLate},
		Options:      options,
		TimeOptions:  &game.TimeOptions{Turn: "turn_ms", First: "first_ms"},
		MaxLine:      MaxAnswer,
		HTTP:         &HTTP,
		Builtins:     builtins,
		Formats:      []string{"rounds"}, // Ready AI Code 2020's ranked rounds
	}
}

// New creates the referee of one match.
func (Game) New(cfg game.Config) (game.Referee, error) {
	o := cfg.Options
	n := cfg.Players
	if n < 1 || n > 8 {
		return nil, fmt.Errorf("territory is played by 2 to 8 bots (1 with --opt solo=true), not %d", n)
	}
	solo := o.Bool("solo")
	if n == 1 && !solo {
		return nil, fmt.Errorf("a single bot can only play with --opt solo=true")
	}
	mix, err := ParseMix(o.String("mix"))
	if err != nil {
		return nil, err
	}
	var arena *Arena
	var perm []int
	if spec := o.String("arena"); spec != "" {
		text := spec
		if !strings.HasPrefix(strings.TrimSpace(spec), "TERRITORY-ARENA") {
			b, err := cfg.Files.ReadFile(spec)
			if err != nil {
				return nil, fmt.Errorf("arena file: %v", err)
			}
			text = string(b)
		}
		if arena, err = ParseArena(text, n); err != nil {
			return nil, err
		}
		perm = newStream(cfg.Seed).shuffle(n)
	} else {
		set, err := ParseShapes(o.String("shape"))
		if err != nil {
			return nil, err
		}
		size, shape, err := pickArena(cfg.Seed, n, Size(o.String("size")), set)
		if err != nil {
			return nil, err
		}
		count := -1
		if v := o.String("obstacles"); v != "auto" {
			count, _ = strconv.Atoi(v)
		}
		if arena, perm, err = GenerateArena(cfg.Seed, n, size, shape, count, mix); err != nil {
			return nil, err
		}
	}
	return newReferee(cfg, arena, perm, solo), nil
}

// pickArena resolves a "random" size and the shape set with a stream of
// their own, so that the game stream of §2.4-2.5 starts with the player
// shuffle whatever the options. A set of one allowed shape draws nothing:
// a single shape uses the stream as before sets existed, and random (the
// set of every shape) draws as before too.
func pickArena(seed int64, players int, size Size, set []Shape) (Size, Shape, error) {
	r := game.NewRand(seed, 1)
	if size == "random" {
		size = Sizes[r.IntN(len(Sizes))]
	}
	allowed, err := allowedShapes(set, players)
	if err != nil {
		return "", "", err
	}
	if len(allowed) == 1 {
		return size, allowed[0], nil
	}
	return size, allowed[r.IntN(len(allowed))], nil
}
