package play

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/urlbot"
)

// A team's HTTP bot at a URL is asked whether it is ready before its match
// takes cores, for ProbeWait at most. One that does not answer loses that
// match at once (it did not start) instead of holding the match and its
// cores for the protocol's whole start-up wait (30 s), and its submission
// is left out of pairing for a while, doubling at each failure from
// pauseFirst to pauseMax: a dead URL costs the other teams and events
// nearly nothing. The pause is kept in this process and in the store (a
// file, "url-pause/ID", holding its end): the workers of a platform on
// many machines probe, and the server that pairs reads it.

// ProbeWait bounds the readiness probe of a team's URL.
const ProbeWait = 3 * time.Second

const (
	pauseFirst = time.Minute
	pauseMax   = 16 * time.Minute
)

// urlHealth is what the Player remembers of the team URLs that failed.
type urlHealth struct {
	mu   sync.Mutex
	dead map[int64]deadURL // by submission
}

type deadURL struct {
	until time.Time
	pause time.Duration
	why   string
}

// Paused reports whether submission subID is a team URL left out of
// casual pairing for now, having not answered its last probe, here or on
// another machine of the platform.
func (p *Player) Paused(ctx context.Context, subID int64) bool {
	now := time.Now()
	if p.urls.paused(subID, now) {
		return true
	}
	b, err := p.Events.Store.File(ctx, pauseFile(subID))
	if err != nil {
		return false // none (or unreadable: pairing goes on, the probe still fails fast)
	}
	until, err := time.Parse(time.RFC3339Nano, string(b))
	return err == nil && now.Before(until)
}

// pauseFile is the store's file holding the end of a URL's pause.
func pauseFile(subID int64) string { return "url-pause/" + strconv.FormatInt(subID, 10) }

func (h *urlHealth) paused(subID int64, now time.Time) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	d, ok := h.dead[subID]
	return ok && now.Before(d.until)
}

// failed records a failed probe and returns when its pairing pause ends.
func (h *urlHealth) failed(subID int64, why string, now time.Time) (time.Duration, time.Time) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.dead == nil {
		h.dead = map[int64]deadURL{}
	}
	d := h.dead[subID]
	d.pause = min(max(2*d.pause, pauseFirst), pauseMax)
	d.until, d.why = now.Add(d.pause), why
	h.dead[subID] = d
	return d.pause, d.until
}

// answered forgets a URL's failures.
func (h *urlHealth) answered(subID int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.dead, subID)
}

// probeURLs probes the match's team URLs, all at once; a seat whose URL
// did not answer gets an opener that fails with why.
func (p *Player) probeURLs(ctx context.Context, info game.Info, set store.Settings, m *match.Match, specs []bot.Spec, a queue.Match) {
	var wg sync.WaitGroup
	for i, spec := range specs {
		if spec.Kind != "url" || a.Teams[i] == 0 {
			continue
		}
		wg.Go(func() {
			sub := a.Submissions[i]
			err := probe(ctx, info, set, spec.Target)
			if err == nil {
				p.urls.answered(sub)
				p.Events.Store.DeleteFile(context.WithoutCancel(ctx), pauseFile(sub))
				return
			}
			pause, until := p.urls.failed(sub, err.Error(), time.Now())
			// shared: a lost write only leaves the other machines pairing it
			p.Events.Store.PutFile(context.WithoutCancel(ctx), pauseFile(sub), []byte(until.Format(time.RFC3339Nano)))
			why := fmt.Errorf("its URL was not ready within %v before the match (%v); its matches pause for %v", ProbeWait, err, pause)
			m.Players[i].Open = func() (bot.Bot, error) { return nil, why }
		})
	}
	wg.Wait()
}

// probe asks the bot at url whether it is ready, as the match would, for
// ProbeWait at most.
func probe(ctx context.Context, info game.Info, set store.Settings, url string) error {
	proto := *info.HTTP
	proto.Within = ProbeWait
	h := &bot.HTTP{Protocol: proto, URL: url, Control: urlbot.Control(set.HTTPBotsPrivate)}
	if err := h.Start(ctx); err != nil {
		return err
	}
	h.Close(0)
	return nil
}
