package news

import (
	"bytes"
	"context"
	"sync"
	"time"

	"github.com/seed27749672/arena/platform/store"
)

// Announced is st telling h of each match it records and each event
// state document it changes: the platform's rooms use it, so that every
// write of this process reaches its pages, whichever room made it (a
// match job, a round drawn, a final's game, the results published, a
// team moved to another league), and each change of a submission (its
// team's page) or of what a worker's heartbeat says (the organiser's list
// of machines): those two are told the other processes too, when the
// store is shared (store.Notifier), as the builds and the heartbeats are
// a worker's, and the pages a server's.
func Announced(st store.Store, h *Hub) store.Store {
	return announced{st, h, &beats{last: map[string]store.Worker{}}}
}

type announced struct {
	store.Store
	hub   *Hub
	beats *beats
}

// beats are the last heartbeat of each worker of this process.
type beats struct {
	mu   sync.Mutex
	last map[string]store.Worker
}

func (a announced) RecordMatch(ctx context.Context, m store.Match, rate func(map[int64]store.Rating) []store.Rating) (bool, error) {
	recorded, err := a.Store.RecordMatch(ctx, m, rate)
	if recorded && err == nil {
		a.hub.Publish(Change{Event: m.EventID, What: Match})
	}
	return recorded, err
}

func (a announced) RecordMatchTx(ctx context.Context, m store.Match, rate func(map[int64]store.Rating) []store.Rating, then func(store.Tx) error) (bool, error) {
	recorded, err := a.Store.RecordMatchTx(ctx, m, rate, then)
	if recorded && err == nil {
		a.hub.Publish(Change{Event: m.EventID, What: Match})
	}
	return recorded, err
}

// UpdateEventState tells of a document changed, not of one rewritten as
// it was (a clock's look that found nothing to do).
func (a announced) UpdateEventState(ctx context.Context, eventID int64, name string, update func([]byte) ([]byte, error)) ([]byte, error) {
	changed := false
	doc, err := a.Store.UpdateEventState(ctx, eventID, name, func(old []byte) ([]byte, error) {
		doc, err := update(old)
		changed = err == nil && !bytes.Equal(old, doc)
		return doc, err
	})
	if changed && err == nil {
		a.hub.Publish(Change{Event: eventID, What: State})
	}
	return doc, err
}

// SuspendTeam tells of a team suspended or let back: its event's tables
// and its pages change without a match.
func (a announced) SuspendTeam(ctx context.Context, eventID, teamID int64, suspended bool, reason string) (store.Team, error) {
	t, err := a.Store.SuspendTeam(ctx, eventID, teamID, suspended, reason)
	if err == nil {
		a.hub.Publish(Change{Event: eventID, What: State})
	}
	return t, err
}

// SetLeague tells of a team moved to another league (a promotion): its
// event's leaderboards change without a match.
func (a announced) SetLeague(ctx context.Context, teamID int64, from, to int) (bool, error) {
	moved, err := a.Store.SetLeague(ctx, teamID, from, to)
	if moved && err == nil {
		if t, err := a.Store.Team(ctx, teamID); err == nil {
			a.hub.Publish(Change{Event: t.EventID, What: State})
		}
	}
	return moved, err
}

// Notify implements store.Notifier: this process's pages hear of c, and
// the other processes' too when the store is shared.
func (a announced) Notify(ctx context.Context, c store.Change) error {
	a.hub.Hear(c)
	if n, ok := a.Store.(store.Notifier); ok {
		return n.Notify(ctx, c)
	}
	return nil
}

// Heartbeat tells of a beat that changes what the organiser's list of
// machines shows: a worker's first beat (it appeared, or started again),
// its running or done counts or its size changed, or a beat after a
// silence of more than two of its beats (it may have been taken for lost
// meanwhile). The other beats, most of them, only say it is still there:
// nothing to tell (the list takes a worker for lost by the time of its
// last beat, apitypes.WorkerStatus.LostAt).
func (a announced) Heartbeat(ctx context.Context, w store.Worker) error {
	if err := a.Store.Heartbeat(ctx, w); err != nil {
		return err
	}
	if !a.beats.changed(w) {
		return nil
	}
	if err := a.Notify(ctx, store.Change{What: store.ChangeWorkers}); err != nil {
		a.beats.forget(w.ID) // the next beat tells it
		return err
	}
	return nil
}

func (b *beats) forget(id string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.last, id)
}

// changed records w's beat and says whether the list's line of it changed.
func (b *beats) changed(w store.Worker) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	old, seen := b.last[w.ID]
	b.last[w.ID] = w
	return !seen || old.Running != w.Running || old.Done != w.Done || old.Host != w.Host ||
		old.Cores != w.Cores || old.Slots != w.Slots || !old.Started.Equal(w.Started) ||
		w.Seen.Sub(old.Seen) > 2*max(w.Every, time.Second)
}

// The changes of a team's submissions, told to its page (Build).

func (a announced) CreateSubmission(ctx context.Context, s store.Submission) (store.Submission, error) {
	s, err := a.Store.CreateSubmission(ctx, s)
	if err == nil {
		a.teamBuild(ctx, s.TeamID)
	}
	return s, err
}

func (a announced) SetBuildStatus(ctx context.Context, id int64, status string) error {
	err := a.Store.SetBuildStatus(ctx, id, status)
	if err == nil {
		a.build(ctx, id)
	}
	return err
}

func (a announced) FinishBuild(ctx context.Context, id int64, status, language, errLine string, log []byte) error {
	err := a.Store.FinishBuild(ctx, id, status, language, errLine, log)
	if err == nil {
		a.build(ctx, id)
	}
	return err
}

func (a announced) Activate(ctx context.Context, id int64) error {
	err := a.Store.Activate(ctx, id)
	if err == nil {
		a.build(ctx, id)
	}
	return err
}

// build tells the team of submission id that its submissions changed.
func (a announced) build(ctx context.Context, id int64) {
	if s, err := a.Store.Submission(ctx, id); err == nil {
		a.teamBuild(ctx, s.TeamID)
	}
}

// teamBuild tells the team's page (and the other processes': the build
// may be a worker's) that its submissions changed. A change not told
// costs the page only its freshness: the write stands, so nothing fails
// for it.
func (a announced) teamBuild(ctx context.Context, teamID int64) {
	t, err := a.Store.Team(ctx, teamID)
	if err != nil {
		return
	}
	a.Notify(ctx, store.Change{Event: t.EventID, What: store.ChangeBuild, Team: teamID})
}
