package territory_test

import (
	"testing"

	_ "github.com/seed27749672/arena/games/all"
	"github.com/seed27749672/arena/web/viewerpages"
)

// TestViewer: the viewer's checks on a match of territory's builtins
// (viewerpages.Check).
func TestViewer(t *testing.T) { viewerpages.Check(t, "territory", nil) }
