package all

import (
	"testing"

	"github.com/seed27749672/arena/game"
)

// What a game's metadata tells the platform is true of the game: its time
// options are integer options it declares, and every map name it lists
// makes a referee without a file.
func TestMetadataMatchesTheGames(t *testing.T) {
	for _, g := range game.All() {
		info := g.Info()
		declared := map[string]bool{}
		for _, o := range info.Options {
			declared[o.Name] = true
		}
		if to := info.TimeOptions; to != nil {
			for _, name := range []string{to.Turn, to.First} {
				if !declared[name] {
					t.Errorf("%s: time option %q is not one of its options", info.Name, name)
				}
			}
		}
		for _, m := range info.MapNames {
			opts, err := game.ParseOptions(info.Options, []string{"map=" + m})
			if err != nil {
				t.Errorf("%s: map=%s: %v", info.Name, m, err)
				continue
			}
			if _, err := g.New(game.Config{Seed: 1, Players: info.MaxPlayers, League: info.DefaultLeague, Options: opts}); err != nil {
				t.Errorf("%s: map %q listed in MapNames: %v", info.Name, m, err)
			}
		}
	}
}
