package ants_test

import (
	"testing"

	_ "github.com/seed27749672/arena/games/all"
	"github.com/seed27749672/arena/web/viewerpages"
)

// TestViewer: the viewer's checks on a match of ants' builtins, with the
// page shell's own (keys, title, address), the harvest chains and the end
// banner (viewerpages.Check).
func TestViewer(t *testing.T) { viewerpages.Check(t, "ants", nil) }
