package platform

import (
	"context"
	"errors"
	"os"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/store"
)

// The formats' clock: every clockEvery, and whenever a game of a round or
// final ends here, the server that schedules looks at every event whose
// game names a format.Clocked format, and keeps the look's outcome for
// the organiser (failing.go). Also the platform's side of the state
// documents and of the maps the formats' games carry.

// readState decodes an event state document into v; found is false when
// there is none.
func (p *Platform) readState(ctx context.Context, eventID int64, name string, v any) (bool, error) {
	return store.ReadState(ctx, p.Store, eventID, name, v)
}

func (p *Platform) writeState(ctx context.Context, eventID int64, name string, v any) error {
	return store.WriteState(ctx, p.Store, eventID, name, v)
}

// teamsWithBots are an event's teams with a bot the platform can play, in
// the casual leaderboard's order, with their active submissions.
func (p *Platform) teamsWithBots(ctx context.Context, ev store.Event) ([]store.Team, error) {
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return nil, err
	}
	board, err := p.Leaderboard(ctx, ev.ID)
	if err != nil {
		return nil, err
	}
	var out []store.Team
	for _, s := range board {
		if s.Team.Active != 0 && p.playable(ctx, g.Info(), s.Team.Active) {
			out = append(out, s.Team)
		}
	}
	return out, nil
}

// offerMap carries a scheduled match's map in its job (carryMap) when it
// can; a map it cannot read is left to the match, which records why it
// could not be played, as it did before maps travelled: one event's
// missing map file must not stop the scheduling of the others.
func (p *Platform) offerMap(ev store.Event, a *matchArgs) {
	if err := p.carryMap(ev, a); err != nil {
		a.Files = nil
	}
}

// carryMap puts in a job the map its event draws for it: named in its
// options, and when it is a file of the data directory's maps/, carried
// in the job (a worker on another machine has no such folder).
func (p *Platform) carryMap(ev store.Event, a *matchArgs) error {
	name := event.DrawMap(ev.Settings, a.Seed)
	if name == "" {
		return nil
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return err
	}
	v, err := p.ResolveMap(ev.Game, name)
	if err != nil {
		return err
	}
	if v != name { // a file of maps/: its path, read here
		b, err := os.ReadFile(v)
		if err != nil {
			return err
		}
		a.Files = map[string][]byte{v: b}
	}
	a.Options = append(a.Options, event.MapOption(g.Info())+"="+v)
	return nil
}

// SetBotOptions says how the teams' bots run in the rounds and finals a
// command plays on the data directory (the server's come from StartJobs).
func (p *Platform) SetBotOptions(o build.Options) { p.jobs.Build = o }

// clockEvery is how often the clock looks for a round or final due, and
// for the end of a stage played on other machines (a game played here
// wakes it at once).
const clockEvery = 5 * time.Second

// startClock runs the formats' clock until the returned stop is called
// (which cancels a stage being played: it resumes at the next start).
func (p *Platform) startClock(o JobOptions) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(clockEvery)
		defer t.Stop()
		for {
			p.tickFormats(ctx, o, time.Now())
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			case <-p.formatEnded: // a game of a round or final ended here
			}
		}
	}()
	return func() { cancel(); <-done }
}

// tickFormats is one look of the clock at every event whose game has a
// clocked format.
func (p *Platform) tickFormats(ctx context.Context, o JobOptions, now time.Time) {
	if !p.scheduling(ctx) {
		return // another server's clock plays them (workers.go)
	}
	events, err := p.Store.Events(ctx)
	if err != nil {
		return
	}
	for _, ev := range events {
		var err error
		clocked := p.clockedFormats(ev)
		if len(clocked) == 0 {
			continue
		}
		for _, f := range clocked {
			err = errors.Join(err, f.Tick(ctx, host{p}, ev, now))
		}
		if ctx.Err() == nil { // kept for the organiser (failing.go)
			if nerr := p.noteLook(ctx, ev.ID, err, now); nerr != nil && o.Log != nil {
				o.Log.Error("keeping the look's outcome", "event", ev.ID, "err", nerr)
			}
		}
		if err != nil && ctx.Err() == nil && o.Log != nil {
			o.Log.Error("event final or ranked round", "event", ev.ID, "game", ev.Game, "err", err)
		}
	}
}
