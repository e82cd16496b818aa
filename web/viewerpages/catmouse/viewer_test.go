package catmouse_test

import (
	"testing"

	_ "github.com/seed27749672/arena/games/all"
	"github.com/seed27749672/arena/web/viewerpages"
)

// TestViewer: the viewer's checks on a catmouse match, with the catch's
// pieces spread (viewerpages.Check). Its builtin mice draw nothing, so a
// tiny mouse that stays and draws (DBG lines, for F6) plays the pursuit
// cats (which draw, for F5).
func TestViewer(t *testing.T) {
	viewerpages.Check(t, "catmouse", []string{"builtin:pursuit", "drawer=python3 -c '" + drawingMouse + "'"})
}

// drawingMouse stays put in either role and draws a circle and a text
// around the mouse every turn.
const drawingMouse = `
import sys
state = False
q = r = 0
for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == "INIT":
        state = False
    elif w[0] == "STATE":
        state = True
    elif w[0] == "MOUSE":
        q, r = w[1], w[2]
    elif w[0] == "END":
        if state:
            print("DBG CIRCLE %s %s 1.5 cyan" % (q, r))
            print("DBG TEXT %s %s cyan staying here" % (q, r))
            print("MOVE", flush=True)
        else:
            print("READY", flush=True)
`
