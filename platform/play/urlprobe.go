package play

import (
	"context"
	"fmt"
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
// sits out casual pairing for a while (pause.go): a dead URL costs the
// other teams and events nearly nothing.

// ProbeWait bounds the readiness probe of a team's URL.
const ProbeWait = 3 * time.Second

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
				return // (its pause lifts once it plays: Player.played)
			}
			pause := p.pause(ctx, sub, time.Now())
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
