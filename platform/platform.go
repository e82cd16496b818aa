// Package platform is the competition server: events, teams that join
// them with an invitation and submit code, the builds of that code, and
// casual matches between the teams' bots with their ratings. It keeps
// everything in a data directory: the database (platform/store), the
// uploads, the build trees and the replays. The HTTP API is in api.go, the
// build jobs in jobs.go, the matches in matches.go.
package platform

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/riverqueue/river/rivertype"
	"golang.org/x/sync/semaphore"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/files"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/sqlite"
)

// Secret prefixes: a token says what it opens.
const (
	invitePrefix = "invite"
	tokenPrefix  = "team"
)

// Platform is an open data directory.
type Platform struct {
	Store store.Store
	Dir   string          // the data directory
	db    store.Queue     // the job queue's side of the store's database
	river store.JobClient // nil until StartJobs
	// count counts the matches this process plays (heartbeats)
	count counters
	// builds are the teams' uploads and build trees
	builds *files.Builds
	// stopHeartbeat stops a worker's heartbeats (nil: none)
	stopHeartbeat func()
	id            string     // a worker's id (workerID)
	tempDir       string     // removed by Close
	lead          store.Lead // the claim to schedule (scheduling)
	leadMu        sync.Mutex // the scheduler and the Blitz clock ask at once
	// observe, when set (benchmarks), is told of each match job played:
	// its row, when it started and when it ended
	observe func(job *rivertype.JobRow, start, end time.Time)
	jobs    JobOptions
	// stopScheduler stops the casual matches' scheduler (nil: none)
	stopScheduler func()
	// matchEnded wakes the scheduler when a match job ends (a place in
	// flight is free), rather than at its next tick
	matchEnded chan struct{}
	// formatEnded wakes the Blitz and Cod'INSA clock when a game of a
	// round or final ends here (its stage may be over), rather than at
	// its next look
	formatEnded chan struct{}
	// stopBlitz stops the Blitz ranked rounds' clock (nil: none)
	stopBlitz func()
	// Replays keeps the matches' replays (DIR/replays by default).
	Replays files.Replays
	// cores are the cores match jobs hold while they play, by the rule
	// of arena tournament (tournament.MatchCores): nil until StartJobs.
	cores     *semaphore.Weighted
	coreCount int
	// decided holds the promotion tests known decided (testKey): they
	// never change, and the scheduler need not read them again (leagues.go)
	decided sync.Map
	// results caches the results of recorded games the formats played as
	// match jobs replay (stages.go): a recorded game never changes
	results sync.Map
	// jobsLock is DIR/jobs.lock while this process runs a SQLite data
	// directory's jobs (restart.go)
	jobsLock *os.File
}

// Open opens (or creates) a data directory.
func Open(ctx context.Context, dir string) (*Platform, error) {
	if dir == "" {
		return nil, errors.New("no data directory given (--data DIR)")
	}
	// Others may pass through the data directory (builds run as the
	// sandbox's unprivileged identity and must reach their tree) but not
	// list it; the database and the uploads are the owner's alone.
	if err := os.MkdirAll(dir, 0o711); err != nil {
		return nil, fmt.Errorf("data directory: %w", err)
	}
	if err := os.Chmod(dir, 0o711); err != nil {
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
	p := &Platform{Store: db, Dir: dir, db: db, Replays: files.DirReplays{Dir: filepath.Join(dir, "replays")},
		builds: &files.Builds{Store: db, Dir: dir}}
	if err := os.MkdirAll(filepath.Join(dir, "builds"), 0o711); err != nil {
		db.Close()
		return nil, err
	}
	return p, nil
}

// Close closes the database (and removes a temporary working directory:
// OpenEither).
func (p *Platform) Close() error {
	p.stopLeading() // its connection goes back to the pool before it closes
	if p.tempDir != "" {
		defer os.RemoveAll(p.tempDir)
	}
	return p.Store.Close()
}

// CreateEvent makes an event for a game with its options (k=v, checked
// against the game's) and the default settings; see CreateEventWith.
func (p *Platform) CreateEvent(ctx context.Context, gameName, name string, opts []string) (store.Event, string, error) {
	return p.CreateEventWith(ctx, gameName, name, opts, store.DefaultSettings())
}

// CreateEventWith makes an event for a game with its options and settings
// (checked against the game: CheckSettings) and returns it with its
// invitation, which is shown this once: only its hash is kept.
func (p *Platform) CreateEventWith(ctx context.Context, gameName, name string, opts []string, s store.Settings) (store.Event, string, error) {
	g, err := game.Lookup(gameName)
	if err != nil {
		return store.Event{}, "", userError{Err: err}
	}
	if _, err := kits.Languages(gameName); err != nil {
		return store.Event{}, "", userError{Err: fmt.Errorf("%s has no starter kits, so teams could not build bots for it", gameName)}
	}
	ev := store.Event{Game: gameName, Name: name}
	if ev, err = p.checkEvent(g, ev, opts, s); err != nil {
		return store.Event{}, "", err
	}
	invite, key, hash := store.NewSecret(invitePrefix)
	ev, err = p.Store.CreateEvent(ctx, ev, key, hash)
	return ev, invite, err
}

// checkEvent checks an event's name, options (k=v) and settings, and
// returns it with them; a refusal is a userError.
func (p *Platform) checkEvent(g game.Game, ev store.Event, opts []string, s store.Settings) (store.Event, error) {
	if err := checkName("event name", ev.Name); err != nil {
		return ev, userError{Err: err}
	}
	options := map[string]string{}
	for _, kv := range opts {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return ev, userError{Err: fmt.Errorf("option %q must be written key=value", kv)}
		}
		if _, dup := options[k]; dup {
			return ev, userError{Err: fmt.Errorf("option %s is given twice", k)}
		}
		options[k] = v
	}
	s, err := p.CheckSettings(g, options, s)
	if err != nil {
		return ev, userError{Err: err}
	}
	ev.Options, ev.Settings = options, s
	return ev, nil
}

