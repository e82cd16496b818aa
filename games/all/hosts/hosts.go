// Package hosts registers every game's stand-alone host that Arena ships
// (package host: `arena host GAME`, `arena maps GAME`): importing it (for
// its side effects) is the one place where the set of hosts is decided.
// It is apart from games/all because a host sits above match (it plays
// its games with match.Run and shows them with the web viewer): what
// imports only the games (the platform, the tournaments) does not take
// the hosts in with them.
package hosts

import (
	// Each host registers itself with the host package in its init.
	_ "github.com/seed27749672/arena/games/jungle/server"
)
