package play

import (
	"context"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/replay"
)

// A team's bot that cannot play sits out casual pairing for a while,
// doubling at each failure from pauseFirst to pauseMax, so that it costs
// the other teams and events nearly nothing: a URL that does not answer
// its probe (urlprobe.go), and a bot that answered no prompt in
// silentLimit matches in a row (it exits at once, crashes on its input,
// or never writes). It still plays the games its event's format needs
// (promotion tests, rounds, finals): the pause is casual pairing's only.
// One that plays again is paired again at once.
//
// The pause is kept in this process and in the store (a file,
// "pause/ID", holding its end): the workers of a platform on many
// machines play the matches, and the server that pairs reads it.

const (
	pauseFirst = time.Minute
	pauseMax   = 16 * time.Minute
)

// silentLimit is how many matches in a row a bot may answer no prompt in
// before it pauses: one could be bad luck (its machine, its first input).
const silentLimit = 2

// pauses is what the Player remembers of the submissions that failed.
type pauses struct {
	mu sync.Mutex
	by map[int64]pauseState // by submission
}

type pauseState struct {
	silent int // matches in a row with no prompt answered
	until  time.Time
	pause  time.Duration
}

// Paused reports whether submission subID sits out casual pairing for
// now, having failed here or on another machine of the platform.
func (p *Player) Paused(ctx context.Context, subID int64) bool {
	now := time.Now()
	if p.pauses.paused(subID, now) {
		return true
	}
	f, err := p.readPause(ctx, subID)
	// none (or unreadable: pairing goes on, a dead bot still fails fast)
	return err == nil && now.Before(f.until)
}

// pauseFile is the store's file holding the end of a submission's pause.
func pauseFile(subID int64) string { return "pause/" + strconv.FormatInt(subID, 10) }

// pause pauses subID's pairing, here and in the store, and returns for
// how long.
func (p *Player) pause(ctx context.Context, subID int64, now time.Time) time.Duration {
	d := p.pauses.failed(subID, now)
	// shared: a lost write only leaves the other machines pairing it
	p.putPause(context.WithoutCancel(ctx), subID, now.Add(d))
	return d
}

// resume forgets subID's failures, here and in the store (where another
// machine may have paused it).
func (p *Player) resume(ctx context.Context, subID int64) {
	ctx = context.WithoutCancel(ctx)
	had := p.pauses.forget(subID)
	if f, err := p.readPause(ctx, subID); had || (err == nil && f.exists) {
		p.putPause(ctx, subID, time.Time{})
	}
}

// played records, for each team seat of a match, whether its bot
// answered a prompt: a bot silent in silentLimit matches in a row pauses.
func (p *Player) played(ctx context.Context, subs []int64, answered []bool) {
	now := time.Now()
	for i, sub := range subs {
		switch {
		case sub == 0 || i >= len(answered):
		case answered[i]:
			p.resume(ctx, sub)
		case p.pauses.silentOnce(sub) >= silentLimit:
			p.pause(ctx, sub, now)
		}
	}
}

// spoke says, by seat, whether the bot gave at least one answer of its
// own: an HTTP bot's transport records a failed request as an answer
// whose line failed (the 2020 server's "inactive" move), which is no
// answer here.
func spoke(rep *replay.Replay) []bool {
	out := make([]bool, len(rep.Players))
	for _, t := range rep.Turns {
		for i, r := range t.Replies {
			if i < len(out) && r.Status == game.Answered && slices.ContainsFunc(r.Lines, func(l game.Line) bool { return !l.Failed }) {
				out[i] = true
			}
		}
	}
	return out
}

func (h *pauses) paused(subID int64, now time.Time) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	d, ok := h.by[subID]
	return ok && now.Before(d.until)
}

// failed records a failure and returns how long the pause is.
func (h *pauses) failed(subID int64, now time.Time) time.Duration {
	h.mu.Lock()
	defer h.mu.Unlock()
	d := h.state(subID)
	d.pause = min(max(2*d.pause, pauseFirst), pauseMax)
	d.until = now.Add(d.pause)
	h.by[subID] = d
	return d.pause
}

// silentOnce counts a match with no prompt answered and returns how many
// in a row.
func (h *pauses) silentOnce(subID int64) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	d := h.state(subID)
	d.silent++
	h.by[subID] = d
	return d.silent
}

func (h *pauses) state(subID int64) pauseState {
	if h.by == nil {
		h.by = map[int64]pauseState{}
	}
	return h.by[subID]
}

// forget forgets subID's failures; it reports whether it had any (a pause
// to lift in the store too).
func (h *pauses) forget(subID int64) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	_, had := h.by[subID]
	delete(h.by, subID)
	return had
}
