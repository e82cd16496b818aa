// Package all registers every game Arena ships: importing it (for its side
// effects) is the one place where the set of games is decided.
package all

import (
	// Each game registers itself with the game package in its init.
	_ "github.com/seed27749672/arena/game"
	_ "github.com/seed27749672/arena/games/ants"
	_ "github.com/seed27749672/arena/games/catmouse"
	_ "github.com/seed27749672/arena/games/jungle"
	_ "github.com/seed27749672/arena/games/territory"
	_ "github.com/seed27749672/arena/games/tracks"
)
