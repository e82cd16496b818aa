package platform

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"golang.org/x/sync/semaphore"

	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/files"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/tournament"
)

// The job queue is River on the platform's own database (its tables and
// their SQL are the store driver's: store.Queue): a build job survives a
// restart of the server (River hands a job whose worker died to another
// after RescueStuckJobsAfter; on many machines, as soon as its worker's
// heartbeats stop: workers.go).

// buildArgs is a build job (package queue).
type buildArgs = queue.Build

type buildWorker struct {
	river.WorkerDefaults[buildArgs]
	p *Platform
}

// Timeout lets a build run its own limit, plus time to unpack and record.
func (w *buildWorker) Timeout(*river.Job[buildArgs]) time.Duration {
	return w.p.buildTimeout() + time.Minute
}

func (w *buildWorker) Work(ctx context.Context, job *river.Job[buildArgs]) error {
	err := w.p.build(ctx, job.Args.Submission)
	if err != nil && job.Attempt >= job.MaxAttempts {
		// the last try: the team sees why, instead of a build queued forever
		w.p.Store.FinishBuild(context.WithoutCancel(ctx), job.Args.Submission, store.StatusFailed, "",
			"the platform could not run the build: "+err.Error(), []byte(err.Error()+"\n"))
	}
	return err
}

// JobOptions configure the job queue.
type JobOptions struct {
	Workers      int           // builds at once (default 1)
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
	// RescueAfter is when a job still running is taken for the job of a
	// server that died, and run again (default 35 minutes; never less
	// than the longest a job may run).
	RescueAfter time.Duration
	// Role splits the work on many machines (a shared database): RoleAll
	// (the default) builds, plays and schedules; RoleServer only
	// schedules, RoleWorker only builds and plays (workers.go).
	Role Role
	// Cores are the cores match jobs may use at once (0: the machine's),
	// each holding one per team bot while it plays, as arena tournament
	// does (tournament.MatchCores); a worker (RoleWorker) shows them to
	// the organiser. Heartbeat is how often a worker reports (default
	// 5 s).
	Cores     int
	Heartbeat time.Duration
}

// matchPoll is how often idle match workers look for a job.
const matchPoll = 100 * time.Millisecond

// matchTimeout is the longest a match job may run.
const matchTimeout = 30 * time.Minute

func (p *Platform) buildTimeout() time.Duration {
	if p.jobs.Build.Timeout > 0 {
		return p.jobs.Build.Timeout
	}
	return 5 * time.Minute
}

// StartJobs starts the workers; StopJobs (or cancelling ctx) stops them.
// Without StartJobs, submissions are queued and wait for a server that
// runs jobs.
func (p *Platform) StartJobs(ctx context.Context, o JobOptions) (err error) {
	if o.Workers <= 0 {
		o.Workers = 1
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
	p.jobs = o
	p.matchEnded = make(chan struct{}, 1)
	p.formatEnded = make(chan struct{}, 1)
	p.coreCount = tournament.Cores(o.Cores)
	p.cores = semaphore.NewWeighted(int64(p.coreCount))
	if o.Role == RoleServer {
		return p.startServer(o)
	}
	if err := p.checkBuilds(ctx); err != nil {
		return err
	}
	if err := p.lockJobs(ctx); err != nil {
		return err
	}
	defer func() {
		if err != nil {
			p.unlockJobs()
		}
	}()
	workers := river.NewWorkers()
	if err := river.AddWorkerSafely(workers, &buildWorker{p: p}); err != nil {
		return err
	}
	if err := river.AddWorkerSafely(workers, &matchWorker{p: p}); err != nil {
		return err
	}
	queues := map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: o.Workers}}
	if o.Matches > 0 {
		// matches take seconds, not minutes: a free worker takes the next
		// one within matchPoll, not the builds' second
		poll := min(o.PollInterval, matchPoll)
		queues[queueMatches] = river.QueueConfig{MaxWorkers: o.Matches, FetchPollInterval: poll, FetchCooldown: min(poll, 50*time.Millisecond)}
	}
	client, err := p.db.NewClient(&river.Config{
		ID:                   p.workerID(),
		Middleware:           []rivertype.Middleware{p.jobMiddleware()},
		Queues:               queues,
		Workers:              workers,
		FetchPollInterval:    o.PollInterval,
		FetchCooldown:        min(o.PollInterval, 100*time.Millisecond),
		MaxAttempts:          jobAttempts,
		Logger:               o.Log,
		RescueStuckJobsAfter: max(o.RescueAfter, p.buildTimeout()+2*time.Minute, matchTimeout+2*time.Minute),
	})
	if err != nil {
		return err
	}
	if err := client.Start(ctx); err != nil {
		return err
	}
	p.river = client
	if err := p.requeue(ctx); err != nil {
		return err
	}
	if o.Role == RoleWorker {
		return p.startHeartbeat(ctx, o)
	}
	if o.Matches > 0 {
		p.startScheduler(o)
		p.stopClock = p.startClock(o) // blitzevent.go
	}
	return nil
}

