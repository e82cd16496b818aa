package jungle_test

import (
	"testing"

	_ "github.com/seed27749672/arena/games/all"
	"github.com/seed27749672/arena/web/viewerpages"
)

// TestViewer: the viewer's checks on a jungle match of four teams, so
// that all four animals are drawn, with the team borders and the
// commands' panel (viewerpages.Check).
func TestViewer(t *testing.T) {
	viewerpages.Check(t, "jungle", []string{"builtin:greedy", "builtin:fighter", "builtin:random", "builtin:fighter"})
}
