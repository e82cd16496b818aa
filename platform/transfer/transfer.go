// Package transfer carries an event out of the platform: its results
// (results.json, results.csv, the replays' archive), and the whole event
// moved between databases (arena export, arena import).
package transfer

import (
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/files"
	"github.com/seed27749672/arena/platform/matchmaking"
	"github.com/seed27749672/arena/platform/stages"
)

// Transfer reads and writes a platform's events whole.
type Transfer struct {
	Events  *event.Events
	Builds  *files.Builds
	Replays files.Replays
	Matches *matchmaking.Matchmaker // the standings
	Stages  *stages.Stages          // the formats' sections
}
