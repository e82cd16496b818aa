package play

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/internal/psi"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/files"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// Player plays match jobs here.
type Player struct {
	Events  *event.Events // the events: their options and maps
	Builds  *files.Builds // the teams' build trees
	Replays files.Replays

	// Bots is how the teams' bots run (the builds' sandbox limits, or
	// none with Unsafe); TimeScale multiplies every match's time limits
	// (0: 1). Both are set before matches play (the workers' start, or a
	// command that plays a format's games).
	Bots      build.Options
	TimeScale float64
	// Pressure, when above 0, holds a match back while the machine's CPU
	// pressure (PSI, some avg10, in percent) is above it, for at most
	// PressureWait: starting matches on a machine already short of CPU
	// would starve their bots.
	Pressure float64
	// Watch, when set, follows the matches as they are played (the public
	// page's live games): it may hook into m's OnStart and OnTurn, and
	// returns what to call with the outcome (nil: it does not follow this
	// one).
	Watch func(ev store.Event, a queue.Match, m *match.Match) (done func(*replay.Replay, error))
	// Alone says whether this process alone plays the database's
	// matches now, and which holding of the jobs lock that is
	// (queue.Jobs.Alone; nil: never): it then alone writes the pauses,
	// and keeps what it read and wrote of them (pausestore.go).
	Alone func() (holding uint64, ok bool)
	// run plays a match (nil: tournament.RunFair, which voids and plays
	// again a match decided by a starved timeout)
	run func(context.Context, match.Match) (*replay.Replay, []tournament.Voided, error)

	mu        sync.Mutex
	cores     *coreGate // nil: matches hold no cores
	coreCount int
	pauses    pauses // bots that could not play, out of pairing a while (pause.go)

	stored storedPauses // what it knows of the stored pauses (pausestore.go)
}

// SetCores makes matches hold cores while they play, n at most at once
// (0: the machine's), by the rule of arena tournament
// (tournament.MatchCores).
func (p *Player) SetCores(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.coreCount = tournament.Cores(n)
	p.cores = newCoreGate(int64(p.coreCount))
}

// EnsureCores is SetCores unless cores are set already.
func (p *Player) EnsureCores(n int) {
	if p.CoreCount() == 0 {
		p.SetCores(n)
	}
}

// CoreCount is how many cores matches may hold at once (0: unbounded).
func (p *Player) CoreCount() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.coreCount
}

// PressureWait is the longest a match waits for the machine's CPU
// pressure to fall below Player.Pressure: then it plays all the same (a
// machine busy for good must still play its matches, slowly).
const PressureWait = 5 * time.Second

// waitCalm holds a match back while the machine's CPU pressure is above
// p.Pressure, for at most PressureWait; ctx's end is an error.
func (p *Player) waitCalm(ctx context.Context) error {
	if p.Pressure <= 0 {
		return nil
	}
	wait, cancel := context.WithTimeout(ctx, PressureWait)
	defer cancel()
	if err := psi.WaitCalm(wait, p.Pressure, 250*time.Millisecond); err != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	return nil
}

// HoldCores waits for the cores a match of these bots needs (one per
// process bot, as arena tournament counts them) and returns their
// release; before SetCores, nothing is held.
func (p *Player) HoldCores(ctx context.Context, specs []bot.Spec) (func(), error) {
	return p.holdCores(ctx, specs, false)
}

// holdCores is HoldCores, first ahead of the rated games waiting (a test
// game's: coreGate).
func (p *Player) holdCores(ctx context.Context, specs []bot.Spec, first bool) (func(), error) {
	p.mu.Lock()
	cores, count := p.cores, p.coreCount
	p.mu.Unlock()
	if cores == nil {
		return func() {}, nil
	}
	need := tournament.MatchCores(specs, count)
	if err := cores.Acquire(ctx, need, first); err != nil {
		return nil, err
	}
	return func() { cores.Release(need) }, nil
}

// ErrSuspended is a match job not played because the organiser suspended
// one of its teams after it was queued (event.SuspendTeam): its caller
// drops it, or, for a format's game, tries it again later.
var ErrSuspended = errors.New("a team of the match is suspended by the organiser")

// suspended is ErrSuspended, naming the team, when one of teams is
// suspended.
func (p *Player) suspended(ctx context.Context, teams []int64) (map[int64]store.Team, error) {
	read := map[int64]store.Team{}
	for _, id := range teams {
		if id == 0 {
			continue // a house bot
		}
		t, err := p.Events.Store.Team(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			continue // no such team: the match fails as any job with a bad seat
		}
		if err != nil {
			return nil, err
		}
		if t.Suspended {
			return nil, fmt.Errorf("%w: team %d (%s)", ErrSuspended, t.ID, t.Name)
		}
		read[id] = t
	}
	return read, nil
}

// Play plays one match job and stores its replay; it returns the match's
// record, for the caller to count. A match the arena could not play is a
// record with its error, except for a format's game (Format: it is not
// recorded, its job is tried again) and when ctx ends (the job is tried
// again): those are errors.
func (p *Player) Play(ctx context.Context, a queue.Match) (store.Match, error) {
	rec := store.Match{EventID: a.Event, Key: a.Key, Kind: a.MatchKind, League: a.League, Round: a.Round, Seed: a.Seed, Teams: a.Teams, Submissions: a.Submissions}
	teams, err := p.suspended(ctx, a.Teams)
	if err != nil {
		return rec, err
	}
	ev, err := p.Events.Store.Event(ctx, a.Event)
	if err != nil {
		return rec, err
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return rec, err
	}
	// the seats' teams as suspended just read them: not read again
	m, specs, err := p.matchOf(ctx, g, ev, a, teams)
	switch {
	case err != nil && a.Format:
		return rec, err
	case err != nil:
		rec.Error = err.Error()
		return rec, nil
	}
	p.probeURLs(ctx, g.Info(), ev.Settings, &m, specs, a)
	if err := p.waitCalm(ctx); err != nil {
		return rec, err // stopped while waiting: the job is tried again
	}
	release, err := p.holdCores(ctx, specs, a.First)
	if err != nil {
		return rec, err // stopped while waiting: the job is tried again
	}
	// a match a bot lost to the machine (a starved timeout) is voided and
	// played again with the same seed, a bounded number of times, then
	// unplayable here: recorded with that error, unrated (a format's game
	// is tried again later, as any game the arena failed to play)
	run := p.run
	if run == nil {
		run = tournament.RunFair
	}
	var done func(*replay.Replay, error)
	if p.Watch != nil {
		done = p.Watch(ev, a, &m)
	}
	rep, _, runErr := run(ctx, m)
	release()
	if done != nil {
		done(rep, runErr)
	}
	switch {
	case runErr != nil && (ctx.Err() != nil || a.Format):
		return rec, runErr // stopped, or a format's game: the job is tried again
	case runErr != nil:
		rec.Error = runErr.Error()
		return rec, nil
	}
	Count(&rec, g.Info(), m, rep)
	if !a.Format {
		Judge(&rec, rep)
	}
	p.played(ctx, a.Submissions, spoke(rep))
	// the replay first: a match recorded has its replay
	return rec, p.Replays.Put(a.Key, rep)
}
