// Package catmouse is the referee of the Cod'INSA 2025 final: on a
// hexagonal board, one team's AI plays the cats and tries to catch the mouse
// as early as possible, the other team's AI plays the mouse and tries to
// survive; a game is two legs with roles swapped, and a match is three games
// on three spawn sets.
//
// The rules are shared/rules/catmouse.md (built on the organisers' French
// help page); the comments cite its sections (§4.2) and decisions (D12).
// The package is organised by concept: hex.go (coordinates), board.go (terrain
// and walls), mapfile.go and generate.go (the map file and its seeded
// generator), spawn.go and pack.go (spawn sets and the vote for game 2),
// rules.go (moves, dash, catches), lexer.go, orders.go and dbg.go (what the
// AIs write), problems.go (the ERROR lines), protocol.go (what they read),
// game.go (options, maps and spawn sets of a game, the clock), referee.go
// (the timeline of a game), result.go and series.go (scoring of a game and
// a match), frame.go (viewer frames), and the builtin bots in builtin.go,
// botview.go and bot_*.go; textfile.go reads the organiser's files.
package catmouse