// startScheduler keeps casual matches queued until StopJobs.
func (p *Platform) startScheduler(o JobOptions) {
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
			if !p.scheduling(ctx) {
				// another server schedules
			} else if _, err := p.schedule(ctx, p.inFlight(ctx, o)); err != nil && ctx.Err() == nil {
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
// already pending or running for it is not doubled (buildArgs is unique).
func (p *Platform) requeue(ctx context.Context) error {
	ids, err := p.Store.Unbuilt(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := p.river.Insert(ctx, buildArgs{Submission: id}, nil); err != nil {
			return fmt.Errorf("queuing the build of submission %d: %w", id, err)
		}
	}
	return nil
}

// checkBuilds runs an empty build where builds run, so that a data
// directory the sandbox cannot reach stops the server at start rather
// than failing every build.
func (p *Platform) checkBuilds(ctx context.Context) error {
	if p.jobs.Build.Unsafe {
		return nil
	}
	dir := filepath.Join(p.Dir, "builds", "check")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	r, err := build.Run(ctx, dir, kits.Manifest{Language: "sh", Build: "true"}, p.jobs.Build)
	if err == nil && !r.OK {
		err = fmt.Errorf("%s: %s", r.Status, r.Log)
	}
	if err != nil {
		return fmt.Errorf("builds cannot run in %s: %w", p.Dir, err)
	}
	return nil
}

// StopJobs lets running jobs finish (up to ctx) and stops the workers.
func (p *Platform) StopJobs(ctx context.Context) error {
	if p.river == nil {
		return nil
	}
	if p.stopScheduler != nil {
		p.stopScheduler()
		p.stopLeading()
	}
	if p.stopClock != nil {
		p.stopClock()
	}
	if p.jobs.Role == RoleServer {
		return nil // an insert-only client, never started
	}
	err := p.river.Stop(ctx)
	p.unlockJobs()
	if p.stopHeartbeat != nil {
		p.stopHeartbeat() // after the jobs: its last beat has their counts
	}
	return err
}

// queue is the running client, or one that only inserts jobs for a
// later server to run.
func (p *Platform) queue() (store.JobClient, error) {
	if p.river != nil {
		return p.river, nil
	}
	return p.db.NewClient(insertOnly())
}

// jobAttempts is how many times a job is tried before River gives up on
// it. A job takes it from the client that inserts it: every client says
// it, the insert-only ones too (River's default is 25, which with its
// backoff is weeks of a failing game being tried again).
const jobAttempts = 3

// insertOnly is the configuration of a client that only inserts jobs.
func insertOnly() *river.Config { return &river.Config{MaxAttempts: jobAttempts} }

// Submit stores a team's upload (a zip, or a single source file named
// filename) and queues its build.
func (p *Platform) Submit(ctx context.Context, team store.Team, filename string, upload []byte) (store.Submission, error) {
	if int64(len(upload)) > build.DefaultLimits.Zip {
		return store.Submission{}, userError{Err: fmt.Errorf("the upload is %d bytes, over the limit of %d", len(upload), build.DefaultLimits.Zip)}
	}
	if !isZip(upload) {
		if err := build.CheckSourceName(filename); err != nil {
			return store.Submission{}, userError{Err: err}
		}
	}
	if filename == "" {
		filename = "upload.zip"
	}
	ev, err := p.Store.Event(ctx, team.EventID)
	if err != nil {
		return store.Submission{}, err
	}
	if err := event.CheckOpen(ev, time.Now()); err != nil {
		return store.Submission{}, userError{Err: err}
	}
	if err := p.CheckNotFrozen(ctx, team.EventID); err != nil {
		return store.Submission{}, err
	}
	q, err := p.queue()
	if err != nil {
		return store.Submission{}, err
	}
	sub, err := p.Store.CreateSubmission(ctx, store.Submission{TeamID: team.ID, Filename: filename})
	if err != nil {
		return sub, err
	}
	if err := os.MkdirAll(filepath.Dir(p.uploadPath(sub.ID)), 0o700); err != nil {
		return sub, err
	}
	if err := os.WriteFile(p.uploadPath(sub.ID), upload, 0o600); err != nil {
		return sub, err
	}
	if err := p.builds.ShareUpload(ctx, sub.ID, upload); err != nil {
		return sub, err
	}
	if _, err := q.Insert(ctx, buildArgs{Submission: sub.ID}, nil); err != nil {
		p.Store.FinishBuild(ctx, sub.ID, store.StatusFailed, "", "the build could not be queued", nil)
		return sub, err
	}
	return sub, nil
}

func (p *Platform) uploadPath(id int64) string { return p.builds.UploadPath(id) }

func (p *Platform) buildDir(id int64) string { return p.builds.BuildDir(id) }

// build runs one submission's build and records its end. It may run again
// for the same submission (a retried job): it starts from the upload each
// time. The error is for the platform's failures (River retries them); a
// team's failed build is recorded and is no error.
func (p *Platform) build(ctx context.Context, id int64) error {
	sub, err := p.Store.Submission(ctx, id)
	if err != nil {
		return err
	}
	if sub.Language == LanguageURL { // an HTTP bot URL: nothing to build
		return p.finishURL(ctx, id)
	}
	team, err := p.Store.Team(ctx, sub.TeamID)
	if err != nil {
		return err
	}
	ev, err := p.Store.Event(ctx, team.EventID)
	if err != nil {
		return err
	}
	if err := p.Store.SetBuildStatus(ctx, id, store.StatusBuilding); err != nil {
		return err
	}
	upload, err := p.builds.ReadUpload(ctx, id)
	if err != nil {
		return err
	}
	dir := p.buildDir(id)
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	// the sandbox's unprivileged identity reaches the tree while it builds,
	// and reads it when the bot plays: a sandbox shows a bot or a build its
	// own tree only, never the data directory
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	defer files.ChmodTree(dir)
	lang, root, err := prepare(ev.Game, sub.Filename, upload, dir)
	if err != nil {
		return p.Store.FinishBuild(ctx, id, store.StatusFailed, lang, err.Error(), []byte(err.Error()+"\n"))
	}
	m, err := build.Detect(ev.Game, root)
	if err == nil && m.Protocol == "http" && !ev.Settings.HTTPBots {
		err = fmt.Errorf("this event takes no HTTP-server bots (the %s kit): submit another kit, or ask the organiser to allow them (--http-bots)", m.Kit)
	}
	if err != nil {
		return p.Store.FinishBuild(ctx, id, store.StatusFailed, lang, err.Error(), []byte(err.Error()+"\n"))
	}
	r, err := build.Run(ctx, root, m, p.buildOptions())
	if err != nil {
		return fmt.Errorf("build %d: %w", id, err)
	}
	status, errLine := store.StatusReady, ""
	if !r.OK {
		status, errLine = store.StatusFailed, "build "+r.Status
	} else if err := build.CheckLinks(root); err != nil {
		status, errLine = store.StatusFailed, err.Error()
		r.Log = append(r.Log, err.Error()+"\n"...)
	}
	if status == store.StatusReady {
		if err := p.builds.ShareBuild(ctx, id); err != nil {
			return err
		}
	}
	// the kit's name (python-http), which says its protocol too
	return p.Store.FinishBuild(ctx, id, status, m.Kit, errLine, r.Log)
}

// prepare puts an upload in dir: a zip unpacked, or a single source file
// in its kit. It returns the language when known and the kit's root.
func prepare(gameName, filename string, upload []byte, dir string) (string, string, error) {
	if isZip(upload) {
		src := filepath.Join(dir, "src")
		if err := os.Mkdir(src, 0o755); err != nil {
			return "", "", err
		}
		if err := build.Unpack(upload, src, build.DefaultLimits); err != nil {
			return "", "", err
		}
		root := build.KitRoot(src)
		return "", root, files.ChmodTree(root)
	}
	lang, err := build.PrepareFile(gameName, filename, upload, dir)
	return lang, dir, err
}

func isZip(b []byte) bool {
	return len(b) >= 4 && string(b[:4]) == "PK\x03\x04"
}

// buildOptions are the builds' options, with the npm cache of the data
// directory when the organiser filled one (arena npm-cache).
func (p *Platform) buildOptions() build.Options {
	o := p.jobs.Build
	if fi, err := os.Stat(filepath.Join(p.Dir, build.NPMCacheDir)); err == nil && fi.IsDir() && o.NPMCache == "" {
		o.NPMCache = filepath.Join(p.Dir, build.NPMCacheDir)
	}
	return o
}
