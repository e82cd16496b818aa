// Package host is the registry of the games' stand-alone tools: `arena host
// GAME` (a server bots connect to by themselves, as the event ran it) and
// `arena maps GAME` (a game's map tools). Such a tool sits above match (it
// plays its games with match.Run), so it cannot live in the game's own
// package, which imports only game; it lives in a subpackage of the game's
// folder and registers itself here in its init, like a game with
// game.Register. games/all/hosts is the one place that decides which hosts
// are compiled in; the command line looks them up by game name and never
// names a game.
package host

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
)

// Host is what one game offers on the command line besides its matches.
type Host struct {
	// Game is the name of the game, as game.Info.Name.
	Game string
	// Summary says what the server is, for `arena host`'s one-line help
	// ("the Coveo Blitz 2022 server").
	Summary string
	// Examples are lines of `arena host`'s help, each an example command
	// and what it does, indented by two spaces.
	Examples string
	// Main runs `arena host GAME ARGS` (args without the game's name) until
	// ctx is done, and returns the exit status.
	Main func(ctx context.Context, args []string, stdout, stderr io.Writer) int

	// Maps runs `arena maps GAME ARGS` (args without the game's name); nil
	// when the game has no map tools. An error it returns is printed; a
	// MapsFailed error exits with status 1 after printing its message.
	Maps func(args []string, stdout io.Writer) error
	// MapsExamples are lines of `arena maps`'s help, as Examples.
	MapsExamples string
}

// MapsFailed is returned by a Host's Maps when what it checked failed (a
// map is invalid): the command exits with status 1 rather than 2.
type MapsFailed struct{ Msg string }

func (e MapsFailed) Error() string { return e.Msg }

var (
	mu    sync.RWMutex
	hosts = map[string]Host{}
)

// Register makes a game's host available by its game's name. It panics if
// the name is empty or taken, or if Main is nil.
func Register(h Host) {
	mu.Lock()
	defer mu.Unlock()
	if h.Game == "" || h.Main == nil {
		panic("host: Register needs a game name and a Main")
	}
	if _, dup := hosts[h.Game]; dup {
		panic("host: Register called twice for " + h.Game)
	}
	hosts[h.Game] = h
}

// Lookup returns the host of a game.
func Lookup(gameName string) (Host, bool) {
	mu.RLock()
	defer mu.RUnlock()
	h, ok := hosts[gameName]
	return h, ok
}

// All returns every registered host, sorted by game name.
func All() []Host {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]Host, 0, len(hosts))
	for _, h := range hosts {
		out = append(out, h)
	}
	slices.SortFunc(out, func(a, b Host) int { return strings.Compare(a.Game, b.Game) })
	return out
}

// WithMaps returns the hosts that have map tools, sorted by game name.
func WithMaps() []Host {
	var out []Host
	for _, h := range All() {
		if h.Maps != nil {
			out = append(out, h)
		}
	}
	return out
}

// Only says which of the hosts have something, for an error about a game
// that has not: "only jungle has one", "only a and b have one", "no game has
// one".
func Only(hs []Host) string {
	names := make([]string, len(hs))
	for i, h := range hs {
		names[i] = h.Game
	}
	switch len(names) {
	case 0:
		return "no game has one"
	case 1:
		return fmt.Sprintf("only %s has one", names[0])
	}
	return fmt.Sprintf("only %s and %s have one", strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}
