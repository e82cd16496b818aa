// Package worker runs a platform's jobs: River's client on the job queue
// (queue.Jobs), the workers that build the teams' code and play match
// jobs, the scheduler's and the formats' clocks that keep them queued,
// and, on many machines, the workers' heartbeats and the rescue of the
// jobs of a lost one.
package worker

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"runtime"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
)

// The job queue is River on the platform's own database (its tables and
// their SQL are the store driver's: store.Queue): a build job survives a
// restart of the server (River hands a job whose worker died to another
// after RescueStuckJobsAfter; on many machines, as soon as its worker's
// heartbeats stop: machines.go).

type buildWorker struct {
	river.WorkerDefaults[queue.Build]
	p *Pool
}

// Timeout lets a build run its own limit, plus time to unpack and record.
func (w *buildWorker) Timeout(*river.Job[queue.Build]) time.Duration {
	return w.p.Intake.BuildTimeout() + time.Minute
}

func (w *buildWorker) Work(ctx context.Context, job *river.Job[queue.Build]) error {
	err := w.p.Intake.Build(ctx, job.Args.Submission)
	if err != nil && job.Attempt >= job.MaxAttempts {
		// the last try: the team sees why, instead of a build queued forever
		w.p.Events.Store.FinishBuild(context.WithoutCancel(ctx), job.Args.Submission, store.StatusFailed, "",
			"the platform could not run the build: "+err.Error(), []byte(err.Error()+"\n"))
	}
	return err
}

// Options configure the job queue.
type Options struct {
	Workers      int           // builds at once (default: a quarter of Cores, at least 1)
	TeamStorage  int64         // bytes of a team's uploads and build trees (0: submission.DefaultTeamStorage)
	PollInterval time.Duration // how often idle workers look for jobs (default 1 s)
	Build        build.Options
	Log          *slog.Logger
	// Matches is how many casual matches run at once (0: none); the
	// scheduler keeps that many queued per event, every ScheduleEvery
	// (default 2 s).
	Matches       int
	ScheduleEvery time.Duration
	// TimeScale multiplies every match's time limits (0: 1): patient
	// limits for tests on a loaded machine, whose subject is not speed.
	TimeScale float64
	// Pressure holds each match back, for a few seconds at most, while
	// the machine's CPU pressure (PSI some avg10, percent) is above it
	// (0: never; play.Player.Pressure).
	Pressure float64
	// RescueAfter is when a job still running is taken for the job of a
	// server that died, and run again (default 35 minutes; never less
	// than the longest a job may run).
	RescueAfter time.Duration
	// Role splits the work on many machines (a shared database): RoleAll
	// (the default) builds, plays and schedules; RoleServer only
	// schedules, RoleWorker only builds and plays (machines.go).
	Role Role
	// Cores are the cores match jobs may use at once (0: the machine's),
	// each holding one per team bot while it plays, as arena tournament
	// does (tournament.MatchCores); a worker (RoleWorker) shows them to
	// the organiser. Heartbeat is how often a worker reports (default
	// 5 s).
	Cores     int
	Heartbeat time.Duration
}

// matchTimeout is the longest a match job may run.
const matchTimeout = 30 * time.Minute

// StartJobs starts the workers; StopJobs (or cancelling ctx) stops them.
// Without StartJobs, submissions are queued and wait for a server that
// runs jobs.
func (p *Pool) StartJobs(ctx context.Context, o Options) (err error) {
	o = o.withDefaults()
	p.opts = o
	p.matchEnded = make(chan struct{}, 1)
	p.Matches.Player.Bots, p.Matches.Player.TimeScale, p.Matches.Player.Pressure = o.Build, o.TimeScale, o.Pressure
	p.Matches.Player.SetCores(o.Cores)
	p.Intake.Options = o.Build
	p.Intake.TeamStorage = o.TeamStorage
	p.Stages.Cores, p.Stages.Log = o.Cores, o.Log
	if o.Role == RoleServer {
		return p.startServer(o)
	}
	if err := p.Intake.CheckBuilds(ctx); err != nil {
		return err
	}
	if err := p.Jobs.LockJobs(ctx, o.Log); err != nil {
		return err
	}
	defer func() {
		if err != nil {
			p.Jobs.UnlockJobs()
		}
	}()
	client, err := p.newClient(o)
	if err != nil {
		return err
	}
	if err := client.Start(ctx); err != nil {
		return err
	}
	p.Jobs.Start(client, o.Matches > 0)
	if err := p.requeue(ctx); err != nil {
		return err
	}
	if o.Role == RoleWorker {
		return p.startHeartbeat(ctx, o)
	}
	if o.Matches > 0 {
		p.startScheduler(o)
		p.stopClock = p.Stages.StartClock()
	}
	return nil
}

