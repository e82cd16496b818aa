package worker

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"time"

	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
)

// Many machines: on a shared database (PostgreSQL), arena serve schedules
// the matches and serves the web (RoleServer), and arena worker on each
// machine builds and plays them (RoleWorker). A worker reports a
// heartbeat; one silent for DeadBeats heartbeats is taken for lost, and
// the jobs it was running go back to the queue at once, for another
// worker, instead of after River's rescue delay (which must outlast the
// longest match). A job rescued from a worker that was only slow is
// counted once all the same: its match is recorded with its job's
// completion, under a unique key.

// Role is a process's part of the work.
type Role int

const (
	RoleAll    Role = iota // one machine: schedule, build and play
	RoleServer             // schedule only (the workers build and play)
	RoleWorker             // build and play only
)

// DefaultHeartbeat is how often a worker reports.
const DefaultHeartbeat = 5 * time.Second

// DeadBeats heartbeats missed and a worker is taken for lost.
const DeadBeats = 6

// startServer starts the scheduler with a client that only inserts jobs.
func (p *Pool) startServer(o Options) error {
	q, err := p.Jobs.DB.NewClient(queue.InsertOnly())
	if err != nil {
		return err
	}
	p.Jobs.Start(q, true)
	if err := p.requeue(context.Background()); err != nil {
		return err
	}
	if o.Matches > 0 {
		p.startScheduler(o)
		p.stopClock = p.Stages.StartClock()
	}
	return nil
}

// inFlight is how many match jobs the scheduler keeps queued per event:
// Options.Matches, or on a server, at least the matches its live
// workers play at once.
func (p *Pool) inFlight(ctx context.Context, o Options) int {
	if o.Role != RoleServer || o.Matches == 0 {
		return o.Matches
	}
	ws, err := p.Events.Store.Workers(ctx)
	if err != nil {
		return o.Matches
	}
	slots := 0
	for _, w := range ws {
		if alive(w, time.Now()) {
			slots += w.Slots
		}
	}
	return max(o.Matches, slots)
}

// workerID names this process for its heartbeats and River (a job's
// attempted_by).
func (p *Pool) workerID() string {
	if p.opts.Role != RoleWorker {
		return "" // River makes one
	}
	if p.id == "" {
		host, _ := os.Hostname()
		b := make([]byte, 4)
		rand.Read(b)
		p.id = fmt.Sprintf("%s-%d-%s", host, os.Getpid(), hex.EncodeToString(b))
	}
	return p.id
}

// startHeartbeat reports this worker now and every o.Heartbeat until
// StopJobs, and rescues the jobs of lost workers.
func (p *Pool) startHeartbeat(ctx context.Context, o Options) error {
	every := o.Heartbeat
	if every <= 0 {
		every = DefaultHeartbeat
	}
	host, _ := os.Hostname()
	w := store.Worker{ID: p.workerID(), Host: host, Cores: o.Cores, Slots: o.Matches, Started: time.Now().UTC(), Every: every}
	beat := func(ctx context.Context) error {
		w.Running, w.Done, w.Seen = int(p.count.running.Load()), p.count.done.Load(), time.Now().UTC()
		if err := p.Events.Store.Heartbeat(ctx, w); err != nil {
			return fmt.Errorf("heartbeat: %w", err)
		}
		n, err := p.rescue(ctx)
		if err != nil {
			return fmt.Errorf("rescuing the jobs of lost workers: %w", err)
		}
		if n > 0 {
			o.Log.Warn("jobs of lost workers queued again", "jobs", n)
		}
		return nil
	}
	if err := beat(ctx); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	p.stopHeartbeat = func() {
		cancel()
		<-done
		last, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := beat(last); err != nil {
			o.Log.Error("worker", "err", err)
		}
	}
	go func() {
		defer close(done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			if err := beat(ctx); err != nil && ctx.Err() == nil {
				o.Log.Error("worker", "err", err)
			}
		}
	}()
	return nil
}

// rescue queues again at once the running jobs of the workers lost now:
// silent for DeadBeats of their heartbeats. Only a shared database has
// workers on other machines to lose.
func (p *Pool) rescue(ctx context.Context) (int64, error) {
	if !p.Jobs.Shared() {
		return 0, nil
	}
	return p.Jobs.DB.RescueJobs(ctx, time.Now(), DeadBeats)
}

// WorkerStatus is a worker as the organiser sees it (apitypes).
type WorkerStatus = apitypes.WorkerStatus

// alive: w beat recently enough.
func alive(w store.Worker, now time.Time) bool {
	return now.Before(lostAt(w))
}

// lostAt is when w is taken for lost if it beats no more.
func lostAt(w store.Worker) time.Time {
	every := w.Every
	if every <= 0 {
		every = DefaultHeartbeat
	}
	return w.Seen.Add(DeadBeats * every)
}

// Workers lists the workers that ever reported, the last seen first.
func (p *Pool) Workers(ctx context.Context) ([]WorkerStatus, error) {
	ws, err := p.Events.Store.Workers(ctx)
	if err != nil {
		return nil, err
	}
	now := time.Now()
	out := make([]WorkerStatus, len(ws))
	for i, w := range ws {
		out[i] = WorkerStatus{Worker: w, Alive: alive(w, now), LostAt: lostAt(w)}
	}
	return out, nil
}

// WorkerID is this process's name as a worker ("" for other roles).
func (p *Pool) WorkerID() string { return p.workerID() }
