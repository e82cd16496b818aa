// Package format is the contract of the platform's event formats and
// their registry, as package game is for the games: a format is one way
// an event is run beyond its casual rated games (Ready AI Code's ranked
// rounds, Coveo Blitz's ranked rounds and final, Cod'INSA's spawn vote and
// round robin, CodinGame 2026's side quest). Each format is one folder
// under platform/format that owns its rules, its scheduling, its API
// routes, its commands and its tests, and registers itself; format/all
// imports every one. A game names the formats of its event in its
// metadata (game.Info.Formats). The platform never names a format: its
// scheduler and clock call the formats' looks (Scheduled, Clocked), its
// API mounts their routes, its results hold their sections; the arena
// command adds their organiser commands (Commander).
//
// CodinGame's leagues are not a format: every rated game of an event
// with leagues is played within a league, so they are the matchmaking's
// own, driven by the game's metadata (game.Info.Leagues).
package format

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// Format is one event format.
type Format interface {
	// Name is the format's name in the registry and in the games'
	// metadata (game.Info.Formats): "rounds".
	Name() string
	// Routes are the API routes the format adds.
	Routes() []Route
	// Results are the format's sections of the event's results (none
	// when it has none yet).
	Results(ctx context.Context, h Host, ev store.Event) ([]*Section, error)
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
// it (game.Info.Formats): it queues the games of the stage due, or
// records the stage's end. The look's failure is kept for the organiser.
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

// Shower is a format some of whose games every team of the event may
// watch, beside its own (a final shown on stream): Shown says whether the
// match is one, and gives it.
type Shower interface {
	Shown(ctx context.Context, h Host, t store.Team, matchID int64) (store.Match, bool, error)
}

// Redactor is a format whose games' replays hold what the teams must not
// read (a set the organiser keeps secret, carried in a game's files):
// TeamCopy is the copy of rep a team is served, the organiser's staying
// whole. It returns rep itself when it hides nothing, and never changes
// rep.
type Redactor interface {
	TeamCopy(ev store.Event, m store.Match, rep *replay.Replay) *replay.Replay
}

// Spectated is a format whose tables an event's public page shows
// (GET public/events/{id}/format, for an event its organiser made
// public): Spectate is what every team of the event sees of them, under
// the format's name, and never more: no team's own part, nothing the
// format hides from the teams, no bot's output, token or URL. nil: the
// format has nothing to show yet. The call has no team.
type Spectated interface {
	Spectate(c *Call, ev store.Event) (any, error)
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
	// TeamsWithBots are the event's teams with a bot the platform can
	// play, in the casual leaderboard's order (a format's seeding when it
	// has no ranking of its own yet).
	TeamsWithBots(ctx context.Context, ev store.Event) ([]store.Team, error)
	// Ranked are every team of the event in its main leaderboard's
	// order across its leagues: higher leagues first, then the rating of
	// its rated games (a format's tie-break).
	Ranked(ctx context.Context, eventID int64) ([]store.Team, error)
	// CarryMap puts in a match job the map its event draws for it (by its
	// seed), the file itself when it is one of the data directory's: a
	// worker on another machine has none. A map that cannot be read is
	// the error.
	CarryMap(ev store.Event, job *queue.Match) error
	// Queue queues a match job, with the map its event draws for it
	// carried in the job when it is a file of the data directory (a
	// worker on another machine has none).
	Queue(ctx context.Context, ev store.Event, job queue.Match) error

	// The games of formats played as match jobs (Run):

	// Recorded are an event's recorded matches of a kind, by key.
	Recorded(ctx context.Context, eventID int64, kind string) (map[string]store.Match, error)
	// Result is a recorded game's result (its replay's), nil when it is
	// not recorded; a game recorded with an arena error is that error.
	Result(recs map[string]store.Match, key string) (*replay.Result, error)
	// QueueGames queues a stage's games, once: a game queued and not yet
	// played is not queued again.
	QueueGames(ctx context.Context, games []Game) error
	// RunToEnd plays a format to its end for a command: each stage's
	// games played by this process (on cores at most: 0 is the
	// machine's) when no server runs the data directory's jobs, else
	// queued for the server's workers and waited for.
	RunToEnd(ctx context.Context, cores int, plan func() (Plan, error)) (*tournament.Outcome, error)
	// Cores are the cores this process's matches may take (0: the
	// machine's), as its jobs were started with.
	Cores() int
	// Failing are the event's games of formats whose jobs failed and
	// that are not recorded, and the clock's failing look at it, if any.
	Failing(ctx context.Context, eventID int64) ([]FailingGame, *LookError, error)
	// MatchConfig is the game configuration a match job plays.
	MatchConfig(info game.Info, ev store.Event, job queue.Match) (game.Config, error)
	// PlayWith sets how the bots of the games this process plays for a
	// command run (nil keeps the server's), and a factor on every time
	// limit (0 keeps it).
	PlayWith(bots *build.Options, timeScale float64)
	// ResultsVisible says whether the event's results are its teams' to
	// see (published by the organiser).
	ResultsVisible(ctx context.Context, ev store.Event) (bool, error)
}

// Section is a format's part of an event's results: its lines under its
// key in results.json, and as results.csv when it decides the ranking.
type Section struct {
	Key   string // its field in results.json: "ladder"
	Lines any    // marshalled as JSON under Key (a list, or a number)
	// CSV, when the section ranks the teams, is results.csv: a header
	// and one row a team (names as the teams wrote them: the writer
	// keeps a spreadsheet from reading one as a formula).
	CSV [][]string
	// NameColumn is the column of CSV that holds team names.
	NameColumn int
	// Final: the section is the event's final, over (a round robin's
	// table, an elimination's places): the results are final, and its
	// CSV is results.csv before any other section's.
	Final bool
}

// TeamOf is the team id of a format's bot index among teams (0 when out
// of range: a bot the format did not seat).
func TeamOf(teams []int64, bot int) int64 {
	if bot < 0 || bot >= len(teams) {
		return 0
	}
	return teams[bot]
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

// SectionReader is a format whose results sections can be read back
// from their JSON (an exported results.json, a server's answer), given
// the document's top-level keys: those that are not its own it leaves.
type SectionReader interface {
	ReadSections(keys map[string]json.RawMessage) ([]*Section, error)
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
