// Package all registers every event format of the platform: import it
// for its side effect, as games/all does for the games. A new format is
// one folder under platform/format and one line here.
package all

import (
	_ "github.com/seed27749672/arena/platform/format/rounds"    // Ready AI Code 2020's ranked rounds
	_ "github.com/seed27749672/arena/platform/format/sidequest" // CodinGame Summer Challenge 2026's side quest
)
