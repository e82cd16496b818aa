// Package platform is the competition server's entry: it opens a data
// directory (SQLite) or a shared PostgreSQL database and assembles the
// platform's rooms on it, each one concern (docs/architecture.md draws
// the house):
//
//   - event: events, teams, tokens, settings, the organiser's controls
//   - submission: the teams' uploads and HTTP bot URLs, and their builds
//   - play: a match job played here, its bots sandboxed
//   - matchmaking: the casual scheduler, leagues, ratings, leaderboards
//   - practice: the teams' test games, unrated
//   - stages: the event formats' host, clock and stage games
//   - transfer: results, export and import of an event
//   - worker: River's workers, the schedulers' loops, heartbeats
//   - api: the HTTP API over all of them
//
// A Platform embeds the rooms, so that their methods are its own
// (p.Submit, p.Leaderboard, p.StartJobs...); it adds nothing of its own
// but the opening, the closing and the API's handler.
package platform

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"sync"

	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/files"
	"github.com/seed27749672/arena/platform/local"
	"github.com/seed27749672/arena/platform/matchmaking"
	"github.com/seed27749672/arena/platform/news"
	"github.com/seed27749672/arena/platform/play"
	"github.com/seed27749672/arena/platform/practice"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/stages"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/postgres"
	"github.com/seed27749672/arena/platform/store/sqlite"
	"github.com/seed27749672/arena/platform/submission"
	"github.com/seed27749672/arena/platform/transfer"
	"github.com/seed27749672/arena/platform/worker"
	"github.com/seed27749672/arena/sandbox"
)

// Platform is an open data directory (or database) and its rooms.
type Platform struct {
	*event.Events // its Store and Dir (the data directory) are the platform's
	*submission.Intake
	*matchmaking.Matchmaker
	*stages.Stages
	*transfer.Transfer
	*worker.Pool
	*practice.Practice

	// The rooms' shared parts, named here so that they are the
	// platform's own (each room holds the same).
	Jobs    *queue.Jobs
	Player  *play.Player
	Builds  *files.Builds
	Replays files.Replays
	// News tells the pages that follow an event of its matches recorded
	// and its state documents changed (by this process: its rooms' store
	// is news.Announced; by the others sharing a PostgreSQL database:
	// followed once the process serves pages, Handler), and of its live
	// games (the player's Watch).
	News *news.Hub

	db         database  // the database itself, as its driver opened it
	followOnce sync.Once // Handler starts following the others' changes
	stopFollow func()    // and Close stops it (nil: not following)
	lossesOnce sync.Once // Handler starts telling its pages of lost workers
	stopLosses func()    // and Close stops it
	tempDir    string    // removed by Close
	languages  languages // Languages, probed once
}

// database is what a store driver opens: the store, and the job queue's
// side of its database.
type database interface {
	store.Store
	store.Queue
}

// assemble builds the rooms on an open database.
func assemble(db database, dir string, replays files.Replays, builds *files.Builds) *Platform {
	hub := &news.Hub{}
	ev := &event.Events{Store: news.Announced(db, hub), Dir: dir, OwnFinal: stages.OwnFinal}
	jobs := &queue.Jobs{DB: db, Dir: dir}
	player := &play.Player{Events: ev, Builds: builds, Replays: replays, Alone: jobs.Alone}
	mm := &matchmaking.Matchmaker{Events: ev, Jobs: jobs, Player: player,
		Budget: &files.ReplayBudget{Store: db, Replays: replays}}
	st := stages.New(ev, jobs, mm)
	mm.Formats = st.ScheduleFormats
	in := &submission.Intake{Events: ev, Jobs: jobs, Builds: builds}
	pr := &practice.Practice{Events: ev, Jobs: jobs, Player: player}
	return &Platform{
		Events: ev, Intake: in, Matchmaker: mm, Stages: st,
		Transfer: &transfer.Transfer{Events: ev, Builds: builds, Replays: replays, Matches: mm, Stages: st},
		Pool:     &worker.Pool{Jobs: jobs, Events: ev, Intake: in, Matches: mm, Practice: pr, Stages: st, StageGameEnded: st.GameEnded},
		Practice: pr,
		Jobs:     jobs, Player: player, Builds: builds, Replays: replays, News: hub, db: db,
	}
}

// Open opens (or creates) a data directory.
func Open(ctx context.Context, dir string) (*Platform, error) {
	if dir == "" {
		return nil, errors.New("no data directory given (--data DIR)")
	}
	// absolute once, here: builds run elsewhere (npm's cache, the
	// sandbox's directories), and nothing may read a relative path from
	// another directory
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	// Arena's alone: only the sandboxes pass through it, to the trees
	// they are shown (sandbox.PrivateDir); the database and the uploads
	// are the owner's alone besides.
	if err := sandbox.PrivateDir(dir); err != nil {
		return nil, fmt.Errorf("data directory: %w", err)
	}
	path := filepath.Join(dir, "arena.db")
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		return nil, err
	}
	for _, f := range []string{path, path + "-wal", path + "-shm"} {
		if err := os.Chmod(f, 0o600); err != nil && !errors.Is(err, fs.ErrNotExist) {
			db.Close()
			return nil, err
		}
	}
	if err := sandbox.PrivateDir(filepath.Join(dir, "builds")); err != nil {
		db.Close()
		return nil, err
	}
	return assemble(db, dir, files.DirReplays{Dir: filepath.Join(dir, "replays")}, &files.Builds{Store: db, Dir: dir}), nil
}

