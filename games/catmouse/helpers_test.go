package catmouse

import "github.com/seed27749672/arena/game"

// testConfig is a game configuration with the given options.
func testConfig(opts ...string) game.Config {
	return game.Config{Seed: 1, Players: 2, Names: []string{"A", "B"}, Options: game.MustOptions(options, opts...)}
}

func lineOf(s string) game.Line { return game.Line{Text: s} }
