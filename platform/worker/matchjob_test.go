package worker_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/worker"
)

// jobStates is a store that notes, as each match is recorded, the state
// of its job as another connection sees it right after the commit.
type jobStates struct {
	store.Store
	p      *platform.Platform
	states chan rivertype.JobState
}

func (s jobStates) RecordMatchTx(ctx context.Context, m store.Match, rate func(map[int64]store.Rating) []store.Rating, then func(store.Tx) error) (bool, error) {
	ok, err := s.Store.RecordMatchTx(ctx, m, rate, then)
	if then == nil || err != nil { // then completes the match's job: none outside a job
		return ok, err
	}
	res, lerr := s.p.Jobs.Running().JobList(ctx, river.NewJobListParams().Kinds(queue.Match{}.Kind()).First(1000))
	for _, j := range res.Jobs {
		var a queue.Match
		if lerr == nil && json.Unmarshal(j.EncodedArgs, &a) == nil && a.Key == m.Key {
			s.states <- j.State
		}
	}
	return ok, err
}

// TestAMatchIsRecordedWithItsJobsCompletion: on both drivers, when a
// match's result is committed, its job is already completed (River's
// JobCompleteTx in the same transaction): a worker lost right after the
// commit leaves no job that would play the match again.
func TestAMatchIsRecordedWithItsJobsCompletion(t *testing.T) {
	platformtest.NeedSandbox(t)
	for _, driver := range []string{"sqlite", "postgres"} {
		t.Run(driver, func(t *testing.T) {
			ctx := context.Background()
			p := platformtest.OpenOn(t, driver)
			states := make(chan rivertype.JobState, 100)
			p.Store = jobStates{Store: p.Store, p: p, states: states}
			ev, invite, err := p.CreateEvent(ctx, "tracks", "Summer", nil)
			if err != nil {
				t.Fatal(err)
			}
			owls, _, _ := p.Join(ctx, invite, "Owls")
			if err := p.StartJobs(ctx, worker.Options{Matches: 1, PollInterval: 50 * time.Millisecond, ScheduleEvery: 50 * time.Millisecond}); err != nil {
				t.Fatal(err)
			}
			defer p.StopJobs(ctx)
			s, err := p.Submit(ctx, owls, "bot.py", []byte(waitBot))
			if err != nil {
				t.Fatal(err)
			}
			if b := platformtest.WaitBuilt(t, p, s.ID); b.Status != store.StatusReady {
				t.Fatalf("%+v", b)
			}
			platformtest.WaitGames(t, p, ev.ID, 1)
			select {
			case st := <-states:
				if st != rivertype.JobStateCompleted {
					t.Fatalf("a recorded match's job is %s", st)
				}
			case <-time.After(time.Minute):
				t.Fatal("no match job recorded")
			}
		})
	}
}

// TestMatchJobsWakeFreeWorkers: on both drivers, with polls an hour
// apart, builds and match jobs are still taken as they are queued (River's
// insert notifications, and a busy worker's fetch when it frees): one
// match worker plays game after game.
func TestMatchJobsWakeFreeWorkers(t *testing.T) {
	platformtest.NeedSandbox(t)
	for _, driver := range []string{"sqlite", "postgres"} {
		t.Run(driver, func(t *testing.T) {
			ctx := context.Background()
			p := platformtest.OpenOn(t, driver)
			ev, invite, err := p.CreateEvent(ctx, "tracks", "Summer", nil)
			if err != nil {
				t.Fatal(err)
			}
			owls, _, _ := p.Join(ctx, invite, "Owls")
			if err := p.StartJobs(ctx, worker.Options{Matches: 1, PollInterval: time.Hour, ScheduleEvery: 50 * time.Millisecond}); err != nil {
				t.Fatal(err)
			}
			defer p.StopJobs(ctx)
			s, err := p.Submit(ctx, owls, "bot.py", []byte(waitBot))
			if err != nil {
				t.Fatal(err)
			}
			if b := platformtest.WaitBuilt(t, p, s.ID); b.Status != store.StatusReady {
				t.Fatalf("%+v", b)
			}
			platformtest.WaitGames(t, p, ev.ID, 3)
		})
	}
}
