package stages

import (
	"context"
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

// host is the platform as a format sees it.
type host struct{ s *Stages }

func (h host) Store() store.Store { return h.s.Events.Store }

func (h host) Playable(ctx context.Context, info game.Info, sub int64) bool {
	return h.s.Matches.Player.Playable(ctx, info, sub)
}

func (h host) MatchOptions(info game.Info, ev store.Event, seed int64) ([]string, error) {
	return h.s.Events.MatchOptions(info, ev.Options, ev.Settings, event.DrawMap(ev.Settings, seed))
}

func (h host) Queue(ctx context.Context, ev store.Event, job queue.Match) error {
	q, err := h.s.Jobs.Client()
	if err != nil {
		return err
	}
	h.s.Events.OfferMap(ev, &job)
	_, err = q.Insert(ctx, job, nil)
	return err
}

// ScheduleFormats is the scheduler's look at an event for every format
// it looks at (format.Scheduled). A format's refusal (a round that cannot
// start) is the organiser's to see in the format's own state, not a
// reason to stop scheduling.
func (s *Stages) ScheduleFormats(ctx context.Context, ev store.Event) error {
	for _, f := range format.All() {
		sf, ok := f.(format.Scheduled)
		if !ok {
			continue
		}
		if err := sf.Schedule(ctx, host{s}, ev, time.Now()); err != nil && !fault.IsUser(err) {
			return err
		}
	}
	return nil
}

// Sections are the formats' sections of an event's results.
func (s *Stages) Sections(ctx context.Context, ev store.Event) ([]*format.Section, error) {
	var out []*format.Section
	for _, f := range format.All() {
		secs, err := f.Results(ctx, host{s}, ev)
		if err != nil {
			return nil, err
		}
		out = append(out, secs...)
	}
	return out, nil
}

// FormatHost is the platform as its formats see it, for a command that
// calls a format on an open data directory.
func (s *Stages) FormatHost() format.Host { return host{s} }

func (h host) Recorded(ctx context.Context, eventID int64, kind string) (map[string]store.Match, error) {
	return h.s.recordedGames(ctx, eventID, kind)
}

func (h host) Result(recs map[string]store.Match, key string) (*replay.Result, error) {
	return h.s.recordedResult(recs, key)
}

func (h host) QueueGames(ctx context.Context, games []format.Game) error {
	return h.s.queueGames(ctx, games)
}

func (h host) RunToEnd(ctx context.Context, cores int, plan func() (format.Plan, error)) (*tournament.Outcome, error) {
	return h.s.RunFormat(ctx, cores, plan)
}

func (h host) Failing(ctx context.Context, eventID int64) ([]format.FailingGame, *format.LookError, error) {
	failing, err := h.s.FailingGames(ctx, eventID)
	if err != nil {
		return nil, nil, err
	}
	look, err := h.s.LookError(ctx, eventID)
	return failing, look, err
}

func (h host) MatchConfig(info game.Info, ev store.Event, job queue.Match) (game.Config, error) {
	return h.s.Matches.Player.MatchConfig(info, ev, job)
}

func (h host) PlayWith(bots *build.Options, timeScale float64) {
	if bots != nil {
		h.s.Matches.Player.Bots = *bots
	}
	if timeScale != 0 {
		h.s.Matches.Player.TimeScale = timeScale
	}
}

func (h host) ResultsVisible(ctx context.Context, ev store.Event) (bool, error) {
	return h.s.Events.ResultsVisible(ctx, ev)
}

// HiddenKinds are the kinds of match the event's formats keep from its
// teams now (format.Hider).
func (s *Stages) HiddenKinds(ctx context.Context, eventID int64) ([]string, error) {
	ev, err := s.Events.Store.Event(ctx, eventID)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, f := range format.All() {
		if hf, ok := f.(format.Hider); ok {
			kinds, err := hf.Hidden(ctx, host{s}, ev)
			if err != nil {
				return nil, err
			}
			out = append(out, kinds...)
		}
	}
	return out, nil
}

// TeamCopy is the copy of a match's replay its event's teams are served:
// each format's hidden parts taken out (format.Redactor).
func (s *Stages) TeamCopy(ctx context.Context, m store.Match, rep *replay.Replay) (*replay.Replay, error) {
	ev, err := s.Events.Store.Event(ctx, m.EventID)
	if err != nil {
		return nil, err
	}
	for _, f := range format.All() {
		if rf, ok := f.(format.Redactor); ok {
			rep = rf.TeamCopy(ev, m, rep)
		}
	}
	return rep, nil
}

// clockedFormats are the formats of the event's game that the clock
// looks at (format.Clocked).
func (s *Stages) clockedFormats(ev store.Event) []format.Clocked {
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
	return h.s.Matches.TeamsWithBots(ctx, ev)
}

func (h host) Ranked(ctx context.Context, eventID int64) ([]store.Team, error) {
	all, err := h.s.Matches.EventStandings(ctx, eventID) // the overall order: leagues first, then the rating
	if err != nil {
		return nil, err
	}
	out := make([]store.Team, len(all))
	for i, s := range all {
		out[i] = s.Team
	}
	return out, nil
}

func (h host) CarryMap(ev store.Event, job *queue.Match) error { return h.s.Events.CarryMap(ev, job) }

func (h host) Cores() int { return h.s.Cores }
