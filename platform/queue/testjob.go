package queue

import "github.com/riverqueue/river"

// Test is a test game's job: a team's unrated game against an opponent
// of its choice (package practice), the match it plays made when it was
// asked for (its map carried, as a match job's). Its JSON is River's
// stored job, as Match's is.
type Test struct {
	ID    int64 `json:"id"` // the test game (store.TestGame)
	Match Match `json:"match"`
}

// Kind is River's name of the job kind.
func (Test) Kind() string { return "test" }

// TestPriority puts test games ahead of the rated ones on the matches'
// queue (River takes a queue's jobs by priority, 1 first): a team that
// asks for a test game waits for a free place, never behind a queue of
// casual games.
const TestPriority = 1

// MatchPriority is the other match jobs' (rated games, rounds, finals).
const MatchPriority = 2

// InsertOpts put test games on the matches' queue, ahead of the rest.
func (Test) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: Matches, Priority: TestPriority}
}
