// Package queue holds the platform's job kinds: what a queued job says,
// in River's stored JSON. The formats and the scheduler queue match jobs;
// the workers that play them are the platform's.
package queue

import (
	"encoding/json"
	"hash/fnv"
	"strconv"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Match is a match job: the match it plays, for which event, with which
// bots, and what it counts for. Its JSON is River's stored job: a field
// renamed would strand the jobs queued by an earlier version.
type Match struct {
	Event       int64   `json:"event"`
	Key         string  `json:"key"` // unique: the match's record
	Seed        int64   `json:"seed"`
	Teams       []int64 `json:"teams"`       // by seat; 0: the house bot
	Submissions []int64 `json:"submissions"` // by seat; 0: the house bot
	// MatchKind is what the match is for (store.KindCasual when empty); League
	// the league it is played in (0: the game's default); Round the
	// ranked round or final it belongs to.
	MatchKind string `json:"kind,omitempty"`
	League    int    `json:"league,omitempty"`
	Round     int64  `json:"round,omitempty"`
	// House is the builtin the seats without a team get ("": the game's
	// house bot); a league's boss in its promotion games.
	House string `json:"house,omitempty"`
	// Options are game options k=v over the event's (a ranked round's).
	Options []string `json:"options,omitempty"`
	// Files, when set, are the files the match reads (a map of the data
	// directory's maps/, the Cod'INSA final's map and spawn pack) by the
	// name its options give: carried in the job so that a worker on
	// another machine plays it; the event's map is then not drawn again.
	Files map[string][]byte `json:"files,omitempty"`
	// SeriesGame, for a game whose match is a series (catmouse), is the
	// game of the series this job plays (1...); 0 plays a single game.
	SeriesGame int `json:"series_game,omitempty"`
	// Unrated: the match changes no rating (a Blitz or Cod'INSA final's
	// game, which its format ranks).
	Unrated bool `json:"unrated,omitempty"`
	// Format: a game of a format the scheduler replays (platform/stages). The
	// arena's failure to play it is the job's error, retried (River's
	// attempts, then the scheduler's next look queues it again), never
	// recorded: a recorded game is final, and the round or final would
	// stop on it, as arena tournament stops on a match it cannot play.
	Format bool `json:"format,omitempty"`
	// First: a team's test game (package practice), which takes the
	// machine's cores before the rated games waiting for them, as it
	// takes its place in the queue before them (Test's priority).
	First bool `json:"first,omitempty"`
}

// Kind is River's name of the job kind.
func (Match) Kind() string { return "match" }

// Matches is the queue of match jobs: builds never wait behind them.
const Matches = "matches"

// InsertOpts put match jobs on their own queue, behind the test games.
func (Match) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: Matches, Priority: MatchPriority}
}

// SeedOf derives a game's seed from its key: a game retried or queued
// again plays the same seed, and each game of a test or round its own.
func SeedOf(key string) int64 {
	h := fnv.New64a()
	h.Write([]byte(key))
	return int64(h.Sum64() >> 1)
}

// SeatNames are the names a match job gives its seats' bots: each team's
// by its id, the same in every game of a series and every replay.
func SeatNames(teams []int64) []string {
	var out []string
	for _, id := range teams {
		out = append(out, "team"+strconv.FormatInt(id, 10))
	}
	return out
}

// Decode reads a match job's arguments from its row (River's JobList
// gives rows, not typed jobs).
func Decode(j *rivertype.JobRow, a *Match) error {
	return json.Unmarshal(j.EncodedArgs, a)
}
