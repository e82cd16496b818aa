// Package all registers every event format of the platform: import it
// for its side effect, as games/all does for the games. A new format is
// one folder under platform/format and one line here. The formats
// register in the order of these imports, which is the order of the
// results' sections and of a ranking's precedence among those that are
// not a final (format.Section), and of their commands under arena event.
package all

import (
	_ "github.com/seed27749672/arena/platform/format/blitz"     // Coveo Blitz 2022's ranked rounds and final
	_ "github.com/seed27749672/arena/platform/format/codinsa"   // Cod'INSA 2025's spawn vote and final round robin
	_ "github.com/seed27749672/arena/platform/format/rounds"    // Ready AI Code 2020's ranked rounds
	_ "github.com/seed27749672/arena/platform/format/sidequest" // CodinGame Summer Challenge 2026's side quest
)
