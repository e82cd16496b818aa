package territory

import (
	"testing"

	"github.com/seed27749672/arena/game"
)

// The starter kits play a whole game through the runner against a bot
// that stays inside its body, and finish it alive having captured tiles.
func TestKits(t *testing.T) {
	for _, kit := range []struct{ name, spec string }{
		{"python", "python3 ../../kits/territory/python/bot.py"},
		{"python-http", "http:python3 ../../kits/territory/python-http/bot.py"},
	} {
		t.Run(kit.name, func(t *testing.T) {
			t.Parallel()
			rep := runMatch(t, 5, []string{kit.spec, helper()}, "arena="+readFile(t, "testdata/kit-16.arena"), "turns=120")
			p := rep.Result.Players[0]
			if p.Status != game.OK {
				t.Fatalf("the kit ended %s: %s", p.Status, p.Message)
			}
			if got := stat(p.PlayerResult, "territory"); got <= 20 {
				t.Errorf("the kit holds %d tiles after 120 turns; it should capture", got)
			}
			if got := stat(p.PlayerResult, "stays"); got != 0 {
				t.Errorf("the kit stood still %d times", got)
			}
			t.Logf("%s: %d tiles, MaxMovement %d", kit.name, stat(p.PlayerResult, "territory"), stat(p.PlayerResult, "maxMovement"))
		})
	}
}
