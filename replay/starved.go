package replay

import (
	"fmt"
	"strconv"
	"time"

	"github.com/seed27749672/arena/game"
)

// Starved is a starved timeout of a match: the turn, the seat and the
// reply.
type Starved struct {
	Turn, Seat int
	Reply      Reply
}

// FirstStarved returns the first starved timeout of the match, if any. A
// match that has one was decided, from that turn on, by the machine: its
// result is not the bots', and a tournament plays it again (same seed).
func (r *Replay) FirstStarved() (Starved, bool) {
	for _, t := range r.Turns {
		for seat, rp := range t.Replies {
			if rp.Starved && rp.Status == game.Timeout {
				return Starved{Turn: t.Turn, Seat: seat, Reply: rp}, true
			}
		}
	}
	return Starved{}, false
}

// firstStarved returns seat's first starved timeout in turns.
func firstStarved(turns []Turn, seat int) (Starved, bool) {
	for _, t := range turns {
		if seat < len(t.Replies) {
			if rp := t.Replies[seat]; rp.Starved && rp.Status == game.Timeout {
				return Starved{Turn: t.Turn, Seat: seat, Reply: rp}, true
			}
		}
	}
	return Starved{}, false
}

// StarvedMessage is the result message of a bot whose timeout was
// starved: what the machine gave it, in the words a player needs.
func StarvedMessage(s Starved) string {
	r := s.Reply
	return fmt.Sprintf("starved on turn %d: the machine gave the bot %s of CPU in %s (limit %s; it was kept waiting %s for a CPU): "+
		"not the bot's fault; run fewer matches at once (--cores) or raise --time-scale",
		s.Turn, Millis(r.CPU), Millis(r.Time+r.Extra+r.Wake), Millis(r.Time), Millis(r.Wait))
}

// Millis writes d in milliseconds, with one decimal below 10 ms.
func Millis(d time.Duration) string {
	ms := float64(d) / float64(time.Millisecond)
	if ms < 10 {
		return strconv.FormatFloat(ms, 'f', 1, 64) + " ms"
	}
	return strconv.FormatFloat(ms, 'f', 0, 64) + " ms"
}

// busyShare is the share of its limit a bot must have been kept waiting
// for a CPU, on the turn it timed out, for its message to say the machine
// was busy.
const busyShare = 10

// NoteBusyTimeouts adds to the message of every player timed out of the
// match (status timeout, its timeout not at start-up: NoteStartupTimeouts
// has its own note) that the machine was busy when the bot was kept
// waiting for a CPU on that turn for a tenth of its limit or more, and
// names --time-scale. The match runner and verification both call it
// after BuildResult.
func NoteBusyTimeouts(res *Result, clock game.Clock, scale float64, turns []Turn) {
	if scale == 0 {
		scale = 1
	}
	for i := range res.Players {
		p := &res.Players[i]
		if p.Status != game.TimedOut {
			continue
		}
		if _, startup := firstTimeoutAtStartup(clock, turns, i); startup {
			continue
		}
		t, r, ok := firstTimeout(turns, i)
		if !ok || r.Wait*busyShare < r.Time {
			continue
		}
		p.Message = withNote(p.Message, fmt.Sprintf("busy machine: on turn %d the bot was kept waiting %s for a CPU; try --time-scale %s",
			t, Millis(r.Wait), strconv.FormatFloat(2*scale, 'g', -1, 64)))
	}
}

// firstTimeout returns seat's first timeout of the last leg of turns.
func firstTimeout(turns []Turn, seat int) (int, Reply, bool) {
	leg := 0
	for i, t := range turns {
		if t.Restart {
			leg = i + 1
		}
	}
	for _, t := range turns[leg:] {
		if seat < len(t.Replies) && t.Replies[seat].Status == game.Timeout {
			return t.Turn, t.Replies[seat], true
		}
	}
	return 0, Reply{}, false
}