// withDefaults are o with its defaults filled in.
func (o Options) withDefaults() Options {
	if o.Workers <= 0 {
		// Builds take cores from the matches: a quarter of them.
		o.Workers = max(1, cmp.Or(o.Cores, runtime.NumCPU())/4)
	}
	if o.PollInterval <= 0 {
		o.PollInterval = time.Second
	}
	if o.RescueAfter <= 0 {
		o.RescueAfter = 35 * time.Minute
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	return o
}

// newClient is River's client with the build and match workers.
func (p *Pool) newClient(o Options) (store.JobClient, error) {
	workers := river.NewWorkers()
	if err := river.AddWorkerSafely(workers, &buildWorker{p: p}); err != nil {
		return nil, err
	}
	if err := river.AddWorkerSafely(workers, &matchWorker{p: p}); err != nil {
		return nil, err
	}
	if err := river.AddWorkerSafely(workers, &testWorker{p: p}); err != nil {
		return nil, err
	}
	queues := map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: o.Workers}}
	if o.Matches > 0 {
		// A free match worker does not wait for a poll: River wakes it
		// with the insert's notification (PostgreSQL's LISTEN; on SQLite,
		// the insert through this client wakes it in the process: the
		// store's driver has no listener), and a worker busy when the
		// job came fetches as soon as it is free. Polling is only the
		// fallback, at the builds' pace: every 100 ms it was a tenth of
		// the platform's database work (BenchmarkCasualMatches).
		queues[queue.Matches] = river.QueueConfig{MaxWorkers: o.Matches, FetchPollInterval: o.PollInterval, FetchCooldown: min(o.PollInterval, 50*time.Millisecond)}
	}
	return p.Jobs.DB.NewClient(&river.Config{
		ID:                   p.workerID(),
		Middleware:           []rivertype.Middleware{p.jobMiddleware()},
		Queues:               queues,
		Workers:              workers,
		FetchPollInterval:    o.PollInterval,
		FetchCooldown:        min(o.PollInterval, 100*time.Millisecond),
		MaxAttempts:          queue.Attempts,
		Logger:               quiet(o.Log),
		RescueStuckJobsAfter: max(o.RescueAfter, p.Intake.BuildTimeout()+2*time.Minute, matchTimeout+2*time.Minute),
	})
}

// startScheduler keeps casual matches queued until StopJobs.
func (p *Pool) startScheduler(o Options) {
	every := o.ScheduleEvery
	if every <= 0 {
		every = 2 * time.Second
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	p.stopScheduler = func() { cancel(); <-done }
	go func() {
		defer close(done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			if !p.Jobs.Leading(ctx) {
				// another server schedules
			} else if _, err := p.Matches.Schedule(ctx, p.inFlight(ctx, o)); err != nil && ctx.Err() == nil {
				o.Log.Error("scheduling matches", "err", err)
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			case <-p.matchEnded: // a place is free: fill it now
			}
		}
	}()
}

// requeue queues a build for every submission whose build has not ended:
// one stored by a server that stopped before queuing its job. A job
// already pending or running for it is not doubled (queue.Build is unique).
func (p *Pool) requeue(ctx context.Context) error {
	ids, err := p.Events.Store.Unbuilt(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := p.Jobs.Insert(ctx, queue.Build{Submission: id}, nil); err != nil {
			return fmt.Errorf("queuing the build of submission %d: %w", id, err)
		}
	}
	return nil
}

// StopJobs lets running jobs finish (up to ctx) and stops the workers.
func (p *Pool) StopJobs(ctx context.Context) error {
	client := p.Jobs.Running()
	if client == nil {
		return nil
	}
	if p.stopScheduler != nil {
		p.stopScheduler()
		p.Jobs.StopLeading()
	}
	if p.stopClock != nil {
		p.stopClock()
	}
	if p.opts.Role == RoleServer {
		return nil // an insert-only client, never started
	}
	err := client.Stop(ctx)
	p.Jobs.UnlockJobs()
	if p.stopHeartbeat != nil {
		p.stopHeartbeat() // after the jobs: its last beat has their counts
	}
	return err
}