// UpdateEvent changes an event's name, options and settings (nil opts
// keeps its options); its game and invitation stay. Matches already
// queued play as they were chosen.
func (p *Platform) UpdateEvent(ctx context.Context, id int64, name string, opts []string, s store.Settings) (store.Event, error) {
	ev, err := p.Store.Event(ctx, id)
	if err != nil {
		return ev, err
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return ev, err
	}
	if opts == nil {
		for k, v := range ev.Options {
			opts = append(opts, k+"="+v)
		}
	}
	ev.Name = name
	if ev, err = p.checkEvent(g, ev, opts, s); err != nil {
		return ev, err
	}
	return ev, p.Store.UpdateEvent(ctx, ev)
}

// checkName accepts a display name: 1 to 64 characters, printable, no
// leading or trailing space.
func checkName(what, s string) error {
	switch {
	case s == "":
		return fmt.Errorf("the %s is empty", what)
	case !utf8.ValidString(s) || utf8.RuneCountInString(s) > 64:
		return fmt.Errorf("the %s must be at most 64 characters of text", what)
	case strings.TrimSpace(s) != s:
		return fmt.Errorf("the %s must not start or end with a space", what)
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return fmt.Errorf("the %s has a control character", what)
		}
	}
	return nil
}

// maxMembers bounds a team's list of members.
const maxMembers = 20

// Join adds a team to the event the invitation opens, with its members'
// display names, and returns the team with its token, shown this once.
func (p *Platform) Join(ctx context.Context, invite, name string, members ...string) (store.Team, string, error) {
	key, hash, err := store.ParseSecret(invitePrefix, invite)
	if err != nil {
		return store.Team{}, "", errBadInvite
	}
	ev, stored, err := p.Store.EventByInvite(ctx, key)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !store.SameHash(hash, stored)) {
		return store.Team{}, "", errBadInvite
	}
	if err != nil {
		return store.Team{}, "", err
	}
	if err := checkName("team name", name); err != nil {
		return store.Team{}, "", userError{Err: err}
	}
	if err := checkMembers(members); err != nil {
		return store.Team{}, "", userError{Err: err}
	}
	token, tkey, thash := store.NewSecret(tokenPrefix)
	t, err := p.Store.CreateTeam(ctx, store.Team{EventID: ev.ID, Name: name, Members: append([]string{}, members...)}, tkey, thash)
	if errors.Is(err, store.ErrConflict) {
		return t, "", userError{Err: fmt.Errorf("the event already has a team named %q: choose another name", name)}
	}
	return t, token, err
}

// checkMembers checks members' display names as team names, at most
// maxMembers, none twice.
func checkMembers(members []string) error {
	if len(members) > maxMembers {
		return fmt.Errorf("a team has at most %d members, not %d", maxMembers, len(members))
	}
	for i, m := range members {
		if err := checkName("member name", m); err != nil {
			return fmt.Errorf("member %d: %w", i+1, err)
		}
		if slices.Contains(members[:i], m) {
			return fmt.Errorf("member %q is named twice", m)
		}
	}
	return nil
}

// userError is a request's fault, said so that the user can fix it (the
// API answers it with 400, not 500).
type userError = fault.UserError

func isUserError(err error) bool { return fault.IsUser(err) }

var errBadInvite = errors.New("this invitation is not valid (ask the organiser for the event's invitation)")

// Authenticate returns the team a token belongs to.
func (p *Platform) Authenticate(ctx context.Context, token string) (store.Team, error) {
	key, hash, err := store.ParseSecret(tokenPrefix, token)
	if err != nil {
		return store.Team{}, store.ErrBadSecret
	}
	t, stored, err := p.Store.TeamByToken(ctx, key)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !store.SameHash(hash, stored)) {
		return store.Team{}, store.ErrBadSecret
	}
	return t, err
}
