package platform

import (
	"context"
	"time"

	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/store"
)

// scheduleEvent queues an event's matches for one scheduler tick: the
// ranked rounds whose time has come, the promotion tests' games, then the final's games while it runs, or else
// the casual games unless the organiser stopped them. busy is the event's
// casual and final jobs not finished.
//
// The event's start and end bound its uploads and its casual games only:
// outside them the rounds the organiser set, the promotion tests of the
// submissions made before the end and the final ranking still play (the
// organiser starts the final once the end has frozen the submissions).
func (p *Platform) scheduleEvent(ctx context.Context, ev store.Event, inFlight, busy int, promoting map[int64]bool) (int, error) {
	if err := p.scheduleFormats(ctx, ev); err != nil {
		return 0, err
	}
	playable := map[int64]bool{}
	queued, err := p.sweepPromotions(ctx, ev, promoting, playable)
	if err != nil {
		return queued, err
	}
	c, err := p.EventControls(ctx, ev.ID)
	if err != nil {
		return queued, err
	}
	if c.Final == nil && (c.CasualStopped || !ev.Settings.Open(time.Now())) {
		return queued, nil
	}
	var pass *schedulePass // read at the first free place (after the sweep, which may move teams up a league)
	for ; busy < inFlight; busy++ {
		if pass == nil || rereadEachMatch {
			if pass, err = p.newSchedulePass(ctx, ev, playable); err != nil {
				return queued, err
			}
		}
		var a matchArgs
		var ok bool
		switch {
		case c.Final != nil:
			f, took, err := p.TakeFinalGame(ctx, ev.ID)
			if err != nil || !took {
				return queued, err
			}
			if a, ok, err = p.nextMatch(ctx, ev, f, pass); err != nil || !ok {
				p.GiveBackFinalGame(ctx, ev.ID)
				return queued, err
			}
		default:
			if a, ok, err = p.nextMatch(ctx, ev, nil, pass); err != nil || !ok {
				return queued, err
			}
		}
		if _, err := p.river.Insert(ctx, a, nil); err != nil {
			if c.Final != nil {
				p.GiveBackFinalGame(ctx, ev.ID)
			}
			return queued, err
		}
		queued++
	}
	return queued, nil
}

// The organiser's documents (package event, apitypes), by their platform
// names.
type (
	Controls = apitypes.Controls
	Final    = apitypes.Final
)

// ErrFrozen is a submission refused because the organiser froze them.
var ErrFrozen = event.ErrFrozen

// Pages of the platform's web interface that the server's links open.
const (
	OrganiserPage = event.OrganiserPage
	JoinPage      = event.JoinPage
)

// OrganiserLink is the link that opens the organiser's page with token.
func OrganiserLink(base, token string) string { return event.OrganiserLink(base, token) }

// InviteLink is the link that opens an event's join page.
func InviteLink(base, invite string) string { return event.InviteLink(base, invite) }
