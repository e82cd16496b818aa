package replay

import (
	"strings"
	"time"

	"github.com/seed27749672/arena/game"
)

// DidNotStart begins the error of a bot that could not be started.
const DidNotStart = "did not start: "

// BuildResult is the result of a match as shown: the referee's outcome
// merged with what the recorded turns show of each bot. A bot of the last
// leg that is gone (its error recorded) is crashed where the referee counted
// it fine, or did-not-start; the time figures add up the recorded replies.
// The match runner builds its result with it, and verification builds it
// again from the re-simulated outcome: a result edited in the file differs.
func BuildResult(out game.Result, players []Player, turns []Turn) *Result {
	res := &Result{Turns: len(turns), Summary: out.Summary}
	leg := 0 // the first turn played by the bots running at the end
	for i, t := range turns {
		if t.Restart {
			leg = i + 1
		}
	}
	for i, p := range players {
		var pr game.PlayerResult
		if i < len(out.Players) {
			pr = out.Players[i]
		}
		if gone, why := goneIn(turns[leg:], i); gone {
			switch {
			case strings.HasPrefix(why, DidNotStart):
				pr.Status, pr.Message = game.DidNotStart, why
			case pr.Status == game.OK || pr.Status == "":
				pr.Status = game.Crashed
			}
			if pr.Message == "" {
				pr.Message = why
			}
		}
		if pr.Status == "" {
			pr.Status = game.OK
		}
		res.Players = append(res.Players, figuresOf(turns, i, PlayerResult{Name: p.Name, PlayerResult: pr}))
	}
	return res
}

// goneIn reports whether seat's bot is gone in turns, and why.
func goneIn(turns []Turn, seat int) (bool, string) {
	for _, t := range turns {
		if seat < len(t.Replies) {
			if r := t.Replies[seat]; r.Status == game.Gone || r.Error != "" {
				return true, r.Error
			}
		}
	}
	return false, ""
}

// figuresOf adds seat's time figures to p: timeouts, and the average and
// longest answer time over the replies timed (answers, and timeouts at
// their limit; a bot that is gone is not timed: its last answer times are
// the real ones), and its CPU time.
func figuresOf(turns []Turn, seat int, p PlayerResult) PlayerResult {
	var n int
	var total, longest, cpu time.Duration
	for _, t := range turns {
		if seat >= len(t.Replies) {
			continue
		}
		r := t.Replies[seat]
		cpu += r.CPU
		switch r.Status {
		case game.Timeout:
			p.Timeouts++
		case game.Answered:
		default:
			continue
		}
		n++
		total += r.Time
		longest = max(longest, r.Time)
	}
	p.MaxMs, p.CPUMs = ms(longest), ms(cpu)
	if n > 0 {
		p.AvgMs = ms(total / time.Duration(n))
	}
	return p
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