// OpenDB opens the platform on a PostgreSQL database (postgres://...)
// that other machines share. dir is this machine's own directory: a cache
// of the uploads and build trees the database holds, and where builds and
// bots run. The store's driver owns all of its SQL, the job queue's
// (River's) tables included.
func OpenDB(ctx context.Context, url, dir string) (*Platform, error) {
	if dir == "" {
		return nil, errors.New("no working directory given")
	}
	dir, err := filepath.Abs(dir) // as Open's
	if err != nil {
		return nil, err
	}
	for _, d := range []string{dir, filepath.Join(dir, "builds")} {
		if err := sandbox.PrivateDir(d); err != nil {
			return nil, fmt.Errorf("working directory: %w", err)
		}
	}
	db, err := postgres.Open(ctx, url)
	if err != nil {
		return nil, err
	}
	return assemble(db, dir, files.StoreReplays{Store: db}, &files.Builds{Store: db, Dir: dir, Shared: db.Shared()}), nil
}

// OpenEither opens a PostgreSQL database when url is set, else the data
// directory dir: what the CLI's --db and --data choose. With a database,
// dir is this process's working directory; without one, a new temporary
// directory is, removed by Close (what it holds is a cache of the
// database's).
func OpenEither(ctx context.Context, dir, url string) (*Platform, error) {
	if url == "" {
		return Open(ctx, dir)
	}
	temp := ""
	if dir == "" {
		var err error
		if temp, err = os.MkdirTemp("", "arena-work-"); err != nil {
			return nil, err
		}
		dir = temp
	}
	p, err := OpenDB(ctx, url, dir)
	if err != nil {
		if temp != "" {
			os.RemoveAll(temp)
		}
		return nil, err
	}
	p.tempDir = temp
	return p, nil
}

// Close closes the database (and removes a temporary working directory:
// OpenEither).
func (p *Platform) Close() error {
	if p.stopFollow != nil {
		p.stopFollow()
	}
	if p.stopLosses != nil {
		p.stopLosses()
	}
	p.Jobs.StopLeading() // its connection goes back to the pool before it closes
	if p.tempDir != "" {
		defer os.RemoveAll(p.tempDir)
	}
	return p.Store.Close()
}

// Handler returns the platform's HTTP API (package api). It checks roles
// itself; the server that mounts it adds the host check, the security
// headers and the refusal of cross-origin requests (web.Server.Platform).
func (p *Platform) Handler(o api.Options) http.Handler {
	p.FollowOthers()
	p.lossesOnce.Do(func() { p.stopLosses = goUntilStopped(func(ctx context.Context) { p.Pool.WatchLosses(ctx, p.News) }) })
	return api.Handler(served{p}, o)
}

// goUntilStopped runs f in a goroutine until the function it returns is
// called, which waits for f to return.
func goUntilStopped(f func(context.Context)) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(ctx)
	}()
	return func() { cancel(); <-done }
}

// FollowOthers passes the changes of the other processes that share the
// database (workers on other machines recording matches, another server
// drawing a round) to this process's News, until Close: what a server
// does for its pages (Handler). A database of one process (SQLite) has
// no others: nothing to follow.
func (p *Platform) FollowOthers() {
	f, ok := p.db.(store.Follower)
	if !ok {
		return
	}
	p.followOnce.Do(func() {
		p.stopFollow = goUntilStopped(func(ctx context.Context) { f.Follow(ctx, p.News.Hear) })
	})
}

// ShowLive shows the games of public events live through show (the
// viewer's server: web.Server.Show), as spectators may see them, while
// this process plays them (api.PublicLive). Games played by workers on
// other machines are not shown live; they appear once recorded.
func (p *Platform) ShowLive(show api.Show) { p.Player.Watch = api.PublicLive(served{p}, show) }

// served is the platform as the API sees it (api.Platform): its store and
// replays as methods, the rest its rooms'.
type served struct{ *Platform }

func (s served) Store() store.Store     { return s.Platform.Store }
func (s served) Replays() files.Replays { return s.Platform.Replays }
func (s served) News() *news.Hub        { return s.Platform.News }

// NewLocal is the organiser's calls on p (which the caller closes).
func NewLocal(p *Platform) local.Local {
	return local.New(p.Events, p.Matchmaker, p.Stages, p.Transfer)
}
