package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/submission"
	"github.com/seed27749672/arena/platform/worker"
	"github.com/seed27749672/arena/sandbox"
	"github.com/seed27749672/arena/web"
)

// platformFlags are arena serve's flags for the competition platform.
type platformFlags struct {
	data         string
	db           string // a PostgreSQL URL: the platform on many machines
	unsafe       bool
	workers      int
	teamStorage  int
	buildTimeout time.Duration
	submitEvery  time.Duration
	matches      int
	pressure     float64
	scale        timeScale
	// firstToken is the organiser token made on this first start ("":
	// the data directory had one), printed once by announce.
	firstToken string
}

func (f *platformFlags) add(fl *pflag.FlagSet) {
	fl.StringVar(&f.data, "data", "", "serve the competition platform too, with its data (database, uploads, builds) in this directory: teams join events (arena event create) and submit bots that are built")
	fl.StringVar(&f.db, "db", "", "serve the competition platform on this PostgreSQL database (postgres://user@host/db) shared with the machines that run arena worker: this server schedules the matches, the workers build and play them (--data is then this server's working directory)")
	fl.BoolVar(&f.unsafe, "unsafe-no-sandbox", false, "with --data on a machine that cannot sandbox: build teams' code UNCONTAINED (only for code you trust)")
	fl.IntVar(&f.teamStorage, "team-storage-mib", submission.DefaultTeamStorage>>20, "with --data: MiB of uploads and build trees a team keeps; over it, its oldest submissions' files go first (never the active one's)")
	fl.IntVar(&f.workers, "build-workers", 0, "with --data: builds run at once (0: a quarter of the cores, at least 1)")
	fl.DurationVar(&f.buildTimeout, "build-timeout", 5*time.Minute, "with --data: a build is stopped after this long")
	fl.DurationVar(&f.submitEvery, "submit-every", time.Minute, "with --data: the time a team waits between two submissions")
	f.scale.add(fl)
	fl.Lookup("time-scale").Usage = "with --data: multiply every time limit of the platform's matches by F (first turns included), for a slow or busy machine, as arena worker --time-scale; recorded in their replays"
	fl.Float64Var(&f.pressure, "cpu-pressure", 60, "with --data: hold each match back, a few seconds at most, while the machine's CPU pressure (PSI some avg10, percent) is above this (0: never), so that its bots are not starved")
	fl.IntVar(&f.matches, "casual-matches", runtime.NumCPU(), "with --data: casual matches between the teams' active bots kept queued per event and played continuously (0: none); at once only as many as --cores allow, a core per team bot, as arena tournament plays them")
}

// start opens the data directory, starts the build workers and mounts the
// platform's API in the viewer server; stop undoes it.
func (f *platformFlags) start(cmd *cobra.Command, srv *web.Server, log *slog.Logger) (stop func(), err error) {
	if f.data == "" && f.db == "" {
		if f.unsafe {
			return nil, fmt.Errorf("--unsafe-no-sandbox goes with --data (the platform's builds)")
		}
		return func() {}, nil
	}
	// The viewer lists and serves its replay directory to anyone who
	// reaches the page; the platform's replays hold every team's matches
	// with their bots' error output (arena serve --data . would share them).
	if own := filepath.Join(f.data, "replays"); f.data != "" && sameDir(srv.Replays, own) {
		return nil, fmt.Errorf("--replays %s is the platform's own replays (%s), which the viewer would show to anyone, every team's error output included: give the viewer another directory", srv.Replays, own)
	}
	if f.workers < 0 || f.buildTimeout <= 0 || f.submitEvery <= 0 || f.matches < 0 {
		return nil, fmt.Errorf("--build-timeout and --submit-every must be positive, --build-workers and --casual-matches at least 0")
	}
	if !f.unsafe && f.db == "" { // with --db, the workers build
		if err := sandbox.Ready(); err != nil {
			return nil, fmt.Errorf("the platform builds teams' code only in the sandbox, and %v (see: arena sandbox check; --unsafe-no-sandbox builds uncontained)", err)
		}
	}
	ctx := context.Background()
	p, err := platform.OpenEither(ctx, f.data, f.db)
	if err != nil {
		return nil, err
	}
	if f.firstToken, err = p.FirstOrganiserToken(ctx); err != nil {
		p.Close()
		return nil, err
	}
	role := worker.RoleAll
	if f.db != "" {
		role = worker.RoleServer
	}
	p.ShowLive(srv.Show) // a public event's games, live on its page
	if err := p.StartJobs(ctx, worker.Options{Workers: f.workers, TeamStorage: int64(f.teamStorage) << 20, Log: log, Matches: f.matches, Cores: srv.Cores, Role: role, Pressure: f.pressure, TimeScale: f.scale.factor(),
		Build: build.Options{Timeout: f.buildTimeout, Unsafe: f.unsafe}}); err != nil {
		p.Close()
		return nil, err
	}
	srv.Platform = p.Handler(api.Options{SubmitEvery: f.submitEvery, Log: log})
	if f.db != "" {
		fmt.Fprintf(cmd.OutOrStdout(), "Arena platform: on PostgreSQL, builds and matches by arena worker, API under %s\n", web.PlatformPrefix)
	} else {
		fmt.Fprintf(cmd.OutOrStdout(), "Arena platform: data in %s, API under %s\n", f.data, web.PlatformPrefix)
	}
	if f.unsafe {
		fmt.Fprintln(cmd.ErrOrStderr(), "WARNING: --unsafe-no-sandbox: teams' builds run uncontained on this machine")
	}
	return func() {
		shut, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		p.StopJobs(shut)
		p.Close()
	}, nil
}

// announce prints the organiser's link on the platform's first start (the
// token in it is shown this once), and how to get a new one otherwise.
func (f *platformFlags) announce(out io.Writer, base string) {
	if f.data == "" && f.db == "" {
		return
	}
	if f.firstToken == "" {
		where := "--data " + f.data
		if f.db != "" {
			where = "--db URL" // not the URL: it may hold a password
		}
		fmt.Fprintf(out, "Organiser: open your organiser link (lost it? arena organiser token %s makes a new one)\n", where)
		return
	}
	fmt.Fprintf(out, "Organiser link (shown once, only its hash is kept): %s\n", event.OrganiserLink(base, f.firstToken))
	fmt.Fprintf(out, "Organiser token for the CLI (arena event ... --server %s --token T): %s\n", base, f.firstToken)
}

// sameDir reports whether two paths name the same directory: the same
// file once both exist, else the same absolute path.
func sameDir(a, b string) bool {
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(ia, ib)
	}
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	return errA == nil && errB == nil && absA == absB
}
