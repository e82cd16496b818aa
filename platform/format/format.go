// Package format is the contract of the platform's event formats and
// their registry, as package game is for the games: a format is one way
// an event is run beyond its casual rated games (Ready AI Code's ranked
// rounds, Coveo Blitz's ranked rounds and final, CodinGame's leagues,
// Cod'INSA's spawn vote and round robin). Each format is one folder under
// platform/format that owns its rules, its scheduling, its API routes
// and its tests, and registers itself; format/all imports every one. The
// platform never names a format: it calls every registered format's Look
// on each scheduler look (a format passes over the events it does not
// run), mounts their routes and adds their sections to the event's
// results.
package format

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
)

// Format is one event format.
type Format interface {
	// Name is the format's name in the registry and in the games'
	// metadata (game.Info.Formats): "rounds".
	Name() string
	// Routes are the API routes the format adds.
	Routes() []Route
	// Results is the format's section of the event's results (nil when
	// it has none yet).
	Results(ctx context.Context, h Host, ev store.Event) (*Section, error)
}

// Scheduled is a format the scheduler of casual games looks at, at each
// of its passes, for every event (the ranked rounds: any event may have
// some): it queues what has fallen due. A refusal of the format's own
// (fault.UserError) is the organiser's to see, not the scheduler's to
// stop on.
type Scheduled interface {
	Schedule(ctx context.Context, h Host, ev store.Event, now time.Time) error
}

// Clocked is a format the formats' clock looks at, every few seconds and
// whenever a game of a format ends here, for the events whose game names
// it (game.Info.Formats): it plays the stage due and reports whether
// there was one. The look's failure is kept for the organiser.
type Clocked interface {
	Tick(ctx context.Context, h Host, ev store.Event, now time.Time) error
}

// OwnFinal is a format whose event's final is its own (a round robin, an
// elimination): the platform's final ranking (more rated games) is then
// refused, with the reason Refusal gives.
type OwnFinal interface {
	Refusal(ev store.Event) error
}

// Hider is a format that keeps some of its games from the teams for a
// while (a final's games until the results are published): the kinds of
// match it hides now.
type Hider interface {
	Hidden(ctx context.Context, h Host, ev store.Event) (kinds []string, err error)
}

// Host is what the platform offers a format: its store and the few
// services a format's stages use. The platform implements it.
type Host interface {
	Store() store.Store
	// Playable says whether a team's submission has a bot this game can
	// play in its event now (built, reached over a transport it takes).
	Playable(ctx context.Context, info game.Info, sub int64) bool
	// MatchOptions are the game options of one of the event's matches:
	// its options, its time limits and the map its pool draws for seed.
	MatchOptions(info game.Info, ev store.Event, seed int64) ([]string, error)
	// Queue queues a match job, with the map its event draws for it
	// carried in the job when it is a file of the data directory (a
	// worker on another machine has none).
	Queue(ctx context.Context, ev store.Event, job queue.Match) error
}

// Section is a format's part of an event's results: its lines under its
// key in results.json, and as results.csv when it decides the ranking.
type Section struct {
	Key   string // its field in results.json: "ladder"
	Lines any    // marshalled as JSON under Key
	// CSV, when the section ranks the teams, is results.csv: a header
	// and one row a team (names as the teams wrote them: the writer
	// keeps a spreadsheet from reading one as a formula).
	CSV [][]string
	// NameColumn is the column of CSV that holds team names.
	NameColumn int
}

var (
	mu      sync.RWMutex
	formats []Format
)

// Register adds a format; a format's package calls it from init. A name
// registered twice is a programming error.
func Register(f Format) {
	mu.Lock()
	defer mu.Unlock()
	if slices.ContainsFunc(formats, func(g Format) bool { return g.Name() == f.Name() }) {
		panic(fmt.Sprintf("format %q registered twice", f.Name()))
	}
	formats = append(formats, f)
}

// All are the registered formats, in the order they registered.
func All() []Format {
	mu.RLock()
	defer mu.RUnlock()
	return slices.Clone(formats)
}

// SectionReader is a format whose results section can be read back from
// its JSON (an exported results.json, a server's answer): ReadSection
// returns nil for a key that is not its own.
type SectionReader interface {
	ReadSection(key string, lines []byte) (*Section, error)
}

// Of are the formats an event of a game runs: those its metadata names.
func Of(info game.Info) []Format {
	var out []Format
	for _, f := range All() {
		if slices.Contains(info.Formats, f.Name()) {
			out = append(out, f)
		}
	}
	return out
}

// Games are the games whose events run the format name, for messages
// ("spawn votes are catmouse's").
func Games(name string) []string {
	var out []string
	for _, g := range game.All() {
		if slices.Contains(g.Info().Formats, name) {
			out = append(out, g.Info().Name)
		}
	}
	return out
}

// Runs says whether events of game gameName run the format name.
func Runs(gameName, name string) bool {
	g, err := game.Lookup(gameName)
	return err == nil && slices.Contains(g.Info().Formats, name)
}
