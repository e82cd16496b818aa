package store

import "context"

// Change is what a store tells the processes that share it of a write
// one of them made: a match recorded, an event's state document changed
// (a round drawn, a final's game, the results published) or a team moved
// to another league. It only says "read again": the readers read what
// they show.
type Change struct {
	Event int64  `json:"event"`
	What  string `json:"what"`            // ChangeMatch, ChangeState, ChangeFailed, ChangeBuild, ChangeWorkers or ChangeResync
	Match int64  `json:"match,omitempty"` // the recorded match (ChangeMatch)
	Team  int64  `json:"team,omitempty"`  // the team whose submissions changed (ChangeBuild)
}

// What a Change says.
const (
	ChangeMatch = "match" // a match of the event was recorded
	ChangeState = "state" // one of the event's state documents changed, or a team's league
	// ChangeFailed: a match job of the event failed (it is tried again):
	// nothing is written, but the organiser's list of failing games changed
	ChangeFailed = "failed"
	// ChangeBuild: a submission of the event's Team changed (uploaded, its
	// build begun or ended, made active): the team's page reads its
	// submissions again.
	ChangeBuild = "build"
	// ChangeWorkers: what the organiser's list of the worker machines
	// shows changed (a worker appeared, came back, or its running or done
	// counts changed). Its Event is 0: the machines are no event's.
	ChangeWorkers = "workers"
	// ChangeResync: the changes of the others may have been missed (the
	// follower's connection was lost): every event may have changed.
	// Its Event is 0.
	ChangeResync = "resync"
)

// Follower is a store that several processes share (PostgreSQL, with
// workers on other machines): Follow calls each, one at a time, with
// every change another process makes, until ctx ends. Each call must be
// quick, and never wait: the changes are not queued in between, so a
// flood of them holds nothing but what each keeps. A store of one
// process (SQLite) is no Follower: its changes are all its own.
type Follower interface {
	Follow(ctx context.Context, each func(Change))
}

// Notifier is a store that tells the processes sharing it of a change
// that writes nothing of its own (a failed job: ChangeFailed). A store of
// one process (SQLite) is none: the process's own hub is all there is.
type Notifier interface {
	Notify(ctx context.Context, c Change) error
}
