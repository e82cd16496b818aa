package submission

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/urlbot"
)

// HTTP bot URLs (Ready AI Code 2020's way, event setting http_bots): a
// team registers the URL of its own server instead of uploading code, and
// the platform calls it each turn with the game's HTTP protocol. The URL
// is a submission of language store.LanguageURL, ready at once (nothing to
// build); the submission's file name is the URL, as vetted. Package urlbot vets the
// address, at registration and at every connection, against server-side
// request forgery (private addresses only with http_bots_private).

// RegisterURL makes a team's HTTP bot URL its new active submission.
func (in *Intake) RegisterURL(ctx context.Context, team store.Team, raw string) (store.Submission, error) {
	ev, err := in.Events.Store.Event(ctx, team.EventID)
	if err != nil {
		return store.Submission{}, err
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return store.Submission{}, err
	}
	if !ev.Settings.HTTPBots || g.Info().HTTP == nil {
		return store.Submission{}, fault.UserError{Err: errors.New("this event takes no HTTP bot URLs (the organiser's setting http_bots): upload your bot's code")}
	}
	if err := event.CheckOpen(ev, time.Now()); err != nil {
		return store.Submission{}, fault.UserError{Err: err}
	}
	if err := in.Events.CheckNotFrozen(ctx, ev.ID); err != nil {
		return store.Submission{}, err
	}
	if err := event.Suspended(team); err != nil {
		return store.Submission{}, err
	}
	u, err := urlbot.Check(ctx, strings.TrimSpace(raw), ev.Settings.HTTPBotsPrivate)
	if err != nil {
		return store.Submission{}, fault.UserError{Err: err}
	}
	sub, err := in.Events.Store.CreateSubmission(ctx, store.Submission{TeamID: team.ID, Filename: u.String(), Language: store.LanguageURL})
	if err != nil {
		return sub, err
	}
	if err := in.finishURL(ctx, sub.ID); err != nil {
		return sub, err
	}
	return in.Events.Store.Submission(ctx, sub.ID)
}

// finishURL records a URL submission as ready: it has nothing to build.
func (in *Intake) finishURL(ctx context.Context, id int64) error {
	return in.Events.Store.FinishBuild(ctx, id, store.StatusReady, store.LanguageURL, "",
		[]byte("an HTTP bot URL: nothing to build; the platform calls it each turn\n"))
}
