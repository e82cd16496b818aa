package all_test

import (
	"slices"
	"testing"

	"github.com/seed27749672/arena/game"
	_ "github.com/seed27749672/arena/games/all"
	"github.com/seed27749672/arena/platform/format"
	_ "github.com/seed27749672/arena/platform/format/all"
)

// TestEveryFormatAGameNamesIsRegistered: a format a game's metadata names
// (game.Info.Formats) is compiled in by this package; one missing would
// leave its events without their rounds and finals, silently.
func TestEveryFormatAGameNamesIsRegistered(t *testing.T) {
	var names []string
	for _, f := range format.All() {
		names = append(names, f.Name())
	}
	for _, g := range game.All() {
		for _, name := range g.Info().Formats {
			if !slices.Contains(names, name) {
				t.Errorf("%s names format %q, which is not registered (registered: %v)", g.Info().Name, name, names)
			}
		}
	}
}
