// Package all registers every event format of the platform: import it
// for its side effect, as games/all does for the games. A new format is
// one folder under platform/format and one line here.
package all

import (
	_ "github.com/seed27749672/arena/platform/format/blitz"   // Coveo Blitz 2022's ranked rounds and final
	_ "github.com/seed27749672/arena/platform/format/codinsa" // Cod'INSA 2025's spawn vote and round robin
	_ "github.com/seed27749672/arena/platform/format/rounds"  // Ready AI Code 2020's ranked rounds
)
