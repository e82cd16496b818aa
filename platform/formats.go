package platform

import (
	"context"
	"sort"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/format"
	_ "github.com/seed27749672/arena/platform/format/all" // the event formats register
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// The platform's side of the event formats (package format): it offers
// them its services as a format.Host, has its scheduler and its clock
// look at the events with them, refuses the final ranking where a format
// has its own, and adds their sections to the results (the API, package
// api, mounts their routes). It never names one.

// host is the platform as a format sees it.
type host struct{ p *Platform }

func (h host) Store() store.Store { return h.p.Store }

func (h host) Playable(ctx context.Context, info game.Info, sub int64) bool {
	return h.p.playable(ctx, info, sub)
}

func (h host) MatchOptions(info game.Info, ev store.Event, seed int64) ([]string, error) {
	return h.p.MatchOptions(info, ev.Options, ev.Settings, event.DrawMap(ev.Settings, seed))
}

func (h host) Queue(ctx context.Context, ev store.Event, job queue.Match) error {
	q, err := h.p.queue()
	if err != nil {
		return err
	}
	h.p.offerMap(ev, &job)
	_, err = q.Insert(ctx, job, nil)
	return err
}

// scheduleFormats is the scheduler's look at an event for every format
// it looks at (format.Scheduled). A format's refusal (a round that cannot
// start) is the organiser's to see in the format's own state, not a
// reason to stop scheduling.
func (p *Platform) scheduleFormats(ctx context.Context, ev store.Event) error {
	for _, f := range format.All() {
		s, ok := f.(format.Scheduled)
		if !ok {
			continue
		}
		if err := s.Schedule(ctx, host{p}, ev, time.Now()); err != nil && !fault.IsUser(err) {
			return err
		}
	}
	return nil
}

// formatSections are the formats' sections of an event's results.
func (p *Platform) formatSections(ctx context.Context, ev store.Event) ([]*format.Section, error) {
	var out []*format.Section
	for _, f := range format.All() {
		secs, err := f.Results(ctx, host{p}, ev)
		if err != nil {
			return nil, err
		}
		out = append(out, secs...)
	}
	return out, nil
}

// FormatHost is the platform as its formats see it, for a command that
// calls a format on an open data directory.
func (p *Platform) FormatHost() format.Host { return host{p} }

func (h host) Recorded(ctx context.Context, eventID int64, kind string) (map[string]store.Match, error) {
	return h.p.recordedGames(ctx, eventID, kind)
}

func (h host) Result(recs map[string]store.Match, key string) (*replay.Result, error) {
	return h.p.recordedResult(recs, key)
}

func (h host) QueueGames(ctx context.Context, games []format.Game) error {
	return h.p.queueGames(ctx, games)
}

func (h host) RunToEnd(ctx context.Context, cores int, plan func() (format.Plan, error)) (*tournament.Outcome, error) {
	return h.p.runFormat(ctx, cores, plan)
}

func (h host) Failing(ctx context.Context, eventID int64) ([]format.FailingGame, *format.LookError, error) {
	failing, err := h.p.FailingGames(ctx, eventID)
	if err != nil {
		return nil, nil, err
	}
	look, err := h.p.LookError(ctx, eventID)
	return failing, look, err
}

func (h host) MatchConfig(info game.Info, ev store.Event, job queue.Match) (game.Config, error) {
	return h.p.matchConfig(info, ev, job)
}

func (h host) PlayWith(bots *build.Options, timeScale float64) {
	if bots != nil {
		h.p.jobs.Build = *bots
	}
	if timeScale != 0 {
		h.p.jobs.TimeScale = timeScale
	}
}

func (h host) ResultsVisible(ctx context.Context, ev store.Event) (bool, error) {
	return h.p.ResultsVisible(ctx, ev)
}

// HiddenKinds are the kinds of match the event's formats keep from its
// teams now (format.Hider).
func (p *Platform) HiddenKinds(ctx context.Context, eventID int64) ([]string, error) {
	ev, err := p.Store.Event(ctx, eventID)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, f := range format.All() {
		if hf, ok := f.(format.Hider); ok {
			kinds, err := hf.Hidden(ctx, host{p}, ev)
			if err != nil {
				return nil, err
			}
			out = append(out, kinds...)
		}
	}
	return out, nil
}

// clockedFormats are the formats of the event's game that the clock
// looks at (format.Clocked).
func (p *Platform) clockedFormats(ev store.Event) []format.Clocked {
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return nil
	}
	var out []format.Clocked
	for _, f := range format.Of(g.Info()) {
		if c, ok := f.(format.Clocked); ok {
			out = append(out, c)
		}
	}
	return out
}

func (h host) TeamsWithBots(ctx context.Context, ev store.Event) ([]store.Team, error) {
	return h.p.teamsWithBots(ctx, ev)
}

func (h host) Ranked(ctx context.Context, eventID int64) ([]store.Team, error) {
	all, err := h.p.allStandings(ctx, eventID)
	if err != nil {
		return nil, err
	}
	// the main order: higher leagues first, then the rating
	sort.SliceStable(all, func(i, j int) bool { return all[i].Team.League > all[j].Team.League })
	out := make([]store.Team, len(all))
	for i, s := range all {
		out[i] = s.Team
	}
	return out, nil
}

func (h host) CarryMap(ev store.Event, job *queue.Match) error { return h.p.carryMap(ev, job) }

func (h host) Cores() int { return h.p.jobs.Cores }

// newEvents are a data directory's events, whose final ranking the
// formats with a final of their own refuse.
func newEvents(st store.Store, dir string) *event.Events {
	return &event.Events{Store: st, Dir: dir, OwnFinal: ownFinal}
}

// ownFinal refuses the final ranking for the events whose format has a
// final of its own (format.OwnFinal): more rated games would not be that
// final.
func ownFinal(ev store.Event) error {
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return nil
	}
	for _, f := range format.Of(g.Info()) {
		if own, ok := f.(format.OwnFinal); ok {
			return own.Refusal(ev)
		}
	}
	return nil
}
