package platform

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/urlbot"
)

// HTTP bot URLs (Ready AI Code 2020's way, event setting http_bots): a
// team registers the URL of its own server instead of uploading code, and
// the platform calls it each turn with the game's HTTP protocol. The URL
// is a submission of language LanguageURL, ready at once (nothing to
// build); the submission's file name is the URL, as vetted. Package urlbot vets the
// address, at registration and at every connection, against server-side
// request forgery (private addresses only with http_bots_private).

// LanguageURL is the language of a submission that is an HTTP bot URL.
const LanguageURL = "url"

// RegisterURL makes a team's HTTP bot URL its new active submission.
func (p *Platform) RegisterURL(ctx context.Context, team store.Team, raw string) (store.Submission, error) {
	ev, err := p.Store.Event(ctx, team.EventID)
	if err != nil {
		return store.Submission{}, err
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return store.Submission{}, err
	}
	if !ev.Settings.HTTPBots || g.Info().HTTP == nil {
		return store.Submission{}, userError{Err: errors.New("this event takes no HTTP bot URLs (the organiser's setting http_bots): upload your bot's code")}
	}
	if err := event.CheckOpen(ev, time.Now()); err != nil {
		return store.Submission{}, userError{Err: err}
	}
	if err := p.CheckNotFrozen(ctx, ev.ID); err != nil {
		return store.Submission{}, err
	}
	u, err := urlbot.Check(ctx, strings.TrimSpace(raw), ev.Settings.HTTPBotsPrivate)
	if err != nil {
		return store.Submission{}, userError{Err: err}
	}
	sub, err := p.Store.CreateSubmission(ctx, store.Submission{TeamID: team.ID, Filename: u.String(), Language: LanguageURL})
	if err != nil {
		return sub, err
	}
	if err := p.finishURL(ctx, sub.ID); err != nil {
		return sub, err
	}
	return p.Store.Submission(ctx, sub.ID)
}

// finishURL records a URL submission as ready: it has nothing to build.
func (p *Platform) finishURL(ctx context.Context, id int64) error {
	return p.Store.FinishBuild(ctx, id, store.StatusReady, LanguageURL, "",
		[]byte("an HTTP bot URL: nothing to build; the platform calls it each turn\n"))
}

// urlOpener opens a team's HTTP bot: the game's HTTP protocol to its URL,
// every connection vetted for the event.
func urlOpener(info game.Info, s store.Settings, url string) bot.Opener {
	return func() (bot.Bot, error) {
		return &bot.HTTP{Protocol: *info.HTTP, URL: url, Control: urlbot.Control(s.HTTPBotsPrivate)}, nil
	}
}
